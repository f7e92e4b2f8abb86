//! `maintenance run` on a real Karmada with three real members (Push): the real
//! scheduler, binding, status and graceful eviction controllers move the workloads; the
//! run's hook "upgrades" each member by restarting its kube-apiserver (the test does the
//! restart when the hook asks, and checks the member comes back with its data).
//!
//! Held throughout: at no moment the API delivers a Cluster change are two clusters
//! cordoned (`--max-unavailable 1`, a watch of the Clusters), and at every sample of the
//! members themselves every workload has a ready copy on a member that answers (the plan
//! said nothing would be Pending).
//! The run is killed (SIGKILL) in the middle of its second wave and `resume` finishes
//! it; a second run, without a hook, is approved by hand for its first cluster and
//! aborted in its second, and the clusters are left as the abort's report says.

use crate::support;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Node;
use kube::api::{Api, DynamicObject};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};

const NS: &str = "fleet";
const MEMBERS: [&str; 3] = ["member1", "member2", "member3"];
const APPS: [&str; 2] = ["web", "api"];

/// A Deployment and its PropagationPolicy each (their namespace created if missing):
/// `web` divided 1:1:1 over the three members, `api` duplicated on each.
async fn create_workloads(client: &kube::Client) {
    for (name, replicas) in [("web", 3), ("api", 1)] {
        let deployment = json!({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": name, "namespace": NS, "labels": {"app": name}},
            "spec": {
                "replicas": replicas,
                "selector": {"matchLabels": {"app": name}},
                "template": {"metadata": {"labels": {"app": name}},
                             "spec": {"containers": [{"name": name, "image": "nginx:1.27",
                                                      "resources": {"requests": {"cpu": "100m"}}}]}}
            }
        });
        let scheduling = if name == "web" {
            json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                   "weightPreference": {"staticWeightList": [
                       {"targetCluster": {"clusterNames": ["member1"]}, "weight": 1},
                       {"targetCluster": {"clusterNames": ["member2"]}, "weight": 1},
                       {"targetCluster": {"clusterNames": ["member3"]}, "weight": 1}]}})
        } else {
            json!({"replicaSchedulingType": "Duplicated"})
        };
        let policy = json!({
            "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
            "metadata": {"name": name, "namespace": NS},
            "spec": {
                "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": name}],
                "placement": {"clusterAffinity": {"clusterNames": MEMBERS},
                              "replicaScheduling": scheduling}
            }
        });
        create_items(client, &[deployment, policy]).await;
    }
}

/// A client of each member, made once (it reconnects after a member's restart).
async fn member_clients(k: &Karmada) -> Vec<(String, kube::Client)> {
    let mut out = Vec::new();
    for m in &k.members {
        out.push((m.name.clone(), m.client().await));
    }
    out
}

/// Ready replicas of each workload on each member that answers (`None`: absent, or the
/// member does not answer): one list per member.
async fn ready_on_members(
    members: &[(String, kube::Client)],
) -> BTreeMap<(String, String), Option<i32>> {
    let mut out = BTreeMap::new();
    for (name, client) in members {
        let api: Api<Deployment> = Api::namespaced(client.clone(), NS);
        let listed = tokio::time::timeout(Duration::from_secs(3), api.list(&Default::default()))
            .await
            .ok()
            .and_then(Result::ok);
        for app in APPS {
            let ready = listed.as_ref().and_then(|l| {
                l.items
                    .iter()
                    .find(|d| {
                        d.metadata.name.as_deref() == Some(app)
                            && d.metadata.deletion_timestamp.is_none()
                    })
                    .map(|d| {
                        d.status
                            .as_ref()
                            .and_then(|s| s.ready_replicas)
                            .unwrap_or(0)
                    })
            });
            out.insert((app.to_string(), name.clone()), ready);
        }
    }
    out
}

