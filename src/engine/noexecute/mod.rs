//! When a tainted cluster's workloads are evicted: the taint manager's NoExecute rule
//! (family `noexecute_eviction`) and the full per-binding, per-cluster decision that adds
//! the proposal's `PreferNoExecute`, the controller gates and the purge mode.

use jiff::Timestamp;
use serde::Serialize;

use super::settings::{ControllerSettings, PurgeMode};
use super::toleration::{first_tolerating, tolerates, tolerations_of, BindingRef};
use super::{Reason, ReasonCode};
use crate::api::taint::effect_of;
use crate::api::taint::{describe_taint, describe_toleration};
use crate::api::{Cluster, Taint, TaintEffect, Toleration};
use TaintEffect::{NoExecute, PreferNoExecute};

/// Default of `failover.cluster.tolerationSeconds` for `PreferNoExecute` (proposal).
pub const DEFAULT_PREFER_NO_EXECUTE_TOLERATION_SECONDS: i64 = 300;

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// Whether `taint` has `effect`.
fn is(taint: &Taint, effect: TaintEffect) -> bool {
    effect_of(taint) == Some(effect)
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

/// The taint manager's rule without its explanation: which taint or toleration decided,
/// by position, so the fast path allocates nothing and the explaining one names them.
enum Core {
    /// No NoExecute taint.
    NoTaints,
    /// This NoExecute taint is tolerated by nothing.
    Untolerated(usize),
    /// This many NoExecute taints, all tolerated without seconds.
    Forever(usize),
    /// The earliest `timeAdded + tolerationSeconds` (ns), with the toleration and taint.
    Due {
        due: i128,
        toleration: usize,
        taint: usize,
    },
}

/// Upstream's taint-manager rule for one binding on one cluster: only `NoExecute`
/// taints count; any untolerated one evicts now; otherwise the earliest
/// `timeAdded + tolerationSeconds` over the tolerations used (the first matching
/// toleration of each taint, applied to every NoExecute taint it tolerates that has a
/// `timeAdded`) is when the eviction is due.
fn core(taints: &[Taint], tolerations: &[Toleration]) -> Core {
    let mut count = 0;
    let mut earliest: Option<(i128, usize, usize)> = None;
    for (i, taint) in taints.iter().enumerate().filter(|(_, t)| is(t, NoExecute)) {
        count += 1;
        let Some((ti, toleration)) = first_tolerating(tolerations, taint) else {
            return Core::Untolerated(i);
        };
        let Some(seconds) = toleration.toleration_seconds else {
            continue;
        };
        for (ki, other) in taints.iter().enumerate() {
            if !is(other, NoExecute) {
                continue;
            }
            let Some(added) = &other.time_added else {
                continue;
            };
            if !tolerates(toleration, other) {
                continue;
            }
            let due = nanos(added.0) + i128::from(seconds) * NANOS_PER_SECOND;
            if earliest.is_none_or(|(e, _, _)| due < e) {
                earliest = Some((due, ti, ki));
            }
        }
    }
    match (count, earliest) {
        (0, _) => Core::NoTaints,
        (n, None) => Core::Forever(n),
        (_, Some((due, toleration, taint))) => Core::Due {
            due,
            toleration,
            taint,
        },
    }
}

/// The taint manager's decision for one binding on one cluster, without the
/// explanation (the fast path: no allocation). Always equal to the decision of
/// [`noexecute_eviction`].
pub fn noexecute_decision(
    taints: &[Taint],
    tolerations: &[Toleration],
    now: Timestamp,
) -> NoExecuteDecision {
    decision_of(&core(taints, tolerations), now)
}

/// The decision a [`Core`] makes at `now`.
fn decision_of(core: &Core, now: Timestamp) -> NoExecuteDecision {
    match *core {
        Core::NoTaints | Core::Forever(_) => NoExecuteDecision::TolerateForever,
        Core::Untolerated(_) => NoExecuteDecision::EvictNow,
        Core::Due { due, .. } => {
            let left = due - nanos(now);
            if left <= 0 {
                NoExecuteDecision::EvictNow
            } else {
                NoExecuteDecision::EvictAfter {
                    after_seconds: ceil_seconds(left),
                    at: from_nanos(due),
                }
            }
        }
    }
}

/// Upstream's taint-manager rule for one binding on one cluster (see [`core`]), with
/// the rule that decided: due at or before `now` evicts now; no toleration with
/// seconds tolerates forever.
pub fn noexecute_eviction(
    taints: &[Taint],
    tolerations: &[Toleration],
    now: Timestamp,
) -> NoExecuteVerdict {
    let core = core(taints, tolerations);
    let decision = decision_of(&core, now);
    let reason = match core {
        Core::NoTaints => Reason::new(
            ReasonCode::NoNoexecuteTaints,
            "the cluster has no NoExecute taint",
        ),
        Core::Untolerated(i) => Reason::new(
            ReasonCode::NoexecuteUntolerated,
            format!(
                "no toleration tolerates taint {}",
                describe_taint(&taints[i])
            ),
        ),
        Core::Forever(n) => Reason::new(
            ReasonCode::NoexecuteToleratedForever,
            format!("all {n} NoExecute taint(s) are tolerated without tolerationSeconds"),
        ),
        Core::Due {
            due,
            toleration,
            taint,
        } => {
            let (code, verb) = if decision == NoExecuteDecision::EvictNow {
                (ReasonCode::NoexecuteTolerationExpired, "ran out")
            } else {
                (ReasonCode::NoexecuteToleratedUntil, "runs out")
            };
            Reason::new(
                code,
                format!(
                    "toleration {} of taint {} {verb} at {}",
                    describe_toleration(&tolerations[toleration]),
                    describe_taint(&taints[taint]),
                    from_nanos(due)
                ),
            )
        }
    };
    NoExecuteVerdict {
        decision,
        reasons: vec![reason],
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
    pub purge_mode: Option<PurgeMode>,
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
) -> (PurgeMode, Reason) {
    let cluster_failover = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.cluster.as_ref());
    if let Some(cf) = cluster_failover {
        return match cf.purge_mode.as_deref().filter(|m| !m.is_empty()) {
            Some(text) => match text.parse::<PurgeMode>() {
                Ok(mode) => (
                    mode,
                    Reason::new(
                        ReasonCode::PurgeModeFromFailoverPolicy,
                        format!("purge mode {mode} from spec.failover.cluster.purgeMode"),
                    ),
                ),
                Err(_) => (
                    PurgeMode::Gracefully,
                    Reason::new(
                        ReasonCode::PurgeModePolicyDefault,
                        format!("spec.failover.cluster.purgeMode {text:?} is not a purge mode: taken as Gracefully"),
                    ),
                ),
            },
            None => (
                PurgeMode::Gracefully,
                Reason::new(
                    ReasonCode::PurgeModePolicyDefault,
                    "spec.failover.cluster.purgeMode is empty, which means Gracefully",
                ),
            ),
        };
    }
    let flag = settings.no_execute_taint_eviction_purge_mode;
    let mode = if matches!(flag, PurgeMode::Directly | PurgeMode::Immediately) {
        PurgeMode::Directly
    } else {
        PurgeMode::Gracefully
    };
    (
        mode,
        Reason::new(
            ReasonCode::PurgeModeFromControllerFlag,
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
    if !taints.iter().any(|t| is(t, NoExecute)) {
        return None;
    }
    if !settings.enable_no_execute_taint_eviction {
        reasons.push(Reason::new(
            ReasonCode::NoexecuteEvictionDisabled,
            "the cluster has NoExecute taints but --enable-no-execute-taint-eviction is off (assumed): they evict nothing",
        ));
        return None;
    }
    let tolerations = match tolerations_of(binding) {
        Ok(t) => t,
        Err(reason) => {
            reasons.push(reason);
            reasons.push(Reason::new(
                ReasonCode::NoexecuteTolerationsUnreadable,
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
    let prefer: Vec<&Taint> = taints.iter().filter(|t| is(t, PreferNoExecute)).collect();
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
            ReasonCode::PreferNoexecuteNoFailover,
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
                    ReasonCode::TaintTimeAddedMissing,
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
        ReasonCode::PreferNoexecuteFailoverDue
    } else {
        ReasonCode::PreferNoexecuteFailoverScheduled
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
            ReasonCode::NotInSchedulingResult,
            format!("cluster {name} is not in the binding's spec.clusters: nothing to evict"),
        ));
        return decision;
    }
    let taints = cluster.taints();
    if !taints
        .iter()
        .any(|t| is(t, NoExecute) || is(t, PreferNoExecute))
    {
        decision.reasons.push(Reason::new(
            ReasonCode::NoEvictionTaints,
            format!("cluster {name} has no NoExecute or PreferNoExecute taint"),
        ));
        return decision;
    }
    if !settings.failover_feature_gate {
        decision.reasons.push(Reason::new(
            ReasonCode::FailoverGateDisabled,
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
    if mode == PurgeMode::Gracefully {
        let secs = settings.graceful_eviction_timeout_seconds;
        decision.graceful_eviction_timeout_seconds = Some(secs);
        decision.reasons.push(Reason::new(
            ReasonCode::GracefulEvictionTimeout,
            format!("the old copy stays until the new placement is healthy or --graceful-eviction-timeout={secs}s passes"),
        ));
    }
    decision.purge_mode = Some(mode);
    decision
}

#[cfg(test)]
mod tests;
