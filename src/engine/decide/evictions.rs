//! The state of each graceful eviction task now, as the graceful eviction controller
//! sees it (family `graceful_eviction_assess`): what `evictions list` shows.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::GracefulEvictionTask;
use crate::engine::karmada::graceful_eviction::{assess_eviction_tasks, AssessContext};
use crate::engine::karmada::scheduler::rescheduled_on_every_change;
use crate::engine::predict::app_failover::returns;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::fleet::Binding;

/// Where a task stands.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum TaskState {
    /// Kept until the clusters of the new placement report `Healthy`.
    WaitingHealthy,
    /// The controller removes it (and the old copy) at its next pass.
    ClearsNow,
    /// Kept until its timeout: the scheduler has not placed the binding anew yet.
    TimesOutIn,
    /// Past its timeout: removed at the controller's next pass.
    TimedOut,
    /// Kept until someone decides (`suppressDeletion`, or purge mode `Never`).
    Suppressed,
    /// Purge mode `Directly`: the old copy goes at once.
    Directly,
}

impl TaskState {
    /// The word tables print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The assessment of one task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskAssessment {
    /// The state.
    pub state: TaskState,
    /// Clusters of the new placement not yet `Healthy` (waiting-healthy).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waiting_for: Vec<String>,
    /// Seconds until the task times out (when it can).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times_out_in_seconds: Option<i64>,
    /// The controller's rule.
    pub reason: Reason,
}

/// Assess `task` of `binding` at `now`, with the controller's `--graceful-eviction-timeout`
/// of `default_timeout_seconds`.
pub fn assess(
    binding: &Binding,
    task: &GracefulEvictionTask,
    now: Timestamp,
    default_timeout_seconds: i64,
) -> TaskAssessment {
    let purge = task
        .purge_mode
        .as_deref()
        .and_then(|m| m.parse::<PurgeMode>().ok());
    if matches!(purge, Some(PurgeMode::Directly | PurgeMode::Immediately)) {
        return TaskAssessment {
            state: TaskState::Directly,
            waiting_for: Vec::new(),
            times_out_in_seconds: None,
            reason: Reason::new(
                ReasonCode::EvictionDirectly,
                format!(
                    "purge mode Directly: the copy on {} is removed at once",
                    task.from_cluster
                ),
            ),
        };
    }
    if purge == Some(PurgeMode::Never) && task.suppress_deletion.is_none() {
        return TaskAssessment {
            state: TaskState::Suppressed,
            waiting_for: Vec::new(),
            times_out_in_seconds: None,
            reason: Reason::new(
                ReasonCode::EvictionSuppressed,
                format!(
                    "purge mode Never: the copy on {} stays until someone removes it",
                    task.from_cluster
                ),
            ),
        };
    }
    let status = binding.status.clone().unwrap_or_default();
    let scheduled = binding.metadata.generation.is_some()
        && status.scheduler_observed_generation == binding.metadata.generation;
    let ctx = AssessContext {
        now,
        default_timeout_seconds,
        clusters: &binding.spec.clusters,
        aggregated_status: &status.aggregated_status,
        scheduled,
    };
    let mut stamped = task.clone();
    let created = stamped
        .creation_timestamp
        .get_or_insert(crate::api::Time(now))
        .clone();
    let verdict = assess_eviction_tasks(std::slice::from_ref(&stamped), &ctx)
        .verdicts
        .remove(0);
    let timeout = task
        .grace_period_seconds
        .map_or(default_timeout_seconds, i64::from);
    let left = created.0.as_second() + timeout - now.as_second();
    let waiting_for: Vec<String> = binding
        .spec
        .clusters
        .iter()
        .filter(|t| {
            !status
                .aggregated_status
                .iter()
                .any(|s| *s.cluster_name == *t.name && s.health.as_deref() == Some("Healthy"))
        })
        .map(|t| t.name.clone())
        .collect();
    let state = match verdict.reason.code {
        ReasonCode::EvictionSuppressed => TaskState::Suppressed,
        ReasonCode::EvictionTimeout => TaskState::TimedOut,
        ReasonCode::EvictionAwaitingSchedule => TaskState::TimesOutIn,
        ReasonCode::EvictionAwaitingHealth => TaskState::WaitingHealthy,
        _ => TaskState::ClearsNow,
    };
    TaskAssessment {
        state,
        waiting_for: if state == TaskState::WaitingHealthy {
            waiting_for
        } else {
            Vec::new()
        },
        times_out_in_seconds: matches!(state, TaskState::WaitingHealthy | TaskState::TimesOutIn)
            .then_some(left.max(0)),
        reason: verdict.reason,
    }
}

/// Which tasks to show.
#[derive(Clone, Debug, Default)]
pub struct TaskFilter {
    /// Only tasks from this cluster.
    pub cluster: Option<String>,
    /// Only tasks of this producer (`TaintManager`, `karmadactl`, ...).
    pub producer: Option<String>,
}

/// Why a task exists, from its producer and reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TaskCause {
    /// The taint manager: an untolerated `NoExecute` taint (cluster failover).
    Taint,
    /// An application failover controller: the workload stayed Unhealthy there.
    ApplicationFailure,
    /// `karmadactl drain`.
    Drain,
    /// Anything else (another tool, a person).
    Other,
}

impl TaskCause {
    /// The cause of `task`.
    pub fn of(task: &GracefulEvictionTask) -> TaskCause {
        use crate::engine::decide::records::{PRODUCER, REASON_CLUSTER_DRAINED};
        use crate::engine::karmada::application_failover::is_application_failover_task;
        use crate::engine::karmada::graceful_eviction::{
            PRODUCER_TAINT_MANAGER, REASON_TAINT_UNTOLERATED,
        };
        if is_application_failover_task(&task.producer, &task.reason) {
            TaskCause::ApplicationFailure
        } else if task.producer == PRODUCER_TAINT_MANAGER || task.reason == REASON_TAINT_UNTOLERATED
        {
            TaskCause::Taint
        } else if task.producer == PRODUCER && task.reason == REASON_CLUSTER_DRAINED {
            TaskCause::Drain
        } else {
            TaskCause::Other
        }
    }

