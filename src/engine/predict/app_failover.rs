//! Application failover predicted for one binding: for each cluster of its placement,
//! whether the application failover controllers are armed there (and the reason they
//! are not), what the aggregated status says now, and for a workload that is or turns
//! `Unhealthy`, when the eviction comes, the task it writes, where the replicas go and
//! what happens to the old copy. Built on the twin
//! (`karmada::application_failover`) and the scheduler twin; where the taint manager
//! evicts the same cluster first, its task is the one written (upstream's
//! `GracefulEvictCluster` keeps the first task per cluster, and the application
//! failover controller skips clusters that already have one).

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::policy::ApplicationFailoverBehavior;
use crate::api::{AggregatedStatusItem, GracefulEvictionTask, TargetCluster};
use crate::engine::karmada::application_failover::{
    binding_filter, build_task_options, crd_defaulted, producer, toleration_seconds, TaskGates,
    DEFAULT_PURGE_MODE,
};
use crate::engine::karmada::graceful_eviction::graceful_evict_cluster;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::Binding;

/// How late after the workload turns Unhealthy the controller can first see it (the
/// member's status reaching the binding, measured under 1 s), plus how late after the
/// toleration its re-queued look can come (under 1 s): the width of the eviction's
/// interval.
pub const OBSERVE_SLACK: SignedDuration = SignedDuration::from_secs(2);

/// When the eviction comes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvictionWindow {
    /// Not before.
    pub earliest: Timestamp,
    /// Not after (`None`: only on a later event on the binding, `tolerationSeconds: 0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latest: Option<Timestamp>,
}

/// One cluster of the binding's placement.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppClusterView {
    pub cluster: String,
    pub replicas: i32,
    /// The aggregated status's health there now (`None`: not collected).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<String>,
    /// Whether the controllers would evict the binding from here if its workload stays
    /// Unhealthy for the toleration.
    pub armed: bool,
    /// The workload is Unhealthy there (now, or as the scenario asks).
    pub unhealthy: bool,
    /// Since when, when the scenario says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unhealthy_since: Option<Timestamp>,
    /// When the application failover controller evicts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction: Option<EvictionWindow>,
    /// The task it writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<GracefulEvictionTask>,
    /// The rules that decided, in order.
    pub reasons: Vec<Reason>,
}

/// What happens to the copy left on an evicted cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OldCopy {
    /// Deleted at once, before the new copy exists (`Directly`).
    DeletedAtOnce,
    /// Kept until the new placement is healthy or the grace period passes (`Gracefully`).
    KeptUntilHealthyElsewhere,
    /// Kept indefinitely beside the new replicas (`Never`: `suppressDeletion`), until
    /// `karmadactl evictions confirm` (or a person) removes the task.
    HeldUntilConfirmed,
}

/// The prediction for one binding.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppFailoverPrediction {
    pub binding: String,
    /// `spec.failover.application` is set.
    pub configured: bool,
    /// `decisionConditions.tolerationSeconds` (the CRD's default when left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i32>,
    /// `purgeMode` as the controller reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    pub clusters: Vec<AppClusterView>,
    /// The clusters the controller evicts, in one update.
    pub evicted: Vec<String>,
    /// Where the replicas go once they are evicted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Vec<TargetCluster>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction_error: Option<Reason>,
    /// What happens to the old copies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_copy: Option<OldCopy>,
    /// The evicted clusters come back once their tasks are removed (a Duplicated binding
    /// or a non-workload is scheduled again on every change of its spec; so is a Divided
    /// one left unplaced, see [`returns`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns: Option<Reason>,
    /// When it comes back (a Divided binding left unplaced: its tasks' timeout).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns_at: Option<EvictionWindow>,
    /// Where the scheduler places it then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns_to: Option<Vec<TargetCluster>>,
}

/// What the prediction assumes.
pub struct AppFailoverInputs<'a> {
    /// The fleet's clusters, indexed for the scheduler: where the evicted replicas go
    /// (`None`: not predicted, for callers that only ask whether it is armed).
    pub index: Option<&'a FleetIndex<'a>>,
    pub binding: &'a Binding,
    /// Clusters whose workload turns Unhealthy, and since when (`None`: now). A cluster
    /// the status already says is Unhealthy needs no entry: its timer's start is then
    /// unknown.
    pub unhealthy: &'a [(String, Option<Timestamp>)],
    pub now: Timestamp,
    pub settings: &'a ControllerSettings,
    /// The operator gives the kind a health interpretation (a customization or webhook).
    pub custom_health: bool,
    /// When the taint manager evicts the binding from a cluster, where the scenario
    /// says it does.
    pub taint_evictions: &'a BTreeMap<String, Timestamp>,
}

