//! The failover proposal's eviction queue, simulated. Not built upstream (upstream's queue
//! is `engine::karmada::eviction_queue`); a prediction runs it only with
//! `--queue-model proposal`, and every report that does says so.
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
//! - Items that are never due take no slot.
//!
//! Runs in O((n + m) log(n + m)) for n items and m faults: one sort, then one pass.
//!
//! Source: the proposal (`seeds/000_...`, "eviction queue" and "pre-scheduling check").

use std::collections::HashMap;

use jiff::Timestamp;

use crate::engine::karmada::eviction_queue::{
    timeline_of, to_ts, ClusterFault, ItemOutcome, QueueItem, QueueSummary, QueueTimeline,
    RatePeriod,
};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::QueueSettings;

/// The pre-scheduling check's answer for one item.
#[derive(Clone, Debug, PartialEq)]
pub enum PreCheck {
    /// There is somewhere to go: the eviction proceeds.
    Feasible,
    /// Nowhere to go: the eviction is abandoned, for this reason.
    Abandon(Reason),
}

const NS: f64 = 1e9;

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
                ReasonCode::RateNormal,
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
                ReasonCode::RateSecondary,
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
            ReasonCode::RateHalted,
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
            let due = item.due?.as_nanosecond();
            let k = list.partition_point(|w| w.0 <= due);
            list[k.saturating_sub(1)].1
        })
        .collect()
}

/// Simulates the proposal's queue: `items` (only those due are queued), the `faults` of
/// the fleet of `fleet_size` clusters (at least the number of faulty clusters is
/// assumed), the queue `settings`, and `pre_check` called for each item when it is
/// processed, with the processing time.
pub fn simulate(
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

    let dues: Vec<Option<i128>> = items
        .iter()
        .map(|i| i.due.filter(|_| !i.unreadable).map(|d| d.as_nanosecond()))
        .collect();
    let mut order: Vec<usize> = (0..items.len()).filter(|&i| dues[i].is_some()).collect();
    order.sort_by_key(|&i| (dues[i], i));

    let mut outcomes: Vec<Option<ItemOutcome>> = vec![None; items.len()];
    let mut summary = QueueSummary::default();
    let mut next_allowed = i128::MIN;
    for idx in order {
        let item = &items[idx];
        let mut t = dues[idx].unwrap_or(i128::MAX).max(next_allowed);
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
                    ReasonCode::QueueClusterRecovered,
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
                    ReasonCode::QueueHalted,
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

    let rates = rate_periods(&periods, &dues, total, settings);
    let items = timeline_of(
        items,
        outcomes
            .into_iter()
            .map(|o| o.unwrap_or(ItemOutcome::NotEvicted)),
    );
    QueueTimeline {
        items,
        rates,
        summary,
    }
}

/// The queue's rate over time, from the first due eviction on.
fn rate_periods(
    periods: &[Period],
    dues: &[Option<i128>],
    total: usize,
    settings: &QueueSettings,
) -> Vec<RatePeriod> {
    let first_time = dues
        .iter()
        .flatten()
        .copied()
        .chain(periods.iter().skip(1).map(|p| p.from))
        .min();
    periods
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
        .collect()
}

#[cfg(test)]
mod tests;
