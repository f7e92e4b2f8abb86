//! Cluster taint changes (`taint`, `cordon`, `uncordon`, and every later writer of
//! taints): plan the edit of every target first, then write each with optimistic
//! locking, recomputing the edit on the object as re-read after a conflict.

use std::sync::atomic::AtomicBool;

use jiff::Timestamp;
use kube::api::Api;
use serde_json::json;

use super::write::{write_all, Ended, ObjectOutcome, Target, WriteControl};
use super::DryRun;
use crate::api::taint::validate_cluster_taints;
use crate::api::{Cluster, Taint, TaintEffect};
use crate::client::{ControlPlane, Plan};
use crate::engine::decide::taint_edit::{EditError, EditOutcome, TaintEdit};

/// The pure edit of one cluster's taints at a given time (it may read the cluster's
/// conditions and labels, as ClusterTaintPolicy evaluation does).
pub type EditFn<'f> = dyn Fn(&Cluster, Timestamp) -> Result<TaintEdit, EditError> + Sync + 'f;

/// One target and the edit planned for it.
#[derive(Clone, Debug)]
pub struct TaintPlan {
    /// The cluster as read.
    pub cluster: Cluster,
    /// What the edit does to it.
    pub edit: TaintEdit,
}

impl TaintPlan {
    /// The cluster's name.
    pub fn name(&self) -> &str {
        self.cluster.metadata.name.as_deref().unwrap_or_default()
    }

    /// Whether the edit adds or changes a taint with `effect`.
    pub fn adds(&self, effect: TaintEffect) -> bool {
        self.edit
            .added
            .iter()
            .chain(&self.edit.updated)
            .any(|s| s.ends_with(effect.as_str()))
    }
}

/// `edit` on `current`, refused when Karmada's API would reject the taints it writes
/// (every writer of cluster taints goes through here).
pub fn checked(
    edit: &EditFn<'_>,
    cluster: &Cluster,
    now: Timestamp,
) -> Result<TaintEdit, EditError> {
    let e = edit(cluster, now)?;
    if e.outcome != EditOutcome::Unchanged {
        if let Err(violations) = validate_cluster_taints(&e.taints) {
            return Err(EditError::Rejected {
                rules: violations.iter().map(ToString::to_string).collect(),
            });
        }
    }
    Ok(e)
}

/// Plan `edit` on every cluster. Any target the edit refuses refuses the whole job:
/// `Err` lists every refusal (`cluster "NAME": why`), and nothing is written.
pub fn plan(
    clusters: Vec<Cluster>,
    edit: &EditFn<'_>,
    now: Timestamp,
) -> Result<Vec<TaintPlan>, Vec<String>> {
    let mut plans = Vec::with_capacity(clusters.len());
    let mut refused = Vec::new();
    for cluster in clusters {
        let name = cluster.metadata.name.clone().unwrap_or_default();
        match checked(edit, &cluster, now) {
            Ok(e) => plans.push(TaintPlan { cluster, edit: e }),
            Err(e) => refused.push(format!("cluster {name:?}: {e}")),
        }
    }
    if refused.is_empty() {
        Ok(plans)
    } else {
        Err(refused)
    }
}

/// How one cluster's change ended.
#[derive(Clone, Debug)]
pub struct TaintOutcome {
    /// The cluster's name.
    pub name: String,
    /// Its taints before the change (as first read).
    pub before: Vec<Taint>,
    /// The edit as applied (on the last read) and whether it was written, or why not.
    pub result: Result<(TaintEdit, bool), String>,
}

/// The patch that sets `taints` (`null` removes the list).
pub fn taints_patch(taints: &[Taint]) -> serde_json::Value {
    let list = if taints.is_empty() {
        json!(null)
    } else {
        json!(taints)
    };
    json!({ "spec": { "taints": list } })
}

/// The taints to send for the edit of a cluster holding `current`: as edited, except that
/// a `NoExecute` taint the cluster does not hold yet (key and effect) goes without
/// `timeAdded`, which Karmada's Cluster API then stamps with the control plane's clock
/// (`pkg/apis/cluster/mutation`: only where it is unset), so no client clock starts a
/// toleration early or late. Taints already there keep theirs.
pub fn to_send(current: &[Taint], edited: &[Taint]) -> Vec<Taint> {
    edited
        .iter()
        .map(|t| {
            let held = current
                .iter()
                .any(|c| c.key == t.key && c.effect == t.effect);
            let mut t = t.clone();
            if !held && t.effect == "NoExecute" {
                t.time_added = None;
            }
            t
        })
        .collect()
}

