//! The `healthInterpretation` scripts of the customizations Karmada ships for
//! third-party kinds, each re-expressed over [`Lua`] with the script's order of
//! evaluation, so that it fails (`Err`) exactly where the script raises an error.
//!
//! Upstream: `pkg/resourceinterpreter/default/thirdparty/resourcecustomizations/`
//! `<group>/<version>/<Kind>/customizations.yaml`.

use super::lua::{Lua, LuaResult};
use super::{FLINK_STEADY_STATE_HEALTH, WORKFLOW_ERROR_PHASE};
use crate::engine::vocabulary::version::KarmadaVersion;

/// One shipped script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Script {
    /// Kruise CloneSet and Advanced StatefulSet.
    KruiseRollout,
    KruiseUnitedDeployment,
    KruiseDaemonSet,
    KruiseBroadcastJob,
    KruiseSidecarSet,
    /// Argo Workflow; `legacy`: the script that tests `status.failed`.
    Workflow {
        legacy: bool,
    },
    VolcanoJob,
    /// Flink; `legacy`: the script before the steady-state one.
    FlinkDeployment {
        legacy: bool,
    },
    /// Flux kinds: a `Ready` condition `True` with one of these reasons.
    ReadyCondition(&'static [&'static str]),
    /// Kyverno policies: `status.ready` as it is, else a `Ready`/`Succeeded` condition.
    Kyverno,
    Notebook,
    /// PyTorchJob, TFJob: no `Failed` condition `True`.
    NoFailedCondition,
    MpiJob,
    RayCluster,
    RayJob,
    RayService,
    SparkApplication,
}

/// The script of `api_version`/`kind` at `version`, if one is shipped for that kind.
pub(super) fn script(api_version: &str, kind: &str, version: KarmadaVersion) -> Option<Script> {
    const SUCCEEDED: &[&str] = &["Succeeded"];
    Some(match (api_version, kind) {
        ("apps.kruise.io/v1alpha1", "CloneSet") | ("apps.kruise.io/v1beta1", "StatefulSet") => {
            Script::KruiseRollout
        }
        ("apps.kruise.io/v1alpha1", "UnitedDeployment") => Script::KruiseUnitedDeployment,
        ("apps.kruise.io/v1alpha1", "DaemonSet") => Script::KruiseDaemonSet,
        ("apps.kruise.io/v1alpha1", "BroadcastJob") => Script::KruiseBroadcastJob,
        ("apps.kruise.io/v1alpha1", "SidecarSet") => Script::KruiseSidecarSet,
        ("argoproj.io/v1alpha1", "Workflow") => Script::Workflow {
            legacy: !WORKFLOW_ERROR_PHASE.holds_in(version),
        },
        ("batch.volcano.sh/v1alpha1", "Job") => Script::VolcanoJob,
        ("flink.apache.org/v1beta1", "FlinkDeployment") => Script::FlinkDeployment {
            legacy: !FLINK_STEADY_STATE_HEALTH.holds_in(version),
        },
        ("helm.toolkit.fluxcd.io/v2beta1", "HelmRelease")
        | ("kustomize.toolkit.fluxcd.io/v1", "Kustomization") => {
            Script::ReadyCondition(&["ReconciliationSucceeded"])
        }
        ("source.toolkit.fluxcd.io/v1", "GitRepository")
        | ("source.toolkit.fluxcd.io/v1beta2", "Bucket" | "HelmRepository" | "OCIRepository") => {
            Script::ReadyCondition(SUCCEEDED)
        }
        ("source.toolkit.fluxcd.io/v1beta2", "HelmChart") => {
            Script::ReadyCondition(&["Succeeded", "ChartPullSucceeded"])
        }
        ("kyverno.io/v1", "ClusterPolicy" | "Policy") => Script::Kyverno,
        ("kubeflow.org/v1", "Notebook") => Script::Notebook,
        ("kubeflow.org/v1", "PyTorchJob" | "TFJob") => Script::NoFailedCondition,
        ("kubeflow.org/v2beta1", "MPIJob") => Script::MpiJob,
        ("ray.io/v1", "RayCluster") => Script::RayCluster,
        ("ray.io/v1", "RayJob") => Script::RayJob,
        ("ray.io/v1", "RayService") => Script::RayService,
        ("sparkoperator.k8s.io/v1beta2", "SparkApplication") => Script::SparkApplication,
        _ => return None,
    })
}

