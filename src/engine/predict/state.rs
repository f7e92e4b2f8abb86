//! The state a stateful workload carries across a cluster failover, as every prediction
//! and `drain` take it: with the `StatefulFailoverInjection` gate on, the taint manager
//! extracts the labels of `spec.failover.cluster.statePreservation` from the failing
//! cluster's status before it evicts (or, when it cannot, does not evict at all and
//! retries), and the binding controller injects them on the new cluster only in the
//! narrow case upstream allows. Label values are never checked upstream: a value the
//! member's API rejects as a label is said here.
//!
//! The tool's own composition of the twin (`karmada/state_preservation.rs`).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::api::binding::GracefulEvictionTask;
use crate::api::policy::StatePreservation;
use crate::engine::karmada::state_preservation::{
    extract_state_for_eviction, labels_to_inject, not_collected, LabelState, NotInjected,
};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::fleet::Binding;

/// The binding's state-preservation rules, when it has any.
pub fn rules_of(binding: &Binding) -> Option<&StatePreservation> {
    binding
        .spec
        .failover
        .as_ref()?
        .cluster
        .as_ref()?
        .state_preservation
        .as_ref()
        .filter(|p| !p.rules.is_empty())
}

/// What the taint manager does about state when it evicts `binding` from `cluster`.
#[derive(Clone, Debug, PartialEq)]
pub enum Extraction {
    /// No rules: nothing is read, nothing carried.
    NoRules,
    /// Rules, but the gate is off: nothing is extracted or injected.
    GateOff(Reason),
    /// The labels the task carries.
    Carried(LabelState, Reason),
    /// The eviction fails and is retried: the binding is not evicted.
    Held(Reason),
}

/// The extraction for `binding` leaving `cluster`.
pub fn extract(binding: &Binding, cluster: &str, settings: &ControllerSettings) -> Extraction {
    let Some(rules) = rules_of(binding) else {
        return Extraction::NoRules;
    };
    if !settings.stateful_failover_injection {
        return Extraction::GateOff(Reason::new(
            ReasonCode::StateGateOff,
            format!(
                "{} statePreservation rule(s), but the StatefulFailoverInjection gate is off (assumed): no state is extracted or injected",
                rules.rules.len()
            ),
        ));
    }
    let aggregated = binding
        .status
        .as_ref()
        .map(|s| s.aggregated_status.as_slice())
        .unwrap_or_default();
    match extract_state_for_eviction(Some(rules), aggregated, cluster) {
        Ok(labels) => {
            let labels = labels.unwrap_or_default();
            let listed: Vec<String> = labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
            Extraction::Carried(
                labels,
                Reason::new(
                    ReasonCode::StateExtracted,
                    format!("the eviction task carries {}", listed.join(", ")),
                ),
            )
        }
        Err(e) if e == not_collected(cluster) => Extraction::Held(Reason::new(
            ReasonCode::StateNotCollected,
            format!("{e}: the taint manager fails on the binding and retries, so it is not evicted until Karmada has collected the workload's status from {cluster}"),
        )),
        Err(e) => Extraction::Held(Reason::new(
            ReasonCode::StateRuleFailed,
            format!("{e}: the taint manager fails on the binding and retries, so it is not evicted while the rule fails"),
        )),
    }
}

/// The carried labels whose values Kubernetes rejects as label values (at most 63
/// characters: alphanumerics, with `-`, `_`, `.` inside): the member's API refuses the
/// workload the binding controller sends with them.
pub fn invalid_label_values(labels: &LabelState) -> Vec<String> {
    labels
        .iter()
        .filter(|(_, v)| !valid_label_value(v))
        .map(|(k, v)| format!("{k}={v:?}"))
        .collect()
}

fn valid_label_value(v: &str) -> bool {
    let b = v.as_bytes();
    let alnum = |c: &u8| c.is_ascii_alphanumeric();
    v.is_empty()
        || (b.len() <= 63
            && alnum(&b[0])
            && alnum(&b[b.len() - 1])
            && b.iter()
                .all(|c| alnum(c) || matches!(c, b'-' | b'_' | b'.')))
}

/// What happens to carried labels on the new placement.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Injection {
    /// The cluster whose workload gets the labels, when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    pub reason: Reason,
}

