//! `karmadactl maintenance plan`: options (the clusters, the wave size and order),
//! gather (the fleet, live or a snapshot; the settings), decide (the waves, each the
//! drain of its clusters with its capacity check), render; exit 0 when every wave is
//! safe, 3 when the plan is refused. Writes nothing.

use crate::cli::{GlobalArgs, MaintenancePlanArgs, WaveArgs, WaveOrder};
use crate::cmd::{common, settings};
use crate::engine::decide::drain::DrainOptions;
use crate::engine::decide::maintenance::{plan, MaintenanceOptions, MaintenancePlan, Order};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::render::{self, maintenance as report, Document, Format};

/// The clusters named, selected or all; a name the fleet lacks is a usage error.
pub(super) fn clusters(state: &FleetState, args: &WaveArgs) -> Result<Vec<String>> {
    let ways = usize::from(!args.clusters.is_empty())
        + usize::from(args.selector.is_some())
        + usize::from(args.all);
    if ways != 1 {
        return Err(Error::usage(
            "name the clusters, or use -l SELECTOR, or --all (one of them)",
        ));
    }
    let names = || {
        state
            .clusters
            .iter()
            .filter_map(|c| c.metadata.name.clone())
    };
    if let Some(missing) = args.clusters.iter().find(|c| state.cluster(c).is_none()) {
        return Err(Error::usage(format!(
            "cluster {missing:?} not found in {}",
            state.source.description
        )));
    }
    let out: Vec<String> = match (&args.selector, args.all) {
        (Some(sel), _) => state
            .clusters
            .iter()
            .filter(|c| sel.matches(c.metadata.labels.as_ref()))
            .filter_map(|c| c.metadata.name.clone())
            .collect(),
        (None, true) => names().collect(),
        (None, false) => {
            let mut v = args.clusters.clone();
            v.dedup();
            v
        }
    };
    if out.is_empty() {
        return Err(Error::usage("no cluster matches: nothing to plan"));
    }
    Ok(out)
}

/// The plan's options from the flags, on the fleet `state`.
pub(super) fn options(
    state: &FleetState,
    args: &WaveArgs,
    controller: &ControllerSettings,
) -> Result<MaintenanceOptions> {
    Ok(MaintenanceOptions {
        clusters: clusters(state, args)?,
        max_unavailable: args.max_unavailable.max(1),
        order: match &args.order {
            WaveOrder::Name => Order::Name,
            WaveOrder::BlastRadius => Order::BlastRadius,
            WaveOrder::Label(k) => Order::Label(k.clone()),
        },
        drain: DrainOptions {
            purge_mode: args.purge_mode.map(PurgeMode::from),
            min_available_clusters: args.min_available_clusters,
            stateful_failover_injection: controller.stateful_failover_injection,
            ..Default::default()
        },
    })
}

/// The plan, with a spinner on a terminal when the waves are many.
pub(super) fn decide(
    state: &FleetState,
    options: &MaintenanceOptions,
    controller: &ControllerSettings,
    now: jiff::Timestamp,
) -> MaintenancePlan {
    let waves = options.clusters.len().div_ceil(options.max_unavailable);
    let spinner = (waves > 20).then(|| {
        render::progress::spinner(&format!(
            "planning {waves} waves over {} bindings",
            state.bindings.len()
        ))
    });
    let p = plan(state, options, controller, now);
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    p
}

/// Run `maintenance plan`.
pub async fn run(global: &GlobalArgs, args: &MaintenancePlanArgs) -> Result<ExitCode> {
    // Gather.
    let format: Format = args.read.output.into();
    let mut state = common::load_state(global, &args.read.source).await?;
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let now = common::reference_time(&state);

    // Options, now that the fleet's names are known; decide.
    let options = options(&state, &args.waves, &resolved.controller)?;
    let p = decide(&state, &options, &resolved.controller, now);

    // Render.
    let source = &state.source.description;
    common::write_plot(
        &args.plot,
        || crate::render::plot::maintenance::plan(&p, source),
        || report::text(source, &p, false),
    )?;
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&Document::new("MaintenancePlan", &p), format)?
        }
        Format::Wide => render::write_stdout(&report::text(source, &p, true))?,
        _ => render::write_stdout(&report::text(source, &p, false))?,
    }
    Ok(if p.safe() {
        ExitCode::Success
    } else {
        ExitCode::Partial
    })
}
