//! Interrupted batches of writes against the real kube-apiserver.
//!
//! - SIGINT and SIGTERM during `drain` and `evictions abort --all`: the writes in flight
//!   finish, no new one starts, a summary is printed, exit 3; what the summary counts is
//!   what the server holds, and a rerun finishes the job.
//! - SIGKILL at spread-out points (20 drains, 10 aborts), each while a chosen write is in
//!   flight (held at the proxy, then delivered): whatever the point, a rerun reaches the
//!   end state of an uninterrupted run, object by object.

use crate::support;

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, ListParams};
use serde_json::Value;

use support::fixtures::*;
use support::fleets::{assert_same, bindings, compared_all, create_drain_fleet, drained};
use support::proxy::{Fault, Proxy};

fn spawn(kubeconfig: &std::path::Path, args: &[&str]) -> Child {
    Command::new(binary())
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

fn evicted(all: &BTreeMap<String, Value>) -> usize {
    all.values()
        .filter(|b| b["spec"]["gracefulEvictionTasks"].is_array())
        .count()
}

/// Wait until `enough` holds of fleet `p`'s bindings.
async fn wait_for(p: &str, what: &str, enough: impl Fn(&BTreeMap<String, Value>) -> bool) {
    let client = support::env().admin().await;
    let started = Instant::now();
    while !enough(&bindings(&client, p).await) {
        assert!(started.elapsed() < Duration::from_secs(60), "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Drain `{p}-m1` to the end, fault-free.
fn drain_to_end(p: &str) {
    let env = support::env();
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["drain", &format!("{p}-m1"), "--yes"],
    ));
    // 3: the Job with nowhere to go is blocked, by design of the fleet.
    assert_eq!(code, 3, "{stderr}");
}

async fn stop_a_drain(p: &str, sig: &str) {
    let env = support::env();
    let client = env.admin().await;
    create_drain_fleet(&client, p).await;
    let before = bindings(&client, p).await;
    let m1 = format!("{p}-m1");
    let child = spawn(
        &env.kubeconfig,
        &["drain", &m1, "--yes", "--eviction-rate", "5", "-o", "json"],
    );
    wait_for(p, "the drain never started", |b| evicted(b) >= 5).await;
    signal(&child, sig);
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 3, "{sig}: {stdout}\n{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("a JSON summary");
    let partway = evicted(&bindings(&client, p).await);
    assert!(
        partway < before.len() - 2,
        "stopped part way ({partway} evicted)"
    );
    assert_eq!(
        doc["summary"]["written"], partway,
        "the summary counts what the server holds"
    );
    assert!(doc["summary"]["notStarted"].as_u64().unwrap() > 0, "{doc}");
    // Nothing is written after the process ended.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(evicted(&bindings(&client, p).await), partway);

    drain_to_end(p);
    assert_same(
        &compared_all(&bindings(&client, p).await),
        &drained(p, &before),
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sigint_stops_a_drain_and_a_rerun_finishes_it() {
    stop_a_drain("isi", "-INT").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_a_drain_and_a_rerun_finishes_it() {
    stop_a_drain("ist", "-TERM").await;
}

/// A drained and uncordoned fleet: what `evictions abort --cluster {p}-m1 --all --force`
/// takes back to `before`.
async fn drained_fleet(p: &str) -> BTreeMap<String, Value> {
    let env = support::env();
    let client = env.admin().await;
    create_drain_fleet(&client, p).await;
    let before = bindings(&client, p).await;
    drain_to_end(p);
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["uncordon", &format!("{p}-m1")],
    ));
    assert_eq!(code, 0, "{stderr}");
    before
}

fn abort_args(p: &str) -> Vec<String> {
    [
        "evictions",
        "abort",
        "--cluster",
        &format!("{p}-m1"),
        "--all",
        "--force",
        "--yes",
        "--max-in-flight",
        "1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn abort_to_end(p: &str) {
    let args = abort_args(p);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, stderr, code) = parts(&karmadactl(&support::env().kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
}

async fn stop_an_abort(p: &str, sig: &str) {
    let env = support::env();
    let client = env.admin().await;
    let before = drained_fleet(p).await;
    let drained_count = evicted(&bindings(&client, p).await);
    // Slow writes (0.2 s each, one at a time), so that the signal lands part way.
    let proxy = Proxy::start(env);
    proxy.on(
        hyper::Method::PATCH,
        "/resourcebindings/",
        1000,
        Fault::Delay(Duration::from_millis(200)),
    );
    let args = abort_args(p);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let child = spawn(&proxy.kubeconfig, &args);
    wait_for(p, "the abort never started", |b| {
        evicted(b) <= drained_count - 3
    })
    .await;
    signal(&child, sig);
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 3, "{sig}: {stdout}\n{stderr}");
    assert!(stdout.contains("Interrupted"), "{stdout}");
    let left = evicted(&bindings(&client, p).await);
    assert!(left > 0, "stopped part way ({left} still evicted)");
    let patches = proxy.count("PATCH", "/resourcebindings/");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        proxy.count("PATCH", "/resourcebindings/"),
        patches,
        "no write after exit"
    );

    abort_to_end(p);
    assert_restored(&before, &bindings(&client, p).await);
}

/// Every binding as it was before the drain (volatile metadata aside).
fn assert_restored(before: &BTreeMap<String, Value>, after: &BTreeMap<String, Value>) {
    let strip = |v: &Value| {
        let mut v = v.clone();
        let meta = v["metadata"].as_object_mut().unwrap();
        for volatile in ["resourceVersion", "generation", "managedFields"] {
            meta.remove(volatile);
        }
        v
    };
    assert_eq!(before.len(), after.len());
    for (k, b) in before {
        assert_eq!(strip(&after[k]), strip(b), "{k}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sigint_stops_an_abort_and_a_rerun_finishes_it() {
    stop_an_abort("iai", "-INT").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_an_abort_and_a_rerun_finishes_it() {
    stop_an_abort("iat", "-TERM").await;
}

/// A random pause under 50 ms for each kill (the seed is printed).
fn jitters(n: usize, label: &str) -> Vec<Duration> {
    let mut x = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("{label}: kill jitter seeded with {x}");
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Duration::from_millis(x % 50)
        })
        .collect()
}

/// Run `args` through a fresh proxy and SIGKILL it while its `nth` binding write (1 is
/// the first; ResourceBindings and ClusterResourceBindings alike) is held at the proxy, `jitter` after it arrived; that write then goes on to
/// the server, as a write in flight at a crash does. Returns once the process is gone.
fn kill_at_write(args: &[&str], nth: usize, jitter: Duration) {
    let proxy = Proxy::start(support::env());
    let mut child = spawn(&proxy.kubeconfig, args);
    let pid = child.id().to_string();
    if nth > 1 {
        proxy.on(
            hyper::Method::PATCH,
            "resourcebindings/",
            nth - 1,
            Fault::Delay(Duration::ZERO),
        );
    }
    proxy.on(
        hyper::Method::PATCH,
        "resourcebindings/",
        1,
        Fault::Before(Box::new(move || {
            Box::pin(async move {
                tokio::time::sleep(jitter).await;
                let _ = Command::new("kill").args(["-KILL", &pid]).status();
            })
        })),
    );
    let _ = child.wait();
}

/// Twenty drains, each SIGKILLed at a different write (spread over the whole drain, with a
/// random pause), each followed by a rerun that must reach the state of an uninterrupted
/// drain, object by object.
#[tokio::test(flavor = "multi_thread")]
async fn sigkill_at_twenty_points_then_rerun_converges_for_drain() {
    let env = support::env();
    let client = env.admin().await;
    let mut seen = Vec::new();
    for (i, jitter) in jitters(20, "drain").into_iter().enumerate() {
        let p = format!("ik{i:02}");
        create_drain_fleet(&client, &p).await;
        let before = bindings(&client, &p).await;
        let writes = before.len() - 2;
        kill_at_write(
            &["drain", &format!("{p}-m1"), "--yes"],
            1 + i * writes / 20,
            jitter,
        );
        let n = evicted(&bindings(&client, &p).await);
        seen.push(n);
        drain_to_end(&p);
        assert_same(
            &compared_all(&bindings(&client, &p).await),
            &drained(&p, &before),
        );
    }
    eprintln!("drain: evicted when killed: {seen:?}");
    // Up to 8 writes are in flight at once, so the last kills may find all done.
    assert!(
        seen.iter().filter(|n| **n < 54).count() >= 16,
        "the kills landed part way: {seen:?}"
    );
}

/// The same for `evictions abort --all`, ten times.
#[tokio::test(flavor = "multi_thread")]
async fn sigkill_at_ten_points_then_rerun_converges_for_abort() {
    let env = support::env();
    let client = env.admin().await;
    let mut seen = Vec::new();
    for (i, jitter) in jitters(10, "abort").into_iter().enumerate() {
        let p = format!("ika{i:02}");
        let before = drained_fleet(&p).await;
        let drained_count = evicted(&bindings(&client, &p).await);
        let args = abort_args(&p);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        kill_at_write(&args, 1 + i * drained_count / 10, jitter);
        seen.push(evicted(&bindings(&client, &p).await));
        abort_to_end(&p);
        assert_restored(&before, &bindings(&client, &p).await);
    }
    eprintln!("abort: still evicted when killed: {seen:?}");
    assert!(
        seen.iter().filter(|n| **n > 0).count() >= 8,
        "the kills landed part way: {seen:?}"
    );
}

/// SIGINT while `taint` patches many clusters (each write slowed by the proxy): the
/// writes in flight finish, no new one starts, exit 3 with a count; a rerun finishes.
#[tokio::test(flavor = "multi_thread")]
async fn sigint_stops_a_taint_and_a_rerun_finishes_it() {
    let env = support::env();
    let client = env.admin().await;
    let names: Vec<String> = (0..40).map(|i| format!("itn-{i:02}")).collect();
    for name in &names {
        create_cluster(
            &client,
            name,
            serde_json::json!({"itn": "x"}),
            serde_json::json!({}),
        )
        .await;
    }
    let proxy = Proxy::start(env);
    proxy.on(
        hyper::Method::PATCH,
        "/clusters/itn-",
        1000,
        Fault::Delay(Duration::from_millis(1000)),
    );
    let args = ["taint", "clusters", "-l", "itn=x", "k=v:NoSchedule"];
    let child = spawn(&proxy.kubeconfig, &args);
    // One list per look, so that looking stays quick on a busy machine.
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let tainted = || async {
        clusters
            .list(&ListParams::default().labels("itn=x"))
            .await
            .unwrap()
            .items
            .iter()
            .filter(|c| {
                c.data["spec"]["taints"]
                    .as_array()
                    .is_some_and(|t| !t.is_empty())
            })
            .count()
    };
    let started = Instant::now();
    while tainted().await < 4 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the taint never started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    signal(&child, "-INT");
    let (stdout, stderr, code) = parts(&child.wait_with_output().unwrap());
    assert_eq!(code, 3, "{stdout}\n{stderr}");
    assert!(
        stderr.contains("Interrupted:") && stderr.contains("not started"),
        "{stderr}"
    );
    let done = tainted().await;
    assert!(done < names.len(), "stopped part way ({done})");
    assert_eq!(
        stdout.lines().count(),
        done,
        "one line per cluster written: {stdout}"
    );
    let patches = proxy.count("PATCH", "/clusters/itn-");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        proxy.count("PATCH", "/clusters/itn-"),
        patches,
        "no write after exit"
    );

    let (_, stderr, code) = parts(&karmadactl(&env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(tainted().await, names.len());
}
