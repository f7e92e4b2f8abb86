//! `karmadactl evictions list`: every graceful eviction task and where it stands now,
//! live or from a snapshot, optionally followed from a watch.

use std::collections::{BTreeMap, BTreeSet};
use std::io::IsTerminal;

use futures::{StreamExt, TryStreamExt};
use jiff::Timestamp;
use kube::runtime::{watcher, WatchStreamExt};

use super::super::{common, signals};
use crate::cli::{EvictionsListArgs, GlobalArgs};
use crate::client::ControlPlane;
use crate::engine::decide::evictions::{tasks_of, TaskFilter, TaskView};
use crate::engine::predict::pipeline::PipelineStep;
use crate::engine::vocabulary::settings::DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS;
use crate::error::{Error, ExitCode, Result};
use crate::ops::bindings::{self, typed, BindingScope, ListedAt};
use crate::ops::evictions as ev_ops;
use crate::ops::follow;
use crate::render::time::clock;
use crate::render::{self, evictions as report, Format};

/// Run `evictions list`.
pub(super) async fn run(global: &GlobalArgs, args: &EvictionsListArgs) -> Result<ExitCode> {
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
    // Clusters not Ready (of the --cluster filter) say where they stand.
    let wanted = |name: &str| filter.cluster.as_deref().is_none_or(|c| c == name);
    let (rows, steps, now, cp) = match &args.source.snapshot {
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
            let steps = common::state_steps(&state, wanted, now);
            (rows, steps, now, None)
        }
        None => {
            let cp = common::connect(global).await?;
            let timeout = flag_timeout.unwrap_or(DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS);
            let now = Timestamp::now();
            let (rows, listed) = ev_ops::list(&cp, &scope, &filter, now, timeout).await?;
            let steps = if format == Format::Name {
                Vec::new()
            } else {
                common::live_steps(&cp, wanted, now).await
            };
            (rows, steps, now, Some((cp, timeout, listed)))
        }
    };

    // Render.
    print_rows(&rows, &steps, now, format)?;
    if let (true, Some((cp, timeout, listed))) = (args.watch, cp) {
        watch(&cp, &scope, &filter, timeout, rows, &listed, format).await?;
    }
    Ok(ExitCode::Success)
}

fn print_rows(
    rows: &[TaskView],
    steps: &[PipelineStep],
    now: Timestamp,
    format: Format,
) -> Result<()> {
    let mid_way = || render::pipeline::section(MID_WAY, steps, now);
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&report::list_document(rows, steps), format)
        }
        Format::Name => render::write_stdout(&report::names(rows)),
        Format::Wide => render::write_stdout(&(report::list_text(rows, true) + &mid_way())),
        Format::Table => render::write_stdout(&(report::list_text(rows, false) + &mid_way())),
    }
}

/// The heading of the clusters that are not Ready.
const MID_WAY: &str =
    "Clusters not Ready (where each stands between failing and its workloads moving):";

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
/// terminal the table is redrawn; otherwise each change is a line. The watch starts
/// where the list stood (`listed`), so nothing is read twice.
async fn watch(
    cp: &ControlPlane,
    scope: &BindingScope,
    filter: &TaskFilter,
    timeout: i64,
    rows: Vec<TaskView>,
    listed: &ListedAt,
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
        follow::after(
            bindings::api(cp, kind, scope.namespace.as_deref()),
            listed.get(&kind).cloned(),
            config.clone(),
        )
        .default_backoff()
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
            // A broken stream: the watch resumes (after a back-off), listing again only
            // when its version expired.
            Ok(Err(e)) => {
                tracing::info!(error = %e, "watch interrupted; listing again");
                continue;
            }
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
            print_rows(&rows, &[], Timestamp::now(), format)?;
        }
    }
    if open.is_empty() {
        eprintln!("every listed eviction is gone");
    }
    Ok(())
}
