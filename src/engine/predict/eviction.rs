//! A binding after the taint manager evicts it from some clusters, and the scheduler's
//! prediction for it: the one evict-and-predict path of every prediction (`dry-run`,
//! `policy explain`, the previews, the capacity sweep).

use crate::api::{BindingSpec, TargetCluster};
use crate::engine::karmada::graceful_eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::karmada::scheduler::{FleetIndex, PlacementError, Prediction};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::fleet::Binding;

/// The binding's spec after the taint manager evicts each of `gone` (cluster and purge
/// mode), and the scheduler's prediction for it: the one evict-and-predict path of
/// `dry-run`, `policy explain` and every preview.
pub fn evict_and_predict(
    index: &FleetIndex,
    binding: &Binding,
    gone: &[(&str, PurgeMode)],
) -> Result<Prediction, PlacementError> {
    let spec = &binding.spec;
    let after = evicted_from(spec, without_placement(spec), gone);
    index.predict_placed(
        &after,
        spec.placement.as_deref(),
        binding.observed_affinity(),
    )
}

/// The binding's results once the taint manager evicts it from each of the clusters at
/// `each` (fleet positions of clusters of its result), one at a time: each as
/// [`evict_and_predict`] of that cluster alone, with the filters, scores and order of its
/// candidates worked out once for all of them where that is exact
/// ([`FleetIndex::candidates`]). The purge mode changes no prediction (the scheduler
/// reads only which clusters have a task).
pub fn evict_each_and_predict(
    index: &FleetIndex,
    binding: &Binding,
    each: &[usize],
) -> Vec<Result<Vec<TargetCluster>, PlacementError>> {
    let spec = &binding.spec;
    let placement = spec.placement.as_deref();
    let whole = |p: usize| {
        let gone = [(index.name(p), PurgeMode::Gracefully)];
        evict_and_predict(index, binding, &gone).map(|p| p.clusters)
    };
    let Some(candidates) = index.candidates(spec, placement) else {
        return each.iter().map(|&p| whole(p)).collect();
    };
    let bare = without_placement(spec);
    each.iter()
        .map(|&p| {
            let name = index.name(p);
            if !spec.clusters.iter().any(|t| t.name == name) {
                // Not in the result: the eviction changes nothing, the cluster stays in.
                return whole(p);
            }
            let after = evicted_from(spec, bare.clone(), &[(name, PurgeMode::Gracefully)]);
            candidates.without(p, &after, placement)
        })
        .collect()
}

/// A copy of `spec` without its placement: what an eviction changes, to predict with
/// [`FleetIndex::predict_placed`] and the placement it leaves as it is (copying the
/// placement is most of copying a spec).
pub fn without_placement(spec: &BindingSpec) -> BindingSpec {
    let BindingSpec {
        resource,
        replicas,
        replica_requirements,
        clusters,
        placement: _,
        graceful_eviction_tasks,
        failover,
        scheduler_name,
        propagate_deps,
        conflict_resolution,
        reschedule_triggered_at,
        schedule_priority,
    } = spec;
    BindingSpec {
        resource: resource.clone(),
        replicas: *replicas,
        replica_requirements: replica_requirements.clone(),
        clusters: clusters.clone(),
        graceful_eviction_tasks: graceful_eviction_tasks.clone(),
        failover: failover.clone(),
        scheduler_name: scheduler_name.clone(),
        propagate_deps: *propagate_deps,
        conflict_resolution: conflict_resolution.clone(),
        reschedule_triggered_at: reschedule_triggered_at.clone(),
        schedule_priority: schedule_priority.clone(),
        placement: None,
    }
}

/// `spec` after the taint manager evicts each of `gone` (cluster and purge mode).
pub fn evicted_spec(spec: &BindingSpec, gone: &[(&str, PurgeMode)]) -> BindingSpec {
    evicted_from(spec, spec.clone(), gone)
}

/// `after` (a copy of `spec`) once the taint manager evicts each of `gone`.
fn evicted_from(
    spec: &BindingSpec,
    mut after: BindingSpec,
    gone: &[(&str, PurgeMode)],
) -> BindingSpec {
    let before: Vec<String> = spec.clusters.iter().map(|t| t.name.clone()).collect();
    for (cluster, purge) in gone {
        let mut options = EvictOptions::taint_manager(*purge);
        options.clusters_before_failover = before.clone();
        graceful_evict_cluster(&mut after, cluster, &options);
    }
    after
}
