//! The application failover controllers: a binding leaves every cluster where its
//! workload has been `Unhealthy` for longer than `spec.failover.application`'s
//! `decisionConditions.tolerationSeconds`.
//!
//! Upstream: `pkg/controllers/applicationfailover/common.go` (`workloadUnhealthyMap`,
//! `distinguishUnhealthyClustersWithOthers`, `buildTaskOptions`),
//! `rb_application_failover_controller.go` and `crb_application_failover_controller.go`
//! (`bindingFilter`, `clusterResourceBindingFilter`, `detectFailure`, `syncBinding`,
//! `evictBinding`), `pkg/resourceinterpreter/default/native/healthy.go`
//! (`getAllDefaultHealthInterpreter`) and the third-party customizations under
//! `pkg/resourceinterpreter/default/thirdparty/resourcecustomizations/` that carry a
//! `healthInterpretation`. The controller (`--controllers` name `applicationFailover`)
//! checks no feature gate; `Gracefully` needs `GracefulEviction`, `statePreservation`
//! needs `StatefulFailoverInjection`.
//! Conformance: `application_failover` (the filter, the health interpreters of the
//! health module, distinguish, a reconcile step by step, the task options); also held
//! to the real controllers by the live test tests/live/app_failover.rs (the eviction's
//! moment, the task, the re-placement, a binding skipped, a timer reset, a held copy,
//! the return of a binding left unplaced).
//! Karmada: v1.15.0 to master f8fdd02: the controllers are the same at every release
//! but for `Graciously`, read as `Gracefully` until the deprecated purge modes went
//! ([`LEGACY_PURGE_MODES_REMOVED`]); the built-in health interpreters grew with the
//! releases ([`health_interpreter`]).

use std::collections::{BTreeMap, BTreeSet};

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::policy::ApplicationFailoverBehavior;
use crate::api::{AggregatedStatusItem, BindingSpec};
use crate::engine::karmada::admission::LEGACY_PURGE_MODES_REMOVED;
use crate::engine::karmada::graceful_eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::karmada::state_preservation::{build_preserved_label_state, not_collected};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::engine::vocabulary::version::{KarmadaVersion as V, KarmadaVersion};
use crate::fleet::{Binding, BindingKind};

/// The name `--controllers` knows the two controllers by.
pub const CONTROLLER: &str = "applicationFailover";
/// Producer of a ResourceBinding's application-failover tasks.
pub const PRODUCER_RB: &str = "resource-binding-application-failover-controller";
/// Producer of a ClusterResourceBinding's application-failover tasks.
pub const PRODUCER_CRB: &str = "cluster-resource-binding-application-failover-controller";
/// `reason` of every application-failover task.
pub const REASON_APPLICATION_FAILURE: &str = "ApplicationFailure";
/// `decisionConditions.tolerationSeconds` when the policy leaves it out (the CRD's
/// default).
pub const DEFAULT_TOLERATION_SECONDS: i32 = 300;
/// `purgeMode` when the policy leaves it out (the CRD's default).
pub const DEFAULT_PURGE_MODE: &str = "Gracefully";

/// The producer of `kind`'s application-failover tasks.
pub fn producer(kind: BindingKind) -> &'static str {
    match kind {
        BindingKind::ResourceBinding => PRODUCER_RB,
        BindingKind::ClusterResourceBinding => PRODUCER_CRB,
    }
}

/// Whether a task was written by an application-failover controller.
pub fn is_application_failover_task(producer: &str, reason: &str) -> bool {
    producer == PRODUCER_RB || producer == PRODUCER_CRB || reason == REASON_APPLICATION_FAILURE
}

/// Who interprets a kind's health for Karmada.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HealthInterpreter {
    /// The built-in interpreter of a Kubernetes kind.
    Native,
    /// A customization shipped with Karmada (`thirdparty/resourcecustomizations`).
    ThirdParty,
    /// None built in: only a `ResourceInterpreterCustomization` or an interpreter
    /// webhook of the operator's would give one.
    None,
}

/// Kinds with a built-in health interpreter, at every known release.
const NATIVE: &[(&str, &str)] = &[
    ("apps/v1", "Deployment"),
    ("apps/v1", "StatefulSet"),
    ("apps/v1", "ReplicaSet"),
    ("apps/v1", "DaemonSet"),
    ("v1", "Service"),
    ("networking.k8s.io/v1", "Ingress"),
    ("v1", "PersistentVolumeClaim"),
    ("v1", "Pod"),
    ("policy/v1", "PodDisruptionBudget"),
];

