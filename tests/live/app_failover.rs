//! Application failover on a real Karmada with members, with the upstream
//! controller-manager running `applicationFailover`: a Deployment is made Unhealthy on
//! member1 (its status, as a crash-looping workload reports it) and the tool's
//! predictions are held against what the real controllers then do. Four workloads on
//! one plane, side by side: (a) `Directly` after 30 s, its task, re-placement and the old
//! copy's removal inside the predicted interval; (b) a binding edited to `propagateDeps:
//! false`: not armed, as `policy explain` says, and nothing happens; (c) Healthy again
//! before the toleration: nothing happens; (d) `Never`: the held copy, then `evictions
//! confirm` lets it go, and the Duplicated binding is placed back on member1 as the
//! prediction says; (e) a Divided binding Unhealthy on both members: evicted from both,
//! back on both when its tasks time out, as predicted, then evicted again (the loop).

use crate::support;

use std::time::{Duration, Instant};

use jiff::Timestamp;
use k8s_openapi::api::apps::v1::Deployment;
use kube::api::{Api, DynamicObject, Patch, PatchParams, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};
use support::timing::{assert_meets, Anchor, Window};

const NS: &str = "app";
const TOLERATION: i64 = 30;

/// Both members each get one replica (Divided) or both (Duplicated).
async fn create(client: &kube::Client, name: &str, application: Value, duplicated: bool) {
    let scheduling = if duplicated {
        json!({"replicaSchedulingType": "Duplicated"})
    } else {
        json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
               "weightPreference": {"staticWeightList": [
                   {"targetCluster": {"clusterNames": ["member1"]}, "weight": 1},
                   {"targetCluster": {"clusterNames": ["member2"]}, "weight": 1}]}})
    };
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": NS, "labels": {"app": name}},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}},
                         "spec": {"containers": [{"name": name, "image": "nginx:1.27"}]}}
        }
    }))
    .unwrap();
    Api::<Deployment>::namespaced(client.clone(), NS)
        .create(&PostParams::default(), &deployment)
        .await
        .unwrap();
    let policy = json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": name, "namespace": NS},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": name}],
            "propagateDeps": true,
            "placement": {
                "clusterAffinity": {"clusterNames": ["member1", "member2"]},
                "replicaScheduling": scheduling
            },
            "failover": {"application": application}
        }
    });
    create_items(client, &[policy]).await;
}

fn bindings(client: &kube::Client) -> Api<DynamicObject> {
    Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    )
}

async fn binding(client: &kube::Client, name: &str) -> Value {
    match bindings(client)
        .get_opt(&format!("{name}-deployment"))
        .await
    {
        Ok(Some(b)) => serde_json::to_value(b).unwrap(),
        _ => Value::Null,
    }
}

