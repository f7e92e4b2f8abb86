//! The accurate scheduler estimator, held against upstream's own: three real members,
//! each with its real `karmada-scheduler-estimator`, and karmada-scheduler run with
//! `--enable-scheduler-estimator=true` (`Options::estimators`). Pods bound on the
//! members' nodes leave room that the Cluster's resource summary overstates (it adds
//! the free CPU of every node up; a replica needs it on one node):
//!
//! | member  | free CPU per node | general (summary) | accurate (node by node) |
//! |---------|-------------------|-------------------|-------------------------|
//! | member1 | 2.5, 2.5          | 5 / 1.5 = 3       | 1 + 1 = 2               |
//! | member2 | 3, 3              | 6 / 1.5 = 4       | 2 + 2 = 4               |
//! | member3 | 1, 2              | 3 / 1.5 = 2       | 0 + 1 = 1               |
//!
//! for a replica requesting 1500m CPU. The scheduler takes, per cluster, the least of
//! the estimators' answers (`pkg/scheduler/core/util.go`, `calAvailableReplicas`), so a
//! Deployment of 7 replicas divided by available replicas lands 2/4/1 (the general
//! estimator alone: 2/3/2). Then member2 is tainted `NoExecute`: its 4 replicas must go,
//! and member1 and member3 can take only 2 + 1 more by the accurate estimator (the
//! general one would say 3 + 2 and place all 4).
//!
//! The Clusters' default `resourceModels` (written by the real Cluster API on create)
//! are removed first: with them the general estimator grades each node (grade 2 is
//! "2 CPU", one replica of 1.5 per node) instead of summing the summary, and says
//! 2/2/1, 5 in all: the 7 replicas would fit nowhere.
//!
//! The tool's prediction of the taint is taken before it lands and held against the
//! real outcome at the very end (it needs the tool to model the accurate estimator:
//! `--enable-scheduler-estimator`, member Nodes and Pods read through Karmada's cluster
//! proxy).

use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::{Event, Namespace};
use kube::api::{Api, DynamicObject, ListParams, Patch, PatchParams, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};
use support::upstream_fleet::placed_on;

/// The workload's namespace on the control plane (and its copies' on the members).
const NS: &str = "est";
/// The namespace of the Pods that hold the members' allocations.
const RESERVED: &str = "reserved";
/// The taint that sends member2's replicas away.
const TAINT: &str = "outage:NoExecute";
/// Replicas, and what each requests.
const REPLICAS: i64 = 7;
const REQUEST: &str = "1500m";

/// CPU requested by the Pod bound on each member's node-0 and node-1 (each node has 8).
const ALLOCATIONS: [(&str, [&str; 2]); 3] = [
    ("member1", ["5500m", "5500m"]),
    ("member2", ["5", "5"]),
    ("member3", ["7", "6"]),
];

/// What each estimator answers for one replica of 1500m, by member: (general, accurate).
const ANSWERS: [(&str, i64, i64); 3] = [("member1", 3, 2), ("member2", 4, 4), ("member3", 2, 1)];

/// A CPU quantity in millicores (`5500m`, `11`, `10.5`).
fn millicores(q: &str) -> i64 {
    match q.strip_suffix('m') {
        Some(m) => m.parse().unwrap(),
        None => (q.parse::<f64>().unwrap() * 1000.0).round() as i64,
    }
}

/// Moments of the run, in seconds after its start, printed as they come.
struct Moments {
    start: Instant,
    seen: Vec<(String, f64)>,
}

impl Moments {
    fn new() -> Moments {
        Moments {
            start: Instant::now(),
            seen: Vec::new(),
        }
    }

    fn mark(&mut self, what: &str) -> f64 {
        let t = self.start.elapsed().as_secs_f64();
        eprintln!("[{t:7.2} s] {what}");
        self.seen.push((what.to_string(), t));
        t
    }
}

fn bindings(client: &kube::Client) -> Api<DynamicObject> {
    Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    )
}

/// The workload's binding (`null` until the detector made it).
async fn binding(client: &kube::Client) -> Value {
    match bindings(client).get_opt("web-deployment").await {
        Ok(Some(b)) => serde_json::to_value(b).unwrap(),
        _ => Value::Null,
    }
}

