//! The `failback` report: the health gate, the plan (per binding: decision, replicas
//! returning, placement after, clusters left with a graceful task, reason), and how
//! each return ended.

use std::collections::BTreeMap;

use colored::Colorize;
use serde::Serialize;

use super::OUTPUT_API_VERSION;
use crate::api::TargetCluster;
use crate::engine::decide::failback::{BindingFailback, FailbackDecision};
use crate::ops::failback::{GateRefusal, ReturnEnd, ReturnedBinding};

/// The structured report (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FailbackDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub dry_run: &'static str,
    pub clusters: &'a [String],
    pub mode: &'static str,
    /// Clusters the health gate refused (empty: it passed).
    pub gate: &'a [GateRefusal],
    pub plan: Vec<&'a BindingFailback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<&'a [ReturnedBinding]>,
    pub summary: FailbackSummary,
}

/// Counts.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FailbackSummary {
    /// Bindings per decision.
    pub decisions: BTreeMap<FailbackDecision, usize>,
    /// Replicas returning to each cluster.
    pub replicas_returning: BTreeMap<String, i64>,
    /// Graceful eviction tasks the writes add (copies leaving other clusters).
    pub graceful_tasks: usize,
    /// Bindings per end of their return (after the writes).
    pub ends: BTreeMap<ReturnEnd, usize>,
}

/// The counts of a plan (and of the ends, once known).
pub fn summary(plan: &[&BindingFailback], returned: Option<&[ReturnedBinding]>) -> FailbackSummary {
    let mut s = FailbackSummary::default();
    for b in plan {
        *s.decisions.entry(b.decision).or_default() += 1;
        if b.decision.writes() {
            s.graceful_tasks += b.leaving.len();
            for t in b
                .after
                .iter()
                .flatten()
                .filter(|t| b.clusters.contains(&t.name))
            {
                *s.replicas_returning.entry(t.name.clone()).or_default() += i64::from(t.replicas);
            }
        }
    }
    for r in returned.into_iter().flatten() {
        *s.ends.entry(r.end).or_default() += 1;
    }
    s
}

fn paint(d: FailbackDecision) -> String {
    let text = d.as_str();
    match d {
        FailbackDecision::Restore | FailbackDecision::Reschedule => text.green().to_string(),
        FailbackDecision::AlreadyBack => text.normal().to_string(),
        _ => text.yellow().to_string(),
    }
}

fn list(l: &[TargetCluster]) -> String {
    if l.is_empty() {
        return "<none>".into();
    }
    l.iter()
        .map(|t| format!("{}={}", t.name, t.replicas))
        .collect::<Vec<_>>()
        .join(",")
}

/// The health gate's refusals, one line each.
pub fn gate_text(gate: &[GateRefusal]) -> String {
    let mut out = String::new();
    for g in gate {
        for r in &g.reasons {
            out += &format!("  {} {} ({})\n", "REFUSED:".red().bold(), r.message, r.code);
        }
    }
    out
}

