//! When a tainted cluster's workloads are evicted: the taint manager's NoExecute rule
//! (family `noexecute_eviction`) and the full per-binding, per-cluster decision that adds
//! the proposal's `PreferNoExecute`, the controller gates and the purge mode.

use jiff::Timestamp;
use serde::Serialize;

use super::toleration::{
    describe_taint, describe_toleration, first_tolerating, tolerates, tolerations_of, BindingRef,
};
use super::Reason;
use crate::api::{Cluster, Taint, Toleration};

/// Default of `failover.cluster.tolerationSeconds` for `PreferNoExecute` (proposal).
pub const DEFAULT_PREFER_NO_EXECUTE_TOLERATION_SECONDS: i64 = 300;
/// Default of the controller's `--graceful-eviction-timeout` (10 minutes).
pub const DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS: i64 = 600;
/// Purge mode `Gracefully`.
pub const PURGE_GRACEFULLY: &str = "Gracefully";
/// Purge mode `Directly`.
pub const PURGE_DIRECTLY: &str = "Directly";

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// The karmada-controller-manager settings a failover prediction depends on. The
/// defaults are upstream's; a prediction always reports the values it assumed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerSettings {
    /// `--feature-gates=Failover=...` (upstream default off): when off, taints migrate
    /// nothing.
    pub failover_feature_gate: bool,
    /// `--enable-no-execute-taint-eviction` (default false): required for NoExecute
    /// evictions.
    pub enable_no_execute_taint_eviction: bool,
    /// `--no-execute-taint-eviction-purge-mode` (default `Gracefully`): purge mode of
    /// evictions of bindings without `spec.failover.cluster`.
    pub no_execute_taint_eviction_purge_mode: String,
    /// `--graceful-eviction-timeout` in seconds (default 600).
    pub graceful_eviction_timeout_seconds: i64,
}

impl Default for ControllerSettings {
    fn default() -> Self {
        ControllerSettings {
            failover_feature_gate: false,
            enable_no_execute_taint_eviction: false,
            no_execute_taint_eviction_purge_mode: PURGE_GRACEFULLY.to_string(),
            graceful_eviction_timeout_seconds: DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS,
        }
    }
}

/// The taint manager's verdict for one binding on one cluster (family
/// `noexecute_eviction`), serialized as the vectors spell it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "decision")]
pub enum NoExecuteDecision {
    /// An untolerated NoExecute taint, or a toleration already expired.
    EvictNow,
    /// Every NoExecute taint is tolerated, the earliest toleration runs out at `at`.
    #[serde(rename_all = "camelCase")]
    EvictAfter {
        /// Whole seconds from `now` to `at`, rounded up.
        after_seconds: i64,
        /// When the eviction is due.
        at: Timestamp,
    },
    /// Every NoExecute taint is tolerated without a time limit (or there is none).
    TolerateForever,
}

/// A [`NoExecuteDecision`] with the rules that produced it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NoExecuteVerdict {
    /// The decision.
    #[serde(flatten)]
    pub decision: NoExecuteDecision,
    /// Why.
    pub reasons: Vec<Reason>,
}

/// Nanoseconds since the Unix epoch.
fn nanos(t: Timestamp) -> i128 {
    t.as_nanosecond()
}

/// The timestamp `ns` nanoseconds after the epoch, clamped to jiff's range.
fn from_nanos(ns: i128) -> Timestamp {
    let lo = nanos(Timestamp::MIN);
    let hi = nanos(Timestamp::MAX);
    Timestamp::from_nanosecond(ns.clamp(lo, hi)).unwrap_or(Timestamp::MAX)
}

