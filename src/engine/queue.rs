//! The proposal's rate-limited eviction queue, simulated: when each queued eviction is
//! processed, dropped or abandoned, and the rate in force over time.
//!
//! Model:
//! - A cluster is faulty while it carries a `NoExecute` or `PreferNoExecute` taint: from
//!   `since` until `recoveredAt` (never, when absent).
//! - The rate at an instant depends on the faulty share of the fleet: at most
//!   `unhealthyClusterThreshold`, `resourceEvictionRate`; above it,
//!   `secondaryResourceEvictionRate` when the fleet has more than
//!   `largeClusterNumThreshold` clusters, else 0 (eviction stops until the share drops).
//! - One shared queue, first due first out (ties in input order). An item is processed at
//!   the later of its due time and `1/rate` after the previous processing (the rate in
//!   force at that previous processing); while the rate is 0, nothing is processed.
//! - An item whose cluster recovers before it is processed is dropped at the recovery.
//!   An item whose cluster has no fault listed never recovers (and that cluster does not
//!   count as faulty).
//! - At processing the pre-scheduling check runs; a failed check abandons the eviction.
//!   Processing, evicted or abandoned, uses one slot of the rate.
//!
//! Runs in O((n + m) log(n + m)) for n items and m faults: one sort, then one pass.

use std::collections::HashMap;

use jiff::Timestamp;
use serde::Serialize;

use super::Reason;

/// The eviction-queue flags of karmada-controller-manager (proposal), with their
/// defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueSettings {
    /// `--resource-eviction-rate`, bindings per second (0.5).
    pub resource_eviction_rate: f64,
    /// `--secondary-resource-eviction-rate`, bindings per second (0.1).
    pub secondary_resource_eviction_rate: f64,
    /// `--unhealthy-cluster-threshold`, share of faulty clusters (0.55).
    pub unhealthy_cluster_threshold: f64,
    /// `--large-cluster-num-threshold`, fleet size (10).
    pub large_cluster_num_threshold: usize,
}

impl Default for QueueSettings {
    fn default() -> Self {
        QueueSettings {
            resource_eviction_rate: 0.5,
            secondary_resource_eviction_rate: 0.1,
            unhealthy_cluster_threshold: 0.55,
            large_cluster_num_threshold: 10,
        }
    }
}

/// A period during which a cluster is faulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterFault {
    /// The cluster.
    pub cluster: String,
    /// When its NoExecute or PreferNoExecute taint appeared.
    pub since: Timestamp,
    /// When the taint went away (`None`: it stays).
    pub recovered_at: Option<Timestamp>,
}

/// One eviction waiting in the queue.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueItem {
    /// The binding (`namespace/name` or `name`).
    pub binding: String,
    /// The faulty cluster it is evicted from.
    pub cluster: String,
    /// When the failover decision makes the eviction due.
    pub due: Timestamp,
}

impl QueueItem {
    /// The queue item for a failover decision that evicts (`None` when it stays): due
    /// when the decision says (`now` for an immediate eviction).
    pub fn from_decision(
        binding: impl Into<String>,
        decision: &super::noexecute::ClusterDecision,
        now: Timestamp,
    ) -> Option<QueueItem> {
        Some(QueueItem {
            binding: binding.into(),
            cluster: decision.cluster.clone(),
            due: decision.action.due(now)?,
        })
    }
}

/// The pre-scheduling check's answer for one item.
#[derive(Clone, Debug, PartialEq)]
pub enum PreCheck {
    /// There is somewhere to go: the eviction proceeds.
    Feasible,
    /// Nowhere to go: the eviction is abandoned, for this reason.
    Abandon(Reason),
}

/// What happened to one queued item.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "outcome")]
pub enum ItemOutcome {
    /// Processed at `at`: the cluster is evicted from the binding.
    Evicted {
        /// When.
        at: Timestamp,
    },
    /// Processed at `at`, but the pre-scheduling check failed.
    Abandoned {
        /// When.
        at: Timestamp,
        /// The check's reason.
        reason: Reason,
    },
    /// Dropped from the queue when the cluster recovered at `at`.
    Dropped {
        /// When.
        at: Timestamp,
        /// Why.
        reason: Reason,
    },
    /// Never processed: eviction stopped for good before its turn.
    Never {
        /// Why.
        reason: Reason,
    },
}

