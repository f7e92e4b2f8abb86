use serde_json::{json, Value};

use super::*;
use crate::api::Cluster;
use crate::fleet::{BindingKind, FleetState};

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn cluster(name: &str) -> Cluster {
    serde_json::from_value(json!({"metadata": {"name": name}, "spec": {},
        "status": {"conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": "2025-01-01T00:00:00Z", "reason": "ClusterReady", "message": "ok"}],
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}]}}))
    .unwrap()
}

fn fleet(application: Value) -> FleetState {
    let mut b: Binding = serde_json::from_value(json!({
        "metadata": {"name": "checkout", "namespace": "shop"},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "checkout", "namespace": "shop"},
            "replicas": 2,
            "propagateDeps": true,
            "placement": {"replicaScheduling": {"replicaSchedulingType": "Duplicated"}},
            "clusters": [{"name": "m1", "replicas": 2}],
            "failover": {"application": application},
        },
        "status": {"aggregatedStatus": [{"clusterName": "m1", "applied": true, "health": "Healthy"}]},
    }))
    .unwrap();
    b.kind = BindingKind::ResourceBinding;
    FleetState {
        clusters: vec![cluster("m1"), cluster("m2")],
        bindings: vec![b],
        ..Default::default()
    }
}

fn predict(
    state: &FleetState,
    unhealthy: &[(String, Option<Timestamp>)],
    settings: &ControllerSettings,
    taints: &BTreeMap<String, Timestamp>,
) -> AppFailoverPrediction {
    let index = FleetIndex::new(&state.clusters);
    predict_app_failover(AppFailoverInputs {
        index: Some(&index),
        binding: &state.bindings[0],
        unhealthy,
        now: ts("2026-01-01T00:00:00Z"),
        settings,
        custom_health: false,
        taint_evictions: taints,
    })
}

#[test]
fn healthy_and_armed_until_asked_then_evicted_in_its_window_and_placed_elsewhere() {
    let state =
        fleet(json!({"decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Never"}));
    let settings = ControllerSettings::default();
    let none = BTreeMap::new();
    let calm = predict(&state, &[], &settings, &none);
    assert!(calm.clusters[0].armed);
    assert_eq!(
        calm.clusters[0].reasons[0].code,
        ReasonCode::AppFailoverArmed
    );
    assert!(calm.evicted.is_empty());

    let since = ts("2026-01-01T00:00:10Z");
    let sick = predict(&state, &[("m1".into(), Some(since))], &settings, &none);
    assert_eq!(sick.prediction_error, None);
    let m1 = &sick.clusters[0];
    let window = m1.eviction.clone().unwrap();
    assert_eq!(window.earliest, ts("2026-01-01T00:00:40Z"));
    assert_eq!(window.latest, Some(ts("2026-01-01T00:00:42Z")));
    let task = m1.task.as_ref().unwrap();
    assert_eq!(task.reason, "ApplicationFailure");
    assert_eq!(task.suppress_deletion, Some(true));
    assert_eq!(sick.predicted.unwrap()[0].name, "m2");
    assert_eq!(sick.old_copy, Some(OldCopy::HeldUntilConfirmed));
}

#[test]
fn not_armed_without_the_controller_or_propagate_deps() {
    let mut state = fleet(json!({}));
    let off = ControllerSettings {
        application_failover_controller: false,
        ..Default::default()
    };
    let none = BTreeMap::new();
    let p = predict(&state, &[("m1".into(), None)], &off, &none);
    assert!(!p.clusters[0].armed);
    assert_eq!(
        p.clusters[0].reasons[0].code,
        ReasonCode::AppFailoverControllerDisabled
    );
    state.bindings[0].spec.propagate_deps = Some(false);
    let p = predict(
        &state,
        &[("m1".into(), None)],
        &ControllerSettings::default(),
        &none,
    );
    assert_eq!(
        p.clusters[0].reasons[0].code,
        ReasonCode::AppFailoverPropagateDepsOff
    );
    assert!(p.evicted.is_empty());
}

#[test]
fn gracefully_without_its_gate_is_never_evicted() {
    let state = fleet(json!({"purgeMode": "Gracefully"}));
    let off = ControllerSettings {
        graceful_eviction: false,
        ..Default::default()
    };
    let p = predict(&state, &[("m1".into(), None)], &off, &BTreeMap::new());
    assert!(p.clusters[0]
        .reasons
        .iter()
        .any(|r| r.code == ReasonCode::AppFailoverTaskRefused));
    assert!(p.evicted.is_empty());
}

