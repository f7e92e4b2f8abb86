//! Where a cluster that is not Ready stands on the way from "it stopped answering" to
//! "its workloads moved": `Ready` changed (the cluster-status controller or the
//! monitor), the cluster controller's scheduling taint, and then either a `NoExecute`
//! taint (the taint manager evicts), one a ClusterTaintPolicy matches but has not added
//! yet, or none coming at all (nothing is evicted, whatever anyone waits for). Read by
//! `evictions list`, `history` and the taint preview, which see clusters mid-way.
//!
//! The tool's own reading of a cluster; the rules it applies are the twin's
//! (`karmada/cluster_health.rs` for the scheduling taints,
//! `karmada/cluster_taint_policy.rs` for the policies).

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::describe_taint;
use crate::api::{Cluster, ClusterTaintPolicy};
use crate::engine::karmada::cluster_affinity::cluster_matches_affinity;
use crate::engine::karmada::cluster_health::{NOT_READY_TAINT, UNREACHABLE_TAINT};
use crate::engine::karmada::cluster_taint_policy::evaluate_policies;

/// The step a cluster is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Step {
    /// It carries a `NoExecute` taint: the taint manager evicts what does not tolerate it.
    Evicting,
    /// A ClusterTaintPolicy matches its condition, but its `NoExecute` taint is not
    /// there (the controller adds it at once: it is not running, or it just happened).
    TaintPending,
    /// No ClusterTaintPolicy adds a `NoExecute` taint for its condition: nothing is
    /// evicted for as long as it stays so.
    NoEvictionComing,
    /// The ClusterTaintPolicies could not be read: whether a taint comes is unknown.
    PoliciesUnknown,
}

/// A taint and when it was added.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintSince {
    /// `KEY[=VALUE]:EFFECT`.
    pub taint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<Timestamp>,
}

/// A cluster mid-way.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PipelineStep {
    pub cluster: String,
    pub step: Step,
    /// `False` or `Unknown`.
    pub ready: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_since: Option<Timestamp>,
    /// The cluster controller's `not-ready` / `unreachable` `NoSchedule` taints.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scheduling_taints: Vec<TaintSince>,
    /// Its `NoExecute` taints.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub noexecute_taints: Vec<TaintSince>,
    /// Policies that match its condition and would add a `NoExecute` taint it lacks:
    /// `POLICY adds TAINT`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<String>,
}

impl Step {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

fn since(t: &crate::api::Taint) -> TaintSince {
    TaintSince {
        taint: describe_taint(t),
        since: t.time_added.as_ref().map(|x| x.0),
    }
}

/// Where `cluster` stands, if it is not Ready; `policies` is `None` when they could not
/// be read.
pub fn step_of(
    cluster: &Cluster,
    policies: Option<&[ClusterTaintPolicy]>,
    now: Timestamp,
) -> Option<PipelineStep> {
    // A cluster without a Ready condition has not been probed yet (just joined): it is
    // not on its way anywhere.
    let ready = cluster.condition("Ready")?;
    if ready.status == "True" {
        return None;
    }
    let taints = cluster.taints();
    let scheduling_taints = taints
        .iter()
        .filter(|t| {
            t.effect == "NoSchedule"
                && [NOT_READY_TAINT, UNREACHABLE_TAINT].contains(&t.key.as_str())
        })
        .map(since)
        .collect();
    let noexecute_taints: Vec<TaintSince> = taints
        .iter()
        .filter(|t| t.effect == "NoExecute")
        .map(since)
        .collect();
    let pending: Vec<String> = match policies {
        Some(p) => evaluate_policies(p, cluster, now, cluster_matches_affinity)
            .policies
            .iter()
            .flat_map(|o| {
                o.added
                    .iter()
                    .filter(|t| t.effect == "NoExecute")
                    .map(move |t| format!("{} adds {}", o.policy, describe_taint(t)))
            })
            .collect(),
        None => Vec::new(),
    };
    let step = match (noexecute_taints.is_empty(), pending.is_empty(), policies) {
        (false, _, _) => Step::Evicting,
        (true, false, _) => Step::TaintPending,
        (true, true, None) => Step::PoliciesUnknown,
        (true, true, Some(_)) => Step::NoEvictionComing,
    };
    Some(PipelineStep {
        cluster: cluster.metadata.name.clone().unwrap_or_default(),
        step,
        ready: ready.status.clone(),
        ready_reason: Some(ready.reason.clone()).filter(|r| !r.is_empty()),
        ready_since: Some(ready.last_transition_time.0),
        scheduling_taints,
        noexecute_taints,
        pending,
    })
}

/// The steps of every cluster of `clusters` that is mid-way, by name.
pub fn steps_of<'a>(
    clusters: impl IntoIterator<Item = &'a Cluster>,
    policies: Option<&[ClusterTaintPolicy]>,
    now: Timestamp,
) -> Vec<PipelineStep> {
    clusters
        .into_iter()
        .filter_map(|c| step_of(c, policies, now))
        .collect()
}

