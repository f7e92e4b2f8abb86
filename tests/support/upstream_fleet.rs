//! A small fleet for the tests that run the real Karmada controllers: clusters
//! `member1..3` and bindings without a placement yet, for the real scheduler to place;
//! reading their placements back, and waiting for the controllers.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, ListParams};
use kube::Client;
use serde_json::{json, Value};

use super::fixtures::resource_for;
use super::karmada::Karmada;

/// A ready cluster that serves Deployments, with room for many replicas.
pub fn cluster(name: &str) -> Value {
    json!({
        "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
        "metadata": {"name": name, "labels": {"name": name}},
        "spec": {"syncMode": "Push", "apiEndpoint": "https://127.0.0.1:1"},
        "status": {
            "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady",
                            "message": "cluster is healthy and ready to accept workloads",
                            "lastTransitionTime": "2026-11-22T00:00:00Z"}],
            "apiEnablements": [{"groupVersion": "apps/v1",
                                "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "64", "memory": "256Gi", "pods": "1100"}}
        }
    })
}

/// How a binding spreads its replicas over `member1..3`.
#[derive(Clone, Copy, Debug)]
pub enum Spread {
    /// Divided by these static weights.
    Static([i64; 3]),
    /// Divided by available replicas.
    Dynamic,
    /// Every replica on every cluster.
    Duplicated,
}

/// A binding of `kind` named `name` over the three clusters, not yet scheduled.
pub fn binding(kind: &str, name: &str, replicas: i32, spread: Spread) -> Value {
    let scheduling = match spread {
        Spread::Static(w) => json!({
            "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
            "weightPreference": {"staticWeightList": [
                {"targetCluster": {"clusterNames": ["member1"]}, "weight": w[0]},
                {"targetCluster": {"clusterNames": ["member2"]}, "weight": w[1]},
                {"targetCluster": {"clusterNames": ["member3"]}, "weight": w[2]}
            ]}
        }),
        Spread::Dynamic => json!({
            "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
            "weightPreference": {"dynamicWeight": "AvailableReplicas"}
        }),
        Spread::Duplicated => json!({"replicaSchedulingType": "Duplicated"}),
    };
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2", "member3"]},
        "replicaScheduling": scheduling
    });
    let (label, namespace) = if kind == "ResourceBinding" {
        ("propagationpolicy.karmada.io/permanent-id", Some("default"))
    } else {
        ("clusterpropagationpolicy.karmada.io/permanent-id", None)
    };
    let mut meta = json!({
        "name": name,
        "labels": {label: format!("id-{name}")},
        "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}
    });
    if let Some(ns) = namespace {
        meta["namespace"] = ns.into();
    }
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": kind,
        "metadata": meta,
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default",
                         "name": name, "uid": format!("00000000-0000-0000-0000-{:012}", name.len())},
            "replicas": replicas,
            "replicaRequirements": {"resourceRequest": {"cpu": "100m"}},
            "placement": placement
        }
    })
}

/// Every binding on the server, as `rb/NAMESPACE/NAME` or `crb/NAME` with its JSON.
pub async fn bindings(client: &Client) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for (kind, short) in [("ResourceBinding", "rb"), ("ClusterResourceBinding", "crb")] {
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &resource_for(kind).unwrap());
        for b in api.list(&ListParams::default()).await.unwrap() {
            let v = serde_json::to_value(&b).unwrap();
            let key = match v["metadata"]["namespace"].as_str() {
                Some(ns) => format!("{short}/{ns}/{}", v["metadata"]["name"].as_str().unwrap()),
                None => format!("{short}/{}", v["metadata"]["name"].as_str().unwrap()),
            };
            out.push((key, v));
        }
    }
    out
}

/// Replicas per cluster of a binding's `spec.clusters`.
pub fn placed_on(b: &Value) -> BTreeMap<String, i64> {
    b["spec"]["clusters"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["replicas"].as_i64().unwrap_or(0),
            )
        })
        .collect()
}

/// Whether the scheduler has placed the binding's latest generation somewhere.
pub fn scheduled(b: &Value) -> bool {
    let gen = b["metadata"]["generation"].as_i64();
    gen.is_some()
        && b["status"]["schedulerObservedGeneration"].as_i64() == gen
        && !placed_on(b).is_empty()
}