/// Third-party customizations with a `healthInterpretation`, and the release that
/// first shipped each.
const THIRD_PARTY: &[(&str, &str, KarmadaVersion)] = &[
    (
        "apps.kruise.io/v1alpha1",
        "UnitedDeployment",
        V::release(15, 0),
    ),
    ("apps.kruise.io/v1alpha1", "BroadcastJob", V::release(15, 0)),
    ("apps.kruise.io/v1alpha1", "CloneSet", V::release(15, 0)),
    ("apps.kruise.io/v1alpha1", "DaemonSet", V::release(15, 0)),
    ("apps.kruise.io/v1alpha1", "SidecarSet", V::release(15, 0)),
    ("apps.kruise.io/v1beta1", "StatefulSet", V::release(15, 0)),
    ("argoproj.io/v1alpha1", "Workflow", V::release(15, 0)),
    (
        "flink.apache.org/v1beta1",
        "FlinkDeployment",
        V::release(15, 0),
    ),
    (
        "helm.toolkit.fluxcd.io/v2beta1",
        "HelmRelease",
        V::release(15, 0),
    ),
    (
        "kustomize.toolkit.fluxcd.io/v1",
        "Kustomization",
        V::release(15, 0),
    ),
    ("kyverno.io/v1", "ClusterPolicy", V::release(15, 0)),
    ("kyverno.io/v1", "Policy", V::release(15, 0)),
    (
        "source.toolkit.fluxcd.io/v1",
        "GitRepository",
        V::release(15, 0),
    ),
    (
        "source.toolkit.fluxcd.io/v1beta2",
        "Bucket",
        V::release(15, 0),
    ),
    (
        "source.toolkit.fluxcd.io/v1beta2",
        "HelmChart",
        V::release(15, 0),
    ),
    (
        "source.toolkit.fluxcd.io/v1beta2",
        "HelmRepository",
        V::release(15, 0),
    ),
    (
        "source.toolkit.fluxcd.io/v1beta2",
        "OCIRepository",
        V::release(15, 0),
    ),
    ("batch.volcano.sh/v1alpha1", "Job", V::release(16, 0)),
    ("kubeflow.org/v1", "Notebook", V::release(16, 0)),
    ("kubeflow.org/v1", "PyTorchJob", V::release(16, 0)),
    ("kubeflow.org/v1", "TFJob", V::release(16, 0)),
    ("kubeflow.org/v2beta1", "MPIJob", V::release(16, 0)),
    ("ray.io/v1", "RayCluster", V::release(16, 0)),
    ("ray.io/v1", "RayJob", V::release(16, 0)),
    (
        "sparkoperator.k8s.io/v1beta2",
        "SparkApplication",
        V::release(16, 0),
    ),
    ("ray.io/v1", "RayService", V::release(17, 0)),
];

/// Who interprets the health of `api_version`/`kind` at `version`. A Job (`batch/v1`)
/// has none: application failover never arms for it.
pub fn health_interpreter(
    api_version: &str,
    kind: &str,
    version: KarmadaVersion,
) -> HealthInterpreter {
    if NATIVE.iter().any(|(a, k)| *a == api_version && *k == kind) {
        return HealthInterpreter::Native;
    }
    if THIRD_PARTY
        .iter()
        .any(|(a, k, since)| *a == api_version && *k == kind && version >= *since)
    {
        return HealthInterpreter::ThirdParty;
    }
    HealthInterpreter::None
}

/// The binding's application failover behaviour, if the controllers look at it
/// (`bindingFilter` / `clusterResourceBindingFilter`), or the first reason they do not:
/// no `failover.application`, no aggregated status, no health interpreter for the kind
/// (`custom_health`: the operator's customization or webhook gives one), and for a
/// ResourceBinding only, `propagateDeps` off. A binding filtered out loses its timers.
pub fn binding_filter(
    binding: &Binding,
    version: KarmadaVersion,
    custom_health: bool,
) -> Result<&ApplicationFailoverBehavior, Reason> {
    let spec = &binding.spec;
    let Some(behavior) = spec.failover.as_ref().and_then(|f| f.application.as_ref()) else {
        return Err(Reason::new(
            ReasonCode::AppFailoverNotConfigured,
            "the binding has no spec.failover.application",
        ));
    };
    if binding
        .status
        .as_ref()
        .is_none_or(|s| s.aggregated_status.is_empty())
    {
        return Err(Reason::new(
            ReasonCode::AppFailoverNoStatus,
            "the binding has no aggregated status yet: the controller skips it",
        ));
    }
    let resource = &spec.resource;
    if !custom_health
        && health_interpreter(&resource.api_version, &resource.kind, version)
            == HealthInterpreter::None
    {
        return Err(Reason::new(
            ReasonCode::AppFailoverNoHealthInterpreter,
            format!(
                "Karmada {version} has no health interpretation for {} {}: without a ResourceInterpreterCustomization or webhook that interprets health, the controller skips it",
                resource.api_version, resource.kind
            ),
        ));
    }
    if binding.kind == BindingKind::ResourceBinding && spec.propagate_deps != Some(true) {
        return Err(Reason::new(
            ReasonCode::AppFailoverPropagateDepsOff,
            "spec.propagateDeps is not true: the ResourceBinding controller skips it (the ClusterResourceBinding controller does not check)",
        ));
    }
    Ok(behavior)
}

