//! The impact preview `taint` shows before adding a NoExecute or PreferNoExecute taint:
//! which bindings would be evicted from the clusters, and when.

use jiff::Timestamp;

use super::common;
use super::dry_run::{clock, offset};
use crate::api::Taint;
use crate::cli::ControllerArgs;
use crate::client::ControlPlane;
use crate::engine::simulate::{simulate, Scenario, Verdict};
use crate::error::Result;
use crate::state;

/// Rows shown before the rest is summarized.
const MAX_ROWS: usize = 20;

/// Describe on stderr what adding `taints` to `clusters` would evict.
pub async fn print_impact(
    cp: &ControlPlane,
    clusters: &[String],
    taints: &[Taint],
    controller: &ControllerArgs,
    now: Timestamp,
) -> Result<()> {
    let fleet = state::load_live(cp).await?;
    let (settings, queue, _) = common::resolve_settings(controller, &Default::default())?;
    let scenario = Scenario {
        targets: clusters.to_vec(),
        taints: taints.to_vec(),
        now,
        until: now,
        recover_at: None,
        settings,
        queue,
    };
    let sim = simulate(&fleet, &scenario);
    let on_targets: Vec<_> = sim
        .outcomes
        .iter()
        .filter(|o| clusters.contains(&o.cluster))
        .collect();
    if on_targets.is_empty() {
        eprintln!("Impact: no binding is placed on {}.", clusters.join(", "));
        return Ok(());
    }
    let moving = on_targets
        .iter()
        .filter(|o| matches!(o.verdict, Verdict::Evict | Verdict::EvictLater))
        .count();
    eprintln!(
        "Impact (assuming Failover={}, enable-no-execute-taint-eviction={}; see --feature-gates): {moving} of {} binding placement(s) would be evicted",
        sim.assumed.failover_feature_gate,
        sim.assumed.enable_no_execute_taint_eviction,
        on_targets.len()
    );
    for o in on_targets.iter().take(MAX_ROWS) {
        let when =
            o.at.or(o.due)
                .map(|t| format!(" at {} ({})", clock(t, now), offset(t, now)))
                .unwrap_or_default();
        eprintln!(
            "  {} on {}: {}{when} [{}]",
            o.binding,
            o.cluster,
            o.verdict.as_str(),
            o.rule.code
        );
    }
    if on_targets.len() > MAX_ROWS {
        eprintln!(
            "  ... and {} more (karmadactl dry-run shows them all)",
            on_targets.len() - MAX_ROWS
        );
    }
    Ok(())
}
