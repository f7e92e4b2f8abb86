//! The taint manager of karmada-controller-manager: whether and when a binding leaves a
//! cluster that carries `NoExecute` taints, and with which purge mode.
//!
//! - [`noexecute_eviction`] (and its allocation-free twin [`noexecute_decision`]): the
//!   toleration rule for one binding on one cluster: any untolerated `NoExecute` taint
//!   evicts now, otherwise the earliest `timeAdded + tolerationSeconds` of the
//!   tolerations used, or never.
//! - [`no_execute_due`]: that rule as the controller applies it: only with
//!   `--enable-no-execute-taint-eviction`, with the tolerations of the applied-placement
//!   annotation (unreadable: the controller retries and never evicts).
//! - [`resolve_purge_mode`]: the purge mode of the eviction task it writes.
//!
//! Upstream: `pkg/controllers/cluster/taint_manager.go` (`NoExecuteTaintManager`:
//! `needEvictionWithCurrentTime`, `enqueueBinding`, `getPurgeMode`) and
//! `pkg/util/helper/taint.go` (`GetMinTolerationTimeWithCurrentTime`,
//! `GetMatchingTolerations`).
//! Conformance: `noexecute_eviction`.
//! Karmada: master f8fdd02.

use jiff::Timestamp;
use serde::Serialize;

use super::toleration::{first_tolerating, tolerates, tolerations_of, BindingRef};
use crate::api::taint::effect_of;
use crate::api::taint::{describe_taint, describe_toleration};
use crate::api::{Taint, TaintEffect, Toleration};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use TaintEffect::NoExecute;

/// Nanoseconds in a second.
pub(crate) const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// Whether `taint` has `effect`.
pub(crate) fn is(taint: &Taint, effect: TaintEffect) -> bool {
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
pub(crate) fn nanos(t: Timestamp) -> i128 {
    t.as_nanosecond()
}

/// The timestamp `ns` nanoseconds after the epoch, clamped to jiff's range.
pub(crate) fn from_nanos(ns: i128) -> Timestamp {
    let lo = nanos(Timestamp::MIN);
    let hi = nanos(Timestamp::MAX);
    Timestamp::from_nanosecond(ns.clamp(lo, hi)).unwrap_or(Timestamp::MAX)
}

/// Whole seconds in `ns`, rounded up (never claims an eviction earlier than it is due).
pub(crate) fn ceil_seconds(ns: i128) -> i64 {
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
    // Upstream's getPurgeMode: only `Directly` purges directly; anything else, the
    // deprecated `Immediately` included, is Gracefully (at every release).
    let mode = if flag == PurgeMode::Directly {
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
/// `None` when they call for none: nothing without `--enable-no-execute-taint-eviction`,
/// nothing while the tolerations cannot be read. Pushes the reasons it applied.
pub fn no_execute_due(
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

#[cfg(test)]
pub(crate) mod tests;
