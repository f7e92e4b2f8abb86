use super::*;
use crate::api::binding::TargetCluster;
use crate::api::policy::ClusterFailoverBehavior;
use crate::api::{BindingSpec, FailoverBehavior, ObjectMeta, Placement, Time};

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

const NOW: &str = "2026-11-22T12:00:00Z";

fn taint(key: &str, effect: &str, added: Option<&str>) -> Taint {
    Taint {
        key: key.into(),
        value: None,
        effect: effect.into(),
        time_added: added.map(|a| Time(ts(a))),
    }
}

fn tol(key: Option<&str>, effect: Option<&str>, secs: Option<i64>) -> Toleration {
    Toleration {
        key: key.map(Into::into),
        operator: Some("Exists".into()),
        value: None,
        effect: effect.map(Into::into),
        toleration_seconds: secs,
    }
}

#[test]
fn no_noexecute_taints_tolerates_forever() {
    let v = noexecute_eviction(&[taint("a", "NoSchedule", None)], &[], ts(NOW));
    assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
    assert_eq!(v.reasons[0].code, "no-noexecute-taints");
}

#[test]
fn untolerated_noexecute_evicts_now() {
    let v = noexecute_eviction(
        &[
            taint("a", "NoExecute", Some(NOW)),
            taint("b", "NoExecute", Some(NOW)),
        ],
        &[tol(Some("a"), None, None)],
        ts(NOW),
    );
    assert_eq!(v.decision, NoExecuteDecision::EvictNow);
    assert_eq!(v.reasons[0].code, "noexecute-untolerated");
    assert!(v.reasons[0].message.contains("b:NoExecute"));
}

#[test]
fn tolerated_without_seconds_is_forever() {
    let v = noexecute_eviction(
        &[taint("a", "NoExecute", Some(NOW))],
        &[tol(None, None, None)],
        ts(NOW),
    );
    assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
    assert_eq!(v.reasons[0].code, "noexecute-tolerated-forever");
}

#[test]
fn earliest_expiry_wins_and_counts_from_time_added() {
    let taints = [
        taint("a", "NoExecute", Some("2026-11-22T11:59:00Z")),
        taint("b", "NoExecute", Some("2026-11-22T11:50:00Z")),
    ];
    let tols = [
        tol(Some("a"), None, Some(300)),
        tol(Some("b"), None, Some(900)),
    ];
    let v = noexecute_eviction(&taints, &tols, ts(NOW));
    // a: 11:59 + 300s = 12:04; b: 11:50 + 900s = 12:05.
    assert_eq!(
        v.decision,
        NoExecuteDecision::EvictAfter {
            after_seconds: 240,
            at: ts("2026-11-22T12:04:00Z")
        }
    );
}

#[test]
fn a_used_toleration_applies_to_every_taint_it_tolerates() {
    // The first toleration of taint `a` is the wildcard one, which also tolerates
    // `b` (older): its expiry counts from b's timeAdded.
    let taints = [
        taint("a", "NoExecute", Some("2026-11-22T11:59:00Z")),
        taint("b", "NoExecute", Some("2026-11-22T11:40:00Z")),
    ];
    let tols = [tol(None, None, Some(1800)), tol(Some("b"), None, None)];
    let v = noexecute_eviction(&taints, &tols, ts(NOW));
    assert_eq!(
        v.decision,
        NoExecuteDecision::EvictAfter {
            after_seconds: 600,
            at: ts("2026-11-22T12:10:00Z")
        }
    );
}

#[test]
fn expiry_at_or_before_now_evicts_now() {
    let taints = [taint("a", "NoExecute", Some("2026-11-22T11:55:00Z"))];
    for secs in [0, 100, 300] {
        let v = noexecute_eviction(&taints, &[tol(None, None, Some(secs))], ts(NOW));
        assert_eq!(v.decision, NoExecuteDecision::EvictNow, "{secs}");
        assert_eq!(v.reasons[0].code, "noexecute-toleration-expired");
    }
}

#[test]
fn taint_without_time_added_never_triggers() {
    let v = noexecute_eviction(
        &[taint("a", "NoExecute", None)],
        &[tol(None, None, Some(1))],
        ts(NOW),
    );
    assert_eq!(v.decision, NoExecuteDecision::TolerateForever);
}

