//! Scales: seconds from a moment to x, with ticks at round durations; a quantity to a
//! length.

use jiff::Timestamp;

/// Time from `origin` to x: `left` at the origin, `left + width` at `origin + span`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeScale {
    pub origin: Timestamp,
    /// Seconds shown (at least 1).
    pub span: f64,
    pub left: f64,
    pub width: f64,
}

/// Round tick steps, in seconds.
const STEPS: &[i64] = &[
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    172800, 604800,
];

impl TimeScale {
    /// A scale from `origin` to `end` (a minute when they are closer), padded by a
    /// twentieth on the right so the last mark is not on the edge.
    pub fn new(origin: Timestamp, end: Timestamp, left: f64, width: f64) -> TimeScale {
        let secs = seconds(origin, end).max(60.0);
        TimeScale {
            origin,
            span: secs * 1.05,
            left,
            width,
        }
    }

    /// Seconds after the origin of `t` (negative before).
    pub fn secs(&self, t: Timestamp) -> f64 {
        seconds(self.origin, t)
    }

    /// The x of `t`, clamped to the plot.
    pub fn x(&self, t: Timestamp) -> f64 {
        self.x_secs(self.secs(t))
    }

    /// The x of `s` seconds after the origin, clamped to the plot.
    pub fn x_secs(&self, s: f64) -> f64 {
        let f = (s / self.span).clamp(0.0, 1.0);
        self.left + f * self.width
    }

    /// The right edge.
    pub fn right(&self) -> f64 {
        self.left + self.width
    }

    /// Ticks: seconds after the origin, at a round step giving at most `max` of them.
    pub fn ticks(&self, max: usize) -> Vec<i64> {
        let max = max.max(2) as f64;
        let step = STEPS
            .iter()
            .copied()
            .find(|s| self.span / (*s as f64) <= max)
            .unwrap_or(*STEPS.last().unwrap_or(&86400));
        (0..)
            .map(|i| i * step)
            .take_while(|s| (*s as f64) <= self.span)
            .collect()
    }
}

/// Seconds from `a` to `b`, to the millisecond.
pub fn seconds(a: Timestamp, b: Timestamp) -> f64 {
    let d = b.duration_since(a);
    d.as_millis() as f64 / 1000.0
}

/// `+1h30m`, `+45s`, `0` (a tick's or a moment's offset).
pub fn offset(secs: i64) -> String {
    if secs == 0 {
        return "0".into();
    }
    let sign = if secs < 0 { "-" } else { "+" };
    format!("{sign}{}", span(secs.unsigned_abs()))
}

/// `1d2h`, `1h30m`, `5m10s`, `45s`.
pub fn span(secs: u64) -> String {
    let (d, h, m, s) = (secs / 86400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let mut out = String::new();
    for (v, u) in [(d, "d"), (h, "h"), (m, "m"), (s, "s")] {
        if v > 0 {
            out.push_str(&format!("{v}{u}"));
        }
    }
    if out.is_empty() {
        out.push_str("0s");
    }
    out
}

/// A quantity from 0 to `max` over `width` units.
pub fn length(value: f64, max: f64, width: f64) -> f64 {
    if max <= 0.0 {
        0.0
    } else {
        (value / max).clamp(0.0, 1.0) * width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn ticks_are_round() {
        let sc = TimeScale::new(
            ts("2026-01-01T00:00:00Z"),
            ts("2026-01-01T00:20:00Z"),
            100.0,
            800.0,
        );
        assert_eq!(sc.ticks(10)[..3], [0, 300, 600]);
        assert_eq!(sc.x(ts("2026-01-01T00:00:00Z")), 100.0);
        assert!(sc.x(ts("2026-01-01T00:20:00Z")) < 900.0);
        assert_eq!(sc.x(ts("2025-01-01T00:00:00Z")), 100.0);
    }

    #[test]
    fn offsets_read_like_the_text_reports() {
        assert_eq!(offset(0), "0");
        assert_eq!(offset(90), "+1m30s");
        assert_eq!(offset(-3600), "-1h");
        assert_eq!(span(90061), "1d1h1m1s");
    }
}
