use super::*;
use crate::engine::vocabulary::settings::QueueSettings;
use crate::fleet::{Binding, BindingKind};
use serde_json::json;
use strum::IntoEnumIterator;

fn now() -> Timestamp {
    "2026-11-22T12:00:00Z".parse().unwrap()
}

fn cluster(name: &str) -> Cluster {
    serde_json::from_value(json!({
        "metadata": {"name": name, "labels": {"name": name}},
        "spec": {},
        "status": {
            "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady", "message": "",
                            "lastTransitionTime": "2026-11-01T00:00:00Z"}],
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}
        }
    }))
    .unwrap()
}

fn binding(name: &str, names: &[&str], tasks: serde_json::Value) -> Binding {
    let placement = json!({
        "clusterAffinity": {"clusterNames": names},
        "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                              "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
    });
    serde_json::from_value::<Binding>(json!({
        "metadata": {"name": name, "namespace": "ns", "generation": 1,
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "namespace": "ns"},
            "replicas": 2,
            "placement": placement,
            "clusters": [{"name": "m1", "replicas": 2}],
            "gracefulEvictionTasks": tasks
        }
    }))
    .map(|mut b| {
        b.kind = BindingKind::ResourceBinding;
        b
    })
    .unwrap()
}

fn taint_policy(name: &str, effect: &str, targets: Option<&[&str]>) -> ClusterTaintPolicy {
    let mut spec = json!({
        "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False", "Unknown"]}],
        "taints": [{"key": "cluster.karmada.io/not-ready", "effect": effect}]
    });
    if let Some(t) = targets {
        spec["targetClusters"] = json!({"clusterNames": t});
    }
    serde_json::from_value(json!({"metadata": {"name": name}, "spec": spec})).unwrap()
}

/// A healthy control plane: every switch on, one NoExecute policy for all clusters, one
/// binding on m1 that can move to m2.
fn healthy() -> FleetState {
    FleetState {
        clusters: vec![cluster("m1"), cluster("m2")],
        bindings: vec![binding("web", &["m1", "m2"], json!([]))],
        taint_policies: vec![taint_policy("not-ready", "NoExecute", None)],
        ..Default::default()
    }
}

fn on() -> ControllerSettings {
    ControllerSettings {
        failover_feature_gate: true,
        enable_no_execute_taint_eviction: true,
        ..Default::default()
    }
}

fn run(
    state: &FleetState,
    settings: &ControllerSettings,
    queue: &QueueSettings,
    allow: bool,
) -> Diagnosis {
    run_unknown(state, settings, queue, allow, &[])
}

fn run_unknown(
    state: &FleetState,
    settings: &ControllerSettings,
    queue: &QueueSettings,
    allow: bool,
    unknown: &[Unknown],
) -> Diagnosis {
    let sources: BTreeMap<String, String> = [(
        "feature-gates".to_string(),
        "deployment karmada-system/karmada-controller-manager".to_string(),
    )]
    .into();
    diagnose(&DoctorInput {
        state,
        settings,
        queue,
        health: &HealthSettings::default(),
        webhook: WebhookSettings {
            allow_no_execute_taint_policy: allow,
            ..Default::default()
        },
        sources: &sources,
        short_sources: &sources,
        components: &[],
        unknown,
        estimators: None,
        now: now(),
    })
}

fn codes(d: &Diagnosis) -> Vec<FindingCode> {
    d.findings.iter().map(|f| f.code).collect()
}

fn healthy_run() -> Diagnosis {
    run(&healthy(), &on(), &QueueSettings::default(), true)
}

