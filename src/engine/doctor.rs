//! `failover doctor`: will cluster failover actually happen on this control plane?
//!
//! Cluster failover needs several switches that are off by default and invisible from
//! the Karmada API: the controller manager's `Failover` gate and
//! `--enable-no-execute-taint-eviction`, a ClusterTaintPolicy that turns a bad condition
//! into a `NoExecute` taint, and karmada-webhook's `--allow-no-execute-taint-policy` for
//! such a policy to be admitted. The doctor checks them together with what the fleet
//! itself says (policies whose failover never triggers, bindings with nowhere to go,
//! stale tasks), each finding with a stable code, a severity, the evidence and the fix;
//! and answers, per cluster, "if it failed now", with the same engine as `dry-run`.

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use super::karmada::admission::{PolicyKind, WebhookSettings};
use super::karmada::cluster_affinity::CompiledAffinity;
use super::karmada::scheduler::passes_filters;
use super::policy_lint::{self, LintInput};
use super::proposal::prescheduling::pre_scheduling_check;
use super::settings::QueueSettings;
use super::settings::{ControllerSettings, PurgeMode};
use super::simulate::{simulate, Scenario, Verdict};
use crate::api::taint::{effect_of, TaintEffect};
use crate::api::{Cluster, ClusterTaintPolicy, Taint, Time};
use crate::fleet::FleetState;

/// A graceful eviction timeout shorter than this removes old copies before most new
/// ones can be healthy.
pub const SHORT_GRACEFUL_TIMEOUT_SECONDS: i64 = 60;
/// How many objects a finding names before it counts the rest.
const EVIDENCE_LIMIT: usize = 5;
/// How far ahead the per-cluster answer follows the eviction queue.
const HORIZON: SignedDuration = SignedDuration::from_hours(24 * 7);

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Severity {
    /// Failover does not happen (exit 1).
    Error,
    /// Failover happens, but not as one would expect (exit 3).
    Warning,
}

impl Severity {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The stable code of a finding.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FindingCode {
    /// The controller manager's `Failover` feature gate is off.
    FailoverGateOff,
    /// `--enable-no-execute-taint-eviction` is off.
    NoexecuteEvictionOff,
    /// Controller evictions purge `Directly`: downtime until the new copy runs.
    PurgeModeDirectly,
    /// `--resource-eviction-rate` 0: the queue does not stop, it waits 30 minutes a batch.
    EvictionRateZero,
    /// `--graceful-eviction-timeout` so short old copies go before new ones are healthy.
    GracefulTimeoutShort,
    /// No ClusterTaintPolicy adds a `NoExecute` taint.
    NoNoexecutePolicy,
    /// Clusters no `NoExecute` ClusterTaintPolicy targets.
    ClustersUncovered,
    /// karmada-webhook rejects ClusterTaintPolicies with `NoExecute` taints.
    WebhookRejectsNoexecutePolicy,
    /// A propagation policy whose failover never triggers (the `policy apply` lint).
    PolicyNeverFailsOver,
    /// Bindings whose eviction from a cluster would leave them nowhere to go.
    NowhereToGo,
    /// Graceful eviction tasks from clusters that are Ready again.
    StaleEvictionTask,
}

impl FindingCode {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub code: FindingCode,
    pub severity: Severity,
    /// What is wrong, with the value and where it came from.
    pub message: String,
    /// The objects or values that show it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<String>,
    /// What to do.
    pub fix: String,
}

/// A controller setting as assumed, and where the value came from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingRow {
    /// The component (`karmada-controller-manager`, `karmada-webhook`).
    pub component: &'static str,
    /// The flag, as the component spells it.
    pub flag: &'static str,
    pub value: String,
    /// `flag`, `snapshot header`, `deployment NS/NAME (container C)`, `upstream default`.
    pub source: String,
}

/// What the doctor looks at.
pub struct DoctorInput<'a> {
    pub state: &'a FleetState,
    pub settings: &'a ControllerSettings,
    pub queue: &'a QueueSettings,
    /// karmada-webhook's `--allow-no-execute-taint-policy`.
    pub webhook: WebhookSettings,
    /// Where each setting came from, by flag name (missing: upstream default).
    pub sources: &'a BTreeMap<String, String>,
    pub now: Timestamp,
}