/// Whether the binding controller injects `labels` after an eviction with `mode` from a
/// placement of `before`, onto the predicted `after` (cluster names; `None` when no
/// placement was predicted).
pub fn injection(
    labels: &LabelState,
    mode: PurgeMode,
    before: &[String],
    after: Option<&[String]>,
    version: KarmadaVersion,
) -> Injection {
    let task = GracefulEvictionTask {
        purge_mode: Some(mode.to_string()),
        preserved_label_state: Some(labels.clone()),
        clusters_before_failover: before.to_vec(),
        ..Default::default()
    };
    let not = |why: String| Injection {
        on: None,
        reason: Reason::new(ReasonCode::StateNotInjected, why),
    };
    let Some(after) = after else {
        return not("no new placement is predicted: nothing receives the labels".into());
    };
    let target = after.first().map(String::as_str).unwrap_or_default();
    match labels_to_inject(std::slice::from_ref(&task), target, after.len(), version) {
        Ok(_) => Injection {
            on: Some(target.to_string()),
            reason: Reason::new(
                ReasonCode::StateInjected,
                format!("the workload sent to {target} gets the labels (purge mode Directly, one target, new to the binding)"),
            ),
        },
        Err(NotInjected::SeveralTargets) => not(format!(
            "the new placement has {} clusters: upstream injects only into a single target",
            after.len()
        )),
        Err(NotInjected::NotDirectly) => not(format!(
            "purge mode {mode}: upstream injects only when the eviction purges Directly"
        )),
        Err(NotInjected::TargetWasThere) => not(format!(
            "{target} was in the placement before the failover: upstream injects only into a cluster new to the binding"
        )),
        Err(NotInjected::NoState | NotInjected::NoTask) => {
            not("the task carries no labels".into())
        }
    }
}

/// What a failover carries for one binding leaving one cluster, as reports show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CarriedState {
    /// The task's `preservedLabelState`.
    pub labels: BTreeMap<String, String>,
    pub injection: Injection,
    /// Carried values the member's API rejects as label values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invalid_values: Vec<String>,
}

