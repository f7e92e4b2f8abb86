//! Driving a maintenance run: ask the engine what comes next ([`next`]), do it
//! ([`super::steps`]), store how it ended, until the run succeeds, stops or is aborted.
//! Every change to the stored run is made only while this process holds it (a lease
//! renewed every few seconds, [`LEASE`]); a change that finds another holder ends the
//! drive. Ctrl-C or SIGTERM (the `stop` flag) lets the writes in flight finish, ends a
//! wait at once, and stops the run where it is.

use std::time::Duration;

use jiff::Timestamp;

use super::context::{Outcome, RunContext};
use super::steps::{self, Results};
use super::store;
use crate::engine::decide::maintenance_checks::wave_refusal;
use crate::engine::decide::maintenance_run::{
    advance, enter, next, set_phase, starts_wave, Ended, Next, Phase, RunState, Step, LEASE,
};
use crate::error::{Error, Result};

/// How often the holder renews its claim (and reads what others wrote: approvals, an
/// abort).
const RENEW: Duration = Duration::from_secs(5);

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
            let plans = planned.bindings.iter().map(|b| &b.plan);
            let (fleet, room) = (&planned.fleet_refusal, &planned.capacity_refusal);
            if let Some(why) = wave_refusal(fleet.as_ref(), room.as_ref(), plans) {
                let wave = s.current_wave();
                return Ok(StepEnd::Refused(format!("wave {wave} refused: {why}")));
            }
            let moving = planned
                .bindings
                .iter()
                .filter(|b| b.plan.evicted().next().is_some())
                .count();
            let said = format!("cordoning; {moving} binding(s) to evict");
            let starting = starts_wave(s, clusters);
            ctx.store
                .change(|s, now| enter(s, clusters, Step::Draining, &said, now))
                .await?;
            if starting {
                let (n, of) = (s.current_wave(), s.wave_count());
                let text = format!("wave {n} of {of}: {}", clusters.join(", "));
                ctx.emit(None, "wave", Outcome::Run, &text);
            }
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
