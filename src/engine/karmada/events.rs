//! Upstream Karmada's Events about a binding, as `history` reads them: the reasons its
//! controllers emit (`pkg/events/events.go`, and where each is emitted) and
//! karmada-scheduler's success message, whose `Result: {member1:1, member2:2}` names the
//! placement it made.
//!
//! Upstream: `pkg/events/events.go`; `pkg/scheduler/scheduler.go` (the message of
//! `ScheduleBindingSucceed`); `pkg/controllers/gracefuleviction/` (the only emitter of
//! `EvictWorkloadFromClusterSucceed`).
//! Checked: `tests/live/failback_controllers.rs` reads the real controllers' Events back
//! through `history` (drain, the cleared eviction, the scheduling, the failback, in order).
//! Karmada: master f8fdd02 (unchanged since v1.15).

use crate::api::TargetCluster;

/// Upstream's reasons that `history` knows.
pub mod reasons {
    /// The graceful eviction controller removed a task: the old copy goes.
    pub const EVICT_SUCCEEDED: &str = "EvictWorkloadFromClusterSucceed";
    /// Writing an eviction (or removing its task) failed.
    pub const EVICT_FAILED: &str = "EvictWorkloadFromClusterFailed";
    /// karmada-scheduler placed the binding.
    pub const SCHEDULE_SUCCEEDED: &str = "ScheduleBindingSucceed";
    /// karmada-scheduler could not place the binding.
    pub const SCHEDULE_FAILED: &str = "ScheduleBindingFailed";
    /// karmada-descheduler moved replicas away.
    pub const DESCHEDULE_SUCCEEDED: &str = "DescheduleBindingSucceed";
    /// karmada-descheduler failed.
    pub const DESCHEDULE_FAILED: &str = "DescheduleBindingFailed";
}

/// The placement in karmada-scheduler's success message (`... Result: {member1:1,
/// member2:2}`, `Result {...}` for ClusterResourceBindings).
pub fn schedule_result(message: &str) -> Option<Vec<TargetCluster>> {
    let after = &message[message.find("Result")?..];
    let open = after.find('{')?;
    let close = open + after[open..].find('}')?;
    let inner = after[open + 1..close].trim();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    inner
        .split(',')
        .map(|part| {
            let (name, replicas) = part.trim().rsplit_once(':')?;
            Some(TargetCluster::new(
                name.trim(),
                replicas.trim().parse().ok()?,
            ))
        })
        .collect()
}
