//! `evictions abort`'s plan: take a graceful eviction task back and put the cluster back
//! into `spec.clusters` — exactly as it was when the tool's own record exists, else with
//! the task's replicas (the scheduler then rebalances). Refused, without `--force`, when
//! the taint manager would evict again at once, or when the old copy is already gone
//! (purge mode `Directly`).
//!
//! A cordoned cluster does not stop an abort: upstream's TaintToleration filter passes
//! every cluster already in the binding's `spec.clusters` ("skip the filter if the
//! cluster is already in the list of scheduling results",
//! `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`), and the
//! ClusterEviction filter only excludes clusters that still have a task, which the abort
//! removes. So the restored placement stays while the cluster stays cordoned, and the
//! step notes that new placements cannot land there until `uncordon`.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::{describe_taint, UNSCHEDULABLE_TAINT_KEY};
use crate::api::{BindingSpec, Cluster, TargetCluster};
use crate::engine::decide::records::records;
use crate::engine::karmada::taint_manager::{noexecute_eviction, NoExecuteDecision};
use crate::engine::karmada::toleration::{tolerations_of, BindingRef};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::fleet::Binding;

/// How an abort of one task ends.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum AbortDecision {
    /// The recorded placement is put back exactly.
    Restore,
    /// The cluster is put back with the task's replicas; the scheduler rebalances.
    Readd,
    /// There is no task from the cluster: nothing to do.
    NoTask,
    /// Not done: see the reason (`--force` overrides).
    Refused,
}

impl AbortDecision {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Whether the abort writes.
    pub fn writes(self) -> bool {
        matches!(self, AbortDecision::Restore | AbortDecision::Readd)
    }
}

/// The plan for one binding's task from one cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AbortStep {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The cluster of the task.
    pub cluster: String,
    /// How it ends.
    pub decision: AbortDecision,
    /// Why.
    pub reason: Reason,
    /// Refusals overridden by `--force`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<Reason>,
    /// `spec.clusters` after the abort (when it writes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clusters: Option<Vec<TargetCluster>>,
    /// What else the operator should know (e.g. the cluster stays cordoned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Reason>,
}

/// Why the abort of the task from `cluster` would be undone or is impossible, if it is.
fn refusals(
    binding: &Binding,
    cluster: Option<&Cluster>,
    purge: Option<PurgeMode>,
    now: Timestamp,
) -> Vec<Reason> {
    let mut out = Vec::new();
    let name = cluster
        .and_then(|c| c.metadata.name.as_deref())
        .unwrap_or("?");
    if let Some(c) = cluster {
        let bref = BindingRef::new(&binding.spec, binding.annotations());
        if let Ok(t) = tolerations_of(bref) {
            let verdict = noexecute_eviction(c.taints(), &t.tolerations, now);
            if verdict.decision == NoExecuteDecision::EvictNow {
                let taints: Vec<String> = c
                    .taints()
                    .iter()
                    .filter(|t| t.effect == "NoExecute")
                    .map(describe_taint)
                    .collect();
                out.push(Reason::new(
                    ReasonCode::AbortRefusedUntolerated,
                    format!(
                        "{name} still carries {} which the binding does not tolerate: the taint manager would evict it again",
                        taints.join(", ")
                    ),
                ));
            }
        }
    }
    if matches!(purge, Some(PurgeMode::Directly | PurgeMode::Immediately)) {
        out.push(Reason::new(
            ReasonCode::AbortRefusedDirectly,
            format!(
                "the task's purge mode is Directly: the old copy on {name} was removed when the task was written; putting it back starts it anew"
            ),
        ));
    }
    out
}

/// The note for an abort on a cordoned cluster: the restored placement stays, new ones
/// wait for `uncordon`.
fn cordon_note(cluster: Option<&Cluster>) -> Option<Reason> {
    let c = cluster?;
    let name = c.metadata.name.as_deref().unwrap_or("?");
    c.taints()
        .iter()
        .any(|t| t.key == UNSCHEDULABLE_TAINT_KEY && t.effect == "NoSchedule")
        .then(|| {
            Reason::new(
                ReasonCode::AbortClusterCordoned,
                format!(
                    "{name} stays cordoned: the restored placement stays (the scheduler keeps clusters already in a binding's result), new placements cannot land there until `karmadactl uncordon {name}`"
                ),
            )
        })
}

