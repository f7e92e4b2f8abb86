//! `karmadactl drain CLUSTER...`: cordon, plan every binding on the clusters through the
//! drain checks, preview, confirm, evict with optimistic locking, optionally wait until
//! the evictions clear.

use super::{common, settings, signals};
use crate::cli::settings::Given;
use crate::cli::{ClusterSelection, DrainArgs, GlobalArgs};
use crate::client::{ControlPlane, Targets};
use crate::engine::decide::drain::DrainOptions;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::error::{Error, ExitCode, Result};
use crate::ops::drain::{self as drain_ops, DrainRequest, Planned, Written};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::prompt;
use crate::render::progress::{Step, Tally};
use crate::render::{self, drain as report, Format};

/// What the flags ask for, as typed values.
struct Options {
    targets: Targets,
    dry_run: DryRun,
    format: Format,
    req: DrainRequest,
}

/// Run `drain`.
pub async fn run(global: &GlobalArgs, args: &DrainArgs) -> Result<ExitCode> {
    let mut o = options(args)?;

    // Gather and decide.
    let cp = common::connect(global).await?;
    let given: Vec<Given> = args
        .feature_gates
        .map(Given::FeatureGates)
        .into_iter()
        .chain(
            args.scheduler_feature_gates
                .map(Given::SchedulerFeatureGates),
        )
        .chain(args.release.given())
        .collect();
    let controller = settings::for_live(&given, &cp.context, &cp.server)?.controller;
    o.req.options.stateful_failover_injection = controller.stateful_failover_injection;
    o.req.settings = controller;
    let mut planned = drain_ops::plan(&cp, &o.targets, &mut o.req).await?;
    common::warn_unread_members(&planned.unread_members);
    let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
    let incomplete = plan
        .iter()
        .flat_map(|b| &b.steps)
        .any(|s| s.decision.incomplete());
    let to_write = plan.iter().filter(|b| b.evicted().next().is_some()).count();
    if let Some(done) = preview(args, &o, &planned, incomplete, to_write)? {
        return Ok(done);
    }

    // Apply: cordon, then evict, then wait for the evictions to clear.
    if o.req.cordon {
        cordon(&cp, &planned, o.dry_run).await?;
    }
    let (written, interrupted) = evict(&cp, args, &o, &mut planned, to_write).await;
    let waited = if args.wait && o.dry_run == DryRun::None && !interrupted {
        Some(wait(&cp, args, &o, &planned, &written).await)
    } else {
        None
    };

    // Render.
    render_result(&o, &planned, &written, waited.as_deref(), interrupted)?;
    let failed = written.iter().any(|w| w.error.is_some());
    let none_written = !written.iter().any(|w| w.written);
    let timed_out = waited
        .iter()
        .flatten()
        .any(|(_, e)| *e != drain_ops::WaitEnd::Cleared);
    Ok(if failed && none_written && !interrupted {
        // Every write failed: nothing was done (exit 1, as for one object).
        ExitCode::Failure
    } else if interrupted || failed || incomplete || timed_out {
        ExitCode::Partial
    } else {
        ExitCode::Success
    })
}

/// The flags as typed values: the targets, the modes, the drain's options.
fn options(args: &DrainArgs) -> Result<Options> {
    if args.clusters.is_empty() && args.selector.is_none() {
        return Err(Error::usage(
            "name at least one cluster to drain, or use -l SELECTOR",
        ));
    }
    let targets = common::targets(
        &args.clusters,
        &ClusterSelection {
            all: false,
            selector: args.selector.clone(),
        },
    )?;
    let dry_run: DryRun = args.write.dry_run.into();
    let format: Format = args.output.into();
    let grace_period_seconds = args
        .grace_period
        .map(|d| i32::try_from(d.as_secs()).map_err(|_| Error::usage("--grace-period is too long")))
        .transpose()?;
    let req = DrainRequest {
        options: DrainOptions {
            purge_mode: args.purge_mode.map(PurgeMode::from),
            grace_period_seconds,
            min_available_clusters: args.min_available_clusters,
            force: args.force,
            ..Default::default()
        },
        cordon: !args.no_cordon,
        scope: common::binding_scope(&args.scope)?,
        unhealthy_threshold: args.unhealthy_cluster_threshold,
        settings: Default::default(),
    };
    Ok(Options {
        targets,
        dry_run,
        format,
        req,
    })
}

/// Show the plan, stop at a client dry run or a refusal, ask before evicting. `Some`:
/// the run ends here with that exit code.
fn preview(
    args: &DrainArgs,
    o: &Options,
    planned: &Planned,
    incomplete: bool,
    to_write: usize,
) -> Result<Option<ExitCode>> {
    let (dry_run, format, clusters) = (o.dry_run, o.format, &o.req.options.clusters);
    let pending_allowed = args.force || args.allow_pending;
    let refused = planned
        .fleet_refusal
        .as_ref()
        .filter(|_| !args.force)
        .or(planned
            .capacity_refusal
            .as_ref()
            .filter(|_| !pending_allowed));
    if let (Some(refusal), true) = (&planned.fleet_refusal, args.force) {
        render::warn(&format!("--force: {}", refusal.message));
    }
    if let (Some(refusal), true) = (&planned.capacity_refusal, pending_allowed) {
        let flag = if args.allow_pending {
            "--allow-pending"
        } else {
            "--force"
        };
        render::warn(&format!("{flag}: {}", refusal.message));
    }
    if !format.is_structured() {
        let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
        render::write_stdout(&report::plan_text(
            clusters,
            o.req.cordon,
            &plan,
            planned.untouched,
            &planned.capacity,
        ))?;
    }
    if dry_run == DryRun::Client {
        if format.is_structured() {
            let doc = document(dry_run, clusters, o.req.cordon, planned, None, None);
            render::print_structured(&doc, format)?;
        } else {
            render::write_stdout("\n(dry run: nothing was written)\n")?;
        }
        if let Some(refusal) = refused {
            return Err(Error::failure(refusal.message.clone()));
        }
        return Ok(Some(if incomplete {
            ExitCode::Partial
        } else {
            ExitCode::Success
        }));
    }
    if let Some(refusal) = refused {
        return Err(Error::failure(format!(
            "{}; nothing was written",
            refusal.message
        )));
    }
    if to_write > 0 && dry_run == DryRun::None {
        prompt::confirm(
            &format!("Evict {to_write} binding(s) from {}?", clusters.join(", ")),
            args.write.yes,
        )?;
    }
    Ok(None)
}

