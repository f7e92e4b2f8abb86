//! `karmadactl evictions abort`: take evictions back, exactly as `drain` recorded them.

use super::super::{common, signals};
use super::task_targets;
use crate::cli::{EvictionsAbortArgs, GlobalArgs};
use crate::error::{ExitCode, Result};
use crate::ops::events::{self, Action, Subject};
use crate::ops::evictions::{self as ev_ops, Aborted};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::prompt;
use crate::render::progress::{Step, Tally};
use crate::render::{self, evictions as report, Format};

/// Run `evictions abort`.
pub(super) async fn run(global: &GlobalArgs, args: &EvictionsAbortArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.output.into();
    let dry_run: DryRun = args.write.dry_run.into();
    let targets = task_targets(&args.target, args.all, &args.scope)?;

    // Gather and decide.
    let cp = common::connect(global).await?;
    let (fleet_cluster, mut planned) =
        ev_ops::plan(&cp, &targets, &args.cluster, args.force).await?;
    let steps: Vec<_> = planned.iter().map(|p| &p.step).collect();
    let refused = steps
        .iter()
        .any(|s| s.decision == crate::engine::decide::abort::AbortDecision::Refused);
    let to_write = ev_ops::written_keys(&planned).len();
    if !format.is_structured() {
        render::write_stdout(&report::abort_plan_text(&args.cluster, &steps))?;
    }
    if dry_run == DryRun::Client {
        if format.is_structured() {
            render::print_structured(
                &report::abort_document(dry_run.as_str(), &args.cluster, steps, None),
                format,
            )?;
        } else {
            render::write_stdout("\n(dry run: nothing was written)\n")?;
        }
        return Ok(if refused {
            ExitCode::Partial
        } else {
            ExitCode::Success
        });
    }
    if to_write > 0 && dry_run == DryRun::None {
        prompt::confirm(
            &format!("Abort {to_write} eviction(s) from {}?", args.cluster),
            args.write.yes,
        )?;
    }

    // Apply.
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let tally = Tally::new(to_write, "aborts");
    let record = |a: &Aborted| tally.record(Step::of(a.written, a.error.is_some()));
    let control = WriteControl {
        max_in_flight: args.max_in_flight,
        stop: Some(&stop),
        server_dry_run: dry_run == DryRun::Server,
        ..Default::default()
    };
    let written = ev_ops::abort(
        &cp,
        &mut planned,
        fleet_cluster.as_ref(),
        args.force,
        control,
        &record,
    )
    .await;
    tally.finish();
    let interrupted = signals::stopped(&stop);
    if dry_run == DryRun::None {
        let items = planned
            .iter()
            .filter(|p| {
                written
                    .iter()
                    .any(|w| w.written && w.binding == p.step.binding)
            })
            .map(|p| {
                (
                    Subject {
                        kind: p.kind.into(),
                        namespace: p.namespace.as_deref(),
                        name: &p.name,
                        uid: p.uid.as_deref(),
                    },
                    Action::about(events::ABORTED, &args.cluster, &p.step.reason.message),
                )
            })
            .collect();
        common::record_events(&cp, items).await;
    }

    // Render.
    let ok = written.iter().filter(|w| w.written).count();
    let failed: Vec<&Aborted> = written.iter().filter(|w| w.error.is_some()).collect();
    if format.is_structured() {
        let doc = report::abort_document(
            dry_run.as_str(),
            &args.cluster,
            planned.iter().map(|p| &p.step).collect(),
            Some(&written),
        );
        render::print_structured(&doc, format)?;
    } else {
        let mut text = format!("\nAborted {ok} eviction(s)");
        if !failed.is_empty() {
            text += &format!(", {} failed", failed.len());
        }
        text += ".\n";
        if interrupted {
            text += "Interrupted: writes in flight finished, no new one started. Run it again to finish.\n";
        }
        render::write_stdout(&text)?;
    }
    eprint!("{}", report::failure_lines(&failed));
    Ok(if !failed.is_empty() && ok == 0 && !interrupted {
        // Every write failed: nothing was done (exit 1, as for one object).
        ExitCode::Failure
    } else if interrupted || refused || !failed.is_empty() {
        ExitCode::Partial
    } else {
        ExitCode::Success
    })
}
