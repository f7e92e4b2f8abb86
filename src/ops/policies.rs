//! Live work of `policy apply`: read the live copy of each policy, and server-side
//! apply (field manager `karmadactl`) so fields other managers own stay theirs.

use kube::api::{Api, ApiResource, DynamicObject, Patch, PatchParams};
use serde::Serialize;
use serde_json::Value;

use crate::client::{api_error, retry, ControlPlane};
use crate::engine::decide::policy_check::CheckedPolicy;
use crate::engine::karmada::admission::PolicyKind;
use crate::error::{Error, Result};

/// The field manager of every apply.
pub const FIELD_MANAGER: &str = "karmadactl";

fn resource(kind: PolicyKind) -> ApiResource {
    let plural = match kind {
        PolicyKind::PropagationPolicy => "propagationpolicies",
        PolicyKind::ClusterPropagationPolicy => "clusterpropagationpolicies",
        PolicyKind::ClusterTaintPolicy => "clustertaintpolicies",
    };
    ApiResource {
        group: "policy.karmada.io".into(),
        version: "v1alpha1".into(),
        api_version: "policy.karmada.io/v1alpha1".into(),
        kind: kind.as_str().into(),
        plural: plural.into(),
    }
}

fn api(cp: &ControlPlane, policy: &CheckedPolicy) -> Api<DynamicObject> {
    let ar = resource(policy.kind);
    match &policy.namespace {
        Some(ns) => Api::namespaced_with(cp.client.clone(), ns, &ar),
        None => Api::all_with(cp.client.clone(), &ar),
    }
}

/// The live object as JSON, or `None` when there is none.
pub async fn read_live(cp: &ControlPlane, policy: &CheckedPolicy) -> Result<Option<Value>> {
    let what = policy.display_name();
    match api(cp, policy).get_opt(&policy.name).await {
        Ok(obj) => Ok(obj.map(|o| serde_json::to_value(o).unwrap_or_default())),
        Err(e) => Err(api_error(&e, &what, &cp.server)),
    }
}

/// How one apply ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applied {
    Created,
    Configured,
    Unchanged,
}

impl Applied {
    pub fn as_str(self) -> &'static str {
        match self {
            Applied::Created => "created",
            Applied::Configured => "configured",
            Applied::Unchanged => "unchanged",
        }
    }
}

/// The parts of an object an apply can change and a person cares about.
pub fn comparable(obj: &Value) -> Value {
    let meta = &obj["metadata"];
    serde_json::json!({
        "metadata": {
            "labels": meta.get("labels").cloned().unwrap_or(Value::Null),
            "annotations": meta.get("annotations").cloned().unwrap_or(Value::Null),
        },
        "spec": obj.get("spec").cloned().unwrap_or(Value::Null),
    })
}

/// Server-side apply `policy` with `dryRun=All`: the object as the server would store
/// it. Nothing is stored.
pub async fn preview(cp: &ControlPlane, policy: &CheckedPolicy, force: bool) -> Result<Value> {
    send(cp, policy, true, force).await
}

/// Server-side apply `policy` for real.
pub async fn apply(cp: &ControlPlane, policy: &CheckedPolicy, force: bool) -> Result<Value> {
    send(cp, policy, false, force).await
}

async fn send(
    cp: &ControlPlane,
    policy: &CheckedPolicy,
    dry_run: bool,
    force: bool,
) -> Result<Value> {
    let params = PatchParams {
        dry_run,
        force,
        field_manager: Some(FIELD_MANAGER.into()),
        ..Default::default()
    };
    // Server-side apply states the whole intent, so sending it again after a failure
    // (even one whose response was lost) converges on the same object.
    let api = api(cp, policy);
    let what = policy.display_name();
    let mut pauses = retry::pauses();
    let mut in_doubt = false;
    loop {
        let err = match api
            .patch(&policy.name, &params, &Patch::Apply(&policy.object))
            .await
        {
            Ok(obj) => return Ok(serde_json::to_value(obj).unwrap_or_default()),
            Err(e) => e,
        };
        if let kube::Error::Api(status) = &err {
            if status.code == 409 {
                return Err(Error::failure(format!(
                    "{what}: {}; rerun with --force-conflicts to take these fields over",
                    status.message
                )));
            }
        }
        let Some(asked) = retry::transient(&err) else {
            return Err(api_error(&err, &what, &cp.server));
        };
        in_doubt |= retry::maybe_applied(&err);
        match pauses.next() {
            Some(backoff) => {
                tracing::info!(policy = %what, error = %err, "apply failed: retrying");
                tokio::time::sleep(asked.unwrap_or(backoff)).await;
            }
            None => return Err(retry::gave_up(&err, &what, &cp.server, in_doubt)),
        }
    }
}
