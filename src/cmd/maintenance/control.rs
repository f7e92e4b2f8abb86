//! `karmadactl maintenance status`, `approve` and `abort`: read the stored run (and the
//! clusters as they are), change what a person may change in it (an approval, an
//! abort) with optimistic concurrency, and say where every cluster stands.

use std::time::Duration;

use jiff::Timestamp;

use crate::cli::{GlobalArgs, MaintenanceAbortArgs, MaintenanceApproveArgs, MaintenanceStatusArgs};
use crate::client::ControlPlane;
use crate::cmd::common;
use crate::engine::decide::maintenance_run::{approve, claim, request_abort, Phase, RunState};
use crate::error::{Error, ExitCode, Result};
use crate::ops::maintenance::{holder, store};
use crate::render::{self, maintenance as report, Document, Format};

/// The stored run; none is an error naming the control plane.
async fn stored(cp: &ControlPlane) -> Result<store::Stored> {
    store::read(cp).await?.ok_or_else(|| {
        Error::failure(format!(
            "no maintenance run on {} (configmap {}/{})",
            cp.context,
            store::NAMESPACE,
            store::NAME
        ))
    })
}

/// The run and the clusters as they are now, rendered.
async fn show(
    cp: &ControlPlane,
    run: &store::Stored,
    format: Format,
    plot: &crate::cli::PlotArgs,
) -> Result<()> {
    let clusters = crate::state::load_clusters(cp).await?;
    let now = Timestamp::now();
    let me = holder::me(now);
    let held = claim(&run.state, (&me.id, &me.host), &holder::alive, now);
    let view = crate::engine::decide::maintenance_status::status(&run.state, &held, &clusters);
    common::write_plot(
        plot,
        || crate::render::plot::maintenance::status(&run.state, now),
        || report::status_text(&view, now),
    )?;
    if format.is_structured() {
        render::print_structured(&Document::new("MaintenanceRun", &view), format)
    } else {
        render::write_stdout(&report::status_text(&view, now))
    }
}

/// Run `maintenance status`.
pub async fn status(global: &GlobalArgs, args: &MaintenanceStatusArgs) -> Result<ExitCode> {
    let cp = common::connect(global).await?;
    let Some(run) = store::read(&cp).await? else {
        let format: Format = args.output.into();
        if format.is_structured() {
            return Err(Error::failure(format!(
                "no maintenance run on {}",
                cp.context
            )));
        }
        render::write_stdout(&format!("No maintenance run on {}.\n", cp.context))?;
        return Ok(ExitCode::Success);
    };
    show(&cp, &run, args.output.into(), &args.plot).await?;
    Ok(ExitCode::Success)
}

/// Run `maintenance approve`.
pub async fn approve_clusters(
    global: &GlobalArgs,
    args: &MaintenanceApproveArgs,
) -> Result<ExitCode> {
    let cp = common::connect(global).await?;
    let mut run = stored(&cp).await?;
    if let Some(e) = store::ended(&run.state, "approve") {
        return Err(e);
    }
    store::update(&cp, &mut run, |s| {
        approve(s, &args.clusters, Timestamp::now()).map_err(Error::usage)
    })
    .await?;
    for c in &args.clusters {
        render::write_stdout(&format!("approved: {c} (run {})\n", run.state.id))?;
    }
    Ok(ExitCode::Success)
}

/// Run `maintenance abort`.
pub async fn abort(global: &GlobalArgs, args: &MaintenanceAbortArgs) -> Result<ExitCode> {
    let cp = common::connect(global).await?;
    let mut run = stored(&cp).await?;
    if let Some(e) = store::ended(&run.state, "abort") {
        return Err(e);
    }
    let me = holder::me(Timestamp::now());
    let by = format!("{} pid {}", me.host, me.pid);
    let mine = (me.id.as_str(), me.host.as_str());
    let request = |s: &mut RunState| {
        request_abort(s, &by, mine, &holder::alive, Timestamp::now());
        Ok(())
    };
    store::update(&cp, &mut run, request).await?;
    let mut stopped = run.state.phase != Phase::Running;
    if !stopped && !args.no_wait {
        let spinner =
            render::progress::spinner("waiting for the run to stop after its current step");
        let deadline = tokio::time::Instant::now() + args.timeout;
        while tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_secs(1)).await;
            run = stored(&cp).await?;
            if run.state.phase != Phase::Running {
                stopped = true;
                break;
            }
            // Its holder died meanwhile: nobody will end it but this.
            if claim(&run.state, mine, &holder::alive, Timestamp::now()).takeable() {
                store::update(&cp, &mut run, request).await?;
            }
        }
        spinner.finish_and_clear();
    }
    show(&cp, &run, args.output.into(), &Default::default()).await?;
    if !stopped && !args.no_wait {
        render::warn("the run has not stopped yet: its current step is still going; `karmadactl maintenance status` shows when it has");
        return Ok(ExitCode::Partial);
    }
    Ok(ExitCode::Success)
}
