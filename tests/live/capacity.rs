//! Will it fit, held against upstream's own scheduler. Two Deployments of 6 × 2 CPU leave
//! member1 by a drain; member2 has room for 20 CPU, member3 for 18. With stale summaries
//! (the default) the drain is refused with nothing written, and allowed, the real
//! karmada-scheduler places both on member2 as predicted, overcommitting it; with
//! `SchedulingOvercommitProtection` the tool predicts one on each, and so does the real
//! scheduler run with that gate.

use crate::support;

use std::collections::BTreeMap;

use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options};
use support::upstream_fleet::{binding, bindings, cluster, placed_on, scheduled, wait_for, Spread};

const CONTROLLERS: &str = "cluster,binding,gracefulEviction,clustertaintpolicy";

/// A cluster with `cpu` cores allocatable and nothing allocated.
fn sized(name: &str, cpu: &str) -> Value {
    let mut c = cluster(name);
    c["status"]["resourceSummary"]["allocatable"]["cpu"] = json!(cpu);
    c
}

/// A Deployment's binding of `replicas` × 2 CPU, all on one cluster (Aggregated).
fn aggregated(name: &str, replicas: i32) -> Value {
    let mut b = binding("ResourceBinding", name, replicas, Spread::Dynamic);
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2", "member3"]},
        "replicaScheduling": {"replicaSchedulingType": "Divided",
                              "replicaDivisionPreference": "Aggregated"}
    });
    b["spec"]["placement"] = placement.clone();
    b["metadata"]["annotations"]["policy.karmada.io/applied-placement"] =
        json!(placement.to_string());
    b["spec"]["replicaRequirements"] = json!({"resourceRequest": {"cpu": "2"}});
    b
}

type Placements = BTreeMap<String, BTreeMap<String, i64>>;

/// A plane whose scheduler runs with `gates` (master's controllers, or `release`'s), the
/// three clusters and both bindings on it, scheduled (both on member1, the roomiest).
async fn burst_plane(gates: &str, release: Option<&str>) -> Option<(Karmada, Placements)> {
    let options = Options {
        scheduler_gates: gates.into(),
        ..Options::new(CONTROLLERS)
    };
    let k = karmada_with(match release {
        Some(r) => options.release(r),
        None => options,
    })?;
    let client = k.env.admin().await;
    let items = vec![
        sized("member1", "64"),
        sized("member2", "20"),
        sized("member3", "18"),
        aggregated("orders", 6),
        aggregated("catalog", 6),
    ];
    create_items(&client, &items).await;
    wait_for(&client, &k, 90, "the first scheduling", scheduled).await;
    let start: Placements = bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| (key, placed_on(&b)))
        .collect();
    for (key, on) in &start {
        assert_eq!(on, &BTreeMap::from([("member1".to_string(), 6)]), "{key}");
    }
    Some((k, start))
}

/// `drain member1 --yes -o json EXTRA...`: stdout, stderr, exit code.
fn drain(k: &Karmada, extra: &[&str]) -> (String, String, i32) {
    let mut args = vec!["drain", "member1", "--yes", "-o", "json"];
    args.extend_from_slice(extra);
    parts(&karmadactl(&k.env.kubeconfig, "admin", &args))
}

/// Each binding's predicted placement in a drain's report.
fn predicted(doc: &Value) -> Placements {
    doc["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["binding"].as_str().unwrap().to_string(),
                placed_on(&json!({"spec": {"clusters": b["predicted"]}})),
            )
        })
        .collect()
}

/// Where the real scheduler put each binding once none is on member1.
async fn rescheduled(k: &Karmada) -> Placements {
    let client = k.env.admin().await;
    wait_for(&client, k, 60, "the rescheduling", |b| {
        scheduled(b) && !placed_on(b).contains_key("member1")
    })
    .await;
    bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| (key, placed_on(&b)))
        .collect()
}