/// The binding as the controller would see it with the asked clusters Unhealthy.
fn as_seen(inputs: &AppFailoverInputs<'_>) -> Binding {
    let mut binding = inputs.binding.clone();
    let status = binding.status.get_or_insert_with(Default::default);
    for (cluster, _) in inputs.unhealthy {
        match status
            .aggregated_status
            .iter_mut()
            .find(|i| *i.cluster_name == **cluster)
        {
            Some(item) => item.health = Some("Unhealthy".into()),
            None => status.aggregated_status.push(AggregatedStatusItem {
                cluster_name: cluster.as_str().into(),
                status: None,
                applied: true,
                applied_message: None,
                health: Some("Unhealthy".into()),
            }),
        }
    }
    binding
}

/// What every cluster of one binding is decided against.
struct Context<'a> {
    inputs: &'a AppFailoverInputs<'a>,
    binding: &'a Binding,
    filter: Result<ApplicationFailoverBehavior, Reason>,
    aggregated: &'a [AggregatedStatusItem],
    before: Vec<String>,
    gates: TaskGates,
}

/// Predict application failover for one binding.
pub fn predict_app_failover(inputs: AppFailoverInputs<'_>) -> AppFailoverPrediction {
    let binding = as_seen(&inputs);
    let settings = inputs.settings;
    let behavior = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.application.clone());
    let context = Context {
        inputs: &inputs,
        binding: &binding,
        filter: binding_filter(&binding, settings.karmada_version, inputs.custom_health).cloned(),
        aggregated: binding
            .status
            .as_ref()
            .map(|s| s.aggregated_status.as_slice())
            .unwrap_or_default(),
        before: binding
            .spec
            .clusters
            .iter()
            .map(|c| c.name.clone())
            .collect(),
        gates: TaskGates {
            graceful_eviction: settings.graceful_eviction,
            stateful_failover_injection: settings.stateful_failover_injection,
        },
    };
    let mut after = binding.spec.clone();
    let clusters: Vec<AppClusterView> = binding
        .spec
        .clusters
        .iter()
        .map(|target| cluster_view(&context, target, &mut after))
        .collect();
    let evicted: Vec<String> = clusters
        .iter()
        .filter(|c| c.task.is_some())
        .map(|c| c.cluster.clone())
        .collect();
    let (predicted, prediction_error) = match inputs.index {
        Some(index) if !evicted.is_empty() => {
            match index.predict(&after, binding.observed_affinity()) {
                Ok(p) => (Some(p.clusters), None),
                Err(e) => (None, Some(e.reason())),
            }
        }
        _ => (None, None),
    };
    let purge_mode = behavior.as_ref().map(|b| {
        b.purge_mode
            .clone()
            .unwrap_or_else(|| DEFAULT_PURGE_MODE.into())
    });
    let old_copy = (!evicted.is_empty()).then(|| old_copy(purge_mode.as_deref()));
    let gone: Vec<returns::Evicted<'_>> = clusters
        .iter()
        .filter_map(|c| {
            let t = c.task.as_ref()?;
            Some(returns::Evicted {
                cluster: &c.cluster,
                window: c.eviction.as_ref(),
                lifetime: returns::lifetime(t, settings.graceful_eviction_timeout_seconds),
            })
        })
        .collect();
    let back = returns::predict_return(
        &after,
        &gone,
        prediction_error.is_some(),
        behavior
            .as_ref()
            .map(toleration_seconds)
            .unwrap_or_default(),
        inputs.index,
        binding.observed_affinity(),
    );
    let (returns, returns_at, returns_to) = match back {
        Some(r) => (Some(r.reason), r.at, r.to),
        None => (None, None, None),
    };
    AppFailoverPrediction {
        returns,
        returns_at,
        returns_to,
        binding: inputs.binding.display_name(),
        configured: behavior.is_some(),
        toleration_seconds: behavior.as_ref().map(toleration_seconds),
        purge_mode,
        clusters,
        evicted,
        predicted,
        prediction_error,
        old_copy,
    }
}