/// The answer to "if this cluster failed now".
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterAnswer {
    pub cluster: String,
    /// The NoExecute ClusterTaintPolicies that would taint it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub policies: Vec<String>,
    /// Bindings placed on it.
    pub bindings: usize,
    /// Bindings the taint manager would evict.
    pub moving: usize,
    /// Seconds after the failure of the first and the last eviction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_after_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_after_seconds: Option<i64>,
    /// Bindings that stay: tolerated (for good, or beyond the horizon).
    pub staying: usize,
    /// Bindings that cannot leave well: evicted with nowhere to go (the workload goes),
    /// or never evicted (the queue stops, the tolerations cannot be read).
    pub blocked: usize,
    /// Why nothing moves, when nothing does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nothing_moves: Option<String>,
}

/// The doctor's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnosis {
    /// One sentence: on or off, and why.
    pub verdict: String,
    /// Whether a failing cluster's workloads move at all.
    pub failover_on: bool,
    pub settings: Vec<SettingRow>,
    pub findings: Vec<Finding>,
    pub clusters: Vec<ClusterAnswer>,
}

impl Diagnosis {
    /// The worst severity found (`None`: a clean bill).
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).min()
    }
}

fn source(input: &DoctorInput, flag: &str) -> String {
    input
        .sources
        .get(flag)
        .cloned()
        .unwrap_or_else(|| "upstream default".into())
}

fn named<T: AsRef<str>>(items: &[T]) -> Vec<String> {
    let mut out: Vec<String> = items
        .iter()
        .take(EVIDENCE_LIMIT)
        .map(|s| s.as_ref().to_string())
        .collect();
    if items.len() > EVIDENCE_LIMIT {
        out.push(format!("... and {} more", items.len() - EVIDENCE_LIMIT));
    }
    out
}

/// The `NoExecute` taints of a ClusterTaintPolicy.
fn noexecute_taints(p: &ClusterTaintPolicy) -> Vec<Taint> {
    p.spec
        .taints
        .iter()
        .filter(|t| t.effect == "NoExecute")
        .map(|t| Taint {
            key: t.key.clone(),
            value: t.value.clone(),
            effect: t.effect.clone(),
            time_added: None,
        })
        .collect()
}

/// Whether `policy` targets `cluster` (no `targetClusters`: every cluster).
fn targets(policy: &ClusterTaintPolicy, cluster: &Cluster) -> bool {
    policy
        .spec
        .target_clusters
        .as_ref()
        .is_none_or(|a| CompiledAffinity::new(a).matches(cluster))
}

fn name_of(c: &Cluster) -> &str {
    c.metadata.name.as_deref().unwrap_or_default()
}

