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
    index.predict_placed(&after, spec.placement.as_ref(), binding.observed_affinity())
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
    let placement = spec.placement.as_ref();
    let Some(candidates) = index.candidates(spec, placement) else {
        return each
            .iter()
            .map(|&p| {
                let gone = [(index.name(p), PurgeMode::Gracefully)];
                evict_and_predict(index, binding, &gone).map(|p| p.clusters)
            })
            .collect();
    };
    let bare = without_placement(spec);
    each.iter()
        .map(|&p| {
            let gone = [(index.name(p), PurgeMode::Gracefully)];
            if !spec.clusters.iter().any(|t| t.name == gone[0].0) {
                // Not in the result: the eviction changes nothing, the cluster stays in.
                return evict_and_predict(index, binding, &gone).map(|p| p.clusters);
            }
            let after = evicted_from(spec, bare.clone(), &gone);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::karmada::scheduler::FleetIndex;
    use crate::fleet::FleetState;

    /// Every binding of `state`, evicted from each cluster of its result in turn: the
    /// shared candidates give what the whole prediction of each eviction gives.
    fn each_agrees_with_one_by_one(state: &FleetState) -> usize {
        let index = FleetIndex::new(&state.clusters);
        let mut checked = 0;
        for b in &state.bindings {
            let each: Vec<usize> = b
                .spec
                .clusters
                .iter()
                .filter_map(|t| index.position(&t.name))
                .collect();
            let shared = evict_each_and_predict(&index, b, &each);
            for (&p, got) in each.iter().zip(shared) {
                let gone = [(index.name(p), PurgeMode::Gracefully)];
                let want = evict_and_predict(&index, b, &gone).map(|p| p.clusters);
                assert_eq!(got, want, "{} without {}", b.display_name(), index.name(p));
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn evictions_one_at_a_time_share_candidates_exactly_on_a_generated_fleet() {
        let text = crate::fleetgen::fleet_to_vec(&crate::fleetgen::FleetSpec::new(60, 3_000, 11));
        let mut state = FleetState::default();
        crate::state::parse_documents("gen.json", std::str::from_utf8(&text).unwrap(), &mut state)
            .unwrap();
        // A second copy of each binding spread over regions (whole regions chosen by
        // score), so selection by region is held too.
        let regional: Vec<_> = state
            .bindings
            .iter()
            .take(500)
            .filter_map(|b| {
                let mut b = b.clone();
                let placement = b.spec.placement.as_mut()?;
                placement.spread_constraints = serde_json::from_value(serde_json::json!([
                    {"spreadByField": "region", "minGroups": 1, "maxGroups": 2},
                    {"spreadByField": "cluster", "minGroups": 1, "maxGroups": 4}
                ]))
                .unwrap();
                Some(b)
            })
            .collect();
        state.bindings.extend(regional);
        assert!(each_agrees_with_one_by_one(&state) > 3_000);
    }

    #[test]
    fn evictions_one_at_a_time_share_candidates_exactly_on_the_examples() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
                continue;
            }
            let state = crate::state::load_snapshot(&path).unwrap();
            checked += each_agrees_with_one_by_one(&state);
        }
        assert!(checked > 10, "{checked}");
    }
}
