//! Driving a maintenance run: ask the engine what comes next ([`next`]), do it
//! ([`super::steps`]), store how it ended, until the run succeeds, stops or is aborted.
//! Every change to the stored run is made only while this process holds it (a lease
//! renewed every few seconds, [`LEASE`]); a change that finds another holder ends the
//! drive. Ctrl-C or SIGTERM (the `stop` flag) lets the writes in flight finish, ends a
//! wait at once, and stops the run where it is.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use jiff::Timestamp;
use serde::Serialize;

use super::steps::{self, Results};
use super::store::{self, Stored};
use crate::client::ControlPlane;
use crate::engine::decide::maintenance_run::{
    advance, enter, next, set_phase, start_wave, Ended, Next, Phase, RunState, Step, LEASE,
};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::error::{Error, Result};

/// How often the holder renews its claim (and reads what others wrote: approvals, an
/// abort).
const RENEW: Duration = Duration::from_secs(5);

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
}

/// The stored run, shared by the steps and the lease's renewal.
pub struct Shared<'a> {
    cp: &'a ControlPlane,
    /// The holder id of this process.
    me: String,
    cell: tokio::sync::Mutex<Stored>,
    /// The run's id, wave and waves, for the progress lines.
    position: Mutex<(String, usize, usize)>,
}

impl<'a> Shared<'a> {
    /// The run `stored`, held by `me`.
    pub fn new(cp: &'a ControlPlane, me: String, stored: Stored) -> Self {
        let position = (
            stored.state.id.clone(),
            stored.state.wave,
            stored.state.waves.len(),
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
    async fn change(&self, f: impl Fn(&mut RunState, Timestamp)) -> Result<RunState> {
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
        *self.position.lock().unwrap() = (s.id.clone(), s.wave, s.waves.len());
        Ok(s)
    }
}

impl RunContext<'_> {
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
        let end = tokio::time::Instant::now() + d;
        loop {
            if self.stopped() || self.store.state().await.abort.is_some() {
                return false;
            }
            let now = tokio::time::Instant::now();
            if now >= end {
                return true;
            }
            tokio::time::sleep((end - now).min(Duration::from_millis(250))).await;
        }
    }

    /// Sleep until the next read of a wait whose last read took `read_took`.
    pub async fn pause(&self, read_took: Duration) -> bool {
        self.sleep(self.poll_after(read_took)).await
    }
}

/// `fut`, with the lease renewed (and the run read again) every [`RENEW`] meanwhile.
async fn renewing<T>(ctx: &RunContext<'_>, fut: impl std::future::Future<Output = T>) -> Result<T> {
    tokio::pin!(fut);
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + RENEW, RENEW);
    loop {
        tokio::select! {
            out = &mut fut => return Ok(out),
            _ = tick.tick() => { ctx.store.change(|_, _| {}).await?; }
        }
    }
}

/// Drive the run until it succeeds, stops or is aborted; the run as it ended.
pub async fn drive(ctx: &RunContext<'_>) -> Result<RunState> {
    debug_assert!(LEASE.as_secs() as u64 > RENEW.as_secs() * 3);
    let s = ctx.store.state().await;
    let phase: &str = s.phase.into();
    ctx.emit(None, phase, Outcome::Run, &s.reason);
    loop {
        let s = ctx.store.state().await;
        if ctx.stopped() && s.phase == Phase::Running {
            let why = "interrupted (Ctrl-C or SIGTERM): `karmadactl maintenance resume` goes on from here";
            return finish(ctx, Phase::Stopped, why).await;
        }
        match next(&s) {
            Next::Finished => return Ok(s),
            Next::Abort => {
                let by = s.abort.as_ref().map(|a| a.by.clone()).unwrap_or_default();
                return finish(ctx, Phase::Aborted, &format!("aborted by {by}")).await;
            }
            Next::Stop(why) => return finish(ctx, Phase::Stopped, &why).await,
            Next::Succeed => {
                return finish(
                    ctx,
                    Phase::Succeeded,
                    "every cluster maintained and back in service",
                )
                .await
            }
            Next::StartWave(n) => {
                let s = ctx.store.change(|s, now| start_wave(s, n, now)).await?;
                let names = s.waves[n - 1].join(", ");
                ctx.emit(
                    None,
                    "wave",
                    Outcome::Run,
                    &format!("wave {n} of {}: {names}", s.waves.len()),
                );
            }
            Next::Do {
                step,
                clusters,
                until,
            } => {
                let ended = match renewing(ctx, do_step(ctx, &s, step, &clusters, until)).await?? {
                    StepEnd::Ended(r) => r,
                    StepEnd::Refused(why) => return finish(ctx, Phase::Stopped, &why).await,
                };
                if ended.is_empty() && !ctx.stopped() && ctx.store.state().await.abort.is_none() {
                    return Err(Error::failure(format!(
                        "the {} step ended for no cluster",
                        step.as_str()
                    )));
                }
                record(ctx, step, &ended).await?;
            }
        }
    }
}

