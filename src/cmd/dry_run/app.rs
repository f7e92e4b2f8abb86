//! `dry-run --app-unhealthy`: workloads turn Unhealthy on some clusters; whether
//! application failover evicts their bindings, when, with which task, where the
//! replicas go and what becomes of the old copies. With --cluster or -l, the taint's
//! evictions are simulated too and come first where they do.

use crate::engine::karmada::estimator::accurate::Estimators;
use std::collections::BTreeMap;

use jiff::Timestamp;

use super::super::target::{find_binding, parse_target};
use super::super::{common, settings};
use super::{scenario, scenario_taint};
use crate::cli::{DryRunArgs, GlobalArgs};
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::app_failover::{predict_app_failover, AppFailoverInputs};
use crate::engine::predict::simulate::{simulate, Verdict};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::render::app_failover::{prediction_text, AppFailoverReport};
use crate::render::{self, Document, Format};

/// One `--app-unhealthy` entry: the binding (as the fleet names it) and its clusters.
struct Asked {
    binding: usize,
    clusters: Vec<String>,
}

/// Run `dry-run --app-unhealthy`.
pub async fn run(global: &GlobalArgs, args: &DryRunArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.read.output.into();

    // Gather.
    let mut state = common::load_state(global, &args.read.source).await?;
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let now = common::reference_time(&state);
    let since = match args.unhealthy_since {
        Some(crate::cli::values::TimeSpec::After(ago)) => {
            let ago = jiff::SignedDuration::try_from(ago)
                .map_err(|e| Error::usage(format!("invalid --unhealthy-since: {e}")))?;
            now - ago
        }
        Some(crate::cli::values::TimeSpec::At(t)) => t,
        None => now,
    };
    let asked = args
        .app_unhealthy
        .iter()
        .map(|text| asked(&state, text))
        .collect::<Result<Vec<_>>>()?;
    let scenario = scenario(args, &state, &resolved, scenario_taint(args.taint.as_ref()))?;

    // Decide.
    let taint_evictions = if scenario.targets.is_empty() {
        BTreeMap::new()
    } else {
        taint_evictions(&simulate(&state, &scenario))
    };
    let index =
        FleetIndex::new(&state.clusters).estimating(&Estimators::new(&state, &resolved.controller));
    let predictions = asked
        .iter()
        .map(|a| {
            let binding = &state.bindings[a.binding];
            let unhealthy: Vec<(String, Option<Timestamp>)> = a
                .clusters
                .iter()
                .map(|c| (c.clone(), Some(since)))
                .collect();
            let none = BTreeMap::new();
            predict_app_failover(AppFailoverInputs {
                index: Some(&index),
                binding,
                unhealthy: &unhealthy,
                now,
                settings: &resolved.controller,
                custom_health: args.health_interpreted,
                taint_evictions: taint_evictions
                    .get(&binding.display_name())
                    .unwrap_or(&none),
            })
        })
        .collect();

    // Render.
    let report = AppFailoverReport {
        source: &state.source,
        now,
        unhealthy_since: since,
        assumed: &resolved.controller,
        settings_source: &resolved.from,
        predictions,
    };
    if format.is_structured() {
        render::print_structured(&Document::new("AppFailoverDryRun", &report), format)?;
    } else {
        render::write_stdout(&prediction_text(&report))?;
    }
    Ok(ExitCode::Success)
}

/// Parse `BINDING@CLUSTER[,CLUSTER...]` and check the binding and its placement.
fn asked(state: &FleetState, text: &str) -> Result<Asked> {
    let usage = || {
        Error::usage(format!(
            "--app-unhealthy {text:?}: expected BINDING@CLUSTER[,CLUSTER...] (BINDING: rb/NAMESPACE/NAME, crb/NAME or KIND/NAMESPACE/NAME)"
        ))
    };
    let (binding, clusters) = text.rsplit_once('@').ok_or_else(usage)?;
    let (kind, rest) = binding.split_once('/').ok_or_else(usage)?;
    let workload = !matches!(
        kind.to_ascii_lowercase().as_str(),
        "rb" | "resourcebinding" | "crb" | "clusterresourcebinding"
    );
    let target = match rest.split_once('/') {
        Some((ns, name)) if workload => parse_target(&[format!("{kind}/{name}")], Some(ns))?,
        _ => parse_target(&[binding.to_string()], None)?,
    };
    let found = find_binding(state, &target)?;
    let index = state
        .bindings
        .iter()
        .position(|b| std::ptr::eq(b, found))
        .expect("found in the fleet");
    let clusters: Vec<String> = clusters
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect();
    if clusters.is_empty() {
        return Err(usage());
    }
    for cluster in &clusters {
        if !found.spec.clusters.iter().any(|t| &t.name == cluster) {
            return Err(Error::usage(format!(
                "cluster {cluster:?} is not in the placement of {}",
                found.display_name()
            )));
        }
    }
    Ok(Asked {
        binding: index,
        clusters,
    })
}

/// When the taint manager evicts each binding from each cluster in the simulation, by
/// binding display name and cluster.
fn taint_evictions(
    simulation: &crate::engine::predict::simulate::Simulation,
) -> BTreeMap<String, BTreeMap<String, Timestamp>> {
    let mut out: BTreeMap<String, BTreeMap<String, Timestamp>> = BTreeMap::new();
    for pair in &simulation.outcomes {
        if !matches!(pair.verdict, Verdict::Evict | Verdict::EvictLater) {
            continue;
        }
        if let Some(at) = pair.at.or(pair.due) {
            out.entry(pair.binding.clone())
                .or_default()
                .insert(pair.cluster.clone(), at);
        }
    }
    out
}