/// Whole seconds in `ns`, rounded up (never claims an eviction earlier than it is due).
fn ceil_seconds(ns: i128) -> i64 {
    let s = ns.div_euclid(NANOS_PER_SECOND) + i128::from(ns.rem_euclid(NANOS_PER_SECOND) != 0);
    s.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// Upstream's taint-manager rule for one binding on one cluster: only `NoExecute`
/// taints count; any untolerated one evicts now; otherwise the earliest
/// `timeAdded + tolerationSeconds` over the tolerations used (the first matching
/// toleration of each taint, applied to every NoExecute taint it tolerates that has a
/// `timeAdded`) is when the eviction is due; due at or before `now` evicts now; no
/// toleration with seconds tolerates forever.
pub fn noexecute_eviction(
    taints: &[Taint],
    tolerations: &[Toleration],
    now: Timestamp,
) -> NoExecuteVerdict {
    let no_execute: Vec<&Taint> = taints.iter().filter(|t| t.effect == "NoExecute").collect();
    if no_execute.is_empty() {
        return NoExecuteVerdict {
            decision: NoExecuteDecision::TolerateForever,
            reasons: vec![Reason::new(
                "no-noexecute-taints",
                "the cluster has no NoExecute taint",
            )],
        };
    }

    let mut used: Vec<&Toleration> = Vec::with_capacity(no_execute.len());
    for taint in &no_execute {
        match first_tolerating(tolerations, taint) {
            Some((_, t)) => used.push(t),
            None => {
                return NoExecuteVerdict {
                    decision: NoExecuteDecision::EvictNow,
                    reasons: vec![Reason::new(
                        "noexecute-untolerated",
                        format!("no toleration tolerates taint {}", describe_taint(taint)),
                    )],
                }
            }
        }
    }

    // Earliest trigger time over (used toleration with seconds) x (taint it tolerates).
    let mut earliest: Option<(i128, &Toleration, &Taint)> = None;
    for toleration in &used {
        let Some(seconds) = toleration.toleration_seconds else {
            continue;
        };
        for taint in &no_execute {
            let Some(added) = &taint.time_added else {
                continue;
            };
            if !tolerates(toleration, taint) {
                continue;
            }
            let due = nanos(added.0) + i128::from(seconds) * NANOS_PER_SECOND;
            if earliest.is_none_or(|(e, _, _)| due < e) {
                earliest = Some((due, toleration, taint));
            }
        }
    }

    let Some((due, toleration, taint)) = earliest else {
        return NoExecuteVerdict {
            decision: NoExecuteDecision::TolerateForever,
            reasons: vec![Reason::new(
                "noexecute-tolerated-forever",
                format!(
                    "all {} NoExecute taint(s) are tolerated without tolerationSeconds",
                    no_execute.len()
                ),
            )],
        };
    };
    let left = due - nanos(now);
    let at = from_nanos(due);
    if left <= 0 {
        return NoExecuteVerdict {
            decision: NoExecuteDecision::EvictNow,
            reasons: vec![Reason::new(
                "noexecute-toleration-expired",
                format!(
                    "toleration {} of taint {} ran out at {at}",
                    describe_toleration(toleration),
                    describe_taint(taint)
                ),
            )],
        };
    }
    NoExecuteVerdict {
        decision: NoExecuteDecision::EvictAfter {
            after_seconds: ceil_seconds(left),
            at,
        },
        reasons: vec![Reason::new(
            "noexecute-tolerated-until",
            format!(
                "toleration {} of taint {} runs out at {at}",
                describe_toleration(toleration),
                describe_taint(taint)
            ),
        )],
    }
}

/// What happens to a binding's placement on one cluster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "action")]
pub enum Action {
    /// The placement stays (no taint evicts it, a gate is off, or it is tolerated).
    Stay,
    /// The controller evicts it as soon as it processes the binding.
    EvictNow,
    /// The controller evicts it at `at`, unless the taint goes away first.
    #[serde(rename_all = "camelCase")]
    EvictAfter {
        /// Whole seconds from `now` to `at`, rounded up.
        after_seconds: i64,
        /// When the eviction is due.
        at: Timestamp,
    },
}

impl Action {
    /// When the eviction is due (`now` for [`Action::EvictNow`]), `None` when it stays.
    pub fn due(&self, now: Timestamp) -> Option<Timestamp> {
        match self {
            Action::Stay => None,
            Action::EvictNow => Some(now),
            Action::EvictAfter { at, .. } => Some(*at),
        }
    }

    fn from_due(due: i128, now: Timestamp) -> Action {
        let left = due - nanos(now);
        if left <= 0 {
            Action::EvictNow
        } else {
            Action::EvictAfter {
                after_seconds: ceil_seconds(left),
                at: from_nanos(due),
            }
        }
    }
}

/// The failover decision for one binding on one cluster, with every rule applied.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterDecision {
    /// The cluster.
    pub cluster: String,
    /// What happens to the placement.
    #[serde(flatten)]
    pub action: Action,
    /// Purge mode of the eviction task (set when the placement is evicted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    /// Seconds the old copy may wait for the new one (set for `Gracefully`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graceful_eviction_timeout_seconds: Option<i64>,
    /// The controller settings this decision assumed.
    pub assumed: ControllerSettings,
    /// The rules applied, in order.
    pub reasons: Vec<Reason>,
}

