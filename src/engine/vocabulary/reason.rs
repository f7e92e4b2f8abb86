//! Reasons: every decision names the rules that made it, as a stable code (one enum,
//! kebab-case on the wire, never renamed once released) and a sentence for people.
//!
//! The catalogue in `docs/json-output.md` lists every code; a test holds this enum
//! against it, and a golden list of released codes fails when one is renamed or removed.

use serde::Serialize;

/// The stable identifier of a rule. Serialized (and displayed) in kebab-case.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ReasonCode {
    // Where tolerations come from.
    TolerationsFromAppliedPlacement,
    TolerationsFromSpecPlacement,
    TolerationsNone,
    AppliedPlacementInvalid,
    AppliedPlacementMissing,
    // The failover decision for one binding on one cluster.
    NotInSchedulingResult,
    NoEvictionTaints,
    FailoverGateDisabled,
    NoexecuteEvictionDisabled,
    NoexecuteTolerationsUnreadable,
    NoexecuteUntolerated,
    NoexecuteTolerationExpired,
    NoexecuteToleratedUntil,
    NoexecuteToleratedForever,
    NoNoexecuteTaints,
    PreferNoexecuteNoFailover,
    PreferNoexecuteFailoverDue,
    PreferNoexecuteFailoverScheduled,
    TaintTimeAddedMissing,
    PurgeModeFromFailoverPolicy,
    PurgeModePolicyDefault,
    PurgeModeFromControllerFlag,
    GracefulEvictionTimeout,
    NoDecision,
    // The eviction queue.
    RateNormal,
    RateSecondary,
    RateHalted,
    QueueHalted,
    QueueClusterRecovered,
    QueuePaced,
    QueueBeyondHorizon,
    // The pre-scheduling check.
    PreschedulingNoTarget,
    PreschedulingFeasible,
    EvictionWithoutTarget,
    // Placement prediction: per-cluster verdicts.
    Selected,
    SelectedNoReplicas,
    NotSelected,
    FilteredDeleting,
    FilteredEviction,
    FilteredApiEnablement,
    FilteredTaint,
    FilteredAffinity,
    FilteredSpreadConstraint,
    // Placement prediction: errors.
    NoFeasibleCluster,
    SpreadConstraintUnsatisfied,
    UnsupportedSpreadConstraint,
    UnsupportedStrategy,
    InsufficientCapacity,
    // ClusterTaintPolicy.
    PolicyTargetMismatch,
    PolicyAddMatched,
    PolicyAddNotMatched,
    PolicyRemoveMatched,
    PolicyRemoveNotMatched,
    // The eviction write and the graceful-eviction clean-up.
    EvictClusterNotScheduled,
    EvictTaskAdded,
    EvictTaskExists,
    EvictionTaskStamped,
    EvictionSuppressed,
    EvictionUnsuppressed,
    EvictionTimeout,
    EvictionAwaitingSchedule,
    EvictionNewPlacementHealthy,
    EvictionAwaitingHealth,
    EvictionDirectly,
    // drain.
    DrainEvict,
    DrainAlreadyEvicted,
    DrainBlockedState,
    DrainForcedStateLost,
    DrainBlockedNoTarget,
    DrainForcedNoTarget,
    DrainBlockedBudget,
    DrainLeftBehind,
    DrainDowntime,
    DrainFleetUnsafe,
    // evictions abort.
    AbortRestore,
    AbortReadd,
    AbortNoTask,
    AbortRefusedUntolerated,
    /// No longer produced: an abort on a cordoned cluster goes ahead (see
    /// `AbortClusterCordoned`). Kept: released codes are never removed.
    AbortRefusedCordoned,
    AbortRefusedDirectly,
    AbortClusterCordoned,
    // State preservation (`spec.failover.cluster.statePreservation`).
    StateGateOff,
    StateExtracted,
    StateNotCollected,
    StateRuleFailed,
    StateInjected,
    StateNotInjected,
    StateLabelInvalid,
    // The health pipeline (an outage scenario).
    HealthProbesFailed,
    HealthLeaseExpired,
    HealthRecoveredInTime,
    HealthProbesSucceeded,
    HealthAgentBack,
    OutageNoNoexecutePolicy,
    OutageOldCopyDirectly,
    OutageOldCopyNever,
    OutageOldCopyGracefully,
    OutageCapacityDip,
    OutageReadySeen,
    // `failover watch`: a step against its prediction.
    WatchStepLate,
    WatchStepEarly,
    WatchStepMissing,
    // failback.
    FailbackGateNotReady,
    FailbackGateNotStable,
    FailbackGateTainted,
    FailbackGateCordoned,
    FailbackRestore,
    FailbackReschedule,
    FailbackAlreadyBack,
    FailbackNoRecord,
    FailbackRecordElsewhere,
    FailbackExcluded,
    FailbackTermOrder,
    FailbackNoLongerFits,
    FailbackNotReturned,
    // evictions confirm / extend / prune.
    TaskConfirm,
    TaskNotHeld,
    TaskExtend,
    TaskNoTimeout,
    TaskNotLonger,
    TaskPruneRecovered,
    TaskClusterNotRecovered,
    TaskNotHealthyElsewhere,
    // Capacity: replicas that will not fit where a change sends them.
    DrainLeavesPending,
    TaintLeavesPending,
    // Maintenance waves: a wave that cannot go ahead.
    MaintenanceLeavesPending,
    MaintenanceBlocked,
    // Application failover: whether it is armed for a binding on a cluster, and when.
    AppFailoverNotConfigured,
    AppFailoverNoStatus,
    AppFailoverNoHealthInterpreter,
    AppFailoverPropagateDepsOff,
    AppFailoverControllerDisabled,
    AppFailoverTaskExists,
    AppFailoverArmed,
    AppFailoverUnhealthy,
    AppFailoverZeroToleration,
    AppFailoverTaskRefused,
    AppFailoverTaintFirst,
    AppFailoverReturns,
}