/// One cluster of the placement: armed or why not; Unhealthy, when it leaves and the
/// task written into `after` (the spec once the controller has evicted).
fn cluster_view(
    context: &Context<'_>,
    target: &TargetCluster,
    after: &mut crate::api::BindingSpec,
) -> AppClusterView {
    let inputs = context.inputs;
    let cluster = &target.name;
    let asked = inputs.unhealthy.iter().find(|(c, _)| c == cluster);
    let health = inputs
        .binding
        .status
        .as_ref()
        .and_then(|s| {
            s.aggregated_status
                .iter()
                .find(|i| *i.cluster_name == **cluster)
        })
        .and_then(|i| i.health.as_deref().map(str::to_string));
    let mut view = AppClusterView {
        cluster: cluster.clone(),
        replicas: target.replicas,
        unhealthy: asked.is_some() || health.as_deref() == Some("Unhealthy"),
        // Asked without a moment: it turns Unhealthy now.
        unhealthy_since: asked.map(|(_, since)| since.unwrap_or(inputs.now)),
        health,
        armed: false,
        eviction: None,
        task: None,
        reasons: Vec::new(),
    };
    let behavior = match (
        &context.filter,
        inputs.settings.application_failover_controller,
    ) {
        (_, false) => {
            view.reasons.push(Reason::new(
                ReasonCode::AppFailoverControllerDisabled,
                "karmada-controller-manager's --controllers does not run applicationFailover (assumed)",
            ));
            return view;
        }
        (Err(reason), true) => {
            view.reasons.push(reason.clone());
            return view;
        }
        (Ok(b), true) => b,
    };
    if let Some(task) = context
        .binding
        .spec
        .graceful_eviction_tasks
        .iter()
        .find(|t| &t.from_cluster == cluster)
    {
        view.reasons.push(Reason::new(
            ReasonCode::AppFailoverTaskExists,
            format!(
                "an eviction task from {cluster} exists (producer {}, reason {}): the controller does not time this cluster",
                task.producer, task.reason
            ),
        ));
        return view;
    }
    view.armed = true;
    let toleration = toleration_seconds(behavior);
    if !view.unhealthy {
        view.reasons.push(Reason::new(
            ReasonCode::AppFailoverArmed,
            format!(
                "armed: if the workload turns Unhealthy here, the binding leaves {toleration}s after the controller first sees it, unless one Healthy or Unknown sighting comes first"
            ),
        ));
        return view;
    }
    let window = window(
        view.unhealthy_since,
        inputs.now,
        toleration,
        &mut view.reasons,
    );
    let options = build_task_options(
        &crd_defaulted(behavior),
        context.aggregated,
        cluster,
        producer(context.binding.kind),
        &context.before,
        context.gates,
        inputs.settings.karmada_version,
    );
    let options = match options {
        Ok(o) => o,
        Err(error) => {
            view.reasons.push(Reason::new(
                ReasonCode::AppFailoverTaskRefused,
                format!("{error}: the controller fails on the binding and retries; it is never evicted while this lasts"),
            ));
            return view;
        }
    };
    if let Some(at) = inputs.taint_evictions.get(cluster) {
        if window.latest.is_none_or(|l| *at <= l) {
            let before = *at <= window.earliest;
            view.reasons.push(Reason::new(
                ReasonCode::AppFailoverTaintFirst,
                format!(
                    "the taint manager evicts it at {at}, {} the toleration runs out: its task (producer TaintManager) is the one written, and the application failover controller then skips the cluster",
                    if before { "before" } else { "possibly before" }
                ),
            ));
            if before {
                return view;
            }
        }
    }
    view.task = graceful_evict_cluster(after, cluster, &options).task;
    view.eviction = Some(window);
    view
}

/// The eviction's window for a workload Unhealthy since `since` (`None`: as the status
/// says now, the timer's start unknown).
fn window(
    since: Option<Timestamp>,
    now: Timestamp,
    toleration: i32,
    reasons: &mut Vec<Reason>,
) -> EvictionWindow {
    let tol = SignedDuration::from_secs(i64::from(toleration));
    if toleration == 0 {
        let from = since.unwrap_or(now);
        reasons.push(Reason::new(
            ReasonCode::AppFailoverZeroToleration,
            "tolerationSeconds is 0: the first sighting starts the timer and asks for no second look, so the eviction waits for the next event on the binding (a status change, an update)",
        ));
        return EvictionWindow {
            earliest: from,
            latest: None,
        };
    }
    let window = match since {
        Some(t) => EvictionWindow {
            earliest: t + tol,
            latest: Some(t + tol + OBSERVE_SLACK),
        },
        None => EvictionWindow {
            earliest: now,
            latest: Some(now + tol + OBSERVE_SLACK),
        },
    };
    let message = match since {
        Some(t) => format!(
            "Unhealthy since {t}: the controller sees it within {}s and evicts strictly after its first sighting + {toleration}s, between {} and {}",
            OBSERVE_SLACK.as_secs(),
            window.earliest,
            window.latest.map(|l| l.to_string()).unwrap_or_default()
        ),
        None => format!(
            "Unhealthy now: the controller's timer started at its first sighting, which only its memory holds, so the eviction comes at the latest {} ({toleration}s from now), earlier if it has been Unhealthy a while",
            window.latest.map(|l| l.to_string()).unwrap_or_default()
        ),
    };
    reasons.push(Reason::new(ReasonCode::AppFailoverUnhealthy, message));
    window
}

fn old_copy(purge_mode: Option<&str>) -> OldCopy {
    match purge_mode {
        Some("Directly") | Some("Immediately") => OldCopy::DeletedAtOnce,
        Some("Never") => OldCopy::HeldUntilConfirmed,
        _ => OldCopy::KeptUntilHealthyElsewhere,
    }
}

pub mod returns;
#[cfg(test)]
mod tests;
