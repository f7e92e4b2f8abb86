//! The `policy apply` lint of `spec.failover.cluster.statePreservation`: rules that
//! upstream never injects (a purge mode other than `Directly`, a placement that can
//! hold more than one cluster), and JSONPath filters that always fail (an integer
//! literal never compares with a JSON number, which is a float64).

use serde_json::Value;

use crate::engine::karmada::jsonpath::JsonPath;
use crate::engine::vocabulary::lint_finding::{Finding, LintCode};

fn get<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .filter(|x| !x.is_null())
}

/// Whether the placement keeps a binding on one cluster: a spread constraint by
/// cluster with `maxGroups` 1, or an affinity naming a single cluster.
fn single_cluster(spec: &Value) -> bool {
    let spread = get(spec, &["placement", "spreadConstraints"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .any(|c| {
            c.get("spreadByField").and_then(Value::as_str) == Some("cluster")
                && c.get("maxGroups").and_then(Value::as_i64) == Some(1)
        });
    let one_name = get(spec, &["placement", "clusterAffinity", "clusterNames"])
        .and_then(Value::as_array)
        .is_some_and(|n| n.len() == 1);
    spread || one_name
}

/// The findings on the rules of `admitted` (the spec as stored).
pub fn lint_state(admitted: &Value, out: &mut Vec<Finding>) {
    let rules = get(
        admitted,
        &["failover", "cluster", "statePreservation", "rules"],
    )
    .and_then(Value::as_array)
    .map(Vec::as_slice)
    .unwrap_or_default();
    if rules.is_empty() {
        return;
    }
    let mode = get(admitted, &["failover", "cluster", "purgeMode"])
        .and_then(Value::as_str)
        .unwrap_or("Gracefully");
    if mode != "Directly" {
        out.push(Finding {
            code: LintCode::StateNeverInjected,
            field: Some("spec.failover.cluster.purgeMode".into()),
            message: format!(
                "statePreservation with purge mode {mode}: upstream extracts the labels but injects them only when the eviction purges Directly, so the new copy never gets them"
            ),
            fix: "set spec.failover.cluster.purgeMode: Directly (the old copy goes with the eviction), or drop the rules".into(),
        });
    }
    if !single_cluster(admitted) {
        out.push(Finding {
            code: LintCode::StateSeveralTargets,
            field: Some("spec.placement".into()),
            message: "statePreservation on a placement that can hold more than one cluster: upstream injects the labels only when the binding has exactly one target after the failover".into(),
            fix: "keep the workload on one cluster (spreadConstraints: spreadByField cluster, maxGroups 1)".into(),
        });
    }
    for (i, rule) in rules.iter().enumerate() {
        let path = rule
            .get("jsonPath")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if JsonPath::parse(path).is_ok_and(|t| t.compares_integers()) {
            out.push(Finding {
                code: LintCode::StateIntegerFilter,
                field: Some(format!("spec.failover.cluster.statePreservation.rules[{i}].jsonPath")),
                message: format!(
                    "{path:?} compares with an integer literal: status numbers are float64 to upstream's JSONPath, so the comparison always fails (incompatible types for comparison) and the eviction is held back"
                ),
                fix: "write the literal as a float (10.0 instead of 10)".into(),
            });
        }
    }
}
