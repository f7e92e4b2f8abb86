//! The cluster-taint-policy controller, one shot: condition matching
//! ([`conditions_match`], with the reason when not: [`explain_conditions`]), adding and
//! removing a policy's taints ([`add_taints`], [`remove_taints`]) and the evaluation of
//! every ClusterTaintPolicy on one cluster ([`evaluate_policies`]).
//!
//! Upstream: `pkg/controllers/taint/clustertaintpolicy_controller.go`
//! (`ClusterTaintPolicyController.Reconcile`, `conditionMatches`, `addTaintsOnCluster`,
//! `removeTaintsFromCluster`).
//! Conformance: `taint_policy_match`, `taint_policy_apply`.
//! Karmada: master f8fdd02.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::policy::{MatchCondition, PolicyTaint};
use crate::api::taint::describe_taints;
use crate::api::{Cluster, ClusterAffinity, ClusterTaintPolicy, Condition, Taint, Time};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};

/// Why `conditions` fail `match_conditions`, or `Ok` when they match. Upstream's rule:
/// requirements are ANDed and an empty list never matches; `In` holds when a condition
/// of that type has a listed status; `NotIn` holds when the last condition of that type
/// has an unlisted status; a missing condition type never holds; an unknown operator
/// makes the whole list fail.
pub fn explain_conditions(
    conditions: &[Condition],
    match_conditions: &[MatchCondition],
) -> Result<(), String> {
    if match_conditions.is_empty() {
        return Err("the policy lists no conditions".to_string());
    }
    // An unsupported operator fails the list as soon as upstream reaches it with a
    // condition of its type present; either way the list cannot match.
    for mc in match_conditions {
        if !matches!(mc.operator.as_str(), "In" | "NotIn") {
            return Err(format!(
                "condition {} uses unsupported operator {:?}",
                mc.condition_type, mc.operator
            ));
        }
    }
    for mc in match_conditions {
        let mut held = false;
        let mut seen: Option<&str> = None;
        for c in conditions.iter().filter(|c| c.type_ == mc.condition_type) {
            let listed = mc.status_values.contains(&c.status);
            seen = Some(c.status.as_str());
            if mc.operator == "In" {
                held |= listed;
            } else {
                held = !listed;
            }
        }
        if !held {
            return Err(match seen {
                None => format!("the cluster reports no {} condition", mc.condition_type),
                Some(status) => format!(
                    "{} is {status}, which is {}{:?}",
                    mc.condition_type,
                    if mc.operator == "In" {
                        "not in "
                    } else {
                        "in "
                    },
                    mc.status_values
                ),
            });
        }
    }
    Ok(())
}

/// Whether `conditions` satisfy every requirement of `match_conditions` (upstream's
/// rule, see [`explain_conditions`]).
pub fn conditions_match(conditions: &[Condition], match_conditions: &[MatchCondition]) -> bool {
    explain_conditions(conditions, match_conditions).is_ok()
}

fn same_taint(t: &Taint, p: &PolicyTaint) -> bool {
    t.key == p.key && t.effect == p.effect
}

/// The cluster's taints after adding a policy's taints: a taint with the same key and
/// effect already present is left as is (value included); new ones are appended in
/// policy order with `timeAdded = now`.
pub fn add_taints(
    cluster_taints: &[Taint],
    policy_taints: &[PolicyTaint],
    now: Timestamp,
) -> Vec<Taint> {
    let mut out = cluster_taints.to_vec();
    for p in policy_taints {
        if !out.iter().any(|t| same_taint(t, p)) {
            out.push(Taint {
                key: p.key.clone(),
                value: p.value.clone().filter(|v| !v.is_empty()),
                effect: p.effect.clone(),
                time_added: Some(Time(now)),
            });
        }
    }
    out
}

/// The cluster's taints after removing a policy's taints: for each policy taint, the
/// first taint with the same key and effect goes; the rest keep their order.
pub fn remove_taints(cluster_taints: &[Taint], policy_taints: &[PolicyTaint]) -> Vec<Taint> {
    let mut out = cluster_taints.to_vec();
    for p in policy_taints {
        if let Some(i) = out.iter().position(|t| same_taint(t, p)) {
            out.remove(i);
        }
    }
    out
}

