//! How a live test holds an observed moment against a predicted interval, said once.
//!
//! - **Anchors.** A prediction starts from a moment: a member stops answering, answers
//!   again, a taint lands. The test plans that moment, but the plane reaches it later
//!   (a kube-apiserver restarted at T answers its `/readyz` 4 to 5 s after), and the
//!   test knows only a window it lies in (a killed process stops listening between the
//!   signal and its reaping; a member answers again between the last `/readyz` that
//!   failed and the first that did). An [`Anchor`] records the plan and that window,
//!   and a predicted interval widens by it: its earliest moves by the window's start,
//!   its latest by the window's end; every check prints both.
//! - **Windows.** What a test sees is a window, never an instant: a poll sees a change
//!   that happened since the poll before ([`Window::polled`]); a whole-second stamp
//!   (`lastTransitionTime`, `timeAdded`, `creationTimestamp`) stands for the second it
//!   truncates ([`Window::stamp`]); a watch event is received up to [`WATCH_DELAY`]
//!   after the write. A check passes when the window and the predicted interval meet.
//! - **The controllers' own lag.** Between an event and a controller's first action on
//!   it lie its watch and its queue's first tick, which no prediction models: up to
//!   [`CONTROLLER_REACTION`] on this machine, allowed after the interval only.

use jiff::{SignedDuration, Timestamp};

/// The resolution of the API's whole-second stamps.
pub const STAMP_RESOLUTION: SignedDuration = SignedDuration::from_secs(1);
/// How long after a write a watch on loopback delivers it, at most.
pub const WATCH_DELAY: SignedDuration = SignedDuration::from_millis(500);
/// How long a controller takes from an event to its first action on it, at most (its
/// informer, its queue's first tick): no part of any prediction.
pub const CONTROLLER_REACTION: SignedDuration = SignedDuration::from_secs(3);

/// A moment the test planned, and the window in which the plane reached it.
#[derive(Clone, Copy, Debug)]
pub struct Anchor {
    pub planned: Timestamp,
    pub reached: Window,
}

impl Anchor {
    pub fn new(planned: Timestamp, reached: Window) -> Anchor {
        Anchor { planned, reached }
    }

    /// How much later than planned the plane got there: at least, at most.
    pub fn shift(&self) -> (SignedDuration, SignedDuration) {
        (
            self.reached.after.duration_since(self.planned),
            self.reached.by.duration_since(self.planned),
        )
    }

    /// A predicted interval, moved by the shift (widened by its window).
    pub fn apply(&self, (earliest, latest): (Timestamp, Timestamp)) -> (Timestamp, Timestamp) {
        let (least, most) = self.shift();
        (earliest + least, latest + most)
    }
}

/// When something was seen: not before `after`, not after `by`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub after: Timestamp,
    pub by: Timestamp,
}

impl Window {
    /// Between two moments the test took.
    pub fn between(after: Timestamp, by: Timestamp) -> Window {
        Window { after, by }
    }

    /// Seen by a poll at `now`, not by the one before at `previous`.
    pub fn polled(previous: Timestamp, now: Timestamp) -> Window {
        Window {
            after: previous,
            by: now,
        }
    }

    /// A whole-second stamp: the moment lies in the second it names.
    pub fn stamp(stamp: Timestamp) -> Window {
        Window {
            after: stamp,
            by: stamp + STAMP_RESOLUTION,
        }
    }

    /// A watch event received at `received`.
    pub fn watched(received: Timestamp) -> Window {
        Window {
            after: received - WATCH_DELAY,
            by: received,
        }
    }

    /// Whether the window and `[earliest, latest]` meet.
    pub fn meets(&self, (earliest, latest): (Timestamp, Timestamp)) -> bool {
        self.after <= latest && earliest <= self.by
    }

    /// Whether the window meets `[earliest, latest + CONTROLLER_REACTION]`: a
    /// controller's action on an event the interval predicts.
    pub fn meets_reaction(&self, (earliest, latest): (Timestamp, Timestamp)) -> bool {
        self.meets((earliest, latest + CONTROLLER_REACTION))
    }
}

/// How much the cadence of a queue's real evictions strays from the predicted one, per
/// eviction (goroutines woken by timers on a busy 2-core machine), in seconds.
pub const CADENCE_JITTER: f64 = 1.0;

/// Whether a watch event received `seen` seconds after `anchor.by` (the write that
/// starts the prediction, known to lie within `anchor`) is an action the controller
/// took at a moment predicted in `[earliest, latest]` seconds after that write.
pub fn seconds_meet(seen: f64, (earliest, latest): (f64, f64), anchor: Window) -> bool {
    let width = anchor.by.duration_since(anchor.after).as_secs_f64();
    let window = (seen - WATCH_DELAY.as_secs_f64(), seen + width);
    window.0 <= latest + CONTROLLER_REACTION.as_secs_f64() && earliest <= window.1
}

/// The lag of a controller's first action after a write within `anchor`, seen by a
/// watch: its allowed range, in seconds after `anchor.by`.
pub fn reaction_range(anchor: Window) -> std::ops::RangeInclusive<f64> {
    let width = anchor.by.duration_since(anchor.after).as_secs_f64();
    -width..=(CONTROLLER_REACTION + WATCH_DELAY).as_secs_f64()
}

fn offset(t: Timestamp, from: Timestamp) -> f64 {
    t.duration_since(from).as_secs_f64()
}

/// Print and assert that `seen` meets the predicted interval `predicted`, moved by
/// `anchor`; offsets are from `from`.
pub fn assert_meets(
    what: &str,
    seen: Window,
    predicted: (Timestamp, Timestamp),
    anchor: &Anchor,
    from: Timestamp,
) {
    let shifted = anchor.apply(predicted);
    let (least, most) = anchor.shift();
    let line = format!(
        "{what}: observed +{:.1}s .. +{:.1}s, predicted +{:.1}s .. +{:.1}s (anchor: planned +{:.1}s, reached +{:.1}s .. +{:.1}s, shift {:+.1}s .. {:+.1}s)",
        offset(seen.after, from),
        offset(seen.by, from),
        offset(shifted.0, from),
        offset(shifted.1, from),
        offset(anchor.planned, from),
        offset(anchor.reached.after, from),
        offset(anchor.reached.by, from),
        least.as_secs_f64(),
        most.as_secs_f64(),
    );
    eprintln!("{line}");
    assert!(seen.meets(shifted), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn windows_meet_intervals_at_their_edges() {
        let i = (t("2026-01-01T00:00:10Z"), t("2026-01-01T00:00:20Z"));
        // A stamp of 00:00:09 stands for 9.0 .. 10.0 s: it meets an interval from 10 s.
        assert!(Window::stamp(t("2026-01-01T00:00:09Z")).meets(i));
        assert!(!Window::stamp(t("2026-01-01T00:00:08Z")).meets(i));
        assert!(!Window::stamp(t("2026-01-01T00:00:21Z")).meets(i));
        let polled = Window::polled(t("2026-01-01T00:00:20.1Z"), t("2026-01-01T00:00:20.3Z"));
        assert!(!polled.meets(i));
        assert!(polled.meets_reaction(i));
        let anchor = Anchor::new(
            t("2026-01-01T00:00:00Z"),
            Window::between(t("2026-01-01T00:00:04Z"), t("2026-01-01T00:00:05Z")),
        );
        assert_eq!(
            anchor.apply(i),
            (t("2026-01-01T00:00:14Z"), t("2026-01-01T00:00:25Z"))
        );
    }
}
