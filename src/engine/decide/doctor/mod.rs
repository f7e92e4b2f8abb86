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
use rayon::prelude::*;
use serde::Serialize;

use crate::api::taint::{effect_of, TaintEffect};
use crate::api::{Cluster, ClusterTaintPolicy, Taint};
use crate::engine::decide::policy_lint::{self, LintInput};
use crate::engine::karmada::admission::{PolicyKind, WebhookSettings};
use crate::engine::karmada::cluster_affinity::CompiledAffinity;
use crate::engine::karmada::cluster_health::FailureMode;
use crate::engine::predict::simulate::{Scenario, Verdict};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::engine::vocabulary::settings::{HealthSettings, QueueSettings};
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
    /// A NoExecute ClusterTaintPolicy matches no `Ready` status a failing cluster of its
    /// sync mode reaches (Push: only False).
    PolicyNeverFires,
    /// A NoExecute ClusterTaintPolicy does not match `Ready` Unknown: a Pull cluster whose
    /// agent stops is never tainted.
    PolicyMissesAgentDown,
    /// Health flags make a failure's detection take longer than finite tolerations.
    DetectionSlowerThanTolerations,
    /// Bindings with statePreservation rules while StatefulFailoverInjection is off.
    StateGateOff,
    /// Bindings whose state cannot be extracted now: their failover would be held back.
    StateHeld,
    /// The release re-queues tolerated bindings every 10 s (karmada#7612) and this fleet
    /// has bindings that tolerate NoExecute taints.
    VersionRequeueTolerated,
    /// The release's scheduler can panic on Duplicated bindings with group spread
    /// constraints (karmada#7154).
    VersionSchedulerSpreadPanic,
    /// The release schedules workloads scaled to zero as non-workloads (v1.15).
    VersionZeroReplicaWorkload,
    /// The release breaks static-weight ties at random (v1.15).
    VersionRandomApportionment,
    /// The release's graceful eviction controllers patch without locking (karmada#7302).
    VersionUnlockedEvictionPatch,
    /// A component's settings could not be read (not found, forbidden, host unreachable):
    /// the checks that need them did not run.
    ComponentUnknown,
    /// The loss of a cluster would leave replicas Pending where the scheduler sends them
    /// (no room there, or the burst overcommits it).
    LossLeavesPending,
    /// Bindings ask for application failover but `--controllers` does not run it.
    AppFailoverControllerOff,
    /// Application failover purging `Gracefully` while `GracefulEviction` is off: never
    /// evicted.
    AppFailoverGracefulGateOff,
    /// Application `statePreservation` while `StatefulFailoverInjection` is off.
    AppFailoverStateGateOff,
    /// Bindings with application failover the controller skips (`propagateDeps` off, no
    /// health interpretation).
    AppFailoverSkipped,
    /// `tolerationSeconds: 0`: evicted only at the next event, not at once.
    AppFailoverZeroToleration,
    /// Bindings Unhealthy now where application failover is armed.
    AppFailoverUnhealthyNow,
    /// Application failover tasks holding the old copy (`Never`) until confirmed.
    AppFailoverCopiesHeld,
    /// Bindings evicted by application failover and left without a placement, or
    /// scheduled again on every spec change: they come back when their tasks go, and
    /// are evicted again while the workload stays Unhealthy there.
    AppFailoverLoop,
    /// The scheduler asks members' scheduler-estimators and some member has none: the
    /// general estimator alone places replicas there.
    EstimatorMissing,
    /// Scheduler-estimators run that neither the scheduler nor the descheduler asks.
    EstimatorUnused,
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
    /// The value, or `unknown` when the component could not be read.
    pub value: String,
    /// Short: `set` (on the component, see [`ComponentSource`]), `not set: upstream
    /// default`, `flag --NAME`, `remembered`, `snapshot header`, `upstream default`,
    /// `unknown`.
    pub source: String,
}

/// Where one component's settings came from, said once for all its rows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentSource {
    /// `karmada-controller-manager`, `karmada-webhook`, `karmada-scheduler`.
    pub component: &'static str,
    /// `found`, `not-found`, `unreadable`, or `not-read` (no host was given).
    pub state: &'static str,
    /// Found: `deploy/NS/NAME (container C)` and how it was found; else what was looked
    /// for and why it failed; not read: where the values come from instead.
    pub source: String,
    /// The container image, when found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

