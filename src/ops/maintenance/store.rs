//! Where a maintenance run's state lives: the ConfigMap `karmadactl-maintenance` in
//! `karmada-system` on the Karmada control plane, its key `run` holding the run as JSON
//! ([`RunState`]). One run per control plane: `create` is the API server's atomic create,
//! a finished run is replaced only at the resourceVersion read, and every change is a
//! replace at the resourceVersion last read, re-read and re-applied on a conflict — so
//! two processes never both hold the run, and an `approve` or an `abort` written by
//! another process is never lost.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, ObjectMeta, PostParams};

use crate::client::ControlPlane;
use crate::engine::decide::maintenance_run::{RunState, STATE_VERSION};
use crate::error::{Error, Result};

/// The namespace of the run's ConfigMap.
pub const NAMESPACE: &str = "karmada-system";
/// The run's ConfigMap.
pub const NAME: &str = "karmadactl-maintenance";
/// The ConfigMap's key holding the run.
pub const KEY: &str = "run";
/// Attempts of one change before it gives up (conflicts and transient failures).
const ATTEMPTS: u32 = 10;

/// The run as last read or written, and the resourceVersion it was at.
#[derive(Clone, Debug)]
pub struct Stored {
    pub state: RunState,
    pub resource_version: String,
}

fn api(cp: &ControlPlane) -> Api<ConfigMap> {
    Api::namespaced(cp.client.clone(), NAMESPACE)
}

fn what() -> String {
    format!("configmap {NAMESPACE}/{NAME}")
}

fn object(state: &RunState, resource_version: Option<String>) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta {
            name: Some(NAME.into()),
            namespace: Some(NAMESPACE.into()),
            resource_version,
            labels: Some(BTreeMap::from([(
                "app.kubernetes.io/managed-by".to_string(),
                "karmadactl".to_string(),
            )])),
            ..Default::default()
        },
        data: Some(BTreeMap::from([(
            KEY.to_string(),
            serde_json::to_string_pretty(state).expect("the run serializes"),
        )])),
        ..Default::default()
    }
}

fn parse(cm: &ConfigMap) -> Result<Stored> {
    let text = cm
        .data
        .as_ref()
        .and_then(|d| d.get(KEY))
        .ok_or_else(|| Error::failure(format!("{} has no key {KEY:?}", what())))?;
    let state: RunState = serde_json::from_str(text).map_err(|e| {
        Error::failure(format!(
            "{} does not hold a run this karmadactl reads: {e}",
            what()
        ))
    })?;
    if state.version > STATE_VERSION {
        return Err(Error::failure(format!(
            "{} was written by a newer karmadactl (version {} > {STATE_VERSION}); use that one",
            what(),
            state.version
        )));
    }
    Ok(Stored {
        state,
        resource_version: cm.metadata.resource_version.clone().unwrap_or_default(),
    })
}

fn failed(e: &kube::Error, cp: &ControlPlane) -> Error {
    crate::client::api_error(e, &what(), &cp.server)
}

/// The run, if there is one.
pub async fn read(cp: &ControlPlane) -> Result<Option<Stored>> {
    let mut pauses = crate::client::retry::pauses();
    loop {
        match api(cp).get_opt(NAME).await {
            Ok(found) => return found.as_ref().map(parse).transpose(),
            Err(e) => match (crate::client::retry::transient(&e), pauses.next()) {
                (Some(asked), Some(pause)) => tokio::time::sleep(asked.unwrap_or(pause)).await,
                _ => return Err(failed(&e, cp)),
            },
        }
    }
}

/// The refusal to start a run while `existing` is not finished.
pub fn in_progress(existing: &RunState) -> Error {
    let phase: &str = existing.phase.into();
    Error::failure(format!(
        "a maintenance run is {phase} (run {}, wave {} of {}): `karmadactl maintenance status` shows it; resume it or abort it first; nothing was written",
        existing.id,
        existing.current_wave(),
        existing.wave_count()
    ))
}

/// The refusal to `what` (resume, approve, abort) a run that has ended.
pub fn ended(run: &RunState, what: &str) -> Option<Error> {
    let phase: &str = run.phase.into();
    run.phase
        .finished()
        .then(|| Error::usage(format!("run {} has {phase}: nothing to {what}", run.id)))
}

/// Store `state` as the run: created, or replacing a finished run at the version read.
/// A run in progress or stopped is never replaced: the error names it.
pub async fn create(cp: &ControlPlane, state: &RunState) -> Result<Stored> {
    match api(cp)
        .create(&PostParams::default(), &object(state, None))
        .await
    {
        Ok(cm) => return parse(&cm),
        Err(kube::Error::Api(s)) if s.code == 409 => {}
        Err(e) => return Err(failed(&e, cp)),
    }
    let Some(old) = read(cp).await? else {
        return Err(Error::failure(
            "another run was being started at the same moment; try again",
        ));
    };
    if !old.state.phase.finished() {
        return Err(in_progress(&old.state));
    }
    match api(cp)
        .replace(
            NAME,
            &PostParams::default(),
            &object(state, Some(old.resource_version)),
        )
        .await
    {
        Ok(cm) => parse(&cm),
        Err(kube::Error::Api(s)) if s.code == 409 => Err(Error::failure(
            "another run was being started at the same moment; try again",
        )),
        Err(e) => Err(failed(&e, cp)),
    }
}

/// Apply `change` to the run and store it at the version last read; on a conflict read
/// it again and apply `change` to that. `change` refusing (its error) writes nothing.
/// `stored` ends as written.
pub async fn update<F>(cp: &ControlPlane, stored: &mut Stored, mut change: F) -> Result<()>
where
    F: FnMut(&mut RunState) -> std::result::Result<(), Error>,
{
    let mut pauses = crate::client::retry::pauses();
    for _ in 0..ATTEMPTS {
        let mut next = stored.state.clone();
        change(&mut next)?;
        let sent = object(&next, Some(stored.resource_version.clone()));
        match api(cp).replace(NAME, &PostParams::default(), &sent).await {
            Ok(cm) => {
                *stored = parse(&cm)?;
                return Ok(());
            }
            Err(kube::Error::Api(s)) if s.code == 409 => {
                *stored = read(cp).await?.ok_or_else(|| {
                    Error::failure(format!("{} was deleted: the run is gone", what()))
                })?;
            }
            Err(kube::Error::Api(s)) if s.code == 404 => {
                return Err(Error::failure(format!(
                    "{} was deleted: the run is gone",
                    what()
                )))
            }
            Err(e) => match (crate::client::retry::transient(&e), pauses.next()) {
                (Some(asked), Some(pause)) => {
                    tokio::time::sleep(asked.unwrap_or(pause)).await;
                    if let Some(fresh) = read(cp).await? {
                        *stored = fresh;
                    }
                }
                _ => return Err(failed(&e, cp)),
            },
        }
    }
    Err(Error::failure(format!(
        "{} kept changing under this write ({ATTEMPTS} attempts)",
        what()
    )))
}
