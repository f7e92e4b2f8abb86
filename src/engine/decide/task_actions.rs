//! What operators do to a graceful eviction task by hand, decided per task:
//! `confirm` (a held task — `suppressDeletion: true` or purge mode `Never` — lets the old
//! copy go: `suppressDeletion: false`, which the graceful eviction controller takes as
//! consent and removes the task and the copy at its next pass), `extend` (more time
//! before the task times out: `gracePeriodSeconds`), and `prune --recovered` (the task's
//! cluster is Ready again and the binding is healthy everywhere it is placed: the task
//! goes, so the scheduler may place on that cluster again).

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::{Cluster, GracefulEvictionTask};
use crate::engine::decide::evictions::assess;
use crate::engine::decide::failback::{returned_health, span, Returned};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::fleet::Binding;

/// The action asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskAction {
    /// Let a held old copy go now.
    Confirm,
    /// Give the task this much more time from now.
    Extend(SignedDuration),
    /// Remove tasks whose cluster has recovered.
    PruneRecovered,
}

impl TaskAction {
    /// The verb reports print.
    pub fn verb(self) -> &'static str {
        match self {
            TaskAction::Confirm => "confirm",
            TaskAction::Extend(_) => "extend",
            TaskAction::PruneRecovered => "prune",
        }
    }
}

/// The change to one task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "op")]
pub enum TaskEdit {
    /// `suppressDeletion: false` (and no `gracePeriodSeconds`, which may not co-exist).
    ConfirmDeletion,
    /// `gracePeriodSeconds` becomes this.
    GracePeriod { seconds: i32 },
    /// The task leaves `spec.gracefulEvictionTasks`.
    Remove,
}

/// How the action on one task ends.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ActionDecision {
    /// The task is changed (see the edit).
    Write,
    /// Nothing to do: see the reason.
    Skip,
    /// Not done: see the reason.
    Refused,
}

impl ActionDecision {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The plan for one task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionStep {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The task's `fromCluster`.
    pub cluster: String,
    /// How it ends.
    pub decision: ActionDecision,
    /// Why.
    pub reason: Reason,
    /// The change written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edit: Option<TaskEdit>,
}

/// The plan of `action` on the task of `binding` from `cluster` (`fleet_cluster`: that
/// cluster as the fleet knows it), at `now`, with the controller's
/// `--graceful-eviction-timeout` of `default_timeout_seconds`.
pub fn plan_action(
    binding: &Binding,
    task: &GracefulEvictionTask,
    action: TaskAction,
    fleet_cluster: Option<&Cluster>,
    now: Timestamp,
    default_timeout_seconds: i64,
) -> ActionStep {
    let t = Held::of(binding, task, now, default_timeout_seconds);
    let (decision, code, message, edit) = match action {
        TaskAction::Confirm => confirm(&t),
        TaskAction::Extend(more) => extend(&t, more),
        TaskAction::PruneRecovered => prune(&t, fleet_cluster),
    };
    ActionStep {
        binding: binding.display_name(),
        cluster: task.from_cluster.clone(),
        decision,
        reason: Reason::new(code, message),
        edit,
    }
}

/// What an action decides: the decision, its rule, in words, and the edit.
type Step = (ActionDecision, ReasonCode, String, Option<TaskEdit>);

/// Whether `task` holds its old copy until someone decides: `suppressDeletion: true`,
/// or purge mode Never without it.
pub fn holds_old_copy(task: &GracefulEvictionTask) -> bool {
    let never = task
        .purge_mode
        .as_deref()
        .and_then(|m| m.parse::<PurgeMode>().ok())
        == Some(PurgeMode::Never);
    task.suppress_deletion == Some(true) || (never && task.suppress_deletion.is_none())
}

/// One task and what holds it.
struct Held<'a> {
    binding: &'a Binding,
    task: &'a GracefulEvictionTask,
    from: &'a str,
    purge: Option<PurgeMode>,
    /// `suppressDeletion: true`, or purge mode Never without it.
    held: bool,
    now: Timestamp,
    default_timeout_seconds: i64,
}

impl<'a> Held<'a> {
    fn of(
        binding: &'a Binding,
        task: &'a GracefulEvictionTask,
        now: Timestamp,
        default_timeout_seconds: i64,
    ) -> Held<'a> {
        let purge = task
            .purge_mode
            .as_deref()
            .and_then(|m| m.parse::<PurgeMode>().ok());
        Held {
            binding,
            task,
            from: &task.from_cluster,
            purge,
            held: holds_old_copy(task),
            now,
            default_timeout_seconds,
        }
    }
}