/// The taints an edit removes from `cluster` (leaving `edited`) that a ClusterTaintPolicy
/// puts back at once because its conditions still match: `POLICY adds TAINT`.
pub fn put_back(
    cluster: &Cluster,
    edited: &[crate::api::Taint],
    policies: &[ClusterTaintPolicy],
    now: Timestamp,
) -> Vec<String> {
    let removed: Vec<&crate::api::Taint> = cluster
        .taints()
        .iter()
        .filter(|t| {
            !edited
                .iter()
                .any(|e| e.key == t.key && e.effect == t.effect)
        })
        .collect();
    if removed.is_empty() {
        return Vec::new();
    }
    let mut after = cluster.clone();
    after.spec.taints = edited.to_vec();
    evaluate_policies(policies, &after, now, cluster_matches_affinity)
        .policies
        .iter()
        .flat_map(|o| {
            o.added
                .iter()
                .filter(|t| {
                    removed
                        .iter()
                        .any(|r| r.key == t.key && r.effect == t.effect)
                })
                .map(move |t| format!("{} adds {}", o.policy, describe_taint(t)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> Timestamp {
        "2026-11-22T12:05:00Z".parse().unwrap()
    }

    fn cluster(status: &str, taints: serde_json::Value) -> Cluster {
        serde_json::from_value(json!({
            "metadata": {"name": "m1"},
            "spec": {"taints": taints},
            "status": {"conditions": [{"type": "Ready", "status": status, "reason": "ClusterNotReachable",
                "message": "", "lastTransitionTime": "2026-11-22T12:00:30Z"}]}
        }))
        .unwrap()
    }

    fn policy(statuses: &[&str]) -> ClusterTaintPolicy {
        serde_json::from_value(json!({
            "metadata": {"name": "evict"},
            "spec": {
                "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": statuses}],
                "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
                "taints": [{"key": "cluster.karmada.io/not-ready", "effect": "NoExecute"}]
            }
        }))
        .unwrap()
    }

    const SCHEDULING: &str = "cluster.karmada.io/not-ready";

    #[test]
    fn a_ready_cluster_is_not_mid_way() {
        assert_eq!(step_of(&cluster("True", json!([])), Some(&[]), now()), None);
        let mut fresh = cluster("True", json!([]));
        fresh.status = None;
        assert_eq!(step_of(&fresh, Some(&[]), now()), None, "not probed yet");
    }

    #[test]
    fn not_ready_without_a_policy_for_its_condition_is_never_evicted() {
        let c = cluster(
            "False",
            json!([{"key": SCHEDULING, "effect": "NoSchedule", "timeAdded": "2026-11-22T12:00:30Z"}]),
        );
        let s = step_of(&c, Some(&[policy(&["Unknown"])]), now()).unwrap();
        assert_eq!(s.step, Step::NoEvictionComing);
        assert_eq!(s.ready, "False");
        assert_eq!(s.ready_since, Some("2026-11-22T12:00:30Z".parse().unwrap()));
        assert_eq!(
            s.scheduling_taints[0].taint,
            "cluster.karmada.io/not-ready:NoSchedule"
        );
        assert!(s.pending.is_empty());
    }

    #[test]
    fn a_matching_policy_whose_taint_is_missing_is_pending() {
        let c = cluster("False", json!([]));
        let s = step_of(&c, Some(&[policy(&["False", "Unknown"])]), now()).unwrap();
        assert_eq!(s.step, Step::TaintPending);
        assert_eq!(
            s.pending,
            ["evict adds cluster.karmada.io/not-ready:NoExecute"]
        );
        assert_eq!(
            step_of(&c, None, now()).unwrap().step,
            Step::PoliciesUnknown
        );
    }

    #[test]
    fn a_policy_puts_back_a_removed_taint_while_its_condition_holds() {
        let c = cluster(
            "False",
            json!([{"key": SCHEDULING, "effect": "NoExecute", "timeAdded": "2026-11-22T12:00:31Z"}]),
        );
        let p = [policy(&["False"])];
        assert_eq!(
            put_back(&c, &[], &p, now()),
            ["evict adds cluster.karmada.io/not-ready:NoExecute"]
        );
        assert!(
            put_back(&c, c.taints(), &p, now()).is_empty(),
            "nothing removed"
        );
        let ready = cluster("True", json!([{"key": SCHEDULING, "effect": "NoExecute"}]));
        assert!(
            put_back(&ready, &[], &p, now()).is_empty(),
            "Ready again: it stays off"
        );
    }

    #[test]
    fn a_noexecute_taint_means_evicting() {
        let c = cluster(
            "Unknown",
            json!([{"key": SCHEDULING, "effect": "NoExecute", "timeAdded": "2026-11-22T12:00:31Z"}]),
        );
        let s = step_of(&c, Some(&[policy(&["False", "Unknown"])]), now()).unwrap();
        assert_eq!(s.step, Step::Evicting);
        assert_eq!(
            s.noexecute_taints[0].since,
            Some("2026-11-22T12:00:31Z".parse().unwrap())
        );
        assert!(s.pending.is_empty(), "the policy's taint is there");
    }
}
