use super::*;
use crate::api::{GracefulEvictionTask, ObjectMeta};
use crate::engine::decide::records::{record, records, PRE_EVICTION_ANNOTATION};
use crate::fleet::BindingKind;
use serde_json::json;

fn cluster(name: &str, taints: serde_json::Value) -> Cluster {
    serde_json::from_value(json!({
        "metadata": {"name": name},
        "spec": {"taints": taints},
        "status": {
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}
        }
    }))
    .unwrap()
}

fn fleet() -> Vec<Cluster> {
    vec![
        cluster(
            "m1",
            json!([{"key": "cluster.karmada.io/unschedulable", "effect": "NoSchedule"}]),
        ),
        cluster("m2", json!([])),
        cluster("m3", json!([])),
    ]
}

fn binding(spec: serde_json::Value) -> Binding {
    let mut spec = spec;
    spec["resource"] = json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "w", "namespace": "ns", "uid": "u-1"});
    Binding {
        kind: BindingKind::ResourceBinding,
        metadata: ObjectMeta {
            name: Some("b".into()),
            namespace: Some("ns".into()),
            ..Default::default()
        }
        .into(),
        spec: serde_json::from_value(spec).unwrap(),
        status: None,
    }
}

fn divided(on: serde_json::Value, names: &[&str]) -> serde_json::Value {
    json!({
        "replicas": 3,
        "clusters": on,
        "placement": {
            "clusterAffinity": {"clusterNames": names},
            "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                                  "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
        }
    })
}

fn options() -> DrainOptions {
    DrainOptions {
        clusters: vec!["m1".into()],
        message: "drain m1".into(),
        ..Default::default()
    }
}

fn plan(b: &Binding, o: &DrainOptions) -> BindingDrain {
    let clusters = fleet();
    let index = FleetIndex::new(&clusters);
    plan_binding(b, &index, &unavailable(&clusters, o), o).unwrap()
}

#[test]
fn evicts_where_the_replicas_can_go() {
    let b = binding(divided(
        json!([{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 2}]),
        &["m1", "m2", "m3"],
    ));
    let p = plan(&b, &options());
    assert_eq!(p.steps[0].decision, DrainDecision::Evict);
    assert_eq!(p.steps[0].replicas, 1);
    assert!(p.predicted.unwrap().iter().all(|t| t.name != "m1"));
}

#[test]
fn blocks_when_nowhere_to_go_unless_forced() {
    let b = binding(divided(json!([{"name": "m1", "replicas": 3}]), &["m1"]));
    let p = plan(&b, &options());
    assert_eq!(p.steps[0].decision, DrainDecision::BlockedNoTarget);
    assert_eq!(p.steps[0].reason.code, "drain-blocked-no-target");
    let forced = DrainOptions {
        force: true,
        ..options()
    };
    let p = plan(&b, &forced);
    assert_eq!(p.steps[0].decision, DrainDecision::Evict);
    assert_eq!(p.steps[0].warnings[0].code, "drain-forced-no-target");
}

#[test]
fn a_task_from_the_cluster_means_already_evicted() {
    let mut b = binding(divided(
        json!([{"name": "m2", "replicas": 3}]),
        &["m1", "m2"],
    ));
    b.spec.graceful_eviction_tasks = vec![GracefulEvictionTask {
        from_cluster: "m1".into(),
        producer: "karmadactl".into(),
        ..Default::default()
    }];
    assert_eq!(
        plan(&b, &options()).steps[0].decision,
        DrainDecision::AlreadyEvicted
    );
    // A binding the drain does not touch has no plan.
    let other = binding(divided(json!([{"name": "m2", "replicas": 3}]), &["m2"]));
    let clusters = fleet();
    let index = FleetIndex::new(&clusters);
    assert!(plan_binding(
        &other,
        &index,
        &unavailable(&clusters, &options()),
        &options()
    )
    .is_none());
}

#[test]
fn the_budget_counts_the_clusters_left() {
    let b = binding(divided(
        json!([{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 2}]),
        &["m1", "m2"],
    ));
    let o = DrainOptions {
        min_available_clusters: Some(2),
        ..options()
    };
    let p = plan(&b, &o);
    assert_eq!(p.steps[0].decision, DrainDecision::BlockedBudget);
    assert!(
        p.steps[0].reason.message.contains("available 1/2"),
        "{}",
        p.steps[0].reason.message
    );
    let o = DrainOptions {
        min_available_clusters: Some(1),
        ..options()
    };
    assert_eq!(plan(&b, &o).steps[0].decision, DrainDecision::Evict);
}

#[test]
fn purge_modes_leave_behind_or_cause_downtime() {
    let mut spec = divided(
        json!([{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 2}]),
        &["m1", "m2", "m3"],
    );
    spec["failover"] = json!({"cluster": {"purgeMode": "Directly"}});
    let b = binding(spec);
    assert_eq!(
        plan(&b, &options()).steps[0].decision,
        DrainDecision::Downtime
    );
    let o = DrainOptions {
        purge_mode: Some(PurgeMode::Never),
        ..options()
    };
    let p = plan(&b, &o);
    assert_eq!(p.steps[0].decision, DrainDecision::LeftBehind);
    assert_eq!(p.steps[0].purge_mode, Some(PurgeMode::Never));
}

