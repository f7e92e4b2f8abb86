//! Both sides of every rule, each citing the upstream line it holds the twin to
//! (`pkg/controllers/applicationfailover/`, master f8fdd02).

use serde_json::{json, Value};

use super::*;

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn binding(kind: BindingKind, application: Value, health: &[(&str, &str)]) -> Binding {
    let aggregated: Vec<Value> = health
        .iter()
        .map(|(c, h)| json!({"clusterName": c, "applied": true, "health": h, "status": {"readyReplicas": 1}}))
        .collect();
    let mut b: Binding = serde_json::from_value(json!({
        "metadata": {"name": "checkout", "namespace": "shop"},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "checkout", "namespace": "shop"},
            "replicas": 4,
            "propagateDeps": true,
            "clusters": [{"name": "m1", "replicas": 2}, {"name": "m2", "replicas": 2}],
            "failover": {"application": application},
        },
        "status": {"aggregatedStatus": aggregated},
    }))
    .unwrap();
    b.kind = kind;
    b
}

fn rb(application: Value, health: &[(&str, &str)]) -> Binding {
    binding(BindingKind::ResourceBinding, application, health)
}

const GATES: TaskGates = TaskGates {
    graceful_eviction: true,
    stateful_failover_injection: false,
};

fn code(r: Result<&ApplicationFailoverBehavior, Reason>) -> Option<ReasonCode> {
    r.err().map(|r| r.code)
}

// rb_application_failover_controller.go:219-243 (bindingFilter).
#[test]
fn the_filter_wants_the_behaviour_a_status_a_health_interpreter_and_propagate_deps() {
    let v = V::MASTER;
    let ok = rb(
        json!({"decisionConditions": {"tolerationSeconds": 30}}),
        &[("m1", "Healthy")],
    );
    assert_eq!(code(binding_filter(&ok, v, false)), None);

    let mut none = ok.clone();
    none.spec.failover = None;
    assert_eq!(
        code(binding_filter(&none, v, false)),
        Some(ReasonCode::AppFailoverNotConfigured)
    );

    let no_status = rb(json!({}), &[]);
    assert_eq!(
        code(binding_filter(&no_status, v, false)),
        Some(ReasonCode::AppFailoverNoStatus)
    );

    let mut job = ok.clone();
    job.spec.resource.api_version = "batch/v1".into();
    job.spec.resource.kind = "Job".into();
    assert_eq!(
        code(binding_filter(&job, v, false)),
        Some(ReasonCode::AppFailoverNoHealthInterpreter)
    );
    assert_eq!(
        code(binding_filter(&job, v, true)),
        None,
        "a customization interprets it"
    );

    let mut deps = ok.clone();
    deps.spec.propagate_deps = Some(false);
    assert_eq!(
        code(binding_filter(&deps, v, false)),
        Some(ReasonCode::AppFailoverPropagateDepsOff)
    );
    // crb_application_failover_controller.go:218-241: no propagateDeps check.
    deps.kind = BindingKind::ClusterResourceBinding;
    assert_eq!(code(binding_filter(&deps, v, false)), None);
}

// healthy.go:33-46 and the third-party customizations with a healthInterpretation.
#[test]
fn health_interpreters_follow_the_release() {
    use HealthInterpreter::*;
    assert_eq!(
        health_interpreter("apps/v1", "Deployment", V::release(15, 0)),
        Native
    );
    assert_eq!(health_interpreter("batch/v1", "Job", V::MASTER), None);
    assert_eq!(
        health_interpreter("ray.io/v1", "RayService", V::release(16, 8)),
        None
    );
    assert_eq!(
        health_interpreter("ray.io/v1", "RayService", V::release(17, 0)),
        ThirdParty
    );
    assert_eq!(
        health_interpreter("ray.io/v1", "RayJob", V::release(15, 9)),
        None
    );
    assert_eq!(
        health_interpreter("ray.io/v1", "RayJob", V::release(16, 0)),
        ThirdParty
    );
}

