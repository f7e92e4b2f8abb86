//! `failback`'s rollout controls and the eviction actions against the real
//! kube-apiserver. The test plays the scheduler (it stamps
//! `schedulerObservedGeneration`) and the member clusters (it reports each placed
//! cluster in `aggregatedStatus`, healthy unless told otherwise); the proxy sees the
//! order and timing of the CLI's writes.

use crate::support;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hyper::Method;
use kube::api::{Api, DynamicObject, ListParams, Patch, PatchParams};
use kube::Client;
use serde_json::{json, Value};
use support::fixtures::*;
use support::proxy::{Fault, Proxy};

const RECORD: &str = "karmadactl.karmada.io/pre-eviction-clusters";

fn cluster(name: &str, ready: &str, since: &str) -> Value {
    json!({
        "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
        "metadata": {"name": name},
        "spec": {"syncMode": "Push"},
        "status": {
            "conditions": [{"type": "Ready", "status": ready, "reason": "ClusterReady", "message": "",
                            "lastTransitionTime": since}],
            "apiEnablements": [{"groupVersion": "apps/v1",
                                "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "64", "memory": "256Gi", "pods": "1100"}}
        }
    })
}

/// A ResourceBinding drained from `{p}-m1` to `{p}-m2`, with the drain's record.
fn drained_binding(p: &str, ns: &str, name: &str) -> Value {
    let placement = json!({
        "clusterAffinity": {"clusterNames": [format!("{p}-m1"), format!("{p}-m2")]},
        "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                              "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
    });
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": ns, "labels": {"app": name},
            "annotations": {
                "policy.karmada.io/applied-placement": placement.to_string(),
                RECORD: json!({format!("{p}-m1"): [{"name": format!("{p}-m1"), "replicas": 2}]}).to_string()
            }},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": ns, "name": name},
            "replicas": 2,
            "replicaRequirements": {"resourceRequest": {"cpu": "100m"}},
            "placement": placement,
            "clusters": [{"name": format!("{p}-m2"), "replicas": 2}]
        }
    })
}

fn ago(minutes: i64) -> String {
    (jiff::Timestamp::now() - jiff::SignedDuration::from_mins(minutes)).to_string()
}