#[test]
fn a_healthy_plane_gets_a_clean_bill_and_per_cluster_answers() {
    let d = healthy_run();
    assert_eq!(codes(&d), []);
    assert_eq!(d.worst(), None);
    assert!(d.failover_on);
    assert_eq!(d.verdict, "cluster failover is ON: every check passed");
    let m1 = &d.clusters[0];
    assert_eq!((m1.bindings, m1.moving, m1.blocked), (1, 1, 0), "{m1:?}");
    assert_eq!(m1.policies, ["not-ready"]);
    // Counted from the moment it stops answering: detection first (refused: fastest,
    // frozen: slowest), then the untolerated binding goes as the taint lands.
    let h = HealthSettings::default();
    let ready = |mode| match crate::engine::karmada::cluster_health::on_failure(
        false,
        mode,
        now(),
        None,
        &h,
    ) {
        crate::engine::karmada::cluster_health::Happens::Yes(c) => c.at,
        other => panic!("{other:?}"),
    };
    let (fast, slow) = (ready(FailureMode::Refused), ready(FailureMode::Frozen));
    let secs = |t: Timestamp| t.as_second() - now().as_second();
    assert_eq!(m1.sync_mode, "Push");
    assert_eq!(m1.failures, [FailureMode::Refused, FailureMode::Frozen]);
    assert_eq!(
        m1.ready_after_seconds,
        Some(SecondsInterval {
            earliest: secs(fast.earliest),
            latest: secs(slow.latest) + 1
        })
    );
    assert_eq!(m1.first_after_seconds, Some(secs(fast.earliest)));
    assert!(
        m1.last_after_seconds.unwrap() >= secs(slow.latest),
        "{m1:?}"
    );
    assert!(m1.caveats.is_empty());
    let m2 = &d.clusters[1];
    assert_eq!(
        m2.nothing_moves.as_deref(),
        Some("no binding is placed on it")
    );
    assert_eq!(d.settings[0].flag, "karmada-version");
    assert_eq!(d.settings[0].value, "v1.18.2");
    assert_eq!(
        d.settings[1].source,
        "deployment karmada-system/karmada-controller-manager"
    );
    assert_eq!(d.settings[2].source, "upstream default");
}

#[test]
fn the_gate_and_the_eviction_switch() {
    let mut s = on();
    s.failover_feature_gate = false;
    let d = run(&healthy(), &s, &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::FailoverGateOff]);
    assert!(!d.failover_on);
    assert!(
        d.verdict.starts_with("cluster failover is OFF: Failover=false on karmada-controller-manager (deployment karmada-system/karmada-controller-manager)"),
        "{}",
        d.verdict
    );
    assert!(d.clusters[0]
        .nothing_moves
        .as_deref()
        .unwrap()
        .contains("Failover=false"));
    assert_eq!(d.clusters[0].moving, 0);
    let mut s = on();
    s.enable_no_execute_taint_eviction = false;
    let d = run(&healthy(), &s, &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::NoexecuteEvictionOff]);
    assert_eq!(d.worst(), Some(Severity::Error));
}

#[test]
fn purge_mode_rate_and_timeout() {
    let mut s = on();
    s.no_execute_taint_eviction_purge_mode = PurgeMode::Directly;
    assert_eq!(
        codes(&run(&healthy(), &s, &QueueSettings::default(), true)),
        [FindingCode::PurgeModeDirectly]
    );
    let q = QueueSettings {
        resource_eviction_rate: 0.0,
        ..Default::default()
    };
    let d = run(&healthy(), &on(), &q, true);
    assert_eq!(codes(&d), [FindingCode::EvictionRateZero]);
    assert_eq!(d.verdict, "cluster failover is ON, with 1 warning(s)");
    assert_eq!(d.worst(), Some(Severity::Warning));
    let mut s = on();
    s.graceful_eviction_timeout_seconds = 30;
    assert_eq!(
        codes(&run(&healthy(), &s, &QueueSettings::default(), true)),
        [FindingCode::GracefulTimeoutShort]
    );
    s.graceful_eviction_timeout_seconds = SHORT_GRACEFUL_TIMEOUT_SECONDS;
    assert_eq!(
        codes(&run(&healthy(), &s, &QueueSettings::default(), true)),
        []
    );
}