/// The state of one pair's eviction for reports, and its reasons added to `reasons`:
/// the held reason when the eviction is held, the labels and their injection when it
/// happens.
pub fn carried(
    extraction: &Extraction,
    binding: &Binding,
    mode: Option<PurgeMode>,
    evicted: bool,
    after: Option<&[String]>,
    version: KarmadaVersion,
    reasons: &mut Vec<Reason>,
) -> Option<CarriedState> {
    match extraction {
        Extraction::NoRules => None,
        Extraction::GateOff(why) => {
            reasons.push(why.clone());
            None
        }
        Extraction::Held(why) => {
            reasons.push(why.clone());
            None
        }
        Extraction::Carried(..) if !evicted => None,
        Extraction::Carried(labels, why) => {
            reasons.push(why.clone());
            let before: Vec<String> = binding
                .spec
                .clusters
                .iter()
                .map(|t| t.name.clone())
                .collect();
            let injection = injection(
                labels,
                mode.unwrap_or(PurgeMode::Gracefully),
                &before,
                after,
                version,
            );
            reasons.push(injection.reason.clone());
            let invalid_values = invalid_label_values(labels);
            if !invalid_values.is_empty() {
                reasons.push(Reason::new(
                    ReasonCode::StateLabelInvalid,
                    format!(
                        "not valid label values (at most 63 characters, alphanumerics with - _ . inside): {}; upstream does not check them, and the member's API rejects the workload sent with them",
                        invalid_values.join(", ")
                    ),
                ));
            }
            Some(CarriedState {
                labels: labels.clone(),
                injection,
                invalid_values,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::predict::simulate::{simulate, Scenario, Verdict};
    use crate::engine::ReasonCode;
    use crate::fleet::{Binding, BindingKind, FleetState};
    use serde_json::json;

    fn cluster(name: &str, taints: serde_json::Value) -> crate::api::Cluster {
        serde_json::from_value(json!({
            "metadata": {"name": name},
            "spec": {"taints": taints},
            "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "", "message": "",
                "lastTransitionTime": "2026-11-01T00:00:00Z"}],
                "apiEnablements": [{"groupVersion": "flink.apache.org/v1beta1", "resources": [{"name": "flinkdeployments", "kind": "FlinkDeployment"}]}]}
        }))
        .unwrap()
    }

    /// A Flink job on m1 (may go to m2), purge mode `mode`, with two rules.
    fn flink(mode: &str, status: serde_json::Value) -> Binding {
        let placement = json!({"clusterAffinity": {"clusterNames": ["m1", "m2"]},
            "spreadConstraints": [{"spreadByField": "cluster", "maxGroups": 1, "minGroups": 1}]});
        let mut b: Binding = serde_json::from_value(json!({
            "metadata": {"name": "flink", "namespace": "ns",
                "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
            "spec": {
                "resource": {"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkDeployment", "name": "flink", "namespace": "ns"},
                "replicas": 1,
                "placement": placement,
                "clusters": [{"name": "m1", "replicas": 1}],
                "failover": {"cluster": {"purgeMode": mode, "statePreservation": {"rules": [
                    {"aliasLabelName": "job-id", "jsonPath": "{.jobStatus.jobID}"},
                    {"aliasLabelName": "state", "jsonPath": "{.jobStatus.state}"}]}}}
            },
            "status": {"aggregatedStatus": [{"clusterName": "m1", "status": status}]}
        }))
        .unwrap();
        b.kind = BindingKind::ResourceBinding;
        b
    }

    fn run(b: Binding, gate: bool) -> crate::engine::predict::simulate::PairOutcome {
        let state = FleetState {
            clusters: vec![
                cluster(
                    "m1",
                    json!([{"key": "down", "effect": "NoExecute", "timeAdded": "2026-11-22T12:00:00Z"}]),
                ),
                cluster("m2", json!([])),
            ],
            bindings: vec![b],
            ..Default::default()
        };
        let now: jiff::Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let sim = simulate(
            &state,
            &Scenario {
                targets: Vec::new(),
                taints: Vec::new(),
                now,
                until: now + jiff::SignedDuration::from_hours(1),
                recover_at: None,
                recoveries: Vec::new(),
                replaced: Vec::new(),
                settings: ControllerSettings {
                    failover_feature_gate: true,
                    enable_no_execute_taint_eviction: true,
                    stateful_failover_injection: gate,
                    ..Default::default()
                },
                queue: Default::default(),
            },
        );
        sim.outcomes.into_iter().next().unwrap()
    }

    fn codes(o: &crate::engine::predict::simulate::PairOutcome) -> Vec<ReasonCode> {
        o.reasons().map(|r| r.code).collect()
    }

    #[test]
    fn the_labels_go_with_the_eviction_and_onto_the_one_new_cluster() {
        let o = run(
            flink(
                "Directly",
                json!({"jobStatus": {"jobID": "abc", "state": "RUNNING"}}),
            ),
            true,
        );
        assert_eq!(o.verdict, Verdict::Evict);
        let s = o.state.as_ref().unwrap();
        assert_eq!(
            s.labels,
            [
                ("job-id".to_string(), "abc".to_string()),
                ("state".into(), "RUNNING".into())
            ]
            .into()
        );
        assert_eq!(s.injection.on.as_deref(), Some("m2"));
        assert!(codes(&o).contains(&ReasonCode::StateInjected));
    }

    #[test]
    fn gracefully_carries_the_labels_but_injects_nothing() {
        let o = run(
            flink(
                "Gracefully",
                json!({"jobStatus": {"jobID": "abc", "state": "RUNNING"}}),
            ),
            true,
        );
        let s = o.state.as_ref().unwrap();
        assert_eq!(s.injection.on, None);
        assert!(
            s.injection
                .reason
                .message
                .starts_with("purge mode Gracefully"),
            "{s:?}"
        );
    }

    #[test]
    fn a_missing_status_or_a_failing_rule_holds_the_eviction() {
        let o = run(flink("Directly", serde_json::Value::Null), true);
        assert_eq!(o.verdict, Verdict::Held);
        assert_eq!(o.rule().code, ReasonCode::StateNotCollected);
        let o = run(
            flink("Directly", json!({"jobStatus": {"jobID": "abc"}})),
            true,
        );
        assert_eq!(o.verdict, Verdict::Held);
        assert_eq!(o.rule().code, ReasonCode::StateRuleFailed);
        assert!(
            o.rule().message.starts_with(
                "failed to execute jsonpath \"{.jobStatus.state}\": state is not found"
            ),
            "{}",
            o.rule().message
        );
        // Without the gate nothing is read: the eviction goes ahead, carrying nothing.
        let o = run(flink("Directly", serde_json::Value::Null), false);
        assert_eq!(o.verdict, Verdict::Evict);
        assert!(o.state.is_none());
        assert!(codes(&o).contains(&ReasonCode::StateGateOff));
    }

    #[test]
    fn values_kubernetes_rejects_as_labels_are_said() {
        let o = run(
            flink(
                "Directly",
                json!({"jobStatus": {"jobID": "a b", "state": 1.7953056e12}}),
            ),
            true,
        );
        let s = o.state.as_ref().unwrap();
        assert_eq!(s.labels["state"], "1.7953056e+12");
        assert_eq!(
            s.invalid_values,
            ["job-id=\"a b\"", "state=\"1.7953056e+12\""]
        );
        assert!(codes(&o).contains(&ReasonCode::StateLabelInvalid));
        assert!(
            valid_label_value("")
                && valid_label_value("a.b-c_d")
                && !valid_label_value(&"x".repeat(64))
        );
    }
}
