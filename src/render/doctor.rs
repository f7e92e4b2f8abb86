//! The `failover doctor` report: the verdict first, then the settings with where each
//! came from, the findings (evidence and fix), and per cluster what its failure moves.

use colored::Colorize;
use serde::Serialize;

use super::OUTPUT_API_VERSION;
use crate::engine::doctor::{ClusterAnswer, Diagnosis, Severity};

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
        Some(s) => crate::engine::failback::span(jiff::SignedDuration::from_secs(s)),
    }
}

fn answer_row(a: &ClusterAnswer) -> [String; 8] {
    [
        a.cluster.clone(),
        if a.policies.is_empty() {
            "<none>".into()
        } else {
            a.policies.join(",")
        },
        a.bindings.to_string(),
        a.moving.to_string(),
        match (a.first_after_seconds, a.last_after_seconds) {
            (Some(f), Some(l)) => format!("{} .. {}", after(Some(f)), after(Some(l))),
            _ => String::new(),
        },
        a.staying.to_string(),
        a.blocked.to_string(),
        a.nothing_moves.clone().unwrap_or_default(),
    ]
}

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
        out += "\nIf a cluster failed now (assuming Failover and --enable-no-execute-taint-eviction are on: karmada-controller-manager's settings are unknown):\n";
    } else {
        out += "\nIf a cluster failed now:\n";
    }
    let mut table = super::table([
        "CLUSTER",
        "NOEXECUTE POLICIES",
        "BINDINGS",
        "MOVING",
        "EVICTED AFTER",
        "STAYING",
        "BLOCKED",
        "NOTE",
    ]);
    for a in &d.clusters {
        table.add_row(answer_row(a));
    }
    out += &table.trim_fmt();
    out += "\n";
    out
}