#[test]
fn policies_coverage_and_the_webhook() {
    let mut state = healthy();
    state.taint_policies = vec![taint_policy("soft", "NoSchedule", None)];
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::NoNoexecutePolicy]);
    assert!(!d.failover_on);
    assert_eq!(d.findings[0].evidence, ["soft (NoSchedule only)"]);
    assert!(d.clusters[0]
        .nothing_moves
        .as_deref()
        .unwrap()
        .contains("no ClusterTaintPolicy adds a NoExecute taint to m1 when it is Ready=False"));
    // ... and the webhook would refuse one: an error too.
    let d = run(&state, &on(), &QueueSettings::default(), false);
    assert_eq!(
        codes(&d),
        [
            FindingCode::NoNoexecutePolicy,
            FindingCode::WebhookRejectsNoexecutePolicy
        ]
    );
    assert_eq!(d.findings[1].severity, Severity::Error);
    // With a policy in place the webhook's refusal is a warning.
    let d = run(&healthy(), &on(), &QueueSettings::default(), false);
    assert_eq!(codes(&d), [FindingCode::WebhookRejectsNoexecutePolicy]);
    assert_eq!(d.findings[0].severity, Severity::Warning);
    // A policy for m1 only leaves m2 uncovered.
    let mut state = healthy();
    state.taint_policies = vec![taint_policy("m1-only", "NoExecute", Some(&["m1"]))];
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::ClustersUncovered]);
    assert_eq!(d.findings[0].evidence, ["m2"]);
}

#[test]
fn the_fleet_policies_bindings_and_tasks() {
    let mut state = healthy();
    state.propagation_policies = vec![serde_json::from_value(json!({
        "metadata": {"name": "forever", "namespace": "ns"},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}],
            "placement": {"clusterTolerations": [{"key": "cluster.karmada.io/not-ready", "operator": "Exists", "effect": "NoExecute"}]}
        }
    }))
    .unwrap()];
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::PolicyNeverFailsOver]);
    assert!(
        d.findings[0].evidence[0]
            .starts_with("propagationpolicy/ns/forever: noexecute-tolerated-forever"),
        "{:?}",
        d.findings[0].evidence
    );

    let mut state = healthy();
    state.bindings.push(binding("pinned", &["m1"], json!([])));
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::NowhereToGo]);
    assert_eq!(d.findings[0].evidence, ["m1: 1 binding(s): rb/ns/pinned"]);
    assert_eq!(d.clusters[0].blocked, 1, "{:?}", d.clusters[0]);
    assert_eq!(d.clusters[0].moving, 1);

    let mut state = healthy();
    state.bindings = vec![binding(
        "web",
        &["m1", "m2"],
        json!([{"fromCluster": "m2", "reason": "TaintUntolerated", "producer": "TaintManager"}]),
    )];
    let d = run(&state, &on(), &QueueSettings::default(), true);
    // The stale task keeps m2 out of web's placement: from m1 it has nowhere to go now,
    // which is why a stale task matters.
    assert_eq!(
        codes(&d),
        [FindingCode::NowhereToGo, FindingCode::StaleEvictionTask]
    );
    assert_eq!(d.findings[1].evidence, ["rb/ns/web from m2"]);
    // A task from a cluster still down is not stale.
    state.clusters[1].status.as_mut().unwrap().conditions[0].status = "False".into();
    assert!(!codes(&run(&state, &on(), &QueueSettings::default(), true))
        .contains(&FindingCode::StaleEvictionTask));
}

