//! The run's state machine, its claims and its record.

use super::*;
use crate::engine::decide::maintenance_status::standing;

fn t(s: i64) -> Timestamp {
    Timestamp::from_second(1_800_000_000 + s).unwrap()
}

fn settings(max_unavailable: usize, max_failures: usize) -> RunSettings {
    RunSettings {
        max_unavailable,
        max_failures,
        hook: Some("true".into()),
        cluster_context: "{cluster}".into(),
        hook_timeout_seconds: 60,
        evacuate_timeout_seconds: 60,
        stable_for_seconds: 0,
        gate_timeout_seconds: 60,
        soak_seconds: 30,
        purge_mode: None,
        min_available_clusters: None,
        max_in_flight: 8,
        eviction_rate: None,
        unhealthy_cluster_threshold: 0.55,
        failback_max_concurrent: 5,
        failback_min_success_seconds: 0,
        failback_progress_deadline_seconds: 60,
    }
}

fn holder(id: &str, host: &str, at: Timestamp) -> Holder {
    Holder {
        id: id.into(),
        host: host.into(),
        pid: 42,
        process_start: "7".into(),
        since: at,
        renewed_at: at,
    }
}

fn run(waves: &[&[&str]], max_unavailable: usize, max_failures: usize) -> RunState {
    let waves = waves
        .iter()
        .map(|w| w.iter().map(|c| c.to_string()).collect())
        .collect();
    new_run(
        "r".into(),
        waves,
        settings(max_unavailable, max_failures),
        holder("me", "h", t(0)),
        t(0),
    )
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|c| c.to_string()).collect()
}

/// Drive every cluster of the current wave through every step, well.
fn finish_wave(s: &mut RunState, at: i64) {
    loop {
        match next(s) {
            Next::Do { step, clusters, .. } => {
                enter(s, &clusters, step, "", t(at));
                for c in &clusters {
                    advance(s, c, step, &Ended::Done(String::new()), t(at));
                }
            }
            _ => return,
        }
    }
}

#[test]
fn a_run_goes_wave_by_wave_through_every_step_and_succeeds() {
    let mut s = run(&[&["a"], &["b"]], 1, 0);
    let Next::Do { step, clusters, .. } = next(&s) else {
        panic!("{:?}", next(&s));
    };
    assert_eq!((step, clusters.clone()), (Step::Draining, names(&["a"])));
    enter(&mut s, &clusters, step, "", t(1));
    assert!(
        s.clusters[0].out(),
        "counted out before anything is written"
    );
    let last: Vec<(&str, &str)> = s.record[s.record.len() - 2..]
        .iter()
        .map(|r| (r.to.as_str(), r.message.as_str()))
        .collect();
    assert_eq!(last, [("wave", "wave 1 of 2: a"), ("draining", "")]);
    let mut seen = vec![Step::Draining];
    for _ in 0..6 {
        let Next::Do { step, .. } = next(&s) else {
            panic!()
        };
        advance(&mut s, "a", step, &Ended::Done(String::new()), t(2));
        if let Next::Do { step, .. } = next(&s) {
            seen.push(step);
        }
    }
    assert_eq!(
        seen,
        vec![
            Step::Draining,
            Step::Evacuating,
            Step::Maintaining,
            Step::Gating,
            Step::Returning,
            Step::Soaking,
            // Wave 2's drain, once wave 1 is done.
            Step::Draining
        ]
    );
    assert_eq!(s.clusters[0].step, Step::Done);
    assert!(!s.clusters[0].out(), "returning counts it back in");
    assert_eq!(s.current_wave(), 2);
    assert_eq!(
        next(&s),
        Next::Do {
            step: Step::Draining,
            clusters: names(&["b"]),
            until: None
        }
    );
    finish_wave(&mut s, 4);
    assert!(
        s.record
            .iter()
            .any(|r| r.to == "wave" && r.message == "wave 2 of 2: b"),
        "{:?}",
        s.record
    );
    assert_eq!(next(&s), Next::Succeed);
}

#[test]
fn the_soak_ends_its_length_after_the_last_cluster_entered_it() {
    let mut s = run(&[&["a", "b"]], 2, 0);
    for step in [
        Step::Draining,
        Step::Evacuating,
        Step::Maintaining,
        Step::Gating,
        Step::Returning,
    ] {
        enter(&mut s, &names(&["a", "b"]), step, "", t(1));
        advance(&mut s, "a", step, &Ended::Done(String::new()), t(5));
        advance(&mut s, "b", step, &Ended::Done(String::new()), t(9));
    }
    assert_eq!(
        next(&s),
        Next::Do {
            step: Step::Soaking,
            clusters: names(&["a", "b"]),
            until: Some(t(39))
        }
    );
}

#[test]
fn a_failure_stops_the_run_past_max_failures_and_a_failed_cluster_still_out_holds_the_budget() {
    let mut s = run(&[&["a"], &["b"]], 1, 0);
    enter(&mut s, &names(&["a"]), Step::Draining, "", t(1));
    advance(
        &mut s,
        "a",
        Step::Draining,
        &Ended::Done(String::new()),
        t(1),
    );
    advance(
        &mut s,
        "a",
        Step::Evacuating,
        &Ended::Failed("2 bindings not healthy".into()),
        t(2),
    );
    assert!(matches!(next(&s), Next::Stop(m) if m.contains("1 cluster(s) failed (a)")));
    assert!(standing(&s.clusters[0]).out);
    assert!(standing(&s.clusters[0])
        .state
        .starts_with("failed while evacuating: 2 bindings not healthy"));

    // Tolerated, but a is still out: wave 2 would make two.
    s.settings.max_failures = 1;
    assert!(
        matches!(next(&s), Next::Stop(m) if m.contains("wave 2 cannot start: 1 still out (a)"))
    );
    s.settings.max_unavailable = 2;
    assert!(
        matches!(next(&s), Next::Do { step: Step::Draining, clusters, .. } if clusters == names(&["b"]))
    );
}