/// The placements without their bindings' names, sorted: which binding the scheduler
/// takes up first in a burst of equals is a race, where they go together is not.
fn shapes(p: &Placements) -> Vec<BTreeMap<String, i64>> {
    let mut v: Vec<_> = p.values().cloned().collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread")]
async fn a_drain_that_overcommits_is_refused_and_the_scheduler_overcommits_as_predicted() {
    let Some((k, start)) = burst_plane("Failover=true", None).await else {
        return;
    };
    let client = k.env.admin().await;

    // Refused: 24 CPU arrive on member2, which has 20; nothing is written.
    let (stdout, stderr, code) = drain(&k, &[]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(
        stderr
            .contains("2 replica(s) would not fit where they land and stay Pending: 2 on member2"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was written"), "{stderr}");
    for (key, b) in bindings(&client).await {
        assert_eq!(placed_on(&b), start[&key], "{key} changed");
        assert!(b["spec"]["gracefulEvictionTasks"].is_null(), "{key}: {b:#}");
    }
    let member1 = cluster_json(&client, "member1").await;
    assert!(
        member1["spec"]["taints"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "a refused drain cordoned member1: {member1:#}"
    );

    // Allowed: the plan says both go to member2 and 2 replicas stay Pending there.
    let (stdout, stderr, code) = drain(&k, &["--allow-pending"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stderr.contains("--allow-pending: 2 replica(s)"), "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let capacity = &doc["capacity"];
    assert_eq!(capacity["model"], "stale", "{capacity:#}");
    assert_eq!(capacity["pendingReplicas"], 2, "{capacity:#}");
    let fits = capacity["clusters"].as_array().unwrap();
    assert_eq!(fits.len(), 1, "{capacity:#}");
    assert_eq!(fits[0]["cluster"], "member2");
    assert_eq!(fits[0]["arrivingReplicas"], 12);
    let predicted = predicted(&doc);
    assert_eq!(predicted.len(), 2);

    // The real scheduler, each binding placed against the same stale summary: both on
    // member2, 24 CPU on a cluster with room for 20.
    let real = rescheduled(&k).await;
    assert_eq!(real, predicted, "not where the drain predicted");
    for on in real.values() {
        assert_eq!(on, &BTreeMap::from([("member2".to_string(), 6)]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn with_overcommit_protection_the_burst_spreads_as_predicted() {
    let Some((k, _)) = burst_plane("Failover=true,SchedulingOvercommitProtection=true", None).await
    else {
        return;
    };
    let (stdout, stderr, code) = drain(
        &k,
        &[
            "--scheduler-feature-gates",
            "SchedulingOvercommitProtection=true",
        ],
    );
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let capacity = &doc["capacity"];
    assert_eq!(capacity["model"], "tracked", "{capacity:#}");
    assert_eq!(capacity["pendingReplicas"], 0, "{capacity:#}");
    let predicted = predicted(&doc);
    let one_each = vec![
        BTreeMap::from([("member2".to_string(), 6)]),
        BTreeMap::from([("member3".to_string(), 6)]),
    ];
    assert_eq!(shapes(&predicted), one_each, "{doc:#}");
    // The real scheduler with the gate: the first placement's room is taken off for the
    // second, which goes to member3.
    let real = rescheduled(&k).await;
    assert_eq!(shapes(&real), one_each, "{real:?}");
}

/// v1.18.2's scheduler (PriorityBasedScheduling off, unlike master's), predicted with the
/// tool's default release (no --karmada-version): the allowed drain lands where predicted.
#[tokio::test(flavor = "multi_thread")]
async fn on_the_default_release_the_burst_lands_as_predicted() {
    let Some((k, _)) = burst_plane("Failover=true", Some("v1.18.2")).await else {
        return;
    };
    let (stdout, stderr, code) = drain(&k, &["--allow-pending"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["capacity"]["pendingReplicas"], 2, "{doc:#}");
    let predicted = predicted(&doc);
    let real = rescheduled(&k).await;
    assert_eq!(real, predicted, "not where the drain predicted");
}
