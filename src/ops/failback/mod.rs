//! `failback` on the live control plane: read the fleet, hold each returning cluster to
//! the health gate, plan every binding that left it, then roll the returns out a few at
//! a time — each written with optimistic locking (planned again on every re-read), then
//! watched until it has been healthy on the cluster for the minimum success time, or
//! until its progress deadline — and stop starting new ones once enough have failed.

mod rollout;

pub use rollout::{roll_out, Event, ReturnEnd, ReturnedBinding, Rollout};

use crate::engine::karmada::estimator::accurate::Estimators;
use crate::engine::vocabulary::settings::ControllerSettings;
use jiff::{SignedDuration, Timestamp};
use kube::api::DynamicObject;
use serde::Serialize;
use serde_json::{json, Value};

use super::bindings::{each_binding, patch_list, raw_list, BindingScope, Source};
use super::events::{Action, Subject, FAILED_BACK};
use crate::api::{Cluster, MetaMap};
use crate::client::{patch_with_retry, select_clusters, ControlPlane, Plan, Targets};
use crate::engine::decide::failback::{
    health_gate, leaving_tasks, plan_binding, reschedule_at, BindingFailback, FailbackMode,
    FailbackOptions,
};
use crate::engine::decide::records::{unrecorded, Unrecorded, UNRECORDED_ANNOTATION};
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::Reason;
use crate::error::Result;
use crate::fleet::{Binding, BindingKind};
use crate::state;

/// What the operator asked for.
#[derive(Clone, Debug)]
pub struct FailbackRequest {
    /// The plan's options (`clusters` is filled in from the targets).
    pub options: FailbackOptions,
    /// Which bindings.
    pub scope: BindingScope,
    /// How long a cluster must have been Ready.
    pub stable_for: SignedDuration,
    /// The settings the scheduler runs with (whether it asks the members'
    /// scheduler-estimators whether a cluster can take the replicas back).
    pub settings: ControllerSettings,
}

/// A cluster the gate refused, and why.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GateRefusal {
    pub cluster: String,
    pub reasons: Vec<Reason>,
}

/// Which binding: what its writes and the Events about it name.
#[derive(Clone, Debug)]
pub struct BindingId {
    pub kind: BindingKind,
    pub namespace: Option<String>,
    pub name: String,
    /// `metadata.uid` (for the Events about it).
    pub uid: Option<String>,
}

impl BindingId {
    fn of(b: &Binding, raw: &DynamicObject) -> Self {
        BindingId {
            kind: b.kind,
            namespace: b.metadata.namespace.clone(),
            name: b.metadata.name.clone().unwrap_or_default(),
            uid: raw.metadata.uid.clone(),
        }
    }

    /// The binding as the Events about it name it.
    pub fn subject(&self) -> Subject<'_> {
        Subject {
            kind: self.kind.into(),
            namespace: self.namespace.as_deref(),
            name: &self.name,
            uid: self.uid.as_deref(),
        }
    }

    /// The API its writes go to.
    pub fn api(&self, cp: &ControlPlane) -> kube::Api<DynamicObject> {
        super::bindings::api(cp, self.kind, self.namespace.as_deref())
    }
}

/// A binding the failback touches, as read, and its plan.
pub struct PlannedFailback {
    pub id: BindingId,
    /// The binding as read; the first write attempt takes it.
    pub raw: Option<DynamicObject>,
    pub plan: BindingFailback,
}

/// The fleet as read, the gate and the plan.
pub struct Planned {
    /// Every cluster.
    pub fleet: Vec<Cluster>,
    /// Clusters the health gate refuses (empty: it passes).
    pub gate: Vec<GateRefusal>,
    /// Every binding that left the clusters, in kind then namespace/name order.
    pub bindings: Vec<PlannedFailback>,
    /// Bindings in scope that never left them.
    pub untouched: usize,
    /// The members' scheduler-estimators, when the scheduler asks them.
    pub estimators: Estimators,
    /// Members whose Nodes could not be read, with why.
    pub unread_members: Vec<(String, String)>,
    /// Bindings in scope whose return an earlier run wrote without recording its Events.
    pub unrecorded: Vec<Announced>,
}

/// A binding that announces Events an earlier return did not record.
pub struct Announced {
    pub id: BindingId,
    pub events: Unrecorded,
}

/// Read the fleet, hold `targets` to the health gate at `now`, and plan the failback.
pub async fn plan(
    cp: &ControlPlane,
    targets: &Targets,
    req: &mut FailbackRequest,
    now: Timestamp,
) -> Result<Planned> {
    plan_from(cp, Source::Server, targets, req, now).await
}

