//! `karmadactl maintenance plan`: options (the clusters, the wave size and order),
//! gather (the fleet, live or a snapshot; the settings), decide (the waves, each the
//! drain of its clusters with its capacity check), render; exit 0 when every wave is
//! safe, 3 when the plan is refused. Writes nothing.

use crate::cli::{GlobalArgs, MaintenancePlanArgs, WaveArgs, WaveOrder};
use crate::cmd::{common, settings};
use crate::engine::decide::drain::DrainOptions;
use crate::engine::decide::maintenance::{
    plan_each, MaintenanceOptions, MaintenancePlan, Order, Wave,
};
use crate::engine::predict::capacity::Ends;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::render::maintenance::{JsonWaves, RenderedWave, TextWaves};
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
        capacity: Ends::All,
    })
}

/// The plan, with a spinner on a terminal when the waves are many.
pub(super) fn decide(
    state: &FleetState,
    options: &MaintenanceOptions,
    controller: &ControllerSettings,
    now: jiff::Timestamp,
) -> MaintenancePlan {
    decide_each(state, options, controller, now, |_| (), |w, ()| w)
}

/// [`decide`], each wave handed to `each` as it is planned ([`plan_each`]).
fn decide_each<T: Send>(
    state: &FleetState,
    options: &MaintenanceOptions,
    controller: &ControllerSettings,
    now: jiff::Timestamp,
    prepare: impl Fn(&mut Wave) -> T + Sync,
    each: impl FnMut(Wave, T) -> Wave,
) -> MaintenancePlan {
    let waves = options.clusters.len().div_ceil(options.max_unavailable);
    let spinner = (waves > 20).then(|| {
        render::progress::spinner(&format!(
            "planning {waves} waves over {} bindings",
            state.bindings.len()
        ))
    });
    let p = plan_each(state, options, controller, now, prepare, each);
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    p
}

/// Run `maintenance plan`.
pub async fn run(global: &GlobalArgs, args: &MaintenancePlanArgs) -> Result<ExitCode> {
    // Gather.
    let format: Format = args.read.output.into();
    let started = std::time::Instant::now();
    let mut state = common::load_state(global, &args.read.source).await?;
    tracing::debug!(elapsed = ?started.elapsed(), bindings = state.bindings.len(), memory = %crate::logging::memory(), "loaded");
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let now = common::reference_time(&state);

    // Options, now that the fleet's names are known; decide, each wave rendered as it
    // is planned and then kept only as far as the verdict and the picture need it (a
    // plan of hundreds of waves is never held whole; YAML excepted).
    let mut options = options(&state, &args.waves, &resolved.controller)?;
    if !format.is_structured() {
        // The text and the picture read each wave's pending replicas and whose.
        options.capacity = Ends::First;
    }
    let wide = format == Format::Wide;
    let plotted = args.plot.plot.is_some();
    let spool_error = |e: std::io::Error| Error::failure(format!("writing the plan: {e}"));
    let mut json = match format {
        Format::Json => Some(JsonWaves::new().map_err(spool_error)?),
        _ => None,
    };
    // The text's waves, spooled until the verdict that comes before them is known.
    let mut text_waves = if format.is_structured() {
        None
    } else {
        Some(TextWaves::new().map_err(spool_error)?)
    };
    // The picture's summary: each wave as the narrow text has it.
    let mut summary = String::new();
    let mut failed = None;
    // What each wave becomes, made in parallel with the planning (the wave lightened as
    // soon as it is made); written in order.
    let prepare = |w: &mut Wave| {
        let mut text = String::new();
        // The narrow text when the picture needs it and the output is not it already.
        let mut narrow = None;
        let rendered = match format {
            Format::Yaml => None,
            Format::Json => Some(JsonWaves::render(w)),
            _ => {
                report::wave_text(&mut text, w, wide);
                None
            }
        };
        if plotted && (format == Format::Json || wide) {
            let mut s = String::new();
            report::wave_text(&mut s, w, false);
            narrow = Some(s);
        }
        if format != Format::Yaml {
            w.lighten();
        }
        (rendered, text, narrow)
    };
    let each = |w: Wave,
                (rendered, text, narrow): (
        Option<std::io::Result<RenderedWave>>,
        String,
        Option<String>,
    )| {
        if format == Format::Yaml {
            return w;
        }
        match (json.as_mut(), text_waves.as_mut(), rendered) {
            (Some(j), _, Some(r)) if failed.is_none() => {
                failed = r.and_then(|wave| j.push_rendered(wave)).err()
            }
            (_, Some(t), _) if failed.is_none() => failed = t.push(&text).err(),
            _ => {}
        }
        if plotted {
            summary.push_str(narrow.as_deref().unwrap_or(&text));
        }
        w
    };
    let p = decide_each(&state, &options, &resolved.controller, now, prepare, each);
    tracing::debug!(elapsed = ?started.elapsed(), waves = p.waves.len(), memory = %crate::logging::memory(), "planned");
    if let Some(e) = failed {
        return Err(spool_error(e));
    }

    // Render.
    let source = &state.source.description;
    common::write_plot(
        &args.plot,
        || crate::render::plot::maintenance::plan(&p, source),
        || match format {
            Format::Yaml => report::text(source, &p, false),
            _ => report::text_around(source, &p, &summary),
        },
    )?;
    match (json, text_waves) {
        (Some(j), _) => render::write_stdout_with(|out| j.finish(&p, out))?,
        (_, Some(t)) => render::write_stdout_with(|out| t.finish(source, &p, out))?,
        _ => render::print_structured(&Document::new("MaintenancePlan", &p), format)?,
    }
    let code = if p.safe() {
        ExitCode::Success
    } else {
        ExitCode::Partial
    };
    common::leave_for_exit((p, state));
    Ok(code)
}