#[test]
fn unknown_components_skip_their_checks_and_the_verdict_says_so() {
    let cm = Unknown {
        component: "karmada-controller-manager",
        why: "not found: looked for karmada-controller-manager".into(),
        fix: "name it with --controller-manager NAMESPACE/NAME".into(),
    };
    let webhook = Unknown {
        component: "karmada-webhook",
        why: "deployments in karmada-system could not be read: forbidden".into(),
        fix: "name it with --webhook NAMESPACE/NAME".into(),
    };
    // Everything off, but unknown: no check of those settings runs.
    let off = ControllerSettings::default();
    let d = run_unknown(
        &healthy(),
        &off,
        &QueueSettings::default(),
        false,
        &[cm.clone(), webhook.clone()],
    );
    assert_eq!(
        codes(&d),
        [FindingCode::ComponentUnknown, FindingCode::ComponentUnknown]
    );
    assert!(!d.failover_on);
    assert!(d.verdict.starts_with("cluster failover is UNKNOWN: the settings of karmada-controller-manager could not be read (not found"), "{}", d.verdict);
    assert!(d
        .settings
        .iter()
        .filter(|s| s.component != "karmada-scheduler")
        .all(|s| s.value == "unknown"));
    assert_eq!(d.unknown.len(), 2);
    // Only the webhook unknown: the controller checks run, and the verdict says what it
    // could not know.
    let d = run_unknown(
        &healthy(),
        &on(),
        &QueueSettings::default(),
        false,
        &[webhook],
    );
    assert_eq!(codes(&d), [FindingCode::ComponentUnknown]);
    assert!(d.failover_on);
    assert!(d.verdict.starts_with("cluster failover is ON, with 1 warning(s) (could not know: the settings of karmada-webhook"), "{}", d.verdict);
    // A known error still says OFF first.
    let d = run_unknown(
        &FleetState::default(),
        &on(),
        &QueueSettings::default(),
        true,
        &[],
    );
    assert!(
        d.verdict.starts_with("cluster failover is OFF"),
        "{}",
        d.verdict
    );
}

#[test]
fn every_code_is_covered_by_these_tests() {
    // Keep the list of codes and the tests above in step: a new code needs a trigger.
    let tested = [
        FindingCode::FailoverGateOff,
        FindingCode::NoexecuteEvictionOff,
        FindingCode::PurgeModeDirectly,
        FindingCode::EvictionRateZero,
        FindingCode::GracefulTimeoutShort,
        FindingCode::NoNoexecutePolicy,
        FindingCode::ClustersUncovered,
        FindingCode::WebhookRejectsNoexecutePolicy,
        FindingCode::PolicyNeverFailsOver,
        FindingCode::NowhereToGo,
        FindingCode::StaleEvictionTask,
        FindingCode::PolicyNeverFires,
        FindingCode::PolicyMissesAgentDown,
        FindingCode::DetectionSlowerThanTolerations,
        FindingCode::StateGateOff,
        FindingCode::StateHeld,
        FindingCode::VersionRequeueTolerated,
        FindingCode::VersionSchedulerSpreadPanic,
        FindingCode::VersionZeroReplicaWorkload,
        FindingCode::VersionRandomApportionment,
        FindingCode::VersionUnlockedEvictionPatch,
        FindingCode::ComponentUnknown,
        FindingCode::LossLeavesPending,
        FindingCode::AppFailoverControllerOff,
        FindingCode::AppFailoverGracefulGateOff,
        FindingCode::AppFailoverStateGateOff,
        FindingCode::AppFailoverSkipped,
        FindingCode::AppFailoverZeroToleration,
        FindingCode::AppFailoverUnhealthyNow,
        FindingCode::AppFailoverCopiesHeld,
        FindingCode::AppFailoverLoop,
        FindingCode::EstimatorMissing,
        FindingCode::EstimatorUnused,
    ];
    assert_eq!(FindingCode::iter().collect::<Vec<_>>(), tested);
}

#[test]
fn a_binding_application_failover_left_unplaced_loops() {
    let mut fleet = healthy();
    let mut gone = app_binding(
        "gone",
        json!({"decisionConditions": {"tolerationSeconds": 30}, "purgeMode": "Directly"}),
        true,
    );
    gone.spec.clusters.clear();
    gone.spec.graceful_eviction_tasks = serde_json::from_value(json!([{"fromCluster": "m1",
        "purgeMode": "Directly", "replicas": 2, "reason": "ApplicationFailure",
        "producer": "resource-binding-application-failover-controller"}]))
    .unwrap();
    fleet.bindings.push(gone.clone());
    let d = run(&fleet, &on(), &QueueSettings::default(), true);
    let loop_ = d
        .findings
        .iter()
        .find(|f| f.code == FindingCode::AppFailoverLoop)
        .unwrap_or_else(|| panic!("{:?}", codes(&d)));
    assert_eq!(loop_.evidence, ["rb/ns/gone: back on m1"]);
    // Held until confirmed (Never), it does not come back by itself.
    fleet.bindings.pop();
    gone.spec.graceful_eviction_tasks[0].suppress_deletion = Some(true);
    fleet.bindings.push(gone);
    let d = run(&fleet, &on(), &QueueSettings::default(), true);
    assert!(!codes(&d).contains(&FindingCode::AppFailoverLoop));
}

