//! The live commands on a big fleet, each beside its baseline measured in the same run:
//! a real test kube-apiserver (as the tests start it) loaded with C clusters and N
//! ResourceBindings with status (Duplicated on two neighbouring clusters each, so every
//! cluster holds 2% of them at C = 100; one in ten with a graceful eviction task).
//!
//! Measured, each RUNS times under `/usr/bin/time -v` (median wall time and peak RSS),
//! with the API requests it made (`apiserver_request_total` of the binding and policy
//! kinds, by verb, read from the server before and after):
//! - `evictions list -A`, against `kubectl get` of the binding kinds;
//! - `dry-run --cluster C1` and `failover doctor`, live, against `kubectl get` of every
//!   kind they read, and against themselves on a snapshot of the same fleet (memory);
//! - `snapshot`, against the same `kubectl get`;
//! - `failover watch` for the wait (30 s, `BENCH_WAIT_SECONDS`): its requests after the
//!   first read;
//! - last, once: `drain C1 --yes` (2% of the bindings), its requests against the
//!   minimum (one list of each kind, one patch per binding it evicts).
//!
//! With `--waits`, only the waiting commands, each for the wait: `failover watch`,
//! `evictions list -A --watch`, `maintenance run` of one cluster (stopped with SIGINT at
//! the end, waiting for its evacuation), then `drain C1 --wait`
//! (no graceful eviction controller runs, so its tasks never clear and it waits to its
//! timeout): every request each made, first read included.
//!
//!   cargo build --release && cargo run --release --example bench_fleet -- N [C] [RUNS] [--waits]
//!
//! `hack/bench-live.sh` runs it at 2,000, 20,000 and 50,000 bindings. Needs the test
//! assets (`export KUBEBUILDER_ASSETS=$(hack/test-env.sh)`), GNU time at /usr/bin/time
//! and kubectl on PATH (or `KUBECTL=PATH`).

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt};
use kube::api::{Api, DynamicObject, Patch, PatchParams, PostParams};
use kube::Client;
use serde_json::{json, Value};

/// Writes in flight while loading.
const LOAD_IN_FLIGHT: usize = 32;
/// Namespaces the bindings are spread over.
const NAMESPACES: usize = 4;
/// How long a waiting command is followed, unless `BENCH_WAIT_SECONDS` says.
const WAIT_SECONDS: u64 = 30;

/// The peak resident memory of a running process, in MiB (`VmHWM`).
fn peak_mib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Run `argv` for `seconds` (then SIGINT, if it still runs): its exit code, its peak
/// memory (MiB, read before the SIGINT), and the requests of its first 5 s and of the
/// rest.
async fn waiting(
    client: &Client,
    argv: &[String],
    seconds: u64,
) -> (Option<i32>, Option<u64>, String, String) {
    let before = requests(client).await;
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let first = requests(client).await;
    let deadline = Instant::now() + Duration::from_secs(seconds.saturating_sub(5));
    let mut peak = None;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        peak = peak_mib(child.id()).or(peak);
        if Instant::now() >= deadline {
            let _ = Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status();
            break child.wait().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let after = requests(client).await;
    (
        status.code(),
        peak,
        show(&delta(&before, &first)),
        show(&delta(&first, &after)),
    )
}

fn cluster_name(i: usize) -> String {
    format!("bf-m{}", i + 1)
}

fn cluster(i: usize) -> Value {
    json!({
        "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
        "metadata": {"name": cluster_name(i)},
        "spec": {"syncMode": "Push"},
        "status": {
            "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady",
                            "message": "ready", "lastTransitionTime": "2026-11-22T00:00:00Z"}],
            "apiEnablements": [{"groupVersion": "apps/v1",
                                "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "10000", "memory": "100000Gi", "pods": "1000000"}}
        }
    })
}

/// Binding `i` of a fleet of `c` clusters: on clusters `i % c` and `(i + 1) % c`; one
/// in ten evicted from a third (its task), the status Healthy on both.
fn binding(i: usize, c: usize) -> (Value, Value) {
    let ns = format!("bf-{}", i % NAMESPACES);
    let name = format!("app-{i:06}");
    let (a, b, gone) = (
        cluster_name(i % c),
        cluster_name((i + 1) % c),
        cluster_name((i + 2) % c),
    );
    let placement = json!({"clusterAffinity": {"clusterNames": [a, b]},
                           "replicaScheduling": {"replicaSchedulingType": "Duplicated"}});
    let mut spec = json!({
        "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": ns,
                     "name": name, "uid": format!("uid-{ns}-{name}")},
        "replicas": 2,
        "clusters": [{"name": a, "replicas": 2}, {"name": b, "replicas": 2}],
        "placement": placement
    });
    if i.is_multiple_of(10) {
        spec["gracefulEvictionTasks"] = json!([{
            "fromCluster": gone, "purgeMode": "Gracefully", "replicas": 2,
            "reason": "TaintUntolerated", "message": "evicted",
            "producer": "TaintManager", "creationTimestamp": "2026-01-01T00:00:00Z"
        }]);
    }
    let obj = json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": ns,
                     "labels": {"propagationpolicy.karmada.io/permanent-id": format!("id-{i}")},
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": spec
    });
    let item = |c: &str| json!({"clusterName": c, "applied": true, "health": "Healthy"});
    let status = json!({"status": {"schedulerObservedGeneration": 1,
                                   "aggregatedStatus": [item(&a), item(&b)]}});
    (obj, status)
}