/// A component whose settings are unknown.
#[derive(Clone, Debug, PartialEq)]
pub struct Unknown {
    /// `karmada-controller-manager` or `karmada-webhook`.
    pub component: &'static str,
    /// What was looked for, and why it failed.
    pub why: String,
    /// How to point at it.
    pub fix: String,
}

/// What the doctor looks at.
pub struct DoctorInput<'a> {
    pub state: &'a FleetState,
    pub settings: &'a ControllerSettings,
    pub queue: &'a QueueSettings,
    /// How fast a failure is noticed (the cluster-status controller, the monitor, the
    /// agent's lease).
    pub health: &'a HealthSettings,
    /// karmada-webhook's `--allow-no-execute-taint-policy`.
    pub webhook: WebhookSettings,
    /// Where each setting came from, by flag name, in full (for findings; missing:
    /// upstream default).
    pub sources: &'a BTreeMap<String, String>,
    /// The same, short (for the settings table, whose components say the rest).
    pub short_sources: &'a BTreeMap<String, String>,
    /// Where each component's settings came from.
    pub components: &'a [ComponentSource],
    /// Components whose settings could not be read: their flags are unknown, and the
    /// checks that need them do not run.
    pub unknown: &'a [Unknown],
    /// The members' karmada-scheduler-estimators found on the host, by the member each
    /// serves, with where (`None`: the host or its scheduler was not read).
    pub estimators: Option<&'a BTreeMap<String, String>>,
    pub now: Timestamp,
}

/// Replicas a loss leaves Pending on each cluster, in the order of the clusters' names
/// (written as a map), each name shared with every other answer: a fleet's answers hold
/// hundreds of these each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PendingOn(Vec<(std::sync::Arc<str>, i64)>);

impl PendingOn {
    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> {
        self.0.iter().map(|(c, n)| (&**c, *n))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<(std::sync::Arc<str>, i64)> for PendingOn {
    fn from_iter<I: IntoIterator<Item = (std::sync::Arc<str>, i64)>>(items: I) -> Self {
        let mut on: Vec<_> = items.into_iter().collect();
        on.sort_by(|a, b| a.0.cmp(&b.0));
        // A cluster given twice keeps its last count, as a map would.
        on.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = later.1;
            }
            same
        });
        PendingOn(on)
    }
}

