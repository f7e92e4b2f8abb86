//! Every write command against a struggling control plane: 30% of its requests faulted by
//! the proxy (409, 429 with Retry-After, 500, 503, a connection reset before the request
//! reaches the server, a reset after the server applied it, added latency, a hang past
//! `--request-timeout`) while a second writer changes the same objects. Each command must
//! end in exactly the state a fault-free run with the same second writer reaches, object
//! by object, and nothing the second writer wrote may be lost.
//!
//! The fault generator is seeded; the seed of each run is printed, so that a failure can
//! be replayed with `CHAOS_SEED=N`.

use crate::support;

use std::collections::BTreeMap;
use std::time::Duration;

use hyper::Method;
use kube::api::{Api, DynamicObject, ListParams, PostParams};
use kube::discovery::ApiResource;
use kube::Client;
use serde_json::{json, Value};

use support::fixtures::*;
use support::fleets::{create_drain_fleet, DRAINS};
use support::proxy::{Chaos, Fault, Proxy};
use support::taint_policy_fleet;

/// The share of requests faulted.
const RATE: f64 = 0.3;

/// Attempts of one request or write before the tool gives up.
const MAX: usize = karmadactl::client::MAX_ATTEMPTS as usize;

fn seed(salt: &str) -> u64 {
    let base = std::env::var("CHAOS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    let seed = salt
        .bytes()
        .fold(base, |h, b| h.rotate_left(5) ^ u64::from(b));
    eprintln!("{salt}: chaos seed {seed} (replay with CHAOS_SEED)");
    seed
}

/// A set of objects a test compares: their kind and the label that selects them.
#[derive(Clone)]
struct Set {
    resource: ApiResource,
    selector: String,
}

impl Set {
    fn of(kind: &str, selector: String) -> Set {
        Set {
            resource: resource_for(kind).unwrap(),
            selector,
        }
    }

    fn api(&self, client: &Client) -> Api<DynamicObject> {
        Api::all_with(client.clone(), &self.resource)
    }

    /// Every object of the set, keyed by namespace/name with the run's prefix replaced,
    /// without what the server or the clock decides (versions, times, uids) and with
    /// taints in key order (the order two writers append in is a race, and Karmada reads
    /// taints as a set).
    async fn state(&self, client: &Client, p: &str) -> BTreeMap<String, Value> {
        let list = self
            .api(client)
            .list(&ListParams::default().labels(&self.selector))
            .await
            .unwrap();
        list.items
            .into_iter()
            .map(|obj| {
                let text = serde_json::to_string(&obj).unwrap().replace(p, "P");
                let mut v: Value = serde_json::from_str(&text).unwrap();
                let key = format!(
                    "{}/{}",
                    v["metadata"]["namespace"].as_str().unwrap_or("-"),
                    v["metadata"]["name"].as_str().unwrap()
                );
                let meta = v["metadata"].as_object_mut().unwrap();
                for volatile in [
                    "resourceVersion",
                    "uid",
                    "creationTimestamp",
                    "generation",
                    "managedFields",
                ] {
                    meta.remove(volatile);
                }
                // karmada-webhook stamps a fresh permanent id on every create.
                if let Some(labels) = meta.get_mut("labels").and_then(Value::as_object_mut) {
                    labels.retain(|k, _| !k.ends_with("/permanent-id"));
                }
                if let Some(taints) = v["spec"]["taints"].as_array_mut() {
                    for t in taints.iter_mut() {
                        t.as_object_mut().unwrap().remove("timeAdded");
                    }
                    taints.sort_by_key(|t| t["key"].as_str().unwrap_or_default().to_string());
                }
                if let Some(tasks) = v["spec"]["gracefulEvictionTasks"].as_array_mut() {
                    for t in tasks.iter_mut() {
                        t.as_object_mut().unwrap().remove("creationTimestamp");
                    }
                }
                // The drain log: which clusters, not when.
                if let Some(log) = v
                    .pointer_mut("/metadata/annotations")
                    .and_then(|a| a.get_mut(DRAINS))
                {
                    let at: BTreeMap<String, Value> =
                        serde_json::from_str(log.as_str().unwrap()).unwrap();
                    *log = json!(at.keys().collect::<Vec<_>>());
                }
                (key, v)
            })
            .collect()
    }
}

/// The second writer: for every object of `set`, one optimistic read-modify-write (PUT
/// with the read resourceVersion, retried on conflict) that adds the label
/// `writer=touched` and, on clusters, the taint `writer:NoSchedule`. Both commute with
/// every command under test, so the end state does not depend on who writes first.
async fn second_writer(client: Client, set: Set) -> usize {
    let api = set.api(&client);
    let names: Vec<(Option<String>, String)> = api
        .list(&ListParams::default().labels(&set.selector))
        .await
        .unwrap()
        .items
        .into_iter()
        .map(|o| (o.metadata.namespace, o.metadata.name.unwrap()))
        .collect();
    let mut conflicts = 0;
    for (ns, name) in &names {
        let api: Api<DynamicObject> = match ns {
            Some(ns) => Api::namespaced_with(client.clone(), ns, &set.resource),
            None => Api::all_with(client.clone(), &set.resource),
        };
        loop {
            let mut obj = api.get(name).await.unwrap();
            obj.metadata
                .labels
                .get_or_insert_with(Default::default)
                .insert("writer".into(), "touched".into());
            if set.resource.kind == "Cluster" {
                let taints = obj.data["spec"]
                    .as_object_mut()
                    .unwrap()
                    .entry("taints")
                    .or_insert(json!([]));
                taints
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"key": "writer", "effect": "NoSchedule"}));
            }
            match api.replace(name, &PostParams::default(), &obj).await {
                Ok(_) => break,
                Err(kube::Error::Api(s)) if s.code == 409 => conflicts += 1,
                Err(e) => panic!("second writer on {name}: {e}"),
            }
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    conflicts
}

