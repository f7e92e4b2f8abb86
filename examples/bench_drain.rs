//! Throughput of `karmadactl drain CLUSTER --yes -o json` against the real test
//! kube-apiserver (started here as the tests start it), against a baseline measured in
//! the same run: a minimal client that sends the very merge patches drain would send
//! (built with the engine's public functions, `resourceVersion` included), 8 in flight
//! like drain's default `--max-in-flight`, timed from the first patch to the last.
//!
//! Every measured run gets its own three clusters and N fresh ResourceBindings (all on
//! `m1` and `m2`, Duplicated or Divided by static weights over `m1..m3`) in a namespace of
//! its own, so each run drains untouched bindings; a run's bindings are deleted after it,
//! so drain always lists N bindings. Baseline and drain alternate, RUNS times each; the
//! medians and the ratio of bindings/s (drain / baseline) are printed.
//!
//!   cargo build --release && cargo run --release --example bench_drain -- [N] [RUNS] [--hold]
//!
//! With `--hold`, one more fresh fleet is set up afterwards and the server stays up (until
//! Ctrl-C) with the drain command printed, for profiling it by hand.
//!
//! Needs the test assets (`export KUBEBUILDER_ASSETS=$(hack/test-env.sh)`).

#[path = "../tests/support/mod.rs"]
mod support;

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt};
use kube::api::{Api, DeleteParams, DynamicObject, ListParams, Patch, PatchParams, PostParams};
use kube::Client;
use serde_json::{json, Value};

use karmadactl::engine::decide::drain::DrainOptions;
use karmadactl::fleet::BindingKind;
use karmadactl::ops::bindings::typed;
use karmadactl::ops::drain::drain_patch;

/// Creates in flight while setting up.
const SETUP_IN_FLIGHT: usize = 16;
/// Writes in flight: drain's default `--max-in-flight`.
const IN_FLIGHT: usize = 8;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn rate(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

fn bindings_api(client: &Client, ns: &str) -> Api<DynamicObject> {
    let ar = support::fixtures::resource_for("ResourceBinding").unwrap();
    Api::namespaced_with(client.clone(), ns, &ar)
}

/// Binding `i` of fleet `p`: on `{p}-m1` and `{p}-m2`, allowed on all three.
fn binding(p: &str, i: usize) -> Value {
    let name = format!("{p}-app-{i:05}");
    let all: Vec<String> = (1..=3).map(|c| format!("{p}-m{c}")).collect();
    let placement = if i.is_multiple_of(2) {
        json!({"clusterAffinity": {"clusterNames": all},
               "replicaScheduling": {"replicaSchedulingType": "Duplicated"}})
    } else {
        let weights: Vec<Value> = all
            .iter()
            .map(|c| json!({"targetCluster": {"clusterNames": [c]}, "weight": 1}))
            .collect();
        json!({"clusterAffinity": {"clusterNames": all},
               "replicaScheduling": {"replicaSchedulingType": "Divided",
                                     "replicaDivisionPreference": "Weighted",
                                     "weightPreference": {"staticWeightList": weights}}})
    };
    let per = if i.is_multiple_of(2) { 2 } else { 1 };
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": p, "labels": {"fleet": p},
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": p,
                         "name": name, "uid": format!("uid-{name}")},
            "replicas": 2,
            "clusters": [{"name": format!("{p}-m1"), "replicas": per},
                         {"name": format!("{p}-m2"), "replicas": per}],
            "placement": placement
        }
    })
}

/// Three clusters `{p}-m1..3`, namespace `p` and `n` bindings, created `SETUP_IN_FLIGHT`
/// at a time.
async fn setup(client: &Client, p: &str, n: usize) -> Duration {
    let start = Instant::now();
    support::fixtures::create_items(client, &support::fleets::clusters(p)).await;
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    let ns = serde_json::from_value(json!({"metadata": {"name": p}})).unwrap();
    namespaces
        .create(&PostParams::default(), &ns)
        .await
        .unwrap_or_else(|e| panic!("create namespace {p}: {e}"));
    let api = bindings_api(client, p);
    stream::iter(0..n)
        .map(|i| {
            let api = api.clone();
            async move {
                let obj: DynamicObject = serde_json::from_value(binding(p, i)).unwrap();
                api.create(&PostParams::default(), &obj)
                    .await
                    .unwrap_or_else(|e| panic!("create binding {i} of {p}: {e}"));
            }
        })
        .buffer_unordered(SETUP_IN_FLIGHT)
        .collect::<Vec<()>>()
        .await;
    start.elapsed()
}

/// Delete the bindings of a run, so later runs list only their own.
async fn cleanup(client: &Client, p: &str) {
    bindings_api(client, p)
        .delete_collection(&DeleteParams::default(), &ListParams::default())
        .await
        .unwrap_or_else(|e| panic!("delete the bindings of {p}: {e}"));
}

/// The merge patch `karmadactl drain CLUSTER` sends for `raw` (`ops::drain::drain_patch`,
/// with the `resourceVersion` `src/client/write.rs` adds for the optimistic lock).
fn patch_of(raw: &DynamicObject, cluster: &str, options: &DrainOptions) -> Value {
    let b = typed(raw, BindingKind::ResourceBinding).expect("a binding");
    let mut patch = drain_patch(raw, &b, &[cluster], options, jiff::Timestamp::now());
    patch["metadata"]["resourceVersion"] =
        json!(raw.metadata.resource_version.clone().unwrap_or_default());
    patch
}

