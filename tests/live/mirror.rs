//! A wait's mirror of the bindings (`ops::mirror`, what `maintenance run` waits on)
//! survives watches the server ends and watches that expire: a plane whose
//! kube-apiserver compacts etcd every second (no watch cache, so no bookmarks), and
//! watch requests the server ends after 2 s. The ResourceBindings change all along, so
//! their watches resume from a recent version; the ClusterResourceBindings never do, so
//! each of their resumes asks for a compacted version and gets `410 Gone`, and the
//! watcher lists again. Through all of it the mirror ends equal to a fresh list, and
//! the API server's own request counts show the resumes and the relists.

use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, Patch, PatchParams};
use serde_json::json;
use support::fixtures::*;

const NS: &str = "mirrored";
const BINDINGS: usize = 20;

/// `apiserver_request_total` of the binding kinds, by (verb, resource).
async fn requests(client: &kube::Client) -> BTreeMap<(String, String), f64> {
    support::metrics::request_counts(client, |r| r.ends_with("resourcebindings")).await
}

fn count(r: &BTreeMap<(String, String), f64>, verb: &str, resource: &str) -> f64 {
    r.get(&(verb.to_string(), resource.to_string()))
        .copied()
        .unwrap_or(0.0)
}

/// `BINDINGS` ResourceBindings `app-N` in `ns` (on `placed`), and the raw API of them.
async fn seed(client: &kube::Client, ns: &str, placed: serde_json::Value) -> Api<DynamicObject> {
    ensure_namespace(client, ns).await;
    let rb = resource_for("ResourceBinding").unwrap();
    let items: Vec<serde_json::Value> = (0..BINDINGS)
        .map(|i| {
            json!({
                "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
                "metadata": {"name": format!("app-{i}"), "namespace": ns},
                "spec": {"resource": {"apiVersion": "apps/v1", "kind": "Deployment",
                                      "name": format!("app-{i}"), "namespace": ns},
                         "clusters": placed}
            })
        })
        .collect();
    create_items(client, &items).await;
    Api::namespaced_with(client.clone(), ns, &rb)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_mirror_survives_watches_that_end_and_expire() {
    let env = support::start_plane_with(support::Crds::Tool, &["--etcd-compaction-interval=1s"]);
    let client = env.admin().await;
    let api = seed(&client, NS, json!([{"name": "m1", "replicas": 1}])).await;

    let cp = karmadactl::client::connect(&karmadactl::client::ConnectOptions {
        kubeconfig: Some(env.kubeconfig.clone()),
        context: Some("admin".into()),
        request_timeout: None,
        rate: None,
    })
    .await
    .unwrap();
    let before = requests(&client).await;
    let mut mirror = karmadactl::ops::mirror::Mirror::for_run(&cp, Some(2));
    mirror.ready(Duration::from_secs(30)).await.unwrap();
    assert_eq!(mirror.bindings_now().len(), BINDINGS);

    // 12 s of changes: a new value on one binding every 100 ms, in turn.
    let begun = Instant::now();
    let mut written: BTreeMap<String, u32> = BTreeMap::new();
    let mut n = 0u32;
    while begun.elapsed() < Duration::from_secs(12) {
        let name = format!("app-{}", n as usize % BINDINGS);
        api.patch(
            &name,
            &PatchParams::default(),
            &Patch::Merge(json!({"metadata": {"labels": {"round": n.to_string()}}})),
        )
        .await
        .unwrap();
        written.insert(format!("rb/{NS}/{name}"), n);
        n += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The mirror catches up with every last value.
    let seen = || {
        mirror
            .bindings_now()
            .into_iter()
            .map(|b| {
                let round = b
                    .metadata
                    .labels
                    .as_ref()
                    .and_then(|l| l.get("round"))
                    .and_then(|r| r.parse::<u32>().ok())
                    .unwrap_or(u32::MAX);
                (b.display_name(), round)
            })
            .collect::<BTreeMap<String, u32>>()
    };
    let deadline = Instant::now() + Duration::from_secs(15);
    while seen() != written {
        assert!(
            Instant::now() < deadline,
            "the mirror did not catch up: {:?} vs {written:?}",
            seen()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let after = requests(&client).await;
    let delta =
        |verb: &str, resource: &str| count(&after, verb, resource) - count(&before, verb, resource);
    let (rb_watches, rb_lists) = (
        delta("WATCH", "resourcebindings"),
        delta("LIST", "resourcebindings"),
    );
    let (crb_watches, crb_lists) = (
        delta("WATCH", "clusterresourcebindings"),
        delta("LIST", "clusterresourcebindings"),
    );
    eprintln!(
        "{n} changes in 12 s; resourcebindings: {rb_watches} watches, {rb_lists} lists; clusterresourcebindings: {crb_watches} watches, {crb_lists} lists"
    );
    // Watches ended every 2 s and were resumed...
    assert!(
        rb_watches >= 4.0,
        "{rb_watches} watches of resourcebindings"
    );
    // ...the busy kind from where it was, without listing again (the first list only,
    // give or take one resume that met a compaction)...
    assert!(rb_lists <= 2.0, "{rb_lists} lists of resourcebindings");
    // ...the quiet kind from a compacted version: 410, and a fresh list each time.
    assert!(
        crb_lists >= 2.0,
        "{crb_lists} lists of clusterresourcebindings"
    );
    env.stop();
}

/// The label `round` of a raw binding (`-` when it has none).
fn round_of(o: &DynamicObject) -> String {
    o.metadata
        .labels
        .as_ref()
        .and_then(|l| l.get("round"))
        .cloned()
        .unwrap_or_else(|| "-".into())
}

/// Names and rounds the stream delivers until `done` holds of them, or 30 s pass.
async fn follow_until(
    stream: &mut futures::stream::BoxStream<
        'static,
        kube::runtime::watcher::Result<kube::runtime::watcher::Event<DynamicObject>>,
    >,
    done: impl Fn(&BTreeMap<String, String>) -> bool,
) -> BTreeMap<String, String> {
    use futures::StreamExt;
    use kube::runtime::watcher::Event;
    let mut seen = BTreeMap::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !done(&seen) {
        match tokio::time::timeout_at(deadline, stream.next()).await {
            Ok(Some(Ok(Event::Apply(o) | Event::InitApply(o)))) => {
                seen.insert(o.metadata.name.clone().unwrap(), round_of(&o));
            }
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => panic!("the follow ended or stalled; it saw {seen:?}"),
        }
    }
    seen
}

/// `drain --wait` and `evictions list --watch` follow from where their own list stood
/// (`ops::follow`): the watch delivers what changed after the list and nothing else,
/// without a second list; from a version etcd has compacted away, it gets `410 Gone`
/// and lists once, then follows.
#[tokio::test(flavor = "multi_thread")]
async fn a_follow_from_a_list_reads_nothing_twice_and_lists_again_only_once_expired() {
    const FOLLOWED: &str = "followed";
    let env = support::start_plane_with(support::Crds::Tool, &["--etcd-compaction-interval=1s"]);
    let client = env.admin().await;
    ensure_namespace(&client, FOLLOWED).await;
    let rb = resource_for("ResourceBinding").unwrap();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), FOLLOWED, &rb);
    let items: Vec<serde_json::Value> = (0..BINDINGS)
        .map(|i| {
            json!({
                "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
                "metadata": {"name": format!("app-{i}"), "namespace": FOLLOWED},
                "spec": {"resource": {"apiVersion": "apps/v1", "kind": "Deployment",
                                      "name": format!("app-{i}"), "namespace": FOLLOWED},
                         "clusters": [{"name": "m1", "replicas": 1}]}
            })
        })
        .collect();
    create_items(&client, &items).await;
    let label = |name: String, round: &str| {
        let api = api.clone();
        let round = round.to_string();
        async move {
            api.patch(
                &name,
                &PatchParams::default(),
                &Patch::Merge(json!({"metadata": {"labels": {"round": round}}})),
            )
            .await
            .unwrap();
        }
    };

    // The command's own list, then five changes after it.
    let listed = api.list(&Default::default()).await.unwrap();
    let version = listed.metadata.resource_version.clone();
    assert!(version.is_some());
    for i in 0..5 {
        label(format!("app-{i}"), "after").await;
    }
    let before = requests(&client).await;
    let mut stream = karmadactl::ops::follow::after(
        api.clone(),
        version.clone(),
        kube::runtime::watcher::Config::default(),
    );
    let seen = follow_until(&mut stream, |s| s.len() >= 5).await;
    // Only the changes after the list, each with its new value...
    let expected: BTreeMap<String, String> = (0..5)
        .map(|i| (format!("app-{i}"), "after".to_string()))
        .collect();
    assert_eq!(seen, expected);
    // ...and a change while it follows.
    label("app-9".into(), "followed").await;
    let seen = follow_until(&mut stream, |s| s.contains_key("app-9")).await;
    assert_eq!(seen.get("app-9").map(String::as_str), Some("followed"));
    drop(stream);
    let after = requests(&client).await;
    let delta =
        |verb: &str, a: &BTreeMap<(String, String), f64>, b: &BTreeMap<(String, String), f64>| {
            count(a, verb, "resourcebindings") - count(b, verb, "resourcebindings")
        };
    // (A watch is counted once it ends, so only the lists are compared.)
    assert_eq!(delta("LIST", &after, &before), 0.0, "a second list");

    // The same version, once etcd has compacted past it: 410, one list, the state as it is.
    for round in 0..4 {
        label(format!("app-{}", 10 + round), &format!("later-{round}")).await;
        tokio::time::sleep(Duration::from_millis(800)).await;
    }
    let before = requests(&client).await;
    let mut stream = karmadactl::ops::follow::after(
        api.clone(),
        version,
        kube::runtime::watcher::Config::default(),
    );
    let seen = follow_until(&mut stream, |s| s.len() >= BINDINGS).await;
    assert_eq!(seen.get("app-13").map(String::as_str), Some("later-3"));
    assert_eq!(seen.get("app-9").map(String::as_str), Some("followed"));
    assert_eq!(seen.get("app-19").map(String::as_str), Some("-"));
    let after = requests(&client).await;
    assert_eq!(
        delta("LIST", &after, &before),
        1.0,
        "one list after the 410"
    );
    env.stop();
}

/// A maintenance run's mirror (`Mirror::for_run`) brings the run's own writes before a
/// step decides again (`expect`, then `caught_up`), and serves each binding as a write
/// starts from: its lists exactly as the server stores them, at the version the write
/// got; and after its first list it lists nothing, however many writes it follows.
#[tokio::test(flavor = "multi_thread")]
async fn a_runs_mirror_brings_its_own_writes_without_listing_again() {
    const RUN: &str = "run-mirrored";
    let env = support::start_plane_with(support::Crds::Tool, &[]);
    let client = env.admin().await;
    let placed = json!([{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 2}]);
    let api = seed(&client, RUN, placed).await;
    let cp = karmadactl::client::connect(&karmadactl::client::ConnectOptions {
        kubeconfig: Some(env.kubeconfig.clone()),
        context: Some("admin".into()),
        request_timeout: None,
        rate: None,
    })
    .await
    .unwrap();
    let mut mirror = karmadactl::ops::mirror::Mirror::for_run(&cp, None);
    mirror.ready(Duration::from_secs(30)).await.unwrap();
    let before = requests(&client).await;

    // Ten writes in a row, each one read back through the mirror before the next.
    for i in 0..10 {
        let name = format!("app-{i}");
        let stored = api
            .patch(
                &name,
                &PatchParams::default(),
                &Patch::Merge(json!({
                    "metadata": {"labels": {"round": i.to_string()}},
                    "spec": {"clusters": [{"name": "m2", "replicas": 3}],
                             "gracefulEvictionTasks": [{"fromCluster": "m1", "reason": "TaintUntolerated",
                                                        "producer": "karmadactl", "replicas": 1}]}
                })),
            )
            .await
            .unwrap();
        let key = format!("rb/{RUN}/{name}");
        let version = stored.metadata.resource_version.clone().unwrap();
        mirror.expect([(key.clone(), version.clone())]);
        assert!(
            mirror.caught_up(Duration::from_secs(15)).await,
            "{key}: the mirror did not bring the write at {version}"
        );
        let raw = mirror.view(|v| v.raw(&key)).expect("the mirror holds it");
        assert_eq!(raw.metadata.resource_version.as_deref(), Some(&*version));
        assert_eq!(round_of(&raw), i.to_string());
        for field in ["clusters", "gracefulEvictionTasks"] {
            assert_eq!(
                raw.data["spec"][field], stored.data["spec"][field],
                "{key}: spec.{field} as the server stores it"
            );
        }
    }
    // An expectation already met does not wait.
    let untouched = format!("rb/{RUN}/app-15");
    let held = mirror
        .view(|v| v.bindings[&untouched].metadata.resource_version.clone())
        .unwrap();
    mirror.expect([(untouched, held)]);
    assert!(mirror.caught_up(Duration::from_millis(1)).await);

    let after = requests(&client).await;
    let delta =
        |verb: &str, resource: &str| count(&after, verb, resource) - count(&before, verb, resource);
    assert_eq!(
        delta("LIST", "resourcebindings"),
        0.0,
        "no list after the first"
    );
    assert_eq!(delta("LIST", "clusterresourcebindings"), 0.0);
    env.stop();
}
