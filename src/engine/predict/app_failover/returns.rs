//! Whether, where and when the clusters application failover evicted take the binding
//! back. Two upstream rules bring it back without anyone asking:
//!
//! - a Duplicated binding, or a non-workload, is scheduled again on every change of its
//!   spec (`doScheduleBinding`), so once a task is removed its cluster passes the filters
//!   again;
//! - a Divided binding whose assigned replicas differ from `spec.replicas` is scheduled
//!   again on every change of its spec (`IsBindingReplicasChanged`: "replicas scaled down
//!   or scaled up"). Evicted from every cluster it can use (the cluster eviction filter
//!   keeps out each cluster with a task), it stays unplaced; when the graceful eviction
//!   controller removes the tasks, that removal is a spec change and the scheduler places
//!   it straight back.
//!
//! The graceful eviction controller removes a task at `creationTimestamp +
//! gracePeriodSeconds` (else its `--graceful-eviction-timeout`), or earlier once the
//! binding is scheduled (`schedulerObservedGeneration` = `generation`) and Healthy
//! everywhere; an unplaced binding is never scheduled, so only the timeout removes its
//! tasks. A task with `suppressDeletion: true` (`Never`) stays until confirmed.
//!
//! Upstream: `pkg/scheduler/scheduler.go` (`doScheduleBinding`),
//! `pkg/util/binding.go` (`IsBindingReplicasChanged`),
//! `pkg/controllers/gracefuleviction/evictiontask.go` (`assessEvictionTasks`,
//! `assessSingleTask`). Measured on the test plane (v1.18.2 scheduler, master
//! controllers): tasks timed out at T+90.2 s, the binding back on both clusters at
//! T+90.23 s.

use jiff::{SignedDuration, Timestamp};

use super::{EvictionWindow, OBSERVE_SLACK};
use crate::api::{BindingSpec, GracefulEvictionTask, TargetCluster};
use crate::engine::karmada::scheduler::{rescheduled_on_every_change, FleetIndex};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};

/// The evicted clusters coming back.
#[derive(Clone, Debug, PartialEq)]
pub struct Return {
    /// When (`None`: not predicted, as for a Duplicated binding whose tasks go once it
    /// is Healthy elsewhere).
    pub at: Option<EvictionWindow>,
    /// Where the scheduler places it then (`None`: not predicted).
    pub to: Option<Vec<TargetCluster>>,
    /// Why, and what follows for a workload still Unhealthy there.
    pub reason: Reason,
}

/// One task's eviction: its cluster, when it is written, and how long it lives
/// (`None`: until confirmed).
pub struct Evicted<'a> {
    pub cluster: &'a str,
    pub window: Option<&'a EvictionWindow>,
    pub lifetime: Option<SignedDuration>,
}

/// How long a task lives when nothing removes it earlier: its grace period, else the
/// controller's `--graceful-eviction-timeout` (`default_timeout_seconds`); `None` for a
/// task held until confirmed.
pub fn lifetime(
    task: &GracefulEvictionTask,
    default_timeout_seconds: i64,
) -> Option<SignedDuration> {
    if task.suppress_deletion == Some(true) {
        return None;
    }
    let secs = task
        .grace_period_seconds
        .map(i64::from)
        .unwrap_or(default_timeout_seconds);
    Some(SignedDuration::from_secs(secs.max(0)))
}

/// When a stored task times out (`None`: held until confirmed, or not stamped yet).
pub fn times_out_at(
    task: &GracefulEvictionTask,
    default_timeout_seconds: i64,
) -> Option<Timestamp> {
    Some(task.creation_timestamp.as_ref()?.0 + lifetime(task, default_timeout_seconds)?)
}

/// Whether the placement lacks replicas (a Divided workload the evictions left short):
/// the scheduler then tries again on every change of the spec, a task's removal too.
pub fn unplaced(spec: &BindingSpec) -> bool {
    let placed: i32 = spec.clusters.iter().map(|c| c.replicas).sum();
    placed != spec.replicas.unwrap_or(0)
}

