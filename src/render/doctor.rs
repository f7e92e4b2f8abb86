//! The `failover doctor` report: the verdict first, then the settings with where each
//! came from, the findings (evidence and fix), and per cluster what its failure moves.

use colored::Colorize;
use serde::Serialize;

use super::OUTPUT_API_VERSION;
use crate::engine::decide::doctor::upgrade::UpgradeReport;
use crate::engine::decide::doctor::{ClusterAnswer, Diagnosis, Severity};

/// The structured report (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DoctorDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    /// `live context NAME` or `snapshot PATH`.
    pub source: &'a str,
    pub now: jiff::Timestamp,
    #[serde(flatten)]
    pub diagnosis: &'a Diagnosis,
    pub summary: DoctorSummary,
}

/// Counts.
#[derive(Serialize)]
pub struct DoctorSummary {
    pub errors: usize,
    pub warnings: usize,
}

/// The document of `d`.
pub fn document<'a>(source: &'a str, now: jiff::Timestamp, d: &'a Diagnosis) -> DoctorDocument<'a> {
    let count = |s| d.findings.iter().filter(|f| f.severity == s).count();
    DoctorDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "FailoverDiagnosis",
        source,
        now,
        diagnosis: d,
        summary: DoctorSummary {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
        },
    }
}

fn after(secs: Option<i64>) -> String {
    match secs {
        None => String::new(),
        Some(s) => crate::engine::decide::failback::span(jiff::SignedDuration::from_secs(s)),
    }
}

fn span(lo: i64, hi: i64) -> String {
    if lo == hi {
        after(Some(lo))
    } else {
        format!("{} .. {}", after(Some(lo)), after(Some(hi)))
    }
}

fn answer_row(a: &ClusterAnswer) -> [String; 11] {
    let mut note: Vec<String> = a.nothing_moves.iter().cloned().collect();
    note.extend(a.caveats.iter().map(|c| format!("but {c}")));
    [
        a.cluster.clone(),
        a.sync_mode.to_string(),
        if a.policies.is_empty() {
            "<none>".into()
        } else {
            a.policies.join(",")
        },
        a.ready_after_seconds
            .map(|r| span(r.earliest, r.latest))
            .unwrap_or_default(),
        a.bindings.to_string(),
        a.moving.to_string(),
        match (a.first_after_seconds, a.last_after_seconds) {
            (Some(f), Some(l)) => span(f, l),
            _ => String::new(),
        },
        a.staying.to_string(),
        a.blocked.to_string(),
        a.pending_replicas.to_string(),
        note.join("; "),
    ]
}

/// The heading of the per-cluster answers.
const IF_NOW: &str = "If a cluster stopped answering now (refused or frozen; Pull clusters also with their agent down), counted from that moment";

/// The report for people; `wide` adds every piece of evidence.
pub fn text(source: &str, d: &Diagnosis, wide: bool) -> String {
    let verdict = match d.worst() {
        Some(Severity::Error) => d.verdict.red().bold().to_string(),
        Some(Severity::Warning) => d.verdict.yellow().bold().to_string(),
        None => d.verdict.green().bold().to_string(),
    };
    let mut out = format!("{verdict}\n\nSource: {source}\n\nComponents:\n");
    for c in &d.components {
        out += &format!("  {}: {}\n", c.component, c.source);
    }
    out += "\nSettings:\n";
    let mut table = super::table(["COMPONENT", "FLAG", "VALUE", "SOURCE"]);
    for s in &d.settings {
        table.add_row([s.component, s.flag, &s.value, &s.source]);
    }
    out += &table.trim_fmt();
    out += "\n\n";
    if d.findings.is_empty() {
        out += "Findings: none.\n";
    } else {
        out += "Findings:\n";
        for f in &d.findings {
            let sev = match f.severity {
                Severity::Error => "ERROR".red().bold().to_string(),
                Severity::Warning => "WARNING".yellow().bold().to_string(),
            };
            out += &format!("  {sev} {}: {}\n", f.code.as_str(), f.message);
            let shown = if wide { f.evidence.len() } else { 3 };
            for e in f.evidence.iter().take(shown) {
                out += &format!("      {e}\n");
            }
            if f.evidence.len() > shown {
                out += &format!("      ({} more with -o wide)\n", f.evidence.len() - shown);
            }
            out += &format!("      fix: {}\n", f.fix);
        }
    }
    if d.unknown
        .iter()
        .any(|u| u.contains("karmada-controller-manager"))
    {
        out += &format!("\n{IF_NOW} (assuming Failover and --enable-no-execute-taint-eviction are on: karmada-controller-manager's settings are unknown):\n");
    } else {
        out += &format!("\n{IF_NOW}:\n");
    }
    let mut table = super::table([
        "CLUSTER",
        "SYNC",
        "NOEXECUTE POLICIES",
        "READY CHANGES AFTER",
        "BINDINGS",
        "MOVING",
        "EVICTED AFTER",
        "STAYING",
        "BLOCKED",
        "PENDING",
        "NOTE",
    ]);
    for a in &d.clusters {
        table.add_row(answer_row(a));
    }
    out += &table.trim_fmt();
    out += "\n";
    out
}