/// The baseline on fleet `p`: list once, build every patch, then send them
/// `IN_FLIGHT` at a time. Returns the time from the first patch to the last.
async fn baseline(client: &Client, p: &str, n: usize) -> Duration {
    let cluster = format!("{p}-m1");
    let options = DrainOptions {
        clusters: vec![cluster.clone()],
        message: format!("evicted by `karmadactl drain {cluster}`"),
        ..Default::default()
    };
    let api = bindings_api(client, p);
    let listed = api.list(&ListParams::default()).await.unwrap().items;
    assert_eq!(listed.len(), n, "bindings of {p}");
    let patches: Vec<(String, Value)> = listed
        .iter()
        .map(|raw| {
            (
                raw.metadata.name.clone().unwrap(),
                patch_of(raw, &cluster, &options),
            )
        })
        .collect();
    let params = PatchParams {
        field_manager: Some("karmadactl".into()),
        ..Default::default()
    };
    let start = Instant::now();
    stream::iter(patches)
        .map(|(name, patch)| {
            let (api, params) = (&api, &params);
            async move {
                api.patch(&name, params, &Patch::Merge(&patch))
                    .await
                    .unwrap_or_else(|e| panic!("patch {name}: {e}"));
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect::<Vec<()>>()
        .await;
    start.elapsed()
}

/// What a write left on the first two bindings of fleet `p`, with the prefix and the
/// task timestamps blanked: the same for the baseline and drain when they sent the same
/// patches.
async fn written_shape(client: &Client, p: &str) -> Value {
    let api = bindings_api(client, p);
    let mut out = Vec::new();
    for i in 0..2 {
        let obj = api.get(&format!("{p}-app-{i:05}")).await.unwrap();
        let mut v = json!({"annotations": obj.metadata.annotations, "spec": obj.data["spec"]});
        for t in v["spec"]["gracefulEvictionTasks"]
            .as_array_mut()
            .into_iter()
            .flatten()
        {
            t["creationTimestamp"] = json!("T");
        }
        out.push(serde_json::from_str(&v.to_string().replace(p, "P")).unwrap());
    }
    Value::Array(out)
}

/// `karmadactl drain {p}-m1 --yes -o json`, timed as a whole process; checks that it
/// wrote all `n` evictions.
fn drain(kubeconfig: &std::path::Path, p: &str, n: usize) -> Duration {
    let cluster = format!("{p}-m1");
    let mut cmd = Command::new(support::fixtures::binary());
    cmd.env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(["--karmada-context", "admin"])
        .args(["drain", &cluster, "--yes", "-o", "json"])
        .stdin(Stdio::null());
    let start = Instant::now();
    let out = cmd.output().expect("run karmadactl");
    let took = start.elapsed();
    let (stdout, stderr, code) = support::fixtures::parts(&out);
    assert_eq!(code, 0, "drain {cluster} failed:\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("drain -o json prints JSON");
    assert_eq!(
        doc["summary"]["written"].as_u64(),
        Some(n as u64),
        "drain {cluster} wrote {} of {n}: {}",
        doc["summary"]["written"],
        doc["summary"]
    );
    took
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hold = args.iter().any(|a| a == "--hold");
    let mut numbers = args.iter().filter_map(|a| a.parse::<usize>().ok());
    let n = numbers.next().unwrap_or(5000);
    let runs = numbers.next().unwrap_or(3);
    let bin = support::fixtures::binary();
    assert!(bin.exists(), "build the binary first: {}", bin.display());
    let env = support::env();
    let client = env.admin().await;
    println!("binary:     {}", bin.display());
    println!("kubeconfig: {}", env.kubeconfig.display());
    let (mut base, mut drained) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let p = format!("bd-base-{run}");
        let took = setup(&client, &p, n).await;
        eprintln!("run {run}: set up {n} bindings in {took:.1?}");
        let t = baseline(&client, &p, n).await;
        println!("run {run}: baseline {t:.2?} ({:.0} bindings/s)", rate(n, t));
        base.push(t);
        let want = written_shape(&client, &p).await;
        cleanup(&client, &p).await;

        let p = format!("bd-drain-{run}");
        let took = setup(&client, &p, n).await;
        eprintln!("run {run}: set up {n} bindings in {took:.1?}");
        let t = drain(&env.kubeconfig, &p, n);
        println!("run {run}: drain    {t:.2?} ({:.0} bindings/s)", rate(n, t));
        drained.push(t);
        assert_eq!(
            written_shape(&client, &p).await,
            want,
            "drain and the baseline wrote different bindings"
        );
        cleanup(&client, &p).await;
    }
    if runs > 0 {
        summary(n, runs, base, drained);
    }
    if hold {
        let p = "bd-hold";
        setup(&client, p, n).await;
        println!("holding a fresh fleet of {n} bindings; Ctrl-C stops the server. Try:");
        println!(
            "  {} --kubeconfig {} --karmada-context admin drain {p}-m1 --yes -o json",
            bin.display(),
            env.kubeconfig.display()
        );
        std::io::stdout().flush().unwrap();
        tokio::signal::ctrl_c().await.expect("wait for Ctrl-C");
    }
}

fn summary(n: usize, runs: usize, base: Vec<Duration>, drained: Vec<Duration>) {
    let (b, d) = (median(base), median(drained));
    println!("N = {n} bindings, {runs} runs each, {IN_FLIGHT} in flight");
    println!(
        "baseline (patches only): median {b:.2?} = {:.0} bindings/s",
        rate(n, b)
    );
    println!(
        "karmadactl drain (wall): median {d:.2?} = {:.0} bindings/s",
        rate(n, d)
    );
    println!(
        "ratio drain / baseline (bindings/s): {:.2} (goal >= 0.8)",
        b.as_secs_f64() / d.as_secs_f64()
    );
}