/// A binding with application failover, Unhealthy on m1.
fn app_binding(name: &str, application: serde_json::Value, deps: bool) -> Binding {
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": "ns"},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "namespace": "ns"},
            "replicas": 2, "propagateDeps": deps,
            "clusters": [{"name": "m1", "replicas": 2}],
            "failover": {"application": application}
        },
        "status": {"aggregatedStatus": [{"clusterName": "m1", "applied": true, "health": "Unhealthy"}]}
    }))
    .unwrap()
}

#[test]
fn application_failover_off_skipped_surprising_and_held() {
    let mut fleet = healthy();
    fleet.bindings.push(app_binding(
        "sick",
        json!({"decisionConditions": {"tolerationSeconds": 0}, "purgeMode": "Gracefully",
               "statePreservation": {"rules": [{"aliasLabelName": "a", "jsonPath": "{.x}"}]}}),
        true,
    ));
    fleet.bindings.push(app_binding(
        "nodeps",
        json!({"purgeMode": "Directly"}),
        false,
    ));
    let mut held = binding(
        "held",
        &["m2"],
        json!([{"fromCluster": "m1", "purgeMode": "Never",
        "producer": "resource-binding-application-failover-controller", "reason": "ApplicationFailure"}]),
    );
    held.metadata.namespace = Some("ns".into());
    fleet.bindings.push(held);
    let settings = ControllerSettings {
        application_failover_controller: false,
        graceful_eviction: false,
        ..on()
    };
    let d = run(&fleet, &settings, &QueueSettings::default(), true);
    let found = codes(&d);
    for code in [
        FindingCode::AppFailoverControllerOff,
        FindingCode::AppFailoverGracefulGateOff,
        FindingCode::AppFailoverStateGateOff,
        FindingCode::AppFailoverZeroToleration,
        FindingCode::AppFailoverCopiesHeld,
    ] {
        assert!(found.contains(&code), "{code:?} in {found:?}");
    }
    // With the controller on, the skipped binding and the Unhealthy one show.
    let d = run(&fleet, &on(), &QueueSettings::default(), true);
    let found = codes(&d);
    assert!(
        found.contains(&FindingCode::AppFailoverSkipped),
        "{found:?}"
    );
    assert!(
        found.contains(&FindingCode::AppFailoverUnhealthyNow),
        "{found:?}"
    );
    assert!(!found.contains(&FindingCode::AppFailoverControllerOff));
    assert!(!found.contains(&FindingCode::AppFailoverGracefulGateOff));
}

#[test]
fn a_loss_whose_replicas_do_not_fit_is_a_finding_and_in_the_answer() {
    // Three 6-replica, 1-CPU bindings on m1; m2 has 8 cores: 18 arrive for 8.
    let mut state = healthy();
    state.bindings = ["a", "b", "c"]
        .iter()
        .map(|n| {
            let mut b = binding(n, &["m1", "m2"], json!([]));
            b.spec.replicas = Some(6);
            b.spec.clusters[0].replicas = 6;
            b.spec.replica_requirements =
                Some(serde_json::from_value(json!({"resourceRequest": {"cpu": "1"}})).unwrap());
            b
        })
        .collect();
    let d = run(&state, &on(), &QueueSettings::default(), true);
    let m1 = d.clusters.iter().find(|c| c.cluster == "m1").unwrap();
    assert_eq!(m1.pending_replicas, 10, "{m1:#?}");
    assert_eq!(m1.pending_on.iter().collect::<Vec<_>>(), [("m2", 10)]);
    let f = d
        .findings
        .iter()
        .find(|f| f.code == FindingCode::LossLeavesPending)
        .unwrap_or_else(|| panic!("{:#?}", d.findings));
    assert_eq!(f.evidence, ["m1: 10 Pending (m2=10)"]);
    // Each binding on its own fits: the healthy fleet has no such finding.
    assert!(!codes(&healthy_run()).contains(&FindingCode::LossLeavesPending));
}

