//! The outage timeline held against the real thing: Karmada's controllers with member
//! clusters (Push, upstream's health flags), a ClusterTaintPolicy that adds
//! `not-ready:NoExecute` on Ready=False and removes it on True, workloads from
//! templates with and without `tolerationSeconds`. Before each failure the test takes
//! `dry-run --outage` live; then member1's kube-apiserver is killed (refused) or frozen
//! (a black hole) at the predicted moment, and every observed moment (Ready, the taint's
//! `timeAdded`, each eviction, the way back) must meet the printed interval, with the
//! new placements as predicted and the workloads on the other members. Each prediction
//! is anchored on the moment the plane reached the state it starts from (the process
//! gone, the member answering again), and every moment is seen as a window
//! (`support::timing`). `failover watch` follows each failure and `failover report` tells it
//! after (`watching.rs`).

use crate::support;
use crate::watching;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use k8s_openapi::api::apps::v1::Deployment;
use kube::api::{Api, DynamicObject, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};
use support::timing::{assert_meets, Anchor, Window};

pub(crate) const NS: &str = "shop";

/// The taint the outage plane's ClusterTaintPolicy adds on Ready=False.
const NOT_READY_NOEXECUTE: &str = "cluster.karmada.io/not-ready:NoExecute";

/// A Deployment and its PropagationPolicy on member1 and member2 (1 replica each),
/// tolerating the NoExecute taint for `seconds` (`Some(None)`: forever).
pub(crate) async fn workload(client: &kube::Client, name: &str, toleration: Option<Option<i64>>) {
    let mut placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2"]},
        "replicaScheduling": {
            "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
            "weightPreference": {"staticWeightList": [
                {"targetCluster": {"clusterNames": ["member1"]}, "weight": 1},
                {"targetCluster": {"clusterNames": ["member2"]}, "weight": 1}
            ]}
        }
    });
    if let Some(seconds) = toleration {
        let mut t = json!({"key": "cluster.karmada.io/not-ready", "operator": "Exists", "effect": "NoExecute"});
        if let Some(s) = seconds {
            t["tolerationSeconds"] = json!(s);
        }
        placement["clusterTolerations"] = json!([t]);
    }
    workload_placed(client, name, placement).await;
}

/// A Deployment of 2 replicas and its PropagationPolicy with `placement`.
async fn workload_placed(client: &kube::Client, name: &str, placement: Value) {
    let d: Deployment = serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": NS, "labels": {"app": name}},
        "spec": {
            "replicas": 2,
            "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}},
                         "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]}}
        }
    }))
    .unwrap();
    Api::<Deployment>::namespaced(client.clone(), NS)
        .create(&PostParams::default(), &d)
        .await
        .unwrap();
    let pp: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": name, "namespace": NS},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": name}],
            "placement": placement
        }
    }))
    .unwrap();
    Api::<DynamicObject>::namespaced_with(
        client.clone(),
        NS,
        &resource_for("PropagationPolicy").unwrap(),
    )
    .create(&PostParams::default(), &pp)
    .await
    .unwrap();
}

fn bindings_api(client: &kube::Client, ns: &str) -> Api<DynamicObject> {
    Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    )
}

/// Clusters of a binding, by name.
fn placed(b: &Value) -> BTreeMap<String, i64> {
    b["spec"]["clusters"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["replicas"].as_i64().unwrap_or(0),
            )
        })
        .collect()
}

