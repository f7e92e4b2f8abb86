//! Phase 5: will the moved replicas fit where they land? Each binding evicted in the
//! scenario, taken up by the scheduler when its last eviction lands, against the room of
//! the clusters it arrives on ([`crate::engine::predict::capacity`]), as the settings
//! say the scheduler sees a burst.

use std::collections::HashMap;

use jiff::Timestamp;

use super::placement::Placements;
use super::{PairOutcome, Verdict};
use crate::engine::predict::capacity::{self, CapacityReport, Leaving, Placed};
use crate::engine::vocabulary::settings::ControllerSettings;

/// What the evictions of `outcomes` leave Pending, per target cluster.
pub(super) fn room(
    placed: &Placements,
    outcomes: &[PairOutcome],
    settings: &ControllerSettings,
) -> CapacityReport {
    // When each binding's last eviction lands; those never evicted arrive nowhere.
    let mut at: HashMap<&str, Timestamp> = HashMap::new();
    for o in outcomes {
        if let (Verdict::Evict | Verdict::EvictLater, Some(t)) = (o.verdict, o.at) {
            let e = at.entry(o.binding.as_str()).or_insert(t);
            *e = (*e).max(t);
        }
    }
    let index = &placed.index;
    let mut leaving = Vec::new();
    let mut stale = Vec::new();
    for p in &placed.predictions {
        let Some(&when) = at.get(p.binding.as_str()) else {
            continue;
        };
        let l = Leaving {
            binding: placed.bindings[p.binding.as_str()],
            key: p.binding.clone(),
            gone: placed.gone[p.binding.as_str()].clone(),
            at: Some(when),
        };
        // The placements already predicted are the stale ones.
        stale.push(Placed::new(
            index,
            &l,
            p.clusters.as_ref().map(|c| c.targets.clone()),
        ));
        leaving.push(l);
    }
    capacity::report(index, &leaving, Some(stale), settings)
}
