//! Who cleans up Pending replicas: karmada-descheduler's second move.
//!
//! Upstream's descheduler runs only beside the scheduler-estimators (it asks each
//! member's estimator how many pods of a workload stayed unschedulable). Every
//! `--descheduling-interval` (2m) it takes the ResourceBindings of `apps/v1` Deployments
//! whose applied placement divides replicas dynamically (Divided with `dynamicWeight`, or
//! Aggregated), and on each cluster where fewer replicas are ready than assigned, lowers
//! the assignment by the pods unschedulable for longer than `--unschedulable-threshold`
//! (5m), never below the ready count. The scheduler then sees fewer replicas assigned
//! than wanted and scales the binding up elsewhere, against the room the members now
//! report. Every other binding (Duplicated, static weights, other kinds,
//! ClusterResourceBindings) keeps its Pending replicas until room frees up.
//!
//! The prediction: each eligible binding's Pending replicas (as [`super::capacity`]
//! counted them, in the scheduler's order) are taken off, and the scale-up placed against
//! the clusters' room after the replicas that fit are running; what still does not fit
//! stays Pending.
//!
//! Upstream: `pkg/descheduler/descheduler.go` (`worker`, `updateScheduleResult`),
//! `pkg/descheduler/core/filter.go` (`FilterBindings`), `pkg/descheduler/core/helper.go`
//! (`GetUndesiredClusters`), `pkg/util/helper/binding.go` (`IsReplicaDynamicDivided`),
//! `pkg/estimator/server/replica/replica.go` (`GetUnschedulablePodsOfWorkload`),
//! `cmd/descheduler/app/options/options.go` (defaults). Karmada: master f8fdd02.

use std::collections::BTreeMap;

use serde::Serialize;

use super::burst::{evicted_from, positions, Placed};
use super::fit::ClusterFit;
use crate::engine::karmada::scheduler::division::Strategy;
use crate::engine::karmada::scheduler::{FleetIndex, Room};
use crate::engine::karmada::toleration::applied_placement;
use crate::engine::vocabulary::settings::DeschedulerSettings;
use crate::fleet::{Binding, BindingKind};

/// One binding's Pending replicas taken off the clusters they wait on and placed again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SecondMove {
    pub binding: String,
    /// The clusters the Pending replicas are taken off, and how many from each.
    pub from: BTreeMap<String, i64>,
    /// Where the scheduler places them (cluster, replicas); empty when nowhere.
    pub to: BTreeMap<String, i64>,
    /// How many of them still find no room.
    pub still_pending: i64,
}

/// What happens to the replicas a burst leaves Pending.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Descheduling {
    /// Whether karmada-descheduler runs (with the members' scheduler-estimators).
    pub running: bool,
    /// When the second move comes, in seconds after the Pending pods were created:
    /// the unschedulable threshold, and the threshold plus one descheduling interval.
    pub after_seconds: [i64; 2],
    /// The moves, in the scheduler's order.
    pub moves: Vec<SecondMove>,
    /// Pending replicas the descheduler does not touch (not a dynamically divided
    /// Deployment of a ResourceBinding, or no descheduler), by binding.
    pub untouched: BTreeMap<String, i64>,
    /// Replicas still Pending after the second move.
    pub still_pending: i64,
}

/// Whether upstream's descheduler handles `binding`: a ResourceBinding of an `apps/v1`
/// Deployment whose applied placement divides replicas dynamically.
pub fn eligible(binding: &Binding) -> bool {
    let resource = &binding.spec.resource;
    if binding.kind != BindingKind::ResourceBinding
        || *resource.api_version != *"apps/v1"
        || *resource.kind != *"Deployment"
    {
        return false;
    }
    let Ok(Some(placement)) = applied_placement(binding.annotations()) else {
        return false;
    };
    matches!(
        Strategy::of(Some(&placement)),
        Some(Strategy::DynamicWeight | Strategy::Aggregated)
    )
}

/// Pending replicas per binding and cluster, as `clusters` counted them.
fn pending(clusters: &[ClusterFit]) -> BTreeMap<&str, Vec<(&str, i64)>> {
    let mut out: BTreeMap<&str, Vec<(&str, i64)>> = BTreeMap::new();
    for c in clusters {
        for a in &c.at_risk {
            if a.fits < a.replicas {
                out.entry(a.binding.as_str())
                    .or_default()
                    .push((c.cluster.as_str(), a.replicas - a.fits));
            }
        }
    }
    out
}

/// The descheduler's second move over the burst `placed` (in the scheduler's order),
/// whose arrivals `clusters` counted; `room` is the clusters' room once the replicas
/// that fit run.
pub fn second_move(
    index: &FleetIndex,
    placed: &[Placed],
    clusters: &[ClusterFit],
    mut room: Room,
    settings: &DeschedulerSettings,
) -> Descheduling {
    let by_binding = pending(clusters);
    let mut out = Descheduling {
        running: settings.running,
        after_seconds: [
            settings.unschedulable_threshold_seconds,
            settings.unschedulable_threshold_seconds + settings.descheduling_interval_seconds,
        ],
        moves: Vec::new(),
        untouched: BTreeMap::new(),
        still_pending: 0,
    };
    for p in placed {
        let Some(gone) = by_binding.get(p.key.as_str()) else {
            continue;
        };
        if !settings.running || !eligible(p.binding) {
            let n: i64 = gone.iter().map(|(_, n)| n).sum();
            out.untouched.insert(p.key.clone(), n);
            out.still_pending += n;
            continue;
        }
        let m = move_off(index, p, gone, &mut room);
        out.still_pending += m.still_pending;
        out.moves.push(m);
    }
    out
}

/// Take `gone` (cluster, Pending replicas) off `p`'s placement and let the scheduler
/// scale it up against `room`; the replicas that fit are taken off it.
fn move_off(index: &FleetIndex, p: &Placed, gone: &[(&str, i64)], room: &mut Room) -> SecondMove {
    // The spec as the scheduler left it: the evictions' tasks keep the clusters it left
    // out (they outlive the descheduler's threshold while the workload is not healthy).
    let mut spec = evicted_from(p.binding, &p.gone);
    spec.clusters = p
        .after
        .iter()
        .flatten()
        .map(|&(at, replicas)| crate::api::TargetCluster {
            name: index.name(at as usize).to_string(),
            replicas,
            ..Default::default()
        })
        .collect();
    for (cluster, n) in gone {
        if let Some(t) = spec.clusters.iter_mut().find(|t| t.name == *cluster) {
            t.replicas -= i32::try_from(*n).unwrap_or(i32::MAX).min(t.replicas);
        }
    }
    let before = positions(index, &spec.clusters);
    let after = index
        .predict_with(&spec, p.binding.observed_affinity(), room)
        .ok()
        .map(|pr| positions(index, &pr.clusters));
    let mut to = BTreeMap::new();
    let mut fitted = 0;
    for &(at, replicas) in after.iter().flatten() {
        let was = before.iter().find(|(b, _)| *b == at).map_or(0, |(_, r)| *r);
        let n = i64::from(replicas - was);
        if n <= 0 {
            continue;
        }
        let capacity = room.get_mut(index, at as usize);
        let take = i64::from(capacity.max_replicas(&p.request)).min(n);
        capacity.assume(&p.request, take);
        fitted += take;
        to.insert(index.name(at as usize).to_string(), n);
    }
    let from: BTreeMap<String, i64> = gone.iter().map(|(c, n)| (c.to_string(), *n)).collect();
    let total: i64 = from.values().sum();
    SecondMove {
        binding: p.key.clone(),
        from,
        to,
        still_pending: (total - fitted).max(0),
    }
}
