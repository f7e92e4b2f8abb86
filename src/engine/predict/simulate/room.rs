//! Phase 5: will the moved replicas fit where they land? Each binding evicted in the
//! scenario, taken up by the scheduler when its last eviction lands, against the room of
//! the clusters it arrives on ([`crate::engine::predict::capacity`]), as the settings
//! say the scheduler sees a burst.

use std::collections::HashMap;
use std::sync::Arc;

use jiff::Timestamp;

use super::placement::Placements;
use super::{PairOutcome, PredictedClusters, Verdict};
use crate::engine::predict::capacity::{self, BurstModel, CapacityReport, Leaving, Placed};
use crate::engine::vocabulary::settings::ControllerSettings;

/// Each binding evicted in `outcomes`, and when its last eviction lands (those never
/// evicted arrive nowhere), in the order of `placed`.
fn leaving<'b>(placed: &Placements<'b, '_>, outcomes: &[PairOutcome]) -> Vec<Leaving<'b>> {
    let mut at: HashMap<&str, Timestamp> = HashMap::new();
    for o in outcomes {
        if let (Verdict::Evict | Verdict::EvictLater, Some(t)) = (o.verdict, o.at) {
            let e = at.entry(o.binding.as_str()).or_insert(t);
            *e = (*e).max(t);
        }
    }
    placed
        .predictions
        .iter()
        .filter_map(|p| {
            let key = p.binding.as_str();
            Some(Leaving {
                binding: placed.bindings[key],
                key: p.binding.clone(),
                gone: placed.gone[key].clone(),
                at: Some(*at.get(key)?),
                known: None,
            })
        })
        .collect()
}

/// With `SchedulingOvercommitProtection`, the scheduler's placements depend on the
/// order of the burst (each takes room off for those after it): the predictions become
/// the burst's own. Without the gate they stand as they are.
pub(super) fn track(
    placed: &mut Placements,
    outcomes: &[PairOutcome],
    settings: &ControllerSettings,
) {
    if capacity::burst_model(settings) != BurstModel::Tracked {
        return;
    }
    let leaving = leaving(placed, outcomes);
    let burst = capacity::burst(
        &placed.index,
        &leaving,
        BurstModel::Tracked,
        capacity::by_priority(settings),
    );
    let mut by_key: HashMap<String, Placed> =
        burst.into_iter().map(|p| (p.key.clone(), p)).collect();
    for prediction in &mut placed.predictions {
        let Some(p) = by_key.remove(&prediction.binding) else {
            continue;
        };
        prediction.clusters = p.after.map(|targets| PredictedClusters {
            names: Arc::clone(&placed.names),
            targets,
        });
        prediction.error = p.error;
    }
}

/// What the evictions of `outcomes` leave Pending, per target cluster.
pub(super) fn room(
    placed: &Placements,
    outcomes: &[PairOutcome],
    settings: &ControllerSettings,
    ends: capacity::Ends,
) -> CapacityReport {
    let index = &placed.index;
    let leaving = leaving(placed, outcomes);
    // The placements already predicted are the stale ones (or, with the gate, the
    // tracked burst's: see [`track`]).
    let targets: HashMap<&str, _> = placed
        .predictions
        .iter()
        .map(|p| {
            (
                p.binding.as_str(),
                p.clusters.as_ref().map(|c| c.targets.clone()),
            )
        })
        .collect();
    let stale = leaving
        .iter()
        .map(|l| Placed::new(index, l, targets[l.key.as_str()].clone()))
        .collect();
    capacity::report_ends(index, &leaving, Some(stale), settings, ends)
}