// common.go:109-124 (distinguishUnhealthyClustersWithOthers).
#[test]
fn unhealthy_clusters_with_a_task_are_not_timed_and_unknown_counts_as_other() {
    let mut b = rb(
        json!({}),
        &[("m1", "Unhealthy"), ("m2", "Unknown"), ("m3", "Unhealthy")],
    );
    b.status
        .as_mut()
        .unwrap()
        .aggregated_status
        .push(serde_json::from_value(json!({"clusterName": "m4", "applied": false})).unwrap());
    b.spec.graceful_eviction_tasks.push(
        serde_json::from_value(
            json!({"fromCluster": "m3", "reason": "TaintUntolerated", "producer": "TaintManager"}),
        )
        .unwrap(),
    );
    let (unhealthy, others) = distinguish(&b.status.as_ref().unwrap().aggregated_status, &b.spec);
    assert_eq!(unhealthy, vec!["m1"]);
    assert_eq!(others, vec!["m2"], "no health is neither");
}

// rb_application_failover_controller.go:89-119 (detectFailure).
#[test]
fn the_timer_starts_at_the_first_sighting_and_expires_strictly_after_the_toleration() {
    let mut timers = UnhealthyTimers::default();
    let t0 = ts("2026-01-01T00:00:00Z");
    let m1 = vec!["m1".to_string()];
    let first = detect_failure(&mut timers, &m1, 30, t0);
    assert_eq!(
        first,
        Detection {
            requeue_after: 30,
            expired: vec![]
        }
    );
    // 10.7 s in: what is left, in whole seconds cut towards zero (30 - 10).
    let later = detect_failure(
        &mut timers,
        &m1,
        30,
        t0 + SignedDuration::from_millis(10_700),
    );
    assert_eq!(later.requeue_after, 20);
    // At exactly start + toleration: not yet (After is strict).
    let at = detect_failure(&mut timers, &m1, 30, t0 + SignedDuration::from_secs(30));
    assert_eq!(
        at,
        Detection {
            requeue_after: 0,
            expired: vec![]
        }
    );
    let after = detect_failure(
        &mut timers,
        &m1,
        30,
        t0 + SignedDuration::from_millis(30_001),
    );
    assert_eq!(after.expired, m1);
    assert_eq!(after.requeue_after, 0, "nothing left to wait for");
}

// rb_application_failover_controller.go:115-117: with tolerationSeconds 0 the first
// sighting asks for no second look.
#[test]
fn a_zero_toleration_waits_for_the_next_event() {
    let mut timers = UnhealthyTimers::default();
    let t0 = ts("2026-01-01T00:00:00Z");
    let m1 = vec!["m1".to_string()];
    assert_eq!(
        detect_failure(&mut timers, &m1, 0, t0),
        Detection {
            requeue_after: 0,
            expired: vec![]
        }
    );
    let next = detect_failure(&mut timers, &m1, 0, t0 + SignedDuration::from_millis(1));
    assert_eq!(next.expired, m1);
}

// common.go:88-106 (deleteIrrelevantClusters).
#[test]
fn healthy_unknown_and_unplaced_clusters_lose_their_timers() {
    let t0 = ts("2026-01-01T00:00:00Z");
    let mut timers = UnhealthyTimers(
        [("m1", t0), ("m2", t0), ("gone", t0)]
            .into_iter()
            .map(|(c, t)| (c.to_string(), t))
            .collect(),
    );
    let placed: BTreeSet<String> = ["m1", "m2"].into_iter().map(String::from).collect();
    forget_irrelevant(&mut timers, &placed, &["m2".to_string()]);
    assert_eq!(timers.0.keys().collect::<Vec<_>>(), vec!["m1"]);
}