fn only(name: &str, statuses: &[&str]) -> ClusterTaintPolicy {
    let mut p = taint_policy(name, "NoExecute", None);
    p.spec.add_on_conditions[0].status_values = statuses.iter().map(|s| s.to_string()).collect();
    p
}

#[test]
fn a_policy_on_unknown_never_fires_for_push_clusters() {
    let mut state = healthy();
    state.taint_policies = vec![only("on-unknown", &["Unknown"])];
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(
        codes(&d),
        [FindingCode::PolicyNeverFires],
        "{:?}",
        d.findings
    );
    assert!(
        d.findings[0].evidence[0]
            .contains("on-unknown (Ready In [Unknown]) never fires for Push cluster(s) m1, m2"),
        "{:?}",
        d.findings[0]
    );
    let m1 = &d.clusters[0];
    assert_eq!(m1.moving, 0);
    assert!(m1.policies.is_empty());
    assert!(
        m1.nothing_moves
            .as_deref()
            .unwrap()
            .contains("when it is Ready=False"),
        "{m1:?}"
    );
    // A Pull cluster reaches Unknown when its agent stops: the policy fires for it.
    state.clusters[0].spec.sync_mode = Some("Pull".into());
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert!(
        d.findings[0].evidence[0].contains("Push cluster(s) m2:"),
        "{:?}",
        d.findings[0]
    );
    let m1 = &d.clusters[0];
    assert_eq!((m1.sync_mode, m1.moving), ("Pull", 1), "{m1:?}");
    assert_eq!(
        m1.failures,
        [
            FailureMode::AgentDown,
            FailureMode::Refused,
            FailureMode::Frozen
        ]
    );
    assert_eq!(
        m1.caveats.len(),
        2,
        "refused and frozen turn Ready False: {m1:?}"
    );
}

#[test]
fn a_policy_on_false_misses_a_pull_clusters_agent() {
    let mut state = healthy();
    state.taint_policies = vec![only("on-false", &["False"])];
    assert_eq!(
        codes(&run(&state, &on(), &QueueSettings::default(), true)),
        []
    );
    state.clusters[0].spec.sync_mode = Some("Pull".into());
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::PolicyMissesAgentDown]);
    let m1 = &d.clusters[0];
    assert_eq!(m1.moving, 1);
    assert!(m1.caveats[0].starts_with("agent-down: no ClusterTaintPolicy adds a NoExecute taint to m1 when it is Ready=Unknown"), "{m1:?}");
    // Conditions on other types are not judged.
    let mut p = only("other", &["False"]);
    p.spec.add_on_conditions[0].condition_type = "NetworkReady".into();
    state.taint_policies = vec![p];
    assert!(!codes(&run(&state, &on(), &QueueSettings::default(), true))
        .contains(&FindingCode::PolicyMissesAgentDown));
}

#[test]
fn health_flags_slower_than_a_toleration() {
    let mut state = healthy();
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["m1", "m2"]},
        "clusterTolerations": [{"key": "cluster.karmada.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 60}]
    });
    state.bindings[0]
        .metadata
        .annotations
        .as_mut()
        .unwrap()
        .insert("policy.karmada.io/applied-placement", placement.to_string());
    let diagnose_with = |h: &HealthSettings| {
        let sources = BTreeMap::new();
        diagnose(&DoctorInput {
            state: &state,
            settings: &on(),
            queue: &QueueSettings::default(),
            health: h,
            webhook: WebhookSettings {
                allow_no_execute_taint_policy: true,
                ..Default::default()
            },
            sources: &sources,
            short_sources: &sources,
            components: &[],
            unknown: &[],
            estimators: None,
            now: now(),
        })
    };
    // Upstream's defaults notice a refused member in well under a minute.
    assert_eq!(codes(&diagnose_with(&HealthSettings::default())), []);
    let slow = HealthSettings {
        failure_threshold: SignedDuration::from_secs(300),
        ..Default::default()
    };
    let d = diagnose_with(&slow);
    assert_eq!(codes(&d), [FindingCode::DetectionSlowerThanTolerations]);
    let f = &d.findings[0];
    assert!(
        f.message
            .contains("--cluster-failure-threshold=300s (upstream default)"),
        "{}",
        f.message
    );
    assert!(
        f.evidence[0].starts_with("rb/ns/web on m1: tolerates 60s"),
        "{:?}",
        f.evidence
    );
    // A toleration longer than the slow detection is not hurt.
    let slower = HealthSettings {
        failure_threshold: SignedDuration::from_secs(50),
        ..Default::default()
    };
    assert_eq!(codes(&diagnose_with(&slower)), []);
}

