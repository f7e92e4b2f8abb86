//! `karmadactl dry-run`: simulate a cluster failure (or the passage of time) and show
//! what would be evicted, when, where it would go, and why. Writes nothing.

use super::{common, settings};
use crate::api::selector::Selector;
use crate::api::taint::NOT_READY_TAINT_KEY;
use crate::api::taint_spec::TaintSpec;
use crate::api::{Cluster, Taint, TaintEffect};
use crate::cli::{DryRunArgs, GlobalArgs};
use crate::engine::predict::release_compare::compare;
use crate::engine::predict::simulate::{faulty_after, simulate, Scenario};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::render::dry_run::{render_text, DryRunReport, ScenarioView};
use crate::render::{self, Format, OUTPUT_API_VERSION};
use crate::state::Keep;
use jiff::Timestamp;

mod app;
mod outage;

/// Run `dry-run`.
pub async fn run(global: &GlobalArgs, args: &DryRunArgs) -> Result<ExitCode> {
    if !args.outages.is_empty() {
        return outage::run(global, args).await;
    }
    if !args.app_unhealthy.is_empty() {
        if args.plot.plot.is_some() {
            return Err(Error::usage(
                "--plot draws a taint's or an outage's failover (--cluster, -l, --outage), not --app-unhealthy",
            ));
        }
        return app::run(global, args).await;
    }
    // Options.
    let format: Format = args.read.output.into();
    let taint = scenario_taint(args.taint.as_ref());

    // Gather.
    let started = std::time::Instant::now();
    // A snapshot keeps only the bindings on the clusters the scenario makes faulty; the
    // others are counted as they are read (same result, a fraction of the memory).
    let (selector, names, target_taint) =
        (args.selector.clone(), args.clusters.clone(), taint.clone());
    let keep = move |clusters: &[Cluster]| -> Box<Keep> {
        let targets: Vec<String> = match &selector {
            Some(sel) => clusters
                .iter()
                .filter(|c| sel.matches(c.metadata.labels.as_ref()))
                .filter_map(|c| c.metadata.name.clone())
                .collect(),
            None => names.clone(),
        };
        let taints = if targets.is_empty() {
            vec![]
        } else {
            vec![target_taint.clone()]
        };
        let faulty = faulty_after(clusters, &targets, &taints, Timestamp::UNIX_EPOCH);
        Box::new(move |names| names.iter().any(|n| faulty.contains(*n)))
    };
    let mut state = common::load_state_keeping(global, &args.read.source, Some(&keep)).await?;
    tracing::debug!(elapsed = ?started.elapsed(), clusters = state.clusters.len(), bindings = state.bindings.len(), memory = %crate::logging::memory(), "loaded");
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let scenario = scenario(args, &state, &resolved, taint)?;

    // Decide.
    let simulation = simulate(&state, &scenario);
    tracing::debug!(elapsed = ?started.elapsed(), pairs = simulation.outcomes.len(), memory = %crate::logging::memory(), "simulated");
    let comparison = args.compare_version.map(|version| {
        let mut other = scenario.clone();
        other.settings.karmada_version = version;
        compare(&simulation, &simulate(&state, &other), version)
    });

    // Render.
    let report = DryRunReport {
        api_version: OUTPUT_API_VERSION,
        kind: "DryRunResult",
        source: &state.source,
        scenario: ScenarioView {
            targets: scenario.targets.clone(),
            taint: scenario.taints.first().cloned(),
            recover_at: scenario.recover_at,
        },
        settings_source: &resolved.from,
        settings_remembered: resolved.remembered.as_ref(),
        outage: None,
        comparison: comparison.as_ref(),
        simulation: &simulation,
    };
    common::write_plot(
        &args.plot,
        || {
            let t = crate::render::plot::timeline::dry_run(&report);
            crate::render::plot::timeline::draw(&t, Some(&simulation.capacity))
        },
        || render_text(&report, false),
    )?;
    if format.is_structured() {
        render::print_structured(&report, format)?;
    } else {
        render::write_stdout(&render_text(&report, format == Format::Wide))?;
    }
    tracing::debug!(elapsed = ?started.elapsed(), "rendered");
    // The process ends right after this: handing a large fleet back to the allocator
    // object by object would cost more than the whole simulation.
    std::mem::forget(simulation);
    std::mem::forget(state);
    Ok(ExitCode::Success)
}

/// The scenario the flags describe: the targets and their taint, the moment looked at
/// and the recovery.
fn scenario(
    args: &DryRunArgs,
    state: &FleetState,
    resolved: &crate::cli::settings::Settings,
    taint: Taint,
) -> Result<Scenario> {
    let now = common::reference_time(state);
    let until = match args.at {
        Some(at) => at
            .resolve(now)
            .map_err(|e| Error::usage(format!("invalid --at: {e}")))?,
        None => now,
    };
    if until < now {
        return Err(Error::usage(format!(
            "--at {until} is before the reference time {now}"
        )));
    }
    let targets = select_targets(state, &args.clusters, args.selector.as_ref())?;
    let recover_at = match args.recover_after {
        Some(_) if targets.is_empty() => {
            return Err(Error::usage("--recover-after needs --cluster or -l"))
        }
        Some(d) => Some(
            d.resolve(now)
                .map_err(|e| Error::usage(format!("invalid --recover-after: {e}")))?,
        ),
        None => None,
    };
    Ok(Scenario {
        recover_at,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        taints: if targets.is_empty() {
            vec![]
        } else {
            vec![taint]
        },
        targets,
        now,
        until,
        settings: resolved.controller.clone(),
        queue: resolved.queue.clone(),
    })
}

/// The taint the targets get: `--taint`, else what the controllers add to a NotReady
/// cluster.
fn scenario_taint(spec: Option<&TaintSpec>) -> Taint {
    match spec {
        Some(s) => Taint {
            key: s.key.clone(),
            value: s.value.clone(),
            effect: s.effect.as_str().into(),
            time_added: None,
        },
        None => Taint {
            key: NOT_READY_TAINT_KEY.into(),
            value: None,
            effect: TaintEffect::NoExecute.as_str().into(),
            time_added: None,
        },
    }
}

fn select_targets(
    state: &FleetState,
    names: &[String],
    selector: Option<&Selector>,
) -> Result<Vec<String>> {
    if let Some(sel) = selector {
        let found: Vec<String> = state
            .clusters
            .iter()
            .filter(|c| sel.matches(c.metadata.labels.as_ref()))
            .filter_map(|c| c.metadata.name.clone())
            .collect();
        if found.is_empty() {
            return Err(Error::usage("no clusters match the selector"));
        }
        return Ok(found);
    }
    for name in names {
        if state.cluster(name).is_none() {
            return Err(Error::usage(format!(
                "cluster {name:?} not found in {}",
                state.source.description
            )));
        }
    }
    Ok(names.to_vec())
}