/// [`plan`], reading the bindings from `source`.
pub async fn plan_from(
    cp: &ControlPlane,
    source: Source<'_>,
    targets: &Targets,
    req: &mut FailbackRequest,
    now: Timestamp,
) -> Result<Planned> {
    let fleet = state::load_clusters(cp).await?;
    let returning = select_clusters(&fleet, targets)?;
    req.options.clusters = returning
        .iter()
        .filter_map(|c| c.metadata.name.clone())
        .collect();
    if req.options.message.is_empty() {
        req.options.message = crate::engine::decide::records::task_message(
            "returned to {} by `karmadactl failback`",
            &req.options.clusters,
            ", ",
        );
    }
    let gate = returning
        .iter()
        .filter_map(|c| {
            health_gate(c, req.stable_for, now)
                .err()
                .map(|reasons| GateRefusal {
                    cluster: c.metadata.name.clone().unwrap_or_default(),
                    reasons,
                })
        })
        .collect();
    let (members, unread_members) = super::members::read(cp, &fleet, &req.settings).await;
    let estimators = Estimators::of(&members, &fleet, &req.settings);
    let index = FleetIndex::new(&fleet).estimating(&estimators);
    let mut bindings = Vec::new();
    let mut untouched = 0;
    let mut announced = Vec::new();
    each_binding(cp, source, &req.scope, |raw, b| {
        if let Some(events) = unrecorded(b.annotations()) {
            let id = BindingId::of(&b, &raw);
            announced.push(Announced { id, events });
        }
        match plan_binding(&b, &index, &req.options) {
            Some(plan) => bindings.push(PlannedFailback {
                id: BindingId::of(&b, &raw),
                raw: Some(raw),
                plan,
            }),
            None => untouched += 1,
        }
    })
    .await?;
    drop(index);
    bindings.sort_by(|a, b| {
        let (a, b) = (&a.id, &b.id);
        (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name))
    });
    Ok(Planned {
        fleet,
        gate,
        bindings,
        untouched,
        estimators,
        unread_members,
        unrecorded: announced,
    })
}

/// The Events a return (`plan`, written at `at`) announces on its binding: one per
/// cluster it returns to, so that `history --cluster` finds each.
pub fn announced(plan: &BindingFailback, options: &FailbackOptions, at: Timestamp) -> Unrecorded {
    Unrecorded {
        at,
        reason: FAILED_BACK.to_string(),
        clusters: plan.clusters.clone(),
        text: format!("{} ({})", plan.reason.message, options.mode.as_str()),
    }
}

/// Record the Events `events` announces on `subject`, at their moment, then take the
/// announcement off the binding (only that one: a later write's stays). Err: why not
/// all were recorded (the announcement stays for the next failback).
pub async fn record_announced(
    cp: &ControlPlane,
    api: &kube::Api<DynamicObject>,
    subject: Subject<'_>,
    events: &Unrecorded,
) -> std::result::Result<(), String> {
    let items = events
        .clusters
        .iter()
        .map(|c| (subject, Action::about(&events.reason, c, &events.text)))
        .collect();
    let total = events.clusters.len();
    if let (failed, Some(e)) =
        crate::ops::events::record_all_at(cp, items, Some(events.at), 8).await
    {
        return Err(format!("{failed} of {total}: {e}"));
    }
    let decide = |obj: &DynamicObject| -> std::result::Result<Plan<()>, String> {
        let annotations = obj.metadata.annotations.as_ref().map(MetaMap::from);
        Ok(match unrecorded(annotations.as_ref()) {
            Some(u) if &u == events => Plan::Patch(
                json!({"metadata": {"annotations": {UNRECORDED_ANNOTATION: null}}}),
                (),
            ),
            _ => Plan::Keep(()),
        })
    };
    match patch_with_retry(cp, api, subject.name, None, false, decide).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(format!("recorded, but the announcement stays: {e}")),
        Err(e) => Err(format!(
            "recorded, but the announcement stays: {}",
            e.message
        )),
    }
}

/// The returns whose Events were not all recorded: how many, and the first reason.
pub fn unrecorded_events(returned: &[ReturnedBinding]) -> Option<(usize, String)> {
    let failed: Vec<&String> = returned
        .iter()
        .filter_map(|r| r.events_error.as_ref())
        .collect();
    let first = failed.first()?;
    Some((failed.len(), first.to_string()))
}

/// The merge patch of the failback `plan` of the binding `raw`: the tasks from the
/// returning clusters go (the others kept as stored), a graceful task is added per
/// cluster left entirely, `spec.clusters` becomes the record (`restore`) or
/// `spec.rescheduleTriggeredAt` is stamped (`reschedule`), the records go and the
/// return's Events are announced ([`announced`]).
pub fn failback_patch(
    raw: &DynamicObject,
    b: &Binding,
    plan: &BindingFailback,
    options: &FailbackOptions,
    now: Timestamp,
) -> Value {
    let mut tasks: Vec<Value> = raw_list(raw, "gracefulEvictionTasks")
        .into_iter()
        .filter(|t| {
            !t["fromCluster"]
                .as_str()
                .is_some_and(|c| plan.tasks_removed.iter().any(|r| r == c))
        })
        .collect();
    for task in leaving_tasks(&b.spec, plan, options) {
        tasks.push(serde_json::to_value(task).expect("tasks serialize"));
    }
    let mut spec = json!({"gracefulEvictionTasks": patch_list(tasks)});
    match options.mode {
        FailbackMode::Restore => {
            let clusters: Vec<Value> = plan
                .after
                .iter()
                .flatten()
                .map(|t| serde_json::to_value(t).expect("clusters serialize"))
                .collect();
            spec["clusters"] = patch_list(clusters);
        }
        FailbackMode::Reschedule => {
            spec["rescheduleTriggeredAt"] = json!(reschedule_at(b, now).to_string());
        }
    }
    let mut metadata =
        records_dropped(b.annotations(), &plan.clusters).unwrap_or_else(|| json!({}));
    metadata["annotations"][UNRECORDED_ANNOTATION] = json!(announced(plan, options, now).value());
    json!({ "spec": spec, "metadata": metadata })
}

pub use crate::engine::decide::records::records_dropped;
