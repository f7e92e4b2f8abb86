//! Optimistic-concurrency writes: read, decide, merge-patch with the read
//! `resourceVersion`; on 409 Conflict, or when the server or the connection failed, read
//! again, decide again, and retry with the backoff of [`super::retry`].
//!
//! A write whose response was lost may have been applied. The precondition makes sending
//! it again harmless (a landed write moved the `resourceVersion`: the retry gets 409), and
//! the re-read shows it: a decision of "nothing to do" after such an attempt is reported
//! as written.

use kube::api::{Api, Patch, PatchParams};
use kube::Resource;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use super::retry::{gave_up, maybe_applied, pauses, transient, LOST};
use super::{api_error, ControlPlane};
use crate::error::{Error, Result};

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
    /// The object as the server answered the accepted patch (what it stored, its own
    /// mutations included: e.g. the `timeAdded` Karmada's Cluster API stamps).
    pub stored: Option<Value>,
}

impl<T> WriteOutcome<T> {
    /// The resourceVersion the accepted patch got (`None`: nothing written).
    pub fn resource_version(&self) -> Option<String> {
        let stored = self.stored.as_ref().filter(|_| self.written)?;
        stored["metadata"]["resourceVersion"]
            .as_str()
            .map(str::to_string)
    }
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
    K: Resource + Clone + DeserializeOwned + serde::Serialize + std::fmt::Debug,
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
    // The decision of the last attempt whose response was lost: it may have landed.
    let mut in_doubt: Option<T> = None;
    let mut pauses = pauses();
    loop {
        let obj = match current.take() {
            Some(obj) => obj,
            // Reads are retried under the client (`retry::read_retry_layer`).
            None => match api.get(name).await {
                Ok(obj) => obj,
                Err(e) => {
                    let err = api_error(&e, &what, &cp.server);
                    return Err(match in_doubt {
                        Some(_) => Error {
                            message: format!("{}{LOST}", err.message),
                            ..err
                        },
                        None => err,
                    });
                }
            },
        };
        let resource_version = obj.meta().resource_version.clone().unwrap_or_default();
        let (mut patch, decision) = match decide(&obj) {
            Err(e) => return Ok(Err(e)),
            Ok(Plan::Keep(d)) => {
                // Nothing left to do after a lost response: that write landed, and its
                // decision is the one to report.
                let (decision, written) = match in_doubt {
                    Some(landed) => {
                        tracing::info!(object = %what, "read back: the write whose response was lost had been applied");
                        (landed, true)
                    }
                    None => (d, false),
                };
                return Ok(Ok(WriteOutcome {
                    decision,
                    written,
                    conflicts,
                    stored: None,
                }));
            }
            Ok(Plan::Patch(p, d)) => (p, d),
        };
        merge(
            &mut patch,
            json!({ "metadata": { "resourceVersion": resource_version } }),
        );
        let err = match api.patch(name, &params, &Patch::Merge(&patch)).await {
            Ok(stored) => {
                return Ok(Ok(WriteOutcome {
                    decision,
                    written: true,
                    conflicts,
                    stored: serde_json::to_value(&stored).ok(),
                }))
            }
            Err(e) => e,
        };
        let asked = match &err {
            // Someone else wrote first (or our lost write did): read and decide again.
            kube::Error::Api(status) if status.code == 409 => {
                conflicts += 1;
                tracing::info!(object = %what, attempt = conflicts, "conflict: re-reading and recomputing");
                None
            }
            e => match transient(e) {
                Some(asked) => {
                    if maybe_applied(e) {
                        in_doubt = Some(decision);
                    }
                    tracing::info!(object = %what, error = %e, "write failed: re-reading and retrying");
                    asked
                }
                None => return Err(api_error(e, &what, &cp.server)),
            },
        };
        match pauses.next() {
            Some(backoff) => tokio::time::sleep(asked.unwrap_or(backoff)).await,
            None => return Err(gave_up(&err, &what, &cp.server, in_doubt.is_some())),
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
