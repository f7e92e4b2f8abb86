//! The eviction write every evicting controller shares ([`graceful_evict_cluster`]: the
//! cluster leaves `spec.clusters` and becomes a graceful eviction task) and the
//! graceful-eviction controller's clean-up of those tasks ([`assess_eviction_tasks`]).
//!
//! Upstream: `pkg/apis/work/v1alpha2/binding_types_helper.go`
//! (`ResourceBindingSpec.GracefulEvictCluster`, `TaskOptions`),
//! `pkg/controllers/gracefuleviction/evictiontask.go` (`assessEvictionTasks`,
//! `assessSingleTask`, `allScheduledResourceInHealthyState`).
//! Conformance: `graceful_evict_cluster`, `graceful_eviction_assess`, `application_failover`
//! (its task options end in GracefulEvictCluster).
//! Karmada: master f8fdd02.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::Serialize;

use crate::api::{AggregatedStatusItem, BindingSpec, GracefulEvictionTask, TargetCluster, Time};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::engine::vocabulary::version::{Behaviour, Handling, KarmadaVersion as V, Range};

/// The graceful eviction controllers patch bindings without optimistic locking.
pub const UNLOCKED_EVICTION_PATCH: Behaviour = Behaviour {
    id: "unlocked-eviction-patch",
    what: "the graceful eviction controllers patch bindings without optimistic locking: a task removed while the taint manager adds another can be lost or come back",
    holds: &[
        Range::between(V::release(15, 0), V::release(15, 7)),
        Range::between(V::release(16, 0), V::release(16, 4)),
        Range::between(V::release(17, 0), V::release(17, 1)),
    ],
    upstream: "karmada#7302 (fixed in v1.15.7, v1.16.4, v1.17.1, v1.18.0)",
    handling: Handling::Finding("version-unlocked-eviction-patch"),
};

/// Producer of the taint manager's evictions.
pub const PRODUCER_TAINT_MANAGER: &str = "TaintManager";
/// Reason of the taint manager's evictions.
pub const REASON_TAINT_UNTOLERATED: &str = "TaintUntolerated";

/// What goes into the eviction task besides the cluster and its replicas.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvictOptions {
    /// `purgeMode` as written (`None`: none; application failover copies any string).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    /// `producer`.
    pub producer: String,
    /// `reason`.
    pub reason: String,
    /// `message` (empty: none written).
    pub message: String,
    /// `gracePeriodSeconds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i32>,
    /// `suppressDeletion`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppress_deletion: Option<bool>,
    /// `preservedLabelState`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preserved_label_state: Option<BTreeMap<String, String>>,
    /// `clustersBeforeFailover`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clusters_before_failover: Vec<String>,
}

impl EvictOptions {
    /// The options the taint manager uses (producer `TaintManager`, reason
    /// `TaintUntolerated`) with the given purge mode.
    pub fn taint_manager(purge_mode: PurgeMode) -> Self {
        EvictOptions {
            purge_mode: Some(purge_mode.as_str().to_string()),
            producer: PRODUCER_TAINT_MANAGER.into(),
            reason: REASON_TAINT_UNTOLERATED.into(),
            ..Default::default()
        }
    }
}