/// The purge mode of a controller eviction: `spec.failover.cluster.purgeMode` (empty
/// means `Gracefully`); without `failover.cluster`, the controller flag (`Directly`, else
/// `Gracefully`).
pub fn resolve_purge_mode(
    binding: BindingRef<'_>,
    settings: &ControllerSettings,
) -> (String, Reason) {
    let cluster_failover = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.cluster.as_ref());
    if let Some(cf) = cluster_failover {
        return match cf.purge_mode.as_deref().filter(|m| !m.is_empty()) {
            Some(mode) => (
                mode.to_string(),
                Reason::new(
                    "purge-mode-from-failover-policy",
                    format!("purge mode {mode} from spec.failover.cluster.purgeMode"),
                ),
            ),
            None => (
                PURGE_GRACEFULLY.to_string(),
                Reason::new(
                    "purge-mode-policy-default",
                    "spec.failover.cluster.purgeMode is empty, which means Gracefully",
                ),
            ),
        };
    }
    let flag = settings.no_execute_taint_eviction_purge_mode.as_str();
    let mode = if flag == PURGE_DIRECTLY {
        PURGE_DIRECTLY
    } else {
        PURGE_GRACEFULLY
    };
    (
        mode.to_string(),
        Reason::new(
            "purge-mode-from-controller-flag",
            format!(
                "no spec.failover.cluster: purge mode {mode} from --no-execute-taint-eviction-purge-mode={flag}"
            ),
        ),
    )
}

/// The eviction the `NoExecute` taints call for, as a due time (ns since the epoch),
/// `None` when they call for none. Pushes the reasons it applied.
fn no_execute_due(
    binding: BindingRef<'_>,
    taints: &[Taint],
    settings: &ControllerSettings,
    now: Timestamp,
    reasons: &mut Vec<Reason>,
) -> Option<i128> {
    if !taints.iter().any(|t| t.effect == "NoExecute") {
        return None;
    }
    if !settings.enable_no_execute_taint_eviction {
        reasons.push(Reason::new(
            "noexecute-eviction-disabled",
            "the cluster has NoExecute taints but --enable-no-execute-taint-eviction is off (assumed): they evict nothing",
        ));
        return None;
    }
    let tolerations = match tolerations_of(binding) {
        Ok(t) => t,
        Err(reason) => {
            reasons.push(reason);
            reasons.push(Reason::new(
                "noexecute-tolerations-unreadable",
                "the controller cannot read the binding's tolerations and retries without evicting",
            ));
            return None;
        }
    };
    reasons.push(tolerations.reason);
    let verdict = noexecute_eviction(taints, &tolerations.tolerations, now);
    reasons.extend(verdict.reasons);
    match verdict.decision {
        NoExecuteDecision::EvictNow => Some(nanos(now)),
        NoExecuteDecision::EvictAfter { at, .. } => Some(nanos(at)),
        NoExecuteDecision::TolerateForever => None,
    }
}

/// The eviction the `PreferNoExecute` taints call for (proposal): tolerations are not
/// consulted; only a binding with `spec.failover.cluster` moves, at the earliest
/// `timeAdded + tolerationSeconds` (300 when absent, 0 = at once).
fn prefer_no_execute_due(
    binding: BindingRef<'_>,
    taints: &[Taint],
    now: Timestamp,
    reasons: &mut Vec<Reason>,
) -> Option<i128> {
    let prefer: Vec<&Taint> = taints
        .iter()
        .filter(|t| t.effect == "PreferNoExecute")
        .collect();
    if prefer.is_empty() {
        return None;
    }
    let names = prefer
        .iter()
        .map(|t| describe_taint(t))
        .collect::<Vec<_>>()
        .join(", ");
    let Some(cf) = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.cluster.as_ref())
    else {
        reasons.push(Reason::new(
            "prefer-noexecute-no-failover",
            format!("PreferNoExecute taint(s) {names} move only bindings with spec.failover.cluster; this one has none and stays (tolerations are not consulted)"),
        ));
        return None;
    };
    let (seconds, origin) = match cf.toleration_seconds {
        Some(s) => (i64::from(s), "spec.failover.cluster.tolerationSeconds"),
        None => (DEFAULT_PREFER_NO_EXECUTE_TOLERATION_SECONDS, "the default"),
    };
    let mut earliest: Option<(i128, &Taint)> = None;
    for taint in &prefer {
        let added = match &taint.time_added {
            Some(t) => nanos(t.0),
            None => {
                reasons.push(Reason::new(
                    "taint-time-added-missing",
                    format!(
                        "taint {} has no timeAdded: counting from now",
                        describe_taint(taint)
                    ),
                ));
                nanos(now)
            }
        };
        let due = added + i128::from(seconds.max(0)) * NANOS_PER_SECOND;
        if earliest.is_none_or(|(e, _)| due < e) {
            earliest = Some((due, taint));
        }
    }
    let (due, taint) = earliest?;
    let at = from_nanos(due);
    let code = if due <= nanos(now) {
        "prefer-noexecute-failover-due"
    } else {
        "prefer-noexecute-failover-scheduled"
    };
    reasons.push(Reason::new(
        code,
        format!(
            "PreferNoExecute taint {} with spec.failover.cluster: tolerated {seconds}s ({origin}), eviction due at {at}",
            describe_taint(taint)
        ),
    ));
    Some(due)
}