/// `decisionConditions.tolerationSeconds`, the CRD's default where it is left out.
pub fn toleration_seconds(behavior: &ApplicationFailoverBehavior) -> i32 {
    behavior
        .decision_conditions
        .as_ref()
        .and_then(|d| d.toleration_seconds)
        .unwrap_or(DEFAULT_TOLERATION_SECONDS)
}

/// `distinguishUnhealthyClustersWithOthers`: the clusters whose workload is
/// `Unhealthy` and that have no eviction task, and those `Healthy` or `Unknown` (a
/// status without health is neither: its timer stays).
pub fn distinguish(
    aggregated: &[AggregatedStatusItem],
    spec: &BindingSpec,
) -> (Vec<String>, Vec<String>) {
    let mut unhealthy = Vec::new();
    let mut others = Vec::new();
    for item in aggregated {
        let cluster = &item.cluster_name;
        match item.health.as_deref() {
            Some("Unhealthy")
                if !spec
                    .graceful_eviction_tasks
                    .iter()
                    .any(|t| *t.from_cluster == **cluster) =>
            {
                unhealthy.push(cluster.to_string())
            }
            Some("Healthy") | Some("Unknown") => others.push(cluster.to_string()),
            _ => {}
        }
    }
    (unhealthy, others)
}

/// One binding's timers (`workloadUnhealthyMap`'s entry): when the controller first
/// saw each cluster's workload Unhealthy. In the controller's memory only: a restart
/// of karmada-controller-manager starts them all again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct UnhealthyTimers(pub BTreeMap<String, Timestamp>);

/// What [`detect_failure`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// Seconds until the next look (`RequeueAfter`; 0: none, the next event decides).
    pub requeue_after: i32,
    /// The clusters whose toleration ran out.
    pub expired: Vec<String>,
}

/// `detectFailure`: a cluster seen Unhealthy for the first time starts its timer (and
/// asks for a look after the whole toleration); one seen before expires once `now` is
/// strictly after start + toleration, else asks for a look after what is left, in
/// whole seconds cut towards zero. Without any cluster to wait for, no look is asked
/// for: with `tolerationSeconds: 0` nothing is evicted until another event.
pub fn detect_failure(
    timers: &mut UnhealthyTimers,
    unhealthy: &[String],
    toleration_seconds: i32,
    now: Timestamp,
) -> Detection {
    let mut requeue = i32::MAX;
    let mut expired = Vec::new();
    for cluster in unhealthy {
        let Some(start) = timers.0.get(cluster).copied() else {
            timers.0.insert(cluster.clone(), now);
            requeue = requeue.min(toleration_seconds);
            continue;
        };
        let deadline = start + SignedDuration::from_secs(i64::from(toleration_seconds));
        if now > deadline {
            expired.push(cluster.clone());
        } else {
            let elapsed = now.duration_since(start).as_secs() as i32;
            requeue = requeue.min(toleration_seconds - elapsed);
        }
    }
    Detection {
        requeue_after: if requeue == i32::MAX { 0 } else { requeue },
        expired,
    }
}

/// `deleteIrrelevantClusters`: timers of clusters no longer in the placement, and of
/// clusters seen Healthy or Unknown, go.
pub fn forget_irrelevant(
    timers: &mut UnhealthyTimers,
    placed: &BTreeSet<String>,
    others: &[String],
) {
    timers
        .0
        .retain(|c, _| placed.contains(c) && !others.contains(c));
}

/// The feature gates the task options depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskGates {
    /// `GracefulEviction` (beta, default on).
    pub graceful_eviction: bool,
    /// `StatefulFailoverInjection` (alpha, default off).
    pub stateful_failover_injection: bool,
}

