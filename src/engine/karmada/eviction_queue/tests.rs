//! Upstream's queues (`workers.rs`).

use super::limiter::{paced_starts, LimiterOptions};
use super::*;
use crate::engine::vocabulary::settings::QueueSettings;
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::fleet::BindingKind::{ClusterResourceBinding as Crb, ResourceBinding as Rb};
use proptest::prelude::*;

const T0: &str = "2026-11-22T12:00:00Z";

fn t0() -> Timestamp {
    T0.parse().unwrap()
}

fn at(secs: f64) -> Timestamp {
    to_ts(t0().as_nanosecond() + (secs * 1e9) as i128)
}

fn item(name: &str, kind: BindingKind, due: Option<f64>) -> QueueItem {
    QueueItem {
        binding: name.into(),
        cluster: "c0".into(),
        kind,
        due: due.map(at),
        unreadable: false,
    }
}

fn fault(recovered: Option<f64>) -> Vec<ClusterFault> {
    vec![ClusterFault {
        cluster: "c0".into(),
        since: t0(),
        recovered_at: recovered.map(at),
    }]
}

fn run(items: &[QueueItem], faults: &[ClusterFault], settings: &QueueSettings) -> QueueTimeline {
    simulate(items, faults, 10, t0(), settings, KarmadaVersion::default())
}

/// `run` with upstream's default settings, as Karmada `version` runs the queues.
fn run_at(items: &[QueueItem], faults: &[ClusterFault], version: &str) -> QueueTimeline {
    simulate(
        items,
        faults,
        10,
        t0(),
        &QueueSettings::default(),
        version.parse().unwrap(),
    )
}

