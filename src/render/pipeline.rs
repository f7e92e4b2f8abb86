//! A cluster mid-way from "stopped answering" to "moved", in one line: its `Ready`
//! condition, its taints, and what comes next (see `engine::predict::pipeline`).

use jiff::Timestamp;

use super::time::{ago, clock};
use crate::engine::predict::pipeline::{PipelineStep, Step, TaintSince};

fn taint(t: &TaintSince, now: Timestamp) -> String {
    match t.since {
        Some(s) => format!("{} since {} ({})", t.taint, clock(s, now), ago(s, now)),
        None => t.taint.clone(),
    }
}

/// `m1: Ready False (ClusterNotReachable) since 12:00:30 (4m30s ago); ...; what next`.
pub fn line(s: &PipelineStep, now: Timestamp) -> String {
    let mut parts = vec![match (&s.ready_reason, s.ready_since) {
        (Some(r), Some(t)) => format!(
            "Ready {} ({r}) since {} ({})",
            s.ready,
            clock(t, now),
            ago(t, now)
        ),
        (None, Some(t)) => format!(
            "Ready {} since {} ({})",
            s.ready,
            clock(t, now),
            ago(t, now)
        ),
        (Some(r), None) => format!("Ready {} ({r})", s.ready),
        (None, None) => format!("Ready {}", s.ready),
    }];
    parts.extend(s.scheduling_taints.iter().map(|t| taint(t, now)));
    parts.extend(s.noexecute_taints.iter().map(|t| taint(t, now)));
    let ready = format!("Ready={}", s.ready);
    parts.push(match s.step {
        Step::Evicting => {
            "the taint manager evicts every binding that does not tolerate it (`karmadactl dry-run` says when)".into()
        }
        Step::TaintPending => format!(
            "no NoExecute taint yet, though ClusterTaintPolicy {} at once: if it stays missing, karmada-controller-manager (its taint-policy controller) is not acting",
            s.pending.join(", ")
        ),
        Step::NoEvictionComing => format!(
            "no NoExecute taint, and none comes: no ClusterTaintPolicy adds one when {ready}, so nothing is evicted however long it stays so"
        ),
        Step::PoliciesUnknown => {
            "no NoExecute taint yet; the ClusterTaintPolicies could not be read, so whether one comes is unknown".into()
        }
    });
    format!("{}: {}", s.cluster, parts.join("; "))
}

/// A section of lines under `heading`, or nothing when no cluster is mid-way.
pub fn section(heading: &str, steps: &[PipelineStep], now: Timestamp) -> String {
    if steps.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{heading}\n");
    for s in steps {
        out += &format!("  {}\n", line(s, now));
    }
    out
}
