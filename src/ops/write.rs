//! The write helper every command that writes shares: for each object, an
//! optimistic-lock write ([`crate::client::patch_with_retry`]: read, decide, merge patch
//! with the read `resourceVersion`, re-read and re-decide on conflict), a bounded number
//! in flight, and one outcome per object.

use futures::stream::{self, StreamExt};
use kube::api::Api;
use kube::Resource;
use serde::de::DeserializeOwned;

use crate::client::{patch_with_retry, ControlPlane, Plan, WriteOutcome};
use crate::error::Error;

/// Writes in flight at once by default.
pub const DEFAULT_MAX_IN_FLIGHT: usize = 8;

/// How one object's write ended.
#[derive(Debug)]
pub enum Ended<T, E> {
    /// The decision on the last read, and whether a patch was accepted.
    Done(WriteOutcome<T>),
    /// The decision refused the object as it was re-read (nothing written).
    Refused(E),
    /// The API failed (nothing written by this attempt).
    Failed(Error),
}

/// One object and how its write ended.
#[derive(Debug)]
pub struct ObjectOutcome<T, E> {
    /// The object's name.
    pub name: String,
    /// How it ended.
    pub ended: Ended<T, E>,
}

/// Write every object of `objects` (name, and the copy already read if any) through
/// `api`, deciding each write with `decide` on the object as read (again on conflict).
/// `server_dry_run` sends every patch with `dryRun=All`. `on_done` is called as each
/// object ends. Outcomes come back in the order of `objects`.
pub async fn write_all<K, T, E>(
    cp: &ControlPlane,
    api: &Api<K>,
    objects: Vec<(String, Option<K>)>,
    decide: &(dyn Fn(&K) -> Result<Plan<T>, E> + Sync),
    server_dry_run: bool,
    max_in_flight: usize,
    on_done: &(dyn Fn(&ObjectOutcome<T, E>) + Sync),
) -> Vec<ObjectOutcome<T, E>>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug,
    K::DynamicType: Default,
{
    let mut outcomes: Vec<(usize, ObjectOutcome<T, E>)> =
        stream::iter(objects.into_iter().enumerate())
            .map(|(i, (name, first))| async move {
                let ended =
                    match patch_with_retry(cp, api, &name, first, server_dry_run, decide).await {
                        Ok(Ok(done)) => Ended::Done(done),
                        Ok(Err(refused)) => Ended::Refused(refused),
                        Err(e) => Ended::Failed(e),
                    };
                let outcome = ObjectOutcome { name, ended };
                on_done(&outcome);
                (i, outcome)
            })
            .buffer_unordered(max_in_flight.max(1))
            .collect()
            .await;
    outcomes.sort_by_key(|(i, _)| *i);
    outcomes.into_iter().map(|(_, o)| o).collect()
}