/// The failover decision for `binding` on `cluster` at `now`: the cluster must be in the
/// binding's scheduling result and carry a NoExecute or PreferNoExecute taint, the
/// Failover gate must be on; NoExecute follows [`noexecute_eviction`] (and needs
/// `--enable-no-execute-taint-eviction`), PreferNoExecute follows the proposal; the
/// earliest eviction wins, with the purge mode it would use.
pub fn decide_cluster(
    binding: BindingRef<'_>,
    cluster: &Cluster,
    settings: &ControllerSettings,
    now: Timestamp,
) -> ClusterDecision {
    let name = cluster.metadata.name.clone().unwrap_or_default();
    let mut decision = ClusterDecision {
        cluster: name.clone(),
        action: Action::Stay,
        purge_mode: None,
        graceful_eviction_timeout_seconds: None,
        assumed: settings.clone(),
        reasons: Vec::new(),
    };
    if !binding.spec.clusters.iter().any(|c| c.name == name) {
        decision.reasons.push(Reason::new(
            "not-in-scheduling-result",
            format!("cluster {name} is not in the binding's spec.clusters: nothing to evict"),
        ));
        return decision;
    }
    let taints = cluster.taints();
    if !taints
        .iter()
        .any(|t| t.effect == "NoExecute" || t.effect == "PreferNoExecute")
    {
        decision.reasons.push(Reason::new(
            "no-eviction-taints",
            format!("cluster {name} has no NoExecute or PreferNoExecute taint"),
        ));
        return decision;
    }
    if !settings.failover_feature_gate {
        decision.reasons.push(Reason::new(
            "failover-gate-disabled",
            "the Failover feature gate is off (assumed): taints migrate nothing",
        ));
        return decision;
    }

    let mut reasons = Vec::new();
    let hard = no_execute_due(binding, taints, settings, now, &mut reasons);
    let soft = prefer_no_execute_due(binding, taints, now, &mut reasons);
    let due = match (hard, soft) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    decision.reasons = reasons;
    let Some(due) = due else {
        return decision;
    };
    decision.action = Action::from_due(due, now);
    let (mode, why) = resolve_purge_mode(binding, settings);
    decision.reasons.push(why);
    if mode == PURGE_GRACEFULLY {
        let secs = settings.graceful_eviction_timeout_seconds;
        decision.graceful_eviction_timeout_seconds = Some(secs);
        decision.reasons.push(Reason::new(
            "graceful-eviction-timeout",
            format!("the old copy stays until the new placement is healthy or --graceful-eviction-timeout={secs}s passes"),
        ));
    }
    decision.purge_mode = Some(mode);
    decision
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::binding::TargetCluster;
    use crate::api::policy::ClusterFailoverBehavior;
    use crate::api::{BindingSpec, FailoverBehavior, ObjectMeta, Placement, Time};

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    const NOW: &str = "2026-11-22T12:00:00Z";

    fn taint(key: &str, effect: &str, added: Option<&str>) -> Taint {
        Taint {
            key: key.into(),
            value: None,
            effect: effect.into(),
            time_added: added.map(|a| Time(ts(a))),
        }
    }

    fn tol(key: Option<&str>, effect: Option<&str>, secs: Option<i64>) -> Toleration {
        Toleration {
            key: key.map(Into::into),
            operator: Some("Exists".into()),
            value: None,
            effect: effect.map(Into::into),
            toleration_seconds: secs,
        }
    }

    #[test]
    fn no_noexecute_taints_tolerates_forever() {
        let v = noexecute_eviction(&[taint("a", "NoSchedule", None)], &[], ts(NOW));
        assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
        assert_eq!(v.reasons[0].code, "no-noexecute-taints");
    }

    #[test]
    fn untolerated_noexecute_evicts_now() {
        let v = noexecute_eviction(
            &[
                taint("a", "NoExecute", Some(NOW)),
                taint("b", "NoExecute", Some(NOW)),
            ],
            &[tol(Some("a"), None, None)],
            ts(NOW),
        );
        assert_eq!(v.decision, NoExecuteDecision::EvictNow);
        assert_eq!(v.reasons[0].code, "noexecute-untolerated");
        assert!(v.reasons[0].message.contains("b:NoExecute"));
    }

    #[test]
    fn tolerated_without_seconds_is_forever() {
        let v = noexecute_eviction(
            &[taint("a", "NoExecute", Some(NOW))],
            &[tol(None, None, None)],
            ts(NOW),
        );
        assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
        assert_eq!(v.reasons[0].code, "noexecute-tolerated-forever");
    }

    #[test]
    fn earliest_expiry_wins_and_counts_from_time_added() {
        let taints = [
            taint("a", "NoExecute", Some("2026-11-22T11:59:00Z")),
            taint("b", "NoExecute", Some("2026-11-22T11:50:00Z")),
        ];
        let tols = [
            tol(Some("a"), None, Some(300)),
            tol(Some("b"), None, Some(900)),
        ];
        let v = noexecute_eviction(&taints, &tols, ts(NOW));
        // a: 11:59 + 300s = 12:04; b: 11:50 + 900s = 12:05.
        assert_eq!(
            v.decision,
            NoExecuteDecision::EvictAfter {
                after_seconds: 240,
                at: ts("2026-11-22T12:04:00Z")
            }
        );
    }

    #[test]
    fn a_used_toleration_applies_to_every_taint_it_tolerates() {
        // The first toleration of taint `a` is the wildcard one, which also tolerates
        // `b` (older): its expiry counts from b's timeAdded.
        let taints = [
            taint("a", "NoExecute", Some("2026-11-22T11:59:00Z")),
            taint("b", "NoExecute", Some("2026-11-22T11:40:00Z")),
        ];
        let tols = [tol(None, None, Some(1800)), tol(Some("b"), None, None)];
        let v = noexecute_eviction(&taints, &tols, ts(NOW));
        assert_eq!(
            v.decision,
            NoExecuteDecision::EvictAfter {
                after_seconds: 600,
                at: ts("2026-11-22T12:10:00Z")
            }
        );
    }

    #[test]
    fn expiry_at_or_before_now_evicts_now() {
        let taints = [taint("a", "NoExecute", Some("2026-11-22T11:55:00Z"))];
        for secs in [0, 100, 300] {
            let v = noexecute_eviction(&taints, &[tol(None, None, Some(secs))], ts(NOW));
            assert_eq!(v.decision, NoExecuteDecision::EvictNow, "{secs}");
            assert_eq!(v.reasons[0].code, "noexecute-toleration-expired");
        }
    }

    #[test]
    fn taint_without_time_added_never_triggers() {
        let v = noexecute_eviction(
            &[taint("a", "NoExecute", None)],
            &[tol(None, None, Some(1))],
            ts(NOW),
        );
        assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
    }

    #[test]
    fn huge_toleration_seconds_do_not_panic() {
        let v = noexecute_eviction(
            &[taint("a", "NoExecute", Some(NOW))],
            &[tol(None, None, Some(i64::MAX))],
            ts(NOW),
        );
        assert!(matches!(v.decision, NoExecuteDecision::EvictAfter { .. }));
        let v = noexecute_eviction(
            &[taint("a", "NoExecute", Some(NOW))],
            &[tol(None, None, Some(i64::MIN))],
            ts(NOW),
        );
        assert_eq!(v.decision, NoExecuteDecision::EvictNow);
    }

    #[test]
    fn fractional_remaining_time_rounds_up() {
        let taints = [taint("a", "NoExecute", Some(NOW))];
        let v = noexecute_eviction(
            &taints,
            &[tol(None, None, Some(10))],
            ts("2026-11-22T12:00:00.5Z"),
        );
        assert!(matches!(
            v.decision,
            NoExecuteDecision::EvictAfter {
                after_seconds: 10,
                ..
            }
        ));
    }

    #[test]
    fn verdict_serializes_like_the_vectors() {
        let v = NoExecuteVerdict {
            decision: NoExecuteDecision::EvictAfter {
                after_seconds: 5,
                at: ts(NOW),
            },
            reasons: vec![],
        };
        let j = serde_json::to_value(&v).unwrap();
        assert_eq!(j["decision"], "EvictAfter");
        assert_eq!(j["afterSeconds"], 5);
        assert_eq!(j["at"], "2026-11-22T12:00:00Z");
    }

    // ---- decide_cluster ----

    fn cluster(name: &str, taints: Vec<Taint>) -> Cluster {
        let mut c = Cluster::new(name, Default::default());
        c.metadata = ObjectMeta {
            name: Some(name.into()),
            ..Default::default()
        };
        c.spec.taints = taints;
        c
    }

    fn spec(
        on: &[&str],
        tolerations: Vec<Toleration>,
        failover: Option<ClusterFailoverBehavior>,
    ) -> BindingSpec {
        BindingSpec {
            clusters: on
                .iter()
                .map(|n| TargetCluster {
                    name: n.to_string(),
                    replicas: 1,
                })
                .collect(),
            placement: Some(Placement {
                cluster_tolerations: tolerations,
                ..Default::default()
            }),
            failover: failover.map(|c| FailoverBehavior {
                cluster: Some(c),
                application: None,
            }),
            ..Default::default()
        }
    }

    fn all_on() -> ControllerSettings {
        ControllerSettings {
            failover_feature_gate: true,
            enable_no_execute_taint_eviction: true,
            ..Default::default()
        }
    }

    fn codes(d: &ClusterDecision) -> Vec<&'static str> {
        d.reasons.iter().map(|r| r.code).collect()
    }

    #[test]
    fn defaults_are_upstreams() {
        let s = ControllerSettings::default();
        assert!(!s.failover_feature_gate);
        assert!(!s.enable_no_execute_taint_eviction);
        assert_eq!(s.no_execute_taint_eviction_purge_mode, "Gracefully");
        assert_eq!(s.graceful_eviction_timeout_seconds, 600);
    }

    #[test]
    fn cluster_outside_the_result_stays() {
        let s = spec(&["m2"], vec![], None);
        let d = decide_cluster(
            BindingRef::new(&s, None),
            &cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]),
            &all_on(),
            ts(NOW),
        );
        assert_eq!(d.action, Action::Stay);
        assert_eq!(codes(&d), ["not-in-scheduling-result"]);
    }

    #[test]
    fn no_eviction_taints_stays() {
        let s = spec(&["m1"], vec![], None);
        let d = decide_cluster(
            BindingRef::new(&s, None),
            &cluster("m1", vec![taint("a", "NoSchedule", None)]),
            &all_on(),
            ts(NOW),
        );
        assert_eq!(d.action, Action::Stay);
        assert_eq!(codes(&d), ["no-eviction-taints"]);
    }

    #[test]
    fn failover_gate_off_stays() {
        let s = spec(&["m1"], vec![], Some(Default::default()));
        let c = cluster(
            "m1",
            vec![
                taint("a", "NoExecute", Some(NOW)),
                taint("b", "PreferNoExecute", Some(NOW)),
            ],
        );
        let d = decide_cluster(
            BindingRef::new(&s, None),
            &c,
            &ControllerSettings::default(),
            ts(NOW),
        );
        assert_eq!(d.action, Action::Stay);
        assert_eq!(codes(&d), ["failover-gate-disabled"]);
        assert!(!d.assumed.failover_feature_gate);
    }

    #[test]
    fn noexecute_needs_the_eviction_flag() {
        let s = spec(&["m1"], vec![], None);
        let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
        let settings = ControllerSettings {
            failover_feature_gate: true,
            ..Default::default()
        };
        let d = decide_cluster(BindingRef::new(&s, None), &c, &settings, ts(NOW));
        assert_eq!(d.action, Action::Stay);
        assert_eq!(codes(&d), ["noexecute-eviction-disabled"]);
    }

    #[test]
    fn untolerated_noexecute_evicts_with_flag_purge_mode() {
        let s = spec(&["m1"], vec![], None);
        let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(d.action, Action::EvictNow);
        assert_eq!(d.purge_mode.as_deref(), Some("Gracefully"));
        assert_eq!(d.graceful_eviction_timeout_seconds, Some(600));
        assert_eq!(
            codes(&d),
            [
                "tolerations-from-spec-placement",
                "noexecute-untolerated",
                "purge-mode-from-controller-flag",
                "graceful-eviction-timeout"
            ]
        );
        let directly = ControllerSettings {
            no_execute_taint_eviction_purge_mode: "Directly".into(),
            ..all_on()
        };
        let d = decide_cluster(BindingRef::new(&s, None), &c, &directly, ts(NOW));
        assert_eq!(d.purge_mode.as_deref(), Some("Directly"));
        assert_eq!(d.graceful_eviction_timeout_seconds, None);
        let odd = ControllerSettings {
            no_execute_taint_eviction_purge_mode: "Never".into(),
            ..all_on()
        };
        let d = decide_cluster(BindingRef::new(&s, None), &c, &odd, ts(NOW));
        assert_eq!(d.purge_mode.as_deref(), Some("Gracefully"));
    }

    #[test]
    fn tolerated_noexecute_is_scheduled() {
        let s = spec(
            &["m1"],
            vec![tol(Some("a"), Some("NoExecute"), Some(120))],
            None,
        );
        let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(
            d.action,
            Action::EvictAfter {
                after_seconds: 120,
                at: ts("2026-11-22T12:02:00Z")
            }
        );
        assert_eq!(d.action.due(ts(NOW)), Some(ts("2026-11-22T12:02:00Z")));
    }

    #[test]
    fn unreadable_applied_placement_stays() {
        let s = spec(&["m1"], vec![], None);
        let ann = std::collections::BTreeMap::from([(
            crate::api::APPLIED_PLACEMENT_ANNOTATION.to_string(),
            "[".to_string(),
        )]);
        let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, Some(&ann)), &c, &all_on(), ts(NOW));
        assert_eq!(d.action, Action::Stay);
        assert_eq!(
            codes(&d),
            [
                "applied-placement-invalid",
                "noexecute-tolerations-unreadable"
            ]
        );
    }

    #[test]
    fn prefer_noexecute_without_failover_stays_even_untolerated() {
        let s = spec(&["m1"], vec![], None);
        let c = cluster("m1", vec![taint("a", "PreferNoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(d.action, Action::Stay);
        assert_eq!(codes(&d), ["prefer-noexecute-no-failover"]);
    }

    #[test]
    fn prefer_noexecute_ignores_tolerations() {
        // A toleration that would tolerate it forever does not keep it.
        let s = spec(
            &["m1"],
            vec![tol(None, None, None)],
            Some(ClusterFailoverBehavior {
                toleration_seconds: Some(0),
                ..Default::default()
            }),
        );
        let c = cluster("m1", vec![taint("a", "PreferNoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(d.action, Action::EvictNow);
        assert_eq!(codes(&d)[0], "prefer-noexecute-failover-due");
    }

    #[test]
    fn prefer_noexecute_defaults_to_300_seconds() {
        let s = spec(&["m1"], vec![], Some(Default::default()));
        let c = cluster(
            "m1",
            vec![taint("a", "PreferNoExecute", Some("2026-11-22T11:58:00Z"))],
        );
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(
            d.action,
            Action::EvictAfter {
                after_seconds: 180,
                at: ts("2026-11-22T12:03:00Z")
            }
        );
        assert_eq!(codes(&d)[0], "prefer-noexecute-failover-scheduled");
        assert_eq!(codes(&d)[1], "purge-mode-policy-default");
        assert_eq!(d.purge_mode.as_deref(), Some("Gracefully"));
    }

    #[test]
    fn prefer_noexecute_does_not_need_the_noexecute_flag() {
        let s = spec(
            &["m1"],
            vec![],
            Some(ClusterFailoverBehavior {
                purge_mode: Some("Directly".into()),
                toleration_seconds: Some(60),
                ..Default::default()
            }),
        );
        let c = cluster(
            "m1",
            vec![taint("a", "PreferNoExecute", Some("2026-11-22T11:50:00Z"))],
        );
        let settings = ControllerSettings {
            failover_feature_gate: true,
            ..Default::default()
        };
        let d = decide_cluster(BindingRef::new(&s, None), &c, &settings, ts(NOW));
        assert_eq!(d.action, Action::EvictNow);
        assert_eq!(d.purge_mode.as_deref(), Some("Directly"));
        assert!(codes(&d).contains(&"purge-mode-from-failover-policy"));
    }

    #[test]
    fn prefer_noexecute_without_time_added_counts_from_now() {
        let s = spec(
            &["m1"],
            vec![],
            Some(ClusterFailoverBehavior {
                toleration_seconds: Some(30),
                ..Default::default()
            }),
        );
        let c = cluster("m1", vec![taint("a", "PreferNoExecute", None)]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(
            d.action,
            Action::EvictAfter {
                after_seconds: 30,
                at: ts("2026-11-22T12:00:30Z")
            }
        );
        assert_eq!(codes(&d)[0], "taint-time-added-missing");
    }

    #[test]
    fn earliest_of_noexecute_and_prefer_noexecute_wins() {
        let s = spec(
            &["m1"],
            vec![tol(Some("hard"), None, Some(600))],
            Some(ClusterFailoverBehavior {
                toleration_seconds: Some(60),
                ..Default::default()
            }),
        );
        let c = cluster(
            "m1",
            vec![
                taint("hard", "NoExecute", Some(NOW)),
                taint("soft", "PreferNoExecute", Some(NOW)),
            ],
        );
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        assert_eq!(
            d.action,
            Action::EvictAfter {
                after_seconds: 60,
                at: ts("2026-11-22T12:01:00Z")
            }
        );
        let codes = codes(&d);
        assert!(codes.contains(&"noexecute-tolerated-until"));
        assert!(codes.contains(&"prefer-noexecute-failover-scheduled"));
    }

    #[test]
    fn decision_serializes_with_codes() {
        let s = spec(&["m1"], vec![], None);
        let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
        let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
        let j = serde_json::to_value(&d).unwrap();
        assert_eq!(j["action"], "EvictNow");
        assert_eq!(j["cluster"], "m1");
        assert_eq!(j["purgeMode"], "Gracefully");
        assert_eq!(j["assumed"]["failoverFeatureGate"], true);
        assert_eq!(j["reasons"][1]["code"], "noexecute-untolerated");
    }

    fn arb_taint() -> impl proptest::strategy::Strategy<Value = Taint> {
        use proptest::prelude::*;
        (
            prop::sample::select(vec!["a", "b"]),
            prop::sample::select(vec![
                "NoSchedule",
                "PreferNoSchedule",
                "NoExecute",
                "PreferNoExecute",
            ]),
            prop::option::of(0i64..1200),
        )
            .prop_map(|(k, e, ago)| Taint {
                key: k.into(),
                value: None,
                effect: e.into(),
                time_added: ago.map(|s| Time(ts(NOW) - jiff::SignedDuration::from_secs(s))),
            })
    }

    fn arb_toleration() -> impl proptest::strategy::Strategy<Value = Toleration> {
        use proptest::prelude::*;
        (
            prop::option::of(prop::sample::select(vec!["a", "b"])),
            prop::option::of(prop::sample::select(vec!["NoExecute", "NoSchedule"])),
            prop::option::of(0i64..2400),
        )
            .prop_map(|(k, e, s)| tol(k, e, s))
    }

    proptest::proptest! {
        #[test]
        fn only_noexecute_taints_matter(
            taints in proptest::collection::vec(arb_taint(), 0..5),
            tolerations in proptest::collection::vec(arb_toleration(), 0..4),
        ) {
            let all = noexecute_eviction(&taints, &tolerations, ts(NOW)).decision;
            let hard: Vec<Taint> = taints.iter().filter(|t| t.effect == "NoExecute").cloned().collect();
            proptest::prop_assert_eq!(noexecute_eviction(&hard, &tolerations, ts(NOW)).decision, all);
        }

        #[test]
        fn eviction_is_never_due_in_the_past(
            taints in proptest::collection::vec(arb_taint(), 0..5),
            tolerations in proptest::collection::vec(arb_toleration(), 0..4),
        ) {
            if let NoExecuteDecision::EvictAfter { after_seconds, at } = noexecute_eviction(&taints, &tolerations, ts(NOW)).decision {
                proptest::prop_assert!(after_seconds > 0);
                proptest::prop_assert!(at > ts(NOW));
            }
        }

        #[test]
        fn without_evicting_taints_the_decision_is_stay(
            taints in proptest::collection::vec(arb_taint(), 0..5),
        ) {
            let soft: Vec<Taint> = taints.into_iter().filter(|t| !t.effect.ends_with("NoExecute")).collect();
            let s = spec(&["m1"], vec![], Some(Default::default()));
            let d = decide_cluster(BindingRef::new(&s, None), &cluster("m1", soft), &all_on(), ts(NOW));
            proptest::prop_assert_eq!(d.action, Action::Stay);
        }
    }
}