pub(crate) async fn wait_placed(client: &kube::Client, names: &[&str], on: &str, secs: u64) {
    let api = bindings_api(client, NS);
    let deadline = Instant::now() + Duration::from_secs(secs);
    for name in names {
        loop {
            if let Ok(Some(b)) = api.get_opt(&format!("{name}-deployment")).await {
                let b = serde_json::to_value(b).unwrap();
                if placed(&b).contains_key(on)
                    && b["status"]["aggregatedStatus"]
                        .as_array()
                        .is_some_and(|a| a.len() == 2)
                {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "{name} not placed on {on} in {secs} s"
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

/// Wait until every binding of `names` is Healthy on every cluster it is placed on, as
/// its aggregated status says. Karmada clears a graceful eviction task on the status it
/// has, which can be the remaining cluster's from before it took the evicted replicas:
/// the health of the new share comes a moment after the failover settled.
pub(crate) async fn wait_healthy(client: &kube::Client, ns: &str, names: &[&str], secs: u64) {
    let api = bindings_api(client, ns);
    let deadline = Instant::now() + Duration::from_secs(secs);
    for name in names {
        loop {
            if let Ok(Some(b)) = api.get_opt(&format!("{name}-deployment")).await {
                let b = serde_json::to_value(b).unwrap();
                let items = b["status"]["aggregatedStatus"].as_array().cloned();
                let healthy = |c: &String| {
                    items.iter().flatten().any(|a| {
                        a["clusterName"].as_str() == Some(c.as_str()) && a["health"] == "Healthy"
                    })
                };
                let on = placed(&b);
                if !on.is_empty() && on.keys().all(healthy) {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "{name} not Healthy where placed in {secs} s"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

pub(crate) fn interval(v: &Value) -> (Timestamp, Timestamp) {
    (
        v["earliest"].as_str().unwrap().parse().unwrap(),
        v["latest"].as_str().unwrap().parse().unwrap(),
    )
}

/// What the test watches, every 200 ms, until `stop` holds or `secs` pass: when member1's
/// Ready changed (the poll's window, and its recorded lastTransitionTime), the NoExecute
/// taint's timeAdded, when it went, and when each binding left member1 (or came back).
#[derive(Default, Debug)]
struct Seen {
    ready: Option<(String, Window, Timestamp)>,
    taint_added: Option<Timestamp>,
    taint_seen: Option<Window>,
    taint_gone: Option<Window>,
    left: BTreeMap<String, (Window, BTreeMap<String, i64>)>,
    /// When each binding's member1 entry was first seen gone.
    gone: BTreeMap<String, Window>,
}

async fn watch(
    k: &Karmada,
    want_ready: &str,
    names: &[&str],
    secs: u64,
    mut stop: impl FnMut(&Seen) -> bool,
) -> Seen {
    let client = k.env.admin().await;
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let bindings = bindings_api(&client, NS);
    let mut seen = Seen::default();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut previous = Timestamp::now();
    while !stop(&seen) {
        assert!(
            Instant::now() < deadline,
            "{seen:#?}\n--- controller-manager\n{}",
            k.log_tail("karmada-controller-manager.log")
        );
        let polled = Timestamp::now();
        let now = Window::polled(previous, polled);
        let c = serde_json::to_value(clusters.get("member1").await.unwrap()).unwrap();
        let ready = c["status"]["conditions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["type"] == "Ready")
            .unwrap()
            .clone();
        if ready["status"] == want_ready && seen.ready.is_none() {
            let recorded = ready["lastTransitionTime"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap();
            seen.ready = Some((ready["reason"].as_str().unwrap().to_string(), now, recorded));
        }
        let taint = c["spec"]["taints"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|t| t["key"] == "cluster.karmada.io/not-ready" && t["effect"] == "NoExecute")
            .cloned();
        match (&taint, seen.taint_seen) {
            (Some(t), None) => {
                seen.taint_seen = Some(now);
                seen.taint_added = t["timeAdded"].as_str().map(|s| s.parse().unwrap());
            }
            (None, _) if seen.taint_gone.is_none() && want_ready == "True" => {
                seen.taint_gone = Some(now)
            }
            _ => {}
        }
        for name in names {
            let key = format!("{name}-deployment");
            if seen.left.contains_key(*name) {
                continue;
            }
            let b = serde_json::to_value(bindings.get(&key).await.unwrap()).unwrap();
            let on = placed(&b);
            if on.contains_key("member1") || on.is_empty() {
                continue;
            }
            // The eviction is when member1 leaves; the placement is the scheduler's, once
            // it has placed every replica again (right after the eviction the binding
            // holds only what the other clusters had).
            let gone = *seen.gone.entry(name.to_string()).or_insert(now);
            if on.values().sum::<i64>() == b["spec"]["replicas"].as_i64().unwrap_or(0) {
                seen.left.insert(name.to_string(), (gone, on));
            }
        }
        previous = polled;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    seen
}

/// Sleep until `t` (not at all when it has passed).
pub(crate) async fn sleep_until(t: Timestamp) {
    let wait = t.duration_since(Timestamp::now());
    if wait.is_positive() {
        tokio::time::sleep(wait.unsigned_abs()).await;
    }
}

fn dry_run(k: &Karmada, mode: &str, at: Timestamp, back_after: &str) -> Value {
    outage_prediction(k, "member1", mode, at, &["--recover-after", back_after])
}

/// `dry-run --outage CLUSTER` from `at`, with the controllers' settings as flags.
pub(crate) fn outage_prediction(
    k: &Karmada,
    cluster: &str,
    mode: &str,
    at: Timestamp,
    more: &[&str],
) -> Value {
    let at = at.to_string();
    // The settings the controllers run with, as flags of the prediction.
    let flags = k.prediction_flags();
    let mut args = vec![
        "dry-run",
        "--outage",
        cluster,
        "--outage-mode",
        mode,
        "--outage-at",
        &at,
        "-o",
        "json",
    ];
    args.extend(more);
    args.extend(flags.iter().map(String::as_str));
    let (stdout, stderr, code) = parts(&karmadactl(&k.env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn binding_line<'a>(doc: &'a Value, name: &str) -> &'a Value {
    binding_line_on(doc, name, "member1")
}

/// The outage timeline's line of `name` on `cluster`.
pub(crate) fn binding_line_on<'a>(doc: &'a Value, name: &str, cluster: &str) -> &'a Value {
    doc["outage"]["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["binding"] == format!("rb/{NS}/{name}-deployment") && b["cluster"] == cluster)
        .unwrap_or_else(|| panic!("no line for {name}: {doc:#}"))
}

pub(crate) fn predicted(doc: &Value, name: &str) -> BTreeMap<String, i64> {
    let p = doc["predictions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["binding"] == format!("rb/{NS}/{name}-deployment"))
        .unwrap();
    placed(&json!({"spec": {"clusters": p["clusters"]}}))
}

/// Check one failure against its prediction, anchored on when the member really
/// stopped answering; the bindings `moving` leave member1.
fn check_failure(doc: &Value, seen: &Seen, failed: &Anchor, moving: &[&str]) {
    let t0 = failed.planned;
    let cluster = &doc["outage"]["clusters"][0];
    assert_eq!(cluster["ready"]["happens"], "yes", "{cluster:#}");
    let ready = interval(&cluster["ready"]["at"]);
    let (reason, observed, recorded) = seen.ready.clone().unwrap();
    assert_eq!(reason, "ClusterNotReachable");
    assert_meets(
        "Ready=False (recorded lastTransitionTime)",
        Window::stamp(recorded),
        ready,
        failed,
        t0,
    );
    assert_meets("Ready=False (observed)", observed, ready, failed, t0);
    let noexecute = cluster["taints"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["taint"] == "cluster.karmada.io/not-ready:NoExecute")
        .unwrap();
    assert_eq!(noexecute["by"], "ClusterTaintPolicy not-ready");
    assert_meets(
        "the NoExecute taint's timeAdded",
        Window::stamp(seen.taint_added.unwrap()),
        interval(&noexecute["at"]),
        failed,
        t0,
    );
    for name in moving {
        let line = binding_line(doc, name);
        let (at, on) = &seen.left[*name];
        assert_meets(
            &format!("the eviction of {name}"),
            *at,
            interval(&line["evicted"]),
            failed,
            t0,
        );
        assert_eq!(
            on,
            &predicted(doc, name),
            "{name}: placed elsewhere than predicted"
        );
    }
}

/// A plane with three members and the ClusterTaintPolicy of the outage: not-ready:NoExecute
/// on Ready=False, removed on True; master's controllers, or `release`'s.
async fn outage_plane(release: Option<&str>) -> Option<Karmada> {
    let options = Options {
        members: 3,
        ..Options::new(WITH_MEMBERS)
    };
    let k = karmada_with(match release {
        Some(r) => options.release(r),
        None => options,
    })?;
    let client = k.env.admin().await;
    ensure_namespace(&client, NS).await;
    noexecute_policy(
        &client,
        "not-ready",
        "False",
        "cluster.karmada.io/not-ready",
    )
    .await;
    Some(k)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_member_fails_and_returns_as_predicted() {
    let Some(k) = outage_plane(None).await else {
        return;
    };
    refused_member(&k).await;
}

/// The same outage on v1.18.2's controller-manager and scheduler, the release the tool
/// assumes when told none (the predictions here name no version).
#[tokio::test(flavor = "multi_thread")]
async fn on_the_default_release_a_refused_member_fails_and_returns_as_predicted() {
    let Some(k) = outage_plane(Some("v1.18.2")).await else {
        return;
    };
    refused_member(&k).await;
}

/// member1's kube-apiserver killed and brought back: the watch, the report and the
/// recovery held against the prediction.
async fn refused_member(k: &Karmada) {
    let client = k.env.admin().await;
    workload(&client, "fast", None).await;
    workload(&client, "slow", Some(Some(20))).await;
    workload(&client, "stays", Some(None)).await;
    wait_placed(&client, &["fast", "slow", "stays"], "member1", 120).await;

    // Refused: member1's kube-apiserver killed at T0, back 90 s later.
    let t0 = Timestamp::now() + SignedDuration::from_secs(5);
    let doc = dry_run(k, "refused", t0, "90s");
    assert_eq!(
        binding_line(&doc, "stays")["verdict"],
        "tolerated",
        "{doc:#}"
    );
    // `failover watch` follows it, beside the API's own stream.
    let (arrivals, api_stream) = watching::follow_api(&client, NS);
    let tool = watching::start_watch(k, "member1");
    let piped = watching::start_watch_piped(k, "member1");
    sleep_until(t0).await;
    let failed = Anchor::new(t0, k.member("member1").kill());
    let seen = watch(k, "False", &["fast", "slow"], 120, |s| {
        s.left.len() == 2 && s.ready.is_some()
    })
    .await;
    check_failure(&doc, &seen, &failed, &["fast", "slow"]);
    // The workloads run on member2, read from member2's own apiserver.
    let on2: Api<Deployment> = Api::namespaced(k.member("member2").client().await, NS);
    for name in ["fast", "slow"] {
        let deadline = Instant::now() + Duration::from_secs(60);
        while on2
            .get_opt(name)
            .await
            .ok()
            .flatten()
            .and_then(|d| d.spec.replicas)
            != Some(2)
        {
            assert!(
                Instant::now() < deadline,
                "{name} not on member2 with 2 replicas"
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    // The watch ended by itself once settled, every step as the API showed it; the
    // report after gives the same moments.
    let events = watching::ended(tool, 60);
    api_stream.abort();
    watching::check_events(
        &events,
        &arrivals,
        NOT_READY_NOEXECUTE,
        &["fast", "slow"],
        NS,
    );
    watching::check_piped(piped, 30, &events);
    watching::check_report(k, &events, "member1", &["fast", "slow"], NS).await;
    // Back at T0 + 90 s, predicted from the moment member1 answers again (its restart
    // takes a few seconds): Ready True and the taint gone, inside the moved intervals.
    let back = t0 + SignedDuration::from_secs(90);
    sleep_until(back).await;
    let returned = Anchor::new(back, k.member("member1").restart_answering(60).await);
    let seen = watch(k, "True", &[], 120, |s| {
        s.ready.is_some() && s.taint_gone.is_some()
    })
    .await;
    let recovery = &doc["outage"]["clusters"][0]["recovery"];
    let ready_back = interval(&recovery["ready"]["at"]);
    let (_, observed, recorded) = seen.ready.unwrap();
    assert_meets(
        "Ready=True (recorded)",
        Window::stamp(recorded),
        ready_back,
        &returned,
        t0,
    );
    assert_meets("Ready=True (observed)", observed, ready_back, &returned, t0);
    let removed = recovery["removed"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["taint"] == "cluster.karmada.io/not-ready:NoExecute")
        .unwrap();
    assert_meets(
        "the taint's removal",
        seen.taint_gone.unwrap(),
        interval(&removed["at"]),
        &returned,
        t0,
    );
    assert_eq!(
        recovery["evictedBindings"],
        json!([
            format!("rb/{NS}/fast-deployment"),
            format!("rb/{NS}/slow-deployment")
        ])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_frozen_member_fails_and_returns_as_predicted() {
    let Some(k) = outage_plane(None).await else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    // New workloads on member1, then member1 never answers.
    workload(&client, "fast2", None).await;
    workload(&client, "slow2", Some(Some(15))).await;
    wait_placed(&client, &["fast2", "slow2"], "member1", 120).await;
    let t1 = Timestamp::now() + SignedDuration::from_secs(5);
    let doc = dry_run(k, "frozen", t1, "120s");
    let (arrivals, api_stream) = watching::follow_api(&client, NS);
    let tool = watching::start_watch(k, "member1");
    let on_terminal = watching::start_watch_on_terminal(k, "member1");
    sleep_until(t1).await;
    let frozen = Anchor::new(t1, k.member("member1").freeze());
    let seen = watch(k, "False", &["fast2", "slow2"], 180, |s| {
        s.left.len() == 2 && s.ready.is_some()
    })
    .await;
    check_failure(&doc, &seen, &frozen, &["fast2", "slow2"]);
    let events = watching::ended(tool, 90);
    api_stream.abort();
    watching::check_events(
        &events,
        &arrivals,
        NOT_READY_NOEXECUTE,
        &["fast2", "slow2"],
        NS,
    );
    watching::check_terminal(on_terminal, 30, "member1", &["fast2", "slow2"], NS);
    watching::check_report(k, &events, "member1", &["fast2", "slow2"], NS).await;
    let back = t1 + SignedDuration::from_secs(120);
    sleep_until(back).await;
    let thawed = Anchor::new(back, k.member("member1").thaw_answering(60).await);
    let seen = watch(k, "True", &[], 120, |s| {
        s.ready.is_some() && s.taint_gone.is_some()
    })
    .await;
    let ready_back = interval(&doc["outage"]["clusters"][0]["recovery"]["ready"]["at"]);
    let (_, _, recorded) = seen.ready.unwrap();
    assert_meets(
        "Ready=True after the thaw (recorded)",
        Window::stamp(recorded),
        ready_back,
        &thawed,
        t1,
    );
}

/// A controller-manager stalled (SIGSTOP) right after the first eviction: the second
/// binding's eviction outlives its interval. The watch says so, goes on following it, judges it late when
/// it comes, and settles only once every predicted step has happened (exit 3: a step
/// outside its interval).
#[tokio::test(flavor = "multi_thread")]
async fn the_watch_follows_an_eviction_a_stalled_controller_makes_late() {
    let Some(k) = outage_plane(None).await else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    workload(&client, "first", None).await;
    workload(&client, "second", Some(Some(20))).await;
    wait_placed(&client, &["first", "second"], "member1", 120).await;
    let tool = watching::start_watch(k, "member1");
    tokio::time::sleep(Duration::from_secs(3)).await;
    k.member("member1").kill();
    // The first leaves with the taint; stall the controller-manager at once.
    let api = bindings_api(&client, NS);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let b = serde_json::to_value(api.get("first-deployment").await.unwrap()).unwrap();
        if !placed(&b).contains_key("member1") {
            break;
        }
        assert!(Instant::now() < deadline, "first never left member1");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    k.stall_controller_manager(true);
    let stalled = Timestamp::now();
    // Past the second's 20 s toleration and the watch's slack, then on again.
    tokio::time::sleep(Duration::from_secs(35)).await;
    k.stall_controller_manager(false);
    let events = watching::ended_with(tool, 240, 3);
    let second = format!("rb/{NS}/second-deployment");
    let at = |e: &Value| -> Timestamp { e["observedAt"].as_str().unwrap().parse().unwrap() };
    let missed = events
        .iter()
        .find(|e| e["step"] == "missed" && e["detail"].as_str().unwrap().starts_with("evicted"))
        .unwrap_or_else(|| panic!("no missed eviction: {events:#?}"));
    assert_eq!(missed["object"], second, "{missed:#}");
    assert!(
        missed["hint"]["message"]
            .as_str()
            .unwrap()
            .contains("still waiting"),
        "{missed:#}"
    );
    let evicted = events
        .iter()
        .find(|e| e["object"] == second && e["step"] == "evicted")
        .unwrap_or_else(|| panic!("the late eviction was not followed: {events:#?}"));
    assert_eq!(evicted["held"], false, "{evicted:#}");
    assert_eq!(evicted["hint"]["code"], "watch-step-late", "{evicted:#}");
    assert!(
        at(missed) < at(evicted) && at(missed) > stalled,
        "{missed:#} {evicted:#}"
    );
    let last = events.last().unwrap();
    assert_eq!(last["step"], "settled", "{events:#?}");
    assert!(
        at(last) >= at(evicted),
        "settled before the late eviction: {events:#?}"
    );
    assert!(
        last["detail"]
            .as_str()
            .unwrap()
            .starts_with("2 evicted of 2 predicted"),
        "{last:#}"
    );
    eprintln!(
        "stalled at {stalled}; missed seen {}; the late eviction seen {}; settled {}",
        at(missed),
        at(evicted),
        at(last)
    );
}

/// A Duplicated binding (member1 and member2) when member1 is refused: the scheduler
/// looks at it again on every Cluster change and re-emits its unchanged result, which
/// moves that Event's time to the failure; the report dates the new placement from the
/// first result without member1, as the watch saw it (karmada's own Events, no repeat).
#[tokio::test(flavor = "multi_thread")]
async fn the_report_dates_a_duplicated_binding_by_its_new_placement_not_a_repeat() {
    let Some(k) = outage_plane(None).await else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    // It tolerates the taint 20 s: the new placement comes well after the failure, the
    // repeated Event at it.
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2"]},
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"},
        "clusterTolerations": [{"key": "cluster.karmada.io/not-ready", "operator": "Exists",
                                "effect": "NoExecute", "tolerationSeconds": 20}]
    });
    workload_placed(&client, "dup", placement).await;
    wait_placed(&client, &["dup"], "member1", 120).await;
    let tool = watching::start_watch(k, "member1");
    tokio::time::sleep(Duration::from_secs(3)).await;
    k.member("member1").kill();
    let events = watching::ended_with_any(tool, 240);
    let object = format!("rb/{NS}/dup-deployment");
    let step = |s: &str| {
        events
            .iter()
            .find(|e| e["object"] == object && e["step"] == s)
            .unwrap_or_else(|| panic!("no {s} of {object}: {events:#?}"))
    };
    let at = |v: &Value| -> Timestamp { v.as_str().unwrap().parse().unwrap() };
    let evicted = at(&step("evicted")["observedAt"]);
    let replaced = at(&step("replaced")["observedAt"]);
    let flags = k.prediction_flags();
    let mut args = vec!["failover", "report", "--cluster", "member1", "-o", "json"];
    args.extend(flags.iter().map(String::as_str));
    let (stdout, stderr, code) = parts(&karmadactl(&k.env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
    let r: Value = serde_json::from_str(&stdout).unwrap();
    let b = r["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["binding"] == object)
        .unwrap_or_else(|| panic!("{object} not in the report: {r:#}"));
    let reported = at(&b["steps"][1]["at"]);
    let failed = at(&r["cluster"]["failedAt"]);
    eprintln!(
        "failed {failed}; evicted (watch) {evicted}; replaced (watch) {replaced}; replaced (report) {reported}; away {}",
        b["awaySeconds"]
    );
    // Not the repeated Event at the failure: the new result.
    watching::assert_reported_as_watched(&format!("{object} replaced"), reported, replaced);
    assert!(
        reported >= Timestamp::from_second(evicted.as_second()).unwrap(),
        "{b:#}"
    );
    // Away from the failure until the toleration ran out, not 0 s.
    assert!(b["awaySeconds"].as_i64().unwrap() >= 18, "{b:#}");
}
