//! `karmadactl failover report`: options, gather (the fleet, the cluster's taint Events,
//! the history of every binding that was on the cluster), decide (the report, each step
//! beside the twin's prediction replayed from the failure), render (text, JSON/YAML,
//! OpenMetrics). Writes nothing.

use jiff::Timestamp;

use super::{common, settings};
use crate::cli::{GlobalArgs, ReportArgs, ReportOutput, SourceArgs};
use crate::engine::decide::failover_report::{report, ReportInput};
use crate::engine::decide::history::HistoryOptions;
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
    // Options.
    let now = Timestamp::now();
    let since = moment(args.since, now, "--since")?;
    let until = moment(args.until, now, "--until")?;
    if let (Some(s), Some(u)) = (since, until) {
        if s > u {
            return Err(Error::usage("--since is after --until"));
        }
    }

    // Gather.
    let cp = common::connect(global).await?;
    let state = common::load_state(global, &SourceArgs::default()).await?;
    let Some(cluster) = state.cluster(&args.cluster).cloned() else {
        return Err(Error::usage(format!(
            "cluster {:?} not found",
            args.cluster
        )));
    };
    let resolved = settings::for_source(&args.controller.given(), &state.source)?;
    let options = HistoryOptions {
        cluster: Some(&args.cluster),
        all_events: false,
    };
    let histories = ops::histories(&cp, &BindingScope::default(), &options).await?;
    let taint_changes = ops::cluster_taint_changes(&cp, &args.cluster).await?;

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