/// `evictions confirm`: a held task lets its old copy go.
fn confirm(t: &Held) -> Step {
    let (from, held) = (t.from, t.held);

    if held {
        (
            ActionDecision::Write,
            ReasonCode::TaskConfirm,
            format!("held (suppressDeletion or purge mode Never): suppressDeletion becomes false, and the graceful eviction controller removes the old copy on {from} at its next pass"),
            Some(TaskEdit::ConfirmDeletion),
        )
    } else {
        (
            ActionDecision::Skip,
            ReasonCode::TaskNotHeld,
            format!("the task from {from} is not held: the controller removes it once the new placement is healthy or it times out"),
            None,
        )
    }
}

/// `evictions extend`: a later timeout, never a shorter one.
fn extend(t: &Held, more: SignedDuration) -> Step {
    let (from, held, purge, task, now) = (t.from, t.held, t.purge, t.task, t.now);
    let default_timeout_seconds = t.default_timeout_seconds;

    if held || matches!(purge, Some(PurgeMode::Directly | PurgeMode::Immediately)) {
        return (
            ActionDecision::Skip,
            ReasonCode::TaskNoTimeout,
            format!("the task from {from} has no timeout to extend (held, or purge mode Directly)"),
            None,
        );
    }
    let created = task.creation_timestamp.as_ref().map_or(now, |t| t.0);
    let current = task
        .grace_period_seconds
        .map_or(default_timeout_seconds, i64::from);
    let wanted = (now.as_second() - created.as_second()) + more.as_secs();
    if wanted <= current {
        return (
            ActionDecision::Skip,
            ReasonCode::TaskNotLonger,
            format!(
                "the task from {from} times out in {} already, later than {} from now: extend never shortens",
                span(SignedDuration::from_secs(created.as_second() + current - now.as_second())),
                span(more)
            ),
            None,
        );
    }
    let Ok(seconds) = i32::try_from(wanted) else {
        return (
            ActionDecision::Refused,
            ReasonCode::TaskNotLonger,
            format!("a grace period of {wanted} s does not fit gracePeriodSeconds (int32)"),
            None,
        );
    };
    let since = if task.creation_timestamp.is_some() {
        format!("counted from its creation at {created}")
    } else {
        "the controller has not stamped its creation yet, so it counts from its next pass".into()
    };
    (
        ActionDecision::Write,
        ReasonCode::TaskExtend,
        format!(
            "gracePeriodSeconds {current} -> {seconds} ({since}): the old copy on {from} may wait {} more for the new placement",
            span(more)
        ),
        Some(TaskEdit::GracePeriod { seconds }),
    )
}

