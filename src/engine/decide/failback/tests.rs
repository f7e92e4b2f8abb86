use super::*;
use crate::api::ObjectMeta;
use crate::engine::decide::records::PRE_EVICTION_ANNOTATION;
use crate::fleet::BindingKind;
use serde_json::json;

fn now() -> Timestamp {
    "2026-11-22T12:00:00Z".parse().unwrap()
}

fn cluster(name: &str, cpu: &str, ready_since: &str, taints: serde_json::Value) -> Cluster {
    serde_json::from_value(json!({
        "metadata": {"name": name, "labels": {"tier": if name == "m3" { "backup" } else { "primary" }}},
        "spec": {"taints": taints},
        "status": {
            "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady", "message": "",
                            "lastTransitionTime": ready_since}],
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": cpu, "memory": "32Gi", "pods": "110"}}
        }
    }))
    .unwrap()
}

fn fleet() -> Vec<Cluster> {
    vec![
        cluster("m1", "8", "2026-11-22T11:49:00Z", json!([])),
        cluster("m2", "8", "2026-11-01T00:00:00Z", json!([])),
        cluster("m3", "8", "2026-11-01T00:00:00Z", json!([])),
    ]
}

fn binding(spec: serde_json::Value, record: Option<serde_json::Value>) -> Binding {
    let mut spec = spec;
    spec["resource"] = json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "w", "namespace": "ns", "uid": "u-1"});
    spec["replicaRequirements"] = json!({"resourceRequest": {"cpu": "1"}});
    let annotations = record
        .map(|r| [(PRE_EVICTION_ANNOTATION.to_string(), r.to_string())].into())
        .unwrap_or_default();
    Binding {
        kind: BindingKind::ResourceBinding,
        metadata: ObjectMeta {
            name: Some("b".into()),
            namespace: Some("ns".into()),
            annotations: Some(annotations),
            ..Default::default()
        }
        .into(),
        spec: serde_json::from_value(spec).unwrap(),
        status: None,
    }
}

fn dynamic(replicas: i32, on: serde_json::Value) -> serde_json::Value {
    json!({
        "replicas": replicas,
        "clusters": on,
        "placement": {
            "clusterAffinity": {"clusterNames": ["m1", "m2", "m3"]},
            "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                                  "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
        }
    })
}

fn options(mode: FailbackMode) -> FailbackOptions {
    FailbackOptions {
        clusters: vec!["m1".into()],
        mode,
        message: "failback m1".into(),
        ..Default::default()
    }
}

fn plan_in(clusters: &[Cluster], b: &Binding, o: &FailbackOptions) -> Option<BindingFailback> {
    plan_binding(b, &FleetIndex::new(clusters), o)
}

fn plan(b: &Binding, mode: FailbackMode) -> BindingFailback {
    plan_in(&fleet(), b, &options(mode)).unwrap()
}

fn tc(name: &str, replicas: i32) -> TargetCluster {
    TargetCluster::new(name, replicas)
}

#[test]
fn the_gate_wants_ready_long_enough_untainted_and_uncordoned() {
    let ten = SignedDuration::from_mins(10);
    assert!(
        health_gate(&fleet()[0], ten, now()).is_ok(),
        "ready 11 minutes"
    );
    let fresh = cluster("m1", "8", "2026-11-22T11:58:00Z", json!([]));
    let why = health_gate(&fresh, ten, now()).unwrap_err();
    assert_eq!(why.len(), 1);
    assert_eq!(why[0].code, "failback-gate-not-stable");
    assert!(
        why[0].message.contains("(2m)") && why[0].message.contains("qualifies in 8m"),
        "{}",
        why[0].message
    );
    let tainted = cluster(
        "m1",
        "8",
        "2026-11-01T00:00:00Z",
        json!([{"key": "outage", "effect": "NoExecute", "timeAdded": "2026-11-22T11:00:00Z"},
               {"key": "cluster.karmada.io/unschedulable", "effect": "NoSchedule"}]),
    );
    let why = health_gate(&tainted, ten, now()).unwrap_err();
    let codes: Vec<&str> = why.iter().map(|r| r.code.as_str()).collect();
    assert_eq!(codes, ["failback-gate-tainted", "failback-gate-cordoned"]);
    assert!(
        why[0]
            .message
            .contains("since 2026-11-22T11:00:00Z (1h ago)"),
        "{}",
        why[0].message
    );
    let mut down = fleet()[0].clone();
    let ready = &mut down.status.as_mut().unwrap().conditions[0];
    ready.status = "False".into();
    ready.reason = "ClusterNotReachable".into();
    let why = health_gate(&down, ten, now()).unwrap_err();
    assert_eq!(why[0].code, "failback-gate-not-ready");
    assert!(
        why[0].message.contains(
            "Ready=False since 2026-11-22T11:49:00Z (11m ago), reason ClusterNotReachable"
        ),
        "{}",
        why[0].message
    );
}

