//! The write helper every command that writes shares: for each object, an
//! optimistic-lock write ([`crate::client::patch_with_retry`]: read, decide, merge patch
//! with the read `resourceVersion`, re-read and re-decide on conflict), a bounded number
//! in flight, an optional pace, a stop flag that lets writes in flight finish and starts
//! no new one, and one outcome per object.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures::stream::{self, StreamExt};
use kube::api::Api;
use kube::Resource;
use serde::de::DeserializeOwned;
use tokio::sync::Mutex;
use tokio::time::Instant;

use crate::client::{patch_with_retry, ControlPlane, Plan, WriteOutcome};
use crate::error::Error;

/// The error of a write the stop flag kept from starting, in every command's report.
pub const NOT_STARTED: &str = "not started: interrupted";

/// Writes in flight at once by default.
pub const DEFAULT_MAX_IN_FLIGHT: usize = 8;

/// How a batch of writes runs.
#[derive(Clone, Copy, Debug)]
pub struct WriteControl<'a> {
    /// Writes in flight at once.
    pub max_in_flight: usize,
    /// Writes started per second, at most (`None`: no pace).
    pub rate: Option<f64>,
    /// Once set, no new write starts (the ones in flight finish).
    pub stop: Option<&'a AtomicBool>,
    /// Send every patch with `dryRun=All`.
    pub server_dry_run: bool,
}

impl Default for WriteControl<'_> {
    fn default() -> Self {
        WriteControl {
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
            rate: None,
            stop: None,
            server_dry_run: false,
        }
    }
}

/// One object to write: where it lives, its name, the copy already read (if any), and
/// the caller's key for it (reports name objects by it).
pub struct Target<K: Resource> {
    pub api: Api<K>,
    pub name: String,
    pub first: Option<K>,
    pub key: String,
}

/// How one object's write ended.
#[derive(Debug)]
pub enum Ended<T, E> {
    /// The decision on the last read, and whether a patch was accepted.
    Done(WriteOutcome<T>),
    /// The decision refused the object as it was re-read (nothing written).
    Refused(E),
    /// The API failed (nothing written by this attempt).
    Failed(Error),
    /// Not started: the stop flag was set first.
    NotStarted,
}

/// One object and how its write ended.
#[derive(Debug)]
pub struct ObjectOutcome<T, E> {
    /// The caller's key of the object.
    pub key: String,
    /// How it ended.
    pub ended: Ended<T, E>,
}

/// Write every target, deciding each write with `decide` on the object as read (again
/// on conflict). `on_done` is called as each object ends. Outcomes come back in the
/// order of `targets`.
pub async fn write_all<K, T, E>(
    cp: &ControlPlane,
    targets: Vec<Target<K>>,
    decide: &(dyn Fn(&K) -> Result<Plan<T>, E> + Sync),
    control: WriteControl<'_>,
    on_done: &(dyn Fn(&ObjectOutcome<T, E>) + Sync),
) -> Vec<ObjectOutcome<T, E>>
where
    K: Resource + Clone + DeserializeOwned + serde::Serialize + std::fmt::Debug,
{
    let interval = control
        .rate
        .filter(|r| *r > 0.0 && r.is_finite())
        .map(|r| Duration::from_secs_f64(1.0 / r));
    let next_slot = Mutex::new(Instant::now());
    let stopped = || control.stop.is_some_and(|s| s.load(Ordering::SeqCst));
    let mut outcomes: Vec<(usize, ObjectOutcome<T, E>)> =
        stream::iter(targets.into_iter().enumerate())
            .map(|(i, target)| {
                let next_slot = &next_slot;
                async move {
                    if let Some(every) = interval {
                        let slot = {
                            let mut next = next_slot.lock().await;
                            let slot = (*next).max(Instant::now());
                            *next = slot + every;
                            slot
                        };
                        tokio::time::sleep_until(slot).await;
                    }
                    let ended = if stopped() {
                        Ended::NotStarted
                    } else {
                        match patch_with_retry(
                            cp,
                            &target.api,
                            &target.name,
                            target.first,
                            control.server_dry_run,
                            decide,
                        )
                        .await
                        {
                            Ok(Ok(done)) => Ended::Done(done),
                            Ok(Err(refused)) => Ended::Refused(refused),
                            Err(e) => Ended::Failed(e),
                        }
                    };
                    let outcome = ObjectOutcome {
                        key: target.key,
                        ended,
                    };
                    on_done(&outcome);
                    (i, outcome)
                }
            })
            .buffer_unordered(control.max_in_flight.max(1))
            .collect()
            .await;
    outcomes.sort_by_key(|(i, _)| *i);
    outcomes.into_iter().map(|(_, o)| o).collect()
}