impl Script {
    /// What `InterpretHealth(observedObj)` returns (any Lua value), or its error.
    pub(super) fn run<'a>(self, o: Lua<'a>) -> LuaResult<Lua<'a>> {
        let healthy = match self {
            Script::KruiseRollout => rollout(o)?,
            Script::KruiseUnitedDeployment => united_deployment(o)?,
            Script::KruiseDaemonSet => kruise_daemon_set(o)?,
            Script::KruiseBroadcastJob => broadcast_job(o)?,
            Script::KruiseSidecarSet => sidecar_set(o)?,
            Script::Workflow { legacy } => workflow(o, legacy)?,
            Script::VolcanoJob => volcano_job(o)?,
            Script::FlinkDeployment { legacy: false } => flink(o)?,
            Script::FlinkDeployment { legacy: true } => flink_legacy(o)?,
            Script::ReadyCondition(reasons) => ready_condition(o, reasons)?,
            Script::Kyverno => return kyverno(o),
            Script::Notebook => notebook(o)?,
            Script::NoFailedCondition => no_failed_condition(o)?,
            Script::MpiJob => mpi_job(o)?,
            Script::RayCluster => ray_cluster(o)?,
            Script::RayJob => ray_job(o)?,
            Script::RayService => ray_service(o)?,
            Script::SparkApplication => spark_application(o)?,
        };
        Ok(Lua::Bool(healthy))
    }
}

/// `status.observedGeneration ~= metadata.generation`.
fn generation_lags(o: Lua) -> LuaResult<bool> {
    let observed = o.field("status")?.field("observedGeneration")?;
    Ok(!observed.equals(o.field("metadata")?.field("generation")?))
}

/// CloneSet, Advanced StatefulSet: the generation observed; with `spec.replicas`, no
/// fewer updated; no fewer available than updated (`<` on nil is an error).
fn rollout(o: Lua) -> LuaResult<bool> {
    if generation_lags(o)? {
        return Ok(false);
    }
    let status = o.field("status")?;
    let wanted = o.field("spec")?.field("replicas")?;
    if !wanted.is_nil() && status.field("updatedReplicas")?.less_than(wanted)? {
        return Ok(false);
    }
    let available = status.field("availableReplicas")?;
    Ok(!available.less_than(o.field("status")?.field("updatedReplicas")?)?)
}

/// UnitedDeployment: no `status`, `metadata` or `spec` is unhealthy; then as
/// [`rollout`].
fn united_deployment(o: Lua) -> LuaResult<bool> {
    for part in ["status", "metadata", "spec"] {
        if o.field(part)?.is_nil() {
            return Ok(false);
        }
    }
    rollout(o)
}

/// Kruise DaemonSet: the generation observed, no fewer updated than desired, no fewer
/// available than updated.
fn kruise_daemon_set(o: Lua) -> LuaResult<bool> {
    if generation_lags(o)? {
        return Ok(false);
    }
    let status = o.field("status")?;
    let updated = status.field("updatedNumberScheduled")?;
    if updated.less_than(status.field("desiredNumberScheduled")?)? {
        return Ok(false);
    }
    Ok(!status.field("numberAvailable")?.less_than(updated)?)
}

/// BroadcastJob: unhealthy when `desired == 0` or `failed ~= 0` (an absent `failed`
/// is not 0), or when both `succeeded` and `active` are 0.
fn broadcast_job(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.field("desired")?.is_number(0.0) || !status.field("failed")?.is_number(0.0) {
        return Ok(false);
    }
    let idle = status.field("succeeded")?.is_number(0.0) && status.field("active")?.is_number(0.0);
    Ok(!idle)
}

/// SidecarSet: no `status` is unhealthy; nothing matched is healthy; else every
/// matched pod updated (absent counts are 0).
fn sidecar_set(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() {
        return Ok(false);
    }
    let matched = status.field("matchedPods")?.or(Lua::Number(0.0));
    let updated = status.field("updatedPods")?.or(Lua::Number(0.0));
    Ok(matched.is_number(0.0) || updated.equals(matched))
}

/// Workflow: a phase that is absent, empty, `Failed` or `Error` is unhealthy (the
/// legacy script tests `status.failed == 'Error'` instead of the phase `Error`).
fn workflow(o: Lua, legacy: bool) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() {
        return Ok(false);
    }
    let phase = status.field("phase")?;
    let failed = phase.is_nil()
        || phase.is("")
        || (!legacy && phase.is("Error"))
        || phase.is("Failed")
        || (legacy && status.field("failed")?.is("Error"));
    Ok(!failed)
}

