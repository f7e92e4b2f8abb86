use serde_json::json;

use super::*;
use crate::api::ClusterTaintPolicy;
use crate::fleet::BindingKind;

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn cluster(name: &str, ready: &str, since: &str, taints: serde_json::Value) -> Cluster {
    serde_json::from_value(json!({"metadata": {"name": name, "resourceVersion": "1"}, "spec": {"taints": taints},
        "status": {"conditions": [{"type": "Ready", "status": ready, "lastTransitionTime": since, "reason": "r", "message": ""}],
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}]}}))
    .unwrap()
}

fn binding(
    clusters: serde_json::Value,
    tasks: serde_json::Value,
    generation: i64,
    observed: i64,
    health: &[&str],
) -> Binding {
    let statuses: Vec<_> = health
        .iter()
        .map(|c| json!({"clusterName": c, "applied": true, "health": "Healthy"}))
        .collect();
    let mut b: Binding = serde_json::from_value(json!({
        "metadata": {"name": "web", "namespace": "shop", "generation": generation, "resourceVersion": generation.to_string(),
                     "annotations": {"policy.karmada.io/applied-placement": PLACEMENT}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "namespace": "shop"},
            "replicas": 2,
            "placement": {"clusterAffinity": {"clusterNames": ["m1", "m2"]},
                          "replicaScheduling": {"replicaSchedulingType": "Duplicated"}},
            "clusters": clusters,
            "gracefulEvictionTasks": tasks,
        },
        "status": {"schedulerObservedGeneration": observed, "aggregatedStatus": statuses},
    }))
    .unwrap();
    b.kind = BindingKind::ResourceBinding;
    b
}

/// The placement the taint manager reads the tolerations from (none here).
const PLACEMENT: &str = r#"{"clusterAffinity":{"clusterNames":["m1","m2"]},"replicaScheduling":{"replicaSchedulingType":"Duplicated"}}"#;

fn policy() -> ClusterTaintPolicy {
    serde_json::from_value(json!({
        "metadata": {"name": "not-ready"},
        "spec": {
            "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False"]}],
            "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
            "taints": [{"key": "cluster.karmada.io/not-ready", "effect": "NoExecute"}]
        }
    }))
    .unwrap()
}

fn tracker(policies: Vec<ClusterTaintPolicy>) -> Tracker {
    let state = FleetState {
        clusters: vec![
            cluster("m1", "True", "2026-01-01T00:00:00Z", json!([])),
            cluster("m2", "True", "2026-01-01T00:00:00Z", json!([])),
        ],
        bindings: vec![binding(
            json!([{"name": "m1", "replicas": 2}, {"name": "m2", "replicas": 2}]),
            json!([]),
            1,
            1,
            &["m1", "m2"],
        )],
        taint_policies: policies,
        ..Default::default()
    };
    // Failover on, as the controllers of a fleet that fails over run.
    let ctx = Context {
        settings: ControllerSettings {
            failover_feature_gate: true,
            enable_no_execute_taint_eviction: true,
            ..ControllerSettings::default()
        },
        queue: QueueSettings::default(),
    };
    Tracker::new(state, &["m1".to_string()], ctx, ts("2026-01-01T00:10:00Z"))
}

const NOT_READY: &str = "cluster.karmada.io/not-ready";

