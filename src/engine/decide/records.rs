//! The tool's own records: what its writes leave on a binding for `evictions abort`,
//! `failback` and `history` to read back (the pre-eviction annotation, the producer and
//! reason of its graceful eviction tasks, their messages) and the reasons and message
//! form of the Events it records (`ops::events`).

use std::collections::BTreeMap;

use jiff::Timestamp;

use crate::api::{MetaMap, TargetCluster};

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
pub fn records(annotations: Option<&MetaMap>) -> BTreeMap<String, Vec<TargetCluster>> {
    annotations
        .and_then(|a| a.get(PRE_EVICTION_ANNOTATION))
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// The annotation value after recording `before` for each of `clusters`.
pub fn record(
    annotations: Option<&MetaMap>,
    clusters: &[&str],
    before: &[TargetCluster],
) -> String {
    let mut all = records(annotations);
    for c in clusters {
        all.insert(c.to_string(), before.to_vec());
    }
    serde_json::to_string(&all).expect("records serialize")
}

/// The annotation in which the tool logs, per cluster, its last drain of the binding:
/// when it wrote the eviction and what drained it (JSON: cluster name to
/// [`DrainRecord`]). It rides on the drain's own write, so a drain records itself on
/// every binding without a request more, and it outlives the eviction (an abort or a
/// failback leaves it; the next drain from the same cluster replaces it), so `history`
/// still tells the drain once the binding is back. The tool's tasks carry no
/// `creationTimestamp` of their own (upstream leaves stamping it to the graceful eviction
/// controller).
pub const DRAINS_ANNOTATION: &str = "karmadactl.karmada.io/drains";

/// One cluster's entry of [`DRAINS_ANNOTATION`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DrainRecord {
    /// When the drain wrote the eviction (the tool's clock).
    pub at: Timestamp,
    /// What drained it: the message of the task it wrote.
    #[serde(default)]
    pub message: String,
}

/// The tool's last drain of each cluster, by [`DRAINS_ANNOTATION`]; an absent or
/// unreadable annotation has none.
pub fn drains(annotations: Option<&MetaMap>) -> BTreeMap<String, DrainRecord> {
    annotations
        .and_then(|a| a.get(DRAINS_ANNOTATION))
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// The [`DRAINS_ANNOTATION`] value after a drain of `clusters` at `at` by `message`.
pub fn record_drain(
    annotations: Option<&MetaMap>,
    clusters: &[&str],
    at: Timestamp,
    message: &str,
) -> String {
    let mut all = drains(annotations);
    for c in clusters {
        all.insert(
            c.to_string(),
            DrainRecord {
                at,
                message: message.to_string(),
            },
        );
    }
    serde_json::to_string(&all).expect("drains serialize")
}

/// The annotation a return's own write (`failback`) leaves on the binding: the Events it
/// records for `history` next, one per cluster. It goes once they are recorded. A run
/// that ends between the write and its Events leaves it: `history` reads it meanwhile,
/// and the next failback records them (at the same moment, so under the same names: a
/// second recording finds the first) and takes it off.
pub const UNRECORDED_ANNOTATION: &str = "karmadactl.karmada.io/unrecorded-events";

/// The value of [`UNRECORDED_ANNOTATION`]: Events of `reason` about each of `clusters`,
/// with `text`, at `at`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Unrecorded {
    /// The moment of the write (the Events' time).
    pub at: Timestamp,
    /// One of [`reasons`].
    pub reason: String,
    /// One Event about each.
    pub clusters: Vec<String>,
    /// What happened (each message is [`tool_message`] of a cluster and this).
    pub text: String,
}

impl Unrecorded {
    /// The annotation's value.
    pub fn value(&self) -> String {
        serde_json::to_string(self).expect("unrecorded events serialize")
    }
}

/// The Events a binding announces and has not recorded yet; none when the annotation is
/// absent or unreadable.
pub fn unrecorded(annotations: Option<&MetaMap>) -> Option<Unrecorded> {
    annotations
        .and_then(|a| a.get(UNRECORDED_ANNOTATION))
        .and_then(|text| serde_json::from_str(text).ok())
}

/// The `metadata` of a merge patch dropping the placement records of `clusters` from
/// `annotations` (a failback: the drain log stays): an emptied or unreadable annotation
/// goes (`null`); `None` when no record of theirs is there.
pub fn records_dropped(
    annotations: Option<&MetaMap>,
    clusters: &[String],
) -> Option<serde_json::Value> {
    let mut changed = serde_json::Map::new();
    drop_from::<Vec<TargetCluster>>(annotations, PRE_EVICTION_ANNOTATION, clusters, &mut changed);
    (!changed.is_empty()).then(|| serde_json::json!({ "annotations": changed }))
}