/// Poll until `done` holds for every binding, or fail after `secs` with the logs.
pub async fn wait_for(
    client: &Client,
    k: &Karmada,
    secs: u64,
    what: &str,
    done: impl Fn(&Value) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let all = bindings(client).await;
        if all.iter().all(|(_, b)| done(b)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what} did not happen in {secs} s: {:?}\n--- scheduler\n{}\n--- controller-manager\n{}",
            all.iter().filter(|(_, b)| !done(b)).map(|(k, _)| k).collect::<Vec<_>>(),
            k.log_tail("karmada-scheduler.log"),
            k.log_tail("karmada-controller-manager.log")
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Watch both binding kinds from `since` on, until `total` bindings have left
/// `failing`: when each was seen leaving, in seconds after `since`.
pub async fn watch_evictions(
    client: &Client,
    failing: &str,
    since: jiff::Timestamp,
    total: usize,
) -> BTreeMap<String, f64> {
    use futures::{StreamExt, TryStreamExt};
    use kube::runtime::{watcher, WatchStreamExt};
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(String, f64)>();
    for (kind, short) in [("ResourceBinding", "rb"), ("ClusterResourceBinding", "crb")] {
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &resource_for(kind).unwrap());
        let tx = tx.clone();
        let failing = failing.to_string();
        tokio::spawn(async move {
            let mut stream = watcher(api, watcher::Config::default())
                .applied_objects()
                .boxed();
            while let Ok(Some(b)) = stream.try_next().await {
                let seen = jiff::Timestamp::now().duration_since(since).as_secs_f64();
                let v = serde_json::to_value(&b).unwrap();
                if !placed_on(&v).contains_key(&failing) {
                    let key = match v["metadata"]["namespace"].as_str() {
                        Some(ns) => {
                            format!("{short}/{ns}/{}", v["metadata"]["name"].as_str().unwrap())
                        }
                        None => format!("{short}/{}", v["metadata"]["name"].as_str().unwrap()),
                    };
                    let _ = tx.send((key, seen));
                }
            }
        });
    }
    let mut evicted_at = BTreeMap::new();
    while evicted_at.len() < total {
        let (key, t) = rx.recv().await.expect("the watches run");
        evicted_at.entry(key).or_insert(t);
    }
    evicted_at
}

/// Put `cluster.karmada.io/not-ready:NoExecute` on `cluster` as `taint` writes it (with
/// `timeAdded`, which a Cluster CRD does not stamp); returns when it landed.
pub async fn taint_not_ready(client: &Client, cluster: &str) -> super::timing::Window {
    use kube::api::{Patch, PatchParams};
    let clusters: Api<DynamicObject> =
        Api::all_with(client.clone(), &super::fixtures::cluster_resource());
    let stamp = jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string();
    let patch = json!({"spec": {"taints": [
        {"key": "cluster.karmada.io/not-ready", "effect": "NoExecute", "timeAdded": stamp}
    ]}});
    let before = jiff::Timestamp::now();
    clusters
        .patch(cluster, &PatchParams::default(), &Patch::Merge(&patch))
        .await
        .unwrap();
    super::timing::Window {
        after: before,
        by: jiff::Timestamp::now(),
    }
}

/// The predicted and the seen eviction times of one queue (seconds after the taint,
/// written within `taint`) agree in cadence: sorted, each seen time is its predicted one
/// plus the controller's reaction lag (`timing::reaction_range`), within
/// `timing::CADENCE_JITTER`.
pub fn assert_same_cadence(
    what: &str,
    predicted: &[f64],
    seen: &[f64],
    taint: super::timing::Window,
) {
    let tolerance = super::timing::CADENCE_JITTER;
    let mut predicted = predicted.to_vec();
    let mut seen = seen.to_vec();
    predicted.sort_by(f64::total_cmp);
    seen.sort_by(f64::total_cmp);
    eprintln!("{what} evictions (s after the taint): predicted {predicted:?}, seen {seen:?}");
    assert_eq!(
        predicted.len(),
        seen.len(),
        "{what}: {predicted:?} vs {seen:?}"
    );
    let lag = seen[0] - predicted[0];
    assert!(
        super::timing::reaction_range(taint).contains(&lag),
        "{what}: the controller reacted {lag:.2} s after the taint (allowed {:?})",
        super::timing::reaction_range(taint)
    );
    for (p, s) in predicted.iter().zip(&seen) {
        assert!(
            (p - (s - lag)).abs() <= tolerance,
            "{what}: predicted {predicted:?}, seen {seen:?} (lag {lag:.2} s)"
        );
    }
}
