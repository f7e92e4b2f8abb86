//! `failback` held against upstream Karmada itself: the real scheduler and graceful
//! eviction controller of `../shared/karmada/bin` run on the test control plane. The
//! test plays the member clusters (it reports each placed cluster healthy).
//!
//! member1 is drained, the evictions clear, member1 recovers (Ready for 11 minutes,
//! uncordoned, with less room than before), and `failback member1` returns every binding
//! that fits to its pre-drain placement — which the real scheduler then keeps — while
//! the one that no longer fits is reported with the reason; the copies leaving other
//! clusters go through graceful eviction tasks. A `--mode reschedule` failback is
//! predicted, and the real scheduler's fresh decision is held to the prediction.

use crate::support;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, Patch, PatchParams};
use kube::Client;
use serde_json::{json, Value};
use support::fixtures::*;
use support::upstream_fleet::{binding, bindings, cluster, placed_on, scheduled, wait_for, Spread};

const BACK: &str = "member1";
const CONTROLLERS: &str = "cluster,binding,gracefulEviction";

fn group(b: &Value) -> &str {
    b["metadata"]["labels"]["group"].as_str().unwrap_or("")
}

fn tasks(b: &Value) -> Vec<Value> {
    b["spec"]["gracefulEvictionTasks"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn api_of(client: &Client, b: &Value) -> Api<DynamicObject> {
    let ar = resource_for(b["kind"].as_str().unwrap()).unwrap();
    match b["metadata"]["namespace"].as_str() {
        Some(ns) => Api::namespaced_with(client.clone(), ns, &ar),
        None => Api::all_with(client.clone(), &ar),
    }
}

/// Report every placed cluster of every binding applied and Healthy until `stop`.
fn members(client: Client, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !stop.load(Ordering::SeqCst) {
            for (_, b) in bindings(&client).await {
                let healthy: Vec<Value> = placed_on(&b)
                    .keys()
                    .map(|c| json!({"clusterName": c, "applied": true, "health": "Healthy"}))
                    .collect();
                if b["status"]["aggregatedStatus"] != json!(healthy) {
                    let patch = json!({"status": {"aggregatedStatus": healthy}});
                    let _ = api_of(&client, &b)
                        .patch_status(
                            b["metadata"]["name"].as_str().unwrap(),
                            &PatchParams::default(),
                            &Patch::Merge(&patch),
                        )
                        .await;
                }
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
}

async fn patch_cluster_status(client: &Client, status: Value) {
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    api.patch_status(
        BACK,
        &PatchParams::default(),
        &Patch::Merge(&json!({ "status": status })),
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn failback_restores_what_fits_and_the_real_scheduler_keeps_it() {
    let Some(k) = support::karmada::karmada(CONTROLLERS) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let kc = &k.env.kubeconfig;
    let mut items: Vec<Value> = ["member1", "member2", "member3"]
        .into_iter()
        .map(cluster)
        .collect();
    let mut add = |kind: &str, name: &str, replicas: i32, spread: Spread, g: &str| {
        let mut b = binding(kind, name, replicas, spread);
        b["metadata"]["labels"]["group"] = json!(g);
        items.push(b);
        items.len() - 1
    };
    add(
        "ResourceBinding",
        "fb-s0",
        3,
        Spread::Static([1, 1, 1]),
        "fb",
    );
    add(
        "ResourceBinding",
        "fb-s1",
        4,
        Spread::Static([2, 1, 1]),
        "fb",
    );
    add("ResourceBinding", "fb-dyn", 6, Spread::Dynamic, "fb");
    add("ResourceBinding", "fb-dup", 2, Spread::Duplicated, "fb");
    add(
        "ResourceBinding",
        "fb-one",
        1,
        Spread::Static([10, 1, 1]),
        "fb",
    );
    add(
        "ClusterResourceBinding",
        "fb-shared",
        4,
        Spread::Static([1, 2, 1]),
        "fb",
    );
    add("ResourceBinding", "rs-dyn", 6, Spread::Dynamic, "rs");
    let big = add(
        "ResourceBinding",
        "fb-big",
        6,
        Spread::Static([1, 1, 1]),
        "fb",
    );
    items[big]["spec"]["replicaRequirements"]["resourceRequest"]["cpu"] = json!("10");
    create_items(&client, &items).await;
    wait_for(&client, k, 90, "the first scheduling", scheduled).await;
    let start: BTreeMap<String, BTreeMap<String, i64>> = bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| (key, placed_on(&b)))
        .collect();
    for (key, on) in &start {
        assert!(on.contains_key(BACK), "{key} is not on {BACK}: {on:?}");
    }

    // Drain member1; the new placements turn healthy and the real controller clears the
    // tasks.
    let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &["drain", BACK, "--yes"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    wait_for(&client, k, 60, "the rescheduling", |b| {
        scheduled(b) && !placed_on(b).contains_key(BACK)
    })
    .await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = members(client.clone(), stop.clone());
    wait_for(&client, k, 60, "the graceful eviction", |b| {
        tasks(b).is_empty()
    })
    .await;
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
    let drained: BTreeMap<String, BTreeMap<String, i64>> = bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| (key, placed_on(&b)))
        .collect();

    // member1 comes back: uncordoned, with room for fewer replicas, Ready only 2 minutes.
    let ready = |minutes: i64| {
        json!({"conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady",
            "message": "cluster is healthy and ready to accept workloads",
            "lastTransitionTime": (jiff::Timestamp::now() - jiff::SignedDuration::from_mins(minutes)).to_string()}]})
    };
    let (_, stderr, code) = parts(&karmadactl(kc, "admin", &["uncordon", BACK]));
    assert_eq!(code, 0, "{stderr}");
    let mut status = cluster(BACK)["status"].clone();
    status["resourceSummary"]["allocatable"]["cpu"] = json!("15");
    status["conditions"] = ready(2)["conditions"].clone();
    patch_cluster_status(&client, status).await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["failback", BACK, "--binding-selector", "group=fb", "--yes"],
    ));
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stderr.contains("has been Ready only since"), "{stderr}");
    patch_cluster_status(&client, ready(11)).await;

    // The failback, in the background: it waits for the returned copies to be healthy.
    let failback = spawn_karmadactl(
        kc,
        &[
            "failback",
            BACK,
            "--binding-selector",
            "group=fb",
            "--max-concurrent",
            "10",
            "--yes",
            "-o",
            "json",
        ],
    );
    // The duplicated binding may return by the scheduler's own hand once member1 is
    // uncordoned; every other one that fits returns by the failback's write.
    wait_for(&client, k, 60, "the restores", |b| {
        let key = match b["metadata"]["namespace"].as_str() {
            Some(ns) => format!("rb/{ns}/{}", b["metadata"]["name"].as_str().unwrap()),
            None => format!("crb/{}", b["metadata"]["name"].as_str().unwrap()),
        };
        group(b) != "fb" || key == "rb/default/fb-big" || placed_on(b) == start[&key]
    })
    .await;
    // The copy leaving a cluster entirely waits in a graceful eviction task.
    let all: BTreeMap<String, Value> = bindings(&client).await.into_iter().collect();
    let one = &all["rb/default/fb-one"];
    let left: Vec<&String> = drained["rb/default/fb-one"]
        .keys()
        .filter(|c| !start["rb/default/fb-one"].contains_key(*c))
        .collect();
    assert_eq!(left.len(), 1, "{drained:?}");
    let t = tasks(one);
    assert_eq!(t.len(), 1, "{one:#}");
    assert_eq!(t[0]["fromCluster"], json!(left[0]));
    assert_eq!(
        (&t[0]["producer"], &t[0]["reason"], &t[0]["purgeMode"]),
        (
            &json!("karmadactl"),
            &json!("ClusterFailback"),
            &json!("Gracefully")
        )
    );
    // Now member1's copies report healthy: the failback ends, the real controller clears
    // the task.
    let stop = Arc::new(AtomicBool::new(false));
    let agent = members(client.clone(), stop.clone());
    let out = tokio::time::timeout(
        Duration::from_secs(120),
        tokio::task::spawn_blocking(move || failback.wait_with_output()),
    )
    .await
    .expect("the failback ends once healthy")
    .unwrap()
    .unwrap();
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 3, "fb-big cannot return: {stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let decisions: BTreeMap<&str, &str> = doc["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["binding"].as_str().unwrap(),
                p["decision"].as_str().unwrap(),
            )
        })
        .collect();
    for (key, d) in &decisions {
        match *key {
            "rb/default/fb-big" => assert_eq!(*d, "no-longer-fits"),
            "rb/default/fb-dup" => assert!(["restore", "already-back"].contains(d), "{d}"),
            _ => assert_eq!(*d, "restore", "{key}"),
        }
    }
    assert_eq!(decisions.len(), 7, "{doc:#}");
    let big = doc["plan"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["binding"] == "rb/default/fb-big")
        .unwrap();
    assert!(
        big["reason"]["message"]
            .as_str()
            .unwrap()
            .contains("member1 can take 1 more replica(s) of this workload"),
        "{big:#}"
    );
    assert!(doc["returned"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["end"] == "succeeded"));
    wait_for(
        &client,
        k,
        60,
        "the graceful eviction of the copies left",
        |b| group(b) != "fb" || tasks(b).is_empty(),
    )
    .await;

    // The real scheduler keeps every restored placement (and fb-big where it was).
    let steady_from = Instant::now();
    while steady_from.elapsed() < Duration::from_secs(15) {
        for (key, b) in bindings(&client).await {
            if group(&b) != "fb" {
                continue;
            }
            let want = if key == "rb/default/fb-big" {
                &drained[&key]
            } else {
                &start[&key]
            };
            assert_eq!(
                &placed_on(&b),
                want,
                "{key} moved after the failback\n{}",
                k.log_tail("karmada-scheduler.log")
            );
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }

    // --mode reschedule: the fresh decision of the real scheduler is the one predicted.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "failback",
            BACK,
            "--mode",
            "reschedule",
            "--binding-selector",
            "group=rs",
            "--yes",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let plan = &doc["plan"][0];
    assert_eq!(plan["decision"], "reschedule", "{doc:#}");
    let predicted = placed_on(&json!({"spec": {"clusters": plan["after"]}}));
    assert!(predicted.contains_key(BACK), "{predicted:?}");
    let rs = &bindings(&client)
        .await
        .into_iter()
        .collect::<BTreeMap<_, _>>()["rb/default/rs-dyn"];
    assert!(rs["spec"]["rescheduleTriggeredAt"].is_string(), "{rs:#}");
    assert_eq!(
        placed_on(rs),
        predicted,
        "the real scheduler's fresh decision"
    );
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();

    // The history of fb-one tells the story: drained, evicted, cleared, failed back.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["history", "rb", "default/fb-one", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stderr}");
    let h: Value = serde_json::from_str(&stdout).unwrap();
    let actions: Vec<&str> = h["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    for a in ["drain", "eviction-cleared", "failback"] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }
    let drain_at = actions.iter().position(|a| *a == "drain").unwrap();
    let back_at = actions.iter().rposition(|a| *a == "failback").unwrap();
    assert!(drain_at < back_at, "{actions:?}");
}