/// One queued item and its fate.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemTimeline {
    /// The binding.
    pub binding: String,
    /// The cluster.
    pub cluster: String,
    /// When it was due.
    pub due: Timestamp,
    /// What happened.
    #[serde(flatten)]
    pub outcome: ItemOutcome,
}

/// The rate in force from `from` until the next period.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RatePeriod {
    /// Start of the period.
    pub from: Timestamp,
    /// Bindings per second (0: stopped).
    pub rate: f64,
    /// Faulty clusters during the period.
    pub faulty_clusters: usize,
    /// Clusters in the fleet.
    pub total_clusters: usize,
    /// Which rule set the rate.
    pub reason: Reason,
}

/// Counts of outcomes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueSummary {
    /// Items evicted.
    pub evicted: usize,
    /// Items abandoned by the pre-scheduling check.
    pub abandoned: usize,
    /// Items dropped by a recovery.
    pub dropped: usize,
    /// Items never processed.
    pub never: usize,
}

/// The simulated timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueTimeline {
    /// One entry per input item, in input order.
    pub items: Vec<ItemTimeline>,
    /// The rate over time, in time order.
    pub rates: Vec<RatePeriod>,
    /// Outcome counts.
    pub summary: QueueSummary,
}

const NS: f64 = 1e9;

fn to_ts(ns: i128) -> Timestamp {
    let lo = Timestamp::MIN.as_nanosecond();
    let hi = Timestamp::MAX.as_nanosecond();
    Timestamp::from_nanosecond(ns.clamp(lo, hi)).unwrap_or(Timestamp::MAX)
}

/// A rate as a usable number: NaN and negatives are 0.
fn sane(rate: f64) -> f64 {
    if rate.is_finite() && rate > 0.0 {
        rate
    } else if rate == f64::INFINITY {
        f64::MAX
    } else {
        0.0
    }
}

/// The rate for `faulty` of `total` clusters, with its reason.
fn rate_for(faulty: usize, total: usize, s: &QueueSettings) -> (f64, Reason) {
    let share = if total == 0 {
        0.0
    } else {
        faulty as f64 / total as f64
    };
    if share <= s.unhealthy_cluster_threshold || share.is_nan() {
        let r = sane(s.resource_eviction_rate);
        return (
            r,
            Reason::new(
                "rate-normal",
                format!(
                    "{faulty}/{total} clusters faulty (share {share:.2} <= threshold {}): resource-eviction-rate {r}/s",
                    s.unhealthy_cluster_threshold
                ),
            ),
        );
    }
    if total > s.large_cluster_num_threshold {
        let r = sane(s.secondary_resource_eviction_rate);
        return (
            r,
            Reason::new(
                "rate-secondary",
                format!(
                    "{faulty}/{total} clusters faulty (share {share:.2} > threshold {}) in a large fleet (> {}): secondary-resource-eviction-rate {r}/s",
                    s.unhealthy_cluster_threshold, s.large_cluster_num_threshold
                ),
            ),
        );
    }
    (
        0.0,
        Reason::new(
            "rate-halted",
            format!(
                "{faulty}/{total} clusters faulty (share {share:.2} > threshold {}) in a small fleet (<= {}): eviction stops",
                s.unhealthy_cluster_threshold, s.large_cluster_num_threshold
            ),
        ),
    )
}

/// Internal rate period: start (ns), rate, faulty count.
struct Period {
    from: i128,
    rate: f64,
    faulty: usize,
}