/// Run every check and answer for every cluster.
pub fn diagnose(input: &DoctorInput) -> Diagnosis {
    let s = input.settings;
    let state = input.state;
    let mut findings = Vec::new();
    let gates = source(input, "feature-gates");
    if !s.failover_feature_gate {
        findings.push(Finding {
            code: FindingCode::FailoverGateOff,
            severity: Severity::Error,
            message: format!(
                "Failover=false on karmada-controller-manager ({gates}): taints migrate nothing"
            ),
            evidence: vec![format!("--feature-gates: {gates}")],
            fix: "run karmada-controller-manager with --feature-gates=Failover=true".into(),
        });
    }
    let evict_from = source(input, "enable-no-execute-taint-eviction");
    if !s.enable_no_execute_taint_eviction {
        findings.push(Finding {
            code: FindingCode::NoexecuteEvictionOff,
            severity: Severity::Error,
            message: format!(
                "--enable-no-execute-taint-eviction=false on karmada-controller-manager ({evict_from}): NoExecute taints evict nothing"
            ),
            evidence: vec![format!("--enable-no-execute-taint-eviction: {evict_from}")],
            fix: "run karmada-controller-manager with --enable-no-execute-taint-eviction=true".into(),
        });
    }
    if s.no_execute_taint_eviction_purge_mode == PurgeMode::Directly {
        findings.push(Finding {
            code: FindingCode::PurgeModeDirectly,
            severity: Severity::Warning,
            message: format!(
                "--no-execute-taint-eviction-purge-mode=Directly ({}): the old copy of a binding without failover.cluster goes at once, before the new one runs",
                source(input, "no-execute-taint-eviction-purge-mode")
            ),
            evidence: Vec::new(),
            fix: "use Gracefully (the default), or set spec.failover.cluster.purgeMode per policy where downtime is acceptable".into(),
        });
    }
    if input.queue.resource_eviction_rate == 0.0 {
        findings.push(Finding {
            code: FindingCode::EvictionRateZero,
            severity: Severity::Warning,
            message: format!(
                "--resource-eviction-rate=0 ({}): the eviction queue does not stop, it waits 30 minutes after each batch",
                source(input, "resource-eviction-rate")
            ),
            evidence: Vec::new(),
            fix: "set a positive rate (upstream default 0.5 per second and worker); to stop failover, turn off --enable-no-execute-taint-eviction instead".into(),
        });
    }
    if s.graceful_eviction_timeout_seconds < SHORT_GRACEFUL_TIMEOUT_SECONDS {
        findings.push(Finding {
            code: FindingCode::GracefulTimeoutShort,
            severity: Severity::Warning,
            message: format!(
                "--graceful-eviction-timeout={}s ({}): old copies are removed after that even when the new placement is not healthy yet",
                s.graceful_eviction_timeout_seconds,
                source(input, "graceful-eviction-timeout")
            ),
            evidence: Vec::new(),
            fix: "use a timeout longer than your workloads take to become healthy (upstream default 10m)".into(),
        });
    }

    // ClusterTaintPolicies and the webhook.
    let noexecute: Vec<&ClusterTaintPolicy> = state
        .taint_policies
        .iter()
        .filter(|p| !noexecute_taints(p).is_empty())
        .collect();
    let webhook_from = source(input, "allow-no-execute-taint-policy");
    if noexecute.is_empty() {
        findings.push(Finding {
            code: FindingCode::NoNoexecutePolicy,
            severity: Severity::Error,
            message: "no ClusterTaintPolicy adds a NoExecute taint: a failing cluster is never tainted NoExecute, so nothing moves".into(),
            evidence: named(
                &state
                    .taint_policies
                    .iter()
                    .map(|p| format!("{} (NoSchedule only)", p.metadata.name.as_deref().unwrap_or_default()))
                    .collect::<Vec<_>>(),
            ),
            fix: "apply a ClusterTaintPolicy whose addOnConditions match a failing cluster (e.g. Ready False or Unknown) and whose taints include a NoExecute one".into(),
        });
    } else {
        let uncovered: Vec<&str> = state
            .clusters
            .iter()
            .filter(|c| !noexecute.iter().any(|p| targets(p, c)))
            .map(name_of)
            .collect();
        if !uncovered.is_empty() {
            findings.push(Finding {
                code: FindingCode::ClustersUncovered,
                severity: Severity::Warning,
                message: format!(
                    "{} cluster(s) are targeted by no NoExecute ClusterTaintPolicy: their failure moves nothing",
                    uncovered.len()
                ),
                evidence: named(&uncovered),
                fix: "widen a policy's targetClusters, or add one for these clusters".into(),
            });
        }
    }
    if !input.webhook.allow_no_execute_taint_policy {
        let (severity, message) = if noexecute.is_empty() {
            (
                Severity::Error,
                format!("karmada-webhook rejects ClusterTaintPolicies with NoExecute taints (--allow-no-execute-taint-policy=false, {webhook_from}): the policy failover needs cannot be created"),
            )
        } else {
            (
                Severity::Warning,
                format!("karmada-webhook rejects ClusterTaintPolicies with NoExecute taints (--allow-no-execute-taint-policy=false, {webhook_from}): the existing ones cannot be changed, and no new one can be created"),
            )
        };
        findings.push(Finding {
            code: FindingCode::WebhookRejectsNoexecutePolicy,
            severity,
            message,
            evidence: named(
                &noexecute
                    .iter()
                    .map(|p| p.metadata.name.clone().unwrap_or_default())
                    .collect::<Vec<_>>(),
            ),
            fix: "run karmada-webhook with --allow-no-execute-taint-policy=true".into(),
        });
    }

    // The fleet.
    lint_policies(input, &mut findings);
    nowhere_to_go(state, &mut findings);
    stale_tasks(state, &mut findings);

    let clusters = state
        .clusters
        .iter()
        .map(|c| answer(input, c, &noexecute, &findings))
        .collect();
    let failover_on = !findings.iter().any(|f| {
        matches!(
            f.code,
            FindingCode::FailoverGateOff
                | FindingCode::NoexecuteEvictionOff
                | FindingCode::NoNoexecutePolicy
        )
    });
    let errors: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    let warnings = findings.len() - errors.len();
    let verdict = match (failover_on, errors.first(), warnings) {
        (false, Some(first), _) => format!("cluster failover is OFF: {}", first.message),
        (true, Some(first), _) => format!("cluster failover is ON, but: {}", first.message),
        (_, None, 0) => "cluster failover is ON: every check passed".into(),
        (_, None, n) => format!("cluster failover is ON, with {n} warning(s)"),
    };
    Diagnosis {
        verdict,
        failover_on,
        settings: settings_rows(input),
        findings,
        clusters,
    }
}

