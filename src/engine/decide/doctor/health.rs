//! The doctor's checks of the health pipeline: ClusterTaintPolicies whose conditions a
//! failing cluster of their sync mode never reaches (a Push cluster's `Ready` turns
//! `False`, never `Unknown`; a Pull cluster whose agent is down turns `Unknown`), and
//! health flags that make a failure's detection take longer than the tolerations that
//! start counting after it (see `engine/karmada/cluster_health.rs`).

use super::*;
use crate::api::policy::MatchCondition;
use crate::api::Condition;
use crate::engine::karmada::cluster_health::{self, FailureMode, Happens};
use crate::engine::karmada::cluster_taint_policy::conditions_match;
use crate::engine::karmada::toleration::{first_tolerating, tolerations_of, BindingRef};
use crate::engine::predict::outage::reachable_statuses;
use crate::engine::vocabulary::settings::HealthSettings;

/// Whether a cluster syncs in Pull mode (karmada-agent).
pub(super) fn is_pull(c: &Cluster) -> bool {
    c.spec.sync_mode.as_deref() == Some("Pull")
}

/// The ways a cluster of its sync mode stops answering, fastest detection first.
pub(super) fn failure_modes(pull: bool) -> &'static [FailureMode] {
    if pull {
        &[
            FailureMode::AgentDown,
            FailureMode::Refused,
            FailureMode::Frozen,
        ]
    } else {
        &[FailureMode::Refused, FailureMode::Frozen]
    }
}

/// Whether `conditions` (all on `Ready`) match a cluster whose `Ready` is `status`;
/// `None` when a condition names another type (its status is not the failure's to say).
fn matches_ready(conditions: &[MatchCondition], status: &str) -> Option<bool> {
    if conditions.is_empty() || conditions.iter().any(|m| m.condition_type != "Ready") {
        return None;
    }
    let ready = Condition {
        type_: "Ready".into(),
        status: status.into(),
        reason: String::new(),
        message: String::new(),
        last_transition_time: crate::api::Time(Timestamp::UNIX_EPOCH),
        observed_generation: None,
    };
    Some(conditions_match(std::slice::from_ref(&ready), conditions))
}

/// The NoExecute policies that target `cluster` and whose conditions (all on `Ready`)
/// match `status`.
pub(super) fn covering<'s>(state: &'s FleetState, cluster: &Cluster, status: &str) -> Vec<&'s str> {
    state
        .taint_policies
        .iter()
        .filter(|p| !noexecute_taints(p).is_empty() && targets(p, cluster))
        .filter(|p| matches_ready(&p.spec.add_on_conditions, status) == Some(true))
        .map(|p| p.metadata.name.as_deref().unwrap_or_default())
        .collect()
}

/// NoExecute policies that never fire for some clusters they target (no status their
/// failure reaches matches), and those that miss a Pull cluster's agent going down.
pub(super) fn unreachable_policies(state: &FleetState, out: &mut Vec<Finding>) {
    let mut never = Vec::new();
    let mut agent = Vec::new();
    for p in state
        .taint_policies
        .iter()
        .filter(|p| !noexecute_taints(p).is_empty())
    {
        let name = p.metadata.name.as_deref().unwrap_or_default();
        let conds = &p.spec.add_on_conditions;
        // Policies with conditions on other types than Ready are not ours to judge.
        if matches_ready(conds, "False").is_none() {
            continue;
        }
        let mut push = Vec::new();
        let mut pull_never = Vec::new();
        let mut pull_agent = Vec::new();
        for c in state.clusters.iter().filter(|c| targets(p, c)) {
            let pull = is_pull(c);
            let fires: Vec<&str> = reachable_statuses(pull)
                .iter()
                .copied()
                .filter(|s| matches_ready(conds, s) == Some(true))
                .collect();
            match (pull, fires.is_empty(), fires.contains(&"Unknown")) {
                (false, true, _) => push.push(name_of(c)),
                (true, true, _) => pull_never.push(name_of(c)),
                (true, false, false) => pull_agent.push(name_of(c)),
                _ => {}
            }
        }
        let wants = describe_conditions(conds);
        if !push.is_empty() {
            never.push(format!(
                "{name} ({wants}) never fires for Push cluster(s) {}: a Push cluster that stops answering turns Ready False, never Unknown",
                named(&push).join(", ")
            ));
        }
        if !pull_never.is_empty() {
            never.push(format!(
                "{name} ({wants}) never fires for Pull cluster(s) {}: a failing Pull cluster turns Ready False or Unknown",
                named(&pull_never).join(", ")
            ));
        }
        if !pull_agent.is_empty() {
            agent.push(format!(
                "{name} ({wants}) fires for Pull cluster(s) {} only when the member is down, not when karmada-agent or its link is (Ready Unknown)",
                named(&pull_agent).join(", ")
            ));
        }
    }
    if !never.is_empty() {
        out.push(Finding {
            code: FindingCode::PolicyNeverFires,
            severity: Severity::Warning,
            message: format!(
                "{} NoExecute ClusterTaintPolicy(ies) never fire for some clusters they target: no Ready status a failure gives those clusters matches",
                never.len()
            ),
            evidence: named(&never),
            fix: "match Ready False for Push clusters, and both False and Unknown for Pull clusters (operator In, statusValues [False, Unknown])".into(),
        });
    }
    if !agent.is_empty() {
        out.push(Finding {
            code: FindingCode::PolicyMissesAgentDown,
            severity: Severity::Warning,
            message: format!(
                "{} NoExecute ClusterTaintPolicy(ies) miss a Pull cluster whose agent stops: its Ready turns Unknown, which they do not match",
                agent.len()
            ),
            evidence: named(&agent),
            fix: "add Unknown to the policy's Ready statusValues if workloads should leave a cluster whose agent is gone".into(),
        });
    }
}

