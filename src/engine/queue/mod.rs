//! The eviction queue, simulated: when each eviction the taint rules call for is
//! processed (or dropped, abandoned, never processed), under one of two models.
//!
//! - [`QueueModel::Upstream`] (the default): what karmada-controller-manager runs today
//!   ([`upstream`]): one queue for ResourceBindings and one for ClusterResourceBindings,
//!   3 workers each, every worker pacing itself with the rate limiter of [`limiter`].
//! - [`QueueModel::Proposal`]: the failover proposal's single queue that slows down or
//!   stops above an unhealthy-cluster threshold and abandons evictions that would leave
//!   a binding nowhere to go ([`proposal`]). Upstream did not build it; reports that use
//!   it say so.

pub mod limiter;
mod proposal;
mod upstream;

use jiff::Timestamp;
use serde::Serialize;

use super::Reason;
use crate::fleet::BindingKind;
use limiter::LimiterOptions;

/// Which eviction queue a prediction assumes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, strum::Display, strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum QueueModel {
    /// Upstream's taint manager: two paced queues of 3 workers.
    #[default]
    Upstream,
    /// The failover proposal's rate-limited queue (not built upstream).
    Proposal,
}

/// The eviction-queue flags of karmada-controller-manager, with their defaults, and the
/// model they are read under.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueSettings {
    /// Which queue the prediction assumes.
    pub model: QueueModel,
    /// `--resource-eviction-rate`, bindings per second (0.5). Upstream: each worker
    /// sleeps `1/rate` after every binding it processes.
    pub resource_eviction_rate: f64,
    /// `--secondary-resource-eviction-rate`, bindings per second (0.1; proposal only).
    pub secondary_resource_eviction_rate: f64,
    /// `--unhealthy-cluster-threshold`, share of faulty clusters (0.55; proposal only).
    pub unhealthy_cluster_threshold: f64,
    /// `--large-cluster-num-threshold`, fleet size (10; proposal only).
    pub large_cluster_num_threshold: usize,
    /// `--rate-limiter-*` (upstream only).
    pub rate_limiter: LimiterOptions,
    /// Workers per queue (upstream: 3).
    pub workers_per_queue: usize,
    /// Seconds between the taint manager's re-lists of a tainted cluster (upstream: 10).
    pub relist_seconds: i64,
}

impl Default for QueueSettings {
    fn default() -> Self {
        QueueSettings {
            model: QueueModel::Upstream,
            resource_eviction_rate: 0.5,
            secondary_resource_eviction_rate: 0.1,
            unhealthy_cluster_threshold: 0.55,
            large_cluster_num_threshold: 10,
            rate_limiter: LimiterOptions::default(),
            workers_per_queue: 3,
            relist_seconds: 10,
        }
    }
}

/// A period during which a cluster is faulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterFault {
    /// The cluster.
    pub cluster: String,
    /// When its evicting taint appeared.
    pub since: Timestamp,
    /// When the taint went away (`None`: it stays).
    pub recovered_at: Option<Timestamp>,
}

/// One binding on one faulty cluster, as the queue sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueItem {
    /// The binding (`rb/namespace/name` or `crb/name`).
    pub binding: String,
    /// The faulty cluster.
    pub cluster: String,
    /// Which upstream queue it is in.
    #[serde(skip)]
    pub kind: BindingKind,
    /// When the taint rules make the eviction due (`None`: never, e.g. tolerated forever).
    pub due: Option<Timestamp>,
    /// The taint manager cannot decide (its tolerations are unreadable): upstream fails
    /// on it and retries with back-off, without evicting.
    pub unreadable: bool,
}

/// The pre-scheduling check's answer for one item (proposal model).
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
    /// Processed at `at`, but the pre-scheduling check failed (proposal model).
    Abandoned {
        /// When.
        at: Timestamp,
        /// The check's reason.
        reason: Reason,
    },
    /// Dropped: the cluster recovered at `at` before the eviction was processed.
    Dropped {
        /// When.
        at: Timestamp,
        /// Why.
        reason: Reason,
    },
    /// Never processed: eviction stopped for good before its turn (proposal model), or
    /// the simulation's horizon was reached.
    Never {
        /// Why.
        reason: Reason,
    },
    /// Not an eviction: the item is never due (it may still take queue slots).
    NotEvicted,
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
    pub due: Option<Timestamp>,
    /// What happened.
    #[serde(flatten)]
    pub outcome: ItemOutcome,
}

/// The pace in force from `from` until the next period.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RatePeriod {
    /// Start of the period.
    pub from: Timestamp,
    /// Bindings per second (proposal: of the one queue; upstream: of each worker).
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
    /// The pace over time, in time order.
    pub rates: Vec<RatePeriod>,
    /// Outcome counts.
    pub summary: QueueSummary,
}

/// Simulate the eviction queue under `settings.model`: `items` (every binding on a
/// faulty cluster), the `faults` of a fleet of `fleet_size` clusters, the reference
/// time `now`, and (proposal model) `pre_check`, called for each item when it is
/// processed.
pub fn simulate_queue(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet_size: usize,
    now: Timestamp,
    settings: &QueueSettings,
    pre_check: impl FnMut(&QueueItem, Timestamp) -> PreCheck,
) -> QueueTimeline {
    match settings.model {
        QueueModel::Upstream => upstream::simulate(items, faults, fleet_size, now, settings),
        QueueModel::Proposal => proposal::simulate(items, faults, fleet_size, settings, pre_check),
    }
}

/// The timeline of `items`, each with its outcome.
fn timeline_of(
    items: &[QueueItem],
    outcomes: impl IntoIterator<Item = ItemOutcome>,
) -> Vec<ItemTimeline> {
    items
        .iter()
        .zip(outcomes)
        .map(|(item, outcome)| ItemTimeline {
            binding: item.binding.clone(),
            cluster: item.cluster.clone(),
            due: item.due,
            outcome,
        })
        .collect()
}

/// The timestamp `ns` nanoseconds after the epoch, clamped to jiff's range.
fn to_ts(ns: i128) -> Timestamp {
    let lo = Timestamp::MIN.as_nanosecond();
    let hi = Timestamp::MAX.as_nanosecond();
    Timestamp::from_nanosecond(ns.clamp(lo, hi)).unwrap_or(Timestamp::MAX)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;
