//! `karmadactl evictions list -A -o json` and `karmadactl dry-run --cluster ev-m1 -o json`
//! (live) against `kubectl get resourcebindings -A -o json` on the same real test
//! kube-apiserver (started here as the tests start it), loaded with N ResourceBindings
//! (default 100,000) over a few namespaces, one in ten carrying a graceful eviction task,
//! nine in ten placed on ev-m1. Each command runs RUNS times (default 5, alternating,
//! after one checked warm-up run of each) under `/usr/bin/time -v`, stdout to /dev/null;
//! the median wall time, median peak RSS and each ratio to kubectl are printed.
//! With `--hold` the server stays up afterwards (until Ctrl-C) for measuring by hand
//! with the kubeconfig printed at the start.
//!
//!   cargo build --release && cargo run --release --example bench_live -- [N] [RUNS] [--hold]
//!
//! Needs the test assets (`export KUBEBUILDER_ASSETS=$(hack/test-env.sh)`), GNU time at
//! /usr/bin/time and kubectl on PATH (or `KUBECTL=PATH`).

#[path = "../tests/support/mod.rs"]
mod support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt};
use kube::api::{Api, DynamicObject, PostParams};
use kube::Client;
use serde_json::{json, Value};

/// Creates in flight while loading.
const LOAD_IN_FLIGHT: usize = 32;
/// Namespaces the bindings are spread over.
const NAMESPACES: usize = 4;
/// Fleet prefix: clusters `ev-m1..3`, namespaces `ev-0..`.
const P: &str = "ev";

/// Binding `i`: on `ev-m1` and `ev-m2`; one in ten already evicted from `ev-m1` (on
/// `ev-m2` only, with the task).
fn binding(i: usize) -> Value {
    let ns = format!("{P}-{}", i % NAMESPACES);
    let name = format!("app-{i:06}");
    let placement = json!({"clusterAffinity": {"clusterNames": ["ev-m1", "ev-m2", "ev-m3"]},
                           "replicaScheduling": {"replicaSchedulingType": "Duplicated"}});
    let mut spec = json!({
        "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": ns,
                     "name": name, "uid": format!("uid-{ns}-{name}")},
        "replicas": 2,
        "clusters": [{"name": "ev-m1", "replicas": 2}, {"name": "ev-m2", "replicas": 2}],
        "placement": placement
    });
    if i.is_multiple_of(10) {
        spec["clusters"] = json!([{"name": "ev-m2", "replicas": 2}]);
        spec["gracefulEvictionTasks"] = json!([{
            "fromCluster": "ev-m1", "purgeMode": "Gracefully", "replicas": 2,
            "reason": "TaintUntolerated", "message": "cluster ev-m1 carries outage:NoExecute",
            "producer": "TaintManager", "clustersBeforeFailover": ["ev-m1", "ev-m2"],
            "creationTimestamp": "2026-01-01T00:00:00Z"
        }]);
    }
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": ns, "labels": {"fleet": P},
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": spec
    })
}

/// The clusters, the namespaces and `n` bindings, `LOAD_IN_FLIGHT` at a time.
async fn load(client: &Client, n: usize) {
    support::fixtures::create_items(client, &support::fleets::clusters(P)).await;
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    for i in 0..NAMESPACES {
        let ns = serde_json::from_value(json!({"metadata": {"name": format!("{P}-{i}")}})).unwrap();
        namespaces
            .create(&PostParams::default(), &ns)
            .await
            .unwrap();
    }
    let ar = support::fixtures::resource_for("ResourceBinding").unwrap();
    let start = Instant::now();
    stream::iter(0..n)
        .map(|i| {
            let (client, ar) = (client.clone(), ar.clone());
            async move {
                let obj: DynamicObject = serde_json::from_value(binding(i)).unwrap();
                let ns = obj.metadata.namespace.clone().unwrap();
                Api::<DynamicObject>::namespaced_with(client, &ns, &ar)
                    .create(&PostParams::default(), &obj)
                    .await
                    .unwrap_or_else(|e| panic!("create binding {i}: {e}"));
                if (i + 1) % 10_000 == 0 {
                    eprintln!("loaded {} bindings ({:.0?})", i + 1, start.elapsed());
                }
            }
        })
        .buffer_unordered(LOAD_IN_FLIGHT)
        .collect::<Vec<()>>()
        .await;
    eprintln!("loaded {n} bindings in {:.1?}", start.elapsed());
}

fn kubectl() -> PathBuf {
    std::env::var_os("KUBECTL")
        .map(PathBuf::from)
        .unwrap_or_else(|| "kubectl".into())
}