/// One run: `setup` creates the objects of prefix `p`, then the command and the second
/// writer run at once; through a chaos proxy when `seed` is given.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    state: BTreeMap<String, Value>,
    injected: BTreeMap<String, usize>,
}

async fn run(p: &str, sets: &[Set], args: &[String], seed: Option<u64>) -> Run {
    let env = support::own_env("chaos");
    let client = env.admin().await;
    let proxy = Proxy::start(env);
    if let Some(seed) = seed {
        // A few faults for certain, whatever the draw: the first write's response is
        // lost, the second write and the first read are refused for a while.
        proxy.on(Method::PATCH, "karmada.io", 1, Fault::ResetAfter);
        proxy.on(Method::PATCH, "karmada.io", 1, Fault::Fail(503));
        proxy.on(Method::GET, "karmada.io", 1, Fault::Busy(1));
        proxy.chaos(Chaos::all(RATE, seed));
    }
    let kubeconfig = proxy.kubeconfig.clone();
    let mut full: Vec<String> = vec!["--request-timeout".into(), "2s".into()];
    full.extend(args.iter().cloned());
    let command = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = full.iter().map(String::as_str).collect();
        parts(&karmadactl(&kubeconfig, "admin", &args))
    });
    let writers: Vec<_> = sets
        .iter()
        .map(|s| tokio::spawn(second_writer(client.clone(), s.clone())))
        .collect();
    let (stdout, stderr, code) = command.await.unwrap();
    for w in writers {
        w.await.unwrap();
    }
    proxy.calm();
    let mut state = BTreeMap::new();
    for s in sets {
        for (k, v) in s.state(&client, p).await {
            state.insert(format!("{}:{k}", s.resource.kind), v);
        }
    }
    Run {
        code,
        stdout,
        stderr,
        state,
        injected: proxy.injected_by_kind(),
    }
}