/// Seconds after T0 at which each item was evicted (`None`: not evicted).
fn evicted(t: &QueueTimeline) -> Vec<Option<f64>> {
    t.items
        .iter()
        .map(|i| match &i.outcome {
            ItemOutcome::Evicted { at } => {
                Some((at.as_nanosecond() - t0().as_nanosecond()) as f64 / 1e9)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn each_queue_evicts_three_at_once_then_three_every_two_seconds() {
    let mut items: Vec<QueueItem> = (0..10)
        .map(|i| item(&format!("rb{i}"), Rb, Some(0.0)))
        .collect();
    items.extend((0..4).map(|i| item(&format!("crb{i}"), Crb, Some(0.0))));
    let t = run(&items, &fault(None), &QueueSettings::default());
    let got = evicted(&t);
    let rbs: Vec<f64> = got[..10].iter().map(|t| t.unwrap()).collect();
    assert_eq!(rbs, [0.0, 0.0, 0.0, 2.0, 2.0, 2.0, 4.0, 4.0, 4.0, 6.0]);
    let crbs: Vec<f64> = got[10..].iter().map(|t| t.unwrap()).collect();
    assert_eq!(crbs, [0.0, 0.0, 0.0, 2.0]);
    assert_eq!(t.summary.evicted, 14);
    assert_eq!(t.rates[0].reason.code, "queue-paced");
}

#[test]
fn bindings_tolerated_for_a_while_leave_when_due_and_before_the_fix_take_a_slot_now() {
    let items = vec![
        item("a", Rb, Some(300.0)),
        item("b", Rb, Some(300.0)),
        item("c", Rb, Some(300.0)),
        item("d", Rb, Some(0.0)),
    ];
    // Fixed: they are queued when due, and the untolerated one goes at once.
    let t = run(&items, &fault(None), &QueueSettings::default());
    assert_eq!(
        evicted(&t),
        [Some(300.0), Some(300.0), Some(300.0), Some(0.0)]
    );
    // v1.17.4: the three take the first three slots; the untolerated one waits for the
    // first pause to end.
    let t = run_at(&items, &fault(None), "v1.17.4");
    assert_eq!(
        evicted(&t),
        [Some(300.0), Some(300.0), Some(300.0), Some(2.0)]
    );
}

/// Seconds after T0 of each item's interval, when it has one.
fn spans(t: &QueueTimeline) -> Vec<Option<(f64, f64)>> {
    let secs = |x: Timestamp| (x.as_nanosecond() - t0().as_nanosecond()) as f64 / 1e9;
    t.items
        .iter()
        .map(|i| i.between.map(|b| (secs(b.earliest), secs(b.latest))))
        .collect()
}

#[test]
fn before_the_fix_bindings_tolerated_forever_take_slots_at_every_relist() {
    // Six tolerated forever, then one untolerated: at 0 and 2 s the six take the slots,
    // the untolerated one is evicted at 4 s (in input order; any order: 0 to 4 s).
    let mut items: Vec<QueueItem> = (0..6).map(|i| item(&format!("f{i}"), Rb, None)).collect();
    items.push(item("u", Rb, Some(0.0)));
    for bug in ["v1.16.7", "v1.17.4", "v1.18.1"] {
        let t = run_at(&items, &fault(None), bug);
        assert_eq!(evicted(&t)[6], Some(4.0), "{bug}");
        assert_eq!(spans(&t)[6], Some((0.0, 4.0)), "{bug}");
        assert_eq!(t.items[0].outcome, ItemOutcome::NotEvicted);
    }
    // Ninety tolerated forever fill every slot of a 10 s period: a binding due later
    // waits behind each re-list's pile.
    let mut items: Vec<QueueItem> = (0..90).map(|i| item(&format!("f{i}"), Rb, None)).collect();
    items.push(item("late", Rb, Some(100.0)));
    let t = run_at(&items, &fault(None), "v1.17.4");
    let late = evicted(&t)[90].unwrap();
    assert!(late > 100.0, "{late}");
}

#[test]
fn after_the_fix_tolerated_bindings_take_no_slots() {
    let mut items: Vec<QueueItem> = (0..6).map(|i| item(&format!("f{i}"), Rb, None)).collect();
    items.push(item("u", Rb, Some(0.0)));
    for fixed in ["v1.16.8", "v1.17.5", "v1.18.2", "v1.19.0-rc.0", "master"] {
        let t = run_at(&items, &fault(None), fixed);
        assert_eq!(evicted(&t)[6], Some(0.0), "{fixed}");
        assert_eq!(spans(&t)[6], None, "{fixed}");
    }
    let mut items: Vec<QueueItem> = (0..90).map(|i| item(&format!("f{i}"), Rb, None)).collect();
    items.push(item("late", Rb, Some(100.0)));
    let t = run_at(&items, &fault(None), "v1.17.5");
    assert_eq!(evicted(&t)[90], Some(100.0));
}

#[test]
fn bindings_listed_together_leave_in_any_order() {
    // Four due at once: 0, 0, 0, 2 s in input order; each could be the one at 2 s.
    let items: Vec<QueueItem> = (0..4)
        .map(|i| item(&format!("u{i}"), Rb, Some(0.0)))
        .collect();
    let t = run_at(&items, &fault(None), "master");
    assert_eq!(evicted(&t), [Some(0.0), Some(0.0), Some(0.0), Some(2.0)]);
    assert!(spans(&t).iter().all(|s| *s == Some((0.0, 2.0))));
}

#[test]
fn v1_15_evicts_everything_due_at_once() {
    let mut items: Vec<QueueItem> = (0..10)
        .map(|i| item(&format!("u{i}"), Rb, Some(0.0)))
        .collect();
    items.extend((0..20).map(|i| item(&format!("f{i}"), Rb, None)));
    items.push(item("later", Rb, Some(30.0)));
    let t = run_at(&items, &fault(None), "v1.15.9");
    let e = evicted(&t);
    assert!(e[..10].iter().all(|x| *x == Some(0.0)), "{e:?}");
    assert_eq!(e[30], Some(30.0));
    // From v1.16 the same fleet is paced.
    let t = run_at(&items, &fault(None), "v1.16.0");
    assert_eq!(evicted(&t)[9], Some(6.0));
}

#[test]
fn unreadable_bindings_are_retried_without_pausing_and_never_evicted() {
    let mut items = vec![QueueItem {
        unreadable: true,
        ..item("broken", Rb, None)
    }];
    items.extend((0..3).map(|i| item(&format!("u{i}"), Rb, Some(0.0))));
    let t = run(&items, &fault(None), &QueueSettings::default());
    assert_eq!(evicted(&t), [None, Some(0.0), Some(0.0), Some(0.0)]);
}

#[test]
fn a_recovery_drops_what_is_not_evicted_yet() {
    let items: Vec<QueueItem> = (0..7)
        .map(|i| item(&format!("rb{i}"), Rb, Some(0.0)))
        .collect();
    let t = run(&items, &fault(Some(3.0)), &QueueSettings::default());
    assert_eq!(t.summary.evicted, 6);
    assert_eq!(t.summary.dropped, 1);
    assert!(matches!(
        &t.items[6].outcome,
        ItemOutcome::Dropped { reason, .. } if reason.code == "queue-cluster-recovered"
    ));
}

#[test]
fn a_zero_rate_pauses_half_an_hour_and_stops_nothing() {
    let items: Vec<QueueItem> = (0..4)
        .map(|i| item(&format!("rb{i}"), Rb, Some(0.0)))
        .collect();
    let settings = QueueSettings {
        resource_eviction_rate: 0.0,
        ..Default::default()
    };
    let t = run(&items, &fault(None), &settings);
    assert_eq!(evicted(&t), [Some(0.0), Some(0.0), Some(0.0), Some(1800.0)]);
}

#[test]
fn far_off_tolerations_are_followed_to_the_second() {
    // A month away, with a binding tolerated forever re-listed every 10 s all along.
    let month = 30.0 * 86_400.0;
    let items = vec![item("forever", Rb, None), item("month", Rb, Some(month))];
    let t = run(&items, &fault(None), &QueueSettings::default());
    assert_eq!(evicted(&t)[1], Some(month));
}

#[test]
fn a_cluster_tainted_later_is_listed_when_its_taint_lands() {
    // c0 is tainted now, one binding tolerated forever and one for 3 minutes (idle
    // re-lists until then, skipped whole); c1's taint lands at +61 s: its untolerated
    // binding goes then, and its tolerated one when the toleration runs out.
    let later = |name: &str, due: f64| QueueItem {
        cluster: "c1".into(),
        ..item(name, Rb, Some(due))
    };
    let items = vec![
        item("forever", Rb, None),
        item("c0-later", Rb, Some(180.0)),
        later("now", 61.0),
        later("soon", 361.0),
    ];
    let mut faults = fault(None);
    faults.push(ClusterFault {
        cluster: "c1".into(),
        since: at(61.0),
        recovered_at: None,
    });
    let t = run(&items, &faults, &QueueSettings::default());
    assert_eq!(evicted(&t)[1..], [Some(180.0), Some(61.0), Some(361.0)]);
}

proptest! {
    /// Bindings added at once are evicted when the limiter's pacing starts them: the
    /// event simulation agrees with `paced_starts`, which the conformance vectors check.
    #[test]
    fn the_simulation_paces_as_the_vectors_do(
        n in 1usize..40,
        workers in 1usize..6,
        rate in prop::sample::select(vec![0.05f64, 0.3, 0.5, 1.0, 3.0, 50.0]),
        base_ms in prop::sample::select(vec![0i64, 1, 50, 1000]),
        qps in prop::sample::select(vec![0i64, 1, 5, 100]),
        burst in prop::sample::select(vec![0i64, 1, 3, 100]),
    ) {
        let options = LimiterOptions {
            base_delay_ns: base_ms * 1_000_000,
            max_delay_ns: 5_000_000_000,
            qps,
            bucket_size: burst,
        };
        let settings = QueueSettings {
            resource_eviction_rate: rate,
            rate_limiter: options,
            workers_per_queue: workers,
            // No re-list while the first pile drains.
            relist_seconds: 1_000_000,
            ..Default::default()
        };
        let items: Vec<QueueItem> = (0..n).map(|i| item(&format!("rb{i}"), Rb, Some(0.0))).collect();
        let t = run(&items, &fault(None), &settings);
        let mut got: Vec<i128> = t
            .items
            .iter()
            .map(|i| match &i.outcome {
                ItemOutcome::Evicted { at } => at.as_nanosecond() - t0().as_nanosecond(),
                other => panic!("{other:?}"),
            })
            .collect();
        got.sort_unstable();
        let want: Vec<i128> = paced_starts(rate as f32, options, n, workers)
            .into_iter()
            .map(i128::from)
            .collect();
        prop_assert_eq!(got, want);
    }
}
