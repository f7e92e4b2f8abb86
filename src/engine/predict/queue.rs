//! Which eviction queue a prediction runs: upstream's (the default, the twin's
//! [`crate::engine::karmada::eviction_queue`]) or, with
//! `--queue-model proposal`, the proposal's ([`crate::engine::proposal::queue`]).

use crate::engine::vocabulary::version::KarmadaVersion;
use jiff::Timestamp;

use crate::engine::karmada::eviction_queue::{self, ClusterFault, QueueItem, QueueTimeline};
use crate::engine::proposal::queue::{self as proposal_queue, PreCheck};
use crate::engine::vocabulary::settings::{QueueModel, QueueSettings};

/// Simulate the eviction queue under `settings.model` (upstream's as Karmada `version`
/// runs it): `items` (every binding on a
/// faulty cluster), the `faults` of a fleet of `fleet_size` clusters, the reference
/// time `now`, and (proposal model) `pre_check`, called for each item when it is
/// processed.
pub fn simulate_queue(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet_size: usize,
    now: Timestamp,
    settings: &QueueSettings,
    version: KarmadaVersion,
    pre_check: impl FnMut(&QueueItem, Timestamp) -> PreCheck,
) -> QueueTimeline {
    match settings.model {
        QueueModel::Upstream => {
            eviction_queue::simulate(items, faults, fleet_size, now, settings, version)
        }
        QueueModel::Proposal => {
            proposal_queue::simulate(items, faults, fleet_size, settings, pre_check)
        }
    }
}