#[test]
fn stateful_bindings_without_the_gate_or_without_a_collected_status() {
    let mut state = healthy();
    let b = &mut state.bindings[0];
    b.spec.failover = Some(
        serde_json::from_value(json!({"cluster": {"purgeMode": "Directly",
        "statePreservation": {"rules": [{"aliasLabelName": "job", "jsonPath": "{.jobID}"}]}}}))
        .unwrap(),
    );
    let d = run(&state, &on(), &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::StateGateOff]);
    assert_eq!(d.findings[0].evidence, ["rb/ns/web"]);
    let gate = ControllerSettings {
        stateful_failover_injection: true,
        ..on()
    };
    // No status collected from m1: a failover there would be held back.
    let d = run(&state, &gate, &QueueSettings::default(), true);
    assert_eq!(codes(&d), [FindingCode::StateHeld], "{:?}", d.findings);
    assert!(d.findings[0].evidence[0].starts_with(
        "rb/ns/web on m1: the application status has not yet been collected from Cluster(m1)"
    ));
    // Collected, with the field: nothing to say.
    state.bindings[0].status = Some(
        serde_json::from_value(json!({"aggregatedStatus": [
        {"clusterName": "m1", "status": {"jobID": "j-1"}}]}))
        .unwrap(),
    );
    assert_eq!(
        codes(&run(&state, &gate, &QueueSettings::default(), true)),
        []
    );
}

/// `binding` with its applied placement (and spec.placement) changed by `f`.
fn placed(name: &str, f: impl Fn(&mut serde_json::Value)) -> Binding {
    let mut b = binding(name, &["m1", "m2"], json!(null));
    let mut p = serde_json::to_value(b.spec.placement.as_ref().unwrap()).unwrap();
    f(&mut p);
    b.spec.placement = Some(serde_json::from_value(p.clone()).unwrap());
    b.metadata
        .annotations
        .as_mut()
        .unwrap()
        .insert("policy.karmada.io/applied-placement", p.to_string());
    b
}

fn at_version(v: &str) -> ControllerSettings {
    ControllerSettings {
        karmada_version: v.parse().unwrap(),
        ..on()
    }
}

