//! `karmadactl failover capacity`: the fleet's N-1 answer. Options (the losses asked
//! about, the settings), gather (the fleet, live or a snapshot), decide (every loss, by
//! the engine's prediction), render; exit 0 when the fleet survives every loss, 3 when
//! it does not.

use super::{common, settings};
use crate::api::selector::Selector;
use crate::cli::{CapacityArgs, GlobalArgs};
use crate::engine::predict::losses::losses;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::render::{self, capacity as report, Format};

/// Run `failover capacity`.
pub async fn run(global: &GlobalArgs, args: &CapacityArgs) -> Result<ExitCode> {
    // Gather.
    let format: Format = args.read.output.into();
    let started = std::time::Instant::now();
    let mut state = common::load_state(global, &args.read.source).await?;
    tracing::debug!(elapsed = ?started.elapsed(), bindings = state.bindings.len(), memory = %crate::logging::memory(), "loaded");
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let now = common::reference_time(&state);

    // Options, now that the fleet's names are known.
    let scenarios = scenarios(&state, &args.lose, args.lose_selector.as_ref())?;

    // Decide.
    let answer = losses(&state, &scenarios, &resolved.controller, now);
    tracing::debug!(elapsed = ?started.elapsed(), losses = answer.losses.len(), memory = %crate::logging::memory(), "decided");

    // Render.
    let source = &state.source.description;
    common::write_plot(
        &args.plot,
        || crate::render::plot::capacity::losses(&answer, source),
        || report::fleet_text(source, &answer, false),
    )?;
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&report::document(source, now, &answer), format)?
        }
        Format::Wide => render::write_stdout(&report::fleet_text(source, &answer, true))?,
        _ => render::write_stdout(&report::fleet_text(source, &answer, false))?,
    }
    let code = if answer.failing().next().is_some() {
        ExitCode::Partial
    } else {
        ExitCode::Success
    };
    common::leave_for_exit((state, answer));
    Ok(code)
}

/// The losses asked about: each `--lose` set, the `--lose-selector` set, else every
/// cluster on its own. A name the fleet lacks is a usage error.
fn scenarios(
    state: &FleetState,
    lose: &[String],
    selector: Option<&Selector>,
) -> Result<Vec<Vec<String>>> {
    let names: Vec<String> = state
        .clusters
        .iter()
        .filter_map(|c| c.metadata.name.clone())
        .collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for text in lose {
        let set: Vec<String> = text
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        if let Some(missing) = set.iter().find(|c| !names.contains(c)) {
            return Err(Error::usage(format!(
                "--lose names {missing:?}, which is not a cluster of the fleet"
            )));
        }
        if set.is_empty() {
            return Err(Error::usage("--lose names no cluster"));
        }
        out.push(set);
    }
    if let Some(sel) = selector {
        let set: Vec<String> = state
            .clusters
            .iter()
            .filter(|c| sel.matches(c.metadata.labels.as_ref()))
            .filter_map(|c| c.metadata.name.clone())
            .collect();
        if set.is_empty() {
            return Err(Error::usage(format!(
                "--lose-selector {sel} matches no cluster of the fleet"
            )));
        }
        out.push(set);
    }
    if out.is_empty() {
        out = names.into_iter().map(|n| vec![n]).collect();
    }
    Ok(out)
}