/// The edit as the server stored it: its taints from the server's answer (the
/// `timeAdded` it stamped), when there is one.
fn as_stored(mut e: TaintEdit, stored: Option<&serde_json::Value>) -> TaintEdit {
    let taints = stored
        .map(|s| s["spec"]["taints"].clone())
        .and_then(|t| match t {
            serde_json::Value::Null => Some(Vec::new()),
            t => serde_json::from_value::<Vec<Taint>>(t).ok(),
        });
    if let Some(taints) = taints {
        e.taints = taints;
    }
    e
}

/// Carry out `plans`: nothing is sent with [`DryRun::Client`]; otherwise each changed
/// cluster is patched (with `dryRun=All` for [`DryRun::Server`]), its edit recomputed
/// with `edit` on every re-read. `on_done` is called as each cluster ends. Once `stop` is
/// set no new write starts (those in flight finish). Outcomes are sorted by cluster name.
pub async fn apply(
    cp: &ControlPlane,
    plans: Vec<TaintPlan>,
    edit: &EditFn<'_>,
    dry_run: DryRun,
    now: Timestamp,
    stop: Option<&AtomicBool>,
    on_done: &(dyn Fn() + Sync),
) -> Vec<TaintOutcome> {
    let mut outcomes: Vec<TaintOutcome> = Vec::with_capacity(plans.len());
    let mut to_write = Vec::new();
    for p in plans {
        let unchanged = p.edit.outcome == EditOutcome::Unchanged;
        if dry_run == DryRun::Client || unchanged {
            outcomes.push(TaintOutcome {
                name: p.name().to_string(),
                before: p.cluster.spec.taints.clone(),
                result: Ok((p.edit, false)),
            });
            on_done();
        } else {
            to_write.push(p);
        }
    }
    let before: std::collections::HashMap<String, Vec<Taint>> = to_write
        .iter()
        .map(|p| (p.name().to_string(), p.cluster.spec.taints.clone()))
        .collect();
    let api: Api<Cluster> = Api::all(cp.client.clone());
    let targets: Vec<Target<Cluster>> = to_write
        .into_iter()
        .map(|p| Target {
            api: api.clone(),
            name: p.name().to_string(),
            key: p.name().to_string(),
            first: Some(p.cluster),
        })
        .collect();
    // Every cluster passed `plan` on its first read, so a removal that finds nothing now
    // was done since (by this tool's own write whose response was lost, or by another
    // writer): the intent holds, and the rest of the edit goes on.
    let decide = |c: &Cluster| {
        let edit = |c: &Cluster, now| match edit(c, now) {
            Err(EditError::NotFound { satisfied, .. }) => Ok(*satisfied),
            other => other,
        };
        checked(&edit, c, now).map(|e| {
            if e.outcome == EditOutcome::Unchanged {
                Plan::Keep(e)
            } else {
                Plan::Patch(taints_patch(&to_send(c.taints(), &e.taints)), e)
            }
        })
    };
    let done = |_: &ObjectOutcome<TaintEdit, EditError>| on_done();
    let control = WriteControl {
        server_dry_run: dry_run == DryRun::Server,
        stop,
        ..Default::default()
    };
    let written = write_all(cp, targets, &decide, control, &done).await;
    for o in written {
        let result = match o.ended {
            Ended::Done(w) => Ok((as_stored(w.decision, w.stored.as_ref()), w.written)),
            Ended::Refused(e) => Err(e.to_string()),
            Ended::Failed(e) => Err(e.message),
            Ended::NotStarted => Err(super::write::NOT_STARTED.into()),
        };
        outcomes.push(TaintOutcome {
            before: before.get(&o.key).cloned().unwrap_or_default(),
            name: o.key,
            result,
        });
    }
    outcomes.sort_by(|a, b| a.name.cmp(&b.name));
    outcomes
}
