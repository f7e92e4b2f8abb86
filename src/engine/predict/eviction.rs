//! A binding after the taint manager evicts it from some clusters, and the scheduler's
//! prediction for it: the one evict-and-predict path of every prediction (`dry-run`,
//! `policy explain`, the previews, the capacity sweep).

use crate::api::BindingSpec;
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
    index.predict(
        &evicted_spec(&binding.spec, gone),
        binding.observed_affinity(),
    )
}

/// `spec` after the taint manager evicts each of `gone` (cluster and purge mode).
pub fn evicted_spec(spec: &BindingSpec, gone: &[(&str, PurgeMode)]) -> BindingSpec {
    let mut after = spec.clone();
    let before: Vec<String> = spec.clusters.iter().map(|t| t.name.clone()).collect();
    for (cluster, purge) in gone {
        let mut options = EvictOptions::taint_manager(*purge);
        options.clusters_before_failover = before.clone();
        graceful_evict_cluster(&mut after, cluster, &options);
    }
    after
}