#[test]
fn a_failure_is_followed_step_by_step_against_its_prediction_until_settled() {
    let mut t = tracker(vec![policy()]);
    assert_eq!(t.stage("m1"), Stage::Probing);
    assert!(!t.settled());

    // Ready=False at :10:30; the policy's taint is predicted within the next seconds.
    let now = ts("2026-01-01T00:10:30.2Z");
    let ev = t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", json!([])),
        now,
    );
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].step, Step::ReadyFalse);
    assert_eq!(ev[0].stage, Stage::ReadyFalse);
    assert_eq!(t.progress().predicted, 1);

    // The taint, stamped in its interval.
    let tainted = json!([{"key": NOT_READY, "effect": "NoSchedule", "timeAdded": "2026-01-01T00:10:30Z"},
                         {"key": NOT_READY, "effect": "NoExecute", "timeAdded": "2026-01-01T00:10:30Z"}]);
    let ev = t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", tainted.clone()),
        now,
    );
    let noexec = ev
        .iter()
        .find(|e| e.detail == format!("{NOT_READY}:NoExecute"))
        .unwrap();
    assert_eq!(noexec.step, Step::TaintAdded);
    assert_eq!(noexec.held, Some(true), "{noexec:?}");
    assert_eq!(noexec.stage, Stage::Tainted);
    let predicted = t.view(now).next[0].at;

    // The eviction, then the new placement, health there, the old copy gone.
    let task = json!([{"fromCluster": "m1", "reason": "TaintUntolerated", "producer": "TaintManager",
                       "purgeMode": "Gracefully", "creationTimestamp": predicted.earliest.to_string()}]);
    let at = predicted.earliest;
    let ev = t.binding(
        binding(
            json!([{"name": "m2", "replicas": 2}]),
            task.clone(),
            2,
            1,
            &["m1", "m2"],
        ),
        at,
    );
    assert_eq!(ev[0].step, Step::Evicted);
    assert_eq!(ev[0].held, Some(true), "{ev:?}");
    assert_eq!(ev[0].stage, Stage::Evicting);
    let ev = t.binding(
        binding(json!([{"name": "m2", "replicas": 2}]), task, 2, 2, &["m2"]),
        at,
    );
    let steps: Vec<Step> = ev.iter().map(|e| e.step).collect();
    assert_eq!(steps, [Step::Replaced, Step::Healthy]);
    assert_eq!(ev[0].held, Some(true), "placement as predicted: {ev:?}");
    assert!(!t.settled());
    let ev = t.binding(
        binding(
            json!([{"name": "m2", "replicas": 2}]),
            json!([]),
            2,
            2,
            &["m2"],
        ),
        at,
    );
    let steps: Vec<Step> = ev.iter().map(|e| e.step).collect();
    assert_eq!(steps, [Step::OldCopyGone, Step::Settled]);
    assert!(t.settled());
    assert_eq!(t.stage("m1"), Stage::Settled);
    let p = t.progress();
    assert_eq!(
        (p.evicted, p.replaced, p.healthy, p.old_copies_gone),
        (1, 1, 1, 1)
    );
}

#[test]
fn a_late_eviction_is_followed_to_its_end_and_nothing_settles_before() {
    // As with a controller-manager stalled after its first eviction: the eviction's
    // interval ends without it. The watch says so, does not settle, and judges the
    // eviction late when it comes.
    let mut t = tracker(vec![policy()]);
    let failed = ts("2026-01-01T00:10:30.2Z");
    t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", json!([])),
        failed,
    );
    let tainted =
        json!([{"key": NOT_READY, "effect": "NoExecute", "timeAdded": "2026-01-01T00:10:30Z"}]);
    t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", tainted),
        failed,
    );
    let predicted = t.view(failed).next[0].at;
    let past = predicted.latest + jiff::SignedDuration::from_secs(5);
    let ev = t.tick(past);
    assert_eq!(ev.len(), 1, "{ev:?}");
    assert_eq!(ev[0].step, Step::Missed);
    assert!(ev[0].detail.starts_with("evicted predicted by"), "{ev:?}");
    assert!(
        ev[0]
            .hint
            .as_ref()
            .unwrap()
            .message
            .contains("still waiting"),
        "{ev:?}"
    );
    assert!(!t.settled(), "a late step is still awaited");
    assert_eq!(t.stage("m1"), Stage::Tainted);
    assert_eq!(
        t.view(past).next.len(),
        1,
        "the late eviction is still next"
    );
    assert!(t
        .tick(past + jiff::SignedDuration::from_secs(60))
        .is_empty());

    // It comes 2.3 s later than its interval's end.
    let late = predicted.latest + jiff::SignedDuration::from_millis(2300);
    let task = json!([{"fromCluster": "m1", "reason": "TaintUntolerated", "producer": "TaintManager",
                       "purgeMode": "Gracefully", "creationTimestamp": late.to_string()}]);
    let ev = t.binding(
        binding(
            json!([{"name": "m2", "replicas": 2}]),
            task.clone(),
            2,
            1,
            &["m1", "m2"],
        ),
        late,
    );
    assert_eq!(ev[0].step, Step::Evicted);
    assert_eq!(ev[0].held, Some(false), "{ev:?}");
    assert_eq!(ev[0].hint.as_ref().unwrap().code, ReasonCode::WatchStepLate);
    assert!(!t.settled());
    t.binding(
        binding(json!([{"name": "m2", "replicas": 2}]), task, 2, 2, &["m2"]),
        late,
    );
    let ev = t.binding(
        binding(
            json!([{"name": "m2", "replicas": 2}]),
            json!([]),
            2,
            2,
            &["m2"],
        ),
        late,
    );
    let steps: Vec<Step> = ev.iter().map(|e| e.step).collect();
    assert_eq!(steps, [Step::OldCopyGone, Step::Settled]);
    assert_eq!(t.progress().evicted, 1);
}

