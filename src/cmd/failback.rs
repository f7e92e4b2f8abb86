//! `karmadactl failback CLUSTER...`: hold the clusters to the health gate, plan every
//! binding that left them, preview, confirm, then return them a few at a time, each
//! watched until healthy there.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

use super::{common, settings, signals};
use crate::cli::settings::Given;
use crate::cli::{FailbackArgs, FailbackModeArg, GlobalArgs};
use crate::client::Targets;
use crate::engine::decide::failback::{FailbackMode, FailbackOptions};
use crate::error::{Error, ExitCode, Result};
use crate::ops::events::{Action, Subject, FAILED_BACK};
use crate::ops::failback::{self as failback_ops, Event, FailbackRequest, ReturnEnd, Rollout};
use crate::ops::DryRun;
use crate::prompt;
use crate::render::{self, failback as report, Format};

/// How often the rollout says where it stands when nothing else happens.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// Run `failback`.
pub async fn run(global: &GlobalArgs, args: &FailbackArgs) -> Result<ExitCode> {
    // Options.
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
    let mut req = FailbackRequest {
        options: FailbackOptions {
            mode,
            all: args.all,
            grace_period_seconds,
            ..Default::default()
        },
        scope: common::binding_scope(&args.scope)?,
        stable_for,
    };
    let rollout = Rollout {
        max_concurrent: args.max_concurrent,
        min_success: args.min_success_time,
        progress_deadline: args.progress_deadline,
        max_failures: args.max_failures,
        poll: Duration::from_secs(1),
        server_dry_run: dry_run == DryRun::Server,
    };

    // Gather and decide.
    let cp = common::connect(global).await?;
    let given: Vec<Given> = args
        .karmada_version
        .map(Given::KarmadaVersion)
        .into_iter()
        .collect();
    req.options.karmada_version = settings::for_live(&given, &cp.context, &cp.server)?
        .controller
        .karmada_version;
    let targets = Targets::Names(args.clusters.clone());
    let mut planned = failback_ops::plan(&cp, &targets, &mut req, Timestamp::now()).await?;
    let clusters = req.options.clusters.clone();
    let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
    let blocked = plan.iter().any(|b| b.decision.blocked());
    let to_write = plan.iter().filter(|b| b.decision.writes()).count();
    if !format.is_structured() {
        render::write_stdout(&report::plan_text(
            &clusters,
            mode.as_str(),
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
                &clusters,
                mode.as_str(),
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
        return Ok(if blocked {
            ExitCode::Partial
        } else {
            ExitCode::Success
        });
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

    // Apply: the rollout, with a line per return and a heartbeat.
    let stop = signals::stop_flag(signals::WRITES_STOP);
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
    };
    let returned = {
        let rolling =
            failback_ops::roll_out(&cp, &mut planned, &req.options, rollout, &stop, &on_event);
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
    };
    let interrupted = signals::stopped(&stop);
    if dry_run == DryRun::None {
        let items: Vec<(Subject, Action)> = planned
            .bindings
            .iter()
            .filter(|p| {
                returned
                    .iter()
                    .any(|r| r.written && r.binding == p.plan.binding)
            })
            .map(|p| {
                (
                    Subject {
                        kind: p.kind,
                        namespace: p.namespace.as_deref(),
                        name: &p.name,
                        uid: p.uid.as_deref(),
                    },
                    Action::about(
                        FAILED_BACK,
                        &clusters.join(","),
                        &format!("{} ({})", p.plan.reason.message, mode.as_str()),
                    ),
                )
            })
            .collect();
        common::record_events(&cp, items).await;
    }

    // Render.
    if format.is_structured() {
        let doc = report::document(
            dry_run.as_str(),
            &clusters,
            mode.as_str(),
            &planned.gate,
            planned.bindings.iter().map(|b| &b.plan).collect(),
            Some(&returned),
        );
        render::print_structured(&doc, format)?;
    } else {
        render::write_stdout(&report::result_text(&returned, interrupted))?;
    }
    eprint!("{}", report::failure_lines(&returned));
    let count = |e: ReturnEnd| returned.iter().filter(|r| r.end == e).count();
    let none_written = !returned.iter().any(|r| r.written);
    Ok(
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
        },
    )
}
