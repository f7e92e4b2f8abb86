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
