//! `history` and the tool's Events (`ops::events`) against the real kube-apiserver: the
//! Events `record` writes are accepted and shaped as upstream's recorders shape theirs,
//! and `history` merges a binding's tasks, the drain record and the Events (the tool's
//! and upstream-style ones) into one timeline; `--cluster` selects the bindings a
//! cluster touched; a snapshot works offline.

use crate::support;

use std::path::Path;

use jiff::{SignedDuration, Timestamp};
use k8s_openapi::api::core::v1::Event;
use kube::api::{Api, ListParams, PostParams};
use serde_json::{json, Value};

use karmadactl::client::{connect, ConnectOptions, ControlPlane};
use karmadactl::fleet::BindingKind;
use karmadactl::ops::events::{self, Action, Subject};
use support::fixtures::*;

const RECORD: &str = "karmadactl.karmada.io/pre-eviction-clusters";

async fn control_plane() -> ControlPlane {
    let env = support::env();
    connect(&ConnectOptions {
        kubeconfig: Some(env.kubeconfig.clone()),
        context: Some("admin".into()),
        request_timeout: None,
        rate: None,
    })
    .await
    .unwrap()
}

/// A binding of fleet `p` (`ns` `None`: a ClusterResourceBinding) with `spec` and, when
/// given, the tool's pre-eviction record.
fn binding(p: &str, ns: Option<&str>, name: &str, spec: Value, record: Option<Value>) -> Value {
    let mut spec = spec;
    spec["resource"] = json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": name,
                              "namespace": ns.unwrap_or("default")});
    let mut metadata = json!({"name": name, "labels": {"fleet": p}});
    if let Some(ns) = ns {
        metadata["namespace"] = json!(ns);
    }
    if let Some(r) = record {
        metadata["annotations"] = json!({ RECORD: r.to_string() });
    }
    json!({
        "apiVersion": "work.karmada.io/v1alpha2",
        "kind": if ns.is_some() { "ResourceBinding" } else { "ClusterResourceBinding" },
        "metadata": metadata,
        "spec": spec,
    })
}

fn stamp(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The uid the server gave a binding.
async fn uid(client: &kube::Client, ns: Option<&str>, name: &str) -> String {
    let (kind, api) = match ns {
        Some(ns) => (
            "ResourceBinding",
            Api::namespaced_with(
                client.clone(),
                ns,
                &resource_for("ResourceBinding").unwrap(),
            ),
        ),
        None => (
            "ClusterResourceBinding",
            Api::<kube::api::DynamicObject>::all_with(
                client.clone(),
                &resource_for("ClusterResourceBinding").unwrap(),
            ),
        ),
    };
    let obj = api
        .get(name)
        .await
        .unwrap_or_else(|e| panic!("{kind} {name}: {e}"));
    obj.metadata.uid.unwrap()
}

/// An Event about a binding as upstream's recorders (client-go `record`) write one.
#[allow(clippy::too_many_arguments)]
async fn upstream_event(
    client: &kube::Client,
    ns: Option<&str>,
    name: &str,
    uid: &str,
    reason: &str,
    message: &str,
    component: &str,
    first: Timestamp,
    last: Timestamp,
    count: i32,
) {
    let event_ns = ns.unwrap_or("default");
    let mut involved = json!({
        "apiVersion": "work.karmada.io/v1alpha2",
        "kind": if ns.is_some() { "ResourceBinding" } else { "ClusterResourceBinding" },
        "name": name, "uid": uid,
    });
    if let Some(ns) = ns {
        involved["namespace"] = json!(ns);
    }
    let ev: Event = serde_json::from_value(json!({
        "metadata": {"generateName": format!("{name}."), "namespace": event_ns},
        "involvedObject": involved,
        "reason": reason,
        "message": message,
        "type": if reason.ends_with("Failed") { "Warning" } else { "Normal" },
        "source": {"component": component},
        "firstTimestamp": stamp(first),
        "lastTimestamp": stamp(last),
        "count": count,
    }))
    .unwrap();
    Api::<Event>::namespaced(client.clone(), event_ns)
        .create(&PostParams::default(), &ev)
        .await
        .unwrap_or_else(|e| panic!("create event {reason} on {name}: {e}"));
}

fn history(args: &[&str]) -> (Value, String) {
    let env = support::env();
    let mut all = vec!["history"];
    all.extend(args);
    all.extend(["-o", "json"]);
    let (stdout, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &all));
    assert_eq!(code, 0, "{all:?}: {stderr}");
    let doc = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"));
    (doc, stderr)
}

