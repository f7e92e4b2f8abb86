//! `drain` on the live control plane: read the fleet, plan every binding on the drained
//! clusters (the engine's checks), cordon, write each eviction with optimistic locking
//! (planning again on every re-read, so a rerun or a concurrent change is never evicted
//! twice), and wait for the evictions to clear.

use crate::engine::karmada::estimator::accurate::Estimators;
use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

use futures::{StreamExt, TryStreamExt};
use jiff::Timestamp;
use kube::api::DynamicObject;
use kube::runtime::{watcher, WatchStreamExt};
use serde::Serialize;
use serde_json::{json, Value};

use super::bindings::{
    self, each_binding, kind_of, patch_list, raw_list, typed, BindingScope, ListedAt, Source,
};
use super::events::{Action, Subject, DRAINED};
use super::write::{write_all, Ended, ObjectOutcome, Target, WriteControl};
use crate::api::{Cluster, TaintEffect};
use crate::client::{select_clusters, ControlPlane, Plan, Targets};
use crate::engine::decide::drain::{
    cordoned_model, drain_capacity, drained_spec_with_state, fleet_safety, pending_refusal,
    plan_binding, purge_mode_of, tracked_placements, unavailable, BindingDrain, DrainOptions,
};
use crate::engine::decide::records::{
    record, record_drain, DRAINS_ANNOTATION, PRE_EVICTION_ANNOTATION,
};
use crate::engine::decide::taint_edit::cordon_edit;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::capacity::CapacityReport;
use crate::engine::vocabulary::reason::ReasonCode;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::engine::Reason;
use crate::error::Result;
use crate::fleet::{Binding, BindingKind};
use crate::state;

/// What the operator asked for.
#[derive(Clone, Debug)]
pub struct DrainRequest {
    /// The checks' options (`clusters` is filled in from the targets).
    pub options: DrainOptions,
    /// Cordon the clusters first (`--no-cordon` turns it off).
    pub cordon: bool,
    /// Which bindings.
    pub scope: BindingScope,
    /// The share of clusters drained or carrying NoExecute above which the drain is
    /// refused without `--force`.
    pub unhealthy_threshold: f64,
    /// The settings the burst of placements is predicted with (the scheduler's gates,
    /// the descheduler).
    pub settings: ControllerSettings,
}

/// A binding the drain touches, as read, and its plan.
pub struct PlannedBinding {
    pub kind: BindingKind,
    pub namespace: Option<String>,
    pub name: String,
    /// `metadata.uid` (for the Events about it).
    pub uid: Option<String>,
    /// The binding as read; the eviction's first attempt takes it.
    pub raw: Option<DynamicObject>,
    /// The binding as the engine reads it (for the capacity the plan needs).
    pub binding: Binding,
    pub plan: BindingDrain,
}

/// The fleet as read and the plan.
pub struct Planned {
    /// The whole fleet as the scheduler will see it (drained clusters cordoned unless
    /// `--no-cordon`).
    pub model: Vec<Cluster>,
    /// The members' scheduler-estimators, when the scheduler asks them.
    pub estimators: Estimators,
    /// Members whose Nodes could not be read, with why: the general estimator's answer
    /// stands for them.
    pub unread_members: Vec<(String, String)>,
    /// The clusters being drained, as read.
    pub drained: Vec<Cluster>,
    /// Every binding the drain touches, in kind then namespace/name order.
    pub bindings: Vec<PlannedBinding>,
    /// Bindings in scope on none of the drained clusters.
    pub untouched: usize,
    /// Why the fleet should not be drained now (`None`: it may).
    pub fleet_refusal: Option<Reason>,
    /// Whether the moved replicas fit where they land.
    pub capacity: CapacityReport,
    /// Why the drain should not go ahead for want of room (`None`: everything fits).
    pub capacity_refusal: Option<Reason>,
    /// Where the bindings' lists stood, for a wait to follow them from.
    pub listed_at: ListedAt,
}

/// Read the fleet and plan the drain of `targets`.
pub async fn plan(cp: &ControlPlane, targets: &Targets, req: &mut DrainRequest) -> Result<Planned> {
    plan_from(cp, Source::Server, targets, req).await
}

