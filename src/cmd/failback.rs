//! `karmadactl failback CLUSTER...`: hold the clusters to the health gate, plan every
//! binding that left them, preview, confirm, then return them a few at a time, each
//! watched until healthy there.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

use super::{common, settings, signals};
use crate::cli::settings::Given;
use crate::cli::{FailbackArgs, FailbackModeArg, GlobalArgs};
use crate::client::{ControlPlane, Targets};
use crate::engine::decide::failback::{FailbackMode, FailbackOptions};
use crate::error::{Error, ExitCode, Result};
use crate::ops::failback::{
    self as failback_ops, Event, FailbackRequest, Planned, ReturnEnd, ReturnedBinding, Rollout,
};
use crate::ops::DryRun;
use crate::prompt;
use crate::render::{self, failback as report, Format};

/// How often the rollout says where it stands when nothing else happens.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// What the flags ask for, as typed values.
struct Options {
    dry_run: DryRun,
    format: Format,
    mode: FailbackMode,
    req: FailbackRequest,
    rollout: Rollout,
}

/// Run `failback`.
pub async fn run(global: &GlobalArgs, args: &FailbackArgs) -> Result<ExitCode> {
    let mut o = options(args)?;

    // Gather and decide.
    let cp = common::connect(global).await?;
    let given: Vec<Given> = args
        .karmada_version
        .map(Given::KarmadaVersion)
        .into_iter()
        .collect();
    o.req.settings = settings::for_live(&given, &cp.context, &cp.server)?.controller;
    o.req.options.karmada_version = o.req.settings.karmada_version;
    let targets = Targets::Names(args.clusters.clone());
    let mut planned = failback_ops::plan(&cp, &targets, &mut o.req, Timestamp::now()).await?;
    common::warn_unread_members(&planned.unread_members);
    let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
    let blocked = plan.iter().any(|b| b.decision.blocked());
    let to_write = plan.iter().filter(|b| b.decision.writes()).count();
    if let Some(done) = preview(args, &o, &planned, blocked, to_write)? {
        return Ok(done);
    }

    // Apply: the rollout, with a line per return and a heartbeat.
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let returned = roll_out(&cp, &o, &mut planned, &stop, to_write).await;
    let interrupted = signals::stopped(&stop);
    // Each return's Events were recorded as its write was accepted.
    if let Some((failed, first)) = failback_ops::unrecorded_events(&returned) {
        crate::render::warn(&format!(
            "the events for `karmadactl history` of {failed} return(s) were not all recorded: {first}"
        ));
    }

    // Render.
    let clusters = &o.req.options.clusters;
    if o.format.is_structured() {
        let doc = report::document(
            o.dry_run.as_str(),
            clusters,
            o.mode.as_str(),
            &planned.gate,
            planned.bindings.iter().map(|b| &b.plan).collect(),
            Some(&returned),
        );
        render::print_structured(&doc, o.format)?;
    } else {
        render::write_stdout(&report::result_text(&returned, interrupted))?;
    }
    eprint!("{}", report::failure_lines(&returned));
    Ok(exit_code(&returned, interrupted, blocked, o.dry_run))
}

/// The flags as typed values: the modes, the failback's options, the rollout's pace.
fn options(args: &FailbackArgs) -> Result<Options> {
    let dry_run: DryRun = args.write.dry_run.into();
    let format: Format = args.output.into();
    let mode = match args.mode {
        FailbackModeArg::Restore => FailbackMode::Restore,
        FailbackModeArg::Reschedule => FailbackMode::Reschedule,
    };
    let grace_period_seconds = args
        .grace_period
        .map(|d| i32::try_from(d.as_secs()).map_err(|_| Error::usage("--grace-period is too long")))
        .transpose()?;
    let stable_for = SignedDuration::try_from(args.stable_for)
        .map_err(|_| Error::usage("--stable-for is too long"))?;
    let req = FailbackRequest {
        options: FailbackOptions {
            mode,
            all: args.all,
            grace_period_seconds,
            ..Default::default()
        },
        scope: common::binding_scope(&args.scope)?,
        stable_for,
        settings: Default::default(),
    };
    let rollout = Rollout {
        max_concurrent: args.max_concurrent,
        min_success: args.min_success_time,
        progress_deadline: args.progress_deadline,
        max_failures: args.max_failures,
        poll: Duration::from_secs(1),
        server_dry_run: dry_run == DryRun::Server,
    };
    Ok(Options {
        dry_run,
        format,
        mode,
        req,
        rollout,
    })
}

