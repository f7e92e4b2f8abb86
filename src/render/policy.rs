//! Text of `policy apply`: the problems and lint findings of each document, the failover
//! preview, diffs, and one line per applied object.

use colored::Colorize;
use serde::Serialize;
use serde_json::Value;

use super::time::offset;
use crate::engine::decide::policy_check::{CheckedPolicy, PreviewChange};
use crate::engine::decide::policy_lint::Finding;
use crate::ops::policies::Applied;

/// `FILE: document N (Kind/ns/name)`.
pub fn subject(location: &str, policy: Option<&CheckedPolicy>) -> String {
    match policy {
        Some(p) if !p.name.is_empty() => format!("{location} ({})", p.display_name()),
        _ => location.to_string(),
    }
}

/// A document that is not a policy, on stderr.
pub fn refusal(location: &str, why: &str) {
    eprintln!("{} {location}: {why}", "error:".red().bold());
}

/// One line per problem, on stderr.
pub fn problems(subject: &str, policy: &CheckedPolicy) {
    for p in &policy.problems {
        eprintln!(
            "{} {subject}: {}: {}",
            "error:".red().bold(),
            p.field,
            p.rule
        );
    }
}

/// The lint's findings: warnings, or errors under `--strict`.
pub fn findings(subject: &str, findings: &[Finding], strict: bool) {
    let label = if strict {
        "error:".red().bold()
    } else {
        "warning:".yellow().bold()
    };
    for f in findings {
        let at = f
            .field
            .as_deref()
            .map(|x| format!("{x}: "))
            .unwrap_or_default();
        eprintln!("{label} {subject}: {at}{} [{}]", f.message, f.code);
        eprintln!("  fix: {}", f.fix);
    }
}

/// The failover preview of one policy, on stderr (it precedes the prompt).
pub fn preview(
    policy: &CheckedPolicy,
    governed: usize,
    changes: &[PreviewChange],
    now: jiff::Timestamp,
) {
    let verdict = |v: &Option<crate::engine::predict::simulate::Verdict>| {
        v.map(|v| v.as_str().to_string())
            .unwrap_or_else(|| "-".into())
    };
    if changes.is_empty() {
        eprintln!(
            "Failover preview for {}: {governed} governed binding(s), none evicted or re-placed by this change.",
            policy.display_name()
        );
        return;
    }
    eprintln!(
        "Failover preview for {}: {governed} governed binding(s), {} binding/cluster pair(s) change:",
        policy.display_name(),
        changes.len()
    );
    let mut t = super::table(["BINDING", "CLUSTER", "BEFORE", "AFTER", "AT"]);
    for c in changes {
        t.add_row([
            c.binding.clone(),
            c.cluster.clone(),
            verdict(&c.before),
            verdict(&c.after),
            c.at.map(|t| offset(t, now)).unwrap_or_else(|| "-".into()),
        ]);
    }
    eprintln!("{t}");
}

/// A unified diff between the live object and the result, as YAML.
pub fn diff(policy: &CheckedPolicy, live: Option<&Value>, result: &Value) -> String {
    let yaml = |v: Option<&Value>| {
        v.map(|v| serde_saphyr::to_string(v).unwrap_or_default())
            .unwrap_or_default()
    };
    let (old, new) = (yaml(live), yaml(Some(result)));
    let name = policy.display_name();
    similar::TextDiff::from_lines(&old, &new)
        .unified_diff()
        .header(&format!("live/{name}"), &format!("applied/{name}"))
        .to_string()
}

/// `propagationpolicy.policy.karmada.io/NAME created (server dry run)`.
pub fn outcome_line(policy: &CheckedPolicy, applied: Applied, mode: &str) -> String {
    let suffix = if mode.is_empty() {
        String::new()
    } else {
        format!(" ({mode})")
    };
    format!(
        "{}.policy.karmada.io/{} {}{suffix}",
        policy.kind.as_str().to_lowercase(),
        policy.name,
        applied.as_str()
    )
}

/// One policy in the JSON/YAML report.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplyItem<'a> {
    pub location: String,
    #[serde(flatten)]
    pub policy: &'a CheckedPolicy,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Applied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub preview: Vec<PreviewChange>,
}

/// The `PolicyApplyResult` document.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplyReport<'a> {
    /// `none`, `client` or `server`.
    pub dry_run: &'static str,
    pub items: Vec<ApplyItem<'a>>,
}

/// The per-cluster taint changes of `policy evaluate-taints` and their blast radius,
/// on stderr.
pub fn evaluation_plan(
    changed: &[&crate::ops::taints::TaintPlan],
    blast: &crate::engine::decide::evaluate_taints::BlastRadius,
    policies: usize,
    clusters: usize,
) {
    eprintln!(
        "{policies} ClusterTaintPolicy(ies) over {clusters} cluster(s): {} cluster(s) change.",
        changed.len()
    );
    for p in changed {
        let mut parts: Vec<String> = p.edit.added.iter().map(|s| format!("+{s}")).collect();
        parts.extend(p.edit.removed.iter().map(|s| format!("-{s}")));
        eprintln!("  {}: {}", p.name(), parts.join(" "));
    }
    if !blast.clusters_gaining_no_execute.is_empty() {
        eprintln!(
            "Blast radius: {} cluster(s) gain a NoExecute taint ({}); {} binding(s) would be evicted, the last about {}s from now.",
            blast.clusters_gaining_no_execute.len(),
            blast.clusters_gaining_no_execute.join(", "),
            blast.bindings_evicted,
            blast.drain_seconds
        );
    }
}