    /// Words for people.
    pub fn words(self) -> &'static str {
        match self {
            TaskCause::Taint => "cluster failover (an untolerated NoExecute taint)",
            TaskCause::ApplicationFailure => {
                "application failover (the workload stayed Unhealthy there past its toleration)"
            }
            TaskCause::Drain => "karmadactl drain",
            TaskCause::Other => "another producer",
        }
    }
}

/// One task as `evictions list` shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    /// `ResourceBinding` or `ClusterResourceBinding`.
    pub kind: crate::fleet::BindingKind,
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The task as stored.
    pub task: GracefulEvictionTask,
    /// Why it exists.
    pub cause: TaskCause,
    /// Seconds since the task was created (when it has a `creationTimestamp`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub age_seconds: Option<i64>,
    /// Where it stands now.
    pub assessment: TaskAssessment,
    /// When the scheduler places the binding back on the task's cluster: an application
    /// failover task of a Divided binding left unplaced goes at its timeout, and that
    /// spec change makes the scheduler try again (`predict::app_failover::returns`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns_at: Option<Timestamp>,
}

/// When an application failover task's cluster takes `binding` back by itself: the
/// task's timeout, for a Divided workload left unplaced (the graceful eviction
/// controller then waits for no health) and a task not held.
fn returns_at(
    binding: &Binding,
    task: &GracefulEvictionTask,
    default_timeout_seconds: i64,
) -> Option<Timestamp> {
    let divided_unplaced =
        !rescheduled_on_every_change(&binding.spec) && returns::unplaced(&binding.spec);
    (TaskCause::of(task) == TaskCause::ApplicationFailure && divided_unplaced)
        .then(|| returns::times_out_at(task, default_timeout_seconds))
        .flatten()
}

/// The tasks of `binding` that `filter` admits, assessed at `now`.
pub fn tasks_of(
    binding: &Binding,
    filter: &TaskFilter,
    now: Timestamp,
    default_timeout_seconds: i64,
) -> Vec<TaskView> {
    binding
        .spec
        .graceful_eviction_tasks
        .iter()
        .filter(|t| filter.cluster.as_ref().is_none_or(|c| &t.from_cluster == c))
        .filter(|t| filter.producer.as_ref().is_none_or(|p| &t.producer == p))
        .map(|t| TaskView {
            kind: binding.kind,
            binding: binding.display_name(),
            task: t.clone(),
            cause: TaskCause::of(t),
            age_seconds: t
                .creation_timestamp
                .as_ref()
                .map(|c| now.as_second() - c.0.as_second()),
            assessment: assess(binding, t, now, default_timeout_seconds),
            returns_at: returns_at(binding, t, default_timeout_seconds),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{AggregatedStatusItem, BindingStatus, ObjectMeta, TargetCluster, Time};
    use crate::fleet::BindingKind;

    fn now() -> Timestamp {
        "2026-11-22T12:00:00Z".parse().unwrap()
    }

    fn binding(healthy: &[&str], observed: bool) -> Binding {
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: ObjectMeta {
                name: Some("b".into()),
                generation: Some(3),
                ..Default::default()
            }
            .into(),
            spec: crate::api::BindingSpec {
                clusters: vec![TargetCluster::new("m2", 2), TargetCluster::new("m3", 1)],
                ..Default::default()
            },
            status: Some(BindingStatus {
                scheduler_observed_generation: Some(if observed { 3 } else { 2 }),
                aggregated_status: healthy
                    .iter()
                    .map(|c| AggregatedStatusItem {
                        cluster_name: (*c).into(),
                        health: Some("Healthy".into()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
        }
    }

    fn task(purge: &str, age: i64, suppress: Option<bool>) -> GracefulEvictionTask {
        GracefulEvictionTask {
            from_cluster: "m1".into(),
            purge_mode: Some(purge.into()),
            creation_timestamp: Some(Time(now() - jiff::SignedDuration::from_secs(age))),
            suppress_deletion: suppress,
            ..Default::default()
        }
    }

    fn state(b: &Binding, t: &GracefulEvictionTask) -> TaskAssessment {
        assess(b, t, now(), 600)
    }

    #[test]
    fn every_state() {
        let a = state(&binding(&["m2"], true), &task("Gracefully", 360, None));
        assert_eq!(a.state, TaskState::WaitingHealthy);
        assert_eq!(a.waiting_for, ["m3"]);
        assert_eq!(a.times_out_in_seconds, Some(240));
        let a = state(&binding(&["m2", "m3"], true), &task("Gracefully", 60, None));
        assert_eq!(a.state, TaskState::ClearsNow);
        let a = state(&binding(&[], false), &task("Gracefully", 60, None));
        assert_eq!(a.state, TaskState::TimesOutIn);
        assert_eq!(a.times_out_in_seconds, Some(540));
        let a = state(&binding(&[], true), &task("Gracefully", 601, None));
        assert_eq!(a.state, TaskState::TimedOut);
        let a = state(&binding(&[], true), &task("Gracefully", 60, Some(true)));
        assert_eq!(a.state, TaskState::Suppressed);
        let a = state(&binding(&[], true), &task("Never", 60, None));
        assert_eq!(a.state, TaskState::Suppressed);
        let a = state(&binding(&[], true), &task("Directly", 60, None));
        assert_eq!(a.state, TaskState::Directly);
    }
}
