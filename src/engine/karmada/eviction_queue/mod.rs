//! The taint manager's eviction queues, simulated: when each eviction the taint rules call
//! for is processed, dropped, or never processed.
//!
//! karmada-controller-manager keeps one queue for ResourceBindings and one for
//! ClusterResourceBindings, 3 workers each, every worker pacing itself with the rate
//! limiter of [`limiter`]; [`simulate`] replays them event by event (`workers.rs` has the
//! rules). The types here ([`QueueItem`], [`ItemOutcome`], [`QueueTimeline`], ...) are
//! also what the proposal's queue (`engine::proposal::queue`) reports in.
//!
//! Upstream: `pkg/controllers/cluster/taint_manager.go` (`Start`, `syncCluster`,
//! `enqueueBinding`), `pkg/util/worker.go` (`NewEvictionWorker`) and
//! `pkg/util/ratelimiter.go` (`NewGracefulEvictionRateLimiter`).
//! Conformance: `eviction_queue_delay`.
//! Karmada: v1.15.0 to master f8fdd02; [`UNPACED_EVICTION`] and [`REQUEUE_TOLERATED`]
//! are the differences between releases.

pub mod limiter;
mod workers;

use jiff::Timestamp;
use serde::Serialize;

use crate::engine::vocabulary::reason::Reason;
use crate::engine::vocabulary::settings::QueueSettings;
use crate::engine::vocabulary::version::{
    Behaviour, Handling, KarmadaVersion, KarmadaVersion as V, Range,
};
use crate::fleet::BindingKind;

/// Before v1.16 the queues have no paced worker: every binding due is evicted the moment
/// it is listed.
pub const UNPACED_EVICTION: Behaviour = Behaviour {
    id: "unpaced-eviction",
    what: "the taint manager's queues have no paced worker (no --resource-eviction-rate): every binding due is evicted as soon as it is listed",
    holds: &[Range::between(V::release(15, 0), V::release(16, 0))],
    upstream: "karmada#6675, karmada#6777 (paced eviction from v1.16.0)",
    handling: Handling::Modelled("karmada::eviction_queue"),
};

/// The re-list adds every binding still on the cluster, tolerated ones too, and each
/// costs a worker its pause (`syncCluster` calling `Add` for all).
pub const REQUEUE_TOLERATED: Behaviour = Behaviour {
    id: "requeue-tolerated",
    what: "every 10 s the taint manager adds every binding still on the tainted cluster to its queue, those tolerated forever or still inside tolerationSeconds too; each costs a worker its 1/rate pause, so bindings that must leave wait behind them (fixed: tolerated ones are not added, those tolerating for a while are added when the toleration ends)",
    holds: &[
        Range::between(V::release(16, 0), V::release(16, 8)),
        Range::between(V::release(17, 0), V::release(17, 5)),
        Range::between(V::release(18, 0), V::release(18, 2)),
    ],
    upstream: "karmada#7612, karmada#7613 (fixed in v1.16.8, v1.17.5, v1.18.2, v1.19.0-rc.0)",
    handling: Handling::Modelled("karmada::eviction_queue"),
};

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

/// What happened to one queued item.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "outcome")]
pub enum ItemOutcome {
    /// Processed at `at`: the cluster is evicted from the binding.
    Evicted {
        /// When.
        at: Timestamp,
    },
    /// Processed at `at`, but the pre-scheduling check failed. Upstream never abandons:
    /// only the proposal's queue reports this.
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
    /// Never processed: the simulation's horizon was reached (or, in the proposal's
    /// queue, eviction stopped for good before its turn).
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
    /// Evicted: the earliest and latest time any order of upstream's listing gives
    /// (absent when every order gives `at`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub between: Option<crate::engine::karmada::cluster_health::Interval>,
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

/// Simulate upstream's queues as Karmada `version` runs them: `items` (every binding on a
/// faulty cluster), the `faults` of a fleet of `fleet_size` clusters, the reference time
/// `now`.
pub fn simulate(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet_size: usize,
    now: Timestamp,
    settings: &QueueSettings,
    version: KarmadaVersion,
) -> QueueTimeline {
    workers::simulate(items, faults, fleet_size, now, settings, version)
}

/// The timeline of `items`, each with its outcome.
pub(crate) fn timeline_of(
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
            between: None,
        })
        .collect()
}

/// The timestamp `ns` nanoseconds after the epoch, clamped to jiff's range.
pub(crate) fn to_ts(ns: i128) -> Timestamp {
    let lo = Timestamp::MIN.as_nanosecond();
    let hi = Timestamp::MAX.as_nanosecond();
    Timestamp::from_nanosecond(ns.clamp(lo, hi)).unwrap_or(Timestamp::MAX)
}

#[cfg(test)]
mod tests;