#[test]
fn huge_toleration_seconds_do_not_panic() {
    let v = noexecute_eviction(
        &[taint("a", "NoExecute", Some(NOW))],
        &[tol(None, None, Some(i64::MAX))],
        ts(NOW),
    );
    assert!(matches!(v.decision, NoExecuteDecision::EvictAfter { .. }));
    let v = noexecute_eviction(
        &[taint("a", "NoExecute", Some(NOW))],
        &[tol(None, None, Some(i64::MIN))],
        ts(NOW),
    );
    assert_eq!(v.decision, NoExecuteDecision::EvictNow);
}

#[test]
fn fractional_remaining_time_rounds_up() {
    let taints = [taint("a", "NoExecute", Some(NOW))];
    let v = noexecute_eviction(
        &taints,
        &[tol(None, None, Some(10))],
        ts("2026-11-22T12:00:00.5Z"),
    );
    assert!(matches!(
        v.decision,
        NoExecuteDecision::EvictAfter {
            after_seconds: 10,
            ..
        }
    ));
}

#[test]
fn verdict_serializes_like_the_vectors() {
    let v = NoExecuteVerdict {
        decision: NoExecuteDecision::EvictAfter {
            after_seconds: 5,
            at: ts(NOW),
        },
        reasons: vec![],
    };
    let j = serde_json::to_value(&v).unwrap();
    assert_eq!(j["decision"], "EvictAfter");
    assert_eq!(j["afterSeconds"], 5);
    assert_eq!(j["at"], "2026-11-22T12:00:00Z");
}

// ---- decide_cluster ----

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
            .map(|n| TargetCluster {
                name: n.to_string(),
                replicas: 1,
            })
            .collect(),
        placement: Some(Placement {
            cluster_tolerations: tolerations,
            ..Default::default()
        }),
        failover: failover.map(|c| FailoverBehavior {
            cluster: Some(c),
            application: None,
        }),
        ..Default::default()
    }
}

/// The applied-placement annotation upstream's taint manager reads tolerations from.
fn applied(s: &BindingSpec) -> std::collections::BTreeMap<String, String> {
    std::collections::BTreeMap::from([(
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
    let ann = std::collections::BTreeMap::from([(
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

fn arb_taint() -> impl proptest::strategy::Strategy<Value = Taint> {
    use proptest::prelude::*;
    (
        prop::sample::select(vec!["a", "b"]),
        prop::sample::select(vec![
            "NoSchedule",
            "PreferNoSchedule",
            "NoExecute",
            "PreferNoExecute",
        ]),
        prop::option::of(0i64..1200),
    )
        .prop_map(|(k, e, ago)| Taint {
            key: k.into(),
            value: None,
            effect: e.into(),
            time_added: ago.map(|s| Time(ts(NOW) - jiff::SignedDuration::from_secs(s))),
        })
}

fn arb_toleration() -> impl proptest::strategy::Strategy<Value = Toleration> {
    use proptest::prelude::*;
    (
        prop::option::of(prop::sample::select(vec!["a", "b"])),
        prop::option::of(prop::sample::select(vec!["NoExecute", "NoSchedule"])),
        prop::option::of(0i64..2400),
    )
        .prop_map(|(k, e, s)| tol(k, e, s))
}

proptest::proptest! {
    #[test]
    fn only_noexecute_taints_matter(
        taints in proptest::collection::vec(arb_taint(), 0..5),
        tolerations in proptest::collection::vec(arb_toleration(), 0..4),
    ) {
        let all = noexecute_eviction(&taints, &tolerations, ts(NOW)).decision;
        let hard: Vec<Taint> = taints.iter().filter(|t| t.effect == "NoExecute").cloned().collect();
        proptest::prop_assert_eq!(noexecute_eviction(&hard, &tolerations, ts(NOW)).decision, all);
    }

    #[test]
    fn eviction_is_never_due_in_the_past(
        taints in proptest::collection::vec(arb_taint(), 0..5),
        tolerations in proptest::collection::vec(arb_toleration(), 0..4),
    ) {
        if let NoExecuteDecision::EvictAfter { after_seconds, at } = noexecute_eviction(&taints, &tolerations, ts(NOW)).decision {
            proptest::prop_assert!(after_seconds > 0);
            proptest::prop_assert!(at > ts(NOW));
        }
    }

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
