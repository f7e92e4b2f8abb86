//! A fleet for ClusterTaintPolicy evaluation: four clusters whose Ready condition is
//! False, Unknown and True (twice), one with a custom condition, and three policies (one
//! targeting by label, one by name, one with removeOnConditions), created a second apart
//! so their creation order is certain. The expected taints are written by hand from the
//! rules of families `taint_policy_match` and `taint_policy_apply`.

use std::collections::BTreeMap;

use kube::Client;
use serde_json::{json, Value};

use super::fixtures::create_items;

fn cluster(p: &str, name: &str, tier: &str, conditions: Value, taints: Value) -> Value {
    json!({
        "apiVersion": "cluster.karmada.io/v1alpha1",
        "kind": "Cluster",
        "metadata": {"name": format!("{p}-{name}"), "labels": {"ctp-test": p, "tier": tier}},
        "spec": {"syncMode": "Push", "taints": taints},
        "status": {"conditions": conditions},
    })
}

fn condition(type_: &str, status: &str) -> Value {
    json!({"type": type_, "status": status, "reason": "Test", "message": "set by the test",
           "lastTransitionTime": "2026-11-22T10:00:00Z"})
}

fn policy(name: &str, spec: Value) -> Value {
    json!({
        "apiVersion": "policy.karmada.io/v1alpha1",
        "kind": "ClusterTaintPolicy",
        "metadata": {"name": name},
        "spec": spec,
    })
}

/// Create the clusters, then the policies one second apart.
pub async fn create(client: &Client, p: &str) {
    let clusters = [
        cluster(
            p,
            "a",
            "edge",
            json!([condition("Ready", "False")]),
            json!([]),
        ),
        cluster(
            p,
            "b",
            "edge",
            json!([condition("Ready", "Unknown")]),
            json!([]),
        ),
        cluster(
            p,
            "c",
            "core",
            json!([
                condition("Ready", "True"),
                condition("example.com/Disk", "False")
            ]),
            json!([]),
        ),
        cluster(
            p,
            "d",
            "edge",
            json!([condition("Ready", "True")]),
            json!([{"key": format!("{p}-down"), "effect": "NoSchedule"}]),
        ),
    ];
    create_items(client, &clusters).await;
    let all_of_test = json!({"labelSelector": {"matchLabels": {"ctp-test": p}}});
    let policies = [
        policy(
            &format!("{p}-notready"),
            json!({
                "targetClusters": {"labelSelector": {"matchLabels": {"ctp-test": p, "tier": "edge"}}},
                "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False", "Unknown"]}],
                "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
                "taints": [{"key": format!("{p}-notready"), "effect": "NoSchedule"}],
            }),
        ),
        policy(
            &format!("{p}-disk"),
            json!({
                "targetClusters": {"clusterNames": [format!("{p}-c")]},
                "addOnConditions": [{"conditionType": "example.com/Disk", "operator": "In", "statusValues": ["False"]}],
                "taints": [{"key": format!("{p}-disk"), "value": "pressure", "effect": "NoSchedule"}],
            }),
        ),
        policy(
            &format!("{p}-down"),
            json!({
                "targetClusters": all_of_test,
                "addOnConditions": [{"conditionType": "Ready", "operator": "NotIn", "statusValues": ["True"]}],
                "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
                "taints": [{"key": format!("{p}-down"), "effect": "NoSchedule"}],
            }),
        ),
    ];
    for (i, pol) in policies.iter().enumerate() {
        if i > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        }
        create_items(client, std::slice::from_ref(pol)).await;
    }
}

/// The taints each cluster ends with (`KEY[=VALUE]:EFFECT`, in order).
pub fn expected(p: &str) -> BTreeMap<String, Vec<String>> {
    let notready = format!("{p}-notready:NoSchedule");
    let down = format!("{p}-down:NoSchedule");
    BTreeMap::from([
        // Ready False and Unknown, edge: both label-targeted policies add, in creation order.
        (format!("{p}-a"), vec![notready.clone(), down.clone()]),
        (format!("{p}-b"), vec![notready, down]),
        // Ready True, core: only the policy naming it adds; nothing to remove.
        (
            format!("{p}-c"),
            vec![format!("{p}-disk=pressure:NoSchedule")],
        ),
        // Ready True: removeOnConditions takes the pre-existing taint away.
        (format!("{p}-d"), vec![]),
    ])
}
