//! The health Karmada gives a member cluster's copy of a workload (the work status
//! controller's `interpretHealth`, which the binding's aggregated status carries): a
//! kind without a health hook is `Healthy`; an interpreter that fails gives `Unknown`;
//! else the interpreter's answer.
//!
//! - **Native** (`native`): the nine Kubernetes kinds. The object is first converted
//!   into its typed Go struct (`typed`): a field of the wrong JSON type fails it.
//! - **Third party** (`thirdparty`): the Lua `healthInterpretation` of the shipped
//!   customizations, re-expressed in Rust over the object as the Lua VM sees it
//!   (`lua`): nil for an absent field, an error for indexing nil or comparing it with
//!   a number, a result that must be a boolean.
//!
//! The hook is looked up by group, version and kind as `schema.ParseGroupVersion` reads
//! the object's `apiVersion` (`/v1` is `v1`; two slashes: no hook).
//!
//! Upstream: `pkg/controllers/status/work_status_controller.go` (`interpretHealth`),
//! `pkg/resourceinterpreter/default/native/healthy.go`,
//! `pkg/resourceinterpreter/default/thirdparty/thirdparty.go` (`InterpretHealth`) and
//! `resourcecustomizations/*/*/*/customizations.yaml`,
//! `pkg/resourceinterpreter/customized/declarative/luavm/lua.go`,
//! `k8s.io/apimachinery/pkg/runtime/converter.go` (`FromUnstructured`).
//! Conformance: `application_failover` (`case: health`).
//! Karmada: v1.16.8, v1.17.4, v1.18.2 and master f8fdd02: the native interpreters are
//! the same; the customizations grew ([`super::health_interpreter`]) and two scripts
//! changed ([`WORKFLOW_ERROR_PHASE`], [`FLINK_STEADY_STATE_HEALTH`]).

mod lua;
mod native;
mod thirdparty;
mod typed;

use serde_json::Value;

use super::{health_interpreter, HealthInterpreter};
use crate::engine::vocabulary::version::{
    Behaviour, Handling, KarmadaVersion, KarmadaVersion as V, Range,
};
use lua::Lua;

/// The Argo Workflow script finds the phase `Error` unhealthy (before: it tested
/// `status.failed == 'Error'`, so a workflow in phase `Error` was healthy).
pub const WORKFLOW_ERROR_PHASE: Behaviour = Behaviour {
    id: "workflow-error-phase-unhealthy",
    what: "the shipped Argo Workflow health script finds a workflow in phase Error unhealthy",
    holds: &[Range::since(V::release(17, 0))],
    upstream: "karmada#7012 (v1.17.0)",
    handling: Handling::Modelled("engine::karmada::application_failover::health"),
};

/// The FlinkDeployment script judges the job's steady state (before: any job state but
/// `CREATED`, `INITIALIZING`, `RECONCILING` was healthy, those three with an error).
pub const FLINK_STEADY_STATE_HEALTH: Behaviour = Behaviour {
    id: "flink-steady-state-health",
    what: "the shipped FlinkDeployment health script is healthy without a job state only when the job manager is READY and the lifecycle STABLE, and in CREATED, INITIALIZING or RECONCILING only with an image or crash-loop error",
    holds: &[Range::since(V::release(18, 0))],
    upstream: "karmada#7476 (v1.18.0)",
    handling: Handling::Modelled("engine::karmada::application_failover::health"),
};

/// A workload's health as the work status controller records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, strum::IntoStaticStr)]
pub enum Health {
    /// `Healthy`.
    Healthy,
    /// `Unhealthy`.
    Unhealthy,
    /// `Unknown`: the interpreter failed.
    Unknown,
}

/// What interpreting one object gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpreted {
    /// Who interpreted it.
    pub interpreter: HealthInterpreter,
    /// The health recorded.
    pub health: Health,
    /// Why the interpreter failed, when it did (`Unknown`).
    pub error: Option<String>,
}

impl Interpreted {
    fn of(interpreter: HealthInterpreter, verdict: Result<bool, String>) -> Interpreted {
        let (health, error) = match verdict {
            Ok(true) => (Health::Healthy, None),
            Ok(false) => (Health::Unhealthy, None),
            Err(e) => (Health::Unknown, Some(e)),
        };
        Interpreted {
            interpreter,
            health,
            error,
        }
    }
}