/// Volcano Job: healthy in the phases Running, Completed, Pending, Aborting, Aborted,
/// Restarting, Completing, Terminating, Terminated.
fn volcano_job(o: Lua) -> LuaResult<bool> {
    const HEALTHY: [&str; 9] = [
        "Running",
        "Completed",
        "Pending",
        "Aborting",
        "Aborted",
        "Restarting",
        "Completing",
        "Terminating",
        "Terminated",
    ];
    let status = o.field("status")?;
    if status.is_nil() || status.field("state")?.is_nil() {
        return Ok(false);
    }
    let phase = o.field("status")?.field("state")?.field("phase")?;
    Ok(HEALTHY.iter().any(|p| phase.is(p)))
}

/// FlinkDeployment (steady-state script): without a job state, healthy when the job
/// manager is `READY` and the lifecycle `STABLE`; `RUNNING`, terminal and short-lived
/// states are healthy; `CREATED`, `INITIALIZING`, `RECONCILING` only with an image or
/// crash-loop error; anything else is not.
fn flink(o: Lua) -> LuaResult<bool> {
    const STEADY: [&str; 8] = [
        "RUNNING",
        "FINISHED",
        "FAILED",
        "CANCELED",
        "SUSPENDED",
        "CANCELLING",
        "FAILING",
        "RESTARTING",
    ];
    let empty = serde_json::Value::Object(Default::default());
    let status = o.field("status")?.or(Lua::Table(&empty));
    let state = status
        .field("jobStatus")?
        .or(Lua::Table(&empty))
        .field("state")?;
    let manager = status.field("jobManagerDeploymentStatus")?;
    let lifecycle = status.field("lifecycleState")?;
    let error = status.field("error")?;
    if state.is_nil() {
        return Ok(manager.is("READY") && lifecycle.is("STABLE"));
    }
    if STEADY.iter().any(|s| state.is(s)) {
        return Ok(true);
    }
    if ["CREATED", "INITIALIZING", "RECONCILING"]
        .iter()
        .any(|s| state.is(s))
    {
        return allowed_user_error(error);
    }
    Ok(false)
}

/// An error that mentions `ErrImagePull`, `ImagePullBackOff` or `CrashLoopBackOff`
/// (`string.find` takes a number as its text, and fails on a table or `true`).
fn allowed_user_error(error: Lua) -> LuaResult<bool> {
    const ALLOWED: [&str; 3] = ["ErrImagePull", "ImagePullBackOff", "CrashLoopBackOff"];
    match error {
        Lua::Nil | Lua::Bool(false) | Lua::Number(_) => Ok(false),
        Lua::Str(text) => Ok(ALLOWED.iter().any(|a| text.contains(a))),
        _ => Err(format!(
            "bad argument #1 to find (string expected, got {})",
            error.type_name()
        )),
    }
}

/// FlinkDeployment before v1.18: a job state other than `CREATED`, `INITIALIZING`,
/// `RECONCILING` is healthy, those are healthy with an `error` or a job manager in
/// `ERROR`; without a job state, healthy with an `error` (no `status`: an error).
fn flink_legacy(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    let has_state = !status.is_nil()
        && !status.field("jobStatus")?.is_nil()
        && !status.field("jobStatus")?.field("state")?.is_nil();
    if has_state {
        let state = status.field("jobStatus")?.field("state")?;
        if !["CREATED", "INITIALIZING", "RECONCILING"]
            .iter()
            .any(|s| state.is(s))
        {
            return Ok(true);
        }
        return Ok(!status.field("error")?.is_nil()
            || status.field("jobManagerDeploymentStatus")?.is("ERROR"));
    }
    Ok(!status.field("error")?.is_nil())
}

/// Flux kinds: some item of `status.conditions` (looped over `1..#conditions`) is
/// `Ready`, `True`, with one of `reasons`.
fn ready_condition(o: Lua, reasons: &[&str]) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("conditions")?.is_nil() {
        return Ok(false);
    }
    let conditions = status.field("conditions")?;
    for i in 1..=conditions.len()? {
        let c = conditions.item(i)?;
        if c.field("type")?.is("Ready") && c.field("status")?.is("True") {
            let reason = c.field("reason")?;
            if reasons.iter().any(|r| reason.is(r)) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Kyverno: `status.ready` whatever it holds (not a boolean: the run fails), else a
/// `Ready` condition `True` with reason `Succeeded`.
fn kyverno<'a>(o: Lua<'a>) -> LuaResult<Lua<'a>> {
    let status = o.field("status")?;
    if !status.is_nil() {
        let ready = status.field("ready")?;
        if !ready.is_nil() {
            return Ok(ready);
        }
    }
    Ok(Lua::Bool(ready_condition(o, &["Succeeded"])?))
}

