//! `karmadactl drain CLUSTER...`: cordon, plan every binding on the clusters through the
//! drain checks, preview, confirm, evict with optimistic locking, optionally wait until
//! the evictions clear.

use super::{common, settings, signals};
use crate::cli::settings::Given;
use crate::cli::{ClusterSelection, DrainArgs, DrainPurgeMode, GlobalArgs};
use crate::engine::decide::drain::DrainOptions;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::error::{Error, ExitCode, Result};
use crate::ops::drain::{self as drain_ops, DrainRequest, Planned, Written};
use crate::ops::events::{Action, Subject, DRAINED};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::prompt;
use crate::render::progress::{Step, Tally};
use crate::render::{self, drain as report, Format};

/// Run `drain`.
pub async fn run(global: &GlobalArgs, args: &DrainArgs) -> Result<ExitCode> {
    // Options.
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
    let mut req = DrainRequest {
        options: DrainOptions {
            purge_mode: args.purge_mode.map(|m| match m {
                DrainPurgeMode::Gracefully => PurgeMode::Gracefully,
                DrainPurgeMode::Directly => PurgeMode::Directly,
                DrainPurgeMode::Never => PurgeMode::Never,
            }),
            grace_period_seconds,
            min_available_clusters: args.min_available_clusters,
            force: args.force,
            ..Default::default()
        },
        cordon: !args.no_cordon,
        scope: common::binding_scope(&args.scope)?,
        unhealthy_threshold: args.unhealthy_cluster_threshold,
    };

    // Gather and decide.
    let cp = common::connect(global).await?;
    let given: Vec<Given> = args
        .feature_gates
        .map(Given::FeatureGates)
        .into_iter()
        .collect();
    req.options.stateful_failover_injection = settings::for_live(&given, &cp.context, &cp.server)?
        .controller
        .stateful_failover_injection;
    let mut planned = drain_ops::plan(&cp, &targets, &mut req).await?;
    let clusters = req.options.clusters.clone();
    let refused = planned.fleet_refusal.as_ref().filter(|_| !args.force);
    if let (Some(refusal), true) = (&planned.fleet_refusal, args.force) {
        render::warn(&format!("--force: {}", refusal.message));
    }
    let plan: Vec<_> = planned.bindings.iter().map(|b| &b.plan).collect();
    let incomplete = plan
        .iter()
        .flat_map(|b| &b.steps)
        .any(|s| s.decision.incomplete());
    let to_write = plan.iter().filter(|b| b.evicted().next().is_some()).count();
    if !format.is_structured() {
        render::write_stdout(&report::plan_text(
            &clusters,
            req.cordon,
            &plan,
            planned.untouched,
        ))?;
    }
    if dry_run == DryRun::Client {
        if format.is_structured() {
            let doc = document(dry_run, &clusters, req.cordon, &planned, None, None);
            render::print_structured(&doc, format)?;
        } else {
            render::write_stdout("\n(dry run: nothing was written)\n")?;
        }
        if let Some(refusal) = refused {
            return Err(Error::failure(refusal.message.clone()));
        }
        return Ok(if incomplete {
            ExitCode::Partial
        } else {
            ExitCode::Success
        });
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

    // Apply: cordon, then evict.
    if req.cordon {
        let failed: Vec<String> = drain_ops::cordon(&cp, &planned, dry_run)
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
    }
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let tally = Tally::new(to_write, "evictions");
    let control = WriteControl {
        max_in_flight: args.max_in_flight,
        rate: args.eviction_rate,
        stop: Some(&stop),
        server_dry_run: dry_run == DryRun::Server,
    };
    let record = |w: &Written| tally.record(Step::of(w.written, w.error.is_some()));
    let written = drain_ops::evict(&cp, &mut planned, &req.options, control, &record).await;
    tally.finish();
    let interrupted = signals::stopped(&stop);
    if dry_run == DryRun::None {
        let items = planned
            .bindings
            .iter()
            .filter_map(|p| {
                let w = written
                    .iter()
                    .find(|w| w.written && w.binding == p.plan.binding)?;
                let plan = w.plan.as_ref().unwrap_or(&p.plan);
                let clusters: Vec<&str> = plan.evicted().map(|s| s.cluster.as_str()).collect();
                Some((
                    Subject {
                        kind: p.kind,
                        namespace: p.namespace.as_deref(),
                        name: &p.name,
                        uid: p.uid.as_deref(),
                    },
                    Action::about(
                        DRAINED,
                        &clusters.join(","),
                        &format!("evicted by `karmadactl drain {}`", clusters.join(" ")),
                    ),
                ))
            })
            .collect();
        common::record_events(&cp, items).await;
    }

    // Wait for the evictions to clear.
    let waited = if args.wait && dry_run == DryRun::None && !interrupted {
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
        Some(drain_ops::wait_cleared(&cp, pending, &clusters, args.timeout, &progress).await)
    } else {
        None
    };

    // Render.
    if format.is_structured() {
        let doc = document(
            dry_run,
            &clusters,
            req.cordon,
            &planned,
            Some(&written),
            waited.as_deref(),
        );
        render::print_structured(&doc, format)?;
    } else {
        let mut text = report::result_text(&written, interrupted);
        if let Some(w) = &waited {
            text += &report::wait_text(w);
        }
        if req.cordon {
            text += &report::uncordon_reminder(&clusters);
        }
        render::write_stdout(&text)?;
    }
    eprint!("{}", report::failure_lines(&written));
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
        planned.fleet_refusal.as_ref(),
        planned.bindings.iter().map(|b| &b.plan).collect(),
        written,
        waited,
    )
}