/// What one policy did to the cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyOutcome {
    /// The policy's name.
    pub policy: String,
    /// Taints it added.
    pub added: Vec<Taint>,
    /// Taints it removed.
    pub removed: Vec<Taint>,
    /// The rules applied, in order.
    pub reasons: Vec<Reason>,
}

/// The result of evaluating every ClusterTaintPolicy on one cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyEvaluation {
    /// The cluster's taints afterwards.
    pub taints: Vec<Taint>,
    /// Whether they differ from the cluster's current taints.
    pub changed: bool,
    /// One outcome per policy, in evaluation (creation) order.
    pub policies: Vec<PolicyOutcome>,
}

fn describe_all(taints: &[PolicyTaint]) -> String {
    taints
        .iter()
        .map(|p| match p.value.as_deref() {
            Some(v) if !v.is_empty() => format!("{}={}:{}", p.key, v, p.effect),
            _ => format!("{}:{}", p.key, p.effect),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Evaluates `policies` on `cluster` at `now` as upstream's controller does: policies in
/// creation order (input order among equal or missing timestamps; missing sorts first);
/// a policy whose `targetClusters` is set and does not match (by `matches_affinity`, the
/// cluster-affinity matcher) is skipped; if its `addOnConditions` match, its taints are
/// added; then if its `removeOnConditions` match, they are removed.
pub fn evaluate_policies(
    policies: &[ClusterTaintPolicy],
    cluster: &Cluster,
    now: Timestamp,
    matches_affinity: impl Fn(&Cluster, &ClusterAffinity) -> bool,
) -> PolicyEvaluation {
    let mut ordered: Vec<&ClusterTaintPolicy> = policies.iter().collect();
    ordered.sort_by(|a, b| {
        a.metadata
            .creation_timestamp
            .cmp(&b.metadata.creation_timestamp)
    });

    let conditions: &[Condition] = cluster
        .status
        .as_ref()
        .map(|s| s.conditions.as_slice())
        .unwrap_or(&[]);
    let cluster_name = cluster.metadata.name.as_deref().unwrap_or_default();
    let mut taints = cluster.spec.taints.clone();
    let mut outcomes = Vec::with_capacity(ordered.len());

    for policy in ordered {
        let name = policy.metadata.name.clone().unwrap_or_default();
        let spec = &policy.spec;
        let mut outcome = PolicyOutcome {
            policy: name.clone(),
            added: vec![],
            removed: vec![],
            reasons: vec![],
        };
        if let Some(target) = &spec.target_clusters {
            if !matches_affinity(cluster, target) {
                outcome.reasons.push(Reason::new(
                    ReasonCode::PolicyTargetMismatch,
                    format!(
                        "policy {name}: cluster {cluster_name} is not among its targetClusters"
                    ),
                ));
                outcomes.push(outcome);
                continue;
            }
        }
        let policy_taints = describe_all(&spec.taints);

        match explain_conditions(conditions, &spec.add_on_conditions) {
            Ok(()) => {
                let next = add_taints(&taints, &spec.taints, now);
                outcome.added = next[taints.len()..].to_vec();
                taints = next;
                outcome.reasons.push(Reason::new(
                    ReasonCode::PolicyAddMatched,
                    format!(
                        "policy {name}: addOnConditions match; taints [{policy_taints}] {}",
                        if outcome.added.is_empty() {
                            "already present".to_string()
                        } else {
                            format!("added: {}", describe_taints(&outcome.added))
                        }
                    ),
                ));
            }
            Err(why) => outcome.reasons.push(Reason::new(
                ReasonCode::PolicyAddNotMatched,
                format!("policy {name}: addOnConditions do not match ({why})"),
            )),
        }

        match explain_conditions(conditions, &spec.remove_on_conditions) {
            Ok(()) => {
                let next = remove_taints(&taints, &spec.taints);
                outcome.removed = removed_between(&taints, &next);
                taints = next;
                outcome.reasons.push(Reason::new(
                    ReasonCode::PolicyRemoveMatched,
                    format!(
                        "policy {name}: removeOnConditions match; taints [{policy_taints}] {}",
                        if outcome.removed.is_empty() {
                            "not present".to_string()
                        } else {
                            format!("removed: {}", describe_taints(&outcome.removed))
                        }
                    ),
                ));
            }
            Err(why) => outcome.reasons.push(Reason::new(
                ReasonCode::PolicyRemoveNotMatched,
                format!("policy {name}: removeOnConditions do not match ({why})"),
            )),
        }
        outcomes.push(outcome);
    }

    let changed = taints != cluster.spec.taints;
    PolicyEvaluation {
        taints,
        changed,
        policies: outcomes,
    }
}

/// The elements of `before` missing from `after` (which is `before` minus some
/// elements, order kept).
fn removed_between(before: &[Taint], after: &[Taint]) -> Vec<Taint> {
    let mut removed = Vec::new();
    let mut j = 0;
    for t in before {
        if j < after.len() && after[j] == *t {
            j += 1;
        } else {
            removed.push(t.clone());
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ClusterStatus, ClusterTaintPolicySpec, ObjectMeta};

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    fn cond(t: &str, status: &str) -> Condition {
        Condition {
            type_: t.into(),
            status: status.into(),
            last_transition_time: Time(ts("2026-11-22T11:00:00Z")),
            message: String::new(),
            reason: "Probe".into(),
            observed_generation: None,
        }
    }

    fn mc(t: &str, op: &str, values: &[&str]) -> MatchCondition {
        MatchCondition {
            condition_type: t.into(),
            operator: op.into(),
            status_values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    fn pt(key: &str, value: Option<&str>, effect: &str) -> PolicyTaint {
        PolicyTaint {
            key: key.into(),
            value: value.map(Into::into),
            effect: effect.into(),
        }
    }

    fn taint(key: &str, value: Option<&str>, effect: &str, added: &str) -> Taint {
        Taint {
            key: key.into(),
            value: value.map(Into::into),
            effect: effect.into(),
            time_added: Some(Time(ts(added))),
        }
    }

    #[test]
    fn empty_match_list_never_matches() {
        assert!(!conditions_match(&[cond("Ready", "False")], &[]));
    }

    #[test]
    fn in_needs_a_listed_status() {
        let cs = [cond("Ready", "False")];
        assert!(conditions_match(
            &cs,
            &[mc("Ready", "In", &["False", "Unknown"])]
        ));
        assert!(!conditions_match(&cs, &[mc("Ready", "In", &["True"])]));
        assert!(!conditions_match(&cs, &[mc("Ready", "In", &[])]));
    }

    #[test]
    fn notin_needs_an_unlisted_status_of_an_existing_condition() {
        let cs = [cond("Ready", "False")];
        assert!(conditions_match(&cs, &[mc("Ready", "NotIn", &["True"])]));
        assert!(!conditions_match(&cs, &[mc("Ready", "NotIn", &["False"])]));
        assert!(conditions_match(&cs, &[mc("Ready", "NotIn", &[])]));
        assert!(!conditions_match(&cs, &[mc("Other", "NotIn", &["True"])]));
    }

    #[test]
    fn missing_condition_type_never_matches() {
        assert!(!conditions_match(&[], &[mc("Ready", "In", &["False"])]));
    }

    #[test]
    fn requirements_are_anded() {
        let cs = [cond("Ready", "False"), cond("Disk", "True")];
        assert!(conditions_match(
            &cs,
            &[mc("Ready", "In", &["False"]), mc("Disk", "In", &["True"])]
        ));
        assert!(!conditions_match(
            &cs,
            &[mc("Ready", "In", &["False"]), mc("Disk", "In", &["False"])]
        ));
    }

    #[test]
    fn unknown_operator_fails() {
        let cs = [cond("Ready", "False")];
        assert!(!conditions_match(&cs, &[mc("Ready", "Exists", &[])]));
        let err = explain_conditions(
            &cs,
            &[mc("Ready", "In", &["False"]), mc("Ready", "Gt", &[])],
        )
        .unwrap_err();
        assert!(err.contains("unsupported operator"));
    }

    #[test]
    fn duplicate_condition_types_follow_upstream() {
        // In: any listed; NotIn: the last one decides.
        let cs = [cond("Ready", "False"), cond("Ready", "True")];
        assert!(conditions_match(&cs, &[mc("Ready", "In", &["False"])]));
        assert!(!conditions_match(&cs, &[mc("Ready", "NotIn", &["True"])]));
        assert!(conditions_match(&cs, &[mc("Ready", "NotIn", &["False"])]));
    }

    const NOW: &str = "2026-11-22T12:00:00Z";

    #[test]
    fn add_keeps_existing_same_key_and_effect() {
        let existing = vec![taint("a", Some("old"), "NoExecute", "2026-11-22T10:00:00Z")];
        let out = add_taints(
            &existing,
            &[
                pt("a", Some("new"), "NoExecute"),
                pt("a", None, "NoSchedule"),
            ],
            ts(NOW),
        );
        assert_eq!(out[0], existing[0]);
        assert_eq!(out[1], taint("a", None, "NoSchedule", NOW));
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn add_deduplicates_within_the_policy() {
        let out = add_taints(
            &[],
            &[
                pt("a", Some("v"), "NoSchedule"),
                pt("a", Some("w"), "NoSchedule"),
            ],
            ts(NOW),
        );
        assert_eq!(out, vec![taint("a", Some("v"), "NoSchedule", NOW)]);
    }

    #[test]
    fn remove_takes_the_first_same_key_and_effect_and_keeps_order() {
        let existing = vec![
            taint("a", None, "NoSchedule", NOW),
            taint("b", Some("x"), "NoExecute", NOW),
            taint("c", None, "NoSchedule", NOW),
            taint("b", Some("y"), "NoExecute", NOW),
        ];
        let out = remove_taints(&existing, &[pt("b", Some("ignored"), "NoExecute")]);
        assert_eq!(
            out,
            vec![
                existing[0].clone(),
                existing[2].clone(),
                existing[3].clone()
            ]
        );
        let out = remove_taints(
            &existing,
            &[
                pt("b", None, "NoExecute"),
                pt("b", None, "NoExecute"),
                pt("z", None, "NoExecute"),
            ],
        );
        assert_eq!(out, vec![existing[0].clone(), existing[2].clone()]);
    }

    fn policy(
        name: &str,
        created: Option<&str>,
        spec: ClusterTaintPolicySpec,
    ) -> ClusterTaintPolicy {
        let mut p = ClusterTaintPolicy::new(name, spec);
        p.metadata = ObjectMeta {
            name: Some(name.into()),
            creation_timestamp: created.map(|c| Time(ts(c))),
            ..Default::default()
        };
        p
    }

    fn cluster(conditions: Vec<Condition>, taints: Vec<Taint>) -> Cluster {
        let mut c = Cluster::new("m1", Default::default());
        c.metadata.name = Some("m1".into());
        c.spec.taints = taints;
        c.status = Some(ClusterStatus {
            conditions,
            ..Default::default()
        });
        c
    }

    fn not_ready_policy(name: &str, created: &str, effect: &str) -> ClusterTaintPolicy {
        policy(
            name,
            Some(created),
            ClusterTaintPolicySpec {
                target_clusters: None,
                add_on_conditions: vec![mc("Ready", "In", &["False", "Unknown"])],
                remove_on_conditions: vec![mc("Ready", "In", &["True"])],
                taints: vec![pt("cluster.karmada.io/not-ready", None, effect)],
            },
        )
    }

    #[test]
    fn matching_policy_adds_its_taints() {
        let c = cluster(vec![cond("Ready", "False")], vec![]);
        let e = evaluate_policies(
            &[not_ready_policy("p", "2026-01-01T00:00:00Z", "NoExecute")],
            &c,
            ts(NOW),
            |_, _| true,
        );
        assert!(e.changed);
        assert_eq!(
            e.taints,
            vec![taint(
                "cluster.karmada.io/not-ready",
                None,
                "NoExecute",
                NOW
            )]
        );
        assert_eq!(e.policies[0].added.len(), 1);
        let codes: Vec<_> = e.policies[0].reasons.iter().map(|r| r.code).collect();
        assert_eq!(codes, ["policy-add-matched", "policy-remove-not-matched"]);
    }

    #[test]
    fn recovered_cluster_loses_the_taint() {
        let c = cluster(
            vec![cond("Ready", "True")],
            vec![taint(
                "cluster.karmada.io/not-ready",
                None,
                "NoExecute",
                "2026-11-22T11:00:00Z",
            )],
        );
        let e = evaluate_policies(
            &[not_ready_policy("p", "2026-01-01T00:00:00Z", "NoExecute")],
            &c,
            ts(NOW),
            |_, _| true,
        );
        assert!(e.changed);
        assert!(e.taints.is_empty());
        assert_eq!(e.policies[0].removed.len(), 1);
        assert_eq!(e.policies[0].reasons[1].code, "policy-remove-matched");
    }

    #[test]
    fn target_clusters_filter_with_the_given_matcher() {
        let mut p = not_ready_policy("p", "2026-01-01T00:00:00Z", "NoExecute");
        p.spec.target_clusters = Some(ClusterAffinity {
            cluster_names: vec!["other".into()],
            ..Default::default()
        });
        let c = cluster(vec![cond("Ready", "False")], vec![]);
        let by_name = |c: &Cluster, a: &ClusterAffinity| {
            a.cluster_names
                .iter()
                .any(|n| Some(n.as_str()) == c.metadata.name.as_deref())
        };
        let e = evaluate_policies(std::slice::from_ref(&p), &c, ts(NOW), by_name);
        assert!(!e.changed);
        assert_eq!(e.policies[0].reasons[0].code, "policy-target-mismatch");
        // nil targetClusters means every cluster, whatever the matcher says.
        p.spec.target_clusters = None;
        let e = evaluate_policies(&[p], &c, ts(NOW), |_, _| false);
        assert!(e.changed);
    }

    #[test]
    fn policies_run_in_creation_order() {
        // The later policy removes what the earlier one added (remove on Ready=False).
        let adder = not_ready_policy("adder", "2026-01-01T00:00:00Z", "NoSchedule");
        let remover = policy(
            "remover",
            Some("2026-02-01T00:00:00Z"),
            ClusterTaintPolicySpec {
                remove_on_conditions: vec![mc("Ready", "In", &["False"])],
                taints: vec![pt("cluster.karmada.io/not-ready", None, "NoSchedule")],
                ..Default::default()
            },
        );
        let c = cluster(vec![cond("Ready", "False")], vec![]);
        let e = evaluate_policies(&[remover.clone(), adder.clone()], &c, ts(NOW), |_, _| true);
        assert_eq!(
            e.policies
                .iter()
                .map(|p| p.policy.as_str())
                .collect::<Vec<_>>(),
            ["adder", "remover"]
        );
        assert!(e.taints.is_empty());
        assert!(!e.changed);
        // Swap creation times: the remover runs first and finds nothing; the adder adds.
        let mut remover2 = remover;
        remover2.metadata.creation_timestamp = Some(Time(ts("2025-01-01T00:00:00Z")));
        let e = evaluate_policies(&[adder, remover2], &c, ts(NOW), |_, _| true);
        assert_eq!(e.taints.len(), 1);
    }

    #[test]
    fn cluster_without_status_matches_nothing() {
        let mut c = cluster(vec![], vec![]);
        c.status = None;
        let e = evaluate_policies(
            &[not_ready_policy("p", "2026-01-01T00:00:00Z", "NoExecute")],
            &c,
            ts(NOW),
            |_, _| true,
        );
        assert!(!e.changed);
    }

    fn arb_policy_taint() -> impl proptest::strategy::Strategy<Value = PolicyTaint> {
        use proptest::prelude::*;
        (
            prop::sample::select(vec!["a", "b", "c"]),
            prop::option::of(prop::sample::select(vec!["x", "y"])),
            prop::sample::select(vec!["NoSchedule", "NoExecute", "PreferNoExecute"]),
        )
            .prop_map(|(k, v, e)| pt(k, v, e))
    }

    proptest::proptest! {
        #[test]
        fn adding_is_idempotent(
            existing in proptest::collection::vec(arb_policy_taint(), 0..5),
            policy in proptest::collection::vec(arb_policy_taint(), 0..5),
        ) {
            let now = ts(NOW);
            let existing = add_taints(&[], &existing, ts("2026-11-22T11:00:00Z"));
            let once = add_taints(&existing, &policy, now);
            proptest::prop_assert_eq!(add_taints(&once, &policy, now), once.clone());
            // Existing taints are never modified or reordered.
            proptest::prop_assert_eq!(&once[..existing.len()], &existing[..]);
        }

        #[test]
        fn removing_what_was_added_restores_the_taints(
            existing in proptest::collection::vec(arb_policy_taint(), 0..5),
            policy in proptest::collection::vec(arb_policy_taint(), 0..5),
        ) {
            let existing = add_taints(&[], &existing, ts("2026-11-22T11:00:00Z"));
            let fresh: Vec<PolicyTaint> = policy
                .into_iter()
                .filter(|p| !existing.iter().any(|t| same_taint(t, p)))
                .collect();
            let added = add_taints(&existing, &fresh, ts(NOW));
            proptest::prop_assert_eq!(remove_taints(&added, &fresh), existing);
        }
    }
}