/// Show the plan, stop at a client dry run or the health gate's refusal, ask before
/// writing. `Some`: the run ends here with that exit code.
fn preview(
    args: &FailbackArgs,
    o: &Options,
    planned: &Planned,
    blocked: bool,
    to_write: usize,
) -> Result<Option<ExitCode>> {
    let (dry_run, format, clusters) = (o.dry_run, o.format, &o.req.options.clusters);
    let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
    if !format.is_structured() {
        render::write_stdout(&report::plan_text(
            clusters,
            o.mode.as_str(),
            &plan,
            planned.untouched,
        ))?;
    }
    let refusal = (!planned.gate.is_empty()).then(|| {
        let reasons: Vec<&str> = planned
            .gate
            .iter()
            .flat_map(|g| g.reasons.iter().map(|r| r.message.as_str()))
            .collect();
        format!(
            "the health gate refuses the failback: {}",
            reasons.join("; ")
        )
    });
    if dry_run == DryRun::Client || refusal.is_some() {
        if format.is_structured() {
            let doc = report::document(
                dry_run.as_str(),
                clusters,
                o.mode.as_str(),
                &planned.gate,
                plan,
                None,
            );
            render::print_structured(&doc, format)?;
        } else if dry_run == DryRun::Client {
            render::write_stdout("\n(dry run: nothing was written)\n")?;
        }
        if let Some(why) = refusal {
            let tail = if dry_run == DryRun::Client {
                ""
            } else {
                "; nothing was written"
            };
            return Err(Error::failure(format!("{why}{tail}")));
        }
        return Ok(Some(if blocked {
            ExitCode::Partial
        } else {
            ExitCode::Success
        }));
    }
    if to_write > 0 && dry_run == DryRun::None {
        prompt::confirm(
            &format!(
                "Return {to_write} binding(s) to {} ({} at a time)?",
                clusters.join(", "),
                args.max_concurrent
            ),
            args.write.yes,
        )?;
    }
    Ok(None)
}

/// The rollout, a line on stderr per return and a heartbeat while nothing else happens.
async fn roll_out(
    cp: &ControlPlane,
    o: &Options,
    planned: &mut Planned,
    stop: &AtomicBool,
    to_write: usize,
) -> Vec<ReturnedBinding> {
    let clusters = &o.req.options.clusters;
    let (in_flight, ended) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let on_event = |e: Event| match e {
        Event::Written(key) => {
            in_flight.fetch_add(1, Ordering::SeqCst);
            eprintln!(
                "{key}: written, waiting until healthy on {}",
                clusters.join(", ")
            );
        }
        Event::Ended(r) => {
            if r.written {
                in_flight.fetch_sub(1, Ordering::SeqCst);
            }
            ended.fetch_add(1, Ordering::SeqCst);
            eprintln!("{}", report::end_line(r));
        }
        Event::CaughtUp(key, None) => {
            eprintln!("{key}: recorded the Events of a return an earlier run wrote")
        }
        Event::CaughtUp(key, Some(why)) => crate::render::warn(&format!(
            "{key}: the Events of a return an earlier run wrote are still not recorded: {why}"
        )),
    };
    let rolling = failback_ops::roll_out(
        cp,
        planned,
        &o.req.options,
        o.rollout,
        stop,
        &on_event,
        crate::ops::bindings::Source::Server,
    );
    tokio::pin!(rolling);
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    loop {
        tokio::select! {
            done = &mut rolling => break done,
            _ = beat.tick() => eprintln!(
                "failback: {} of {to_write} ended, {} in flight",
                ended.load(Ordering::SeqCst),
                in_flight.load(Ordering::SeqCst)
            ),
        }
    }
}

/// Exit 1 when every write failed, 3 when stopped, blocked or a return did not end well.
fn exit_code(
    returned: &[ReturnedBinding],
    interrupted: bool,
    blocked: bool,
    dry_run: DryRun,
) -> ExitCode {
    let count = |e: ReturnEnd| returned.iter().filter(|r| r.end == e).count();
    let none_written = !returned.iter().any(|r| r.written);
    if count(ReturnEnd::WriteFailed) > 0 && none_written && !interrupted {
        // Every write failed: nothing was done (exit 1, as for one object).
        ExitCode::Failure
    } else if interrupted
        || blocked
        || returned
            .iter()
            .any(|r| !matches!(r.end, ReturnEnd::Succeeded | ReturnEnd::Skipped))
            && dry_run == DryRun::None
    {
        ExitCode::Partial
    } else {
        ExitCode::Success
    }
}
