use super::*;
use crate::api::Time;

pub(crate) fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

pub(crate) const NOW: &str = "2026-11-22T12:00:00Z";

pub(crate) fn taint(key: &str, effect: &str, added: Option<&str>) -> Taint {
    Taint {
        key: key.into(),
        value: None,
        effect: effect.into(),
        time_added: added.map(|a| Time(ts(a))),
    }
}

pub(crate) fn tol(key: Option<&str>, effect: Option<&str>, secs: Option<i64>) -> Toleration {
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

pub(crate) fn arb_taint() -> impl proptest::strategy::Strategy<Value = Taint> {
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

pub(crate) fn arb_toleration() -> impl proptest::strategy::Strategy<Value = Toleration> {
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

}