fn placed(b: &Value) -> Vec<String> {
    b["spec"]["clusters"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|t| t["name"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn tasks(b: &Value) -> Vec<Value> {
    b["spec"]["gracefulEvictionTasks"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn health(b: &Value, cluster: &str) -> Option<String> {
    b["status"]["aggregatedStatus"]
        .as_array()?
        .iter()
        .find(|i| i["clusterName"] == cluster)
        .and_then(|i| i["health"].as_str().map(String::from))
}

/// Poll the binding every 250 ms until `done` holds: the binding then, and the window
/// between the poll before and the one that saw it.
async fn wait_for(
    k: &Karmada,
    client: &kube::Client,
    name: &str,
    secs: u64,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> (Value, Window) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut previous = Timestamp::now();
    loop {
        let b = binding(client, name).await;
        let now = Timestamp::now();
        if done(&b) {
            return (b, Window::polled(previous, now));
        }
        assert!(
            Instant::now() < deadline,
            "{what}: not after {secs} s; the binding:\n{b:#}\n--- controller-manager\n{}",
            k.log_tail("karmada-controller-manager.log")
        );
        previous = now;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Every version of the binding of `name`, as a watch delivers them, with the moment
/// each was received.
fn watch(
    client: &kube::Client,
    name: &str,
) -> tokio::sync::mpsc::UnboundedReceiver<(Timestamp, Value)> {
    use futures::StreamExt;
    use kube::runtime::{watcher, WatchStreamExt};
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let config = watcher::Config::default().fields(&format!("metadata.name={name}-deployment"));
    let api = bindings(client);
    tokio::spawn(async move {
        let mut events = std::pin::pin!(watcher(api, config).default_backoff().applied_objects());
        while let Some(event) = events.next().await {
            if let Ok(o) = event {
                let value = serde_json::to_value(o).unwrap();
                if tx.send((Timestamp::now(), value)).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

/// The first watched version `done` accepts, and when the watch delivered it.
async fn first_watched(
    k: &Karmada,
    versions: &mut tokio::sync::mpsc::UnboundedReceiver<(Timestamp, Value)>,
    secs: u64,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> (Value, Window) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    let mut last = Value::Null;
    loop {
        match tokio::time::timeout_at(deadline, versions.recv()).await {
            Ok(Some((at, b))) if done(&b) => return (b, Window::watched(at)),
            Ok(Some((_, b))) => last = b,
            _ => panic!(
                "{what}: not within {secs} s; the last version:\n{last:#}\n--- controller-manager\n{}",
                k.log_tail("karmada-controller-manager.log")
            ),
        }
    }
}

async fn healthy_on_both(k: &Karmada, client: &kube::Client, name: &str) {
    wait_for(
        k,
        client,
        name,
        120,
        &format!("{name}: Healthy on both"),
        |b| {
            placed(b) == ["member1", "member2"]
                && health(b, "member1").as_deref() == Some("Healthy")
                && health(b, "member2").as_deref() == Some("Healthy")
        },
    )
    .await;
}

/// Whether the Deployment `name` exists on the member.
async fn on_member(k: &Karmada, member: usize, name: &str) -> bool {
    let api: Api<Deployment> = Api::namespaced(k.members[member].client().await, NS);
    matches!(api.get_opt(name).await, Ok(Some(d)) if d.metadata.deletion_timestamp.is_none())
}

/// `dry-run --app-unhealthy BINDING@member1 --unhealthy-since SINCE -o json`: the
/// prediction of the one binding.
fn predict(kc: &std::path::Path, name: &str, since: Timestamp) -> Value {
    predict_on(kc, name, "member1", since)
}

/// The same, with the workload Unhealthy on `clusters` (`member1,member2`).
fn predict_on(kc: &std::path::Path, name: &str, clusters: &str, since: Timestamp) -> Value {
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "dry-run",
            "--app-unhealthy",
            &format!("rb/{NS}/{name}-deployment@{clusters}"),
            "--unhealthy-since",
            &since.to_string(),
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["kind"], "AppFailoverDryRun", "{doc:#}");
    doc["predictions"][0].clone()
}

fn member1(prediction: &Value) -> &Value {
    prediction["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == "member1")
        .unwrap()
}

fn window(prediction: &Value) -> (Timestamp, Timestamp) {
    let w = &member1(prediction)["eviction"];
    (
        w["earliest"].as_str().unwrap().parse().unwrap(),
        w["latest"].as_str().unwrap().parse().unwrap(),
    )
}

/// The task as the real controller wrote it, in the fields the prediction has.
fn same_task(real: &Value, predicted: &Value) {
    for field in [
        "fromCluster",
        "purgeMode",
        "replicas",
        "reason",
        "producer",
        "suppressDeletion",
        "gracePeriodSeconds",
    ] {
        assert_eq!(
            real[field], predicted[field],
            "{field}: {real:#} vs {predicted:#}"
        );
    }
}

/// (a) Directly: the eviction, its task, the new placement and the old copy's removal.
async fn directly(k: &Karmada, client: &kube::Client, kc: &std::path::Path) {
    let name = "a-directly";
    healthy_on_both(k, client, name).await;
    let mut versions = watch(client, name);
    let turned = k.members[0].set_deployment_health(NS, name, false).await;
    let prediction = predict(kc, name, turned.by);
    assert_eq!(member1(&prediction)["armed"], true, "{prediction:#}");
    assert!(prediction["returns"].is_null(), "{prediction:#}");
    let (b, seen) = first_watched(k, &mut versions, 120, "a: the eviction", |b| {
        !placed(b).contains(&"member1".to_string())
    })
    .await;
    assert_meets(
        "a: member1 leaves spec.clusters",
        seen,
        window(&prediction),
        &Anchor::new(turned.by, turned),
        turned.by,
    );
    let written = tasks(&b);
    assert_eq!(written.len(), 1, "{b:#}");
    same_task(&written[0], &member1(&prediction)["task"]);
    let want = prediction["predicted"].clone();
    wait_for(k, client, name, 60, "a: the predicted placement", |b| {
        b["spec"]["clusters"] == want
    })
    .await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while on_member(k, 0, name).await {
        assert!(
            Instant::now() < deadline,
            "a: the old copy stays on member1"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// (b) propagateDeps edited to false: not armed, and nothing happens.
async fn without_deps(k: &Karmada, client: &kube::Client, kc: &std::path::Path) {
    let name = "b-nodeps";
    healthy_on_both(k, client, name).await;
    bindings(client)
        .patch(
            &format!("{name}-deployment"),
            &PatchParams::default(),
            &Patch::Merge(&json!({"spec": {"propagateDeps": false}})),
        )
        .await
        .unwrap();
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "policy",
            "explain",
            "rb",
            &format!("{NS}/{name}-deployment"),
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let m1 = member1(&doc["applicationFailover"]);
    assert_eq!(m1["armed"], false, "{doc:#}");
    assert_eq!(m1["reasons"][0]["code"], "app-failover-propagate-deps-off");
    k.members[0].set_deployment_health(NS, name, false).await;
    wait_for(k, client, name, 30, "b: Unhealthy seen", |b| {
        health(b, "member1").as_deref() == Some("Unhealthy")
    })
    .await;
    tokio::time::sleep(Duration::from_secs(TOLERATION as u64 + 15)).await;
    let b = binding(client, name).await;
    assert_eq!(placed(&b), ["member1", "member2"], "{b:#}");
    assert!(tasks(&b).is_empty(), "{b:#}");
}

/// (c) Healthy again before the toleration: the timer resets, nothing happens.
async fn recovers(k: &Karmada, client: &kube::Client) {
    let name = "c-recovers";
    healthy_on_both(k, client, name).await;
    k.members[0].set_deployment_health(NS, name, false).await;
    wait_for(k, client, name, 30, "c: Unhealthy seen", |b| {
        health(b, "member1").as_deref() == Some("Unhealthy")
    })
    .await;
    tokio::time::sleep(Duration::from_secs(15)).await;
    k.members[0].set_deployment_health(NS, name, true).await;
    wait_for(k, client, name, 30, "c: Healthy again", |b| {
        health(b, "member1").as_deref() == Some("Healthy")
    })
    .await;
    tokio::time::sleep(Duration::from_secs(TOLERATION as u64)).await;
    let b = binding(client, name).await;
    assert_eq!(placed(&b), ["member1", "member2"], "{b:#}");
    assert!(tasks(&b).is_empty(), "{b:#}");
}

/// (d) Never: the task holds the old copy beside the new replicas until confirmed.
async fn never(k: &Karmada, client: &kube::Client, kc: &std::path::Path) {
    let name = "d-never";
    healthy_on_both(k, client, name).await;
    let turned = k.members[0].set_deployment_health(NS, name, false).await;
    let prediction = predict(kc, name, turned.by);
    assert_eq!(
        prediction["oldCopy"], "held-until-confirmed",
        "{prediction:#}"
    );
    let (b, seen) = wait_for(k, client, name, 120, "d: the eviction", |b| {
        !placed(b).contains(&"member1".to_string())
    })
    .await;
    assert_meets(
        "d: member1 leaves spec.clusters",
        seen,
        window(&prediction),
        &Anchor::new(turned.by, turned),
        turned.by,
    );
    same_task(&tasks(&b)[0], &member1(&prediction)["task"]);
    assert_eq!(tasks(&b)[0]["suppressDeletion"], true);
    // Held: well after the new placement is Healthy, the old copy is still there.
    wait_for(k, client, name, 60, "d: Healthy on member2", |b| {
        health(b, "member2").as_deref() == Some("Healthy")
    })
    .await;
    tokio::time::sleep(Duration::from_secs(10)).await;
    assert!(on_member(k, 0, name).await, "d: the held copy went");
    assert_eq!(tasks(&binding(client, name).await).len(), 1);
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "evictions",
            "confirm",
            "rb",
            &format!("{NS}/{name}-deployment"),
            "--yes",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    wait_for(
        k,
        client,
        name,
        90,
        "d: the task cleared after confirm",
        |b| tasks(b).is_empty(),
    )
    .await;
    // Duplicated: scheduled again once the task is gone, back on member1, as predicted.
    assert_eq!(
        prediction["returns"]["code"], "app-failover-returns",
        "{prediction:#}"
    );
    wait_for(k, client, name, 60, "d: back on member1", |b| {
        placed(b).contains(&"member1".to_string())
    })
    .await;
}

fn interval(w: &Value) -> (Timestamp, Timestamp) {
    (
        w["earliest"].as_str().unwrap().parse().unwrap(),
        w["latest"].as_str().unwrap().parse().unwrap(),
    )
}

/// (e) Divided 1:1 and Unhealthy on both members, Gracefully with a 20 s grace period:
/// evicted from both in one update (nowhere left to go), placed straight back when the
/// tasks time out (the scheduler's "replicas scaled down or scaled up"), as predicted,
/// and, still Unhealthy there, evicted again a toleration later: the loop.
async fn everywhere(k: &Karmada, client: &kube::Client, kc: &std::path::Path) {
    let name = "e-everywhere";
    healthy_on_both(k, client, name).await;
    let mut versions = watch(client, name);
    let first = k.members[0].set_deployment_health(NS, name, false).await;
    let turned = k.members[1].set_deployment_health(NS, name, false).await;
    let turned = Window::between(first.after, turned.by);
    let prediction = predict_on(kc, name, "member1,member2", turned.by);
    assert_eq!(
        prediction["evicted"],
        json!(["member1", "member2"]),
        "{prediction:#}"
    );
    assert!(!prediction["predictionError"].is_null(), "{prediction:#}");
    assert_eq!(prediction["returns"]["code"], "app-failover-returns");
    let back_at = interval(&prediction["returnsAt"]);
    let (b, _) = first_watched(k, &mut versions, 120, "e: evicted from both", |b| {
        placed(b).is_empty() && tasks(b).len() == 2
    })
    .await;
    assert!(
        tasks(&b).iter().all(|t| t["gracePeriodSeconds"] == 20),
        "{b:#}"
    );
    let (b, back) = first_watched(k, &mut versions, 120, "e: placed back", |b| {
        !placed(b).is_empty()
    })
    .await;
    assert_meets(
        "e: placed back on its clusters",
        back,
        back_at,
        &Anchor::new(turned.by, turned),
        turned.by,
    );
    assert_eq!(b["spec"]["clusters"], prediction["returnsTo"], "{b:#}");
    // Still Unhealthy there: evicted again, a toleration after the return.
    let (_, again) = first_watched(k, &mut versions, 120, "e: evicted again", |b| {
        placed(b).is_empty()
    })
    .await;
    let returned = back.by;
    let loop_at = (
        returned + jiff::SignedDuration::from_secs(TOLERATION),
        returned + jiff::SignedDuration::from_secs(TOLERATION + 3),
    );
    assert_meets(
        "e: evicted again",
        again,
        loop_at,
        &Anchor::new(returned, back),
        turned.by,
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn application_failover_happens_as_predicted_and_only_then() {
    let Some(k) = karmada_with(Options {
        members: 2,
        ..Options::new(&format!("{WITH_MEMBERS},applicationFailover"))
    }) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let kc = k.env.kubeconfig.clone();
    ensure_namespace(&client, NS).await;
    let toleration = json!({"tolerationSeconds": TOLERATION});
    let purge_directly = json!({"decisionConditions": toleration, "purgeMode": "Directly"});
    create(&client, "a-directly", purge_directly.clone(), false).await;
    create(&client, "b-nodeps", purge_directly.clone(), false).await;
    create(&client, "c-recovers", purge_directly, false).await;
    let purge_never = json!({"decisionConditions": toleration, "purgeMode": "Never"});
    create(&client, "d-never", purge_never, true).await;
    let graceful = json!({"decisionConditions": toleration, "purgeMode": "Gracefully",
                          "gracePeriodSeconds": 20});
    create(&client, "e-everywhere", graceful, false).await;
    tokio::join!(
        directly(k, &client, &kc),
        without_deps(k, &client, &kc),
        recovers(k, &client),
        never(k, &client, &kc),
        everywhere(k, &client, &kc),
    );
}