#[test]
fn restore_puts_the_record_back_and_scales_the_others_down() {
    let record = json!({"m1": [{"name": "m1", "replicas": 2}, {"name": "m2", "replicas": 2}, {"name": "m3", "replicas": 2}]});
    let b = binding(
        dynamic(
            6,
            json!([{"name": "m2", "replicas": 3}, {"name": "m3", "replicas": 3}]),
        ),
        Some(record),
    );
    let p = plan(&b, FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::Restore, "{:?}", p.reason);
    assert_eq!(
        p.after.clone().unwrap(),
        [tc("m1", 2), tc("m2", 2), tc("m3", 2)]
    );
    assert!(p.leaving.is_empty());
    assert_eq!(p.scaled_down, [tc("m2", 2), tc("m3", 2)]);
    assert_eq!(p.returning(), 2);
}

#[test]
fn clusters_left_entirely_get_a_graceful_task() {
    let record = json!({"m1": [{"name": "m1", "replicas": 4}]});
    let b = binding(
        dynamic(4, json!([{"name": "m2", "replicas": 4}])),
        Some(record),
    );
    let p = plan(&b, FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::Restore, "{:?}", p.reason);
    assert_eq!(p.leaving, [tc("m2", 4)]);
    let tasks = leaving_tasks(&b.spec, &p, &options(FailbackMode::Restore));
    assert_eq!(tasks.len(), 1);
    let t = &tasks[0];
    assert_eq!(
        (
            t.from_cluster.as_str(),
            t.reason.as_str(),
            t.producer.as_str(),
            t.purge_mode.as_deref(),
            t.replicas
        ),
        (
            "m2",
            "ClusterFailback",
            "karmadactl",
            Some("Gracefully"),
            Some(4)
        )
    );
    assert_eq!(t.clusters_before_failover, ["m2"]);
    assert_eq!(t.message.as_deref(), Some("failback m1"));
}

#[test]
fn what_no_longer_fits_or_is_excluded_stays_away_with_the_reason() {
    let record = json!({"m1": [{"name": "m1", "replicas": 4}]});
    let b = binding(
        dynamic(4, json!([{"name": "m2", "replicas": 4}])),
        Some(record.clone()),
    );
    let mut small = fleet();
    small[0] = cluster("m1", "3", "2026-11-22T11:49:00Z", json!([]));
    let p = plan_in(&small, &b, &options(FailbackMode::Restore)).unwrap();
    assert_eq!(p.decision, FailbackDecision::NoLongerFits);
    assert!(
        p.reason.message.contains("m1 can take 3 more replica(s)"),
        "{}",
        p.reason.message
    );
    assert!(p.after.is_none() && p.leaving.is_empty());

    let mut spec = dynamic(4, json!([{"name": "m2", "replicas": 4}]));
    spec["placement"]["clusterAffinity"]["clusterNames"] = json!(["m2", "m3"]);
    let p = plan(&binding(spec, Some(record)), FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::Excluded);
    assert!(
        p.reason
            .message
            .contains("does not match the placement's cluster affinity"),
        "{}",
        p.reason.message
    );
}

#[test]
fn without_a_record_restore_says_so_and_reschedule_predicts() {
    let mut spec = dynamic(
        4,
        json!([{"name": "m2", "replicas": 2}, {"name": "m3", "replicas": 2}]),
    );
    spec["gracefulEvictionTasks"] = json!([{"fromCluster": "m1", "reason": "TaintUntolerated", "producer": "TaintManager",
        "purgeMode": "Never", "suppressDeletion": true, "clustersBeforeFailover": ["m1", "m2"]}]);
    let b = binding(spec, None);
    let p = plan(&b, FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::NoRecord);
    assert!(
        p.reason
            .message
            .contains("names the clusters before, m1, m2"),
        "{}",
        p.reason.message
    );

    let p = plan(&b, FailbackMode::Reschedule);
    assert_eq!(p.decision, FailbackDecision::Reschedule, "{:?}", p.reason);
    let after = p.after.clone().unwrap();
    assert_eq!(after.iter().map(|t| t.replicas).sum::<i32>(), 4);
    assert!(after.iter().any(|t| t.name == "m1"), "{after:?}");
    assert_eq!(
        p.tasks_removed,
        ["m1"],
        "the task from m1 goes, or the scheduler skips m1"
    );
}

#[test]
fn a_fresh_assignment_counts_placed_replicas_as_available() {
    // 6 replicas on m2 (room for 8 + 6) and nothing elsewhere: a fresh decision spreads
    // them by available replicas, where steady keeps them.
    let b = binding(dynamic(6, json!([{"name": "m2", "replicas": 6}])), None);
    let clusters = fleet();
    let index = FleetIndex::new(&clusters);
    assert_eq!(
        index.predict(&b.spec, None).unwrap().clusters,
        [tc("m2", 6)]
    );
    let fresh = index
        .predict_fresh(&b.spec, None, KarmadaVersion::MASTER)
        .unwrap()
        .clusters;
    assert_eq!(fresh.iter().map(|t| t.replicas).sum::<i32>(), 6);
    assert!(fresh.len() == 3, "{fresh:?}");
    assert!(
        fresh.iter().find(|t| t.name == "m2").unwrap().replicas >= 2,
        "{fresh:?}"
    );
}

