//! The accurate estimator on `examples/estimator.yaml`: four 1.5-CPU replicas leave
//! member2; member1 (2.5 + 2.5 CPUs free) and member3 (1 + 2) hold them by the general
//! estimator's sums, not node by node. With `--enable-scheduler-estimator` the members'
//! Nodes and Pods in the snapshot decide, as karmada-scheduler-estimator counts them.

use serde_json::Value;

use super::cli_offline::karmadactl;

const SNAPSHOT: &str = "examples/estimator.yaml";

fn json(args: &[&str]) -> (Value, i32) {
    let mut all = args.to_vec();
    all.extend(["--snapshot", SNAPSHOT, "-o", "json"]);
    let (stdout, stderr, code) = karmadactl(&all);
    let doc = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (doc, code)
}

#[test]
fn node_by_node_the_four_replicas_do_not_fit_where_the_sums_say_they_do() {
    let (general, code) = json(&["dry-run", "--cluster", "member2"]);
    assert_eq!(code, 0);
    let p = &general["predictions"][0];
    assert!(p["error"].is_null(), "{p}");
    assert_eq!(general["assumed"]["schedulerEstimator"], false);

    let (accurate, _) = json(&[
        "dry-run",
        "--cluster",
        "member2",
        "--enable-scheduler-estimator",
    ]);
    let p = &accurate["predictions"][0];
    assert_eq!(p["error"]["code"], "insufficient-capacity", "{p}");
    // member1 takes 1 + 1, member3 0 + 1.
    assert_eq!(
        p["error"]["message"],
        "not enough capacity: clusters can take 3 replicas, 4 needed"
    );
    assert_eq!(accurate["assumed"]["schedulerEstimator"], true);
    assert_eq!(
        accurate["settingsSource"]["enable-scheduler-estimator"],
        "flag"
    );
}

#[test]
fn the_capacity_answer_follows_the_estimators_too() {
    let (general, code) = json(&["failover", "capacity", "--lose", "member2"]);
    assert_eq!(code, 0, "{general}");
    assert_eq!(general["losses"][0]["nowhere"], serde_json::json!([]));
    let (accurate, code) = json(&[
        "failover",
        "capacity",
        "--lose",
        "member2",
        "--enable-scheduler-estimator",
    ]);
    assert_eq!(code, 3, "{accurate}");
    assert_eq!(
        accurate["losses"][0]["nowhere"],
        serde_json::json!(["rb/shop/api-deployment"])
    );
}

#[test]
fn without_the_estimator_the_members_documents_are_read_and_left_aside() {
    // The Nodes and Pods are the members' (annotated), never "ignored objects".
    let (_, stderr, code) =
        karmadactl(&["dry-run", "--snapshot", SNAPSHOT, "--cluster", "member2"]);
    assert_eq!(code, 0);
    assert!(!stderr.contains("ignored objects"), "{stderr}");
}