/// Plays the scheduler and the member clusters for the ResourceBindings of `ns` until
/// `stop`: every placed cluster reports applied and Healthy, except the bindings named
/// in `unhealthy`, which report Unhealthy on every cluster.
fn fake_controllers(
    client: Client,
    ns: String,
    unhealthy: BTreeSet<String>,
    stop: Arc<AtomicBool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let api: Api<DynamicObject> =
            Api::namespaced_with(client, &ns, &resource_for("ResourceBinding").unwrap());
        while !stop.load(Ordering::SeqCst) {
            for b in api.list(&ListParams::default()).await.unwrap() {
                let v = serde_json::to_value(&b).unwrap();
                let name = v["metadata"]["name"].as_str().unwrap().to_string();
                let health = if unhealthy.contains(&name) {
                    "Unhealthy"
                } else {
                    "Healthy"
                };
                let items: Vec<Value> = v["spec"]["clusters"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .iter()
                    .map(|t| json!({"clusterName": t["name"], "applied": true, "health": health}))
                    .collect();
                let want = json!({
                    "schedulerObservedGeneration": v["metadata"]["generation"],
                    "aggregatedStatus": items,
                });
                if v["status"]["schedulerObservedGeneration"] != want["schedulerObservedGeneration"]
                    || v["status"]["aggregatedStatus"] != want["aggregatedStatus"]
                {
                    let _ = api
                        .patch_status(
                            &name,
                            &PatchParams::default(),
                            &Patch::Merge(&json!({"status": want})),
                        )
                        .await;
                }
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
}

async fn setup(client: &Client, p: &str, ns: &str, bindings: usize) {
    let mut items = vec![
        cluster(&format!("{p}-m1"), "True", &ago(11)),
        cluster(&format!("{p}-m2"), "True", &ago(600)),
    ];
    for i in 0..bindings {
        items.push(drained_binding(p, ns, &format!("w{i:02}")));
    }
    create_items(client, &items).await;
}

fn doc(stdout: &str, stderr: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn never_more_than_max_concurrent_in_flight_each_healthy_for_the_min_success_time() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbpace", "fb-pace");
    setup(&client, p, ns, 10).await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = fake_controllers(client.clone(), ns.into(), BTreeSet::new(), stop.clone());
    let proxy = Proxy::start(env);
    let m1 = format!("{p}-m1");
    // --dry-run=server: the server validates all ten writes, nothing changes, and the
    // health is not followed.
    let rb: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    // (The fake scheduler writes the status meanwhile: spec and annotations are compared.)
    let versions = || async {
        rb.list(&ListParams::default())
            .await
            .unwrap()
            .items
            .iter()
            .map(|b| (b.data["spec"].clone(), b.metadata.annotations.clone()))
            .collect::<Vec<_>>()
    };
    let before = versions().await;
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["failback", &m1, "-n", ns, "--dry-run=server", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    assert_eq!(d["dryRun"], "server");
    assert_eq!(d["summary"]["ends"], json!({"unconfirmed": 10}), "{d:#}");
    assert_eq!(
        versions().await,
        before,
        "nothing written by a server dry run"
    );
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "failback",
            &m1,
            "-n",
            ns,
            "--max-concurrent",
            "2",
            "--min-success-time",
            "30s",
            "--yes",
            "-o",
            "json",
        ],
    ));
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let returned = d["returned"].as_array().unwrap();
    assert_eq!(returned.len(), 10);
    assert!(returned.iter().all(|r| r["end"] == "succeeded"), "{d:#}");
    assert_eq!(d["summary"]["replicasReturning"][&m1], 20);

    // The binding writes, in order of arrival: 10, and any 3 in a row span at least the
    // minimum success time (so never more than 2 were in flight).
    // A write retried after a conflict with the fake scheduler's status update counts
    // once, at its first arrival.
    let name_of = |l: &str| {
        l.rsplit('/')
            .next()
            .unwrap()
            .split('?')
            .next()
            .unwrap()
            .to_string()
    };
    let mut writes: Vec<(String, Instant)> = Vec::new();
    for (line, at) in proxy.arrivals("PATCH", "/resourcebindings/") {
        if !writes.iter().any(|(n, _)| *n == name_of(&line)) {
            writes.push((name_of(&line), at));
        }
    }
    assert_eq!(writes.len(), 10, "each binding written: {writes:?}");
    for w in writes.windows(3) {
        let gap = w[2].1 - w[0].1;
        assert!(
            gap >= Duration::from_secs(30),
            "3 writes within {gap:?}: more than 2 in flight ({} .. {})",
            w[0].0,
            w[2].0
        );
    }
    // And progress was shown while waiting.
    assert!(
        stderr.contains("written, waiting until healthy on fbpace-m1"),
        "{stderr}"
    );
    assert!(stderr.contains("failback: "), "a heartbeat line: {stderr}");

    // Every binding is back on m1 exactly as recorded, and its record is gone.
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    for b in api.list(&ListParams::default()).await.unwrap() {
        let v = serde_json::to_value(&b).unwrap();
        assert_eq!(
            v["spec"]["clusters"],
            json!([{"name": m1, "replicas": 2}]),
            "{v:#}"
        );
        assert!(v["metadata"]["annotations"].get(RECORD).is_none(), "{v:#}");
        // m2 is left entirely: its copy goes gracefully.
        let tasks = v["spec"]["gracefulEvictionTasks"].as_array().unwrap();
        assert_eq!(tasks.len(), 1);
        assert_eq!(tasks[0]["fromCluster"], format!("{p}-m2"));
        assert_eq!(tasks[0]["reason"], "ClusterFailback");
        assert_eq!(tasks[0]["purgeMode"], "Gracefully");
    }
    // A rerun has nothing left to return.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["failback", &m1, "-n", ns, "--yes", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(doc(&stdout, &stderr)["plan"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_return_that_never_turns_healthy_stops_the_rollout_at_max_failures() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbfail", "fb-fail");
    setup(&client, p, ns, 4).await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = fake_controllers(
        client.clone(),
        ns.into(),
        ["w00".to_string()].into(),
        stop.clone(),
    );
    let proxy = Proxy::start(env);
    let m1 = format!("{p}-m1");
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "failback",
            &m1,
            "-n",
            ns,
            "--max-concurrent",
            "2",
            "--min-success-time",
            "30s",
            "--progress-deadline",
            "5s",
            "--max-failures",
            "1",
            "--yes",
            "-o",
            "json",
        ],
    ));
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
    assert_eq!(code, 3, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let ends: Vec<(&str, &str)> = d["returned"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["binding"].as_str().unwrap(), r["end"].as_str().unwrap()))
        .collect();
    assert_eq!(
        ends,
        [
            ("rb/fb-fail/w00", "failed"),
            ("rb/fb-fail/w01", "succeeded"),
            ("rb/fb-fail/w02", "halted"),
            ("rb/fb-fail/w03", "halted"),
        ],
        "{d:#}"
    );
    let failed = &d["returned"][0]["error"];
    assert!(
        failed
            .as_str()
            .unwrap()
            .contains("not healthy within --progress-deadline 5s: Unhealthy on fbfail-m1"),
        "{failed}"
    );
    // The returns' writes (each return's second patch only takes its announcement off).
    let returns: Vec<String> = proxy
        .sent
        .lock()
        .unwrap()
        .iter()
        .filter(|(line, body)| {
            line.starts_with("PATCH ")
                && line.contains("/resourcebindings/")
                && body.contains("\"spec\"")
        })
        .map(|(line, _)| line.clone())
        .collect();
    assert_eq!(returns.len(), 2, "halted ones are not written: {returns:?}");
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    for name in ["w02", "w03"] {
        let v = serde_json::to_value(api.get(name).await.unwrap()).unwrap();
        assert_eq!(
            v["spec"]["clusters"],
            json!([{"name": format!("{p}-m2"), "replicas": 2}])
        );
        assert!(
            v["metadata"]["annotations"].get(RECORD).is_some(),
            "kept for a rerun"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_health_gate_refuses_a_fresh_tainted_or_cordoned_cluster() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbgate", "fb-gate");
    setup(&client, p, ns, 1).await;
    let m1 = format!("{p}-m1");
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let set_ready = |since: String| {
        let api = api.clone();
        let m1 = m1.clone();
        async move {
            let patch = json!({"status": {"conditions": [{"type": "Ready", "status": "True",
                "reason": "ClusterReady", "message": "", "lastTransitionTime": since}]}});
            api.patch_status(&m1, &PatchParams::default(), &Patch::Merge(&patch))
                .await
                .unwrap();
        }
    };
    let before = serde_json::to_value(
        Api::<DynamicObject>::namespaced_with(
            client.clone(),
            ns,
            &resource_for("ResourceBinding").unwrap(),
        )
        .get("w00")
        .await
        .unwrap(),
    )
    .unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["failback", m1.as_str(), "-n", ns, "--yes"];
        args.extend(extra);
        parts(&karmadactl(&env.kubeconfig, "admin", &args))
    };

    set_ready(ago(2)).await;
    let (stdout, stderr, code) = run(&[]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(
        // Ready two minutes ago, give or take the seconds the command takes to start.
        stderr.contains("has been Ready only since")
            && stderr.contains(" (2m")
            && stderr.contains("; --stable-for is 10m"),
        "{stderr}"
    );
    assert!(
        stderr.trim_end().ends_with("nothing was written"),
        "{stderr}"
    );
    // --stable-for lowers the bar.
    let (_, stderr, code) = run(&["--stable-for", "1m", "--dry-run"]);
    assert_eq!(code, 0, "{stderr}");

    set_ready(ago(11)).await;
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["taint", "clusters", &m1, "outage:NoExecute", "--yes"],
    ));
    assert_eq!(code, 0, "{stderr}");
    let (_, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &["cordon", &m1]));
    assert_eq!(code, 0, "{stderr}");
    let (stdout, stderr, code) = run(&["-o", "json"]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let gate = &doc(&stdout, &stderr)["gate"][0]["reasons"];
    let codes: Vec<&str> = gate
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["failback-gate-tainted", "failback-gate-cordoned"],
        "{gate:#}"
    );
    // Karmada's Cluster API stamps the taint's timeAdded (the CRD stand-in does not).
    let carries = if env.real_karmada {
        "carries outage:NoExecute since"
    } else {
        "carries outage:NoExecute"
    };
    assert!(stderr.contains(carries), "{stderr}");
    assert!(
        stderr.contains(&format!("run `karmadactl uncordon {m1}` first")),
        "{stderr}"
    );

    // Nothing was written by any refused run.
    let after = serde_json::to_value(
        Api::<DynamicObject>::namespaced_with(
            client.clone(),
            ns,
            &resource_for("ResourceBinding").unwrap(),
        )
        .get("w00")
        .await
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        before["metadata"]["resourceVersion"],
        after["metadata"]["resourceVersion"]
    );
}

