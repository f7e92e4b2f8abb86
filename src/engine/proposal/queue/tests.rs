//! The proposal's queue; upstream's is tested in `karmada/eviction_queue/tests.rs`.

use super::*;
use crate::engine::karmada::eviction_queue::to_ts;
use crate::engine::vocabulary::settings::QueueModel;
use crate::engine::ReasonCode;
use proptest::prelude::*;

const T0: &str = "2026-11-22T12:00:00Z";
const NS: f64 = 1e9;

fn run(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet: usize,
    settings: &QueueSettings,
    check: impl FnMut(&QueueItem, Timestamp) -> PreCheck,
) -> QueueTimeline {
    simulate(items, faults, fleet, settings, check)
}

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn at(secs: f64) -> Timestamp {
    to_ts(ts(T0).as_nanosecond() + (secs * NS) as i128)
}

fn item(binding: &str, cluster: &str, due: f64) -> QueueItem {
    QueueItem {
        binding: binding.into(),
        cluster: cluster.into(),
        kind: crate::fleet::BindingKind::ResourceBinding,
        due: Some(at(due)),
        unreadable: false,
    }
}

fn fault(cluster: &str, since: f64, recovered: Option<f64>) -> ClusterFault {
    ClusterFault {
        cluster: cluster.into(),
        since: at(since),
        recovered_at: recovered.map(at),
    }
}

fn feasible(_: &QueueItem, _: Timestamp) -> PreCheck {
    PreCheck::Feasible
}

