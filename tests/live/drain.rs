//! `drain`, `evictions list` and `evictions abort` against the real kube-apiserver: the
//! writes equal upstream's eviction, nothing a concurrent writer wrote is lost,
//! interrupted drains finish on a rerun, and abort + uncordon restore every object.

use crate::support;

use std::collections::BTreeMap;

use hyper::Method;
use kube::api::{Api, DynamicObject, Patch, PatchParams};
use serde_json::{json, Value};

use karmadactl::api::BindingSpec;
use karmadactl::engine::decide::drain::{drained_spec, DrainOptions};
use karmadactl::engine::vocabulary::settings::PurgeMode;
use support::fixtures::*;
use support::fleets::{
    self, assert_same, bindings, compared_all, create_drain_fleet, drained, message, DRAINS,
};
use support::proxy::{Fault, Proxy};

/// A JSON merge patch (RFC 7386) applied to `target`.
fn merge(target: &mut Value, patch: &Value) {
    match (target.as_object_mut(), patch.as_object()) {
        (Some(t), Some(p)) => {
            for (k, v) in p {
                if v.is_null() {
                    t.remove(k);
                } else {
                    merge(t.entry(k.clone()).or_insert(Value::Null), v);
                }
            }
        }
        (_, Some(p)) => {
            *target = json!({});
            merge(target, &Value::Object(p.clone()));
        }
        _ => *target = patch.clone(),
    }
}

fn drain(kubeconfig: &std::path::Path, p: &str, extra: &[&str]) -> (Value, String, i32) {
    let cluster = format!("{p}-m1");
    let mut args = vec!["drain", &cluster, "--yes", "-o", "json"];
    args.extend(extra);
    let (stdout, stderr, code) = parts(&karmadactl(kubeconfig, "admin", &args));
    let doc = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("drain output is not JSON ({e}): {stdout}\n{stderr}"));
    (doc, stderr, code)
}

/// Decision per binding and cluster in a drain document.
fn decisions(doc: &Value) -> BTreeMap<String, String> {
    doc["plan"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| {
            b["steps"].as_array().unwrap().iter().map(move |s| {
                (
                    format!(
                        "{}@{}",
                        b["binding"].as_str().unwrap(),
                        s["cluster"].as_str().unwrap()
                    ),
                    s["decision"].as_str().unwrap().to_string(),
                )
            })
        })
        .collect()
}

