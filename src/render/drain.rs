//! The `drain` report: the plan (per binding and cluster: decision, reason, replicas
//! leaving, predicted placement), what was written, how the wait ended.

use std::collections::BTreeMap;

use colored::Colorize;
use serde::Serialize;

use super::OUTPUT_API_VERSION;
use crate::api::TargetCluster;
use crate::engine::decide::drain::{BindingDrain, DrainDecision};
use crate::engine::predict::capacity::CapacityReport;
use crate::engine::Reason;
use crate::ops::drain::{WaitEnd, Written};

/// The structured report (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DrainDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub dry_run: &'static str,
    pub clusters: &'a [String],
    pub cordon: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fleet_refusal: Option<&'a Reason>,
    /// Why the drain is refused for want of room (`drain-leaves-pending`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity_refusal: Option<&'a Reason>,
    /// Whether the moved replicas fit where they land.
    pub capacity: &'a CapacityReport,
    pub plan: Vec<&'a BindingDrain>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<&'a [Written]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait: Option<Vec<WaitRow<'a>>>,
    pub summary: DrainSummary,
}

/// How the wait for one binding ended.
#[derive(Serialize)]
pub struct WaitRow<'a> {
    pub binding: &'a str,
    pub ended: WaitEnd,
}

/// Counts.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DrainSummary {
    /// Binding-cluster pairs per decision.
    pub decisions: BTreeMap<DrainDecision, usize>,
    /// Replicas leaving each drained cluster.
    pub replicas_leaving: BTreeMap<String, i64>,
    /// Bindings whose eviction was written.
    pub written: usize,
    /// Bindings whose write failed.
    pub failed: usize,
    /// Bindings not started (interrupted).
    pub not_started: usize,
}

/// The counts of a plan.
pub fn summary(plan: &[&BindingDrain]) -> DrainSummary {
    let mut s = DrainSummary::default();
    for b in plan {
        for step in &b.steps {
            *s.decisions.entry(step.decision).or_default() += 1;
            if step.decision.writes() {
                *s.replicas_leaving.entry(step.cluster.clone()).or_default() +=
                    i64::from(step.replicas);
            }
        }
    }
    s
}

fn paint(d: DrainDecision) -> String {
    let text = d.as_str();
    match d {
        DrainDecision::Evict => text.green().to_string(),
        DrainDecision::AlreadyEvicted => text.normal().to_string(),
        DrainDecision::Downtime | DrainDecision::LeftBehind => text.yellow().to_string(),
        DrainDecision::BlockedNoTarget
        | DrainDecision::BlockedState
        | DrainDecision::BlockedBudget => text.red().bold().to_string(),
    }
}

