use super::*;
use crate::api::binding::TargetCluster;
use crate::api::policy::ClusterFailoverBehavior;
use crate::api::{BindingSpec, FailoverBehavior, ObjectMeta, Placement, Taint, Toleration};
use crate::engine::karmada::taint_manager::tests::{arb_taint, taint, tol, ts, NOW};

fn cluster(name: &str, taints: Vec<Taint>) -> Cluster {
    let mut c = Cluster::new(name, Default::default());
    c.metadata = ObjectMeta {
        name: Some(name.into()),
        ..Default::default()
    };
    c.spec.taints = taints;
    c
}

fn spec(
    on: &[&str],
    tolerations: Vec<Toleration>,
    failover: Option<ClusterFailoverBehavior>,
) -> BindingSpec {
    BindingSpec {
        clusters: on
            .iter()
            .map(|n| TargetCluster::new(n.to_string(), 1))
            .collect(),
        placement: Some(std::sync::Arc::new(Placement {
            cluster_tolerations: tolerations.into(),
            ..Default::default()
        })),
        failover: failover.map(|c| {
            Box::new(FailoverBehavior {
                cluster: Some(c),
                application: None,
            })
        }),
        ..Default::default()
    }
}

/// The applied-placement annotation upstream's taint manager reads tolerations from.
fn applied(s: &BindingSpec) -> crate::api::MetaMap {
    crate::api::MetaMap::from([(
        crate::api::APPLIED_PLACEMENT_ANNOTATION.to_string(),
        serde_json::to_string(s.placement.as_ref().unwrap()).unwrap(),
    )])
}

fn all_on() -> ControllerSettings {
    ControllerSettings {
        failover_feature_gate: true,
        enable_no_execute_taint_eviction: true,
        ..Default::default()
    }
}

fn codes(d: &ClusterDecision) -> Vec<&'static str> {
    d.reasons.iter().map(|r| r.code.as_str()).collect()
}

#[test]
fn defaults_are_upstreams() {
    let s = ControllerSettings::default();
    assert!(!s.failover_feature_gate);
    assert!(!s.enable_no_execute_taint_eviction);
    assert_eq!(
        s.no_execute_taint_eviction_purge_mode,
        PurgeMode::Gracefully
    );
    assert_eq!(s.graceful_eviction_timeout_seconds, 600);
}

#[test]
fn cluster_outside_the_result_stays() {
    let s = spec(&["m2"], vec![], None);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]),
        &all_on(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::Stay);
    assert_eq!(codes(&d), ["not-in-scheduling-result"]);
}

#[test]
fn no_eviction_taints_stays() {
    let s = spec(&["m1"], vec![], None);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &cluster("m1", vec![taint("a", "NoSchedule", None)]),
        &all_on(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::Stay);
    assert_eq!(codes(&d), ["no-eviction-taints"]);
}

#[test]
fn failover_gate_off_stays() {
    let s = spec(&["m1"], vec![], Some(Default::default()));
    let c = cluster(
        "m1",
        vec![
            taint("a", "NoExecute", Some(NOW)),
            taint("b", "PreferNoExecute", Some(NOW)),
        ],
    );
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &ControllerSettings::default(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::Stay);
    assert_eq!(codes(&d), ["failover-gate-disabled"]);
    assert!(!d.assumed.failover_feature_gate);
}

#[test]
fn noexecute_needs_the_eviction_flag() {
    let s = spec(&["m1"], vec![], None);
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let settings = ControllerSettings {
        failover_feature_gate: true,
        ..Default::default()
    };
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &settings,
        ts(NOW),
    );
    assert_eq!(d.action, Action::Stay);
    assert_eq!(codes(&d), ["noexecute-eviction-disabled"]);
}