#[test]
fn a_zero_toleration_has_no_latest_moment() {
    let state =
        fleet(json!({"decisionConditions": {"tolerationSeconds": 0}, "purgeMode": "Directly"}));
    let p = predict(
        &state,
        &[("m1".into(), None)],
        &ControllerSettings::default(),
        &BTreeMap::new(),
    );
    assert_eq!(p.clusters[0].eviction.as_ref().unwrap().latest, None);
    assert_eq!(p.old_copy, Some(OldCopy::DeletedAtOnce));
}

#[test]
fn the_taint_manager_first_writes_its_own_task() {
    let state = fleet(json!({"decisionConditions": {"tolerationSeconds": 300}}));
    let taints: BTreeMap<String, Timestamp> = [("m1".to_string(), ts("2026-01-01T00:00:05Z"))]
        .into_iter()
        .collect();
    let p = predict(
        &state,
        &[("m1".into(), None)],
        &ControllerSettings::default(),
        &taints,
    );
    assert!(p.clusters[0]
        .reasons
        .iter()
        .any(|r| r.code == ReasonCode::AppFailoverTaintFirst));
    assert!(p.evicted.is_empty());
}

/// A Divided binding 2:2 on m1 and m2 (the fleet's only clusters) whose workload turns
/// Unhealthy on both: evicted from both in one update, unplaced, and back on both once
/// its tasks time out (measured live: tasks gone at T+90.2 s, back at T+90.23 s).
#[test]
fn a_divided_binding_evicted_everywhere_comes_back_when_its_tasks_time_out() {
    let mut state = fleet(json!({"decisionConditions": {"tolerationSeconds": 30},
        "purgeMode": "Gracefully", "gracePeriodSeconds": 60}));
    let b = &mut state.bindings[0];
    b.spec.replicas = Some(4);
    b.spec.placement = serde_json::from_value(json!({"replicaScheduling": {
        "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted"}}))
    .unwrap();
    b.spec.clusters = vec![TargetCluster::new("m1", 2), TargetCluster::new("m2", 2)];
    let since = ts("2026-01-01T00:00:10Z");
    let both = [
        ("m1".to_string(), Some(since)),
        ("m2".to_string(), Some(since)),
    ];
    let settings = ControllerSettings::default();
    let p = predict(&state, &both, &settings, &BTreeMap::new());
    assert_eq!(p.evicted, ["m1", "m2"]);
    assert!(p.prediction_error.is_some(), "{p:?}");
    let back = p.returns_at.clone().unwrap();
    // Evicted at +30 s (.. +32 s), the tasks live 60 s.
    assert_eq!(back.earliest, ts("2026-01-01T00:01:40Z"));
    assert_eq!(back.latest, Some(ts("2026-01-01T00:01:44Z")));
    let to = p.returns_to.clone().unwrap();
    let total: i32 = to.iter().map(|c| c.replicas).sum();
    assert_eq!(total, 4, "{to:?}");
    let why = &p.returns.as_ref().unwrap().message;
    assert!(why.contains("time out after 60s"), "{why}");
    assert!(why.contains("evicts it again 30s after"), "{why}");

    // Without a grace period, the controller's timeout (600 s by default).
    state.bindings[0].spec.failover = serde_json::from_value(json!({"application": {
        "decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Directly"}}))
    .unwrap();
    let p = predict(&state, &both, &settings, &BTreeMap::new());
    assert_eq!(p.returns_at.unwrap().earliest, ts("2026-01-01T00:10:40Z"));

    // Held until confirmed (Never): no moment, and it says why.
    state.bindings[0].spec.failover = serde_json::from_value(json!({"application": {
        "decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Never"}}))
    .unwrap();
    let p = predict(&state, &both, &settings, &BTreeMap::new());
    assert_eq!(p.returns_at, None);
    assert!(p.returns.unwrap().message.contains("held until confirmed"));

    // Evicted from one cluster only, the other takes the replicas: no return.
    state.bindings[0].spec.failover = serde_json::from_value(json!({"application": {
        "decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Gracefully",
        "gracePeriodSeconds": 60}}))
    .unwrap();
    let p = predict(&state, &both[..1], &settings, &BTreeMap::new());
    assert_eq!(p.evicted, ["m1"]);
    assert!(p.prediction_error.is_none(), "{p:?}");
    assert!(p.returns.is_none() && p.returns_at.is_none());
}