/// `evictions prune --recovered`: the task of a cluster back on its feet goes once the
/// binding is healthy everywhere else.
fn prune(t: &Held, fleet_cluster: Option<&Cluster>) -> Step {
    let (from, binding, task, now) = (t.from, t.binding, t.task, t.now);
    let default_timeout_seconds = t.default_timeout_seconds;

    let ready = fleet_cluster
        .and_then(|c| c.condition("Ready"))
        .filter(|c| c.status == "True");
    let Some(ready) = ready else {
        let why = match fleet_cluster {
            None => format!("{from} is not in the fleet"),
            Some(c) => match c.condition("Ready") {
                None => format!("{from} has no Ready condition"),
                Some(r) => format!(
                    "{from} is Ready={} since {}",
                    r.status, r.last_transition_time.0
                ),
            },
        };
        return (
            ActionDecision::Skip,
            ReasonCode::TaskClusterNotRecovered,
            format!("{why}: not recovered"),
            None,
        );
    };
    let placed: Vec<String> = binding
        .spec
        .clusters
        .iter()
        .map(|t| t.name.clone())
        .collect();
    let gen = binding.metadata.generation;
    match returned_health(binding, &placed, gen) {
        Returned::Healthy => (
            ActionDecision::Write,
            ReasonCode::TaskPruneRecovered,
            format!(
                "{from} is Ready since {} and the binding is healthy on {}: the task goes (and the old copy on {from} with it), so the scheduler may place on {from} again",
                ready.last_transition_time.0,
                if placed.is_empty() { "no cluster".to_string() } else { placed.join(", ") }
            ),
            Some(TaskEdit::Remove),
        ),
        Returned::Pending(why) | Returned::Lost(why) => {
            let state = assess(binding, task, now, default_timeout_seconds);
            (
                ActionDecision::Skip,
                ReasonCode::TaskNotHealthyElsewhere,
                format!(
                    "{from} is Ready again, but the binding is not healthy everywhere else ({why}); the task is {}",
                    state.state.as_str()
                ),
                None,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{
        AggregatedStatusItem, BindingSpec, BindingStatus, ObjectMeta, TargetCluster, Time,
    };
    use crate::fleet::BindingKind;

    fn now() -> Timestamp {
        "2026-11-22T12:00:00Z".parse().unwrap()
    }

    fn task(purge: &str, suppress: Option<bool>) -> GracefulEvictionTask {
        GracefulEvictionTask {
            from_cluster: "m1".into(),
            purge_mode: Some(purge.into()),
            suppress_deletion: suppress,
            producer: "karmadactl".into(),
            reason: "ClusterDrained".into(),
            creation_timestamp: Some(Time("2026-11-22T11:55:00Z".parse().unwrap())),
            ..Default::default()
        }
    }

    fn binding(healthy: bool) -> Binding {
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: ObjectMeta {
                name: Some("b".into()),
                namespace: Some("ns".into()),
                generation: Some(3),
                ..Default::default()
            }
            .into(),
            spec: BindingSpec {
                clusters: vec![TargetCluster::new("m2", 2)],
                ..Default::default()
            },
            status: Some(BindingStatus {
                scheduler_observed_generation: Some(3),
                aggregated_status: vec![AggregatedStatusItem {
                    cluster_name: "m2".into(),
                    applied: true,
                    health: Some(if healthy { "Healthy" } else { "Unhealthy" }.into()),
                    ..Default::default()
                }],
                ..Default::default()
            }),
        }
    }

    fn cluster(ready: &str) -> Cluster {
        serde_json::from_value(serde_json::json!({
            "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
            "metadata": {"name": "m1"}, "spec": {},
            "status": {"conditions": [{"type": "Ready", "status": ready, "reason": "R", "message": "",
                                       "lastTransitionTime": "2026-11-22T11:58:00Z"}]}
        }))
        .unwrap()
    }

    #[test]
    fn confirm_only_held_tasks() {
        let b = binding(true);
        for t in [task("Never", None), task("Gracefully", Some(true))] {
            let s = plan_action(&b, &t, TaskAction::Confirm, None, now(), 600);
            assert_eq!(s.decision, ActionDecision::Write);
            assert_eq!(s.edit, Some(TaskEdit::ConfirmDeletion));
        }
        let s = plan_action(
            &b,
            &task("Gracefully", None),
            TaskAction::Confirm,
            None,
            now(),
            600,
        );
        assert_eq!(
            (s.decision, s.reason.code),
            (ActionDecision::Skip, ReasonCode::TaskNotHeld)
        );
    }

    #[test]
    fn extend_counts_from_creation_and_never_shortens() {
        let b = binding(true);
        let t = task("Gracefully", None);
        // Created 5 minutes ago; 30 more minutes from now: 35 minutes in all.
        let s = plan_action(
            &b,
            &t,
            TaskAction::Extend(SignedDuration::from_mins(30)),
            None,
            now(),
            600,
        );
        assert_eq!(s.edit, Some(TaskEdit::GracePeriod { seconds: 2100 }));
        // 10-minute default, 5 left: 2 more minutes would shorten it.
        let s = plan_action(
            &b,
            &t,
            TaskAction::Extend(SignedDuration::from_mins(2)),
            None,
            now(),
            600,
        );
        assert_eq!(
            (s.decision, s.reason.code),
            (ActionDecision::Skip, ReasonCode::TaskNotLonger)
        );
        let s = plan_action(
            &b,
            &task("Never", None),
            TaskAction::Extend(SignedDuration::from_mins(2)),
            None,
            now(),
            600,
        );
        assert_eq!(s.reason.code, "task-no-timeout");
    }

    #[test]
    fn prune_needs_a_ready_cluster_and_a_healthy_binding() {
        let t = task("Gracefully", None);
        let ok = plan_action(
            &binding(true),
            &t,
            TaskAction::PruneRecovered,
            Some(&cluster("True")),
            now(),
            600,
        );
        assert_eq!(ok.edit, Some(TaskEdit::Remove));
        let down = plan_action(
            &binding(true),
            &t,
            TaskAction::PruneRecovered,
            Some(&cluster("False")),
            now(),
            600,
        );
        assert_eq!(down.reason.code, "task-cluster-not-recovered");
        let missing = plan_action(
            &binding(true),
            &t,
            TaskAction::PruneRecovered,
            None,
            now(),
            600,
        );
        assert_eq!(missing.reason.code, "task-cluster-not-recovered");
        let sick = plan_action(
            &binding(false),
            &t,
            TaskAction::PruneRecovered,
            Some(&cluster("True")),
            now(),
            600,
        );
        assert_eq!(sick.reason.code, "task-not-healthy-elsewhere");
        assert!(
            sick.reason.message.contains("Unhealthy on m2"),
            "{}",
            sick.reason.message
        );
    }
}