fn placement(p: &BindingDrain) -> String {
    match (&p.predicted, &p.prediction_error) {
        (Some(c), _) if c.is_empty() => "<none>".into(),
        (Some(c), _) => c
            .iter()
            .map(|t: &TargetCluster| {
                if t.replicas == 0 {
                    t.name.clone()
                } else {
                    format!("{}={}", t.name, t.replicas)
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        (None, Some(e)) => format!("none: {}", e.code),
        (None, None) => String::new(),
    }
}

/// The plan as a table and a summary.
pub fn plan_text(
    clusters: &[String],
    cordon: bool,
    plan: &[&BindingDrain],
    untouched: usize,
    capacity: &CapacityReport,
) -> String {
    let mut out = format!(
        "Drain:    {} ({})\n",
        clusters.join(", "),
        if cordon {
            "cordon first"
        } else {
            "not cordoned"
        }
    );
    if plan.is_empty() {
        out += &format!(
            "No binding is placed on {}: nothing to evict.\n",
            clusters.join(", ")
        );
        return out;
    }
    let mut table = super::table([
        "BINDING",
        "CLUSTER",
        "DECISION",
        "REPLICAS",
        "PURGE",
        "NEW PLACEMENT",
        "REASON",
    ]);
    let mut warnings = Vec::new();
    for b in plan {
        for step in &b.steps {
            table.add_row([
                b.binding.clone(),
                step.cluster.clone(),
                paint(step.decision),
                step.replicas.to_string(),
                step.purge_mode.map(|m| m.to_string()).unwrap_or_default(),
                if step.decision.writes() {
                    placement(b)
                } else {
                    String::new()
                },
                step.reason.code.to_string(),
            ]);
            for w in &step.warnings {
                warnings.push(format!("{} on {}: {}", b.binding, step.cluster, w.message));
            }
        }
    }
    out += "\n";
    out += &table.trim_fmt();
    out += "\n\nSummary:\n";
    let s = summary(plan);
    let counts: Vec<String> = s
        .decisions
        .iter()
        .map(|(d, n)| format!("{} {n}", d.as_str()))
        .collect();
    out += &format!(
        "  {} binding(s) on the drained clusters ({} other in scope): {}\n",
        plan.len(),
        untouched,
        counts.join(", ")
    );
    let leaving: Vec<String> = s
        .replicas_leaving
        .iter()
        .map(|(c, n)| format!("{c}={n}"))
        .collect();
    out += &format!(
        "  replicas leaving: {}\n",
        if leaving.is_empty() {
            "none".to_string()
        } else {
            leaving.join(", ")
        }
    );
    out += &super::capacity::text(capacity, "  ");
    for w in warnings {
        out += &format!("  {} {w}\n", "WARNING:".red().bold());
    }
    out
}

/// What the writes did, and what is left to do.
pub fn result_text(written: &[Written], interrupted: bool) -> String {
    let ok = written.iter().filter(|w| w.written).count();
    let failed: Vec<&Written> = written
        .iter()
        .filter(|w| w.error.is_some() && !is_not_started(w))
        .collect();
    let not_started = written.iter().filter(|w| is_not_started(w)).count();
    let mut out = format!("\nEvicted {ok} binding(s)");
    if !failed.is_empty() {
        out += &format!(", {} failed", failed.len());
    }
    if not_started > 0 {
        out += &format!(", {not_started} not started");
    }
    out += ".\n";
    if interrupted {
        out += "Interrupted: writes in flight finished, no new one started. Run the same drain again to finish it.\n";
    }
    out
}

/// One `error:` line per binding whose write failed (not those never started), for
/// stderr in every output format.
pub fn failure_lines(written: &[Written]) -> String {
    written
        .iter()
        .filter(|w| !is_not_started(w))
        .filter_map(|w| w.error.as_deref().map(|e| super::error_line(&w.binding, e)))
        .collect()
}

/// The last line of a drain: the reminder to uncordon.
pub fn uncordon_reminder(clusters: &[String]) -> String {
    format!(
        "Once {} is back, run `karmadactl uncordon {}`.\n",
        clusters.join(", "),
        clusters.join(" ")
    )
}

/// Whether a write was not started (interrupted).
pub fn is_not_started(w: &Written) -> bool {
    w.error
        .as_deref()
        .is_some_and(|e| e == crate::ops::write::NOT_STARTED)
}

/// How the wait ended, one line per binding that did not clear.
pub fn wait_text(ended: &[(String, WaitEnd)]) -> String {
    let cleared = ended.iter().filter(|(_, e)| *e == WaitEnd::Cleared).count();
    let mut out = format!(
        "Waited: {cleared} of {} eviction(s) cleared.\n",
        ended.len()
    );
    for (b, e) in ended.iter().filter(|(_, e)| *e != WaitEnd::Cleared) {
        let what = match e {
            WaitEnd::Deleted => "the binding was deleted",
            _ => "still waiting (timed out)",
        };
        out += &format!("  {b}: {what}\n");
    }
    out
}

/// What the drain's fleet-wide checks found: the share of the fleet down, and the room
/// where the moved replicas land.
pub struct FleetChecks<'a> {
    pub fleet_refusal: Option<&'a Reason>,
    pub capacity_refusal: Option<&'a Reason>,
    pub capacity: &'a CapacityReport,
}

/// The document for `-o json|yaml`.
pub fn document<'a>(
    dry_run: &'static str,
    clusters: &'a [String],
    cordon: bool,
    checks: FleetChecks<'a>,
    plan: Vec<&'a BindingDrain>,
    written: Option<&'a [Written]>,
    wait: Option<&'a [(String, WaitEnd)]>,
) -> DrainDocument<'a> {
    let mut s = summary(&plan);
    if let Some(w) = written {
        s.written = w.iter().filter(|w| w.written).count();
        s.not_started = w.iter().filter(|w| is_not_started(w)).count();
        s.failed = w.iter().filter(|w| w.error.is_some()).count() - s.not_started;
    }
    DrainDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "DrainResult",
        dry_run,
        clusters,
        cordon,
        fleet_refusal: checks.fleet_refusal,
        capacity_refusal: checks.capacity_refusal,
        capacity: checks.capacity,
        plan,
        written,
        wait: wait.map(|w| {
            w.iter()
                .map(|(b, e)| WaitRow {
                    binding: b,
                    ended: *e,
                })
                .collect()
        }),
        summary: s,
    }
}