#[test]
fn a_later_affinity_term_keeps_it_away_under_restore() {
    let mut spec = dynamic(2, json!([{"name": "m3", "replicas": 2}]));
    spec["placement"] = json!({
        "clusterAffinities": [
            {"affinityName": "primary", "labelSelector": {"matchLabels": {"tier": "primary"}}},
            {"affinityName": "backup", "labelSelector": {"matchLabels": {"tier": "backup"}}}
        ],
        "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                              "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
    });
    let record = json!({"m1": [{"name": "m1", "replicas": 2}]});
    let mut b = binding(spec, Some(record));
    b.status =
        Some(serde_json::from_value(json!({"schedulerObservingAffinityName": "backup"})).unwrap());
    let p = plan(&b, FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::TermOrder);
    assert!(
        p.reason.message.contains(
            "term \"backup\", which does not include m1 (only the earlier term(s) primary do)"
        ),
        "{}",
        p.reason.message
    );
    // v1.18.2 (the default): a reschedule starts from the observed term too.
    assert!(
        p.reason.message.contains("karmada#5425"),
        "{}",
        p.reason.message
    );
    let p = plan(&b, FailbackMode::Reschedule);
    assert!(
        p.after
            .as_ref()
            .is_none_or(|a| a.iter().all(|t| t.name != "m1")),
        "{:?}",
        p.after
    );
    // From v1.19.0-rc.0 a fresh scheduling starts from the first term again.
    let mut rc = options(FailbackMode::Reschedule);
    rc.karmada_version = "v1.19.0-rc.0".parse().unwrap();
    let p = plan_in(&fleet(), &b, &rc).unwrap();
    assert_eq!(p.decision, FailbackDecision::Reschedule, "{:?}", p.reason);
    assert!(p.after.unwrap().iter().all(|t| t.name != "m3"));
    rc.mode = FailbackMode::Restore;
    let p = plan_in(&fleet(), &b, &rc).unwrap();
    assert!(p
        .reason
        .message
        .contains("starts again from the first term"));
}

#[test]
fn selection_and_already_back() {
    let b = binding(dynamic(4, json!([{"name": "m2", "replicas": 4}])), None);
    assert!(
        plan_in(&fleet(), &b, &options(FailbackMode::Restore)).is_none(),
        "never left m1"
    );
    let mut all = options(FailbackMode::Restore);
    all.all = true;
    let p = plan_in(&fleet(), &b, &all).unwrap();
    assert_eq!(p.decision, FailbackDecision::NoRecord);
    // --all leaves out a binding whose placement does not admit the cluster.
    let mut spec = dynamic(4, json!([{"name": "m2", "replicas": 4}]));
    spec["placement"]["clusterAffinity"]["clusterNames"] = json!(["m2", "m3"]);
    assert!(plan_in(&fleet(), &binding(spec, None), &all).is_none());
    let record = json!({"m1": [{"name": "m1", "replicas": 4}]});
    let back = binding(
        dynamic(4, json!([{"name": "m1", "replicas": 4}])),
        Some(record),
    );
    let p = plan(&back, FailbackMode::Restore);
    assert_eq!(p.decision, FailbackDecision::AlreadyBack);
    assert!(!p.decision.writes() && !p.decision.blocked());
}

#[test]
fn health_of_a_returned_binding() {
    let mut b = binding(dynamic(2, json!([{"name": "m1", "replicas": 2}])), None);
    let m1 = vec!["m1".to_string()];
    b.status = Some(serde_json::from_value(json!({"schedulerObservedGeneration": 4})).unwrap());
    assert_eq!(
        returned_health(&b, &m1, Some(5)),
        Returned::Pending("the scheduler has not seen the failback yet".into())
    );
    assert_eq!(
        returned_health(&b, &m1, Some(4)),
        Returned::Pending("no status from m1 yet".into())
    );
    b.status = Some(
        serde_json::from_value(json!({"schedulerObservedGeneration": 5,
        "aggregatedStatus": [{"clusterName": "m1", "applied": true, "health": "Unhealthy"}]}))
        .unwrap(),
    );
    assert_eq!(
        returned_health(&b, &m1, Some(5)),
        Returned::Pending("Unhealthy on m1".into())
    );
    b.status.as_mut().unwrap().aggregated_status[0].health = Some("Healthy".into());
    assert_eq!(returned_health(&b, &m1, Some(5)), Returned::Healthy);
    b.spec.clusters = vec![tc("m2", 2)];
    assert!(matches!(
        returned_health(&b, &m1, Some(5)),
        Returned::Lost(_)
    ));
}

#[test]
fn a_reschedule_is_stamped_after_the_last_scheduling() {
    let mut b = binding(dynamic(2, json!([])), None);
    assert_eq!(reschedule_at(&b, now()), now());
    b.status =
        Some(serde_json::from_value(json!({"lastScheduledTime": "2026-11-22T12:00:00Z"})).unwrap());
    assert_eq!(reschedule_at(&b, now()).to_string(), "2026-11-22T12:00:01Z");
}
