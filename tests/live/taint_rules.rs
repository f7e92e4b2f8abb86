//! Karmada's API rules for cluster taints, against the real test server: the tool refuses
//! every list Karmada would reject before sending anything, and the server (whose
//! Cluster CRD carries the same rules) rejects the same lists written directly.

use crate::support;

use kube::api::{Api, DynamicObject, Patch, PatchParams, PostParams};
use serde_json::json;
use support::fixtures::*;
use support::proxy::Proxy;

/// Taint specs the tool must refuse, and the taint each would put on the cluster.
fn bad_changes() -> Vec<(Vec<String>, serde_json::Value)> {
    let long_value = "v".repeat(64);
    let long_name = "k".repeat(64);
    vec![
        (
            vec!["bad_:NoSchedule".into()],
            json!({"key": "bad_", "effect": "NoSchedule"}),
        ),
        (
            vec!["Bad.Prefix/k:NoSchedule".into()],
            json!({"key": "Bad.Prefix/k", "effect": "NoSchedule"}),
        ),
        (
            vec![format!("{long_name}:NoSchedule")],
            json!({"key": long_name, "effect": "NoSchedule"}),
        ),
        (
            vec!["k=-v:NoSchedule".into()],
            json!({"key": "k", "value": "-v", "effect": "NoSchedule"}),
        ),
        (
            vec![format!("k={long_value}:NoSchedule")],
            json!({"key": "k", "value": long_value, "effect": "NoSchedule"}),
        ),
        (
            vec!["k:PreferNoSchedule".into()],
            json!({"key": "k", "effect": "PreferNoSchedule"}),
        ),
        (
            vec!["k:PreferNoExecute".into()],
            json!({"key": "k", "effect": "PreferNoExecute"}),
        ),
        (
            vec!["k:Bogus".into()],
            json!({"key": "k", "effect": "Bogus"}),
        ),
        (
            vec!["dup=a:NoSchedule".into(), "dup=b:NoSchedule".into()],
            json!({"key": "dup", "value": "b", "effect": "NoSchedule"}),
        ),
    ]
}

#[tokio::test(flavor = "multi_thread")]
async fn the_tool_refuses_what_karmada_rejects_and_sends_nothing() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "rules-1", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    for (specs, _) in bad_changes() {
        let mut args = vec!["taint", "clusters", "rules-1"];
        args.extend(specs.iter().map(String::as_str));
        args.push("--yes");
        let (stdout, stderr, code) = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
        assert_eq!(code, 2, "{specs:?}: {stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{specs:?}: {stderr}");
    }
    // A duplicate key and effect: the cluster already has one; a second cannot be added
    // by the tool (an identical one is unchanged, another value needs --overwrite, which
    // replaces it in place).
    create_cluster(
        &client,
        "rules-2",
        json!({}),
        json!({"taints": [{"key": "dup", "value": "a", "effect": "NoSchedule"}]}),
    )
    .await;
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["taint", "clusters", "rules-2", "dup=b:NoSchedule"],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--overwrite"), "{stderr}");
    assert_eq!(
        proxy.count("PATCH", "/clusters/"),
        0,
        "nothing may be written: {:?}",
        proxy.seen.lock().unwrap()
    );
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "rules-2",
            "dup=b:NoSchedule",
            "--overwrite",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(taint_specs(&client, "rules-2").await, ["dup=b:NoSchedule"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn karmadas_cluster_api_rejects_the_same_lists() {
    // Every list the tool refuses, sent directly: Karmada's own Cluster API answers 422.
    let env = support::env();
    assert!(env.real_karmada || std::env::var_os("CI").is_none_or(|v| v.is_empty()));
    let client = env.admin().await;
    create_cluster(&client, "rules-3", json!({}), json!({})).await;
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let mut lists: Vec<serde_json::Value> = bad_changes()
        .into_iter()
        .map(|(specs, taint)| {
            if specs.len() == 2 {
                // Both taints of the duplicate pair.
                json!([{"key": "dup", "value": "a", "effect": "NoSchedule"}, taint])
            } else {
                json!([taint])
            }
        })
        .collect();
    lists.push(json!([{"key": "k"}]));
    for list in lists {
        let patch = json!({"spec": {"taints": list}});
        match api
            .patch("rules-3", &PatchParams::default(), &Patch::Merge(&patch))
            .await
        {
            Err(kube::Error::Api(status)) => assert_eq!(status.code, 422, "{list}: {status:?}"),
            other => panic!("{list}: the server accepted it: {other:?}"),
        }
    }
    // And accepts what Karmada accepts, empty values included.
    let good = json!({"spec": {"taints": [
        {"key": "example.com/k_1", "value": "", "effect": "NoSchedule"},
        {"key": "example.com/k_1", "value": "v.1-x", "effect": "NoExecute", "timeAdded": "2026-11-22T12:00:00Z"}
    ]}});
    api.patch("rules-3", &PatchParams::default(), &Patch::Merge(&good))
        .await
        .expect("a valid list is accepted");
}

#[tokio::test(flavor = "multi_thread")]
async fn empty_strings_round_trip() {
    // kube-apiserver 1.20.2 built with newer Go took "" for null; hack/test-env.sh
    // patches that, as every real apiserver behaves. A ClusterTaintPolicy has no
    // mutating webhook, so what the server stores is what it decoded.
    let env = support::env();
    let client = env.admin().await;
    let ctps: Api<DynamicObject> =
        Api::all_with(client.clone(), &resource_for("ClusterTaintPolicy").unwrap());
    let ctp: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1",
        "kind": "ClusterTaintPolicy",
        "metadata": {"name": "empty-value"},
        "spec": {
            "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False"]}],
            "taints": [{"key": "k", "value": "", "effect": "NoSchedule"}]
        }
    }))
    .unwrap();
    ctps.create(&PostParams::default(), &ctp)
        .await
        .expect("a taint with value \"\" is accepted");
    let back = ctps.get("empty-value").await.unwrap();
    assert_eq!(
        back.data["spec"]["taints"][0]["value"],
        json!(""),
        "{:?}",
        back.data
    );

    // A PropagationPolicy goes through karmada-webhook's mutation, whose Go encoding
    // drops an empty toleration value: the real control plane stores none.
    let pps: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        "default",
        &resource_for("PropagationPolicy").unwrap(),
    );
    let pp: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1",
        "kind": "PropagationPolicy",
        "metadata": {"name": "empty-value", "namespace": "default"},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "x"}],
            "placement": {"clusterTolerations": [
                {"key": "k", "operator": "Equal", "value": "", "effect": "NoExecute"}
            ]}
        }
    }))
    .unwrap();
    pps.create(&PostParams::default(), &pp)
        .await
        .expect("a toleration with value \"\" is accepted");
    let back = pps.get("empty-value").await.unwrap();
    let toleration = &back.data["spec"]["placement"]["clusterTolerations"][0];
    let want = if env.real_karmada {
        json!(null)
    } else {
        json!("")
    };
    assert_eq!(toleration["value"], want, "{toleration}");
}