impl ReasonCode {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Context of a decision rather than the rule that decided it: where tolerations
    /// came from, the purge mode, the graceful-eviction timeout.
    pub fn is_context(self) -> bool {
        use ReasonCode::*;
        matches!(
            self,
            PurgeModeFromFailoverPolicy
                | PurgeModePolicyDefault
                | PurgeModeFromControllerFlag
                | GracefulEvictionTimeout
                | TolerationsFromAppliedPlacement
                | TolerationsFromSpecPlacement
                | TolerationsNone
                | StateGateOff
                | StateExtracted
                | StateInjected
                | StateNotInjected
                | StateLabelInvalid
        )
    }

    /// A controller switch that is off (the Failover gate, NoExecute eviction).
    pub fn is_gate_off(self) -> bool {
        matches!(
            self,
            ReasonCode::FailoverGateDisabled | ReasonCode::NoexecuteEvictionDisabled
        )
    }

    /// A taint rule (NoExecute or the proposal's PreferNoExecute) that decided when a
    /// binding leaves a cluster.
    pub fn is_taint_rule(self) -> bool {
        use ReasonCode::*;
        matches!(
            self,
            NoexecuteEvictionDisabled
                | NoexecuteTolerationsUnreadable
                | NoexecuteUntolerated
                | NoexecuteTolerationExpired
                | NoexecuteToleratedUntil
                | NoexecuteToleratedForever
                | PreferNoexecuteNoFailover
                | PreferNoexecuteFailoverDue
                | PreferNoexecuteFailoverScheduled
        )
    }
}

/// Scripts and tests may compare a code with its wire spelling.
impl PartialEq<&str> for ReasonCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// One step of a decision's reasoning: a stable code and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// Stable identifier, e.g. `noexecute-untolerated`.
    pub code: ReasonCode,
    /// Human explanation naming the taint, toleration, rule or number involved.
    pub message: String,
}

impl Reason {
    /// A reason with the given code and message.
    pub fn new(code: ReasonCode, message: impl Into<String>) -> Self {
        Reason {
            code,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_kebab_case_on_the_wire() {
        let code = ReasonCode::NoexecuteUntolerated;
        assert_eq!(code.as_str(), "noexecute-untolerated");
        assert_eq!(code.to_string(), "noexecute-untolerated");
        assert_eq!(
            serde_json::to_value(code).unwrap(),
            serde_json::json!("noexecute-untolerated")
        );
        assert_eq!(
            "filtered-api-enablement".parse::<ReasonCode>().unwrap(),
            ReasonCode::FilteredApiEnablement
        );
        assert_eq!(ReasonCode::Selected.as_str(), "selected");
    }
}