/// Notebook: by `status.containerState`: running is healthy; waiting only while
/// `ContainerCreating`; terminated unless `Error`, `OOMKilled`, `ContainerCannotRun` or
/// a non-zero exit code.
fn notebook(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("containerState")?.is_nil() {
        return Ok(false);
    }
    let state = status.field("containerState")?;
    if !state.field("running")?.is_nil() {
        return Ok(true);
    }
    if !state.field("waiting")?.is_nil() {
        let reason = state.field("waiting")?.field("reason")?.or(Lua::Str(""));
        return Ok(reason.is("ContainerCreating"));
    }
    if state.field("terminated")?.is_nil() {
        return Ok(false);
    }
    let terminated = state.field("terminated")?;
    let reason = terminated.field("reason")?.or(Lua::Str(""));
    let exit_code = terminated.field("exitCode")?.or(Lua::Number(0.0));
    let failed = ["Error", "OOMKilled", "ContainerCannotRun"]
        .iter()
        .any(|r| reason.is(r));
    Ok(!failed && exit_code.is_number(0.0))
}

/// No item of `conditions` is a `Failed` condition `True`.
fn none_failed(conditions: Lua) -> LuaResult<bool> {
    for i in 1..=conditions.len()? {
        let c = conditions.item(i)?;
        if c.field("type")?.is("Failed") && c.field("status")?.is("True") {
            return Ok(false);
        }
    }
    Ok(true)
}

/// PyTorchJob, TFJob: conditions present and none `Failed` (an empty list is healthy).
fn no_failed_condition(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("conditions")?.is_nil() {
        return Ok(false);
    }
    none_failed(status.field("conditions")?)
}

/// MPIJob: at least one condition, and none `Failed`.
fn mpi_job(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("conditions")?.is_nil() {
        return Ok(false);
    }
    let conditions = status.field("conditions")?;
    if conditions.len()? == 0 {
        return Ok(false);
    }
    none_failed(conditions)
}

/// RayCluster: `HeadPodReady` and `RayClusterProvisioned` `True`, and no
/// `RayClusterReplicaFailure` `True` (conditions walked with `ipairs`).
fn ray_cluster(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("conditions")?.is_nil() {
        return Ok(false);
    }
    let (mut head_ready, mut provisioned, mut replica_failure) = (false, false, false);
    for c in status.field("conditions")?.ipairs()? {
        // `type` read first: once it reads, `status` cannot fail.
        let kind = c.field("type")?;
        if c.field("status")?.is("True") {
            head_ready |= kind.is("HeadPodReady");
            provisioned |= kind.is("RayClusterProvisioned");
            replica_failure |= kind.is("RayClusterReplicaFailure");
        }
    }
    Ok(head_ready && provisioned && !replica_failure)
}

/// RayJob: deployment `Running`, or `Complete` with job status `SUCCEEDED`.
fn ray_job(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() {
        return Ok(false);
    }
    let deployment = status.field("jobDeploymentStatus")?;
    let job = status.field("jobStatus")?;
    Ok(deployment.is("Running") || (deployment.is("Complete") && job.is("SUCCEEDED")))
}

/// RayService: a `Ready` condition `True` (walked with `ipairs`).
fn ray_service(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if status.is_nil() || status.field("conditions")?.is_nil() {
        return Ok(false);
    }
    for c in status.field("conditions")?.ipairs()? {
        if c.field("type")?.is("Ready") && c.field("status")?.is("True") {
            return Ok(true);
        }
    }
    Ok(false)
}

/// SparkApplication: an application state that is there (`not` tests: `false` counts
/// as absent) and not `FAILED`.
fn spark_application(o: Lua) -> LuaResult<bool> {
    let status = o.field("status")?;
    if !status.truthy() {
        return Ok(false);
    }
    let app = status.field("applicationState")?;
    if !app.truthy() || !app.field("state")?.truthy() {
        return Ok(false);
    }
    Ok(!app.field("state")?.is("FAILED"))
}
