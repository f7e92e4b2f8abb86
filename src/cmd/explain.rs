//! `karmadactl policy explain`: why a binding would (or would not) leave each of its
//! clusters, when, and where it would go; or what a ClusterTaintPolicy does now.

use super::outages::{failure_mode, outage_of};
use super::target::{find_binding, parse_target, Target};
use super::{common, settings};
use crate::cli::{ExplainArgs, GlobalArgs};
use crate::engine::predict::explain::{explain_binding, explain_taint_policy, ExplainInputs};
use crate::engine::predict::outage::simulate_outage;
use crate::engine::predict::simulate::Scenario;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::{Binding, FleetState};
use crate::render::explain::{binding_text, policy_text, BindingDocument};
use crate::render::outage::{self as outage_report, BindingOutageDocument};
use crate::render::{self, Document, Format, OUTPUT_API_VERSION};
use jiff::{SignedDuration, Timestamp};

/// How far ahead an outage is followed.
const HORIZON: SignedDuration = SignedDuration::from_hours(24 * 7);

/// Run `policy explain`.
pub async fn run(global: &GlobalArgs, args: &ExplainArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.read.output.into();
    let target = parse_target(&args.target, args.namespace.as_deref())?;

    // Gather.
    let mut state = common::load_state(global, &args.read.source).await?;
    let now = common::reference_time(&state);

    // Decide and render.
    if let (Target::TaintPolicy { .. }, Some(_)) = (&target, &args.outage) {
        return Err(Error::usage(
            "--outage explains a binding (rb, crb or a workload); `dry-run --outage` shows what every policy does",
        ));
    }
    if let Target::TaintPolicy { name } = &target {
        let policy = state
            .taint_policies
            .iter()
            .find(|p| p.metadata.name.as_deref() == Some(name))
            .ok_or_else(|| {
                Error::usage(format!(
                    "{target} not found in {}",
                    state.source.description
                ))
            })?;
        if let Some(c) = &args.cluster {
            if state.cluster(c).is_none() {
                return Err(Error::usage(format!("cluster {c:?} not found")));
            }
        }
        let report = explain_taint_policy(policy, &state.clusters, args.cluster.as_deref(), now);
        if format.is_structured() {
            render::print_structured(
                &Document::new("ClusterTaintPolicyExplanation", &report),
                format,
            )?;
        } else {
            render::write_stdout(&policy_text(&report))?;
        }
        return Ok(ExitCode::Success);
    }
    find_binding(&state, &target)?;
    let resolved = settings::for_source(&args.read.controller.given(), &state.source)?;
    common::read_member_nodes(global, &args.read.source, &resolved.controller, &mut state).await?;
    let binding = find_binding(&state, &target)?;
    if let Some(c) = &args.cluster {
        if !binding.spec.clusters.iter().any(|t| &t.name == c) {
            return Err(Error::usage(format!(
                "cluster {c:?} is not in the placement of {}",
                binding.display_name()
            )));
        }
    }
    if let Some(cluster) = &args.outage {
        return explain_outage(args, &state, binding, cluster, &resolved, now, format);
    }
    let report = explain_binding(ExplainInputs {
        state: &state,
        binding,
        only: args.cluster.as_deref(),
        now,
        settings: resolved.controller,
        queue: resolved.queue,
        settings_source: resolved.from,
        settings_remembered: resolved.remembered,
    });
    if format.is_structured() {
        render::print_structured(&BindingDocument::new(&report), format)?;
    } else {
        render::write_stdout(&binding_text(&report, format == Format::Wide))?;
    }
    Ok(ExitCode::Success)
}

/// `--outage CLUSTER`: the outage timeline of one cluster of the binding's placement,
/// and the binding's part in it.
fn explain_outage(
    args: &ExplainArgs,
    state: &FleetState,
    binding: &Binding,
    cluster: &str,
    resolved: &crate::cli::settings::Settings,
    now: Timestamp,
    format: Format,
) -> Result<ExitCode> {
    let name = binding.display_name();
    let placed = |c: &str| binding.spec.clusters.iter().any(|t| t.name == c);
    if state.cluster(cluster).is_some() && !placed(cluster) {
        return Err(Error::usage(format!(
            "cluster {cluster:?} is not in the placement of {name}"
        )));
    }
    let mode = failure_mode(args.outage_mode);
    let outage = outage_of(
        state,
        cluster,
        mode,
        now,
        args.outage_at,
        args.recover_after,
    )?;
    let base = Scenario {
        targets: Vec::new(),
        taints: Vec::new(),
        now,
        until: outage.at.max(now) + HORIZON,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: resolved.controller.clone(),
        queue: resolved.queue.clone(),
    };
    let mut result = simulate_outage(state, &[outage], &resolved.health, &base);
    result.bindings.retain(|b| b.binding == name);
    let placement = result
        .latest
        .as_ref()
        .and_then(|s| s.predictions.iter().find(|p| p.binding == name))
        .and_then(|p| p.clusters.as_ref())
        .map(|c| c.iter().map(|(n, r)| (n.to_string(), r)).collect());
    let doc = BindingOutageDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "BindingOutageExplanation",
        source: &state.source.description,
        binding: &name,
        health: &resolved.health,
        cluster: &result.clusters[0],
        evictions: &result.bindings,
        placement,
    };
    if format.is_structured() {
        render::print_structured(&doc, format)?;
    } else {
        render::write_stdout(&outage_report::binding_text(
            &doc,
            &result,
            format == Format::Wide,
        ))?;
    }
    Ok(ExitCode::Success)
}
