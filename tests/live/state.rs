//! StatePreservation held against upstream Karmada itself: the real taint manager of
//! `../shared/karmada/bin`, run with `StatefulFailoverInjection=true`, evicts a Flink-like
//! binding (purge mode Directly, one cluster at a time, two rules) and writes the labels
//! `dry-run` predicted before; `drain` writes the same labels for its twin binding; and a
//! binding whose status on the failing cluster is not collected is not evicted at all,
//! as `dry-run` said.

use crate::support;

use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, Patch, PatchParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Options};
use support::upstream_fleet::{cluster, placed_on, scheduled, wait_for};

const GATES: &str = "--feature-gates=Failover=true,StatefulFailoverInjection=true";

/// A job on one cluster of member1..3 that keeps its state across a failover.
fn job(name: &str) -> Value {
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2", "member3"]},
        "spreadConstraints": [{"spreadByField": "cluster", "maxGroups": 1, "minGroups": 1}],
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"}
    });
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": "default",
            "labels": {"app": name, "propagationpolicy.karmada.io/permanent-id": format!("id-{name}")},
            "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default",
                         "name": name, "uid": format!("00000000-0000-0000-0000-{:012}", name.len())},
            "replicas": 1,
            "replicaRequirements": {"resourceRequest": {"cpu": "100m"}},
            "placement": placement,
            "failover": {"cluster": {"purgeMode": "Directly", "statePreservation": {"rules": [
                {"aliasLabelName": "app.example.com/job-id", "jsonPath": "{.jobStatus.jobID}"},
                {"aliasLabelName": "app.example.com/checkpoint", "jsonPath": "{.jobStatus.checkpoints[-1:].id}"}
            ]}}}
        }
    })
}

fn run(kc: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    parts(&karmadactl(kc, "admin", args))
}

fn outcome<'a>(doc: &'a Value, binding: &str) -> &'a Value {
    doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["binding"] == binding)
        .unwrap_or_else(|| panic!("no outcome for {binding}: {doc:#}"))
}

/// The task from member1 of a binding, once there is one.
fn task(b: &Value) -> Option<Value> {
    b["spec"]["gracefulEvictionTasks"]
        .as_array()?
        .iter()
        .find(|t| t["fromCluster"] == "member1")
        .cloned()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_real_taint_manager_carries_the_predicted_state_and_holds_what_it_cannot_read() {
    let Some(k) = karmada_with(Options {
        flags: vec![GATES.into()],
        ..Options::new("cluster,binding,gracefulEviction")
    }) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let kc = &k.env.kubeconfig;
    let clusters: Vec<Value> = ["member1", "member2", "member3"]
        .into_iter()
        .map(cluster)
        .collect();
    create_items(&client, &clusters).await;
    // Only member1 takes new placements while the jobs are scheduled.
    assert_eq!(run(kc, &["cordon", "member2", "member3"]).2, 0);
    create_items(&client, &[job("job-a"), job("job-b"), job("job-held")]).await;
    wait_for(&client, k, 60, "scheduling on member1", |b| {
        scheduled(b) && placed_on(b).contains_key("member1")
    })
    .await;
    assert_eq!(run(kc, &["uncordon", "member2", "member3"]).2, 0);
    // Karmada has collected the jobs' status from member1, except job-held's.
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        "default",
        &resource_for("ResourceBinding").unwrap(),
    );
    let status = json!({"jobStatus": {"jobID": "e3b0c442", "state": "RUNNING",
        "checkpoints": [{"id": 41.0}, {"id": 42.0}]}});
    for (name, item) in [
        (
            "job-a",
            json!({"clusterName": "member1", "applied": true, "health": "Healthy", "status": status}),
        ),
        (
            "job-b",
            json!({"clusterName": "member1", "applied": true, "health": "Healthy", "status": status}),
        ),
        (
            "job-held",
            json!({"clusterName": "member1", "applied": true, "health": "Healthy"}),
        ),
    ] {
        let patch = json!({"status": {"aggregatedStatus": [item]}});
        api.patch_status(name, &PatchParams::default(), &Patch::Merge(&patch))
            .await
            .unwrap();
    }

    // Before: what a NoExecute taint on member1 would do.
    let doc = k.predict(&["--cluster", "member1", "--taint", "outage:NoExecute"]);
    assert_eq!(doc["assumed"]["statefulFailoverInjection"], true, "{doc:#}");
    let predicted = outcome(&doc, "rb/default/job-a");
    let want = json!({"app.example.com/job-id": "e3b0c442", "app.example.com/checkpoint": "42"});
    assert_eq!(predicted["state"]["labels"], want, "{predicted:#}");
    let target = predicted["state"]["injection"]["on"]
        .as_str()
        .unwrap()
        .to_string();
    let held = outcome(&doc, "rb/default/job-held");
    assert_eq!(held["verdict"], "held", "{held:#}");
    assert_eq!(held["rule"]["code"], "state-not-collected");

    // (b) The tool drains job-b from member1: its task carries the same state.
    let (_, stderr, code) = run(
        kc,
        &[
            "drain",
            "member1",
            "-n",
            "default",
            "--binding-selector",
            "app=job-b",
            "--yes",
            GATES,
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let drained = serde_json::to_value(api.get("job-b").await.unwrap()).unwrap();
    let drained_task = task(&drained).expect("drain wrote a task");
    assert_eq!(drained_task["producer"], "karmadactl");
    assert_eq!(
        drained_task["preservedLabelState"], want,
        "{drained_task:#}"
    );

    // (a) The taint: the real taint manager evicts job-a with the predicted labels.
    assert_eq!(
        run(
            kc,
            &["taint", "clusters", "member1", "outage:NoExecute", "--yes"]
        )
        .2,
        0
    );
    let tainted = Instant::now();
    let real = loop {
        let b = serde_json::to_value(api.get("job-a").await.unwrap()).unwrap();
        if let Some(t) = task(&b) {
            break t;
        }
        assert!(
            tainted.elapsed() < Duration::from_secs(60),
            "job-a not evicted\n{}",
            k.log_tail("karmada-controller-manager.log")
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(real["producer"], "TaintManager");
    assert_eq!(real["purgeMode"], "Directly");
    assert_eq!(real["preservedLabelState"], want, "{real:#}");
    assert_eq!(
        real["preservedLabelState"],
        drained_task["preservedLabelState"]
    );
    // The scheduler places it on one cluster: the one the labels were predicted for.
    wait_for(&client, k, 60, "job-a rescheduled", |b| {
        b["metadata"]["name"] != "job-a" || placed_on(b).keys().collect::<Vec<_>>() == [&target]
    })
    .await;

    // (c) job-held: its status from member1 is not collected; the real taint manager
    // does not evict it for 30 s (it retries), as predicted.
    tokio::time::sleep(Duration::from_secs(30)).await;
    let b = serde_json::to_value(api.get("job-held").await.unwrap()).unwrap();
    assert!(task(&b).is_none(), "{b:#}");
    assert!(placed_on(&b).contains_key("member1"), "{b:#}");
}