/// After a run that finished: no binding keeps a drain record (`api`, which the
/// scheduler put back by itself, neither), and on every member the history of `web`,
/// which the run's failback returned, names that return.
async fn returned_truly(kc: &Path, client: &kube::Client) {
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    );
    for app in APPS {
        let b = api.get(&format!("{app}-deployment")).await.unwrap();
        let record = b
            .metadata
            .annotations
            .as_ref()
            .and_then(|a| a.get("karmadactl.karmada.io/pre-eviction-clusters"));
        assert!(record.is_none(), "{app} keeps its drain record: {record:?}");
        let announced = b
            .metadata
            .annotations
            .as_ref()
            .and_then(|a| a.get("karmadactl.karmada.io/unrecorded-events"));
        assert!(
            announced.is_none(),
            "{app}'s return is still not recorded: {announced:?}"
        );
    }
    for m in MEMBERS {
        let (stdout, stderr, code) = parts(&karmadactl(
            kc,
            "admin",
            &["history", "--cluster", m, "-n", NS, "-o", "json"],
        ));
        assert_eq!(code, 0, "{stderr}");
        let h: Value = serde_json::from_str(&stdout).unwrap();
        let web = format!("rb/{NS}/web-deployment");
        let failed_back = h["entries"].as_array().unwrap().iter().any(|e| {
            e["binding"] == web.as_str()
                && e["event"]["reason"] == "KarmadactlFailback"
                && e["cluster"] == m
        });
        assert!(failed_back, "web's history on {m} has no failback: {h:#}");
    }
}

/// Each binding's placement, by workload.
async fn placements(client: &kube::Client) -> BTreeMap<String, Value> {
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    );
    let mut out = BTreeMap::new();
    for app in APPS {
        let b = serde_json::to_value(api.get(&format!("{app}-deployment")).await.unwrap()).unwrap();
        out.insert(app.to_string(), b["spec"]["clusters"].clone());
    }
    out
}

async fn cordoned(client: &kube::Client) -> Vec<String> {
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let mut out = Vec::new();
    for c in api.list(&Default::default()).await.unwrap().items {
        let v = serde_json::to_value(&c).unwrap();
        let cordon = v["spec"]["taints"].as_array().is_some_and(|ts| {
            ts.iter().any(|t| {
                t["key"] == "cluster.karmada.io/unschedulable" && t["effect"] == "NoSchedule"
            })
        });
        if cordon {
            out.push(c.metadata.name.clone().unwrap_or_default());
        }
    }
    out
}

/// What the sampler saw.
#[derive(Default)]
struct Seen {
    samples: usize,
    /// Cluster changes watched.
    cluster_events: usize,
    /// Moments with two clusters or more cordoned, and which.
    over_budget: Vec<Vec<String>>,
    /// Moments a workload had no ready copy on an answering member.
    nowhere: Vec<String>,
}