#[test]
fn untolerated_noexecute_evicts_with_flag_purge_mode() {
    let s = spec(&["m1"], vec![], None);
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::EvictNow);
    assert_eq!(d.purge_mode, Some(PurgeMode::Gracefully));
    assert_eq!(d.graceful_eviction_timeout_seconds, Some(600));
    assert_eq!(
        codes(&d),
        [
            "tolerations-from-applied-placement",
            "noexecute-untolerated",
            "purge-mode-from-controller-flag",
            "graceful-eviction-timeout"
        ]
    );
    let directly = ControllerSettings {
        no_execute_taint_eviction_purge_mode: PurgeMode::Directly,
        ..all_on()
    };
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &directly,
        ts(NOW),
    );
    assert_eq!(d.purge_mode, Some(PurgeMode::Directly));
    assert_eq!(d.graceful_eviction_timeout_seconds, None);
    let odd = ControllerSettings {
        no_execute_taint_eviction_purge_mode: PurgeMode::Never,
        ..all_on()
    };
    let d = decide_cluster(BindingRef::new(&s, Some(&applied(&s))), &c, &odd, ts(NOW));
    assert_eq!(d.purge_mode, Some(PurgeMode::Gracefully));
}

#[test]
fn tolerated_noexecute_is_scheduled() {
    let s = spec(
        &["m1"],
        vec![tol(Some("a"), Some("NoExecute"), Some(120))],
        None,
    );
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(
        d.action,
        Action::EvictAfter {
            after_seconds: 120,
            at: ts("2026-11-22T12:02:00Z")
        }
    );
    assert_eq!(d.action.due(ts(NOW)), Some(ts("2026-11-22T12:02:00Z")));
}

#[test]
fn unreadable_applied_placement_stays() {
    let s = spec(&["m1"], vec![], None);
    let ann = crate::api::MetaMap::from([(
        crate::api::APPLIED_PLACEMENT_ANNOTATION.to_string(),
        "[".to_string(),
    )]);
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let d = decide_cluster(BindingRef::new(&s, Some(&ann)), &c, &all_on(), ts(NOW));
    assert_eq!(d.action, Action::Stay);
    assert_eq!(
        codes(&d),
        [
            "applied-placement-invalid",
            "noexecute-tolerations-unreadable"
        ]
    );
}

#[test]
fn prefer_noexecute_without_failover_stays_even_untolerated() {
    let s = spec(&["m1"], vec![], None);
    let c = cluster("m1", vec![taint("a", "PreferNoExecute", Some(NOW))]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::Stay);
    assert_eq!(codes(&d), ["prefer-noexecute-no-failover"]);
}

#[test]
fn prefer_noexecute_ignores_tolerations() {
    // A toleration that would tolerate it forever does not keep it.
    let s = spec(
        &["m1"],
        vec![tol(None, None, None)],
        Some(ClusterFailoverBehavior {
            toleration_seconds: Some(0),
            ..Default::default()
        }),
    );
    let c = cluster("m1", vec![taint("a", "PreferNoExecute", Some(NOW))]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(d.action, Action::EvictNow);
    assert_eq!(codes(&d)[0], "prefer-noexecute-failover-due");
}

#[test]
fn prefer_noexecute_defaults_to_300_seconds() {
    let s = spec(&["m1"], vec![], Some(Default::default()));
    let c = cluster(
        "m1",
        vec![taint("a", "PreferNoExecute", Some("2026-11-22T11:58:00Z"))],
    );
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(
        d.action,
        Action::EvictAfter {
            after_seconds: 180,
            at: ts("2026-11-22T12:03:00Z")
        }
    );
    assert_eq!(codes(&d)[0], "prefer-noexecute-failover-scheduled");
    assert_eq!(codes(&d)[1], "purge-mode-policy-default");
    assert_eq!(d.purge_mode, Some(PurgeMode::Gracefully));
}

#[test]
fn prefer_noexecute_does_not_need_the_noexecute_flag() {
    let s = spec(
        &["m1"],
        vec![],
        Some(ClusterFailoverBehavior {
            purge_mode: Some("Directly".into()),
            toleration_seconds: Some(60),
            ..Default::default()
        }),
    );
    let c = cluster(
        "m1",
        vec![taint("a", "PreferNoExecute", Some("2026-11-22T11:50:00Z"))],
    );
    let settings = ControllerSettings {
        failover_feature_gate: true,
        ..Default::default()
    };
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &settings,
        ts(NOW),
    );
    assert_eq!(d.action, Action::EvictNow);
    assert_eq!(d.purge_mode, Some(PurgeMode::Directly));
    assert!(codes(&d).contains(&"purge-mode-from-failover-policy"));
}

