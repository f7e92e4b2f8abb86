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

#[tokio::test(flavor = "multi_thread")]
async fn the_mirror_survives_watches_that_end_and_expire() {
    let env = support::start_plane_with(support::Crds::Tool, &["--etcd-compaction-interval=1s"]);
    let client = env.admin().await;
    ensure_namespace(&client, NS).await;
    let rb = resource_for("ResourceBinding").unwrap();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), NS, &rb);
    let items: Vec<serde_json::Value> = (0..BINDINGS)
        .map(|i| {
            json!({
                "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
                "metadata": {"name": format!("app-{i}"), "namespace": NS},
                "spec": {"resource": {"apiVersion": "apps/v1", "kind": "Deployment",
                                      "name": format!("app-{i}"), "namespace": NS},
                         "clusters": [{"name": "m1", "replicas": 1}]}
            })
        })
        .collect();
    create_items(&client, &items).await;

    let cp = karmadactl::client::connect(&karmadactl::client::ConnectOptions {
        kubeconfig: Some(env.kubeconfig.clone()),
        context: Some("admin".into()),
        request_timeout: None,
        rate: None,
    })
    .await
    .unwrap();
    let before = requests(&client).await;
    let mut mirror = karmadactl::ops::mirror::Mirror::bindings_with(&cp, Some(2));
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