/// `(action, cluster)` of every entry, in order.
fn actions(doc: &Value) -> Vec<(String, String)> {
    doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_string(),
                e["cluster"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

fn pairs(want: &[(&str, &str)]) -> Vec<(String, String)> {
    want.iter()
        .map(|(a, c)| (a.to_string(), c.to_string()))
        .collect()
}

/// A drained binding: the task (stamped two hours ago), the record, the tool's drain and
/// abort Events, and upstream-style Events: an older eviction cleared, the scheduler's
/// result, one Event history does not know, and one of an earlier binding of the same
/// name (another uid).
#[tokio::test(flavor = "multi_thread")]
async fn one_binding_merges_tasks_record_and_events_oldest_first() {
    let env = support::env();
    let client = env.admin().await;
    let cp = control_plane().await;
    let p = "hi";
    let now = Timestamp::now();
    let task_time = now - SignedDuration::from_hours(2);
    create_items(
        &client,
        &[binding(
            p,
            Some(p),
            "web",
            json!({
                "replicas": 3,
                "clusters": [{"name": "hi-m2", "replicas": 3}],
                "gracefulEvictionTasks": [{
                    "fromCluster": "hi-m1", "producer": "karmadactl", "reason": "ClusterDrained",
                    "purgeMode": "Gracefully", "replicas": 1, "gracePeriodSeconds": 600,
                    "clustersBeforeFailover": ["hi-m1", "hi-m2"],
                    "message": "drained by karmadactl",
                    "creationTimestamp": stamp(task_time)
                }]
            }),
            Some(json!({"hi-m1": [{"name": "hi-m1", "replicas": 1}, {"name": "hi-m2", "replicas": 2}]})),
        )],
    )
    .await;
    let uid = uid(&client, Some(p), "web").await;

    // The tool's Events, through the API drain and evictions use.
    let subject = Subject {
        kind: BindingKind::ResourceBinding.into(),
        namespace: Some(p),
        name: "web",
        uid: Some(&uid),
    };
    events::record(
        &cp,
        &subject,
        &Action::about(events::DRAINED, "hi-m1", "drained for maintenance"),
    )
    .await
    .unwrap();
    events::record(
        &cp,
        &subject,
        &Action::about(events::ABORTED, "hi-m4", "eviction taken back"),
    )
    .await
    .unwrap();
    // Upstream-style Events.
    let h = |n: i64| now - SignedDuration::from_hours(n);
    upstream_event(
        &client,
        Some(p),
        "web",
        &uid,
        "EvictWorkloadFromClusterSucceed",
        "Evict from cluster hi-m3 succeed.",
        "graceful-eviction-controller",
        h(3),
        h(3),
        1,
    )
    .await;
    upstream_event(
        &client,
        Some(p),
        "web",
        &uid,
        "ScheduleBindingSucceed",
        "Binding has been scheduled successfully. Result: {hi-m2:3}",
        "default-scheduler",
        h(5),
        task_time + SignedDuration::from_secs(5),
        4,
    )
    .await;
    upstream_event(
        &client,
        Some(p),
        "web",
        &uid,
        "SyncWorkSucceed",
        "Sync work of resourceBinding(hi/web) successful.",
        "binding-controller",
        h(1),
        h(1),
        1,
    )
    .await;
    upstream_event(
        &client,
        Some(p),
        "web",
        "an-earlier-uid",
        "EvictWorkloadFromClusterFailed",
        "Evict from cluster hi-m9 failed.",
        "taint-manager",
        h(4),
        h(4),
        1,
    )
    .await;

    // The Event record() wrote is shaped as upstream's recorders shape theirs.
    let stored = Api::<Event>::namespaced(client.clone(), p)
        .list(&ListParams::default().fields("reason=KarmadactlDrain"))
        .await
        .unwrap()
        .items;
    assert_eq!(stored.len(), 1);
    let ev = &stored[0];
    assert!(ev.metadata.name.as_ref().unwrap().starts_with("web."));
    let o = &ev.involved_object;
    assert_eq!(
        (
            o.api_version.as_deref(),
            o.kind.as_deref(),
            o.namespace.as_deref(),
            o.name.as_deref(),
            o.uid.as_deref()
        ),
        (
            Some("work.karmada.io/v1alpha2"),
            Some("ResourceBinding"),
            Some(p),
            Some("web"),
            Some(uid.as_str())
        )
    );
    assert_eq!(ev.type_.as_deref(), Some("Normal"));
    assert_eq!(ev.count, Some(1));
    assert_eq!(ev.reporting_component.as_deref(), Some("karmadactl"));
    assert_eq!(
        ev.source.as_ref().and_then(|s| s.component.as_deref()),
        Some("karmadactl")
    );
    assert_eq!(
        ev.message.as_deref(),
        Some("cluster hi-m1: drained for maintenance")
    );
    let first = ev.first_timestamp.as_ref().unwrap().0;
    assert!((first.as_second() - now.as_second()).abs() < 60, "{first}");
    assert_eq!(ev.last_timestamp.as_ref().map(|t| t.0), Some(first));

    // The timeline.
    let (doc, stderr) = history(&["rb", "hi/web"]);
    assert_eq!(doc["apiVersion"], "karmadactl.karmada.io/v1alpha1");
    assert_eq!(doc["kind"], "FailoverHistory");
    assert_eq!(doc["eventsRead"], true);
    assert_eq!(doc["bindings"], json!(["rb/hi/web"]));
    assert_eq!(doc["hiddenEvents"], 1, "{stderr}");
    assert_eq!(
        actions(&doc),
        pairs(&[
            ("eviction-cleared", "hi-m3"),
            ("drain", "hi-m1"),
            ("eviction", "hi-m1"),
            ("scheduled", "-"),
            ("abort", "hi-m4"),
        ])
    );
    let e = &doc["entries"];
    // The record joined the drain Event and took the task's time.
    assert_eq!(e[1]["from"], json!(["annotation", "event"]));
    assert_eq!(e[1]["time"], stamp(task_time));
    assert_eq!(
        e[1]["placementBefore"],
        json!([{"name": "hi-m1", "replicas": 1}, {"name": "hi-m2", "replicas": 2}])
    );
    assert_eq!(e[1]["event"]["reason"], "KarmadactlDrain");
    assert_eq!(e[2]["task"]["producer"], "karmadactl");
    assert_eq!(e[2]["task"]["gracePeriodSeconds"], 600);
    assert_eq!(e[2]["time"], stamp(task_time));
    assert_eq!(e[3]["placement"], json!([{"name": "hi-m2", "replicas": 3}]));
    assert_eq!(e[3]["event"]["count"], 4);
    assert_eq!(e[3]["event"]["component"], "default-scheduler");
    assert_eq!(e[0]["event"]["type"], "Normal");
    assert!(!doc.to_string().contains("hi-m9"), "another uid's Event");

    // --all-events keeps the Event history does not classify.
    let (all, _) = history(&["rb", "hi/web", "--all-events"]);
    assert_eq!(all["hiddenEvents"], 0);
    let other: Vec<&Value> = all["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "other")
        .collect();
    assert_eq!(other.len(), 1);
    assert_eq!(other[0]["event"]["reason"], "SyncWorkSucceed");

    // The table, oldest first, without a BINDING column for one binding.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["history", "rb", "web", "-n", p],
    ));
    assert_eq!(code, 0, "{stderr}");
    let header = stdout.lines().next().unwrap();
    assert!(
        header.contains("TIME") && header.contains("ACTION") && !header.contains("BINDING"),
        "{stdout}"
    );
    let at = |word: &str| {
        stdout
            .lines()
            .position(|l| l.split_whitespace().any(|w| w == word))
            .unwrap_or_else(|| panic!("no {word} line: {stdout}"))
    };
    assert!(at("eviction-cleared") < at("drain"));
    assert!(at("drain") < at("eviction") && at("eviction") < at("scheduled"));
    assert!(at("scheduled") < at("abort"));
    assert!(
        stdout.contains("placement before: hi-m1=1,hi-m2=2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("placement: hi-m2=3") && stdout.contains("x4 since"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2h") && stdout.contains(" ago)"),
        "{stdout}"
    );
    assert!(stderr.contains("1 other Event(s) left out"), "{stderr}");

    // A binding that does not exist is a usage error, as for policy explain.
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["history", "rb", "hi/nothing"],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not found"), "{stderr}");
}

/// record_all on a ClusterResourceBinding (its Event goes to `default`) and on a binding
/// whose namespace does not exist: one failure counted, the first error returned; the
/// written Event shows in `history crb NAME`.
#[tokio::test(flavor = "multi_thread")]
async fn record_all_counts_failures_and_cluster_scoped_events_go_to_default() {
    let env = support::env();
    let client = env.admin().await;
    let cp = control_plane().await;
    create_items(
        &client,
        &[binding(
            "hr",
            None,
            "hr-config",
            json!({"clusters": [{"name": "hr-m2"}]}),
            None,
        )],
    )
    .await;
    let uid = uid(&client, None, "hr-config").await;
    let items = vec![
        (
            Subject {
                kind: BindingKind::ClusterResourceBinding.into(),
                namespace: None,
                name: "hr-config",
                uid: Some(&uid),
            },
            Action::about(events::PRUNED, "hr-m1", "stale task pruned"),
        ),
        (
            Subject {
                kind: BindingKind::ResourceBinding.into(),
                namespace: Some("hr-no-such-namespace"),
                name: "ghost",
                uid: None,
            },
            Action::about(events::CONFIRMED, "hr-m1", "confirmed"),
        ),
    ];
    let (failed, first) = events::record_all(&cp, items, 4).await;
    assert_eq!(failed, 1);
    let first = first.unwrap();
    assert!(
        first.contains("rb/hr-no-such-namespace/ghost") && !first.contains('\n'),
        "{first}"
    );
    let stored = Api::<Event>::namespaced(client.clone(), "default")
        .list(&ListParams::default().fields("involvedObject.name=hr-config"))
        .await
        .unwrap()
        .items;
    assert_eq!(stored.len(), 1);
    assert_eq!(
        stored[0].involved_object.kind.as_deref(),
        Some("ClusterResourceBinding")
    );
    assert_eq!(stored[0].involved_object.namespace, None);
    assert_eq!(stored[0].reason.as_deref(), Some("KarmadactlEvictionPrune"));

    let (doc, _) = history(&["crb", "hr-config"]);
    assert_eq!(actions(&doc), pairs(&[("prune", "hr-m1")]));
    assert_eq!(doc["bindings"], json!(["crb/hr-config"]));
}

/// `--cluster`: the bindings with a task from the cluster, a record of it or an Event
/// about it, and no other; only their entries about that cluster (and scheduling).
#[tokio::test(flavor = "multi_thread")]
async fn cluster_selects_every_binding_it_touched() {
    let env = support::env();
    let client = env.admin().await;
    let p = "hc";
    let now = Timestamp::now();
    let hour_ago = stamp(now - SignedDuration::from_hours(1));
    create_items(
        &client,
        &[
            // On hc-m1, but nothing happened: no entry, not listed.
            binding(p, Some(p), "quiet", json!({"clusters": [{"name": "hc-m1", "replicas": 1}]}), None),
            // A task from hc-m1 (and one from hc-m2, left out).
            binding(
                p,
                Some(p),
                "tasked",
                json!({"clusters": [{"name": "hc-m3", "replicas": 1}],
                       "gracefulEvictionTasks": [
                           {"fromCluster": "hc-m1", "producer": "TaintManager", "reason": "TaintUntolerated",
                            "creationTimestamp": hour_ago},
                           {"fromCluster": "hc-m2", "producer": "TaintManager", "reason": "TaintUntolerated",
                            "creationTimestamp": hour_ago}]}),
                None,
            ),
            // Only an Event says it was on hc-m1.
            binding(p, Some(p), "evented", json!({"clusters": [{"name": "hc-m3", "replicas": 1}]}), None),
            // A task from another cluster only.
            binding(
                p,
                Some(p),
                "elsewhere",
                json!({"clusters": [{"name": "hc-m3", "replicas": 1}],
                       "gracefulEvictionTasks": [{"fromCluster": "hc-m2", "producer": "TaintManager",
                                                  "reason": "TaintUntolerated"}]}),
                None,
            ),
            // A ClusterResourceBinding with only the tool's record: time unknown.
            binding(
                p,
                None,
                "hc-config",
                json!({"clusters": [{"name": "hc-m3"}]}),
                Some(json!({"hc-m1": [{"name": "hc-m1"}, {"name": "hc-m3"}]})),
            ),
        ],
    )
    .await;
    let evented = uid(&client, Some(p), "evented").await;
    upstream_event(
        &client,
        Some(p),
        "evented",
        &evented,
        "EvictWorkloadFromClusterSucceed",
        "Evict from cluster hc-m1 succeed.",
        "graceful-eviction-controller",
        now - SignedDuration::from_mins(30),
        now - SignedDuration::from_mins(30),
        1,
    )
    .await;
    upstream_event(
        &client,
        Some(p),
        "evented",
        &evented,
        "ScheduleBindingSucceed",
        "Binding has been scheduled successfully. Result: {hc-m3:1}",
        "default-scheduler",
        now - SignedDuration::from_mins(31),
        now - SignedDuration::from_mins(31),
        1,
    )
    .await;

    let (doc, _) = history(&["--cluster", "hc-m1", "--binding-selector", "fleet=hc"]);
    assert_eq!(doc["cluster"], "hc-m1");
    assert_eq!(
        doc["bindings"],
        json!(["crb/hc-config", "rb/hc/evented", "rb/hc/tasked"])
    );
    let seen: Vec<(String, String, String)> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["binding"].as_str().unwrap().to_string(),
                e["action"].as_str().unwrap().to_string(),
                e["cluster"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect();
    let want: Vec<(String, String, String)> = [
        ("rb/hc/tasked", "eviction", "hc-m1"),
        ("rb/hc/evented", "scheduled", "-"),
        ("rb/hc/evented", "eviction-cleared", "hc-m1"),
        ("crb/hc-config", "drain", "hc-m1"),
    ]
    .iter()
    .map(|(b, a, c)| (b.to_string(), a.to_string(), c.to_string()))
    .collect();
    assert_eq!(seen, want);
    assert!(doc["entries"][3].get("time").is_none());

    // -n keeps the namespace's ResourceBindings only; --kind crb the other kind only.
    let (doc, _) = history(&["--cluster", "hc-m1", "-n", p]);
    assert_eq!(doc["bindings"], json!(["rb/hc/evented", "rb/hc/tasked"]));
    let (doc, _) = history(&[
        "--cluster",
        "hc-m1",
        "--kind",
        "crb",
        "--binding-selector",
        "fleet=hc",
    ]);
    assert_eq!(doc["bindings"], json!(["crb/hc-config"]));

    // The table names the binding of every line; the record without a time comes last.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &[
            "history",
            "--cluster",
            "hc-m1",
            "--binding-selector",
            "fleet=hc",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.lines().next().unwrap().contains("BINDING"),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap();
    assert!(
        last.trim_start().starts_with("time unknown") && last.contains("crb/hc-config"),
        "{stdout}"
    );
    // A cluster nothing happened on.
    let (stdout, _, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["history", "--cluster", "hc-m9", "-n", p],
    ));
    assert_eq!(code, 0);
    assert!(
        stdout.contains("No binding has a failover history with cluster hc-m9"),
        "{stdout}"
    );
}

/// Offline: tasks and records from a snapshot, times relative to its capture; no Events,
/// said once on stderr; usage errors exit 2.
#[test]
fn a_snapshot_gives_tasks_and_records_offline() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fleet.json");
    let snapshot = json!({
        "apiVersion": "v1", "kind": "List", "metadata": {},
        "snapshot": {"capturedAt": "2026-11-22T12:00:00Z", "controllerSettings": {}},
        "items": [
            binding("s", Some("shop"), "cart", json!({
                "clusters": [{"name": "m2", "replicas": 2}],
                "gracefulEvictionTasks": [
                    {"fromCluster": "m1", "producer": "karmadactl", "reason": "ClusterDrained",
                     "purgeMode": "Gracefully", "replicas": 2, "creationTimestamp": "2026-11-22T11:55:00Z"},
                    {"fromCluster": "m3", "producer": "TaintManager", "reason": "TaintUntolerated",
                     "creationTimestamp": "2026-11-22T11:00:00Z"}]
            }), Some(json!({"m1": [{"name": "m1", "replicas": 2}, {"name": "m2", "replicas": 0}]}))),
            binding("s", Some("shop"), "other", json!({"clusters": [{"name": "m2", "replicas": 1}]}), None),
        ]
    });
    std::fs::write(&file, snapshot.to_string()).unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(binary())
            .env_remove("KUBECONFIG")
            .env("NO_COLOR", "1")
            .arg("history")
            .args(args)
            .args(["--snapshot", file.to_str().unwrap()])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        parts(&out)
    };
    let (stdout, stderr, code) = run(&["rb", "shop/cart", "-o", "json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stderr.matches("snapshots hold no Events").count(),
        1,
        "{stderr}"
    );
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["eventsRead"], false);
    assert_eq!(doc["now"], "2026-11-22T12:00:00Z");
    assert_eq!(
        actions(&doc),
        pairs(&[("eviction", "m3"), ("drain", "m1"), ("eviction", "m1")])
    );
    assert_eq!(doc["entries"][1]["from"], json!(["annotation"]));
    assert_eq!(doc["entries"][1]["time"], "2026-11-22T11:55:00Z");

    let (stdout, stderr, code) = run(&["rb", "shop/cart"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("11:55:00 (5m ago)"), "{stdout}");
    assert!(stdout.contains("11:00:00 (1h ago)"), "{stdout}");
    assert!(stdout.contains("placement before: m1=2,m2=0"), "{stdout}");

    let (stdout, stderr, code) = run(&["--cluster", "m3", "-o", "yaml"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("kind: FailoverHistory"), "{stdout}");
    assert!(
        stdout.contains("- rb/shop/cart") && !stdout.contains("rb/shop/other"),
        "{stdout}"
    );

    for bad in [
        &["rb", "shop/missing"][..],
        &[][..],
        &["rb", "shop/cart", "--cluster", "m1"][..],
        &["deployment/cart", "-n", "shop"][..],
    ] {
        let (_, stderr, code) = run(bad);
        assert_eq!(code, 2, "{bad:?}: {stderr}");
    }
    let (_, stderr, _) = run(&["rb", "shop/missing"]);
    assert!(stderr.contains("rb/shop/missing not found"), "{stderr}");
}

/// A kubeconfig that cannot be read is exit 1.
#[test]
fn an_unusable_kubeconfig_is_exit_1() {
    let out = std::process::Command::new(binary())
        .env_remove("KUBECONFIG")
        .args(["history", "rb", "a/b", "--kubeconfig"])
        .arg(Path::new("/nonexistent/kubeconfig"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// Every action the engine can print is documented, and no other.
#[test]
fn the_documented_actions_are_the_engines() {
    use karmadactl::engine::decide::history::ActionKind;
    use strum::IntoEnumIterator;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json-output.md"))
        .unwrap();
    let row = doc
        .lines()
        .find(|l| l.starts_with("| `FailoverHistory.entries[].action` |"))
        .expect("the action row of Other enumerated values");
    let documented: Vec<&str> = row
        .split('|')
        .nth(2)
        .unwrap()
        .split(',')
        .map(|w| w.trim().trim_matches('`'))
        .collect();
    let engine: Vec<&str> = ActionKind::iter().map(ActionKind::as_str).collect();
    assert_eq!(documented, engine);
}