/// The plan to abort the task of `binding` from `cluster` (`fleet_cluster`: that
/// cluster as the fleet knows it, if it does).
pub fn plan_abort(
    binding: &Binding,
    cluster: &str,
    fleet_cluster: Option<&Cluster>,
    force: bool,
    now: Timestamp,
) -> AbortStep {
    let spec = &binding.spec;
    let key = binding.display_name();
    let Some(task) = spec
        .graceful_eviction_tasks
        .iter()
        .find(|t| t.from_cluster == cluster)
    else {
        return AbortStep {
            binding: key,
            cluster: cluster.into(),
            decision: AbortDecision::NoTask,
            reason: Reason::new(
                ReasonCode::AbortNoTask,
                format!("no eviction task from {cluster}: nothing to abort"),
            ),
            forced: Vec::new(),
            clusters: None,
            notes: Vec::new(),
        };
    };
    let purge = task.purge_mode.as_deref().and_then(|m| m.parse().ok());
    let refused = refusals(binding, fleet_cluster, purge, now);
    if !refused.is_empty() && !force {
        let mut reason = refused[0].clone();
        if refused.len() > 1 {
            let rest: Vec<&str> = refused[1..].iter().map(|r| r.message.as_str()).collect();
            reason.message = format!("{}; also: {}", reason.message, rest.join("; "));
        }
        return AbortStep {
            binding: key,
            cluster: cluster.into(),
            decision: AbortDecision::Refused,
            reason,
            forced: Vec::new(),
            clusters: None,
            notes: Vec::new(),
        };
    }
    let (decision, clusters, reason) = restored(spec, binding, cluster, task.replicas.unwrap_or(0));
    AbortStep {
        binding: key,
        cluster: cluster.into(),
        decision,
        reason,
        forced: refused,
        clusters: Some(clusters),
        notes: cordon_note(fleet_cluster).into_iter().collect(),
    }
}