fn settings_rows(input: &DoctorInput) -> Vec<SettingRow> {
    let s = input.settings;
    let row = |component, flag: &'static str, value: String| SettingRow {
        component,
        flag,
        value,
        source: source(input, flag),
    };
    let cm = "karmada-controller-manager";
    vec![
        row(
            cm,
            "feature-gates",
            format!("Failover={}", s.failover_feature_gate),
        ),
        row(
            cm,
            "enable-no-execute-taint-eviction",
            s.enable_no_execute_taint_eviction.to_string(),
        ),
        row(
            cm,
            "no-execute-taint-eviction-purge-mode",
            s.no_execute_taint_eviction_purge_mode.to_string(),
        ),
        row(
            cm,
            "graceful-eviction-timeout",
            format!("{}s", s.graceful_eviction_timeout_seconds),
        ),
        row(
            cm,
            "resource-eviction-rate",
            input.queue.resource_eviction_rate.to_string(),
        ),
        row(
            "karmada-webhook",
            "allow-no-execute-taint-policy",
            input.webhook.allow_no_execute_taint_policy.to_string(),
        ),
    ]
}

/// The `policy apply` lint over every propagation policy of the fleet.
fn lint_policies(input: &DoctorInput, out: &mut Vec<Finding>) {
    let state = input.state;
    let mut evidence = Vec::new();
    let pps = state.propagation_policies.iter().map(|p| {
        (
            PolicyKind::PropagationPolicy,
            p.metadata.name.as_deref().unwrap_or_default(),
            p.metadata.namespace.as_deref().unwrap_or_default(),
            serde_json::to_value(&p.spec).unwrap_or_default(),
        )
    });
    let cpps = state.cluster_propagation_policies.iter().map(|p| {
        (
            PolicyKind::ClusterPropagationPolicy,
            p.metadata.name.as_deref().unwrap_or_default(),
            "",
            serde_json::to_value(&p.spec).unwrap_or_default(),
        )
    });
    for (kind, name, namespace, spec) in pps.chain(cpps) {
        let found = policy_lint::lint(&LintInput {
            kind,
            name,
            namespace,
            raw: &spec,
            admitted: &spec,
            fleet: Some(state),
            webhook: input.webhook,
        });
        let who = if namespace.is_empty() {
            format!("clusterpropagationpolicy/{name}")
        } else {
            format!("propagationpolicy/{namespace}/{name}")
        };
        evidence.extend(
            found
                .iter()
                .map(|f| format!("{who}: {}: {}", f.code, f.message)),
        );
    }
    if !evidence.is_empty() {
        out.push(Finding {
            code: FindingCode::PolicyNeverFailsOver,
            severity: Severity::Warning,
            message: format!(
                "{} lint finding(s) on the live propagation policies: failover that never triggers or deletes what it should keep",
                evidence.len()
            ),
            evidence: named(&evidence),
            fix: "run `karmadactl policy apply -f` with the fixed policies; each finding names its fix".into(),
        });
    }
}

/// Bindings whose eviction from one of their clusters would find no feasible cluster.
fn nowhere_to_go(state: &FleetState, out: &mut Vec<Finding>) {
    let mut per_cluster: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for b in &state.bindings {
        for t in &b.spec.clusters {
            let verdict = pre_scheduling_check(
                &b.spec,
                &state.clusters,
                std::slice::from_ref(&t.name),
                |c| passes_filters(c, &b.spec).is_ok() && !carries_noexecute(c),
            );
            if !verdict.feasible {
                per_cluster
                    .entry(t.name.as_str())
                    .or_default()
                    .push(b.display_name());
            }
        }
    }
    if per_cluster.is_empty() {
        return;
    }
    let total: usize = per_cluster.values().map(Vec::len).sum();
    let evidence = per_cluster
        .iter()
        .map(|(c, bs)| format!("{c}: {} binding(s): {}", bs.len(), named(bs).join(", ")))
        .collect();
    out.push(Finding {
        code: FindingCode::NowhereToGo,
        severity: Severity::Warning,
        message: format!(
            "{total} binding-cluster pair(s) have nowhere to go if that cluster fails: upstream evicts them anyway and the workload disappears (karmada#7455)"
        ),
        evidence,
        fix: "widen the placements (more clusters in the affinity, fewer spread minGroups), or tolerate the failure taint for these workloads".into(),
    });
}