#[test]
fn known_bugs_of_the_release_that_runs_on_both_sides_of_their_fix() {
    let mut state = healthy();
    state.bindings.push(placed("tolerant", |p| {
        p["clusterTolerations"] =
            json!([{"key": "cluster.karmada.io/not-ready", "operator": "Exists", "effect": "NoExecute"}]);
    }));
    state.bindings.push(placed("spread", |p| {
        p["replicaScheduling"] = json!({"replicaSchedulingType": "Duplicated"});
        p["spreadConstraints"] = json!([{"spreadByField": "region", "maxGroups": 2}]);
    }));
    state.bindings.push(placed("weighted", |p| {
        p["replicaScheduling"] = json!({"replicaSchedulingType": "Divided",
            "replicaDivisionPreference": "Weighted",
            "weightPreference": {"staticWeightList": [
                {"targetCluster": {"clusterNames": ["m1"]}, "weight": 1}]}});
    }));
    let mut zero = placed("zero", |_| {});
    zero.spec.replicas = Some(0);
    zero.spec.replica_requirements =
        Some(serde_json::from_value(json!({"resourceRequest": {"cpu": "1"}})).unwrap());
    state.bindings.push(zero);
    let found = |v: &str| -> Vec<FindingCode> {
        let d = run(&state, &at_version(v), &QueueSettings::default(), true);
        codes(&d)
            .into_iter()
            .filter(|c| c.as_str().starts_with("version-"))
            .collect()
    };
    use FindingCode::*;
    assert_eq!(
        found("v1.15.0"),
        [
            VersionSchedulerSpreadPanic,
            VersionZeroReplicaWorkload,
            VersionRandomApportionment,
            VersionUnlockedEvictionPatch
        ]
    );
    assert_eq!(
        found("v1.15.9"),
        [VersionZeroReplicaWorkload, VersionRandomApportionment]
    );
    assert_eq!(
        found("v1.16.2"),
        [
            VersionRequeueTolerated,
            VersionSchedulerSpreadPanic,
            VersionUnlockedEvictionPatch
        ]
    );
    assert_eq!(found("v1.16.8"), []);
    assert_eq!(
        found("v1.17.0"),
        [VersionRequeueTolerated, VersionUnlockedEvictionPatch]
    );
    assert_eq!(found("v1.17.4"), [VersionRequeueTolerated]);
    assert_eq!(found("v1.17.5"), []);
    assert_eq!(found("v1.18.1"), [VersionRequeueTolerated]);
    assert_eq!(found("v1.18.2"), []);
    assert_eq!(found("master"), []);
    let d = run(
        &state,
        &at_version("v1.17.4"),
        &QueueSettings::default(),
        true,
    );
    let f = d
        .findings
        .iter()
        .find(|f| f.code == VersionRequeueTolerated)
        .unwrap();
    assert_eq!(f.evidence, ["rb/ns/tolerant"]);
    assert!(f.fix.contains("v1.17.0-v1.17.4"), "{}", f.fix);
}

#[test]
fn members_without_an_estimator_and_estimators_nobody_asks() {
    let state = healthy();
    let run = |settings: &ControllerSettings, found: &BTreeMap<String, String>| {
        let sources = BTreeMap::new();
        codes(&diagnose(&DoctorInput {
            state: &state,
            settings,
            queue: &QueueSettings::default(),
            health: &HealthSettings::default(),
            webhook: WebhookSettings {
                allow_no_execute_taint_policy: true,
                ..Default::default()
            },
            sources: &sources,
            short_sources: &sources,
            components: &[],
            unknown: &[],
            estimators: Some(found),
            now: now(),
        }))
    };
    let one: BTreeMap<String, String> =
        [("m1".to_string(), "deploy/karmada-system/est-m1".to_string())].into();
    let mut asking = on();
    asking.scheduler_estimator = true;
    // m2 has none: its replicas are placed by the general estimator alone.
    assert_eq!(run(&asking, &one), [FindingCode::EstimatorMissing]);
    // Nobody asks m1's.
    assert_eq!(run(&on(), &one), [FindingCode::EstimatorUnused]);
    let mut descheduling = on();
    descheduling.descheduler.running = true;
    assert_eq!(run(&descheduling, &one), []);
    assert_eq!(run(&on(), &BTreeMap::new()), []);
}

#[test]
fn pending_on_is_a_map_in_name_order_whose_last_count_wins() {
    let on: PendingOn = [("m3", 1), ("m1", 2), ("m3", 4)]
        .into_iter()
        .map(|(c, n)| (std::sync::Arc::from(c), n))
        .collect();
    assert_eq!(serde_json::to_string(&on).unwrap(), r#"{"m1":2,"m3":4}"#);
    assert!(PendingOn::default().is_empty());
}

#[test]
fn named_spells_out_the_first_few_and_counts_the_rest() {
    let items: Vec<String> = (1..=7).map(|i| format!("c{i}")).collect();
    let named = named(&items);
    assert_eq!(named.len(), EVIDENCE_LIMIT + 1);
    assert_eq!(named[0], "c1");
    assert_eq!(named[EVIDENCE_LIMIT], "... and 2 more");
    assert_eq!(super::named(&items[..3]), ["c1", "c2", "c3"]);
}