/// Builds the rate periods from the faults. The first period starts at `i128::MIN`.
fn periods(faults: &[ClusterFault], total: usize, s: &QueueSettings) -> Vec<Period> {
    // Events: (+1 at since, -1 at recovery), applied per cluster so overlapping faults of
    // one cluster count it once.
    let mut events: Vec<(i128, bool, &str)> = Vec::with_capacity(faults.len() * 2);
    for f in faults {
        let since = f.since.as_nanosecond();
        match f.recovered_at.map(|r| r.as_nanosecond()) {
            Some(r) if r <= since => {} // never faulty
            Some(r) => {
                events.push((since, true, &f.cluster));
                events.push((r, false, &f.cluster));
            }
            None => events.push((since, true, &f.cluster)),
        }
    }
    events.sort_by_key(|e| e.0);
    let mut open: HashMap<&str, usize> = HashMap::new();
    let mut faulty = 0usize;
    let (rate, _) = rate_for(0, total, s);
    let mut out = vec![Period {
        from: i128::MIN,
        rate,
        faulty: 0,
    }];
    let mut i = 0;
    while i < events.len() {
        let t = events[i].0;
        while i < events.len() && events[i].0 == t {
            let (_, up, cluster) = events[i];
            let n = open.entry(cluster).or_insert(0);
            if up {
                *n += 1;
                if *n == 1 {
                    faulty += 1;
                }
            } else if *n > 0 {
                *n -= 1;
                if *n == 0 {
                    faulty -= 1;
                }
            }
            i += 1;
        }
        let last = out.last().map_or(usize::MAX, |p| p.faulty);
        if faulty != last {
            let (rate, _) = rate_for(faulty, total, s);
            out.push(Period {
                from: t,
                rate,
                faulty,
            });
        }
    }
    out
}

/// For each item, the recovery time (ns) of the fault it belongs to: the cluster's fault
/// with the latest `since` at or before the item's due time (else its first fault).
fn recoveries(items: &[QueueItem], faults: &[ClusterFault]) -> Vec<Option<i128>> {
    let mut by_cluster: HashMap<&str, Vec<(i128, Option<i128>)>> = HashMap::new();
    for f in faults {
        by_cluster.entry(&f.cluster).or_default().push((
            f.since.as_nanosecond(),
            f.recovered_at.map(|r| r.as_nanosecond()),
        ));
    }
    for list in by_cluster.values_mut() {
        list.sort_by_key(|w| w.0);
    }
    items
        .iter()
        .map(|item| {
            let list = by_cluster.get(item.cluster.as_str())?;
            let due = item.due.as_nanosecond();
            let k = list.partition_point(|w| w.0 <= due);
            list[k.saturating_sub(1)].1
        })
        .collect()
}