/// The return of the clusters in `evicted`, if the binding comes back: `after` is its
/// spec once evicted (the tasks written), `unplaced` whether the scheduler then finds
/// no placement, `toleration` the application failover's.
pub fn predict_return(
    after: &BindingSpec,
    evicted: &[Evicted<'_>],
    unplaced: bool,
    toleration: i32,
    index: Option<&FleetIndex<'_>>,
    observed_affinity: Option<&str>,
) -> Option<Return> {
    if evicted.is_empty() {
        return None;
    }
    let names: Vec<&str> = evicted.iter().map(|e| e.cluster).collect();
    let again = format!(
        "if the workload is still Unhealthy there, the controller evicts it again {toleration}s after it sees it (a loop, until the workload is fixed or the policy changes)"
    );
    if rescheduled_on_every_change(after) {
        return Some(Return {
            at: None,
            to: None,
            reason: Reason::new(
                ReasonCode::AppFailoverReturns,
                format!(
                    "the scheduler schedules a Duplicated binding (or a non-workload) again on every change of its spec: once the task from {} is removed (Directly: at once; Gracefully: once Healthy elsewhere or after the grace period; Never: once confirmed) it is placed there again, and evicted again a toleration later if the workload is still Unhealthy",
                    names.join(", ")
                ),
            ),
        });
    }
    if !unplaced {
        return None;
    }
    let first = evicted.iter().filter_map(|e| e.lifetime).min();
    let Some(first) = first else {
        return Some(Return {
            at: None,
            to: None,
            reason: Reason::new(
                ReasonCode::AppFailoverReturns,
                format!(
                    "evicted from every cluster it can use, it stays unplaced while the tasks (held until confirmed) keep {} out; once a task is confirmed, that removal changes the spec and the scheduler places the replicas again, there too",
                    names.join(", ")
                ),
            ),
        });
    };
    let freed: Vec<&Evicted<'_>> = evicted
        .iter()
        .filter(|e| e.lifetime == Some(first))
        .collect();
    let at = window(&freed, first);
    let mut spec = after.clone();
    spec.graceful_eviction_tasks
        .retain(|t| !freed.iter().any(|e| e.cluster == t.from_cluster));
    let to = index.and_then(|i| i.predict(&spec, observed_affinity).ok().map(|p| p.clusters));
    let when = match &at {
        Some(w) => format!("at {}", w.earliest),
        None => format!("{}s after the eviction", first.as_secs()),
    };
    let place = to
        .as_ref()
        .map(|c| format!(" on {}", placement(c)))
        .unwrap_or_default();
    let freed_names: Vec<&str> = freed.iter().map(|e| e.cluster).collect();
    Some(Return {
        at,
        to,
        reason: Reason::new(
            ReasonCode::AppFailoverReturns,
            format!(
                "evicted from every cluster it can use, it stays unplaced (its assigned replicas differ from spec.replicas, so the scheduler tries again on every change of its spec); the tasks from {} time out after {}s ({when}), their removal is such a change, and the scheduler places it back{place}; {again}",
                freed_names.join(", "),
                first.as_secs()
            ),
        ),
    })
}

/// The removal of the first tasks to time out: their evictions' window, shifted by
/// their lifetime (the controller re-queues itself for that moment; the scheduler
/// answers the change within a second). A task's `creationTimestamp` is stored to the
/// second, cut down, so the removal can come up to a second before eviction + lifetime.
fn window(freed: &[&Evicted<'_>], lifetime: SignedDuration) -> Option<EvictionWindow> {
    let earliest = freed
        .iter()
        .filter_map(|e| e.window.map(|w| w.earliest))
        .min()?;
    let latest = freed
        .iter()
        .map(|e| e.window.and_then(|w| w.latest))
        .collect::<Option<Vec<_>>>()
        .and_then(|l| l.into_iter().max());
    let stored = jiff::Timestamp::from_second(earliest.as_second()).unwrap_or(earliest);
    Some(EvictionWindow {
        earliest: stored + lifetime,
        latest: latest.map(|l| l + lifetime + OBSERVE_SLACK),
    })
}

fn placement(clusters: &[TargetCluster]) -> String {
    clusters
        .iter()
        .map(|c| format!("{}={}", c.name, c.replicas))
        .collect::<Vec<_>>()
        .join(",")
}
