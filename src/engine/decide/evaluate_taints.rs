//! What `policy evaluate-taints` decides from the cluster-taint-policy controller's
//! evaluation ([`evaluate_policies`]): the taint edit it makes on a cluster now, and the
//! blast radius of the `NoExecute` taints it would add (the bindings the simulation
//! evicts, and when the queue is done with them).

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::describe_taint;
use crate::api::{Cluster, ClusterTaintPolicy, Taint};
use crate::engine::decide::taint_edit::{EditOutcome, TaintEdit};
use crate::engine::karmada::cluster_affinity::cluster_matches_affinity;
use crate::engine::karmada::cluster_taint_policy::evaluate_policies;
use crate::engine::predict::simulate::{simulate, Scenario, Verdict};
use crate::fleet::FleetState;

/// The taint edit the cluster-taint-policy controller would make on `cluster` now: the
/// evaluation of [`evaluate_policies`] as a [`TaintEdit`] (taints added, removed, the
/// complete new list), for the shared cluster-taint writer.
pub fn policy_edit(
    policies: &[ClusterTaintPolicy],
    cluster: &Cluster,
    now: Timestamp,
) -> TaintEdit {
    let eval = evaluate_policies(policies, cluster, now, cluster_matches_affinity);
    let before = cluster.spec.taints.as_slice();
    let has =
        |list: &[Taint], t: &Taint| list.iter().any(|x| x.key == t.key && x.effect == t.effect);
    let added: Vec<String> = eval
        .taints
        .iter()
        .filter(|t| !has(before, t))
        .map(describe_taint)
        .collect();
    let removed: Vec<String> = before
        .iter()
        .filter(|t| !has(&eval.taints, t))
        .map(describe_taint)
        .collect();
    let outcome = match (eval.changed, added.is_empty()) {
        (false, _) => EditOutcome::Unchanged,
        (true, false) => EditOutcome::Tainted,
        (true, true) => EditOutcome::Untainted,
    };
    TaintEdit {
        taints: eval.taints,
        outcome,
        added,
        updated: vec![],
        removed,
    }
}

/// What adding NoExecute taints would evict.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BlastRadius {
    pub clusters_gaining_no_execute: Vec<String>,
    pub bindings_evicted: usize,
    /// Seconds from now until the eviction queue has processed the last one.
    pub drain_seconds: i64,
    /// Share of clusters that would carry a NoExecute taint.
    pub share_no_execute: f64,
    pub unhealthy_threshold: f64,
}

/// The blast radius of giving each cluster of `new_taints` (name, complete new list)
/// its new taints: the clusters that gain a NoExecute taint, the bindings the dry-run
/// simulation evicts from them, and when the eviction queue is done.
pub fn blast_radius(
    fleet: &FleetState,
    new_taints: &[(String, Vec<Taint>)],
    unhealthy_threshold: f64,
    base: Scenario,
) -> BlastRadius {
    let no_execute = |t: &Taint| t.effect == "NoExecute";
    let before = |name: &str| {
        fleet
            .cluster(name)
            .map(|c| c.taints().to_vec())
            .unwrap_or_default()
    };
    let gaining: Vec<String> = new_taints
        .iter()
        .filter(|(name, taints)| {
            let old = before(name);
            taints
                .iter()
                .filter(|t| no_execute(t))
                .any(|t| !old.iter().any(|o| o.key == t.key && no_execute(o)))
        })
        .map(|(name, _)| name.clone())
        .collect();
    let carrying = new_taints
        .iter()
        .filter(|(_, t)| t.iter().any(no_execute))
        .count();
    let share_no_execute = if new_taints.is_empty() {
        0.0
    } else {
        carrying as f64 / new_taints.len() as f64
    };
    let (mut bindings_evicted, mut drain_seconds) = (0, 0);
    if !gaining.is_empty() {
        let mut after = fleet.clone();
        for c in after.clusters.iter_mut() {
            if let Some((_, t)) = new_taints
                .iter()
                .find(|(n, _)| Some(n.as_str()) == c.metadata.name.as_deref())
            {
                c.spec.taints = t.clone();
            }
        }
        let until = base.now + jiff::SignedDuration::from_hours(24 * 365);
        let sim = simulate(&after, &Scenario { until, ..base });
        let mut evicted = std::collections::BTreeSet::new();
        for o in &sim.outcomes {
            if gaining.contains(&o.cluster)
                && matches!(o.verdict, Verdict::Evict | Verdict::EvictLater)
            {
                evicted.insert(o.binding.clone());
                if let Some(at) = o.at {
                    drain_seconds = drain_seconds.max(at.as_second() - sim.now.as_second());
                }
            }
        }
        bindings_evicted = evicted.len();
    }
    BlastRadius {
        clusters_gaining_no_execute: gaining,
        bindings_evicted,
        drain_seconds,
        share_no_execute,
        unhealthy_threshold,
    }
}
