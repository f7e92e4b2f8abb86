//! Will the replicas a drain (or an evicting taint) moves fit where they land? The
//! plan's predicted placements are each binding's placement on its own; the burst they
//! make together is [`crate::engine::predict::capacity`]'s, and a change that leaves
//! replicas Pending is refused without `--allow-pending` (or `--force`).

use crate::api::Cluster;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::capacity::{self, CapacityReport, Leaving, Placed};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::fleet::Binding;

use super::BindingDrain;

/// What the planned evictions leave Pending on the fleet `model` (the drained clusters
/// as the scheduler will see them).
pub fn drain_capacity(
    model: &[Cluster],
    planned: &[(&Binding, &BindingDrain)],
    settings: &ControllerSettings,
) -> CapacityReport {
    let index = FleetIndex::new(model);
    let mut leaving = Vec::new();
    let mut stale = Vec::new();
    for (binding, plan) in planned {
        let gone: Vec<(String, PurgeMode)> = plan
            .evicted()
            .map(|s| {
                (
                    s.cluster.clone(),
                    s.purge_mode.unwrap_or(PurgeMode::Gracefully),
                )
            })
            .collect();
        if gone.is_empty() {
            continue;
        }
        let l = Leaving {
            binding,
            key: plan.binding.clone(),
            gone,
            at: None,
        };
        let after = plan
            .predicted
            .as_ref()
            .map(|p| capacity::positions(&index, p));
        stale.push(Placed::new(&index, &l, after));
        leaving.push(l);
    }
    capacity::report(&index, &leaving, Some(stale), settings)
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