/// The binding's `Scheduled` condition (`null` when it has none).
fn scheduled_condition(b: &Value) -> Value {
    b["status"]["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["type"] == "Scheduled")
        .cloned()
        .unwrap_or(Value::Null)
}

/// Poll the binding every 250 ms until `done` holds; fails after `secs` with the logs.
async fn wait_binding(
    k: &Karmada,
    client: &kube::Client,
    secs: u64,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let b = binding(client).await;
        if done(&b) {
            return b;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: not after {secs} s; the binding:\n{b:#}\n--- scheduler\n{}\n{}\n--- controller-manager\n{}",
            k.log_tail("karmada-scheduler.log"),
            k.estimator_logs(),
            k.log_tail("karmada-controller-manager.log")
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// `web` on each member: its replicas, `None` when it is not there.
async fn on_members(k: &Karmada) -> BTreeMap<String, Option<i32>> {
    let mut out = BTreeMap::new();
    for m in &k.members {
        let api: Api<Deployment> = Api::namespaced(m.client().await, NS);
        let replicas = match api.get_opt("web").await {
            Ok(Some(d)) if d.metadata.deletion_timestamp.is_none() => d.spec.replicas,
            _ => None,
        };
        out.insert(m.name.clone(), replicas);
    }
    out
}

/// The scheduler's last `--v=4` record of estimator `estimator`'s answers for the
/// workload: `{member1 2} ...` parsed as cluster -> replicas.
fn scheduler_answers(k: &Karmada, estimator: &str) -> Option<(String, BTreeMap<String, i64>)> {
    let log = k.log_text("karmada-scheduler.log");
    let prefix = format!("Invoked MaxAvailableReplicas of estimator {estimator} for workload(apps/v1, kind=Deployment, {NS}/web): ");
    let line = log.lines().rev().find(|l| l.contains(&prefix))?;
    let list = &line[line.find(&prefix)? + prefix.len()..];
    let answers = list
        .trim_matches(|c| c == '[' || c == ']')
        .split('}')
        .filter_map(|t| {
            let mut words = t.trim_start_matches([' ', '{']).split_whitespace();
            Some((words.next()?.to_string(), words.next()?.parse().ok()?))
        })
        .collect();
    Some((line.to_string(), answers))
}

/// Every answer the estimator of `cluster` gave for the workload (its `--v=2` log:
/// `Finish calculating cluster available replicas of resource(kind=Deployment,
/// name=NS/web), max replicas: N`).
fn estimator_answers(k: &Karmada, cluster: &str) -> Vec<i64> {
    let text = k.log_text(&k.estimator(cluster).log);
    let marker = format!("resource(kind=Deployment, name={NS}/web), max replicas: ");
    text.lines()
        .filter_map(|l| {
            let rest = &l[l.find(&marker)? + marker.len()..];
            rest.split(',').next()?.trim().parse().ok()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_scheduler_places_by_the_accurate_estimator_and_the_taint_leaves_replicas_unplaced() {
    let Some(k) = karmada_with(Options {
        members: 3,
        estimators: true,
        ..Options::new(WITH_MEMBERS)
    }) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let kc = &k.env.kubeconfig;
    let mut moments = Moments::new();

    // The general estimator sums the summary only without resource models.
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    for (member, _) in ALLOCATIONS {
        clusters
            .patch(
                member,
                &PatchParams::default(),
                &Patch::Merge(&json!({"spec": {"resourceModels": null}})),
            )
            .await
            .unwrap();
        let c = cluster_json(&client, member).await;
        assert!(c["spec"]["resourceModels"].is_null(), "{member}: {c:#}");
    }

    // The allocations: one Pod bound on each node.
    for (member, cpu) in ALLOCATIONS {
        let m = k.member(member);
        for (i, cpu) in cpu.iter().enumerate() {
            m.bind_pod(
                RESERVED,
                &format!("hold-{i}"),
                &format!("{member}-node-{i}"),
                cpu,
                "1Gi",
            )
            .await;
        }
    }
    moments.mark("pods bound on the members");

    // Karmada's view catches up: every summary counts the pods, none has models left.
    let deadline = Instant::now() + Duration::from_secs(60);
    for (member, cpu) in ALLOCATIONS {
        let want: i64 = cpu.iter().map(|q| millicores(q)).sum();
        loop {
            let c = cluster_json(&client, member).await;
            let summary = &c["status"]["resourceSummary"];
            let allocated = summary["allocated"]["cpu"].as_str().map(millicores);
            if allocated == Some(want) && summary["allocatableModelings"].is_null() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{member}: the resource summary does not count the bound pods ({want}m) after 60 s: {summary:#}\n--- controller-manager\n{}",
                k.log_tail("karmada-controller-manager.log")
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }
    moments.mark("every Cluster's resourceSummary.allocated counts them");

    // What the tool will read: the members' Pods through Karmada's cluster proxy.
    for (member, _) in ALLOCATIONS {
        let path = format!(
            "/apis/cluster.karmada.io/v1alpha1/clusters/{member}/proxy/api/v1/namespaces/{RESERVED}/pods"
        );
        let text = client
            .request_text(http::Request::get(&path).body(Vec::new()).unwrap())
            .await
            .unwrap_or_else(|e| panic!("{member}: GET {path} through the cluster proxy: {e}"));
        let list: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            list["items"].as_array().map(Vec::len),
            Some(2),
            "{member}: {list:#}"
        );
    }

    // The workload: 7 replicas of 1500m, divided by available replicas.
    Api::<Namespace>::all(client.clone())
        .create(
            &PostParams::default(),
            &serde_json::from_value(json!({"metadata": {"name": NS}})).unwrap(),
        )
        .await
        .unwrap();
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "web", "namespace": NS, "labels": {"app": "web"}},
        "spec": {
            "replicas": REPLICAS,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}},
                         "spec": {"containers": [{"name": "web", "image": "nginx:1.27",
                                                  "resources": {"requests": {"cpu": REQUEST}}}]}}
        }
    }))
    .unwrap();
    Api::<Deployment>::namespaced(client.clone(), NS)
        .create(&PostParams::default(), &deployment)
        .await
        .unwrap();
    create_items(
        &client,
        &[json!({
            "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
            "metadata": {"name": "web", "namespace": NS},
            "spec": {
                "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}],
                "placement": {
                    "clusterAffinity": {"clusterNames": ["member1", "member2", "member3"]},
                    "replicaScheduling": {
                        "replicaSchedulingType": "Divided",
                        "replicaDivisionPreference": "Weighted",
                        "weightPreference": {"dynamicWeight": "AvailableReplicas"}
                    }
                }
            }
        })],
    )
    .await;
    let created = moments.mark("Deployment and PropagationPolicy created");

    // The first placement: 2/4/1, the accurate answers (the least of both estimators).
    let b = wait_binding(k, &client, 120, "the first scheduling", |b| {
        let generation = b["metadata"]["generation"].as_i64();
        generation.is_some()
            && b["status"]["schedulerObservedGeneration"].as_i64() == generation
            && !placed_on(b).is_empty()
    })
    .await;
    let placed = moments.mark("the binding is scheduled");
    eprintln!(
        "first placement {:.2} s after the workload was created: {}",
        placed - created,
        b["spec"]["clusters"]
    );
    assert_eq!(
        b["spec"]["replicaRequirements"]["resourceRequest"]["cpu"], REQUEST,
        "{b:#}"
    );
    let first = placed_on(&b);
    assert_eq!(
        first,
        BTreeMap::from([
            ("member1".to_string(), 2),
            ("member2".to_string(), 4),
            ("member3".to_string(), 1),
        ]),
        "not the accurate estimator's placement\n{}",
        k.estimator_logs()
    );
    assert_eq!(scheduled_condition(&b)["status"], "True", "{b:#}");

    // The estimators were asked and answered; the scheduler took the least answer.
    // By the general estimator alone (3, 4, 2) the 7 replicas would divide by Webster's
    // method as member1 2, member2 3, member3 2 (quotients 3/1, 4/1, 2/1, then 4/3, 3/3,
    // 4/5, 2/3: seats to member2, member1, member3, member2, member1, member2, member3).
    for (member, _, accurate) in ANSWERS {
        let said = estimator_answers(k, member);
        assert_eq!(
            said.first(),
            Some(&accurate),
            "{member}'s estimator answered {said:?}\n{}",
            k.estimator_logs()
        );
    }
    let (line, accurate) = scheduler_answers(k, "scheduler-estimator")
        .unwrap_or_else(|| panic!("no record of the accurate answers\n{}", k.estimator_logs()));
    eprintln!("scheduler: {line}");
    let (line, general) = scheduler_answers(k, "general-estimator")
        .unwrap_or_else(|| panic!("no record of the general answers\n{}", k.estimator_logs()));
    eprintln!("scheduler: {line}");
    for (member, g, a) in ANSWERS {
        assert_eq!(accurate.get(member), Some(&a), "accurate: {accurate:?}");
        assert_eq!(general.get(member), Some(&g), "general: {general:?}");
    }

    // The members run it as placed.
    let want: BTreeMap<String, Option<i32>> = [("member1", 2), ("member2", 4), ("member3", 1)]
        .into_iter()
        .map(|(m, r)| (m.to_string(), Some(r)))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let got = on_members(k).await;
        if got == want {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the members hold {got:?}, not {want:?}\n--- controller-manager\n{}",
            k.log_tail("karmada-controller-manager.log")
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    moments.mark("the members run 2/4/1");

    // The tool's prediction of the taint, before it lands (held against the outcome last).
    let (predicted, prediction_stderr, prediction_code) =
        k.predict_raw(&["--cluster", "member2", "--taint", TAINT]);
    moments.mark("prediction taken");
    eprintln!(
        "prediction: exit {prediction_code}\n--- stdout\n{predicted}\n--- stderr\n{prediction_stderr}"
    );

    // The taint. member2's replicas are evicted at once (no toleration); the scheduler
    // scales the binding back up to 7 on member1 and member3, which have room for 3.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["taint", "clusters", "member2", TAINT, "--yes"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let tainted = moments.mark("member2 tainted");
    let b = wait_binding(k, &client, 60, "the eviction from member2", |b| {
        !placed_on(b).contains_key("member2")
    })
    .await;
    let evicted = moments.mark("member2 left spec.clusters");
    eprintln!(
        "evicted {:.2} s after the taint; spec.clusters {}, gracefulEvictionTasks {}",
        evicted - tainted,
        b["spec"]["clusters"],
        b["spec"]["gracefulEvictionTasks"]
    );
    let tasks = b["spec"]["gracefulEvictionTasks"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        tasks.iter().any(|t| t["fromCluster"] == "member2"),
        "no eviction task from member2: {b:#}"
    );

    // The scheduler's answer: Unschedulable, and the binding stays where the eviction
    // left it. Observed for 30 s after the eviction, every version the polls see.
    let mut seen: Vec<(f64, Value, Value)> = Vec::new();
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        let b = binding(&client).await;
        let now = moments.start.elapsed().as_secs_f64();
        let state = (b["spec"]["clusters"].clone(), scheduled_condition(&b));
        if seen.last().map(|(_, c, s)| (c, s)) != Some((&state.0, &state.1)) {
            eprintln!(
                "[{now:7.2} s] spec.clusters {} Scheduled {}",
                state.0, state.1
            );
            seen.push((now, state.0, state.1));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    moments.mark("30 s after the eviction");
    let b = binding(&client).await;
    let after = placed_on(&b);
    let condition = scheduled_condition(&b);
    let events: Vec<Event> = Api::<Event>::namespaced(client.clone(), NS)
        .list(&ListParams::default())
        .await
        .unwrap()
        .items
        .into_iter()
        .filter(|e| e.involved_object.name.as_deref() == Some("web-deployment"))
        .collect();
    for e in &events {
        eprintln!(
            "event {} x{} (first {:?}, last {:?}): {}",
            e.reason.as_deref().unwrap_or_default(),
            e.count.unwrap_or(1),
            e.first_timestamp.as_ref().map(|t| t.0.to_string()),
            e.last_timestamp.as_ref().map(|t| t.0.to_string()),
            e.message.as_deref().unwrap_or_default()
        );
    }
    if let Some((line, answers)) = scheduler_answers(k, "scheduler-estimator") {
        eprintln!("scheduler, last accurate answers: {line}\n  {answers:?}");
    }
    if let Some((line, answers)) = scheduler_answers(k, "general-estimator") {
        eprintln!("scheduler, last general answers: {line}\n  {answers:?}");
    }
    for (member, _, _) in ANSWERS {
        eprintln!(
            "{member}'s estimator answered, in order: {:?}",
            estimator_answers(k, member)
        );
    }
    let running = on_members(k).await;
    eprintln!("on the members 30 s after the eviction: {running:?}");

    // Recorded outcome: 3 of 7 placed (member1 2, member3 1), Scheduled=False
    // Unschedulable, "Clusters available replicas 3 are not enough". By the general
    // estimator alone (member1 3, member3 2) the 4 would have been placed as 2 + 2.
    assert_eq!(
        after,
        BTreeMap::from([("member1".to_string(), 2), ("member3".to_string(), 1)]),
        "the scheduler moved member2's replicas: {b:#}"
    );
    assert_eq!(condition["status"], "False", "{condition:#}");
    assert_eq!(condition["reason"], "Unschedulable", "{condition:#}");
    let message = condition["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("Clusters available replicas 3 are not enough to schedule"),
        "{condition:#}"
    );
    assert!(
        events
            .iter()
            .any(|e| e.reason.as_deref() == Some("ScheduleBindingFailed")
                && e.message
                    .as_deref()
                    .is_some_and(|m| m.contains("Clusters available replicas 3 are not enough"))),
        "no ScheduleBindingFailed event: {events:#?}"
    );
    // Unscheduled, the binding's generation stays unobserved, so the graceful eviction
    // task (and member2's copy) waits for its 60 s timeout: both still there at +30 s.
    assert!(
        b["status"]["schedulerObservedGeneration"].as_i64() < b["metadata"]["generation"].as_i64(),
        "{b:#}"
    );
    let tasks = b["spec"]["gracefulEvictionTasks"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        tasks
            .iter()
            .any(|t| t["fromCluster"] == "member2" && t["replicas"] == 4),
        "{b:#}"
    );
    assert_eq!(
        running,
        BTreeMap::from([
            ("member1".to_string(), Some(2)),
            ("member2".to_string(), Some(4)),
            ("member3".to_string(), Some(1)),
        ])
    );
    let (_, accurate) = scheduler_answers(k, "scheduler-estimator").unwrap();
    assert_eq!(
        accurate,
        BTreeMap::from([("member1".to_string(), 2), ("member3".to_string(), 1)]),
        "the rescheduling's accurate answers"
    );
    let (_, general) = scheduler_answers(k, "general-estimator").unwrap();
    assert_eq!(
        general,
        BTreeMap::from([("member1".to_string(), 3), ("member3".to_string(), 2)]),
        "the rescheduling's general answers"
    );
    for (what, when) in &moments.seen {
        eprintln!("moment {when:7.2} s: {what}");
    }

    // The prediction, taken before the taint, against that outcome: evicted from
    // member2, no placement for the 4 (3 available, 4 needed).
    assert_eq!(
        prediction_code, 0,
        "the prediction failed:\n{prediction_stderr}"
    );
    let doc: Value = serde_json::from_str(&predicted).unwrap();
    let key = format!("rb/{NS}/web-deployment");
    let outcome = doc["outcomes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["binding"] == key.as_str() && o["cluster"] == "member2")
        .unwrap_or_else(|| panic!("no outcome for {key} on member2: {doc:#}"));
    assert_eq!(outcome["verdict"], "evict", "{outcome:#}");
    let prediction = doc["predictions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["binding"] == key.as_str())
        .unwrap_or_else(|| panic!("no prediction for {key}: {doc:#}"));
    assert_eq!(prediction["leaves"], json!(["member2"]), "{prediction:#}");
    assert!(
        prediction["clusters"].is_null(),
        "predicted a placement, the scheduler made none (it left {after:?}): {prediction:#}"
    );
    assert_eq!(
        prediction["error"]["code"], "insufficient-capacity",
        "{prediction:#}"
    );
    assert!(
        prediction["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("3 replicas, 4 needed")),
        "{prediction:#}"
    );
}