/// `buildTaskOptions`: producer, reason `ApplicationFailure`, the purge mode as
/// written; with `StatefulFailoverInjection` and rules, the preserved labels from the
/// cluster's collected status and the clusters before the failover; `Gracefully`
/// takes the grace period (an error when `GracefulEviction` is off); `Never` sets
/// `suppressDeletion`. An error fails the whole sync: nothing is written.
pub fn build_task_options(
    behavior: &ApplicationFailoverBehavior,
    aggregated: &[AggregatedStatusItem],
    cluster: &str,
    producer: &str,
    clusters_before: &[String],
    gates: TaskGates,
    version: KarmadaVersion,
) -> Result<EvictOptions, String> {
    // Read as written: the CRD's default is the API server's (see `crd_defaulted`).
    let mode_text = behavior.purge_mode.as_deref().unwrap_or_default();
    let mode = mode_text.parse::<PurgeMode>().ok();
    let mut options = EvictOptions {
        purge_mode: behavior.purge_mode.clone(),
        producer: producer.to_string(),
        reason: REASON_APPLICATION_FAILURE.to_string(),
        ..Default::default()
    };
    let rules = behavior
        .state_preservation
        .as_ref()
        .filter(|p| !p.rules.is_empty());
    if let (true, Some(preservation)) = (gates.stateful_failover_injection, rules) {
        let status = aggregated
            .iter()
            .find(|i| *i.cluster_name == *cluster)
            .and_then(|i| i.status.as_deref())
            .ok_or_else(|| not_collected(cluster))?;
        let labels = build_preserved_label_state(preservation, status)?;
        options.preserved_label_state = Some(labels);
        options.clusters_before_failover = clusters_before.to_vec();
    }
    let graceful = takes_grace_period(mode_text, version);
    if graceful {
        if !gates.graceful_eviction {
            return Err(format!(
                "GracefulEviction featureGate must be enabled when purgeMode is {mode_text}"
            ));
        }
        options.grace_period_seconds = behavior.grace_period_seconds;
    } else if mode == Some(PurgeMode::Never) {
        options.suppress_deletion = Some(true);
    }
    Ok(options)
}

/// The behaviour as the API server stores it: the binding CRD defaults `purgeMode` (a
/// hand-written snapshot may leave it out).
pub fn crd_defaulted(behavior: &ApplicationFailoverBehavior) -> ApplicationFailoverBehavior {
    let mut b = behavior.clone();
    b.purge_mode
        .get_or_insert_with(|| DEFAULT_PURGE_MODE.to_string());
    b
}

/// `purgeMode` as the controller reads it (the CRD's default where left out).
pub fn purge_mode(behavior: &ApplicationFailoverBehavior) -> &str {
    behavior.purge_mode.as_deref().unwrap_or(DEFAULT_PURGE_MODE)
}

/// Whether `buildTaskOptions` takes the grace period for this purge mode, and with it
/// needs the `GracefulEviction` gate: `Gracefully`, and `Graciously` until the deprecated
/// purge modes were removed.
pub fn takes_grace_period(purge_mode: &str, version: KarmadaVersion) -> bool {
    match purge_mode.parse::<PurgeMode>() {
        Ok(PurgeMode::Gracefully) => true,
        Ok(PurgeMode::Graciously) => !LEGACY_PURGE_MODES_REMOVED.holds_in(version),
        _ => false,
    }
}

/// What the application failover of `behavior` needs of karmada-controller-manager and
/// does not get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmet {
    /// `--controllers` does not run `applicationFailover`: nothing happens.
    Controller,
    /// A purge mode that takes the grace period without `GracefulEviction`: every sync
    /// fails, nothing is evicted.
    GracefulEviction,
    /// `statePreservation` rules without `StatefulFailoverInjection`: evicted without
    /// the state.
    StatefulFailoverInjection,
}

/// Every need of `behavior` that `settings` leave unmet, in that order.
pub fn unmet_needs(
    behavior: &ApplicationFailoverBehavior,
    settings: &ControllerSettings,
) -> Vec<Unmet> {
    let mut out = Vec::new();
    if !settings.application_failover_controller {
        out.push(Unmet::Controller);
    }
    if !settings.graceful_eviction
        && takes_grace_period(purge_mode(behavior), settings.karmada_version)
    {
        out.push(Unmet::GracefulEviction);
    }
    let rules = behavior
        .state_preservation
        .as_ref()
        .is_some_and(|p| !p.rules.is_empty());
    if !settings.stateful_failover_injection && rules {
        out.push(Unmet::StatefulFailoverInjection);
    }
    out
}