/// A binding with three tasks: from m1 (held), m2 and m3 (graceful).
fn with_tasks(p: &str, ns: &str) -> Value {
    let mut b = drained_binding(p, ns, "tasks");
    b["spec"]["clusters"] = json!([{"name": format!("{p}-m4"), "replicas": 2}]);
    b["spec"]["gracefulEvictionTasks"] = json!([
        {"fromCluster": format!("{p}-m1"), "reason": "TaintUntolerated", "producer": "TaintManager",
         "purgeMode": "Never", "suppressDeletion": true, "replicas": 2, "x-unknown": "kept"},
        {"fromCluster": format!("{p}-m2"), "reason": "ClusterDrained", "producer": "karmadactl",
         "purgeMode": "Gracefully", "replicas": 1, "creationTimestamp": ago(5)},
        {"fromCluster": format!("{p}-m3"), "reason": "ClusterDrained", "producer": "karmadactl",
         "purgeMode": "Gracefully", "replicas": 1, "creationTimestamp": ago(5)}
    ]);
    b
}

#[tokio::test(flavor = "multi_thread")]
async fn confirm_extend_and_prune_each_change_exactly_the_task_they_name() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbtask", "fb-task");
    let items = vec![
        cluster(&format!("{p}-m1"), "False", &ago(30)),
        cluster(&format!("{p}-m2"), "False", &ago(30)),
        cluster(&format!("{p}-m3"), "True", &ago(3)),
        cluster(&format!("{p}-m4"), "True", &ago(600)),
        with_tasks(p, ns),
    ];
    create_items(&client, &items).await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = fake_controllers(client.clone(), ns.into(), BTreeSet::new(), stop.clone());
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    let tasks = || async {
        let v = serde_json::to_value(api.get("tasks").await.unwrap()).unwrap();
        v["spec"]["gracefulEvictionTasks"]
            .as_array()
            .unwrap()
            .clone()
    };
    // Wait until the fake scheduler has seen it (prune needs a scheduled, healthy binding).
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = serde_json::to_value(api.get("tasks").await.unwrap()).unwrap();
        if v["status"]["aggregatedStatus"][0]["health"] == "Healthy" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the fake controllers did not report"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let start = tasks().await;
    let target = format!("{ns}/tasks");
    let act = |args: &[&str]| {
        let mut all = vec!["evictions"];
        all.extend(args);
        all.extend(["--yes", "-o", "json"]);
        let out = parts(&karmadactl(&env.kubeconfig, "admin", &all));
        assert!(!out.1.contains("warning"), "events recorded: {}", out.1);
        out
    };

    // confirm: only m1's held task; the others (not held) are skipped with the reason.
    let (stdout, stderr, code) = act(&["confirm", "rb", &target]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let decided: Vec<(&str, &str)> = d["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["decision"].as_str().unwrap(),
                s["reason"]["code"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        decided,
        [
            ("write", "task-confirm"),
            ("skip", "task-not-held"),
            ("skip", "task-not-held")
        ]
    );
    let now = tasks().await;
    let mut want = start.clone();
    want[0]["suppressDeletion"] = json!(false);
    assert_eq!(now, want, "only m1's task changed, its unknown field kept");

    // extend m2 by 30 minutes: created 5 minutes ago, so 35 minutes in all (± a second).
    let m2 = format!("{p}-m2");
    let (stdout, stderr, code) = act(&[
        "extend",
        "rb",
        &target,
        "--cluster",
        &m2,
        "--grace-period",
        "30m",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let now = tasks().await;
    let seconds = now[1]["gracePeriodSeconds"].as_i64().unwrap();
    assert!((2100..=2102).contains(&seconds), "{seconds}");
    let mut want2 = want.clone();
    want2[1]["gracePeriodSeconds"] = json!(seconds);
    assert_eq!(now, want2, "only m2's task changed");

    // prune --recovered over every binding of the namespace: only m3 is Ready again (once
    // the fake scheduler has seen the last write: the binding must be scheduled).
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = serde_json::to_value(api.get("tasks").await.unwrap()).unwrap();
        if v["status"]["schedulerObservedGeneration"] == v["metadata"]["generation"] {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the fake scheduler did not catch up"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (stdout, stderr, code) = act(&["prune", "--recovered", "--all", "-n", ns]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let pruned: Vec<(&str, &str)> = d["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["cluster"].as_str().unwrap(),
                s["decision"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        pruned,
        [
            (format!("{p}-m1").as_str(), "skip"),
            (m2.as_str(), "skip"),
            (format!("{p}-m3").as_str(), "write")
        ]
    );
    let now = tasks().await;
    assert_eq!(now, want2[..2].to_vec(), "only m3's task removed");

    // The history shows the tool's three actions.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["history", "rb", &target, "-o", "json"],
    ));
    assert_eq!(code, 0, "{stderr}");
    for reason in [
        "KarmadactlEvictionConfirm",
        "KarmadactlEvictionExtend",
        "KarmadactlEvictionPrune",
    ] {
        assert!(stdout.contains(reason), "{reason} in {stdout}");
    }
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn ctrl_c_stops_the_rollout_and_a_rerun_finishes_it() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbint", "fb-int");
    setup(&client, p, ns, 5).await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = fake_controllers(client.clone(), ns.into(), BTreeSet::new(), stop.clone());
    let m1 = format!("{p}-m1");
    let child = spawn_karmadactl(
        &env.kubeconfig,
        &[
            "failback",
            &m1,
            "-n",
            ns,
            "--max-concurrent",
            "1",
            "--min-success-time",
            "30s",
            "--yes",
            "-o",
            "json",
        ],
    );
    // Once the first return is written (and healthy), Ctrl-C.
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = serde_json::to_value(api.get("w00").await.unwrap()).unwrap();
        if v["status"]["aggregatedStatus"][0]["clusterName"] == json!(m1) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the first return was not written"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 3, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let ends: Vec<&str> = d["returned"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["end"].as_str().unwrap())
        .collect();
    assert_eq!(
        ends,
        [
            "unconfirmed",
            "not-started",
            "not-started",
            "not-started",
            "not-started"
        ],
        "{d:#}"
    );
    // The rerun returns the other four, and finds the first one done.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &[
            "failback",
            &m1,
            "-n",
            ns,
            "--max-concurrent",
            "4",
            "--yes",
            "-o",
            "json",
        ],
    ));
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let d = doc(&stdout, &stderr);
    let returned: Vec<&str> = d["returned"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["binding"].as_str().unwrap())
        .collect();
    assert_eq!(
        returned,
        [
            "rb/fb-int/w01",
            "rb/fb-int/w02",
            "rb/fb-int/w03",
            "rb/fb-int/w04"
        ]
    );
    for b in api.list(&ListParams::default()).await.unwrap() {
        let v = serde_json::to_value(&b).unwrap();
        assert_eq!(
            v["spec"]["clusters"],
            json!([{"name": m1, "replicas": 2}]),
            "{v:#}"
        );
    }
}

