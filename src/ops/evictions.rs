//! `evictions list` and `evictions abort` on the live control plane.

use std::collections::BTreeSet;

use jiff::Timestamp;
use kube::api::{Api, DynamicObject};
use serde::Serialize;
use serde_json::{json, Value};

use super::bindings::{
    self, for_each_binding, patch_list, raw_list, typed, BindingScope, ListedAt,
};
use super::write::{write_all, Ended, ObjectOutcome, Target, WriteControl};
use crate::api::Cluster;
use crate::client::{ControlPlane, Plan};
use crate::engine::decide::abort::{plan_abort, AbortStep};
use crate::engine::decide::evictions::{tasks_of, TaskFilter, TaskView};
use crate::engine::decide::records::drain_undone;
use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind};

/// Every task of the bindings in `scope` that `filter` admits, assessed at `now`, and
/// where the lists stood (to follow them from). Pages are read one at a time and only
/// tasks are kept, so memory grows with the tasks.
pub async fn list(
    cp: &ControlPlane,
    scope: &BindingScope,
    filter: &TaskFilter,
    now: Timestamp,
    default_timeout_seconds: i64,
) -> Result<(Vec<TaskView>, ListedAt)> {
    let mut rows = Vec::new();
    let listed = for_each_binding(cp, scope, |_, b| {
        if !b.spec.graceful_eviction_tasks.is_empty() {
            rows.extend(tasks_of(&b, filter, now, default_timeout_seconds));
        }
    })
    .await?;
    Ok((rows, listed))
}

/// Which tasks to abort.
#[derive(Clone, Debug)]
pub enum AbortTargets {
    /// The task from `cluster` of this binding.
    One {
        kind: BindingKind,
        namespace: Option<String>,
        name: String,
    },
    /// Every task from `cluster` of the bindings in scope.
    All(BindingScope),
}

/// A task to abort, the binding as read, and the plan.
pub struct PlannedAbort {
    pub kind: BindingKind,
    pub namespace: Option<String>,
    pub name: String,
    /// `metadata.uid` (for the Events about it).
    pub uid: Option<String>,
    /// The binding as read; the abort's first attempt takes it.
    pub raw: Option<DynamicObject>,
    pub step: AbortStep,
}

/// Read the bindings and plan the aborts of their tasks from `cluster`.
pub async fn plan(
    cp: &ControlPlane,
    targets: &AbortTargets,
    cluster: &str,
    force: bool,
) -> Result<(Option<Cluster>, Vec<PlannedAbort>)> {
    let fleet_cluster = Api::<Cluster>::all(cp.client.clone())
        .get_opt(cluster)
        .await
        .map_err(|e| crate::client::api_error(&e, &format!("cluster {cluster:?}"), &cp.server))?;
    let now = Timestamp::now();
    let mut planned = Vec::new();
    let mut keep = |raw: DynamicObject, b: Binding| {
        let step = plan_abort(&b, cluster, fleet_cluster.as_ref(), force, now);
        planned.push(PlannedAbort {
            kind: b.kind,
            namespace: b.metadata.namespace.clone(),
            name: b.metadata.name.clone().unwrap_or_default(),
            uid: raw.metadata.uid.clone(),
            raw: Some(raw),
            step,
        });
    };
    read_targets(
        cp,
        targets,
        |b| {
            b.spec
                .graceful_eviction_tasks
                .iter()
                .any(|t| t.from_cluster == cluster)
        },
        &mut keep,
    )
    .await?;
    planned.sort_by(|a, b| (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name)));
    Ok((fleet_cluster, planned))
}

/// Read the binding `targets` names, or every binding in its scope that `wanted` admits,
/// and hand each to `visit` (raw and typed).
pub async fn read_targets(
    cp: &ControlPlane,
    targets: &AbortTargets,
    wanted: impl Fn(&Binding) -> bool,
    visit: &mut impl FnMut(DynamicObject, Binding),
) -> Result<()> {
    match targets {
        AbortTargets::One {
            kind,
            namespace,
            name,
        } => {
            let api = bindings::api(cp, *kind, namespace.as_deref());
            let what = format!("{} {name:?}", bindings::resource(*kind).kind.to_lowercase());
            let raw = api
                .get(name)
                .await
                .map_err(|e| crate::client::api_error(&e, &what, &cp.server))?;
            let b = typed(&raw, *kind)
                .ok_or_else(|| Error::failure(format!("{what} does not read as a binding")))?;
            visit(raw, b);
        }
        AbortTargets::All(scope) => {
            for_each_binding(cp, scope, |raw, b| {
                if wanted(&b) {
                    visit(raw, b);
                }
            })
            .await?;
        }
    }
    Ok(())
}

