//! `karmadactl evictions list` and `karmadactl evictions abort`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::IsTerminal;

use futures::{StreamExt, TryStreamExt};
use jiff::Timestamp;
use kube::runtime::watcher;

use super::{common, signals};
use crate::cli::{
    EvictionsAbortArgs, EvictionsCommand, EvictionsListArgs, GlobalArgs, TaskActionArgs,
};
use crate::client::ControlPlane;
use crate::engine::evictions::{tasks_of, TaskFilter, TaskView};
use crate::engine::settings::DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS;
use crate::engine::task_actions::{ActionDecision, TaskAction};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::BindingKind;
use crate::ops::bindings::{self, typed, BindingScope};
use crate::ops::events::{self, Action, Subject};
use crate::ops::evictions::{self as ev_ops, AbortTargets, Aborted};
use crate::ops::task_actions::{self as action_ops, ActionContext};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::prompt;
use crate::render::progress::{Step, Tally};
use crate::render::time::clock;
use crate::render::{self, evictions as report, task_actions as action_report, Format};

/// Run an `evictions` subcommand.
pub async fn run(global: &GlobalArgs, cmd: &EvictionsCommand) -> Result<ExitCode> {
    match cmd {
        EvictionsCommand::List(args) => list(global, args).await,
        EvictionsCommand::Abort(args) => abort(global, args).await,
        EvictionsCommand::Confirm(args) => act(global, args, TaskAction::Confirm).await,
        EvictionsCommand::Extend(args) => {
            let more = jiff::SignedDuration::try_from(args.grace_period)
                .map_err(|_| Error::usage("--grace-period is too long"))?;
            act(global, &args.action, TaskAction::Extend(more)).await
        }
        EvictionsCommand::Prune(args) => {
            act(global, &args.action, TaskAction::PruneRecovered).await
        }
    }
}

async fn list(global: &GlobalArgs, args: &EvictionsListArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.output.into();
    if args.watch && !matches!(format, Format::Table | Format::Wide) {
        return Err(Error::usage(
            "--watch prints a table and then one line per change: use it with -o table or -o wide",
        ));
    }
    let scope = common::binding_scope(&args.scope)?;
    let filter = TaskFilter {
        cluster: args.cluster.clone(),
        producer: args.producer.clone(),
    };
    let flag_timeout = args.graceful_eviction_timeout.map(|d| d.as_secs() as i64);

    // Gather and decide.
    let (rows, cp) = match &args.source.snapshot {
        Some(_) => {
            let state = common::load_state(global, &args.source).await?;
            let now = common::reference_time(&state);
            let timeout = match flag_timeout {
                Some(t) => t,
                None => recorded_timeout(&state.source.controller_settings)?,
            };
            let rows: Vec<TaskView> = state
                .bindings
                .iter()
                .filter(|b| scope.includes(b))
                .flat_map(|b| tasks_of(b, &filter, now, timeout))
                .collect();
            (rows, None)
        }
        None => {
            let cp = common::connect(global).await?;
            let timeout = flag_timeout.unwrap_or(DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS);
            let rows = ev_ops::list(&cp, &scope, &filter, Timestamp::now(), timeout).await?;
            (rows, Some((cp, timeout)))
        }
    };

    // Render.
    print_rows(&rows, format)?;
    if let (true, Some((cp, timeout))) = (args.watch, cp) {
        watch(&cp, &scope, &filter, timeout, rows, format).await?;
    }
    Ok(ExitCode::Success)
}

fn print_rows(rows: &[TaskView], format: Format) -> Result<()> {
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&report::list_document(rows), format)
        }
        Format::Name => render::write_stdout(&report::names(rows)),
        Format::Wide => render::write_stdout(&report::list_text(rows, true)),
        Format::Table => render::write_stdout(&report::list_text(rows, false)),
    }
}

/// The timeout recorded in a snapshot header, else the default.
fn recorded_timeout(recorded: &BTreeMap<String, String>) -> Result<i64> {
    match recorded.get("graceful-eviction-timeout") {
        Some(text) => crate::cli::values::duration(text)
            .map(|d| d.as_secs() as i64)
            .map_err(|e| Error::usage(format!("snapshot header: graceful-eviction-timeout: {e}"))),
        None => Ok(DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS),
    }
}

