//! One object's change, read as the steps of a failover: a Cluster's `Ready` condition
//! and taints; a binding leaving a cluster, placed again, Healthy there, its old copy
//! gone. Pure: the caller hands in the object before and after.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::describe_taint;
use crate::api::Cluster;
use crate::fleet::Binding;

/// A step of a failover.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Step {
    /// The cluster's `Ready` turned False.
    ReadyFalse,
    /// The cluster's `Ready` turned Unknown (a Pull cluster's agent silent).
    ReadyUnknown,
    /// The cluster's `Ready` turned True again.
    ReadyTrue,
    /// A taint was added to the cluster.
    TaintAdded,
    /// A taint was removed from the cluster.
    TaintRemoved,
    /// The binding left the cluster (a graceful eviction task from it).
    Evicted,
    /// The scheduler placed the binding again after the eviction.
    Replaced,
    /// Every cluster of the new placement reports the workload Healthy.
    Healthy,
    /// The eviction task is gone: the old copy is removed.
    OldCopyGone,
    /// A predicted step's interval ended without it.
    Missed,
    /// Nothing more is expected.
    Settled,
}

impl Step {
    /// The word lines print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A step read off an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub step: Step,
    /// The failing cluster the step is about.
    pub cluster: String,
    /// `cluster/NAME`, `rb/NS/NAME` or `crb/NAME`.
    pub object: String,
    pub resource_version: Option<String>,
    /// The moment the object records for the step (`lastTransitionTime`, `timeAdded`,
    /// the task's `creationTimestamp`), when it records one.
    pub recorded: Option<Timestamp>,
    /// What changed, in a few words.
    pub detail: String,
}

/// The `Ready` status of `cluster` (`None` when it reports none).
pub fn ready(cluster: &Cluster) -> Option<&str> {
    cluster.condition("Ready").map(|c| c.status.as_str())
}

/// The steps between two versions of a Cluster (`old`: `None` for the first sight,
/// which is the baseline and shows no step).
pub fn cluster_steps(old: Option<&Cluster>, new: &Cluster) -> Vec<Seen> {
    let Some(old) = old else {
        return Vec::new();
    };
    let name = new.metadata.name.clone().unwrap_or_default();
    let seen = |step, recorded, detail: String| Seen {
        step,
        cluster: name.clone(),
        object: format!("cluster/{name}"),
        resource_version: new.metadata.resource_version.clone(),
        recorded,
        detail,
    };
    let mut out = Vec::new();
    if let Some(c) = new.condition("Ready") {
        if ready(old) != Some(c.status.as_str()) {
            let step = match c.status.as_str() {
                "True" => Step::ReadyTrue,
                "Unknown" => Step::ReadyUnknown,
                _ => Step::ReadyFalse,
            };
            out.push(seen(
                step,
                Some(c.last_transition_time.0),
                format!("Ready={} ({})", c.status, c.reason),
            ));
        }
    }
    let same =
        |a: &crate::api::Taint, b: &crate::api::Taint| a.key == b.key && a.effect == b.effect;
    for t in new.taints() {
        if !old.taints().iter().any(|o| same(o, t)) {
            out.push(seen(
                Step::TaintAdded,
                t.time_added.as_ref().map(|x| x.0),
                describe_taint(t),
            ));
        }
    }
    for t in old.taints() {
        if !new.taints().iter().any(|n| same(n, t)) {
            out.push(seen(Step::TaintRemoved, None, describe_taint(t)));
        }
    }
    out
}

/// Whether `b` is placed on `cluster`.
pub fn placed_on(b: &Binding, cluster: &str) -> bool {
    b.spec.clusters.iter().any(|c| c.name == cluster)
}

/// `b`'s eviction task from `cluster`, if it has one.
pub fn task_from<'a>(
    b: &'a Binding,
    cluster: &str,
) -> Option<&'a crate::api::GracefulEvictionTask> {
    b.spec
        .graceful_eviction_tasks
        .iter()
        .find(|t| t.from_cluster == cluster)
}

/// Whether the scheduler has seen `b`'s latest spec.
pub fn scheduled(b: &Binding) -> bool {
    let observed = b
        .status
        .as_ref()
        .and_then(|s| s.scheduler_observed_generation);
    matches!((observed, b.metadata.generation), (Some(o), Some(g)) if o >= g)
}

/// Whether every cluster of `b`'s placement reports the workload Healthy.
pub fn healthy_everywhere(b: &Binding) -> bool {
    let Some(status) = &b.status else {
        return false;
    };
    !b.spec.clusters.is_empty()
        && b.spec.clusters.iter().all(|c| {
            status
                .aggregated_status
                .iter()
                .any(|a| *a.cluster_name == *c.name && a.health.as_deref() == Some("Healthy"))
        })
}

/// The eviction of `b` from `cluster` between `old` and `new`: it was placed there and
/// is no longer, with a task from it (or none: the task may already be gone).
pub fn evicted(old: &Binding, new: &Binding, cluster: &str) -> Option<Seen> {
    if !placed_on(old, cluster) || placed_on(new, cluster) {
        return None;
    }
    let task = task_from(new, cluster);
    Some(Seen {
        step: Step::Evicted,
        cluster: cluster.to_string(),
        object: new.display_name(),
        resource_version: new.metadata.resource_version.clone(),
        recorded: task
            .and_then(|t| t.creation_timestamp.as_ref())
            .map(|t| t.0),
        detail: match task {
            Some(t) => format!(
                "task from {cluster} ({}, purge mode {})",
                t.reason,
                t.purge_mode.as_deref().unwrap_or("Gracefully")
            ),
            None => format!("left {cluster} (no task)"),
        },
    })
}