/// How a step went.
enum StepEnd {
    Ended(Results),
    /// The wave must not start: the run stops, nothing written.
    Refused(String),
}

async fn do_step(
    ctx: &RunContext<'_>,
    s: &RunState,
    step: Step,
    clusters: &[String],
    until: Option<Timestamp>,
) -> Result<StepEnd> {
    Ok(StepEnd::Ended(match step {
        Step::Draining => {
            let (planned, req) = steps::plan_drain(ctx, s, clusters).await?;
            if let Some(why) = steps::drain_refusal(&planned) {
                return Ok(StepEnd::Refused(format!("wave {} refused: {why}", s.wave)));
            }
            let moving = planned
                .bindings
                .iter()
                .filter(|b| b.plan.evicted().next().is_some())
                .count();
            let said = format!("cordoning; {moving} binding(s) to evict");
            ctx.store
                .change(|s, now| enter(s, clusters, Step::Draining, &said, now))
                .await?;
            for c in clusters {
                ctx.emit(Some(c), step.as_str(), Outcome::Started, &said);
            }
            steps::write_drain(ctx, s, planned, &req, clusters).await
        }
        Step::Evacuating => steps::evacuate(ctx, s, clusters).await?,
        Step::Maintaining => {
            let one = |c: String| async move {
                let ended = match &s.settings.hook {
                    Some(h) => steps::hook(ctx, s, h, &c).await,
                    None => steps::approval(ctx, &c).await,
                };
                ended.map(|e| (c, e))
            };
            futures::future::join_all(clusters.iter().cloned().map(one))
                .await
                .into_iter()
                .flatten()
                .collect()
        }
        Step::Gating => steps::gate(ctx, s, clusters).await?,
        Step::Returning => steps::give_back(ctx, s, clusters).await?,
        Step::Soaking => {
            steps::soak(ctx, s, clusters, until.unwrap_or_else(Timestamp::now)).await?
        }
        Step::Pending | Step::Done | Step::Failed => Vec::new(),
    }))
}

/// Store how `step` ended for each cluster and report it (and the step each entered).
async fn record(ctx: &RunContext<'_>, step: Step, ended: &Results) -> Result<()> {
    if ended.is_empty() {
        return Ok(());
    }
    let s = ctx
        .store
        .change(|s, now| {
            for (c, e) in ended {
                advance(s, c, step, e, now);
            }
        })
        .await?;
    for (c, e) in ended {
        let (outcome, message) = match e {
            Ended::Done(m) => (Outcome::Done, m),
            Ended::Failed(m) => (Outcome::Failed, m),
        };
        ctx.emit(Some(c), step.as_str(), outcome, message);
        let now_in = s.clusters.iter().find(|x| &x.name == c).map(|x| x.step);
        if let Some(to) = now_in.filter(|t| !matches!(t, Step::Done | Step::Failed)) {
            ctx.emit(Some(c), to.as_str(), Outcome::Started, "");
        }
    }
    Ok(())
}

/// End the drive in `phase`, releasing the run.
async fn finish(ctx: &RunContext<'_>, phase: Phase, why: &str) -> Result<RunState> {
    let mut cell = ctx.store.cell.lock().await;
    let me = ctx.store.me.clone();
    store::update(ctx.cp, &mut cell, |s| {
        if s.holder.as_ref().is_some_and(|h| h.id != me) {
            return Err(Error::failure("the run was taken over by another process"));
        }
        set_phase(s, phase, why, Timestamp::now());
        s.holder = None;
        Ok(())
    })
    .await?;
    let s = cell.state.clone();
    drop(cell);
    ctx.emit(None, phase.into(), Outcome::Run, why);
    Ok(s)
}
