//! `evictions confirm`, `extend` and `prune` on the live control plane: read the
//! bindings, plan the action on each matching task, write the task edits with
//! optimistic locking (planning again on every re-read).

use std::collections::BTreeMap;

use jiff::Timestamp;
use kube::api::DynamicObject;
use serde::Serialize;
use serde_json::{json, Value};

use super::bindings::{self, patch_list, raw_list, typed};
use super::evictions::{read_targets, AbortTargets};
use super::write::{write_all, Ended, ObjectOutcome, Target, WriteControl};
use crate::api::Cluster;
use crate::client::{ControlPlane, Plan};
use crate::engine::decide::task_actions::{
    plan_action, ActionDecision, ActionStep, TaskAction, TaskEdit,
};
use crate::error::Result;
use crate::fleet::{Binding, BindingKind};
use crate::state;

/// What an action needs besides the bindings.
pub struct ActionContext {
    /// The action.
    pub action: TaskAction,
    /// Only tasks from this cluster (`None`: every task).
    pub cluster: Option<String>,
    /// Clusters by name (read for `prune`, which needs their Ready condition).
    pub clusters: BTreeMap<String, Cluster>,
    /// The controller's `--graceful-eviction-timeout`.
    pub default_timeout_seconds: i64,
}

impl ActionContext {
    /// The steps of the action on `b`'s matching tasks at `now` (empty: no task matches).
    pub fn steps(&self, b: &Binding, now: Timestamp) -> Vec<ActionStep> {
        b.spec
            .graceful_eviction_tasks
            .iter()
            .filter(|t| self.cluster.as_ref().is_none_or(|c| &t.from_cluster == c))
            .map(|t| {
                plan_action(
                    b,
                    t,
                    self.action,
                    self.clusters.get(&t.from_cluster),
                    now,
                    self.default_timeout_seconds,
                )
            })
            .collect()
    }
}

/// A binding with matching tasks, as read, and the steps.
pub struct PlannedAction {
    pub kind: BindingKind,
    pub namespace: Option<String>,
    pub name: String,
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub key: String,
    /// `metadata.uid` (for the Events about it).
    pub uid: Option<String>,
    /// The binding as read; the first write attempt takes it.
    pub raw: Option<DynamicObject>,
    pub steps: Vec<ActionStep>,
}

impl PlannedAction {
    /// Whether any step writes.
    pub fn writes(&self) -> bool {
        self.steps
            .iter()
            .any(|s| s.decision == ActionDecision::Write)
    }
}

/// Read what the action needs and plan it on the tasks of `targets`.
pub async fn plan(
    cp: &ControlPlane,
    targets: &AbortTargets,
    ctx: &mut ActionContext,
    now: Timestamp,
) -> Result<Vec<PlannedAction>> {
    if ctx.action == TaskAction::PruneRecovered {
        ctx.clusters = state::load_clusters(cp)
            .await?
            .into_iter()
            .map(|c| (c.metadata.name.clone().unwrap_or_default(), c))
            .collect();
    }
    let mut planned = Vec::new();
    let mut keep = |raw: DynamicObject, b: Binding| {
        let steps = ctx.steps(&b, now);
        if !steps.is_empty() {
            planned.push(PlannedAction {
                kind: b.kind,
                namespace: b.metadata.namespace.clone(),
                name: b.metadata.name.clone().unwrap_or_default(),
                key: b.display_name(),
                uid: raw.metadata.uid.clone(),
                raw: Some(raw),
                steps,
            });
        }
    };
    read_targets(
        cp,
        targets,
        |b| !b.spec.graceful_eviction_tasks.is_empty(),
        &mut keep,
    )
    .await?;
    planned.sort_by(|a, b| (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name)));
    Ok(planned)
}

/// The merge patch of `steps` on the binding `raw`: each written task edited in place
/// (unknown fields kept), removed ones dropped, the others as stored.
pub fn action_patch(raw: &DynamicObject, steps: &[ActionStep]) -> Value {
    let edit_of = |t: &Value| {
        let from = t["fromCluster"].as_str()?;
        steps
            .iter()
            .find(|s| s.cluster == from && s.decision == ActionDecision::Write)
            .and_then(|s| s.edit.clone())
    };
    let tasks: Vec<Value> = raw_list(raw, "gracefulEvictionTasks")
        .into_iter()
        .filter_map(|mut t| {
            match edit_of(&t) {
                None => {}
                Some(TaskEdit::Remove) => return None,
                Some(TaskEdit::ConfirmDeletion) => {
                    let o = t.as_object_mut()?;
                    o.insert("suppressDeletion".into(), json!(false));
                    o.remove("gracePeriodSeconds");
                }
                Some(TaskEdit::GracePeriod { seconds }) => {
                    t["gracePeriodSeconds"] = json!(seconds);
                }
            }
            Some(t)
        })
        .collect();
    json!({"spec": {"gracefulEvictionTasks": patch_list(tasks)}})
}

/// How one binding's action ended.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Acted {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The steps as of the last read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<ActionStep>,
    /// Whether a patch was accepted.
    pub written: bool,
    /// Why it failed or was not started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Write the planned actions that write, planning each again on every re-read.
pub async fn apply(
    cp: &ControlPlane,
    planned: &mut [PlannedAction],
    ctx: &ActionContext,
    control: WriteControl<'_>,
    on_done: &(dyn Fn(&Acted) + Sync),
) -> Vec<Acted> {
    let targets: Vec<Target<DynamicObject>> = planned
        .iter_mut()
        .filter(|p| p.writes())
        .map(|p| Target {
            api: bindings::api(cp, p.kind, p.namespace.as_deref()),
            name: p.name.clone(),
            key: p.key.clone(),
            first: p.raw.take(),
        })
        .collect();
    let now = Timestamp::now();
    let decide = |obj: &DynamicObject| -> std::result::Result<Plan<Vec<ActionStep>>, String> {
        let kind = if obj.metadata.namespace.is_some() {
            BindingKind::ResourceBinding
        } else {
            BindingKind::ClusterResourceBinding
        };
        let b = typed(obj, kind).ok_or("the binding no longer reads as a binding")?;
        let steps = ctx.steps(&b, now);
        Ok(
            if steps.iter().any(|s| s.decision == ActionDecision::Write) {
                Plan::Patch(action_patch(obj, &steps), steps)
            } else {
                Plan::Keep(steps)
            },
        )
    };
    let report = |o: &ObjectOutcome<Vec<ActionStep>, String>| -> Acted {
        let (steps, written, error) = match &o.ended {
            Ended::Done(w) => (w.decision.clone(), w.written, None),
            Ended::Refused(e) => (Vec::new(), false, Some(e.clone())),
            Ended::Failed(e) => (Vec::new(), false, Some(e.message.clone())),
            Ended::NotStarted => (Vec::new(), false, Some(super::write::NOT_STARTED.into())),
        };
        Acted {
            binding: o.key.clone(),
            steps,
            written,
            error,
        }
    };
    let done = |o: &ObjectOutcome<Vec<ActionStep>, String>| on_done(&report(o));
    write_all(cp, targets, &decide, control, &done)
        .await
        .iter()
        .map(report)
        .collect()
}
