//! `dry-run --outage`: members stop answering at a moment, in a way; the timeline from
//! that moment (Ready, the taints, the evictions, the old copies), and the way back.

use jiff::{SignedDuration, Timestamp};

use super::super::{common, settings};
use crate::api::Cluster;
use crate::cli::values::TimeSpec;
use crate::cli::{DryRunArgs, GlobalArgs, OutageMode};
use crate::engine::karmada::cluster_health::FailureMode;
use crate::engine::predict::outage::{simulate_outage, Outage};
use crate::engine::predict::simulate::{simulate, Scenario};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
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
    let state = common::load_state_keeping(global, &args.read.source, Some(&keep)).await?;
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
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
    if format.is_structured() {
        render::print_structured(&doc, format)?;
    } else {
        render::write_stdout(&report::text(&doc, &result, format == Format::Wide))?;
    }
    Ok(ExitCode::Success)
}

/// The engine's failure mode of a `--outage-mode` value.
pub fn failure_mode(m: OutageMode) -> FailureMode {
    match m {
        OutageMode::Refused => FailureMode::Refused,
        OutageMode::Frozen => FailureMode::Frozen,
        OutageMode::AgentDown => FailureMode::AgentDown,
    }
}

/// The outage of cluster `name` from the command line: when (`--outage-at`, from the
/// reference time `now`), how, and when it answers again (`--recover-after`, from the
/// failure); a cluster that is not there, or agent-down for a Push cluster, is a usage
/// error.
pub fn outage_of(
    state: &FleetState,
    name: &str,
    mode: FailureMode,
    now: Timestamp,
    outage_at: Option<TimeSpec>,
    recover_after: Option<TimeSpec>,
) -> Result<Outage> {
    let at = match outage_at {
        Some(t) => t
            .resolve(now)
            .map_err(|e| Error::usage(format!("invalid --outage-at: {e}")))?,
        None => now,
    };
    let back = match recover_after {
        Some(t) => {
            let b = t
                .resolve(at)
                .map_err(|e| Error::usage(format!("invalid --recover-after: {e}")))?;
            if b < at {
                return Err(Error::usage(format!(
                    "--recover-after {b} is before the outage at {at}"
                )));
            }
            Some(b)
        }
        None => None,
    };
    let Some(c) = state.cluster(name) else {
        return Err(Error::usage(format!(
            "cluster {name:?} not found in {}",
            state.source.description
        )));
    };
    if mode == FailureMode::AgentDown && c.spec.sync_mode.as_deref() != Some("Pull") {
        return Err(Error::usage(format!(
            "--outage-mode agent-down is for Pull clusters; {name} is {} (its failure is refused or frozen)",
            c.spec.sync_mode.as_deref().unwrap_or("Push")
        )));
    }
    Ok(Outage {
        cluster: name.to_string(),
        at,
        mode,
        back,
    })
}