fn times(t: &QueueTimeline) -> Vec<Option<Timestamp>> {
    t.items
        .iter()
        .map(|i| match &i.outcome {
            ItemOutcome::Evicted { at } | ItemOutcome::Abandoned { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

fn faults(n: usize, since: f64) -> Vec<ClusterFault> {
    (0..n)
        .map(|i| fault(&format!("c{i}"), since, None))
        .collect()
}

#[test]
fn defaults_are_upstreams_with_the_proposals_rates() {
    let s = QueueSettings::default();
    assert_eq!(s.model, QueueModel::Upstream);
    assert_eq!(s.workers_per_queue, 3);
    assert_eq!(s.relist_seconds, 10);
    assert_eq!(s.resource_eviction_rate, 0.5);
    assert_eq!(s.secondary_resource_eviction_rate, 0.1);
    assert_eq!(s.unhealthy_cluster_threshold, 0.55);
    assert_eq!(s.large_cluster_num_threshold, 10);
}

#[test]
fn normal_rate_spaces_evictions_two_seconds_apart() {
    let items: Vec<_> = (0..3).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
    let t = run(
        &items,
        &faults(1, 0.0),
        10,
        &QueueSettings::default(),
        feasible,
    );
    assert_eq!(times(&t), vec![Some(at(0.0)), Some(at(2.0)), Some(at(4.0))]);
    assert_eq!(t.summary.evicted, 3);
}

#[test]
fn first_due_first_out_and_idle_queue_processes_at_due() {
    let items = vec![
        item("late", "c0", 100.0),
        item("early", "c0", 1.0),
        item("tie", "c0", 1.0),
    ];
    let t = run(
        &items,
        &faults(1, 0.0),
        10,
        &QueueSettings::default(),
        feasible,
    );
    assert_eq!(
        times(&t),
        vec![Some(at(100.0)), Some(at(1.0)), Some(at(3.0))]
    );
}

#[test]
fn recovery_drops_what_is_not_yet_processed() {
    let items: Vec<_> = (0..5).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
    let t = run(
        &items,
        &[fault("c0", 0.0, Some(5.0))],
        10,
        &QueueSettings::default(),
        feasible,
    );
    assert_eq!(
        times(&t)[..3],
        [Some(at(0.0)), Some(at(2.0)), Some(at(4.0))]
    );
    for i in &t.items[3..] {
        match &i.outcome {
            ItemOutcome::Dropped { at: when, reason } => {
                assert_eq!(*when, at(5.0));
                assert_eq!(reason.code, "queue-cluster-recovered");
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        t.summary,
        QueueSummary {
            evicted: 3,
            dropped: 2,
            ..Default::default()
        }
    );
}

#[test]
fn recovery_before_due_means_no_eviction() {
    let t = run(
        &[item("b", "c0", 300.0)],
        &[fault("c0", 0.0, Some(60.0))],
        10,
        &QueueSettings::default(),
        feasible,
    );
    assert!(matches!(t.items[0].outcome, ItemOutcome::Dropped { .. }));
}

#[test]
fn dropped_items_do_not_use_a_slot() {
    let items = vec![
        item("a", "c0", 0.0),
        item("gone", "c1", 0.5),
        item("b", "c0", 0.5),
    ];
    let fs = vec![fault("c0", 0.0, None), fault("c1", 0.0, Some(0.1))];
    let t = run(&items, &fs, 10, &QueueSettings::default(), feasible);
    assert_eq!(times(&t), vec![Some(at(0.0)), None, Some(at(2.0))]);
}

#[test]
fn small_fleet_over_threshold_stops_until_recovery() {
    // 6 of 10 faulty (0.6 > 0.55) in a fleet of 10 (not > 10): rate 0.
    let mut fs = faults(6, 0.0);
    let items = vec![item("b0", "c0", 10.0), item("b1", "c0", 10.0)];
    let t = run(&items, &fs, 10, &QueueSettings::default(), feasible);
    assert_eq!(t.summary.never, 2);
    assert!(
        matches!(&t.items[0].outcome, ItemOutcome::Never { reason } if reason.code == "queue-halted")
    );
    assert_eq!(t.rates.last().unwrap().reason.code, "rate-halted");
    // One cluster recovers at 100s: 5/10 = 0.5, eviction resumes at 0.5/s.
    fs[5].recovered_at = Some(at(100.0));
    let t = run(&items, &fs, 10, &QueueSettings::default(), feasible);
    assert_eq!(times(&t), vec![Some(at(100.0)), Some(at(102.0))]);
    let codes: Vec<_> = t.rates.iter().map(|r| r.reason.code).collect();
    assert_eq!(codes, ["rate-normal", "rate-halted", "rate-normal"]);
}

#[test]
fn large_fleet_over_threshold_uses_the_secondary_rate() {
    // 7 of 11 faulty: 0.64 > 0.55, fleet 11 > 10: 0.1/s, 10s apart.
    let items: Vec<_> = (0..3).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
    let t = run(
        &items,
        &faults(7, 0.0),
        11,
        &QueueSettings::default(),
        feasible,
    );
    assert_eq!(
        times(&t),
        vec![Some(at(0.0)), Some(at(10.0)), Some(at(20.0))]
    );
    assert_eq!(t.rates.last().unwrap().reason.code, "rate-secondary");
    assert_eq!(t.rates.last().unwrap().rate, 0.1);
}

#[test]
fn share_equal_to_the_threshold_is_still_normal() {
    let t = run(
        &[],
        &faults(11, 0.0),
        20,
        &QueueSettings::default(),
        feasible,
    );
    assert_eq!(t.rates.last().unwrap().reason.code, "rate-normal");
    assert_eq!(t.rates.last().unwrap().faulty_clusters, 11);
}

#[test]
fn rate_drops_when_more_clusters_fail() {
    // c0 faulty from 0; at 3s six more fail (7/11): the item processed at 2s was
    // spaced at 0.5/s; the next waits 10s from the one processed at 4s.
    let mut fs = faults(1, 0.0);
    fs.extend((1..7).map(|i| fault(&format!("c{i}"), 3.0, None)));
    let items: Vec<_> = (0..4).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
    let t = run(&items, &fs, 11, &QueueSettings::default(), feasible);
    assert_eq!(
        times(&t),
        vec![Some(at(0.0)), Some(at(2.0)), Some(at(4.0)), Some(at(14.0))]
    );
    assert_eq!(t.rates.len(), 3);
    assert_eq!(t.rates[0].from, at(0.0));
    assert_eq!(t.rates[2].from, at(3.0));
}

#[test]
fn abandoned_items_keep_the_reason_and_use_a_slot() {
    let items = vec![item("nowhere", "c0", 0.0), item("ok", "c0", 0.0)];
    let t = run(
        &items,
        &faults(1, 0.0),
        10,
        &QueueSettings::default(),
        |i, _| {
            if i.binding == "nowhere" {
                PreCheck::Abandon(Reason::new(ReasonCode::PreschedulingNoTarget, "no cluster"))
            } else {
                PreCheck::Feasible
            }
        },
    );
    assert!(
        matches!(&t.items[0].outcome, ItemOutcome::Abandoned { reason, .. } if reason.code == "prescheduling-no-target")
    );
    assert_eq!(times(&t), vec![Some(at(0.0)), Some(at(2.0))]);
    assert_eq!(t.summary.abandoned, 1);
}

#[test]
fn pre_check_runs_with_the_processing_time() {
    let items = vec![item("a", "c0", 0.0), item("b", "c0", 0.0)];
    let mut seen = Vec::new();
    run(
        &items,
        &faults(1, 0.0),
        10,
        &QueueSettings::default(),
        |i, t| {
            seen.push((i.binding.clone(), t));
            PreCheck::Feasible
        },
    );
    assert_eq!(
        seen,
        vec![("a".to_string(), at(0.0)), ("b".to_string(), at(2.0))]
    );
}

#[test]
fn odd_settings_do_not_panic() {
    let items = vec![item("a", "c0", 0.0), item("b", "c0", 0.0)];
    for rate in [f64::NAN, -1.0, 0.0, f64::INFINITY, 1e-300] {
        let s = QueueSettings {
            resource_eviction_rate: rate,
            ..Default::default()
        };
        let t = run(&items, &faults(1, 0.0), 0, &s, feasible);
        assert_eq!(t.items.len(), 2);
    }
    let t = run(&items, &[], 0, &QueueSettings::default(), feasible);
    assert_eq!(t.summary.evicted, 2);
}

#[test]
fn timeline_serializes_with_outcomes_and_codes() {
    let t = run(
        &[item("a", "c0", 0.0)],
        &faults(1, 0.0),
        10,
        &QueueSettings::default(),
        feasible,
    );
    let j = serde_json::to_value(&t).unwrap();
    assert_eq!(j["items"][0]["outcome"], "Evicted");
    assert_eq!(j["items"][0]["at"], "2026-11-22T12:00:00Z");
    assert_eq!(j["rates"][0]["reason"]["code"], "rate-normal");
    assert_eq!(j["summary"]["evicted"], 1);
}

#[test]
fn hundred_thousand_items_are_all_accounted_for() {
    let fs: Vec<_> = (0..50)
        .map(|i| {
            fault(
                &format!("c{i}"),
                f64::from(i) * 7.0,
                (i % 3 == 0).then(|| 5000.0 + f64::from(i)),
            )
        })
        .collect();
    let items: Vec<_> = (0..100_000u32)
        .map(|i| {
            item(
                &format!("ns/b{i}"),
                &format!("c{}", i % 50),
                f64::from((i * 7919) % 3600),
            )
        })
        .collect();
    // Speed is measured by the criterion bench, not asserted here.
    let t = run(&items, &fs, 60, &QueueSettings::default(), feasible);
    assert_eq!(t.items.len(), 100_000);
}

fn arb_case() -> impl Strategy<Value = (Vec<QueueItem>, Vec<ClusterFault>, usize)> {
    let faults =
        prop::collection::vec((0u32..600, prop::option::of(0u32..1200)), 1..6).prop_map(|v| {
            v.into_iter()
                .enumerate()
                .map(|(i, (since, rec))| {
                    fault(
                        &format!("c{i}"),
                        f64::from(since),
                        rec.map(|r| f64::from(since + r)),
                    )
                })
                .collect::<Vec<_>>()
        });
    (faults, 1usize..15).prop_flat_map(|(fs, fleet)| {
        let n = fs.len();
        let items = prop::collection::vec((0..n, 0u32..900), 0..60).prop_map(|v| {
            v.into_iter()
                .enumerate()
                .map(|(k, (c, due))| item(&format!("b{k}"), &format!("c{c}"), f64::from(due)))
                .collect::<Vec<_>>()
        });
        (items, Just(fs), Just(fleet))
    })
}

proptest! {
    #[test]
    fn recovery_before_due_means_no_eviction_prop((items, fs, fleet) in arb_case()) {
        let t = run(&items, &fs, fleet, &QueueSettings::default(), feasible);
        for (i, out) in items.iter().zip(&t.items) {
            let f = fs.iter().find(|f| f.cluster == i.cluster).unwrap();
            if f.recovered_at.is_some_and(|r| Some(r) <= i.due) {
                let dropped = matches!(out.outcome, ItemOutcome::Dropped { .. });
                prop_assert!(dropped, "{:?}", out);
            }
        }
    }

    #[test]
    fn processed_at_most_once_in_order_and_spaced((items, fs, fleet) in arb_case()) {
        let mut calls = std::collections::HashMap::new();
        let t = run(&items, &fs, fleet, &QueueSettings::default(), |i, _| {
            *calls.entry(i.binding.clone()).or_insert(0) += 1;
            PreCheck::Feasible
        });
        prop_assert!(calls.values().all(|&n| n == 1));
        prop_assert_eq!(t.items.len(), items.len());
        let s = &t.summary;
        prop_assert_eq!(s.evicted + s.abandoned + s.dropped + s.never, items.len());
        // In dequeue order (due, then input order) processing times never go back,
        // never precede the due time, and are at least 1/0.5 s apart (the fastest rate).
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by_key(|&k| (items[k].due, k));
        let mut last: Option<Timestamp> = None;
        for k in order {
            if let ItemOutcome::Evicted { at } = &t.items[k].outcome {
                prop_assert!(Some(*at) >= items[k].due);
                if let Some(prev) = last {
                    prop_assert!(at.as_nanosecond() - prev.as_nanosecond() >= 2_000_000_000 - 1);
                }
                last = Some(*at);
            }
        }
    }

    #[test]
    fn processing_happens_only_while_the_cluster_is_faulty((items, fs, fleet) in arb_case()) {
        let t = run(&items, &fs, fleet, &QueueSettings::default(), feasible);
        for (i, out) in items.iter().zip(&t.items) {
            if let ItemOutcome::Evicted { at } = out.outcome {
                let f = fs.iter().find(|f| f.cluster == i.cluster).unwrap();
                prop_assert!(f.recovered_at.is_none_or(|r| at < r));
            }
        }
    }
}
