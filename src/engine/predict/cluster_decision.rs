//! The failover decision for one binding on one cluster, as every prediction takes it:
//! the binding must be placed there and the cluster must carry an evicting taint; the
//! `Failover` gate must be on; `NoExecute` follows upstream's taint manager
//! ([`no_execute_due`]), the proposal's `PreferNoExecute` follows
//! [`prefer_no_execute_due`] when a cluster carries it; the earliest eviction wins, with
//! the purge mode and graceful timeout the controller would use.
//!
//! The tool's own composition of the twin's rules (and, only where the proposal's effect
//! is present, the proposal's), shared by `dry-run`, `policy explain`, the previews and
//! the doctor.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::{Cluster, TaintEffect};
use crate::engine::karmada::taint_manager::{
    ceil_seconds, from_nanos, is, nanos, no_execute_due, resolve_purge_mode,
};
use crate::engine::karmada::toleration::BindingRef;
use crate::engine::proposal::prefer_no_execute::prefer_no_execute_due;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use TaintEffect::{NoExecute, PreferNoExecute};

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

/// The failover decision for `binding` on `cluster` at `now`: the cluster must be in the
/// binding's scheduling result and carry a NoExecute or PreferNoExecute taint, the
/// Failover gate must be on; NoExecute follows [`no_execute_due`] (and needs
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
