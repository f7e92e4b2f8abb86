//! The findings of the `policy apply` lint: a stable code, where, what and the fix.
//! Shared by the lint's parts ([`crate::engine::decide::policy_lint`], [`crate::engine::decide::state_lint`]).

use serde::Serialize;

/// Stable codes of the lint's findings.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, strum::Display, strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum LintCode {
    /// Application failover on a kind without a health interpretation.
    AppFailoverWithoutHealth,
    /// Application failover while governed bindings have `propagateDeps: false`.
    AppFailoverBindingsWithoutDeps,
    /// Application failover with `tolerationSeconds: 0` (not immediate).
    AppFailoverZeroToleration,
    /// Application failover with a toleration shorter than rollouts stay Unhealthy.
    AppFailoverShortToleration,
    /// Application failover with purge mode `Never`: the old copy stays until confirmed.
    AppFailoverNeverHeld,
    /// Application failover while `--controllers` does not run it.
    AppFailoverControllerOff,
    /// Application failover purging `Gracefully` while `GracefulEviction` is off.
    AppFailoverGracefulGateOff,
    /// Application `statePreservation` while `StatefulFailoverInjection` is off.
    AppFailoverStateGateOff,
    /// A toleration of NoExecute without `tolerationSeconds`.
    NoexecuteToleratedForever,
    /// A single cluster's failure leaves no feasible cluster.
    SingleFailureLeavesNowhere,
    /// Several `clusterAffinities` used as primary and backup.
    AffinitiesNeverReturn,
    /// Purge modes renamed upstream.
    DeprecatedPurgeMode,
    /// A field the Karmada release named does not have: dropped without a word.
    FieldDroppedByRelease,
    /// A NoExecute ClusterTaintPolicy the webhook will reject.
    NoexecutePolicyRejected,
    /// statePreservation rules whose labels are never injected (purge mode not Directly).
    StateNeverInjected,
    /// statePreservation on a placement that can hold more than one cluster.
    StateSeveralTargets,
    /// A statePreservation JSONPath filter comparing with an integer literal.
    StateIntegerFilter,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    pub code: LintCode,
    /// Where in the spec (`spec.placement.clusterTolerations[0]`), if one place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    pub message: String,
    pub fix: String,
}