/// What [`graceful_evict_cluster`] did.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvictOutcome {
    /// Whether the cluster left `spec.clusters`.
    pub removed: bool,
    /// The task appended, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<GracefulEvictionTask>,
    /// Why.
    pub reason: Reason,
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// Evicts `cluster` from the binding the way upstream's taint manager writes it: the
/// cluster leaves `spec.clusters` (nothing happens if it is not there); a task is
/// appended unless one for that cluster already exists; `replicas` only when > 0.
pub fn graceful_evict_cluster(
    spec: &mut BindingSpec,
    cluster: &str,
    options: &EvictOptions,
) -> EvictOutcome {
    let Some(index) = spec.clusters.iter().position(|c| c.name == cluster) else {
        return EvictOutcome {
            removed: false,
            task: None,
            reason: Reason::new(
                ReasonCode::EvictClusterNotScheduled,
                format!("cluster {cluster} is not in spec.clusters: nothing to evict"),
            ),
        };
    };
    let evicted = spec.clusters.remove(index);
    if spec
        .graceful_eviction_tasks
        .iter()
        .any(|t| t.from_cluster == cluster)
    {
        return EvictOutcome {
            removed: true,
            task: None,
            reason: Reason::new(
                ReasonCode::EvictTaskExists,
                format!(
                    "cluster {cluster} left spec.clusters; an eviction task for it already exists"
                ),
            ),
        };
    }
    let task = GracefulEvictionTask {
        from_cluster: evicted.name,
        purge_mode: options.purge_mode.clone(),
        replicas: (evicted.replicas > 0).then_some(evicted.replicas),
        reason: options.reason.clone(),
        message: non_empty(&options.message),
        producer: options.producer.clone(),
        grace_period_seconds: options.grace_period_seconds,
        suppress_deletion: options.suppress_deletion,
        preserved_label_state: options.preserved_label_state.clone(),
        clusters_before_failover: options.clusters_before_failover.clone(),
        creation_timestamp: None,
    };
    spec.graceful_eviction_tasks.push(task.clone());
    EvictOutcome {
        removed: true,
        task: Some(task),
        reason: Reason::new(
            ReasonCode::EvictTaskAdded,
            format!(
                "cluster {cluster} left spec.clusters; eviction task added (producer {}, reason {})",
                options.producer, options.reason
            ),
        ),
    }
}

/// What the graceful-eviction controller looks at besides the tasks.
#[derive(Clone, Copy, Debug)]
pub struct AssessContext<'a> {
    /// The current time.
    pub now: Timestamp,
    /// The controller's `--graceful-eviction-timeout`, for tasks without
    /// `gracePeriodSeconds`.
    pub default_timeout_seconds: i64,
    /// The binding's scheduling result (`spec.clusters`).
    pub clusters: &'a [TargetCluster],
    /// The binding's `status.aggregatedStatus`.
    pub aggregated_status: &'a [AggregatedStatusItem],
    /// Whether the scheduler has observed the binding's latest generation.
    pub scheduled: bool,
}

/// The verdict on one task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskVerdict {
    /// The task's cluster.
    pub from_cluster: String,
    /// Whether the task is kept (the old copy stays).
    pub kept: bool,
    /// Why.
    pub reason: Reason,
}

/// The result of assessing a binding's eviction tasks.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assessment {
    /// Tasks that stay, in task order (stamped with `creationTimestamp` when new).
    pub kept_tasks: Vec<GracefulEvictionTask>,
    /// Clusters whose old copy is removed now, in task order.
    pub evicted_clusters: Vec<String>,
    /// One verdict per task, in task order.
    pub verdicts: Vec<TaskVerdict>,
}