/// The clusters, the namespaces and `n` bindings with their status.
async fn load(client: &Client, n: usize, c: usize) {
    let clusters: Vec<Value> = (0..c).map(cluster).collect();
    support::fixtures::create_items(client, &clusters).await;
    for i in 0..NAMESPACES {
        support::fixtures::ensure_namespace(client, &format!("bf-{i}")).await;
    }
    let ar = support::fixtures::resource_for("ResourceBinding").unwrap();
    let start = Instant::now();
    stream::iter(0..n)
        .map(|i| {
            let (client, ar) = (client.clone(), ar.clone());
            async move {
                let (obj, status) = binding(i, c);
                let obj: DynamicObject = serde_json::from_value(obj).unwrap();
                let ns = obj.metadata.namespace.clone().unwrap();
                let name = obj.metadata.name.clone().unwrap();
                let api = Api::<DynamicObject>::namespaced_with(client, &ns, &ar);
                api.create(&PostParams::default(), &obj)
                    .await
                    .unwrap_or_else(|e| panic!("create binding {i}: {e}"));
                api.patch_status(&name, &PatchParams::default(), &Patch::Merge(&status))
                    .await
                    .unwrap_or_else(|e| panic!("status of binding {i}: {e}"));
                if (i + 1) % 10_000 == 0 {
                    eprintln!("loaded {} bindings ({:.0?})", i + 1, start.elapsed());
                }
            }
        })
        .buffer_unordered(LOAD_IN_FLIGHT)
        .collect::<Vec<()>>()
        .await;
    eprintln!(
        "loaded {n} bindings over {c} clusters in {:.1?}",
        start.elapsed()
    );
}

/// `apiserver_request_total` of the kinds the tool reads, by (verb, resource).
async fn requests(client: &Client) -> BTreeMap<(String, String), f64> {
    support::metrics::request_counts(client, |r| {
        r.ends_with("resourcebindings") || r.ends_with("policies") || r == "events"
    })
    .await
}

/// What changed between two reads of [`requests`], as `VERB resource N` words.
fn delta(
    before: &BTreeMap<(String, String), f64>,
    after: &BTreeMap<(String, String), f64>,
) -> BTreeMap<(String, String), f64> {
    after
        .iter()
        .filter_map(|(k, v)| {
            let d = v - before.get(k).copied().unwrap_or(0.0);
            (d > 0.0).then(|| (k.clone(), d))
        })
        .collect()
}