const ANNOUNCED: &str = "karmadactl.karmada.io/unrecorded-events";

/// The `KarmadactlFailback` Events of `ns`, as (binding, message, lastTimestamp).
async fn failback_events(client: &Client, ns: &str) -> Vec<(String, String, String)> {
    let api: Api<k8s_openapi::api::core::v1::Event> = Api::namespaced(client.clone(), ns);
    let mut out: Vec<(String, String, String)> = api
        .list(&ListParams::default())
        .await
        .unwrap()
        .items
        .into_iter()
        .filter(|e| e.reason.as_deref() == Some("KarmadactlFailback"))
        .map(|e| {
            (
                e.involved_object.name.unwrap_or_default(),
                e.message.unwrap_or_default(),
                e.last_timestamp
                    .map(|t| t.0.to_string())
                    .unwrap_or_default(),
            )
        })
        .collect();
    out.sort();
    out
}

/// `history --cluster CLUSTER -n NS`: (binding, time, from) of each failback entry, by
/// binding.
fn history_of(env: &support::TestEnv, cluster: &str, ns: &str) -> Vec<(String, String, Value)> {
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["history", "--cluster", cluster, "-n", ns, "-o", "json"],
    ));
    assert_eq!(code, 0, "{stderr}");
    let mut out = doc(&stdout, &stderr)["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "failback")
        .map(|e| {
            (
                e["binding"].as_str().unwrap().to_string(),
                e["time"].as_str().unwrap_or_default().to_string(),
                e["from"].clone(),
            )
        })
        .collect::<Vec<_>>();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn returns_whose_events_were_refused_are_in_the_history_and_the_next_run_records_them() {
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbann", "fb-ann");
    setup(&client, p, ns, 2).await;
    let stop = Arc::new(AtomicBool::new(false));
    let agent = fake_controllers(client.clone(), ns.into(), BTreeSet::new(), stop.clone());
    let m1 = format!("{p}-m1");
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    // The Events API refuses every Event: both returns are written, none recorded.
    let proxy = Proxy::start(env);
    proxy.on(Method::POST, "/events", 100, Fault::Fail(403));
    let args = [
        "failback",
        &m1,
        "-n",
        ns,
        "--min-success-time",
        "0s",
        "--yes",
        "-o",
        "json",
    ];
    let (stdout, stderr, code) = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stderr.contains("were not all recorded"), "{stderr}");
    assert!(failback_events(&client, ns).await.is_empty());
    for name in ["w00", "w01"] {
        let b = api.get(name).await.unwrap();
        let a = b.metadata.annotations.unwrap_or_default();
        let announced: Value = serde_json::from_str(a.get(ANNOUNCED).expect(name)).unwrap();
        assert_eq!(announced["reason"], "KarmadactlFailback");
        assert_eq!(announced["clusters"], json!([m1]));
        assert!(!a.contains_key(RECORD), "the record went with the return");
    }
    // Meanwhile the history tells both returns, from the announcement.
    let before = history_of(env, &m1, ns);
    assert_eq!(before.len(), 2, "{before:?}");
    assert!(before
        .iter()
        .all(|(_, _, from)| *from == json!(["annotation"])));

    // The next failback records them, at the moment of the write, and takes the
    // announcements off; one after it finds nothing to catch up.
    let args = ["failback", &m1, "-n", ns, "--yes", "-o", "json"];
    let (stdout, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert_eq!(
        stderr
            .matches("recorded the Events of a return an earlier run wrote")
            .count(),
        2,
        "{stderr}"
    );
    let events = failback_events(&client, ns).await;
    assert_eq!(
        events.iter().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        ["w00", "w01"]
    );
    for name in ["w00", "w01"] {
        let b = api.get(name).await.unwrap();
        assert!(!b
            .metadata
            .annotations
            .unwrap_or_default()
            .contains_key(ANNOUNCED));
    }
    let after = history_of(env, &m1, ns);
    assert_eq!(after.len(), 2, "{after:?}");
    for ((b0, t0, _), (b1, t1, from)) in before.iter().zip(&after) {
        assert_eq!(b0, b1);
        // The Event's time is the write's, to the second.
        assert_eq!(t0.get(..19), t1.get(..19), "{before:?} {after:?}");
        assert_eq!(*from, json!(["event"]));
    }
    let (_, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("earlier run"), "{stderr}");
    assert_eq!(failback_events(&client, ns).await, events);
    stop.store(true, Ordering::SeqCst);
    agent.await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_run_killed_after_recording_a_return_leaves_it_announced_and_the_next_run_adds_no_event()
{
    let env = support::env();
    let client = env.admin().await;
    let (p, ns) = ("fbkill", "fb-kill");
    setup(&client, p, ns, 1).await;
    let m1 = format!("{p}-m1");
    let proxy = Proxy::start(env);
    // The run is killed once its Event is recorded, as it reads the binding to take the
    // announcement off (the write before it sent the object it had listed).
    let pid = Arc::new(std::sync::atomic::AtomicU32::new(0));
    let victim = pid.clone();
    proxy.on(
        Method::GET,
        "/resourcebindings/w00",
        1,
        Fault::Before(Box::new(move || {
            Box::pin(async move {
                let pid = victim.load(Ordering::SeqCst).to_string();
                let killed = std::process::Command::new("kill")
                    .args(["-KILL", &pid])
                    .status()
                    .unwrap();
                assert!(killed.success());
            })
        })),
    );
    let mut child = spawn_karmadactl(&proxy.kubeconfig, &["failback", &m1, "-n", ns, "--yes"]);
    pid.store(child.id(), Ordering::SeqCst);
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.code().is_none(), "killed: {status:?}");
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    let b = serde_json::to_value(api.get("w00").await.unwrap()).unwrap();
    assert_eq!(b["spec"]["clusters"], json!([{"name": m1, "replicas": 2}]));
    assert!(
        b["metadata"]["annotations"].get(ANNOUNCED).is_some(),
        "{b:#}"
    );
    let events = failback_events(&client, ns).await;
    assert_eq!(events.len(), 1, "{events:?}");

    // The next run finds the Event recorded (same moment, same name): it adds none and
    // takes the announcement off.
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["failback", &m1, "-n", ns, "--yes", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stderr.contains("rb/fb-kill/w00: recorded the Events of a return an earlier run wrote"),
        "{stderr}"
    );
    assert_eq!(failback_events(&client, ns).await, events);
    let b = serde_json::to_value(api.get("w00").await.unwrap()).unwrap();
    assert!(
        b["metadata"]["annotations"].get(ANNOUNCED).is_none(),
        "{b:#}"
    );
    let h = history_of(env, &m1, ns);
    assert_eq!(h.len(), 1, "{h:?}");
    assert_eq!(h[0].2, json!(["event"]));
}
