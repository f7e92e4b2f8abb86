//! What a drive of a maintenance run shares with its steps: the run as stored (and the
//! change of it while this process holds it), the control plane and the settings, the
//! stop flag, and where progress is reported.

use crate::ops::mirror::Mirror;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use jiff::Timestamp;
use serde::Serialize;

use super::store::{self, Stored};
use crate::client::ControlPlane;
use crate::engine::decide::maintenance_run::{RunState, Step};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::error::{Error, Result};

/// What a line of the run's progress says happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Outcome {
    /// A cluster entered the step.
    Started,
    /// The step ended well for the cluster.
    Done,
    /// The step failed for the cluster.
    Failed,
    /// Still waiting, and for what.
    Waiting,
    /// The run itself: a wave started, the run stopped, ended or was taken.
    Run,
}

/// One line of the run's progress.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunEvent {
    pub time: Timestamp,
    pub run: String,
    pub wave: usize,
    pub waves: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<String>,
    /// The cluster's step, or the run's phase (`running`, `stopped`, ...) or `wave`.
    pub step: String,
    pub outcome: Outcome,
    pub message: String,
}

/// Everything a drive needs besides the run.
pub struct RunContext<'a> {
    pub cp: &'a ControlPlane,
    /// The settings the drains are predicted with.
    pub controller: ControllerSettings,
    /// Given to the hook (`KARMADACTL_KARMADA_CONTEXT`, `KUBECONFIG`).
    pub karmada_context: String,
    pub kubeconfig: Option<PathBuf>,
    /// How often a wait reads the control plane (at least).
    pub poll: Duration,
    pub stop: &'a AtomicBool,
    pub on_event: &'a (dyn Fn(&RunEvent) + Sync),
    /// A line the hook of a cluster printed.
    pub on_hook_line: &'a (dyn Fn(&str, &str) + Sync),
    pub store: Shared<'a>,
    /// Every binding and Cluster, listed once for the whole drive and then followed:
    /// what every step plans and waits from.
    pub mirror: Mirror,
}

/// How long a mirror's first list may keep failing before the drive gives up.
pub const FIRST_LIST: Duration = Duration::from_secs(300);

/// How long a step waits for the mirror to bring this process's own writes.
const CATCH_UP: Duration = Duration::from_secs(30);

/// The stored run, shared by the steps and the lease's renewal.
pub struct Shared<'a> {
    cp: &'a ControlPlane,
    /// The holder id of this process.
    pub(super) me: String,
    pub(super) cell: tokio::sync::Mutex<Stored>,
    /// The run's id, wave and waves, for the progress lines.
    position: Mutex<(String, usize, usize)>,
}

impl<'a> Shared<'a> {
    /// The run `stored`, held by `me`.
    pub fn new(cp: &'a ControlPlane, me: String, stored: Stored) -> Self {
        let position = (
            stored.state.id.clone(),
            stored.state.current_wave(),
            stored.state.wave_count(),
        );
        Shared {
            cp,
            me,
            cell: tokio::sync::Mutex::new(stored),
            position: Mutex::new(position),
        }
    }

    /// The run as last read or written.
    pub async fn state(&self) -> RunState {
        self.cell.lock().await.state.clone()
    }

    /// Change the run while this process holds it.
    pub(super) async fn change(&self, f: impl Fn(&mut RunState, Timestamp)) -> Result<RunState> {
        let mut cell = self.cell.lock().await;
        let me = self.me.clone();
        store::update(self.cp, &mut cell, |s| {
            match &s.holder {
                Some(h) if h.id == me => {}
                Some(h) => {
                    return Err(Error::failure(format!(
                        "the run was taken over by {} (pid {}): this process stops",
                        h.host, h.pid
                    )))
                }
                None => {
                    return Err(Error::failure(
                        "the run was released (aborted?): this process stops",
                    ))
                }
            }
            let now = Timestamp::now();
            f(s, now);
            if let Some(h) = s.holder.as_mut() {
                h.renewed_at = now;
            }
            Ok(())
        })
        .await?;
        let s = cell.state.clone();
        *self.position.lock().unwrap() = (s.id.clone(), s.current_wave(), s.wave_count());
        Ok(s)
    }
}

impl RunContext<'_> {
    /// The run's mirror, once it holds this process's own writes.
    pub async fn fresh(&self) -> Result<Mirror> {
        let mut m = self.mirror.clone();
        m.ready(FIRST_LIST).await?;
        m.caught_up(CATCH_UP).await;
        Ok(m)
    }

    /// Whether Ctrl-C or SIGTERM came.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Report a line of progress.
    pub fn emit(&self, cluster: Option<&str>, step: &str, outcome: Outcome, message: &str) {
        let (run, wave, waves) = self.store.position.lock().unwrap().clone();
        (self.on_event)(&RunEvent {
            time: Timestamp::now(),
            run,
            wave,
            waves,
            cluster: cluster.map(str::to_string),
            step: step.to_string(),
            outcome,
            message: message.to_string(),
        });
    }

    /// Report what a wait waits for, when it changed.
    pub fn say_if_changed(&self, said: &mut String, now: &str, step: Step) {
        if now != said.as_str() && !now.is_empty() {
            self.emit(None, step.as_str(), Outcome::Waiting, now);
            *said = now.to_string();
        }
    }

    /// The pause before a wait reads again: the poll interval, or twice what the last
    /// read took on a large fleet.
    pub fn poll_after(&self, read_took: Duration) -> Duration {
        self.poll.max(read_took * 2)
    }

    /// Sleep `d`; false when stopped or an abort was asked for (the wait ends).
    pub async fn sleep(&self, d: Duration) -> bool {
        self.until(None, d).await
    }

    /// Wait until `mirror` changes (a burst of changes taken together), or the poll
    /// interval passes (so a wait's timeouts are seen); false when stopped or an abort
    /// was asked for (the wait ends).
    pub async fn next_change(&self, mirror: &mut Mirror) -> bool {
        self.until(Some(mirror), self.poll).await
    }

    /// [`Self::next_change`], waiting at most `at_most`.
    pub async fn next_change_within(&self, mirror: &mut Mirror, at_most: Duration) -> bool {
        self.until(Some(mirror), at_most).await
    }

    /// Wait `at_most`, or less when `mirror` changes; looks for a stop or an abort every
    /// 250 ms (false when either came).
    async fn until(&self, mut mirror: Option<&mut Mirror>, at_most: Duration) -> bool {
        let end = tokio::time::Instant::now() + at_most;
        loop {
            if self.stopped() || self.store.state().await.abort.is_some() {
                return false;
            }
            let now = tokio::time::Instant::now();
            if now >= end {
                return true;
            }
            let step = (end - now).min(Duration::from_millis(250));
            match mirror.as_deref_mut() {
                Some(m) => {
                    if m.changed_within(step).await {
                        // Let a burst of events land before the next look.
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        return true;
                    }
                }
                None => tokio::time::sleep(step).await,
            }
        }
    }

    /// Sleep until the next read of a wait whose last read took `read_took`.
    pub async fn pause(&self, read_took: Duration) -> bool {
        self.sleep(self.poll_after(read_took)).await
    }
}