/// The health of `object` (a member cluster's object, as JSON) at `version`.
pub fn interpret_health(object: &Value, version: KarmadaVersion) -> Interpreted {
    let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or_default();
    let kind = text("kind");
    let api_version = group_version(text("apiVersion"));
    let interpreter = api_version
        .as_deref()
        .map_or(HealthInterpreter::None, |gv| {
            health_interpreter(gv, kind, version)
        });
    let verdict = match interpreter {
        HealthInterpreter::None => Ok(true),
        HealthInterpreter::Native => match typed::conversion_error(object, kind) {
            Some(error) => Err(error),
            None => Ok(native::healthy(kind, object)),
        },
        HealthInterpreter::ThirdParty => {
            let gv = api_version.as_deref().unwrap_or_default();
            run_script(object, gv, kind, version)
        }
    };
    Interpreted::of(interpreter, verdict)
}

/// The shipped script of the kind, run on `object`: its result must be a boolean.
fn run_script(
    object: &Value,
    api_version: &str,
    kind: &str,
    version: KarmadaVersion,
) -> Result<bool, String> {
    let script = thirdparty::script(api_version, kind, version)
        .ok_or_else(|| format!("no health script for {api_version} {kind}"))?;
    match script.run(Lua::of(object))? {
        Lua::Bool(b) => Ok(b),
        other => Err(format!("result type {} is not bool", other.type_code())),
    }
}