/// [`plan`], reading the bindings from `source`.
pub async fn plan_from(
    cp: &ControlPlane,
    source: Source<'_>,
    targets: &Targets,
    req: &mut DrainRequest,
) -> Result<Planned> {
    let all = state::load_clusters(cp).await?;
    let drained = select_clusters(&all, targets)?;
    req.options.clusters = drained
        .iter()
        .filter_map(|c| c.metadata.name.clone())
        .collect();
    if req.options.message.is_empty() {
        req.options.message = crate::engine::decide::records::task_message(
            "evicted by `karmadactl drain {}`",
            &req.options.clusters,
            " ",
        );
    }
    let names: HashSet<&str> = match req.cordon {
        true => req.options.clusters.iter().map(String::as_str).collect(),
        false => HashSet::new(),
    };
    let model: Vec<Cluster> = cordoned_model(&all, &names, Timestamp::now());
    let fleet_refusal = fleet_safety(&model, &req.options, req.unhealthy_threshold).err();
    let (members, unread_members) = super::members::read(cp, &model, &req.settings).await;
    let estimators = Estimators::of(&members, &model, &req.settings);
    let index = FleetIndex::new(&model).estimating(&estimators);
    let down = unavailable(&model, &req.options);
    let mut bindings = Vec::new();
    let mut untouched = 0;
    let listed_at = each_binding(cp, source, &req.scope, |raw, b| {
        match plan_binding(&b, &index, &down, &req.options) {
            Some(plan) => bindings.push(PlannedBinding {
                kind: b.kind,
                namespace: b.metadata.namespace.clone(),
                name: b.metadata.name.clone().unwrap_or_default(),
                uid: raw.metadata.uid.clone(),
                raw: Some(raw),
                binding: b,
                plan,
            }),
            None => untouched += 1,
        }
    })
    .await?;
    bindings.sort_by(|a, b| (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name)));
    let pairs: Vec<(&Binding, &BindingDrain)> =
        bindings.iter().map(|b| (&b.binding, &b.plan)).collect();
    let tracked = tracked_placements(&index, &pairs, &req.settings);
    for (i, targets) in tracked {
        bindings[i].plan.predicted = Some(targets);
    }
    let pairs: Vec<(&Binding, &BindingDrain)> =
        bindings.iter().map(|b| (&b.binding, &b.plan)).collect();
    let capacity = drain_capacity(&index, &pairs, &req.settings);
    drop(index);
    let capacity_refusal = pending_refusal(&capacity, ReasonCode::DrainLeavesPending);
    Ok(Planned {
        model,
        estimators,
        unread_members,
        drained,
        bindings,
        untouched,
        fleet_refusal,
        capacity,
        capacity_refusal,
        listed_at,
    })
}

/// Cordon the drained clusters (nothing sent with `server_dry_run` false and... see
/// [`super::taints::apply`]).
pub async fn cordon(
    cp: &ControlPlane,
    planned: &Planned,
    dry_run: super::DryRun,
) -> Vec<super::taints::TaintOutcome> {
    let now = Timestamp::now();
    let edit = |c: &Cluster, now| cordon_edit(c.taints(), now);
    match super::taints::plan(planned.drained.clone(), &edit, now) {
        Ok(plans) => super::taints::apply(cp, plans, &edit, dry_run, now, None, &|| {}).await,
        Err(refused) => refused
            .into_iter()
            .map(|why| super::taints::TaintOutcome {
                name: why.clone(),
                before: Vec::new(),
                result: Err(why),
            })
            .collect(),
    }
}

/// How one binding's eviction write ended.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Written {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The plan as of the last read (`None`: the binding no longer concerns the drain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<BindingDrain>,
    /// Whether a patch was accepted.
    pub written: bool,
    /// Why it failed or was not started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The resourceVersion the accepted patch got (for a reader waiting to see it).
    #[serde(skip)]
    pub resource_version: Option<String>,
}

