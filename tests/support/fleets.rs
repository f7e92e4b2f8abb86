//! Fleets for the write tests: three clusters and bindings of every shape `drain` must
//! handle, named with a prefix so tests sharing a server do not meet.

use std::collections::BTreeMap;

use kube::api::{Api, DynamicObject, ListParams};
use kube::Client;
use serde_json::{json, Value};

use super::fixtures::{create_items, resource_for};

/// The clusters `{p}-m1`, `{p}-m2`, `{p}-m3`; `{p}-m3` does not serve batch/v1 Jobs.
pub fn clusters(p: &str) -> Vec<Value> {
    (1..=3)
        .map(|i| {
            let mut apis = vec![
                json!({"groupVersion": "apps/v1", "resources": [
                    {"name": "deployments", "kind": "Deployment"},
                    {"name": "statefulsets", "kind": "StatefulSet"}]}),
                json!({"groupVersion": "v1", "resources": [
                    {"name": "configmaps", "kind": "ConfigMap"},
                    {"name": "namespaces", "kind": "Namespace"}]}),
            ];
            if i != 3 {
                apis.push(json!({"groupVersion": "batch/v1", "resources": [{"name": "jobs", "kind": "Job"}]}));
            }
            json!({
                "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
                "metadata": {"name": format!("{p}-m{i}"), "labels": {"fleet": p}},
                "spec": {"syncMode": "Push", "region": if i == 3 { "west" } else { "east" }},
                "status": {
                    "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady",
                                    "message": "ready", "lastTransitionTime": "2026-11-22T00:00:00Z"}],
                    "apiEnablements": apis,
                    "resourceSummary": {"allocatable": {"cpu": "32", "memory": "128Gi", "pods": "500"}}
                }
            })
        })
        .collect()
}

fn names(p: &str, on: &[u8]) -> Vec<String> {
    on.iter().map(|i| format!("{p}-m{i}")).collect()
}

/// A binding of `kind` (`ResourceBinding` or `ClusterResourceBinding`) named `name`.
fn binding(p: &str, kind: &str, name: &str, workload: (&str, &str), spec: Value) -> Value {
    let mut meta = json!({"name": name, "labels": {"fleet": p}});
    if kind == "ResourceBinding" {
        meta["namespace"] = json!(p);
    }
    let placement = spec["placement"].clone();
    meta["annotations"] = json!({"policy.karmada.io/applied-placement": placement.to_string()});
    let mut spec = spec;
    spec["resource"] = json!({
        "apiVersion": workload.0, "kind": workload.1, "name": name, "uid": format!("uid-{name}")
    });
    if kind == "ResourceBinding" {
        spec["resource"]["namespace"] = json!(p);
    }
    json!({"apiVersion": "work.karmada.io/v1alpha2", "kind": kind, "metadata": meta, "spec": spec})
}

fn affinity(p: &str, on: &[u8]) -> Value {
    json!({"clusterNames": names(p, on)})
}

fn targets(p: &str, on: &[(u8, i32)]) -> Value {
    Value::Array(
        on.iter()
            .map(|(i, r)| match r {
                // As upstream stores it: `replicas` is omitted when 0.
                0 => json!({"name": format!("{p}-m{i}")}),
                r => json!({"name": format!("{p}-m{i}"), "replicas": r}),
            })
            .collect(),
    )
}

