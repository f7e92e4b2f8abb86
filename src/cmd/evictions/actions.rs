//! `karmadactl evictions confirm|extend|prune`: change the tasks operators used to edit
//! by hand.

use std::collections::BTreeMap;

use jiff::Timestamp;

use super::super::{common, signals};
use super::task_targets;
use crate::cli::{GlobalArgs, TaskActionArgs};
use crate::client::ControlPlane;
use crate::engine::decide::task_actions::{ActionDecision, TaskAction};
use crate::error::{ExitCode, Result};
use crate::ops::events::{self, Action, Subject};
use crate::ops::task_actions::{self as action_ops, Acted, ActionContext, PlannedAction};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::prompt;
use crate::render::progress::{Step, Tally};
use crate::render::{self, task_actions as action_report, Format};

/// `evictions confirm`, `extend` and `prune`: plan the action on every matching task,
/// preview, confirm, write.
pub(super) async fn run(
    global: &GlobalArgs,
    args: &TaskActionArgs,
    action: TaskAction,
) -> Result<ExitCode> {
    // Options.
    let format: Format = args.output.into();
    let dry_run: DryRun = args.write.dry_run.into();
    let targets = task_targets(&args.target, args.all, &args.scope)?;
    let mut ctx = ActionContext {
        action,
        cluster: args.cluster.clone(),
        clusters: BTreeMap::new(),
        default_timeout_seconds: args.graceful_eviction_timeout.as_secs() as i64,
    };
    let verb = action.verb();

    // Gather and decide.
    let cp = common::connect(global).await?;
    let mut planned = action_ops::plan(&cp, &targets, &mut ctx, Timestamp::now()).await?;
    let steps: Vec<_> = planned.iter().flat_map(|p| &p.steps).collect();
    let refused = steps.iter().any(|s| s.decision == ActionDecision::Refused);
    let to_write = planned.iter().filter(|p| p.writes()).count();
    if !format.is_structured() {
        render::write_stdout(&action_report::plan_text(verb, &steps))?;
    }
    if dry_run == DryRun::Client {
        if format.is_structured() {
            let doc = action_report::document(
                verb,
                dry_run.as_str(),
                args.cluster.as_deref(),
                steps,
                None,
            );
            render::print_structured(&doc, format)?;
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
        let tasks = steps
            .iter()
            .filter(|s| s.decision == ActionDecision::Write)
            .count();
        prompt::confirm(
            &format!(
                "{} {tasks} eviction task(s) of {to_write} binding(s)?",
                capitalized(verb)
            ),
            args.write.yes,
        )?;
    }

    // Apply.
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let tally = Tally::new(to_write, "bindings");
    let record = |a: &action_ops::Acted| tally.record(Step::of(a.written, a.error.is_some()));
    let control = WriteControl {
        max_in_flight: args.max_in_flight,
        stop: Some(&stop),
        server_dry_run: dry_run == DryRun::Server,
        ..Default::default()
    };
    let written = action_ops::apply(&cp, &mut planned, &ctx, control, &record).await;
    tally.finish();
    let interrupted = signals::stopped(&stop);
    if dry_run == DryRun::None {
        record_events(&cp, action, &planned, &written).await;
    }

    // Render.
    let ok = written.iter().filter(|w| w.written).count();
    let failed = written.iter().filter(|w| w.error.is_some()).count();
    if format.is_structured() {
        let doc = action_report::document(
            verb,
            dry_run.as_str(),
            args.cluster.as_deref(),
            planned.iter().flat_map(|p| &p.steps).collect(),
            Some(&written),
        );
        render::print_structured(&doc, format)?;
    } else {
        render::write_stdout(&result_text(verb, ok, failed, interrupted))?;
    }
    eprint!("{}", action_report::failure_lines(&written));
    Ok(if failed > 0 && ok == 0 && !interrupted {
        ExitCode::Failure
    } else if interrupted || refused || failed > 0 {
        ExitCode::Partial
    } else {
        ExitCode::Success
    })
}

/// An Event on each binding written, one per task changed.
async fn record_events(
    cp: &ControlPlane,
    action: TaskAction,
    planned: &[PlannedAction],
    written: &[Acted],
) {
    let reason = match action {
        TaskAction::Confirm => events::CONFIRMED,
        TaskAction::Extend(_) => events::EXTENDED,
        TaskAction::PruneRecovered => events::PRUNED,
    };
    let items = planned
        .iter()
        .filter(|p| written.iter().any(|w| w.written && w.binding == p.key))
        .flat_map(|p| {
            let w = written.iter().find(|w| w.binding == p.key);
            w.into_iter()
                .flat_map(|w| w.steps.iter())
                .filter(|s| s.decision == ActionDecision::Write)
                .map(|s| {
                    (
                        Subject {
                            kind: p.kind.into(),
                            namespace: p.namespace.as_deref(),
                            name: &p.name,
                            uid: p.uid.as_deref(),
                        },
                        Action::about(reason, &s.cluster, &s.reason.message),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    common::record_events(cp, items).await;
}

/// What was written, for people.
fn result_text(verb: &str, ok: usize, failed: usize, interrupted: bool) -> String {
    let mut text = format!("\n{} the tasks of {ok} binding(s)", past(verb));
    if failed > 0 {
        text += &format!(", {failed} failed");
    }
    text += ".\n";
    if interrupted {
        text +=
            "Interrupted: writes in flight finished, no new one started. Run it again to finish.\n";
    }
    text
}

fn capitalized(verb: &str) -> String {
    let mut c = verb.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn past(verb: &str) -> &'static str {
    match verb {
        "confirm" => "Confirmed",
        "extend" => "Extended",
        _ => "Pruned",
    }
}