/// `apiVersion` as `schema.ParseGroupVersion` reads it, written back as `group/version`
/// (or `version` for the core group); `None` when it does not parse (two slashes or
/// more).
fn group_version(api_version: &str) -> Option<String> {
    match api_version.split_once('/') {
        _ if api_version.matches('/').count() > 1 => None,
        Some(("", version)) => Some(version.to_string()),
        _ => Some(api_version.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const MASTER: KarmadaVersion = KarmadaVersion::MASTER;

    fn health(object: Value, version: KarmadaVersion) -> Health {
        interpret_health(&object, version).health
    }

    fn deployment(generation: i64, observed: i64) -> Value {
        json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "web", "generation": generation},
            "spec": {"replicas": 2},
            "status": {"observedGeneration": observed, "updatedReplicas": 2, "availableReplicas": 2},
        })
    }

    /// healthy.go `interpretDeploymentHealth`: `ObservedGeneration != Generation`.
    #[test]
    fn a_deployment_whose_generation_lags_is_unhealthy() {
        assert_eq!(health(deployment(3, 3), MASTER), Health::Healthy);
        assert_eq!(health(deployment(3, 2), MASTER), Health::Unhealthy);
    }

    /// `ConvertToTypedObject`: a field of the wrong type fails the conversion; an
    /// integral float converts.
    #[test]
    fn a_native_field_of_the_wrong_type_is_unknown() {
        let mut object = deployment(3, 3);
        object["status"]["availableReplicas"] = json!(2.0);
        assert_eq!(health(object.clone(), MASTER), Health::Healthy);
        object["status"]["availableReplicas"] = json!("2");
        assert_eq!(health(object.clone(), MASTER), Health::Unknown);
        object["status"]["availableReplicas"] = json!(2);
        object["status"]["conditions"] =
            json!([{"type": "Available", "lastTransitionTime": "yesterday"}]);
        assert_eq!(health(object, MASTER), Health::Unknown);
    }

    /// CloneSet's script indexes `observedObj.status`: nil without a status.
    #[test]
    fn a_cloneset_without_status_is_unknown() {
        let mut object = json!({
            "apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet",
            "metadata": {"generation": 2}, "spec": {"replicas": 1},
        });
        let got = interpret_health(&object, MASTER);
        assert_eq!(
            (got.interpreter, got.health),
            (HealthInterpreter::ThirdParty, Health::Unknown)
        );
        object["status"] =
            json!({"observedGeneration": 2, "updatedReplicas": 1, "availableReplicas": 1});
        assert_eq!(health(object, MASTER), Health::Healthy);
    }

    /// Kyverno's script returns `status.ready` as it is: a string is no boolean.
    #[test]
    fn a_script_result_that_is_not_a_boolean_is_unknown() {
        let policy = |ready: Value| json!({"apiVersion": "kyverno.io/v1", "kind": "Policy", "status": {"ready": ready}});
        assert_eq!(health(policy(json!(false)), MASTER), Health::Unhealthy);
        assert_eq!(health(policy(json!("true")), MASTER), Health::Unknown);
    }

    /// gopher-json drops `null` list items; the flux loop then reaches the `Ready` one.
    #[test]
    fn null_condition_items_vanish() {
        let object = |first: Value| {
            json!({
                "apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository",
                "status": {"conditions": [first, {"type": "Ready", "status": "True", "reason": "Succeeded"}]},
            })
        };
        assert_eq!(health(object(Value::Null), MASTER), Health::Healthy);
        assert_eq!(health(object(json!(3)), MASTER), Health::Unknown);
    }

    /// Workflow phase `Error`: healthy at v1.16.8 (it tested `status.failed`).
    #[test]
    fn the_workflow_error_phase_by_release() {
        let workflow = json!({"apiVersion": "argoproj.io/v1alpha1", "kind": "Workflow", "status": {"phase": "Error"}});
        assert_eq!(
            health(workflow.clone(), V::release(17, 4)),
            Health::Unhealthy
        );
        assert_eq!(health(workflow, V::release(16, 8)), Health::Healthy);
    }

    /// FlinkDeployment without a job state: the steady-state script wants READY and
    /// STABLE; the older one wants `status.error`.
    #[test]
    fn the_flink_script_by_release() {
        let flink = |status: Value| json!({"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkDeployment", "status": status});
        let steady =
            flink(json!({"jobManagerDeploymentStatus": "READY", "lifecycleState": "STABLE"}));
        assert_eq!(health(steady.clone(), V::release(18, 2)), Health::Healthy);
        assert_eq!(health(steady, V::release(17, 4)), Health::Unhealthy);
        let failing = flink(json!({"error": "boom"}));
        assert_eq!(
            health(failing.clone(), V::release(18, 2)),
            Health::Unhealthy
        );
        assert_eq!(health(failing, V::release(17, 4)), Health::Healthy);
    }

    /// No hook: `Healthy`; RayService has none before v1.17; `/v1` parses as `v1`, two
    /// slashes do not parse.
    #[test]
    fn kinds_without_a_hook_are_healthy() {
        let ray = json!({"apiVersion": "ray.io/v1", "kind": "RayService", "status": {}});
        let at_16 = interpret_health(&ray, V::release(16, 8));
        assert_eq!(
            (at_16.interpreter, at_16.health),
            (HealthInterpreter::None, Health::Healthy)
        );
        assert_eq!(health(ray, MASTER), Health::Unhealthy);
        let pvc = |api: &str| json!({"apiVersion": api, "kind": "PersistentVolumeClaim", "status": {"phase": "Pending"}});
        assert_eq!(health(pvc("/v1"), MASTER), Health::Unhealthy);
        assert_eq!(health(pvc("core/v1/x"), MASTER), Health::Healthy);
    }

    /// Every kind `health_interpreter` gives to a customization has a script.
    #[test]
    fn every_customization_has_its_script() {
        let kinds = [
            ("apps.kruise.io/v1alpha1", "UnitedDeployment"),
            ("apps.kruise.io/v1alpha1", "BroadcastJob"),
            ("apps.kruise.io/v1alpha1", "CloneSet"),
            ("apps.kruise.io/v1alpha1", "DaemonSet"),
            ("apps.kruise.io/v1alpha1", "SidecarSet"),
            ("apps.kruise.io/v1beta1", "StatefulSet"),
            ("argoproj.io/v1alpha1", "Workflow"),
            ("flink.apache.org/v1beta1", "FlinkDeployment"),
            ("helm.toolkit.fluxcd.io/v2beta1", "HelmRelease"),
            ("kustomize.toolkit.fluxcd.io/v1", "Kustomization"),
            ("kyverno.io/v1", "ClusterPolicy"),
            ("kyverno.io/v1", "Policy"),
            ("source.toolkit.fluxcd.io/v1", "GitRepository"),
            ("source.toolkit.fluxcd.io/v1beta2", "Bucket"),
            ("source.toolkit.fluxcd.io/v1beta2", "HelmChart"),
            ("source.toolkit.fluxcd.io/v1beta2", "HelmRepository"),
            ("source.toolkit.fluxcd.io/v1beta2", "OCIRepository"),
            ("batch.volcano.sh/v1alpha1", "Job"),
            ("kubeflow.org/v1", "Notebook"),
            ("kubeflow.org/v1", "PyTorchJob"),
            ("kubeflow.org/v1", "TFJob"),
            ("kubeflow.org/v2beta1", "MPIJob"),
            ("ray.io/v1", "RayCluster"),
            ("ray.io/v1", "RayJob"),
            ("ray.io/v1", "RayService"),
            ("sparkoperator.k8s.io/v1beta2", "SparkApplication"),
        ];
        for (api, kind) in kinds {
            assert_eq!(
                health_interpreter(api, kind, MASTER),
                HealthInterpreter::ThirdParty
            );
            assert!(
                thirdparty::script(api, kind, MASTER).is_some(),
                "{api} {kind}"
            );
        }
        assert!(thirdparty::script("argoproj.io/v1alpha1", "Rollout", MASTER).is_none());
    }
}