/// Simulates the eviction queue: `items` (the due evictions), the `faults` of the fleet
/// of `fleet_size` clusters (at least the number of faulty clusters is assumed), the
/// queue `settings`, and `pre_check` called for each item when it is processed, with the
/// processing time.
pub fn simulate_queue(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet_size: usize,
    settings: &QueueSettings,
    mut pre_check: impl FnMut(&QueueItem, Timestamp) -> PreCheck,
) -> QueueTimeline {
    let distinct_faulty = {
        let mut names: Vec<&str> = faults.iter().map(|f| f.cluster.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names.len()
    };
    let total = fleet_size.max(distinct_faulty);
    let periods = periods(faults, total, settings);
    // next_positive[p]: first period at or after p whose rate is > 0.
    let mut next_positive = vec![None; periods.len()];
    let mut next = None;
    for p in (0..periods.len()).rev() {
        if periods[p].rate > 0.0 {
            next = Some(p);
        }
        next_positive[p] = next;
    }
    let recovered = recoveries(items, faults);

    let dues: Vec<i128> = items.iter().map(|i| i.due.as_nanosecond()).collect();
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| (dues[i], i));

    let mut outcomes: Vec<Option<ItemOutcome>> = vec![None; items.len()];
    let mut summary = QueueSummary::default();
    let mut next_allowed = i128::MIN;
    for idx in order {
        let item = &items[idx];
        let mut t = dues[idx].max(next_allowed);
        let p = periods.partition_point(|q| q.from <= t).saturating_sub(1);
        let runnable = match next_positive[p] {
            Some(q) => {
                t = t.max(periods[q].from);
                Some(q)
            }
            None => None,
        };
        if let Some(r) = recovered[idx].filter(|&r| runnable.is_none() || r <= t) {
            summary.dropped += 1;
            outcomes[idx] = Some(ItemOutcome::Dropped {
                at: to_ts(r),
                reason: Reason::new(
                    "queue-cluster-recovered",
                    format!(
                        "cluster {} recovered at {} before the eviction of {} was processed",
                        item.cluster,
                        to_ts(r),
                        item.binding
                    ),
                ),
            });
            continue;
        }
        let Some(q) = runnable else {
            summary.never += 1;
            outcomes[idx] = Some(ItemOutcome::Never {
                reason: Reason::new(
                    "queue-halted",
                    format!(
                        "when the eviction of {} came up at {}, eviction was stopped ({} of {total} clusters faulty) and it never resumes",
                        item.binding,
                        to_ts(t),
                        periods[p].faulty
                    ),
                ),
            });
            continue;
        };
        // t lies in period q: either q == p, or t was moved to the start of q.
        let rate = periods[q].rate;
        let at = to_ts(t);
        outcomes[idx] = Some(match pre_check(item, at) {
            PreCheck::Feasible => {
                summary.evicted += 1;
                ItemOutcome::Evicted { at }
            }
            PreCheck::Abandon(reason) => {
                summary.abandoned += 1;
                ItemOutcome::Abandoned { at, reason }
            }
        });
        let interval = ((NS / rate).round()).min(1e30) as i128;
        next_allowed = t.saturating_add(interval.max(0));
    }

    let first_time = dues
        .iter()
        .copied()
        .chain(periods.iter().skip(1).map(|p| p.from))
        .min();
    let rates = periods
        .iter()
        .map(|p| {
            let (rate, reason) = rate_for(p.faulty, total, settings);
            let from = if p.from == i128::MIN {
                first_time.unwrap_or(0)
            } else {
                p.from
            };
            RatePeriod {
                from: to_ts(from),
                rate,
                faulty_clusters: p.faulty,
                total_clusters: total,
                reason,
            }
        })
        .collect();
    let items = items
        .iter()
        .zip(outcomes)
        .map(|(item, outcome)| ItemTimeline {
            binding: item.binding.clone(),
            cluster: item.cluster.clone(),
            due: item.due,
            outcome: outcome.unwrap_or(ItemOutcome::Never {
                reason: Reason::new("queue-halted", "not processed"),
            }),
        })
        .collect();
    QueueTimeline {
        items,
        rates,
        summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const T0: &str = "2026-11-22T12:00:00Z";

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
            due: at(due),
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
    fn items_come_from_evicting_decisions() {
        use crate::engine::noexecute::{Action, ClusterDecision, ControllerSettings};
        let mut d = ClusterDecision {
            cluster: "c0".into(),
            action: Action::EvictAfter {
                after_seconds: 30,
                at: at(30.0),
            },
            purge_mode: None,
            graceful_eviction_timeout_seconds: None,
            assumed: ControllerSettings::default(),
            reasons: vec![],
        };
        assert_eq!(
            QueueItem::from_decision("ns/b", &d, at(0.0)),
            Some(item("ns/b", "c0", 30.0))
        );
        d.action = Action::EvictNow;
        assert_eq!(
            QueueItem::from_decision("ns/b", &d, at(5.0)).map(|i| i.due),
            Some(at(5.0))
        );
        d.action = Action::Stay;
        assert_eq!(QueueItem::from_decision("ns/b", &d, at(0.0)), None);
    }

    #[test]
    fn defaults_are_the_proposals() {
        let s = QueueSettings::default();
        assert_eq!(s.resource_eviction_rate, 0.5);
        assert_eq!(s.secondary_resource_eviction_rate, 0.1);
        assert_eq!(s.unhealthy_cluster_threshold, 0.55);
        assert_eq!(s.large_cluster_num_threshold, 10);
    }

    #[test]
    fn normal_rate_spaces_evictions_two_seconds_apart() {
        let items: Vec<_> = (0..3).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
        let t = simulate_queue(
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
        let t = simulate_queue(
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
        let t = simulate_queue(
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
        let t = simulate_queue(
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
        let t = simulate_queue(&items, &fs, 10, &QueueSettings::default(), feasible);
        assert_eq!(times(&t), vec![Some(at(0.0)), None, Some(at(2.0))]);
    }

    #[test]
    fn small_fleet_over_threshold_stops_until_recovery() {
        // 6 of 10 faulty (0.6 > 0.55) in a fleet of 10 (not > 10): rate 0.
        let mut fs = faults(6, 0.0);
        let items = vec![item("b0", "c0", 10.0), item("b1", "c0", 10.0)];
        let t = simulate_queue(&items, &fs, 10, &QueueSettings::default(), feasible);
        assert_eq!(t.summary.never, 2);
        assert!(
            matches!(&t.items[0].outcome, ItemOutcome::Never { reason } if reason.code == "queue-halted")
        );
        assert_eq!(t.rates.last().unwrap().reason.code, "rate-halted");
        // One cluster recovers at 100s: 5/10 = 0.5, eviction resumes at 0.5/s.
        fs[5].recovered_at = Some(at(100.0));
        let t = simulate_queue(&items, &fs, 10, &QueueSettings::default(), feasible);
        assert_eq!(times(&t), vec![Some(at(100.0)), Some(at(102.0))]);
        let codes: Vec<_> = t.rates.iter().map(|r| r.reason.code).collect();
        assert_eq!(codes, ["rate-normal", "rate-halted", "rate-normal"]);
    }

    #[test]
    fn large_fleet_over_threshold_uses_the_secondary_rate() {
        // 7 of 11 faulty: 0.64 > 0.55, fleet 11 > 10: 0.1/s, 10s apart.
        let items: Vec<_> = (0..3).map(|i| item(&format!("b{i}"), "c0", 0.0)).collect();
        let t = simulate_queue(
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
        let t = simulate_queue(
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
        let t = simulate_queue(&items, &fs, 11, &QueueSettings::default(), feasible);
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
        let t = simulate_queue(
            &items,
            &faults(1, 0.0),
            10,
            &QueueSettings::default(),
            |i, _| {
                if i.binding == "nowhere" {
                    PreCheck::Abandon(Reason::new("prescheduling-no-target", "no cluster"))
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
        simulate_queue(
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
            let t = simulate_queue(&items, &faults(1, 0.0), 0, &s, feasible);
            assert_eq!(t.items.len(), 2);
        }
        let t = simulate_queue(&items, &[], 0, &QueueSettings::default(), feasible);
        assert_eq!(t.summary.evicted, 2);
    }

    #[test]
    fn timeline_serializes_with_outcomes_and_codes() {
        let t = simulate_queue(
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
        let t = simulate_queue(&items, &fs, 60, &QueueSettings::default(), feasible);
        assert_eq!(t.items.len(), 100_000);
    }

    fn arb_case() -> impl Strategy<Value = (Vec<QueueItem>, Vec<ClusterFault>, usize)> {
        let faults = prop::collection::vec((0u32..600, prop::option::of(0u32..1200)), 1..6)
            .prop_map(|v| {
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
            let t = simulate_queue(&items, &fs, fleet, &QueueSettings::default(), feasible);
            for (i, out) in items.iter().zip(&t.items) {
                let f = fs.iter().find(|f| f.cluster == i.cluster).unwrap();
                if f.recovered_at.is_some_and(|r| r <= i.due) {
                    let dropped = matches!(out.outcome, ItemOutcome::Dropped { .. });
                    prop_assert!(dropped, "{:?}", out);
                }
            }
        }

        #[test]
        fn processed_at_most_once_in_order_and_spaced((items, fs, fleet) in arb_case()) {
            let mut calls = std::collections::HashMap::new();
            let t = simulate_queue(&items, &fs, fleet, &QueueSettings::default(), |i, _| {
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
                    prop_assert!(*at >= items[k].due);
                    if let Some(prev) = last {
                        prop_assert!(at.as_nanosecond() - prev.as_nanosecond() >= 2_000_000_000 - 1);
                    }
                    last = Some(*at);
                }
            }
        }

        #[test]
        fn processing_happens_only_while_the_cluster_is_faulty((items, fs, fleet) in arb_case()) {
            let t = simulate_queue(&items, &fs, fleet, &QueueSettings::default(), feasible);
            for (i, out) in items.iter().zip(&t.items) {
                if let ItemOutcome::Evicted { at } = out.outcome {
                    let f = fs.iter().find(|f| f.cluster == i.cluster).unwrap();
                    prop_assert!(f.recovered_at.is_none_or(|r| at < r));
                }
            }
        }
    }
}