/// At least 50 bindings placed on `{p}-m1` (and others on `{p}-m2` only): Duplicated,
/// Divided by static and dynamic weights, Aggregated, ClusterResourceBindings,
/// tolerations with seconds, `failover.cluster` with each purge mode; and
/// `{p}-job-nowhere`, a Job whose only other allowed cluster cannot run Jobs.
pub fn drain_bindings(p: &str) -> Vec<Value> {
    let deploy = ("apps/v1", "Deployment");
    let mut out = Vec::new();
    for i in 0..54 {
        let name = format!("{p}-app-{i:02}");
        let divided = |pref: Value| json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": pref});
        let b = match i % 9 {
            0 => binding(
                p,
                "ResourceBinding",
                &name,
                deploy,
                json!({
                    "replicas": 2,
                    "clusters": targets(p, &[(1, 2), (2, 2), (3, 2)]),
                    "placement": {"clusterAffinity": affinity(p, &[1, 2, 3]),
                                  "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}
                }),
            ),
            1 => binding(
                p,
                "ResourceBinding",
                &name,
                deploy,
                json!({
                    "replicas": 3,
                    "clusters": targets(p, &[(1, 1), (2, 1), (3, 1)]),
                    "placement": {"clusterAffinity": affinity(p, &[1, 2, 3]),
                                  "replicaScheduling": {
                                      "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                                      "weightPreference": {"staticWeightList": [
                                          {"targetCluster": {"clusterNames": names(p, &[1])}, "weight": 1},
                                          {"targetCluster": {"clusterNames": names(p, &[2])}, "weight": 1},
                                          {"targetCluster": {"clusterNames": names(p, &[3])}, "weight": 1}]}}}
                }),
            ),
            2 => {
                let mut rs = divided(json!("Weighted"));
                rs["weightPreference"] = json!({"dynamicWeight": "AvailableReplicas"});
                binding(
                    p,
                    "ResourceBinding",
                    &name,
                    deploy,
                    json!({
                        "replicas": 4,
                        "replicaRequirements": {"resourceRequest": {"cpu": "500m"}},
                        "clusters": targets(p, &[(1, 2), (2, 2)]),
                        "placement": {"clusterAffinity": affinity(p, &[1, 2, 3]), "replicaScheduling": rs}
                    }),
                )
            }
            3 => binding(
                p,
                "ResourceBinding",
                &name,
                deploy,
                json!({
                    "replicas": 2,
                    "replicaRequirements": {"resourceRequest": {"cpu": "1"}},
                    "clusters": targets(p, &[(1, 2)]),
                    "placement": {"clusterAffinity": affinity(p, &[1, 2, 3]),
                                  "replicaScheduling": divided(json!("Aggregated"))}
                }),
            ),
            4 => binding(
                p,
                "ResourceBinding",
                &name,
                deploy,
                json!({
                    "replicas": 2,
                    "clusters": targets(p, &[(1, 1), (2, 1)]),
                    "placement": {"clusterAffinity": affinity(p, &[1, 2]),
                                  "clusterTolerations": [{"key": "maintenance", "operator": "Exists",
                                                          "effect": "NoExecute", "tolerationSeconds": 300}],
                                  "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}
                }),
            ),
            5..=7 => {
                let mode = ["Directly", "Gracefully", "Never"][i % 9 - 5];
                binding(
                    p,
                    "ResourceBinding",
                    &name,
                    deploy,
                    json!({
                        "replicas": 2,
                        "clusters": targets(p, &[(1, 1), (2, 1)]),
                        "failover": {"cluster": {"purgeMode": mode}},
                        "placement": {"clusterAffinity": affinity(p, &[1, 2, 3]),
                                      "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}
                    }),
                )
            }
            _ => binding(
                p,
                "ClusterResourceBinding",
                &name,
                ("v1", "Namespace"),
                json!({
                    "clusters": targets(p, &[(1, 0), (2, 0)]),
                    "placement": {"clusterAffinity": affinity(p, &[1, 2])}
                }),
            ),
        };
        out.push(b);
    }
    // Nowhere to go: the only other cluster it may use cannot run Jobs.
    out.push(binding(
        p,
        "ResourceBinding",
        &format!("{p}-job-nowhere"),
        ("batch/v1", "Job"),
        json!({
            "replicas": 1,
            "clusters": targets(p, &[(1, 1)]),
            "placement": {"clusterAffinity": affinity(p, &[1, 3]),
                          "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}
        }),
    ));
    // Not on the drained cluster: untouched.
    out.push(binding(
        p,
        "ResourceBinding",
        &format!("{p}-elsewhere"),
        deploy,
        json!({
            "replicas": 1,
            "clusters": targets(p, &[(2, 1)]),
            "placement": {"clusterAffinity": affinity(p, &[2, 3]),
                          "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}
        }),
    ));
    out
}

/// Create the clusters and bindings of [`clusters`] and [`drain_bindings`].
pub async fn create_drain_fleet(client: &Client, p: &str) {
    let mut items = clusters(p);
    items.extend(drain_bindings(p));
    create_items(client, &items).await;
}

/// Every binding of fleet `p` as the server stores it, by `rb/NAMESPACE/NAME` or
/// `crb/NAME`.
pub async fn bindings(client: &Client, p: &str) -> BTreeMap<String, Value> {
    let params = ListParams::default().labels(&format!("fleet={p}"));
    let mut out = BTreeMap::new();
    for kind in ["ResourceBinding", "ClusterResourceBinding"] {
        let ar = resource_for(kind).unwrap();
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &ar);
        for obj in api.list(&params).await.unwrap() {
            let v = serde_json::to_value(&obj).unwrap();
            let name = obj.metadata.name.unwrap();
            let key = match obj.metadata.namespace {
                Some(ns) => format!("rb/{ns}/{name}"),
                None => format!("crb/{name}"),
            };
            out.insert(key, v);
        }
    }
    out
}

/// The pre-eviction annotation `drain` owns.
pub const RECORD: &str = "karmadactl.karmada.io/pre-eviction-clusters";
/// The annotation in which the tool logs its last drain of each cluster.
pub const DRAINS: &str = "karmadactl.karmada.io/drains";

/// A binding after `karmadactl drain CLUSTER` evicted it, written out by hand from
/// upstream's `GracefulEvictCluster` (SEMANTICS.md) and the issue: the cluster leaves
/// `spec.clusters`; a task with producer `karmadactl`, reason `ClusterDrained`, `message`,
/// the purge mode (`purge`, else `spec.failover.cluster.purgeMode`, else `Gracefully`),
/// `replicas` when > 0 and `clustersBeforeFailover` is appended unless one from that
/// cluster exists; the placement before is recorded in [`RECORD`].
pub fn expected_drain(before: &Value, cluster: &str, message: &str, purge: Option<&str>) -> Value {
    let mut after = before.clone();
    let spec = &before["spec"];
    let clusters = spec["clusters"].as_array().cloned().unwrap_or_default();
    let Some(gone) = clusters.iter().find(|t| t["name"] == cluster) else {
        return after;
    };
    let rest: Vec<Value> = clusters
        .iter()
        .filter(|t| t["name"] != cluster)
        .cloned()
        .collect();
    let mut tasks = spec["gracefulEvictionTasks"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if !tasks.iter().any(|t| t["fromCluster"] == cluster) {
        let purge = purge
            .or(spec["failover"]["cluster"]["purgeMode"].as_str())
            .unwrap_or("Gracefully");
        let mut task = json!({
            "fromCluster": cluster, "purgeMode": purge, "reason": "ClusterDrained",
            "message": message, "producer": "karmadactl",
            "clustersBeforeFailover": clusters.iter().map(|t| t["name"].clone()).collect::<Vec<_>>()
        });
        if gone["replicas"].as_i64().unwrap_or(0) > 0 {
            task["replicas"] = gone["replicas"].clone();
        }
        tasks.push(task);
    }
    let out = after["spec"].as_object_mut().unwrap();
    if rest.is_empty() {
        out.remove("clusters");
    } else {
        out.insert("clusters".into(), Value::Array(rest));
    }
    out.insert("gracefulEvictionTasks".into(), Value::Array(tasks));
    let mut records: BTreeMap<String, Value> = before["metadata"]["annotations"][RECORD]
        .as_str()
        .map(|s| serde_json::from_str(s).unwrap())
        .unwrap_or_default();
    records.insert(cluster.into(), Value::Array(clusters));
    after["metadata"]["annotations"][RECORD] = json!(serde_json::to_string(&records).unwrap());
    // The drain log: [`compared`] keeps which clusters have an entry and its message,
    // not when.
    let mut log: BTreeMap<String, Value> = before["metadata"]["annotations"][DRAINS]
        .as_str()
        .map(|s| serde_json::from_str(s).unwrap())
        .unwrap_or_default();
    log.insert(
        cluster.into(),
        json!({"at": "2000-01-01T00:00:00Z", "message": message}),
    );
    after["metadata"]["annotations"][DRAINS] = json!(serde_json::to_string(&log).unwrap());
    after
}

/// What tests compare of a binding: labels (without the permanent id karmada-webhook
/// stamps on every create), annotations (the record parsed) and spec.
pub fn compared(b: &Value) -> Value {
    let mut labels = b["metadata"]["labels"].clone();
    if let Some(l) = labels.as_object_mut() {
        l.retain(|k, _| !k.ends_with("/permanent-id"));
    }
    let mut annotations = b["metadata"]["annotations"].clone();
    if let Some(text) = annotations[RECORD].as_str() {
        annotations[RECORD] = serde_json::from_str(text).unwrap();
    }
    // The drain log: each cluster's message, not the moment (checked to be a time).
    if let Some(text) = annotations[DRAINS].as_str() {
        let log: BTreeMap<String, Value> = serde_json::from_str(text).unwrap();
        let mut kept = serde_json::Map::new();
        for (c, d) in log {
            let at = d["at"].as_str().unwrap_or_default();
            assert!(
                at.parse::<jiff::Timestamp>().is_ok(),
                "drain of {c} at {at}"
            );
            kept.insert(c, d["message"].clone());
        }
        annotations[DRAINS] = Value::Object(kept);
    }
    json!({
        "labels": labels,
        "annotations": annotations,
        "spec": b["spec"],
    })
}

/// The message `drain CLUSTER` writes into its tasks.
pub fn message(cluster: &str) -> String {
    format!("evicted by `karmadactl drain {cluster}`")
}

/// Every binding of fleet `p` as an uninterrupted drain of `{p}-m1` leaves it: evicted
/// as upstream writes it, except the Job with nowhere to go.
pub fn drained(p: &str, before: &BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    let m1 = format!("{p}-m1");
    before
        .iter()
        .map(|(k, b)| {
            let after = if k.ends_with("-job-nowhere") {
                b.clone()
            } else {
                expected_drain(b, &m1, &message(&m1), None)
            };
            (k.clone(), compared(&after))
        })
        .collect()
}

/// [`compared`] of every binding.
pub fn compared_all(all: &BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    all.iter().map(|(k, b)| (k.clone(), compared(b))).collect()
}

/// Assert two fleets' bindings are equal, naming the first that differs.
pub fn assert_same(got: &BTreeMap<String, Value>, want: &BTreeMap<String, Value>) {
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (k, g) in got {
        assert_eq!(g, &want[k], "binding {k}");
    }
}