/// Cordon the clusters first; a failure evicts nothing.
async fn cordon(cp: &ControlPlane, planned: &Planned, dry_run: DryRun) -> Result<()> {
    let failed: Vec<String> = drain_ops::cordon(cp, planned, dry_run)
        .await
        .into_iter()
        .filter_map(|o| o.result.err().map(|e| format!("{}: {e}", o.name)))
        .collect();
    if !failed.is_empty() {
        return Err(Error::failure(format!(
            "cannot cordon {}; no binding was evicted",
            failed.join("; ")
        )));
    }
    Ok(())
}

/// Evict, with progress, until done or stopped; record an Event on each binding written.
/// Also says whether a signal stopped the writes.
async fn evict(
    cp: &ControlPlane,
    args: &DrainArgs,
    o: &Options,
    planned: &mut Planned,
    to_write: usize,
) -> (Vec<Written>, bool) {
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let tally = Tally::new(to_write, "evictions");
    let control = WriteControl {
        max_in_flight: args.max_in_flight,
        rate: args.eviction_rate,
        stop: Some(&stop),
        server_dry_run: o.dry_run == DryRun::Server,
    };
    let record = |w: &Written| tally.record(Step::of(w.written, w.error.is_some()));
    let written = drain_ops::evict(cp, planned, &o.req.options, control, &record).await;
    tally.finish();
    let interrupted = signals::stopped(&stop);
    if o.dry_run == DryRun::None {
        record_events(cp, planned, &written).await;
    }
    (written, interrupted)
}

/// An Event on each drained Cluster, counting the bindings written off it.
async fn record_events(cp: &ControlPlane, planned: &Planned, written: &[Written]) {
    let names: Vec<&str> = planned
        .drained
        .iter()
        .filter_map(|c| c.metadata.name.as_deref())
        .collect();
    let text = format!("`karmadactl drain {}`", names.join(" "));
    common::record_events(cp, drain_ops::drained_events(planned, written, &text)).await;
}

/// Wait until the evictions written clear, or the timeout passes.
async fn wait(
    cp: &ControlPlane,
    args: &DrainArgs,
    o: &Options,
    planned: &Planned,
    written: &[Written],
) -> Vec<(String, drain_ops::WaitEnd)> {
    let pending = written
        .iter()
        .filter(|w| w.written)
        .map(|w| w.binding.clone())
        .collect();
    eprintln!(
        "waiting up to {} for the evictions to clear",
        jiff::SignedDuration::try_from(args.timeout)
            .map(|d| format!("{d:#}"))
            .unwrap_or_default()
    );
    let progress = |left: usize| eprintln!("waiting: {left} eviction(s) left");
    drain_ops::wait_cleared(
        cp,
        &planned.listed_at,
        pending,
        &o.req.options.clusters,
        args.timeout,
        &progress,
    )
    .await
}

/// The report of what was written (and waited for), and the failures on stderr.
fn render_result(
    o: &Options,
    planned: &Planned,
    written: &[Written],
    waited: Option<&[(String, drain_ops::WaitEnd)]>,
    interrupted: bool,
) -> Result<()> {
    let clusters = &o.req.options.clusters;
    if o.format.is_structured() {
        let doc = document(
            o.dry_run,
            clusters,
            o.req.cordon,
            planned,
            Some(written),
            waited,
        );
        render::print_structured(&doc, o.format)?;
    } else {
        let mut text = report::result_text(written, interrupted);
        if let Some(w) = waited {
            text += &report::wait_text(w);
        }
        if o.req.cordon {
            text += &report::uncordon_reminder(clusters);
        }
        render::write_stdout(&text)?;
    }
    eprint!("{}", report::failure_lines(written));
    Ok(())
}

/// The structured report of the drain `planned`.
fn document<'a>(
    dry_run: DryRun,
    clusters: &'a [String],
    cordon: bool,
    planned: &'a Planned,
    written: Option<&'a [Written]>,
    waited: Option<&'a [(String, drain_ops::WaitEnd)]>,
) -> report::DrainDocument<'a> {
    report::document(
        dry_run.as_str(),
        clusters,
        cordon,
        report::FleetChecks {
            fleet_refusal: planned.fleet_refusal.as_ref(),
            capacity_refusal: planned.capacity_refusal.as_ref(),
            capacity: &planned.capacity,
        },
        planned.bindings.iter().map(|b| &b.plan).collect(),
        written,
        waited,
    )
}