#[test]
fn prefer_noexecute_without_time_added_counts_from_now() {
    let s = spec(
        &["m1"],
        vec![],
        Some(ClusterFailoverBehavior {
            toleration_seconds: Some(30),
            ..Default::default()
        }),
    );
    let c = cluster("m1", vec![taint("a", "PreferNoExecute", None)]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(
        d.action,
        Action::EvictAfter {
            after_seconds: 30,
            at: ts("2026-11-22T12:00:30Z")
        }
    );
    assert_eq!(codes(&d)[0], "taint-time-added-missing");
}

#[test]
fn earliest_of_noexecute_and_prefer_noexecute_wins() {
    let s = spec(
        &["m1"],
        vec![tol(Some("hard"), None, Some(600))],
        Some(ClusterFailoverBehavior {
            toleration_seconds: Some(60),
            ..Default::default()
        }),
    );
    let c = cluster(
        "m1",
        vec![
            taint("hard", "NoExecute", Some(NOW)),
            taint("soft", "PreferNoExecute", Some(NOW)),
        ],
    );
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    assert_eq!(
        d.action,
        Action::EvictAfter {
            after_seconds: 60,
            at: ts("2026-11-22T12:01:00Z")
        }
    );
    let codes = codes(&d);
    assert!(codes.contains(&"noexecute-tolerated-until"));
    assert!(codes.contains(&"prefer-noexecute-failover-scheduled"));
}

#[test]
fn decision_serializes_with_codes() {
    let s = spec(&["m1"], vec![], None);
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let d = decide_cluster(
        BindingRef::new(&s, Some(&applied(&s))),
        &c,
        &all_on(),
        ts(NOW),
    );
    let j = serde_json::to_value(&d).unwrap();
    assert_eq!(j["action"], "EvictNow");
    assert_eq!(j["cluster"], "m1");
    assert_eq!(j["purgeMode"], "Gracefully");
    assert_eq!(j["assumed"]["failoverFeatureGate"], true);
    assert_eq!(j["reasons"][1]["code"], "noexecute-untolerated");
}

proptest::proptest! {
    #[test]
    fn without_evicting_taints_the_decision_is_stay(
        taints in proptest::collection::vec(arb_taint(), 0..5),
    ) {
        let soft: Vec<Taint> = taints.into_iter().filter(|t| !t.effect.ends_with("NoExecute")).collect();
        let s = spec(&["m1"], vec![], Some(Default::default()));
        let d = decide_cluster(BindingRef::new(&s, Some(&applied(&s))), &cluster("m1", soft), &all_on(), ts(NOW));
        proptest::prop_assert_eq!(d.action, Action::Stay);
    }
}

#[test]
fn without_the_applied_placement_annotation_nothing_is_evicted() {
    // spec.placement tolerates nothing, yet upstream's taint manager never gets that
    // far: it fails on the missing annotation and retries.
    let s = spec(&["m1"], vec![], None);
    let c = cluster("m1", vec![taint("a", "NoExecute", Some(NOW))]);
    let d = decide_cluster(BindingRef::new(&s, None), &c, &all_on(), ts(NOW));
    assert_eq!(d.action, Action::Stay);
    assert_eq!(
        codes(&d),
        [
            "applied-placement-missing",
            "noexecute-tolerations-unreadable"
        ]
    );
}