/// Sample until `stop`: the cordoned clusters on the control plane, the ready copies on
/// the members.
fn sampler(
    k: Arc<Karmada>,
    stop: Arc<AtomicBool>,
    seen: Arc<Mutex<Seen>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let members = member_clients(&k).await;
        while !stop.load(Ordering::SeqCst) {
            let ready = ready_on_members(&members).await;
            {
                let mut s = seen.lock().unwrap();
                s.samples += 1;
                for app in APPS {
                    let somewhere = ready
                        .iter()
                        .any(|((a, _), r)| a == app && r.unwrap_or(0) > 0);
                    if !somewhere {
                        s.nowhere
                            .push(format!("{app} at {}: {ready:?}", jiff::Timestamp::now()));
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    })
}

/// Watch the Clusters until `stop`: after every change the API delivers, the clusters
/// cordoned at that moment.
fn cordon_watch(
    client: kube::Client,
    stop: Arc<AtomicBool>,
    seen: Arc<Mutex<Seen>>,
) -> tokio::task::JoinHandle<()> {
    use futures::StreamExt;
    use kube::runtime::{watcher, WatchStreamExt};
    tokio::spawn(async move {
        let api: Api<DynamicObject> = Api::all_with(client, &cluster_resource());
        let mut events = watcher(api, watcher::Config::default())
            .default_backoff()
            .boxed();
        let mut now: BTreeMap<String, bool> = BTreeMap::new();
        while !stop.load(Ordering::SeqCst) {
            let next = tokio::time::timeout(Duration::from_millis(500), events.next()).await;
            let Ok(Some(Ok(event))) = next else { continue };
            let (c, gone) = match event {
                watcher::Event::Apply(c) | watcher::Event::InitApply(c) => (c, false),
                watcher::Event::Delete(c) => (c, true),
                _ => continue,
            };
            let v = serde_json::to_value(&c).unwrap();
            let cordon = !gone
                && v["spec"]["taints"].as_array().is_some_and(|ts| {
                    ts.iter().any(|t| {
                        t["key"] == "cluster.karmada.io/unschedulable"
                            && t["effect"] == "NoSchedule"
                    })
                });
            now.insert(c.metadata.name.clone().unwrap_or_default(), cordon);
            let out: Vec<String> = now
                .iter()
                .filter(|(_, c)| **c)
                .map(|(n, _)| n.clone())
                .collect();
            let mut s = seen.lock().unwrap();
            s.cluster_events += 1;
            if out.len() > 1 {
                s.over_budget.push(out);
            }
        }
    })
}

/// The hook's other half: when a hook asks (`restart-NAME`), kill the member's
/// kube-apiserver, check that it refuses, start it again, check that it comes back with
/// its data, and answer (`restarted-NAME`). Counts the restarts per member; what went
/// wrong goes to `problems` (the hook is answered either way, so a run never hangs on it).
fn restarter(
    k: Arc<Karmada>,
    dir: PathBuf,
    stop: Arc<AtomicBool>,
    restarts: Arc<Mutex<BTreeMap<String, usize>>>,
    problems: Arc<Mutex<Vec<String>>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let nodes = |c: kube::Client| async move {
            Api::<Node>::all(c)
                .list(&Default::default())
                .await
                .map(|l| l.items.len())
        };
        while !stop.load(Ordering::SeqCst) {
            // Each hook asks with a token of its own and waits for its own answer, so a
            // hook left running by a killed run and the resumed run's never share one.
            let asks: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|n| n.strip_prefix("restart-").map(str::to_string))
                .collect();
            for ask in asks {
                let name = ask.rsplit_once('.').map_or(ask.as_str(), |(n, _)| n);
                let Some(m) = k.members.iter().find(|m| m.name == name) else {
                    continue;
                };
                if std::fs::remove_file(dir.join(format!("restart-{ask}"))).is_err() {
                    continue;
                }
                let problem = |p: String| problems.lock().unwrap().push(p);
                m.kill();
                match nodes(m.client().await).await {
                    Ok(_) => problem(format!("{} still answers after the kill", m.name)),
                    Err(e) if !format!("{e:?}").contains("refused") => {
                        problem(format!("{} killed, but not refusing: {e:?}", m.name))
                    }
                    Err(_) => {}
                }
                m.restart();
                let deadline = Instant::now() + Duration::from_secs(180);
                let back = loop {
                    match nodes(m.client().await).await {
                        Ok(n) => break Some(n),
                        Err(_) if Instant::now() < deadline => {
                            tokio::time::sleep(Duration::from_millis(300)).await
                        }
                        Err(_) => break None,
                    }
                };
                match back {
                    Some(2) => {}
                    Some(n) => problem(format!("{} came back with {n} nodes, not 2", m.name)),
                    None => problem(format!("{} not back in 180 s", m.name)),
                }
                *restarts.lock().unwrap().entry(m.name.clone()).or_default() += 1;
                std::fs::write(dir.join(format!("restarted-{ask}")), "").unwrap();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
}

/// The hook: record what it was given, ask the test to restart the member, wait for it
/// (or for the test's directory to go: a hook a killed run left behind ends with the test).
fn hook_script(dir: &Path) -> String {
    let d = dir.display();
    format!(
        "echo \"$KARMADACTL_CLUSTER $KARMADACTL_CLUSTER_CONTEXT $KARMADACTL_WAVE\" >> '{d}/hook.log'; \
         ask=\"$KARMADACTL_CLUSTER.$$\"; touch '{d}/restart-'\"$ask\"; \
         while [ ! -e '{d}/restarted-'\"$ask\" ]; do [ -d '{d}' ] || exit 1; sleep 0.2; done; \
         echo upgraded \"$KARMADACTL_CLUSTER\""
    )
}

/// What a run in the background said: its JSON Lines, and its stderr.
#[derive(Clone, Default)]
struct Said {
    lines: Arc<Mutex<Vec<Value>>>,
    stderr: Arc<Mutex<String>>,
}

/// Read a run's stdout (JSON Lines) and stderr in the background, as they come.
fn follow(child: &mut std::process::Child) -> (Said, std::thread::JoinHandle<()>) {
    let said = Said::default();
    let (out, err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let (lines, stderr) = (said.lines.clone(), said.stderr.clone());
    let handle = std::thread::spawn(move || {
        let errs = std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                let mut s = stderr.lock().unwrap();
                s.push_str(&line);
                s.push('\n');
            }
        });
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if let Ok(v) = serde_json::from_str::<Value>(&line) {
                lines.lock().unwrap().push(v);
            }
        }
        let _ = errs.join();
    });
    (said, handle)
}