/// [`records_dropped`], and the drain log's entries of `clusters` too (an abort: the
/// binding is put back as it was before the drain).
pub fn drain_undone(
    annotations: Option<&MetaMap>,
    clusters: &[String],
) -> Option<serde_json::Value> {
    let mut changed = serde_json::Map::new();
    drop_from::<Vec<TargetCluster>>(annotations, PRE_EVICTION_ANNOTATION, clusters, &mut changed);
    drop_from::<DrainRecord>(annotations, DRAINS_ANNOTATION, clusters, &mut changed);
    (!changed.is_empty()).then(|| serde_json::json!({ "annotations": changed }))
}

/// Into `changed`: the annotation `key` (a JSON object by cluster) without `clusters`,
/// when that changes it; an unreadable one goes.
fn drop_from<T: serde::de::DeserializeOwned + serde::Serialize>(
    annotations: Option<&MetaMap>,
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

    #[test]
    fn an_announcement_reads_back_as_written_and_an_unreadable_one_as_none() {
        let u = Unrecorded {
            at: "2026-11-22T12:00:00.000000001Z".parse().unwrap(),
            reason: reasons::FAILED_BACK.into(),
            clusters: vec!["m1".into()],
            text: "returned".into(),
        };
        let a = annotations(&[(UNRECORDED_ANNOTATION, &u.value())]);
        // To the nanosecond: the Events' names are made from the moment.
        assert_eq!(unrecorded(Some(&a)), Some(u));
        assert_eq!(
            unrecorded(Some(&annotations(&[(UNRECORDED_ANNOTATION, "{")]))),
            None
        );
        assert_eq!(unrecorded(None), None);
    }

    fn annotations(pairs: &[(&str, &str)]) -> MetaMap {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn drains_are_logged_per_cluster_and_outlive_the_placement_record() {
        let t1: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let t2: Timestamp = "2026-11-22T12:30:00Z".parse().unwrap();
        let first = record_drain(None, &["m1"], t1, "by drain m1");
        let a = annotations(&[(DRAINS_ANNOTATION, &first)]);
        let second = record_drain(Some(&a), &["m2"], t2, "by maintenance");
        let a = annotations(&[
            (DRAINS_ANNOTATION, &second),
            (
                PRE_EVICTION_ANNOTATION,
                r#"{"m1":[{"name":"m1","replicas":1}],"m2":[]}"#,
            ),
        ]);
        let log = drains(Some(&a));
        assert_eq!(log["m1"].at, t1);
        assert_eq!(log["m2"].message, "by maintenance");
        // One cluster returns: the placement record keeps the other, the log both.
        let patch = records_dropped(Some(&a), &["m1".to_string()]).unwrap();
        assert_eq!(
            patch["annotations"][PRE_EVICTION_ANNOTATION],
            r#"{"m2":[]}"#
        );
        assert!(patch["annotations"].get(DRAINS_ANNOTATION).is_none());
        // Both return: the record goes.
        let patch = records_dropped(Some(&a), &["m1".into(), "m2".into()]).unwrap();
        assert!(patch["annotations"][PRE_EVICTION_ANNOTATION].is_null());
        // A cluster without a record changes nothing; nor does an unread annotation.
        assert_eq!(records_dropped(Some(&a), &["m3".to_string()]), None);
        assert_eq!(records_dropped(None, &["m1".to_string()]), None);
        // An unreadable record goes.
        let broken = annotations(&[(PRE_EVICTION_ANNOTATION, "{not json")]);
        let patch = records_dropped(Some(&broken), &["m1".to_string()]).unwrap();
        assert!(patch["annotations"][PRE_EVICTION_ANNOTATION].is_null());
        // An abort undoes the drain: its log entry goes too.
        let patch = drain_undone(Some(&a), &["m1".to_string()]).unwrap();
        assert_eq!(
            patch["annotations"][PRE_EVICTION_ANNOTATION],
            r#"{"m2":[]}"#
        );
        assert!(patch["annotations"][DRAINS_ANNOTATION]
            .as_str()
            .is_some_and(|v| !v.contains("m1") && v.contains("m2")));
    }
}
