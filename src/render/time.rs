//! Times as reports print them: clock times relative to a reference day, and offsets.

use jiff::fmt::friendly::{Designator, Spacing, SpanPrinter};
use jiff::{SignedDuration, Timestamp};

/// An instant as report headers print it: RFC 3339 in UTC, whole seconds
/// (`2026-11-22T12:00:00Z`), whatever precision the clock or a snapshot gave.
pub fn instant(t: Timestamp) -> String {
    Timestamp::from_second(t.as_second())
        .unwrap_or(t)
        .to_string()
}

/// Clock time (UTC), with the date when it is not the reference day.
pub fn clock(t: Timestamp, reference: Timestamp) -> String {
    if t.strftime("%Y-%m-%d").to_string() == reference.strftime("%Y-%m-%d").to_string() {
        t.strftime("%H:%M:%S").to_string()
    } else {
        t.strftime("%Y-%m-%d %H:%M:%S").to_string()
    }
}

/// `+5m`, `+1h2m3s`, `now` (whole seconds after `reference`).
pub fn offset(t: Timestamp, reference: Timestamp) -> String {
    let secs = t.as_second() - reference.as_second();
    if secs <= 0 {
        return "now".into();
    }
    let printer = SpanPrinter::new()
        .designator(Designator::Compact)
        .spacing(Spacing::None);
    format!(
        "+{}",
        printer.duration_to_string(&SignedDuration::from_secs(secs))
    )
}

/// `5m ago`, `1h2m3s ago`, `now` (whole seconds before `reference`).
pub fn ago(t: Timestamp, reference: Timestamp) -> String {
    let secs = reference.as_second() - t.as_second();
    if secs <= 0 {
        return "now".into();
    }
    let printer = SpanPrinter::new()
        .designator(Designator::Compact)
        .spacing(Spacing::None);
    format!(
        "{} ago",
        printer.duration_to_string(&SignedDuration::from_secs(secs))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn instants_print_whole_seconds() {
        assert_eq!(
            instant(ts("2026-11-25T02:20:06.803213453Z")),
            "2026-11-25T02:20:06Z"
        );
        assert_eq!(instant(ts("2026-11-22T12:00:00Z")), "2026-11-22T12:00:00Z");
    }

    #[test]
    fn clock_shows_the_date_only_on_another_day() {
        let now = ts("2026-11-22T12:00:00Z");
        assert_eq!(clock(ts("2026-11-22T12:05:02Z"), now), "12:05:02");
        assert_eq!(
            clock(ts("2026-11-23T00:00:01Z"), now),
            "2026-11-23 00:00:01"
        );
    }

    #[test]
    fn offsets_are_compact() {
        let now = ts("2026-11-22T12:00:00Z");
        assert_eq!(offset(now, now), "now");
        assert_eq!(offset(ts("2026-11-22T11:00:00Z"), now), "now");
        assert_eq!(offset(ts("2026-11-22T12:05:00Z"), now), "+5m");
        assert_eq!(offset(ts("2026-11-22T12:05:02Z"), now), "+5m2s");
        assert_eq!(offset(ts("2026-11-22T13:02:03Z"), now), "+1h2m3s");
        assert_eq!(offset(ts("2026-11-22T12:00:07Z"), now), "+7s");
        assert_eq!(offset(ts("2026-11-25T12:00:00Z"), now), "+72h");
    }

    #[test]
    fn past_times_read_as_ago() {
        let now = ts("2026-11-22T12:00:00Z");
        assert_eq!(ago(now, now), "now");
        assert_eq!(ago(ts("2026-11-22T12:00:05Z"), now), "now");
        assert_eq!(ago(ts("2026-11-22T11:55:00Z"), now), "5m ago");
        assert_eq!(ago(ts("2026-11-22T10:57:57Z"), now), "1h2m3s ago");
    }
}