async fn wait_event(
    lines: &Mutex<Vec<Value>>,
    secs: u64,
    what: &str,
    want: impl Fn(&Value) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if lines.lock().unwrap().iter().any(&want) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: not seen in {secs} s; events: {:#?}",
            lines.lock().unwrap()
        );
        // Often: a kill that follows an event must land before the step it names ends.
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Wait until the run in the background exits: its exit code. Past `secs`, kill it and
/// fail with what it said and what the restarter saw.
async fn exit_within(
    child: &mut std::process::Child,
    secs: u64,
    said: &Said,
    more: &dyn Fn() -> String,
) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!(
                "still running after {secs} s\n{}\n{:#?}\n{}",
                said.stderr.lock().unwrap(),
                said.lines.lock().unwrap(),
                more()
            );
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn status(kc: &Path) -> Value {
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "status", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn cluster_of<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == name)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_maintenance_run_upgrades_the_members_one_at_a_time_survives_a_kill_and_aborts_as_reported(
) {
    let Some(k) = karmada_with(Options {
        members: 3,
        ..Options::new(WITH_MEMBERS)
    }) else {
        return;
    };
    let k = Arc::new(k);
    let client = k.env.admin().await;
    let kc = k.env.kubeconfig.clone();
    let kc = kc.as_path();
    create_workloads(&client).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    let spread = |r: &BTreeMap<(String, String), Option<i32>>| {
        MEMBERS.iter().all(|m| {
            r[&("web".to_string(), m.to_string())] == Some(1)
                && r[&("api".to_string(), m.to_string())] == Some(1)
        })
    };
    let members = member_clients(&k).await;
    while !spread(&ready_on_members(&members).await) {
        assert!(
            Instant::now() < deadline,
            "the first propagation: {:?}\n{}",
            ready_on_members(&members).await,
            k.log_tail("karmada-controller-manager.log")
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let before = placements(&client).await;

    // The plan: three waves, each safe.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "plan", "--all", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let plan: Value = serde_json::from_str(&stdout).unwrap();
    let waves: Vec<Value> = plan["waves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["clusters"].clone())
        .collect();
    assert_eq!(
        waves,
        vec![json!(["member1"]), json!(["member2"]), json!(["member3"])]
    );

    // The sampler and the restarter run from here to the end of the first run.
    let dir = tempfile::tempdir().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(Mutex::new(Seen::default()));
    let restarts = Arc::new(Mutex::new(BTreeMap::new()));
    let problems = Arc::new(Mutex::new(Vec::new()));
    let sampling = sampler(k.clone(), stop.clone(), seen.clone());
    let watching = cordon_watch(client.clone(), stop.clone(), seen.clone());
    let restarting = restarter(
        k.clone(),
        dir.path().to_path_buf(),
        stop.clone(),
        restarts.clone(),
        problems.clone(),
    );
    let hook = hook_script(dir.path());
    let run_args = [
        "maintenance",
        "run",
        "--all",
        "--max-unavailable",
        "1",
        "--hook",
        hook.as_str(),
        "--cluster-context",
        "ctx-{cluster}",
        "--stable-for",
        "0s",
        "--soak",
        "3s",
        "--timeout",
        "3m",
        "--gate-timeout",
        "2m",
        "--progress-deadline",
        "3m",
        "--yes",
        "-o",
        "json",
    ];
    let mut first = spawn_karmadactl(kc, &run_args);
    let (said, reader) = follow(&mut first);

    // While it runs: a second run is refused, and so is a resume (the holder is alive).
    wait_event(&said.lines, 120, "member1 drained", |e| {
        e["cluster"] == "member1" && e["step"] == "evacuating" && e["outcome"] == "started"
    })
    .await;
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "run", "member3", "--yes"],
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("a maintenance run is running"), "{stderr}");
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "resume", "--yes"],
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("is held by"), "{stderr}");

    // Killed in the middle of wave 2 (member2's hook running): resume finishes it.
    wait_event(&said.lines, 300, "member2 in maintenance", |e| {
        e["cluster"] == "member2" && e["step"] == "maintaining" && e["outcome"] == "started"
    })
    .await;
    // The hook started is not yet the hook running: killed before its first line, the
    // resume would run it for the first time, not again.
    let log = dir.path().join("hook.log");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !std::fs::read_to_string(&log).is_ok_and(|l| l.contains("member2 ctx-member2 2")) {
        assert!(Instant::now() < deadline, "member2's hook never ran");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    first.kill().unwrap();
    first.wait().unwrap();
    reader.join().unwrap();
    let s = status(kc);
    assert_eq!(s["run"]["phase"], "running", "{s:#}");
    assert_eq!(s["held"]["state"], "holder-gone", "{s:#}");
    assert_eq!(cluster_of(&s, "member1")["step"], "done", "{s:#}");
    assert_eq!(cluster_of(&s, "member2")["step"], "maintaining", "{s:#}");
    assert_eq!(cluster_of(&s, "member2")["cordonedNow"], true, "{s:#}");
    let mut resumed = spawn_karmadactl(kc, &["maintenance", "resume", "--yes", "-o", "json"]);
    let (resumed_said, reader) = follow(&mut resumed);
    let more = || {
        format!(
            "restarts {:?}, problems {:?}, files {:?}",
            restarts.lock().unwrap(),
            problems.lock().unwrap(),
            std::fs::read_dir(dir.path())
                .map(|d| d.flatten().map(|e| e.file_name()).collect::<Vec<_>>())
                .unwrap_or_default()
        )
    };
    let code = exit_within(&mut resumed, 420, &resumed_said, &more).await;
    reader.join().unwrap();
    assert_eq!(
        code,
        0,
        "{}\n{:#?}\n{}",
        resumed_said.stderr.lock().unwrap(),
        resumed_said.lines.lock().unwrap(),
        more()
    );
    stop.store(true, Ordering::SeqCst);
    sampling.await.unwrap();
    watching.await.unwrap();
    restarting.await.unwrap();

    // Every member was restarted by its hook (member2 again after the resume), the hook
    // got each cluster's context, and nothing broke the budget or left a workload
    // without a ready copy.
    let problems = problems.lock().unwrap().clone();
    assert!(problems.is_empty(), "the restarts: {problems:?}");
    let restarts = restarts.lock().unwrap().clone();
    for m in MEMBERS {
        assert!(
            restarts.get(m).copied().unwrap_or(0) >= 1,
            "{m} not restarted: {restarts:?}"
        );
    }
    let log = std::fs::read_to_string(dir.path().join("hook.log")).unwrap();
    assert!(
        log.contains("member1 ctx-member1 1") && log.contains("member3 ctx-member3 3"),
        "{log}"
    );
    assert!(
        log.matches("member2 ctx-member2 2").count() >= 2,
        "the resume runs member2's hook again: {log}"
    );
    let seen = std::mem::take(&mut *seen.lock().unwrap());
    assert!(seen.samples > 20, "only {} samples", seen.samples);
    // Each member cordoned and uncordoned at least, besides the status updates.
    assert!(
        seen.cluster_events >= 6,
        "only {} Cluster changes watched",
        seen.cluster_events
    );
    assert!(
        seen.over_budget.is_empty(),
        "two clusters cordoned at once: {:?}",
        seen.over_budget
    );
    assert!(
        seen.nowhere.is_empty(),
        "a workload without a ready copy: {:?}",
        seen.nowhere
    );
    let s = status(kc);
    assert_eq!(s["run"]["phase"], "succeeded", "{s:#}");
    for m in MEMBERS {
        assert_eq!(cluster_of(&s, m)["step"], "done", "{s:#}");
        assert_eq!(cluster_of(&s, m)["cordonedNow"], false, "{s:#}");
    }
    assert!(cordoned(&client).await.is_empty());
    let deadline = Instant::now() + Duration::from_secs(60);
    while placements(&client).await != before {
        assert!(
            Instant::now() < deadline,
            "not back where it was: {:?} vs {before:?}",
            placements(&client).await
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    // The record: the drain and the return are in each binding's history.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["history", "--cluster", "member2", "-A", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("karmadactl maintenance run") && stdout.contains("KarmadactlFailback"),
        "{stdout}"
    );
    returned_truly(kc, &client).await;

    // A run without a hook: member1 is approved by hand, member2 is aborted while it
    // waits for its approval.
    let mut second = spawn_karmadactl(
        kc,
        &[
            "maintenance",
            "run",
            "member1",
            "member2",
            "--stable-for",
            "0s",
            "--soak",
            "2s",
            "--timeout",
            "3m",
            "--yes",
            "-o",
            "json",
        ],
    );
    let (said, reader) = follow(&mut second);
    wait_event(&said.lines, 180, "member1 waits for its approval", |e| {
        e["cluster"] == "member1" && e["outcome"] == "waiting"
    })
    .await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "approve", "member1"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "approve", "member9"],
    ));
    assert_eq!(code, 2, "{stderr}");
    wait_event(&said.lines, 240, "member2 waits for its approval", |e| {
        e["cluster"] == "member2" && e["outcome"] == "waiting"
    })
    .await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "abort", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let code = exit_within(&mut second, 60, &said, &String::new).await;
    reader.join().unwrap();
    assert_eq!(code, 3, "{}", said.stderr.lock().unwrap());
    let report: Value = serde_json::from_str(&stdout).unwrap();
    if std::env::var("SHOW").is_ok() {
        eprintln!(
            "RESUMED {:#?}\nSECOND {:#?}\nABORT {stdout}",
            resumed_said.lines.lock().unwrap(),
            said.lines.lock().unwrap()
        );
        let (o, e, _) = parts(&karmadactl(kc, "admin", &["maintenance", "status"]));
        eprintln!("STATUS\n{o}\n{e}");
    }
    assert_eq!(report["run"]["phase"], "aborted", "{report:#}");
    let m1 = cluster_of(&report, "member1");
    let m2 = cluster_of(&report, "member2");
    assert_eq!(
        (m1["step"].as_str(), m1["out"].as_bool()),
        (Some("done"), Some(false)),
        "{report:#}"
    );
    assert_eq!(
        (m2["step"].as_str(), m2["out"].as_bool()),
        (Some("maintaining"), Some(true)),
        "{report:#}"
    );
    assert_eq!(
        m2["toReturn"],
        json!(["karmadactl uncordon member2", "karmadactl failback member2"]),
        "{report:#}"
    );
    // ...and the control plane is as reported: member2 cordoned and empty, member1 not.
    assert_eq!(cordoned(&client).await, vec!["member2".to_string()]);
    for (app, placed) in placements(&client).await {
        assert!(
            !placed.to_string().contains("member2"),
            "{app} still on member2: {placed}"
        );
    }
    let after = status(kc);
    assert_eq!(after["run"]["phase"], "aborted");
    assert_eq!(cluster_of(&after, "member2")["cordonedNow"], true);
    // A new run does not take a cluster someone else left cordoned (it would uncordon it).
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "run", "member2", "--yes"],
    ));
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("already cordoned: member2"), "{stderr}");

    // The harness's other member control: a frozen member hangs, and thaws.
    let m = k.member("member3");
    let nodes = |c: kube::Client| async move {
        Api::<Node>::all(c)
            .list(&Default::default())
            .await
            .map(|l| l.items.len())
    };
    // Frozen: the connection is taken (no refusal, unlike a killed member) and the
    // request gets no answer.
    m.freeze();
    let frozen = nodes(m.client().await).await.unwrap_err();
    let said = format!("{frozen:?}");
    assert!(
        !said.contains("refused"),
        "a frozen member takes the connection: {said}"
    );
    m.thaw();
    m.wait_ready(60).await;
    assert_eq!(nodes(m.client().await).await.unwrap(), 2);
}

