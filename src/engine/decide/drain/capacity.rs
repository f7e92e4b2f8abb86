//! Will the replicas a drain (or an evicting taint) moves fit where they land? The
//! plan's predicted placements are each binding's placement on its own; the burst they
//! make together is [`crate::engine::predict::capacity`]'s, and a change that leaves
//! replicas Pending is refused without `--allow-pending` (or `--force`).

use crate::api::TargetCluster;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::capacity::{self, BurstModel, CapacityReport, Leaving, Placed};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::fleet::Binding;

use super::BindingDrain;

/// Each planned binding that leaves clusters (its position in `planned`), as the
/// scheduler takes it up; the drain writes every eviction at once.
fn leaving<'b>(planned: &[(&'b Binding, &BindingDrain)]) -> Vec<(usize, Leaving<'b>)> {
    planned
        .iter()
        .enumerate()
        .filter_map(|(i, (binding, plan))| {
            let gone: Vec<(String, PurgeMode)> = plan
                .evicted()
                .map(|s| {
                    (
                        s.cluster.clone(),
                        s.purge_mode.unwrap_or(PurgeMode::Gracefully),
                    )
                })
                .collect();
            (!gone.is_empty()).then(|| {
                let l = Leaving {
                    binding,
                    key: plan.binding.clone(),
                    gone,
                    at: None,
                    known: None,
                };
                (i, l)
            })
        })
        .collect()
}

/// With `SchedulingOvercommitProtection`, where the scheduler places each planned
/// binding in the burst (each takes room off for those after it), as `(position in
/// planned, spec.clusters)`; the plan's own predictions are each binding on its own.
/// Empty without the gate (and for bindings the burst places nowhere: their plan
/// stands, and the capacity report lists them as unplaced).
pub fn tracked_placements(
    index: &FleetIndex,
    planned: &[(&Binding, &BindingDrain)],
    settings: &ControllerSettings,
) -> Vec<(usize, Vec<TargetCluster>)> {
    if capacity::burst_model(settings) != BurstModel::Tracked {
        return Vec::new();
    }
    let (at, leaving): (Vec<usize>, Vec<Leaving>) = leaving(planned).into_iter().unzip();
    let burst = capacity::burst(
        index,
        &leaving,
        BurstModel::Tracked,
        capacity::by_priority(settings),
    );
    let position: std::collections::HashMap<&str, usize> = leaving
        .iter()
        .zip(&at)
        .map(|(l, &i)| (l.key.as_str(), i))
        .collect();
    burst
        .iter()
        .filter_map(|p| {
            let targets = p
                .after
                .as_ref()?
                .iter()
                .map(|&(c, replicas)| TargetCluster {
                    name: index.name(c as usize).to_string(),
                    replicas,
                    components: Vec::new(),
                })
                .collect();
            Some((position[p.key.as_str()], targets))
        })
        .collect()
}

/// What the planned evictions leave Pending on the fleet as `index` has it (the drained
/// clusters as the scheduler will see them).
pub fn drain_capacity(
    index: &FleetIndex,
    planned: &[(&Binding, &BindingDrain)],
    settings: &ControllerSettings,
) -> CapacityReport {
    drain_capacity_ends(index, planned, settings, capacity::Ends::All)
}

/// [`drain_capacity`], with as much of the report as `ends` says (whether a cluster can
/// leave at all reads the first end only).
pub fn drain_capacity_ends(
    index: &FleetIndex,
    planned: &[(&Binding, &BindingDrain)],
    settings: &ControllerSettings,
    ends: capacity::Ends,
) -> CapacityReport {
    let (leaving, stale): (Vec<Leaving>, Vec<Placed>) = leaving(planned)
        .into_iter()
        .map(|(i, l)| {
            let after = planned[i]
                .1
                .predicted
                .as_ref()
                .map(|p| capacity::positions(index, p));
            let placed = Placed::new(index, &l, after);
            (l, placed)
        })
        .unzip();
    capacity::report_ends(index, &leaving, Some(stale), settings, ends)
}

/// Why a change that leaves replicas Pending should not go ahead (`None`: everything
/// fits): `code` is `drain-leaves-pending` or `taint-leaves-pending`.
pub fn pending_refusal(report: &CapacityReport, code: ReasonCode) -> Option<Reason> {
    if report.pending_replicas == 0 {
        return None;
    }
    let mut full: Vec<String> = report
        .clusters
        .iter()
        .filter(|c| c.pending_replicas > 0)
        .map(|c| {
            let whose: Vec<&str> = c.at_risk.iter().map(|a| a.binding.as_str()).collect();
            format!(
                "{} on {} ({})",
                c.pending_replicas,
                c.cluster,
                whose.join(", ")
            )
        })
        .collect();
    full.sort();
    let settled = match &report.descheduling {
        Some(d) if d.running && d.still_pending == 0 => "; karmada-descheduler moves them later",
        Some(d) if d.running => "; karmada-descheduler moves some of them later",
        _ => "",
    };
    Some(Reason::new(
        code,
        format!(
            "{} replica(s) would not fit where they land and stay Pending: {}{settled}; --allow-pending goes ahead",
            report.pending_replicas,
            full.join("; ")
        ),
    ))
}