/// The decision the drain of `{p}-m1` must reach for each binding of the fleet.
fn expected_decisions(p: &str, before: &BTreeMap<String, Value>) -> BTreeMap<String, String> {
    before
        .keys()
        .filter(|k| !k.ends_with("-elsewhere"))
        .map(|k| {
            let decision = if k.ends_with("-job-nowhere") {
                "blocked-no-target"
            } else {
                let i: usize = k.rsplit('-').next().unwrap().parse().unwrap();
                match i % 9 {
                    5 => "downtime",
                    7 => "left-behind",
                    _ => "evict",
                }
            };
            (format!("{k}@{p}-m1"), decision.to_string())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn drain_writes_upstreams_eviction_and_blocks_the_unplaceable() {
    let env = support::env();
    let client = env.admin().await;
    let p = "dr";
    create_drain_fleet(&client, p).await;
    let before = bindings(&client, p).await;
    assert!(before.len() >= 50 + 2);

    // A dry run plans everything and writes nothing.
    let (doc, stderr, code) = drain(&env.kubeconfig, p, &["--dry-run=client"]);
    assert_eq!(
        code, 3,
        "blocked and left-behind bindings make it partial: {stderr}"
    );
    assert_eq!(decisions(&doc), expected_decisions(p, &before));
    assert_same(
        &compared_all(&bindings(&client, p).await),
        &compared_all(&before),
    );
    assert!(taint_specs(&client, "dr-m1").await.is_empty());

    let (doc, stderr, code) = drain(&env.kubeconfig, p, &[]);
    assert_eq!(code, 3, "{stderr}");
    assert_eq!(decisions(&doc), expected_decisions(p, &before));
    assert_eq!(
        taint_specs(&client, "dr-m1").await,
        ["cluster.karmada.io/unschedulable:NoSchedule"]
    );
    let after = bindings(&client, p).await;
    assert_same(&compared_all(&after), &drained(p, &before));

    // The unplaceable Job was not touched at all.
    let nowhere = "rb/dr/dr-job-nowhere";
    assert_eq!(
        after[nowhere]["metadata"]["resourceVersion"],
        before[nowhere]["metadata"]["resourceVersion"]
    );
    let written: Vec<&Value> = doc["written"].as_array().unwrap().iter().collect();
    assert_eq!(written.len(), before.len() - 2);
    assert!(written.iter().all(|w| w["written"] == true), "{doc:#}");

    // The writes equal the engine's, whose eviction agrees with upstream's
    // GracefulEvictCluster on every vector of the conformance family.
    for (key, b) in &before {
        if key.ends_with("-job-nowhere") || key.ends_with("-elsewhere") {
            continue;
        }
        let spec: BindingSpec = serde_json::from_value(b["spec"].clone()).unwrap();
        let purge = match b["spec"]["failover"]["cluster"]["purgeMode"].as_str() {
            Some("Directly") => PurgeMode::Directly,
            Some("Never") => PurgeMode::Never,
            _ => PurgeMode::Gracefully,
        };
        let options = DrainOptions {
            message: message("dr-m1"),
            ..Default::default()
        };
        let engine = drained_spec(&spec, &["dr-m1"], purge, &options);
        let stored: BindingSpec = serde_json::from_value(after[key]["spec"].clone()).unwrap();
        assert_eq!(stored, engine, "{key}");
    }

    // One Event, on the Cluster, counts the bindings; none per binding (each binding's
    // write carries its own record, the drain's moment included).
    let drain_events = || async {
        Api::<k8s_openapi::api::core::v1::Event>::all(client.clone())
            .list(&kube::api::ListParams::default().fields("reason=KarmadactlDrain"))
            .await
            .unwrap()
            .items
            .into_iter()
            .filter(|e| {
                let o = &e.involved_object;
                o.name.as_deref() == Some("dr-m1") || o.namespace.as_deref() == Some(p)
            })
            .collect::<Vec<_>>()
    };
    let events = drain_events().await;
    assert_eq!(events.len(), 1, "{events:#?}");
    let o = &events[0].involved_object;
    assert_eq!(
        (
            o.kind.as_deref(),
            o.api_version.as_deref(),
            o.name.as_deref()
        ),
        (
            Some("Cluster"),
            Some("cluster.karmada.io/v1alpha1"),
            Some("dr-m1")
        )
    );
    assert!(o.uid.is_some());
    let message = events[0].message.clone().unwrap_or_default();
    assert!(
        message.starts_with(&format!(
            "cluster dr-m1: {} binding(s) evicted (",
            written.len()
        )),
        "{message}"
    );
    for (key, b) in &after {
        if !key.ends_with("-job-nowhere") && !key.ends_with("-elsewhere") {
            let at = b["metadata"]["annotations"][DRAINS].as_str().unwrap_or("");
            assert!(at.contains("\"dr-m1\":"), "{key}: {at}");
        }
    }

    // A rerun finds everything done.
    let (doc, stderr, code) = drain(&env.kubeconfig, p, &[]);
    assert_eq!(code, 3, "the Job is still blocked: {stderr}");
    let again = decisions(&doc);
    assert!(again
        .iter()
        .all(|(k, d)| d == "already-evicted" || k.contains("-job-nowhere")));
    assert_same(
        &compared_all(&bindings(&client, p).await),
        &drained(p, &before),
    );
    assert_eq!(
        drain_events().await.len(),
        1,
        "a rerun that writes nothing records nothing"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_writers_lose_nothing() {
    let env = support::env();
    let client = env.admin().await;
    let p = "dc";
    create_drain_fleet(&client, p).await;
    let proxy = Proxy::start(env);
    let rb = |name: &str| {
        let ar = resource_for("ResourceBinding").unwrap();
        (
            Api::<DynamicObject>::namespaced_with(client.clone(), p, &ar),
            name.to_string(),
        )
    };
    // Just before the drain's patch of each of these reaches the server, another writer
    // changes the same binding: labels, annotations, or a taint manager eviction of m3.
    let races: Vec<(&str, Value)> = vec![
        ("dc-app-00", json!({"metadata": {"labels": {"team": "a"}}})),
        (
            "dc-app-10",
            json!({"metadata": {"annotations": {"note": "mine"}}}),
        ),
        (
            "dc-app-18",
            json!({"spec": {
                "clusters": [{"name": "dc-m1", "replicas": 2}, {"name": "dc-m2", "replicas": 2}],
                "gracefulEvictionTasks": [{"fromCluster": "dc-m3", "purgeMode": "Gracefully",
                    "replicas": 2, "reason": "TaintUntolerated", "producer": "TaintManager",
                    "clustersBeforeFailover": ["dc-m1", "dc-m2", "dc-m3"]}]
            }}),
        ),
    ];
    for (name, patch) in &races {
        let (api, name) = rb(name);
        let patch = patch.clone();
        proxy.on(
            Method::PATCH,
            &format!("/resourcebindings/{name}"),
            1,
            Fault::Before(Box::new(move || {
                Box::pin(async move {
                    api.patch(&name, &PatchParams::default(), &Patch::Merge(&patch))
                        .await
                        .unwrap();
                })
            })),
        );
    }
    // And the server is briefly overloaded for two others.
    proxy.on(
        Method::PATCH,
        "/resourcebindings/dc-app-20",
        1,
        Fault::Fail(429),
    );
    proxy.on(
        Method::PATCH,
        "/resourcebindings/dc-app-21",
        1,
        Fault::Fail(503),
    );
    let before = bindings(&client, p).await;
    let (_, stderr, code) = drain(&proxy.kubeconfig, p, &["--max-in-flight", "4"]);
    assert_eq!(code, 3, "{stderr}");
    let after = bindings(&client, p).await;

    // What the other writer wrote is there, and the drain on top of it.
    let mut raced = before.clone();
    for (name, patch) in &races {
        merge(raced.get_mut(&format!("rb/dc/{name}")).unwrap(), patch);
    }
    assert_same(&compared_all(&after), &drained(p, &raced));
    for name in races.iter().map(|r| r.0).chain(["dc-app-20", "dc-app-21"]) {
        assert!(
            proxy.count("PATCH", &format!("/resourcebindings/{name}")) >= 2,
            "the first patch of {name} met a conflict or an overloaded server and was retried"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn abort_and_uncordon_restore_every_object() {
    let env = support::env();
    let client = env.admin().await;
    let p = "da";
    create_drain_fleet(&client, p).await;
    let before = bindings(&client, p).await;
    let cluster_before = cluster_json(&client, "da-m1").await;
    let (_, stderr, code) = drain(&env.kubeconfig, p, &[]);
    assert_eq!(code, 3, "{stderr}");
    let abort = |extra: &[&str]| {
        let mut args = vec![
            "evictions",
            "abort",
            "--cluster",
            "da-m1",
            "--all",
            "--yes",
            "-o",
            "json",
        ];
        args.extend(extra);
        let (stdout, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &args));
        let doc: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("abort output is not JSON ({e}): {stdout}\n{stderr}"));
        (doc, code)
    };
    let step_decisions = |doc: &Value| -> BTreeMap<String, String> {
        doc["plan"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["binding"].as_str().unwrap().to_string(),
                    s["reason"]["code"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };

    // Still cordoned: restored (the cluster stays cordoned, which each step notes),
    // except where the old copy is already gone (Directly).
    let (doc, code) = abort(&[]);
    assert_eq!(code, 3);
    let decisions = step_decisions(&doc);
    assert_eq!(decisions.len(), before.len() - 2);
    for (binding, decision) in &decisions {
        let i: usize = binding.rsplit('-').next().unwrap().parse().unwrap();
        let want = if i % 9 == 5 {
            "abort-refused-directly"
        } else {
            "abort-restore"
        };
        assert_eq!(decision, want, "{binding}");
    }
    for step in doc["plan"].as_array().unwrap() {
        if step["decision"] == "restore" {
            assert_eq!(
                step["notes"][0]["code"], "abort-cluster-cordoned",
                "{step:#}"
            );
        }
    }
    let (doc, code) = abort(&["--force"]);
    assert_eq!(code, 0, "{doc:#}");
    assert!(step_decisions(&doc).values().all(|d| d == "abort-restore"));

    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["uncordon", "da-m1"],
    ));
    assert_eq!(code, 0, "{stderr}");

    // Every object as it started, lists, maps and nulls as the server stores them.
    let after = bindings(&client, p).await;
    for (k, b) in &before {
        let (mut want, mut got) = (b.clone(), after[k].clone());
        for v in [&mut want, &mut got] {
            let meta = v["metadata"].as_object_mut().unwrap();
            for volatile in ["resourceVersion", "generation", "managedFields"] {
                meta.remove(volatile);
            }
        }
        assert_eq!(got, want, "{k}");
    }
    let mut cluster_after = cluster_json(&client, "da-m1").await;
    let mut cluster_want = cluster_before.clone();
    for v in [&mut cluster_want, &mut cluster_after] {
        let meta = v["metadata"].as_object_mut().unwrap();
        for volatile in ["resourceVersion", "generation", "managedFields"] {
            meta.remove(volatile);
        }
    }
    assert_eq!(cluster_after, cluster_want);

    // Nothing left to abort.
    let (doc, code) = abort(&[]);
    assert_eq!(code, 0);
    assert_eq!(doc["plan"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn evictions_list_shows_each_state() {
    let env = support::env();
    let client = env.admin().await;
    let p = "dl";
    let now = jiff::Timestamp::now();
    let ago = |s: i64| (now - jiff::SignedDuration::from_secs(s)).to_string();
    let mut items = fleets::clusters(p);
    // name, task, scheduled, healthy clusters
    let cases: Vec<(&str, Value, bool, &[&str])> = vec![
        (
            "waiting",
            json!({"purgeMode": "Gracefully", "gracePeriodSeconds": 600, "creationTimestamp": ago(60)}),
            true,
            &[],
        ),
        (
            "clears",
            json!({"purgeMode": "Gracefully", "creationTimestamp": ago(60)}),
            true,
            &["dl-m2", "dl-m3"],
        ),
        (
            "unscheduled",
            json!({"purgeMode": "Gracefully", "gracePeriodSeconds": 600, "creationTimestamp": ago(60)}),
            false,
            &[],
        ),
        (
            "timed",
            json!({"purgeMode": "Gracefully", "gracePeriodSeconds": 600, "creationTimestamp": ago(3600)}),
            true,
            &[],
        ),
        (
            "suppressed",
            json!({"purgeMode": "Gracefully", "suppressDeletion": true, "creationTimestamp": ago(60)}),
            true,
            &[],
        ),
        (
            "never",
            json!({"purgeMode": "Never", "creationTimestamp": ago(60)}),
            true,
            &[],
        ),
        ("directly", json!({"purgeMode": "Directly"}), true, &[]),
    ];
    for (name, task, scheduled, healthy) in &cases {
        let mut task = task.clone();
        task["fromCluster"] = json!("dl-m1");
        task["replicas"] = json!(2);
        task["reason"] = json!("TaintUntolerated");
        task["producer"] = json!("TaintManager");
        let aggregated: Vec<Value> = ["dl-m2", "dl-m3"]
            .iter()
            .map(|c| {
                let health = if healthy.contains(c) {
                    "Healthy"
                } else {
                    "Unknown"
                };
                json!({"clusterName": c, "applied": true, "health": health})
            })
            .collect();
        let mut status = json!({ "aggregatedStatus": aggregated });
        if *scheduled {
            status["schedulerObservedGeneration"] = json!(1);
        }
        items.push(json!({
            "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
            "metadata": {"name": format!("dl-{name}"), "namespace": p, "labels": {"fleet": p}},
            "spec": {
                "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": p, "name": name},
                "replicas": 2,
                "clusters": [{"name": "dl-m2", "replicas": 1}, {"name": "dl-m3", "replicas": 1}],
                "gracefulEvictionTasks": [task]
            },
            "status": status
        }));
    }
    create_items(&client, &items).await;

    let list = |args: &[&str]| {
        let mut all = vec!["evictions", "list", "--binding-selector", "fleet=dl"];
        all.extend(args);
        let (stdout, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &all));
        assert_eq!(code, 0, "{stderr}");
        stdout
    };
    let doc: Value = serde_json::from_str(&list(&["-o", "json"])).unwrap();
    let states: BTreeMap<String, String> = doc["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["binding"].as_str().unwrap().to_string(),
                i["assessment"]["state"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: BTreeMap<String, String> = [
        ("waiting", "waiting-healthy"),
        ("clears", "clears-now"),
        ("unscheduled", "times-out-in"),
        ("timed", "timed-out"),
        ("suppressed", "suppressed"),
        ("never", "suppressed"),
        ("directly", "directly"),
    ]
    .into_iter()
    .map(|(n, s)| (format!("rb/dl/dl-{n}"), s.to_string()))
    .collect();
    assert_eq!(states, want);

    // The table names what it waits for and how long is left.
    let table = list(&[]);
    let state_of = |name: &str| {
        let line = table
            .lines()
            .find(|l| l.contains(&format!("dl/dl-{name} ")))
            .unwrap_or_else(|| panic!("no row for {name}:\n{table}"));
        line.split_whitespace()
            .skip(8)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(state_of("waiting"), "waiting-healthy (dl-m2,dl-m3)");
    // 600 s from a task made 60 s before `now`: 9m left then, less by the time the
    // test took since (a busy machine takes seconds).
    let left = state_of("unscheduled");
    let taken = jiff::Timestamp::now().duration_since(now).as_secs();
    let seconds = left
        .strip_prefix("times-out-in ")
        .and_then(|d| d.parse::<jiff::SignedDuration>().ok())
        .unwrap_or_else(|| panic!("{left}"))
        .as_secs();
    assert!(
        (540 - taken - 1..=540).contains(&seconds),
        "{left}: 540 s less the {taken} s the test took"
    );
    assert_eq!(state_of("clears"), "clears-now");
    assert_eq!(state_of("directly"), "directly");

    // Filters.
    assert_eq!(
        list(&["--producer", "karmadactl"]),
        "No graceful eviction task.\n"
    );
    assert_eq!(
        list(&["--cluster", "dl-m1", "-o", "name"]).lines().count(),
        7
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_budgets_and_scopes() {
    let env = support::env();
    let client = env.admin().await;
    let p = "df";
    create_drain_fleet(&client, p).await;
    let before = compared_all(&bindings(&client, p).await);
    let kc = &env.kubeconfig;

    // Fleet safety: above the threshold nothing is written; a dry run shows the plan first.
    let unsafe_args = [
        "drain",
        "df-m1",
        "--unhealthy-cluster-threshold",
        "0.01",
        "--yes",
    ];
    let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &unsafe_args));
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stderr.contains("refusing without --force"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let mut dry = unsafe_args.to_vec();
    dry.push("--dry-run=client");
    let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &dry));
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("df-app-00"), "the plan is shown: {stdout}");
    assert!(taint_specs(&client, "df-m1").await.is_empty());
    assert_same(&compared_all(&bindings(&client, p).await), &before);

    // The disruption budget: a Duplicated binding on three clusters keeps two.
    let (doc, _, code) = drain(
        kc,
        p,
        &["--dry-run=client", "--min-available-clusters", "3"],
    );
    assert_eq!(code, 3);
    let step = &doc["plan"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["binding"] == "rb/df/df-app-00")
        .unwrap()["steps"][0];
    assert_eq!(step["decision"], "blocked-budget", "{step}");
    assert!(step["reason"]["message"]
        .as_str()
        .unwrap()
        .starts_with("available 2/3"));

    // Scopes: only ClusterResourceBindings; only one namespace's ResourceBindings.
    let planned = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["--dry-run=client"];
        args.extend(extra);
        let (doc, _, _) = drain(kc, p, &args);
        decisions(&doc).into_keys().collect()
    };
    let crbs = planned(&["--kind", "crb"]);
    assert_eq!(crbs.len(), 6);
    assert!(
        crbs.iter().all(|k| k.starts_with("crb/df-app-")),
        "{crbs:?}"
    );
    let rbs = planned(&["-n", "df"]);
    assert!(rbs.iter().all(|k| k.starts_with("rb/df/")), "{rbs:?}");
    assert_eq!(rbs.len(), before.len() - 6 - 1);
    assert_eq!(planned(&["--kind", "Job"]), ["rb/df/df-job-nowhere@df-m1"]);
    assert_same(&compared_all(&bindings(&client, p).await), &before);

    // Bad input: one line, exit 2, nothing written.
    for bad in [
        vec!["drain", "df-m1", "--purge-mode", "Sometimes"],
        vec!["drain", "df-m1", "--max-in-flight", "0"],
        vec!["drain", "df-m1", "--eviction-rate", "0"],
        vec!["drain", "df-m1", "--min-available-clusters", "-1"],
        vec!["drain", "df-m1", "--grace-period", "soon"],
        vec!["drain", "--yes"],
        vec!["drain", "no-such-cluster", "--yes"],
        vec!["evictions", "abort", "--cluster", "df-m1", "--yes"],
        vec![
            "evictions",
            "abort",
            "rb",
            "no-namespace",
            "--cluster",
            "df-m1",
            "--yes",
        ],
    ] {
        let (_, stderr, code) = parts(&karmadactl(kc, "admin", &bad));
        assert_eq!(code, 2, "{bad:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{bad:?}: {stderr}");
    }
    // Without a terminal and without --yes, nothing is written.
    let (_, stderr, code) = parts(&karmadactl(kc, "admin", &["drain", "df-m1"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--yes"), "{stderr}");
    assert!(taint_specs(&client, "df-m1").await.is_empty());
    assert_same(&compared_all(&bindings(&client, p).await), &before);
}