/// The merge patch of an abort: the task leaves `spec.gracefulEvictionTasks` (the others
/// kept as stored), `spec.clusters` becomes the plan's, the record goes.
fn abort_patch(raw: &DynamicObject, b: &Binding, step: &AbortStep) -> Value {
    let tasks: Vec<Value> = raw_list(raw, "gracefulEvictionTasks")
        .into_iter()
        .filter(|t| t["fromCluster"].as_str() != Some(step.cluster.as_str()))
        .collect();
    let clusters: Vec<Value> = step
        .clusters
        .iter()
        .flatten()
        .map(|t| serde_json::to_value(t).expect("clusters serialize"))
        .collect();
    let mut patch = json!({
        "spec": {"clusters": patch_list(clusters), "gracefulEvictionTasks": patch_list(tasks)}
    });
    if let Some(metadata) = drain_undone(b.annotations(), std::slice::from_ref(&step.cluster)) {
        patch["metadata"] = metadata;
    }
    patch
}

/// How one abort ended.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Aborted {
    /// The plan as of the last read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<AbortStep>,
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// Whether a patch was accepted.
    pub written: bool,
    /// Why it failed or was not started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Write the aborts that `planned` says to write, planning each again on every re-read.
pub async fn abort(
    cp: &ControlPlane,
    planned: &mut [PlannedAbort],
    fleet_cluster: Option<&Cluster>,
    force: bool,
    control: WriteControl<'_>,
    on_done: &(dyn Fn(&Aborted) + Sync),
) -> Vec<Aborted> {
    let cluster = planned
        .first()
        .map(|p| p.step.cluster.clone())
        .unwrap_or_default();
    let targets: Vec<Target<DynamicObject>> = planned
        .iter_mut()
        .filter(|p| p.step.decision.writes())
        .map(|p| Target {
            api: bindings::api(cp, p.kind, p.namespace.as_deref()),
            name: p.name.clone(),
            key: p.step.binding.clone(),
            first: p.raw.take(),
        })
        .collect();
    let now = Timestamp::now();
    let decide = |obj: &DynamicObject| -> std::result::Result<Plan<Option<AbortStep>>, String> {
        let kind = if obj.metadata.namespace.is_some() {
            BindingKind::ResourceBinding
        } else {
            BindingKind::ClusterResourceBinding
        };
        let b = typed(obj, kind).ok_or("the binding no longer reads as a binding")?;
        let step = plan_abort(&b, &cluster, fleet_cluster, force, now);
        Ok(if step.decision.writes() {
            Plan::Patch(abort_patch(obj, &b, &step), Some(step))
        } else {
            Plan::Keep(Some(step))
        })
    };
    let report = |o: &ObjectOutcome<Option<AbortStep>, String>| -> Aborted {
        let (step, written, error) = match &o.ended {
            Ended::Done(w) => (w.decision.clone(), w.written, None),
            Ended::Refused(e) => (None, false, Some(e.clone())),
            Ended::Failed(e) => (None, false, Some(e.message.clone())),
            Ended::NotStarted => (None, false, Some(super::write::NOT_STARTED.into())),
        };
        Aborted {
            binding: o.key.clone(),
            step,
            written,
            error,
        }
    };
    let done = |o: &ObjectOutcome<Option<AbortStep>, String>| on_done(&report(o));
    write_all(cp, targets, &decide, control, &done)
        .await
        .iter()
        .map(report)
        .collect()
}

/// The bindings of `planned` that would be written.
pub fn written_keys(planned: &[PlannedAbort]) -> BTreeSet<String> {
    planned
        .iter()
        .filter(|p| p.step.decision.writes())
        .map(|p| p.step.binding.clone())
        .collect()
}