/// What one reconcile of a binding did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyncOutcome {
    /// Whether the controller acted (the binding passed its filter).
    pub acts: bool,
    /// The clusters whose toleration ran out (`detectFailure`); evicted in one update
    /// unless `error` says why not.
    pub due: Vec<String>,
    /// Seconds until the controller looks again (0: only on the next event, or the
    /// back-off after an error).
    pub requeue_after: i32,
    /// Why the sync failed, if it did (nothing written; the request is retried with
    /// back-off).
    pub error: Option<String>,
    /// The controller panicked (a nil `tolerationSeconds`, which the CRD's default
    /// prevents): recovered by the runtime, nothing written.
    pub panic: Option<String>,
}

impl SyncOutcome {
    /// The clusters evicted by this reconcile.
    pub fn evicted(&self) -> &[String] {
        if self.error.is_some() || self.panic.is_some() {
            &[]
        } else {
            &self.due
        }
    }
}

/// `evictBinding`: the task options of each cluster in turn, then upstream's
/// `GracefulEvictCluster` on the binding's spec; the first error leaves the binding as
/// it was. `clustersBeforeFailover` is the placement before the first of them.
pub fn evict_binding(
    binding: &mut Binding,
    clusters: &[String],
    producer: &str,
    gates: TaskGates,
    version: KarmadaVersion,
) -> Result<(), String> {
    let Some(behavior) = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.application.clone())
    else {
        return Ok(());
    };
    let aggregated = binding
        .status
        .as_ref()
        .map(|s| s.aggregated_status.as_slice())
        .unwrap_or_default();
    let before: Vec<String> = binding
        .spec
        .clusters
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let mut spec = binding.spec.clone();
    for cluster in clusters {
        let options = build_task_options(
            &behavior, aggregated, cluster, producer, &before, gates, version,
        )?;
        graceful_evict_cluster(&mut spec, cluster, &options);
    }
    binding.spec = spec;
    Ok(())
}

/// One reconcile (`Reconcile` → `syncBinding`) at `now`: filtered out, the timers go;
/// else the Unhealthy clusters are timed, the expired ones evicted from `binding.spec`
/// with one task each, and the timers of clusters evicted, gone or no longer Unhealthy
/// forgotten. On an error the binding is left as it was, and so are the timers.
pub fn sync_binding(
    binding: &mut Binding,
    timers: &mut UnhealthyTimers,
    gates: TaskGates,
    version: KarmadaVersion,
    custom_health: bool,
    now: Timestamp,
) -> SyncOutcome {
    let behavior = match binding_filter(binding, version, custom_health) {
        Ok(b) => b.clone(),
        Err(_) => {
            timers.0.clear();
            return SyncOutcome::default();
        }
    };
    let aggregated = binding
        .status
        .as_ref()
        .map(|s| s.aggregated_status.clone())
        .unwrap_or_default();
    let mut placed: BTreeSet<String> = binding
        .spec
        .clusters
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let (unhealthy, others) = distinguish(&aggregated, &binding.spec);
    let toleration = behavior
        .decision_conditions
        .as_ref()
        .and_then(|d| d.toleration_seconds);
    let Some(toleration) = toleration else {
        // Upstream dereferences the nil pointer at the first Unhealthy cluster, after
        // starting its timer when it had none.
        let Some(first) = unhealthy.first() else {
            forget_irrelevant(timers, &placed, &others);
            return SyncOutcome {
                acts: true,
                ..Default::default()
            };
        };
        timers.0.entry(first.clone()).or_insert(now);
        return SyncOutcome {
            acts: true,
            panic: Some("runtime error: invalid memory address or nil pointer dereference".into()),
            ..Default::default()
        };
    };
    let detection = detect_failure(timers, &unhealthy, toleration, now);
    let kind = binding.kind;
    if let Err(error) = evict_binding(binding, &detection.expired, producer(kind), gates, version) {
        return SyncOutcome {
            acts: true,
            due: detection.expired,
            requeue_after: 0,
            error: Some(error),
            panic: None,
        };
    }
    for cluster in &detection.expired {
        placed.remove(cluster);
    }
    forget_irrelevant(timers, &placed, &others);
    SyncOutcome {
        acts: true,
        due: detection.expired,
        requeue_after: detection.requeue_after,
        error: None,
        panic: None,
    }
}

pub mod health;
#[cfg(test)]
mod tests;