#[test]
fn an_abort_comes_first_and_standing_names_what_to_undo() {
    let mut s = run(&[&["a"], &["b"]], 1, 0);
    enter(&mut s, &names(&["a"]), Step::Draining, "", t(1));
    advance(
        &mut s,
        "a",
        Step::Draining,
        &Ended::Done(String::new()),
        t(1),
    );
    advance(
        &mut s,
        "a",
        Step::Evacuating,
        &Ended::Done(String::new()),
        t(1),
    );
    s.abort = Some(AbortRequest {
        at: t(2),
        by: "x".into(),
    });
    assert_eq!(next(&s), Next::Abort);
    set_phase(&mut s, Phase::Aborted, "aborted", t(3));
    assert_eq!(next(&s), Next::Finished);
    let a = standing(&s.clusters[0]);
    assert_eq!((a.step, a.out), (Step::Maintaining, true));
    assert_eq!(
        a.to_return,
        vec!["karmadactl uncordon a", "karmadactl failback a"]
    );
    // A cluster the run took no step on is not called untouched: what the run drained
    // elsewhere may run there now.
    let b = standing(&s.clusters[1]);
    assert!(b.state.starts_with("not maintained"), "{}", b.state);
    assert!(b.state.contains("may run here now"), "{}", b.state);
    assert!(!b.out && b.to_return.is_empty());
}

#[test]
fn a_claim_is_free_mine_expired_gone_or_held() {
    let mut s = run(&[&["a"]], 1, 0);
    let alive = |_: u32, _: &str| true;
    let dead = |_: u32, _: &str| false;
    assert_eq!(claim(&s, ("me", "h"), &alive, t(5)), Claim::Mine);
    assert!(matches!(
        claim(&s, ("you", "other"), &dead, t(5)),
        Claim::Held { expires_in, .. } if expires_in == SignedDuration::from_secs(25)
    ));
    assert_eq!(claim(&s, ("you", "h"), &dead, t(5)), Claim::HolderGone);
    assert!(!claim(&s, ("you", "h"), &alive, t(5)).takeable());
    assert_eq!(claim(&s, ("you", "other"), &alive, t(30)), Claim::Expired);
    s.holder = None;
    assert_eq!(claim(&s, ("you", "h"), &alive, t(5)), Claim::Free);
}

#[test]
fn approval_is_for_clusters_of_the_run_not_past_maintenance() {
    let mut s = run(&[&["a"], &["b"]], 1, 0);
    assert_eq!(
        approve(&mut s, &names(&["zz"]), t(1)),
        Err("cluster \"zz\" is not in the run".into())
    );
    approve(&mut s, &names(&["b"]), t(1)).unwrap();
    assert!(s.clusters[1].approved);
    finish_wave(&mut s, 2);
    assert!(approve(&mut s, &names(&["a"]), t(3))
        .unwrap_err()
        .contains("past its maintenance (done)"));
}

#[test]
fn the_record_keeps_the_newest_transitions() {
    let mut s = run(&[&["a"]], 1, 0);
    for i in 0..(RECORD_LIMIT + 10) {
        note(&mut s, None, "x", &i.to_string(), t(1));
    }
    assert_eq!(s.record.len(), RECORD_LIMIT);
    assert_eq!(
        s.record.last().unwrap().message,
        (RECORD_LIMIT + 9).to_string()
    );
}

#[test]
fn the_stored_document_reads_back_the_same() {
    let s = run(&[&["a", "b"], &["c"]], 2, 1);
    let text = serde_json::to_string(&s).unwrap();
    assert!(text.contains("\"maxUnavailable\":2"), "{text}");
    assert!(text.contains("\"step\":\"pending\""), "{text}");
    let back: RunState = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
}

#[test]
fn an_abort_ends_a_run_nobody_holds_and_asks_a_live_holder_to_stop() {
    let alive = |_: u32, _: &str| true;
    let mut held = run(&[&["a"]], 1, 0);
    request_abort(&mut held, "ops pid 9", ("you", "other"), &alive, t(5));
    assert_eq!(held.phase, Phase::Running, "the live holder stops it");
    assert_eq!(
        held.abort.as_ref().map(|a| a.by.as_str()),
        Some("ops pid 9")
    );
    assert_eq!(next(&held), Next::Abort);

    let mut stopped = run(&[&["a"]], 1, 0);
    set_phase(&mut stopped, Phase::Stopped, "interrupted", t(1));
    stopped.holder = None;
    request_abort(&mut stopped, "ops pid 9", ("you", "other"), &alive, t(5));
    assert_eq!(
        (stopped.phase, stopped.reason.as_str()),
        (Phase::Aborted, "aborted by ops pid 9")
    );
    // Asked again: the first request stays.
    request_abort(&mut stopped, "later", ("you", "other"), &alive, t(9));
    assert_eq!(stopped.abort.unwrap().by, "ops pid 9");
}
