//! The karmada-webhook's mutating handlers for PropagationPolicy and
//! ClusterPropagationPolicy (ClusterTaintPolicy has none), and the Go encoding of their
//! answer.

use serde_json::{json, Value};

use super::PolicyKind;
use crate::api::policy_schema::go_json::encode_struct;
use crate::api::policy_schema::structural::forget_newer;
use crate::api::policy_schema::PROPAGATION_SPEC;
use crate::engine::vocabulary::version::KarmadaVersion;

fn is_unset(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::Number(n)) => n.as_f64() == Some(0.0),
        _ => false,
    }
}

/// The spec as the mutating webhook returns it, or `None` for a kind without one:
/// selector namespaces default to the policy's (PropagationPolicy); a spread constraint
/// without field or label spreads by `cluster`, and `minGroups` 0 becomes 1;
/// `propagateDeps` is switched on for a `multicluster.x-k8s.io/v1alpha1` ServiceImport
/// selector; Divided without a division preference becomes Weighted; application
/// failover purging Gracefully without a grace period gets 600 s. The answer is the Go
/// encoding of the result by `version`'s structs (empty lists and zero values dropped,
/// fields the release does not have lost).
pub fn mutate(
    kind: PolicyKind,
    namespace: &str,
    spec: &Value,
    version: KarmadaVersion,
) -> Option<Value> {
    if kind == PolicyKind::ClusterTaintPolicy {
        return None;
    }
    let mut spec = spec.clone();
    if !spec.is_object() {
        spec = json!({});
    }
    forget_newer(PROPAGATION_SPEC, &mut spec, version.api_release());
    if kind == PolicyKind::PropagationPolicy {
        for selector in selectors_mut(&mut spec) {
            if is_unset(selector.get("namespace")) {
                selector["namespace"] = namespace.into();
            }
        }
    }
    if let Some(constraints) = spec
        .get_mut("placement")
        .and_then(|p| p.get_mut("spreadConstraints"))
        .and_then(Value::as_array_mut)
    {
        for c in constraints.iter_mut().filter(|c| c.is_object()) {
            if is_unset(c.get("spreadByLabel")) && is_unset(c.get("spreadByField")) {
                c["spreadByField"] = "cluster".into();
            }
            if is_unset(c.get("minGroups")) {
                c["minGroups"] = 1.into();
            }
        }
    }
    let service_import = selectors_mut(&mut spec).any(|s| {
        s.get("kind").and_then(Value::as_str) == Some("ServiceImport")
            && s.get("apiVersion").and_then(Value::as_str) == Some("multicluster.x-k8s.io/v1alpha1")
    });
    if service_import {
        spec["propagateDeps"] = true.into();
    }
    if let Some(scheduling) = spec
        .get_mut("placement")
        .and_then(|p| p.get_mut("replicaScheduling"))
        .filter(|s| s.is_object())
    {
        let divided = scheduling
            .get("replicaSchedulingType")
            .and_then(Value::as_str)
            == Some("Divided");
        if divided && is_unset(scheduling.get("replicaDivisionPreference")) {
            scheduling["replicaDivisionPreference"] = "Weighted".into();
        }
    }
    if let Some(app) = spec
        .get_mut("failover")
        .and_then(|f| f.get_mut("application"))
        .filter(|a| a.is_object())
    {
        let gracefully = app.get("purgeMode").and_then(Value::as_str) == Some("Gracefully");
        if gracefully && is_unset_pointer(app.get("gracePeriodSeconds")) {
            app["gracePeriodSeconds"] = 600.into();
        }
    }
    Some(encode_struct(PROPAGATION_SPEC, Some(&spec)).to_value())
}

fn is_unset_pointer(v: Option<&Value>) -> bool {
    matches!(v, None | Some(Value::Null))
}

fn selectors_mut(spec: &mut Value) -> impl Iterator<Item = &mut Value> {
    spec.get_mut("resourceSelectors")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
        .filter(|s| s.is_object())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_of_the_mutating_webhook() {
        let spec = json!({
            "resourceSelectors": [{"apiVersion": "multicluster.x-k8s.io/v1alpha1", "kind": "ServiceImport"}],
            "placement": {
                "spreadConstraints": [{"maxGroups": 2}],
                "replicaScheduling": {"replicaSchedulingType": "Divided"},
                "clusterAffinities": []
            },
            "failover": {"application": {"decisionConditions": {}, "purgeMode": "Gracefully"}}
        });
        let mutated = mutate(
            PolicyKind::PropagationPolicy,
            "apps",
            &spec,
            KarmadaVersion::MASTER,
        )
        .unwrap();
        assert_eq!(
            mutated,
            json!({
                "resourceSelectors": [{"apiVersion": "multicluster.x-k8s.io/v1alpha1", "kind": "ServiceImport", "namespace": "apps"}],
                "propagateDeps": true,
                "placement": {
                    "spreadConstraints": [{"spreadByField": "cluster", "maxGroups": 2, "minGroups": 1}],
                    "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted"}
                },
                "failover": {"application": {"decisionConditions": {}, "purgeMode": "Gracefully", "gracePeriodSeconds": 600}}
            })
        );
        assert_eq!(
            mutate(
                PolicyKind::ClusterTaintPolicy,
                "",
                &spec,
                KarmadaVersion::MASTER
            ),
            None
        );
    }
}
