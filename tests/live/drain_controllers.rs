//! `drain` and `evictions abort` held against upstream Karmada itself: the real scheduler
//! and graceful eviction controller of `../shared/karmada/bin` run on the test control
//! plane (their own server, apart from `controllers_live`).
//!
//! Two groups of bindings are drained from member1 by two drains: group `done` is
//! reported healthy on its new clusters and the real controller clears its tasks; group
//! `back` keeps waiting (a long grace period) and is taken back with `evictions abort`
//! while member1 is still cordoned, then member1 is uncordoned: the real scheduler keeps
//! every restored placement through both.

use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, Patch, PatchParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::upstream_fleet::{binding, bindings, cluster, placed_on, scheduled, wait_for, Spread};

const DRAINED: &str = "member1";
const CONTROLLERS: &str = "cluster,binding,gracefulEviction,clustertaintpolicy";

fn group(key: &str) -> &'static str {
    let name = key.rsplit('/').next().unwrap();
    if name.starts_with("done-") || name.starts_with("shared-done-") {
        "done"
    } else {
        "back"
    }
}

fn has_tasks(b: &Value) -> bool {
    b["spec"]["gracefulEvictionTasks"]
        .as_array()
        .is_some_and(|t| !t.is_empty())
}

/// Predicted placement per binding in a drain's JSON report.
fn predictions(doc: &Value) -> BTreeMap<String, BTreeMap<String, i64>> {
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

#[tokio::test(flavor = "multi_thread")]
async fn drain_matches_the_real_scheduler_and_graceful_eviction_controller() {
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
    for g in ["done", "back"] {
        for i in 0..8 {
            let spread = match i % 4 {
                0 => Spread::Static([1, 1, 1]),
                1 => Spread::Static([2, 1, 1]),
                2 => Spread::Dynamic,
                _ => Spread::Duplicated,
            };
            let mut b = binding("ResourceBinding", &format!("{g}-{i:02}"), 3 + i % 4, spread);
            b["metadata"]["labels"]["group"] = json!(g);
            items.push(b);
        }
        let mut b = binding(
            "ClusterResourceBinding",
            &format!("shared-{g}-0"),
            4,
            Spread::Static([1, 2, 1]),
        );
        b["metadata"]["labels"]["group"] = json!(g);
        items.push(b);
    }
    // Keys carry the group: `rb/default/done-00`, `crb/shared-done-0`.
    create_items(&client, &items).await;
    wait_for(&client, k, 90, "the first scheduling", scheduled).await;
    let start: BTreeMap<String, BTreeMap<String, i64>> = bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| (key, placed_on(&b)))
        .collect();
    for (key, on) in &start {
        assert!(
            on.contains_key(DRAINED),
            "{key} is not on {DRAINED}: {on:?}"
        );
    }

    // Two drains: `done` waits (in the background) until its evictions clear; `back`
    // has a long grace period.
    let spawn = |args: &[&str]| spawn_karmadactl(kc, args);
    let draining = spawn(&[
        "drain",
        DRAINED,
        "--binding-selector",
        "group=done",
        "--yes",
        "--wait",
        "--timeout",
        "2m",
        "-o",
        "json",
    ]);
    wait_for(&client, k, 30, "the drain of group done", |b| {
        b["metadata"]["labels"]["group"] != "done" || has_tasks(b)
    })
    .await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "drain",
            DRAINED,
            "--binding-selector",
            "group=back",
            "--grace-period",
            "30m",
            "--yes",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let back_predicted = predictions(&serde_json::from_str(&stdout).unwrap());
    assert_eq!(back_predicted.len(), 9);

    // The real scheduler places every binding of `back` where the drain plan said (and
    // `done`'s are kept to hold against its plan once that drain ends).
    wait_for(&client, k, 60, "the rescheduling", |b| {
        scheduled(b) && !placed_on(b).contains_key(DRAINED)
    })
    .await;
    let rescheduled: BTreeMap<String, BTreeMap<String, i64>> = bindings(&client)
        .await
        .into_iter()
        .map(|(key, b)| {
            assert!(has_tasks(&b), "{key} keeps its eviction task until healthy");
            (key, placed_on(&b))
        })
        .collect();
    for (key, predicted) in &back_predicted {
        assert_eq!(
            &rescheduled[key], predicted,
            "{key}: the scheduler placed it elsewhere than the drain predicted"
        );
    }
    let list = |selector: &str| {
        let (stdout, stderr, code) = parts(&karmadactl(
            kc,
            "admin",
            &[
                "evictions",
                "list",
                "--binding-selector",
                selector,
                "-o",
                "json",
            ],
        ));
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str::<Value>(&stdout).unwrap()["items"]
            .as_array()
            .unwrap()
            .clone()
    };
    let waiting = list("group=done");
    assert_eq!(waiting.len(), 9);
    assert!(waiting
        .iter()
        .all(|t| t["assessment"]["state"] == "waiting-healthy"
            && t["task"]["producer"] == "karmadactl"));

    // Someone follows the evictions of `done` with `evictions list --watch`.
    let watching = spawn(&[
        "evictions",
        "list",
        "--watch",
        "--binding-selector",
        "group=done",
    ]);

    // The new clusters of `done` report Healthy: the real controller clears the tasks.
    for (key, b) in bindings(&client).await {
        if group(&key) != "done" {
            continue;
        }
        let ar = resource_for(b["kind"].as_str().unwrap()).unwrap();
        let api: Api<DynamicObject> = match b["metadata"]["namespace"].as_str() {
            Some(ns) => Api::namespaced_with(client.clone(), ns, &ar),
            None => Api::all_with(client.clone(), &ar),
        };
        let healthy: Vec<Value> = placed_on(&b)
            .keys()
            .map(|c| json!({"clusterName": c, "applied": true, "health": "Healthy"}))
            .collect();
        let patch = json!({"status": {"aggregatedStatus": healthy}});
        api.patch_status(
            b["metadata"]["name"].as_str().unwrap(),
            &PatchParams::default(),
            &Patch::Merge(&patch),
        )
        .await
        .unwrap();
    }
    wait_for(&client, k, 60, "the graceful eviction of group done", |b| {
        b["metadata"]["labels"]["group"] != "done" || !has_tasks(b)
    })
    .await;
    assert_eq!(list("group=done"), Vec::<Value>::new());
    let finished = |child: std::process::Child, what: &'static str| async move {
        let out = tokio::task::spawn_blocking(move || child.wait_with_output());
        tokio::time::timeout(Duration::from_secs(30), out)
            .await
            .expect(what)
            .unwrap()
            .unwrap()
    };

    // The drain that waited saw every eviction clear, and its plan held.
    let (stdout, stderr, code) = parts(&finished(draining, "drain --wait ends").await);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let ended = doc["wait"].as_array().unwrap();
    assert_eq!(ended.len(), 9, "{doc:#}");
    assert!(ended.iter().all(|w| w["ended"] == "cleared"), "{doc:#}");
    let done_predicted = predictions(&doc);
    assert_eq!(done_predicted.len(), 9);
    for (key, predicted) in &done_predicted {
        assert_eq!(
            &rescheduled[key], predicted,
            "{key}: the scheduler placed it elsewhere than the drain predicted"
        );
    }
    // The watch saw every task go and ended by itself.
    let out = finished(watching, "the watch ends once every listed task is gone").await;
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("every listed eviction is gone"), "{stderr}");
    // Every task it listed went, one line each. (The real controller may clear a task
    // before the watch's first list: the listed ones are those still there then.)
    let listed = stdout
        .lines()
        .take_while(|l| !l.starts_with(|c: char| c.is_ascii_digit()))
        .filter(|l| l.trim_start().starts_with("rb ") || l.trim_start().starts_with("crb "))
        .count();
    assert!((1..=9).contains(&listed), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.ends_with(": gone")).count(),
        listed,
        "{stdout}"
    );
    assert!(stdout.trim_start().starts_with("KIND"), "{stdout}");
    assert_eq!(list("group=back").len(), 9, "group back still waits");

    // Take `back` back while member1 is still cordoned (abort first, uncordon when
    // ready): every placement is as it started and stays so, through both.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "evictions",
            "abort",
            "--cluster",
            DRAINED,
            "--all",
            "--yes",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let restored = doc["plan"].as_array().unwrap();
    assert_eq!(restored.len(), 9);
    assert!(
        restored.iter().all(
            |s| s["decision"] == "restore" && s["notes"][0]["code"] == "abort-cluster-cordoned"
        ),
        "{doc:#}"
    );
    let cordoned = |c: &Value| {
        c["spec"]["taints"].as_array().is_some_and(|t| {
            t.iter()
                .any(|t| t["key"] == "cluster.karmada.io/unschedulable")
        })
    };
    let clusters: Api<DynamicObject> =
        Api::all_with(client.clone(), &resource_for("Cluster").unwrap());
    let member1 = serde_json::to_value(clusters.get(DRAINED).await.unwrap()).unwrap();
    assert!(cordoned(&member1), "the abort does not uncordon");

    // 30 s of the real scheduler with member1 cordoned, then 30 s more after uncordon.
    let steady = |phase: &'static str| {
        let client = client.clone();
        let start = &start;
        async move {
            let from = Instant::now();
            let mut checks = 0;
            while from.elapsed() < Duration::from_secs(30) {
                for (key, b) in bindings(&client).await {
                    if group(&key) != "back" {
                        continue;
                    }
                    assert!(!has_tasks(&b), "{key}: the task is gone ({phase})");
                    assert_eq!(
                        placed_on(&b),
                        start[&key],
                        "{key}: its placement moved after the abort ({phase}, {:.0} s)\n{}",
                        from.elapsed().as_secs_f64(),
                        k.log_tail("karmada-scheduler.log")
                    );
                }
                checks += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            assert!(checks >= 20, "{phase}: only {checks} checks");
        }
    };
    steady("cordoned").await;
    let (_, stderr, code) = parts(&karmadactl(kc, "admin", &["uncordon", DRAINED]));
    assert_eq!(code, 0, "{stderr}");
    steady("uncordoned").await;
    // The scheduler has seen the restored bindings by now.
    wait_for(
        &client,
        k,
        10,
        "the scheduler observing the abort",
        scheduled,
    )
    .await;
}
