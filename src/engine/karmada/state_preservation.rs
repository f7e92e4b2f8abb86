//! What Karmada does with `spec.failover.cluster.statePreservation` when a cluster
//! fails over (feature gate `StatefulFailoverInjection`, alpha, off by default):
//!
//! - **Extract** (the taint manager, just before it evicts): no rules, nothing is read
//!   and the task carries no state. Otherwise the failing cluster's item of
//!   `status.aggregatedStatus` must be there with a `status`, else the eviction fails and
//!   is retried: the binding is not evicted at all until the status is collected. Each
//!   rule's JSONPath (client-go's dialect, missing keys are errors, see
//!   [`super::jsonpath`]) runs on that status, and its output becomes the value of the
//!   rule's label; the first rule that fails fails the eviction the same way.
//! - **Inject** (the binding controller, writing the workload for a target cluster): the
//!   last eviction task's state is set as labels only when the binding has one target,
//!   that task's purge mode is `Directly` (or, before v1.19.0-rc.0, the deprecated
//!   `Immediately`), the target is not among the task's `clustersBeforeFailover`, and
//!   the state is not empty. Label values are not checked.
//!
//! Upstream: `pkg/controllers/cluster/taint_manager.go` (`extractStateForEviction`),
//! `pkg/util/helper/failover.go` (`BuildPreservedLabelState`, `parseJSONValue`),
//! `pkg/controllers/binding/common.go` (`injectReservedLabelState`).
//! Conformance: `state_preservation`, `application_failover` (its task options extract the
//! state).
//! Karmada: master f8fdd02 (unchanged since v1.15).

use std::collections::BTreeMap;

use serde_json::Value;

use super::admission::LEGACY_PURGE_MODES_REMOVED;
use super::jsonpath::{go_quote, JsonPath};
use crate::api::binding::{AggregatedStatusItem, GracefulEvictionTask};
use crate::api::policy::StatePreservation;
use crate::engine::vocabulary::version::KarmadaVersion;

/// The labels a failover carries, by label name.
pub type LabelState = BTreeMap<String, String>;

/// The error upstream returns when the failing cluster's status is not collected.
pub fn not_collected(cluster: &str) -> String {
    format!("the application status has not yet been collected from Cluster({cluster})")
}

/// One rule's value from a status, or upstream's error text.
pub fn rule_value(json_path: &str, status: &Value) -> Result<String, String> {
    let template = JsonPath::parse(json_path)?;
    template.execute(status).map_err(|cause| {
        format!(
            "failed to execute jsonpath {}: {cause}",
            go_quote(json_path)
        )
    })
}

/// `BuildPreservedLabelState`: every rule in order (a repeated label keeps the later
/// value); the first failing rule fails the whole call.
pub fn build_preserved_label_state(
    preservation: &StatePreservation,
    status: &Value,
) -> Result<LabelState, String> {
    let mut out = LabelState::new();
    for rule in &preservation.rules {
        out.insert(
            rule.alias_label_name.clone(),
            rule_value(&rule.json_path, status)?,
        );
    }
    Ok(out)
}

/// `extractStateForEviction`: `Ok(None)` without rules.
pub fn extract_state_for_eviction(
    preservation: Option<&StatePreservation>,
    aggregated: &[AggregatedStatusItem],
    cluster: &str,
) -> Result<Option<LabelState>, String> {
    let Some(p) = preservation.filter(|p| !p.rules.is_empty()) else {
        return Ok(None);
    };
    let status = aggregated
        .iter()
        .find(|i| *i.cluster_name == *cluster)
        .and_then(|i| i.status.as_deref())
        .filter(|s| !s.is_null())
        .ok_or_else(|| not_collected(cluster))?;
    build_preserved_label_state(p, status).map(Some)
}

/// Why the last task's state is not injected on `target` (`None`: it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotInjected {
    /// The binding has more than one target cluster.
    SeveralTargets,
    /// The binding has no graceful eviction task.
    NoTask,
    /// The last task's purge mode is not `Directly`.
    NotDirectly,
    /// The target was in the placement before the failover.
    TargetWasThere,
    /// The last task carries no state.
    NoState,
}

/// Whether a task's purge mode deletes the old copy at once in `version`: `Directly`,
/// and before v1.19.0-rc.0 also the deprecated `Immediately`.
pub fn purges_directly(mode: Option<&str>, version: KarmadaVersion) -> bool {
    match mode {
        Some("Directly") => true,
        Some("Immediately") => !LEGACY_PURGE_MODES_REMOVED.holds_in(version),
        _ => false,
    }
}

/// `injectReservedLabelState`'s decision in `version`: the labels to set on the workload
/// sent to `target`, or why none are.
pub fn labels_to_inject<'t>(
    tasks: &'t [GracefulEvictionTask],
    target: &str,
    targets: usize,
    version: KarmadaVersion,
) -> Result<&'t LabelState, NotInjected> {
    if targets > 1 {
        return Err(NotInjected::SeveralTargets);
    }
    let last = tasks.last().ok_or(NotInjected::NoTask)?;
    if !purges_directly(last.purge_mode.as_deref(), version) {
        return Err(NotInjected::NotDirectly);
    }
    if last.clusters_before_failover.iter().any(|c| c == target) {
        return Err(NotInjected::TargetWasThere);
    }
    last.preserved_label_state
        .as_ref()
        .filter(|s| !s.is_empty())
        .ok_or(NotInjected::NoState)
}

/// `injectReservedLabelState`: the workload's labels after the injection.
pub fn inject_reserved_label_state(
    tasks: &[GracefulEvictionTask],
    target: &str,
    targets: usize,
    mut labels: BTreeMap<String, String>,
    version: KarmadaVersion,
) -> BTreeMap<String, String> {
    if let Ok(state) = labels_to_inject(tasks, target, targets, version) {
        labels.extend(state.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_marked_immediately_is_injected_until_v1_19() {
        // pkg/controllers/binding/common.go: `!= Immediately && != Directly` up to v1.18.2,
        // `!= Directly` from v1.19.0-rc.0.
        let task = GracefulEvictionTask {
            purge_mode: Some("Immediately".into()),
            preserved_label_state: Some(BTreeMap::from([("k".into(), "v".into())])),
            ..Default::default()
        };
        let at = |v: &str| {
            labels_to_inject(std::slice::from_ref(&task), "m2", 1, v.parse().unwrap()).is_ok()
        };
        assert!(at("v1.15.0") && at("v1.18.2"));
        assert!(!at("v1.19.0-rc.0") && !at("master"));
        assert!(purges_directly(Some("Directly"), KarmadaVersion::MASTER));
        assert!(!purges_directly(
            Some("Graciously"),
            "v1.18.2".parse().unwrap()
        ));
    }
}
