//! Optimistic-concurrency writes: read, decide, merge-patch with the read
//! `resourceVersion`; on 409 Conflict read again, decide again, retry with exponential
//! backoff and jitter (`backon`).

use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};
use kube::api::{Api, Patch, PatchParams};
use kube::Resource;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use super::{api_error, ControlPlane};
use crate::error::{Error, Result};

/// Attempts before a write gives up on conflicts.
pub const MAX_ATTEMPTS: u32 = 6;

/// The pauses between attempts: 50 ms doubling to at most 800 ms, with jitter so that
/// concurrent writers do not retry in lockstep.
fn conflict_backoff() -> impl Iterator<Item = Duration> {
    ExponentialBuilder::default()
        .with_min_delay(Duration::from_millis(50))
        .with_max_delay(Duration::from_millis(800))
        .with_factor(2.0)
        .with_max_times((MAX_ATTEMPTS - 1) as usize)
        .with_jitter()
        .build()
}

/// What the pure decision wants done with the object as read.
pub enum Plan<T> {
    /// Nothing to write; carry `T` to the report.
    Keep(T),
    /// Merge this patch (without resourceVersion: it is added here), then report `T`.
    Patch(Value, T),
}

/// The result of one write loop.
#[derive(Debug)]
pub struct WriteOutcome<T> {
    /// The decision taken on the last read.
    pub decision: T,
    /// Whether a patch was accepted by the server.
    pub written: bool,
    /// Conflicts met (and retried) on the way.
    pub conflicts: u32,
}

/// Run `decide` on fresh reads of `name` until its patch is accepted without conflict.
///
/// `first` is an already-read copy to start from (saves a GET). `decide` must be pure:
/// it is called again on every retry. `dry_run` sends the patch with `dryRun=All`.
pub async fn patch_with_retry<K, T, E>(
    cp: &ControlPlane,
    api: &Api<K>,
    name: &str,
    first: Option<K>,
    dry_run: bool,
    mut decide: impl FnMut(&K) -> std::result::Result<Plan<T>, E>,
) -> Result<std::result::Result<WriteOutcome<T>, E>>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug,
{
    // `.../clusters` -> `cluster "NAME"`, for messages.
    let plural = api.resource_url().rsplit('/').next().unwrap_or("object");
    let what = format!("{} {name:?}", plural.strip_suffix('s').unwrap_or(plural));
    let params = PatchParams {
        dry_run,
        field_manager: Some("karmadactl".into()),
        ..Default::default()
    };
    let mut current = first;
    let mut conflicts = 0;
    let mut pauses = conflict_backoff();
    loop {
        let obj = match current.take() {
            Some(obj) => obj,
            None => match api.get(name).await {
                Ok(obj) => obj,
                Err(e) if transient(&e).is_some() => {
                    pause_or_give_up(&mut pauses, &e, &what, &cp.server).await?;
                    continue;
                }
                Err(e) => return Err(api_error(&e, &what, &cp.server)),
            },
        };
        let resource_version = obj.meta().resource_version.clone().unwrap_or_default();
        let (mut patch, decision) = match decide(&obj) {
            Err(e) => return Ok(Err(e)),
            Ok(Plan::Keep(d)) => {
                return Ok(Ok(WriteOutcome {
                    decision: d,
                    written: false,
                    conflicts,
                }))
            }
            Ok(Plan::Patch(p, d)) => (p, d),
        };
        merge(
            &mut patch,
            json!({ "metadata": { "resourceVersion": resource_version } }),
        );
        match api.patch(name, &params, &Patch::Merge(&patch)).await {
            Ok(_) => return Ok(Ok(WriteOutcome { decision, written: true, conflicts })),
            Err(kube::Error::Api(status)) if status.code == 409 => match pauses.next() {
                Some(pause) => {
                    conflicts += 1;
                    tracing::info!(object = %what, attempt = conflicts, "conflict: re-reading and recomputing");
                    tokio::time::sleep(pause).await;
                }
                None => {
                    return Err(Error::failure(format!(
                        "{what} kept changing under us: gave up after {MAX_ATTEMPTS} conflicting attempts"
                    )))
                }
            },
            // The write may or may not have been applied (a lost response): the next
            // round reads the object again and decides on what is really there.
            Err(e) if transient(&e).is_some() => {
                pause_or_give_up(&mut pauses, &e, &what, &cp.server).await?
            }
            Err(e) => return Err(api_error(&e, &what, &cp.server)),
        }
    }
}

/// Whether a failed request is worth repeating, and the pause the server asked for.
fn transient(err: &kube::Error) -> Option<Option<Duration>> {
    match err {
        kube::Error::Api(status) if matches!(status.code, 429 | 500 | 502 | 503 | 504) => Some(
            status
                .details
                .as_ref()
                .map(|d| d.retry_after_seconds)
                .filter(|s| *s > 0)
                .map(|s| Duration::from_secs(u64::from(s).min(30))),
        ),
        kube::Error::HyperError(_) | kube::Error::Service(_) => Some(None),
        _ => None,
    }
}

/// Wait before the next attempt (the server's `Retry-After` when it gave one, else the
/// back-off), or fail when the attempts are used up.
async fn pause_or_give_up(
    pauses: &mut impl Iterator<Item = Duration>,
    err: &kube::Error,
    what: &str,
    server: &str,
) -> Result<()> {
    let asked = transient(err).flatten();
    match pauses.next() {
        Some(backoff) => {
            let pause = asked.unwrap_or(backoff);
            tracing::info!(object = %what, ?pause, error = %err, "transient failure: retrying");
            tokio::time::sleep(pause).await;
            Ok(())
        }
        None => {
            let last = api_error(err, what, server);
            Err(Error::failure(format!(
                "gave up after {MAX_ATTEMPTS} attempts: {}",
                last.message
            )))
        }
    }
}

fn merge(into: &mut Value, from: Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k).or_insert(Value::Null), v);
            }
        }
        (slot, v) => *slot = v,
    }
}