/// The merge patch of a drain on the binding `raw`: the evicted clusters leave
/// `spec.clusters`, their tasks are appended to `spec.gracefulEvictionTasks` (the others
/// kept as stored, unknown fields included), and the placement before and the drain
/// (at `now`) are recorded.
pub fn drain_patch(
    raw: &DynamicObject,
    b: &Binding,
    evicted: &[&str],
    options: &DrainOptions,
    now: Timestamp,
) -> Value {
    let after = drained_spec_with_state(b, evicted, purge_mode_of(&b.spec, options), options);
    let clusters: Vec<Value> = raw_list(raw, "clusters")
        .into_iter()
        .filter(|t| !t["name"].as_str().is_some_and(|n| evicted.contains(&n)))
        .collect();
    let mut tasks = raw_list(raw, "gracefulEvictionTasks");
    let known = b.spec.graceful_eviction_tasks.len();
    for task in &after.graceful_eviction_tasks[known..] {
        tasks.push(serde_json::to_value(task).expect("tasks serialize"));
    }
    json!({
        "metadata": {"annotations": {
            PRE_EVICTION_ANNOTATION: record(b.annotations(), evicted, &b.spec.clusters),
            DRAINS_ANNOTATION: record_drain(b.annotations(), evicted, now, &options.message)
        }},
        "spec": {"clusters": patch_list(clusters), "gracefulEvictionTasks": patch_list(tasks)}
    })
}

/// Write the evictions of `planned` (bindings whose plan writes), planning each again on
/// every re-read. `on_done` is called as each binding ends.
pub async fn evict(
    cp: &ControlPlane,
    planned: &mut Planned,
    options: &DrainOptions,
    control: WriteControl<'_>,
    on_done: &(dyn Fn(&Written) + Sync),
) -> Vec<Written> {
    let index = FleetIndex::new(&planned.model).estimating(&planned.estimators);
    let down = unavailable(&planned.model, options);
    let mut targets = Vec::new();
    for p in planned
        .bindings
        .iter_mut()
        .filter(|p| p.plan.evicted().next().is_some())
    {
        targets.push(Target {
            api: bindings::api(cp, p.kind, p.namespace.as_deref()),
            name: p.name.clone(),
            key: p.plan.binding.clone(),
            first: p.raw.take(),
        });
    }
    let decide = |obj: &DynamicObject| -> std::result::Result<Plan<Option<BindingDrain>>, String> {
        let kind = kind_of(obj);
        let b = typed(obj, kind).ok_or("the binding no longer reads as a binding")?;
        Ok(match plan_binding(&b, &index, &down, options) {
            Some(p) if p.evicted().next().is_some() => {
                let evicted: Vec<&str> = p.evicted().map(|s| s.cluster.as_str()).collect();
                Plan::Patch(
                    drain_patch(obj, &b, &evicted, options, Timestamp::now()),
                    Some(p),
                )
            }
            other => Plan::Keep(other),
        })
    };
    let done = |o: &ObjectOutcome<Option<BindingDrain>, String>| on_done(&written(o));
    write_all(cp, targets, &decide, control, &done)
        .await
        .iter()
        .map(written)
        .collect()
}

/// One Event on each drained Cluster that bindings were written off: how many, how many
/// replicas, and what drained it (`text`). The bindings carry their own record.
pub fn drained_events<'a>(
    planned: &'a Planned,
    written: &[Written],
    text: &str,
) -> Vec<(Subject<'a>, Action<'static>)> {
    planned
        .drained
        .iter()
        .filter_map(|c| {
            let name = c.metadata.name.as_deref()?;
            let (bindings, replicas) = written
                .iter()
                .filter(|w| w.written)
                .filter_map(|w| {
                    let plan = w.plan.as_ref().or_else(|| {
                        planned
                            .bindings
                            .iter()
                            .find(|p| p.plan.binding == w.binding)
                            .map(|p| &p.plan)
                    })?;
                    plan.evicted().find(|s| s.cluster == name)
                })
                .fold((0, 0), |(n, r), s| (n + 1, r + i64::from(s.replicas)));
            (bindings > 0).then(|| {
                (
                    Subject::cluster(name, c.metadata.uid.as_deref()),
                    Action::about(
                        DRAINED,
                        name,
                        &format!("{bindings} binding(s) evicted ({replicas} replica(s)): {text}"),
                    ),
                )
            })
        })
        .collect()
}