#[test]
fn the_write_is_the_taint_managers_with_the_tool_as_producer() {
    let b = binding(divided(
        json!([{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 2}]),
        &["m1", "m2", "m3"],
    ));
    let o = DrainOptions {
        grace_period_seconds: Some(120),
        ..options()
    };
    let after = drained_spec(&b.spec, &["m1"], PurgeMode::Gracefully, &o);
    assert_eq!(after.clusters, [TargetCluster::new("m2", 2)]);
    let t = &after.graceful_eviction_tasks[0];
    assert_eq!(
        (t.producer.as_str(), t.reason.as_str()),
        ("karmadactl", "ClusterDrained")
    );
    assert_eq!(t.grace_period_seconds, Some(120));
    assert_eq!(t.clusters_before_failover, ["m1", "m2"]);
    assert_eq!(t.replicas, Some(1));
    assert_eq!(t.message.as_deref(), Some("drain m1"));
    let rec = record(None, &["m1"], &b.spec.clusters);
    let ann = crate::api::MetaMap::from([(PRE_EVICTION_ANNOTATION.to_string(), rec)]);
    assert_eq!(records(Some(&ann))["m1"], b.spec.clusters);
}

#[test]
fn fleet_safety_counts_drained_and_noexecute_clusters() {
    let mut clusters = fleet();
    assert!(fleet_safety(&clusters, &options(), 0.55).is_ok());
    clusters[1].spec.taints = vec![crate::api::taint::taint("outage", None, "NoExecute")];
    let err = fleet_safety(&clusters, &options(), 0.55).unwrap_err();
    assert_eq!(err.code, "drain-fleet-unsafe");
}

#[test]
fn drain_options_name_the_tool() {
    let tc = |name: &str, replicas| TargetCluster::new(name, replicas);
    let before = vec![tc("m1", 1), tc("m2", 2)];
    let mut spec = BindingSpec {
        clusters: before.clone(),
        ..Default::default()
    };
    let mut opts = drain_evict_options(PurgeMode::Gracefully, &before);
    opts.message = "drained by ops".into();
    opts.grace_period_seconds = Some(120);
    graceful_evict_cluster(&mut spec, "m1", &opts);
    let t = &spec.graceful_eviction_tasks[0];
    assert_eq!(t.producer, "karmadactl");
    assert_eq!(t.reason, "ClusterDrained");
    assert_eq!(t.message.as_deref(), Some("drained by ops"));
    assert_eq!(t.grace_period_seconds, Some(120));
    assert_eq!(t.clusters_before_failover, vec!["m1", "m2"]);
}

#[test]
fn the_drain_carries_the_state_or_holds_back_without_it() {
    let mut spec = divided(json!([{"name": "m1", "replicas": 3}]), &["m1", "m2"]);
    spec["failover"] = json!({"cluster": {"purgeMode": "Directly", "statePreservation": {"rules": [
        {"aliasLabelName": "job", "jsonPath": "{.jobID}"}]}}});
    let mut b = binding(spec);
    let gate = DrainOptions {
        stateful_failover_injection: true,
        ..options()
    };
    // No status from m1: the taint manager would not evict it; neither does the drain.
    let p = plan(&b, &gate);
    assert_eq!(p.steps[0].decision, DrainDecision::BlockedState, "{p:?}");
    assert_eq!(p.steps[0].reason.code, ReasonCode::DrainBlockedState);
    let forced = plan(
        &b,
        &DrainOptions {
            force: true,
            ..gate.clone()
        },
    );
    assert_eq!(forced.steps[0].decision, DrainDecision::Downtime);
    assert_eq!(
        forced.steps[0].warnings[0].code,
        ReasonCode::DrainForcedStateLost
    );
    // Without the gate the state is not looked at.
    assert_eq!(
        plan(&b, &options()).steps[0].decision,
        DrainDecision::Downtime
    );
    // Collected: the task carries the label, as the taint manager's would.
    b.status = Some(
        serde_json::from_value(json!({"aggregatedStatus": [
        {"clusterName": "m1", "status": {"jobID": "j-7"}}]}))
        .unwrap(),
    );
    assert_eq!(plan(&b, &gate).steps[0].decision, DrainDecision::Downtime);
    let after = drained_spec_with_state(&b, &["m1"], PurgeMode::Directly, &gate);
    let task = &after.graceful_eviction_tasks[0];
    assert_eq!(
        task.preserved_label_state,
        Some([("job".to_string(), "j-7".to_string())].into())
    );
    assert_eq!(task.clusters_before_failover, ["m1"]);
    let plain = drained_spec_with_state(&b, &["m1"], PurgeMode::Directly, &options());
    assert_eq!(plain.graceful_eviction_tasks[0].preserved_label_state, None);
}

#[test]
fn too_few_healthy_candidates_block_and_are_named() {
    // Duplicated over at least two clusters; m1 and m2 drained together: only m3 is left.
    let b = binding(json!({
        "replicas": 1,
        "clusters": [{"name": "m1", "replicas": 1}],
        "placement": {
            "clusterAffinity": {"clusterNames": ["m1", "m2", "m3"]},
            "spreadConstraints": [{"spreadByField": "cluster", "minGroups": 2, "maxGroups": 3}],
            "replicaScheduling": {"replicaSchedulingType": "Duplicated"}
        }
    }));
    let both = DrainOptions {
        clusters: vec!["m1".into(), "m2".into()],
        ..options()
    };
    let p = plan(&b, &both);
    assert_eq!(p.steps[0].decision, DrainDecision::BlockedNoTarget);
    let message = &p.steps[0].reason.message;
    assert!(
        message.contains("only 1 healthy cluster(s) pass the placement filters (m3)"),
        "{message}"
    );
    // One of them drained: two are left, enough.
    assert_eq!(plan(&b, &options()).steps[0].decision, DrainDecision::Evict);
}
