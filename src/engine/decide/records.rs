//! The tool's own records: what its writes leave on a binding for `evictions abort`,
//! `failback` and `history` to read back (the pre-eviction annotation, the producer and
//! reason of its graceful eviction tasks, their messages) and the reasons and message
//! form of the Events it records (`ops::events`).

use std::collections::BTreeMap;

use crate::api::TargetCluster;

/// The annotation in which the tool records, per evicted cluster, the complete
/// `spec.clusters` before its eviction (JSON: cluster name to the list).
pub const PRE_EVICTION_ANNOTATION: &str = "karmadactl.karmada.io/pre-eviction-clusters";
/// Producer of the tool's own evictions (`drain`, `failback`).
pub const PRODUCER: &str = "karmadactl";
/// Reason of the tool's `drain` evictions.
pub const REASON_CLUSTER_DRAINED: &str = "ClusterDrained";

/// The longest task `message` the binding CRDs accept.
pub const TASK_MESSAGE_MAX: usize = 1024;

/// A task message naming `clusters` in `template` (`{}` stands for them), or their count
/// when the names would make it longer than the API accepts.
pub fn task_message(template: &str, clusters: &[String], separator: &str) -> String {
    let full = template.replacen("{}", &clusters.join(separator), 1);
    if full.len() <= TASK_MESSAGE_MAX {
        return full;
    }
    template.replacen("{}", &format!("{} clusters", clusters.len()), 1)
}

/// The records of the pre-eviction annotation: cluster to the `spec.clusters` before its
/// eviction. An absent or unreadable annotation has none.
pub fn records(
    annotations: Option<&BTreeMap<String, String>>,
) -> BTreeMap<String, Vec<TargetCluster>> {
    annotations
        .and_then(|a| a.get(PRE_EVICTION_ANNOTATION))
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// The annotation value after recording `before` for each of `clusters`.
pub fn record(
    annotations: Option<&BTreeMap<String, String>>,
    clusters: &[&str],
    before: &[TargetCluster],
) -> String {
    let mut all = records(annotations);
    for c in clusters {
        all.insert(c.to_string(), before.to_vec());
    }
    serde_json::to_string(&all).expect("records serialize")
}

/// The reasons of the tool's own Events (`ops::events` records them).
pub mod reasons {
    /// `drain` evicted the binding from a cluster.
    pub const DRAINED: &str = "KarmadactlDrain";
    /// `evictions abort` took an eviction back.
    pub const ABORTED: &str = "KarmadactlEvictionAbort";
    /// `failback` returned the binding to a cluster.
    pub const FAILED_BACK: &str = "KarmadactlFailback";
    /// An eviction was confirmed (its old copy let go).
    pub const CONFIRMED: &str = "KarmadactlEvictionConfirm";
    /// An eviction's grace period was extended.
    pub const EXTENDED: &str = "KarmadactlEvictionExtend";
    /// A stale eviction task was pruned.
    pub const PRUNED: &str = "KarmadactlEvictionPrune";
}

/// The message of one of the tool's Events about `cluster`: `cluster NAME: TEXT`, the
/// form [`cluster_in_message`] reads back.
pub fn tool_message(cluster: &str, text: &str) -> String {
    format!("cluster {cluster}: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_messages_fit_the_api() {
        let few = vec!["m1".to_string(), "m2".to_string()];
        assert_eq!(
            task_message("evicted by `karmadactl drain {}`", &few, " "),
            "evicted by `karmadactl drain m1 m2`"
        );
        let many: Vec<String> = (0..200).map(|i| format!("member-{i:04}")).collect();
        let m = task_message("returned to {} by `karmadactl failback`", &many, ", ");
        assert_eq!(m, "returned to 200 clusters by `karmadactl failback`");
        assert!(m.len() <= TASK_MESSAGE_MAX);
    }
}
