//! The tool's own records: what its writes leave on a binding for `evictions abort`,
//! `failback` and `history` to read back (the pre-eviction annotation, the producer and
//! reason of its graceful eviction tasks, their messages) and the reasons and message
//! form of the Events it records (`ops::events`).

use std::collections::BTreeMap;

use jiff::Timestamp;

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

/// The annotation in which the tool records, per evicted cluster, when its drain wrote
/// the eviction (JSON: cluster name to an RFC 3339 time). It rides on the drain's own
/// write, so a drain records its moment on every binding without a request more; the
/// tool's tasks carry no `creationTimestamp` of their own (upstream leaves stamping it to
/// the graceful eviction controller).
pub const DRAINED_AT_ANNOTATION: &str = "karmadactl.karmada.io/drained-at";

/// When the tool drained each cluster of `annotations`' record, by
/// [`DRAINED_AT_ANNOTATION`]; an absent or unreadable annotation has none.
pub fn drained_at(annotations: Option<&BTreeMap<String, String>>) -> BTreeMap<String, Timestamp> {
    annotations
        .and_then(|a| a.get(DRAINED_AT_ANNOTATION))
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// The [`DRAINED_AT_ANNOTATION`] value after recording `at` for each of `clusters`.
pub fn record_drained_at(
    annotations: Option<&BTreeMap<String, String>>,
    clusters: &[&str],
    at: Timestamp,
) -> String {
    let mut all = drained_at(annotations);
    for c in clusters {
        all.insert(c.to_string(), at);
    }
    serde_json::to_string(&all).expect("times serialize")
}

/// The `metadata` of a merge patch dropping the tool's records (the placement before and
/// the drain's moment) of `clusters` from `annotations`: an emptied or unreadable
/// annotation goes (`null`); `None` when no record of theirs is there.
pub fn records_dropped(
    annotations: Option<&BTreeMap<String, String>>,
    clusters: &[String],
) -> Option<serde_json::Value> {
    let mut changed = serde_json::Map::new();
    drop_from::<Vec<TargetCluster>>(annotations, PRE_EVICTION_ANNOTATION, clusters, &mut changed);
    drop_from::<Timestamp>(annotations, DRAINED_AT_ANNOTATION, clusters, &mut changed);
    (!changed.is_empty()).then(|| serde_json::json!({ "annotations": changed }))
}

/// Into `changed`: the annotation `key` (a JSON object by cluster) without `clusters`,
/// when that changes it.
fn drop_from<T: serde::de::DeserializeOwned + serde::Serialize>(
    annotations: Option<&BTreeMap<String, String>>,
    key: &str,
    clusters: &[String],
    changed: &mut serde_json::Map<String, serde_json::Value>,
) {
    let Some(text) = annotations.and_then(|a| a.get(key)) else {
        return;
    };
    let value = match serde_json::from_str::<BTreeMap<String, T>>(text) {
        Err(_) => serde_json::Value::Null,
        Ok(mut all) => {
            if clusters.iter().filter(|c| all.remove(*c).is_some()).count() == 0 {
                return;
            }
            if all.is_empty() {
                serde_json::Value::Null
            } else {
                serde_json::Value::String(serde_json::to_string(&all).expect("records serialize"))
            }
        }
    };
    changed.insert(key.into(), value);
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

    fn annotations(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn drain_moments_are_recorded_per_cluster_and_dropped_with_the_placement() {
        let t1: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let t2: Timestamp = "2026-11-22T12:30:00Z".parse().unwrap();
        let first = record_drained_at(None, &["m1"], t1);
        let a = annotations(&[
            (DRAINED_AT_ANNOTATION, &first),
            (
                PRE_EVICTION_ANNOTATION,
                r#"{"m1":[{"name":"m1","replicas":1}],"m2":[]}"#,
            ),
        ]);
        let second = record_drained_at(Some(&a), &["m2"], t2);
        let a = annotations(&[
            (DRAINED_AT_ANNOTATION, &second),
            (
                PRE_EVICTION_ANNOTATION,
                r#"{"m1":[{"name":"m1","replicas":1}],"m2":[]}"#,
            ),
        ]);
        assert_eq!(
            drained_at(Some(&a)),
            [("m1".to_string(), t1), ("m2".to_string(), t2)].into()
        );
        // One cluster returns: both records keep the other.
        let patch = records_dropped(Some(&a), &["m1".to_string()]).unwrap();
        assert_eq!(
            patch["annotations"][DRAINED_AT_ANNOTATION],
            r#"{"m2":"2026-11-22T12:30:00Z"}"#
        );
        assert_eq!(
            patch["annotations"][PRE_EVICTION_ANNOTATION],
            r#"{"m2":[]}"#
        );
        // Both return: both annotations go.
        let patch = records_dropped(Some(&a), &["m1".into(), "m2".into()]).unwrap();
        assert!(patch["annotations"][DRAINED_AT_ANNOTATION].is_null());
        assert!(patch["annotations"][PRE_EVICTION_ANNOTATION].is_null());
        // A cluster without a record changes nothing; nor does an unread annotation.
        assert_eq!(records_dropped(Some(&a), &["m3".to_string()]), None);
        assert_eq!(records_dropped(None, &["m1".to_string()]), None);
        // An unreadable record goes.
        let broken = annotations(&[(PRE_EVICTION_ANNOTATION, "{not json")]);
        let patch = records_dropped(Some(&broken), &["m1".to_string()]).unwrap();
        assert!(patch["annotations"][PRE_EVICTION_ANNOTATION].is_null());
    }
}