/// Run the command fault-free on prefix `{p}r` and under chaos on `{p}x` (each after its
/// own `setup`), and hold the chaos run to the fault-free one.
async fn same_end_state<F, Fut>(
    p: &str,
    setup: F,
    sets: impl Fn(&str) -> Vec<Set>,
    args: impl Fn(&str) -> Vec<String>,
) where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let (reference, chaotic) = (format!("{p}r"), format!("{p}x"));
    setup(reference.clone()).await;
    let want = run(&reference, &sets(&reference), &args(&reference), None).await;
    assert!(
        want.code == 0 || want.code == 3,
        "fault-free run: {}\n{}",
        want.stdout,
        want.stderr
    );
    setup(chaotic.clone()).await;
    let got = run(&chaotic, &sets(&chaotic), &args(&chaotic), Some(seed(p))).await;
    eprintln!("{p}: faults injected {:?}", got.injected);
    assert_eq!(
        got.code, want.code,
        "exit code under chaos\n--- stdout\n{}\n--- stderr\n{}",
        got.stdout, got.stderr
    );
    for forced in [
        "reset after (response lost)",
        "status 503",
        "429 Retry-After",
    ] {
        assert!(
            got.injected.contains_key(forced),
            "the proxy injected {forced}: {:?}",
            got.injected
        );
    }
    assert_eq!(
        got.state.keys().collect::<Vec<_>>(),
        want.state.keys().collect::<Vec<_>>()
    );
    for (k, w) in &want.state {
        assert_eq!(&got.state[k], w, "{k} differs from the fault-free run");
        assert_eq!(
            w["metadata"]["labels"]["writer"], "touched",
            "{k}: the second writer's label survived"
        );
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

async fn chaos_clusters(p: String) {
    let client = support::own_env("chaos").admin().await;
    for i in 0..8 {
        create_cluster(
            &client,
            &format!("{p}-c{i}"),
            json!({"chaos": p}),
            json!({"taints": [{"key": "old", "value": "x", "effect": "NoSchedule"}]}),
        )
        .await;
    }
}

fn clusters_of(p: &str) -> Vec<Set> {
    vec![Set::of("Cluster", format!("chaos={p}"))]
}

#[tokio::test(flavor = "multi_thread")]
async fn taint_under_chaos() {
    same_end_state("cht", chaos_clusters, clusters_of, |p| {
        strings(&[
            "taint",
            "clusters",
            "-l",
            &format!("chaos={p}"),
            "k1=v:NoExecute",
            "k2:NoSchedule",
            "old-",
            "--yes",
        ])
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn cordon_under_chaos() {
    same_end_state("chc", chaos_clusters, clusters_of, |p| {
        let mut args = strings(&["cordon"]);
        args.extend((0..8).map(|i| format!("{p}-c{i}")));
        args
    })
    .await;
}

fn fleet_sets(p: &str) -> Vec<Set> {
    vec![
        Set::of("ResourceBinding", format!("fleet={p}")),
        Set::of("ClusterResourceBinding", format!("fleet={p}")),
    ]
}

async fn drain_fleet(p: String) {
    create_drain_fleet(&support::own_env("chaos").admin().await, &p).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn drain_under_chaos() {
    same_end_state("chd", drain_fleet, fleet_sets, |p| {
        strings(&["drain", &format!("{p}-m1"), "--yes", "-o", "json"])
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn evictions_abort_under_chaos() {
    // Drained and uncordoned without faults first; the abort runs under chaos.
    let drained_fleet = |p: String| async move {
        let env = support::own_env("chaos");
        create_drain_fleet(&env.admin().await, &p).await;
        let m1 = format!("{p}-m1");
        let (_, stderr, code) = parts(&karmadactl(
            &env.kubeconfig,
            "admin",
            &["drain", &m1, "--yes"],
        ));
        assert_eq!(code, 3, "{stderr}");
        let (_, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &["uncordon", &m1]));
        assert_eq!(code, 0, "{stderr}");
    };
    same_end_state("cha", drained_fleet, fleet_sets, |p| {
        strings(&[
            "evictions",
            "abort",
            "--cluster",
            &format!("{p}-m1"),
            "--all",
            "--force",
            "--yes",
        ])
    })
    .await;
}

fn policy_file(p: &str, replicas_hint: &str) -> String {
    (0..6)
        .map(|i| {
            format!(
                "apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata:
  name: {p}-pp-{i}
  namespace: {p}
  labels: {{chaos: {p}}}
spec:
  resourceSelectors:
  - apiVersion: apps/v1
    kind: Deployment
    name: app-{i}
  placement:
    clusterAffinity:
      clusterNames: [{p}-m1, {p}-m2]
    clusterTolerations:
    - key: cluster.karmada.io/not-ready
      operator: Exists
      effect: NoExecute
      tolerationSeconds: {replicas_hint}
"
            )
        })
        .collect::<Vec<_>>()
        .join("---\n")
}

#[tokio::test(flavor = "multi_thread")]
async fn policy_apply_under_chaos() {
    let dir = tempfile::tempdir().unwrap().keep();
    let dir2 = dir.clone();
    // The policies exist (an older version) and are changed by the apply.
    let existing = move |p: String| {
        let dir = dir.clone();
        async move {
            let env = support::own_env("chaos");
            let namespaces: Api<k8s_openapi::api::core::v1::Namespace> =
                Api::all(env.admin().await);
            let ns = serde_json::from_value(json!({"metadata": {"name": p}})).unwrap();
            namespaces
                .create(&PostParams::default(), &ns)
                .await
                .unwrap();
            let old = dir.join(format!("{p}-old.yaml"));
            std::fs::write(&old, policy_file(&p, "30")).unwrap();
            std::fs::write(dir.join(format!("{p}.yaml")), policy_file(&p, "120")).unwrap();
            let (_, stderr, code) = parts(&karmadactl(
                &env.kubeconfig,
                "admin",
                &["policy", "apply", "-f", old.to_str().unwrap(), "--yes"],
            ));
            assert_eq!(code, 0, "{stderr}");
        }
    };
    same_end_state(
        "chp",
        existing,
        |p| vec![Set::of("PropagationPolicy", format!("chaos={p}"))],
        move |p| {
            let file = dir2.join(format!("{p}.yaml"));
            strings(&["policy", "apply", "-f", file.to_str().unwrap(), "--yes"])
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn policy_evaluate_taints_under_chaos() {
    let fleet = |p: String| async move {
        taint_policy_fleet::create(&support::own_env("chaos").admin().await, &p).await;
    };
    same_end_state(
        "che",
        fleet,
        |p| vec![Set::of("Cluster", format!("ctp-test={p}"))],
        |_| strings(&["policy", "evaluate-taints", "--yes"]),
    )
    .await;
}

/// A write whose response is lost every time is applied once, found on the read back,
/// and reported as done; never sent again.
#[tokio::test(flavor = "multi_thread")]
async fn a_lost_response_is_read_back_not_repeated() {
    let env = support::own_env("chaos");
    let client = env.admin().await;
    create_cluster(&client, "lost-1", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    proxy.on(Method::PATCH, "/clusters/lost-1", 100, Fault::ResetAfter);
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["taint", "clusters", "lost-1", "k=v:NoSchedule"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/lost-1 tainted\n");
    assert_eq!(proxy.count("PATCH", "/clusters/lost-1"), 1, "sent once");
    assert_eq!(taint_specs(&client, "lost-1").await, ["k=v:NoSchedule"]);
}

/// Faults that do not stop: bounded attempts, then exit 1 (nothing done) or 3 (some
/// done), saying which objects were and were not written.
#[tokio::test(flavor = "multi_thread")]
async fn persistent_faults_stop_with_a_clear_account() {
    let env = support::own_env("chaos");
    let client = env.admin().await;
    for name in ["stuck-a", "stuck-b", "stuck-c"] {
        create_cluster(&client, name, json!({"stuck": "yes"}), json!({})).await;
    }
    let proxy = Proxy::start(env);
    let run = |args: &[&str]| parts(&karmadactl(&proxy.kubeconfig, "admin", args));

    // Every write of one object answered 503: the others are done, exit 3.
    proxy.on(Method::PATCH, "/clusters/stuck-b", 1000, Fault::Fail(503));
    let (stdout, stderr, code) = run(&["taint", "clusters", "-l", "stuck=yes", "k:NoSchedule"]);
    assert_eq!(code, 3, "{stdout}\n{stderr}");
    assert_eq!(proxy.count("PATCH", "/clusters/stuck-b"), MAX);
    assert!(
        stdout.contains("stuck-a tainted") && stdout.contains("stuck-c tainted"),
        "{stdout}"
    );
    assert!(
        stderr.contains("stuck-b")
            && stderr.contains(&format!("after {} attempts", MAX))
            && stderr.contains("not written"),
        "{stderr}"
    );
    assert!(taint_specs(&client, "stuck-b").await.is_empty());

    // The write lands but its answer is lost, and every re-read fails: the outcome is
    // unknown, and the line says so (the server shows it did land).
    create_cluster(&client, "stuck-d", json!({"stuck-d": "yes"}), json!({})).await;
    proxy.on(Method::PATCH, "/clusters/stuck-d", 1, Fault::ResetAfter);
    proxy.on(Method::GET, "/clusters/stuck-d", 1000, Fault::Fail(503));
    let (_, stderr, code) = run(&["taint", "clusters", "-l", "stuck-d=yes", "k:NoSchedule"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("stuck-d") && stderr.contains("may have been applied"),
        "{stderr}"
    );
    assert_eq!(taint_specs(&client, "stuck-d").await, ["k:NoSchedule"]);

    // A read that hangs past --request-timeout every time: bounded, exit 1, one line.
    proxy.on(Method::GET, "/clusters/stuck-a", 1000, Fault::Hang);
    let (_, stderr, code) = run(&["--request-timeout", "300ms", "cordon", "stuck-a"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("timed out") || stderr.contains("timeout"),
        "{stderr}"
    );
    assert_eq!(
        proxy.count("GET", "/clusters/stuck-a"),
        MAX,
        "each read attempt timed out, {} in all",
        MAX
    );
}

/// One hang or one overloaded answer is ridden out: the read is repeated (after the
/// server's Retry-After) and the command succeeds.
#[tokio::test(flavor = "multi_thread")]
async fn a_single_hang_or_429_is_retried() {
    let env = support::own_env("chaos");
    let client = env.admin().await;
    create_cluster(&client, "once-1", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    proxy.on(Method::GET, "/clusters/once-1", 1, Fault::Hang);
    proxy.on(Method::GET, "/clusters/once-1", 1, Fault::Busy(1));
    proxy.on(Method::PATCH, "/clusters/once-1", 1, Fault::Busy(1));
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["--request-timeout", "500ms", "cordon", "once-1"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/once-1 cordoned\n");
    // The request after each 429 came no sooner than its Retry-After of 1 s.
    for method in ["GET", "PATCH"] {
        let after = proxy.gap_after_fault(method, "/clusters/once-1", "429 Retry-After");
        assert!(after >= Duration::from_secs(1), "{method}: {after:?}");
    }
    // Read: hang, 429, answer; write: 429, then read again and write.
    assert_eq!(proxy.count("GET", "/clusters/once-1"), 4);
    assert_eq!(proxy.count("PATCH", "/clusters/once-1"), 2);
}

/// A control plane without a resource type the tool reads (an older Karmada without
/// ClusterTaintPolicy): exit 1 and a line that says so, not "not found" as for a name.
#[tokio::test(flavor = "multi_thread")]
async fn a_missing_resource_type_is_a_failure_not_a_usage_error() {
    let env = support::own_env("chaos");
    let proxy = Proxy::start(env);
    proxy.on(Method::GET, "/clustertaintpolicies", 1000, Fault::Fail(404));
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["policy", "evaluate-taints", "--dry-run"],
    ));
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("does not serve clustertaintpolicies"),
        "{stderr}"
    );
}

/// One read command through `proxy` (or straight, without), its exit code and its JSON.
fn read_json(kubeconfig: &std::path::Path, args: &[&str]) -> (i32, String, Value) {
    let mut full = vec!["--request-timeout", "5s"];
    full.extend_from_slice(args);
    let (stdout, stderr, code) = parts(&karmadactl(kubeconfig, "admin", &full));
    let v = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (code, stderr, v)
}

/// What of a read command's answer depends on the fleet `p` alone (other tests of this
/// binary create objects at the same time, and times move on between runs).
fn essence(command: &str, v: &Value, p: &str) -> Value {
    let mine = |s: &Value| s.as_str().is_some_and(|s| s.contains(p));
    let list = |a: &Value| a.as_array().cloned().unwrap_or_default();
    match command {
        "dry-run" => json!({
            "outcomes": list(&v["outcomes"]).iter().filter(|o| mine(&o["binding"]))
                .map(|o| json!([o["binding"], o["cluster"], o["verdict"]])).collect::<Vec<_>>(),
            "predictions": list(&v["predictions"]).iter().filter(|o| mine(&o["binding"]))
                .map(|o| json!([o["binding"], o["clusters"]])).collect::<Vec<_>>(),
        }),
        "doctor" => json!(list(&v["clusters"])
            .iter()
            .filter(|c| mine(&c["cluster"]))
            .map(|c| json!([
                c["cluster"],
                c["bindings"],
                c["moving"],
                c["staying"],
                c["blocked"]
            ]))
            .collect::<Vec<_>>()),
        "snapshot" => {
            let mut names: Vec<String> = list(&v["items"])
                .iter()
                .filter_map(|i| i["metadata"]["name"].as_str())
                .filter(|n| n.contains(p))
                .map(str::to_string)
                .collect();
            names.sort();
            json!(names)
        }
        "history" => json!(list(&v["entries"])
            .iter()
            .map(|e| json!([e["binding"], e["cluster"], e["action"]]))
            .collect::<Vec<_>>()),
        _ => v.clone(),
    }
}

/// Every read command of the tool, on a fleet of its own, through a proxy that cuts
/// 30% of the reads short (bodies cut in half with their full length announced, watches
/// cut mid-event), resets them or answers 503: each answers exactly what it answers
/// without faults, and the proxy did cut bodies.
#[tokio::test(flavor = "multi_thread")]
async fn read_commands_ride_out_cut_bodies() {
    let p = "chr";
    let env = support::own_env("chaos");
    create_drain_fleet(&env.admin().await, p).await;
    let dir = tempfile::tempdir().unwrap();
    let m1 = format!("{p}-m1");
    let snap_clean = dir.path().join("clean.json");
    let snap_chaos = dir.path().join("chaos.json");
    let commands: Vec<(&str, Vec<String>)> = vec![
        (
            "dry-run",
            strings(&[
                "dry-run",
                "--cluster",
                &m1,
                "--chunk-size",
                "3",
                "-o",
                "json",
            ]),
        ),
        (
            "doctor",
            strings(&["failover", "doctor", "--chunk-size", "7", "-o", "json"]),
        ),
        (
            "history",
            strings(&[
                "history",
                "--cluster",
                &m1,
                "-A",
                "--binding-selector",
                &format!("fleet={p}"),
                "-o",
                "json",
            ]),
        ),
        (
            "evictions",
            strings(&[
                "evictions",
                "list",
                "-A",
                "--binding-selector",
                &format!("fleet={p}"),
                "--chunk-size",
                "2",
                "-o",
                "json",
            ]),
        ),
    ];
    let proxy = Proxy::start(env);
    let seed = seed(p);
    for (name, args) in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The doctor's exit code says how healthy the fleet is (its gates are off here).
        let (want, stderr, clean) = read_json(&env.kubeconfig, &args);
        assert!(
            [0, 1, 3].contains(&want) && clean.is_object(),
            "{name} without faults: {stderr}"
        );
        proxy.chaos(Chaos::reads(0.3, "karmada.io", seed));
        let (code, stderr, chaotic) = read_json(&proxy.kubeconfig, &args);
        proxy.calm();
        assert_eq!(code, want, "{name} under cut reads: {stderr}");
        assert_eq!(
            essence(name, &chaotic, p),
            essence(name, &clean, p),
            "{name}: the answer under cut reads differs"
        );
    }
    // snapshot writes a file.
    let snap = |kc: &std::path::Path, out: &std::path::Path| {
        parts(&karmadactl(
            kc,
            "admin",
            &[
                "--request-timeout",
                "5s",
                "snapshot",
                "--chunk-size",
                "3",
                "-o",
                out.to_str().unwrap(),
            ],
        ))
    };
    let (_, stderr, code) = snap(&env.kubeconfig, &snap_clean);
    assert_eq!(code, 0, "{stderr}");
    proxy.chaos(Chaos::reads(0.3, "karmada.io", seed ^ 1));
    let (_, stderr, code) = snap(&proxy.kubeconfig, &snap_chaos);
    proxy.calm();
    assert_eq!(code, 0, "snapshot under cut reads: {stderr}");
    let read = |f: &std::path::Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
    };
    assert_eq!(
        essence("snapshot", &read(&snap_chaos), p),
        essence("snapshot", &read(&snap_clean), p)
    );
    let injected = proxy.injected_by_kind();
    eprintln!("faults injected: {injected:?}");
    assert!(
        injected.get("body cut short").copied().unwrap_or(0) > 0,
        "{injected:?}"
    );
}

/// A read cut short once is read again, and the command succeeds; cut every time, the
/// command stops after its attempts with a line that says so, and never "cannot reach"
/// (the server was reached) nor a library's manual.
#[tokio::test(flavor = "multi_thread")]
async fn a_cut_read_is_repeated_and_named() {
    let env = support::own_env("chaos");
    let client = env.admin().await;
    create_cluster(&client, "cut-1", json!({}), json!({})).await;
    create_cluster(&client, "cut-2", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    proxy.on(Method::GET, "/clusters/cut-1", 1, Fault::CutShort);
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["cordon", "cut-1"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/cut-1 cordoned\n");
    assert_eq!(proxy.injected_by_kind().get("body cut short"), Some(&1));

    proxy.on(Method::GET, "/clusters/cut-2", 1000, Fault::CutShort);
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["cordon", "cut-2"],
    ));
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the response was cut short after")
            && stderr.contains(&format!("({MAX} attempts)")),
        "{stderr}"
    );
    assert!(
        !stderr.contains("cannot reach") && !stderr.contains("https://"),
        "{stderr}"
    );
    assert_eq!(proxy.count("GET", "/clusters/cut-2"), MAX);
}

/// `evictions list --watch` through watches cut mid-event: the watcher lists again and
/// goes on; the command ends when the tasks it follows are gone, as without faults.
#[tokio::test(flavor = "multi_thread")]
async fn a_watch_cut_mid_event_is_resumed() {
    let p = "chw";
    let env = support::own_env("chaos");
    let client = env.admin().await;
    create_drain_fleet(&client, p).await;
    // Drain m1 (no faults), then follow its tasks through a proxy that cuts watches.
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["drain", &format!("{p}-m1"), "--yes"],
    ));
    assert!(code == 0 || code == 3, "{stderr}");
    let proxy = Proxy::start(env);
    proxy.on(Method::GET, "watch=true", 3, Fault::WatchCut);
    let kubeconfig = proxy.kubeconfig.clone();
    let selector = format!("fleet={p}");
    let follow = tokio::task::spawn_blocking(move || {
        parts(&karmadactl(
            &kubeconfig,
            "admin",
            &[
                "evictions",
                "list",
                "-A",
                "--binding-selector",
                &selector,
                "--watch",
            ],
        ))
    });
    // The tasks go (what the graceful eviction controller would do): prune them by hand.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (key, b) in support::fleets::bindings(&client, p).await {
        if b["spec"]["gracefulEvictionTasks"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
        {
            let kind = if key.starts_with("rb/") {
                "ResourceBinding"
            } else {
                "ClusterResourceBinding"
            };
            let ar = resource_for(kind).unwrap();
            let api: Api<DynamicObject> = match b["metadata"]["namespace"].as_str() {
                Some(ns) => Api::namespaced_with(client.clone(), ns, &ar),
                None => Api::all_with(client.clone(), &ar),
            };
            api.patch(
                b["metadata"]["name"].as_str().unwrap(),
                &kube::api::PatchParams::default(),
                &kube::api::Patch::Merge(json!({"spec": {"gracefulEvictionTasks": null}})),
            )
            .await
            .unwrap();
        }
    }
    let (stdout, stderr, code) = tokio::time::timeout(Duration::from_secs(60), follow)
        .await
        .expect("the watch ends once the tasks are gone")
        .unwrap();
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        proxy
            .injected_by_kind()
            .get("watch cut mid-event")
            .copied()
            .unwrap_or(0)
            >= 1,
        "{:?}",
        proxy.injected_by_kind()
    );
}