fn all_healthy(ctx: &AssessContext<'_>) -> Result<(), String> {
    for target in ctx.clusters {
        match ctx
            .aggregated_status
            .iter()
            .find(|s| *s.cluster_name == *target.name)
        {
            None => return Err(format!("no status reported from {}", target.name)),
            Some(s) if s.health.as_deref() != Some("Healthy") => {
                return Err(format!(
                    "{} reports health {}",
                    target.name,
                    s.health.as_deref().unwrap_or("(none)")
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

fn assess_task(
    task: &GracefulEvictionTask,
    created: Timestamp,
    ctx: &AssessContext<'_>,
) -> (bool, Reason) {
    let from = &task.from_cluster;
    if let Some(suppress) = task.suppress_deletion {
        return if suppress {
            (
                true,
                Reason::new(
                    ReasonCode::EvictionSuppressed,
                    format!(
                        "suppressDeletion is true: the copy on {from} stays until someone decides"
                    ),
                ),
            )
        } else {
            (
                false,
                Reason::new(
                    ReasonCode::EvictionUnsuppressed,
                    format!("suppressDeletion is false: the copy on {from} is deleted now"),
                ),
            )
        };
    }
    let (timeout, origin) = match task.grace_period_seconds {
        Some(s) => (i64::from(s), "gracePeriodSeconds"),
        None => (ctx.default_timeout_seconds, "--graceful-eviction-timeout"),
    };
    let deadline = created.as_nanosecond() + i128::from(timeout) * 1_000_000_000;
    if ctx.now.as_nanosecond() > deadline {
        return (
            false,
            Reason::new(
                ReasonCode::EvictionTimeout,
                format!(
                    "the task for {from} is older than {timeout}s ({origin}): the copy is deleted"
                ),
            ),
        );
    }
    if !ctx.scheduled {
        return (
            true,
            Reason::new(
                ReasonCode::EvictionAwaitingSchedule,
                format!("the scheduler has not yet observed the binding: the copy on {from} stays"),
            ),
        );
    }
    match all_healthy(ctx) {
        Ok(()) => (
            false,
            Reason::new(
                ReasonCode::EvictionNewPlacementHealthy,
                format!("every cluster of the new result reports Healthy: the copy on {from} is deleted"),
            ),
        ),
        Err(why) => (
            true,
            Reason::new(
                ReasonCode::EvictionAwaitingHealth,
                format!("{why}: the copy on {from} stays (at most {timeout}s, {origin})"),
            ),
        ),
    }
}

/// The graceful-eviction controller's assessment: a task without `creationTimestamp` is
/// kept and stamped with `now`; `suppressDeletion` true keeps, false evicts; a task past
/// `creationTimestamp + (gracePeriodSeconds or the default timeout)` evicts; when the
/// binding is scheduled and every cluster of the result reports `Healthy`, evicts;
/// otherwise it is kept.
pub fn assess_eviction_tasks(
    tasks: &[GracefulEvictionTask],
    ctx: &AssessContext<'_>,
) -> Assessment {
    let mut out = Assessment::default();
    for task in tasks {
        let (kept, reason) = match &task.creation_timestamp {
            None => {
                let mut stamped = task.clone();
                stamped.creation_timestamp = Some(Time(ctx.now));
                out.kept_tasks.push(stamped);
                out.verdicts.push(TaskVerdict {
                    from_cluster: task.from_cluster.clone(),
                    kept: true,
                    reason: Reason::new(
                        ReasonCode::EvictionTaskStamped,
                        format!(
                            "new task for {}: creationTimestamp set to {}",
                            task.from_cluster, ctx.now
                        ),
                    ),
                });
                continue;
            }
            Some(created) => assess_task(task, created.0, ctx),
        };
        if kept {
            out.kept_tasks.push(task.clone());
        } else {
            out.evicted_clusters.push(task.from_cluster.clone());
        }
        out.verdicts.push(TaskVerdict {
            from_cluster: task.from_cluster.clone(),
            kept,
            reason,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(name: &str, replicas: i32) -> TargetCluster {
        TargetCluster::new(name, replicas)
    }

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn evicting_removes_the_cluster_and_appends_a_task() {
        let mut spec = BindingSpec {
            clusters: vec![tc("m1", 2), tc("m2", 3)],
            ..Default::default()
        };
        let out = graceful_evict_cluster(
            &mut spec,
            "m2",
            &EvictOptions::taint_manager(PurgeMode::Gracefully),
        );
        assert!(out.removed);
        assert_eq!(out.reason.code, "evict-task-added");
        assert_eq!(spec.clusters, vec![tc("m1", 2)]);
        let t = &spec.graceful_eviction_tasks[0];
        assert_eq!(t.from_cluster, "m2");
        assert_eq!(t.replicas, Some(3));
        assert_eq!(t.producer, "TaintManager");
        assert_eq!(t.reason, "TaintUntolerated");
        assert_eq!(t.purge_mode.as_deref(), Some("Gracefully"));
        assert_eq!(t.message, None);
        assert_eq!(t.creation_timestamp, None);
    }

    #[test]
    fn zero_replicas_are_not_written() {
        let mut spec = BindingSpec {
            clusters: vec![tc("m1", 0)],
            ..Default::default()
        };
        let options = EvictOptions {
            purge_mode: None,
            ..EvictOptions::taint_manager(PurgeMode::Gracefully)
        };
        graceful_evict_cluster(&mut spec, "m1", &options);
        assert_eq!(spec.graceful_eviction_tasks[0].replicas, None);
        assert_eq!(spec.graceful_eviction_tasks[0].purge_mode, None);
    }

    #[test]
    fn absent_cluster_changes_nothing() {
        let mut spec = BindingSpec {
            clusters: vec![tc("m1", 1)],
            ..Default::default()
        };
        let before = spec.clone();
        let out = graceful_evict_cluster(
            &mut spec,
            "m9",
            &EvictOptions::taint_manager(PurgeMode::Directly),
        );
        assert_eq!(spec, before);
        assert!(!out.removed);
        assert_eq!(out.reason.code, "evict-cluster-not-scheduled");
    }

    #[test]
    fn existing_task_is_not_duplicated_but_cluster_still_leaves() {
        let existing = GracefulEvictionTask {
            from_cluster: "m1".into(),
            reason: "Old".into(),
            ..Default::default()
        };
        let mut spec = BindingSpec {
            clusters: vec![tc("m1", 1), tc("m2", 1)],
            graceful_eviction_tasks: vec![existing.clone()],
            ..Default::default()
        };
        let out = graceful_evict_cluster(
            &mut spec,
            "m1",
            &EvictOptions::taint_manager(PurgeMode::Directly),
        );
        assert_eq!(out.reason.code, "evict-task-exists");
        assert_eq!(spec.clusters, vec![tc("m2", 1)]);
        assert_eq!(spec.graceful_eviction_tasks, vec![existing]);
    }

    fn status(name: &str, health: &str) -> AggregatedStatusItem {
        AggregatedStatusItem {
            cluster_name: name.into(),
            applied: true,
            health: Some(health.into()),
            ..Default::default()
        }
    }

    fn task(from: &str, created: Option<&str>) -> GracefulEvictionTask {
        GracefulEvictionTask {
            from_cluster: from.into(),
            creation_timestamp: created.map(|c| Time(ts(c))),
            ..Default::default()
        }
    }

    fn ctx<'a>(
        clusters: &'a [TargetCluster],
        status: &'a [AggregatedStatusItem],
        scheduled: bool,
    ) -> AssessContext<'a> {
        AssessContext {
            now: ts("2026-11-22T12:00:00Z"),
            default_timeout_seconds: 600,
            clusters,
            aggregated_status: status,
            scheduled,
        }
    }

    #[test]
    fn new_task_is_stamped_and_kept() {
        let a = assess_eviction_tasks(&[task("m1", None)], &ctx(&[], &[], true));
        assert_eq!(
            a.kept_tasks[0].creation_timestamp,
            Some(Time(ts("2026-11-22T12:00:00Z")))
        );
        assert!(a.evicted_clusters.is_empty());
        assert_eq!(a.verdicts[0].reason.code, "eviction-task-stamped");
    }

    #[test]
    fn suppress_deletion_decides_first() {
        let mut keep = task("m1", Some("2020-01-01T00:00:00Z"));
        keep.suppress_deletion = Some(true);
        let mut drop = task("m2", Some("2026-11-22T12:00:00Z"));
        drop.suppress_deletion = Some(false);
        let a = assess_eviction_tasks(&[keep.clone(), drop], &ctx(&[], &[], false));
        assert_eq!(a.kept_tasks, vec![keep]);
        assert_eq!(a.evicted_clusters, vec!["m2"]);
        assert_eq!(a.verdicts[0].reason.code, "eviction-suppressed");
        assert_eq!(a.verdicts[1].reason.code, "eviction-unsuppressed");
    }

    #[test]
    fn timeout_uses_grace_period_then_default_and_is_strict() {
        let exactly = task("m1", Some("2026-11-22T11:50:00Z")); // 600s ago: not past
        let past = task("m2", Some("2026-11-22T11:49:59Z"));
        let mut short = task("m3", Some("2026-11-22T11:59:00Z"));
        short.grace_period_seconds = Some(30);
        let a = assess_eviction_tasks(&[exactly, past, short], &ctx(&[], &[], false));
        assert_eq!(a.evicted_clusters, vec!["m2", "m3"]);
        assert_eq!(a.kept_tasks.len(), 1);
        assert_eq!(a.verdicts[0].reason.code, "eviction-awaiting-schedule");
        assert_eq!(a.verdicts[1].reason.code, "eviction-timeout");
    }

    #[test]
    fn healthy_new_result_evicts_only_when_scheduled() {
        let clusters = [tc("m2", 1), tc("m3", 1)];
        let healthy = [status("m2", "Healthy"), status("m3", "Healthy")];
        let t = task("m1", Some("2026-11-22T11:59:00Z"));
        let a = assess_eviction_tasks(std::slice::from_ref(&t), &ctx(&clusters, &healthy, true));
        assert_eq!(a.evicted_clusters, vec!["m1"]);
        assert_eq!(a.verdicts[0].reason.code, "eviction-new-placement-healthy");
        let a = assess_eviction_tasks(std::slice::from_ref(&t), &ctx(&clusters, &healthy, false));
        assert!(a.evicted_clusters.is_empty());
    }

    #[test]
    fn missing_or_unhealthy_status_keeps() {
        let clusters = [tc("m2", 1), tc("m3", 1)];
        let t = task("m1", Some("2026-11-22T11:59:00Z"));
        let a = assess_eviction_tasks(
            std::slice::from_ref(&t),
            &ctx(&clusters, &[status("m2", "Healthy")], true),
        );
        assert_eq!(a.verdicts[0].reason.code, "eviction-awaiting-health");
        assert!(a.verdicts[0]
            .reason
            .message
            .contains("no status reported from m3"));
        let mixed = [status("m2", "Healthy"), status("m3", "Unknown")];
        let a = assess_eviction_tasks(std::slice::from_ref(&t), &ctx(&clusters, &mixed, true));
        assert_eq!(a.kept_tasks.len(), 1);
    }

    #[test]
    fn empty_result_counts_as_all_healthy() {
        let t = task("m1", Some("2026-11-22T11:59:00Z"));
        let a = assess_eviction_tasks(&[t], &ctx(&[], &[], true));
        assert_eq!(a.evicted_clusters, vec!["m1"]);
    }

    proptest::proptest! {
        #[test]
        fn evicting_twice_changes_nothing_more(
            names in proptest::collection::vec(proptest::sample::select(vec!["m1", "m2", "m3", "m4"]), 0..6),
            replicas in proptest::collection::vec(0i32..4, 6),
            target in proptest::sample::select(vec!["m1", "m2", "m3", "m4"]),
        ) {
            let clusters: Vec<_> = names.iter().zip(&replicas).map(|(n, r)| tc(n, *r)).collect();
            let mut spec = BindingSpec { clusters, ..Default::default() };
            let opts = EvictOptions::taint_manager(PurgeMode::Gracefully);
            graceful_evict_cluster(&mut spec, target, &opts);
            // Upstream removes one entry per call; evict until the cluster is gone.
            while spec.clusters.iter().any(|c| c.name == target) {
                graceful_evict_cluster(&mut spec, target, &opts);
            }
            let after = spec.clone();
            let out = graceful_evict_cluster(&mut spec, target, &opts);
            proptest::prop_assert!(!out.removed);
            proptest::prop_assert_eq!(spec, after.clone());
            let tasks = after.graceful_eviction_tasks.iter().filter(|t| t.from_cluster == target).count();
            proptest::prop_assert_eq!(tasks, usize::from(names.contains(&target)));
            proptest::prop_assert!(after.graceful_eviction_tasks.iter().all(|t| t.replicas.is_none_or(|r| r > 0)));
        }
    }
}