fn carries_noexecute(c: &Cluster) -> bool {
    c.taints()
        .iter()
        .any(|t| effect_of(t) == Some(TaintEffect::NoExecute))
}

/// Tasks from clusters that are Ready and untainted again.
fn stale_tasks(state: &FleetState, out: &mut Vec<Finding>) {
    let ready = |name: &str| {
        state.cluster(name).is_some_and(|c| {
            c.condition("Ready").is_some_and(|r| r.status == "True") && !carries_noexecute(c)
        })
    };
    let stale: Vec<String> = state
        .bindings
        .iter()
        .flat_map(|b| {
            b.spec
                .graceful_eviction_tasks
                .iter()
                .filter(|t| ready(&t.from_cluster))
                .map(move |t| format!("{} from {}", b.display_name(), t.from_cluster))
        })
        .collect();
    if stale.is_empty() {
        return;
    }
    out.push(Finding {
        code: FindingCode::StaleEvictionTask,
        severity: Severity::Warning,
        message: format!(
            "{} graceful eviction task(s) from clusters that are Ready again: the scheduler keeps those clusters out of the bindings until the tasks go",
            stale.len()
        ),
        evidence: named(&stale),
        fix: "`karmadactl evictions list` shows where each stands; `karmadactl evictions prune --recovered --all` removes those whose binding is healthy elsewhere".into(),
    });
}

/// "If `cluster` failed now": what the taint manager would do, from the NoExecute
/// taints the policies that target it would add.
fn answer(
    input: &DoctorInput,
    cluster: &Cluster,
    noexecute: &[&ClusterTaintPolicy],
    findings: &[Finding],
) -> ClusterAnswer {
    let name = name_of(cluster);
    let covering: Vec<&&ClusterTaintPolicy> =
        noexecute.iter().filter(|p| targets(p, cluster)).collect();
    let bindings = input
        .state
        .bindings
        .iter()
        .filter(|b| b.spec.clusters.iter().any(|t| t.name == name))
        .count();
    let mut out = ClusterAnswer {
        cluster: name.to_string(),
        policies: covering
            .iter()
            .map(|p| p.metadata.name.clone().unwrap_or_default())
            .collect(),
        bindings,
        moving: 0,
        first_after_seconds: None,
        last_after_seconds: None,
        staying: 0,
        blocked: 0,
        nothing_moves: None,
    };
    let off = findings.iter().find(|f| {
        matches!(
            f.code,
            FindingCode::FailoverGateOff | FindingCode::NoexecuteEvictionOff
        )
    });
    if let Some(f) = off {
        out.nothing_moves = Some(f.message.clone());
        return out;
    }
    if covering.is_empty() {
        out.nothing_moves = Some(
            "no NoExecute ClusterTaintPolicy targets it: it is never tainted NoExecute".into(),
        );
        return out;
    }
    let taints: Vec<Taint> = covering
        .iter()
        .flat_map(|p| noexecute_taints(p))
        .map(|mut t| {
            t.time_added = Some(Time(input.now));
            t
        })
        .collect();
    let sim = simulate(
        input.state,
        &Scenario {
            targets: vec![name.to_string()],
            taints,
            now: input.now,
            until: input.now + HORIZON,
            recover_at: None,
            settings: input.settings.clone(),
            queue: input.queue.clone(),
        },
    );
    // Evicted with no placement predicted: upstream removes the copy all the same.
    let nowhere: std::collections::HashSet<&str> = sim
        .predictions
        .iter()
        .filter(|p| p.clusters.is_none() && p.leaves.iter().any(|c| c == name))
        .map(|p| p.binding.as_str())
        .collect();
    let mut times = Vec::new();
    for o in sim.outcomes.iter().filter(|o| o.cluster == name) {
        match o.verdict {
            Verdict::Evict | Verdict::EvictLater if nowhere.contains(o.binding.as_str()) => {
                out.blocked += 1
            }
            Verdict::Evict | Verdict::EvictLater => {
                out.moving += 1;
                if let Some(at) = o.at.or(o.due) {
                    times.push(at.as_second() - input.now.as_second());
                }
            }
            Verdict::Tolerated | Verdict::Recovered => out.staying += 1,
            _ => out.blocked += 1,
        }
    }
    out.first_after_seconds = times.iter().min().copied();
    out.last_after_seconds = times.iter().max().copied();
    if out.moving == 0 {
        out.nothing_moves = Some(if bindings == 0 {
            "no binding is placed on it".into()
        } else {
            "every binding on it tolerates the taint or cannot be evicted".into()
        });
    }
    out
}

#[cfg(test)]
mod tests;