impl Serialize for PendingOn {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// The answer to "if this cluster failed now".
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterAnswer {
    pub cluster: String,
    /// The NoExecute ClusterTaintPolicies that would taint it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub policies: Vec<String>,
    /// `Push` or `Pull`.
    pub sync_mode: &'static str,
    /// The ways it was made to fail (`refused`, `frozen`, and `agent-down` for Pull).
    pub failures: Vec<FailureMode>,
    /// Seconds after the failure that `Ready` changes, earliest and latest over the ways
    /// it fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_after_seconds: Option<SecondsInterval>,
    /// Bindings placed on it.
    pub bindings: usize,
    /// Bindings the taint manager would evict.
    pub moving: usize,
    /// Seconds after the failure (it stops answering) of the first and the last
    /// eviction, over the ways it fails.
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
    /// Ways of failing that move nothing, when others do (a Pull cluster's agent down
    /// that no policy matches).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub caveats: Vec<String>,
    /// Replicas its loss would leave Pending where they land (the burst as the settings
    /// say the scheduler sees it), and on which clusters.
    #[serde(skip_serializing_if = "is_zero")]
    pub pending_replicas: i64,
    #[serde(skip_serializing_if = "PendingOn::is_empty")]
    pub pending_on: PendingOn,
    /// Where each moving binding lands (`member2 x2, member3 x1`, or why nowhere), by
    /// binding: what `--upgrade-to` compares between two releases (empty from
    /// [`diagnose`], filled for that comparison alone).
    #[serde(skip)]
    pub placements: BTreeMap<String, String>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// Seconds after a moment, earliest and latest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SecondsInterval {
    pub earliest: i64,
    pub latest: i64,
}

/// The doctor's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnosis {
    /// One sentence: on or off, and why.
    pub verdict: String,
    /// Whether a failing cluster's workloads move at all.
    pub failover_on: bool,
    /// Where each component's settings came from.
    pub components: Vec<ComponentSource>,
    pub settings: Vec<SettingRow>,
    /// What the doctor could not know (components whose settings are unknown).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unknown: Vec<String>,
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

/// The first [`EVIDENCE_LIMIT`] of `items`, and how many more there are.
fn named<T: AsRef<str>>(items: &[T]) -> Vec<String> {
    named_of(items.iter().map(|s| s.as_ref().to_string()))
}

/// [`named`], making only the items it names.
fn named_of(items: impl ExactSizeIterator<Item = String>) -> Vec<String> {
    let total = items.len();
    let mut out: Vec<String> = items.take(EVIDENCE_LIMIT).collect();
    if total > EVIDENCE_LIMIT {
        out.push(format!("... and {} more", total - EVIDENCE_LIMIT));
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

/// The controller manager and the webhook, as reports name them.
const CONTROLLER_MANAGER: &str = "karmada-controller-manager";
const WEBHOOK: &str = "karmada-webhook";

/// Whether the settings of `component` are known.
fn known(input: &DoctorInput, component: &str) -> bool {
    !input.unknown.iter().any(|u| u.component == component)
}

/// Run every check and answer for every cluster. The checks of a component whose
/// settings are unknown do not run; a finding says so instead. Each answer's
/// [`ClusterAnswer::placements`] is left empty: only a comparison of releases reads them
/// ([`upgrade::compare`]), and on a large fleet they are one entry per binding and
/// cluster.
pub fn diagnose(input: &DoctorInput) -> Diagnosis {
    diagnose_keeping(input, false)
}

/// [`diagnose`], each answer with where every binding it moves lands.
fn diagnose_with_placements(input: &DoctorInput) -> Diagnosis {
    diagnose_keeping(input, true)
}

fn diagnose_keeping(input: &DoctorInput, placements: bool) -> Diagnosis {
    let state = input.state;
    let mut findings: Vec<Finding> = input
        .unknown
        .iter()
        .map(|u| Finding {
            code: FindingCode::ComponentUnknown,
            severity: Severity::Warning,
            message: format!(
                "the settings of {} are unknown: {}; the checks that need them did not run",
                u.component, u.why
            ),
            evidence: Vec::new(),
            fix: u.fix.clone(),
        })
        .collect();
    let cm_known = known(input, CONTROLLER_MANAGER);
    if cm_known {
        controller_findings(input, &mut findings);
    }
    let noexecute = policy_findings(input, &mut findings);
    // The fleet.
    lint_policies(input, &mut findings);
    nowhere_to_go(state, &mut findings);
    stale_tasks(state, &mut findings);
    health::unreachable_policies(state, &mut findings);
    health::slow_detection(input, &noexecute, &mut findings);
    if cm_known {
        state_findings(input, &mut findings);
        application::application_findings(input, &mut findings);
    }
    estimators::estimator_findings(input, &mut findings);
    versions::version_findings(input, &mut findings);

    // Each answer sees the fleet's clusters and the bindings on its cluster: the clusters
    // are copied once per worker, the bindings found through one index of the fleet.
    let on = fleet::bindings_by_cluster(state);
    let index = fleet::index(state);
    // Each binding's tolerations read once for every answer it is in.
    let read = Default::default();
    let names = fleet::shared_names(state);
    let clusters: Vec<ClusterAnswer> = state
        .clusters
        .par_iter()
        .map_init(
            || fleet::without_bindings(state),
            |sub, c| {
                fleet::keep_bindings_on(sub, state, &on, c);
                answer(input, c, sub, &index, &read, &names, &findings, placements)
            },
        )
        .collect();
    fleet::capacity_findings(&clusters, &mut findings);
    let (verdict, off) = verdict(input, &findings);
    Diagnosis {
        verdict,
        failover_on: !off && cm_known,
        components: input.components.to_vec(),
        settings: settings_rows(input),
        unknown: input
            .unknown
            .iter()
            .map(|u| format!("the settings of {} ({})", u.component, u.why))
            .collect(),
        findings,
        clusters,
    }
}

/// The controller manager's switches and pace (its settings are known).
fn controller_findings(input: &DoctorInput, findings: &mut Vec<Finding>) {
    let s = input.settings;
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
}

/// The ClusterTaintPolicies and the webhook that admits them; the NoExecute ones.
fn policy_findings<'s>(
    input: &DoctorInput<'s>,
    findings: &mut Vec<Finding>,
) -> Vec<&'s ClusterTaintPolicy> {
    let state = input.state;
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
    if known(input, WEBHOOK) && !input.webhook.allow_no_execute_taint_policy {
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

    noexecute
}

/// The one sentence and whether failover is off, from the findings.
fn verdict(input: &DoctorInput, findings: &[Finding]) -> (String, bool) {
    let cm_known = known(input, CONTROLLER_MANAGER);
    let off = findings.iter().any(|f| {
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
    let verdict = match (off, cm_known, errors.first(), warnings) {
        (true, _, Some(first), _) => format!("cluster failover is OFF: {}", first.message),
        (false, false, first, _) => {
            let also = first
                .map(|f| format!("; and: {}", f.message))
                .unwrap_or_default();
            format!(
                "cluster failover is UNKNOWN: the settings of karmada-controller-manager could not be read ({}){also}",
                input
                    .unknown
                    .iter()
                    .find(|u| u.component == CONTROLLER_MANAGER)
                    .map(|u| u.why.as_str())
                    .unwrap_or_default()
            )
        }
        (_, _, Some(first), _) => format!("cluster failover is ON, but: {}", first.message),
        (_, _, None, 0) => "cluster failover is ON: every check passed".into(),
        (_, _, None, n) => format!("cluster failover is ON, with {n} warning(s)"),
    };
    // What it could not know, unless the verdict already says it.
    let said = !off && !cm_known;
    let unsaid: Vec<String> = input
        .unknown
        .iter()
        .filter(|u| !(said && u.component == CONTROLLER_MANAGER))
        .map(|u| format!("the settings of {}: {}", u.component, u.why))
        .collect();
    let verdict = if unsaid.is_empty() {
        verdict
    } else {
        format!("{verdict} (could not know: {})", unsaid.join("; "))
    };
    (verdict, off)
}

/// The release predictions follow, and the one named when the tool was not checked
/// against it (`v1.19.0-rc.0 for v1.19.0`).
fn version_value(s: &ControllerSettings) -> String {
    match s.karmada_version_unchecked {
        Some(named) => format!("{} for {named}", s.karmada_version),
        None => s.karmada_version.to_string(),
    }
}

fn settings_rows(input: &DoctorInput) -> Vec<SettingRow> {
    let s = input.settings;
    let row = |component, flag: &'static str, value: String| {
        let unknown = !known(input, component);
        SettingRow {
            component,
            flag,
            value: if unknown { "unknown".into() } else { value },
            source: if unknown {
                "unknown".into()
            } else {
                input
                    .short_sources
                    .get(flag)
                    .cloned()
                    .unwrap_or_else(|| source(input, flag))
            },
        }
    };
    let cm = CONTROLLER_MANAGER;
    vec![
        row(cm, "karmada-version", version_value(s)),
        row(
            cm,
            "feature-gates",
            format!("Failover={}", s.failover_feature_gate),
        ),
        row(
            cm,
            "controllers",
            format!(
                "applicationFailover {}",
                if s.application_failover_controller {
                    "on"
                } else {
                    "off"
                }
            ),
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
            WEBHOOK,
            "allow-no-execute-taint-policy",
            input.webhook.allow_no_execute_taint_policy.to_string(),
        ),
        row(
            "karmada-scheduler",
            "enable-scheduler-estimator",
            s.scheduler_estimator.to_string(),
        ),
    ]
}

mod application;
mod estimators;
mod fleet;
mod health;
use fleet::{answer, lint_policies, nowhere_to_go, stale_tasks, state_findings};
pub mod upgrade;
mod versions;

#[cfg(test)]
mod tests;
