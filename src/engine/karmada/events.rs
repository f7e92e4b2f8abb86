//! Upstream Karmada's Events about a binding, as `history` reads them: the reasons its
//! controllers emit (`pkg/events/events.go`, and where each is emitted) and
//! karmada-scheduler's success message, whose `Result: {member1:1, member2:2}` names the
//! placement it made.
//!
//! Upstream: `pkg/events/events.go`; `pkg/util/helper/taint.go` (`GenerateTaintsMessage`,
//! the message of `TaintClusterSucceed`); `pkg/scheduler/scheduler.go` (the message of
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
    /// The cluster controller or the ClusterTaintPolicy controller changed a Cluster's
    /// taints (an Event about the Cluster; its message names every taint after).
    pub const TAINT_CLUSTER_SUCCEEDED: &str = "TaintClusterSucceed";
}

/// The taints (`KEY:EFFECT`) a `TaintClusterSucceed` message says a cluster has after the
/// change (`... cluster now has taints([{Key:k,Effect:NoExecute},{Key:k,Value:v,Effect:E}])`,
/// `... cluster now does not have taints`; `GenerateTaintsMessage` in
/// `pkg/util/helper/taint.go`); `None` for another message.
pub fn taints_in_message(message: &str) -> Option<Vec<String>> {
    if message.contains("cluster now does not have taints") {
        return Some(Vec::new());
    }
    let start = message.find("cluster now has taints(")?;
    let mut out = Vec::new();
    for item in message[start..].split('{').skip(1) {
        let item = item.split('}').next()?;
        let field = |name: &str| {
            item.split(',')
                .find_map(|f| f.strip_prefix(name))
                .map(str::to_string)
        };
        out.push(format!("{}:{}", field("Key:")?, field("Effect:")?));
    }
    Some(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taint_message_names_every_taint_after_the_change() {
        let m = "Update Cluster(member1) with taints(cluster now has taints([{Key:cluster.karmada.io/not-ready,Effect:NoSchedule},{Key:k,Value:v,Effect:NoExecute}])) succeed";
        assert_eq!(
            taints_in_message(m).unwrap(),
            ["cluster.karmada.io/not-ready:NoSchedule", "k:NoExecute"]
        );
        assert_eq!(
            taints_in_message("Taint cluster succeed: cluster now does not have taints.").unwrap(),
            Vec::<String>::new()
        );
        assert_eq!(taints_in_message("something else"), None);
    }
}