// common.go:138-177 (buildTaskOptions).
#[test]
fn task_options_follow_the_purge_mode_and_the_gates() {
    let agg = rb(json!({}), &[("m1", "Unhealthy")])
        .status
        .unwrap()
        .aggregated_status;
    let before = vec!["m1".to_string(), "m2".to_string()];
    let build = |app: Value, gates: TaskGates, v: KarmadaVersion| {
        let behavior: ApplicationFailoverBehavior = serde_json::from_value(app).unwrap();
        build_task_options(&behavior, &agg, "m1", PRODUCER_RB, &before, gates, v)
    };
    let graceful = build(
        json!({"purgeMode": "Gracefully", "gracePeriodSeconds": 60}),
        GATES,
        V::MASTER,
    )
    .unwrap();
    assert_eq!(graceful.grace_period_seconds, Some(60));
    assert_eq!(graceful.reason, REASON_APPLICATION_FAILURE);
    assert_eq!(graceful.suppress_deletion, None);
    let off = TaskGates {
        graceful_eviction: false,
        ..GATES
    };
    assert!(build(json!({"purgeMode": "Gracefully"}), off, V::MASTER)
        .unwrap_err()
        .contains("GracefulEviction featureGate"));
    let never = build(json!({"purgeMode": "Never"}), off, V::MASTER).unwrap();
    assert_eq!(never.suppress_deletion, Some(true));
    assert_eq!(never.grace_period_seconds, None);
    let directly = build(
        json!({"purgeMode": "Directly", "gracePeriodSeconds": 60}),
        GATES,
        V::MASTER,
    )
    .unwrap();
    assert_eq!(
        (directly.grace_period_seconds, directly.suppress_deletion),
        (None, None)
    );
    // Graciously: Gracefully until v1.19.0-rc.0 removed it.
    let old = build(
        json!({"purgeMode": "Graciously", "gracePeriodSeconds": 9}),
        GATES,
        V::release(18, 2),
    )
    .unwrap();
    assert_eq!(old.grace_period_seconds, Some(9));
    let new = build(
        json!({"purgeMode": "Graciously", "gracePeriodSeconds": 9}),
        GATES,
        V::MASTER,
    )
    .unwrap();
    assert_eq!(new.grace_period_seconds, None);
    // Read as written: upstream copies an absent purge mode as absent (the CRD's
    // default is the API server's), and any string as it is.
    assert_eq!(build(json!({}), GATES, V::MASTER).unwrap().purge_mode, None);
    assert_eq!(
        build(json!({"purgeMode": "Evict"}), GATES, V::MASTER)
            .unwrap()
            .purge_mode
            .as_deref(),
        Some("Evict")
    );
}

// common.go:144-158: state only under StatefulFailoverInjection, and only from a
// collected status.
#[test]
fn state_is_preserved_only_under_its_gate_and_from_a_collected_status() {
    let agg = rb(json!({}), &[("m1", "Unhealthy")])
        .status
        .unwrap()
        .aggregated_status;
    let behavior: ApplicationFailoverBehavior = serde_json::from_value(json!({
        "purgeMode": "Directly",
        "statePreservation": {"rules": [{"aliasLabelName": "ready", "jsonPath": "{.readyReplicas}"}]}
    }))
    .unwrap();
    let before = vec!["m1".to_string()];
    let off = build_task_options(
        &behavior,
        &agg,
        "m1",
        PRODUCER_RB,
        &before,
        GATES,
        V::MASTER,
    )
    .unwrap();
    assert_eq!(off.preserved_label_state, None);
    let on = TaskGates {
        stateful_failover_injection: true,
        ..GATES
    };
    let with =
        build_task_options(&behavior, &agg, "m1", PRODUCER_RB, &before, on, V::MASTER).unwrap();
    assert_eq!(with.preserved_label_state.unwrap()["ready"], "1");
    assert_eq!(with.clusters_before_failover, before);
    let missing = build_task_options(&behavior, &agg, "m9", PRODUCER_RB, &before, on, V::MASTER);
    assert_eq!(missing.unwrap_err(), not_collected("m9"));
}

// rb_application_failover_controller.go:121-181 (syncBinding, evictBinding,
// updateBinding): the expired clusters leave in one update, each with a task.
#[test]
fn a_sync_evicts_every_expired_cluster_at_once_and_forgets_their_timers() {
    let t0 = ts("2026-01-01T00:00:00Z");
    let mut b = rb(
        json!({"decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Never"}),
        &[("m1", "Unhealthy"), ("m2", "Unhealthy")],
    );
    let mut timers = UnhealthyTimers::default();
    let first = sync_binding(&mut b, &mut timers, GATES, V::MASTER, false, t0);
    assert_eq!((first.evicted().len(), first.requeue_after), (0, 30));
    let due = t0 + SignedDuration::from_millis(30_500);
    let second = sync_binding(&mut b, &mut timers, GATES, V::MASTER, false, due);
    assert_eq!(second.evicted(), ["m1", "m2"]);
    assert!(b.spec.clusters.is_empty(), "nothing keeps a last cluster");
    let tasks = &b.spec.graceful_eviction_tasks;
    assert_eq!(tasks.len(), 2);
    assert_eq!(tasks[0].producer, PRODUCER_RB);
    assert_eq!(tasks[0].suppress_deletion, Some(true));
    assert_eq!(tasks[0].replicas, Some(2));
    assert!(timers.0.is_empty());
}