/// The structured upgrade report (`failover doctor --upgrade-to -o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpgradeDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub source: &'a str,
    pub now: jiff::Timestamp,
    #[serde(flatten)]
    pub report: &'a UpgradeReport,
}

/// The document of `r`.
pub fn upgrade_document<'a>(
    source: &'a str,
    now: jiff::Timestamp,
    r: &'a UpgradeReport,
) -> UpgradeDocument<'a> {
    UpgradeDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "FailoverUpgrade",
        source,
        now,
        report: r,
    }
}

/// The upgrade report for people.
pub fn upgrade_text(source: &str, r: &UpgradeReport) -> String {
    let verdict = match r.worst() {
        Some(Severity::Error) => r.verdict.red().bold().to_string(),
        Some(Severity::Warning) => r.verdict.yellow().bold().to_string(),
        None => r.verdict.green().bold().to_string(),
    };
    let mut out = format!("{verdict}\n\nSource: {source}\n");
    out += &format!("\nRelease differences between {} and {}:\n", r.from, r.to);
    if r.differences.is_empty() {
        out += "  none the tool knows\n";
    }
    for d in &r.differences {
        let (was, is) = (yes_no(d.holds_before), yes_no(d.holds_after));
        out += &format!("  {} ({was} -> {is}): {}\n", d.id, d.what);
    }
    out += "\nPolicies:\n";
    if r.policies.is_empty() {
        out += "  none changes\n";
    }
    for p in &r.policies {
        out += &format!("  {} {}: {}\n", serde_plain(&p.change), p.policy, p.detail);
    }
    out += "\nGraceful eviction tasks:\n";
    if r.tasks.is_empty() {
        out += "  none changes meaning\n";
    }
    for t in &r.tasks {
        out += &format!(
            "  {} from {} ({}): {} -> {}\n",
            t.binding, t.cluster, t.purge_mode, t.before, t.after
        );
    }
    out += "\nFindings:\n";
    if r.findings_appear.is_empty() && r.findings_go.is_empty() {
        out += "  the same\n";
    }
    for f in &r.findings_appear {
        out += &format!(
            "  + {} {}: {}\n",
            f.severity.as_str(),
            f.code.as_str(),
            f.message
        );
    }
    for f in &r.findings_go {
        out += &format!(
            "  - {} {}: {}\n",
            f.severity.as_str(),
            f.code.as_str(),
            f.message
        );
    }
    out += &format!("\n{IF_NOW}, what changes:\n");
    if r.clusters.is_empty() {
        out += "  nothing: every cluster's loss is handled the same\n";
    }
    for c in &r.clusters {
        out += &format!("  {}: {}\n", c.cluster, c.changes.join(", "));
        for p in &c.placements {
            out += &format!("      {p}\n");
        }
        if c.placements_changed > c.placements.len() {
            out += &format!(
                "      ... and {} more land elsewhere\n",
                c.placements_changed - c.placements.len()
            );
        }
    }
    out
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "holds"
    } else {
        "does not hold"
    }
}

/// A unit enum as its serde name.
fn serde_plain<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}
