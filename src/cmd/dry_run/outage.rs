//! `dry-run --outage`: members stop answering at a moment, in a way; the timeline from
//! that moment (Ready, the taints, the evictions, the old copies), and the way back.

use jiff::{SignedDuration, Timestamp};

use super::super::outages::{failure_mode, outage_of};
use super::super::{common, settings};
use crate::api::Cluster;
use crate::cli::{DryRunArgs, GlobalArgs};
use crate::engine::predict::outage::simulate_outage;
use crate::engine::predict::simulate::{simulate, Scenario};
use crate::error::{Error, ExitCode, Result};
use crate::render::dry_run::{DryRunReport, OutageView, ScenarioView};
use crate::render::{self, outage as report, Format, OUTPUT_API_VERSION};
use crate::state::Keep;

/// How far ahead the timeline is followed unless `--at` says otherwise.
const HORIZON: SignedDuration = SignedDuration::from_hours(24 * 7);

/// Run `dry-run --outage`.
pub async fn run(global: &GlobalArgs, args: &DryRunArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.read.output.into();
    let mode = failure_mode(args.outage_mode);

    // Gather: only the bindings on the failing clusters (and the already faulty ones).
    let names = args.outages.clone();
    let keep = move |clusters: &[Cluster]| -> Box<Keep> {
        let mut faulty = crate::engine::predict::simulate::faulty_after(
            clusters,
            &[],
            &[],
            Timestamp::UNIX_EPOCH,
        );
        faulty.extend(names.iter().cloned());
        Box::new(move |n| n.iter().any(|c| faulty.contains(*c)))
    };
    let mut state = common::load_state_keeping(global, &args.read.source, Some(&keep)).await?;
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let now = common::reference_time(&state);
    let mut outages = Vec::new();
    for name in &args.outages {
        outages.push(outage_of(
            &state,
            name,
            mode,
            now,
            args.outage_at,
            args.recover_after,
        )?);
    }
    let at = outages.first().map_or(now, |o| o.at);
    let until = match args.at {
        Some(t) => t
            .resolve(now)
            .map_err(|e| Error::usage(format!("invalid --at: {e}")))?,
        None => at.max(now) + HORIZON,
    };
    let base = Scenario {
        targets: Vec::new(),
        taints: Vec::new(),
        now,
        until,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: resolved.controller.clone(),
        queue: resolved.queue.clone(),
    };

    // Decide.
    let result = simulate_outage(&state, &outages, &resolved.health, &base);
    let simulation = match (&result.latest, &result.earliest) {
        (Some(s), _) | (None, Some(s)) => s.clone(),
        (None, None) => simulate(&state, &base),
    };

    // Render.
    let doc = DryRunReport {
        api_version: OUTPUT_API_VERSION,
        kind: "DryRunResult",
        source: &state.source,
        scenario: ScenarioView {
            targets: Vec::new(),
            taint: None,
            recover_at: None,
        },
        settings_source: &resolved.from,
        settings_remembered: resolved.remembered.as_ref(),
        comparison: None,
        outage: Some(OutageView {
            health: &resolved.health,
            clusters: &result.clusters,
            bindings: &result.bindings,
        }),
        simulation: &simulation,
    };
    common::write_plot(
        &args.plot,
        || {
            let t = crate::render::plot::timeline::dry_run(&doc);
            crate::render::plot::timeline::draw(&t, Some(&simulation.capacity))
        },
        || report::text(&doc, &result, false),
    )?;
    if format.is_structured() {
        render::print_structured(&doc, format)?;
    } else {
        render::write_stdout(&report::text(&doc, &result, format == Format::Wide))?;
    }
    Ok(ExitCode::Success)
}