/// Killed at other steps: `maintenance run --all` (a hook that succeeds at once) is
/// killed (SIGKILL) as member1's drain starts, as member2's return starts and as
/// member3's soak starts, and `resume` takes over each time. It ends as if never
/// killed: every member done and uncordoned, every binding back where it was, no drain
/// record left, each member's history naming its failback. Then a run of member1 and
/// member2, killed as member1's evacuation starts, is aborted: member2, reported
/// untouched, holds what it held before the run; member1 is as the report says.
#[tokio::test(flavor = "multi_thread")]
async fn a_run_killed_at_other_steps_resumes_to_a_true_record_and_aborts_as_reported() {
    let Some(k) = karmada_with(Options {
        members: 3,
        ..Options::new(WITH_MEMBERS)
    }) else {
        return;
    };
    let client = k.env.admin().await;
    let kc = k.env.kubeconfig.clone();
    let kc = kc.as_path();
    create_workloads(&client).await;
    let members = member_clients(&k).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let ready = ready_on_members(&members).await;
        if ready.values().all(|r| *r == Some(1)) && ready.len() == APPS.len() * MEMBERS.len() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the first propagation: {ready:?}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let before = placements(&client).await;

    let run_args = [
        "maintenance",
        "run",
        "--all",
        "--max-unavailable",
        "1",
        "--hook",
        "true",
        "--stable-for",
        "0s",
        "--soak",
        "3s",
        "--timeout",
        "3m",
        "--gate-timeout",
        "2m",
        "--progress-deadline",
        "3m",
        "--yes",
        "-o",
        "json",
    ];
    let begun = Instant::now();
    let mut child = spawn_karmadactl(kc, &run_args);
    for (cluster, step) in [
        ("member1", "draining"),
        ("member2", "returning"),
        ("member3", "soaking"),
    ] {
        let (said, reader) = follow(&mut child);
        wait_event(&said.lines, 300, &format!("{cluster} {step}"), |e| {
            e["cluster"] == cluster && e["step"] == step && e["outcome"] == "started"
        })
        .await;
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        eprintln!(
            "[{:6.2} s] killed as {cluster} started {step}",
            begun.elapsed().as_secs_f64()
        );
        let s = status(kc);
        assert_eq!(s["run"]["phase"], "running", "{s:#}");
        assert_eq!(s["held"]["state"], "holder-gone", "{s:#}");
        assert_eq!(cluster_of(&s, cluster)["step"], step, "{s:#}");
        child = spawn_karmadactl(kc, &["maintenance", "resume", "--yes", "-o", "json"]);
    }
    let (said, reader) = follow(&mut child);
    let code = exit_within(&mut child, 420, &said, &String::new).await;
    reader.join().unwrap();
    assert_eq!(
        code,
        0,
        "{}\n{:#?}",
        said.stderr.lock().unwrap(),
        said.lines.lock().unwrap()
    );
    eprintln!(
        "[{:6.2} s] resumed to the end",
        begun.elapsed().as_secs_f64()
    );
    let s = status(kc);
    assert_eq!(s["run"]["phase"], "succeeded", "{s:#}");
    for m in MEMBERS {
        assert_eq!(cluster_of(&s, m)["step"], "done", "{s:#}");
        assert_eq!(cluster_of(&s, m)["cordonedNow"], false, "{s:#}");
    }
    assert!(cordoned(&client).await.is_empty());
    let deadline = Instant::now() + Duration::from_secs(60);
    while placements(&client).await != before {
        assert!(
            Instant::now() < deadline,
            "not back where it was: {:?} vs {before:?}",
            placements(&client).await
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    returned_truly(kc, &client).await;

    // Aborted after a kill as member1's evacuation starts: member2 never started. The
    // graceful eviction controller is held still meanwhile, so the evacuation cannot
    // end before the kill lands (a Duplicated workload already Healthy elsewhere
    // leaves within a tenth of a second).
    k.stall_controller_manager(true);
    let mut second = spawn_karmadactl(
        kc,
        &[
            "maintenance",
            "run",
            "member1",
            "member2",
            "--hook",
            "true",
            "--stable-for",
            "0s",
            "--soak",
            "2s",
            "--timeout",
            "3m",
            "--yes",
            "-o",
            "json",
        ],
    );
    let (said, reader) = follow(&mut second);
    wait_event(&said.lines, 180, "member1 evacuating", |e| {
        e["cluster"] == "member1" && e["step"] == "evacuating" && e["outcome"] == "started"
    })
    .await;
    second.kill().unwrap();
    second.wait().unwrap();
    reader.join().unwrap();
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &["maintenance", "abort", "-o", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["run"]["phase"], "aborted", "{report:#}");
    let m1 = cluster_of(&report, "member1");
    let m2 = cluster_of(&report, "member2");
    assert_eq!(
        (m1["step"].as_str(), m1["out"].as_bool()),
        (Some("evacuating"), Some(true)),
        "{report:#}"
    );
    assert_eq!(
        m1["toReturn"],
        json!(["karmadactl uncordon member1", "karmadactl failback member1"]),
        "{report:#}"
    );
    assert_eq!(
        (m2["step"].as_str(), m2["out"].as_bool()),
        (Some("pending"), Some(false)),
        "{report:#}"
    );
    assert!(
        m2["state"]
            .as_str()
            .unwrap()
            .starts_with("not maintained: the run took no step on it"),
        "{report:#}"
    );
    k.stall_controller_manager(false);
    // As reported: member1 cordoned and left, member2 as before the run.
    assert_eq!(cordoned(&client).await, vec!["member1".to_string()]);
    let now = placements(&client).await;
    for (app, placed) in &now {
        assert!(
            !placed.to_string().contains("member1"),
            "{app} still on member1: {placed}"
        );
        let on_member2 = |p: &Value| {
            p.as_array()
                .into_iter()
                .flatten()
                .find(|t| t["name"] == "member2")
                .cloned()
        };
        if app == "api" {
            // Duplicated: exactly what it had there.
            assert_eq!(
                on_member2(placed),
                on_member2(&before[app]),
                "{app}: {placed}"
            );
        } else {
            assert!(on_member2(placed).is_some(), "{app} left member2: {placed}");
        }
    }
}