/// The commands compared, as argument vectors: kubectl last (the baseline).
fn commands(kubeconfig: &Path) -> [(&'static str, Vec<String>); 3] {
    let kc = kubeconfig.display().to_string();
    let bin = support::fixtures::binary().display().to_string();
    let karmadactl = |args: &[&str]| -> Vec<String> {
        [&bin, "--kubeconfig", &kc, "--karmada-context", "admin"]
            .iter()
            .chain(args)
            .map(|s| s.to_string())
            .collect()
    };
    let kubectl = [
        &kubectl().display().to_string(),
        "--kubeconfig",
        &kc,
        "--context",
        "admin",
        "get",
        "resourcebindings",
        "-A",
        "-o",
        "json",
    ];
    [
        (
            "evictions",
            karmadactl(&["evictions", "list", "-A", "-o", "json"]),
        ),
        (
            "dry-run",
            karmadactl(&["dry-run", "--cluster", "ev-m1", "-o", "json"]),
        ),
        ("kubectl", kubectl.map(String::from).to_vec()),
    ]
}

fn command(argv: &[String]) -> Command {
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    cmd
}

/// Run once, output kept, and check it: every task (evictions), every binding on ev-m1
/// (dry-run) or every binding (kubectl).
fn check(tool: &str, argv: &[String], n: usize) {
    let out = command(argv).output().expect("run the command");
    let (stdout, stderr, code) = support::fixtures::parts(&out);
    // dry-run exits 0; a command that fails says why.
    assert_eq!(code, 0, "{tool} failed:\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("JSON output");
    let (items, want) = match tool {
        "kubectl" => (doc["items"].as_array().map_or(0, Vec::len), n),
        "dry-run" => (
            doc["outcomes"].as_array().map_or(0, Vec::len),
            n - n.div_ceil(10),
        ),
        _ => (doc["items"].as_array().map_or(0, Vec::len), n.div_ceil(10)),
    };
    assert_eq!(items, want, "{tool}: items in the output");
    eprintln!(
        "checked {tool}: {items} items, {} bytes of JSON",
        stdout.len()
    );
}

/// One timed run under `/usr/bin/time -v`: wall time and peak RSS in KiB.
fn timed(tool: &str, argv: &[String]) -> (Duration, u64) {
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
    assert!(out.status.success(), "{tool} failed:\n{stderr}");
    let rss = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .expect("/usr/bin/time -v reports the peak RSS");
    (took, rss)
}

fn median<T: Ord + Copy>(mut v: Vec<T>) -> T {
    v.sort();
    v[v.len() / 2]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hold = args.iter().any(|a| a == "--hold");
    let mut numbers = args.iter().filter_map(|a| a.parse::<usize>().ok());
    let n = numbers.next().unwrap_or(100_000);
    let runs = numbers.next().unwrap_or(5);
    let bin = support::fixtures::binary();
    assert!(bin.exists(), "build the binary first: {}", bin.display());
    let env = support::env();
    println!("kubeconfig: {}", env.kubeconfig.display());
    std::io::stdout().flush().unwrap();
    let client = env.admin().await;
    load(&client, n).await;

    let cmds = commands(&env.kubeconfig);
    for (tool, argv) in &cmds {
        println!("{tool}: {}", argv.join(" "));
        check(tool, argv, n);
    }
    let mut results: [Vec<(Duration, u64)>; 3] = Default::default();
    for run in 0..runs {
        for (i, (tool, argv)) in cmds.iter().enumerate() {
            let (t, rss) = timed(tool, argv);
            println!("run {run}: {tool:10} {t:.2?}, peak RSS {} MiB", rss / 1024);
            results[i].push((t, rss));
        }
    }
    let medians = results.map(|r| {
        (
            median(r.iter().map(|x| x.0).collect()),
            median(r.iter().map(|x| x.1).collect()),
        )
    });
    println!(
        "N = {n} ResourceBindings, {} with a task, {} on ev-m1; {runs} runs each",
        n.div_ceil(10),
        n - n.div_ceil(10)
    );
    for ((tool, _), (t, rss)) in cmds.iter().zip(medians) {
        println!(
            "{tool:10}: median wall {t:.2?}, median peak RSS {} MiB",
            rss / 1024
        );
    }
    let (base_t, base_rss) = medians[2];
    for ((tool, _), (t, rss)) in cmds.iter().zip(medians).take(2) {
        println!(
            "ratio {tool} / kubectl: wall {:.2}x (goal <= 1.2x), peak RSS {:.2}x",
            t.as_secs_f64() / base_t.as_secs_f64(),
            rss as f64 / base_rss as f64
        );
    }
    if hold {
        println!("holding the server; Ctrl-C stops it");
        std::io::stdout().flush().unwrap();
        tokio::signal::ctrl_c().await.expect("wait for Ctrl-C");
    }
}