#[test]
fn a_taint_that_never_comes_is_called_out_and_a_late_one_is_judged_late() {
    let mut t = tracker(vec![policy()]);
    let now = ts("2026-01-01T00:10:30.2Z");
    t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", json!([])),
        now,
    );
    assert!(t.tick(ts("2026-01-01T00:10:31Z")).is_empty());
    let ev = t.tick(ts("2026-01-01T00:10:40Z"));
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].step, Step::Missed);
    assert_eq!(
        ev[0].hint.as_ref().unwrap().code,
        ReasonCode::WatchStepMissing
    );
    // Said once.
    assert!(t.tick(ts("2026-01-01T00:10:50Z")).is_empty());
    let late =
        json!([{"key": NOT_READY, "effect": "NoExecute", "timeAdded": "2026-01-01T00:10:50Z"}]);
    let ev = t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", late),
        ts("2026-01-01T00:10:50Z"),
    );
    assert_eq!(ev[0].held, Some(false));
    assert_eq!(ev[0].hint.as_ref().unwrap().code, ReasonCode::WatchStepLate);
}

#[test]
fn without_a_noexecute_policy_nothing_is_expected_and_the_failure_settles_at_once() {
    let mut t = tracker(Vec::new());
    let ev = t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", json!([])),
        ts("2026-01-01T00:10:30.2Z"),
    );
    let steps: Vec<Step> = ev.iter().map(|e| e.step).collect();
    assert_eq!(steps, [Step::ReadyFalse, Step::Settled]);
    assert_eq!(t.progress().predicted, 0);
}

#[test]
fn clusters_not_followed_show_no_steps() {
    let mut t = tracker(vec![policy()]);
    let ev = t.cluster(
        cluster("m2", "False", "2026-01-01T00:10:30Z", json!([])),
        ts("2026-01-01T00:10:30.2Z"),
    );
    assert!(ev.is_empty());
    assert_eq!(t.clusters(), ["m1"]);
}

#[test]
fn a_cluster_back_before_its_taint_settles_with_nothing_moved() {
    let mut t = tracker(vec![policy()]);
    t.cluster(
        cluster("m1", "False", "2026-01-01T00:10:30Z", json!([])),
        ts("2026-01-01T00:10:30.2Z"),
    );
    assert_eq!(t.progress().predicted, 1);
    let ev = t.cluster(
        cluster("m1", "True", "2026-01-01T00:10:31Z", json!([])),
        ts("2026-01-01T00:10:31.2Z"),
    );
    let steps: Vec<Step> = ev.iter().map(|e| e.step).collect();
    assert_eq!(steps, [Step::ReadyTrue, Step::Settled]);
    assert_eq!(t.stage("m1"), Stage::Recovering);
    assert_eq!(t.progress().predicted, 0);
}

#[test]
fn an_eviction_from_a_cluster_not_yet_seen_failing_asks_for_the_cluster_first() {
    let t = tracker(vec![policy()]);
    let task =
        json!([{"fromCluster": "m1", "reason": "TaintUntolerated", "producer": "TaintManager"}]);
    let evicted = binding(
        json!([{"name": "m2", "replicas": 2}]),
        task,
        2,
        1,
        &["m1", "m2"],
    );
    assert_eq!(t.unseen_failures(&evicted), ["m1"]);
    // m2 is not followed.
    let other = binding(
        json!([{"name": "m1", "replicas": 2}]),
        json!([]),
        2,
        1,
        &["m1"],
    );
    assert!(t.unseen_failures(&other).is_empty());
}