fn show(d: &BTreeMap<(String, String), f64>) -> String {
    d.iter()
        .map(|((verb, res), n)| format!("{verb} {res} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn kubectl() -> String {
    std::env::var("KUBECTL").unwrap_or_else(|_| "kubectl".into())
}

/// One timed run under `/usr/bin/time -v`: wall time, peak RSS in KiB, exit code.
fn timed(argv: &[String]) -> (Duration, u64, i32) {
    let mut cmd = Command::new("/usr/bin/time");
    cmd.arg("-v")
        .args(argv)
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let out = cmd.output().expect("run /usr/bin/time");
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("Exit status: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(-1);
    let rss = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak RSS from /usr/bin/time:\n{stderr}"));
    (took, rss, code)
}

fn median<T: PartialOrd + Copy>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

struct Row {
    name: &'static str,
    wall: Duration,
    rss_mib: u64,
    code: i32,
    requests: String,
}

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let n = args.first().copied().unwrap_or(2_000);
    let c = args.get(1).copied().unwrap_or(100);
    let runs = args.get(2).copied().unwrap_or(3);
    let waits_only = std::env::args().any(|a| a == "--waits");
    let wait: u64 = std::env::var("BENCH_WAIT_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(WAIT_SECONDS);
    let bin = support::fixtures::binary();
    assert!(bin.exists(), "build the binary first: {}", bin.display());
    let env = support::env();
    let client = env.admin().await;
    load(&client, n, c).await;
    let kc = env.kubeconfig.display().to_string();
    // BENCH_HOLD_SECONDS: keep the loaded plane up this long for commands by hand.
    if let Some(hold) = std::env::var("BENCH_HOLD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        eprintln!("holding the plane for {hold} s: --kubeconfig {kc} --karmada-context admin");
        tokio::time::sleep(Duration::from_secs(hold)).await;
        return;
    }
    let tool = |args: &[&str]| -> Vec<String> {
        [
            bin.to_str().unwrap(),
            "--kubeconfig",
            &kc,
            "--karmada-context",
            "admin",
        ]
        .iter()
        .chain(args)
        .map(|s| s.to_string())
        .collect()
    };
    let get = |kinds: &str| -> Vec<String> {
        [
            &kubectl(),
            "--kubeconfig",
            &kc,
            "--context",
            "admin",
            "get",
            kinds,
            "-A",
            "-o",
            "json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let dir = tempfile::tempdir().unwrap();
    let snap = dir.path().join("fleet.json");
    let snap_s = snap.display().to_string();
    let c1 = cluster_name(0);
    let all_kinds = "clusters.cluster.karmada.io,resourcebindings,clusterresourcebindings,propagationpolicies,clusterpropagationpolicies,clustertaintpolicies";
    let cmds: Vec<(&'static str, Vec<String>)> = vec![
        (
            "kubectl get bindings",
            get("resourcebindings,clusterresourcebindings"),
        ),
        ("kubectl get all kinds", get(all_kinds)),
        (
            "evictions list -A",
            tool(&["evictions", "list", "-A", "-o", "json"]),
        ),
        (
            "dry-run (live)",
            tool(&["dry-run", "--cluster", &c1, "-o", "json"]),
        ),
        (
            "failover doctor (live)",
            tool(&["failover", "doctor", "-o", "json"]),
        ),
        ("snapshot", tool(&["snapshot", "-o", &snap_s])),
        (
            "evictions list (snapshot)",
            tool(&[
                "evictions",
                "list",
                "-A",
                "--snapshot",
                &snap_s,
                "-o",
                "json",
            ]),
        ),
        (
            "dry-run (snapshot)",
            tool(&[
                "dry-run",
                "--cluster",
                &c1,
                "--snapshot",
                &snap_s,
                "-o",
                "json",
            ]),
        ),
        (
            "failover doctor (snapshot)",
            tool(&["failover", "doctor", "--snapshot", &snap_s, "-o", "json"]),
        ),
    ];
    if waits_only {
        println!("\n## {n} ResourceBindings over {c} clusters: waiting commands, {wait} s each\n");
        println!("| command | exit | peak RSS | requests, first 5 s | requests, the rest |");
        println!("|---|---|---|---|---|");
        let timeout = format!("{wait}s");
        for (name, argv) in [
            (
                "failover watch",
                tool(&[
                    "failover",
                    "watch",
                    &c1,
                    "-o",
                    "json",
                    "--timeout",
                    &timeout,
                ]),
            ),
            (
                "evictions list -A --watch",
                tool(&["evictions", "list", "-A", "--watch", "-o", "wide"]),
            ),
            (
                "maintenance run (one wave)",
                tool(&["maintenance", "run", &cluster_name(c / 2), "--yes"]),
            ),
            (
                "drain --wait",
                tool(&[
                    "drain",
                    &c1,
                    "--yes",
                    "--allow-pending",
                    "--wait",
                    "--timeout",
                    &timeout,
                    "-o",
                    "json",
                ]),
            ),
        ] {
            // BENCH_WAITS: a comma-separated subset, by words of their names.
            if let Ok(only) = std::env::var("BENCH_WAITS") {
                if !only.split(',').any(|w| name.contains(w.trim())) {
                    continue;
                }
            }
            let (code, peak, first, rest) = waiting(&client, &argv, wait + 30).await;
            eprintln!("{name}: exit {code:?}");
            let peak = peak.map(|m| format!("{m} MiB")).unwrap_or_default();
            println!("| `{name}` | {code:?} | {peak} | {first} | {rest} |");
        }
        return;
    }
    let mut rows = Vec::new();
    for (name, argv) in &cmds {
        let mut walls = Vec::new();
        let mut rsss = Vec::new();
        let mut code = 0;
        let mut reqs = String::new();
        for run in 0..runs {
            let before = requests(&client).await;
            let (t, rss, exit) = timed(argv);
            let after = requests(&client).await;
            if run == 0 {
                reqs = show(&delta(&before, &after));
            }
            eprintln!("{name}: run {run} {t:.2?}, {} MiB, exit {exit}", rss / 1024);
            walls.push(t);
            rsss.push(rss);
            code = exit;
        }
        rows.push(Row {
            name,
            wall: median(walls),
            rss_mib: median(rsss) / 1024,
            code,
            requests: reqs,
        });
    }

    // A waiting command: its requests after the first read.
    let timeout = format!("{wait}s");
    let (status, _, first, rest) = waiting(
        &client,
        &tool(&[
            "failover",
            "watch",
            &c1,
            "-o",
            "json",
            "--timeout",
            &timeout,
        ]),
        wait + 30,
    )
    .await;
    let watch_line = format!(
        "failover watch {c1} for {wait}s (exit {status:?}): first 5 s: {first}; after: {rest}"
    );

    // Last, once (it writes): the drain of one cluster.
    let before = requests(&client).await;
    let (t, rss, code) = timed(&tool(&[
        "drain",
        &c1,
        "--yes",
        "--allow-pending",
        "-o",
        "json",
    ]));
    let after = requests(&client).await;
    let drained = 2 * n / c;
    let drain_line = format!(
        "drain {c1} (about {drained} bindings): {t:.2?}, {} MiB, exit {code}; requests: {}",
        rss / 1024,
        show(&delta(&before, &after))
    );

    println!("\n## {n} ResourceBindings over {c} clusters ({runs} runs each, medians)\n");
    println!("| command | wall | ratio | peak RSS | ratio | exit | requests (first run) |");
    println!("|---|---|---|---|---|---|---|");
    let by = |name: &str| rows.iter().find(|r| r.name == name).unwrap();
    for r in &rows {
        let (base_wall, base_rss) = match r.name {
            "evictions list -A" => (
                by("kubectl get bindings").wall,
                by("evictions list (snapshot)").rss_mib,
            ),
            "dry-run (live)" => (
                by("kubectl get all kinds").wall,
                by("dry-run (snapshot)").rss_mib,
            ),
            "failover doctor (live)" => (
                by("kubectl get all kinds").wall,
                by("failover doctor (snapshot)").rss_mib,
            ),
            "snapshot" => (
                by("kubectl get all kinds").wall,
                by("kubectl get all kinds").rss_mib,
            ),
            _ => (r.wall, r.rss_mib),
        };
        println!(
            "| `{}` | {:.2} s | {:.2}x | {} MiB | {:.2}x | {} | {} |",
            r.name,
            r.wall.as_secs_f64(),
            r.wall.as_secs_f64() / base_wall.as_secs_f64(),
            r.rss_mib,
            r.rss_mib as f64 / base_rss.max(1) as f64,
            r.code,
            r.requests
        );
    }
    println!("\nwall ratios: live commands against the kubectl get of their kinds; memory ratios: against the same command on a snapshot (snapshot: against kubectl)");
    println!("\n{watch_line}\n\n{drain_line}");
}