/// Follow the listed tasks from a watch until every one is gone (or Ctrl-C): on a
/// terminal the table is redrawn; otherwise each change is a line.
async fn watch(
    cp: &ControlPlane,
    scope: &BindingScope,
    filter: &TaskFilter,
    timeout: i64,
    rows: Vec<TaskView>,
    format: Format,
) -> Result<()> {
    let mut current: BTreeMap<String, Vec<TaskView>> = BTreeMap::new();
    for r in rows {
        current.entry(r.binding.clone()).or_default().push(r);
    }
    let mut open: BTreeSet<(String, String)> = current
        .values()
        .flatten()
        .map(|r| (r.binding.clone(), r.task.from_cluster.clone()))
        .collect();
    let terminal = std::io::stdout().is_terminal() && !format.is_structured();
    let stop = signals::stop_flag("interrupted: stopping the watch");
    let mut config = watcher::Config::default();
    if let Some(selector) = &scope.selector {
        config = config.labels(&selector.to_string());
    }
    let streams = scope.kinds().into_iter().map(|kind| {
        watcher(
            bindings::api(cp, kind, scope.namespace.as_deref()),
            config.clone(),
        )
        .map_ok(move |e| (kind, e))
        .boxed()
    });
    let mut events = futures::stream::select_all(streams);
    while !open.is_empty() && !signals::stopped(&stop) {
        let next =
            tokio::time::timeout(std::time::Duration::from_millis(500), events.try_next()).await;
        let (kind, event) = match next {
            Err(_) => continue,
            Ok(Ok(Some(e))) => e,
            Ok(Ok(None)) => break,
            Ok(Err(e)) => return Err(Error::failure(format!("the watch failed: {e}"))),
        };
        let (obj, deleted) = match event {
            watcher::Event::Apply(o) | watcher::Event::InitApply(o) => (o, false),
            watcher::Event::Delete(o) => (o, true),
            _ => continue,
        };
        let Some(b) = typed(&obj, kind).filter(|b| scope.admits(b)) else {
            continue;
        };
        let key = b.display_name();
        let now = Timestamp::now();
        let fresh = if deleted {
            Vec::new()
        } else {
            tasks_of(&b, filter, now, timeout)
        };
        let before = current.get(&key).cloned().unwrap_or_default();
        if before == fresh {
            continue;
        }
        let same_task = |a: &TaskView, b: &TaskView| a.task.from_cluster == b.task.from_cluster;
        for r in &before {
            if !fresh.iter().any(|f| same_task(f, r)) {
                open.remove(&(key.clone(), r.task.from_cluster.clone()));
                if !terminal {
                    render::write_stdout(&format!(
                        "{} {key} from {}: gone\n",
                        clock(now, now),
                        r.task.from_cluster
                    ))?;
                }
            }
        }
        if !terminal {
            // A line when a task appears or its state changes (not as its clock runs).
            let changed = |f: &&TaskView| {
                !before.iter().any(|b| {
                    same_task(b, f)
                        && b.assessment.state == f.assessment.state
                        && b.assessment.waiting_for == f.assessment.waiting_for
                })
            };
            for r in fresh.iter().filter(changed) {
                render::write_stdout(&format!(
                    "{} {key} from {}: {}\n",
                    clock(now, now),
                    r.task.from_cluster,
                    report::state_text(r)
                ))?;
            }
        }
        if fresh.is_empty() {
            current.remove(&key);
        } else {
            current.insert(key, fresh);
        }
        if terminal {
            let rows: Vec<TaskView> = current.values().flatten().cloned().collect();
            print!("\x1b[2J\x1b[H");
            print_rows(&rows, format)?;
        }
    }
    if open.is_empty() {
        eprintln!("every listed eviction is gone");
    }
    Ok(())
}

/// `rb NS/NAME`, `rb NAME -n NS`, `crb NAME`, `rb/NS/NAME`, `crb/NAME`.
fn abort_target(
    words: &[String],
    namespace: Option<&str>,
) -> Result<(BindingKind, Option<String>, String)> {
    let usage =
        || Error::usage("name one binding (`rb NAMESPACE/NAME` or `crb NAME`), or use --all");
    let joined = words.join("/");
    let (kind, rest) = joined.split_once('/').ok_or_else(usage)?;
    match kind.to_ascii_lowercase().as_str() {
        "rb" | "resourcebinding" | "resourcebindings" => match (rest.split_once('/'), namespace) {
            (Some((ns, name)), _) => {
                Ok((BindingKind::ResourceBinding, Some(ns.into()), name.into()))
            }
            (None, Some(ns)) => Ok((BindingKind::ResourceBinding, Some(ns.into()), rest.into())),
            (None, None) => Err(Error::usage(
                "a ResourceBinding needs a namespace: NAMESPACE/NAME or -n",
            )),
        },
        "crb" | "clusterresourcebinding" | "clusterresourcebindings" if !rest.contains('/') => {
            Ok((BindingKind::ClusterResourceBinding, None, rest.into()))
        }
        _ => Err(usage()),
    }
}

/// One named binding, or `--all` in scope.
fn task_targets(
    target: &[String],
    all: bool,
    scope: &crate::cli::BindingScopeArgs,
) -> Result<AbortTargets> {
    match (all, target.is_empty()) {
        (true, true) => Ok(AbortTargets::All(common::binding_scope(scope)?)),
        (false, false) => {
            let (kind, namespace, name) = abort_target(target, scope.namespace.as_deref())?;
            Ok(AbortTargets::One {
                kind,
                namespace,
                name,
            })
        }
        (true, false) => Err(Error::usage("name one binding or use --all, not both")),
        (false, true) => Err(Error::usage(
            "name one binding (`rb NAMESPACE/NAME` or `crb NAME`), or use --all",
        )),
    }
}

/// `evictions confirm`, `extend` and `prune`: plan the action on every matching task,
/// preview, confirm, write.
async fn act(global: &GlobalArgs, args: &TaskActionArgs, action: TaskAction) -> Result<ExitCode> {
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
                                kind: p.kind,
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
        common::record_events(&cp, items).await;
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
        let mut text = format!("\n{} the tasks of {ok} binding(s)", past(verb));
        if failed > 0 {
            text += &format!(", {failed} failed");
        }
        text += ".\n";
        if interrupted {
            text += "Interrupted: writes in flight finished, no new one started. Run it again to finish.\n";
        }
        render::write_stdout(&text)?;
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

async fn abort(global: &GlobalArgs, args: &EvictionsAbortArgs) -> Result<ExitCode> {
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
        .any(|s| s.decision == crate::engine::abort::AbortDecision::Refused);
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
                        kind: p.kind,
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
