//! `karmadactl failover report`: options, gather (the fleet, live or from a snapshot;
//! live, the cluster's taint Events and the history of every binding that was on the
//! cluster), decide (the report, each step beside the twin's prediction replayed from the
//! failure), render (text, JSON/YAML, OpenMetrics). Writes nothing.

use jiff::Timestamp;

use super::{common, settings};
use crate::cli::{GlobalArgs, ReportArgs, ReportOutput};
use crate::engine::decide::failover_report::{report, ReportInput};
use crate::engine::decide::history::{history, HistoryOptions};
use crate::engine::predict::incident::track::Context;
use crate::error::{Error, ExitCode, Result};
use crate::ops::bindings::BindingScope;
use crate::ops::history as ops;
use crate::render::{self, incident as show, Document, Format};

fn moment(
    spec: Option<crate::cli::values::TimeSpec>,
    now: Timestamp,
    flag: &str,
) -> Result<Option<Timestamp>> {
    use crate::cli::values::TimeSpec;
    spec.map(|s| match s {
        TimeSpec::At(t) => Ok(t),
        TimeSpec::After(d) => jiff::SignedDuration::try_from(d)
            .ok()
            .and_then(|d| now.checked_sub(d).ok())
            .ok_or_else(|| Error::usage(format!("{flag}: out of range"))),
    })
    .transpose()
}

/// Run `failover report`.
pub async fn run(global: &GlobalArgs, args: &ReportArgs) -> Result<ExitCode> {
    // Gather: the fleet, then (live) the Events.
    let state = common::load_state(global, &args.source).await?;
    let Some(cluster) = state.cluster(&args.cluster).cloned() else {
        return Err(Error::usage(format!(
            "cluster {:?} not found in {}",
            args.cluster, state.source.description
        )));
    };
    let now = common::reference_time(&state);
    let since = moment(args.since, now, "--since")?;
    let until = moment(args.until, now, "--until")?;
    if let (Some(s), Some(u)) = (since, until) {
        if s > u {
            return Err(Error::usage("--since is after --until"));
        }
    }
    let resolved = settings::for_source(&args.controller.given(), &state.source)?;
    let options = HistoryOptions {
        cluster: Some(&args.cluster),
        all_events: false,
    };
    let (histories, taint_changes) = if args.source.snapshot.is_some() {
        eprintln!("note: snapshots hold no Events: the report reads the tasks and the tool's records only");
        let histories = state
            .bindings
            .iter()
            .map(|b| history(b, &[], &options))
            .filter(|h| h.concerns_cluster && !h.entries.is_empty())
            .collect();
        (histories, Vec::new())
    } else {
        let cp = common::connect(global).await?;
        let histories = ops::histories(&cp, &BindingScope::default(), &options).await?;
        let changes = ops::cluster_taint_changes(&cp, &args.cluster).await?;
        (histories, changes)
    };

    // Decide.
    let ctx = Context {
        settings: resolved.controller.clone(),
        queue: resolved.queue.clone(),
    };
    let r = report(&ReportInput {
        cluster: &cluster,
        state: &state,
        histories: &histories,
        taint_changes: &taint_changes,
        since,
        until,
        ctx: &ctx,
    });

    // Render.
    common::write_plot(
        &args.plot,
        || {
            let t = crate::render::plot::timeline::report(&r);
            crate::render::plot::timeline::draw(&t, None)
        },
        || show::report_text(&r),
    )?;
    match args.output {
        ReportOutput::Json => {
            render::print_structured(&Document::new("FailoverReport", &r), Format::Json)?
        }
        ReportOutput::Yaml => {
            render::print_structured(&Document::new("FailoverReport", &r), Format::Yaml)?
        }
        ReportOutput::Openmetrics => render::write_stdout(&show::openmetrics(&r))?,
        ReportOutput::Table => render::write_stdout(&show::report_text(&r))?,
    }
    Ok(ExitCode::Success)
}