fn describe_conditions(conds: &[MatchCondition]) -> String {
    conds
        .iter()
        .map(|m| {
            format!(
                "{} {} [{}]",
                m.condition_type,
                m.operator,
                m.status_values.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The latest moment, after a failure in the fastest way a cluster of its sync mode
/// fails, that `Ready` changes under `health`.
fn detection(pull: bool, health: &HealthSettings) -> Option<SignedDuration> {
    let at = Timestamp::UNIX_EPOCH;
    let mode = failure_modes(pull)[0];
    match cluster_health::on_failure(pull, mode, at, None, health) {
        Happens::Yes(c) | Happens::Maybe(c) => Some(c.at.latest.duration_since(at)),
        Happens::No(_) => None,
    }
}

/// Health flags set away from upstream's defaults that make the detection of a failure
/// take longer than finite tolerations of the NoExecute taints that follow it: those
/// bindings wait for the detection, not for what they asked.
pub(super) fn slow_detection(
    input: &DoctorInput,
    noexecute: &[&ClusterTaintPolicy],
    out: &mut Vec<Finding>,
) {
    let defaults = HealthSettings::default();
    if *input.health == defaults {
        return;
    }
    let mut evidence = Vec::new();
    let mut worst: Option<SignedDuration> = None;
    for c in &input.state.clusters {
        let pull = is_pull(c);
        let (Some(now), Some(before)) = (detection(pull, input.health), detection(pull, &defaults))
        else {
            continue;
        };
        if now <= before {
            continue;
        }
        let taints: Vec<Taint> = noexecute
            .iter()
            .filter(|p| targets(p, c))
            .flat_map(|p| noexecute_taints(p))
            .collect();
        let name = name_of(c);
        for b in input
            .state
            .bindings
            .iter()
            .filter(|b| b.spec.clusters.iter().any(|t| t.name == name))
        {
            let Ok(tol) = tolerations_of(BindingRef::new(&b.spec, b.annotations())) else {
                continue;
            };
            let seconds = taints
                .iter()
                .filter_map(|t| first_tolerating(&tol.tolerations, t))
                .filter_map(|(_, t)| t.toleration_seconds)
                .min();
            let Some(s) = seconds else { continue };
            let asked = SignedDuration::from_secs(s.max(0));
            if before <= asked && asked < now {
                worst = Some(worst.map_or(now, |w| w.max(now)));
                evidence.push(format!(
                    "{} on {name}: tolerates {s}s, detection takes up to {}s ({}s with upstream's defaults)",
                    b.display_name(),
                    now.as_secs(),
                    before.as_secs()
                ));
            }
        }
    }
    if evidence.is_empty() {
        return;
    }
    let flags = changed_health_flags(input, &defaults);
    out.push(Finding {
        code: FindingCode::DetectionSlowerThanTolerations,
        severity: Severity::Warning,
        message: format!(
            "the health settings ({}) make a failure's detection take up to {}s: {} binding(s) tolerate the NoExecute taint for less, and wait for the detection instead",
            flags.join(", "),
            worst.map(|w| w.as_secs()).unwrap_or_default(),
            evidence.len()
        ),
        evidence: named(&evidence),
        fix: "bring the health flags back toward upstream's defaults, or lengthen those tolerations to what the detection takes".into(),
    });
}

/// `--flag=value (source)` for each health setting away from upstream's default.
fn changed_health_flags(input: &DoctorInput, d: &HealthSettings) -> Vec<String> {
    let h = input.health;
    let secs = |x: SignedDuration| format!("{}s", x.as_secs_f64());
    [
        (
            "cluster-status-update-frequency",
            secs(h.status_update_frequency),
            h.status_update_frequency != d.status_update_frequency,
        ),
        (
            "cluster-failure-threshold",
            secs(h.failure_threshold),
            h.failure_threshold != d.failure_threshold,
        ),
        (
            "cluster-monitor-period",
            secs(h.monitor_period),
            h.monitor_period != d.monitor_period,
        ),
        (
            "cluster-monitor-grace-period",
            secs(h.monitor_grace_period),
            h.monitor_grace_period != d.monitor_grace_period,
        ),
        (
            "cluster-lease-duration",
            secs(h.lease_duration),
            h.lease_duration != d.lease_duration,
        ),
        (
            "cluster-lease-renew-interval-fraction",
            h.lease_renew_interval_fraction.to_string(),
            h.lease_renew_interval_fraction != d.lease_renew_interval_fraction,
        ),
    ]
    .into_iter()
    .filter(|(_, _, changed)| *changed)
    .map(|(flag, value, _)| format!("--{flag}={value} ({})", source(input, flag)))
    .collect()
}