fn written(o: &ObjectOutcome<Option<BindingDrain>, String>) -> Written {
    let binding = o.key.clone();
    match &o.ended {
        Ended::Done(w) => Written {
            binding,
            plan: w.decision.clone(),
            written: w.written,
            error: None,
            resource_version: w.resource_version(),
        },
        Ended::Refused(e) => Written {
            binding,
            plan: None,
            written: false,
            error: Some(e.clone()),
            resource_version: None,
        },
        Ended::Failed(e) => Written {
            binding,
            plan: None,
            written: false,
            error: Some(e.message.clone()),
            resource_version: None,
        },
        Ended::NotStarted => Written {
            binding,
            plan: None,
            written: false,
            error: Some(super::write::NOT_STARTED.into()),
            resource_version: None,
        },
    }
}

/// How waiting for one eviction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaitEnd {
    /// The graceful eviction controller removed the task: the old copy is gone.
    Cleared,
    /// The binding was deleted.
    Deleted,
    /// Still there at the timeout.
    TimedOut,
}

/// Watch the bindings until every task from `clusters` of the bindings named (by
/// `rb/NS/NAME` or `crb/NAME`) in `pending` is gone, or until `timeout`. The watch starts
/// where the plan's lists stood (`listed_at`): it replays the drain's own writes and what
/// followed, and lists again only when that version expired. `on_change` gets the number
/// still pending whenever it changes.
pub async fn wait_cleared(
    cp: &ControlPlane,
    listed_at: &ListedAt,
    pending: BTreeSet<String>,
    clusters: &[String],
    timeout: Duration,
    on_change: &(dyn Fn(usize) + Sync),
) -> Vec<(String, WaitEnd)> {
    let mut left = pending.clone();
    let mut ended: Vec<(String, WaitEnd)> = Vec::new();
    let streams = [
        BindingKind::ResourceBinding,
        BindingKind::ClusterResourceBinding,
    ]
    .map(|kind| {
        super::follow::after(
            bindings::api(cp, kind, None),
            listed_at.get(&kind).cloned(),
            watcher::Config::default(),
        )
        .default_backoff()
        .map_ok(move |e| (kind, e))
        .boxed()
    });
    let mut events = futures::stream::select_all(streams);
    let deadline = tokio::time::Instant::now() + timeout;
    while !left.is_empty() {
        let next = match tokio::time::timeout_at(deadline, events.try_next()).await {
            Ok(Ok(Some(event))) => event,
            Ok(Ok(None)) | Err(_) => break,
            Ok(Err(e)) => {
                tracing::info!(error = %e, "watch interrupted; the watcher retries");
                continue;
            }
        };
        let (kind, event) = next;
        let (obj, deleted) = match event {
            watcher::Event::Apply(o) | watcher::Event::InitApply(o) => (o, false),
            watcher::Event::Delete(o) => (o, true),
            _ => continue,
        };
        let Some(b) = typed(&obj, kind) else { continue };
        let key = b.display_name();
        if !left.contains(&key) {
            continue;
        }
        let gone = !b
            .spec
            .graceful_eviction_tasks
            .iter()
            .any(|t| clusters.contains(&t.from_cluster));
        if deleted || gone {
            left.remove(&key);
            ended.push((
                key,
                if deleted {
                    WaitEnd::Deleted
                } else {
                    WaitEnd::Cleared
                },
            ));
            on_change(left.len());
        }
    }
    ended.extend(left.into_iter().map(|k| (k, WaitEnd::TimedOut)));
    ended.sort();
    ended
}

/// Whether a cluster carries a NoExecute taint (for messages).
pub fn has_noexecute(c: &Cluster) -> bool {
    c.taints()
        .iter()
        .any(|t| crate::api::taint::effect_of(t) == Some(TaintEffect::NoExecute))
}