/// `spec.clusters` once the task from `cluster` is taken back.
fn restored(
    spec: &BindingSpec,
    binding: &Binding,
    cluster: &str,
    replicas: i32,
) -> (AbortDecision, Vec<TargetCluster>, Reason) {
    // Clusters with another task stay out: their own abort puts them back.
    let elsewhere = |name: &str| {
        name != cluster
            && spec
                .graceful_eviction_tasks
                .iter()
                .any(|t| t.from_cluster == name)
    };
    if let Some(before) = records(binding.annotations()).remove(cluster) {
        let clusters: Vec<TargetCluster> =
            before.into_iter().filter(|t| !elsewhere(&t.name)).collect();
        return (
            AbortDecision::Restore,
            clusters,
            Reason::new(
                ReasonCode::AbortRestore,
                format!("the placement recorded before the drain of {cluster} is put back exactly"),
            ),
        );
    }
    let mut clusters = spec.clusters.clone();
    if !clusters.iter().any(|t| t.name == cluster) {
        clusters.push(TargetCluster::new(cluster, replicas));
    }
    (
        AbortDecision::Readd,
        clusters,
        Reason::new(
            ReasonCode::AbortReadd,
            format!(
                "no record of the placement before: {cluster} is put back with the task's {replicas} replica(s) and the scheduler will rebalance"
            ),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{GracefulEvictionTask, ObjectMeta, Taint, Time};
    use crate::engine::decide::records::PRE_EVICTION_ANNOTATION;
    use crate::fleet::BindingKind;

    fn now() -> Timestamp {
        "2026-11-22T12:00:00Z".parse().unwrap()
    }

    fn binding(tasks: Vec<GracefulEvictionTask>, annotations: &[(&str, &str)]) -> Binding {
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: ObjectMeta {
                name: Some("b".into()),
                namespace: Some("ns".into()),
                annotations: Some(
                    annotations
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect(),
                ),
                ..Default::default()
            }
            .into(),
            spec: BindingSpec {
                clusters: vec![TargetCluster::new("m2", 3)],
                graceful_eviction_tasks: tasks,
                ..Default::default()
            },
            status: None,
        }
    }

    fn task(from: &str, purge: &str) -> GracefulEvictionTask {
        GracefulEvictionTask {
            from_cluster: from.into(),
            purge_mode: Some(purge.into()),
            replicas: Some(1),
            producer: "karmadactl".into(),
            reason: "ClusterDrained".into(),
            ..Default::default()
        }
    }

    fn cluster(name: &str, taints: Vec<Taint>) -> Cluster {
        let mut c = Cluster::new(name, Default::default());
        c.spec.taints = taints;
        c
    }

    const APPLIED: (&str, &str) = ("policy.karmada.io/applied-placement", "{}");

    #[test]
    fn restores_the_recorded_placement_exactly() {
        let rec = r#"{"m1":[{"name":"m1","replicas":1},{"name":"m2","replicas":2}]}"#;
        let b = binding(
            vec![task("m1", "Gracefully")],
            &[APPLIED, (PRE_EVICTION_ANNOTATION, rec)],
        );
        let step = plan_abort(&b, "m1", Some(&cluster("m1", vec![])), false, now());
        assert_eq!(step.decision, AbortDecision::Restore);
        assert_eq!(
            step.clusters.unwrap(),
            [TargetCluster::new("m1", 1), TargetCluster::new("m2", 2)]
        );
        let dropped =
            crate::engine::decide::records::records_dropped(b.annotations(), &["m1".to_string()]);
        assert!(dropped.unwrap()["annotations"][PRE_EVICTION_ANNOTATION].is_null());
    }

    #[test]
    fn without_a_record_the_cluster_comes_back_with_the_tasks_replicas() {
        let b = binding(vec![task("m1", "Gracefully")], &[APPLIED]);
        let step = plan_abort(&b, "m1", Some(&cluster("m1", vec![])), false, now());
        assert_eq!(step.decision, AbortDecision::Readd);
        assert_eq!(
            step.clusters.unwrap(),
            [TargetCluster::new("m2", 3), TargetCluster::new("m1", 1)]
        );
    }

    #[test]
    fn a_cordoned_cluster_is_restored_and_stays_cordoned() {
        let rec = r#"{"m1":[{"name":"m1","replicas":1},{"name":"m2","replicas":2}]}"#;
        let b = binding(
            vec![task("m1", "Gracefully")],
            &[APPLIED, (PRE_EVICTION_ANNOTATION, rec)],
        );
        let cordoned = cluster(
            "m1",
            vec![crate::api::taint::taint(
                UNSCHEDULABLE_TAINT_KEY,
                None,
                "NoSchedule",
            )],
        );
        let step = plan_abort(&b, "m1", Some(&cordoned), false, now());
        assert_eq!(step.decision, AbortDecision::Restore);
        assert_eq!(
            step.clusters.unwrap(),
            [TargetCluster::new("m1", 1), TargetCluster::new("m2", 2)]
        );
        let notes: Vec<&str> = step.notes.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(notes, ["abort-cluster-cordoned"]);
        assert!(step.forced.is_empty());
        // Not cordoned: no note.
        let step = plan_abort(&b, "m1", Some(&cluster("m1", vec![])), false, now());
        assert!(step.notes.is_empty());
    }

    #[test]
    fn refuses_what_would_not_last_unless_forced() {
        let b = binding(vec![task("m1", "Gracefully")], &[APPLIED]);
        let tainted = cluster(
            "m1",
            vec![Taint {
                key: "outage".into(),
                effect: "NoExecute".into(),
                time_added: Some(Time(now())),
                value: None,
            }],
        );
        let step = plan_abort(&b, "m1", Some(&tainted), false, now());
        assert_eq!(step.decision, AbortDecision::Refused);
        assert_eq!(step.reason.code, "abort-refused-untolerated");
        let cordoned = cluster(
            "m1",
            vec![crate::api::taint::taint(
                UNSCHEDULABLE_TAINT_KEY,
                None,
                "NoSchedule",
            )],
        );
        let b = binding(vec![task("m1", "Directly")], &[APPLIED]);
        let step = plan_abort(&b, "m1", Some(&cluster("m1", vec![])), false, now());
        assert_eq!(step.reason.code, "abort-refused-directly");
        let step = plan_abort(&b, "m1", Some(&cordoned), true, now());
        assert_eq!(step.decision, AbortDecision::Readd);
        assert_eq!(step.forced.len(), 1);
        let step = plan_abort(&b, "m9", None, false, now());
        assert_eq!(step.decision, AbortDecision::NoTask);
    }
}