/// The plan as a table and a summary.
pub fn plan_text(
    clusters: &[String],
    mode: &str,
    plan: &[&BindingFailback],
    untouched: usize,
) -> String {
    let mut out = format!("Failback: {} (mode {mode})\n", clusters.join(", "));
    if plan.is_empty() {
        out += &format!(
            "No binding in scope left {} (by a drain record or an eviction task): nothing to return. --all also takes bindings whose placement admits it.\n",
            clusters.join(", ")
        );
        return out;
    }
    let mut table = super::table([
        "BINDING",
        "DECISION",
        "RETURNS",
        "PLACEMENT AFTER",
        "LEAVES (GRACEFULLY)",
        "REASON",
    ]);
    let mut notes = Vec::new();
    for b in plan {
        let writes = b.decision.writes();
        table.add_row([
            b.binding.clone(),
            paint(b.decision),
            if writes {
                b.returning().to_string()
            } else {
                String::new()
            },
            if writes {
                b.after.as_deref().map(list).unwrap_or_default()
            } else {
                String::new()
            },
            if writes && !b.leaving.is_empty() {
                list(&b.leaving)
            } else {
                String::new()
            },
            b.reason.code.to_string(),
        ]);
        if !writes && b.decision != FailbackDecision::AlreadyBack {
            notes.push(format!("  {}: {}\n", b.binding, b.reason.message));
        }
    }
    out += "\n";
    out += &table.trim_fmt();
    out += "\n\nSummary:\n";
    let s = summary(plan, None);
    let counts: Vec<String> = s
        .decisions
        .iter()
        .map(|(d, n)| format!("{} {n}", d.as_str()))
        .collect();
    out += &format!(
        "  {} binding(s) left {} ({} other in scope): {}\n",
        plan.len(),
        clusters.join(", "),
        untouched,
        counts.join(", ")
    );
    let back: Vec<String> = s
        .replicas_returning
        .iter()
        .map(|(c, n)| format!("{c}={n}"))
        .collect();
    out += &format!(
        "  replicas returning: {}; graceful eviction tasks for the copies leaving: {}\n",
        if back.is_empty() {
            "none".to_string()
        } else {
            back.join(", ")
        },
        s.graceful_tasks
    );
    let scaled: usize = plan
        .iter()
        .filter(|b| b.decision.writes())
        .map(|b| b.scaled_down.len())
        .sum();
    if scaled > 0 {
        out += &format!(
            "  {scaled} cluster(s) keep fewer replicas: those are scaled down at once (Karmada keeps one Work per cluster; only a cluster left entirely can wait for the new copy)\n"
        );
    }
    if !notes.is_empty() {
        out += "Cannot return:\n";
        out += &notes.concat();
    }
    out
}

/// One line per binding as its return ends (stderr progress).
pub fn end_line(r: &ReturnedBinding) -> String {
    match &r.error {
        Some(e) => format!("{}: {} ({e})", r.binding, r.end.as_str()),
        None => format!("{}: {}", r.binding, r.end.as_str()),
    }
}

/// How the rollout ended.
pub fn result_text(returned: &[ReturnedBinding], interrupted: bool) -> String {
    let count = |e: ReturnEnd| returned.iter().filter(|r| r.end == e).count();
    let mut parts = vec![format!("{} succeeded", count(ReturnEnd::Succeeded))];
    for (e, word) in [
        (ReturnEnd::Failed, "failed"),
        (ReturnEnd::WriteFailed, "not written"),
        (ReturnEnd::Unconfirmed, "written, health not confirmed"),
        (ReturnEnd::Halted, "not started (--max-failures reached)"),
        (ReturnEnd::NotStarted, "not started (interrupted)"),
        (ReturnEnd::Skipped, "nothing to write any more"),
    ] {
        let n = count(e);
        if n > 0 {
            parts.push(format!("{n} {word}"));
        }
    }
    let mut out = format!("\nReturned: {}.\n", parts.join(", "));
    for r in returned
        .iter()
        .filter(|r| matches!(r.end, ReturnEnd::Failed | ReturnEnd::Unconfirmed))
    {
        out += &format!(
            "  {}: {}\n",
            r.binding,
            r.error.as_deref().unwrap_or(r.end.as_str())
        );
    }
    if count(ReturnEnd::Halted) > 0 {
        out += "The rollout stopped at --max-failures. Look at the failures, then run the same failback again to go on.\n";
    }
    if interrupted {
        out += "Interrupted: no new return started. Run the same failback again to go on.\n";
    }
    out
}

/// One `error:` line per binding whose write failed, for stderr in every format.
pub fn failure_lines(returned: &[ReturnedBinding]) -> String {
    returned
        .iter()
        .filter(|r| r.end == ReturnEnd::WriteFailed)
        .filter_map(|r| r.error.as_deref().map(|e| super::error_line(&r.binding, e)))
        .collect()
}

/// The document for `-o json|yaml`.
pub fn document<'a>(
    dry_run: &'static str,
    clusters: &'a [String],
    mode: &'static str,
    gate: &'a [GateRefusal],
    plan: Vec<&'a BindingFailback>,
    returned: Option<&'a [ReturnedBinding]>,
) -> FailbackDocument<'a> {
    let summary = summary(&plan, returned);
    FailbackDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "FailbackResult",
        dry_run,
        clusters,
        mode,
        gate,
        plan,
        returned,
        summary,
    }
}