#[test]
fn one_healthy_sighting_resets_the_timer() {
    let t0 = ts("2026-01-01T00:00:00Z");
    let app = json!({"decisionConditions": {"tolerationSeconds": 30}});
    let mut timers = UnhealthyTimers::default();
    let mut sick = rb(app.clone(), &[("m1", "Unhealthy")]);
    sync_binding(&mut sick, &mut timers, GATES, V::MASTER, false, t0);
    let mut well = rb(app.clone(), &[("m1", "Healthy")]);
    sync_binding(
        &mut well,
        &mut timers,
        GATES,
        V::MASTER,
        false,
        t0 + SignedDuration::from_secs(15),
    );
    assert!(timers.0.is_empty());
    let at = t0 + SignedDuration::from_secs(20);
    sync_binding(&mut sick, &mut timers, GATES, V::MASTER, false, at);
    assert_eq!(timers.0["m1"], at, "started again at the next sighting");
}

#[test]
fn a_failed_option_writes_nothing_and_keeps_the_timers() {
    let t0 = ts("2026-01-01T00:00:00Z");
    let mut b = rb(
        json!({"decisionConditions": {"tolerationSeconds": 1}, "purgeMode": "Gracefully"}),
        &[("m1", "Unhealthy")],
    );
    let gates = TaskGates {
        graceful_eviction: false,
        ..GATES
    };
    let mut timers = UnhealthyTimers::default();
    sync_binding(&mut b, &mut timers, gates, V::MASTER, false, t0);
    let out = sync_binding(
        &mut b,
        &mut timers,
        gates,
        V::MASTER,
        false,
        t0 + SignedDuration::from_secs(5),
    );
    assert!(out.error.is_some());
    assert_eq!(b.spec.clusters.len(), 2);
    assert!(b.spec.graceful_eviction_tasks.is_empty());
    assert!(timers.0.contains_key("m1"));
}

#[test]
fn a_filtered_binding_loses_its_timers() {
    let t0 = ts("2026-01-01T00:00:00Z");
    let mut b = rb(json!({}), &[("m1", "Unhealthy")]);
    let mut timers = UnhealthyTimers::default();
    sync_binding(&mut b, &mut timers, GATES, V::MASTER, false, t0);
    assert!(!timers.0.is_empty());
    b.spec.propagate_deps = Some(false);
    sync_binding(&mut b, &mut timers, GATES, V::MASTER, false, t0);
    assert!(timers.0.is_empty());
}

// common.go:144 and :161-170: the needs of the task options, and upstream's --controllers.
#[test]
fn unmet_needs_follow_the_gates_the_purge_mode_and_the_release() {
    let behavior =
        |app: Value| -> ApplicationFailoverBehavior { serde_json::from_value(app).unwrap() };
    let all_on = ControllerSettings {
        stateful_failover_injection: true,
        ..Default::default()
    };
    let stateful = behavior(
        json!({"statePreservation": {"rules": [{"aliasLabelName": "a", "jsonPath": "{.x}"}]}}),
    );
    assert!(unmet_needs(&stateful, &all_on).is_empty());
    let off = ControllerSettings {
        application_failover_controller: false,
        graceful_eviction: false,
        ..Default::default()
    };
    assert_eq!(
        unmet_needs(&stateful, &off),
        [
            Unmet::Controller,
            Unmet::GracefulEviction,
            Unmet::StatefulFailoverInjection
        ],
        "the CRD's default purge mode is Gracefully"
    );
    let gates_off = ControllerSettings {
        graceful_eviction: false,
        ..all_on.clone()
    };
    assert!(unmet_needs(&behavior(json!({"purgeMode": "Never"})), &gates_off).is_empty());
    let graciously = behavior(json!({"purgeMode": "Graciously"}));
    let at = |v: KarmadaVersion| ControllerSettings {
        karmada_version: v,
        ..gates_off.clone()
    };
    assert_eq!(
        unmet_needs(&graciously, &at(V::release(18, 2))),
        [Unmet::GracefulEviction]
    );
    assert!(unmet_needs(&graciously, &at(V::MASTER)).is_empty());
}
