//! Application failover offline, on `examples/app-failover.yaml`: the prediction of
//! `dry-run --app-unhealthy`, what `policy explain` says per cluster, the doctor's
//! findings, `evictions list` naming a held application failover task, and bad input.

use serde_json::Value;

use crate::cli_offline::karmadactl;

const FLEET: &str = "examples/app-failover.yaml";

fn json(args: &[&str]) -> Value {
    let (stdout, stderr, code) = karmadactl(args);
    // The doctor exits 1 or 3 with findings; the rest 0.
    assert!([0, 1, 3].contains(&code), "exit {code}: {stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"))
}

fn cluster<'a>(prediction: &'a Value, name: &str) -> &'a Value {
    prediction["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == name)
        .unwrap_or_else(|| panic!("no {name}: {prediction:#}"))
}

#[test]
fn dry_run_predicts_the_window_the_task_the_placement_and_the_held_copy() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        FLEET,
        "--app-unhealthy",
        "rb/shop/checkout-deployment@member1",
        "--unhealthy-since",
        "20s",
        "-o",
        "json",
    ]);
    assert_eq!(doc["kind"], "AppFailoverDryRun");
    assert_eq!(doc["unhealthySince"], "2026-11-22T11:59:40Z");
    let p = &doc["predictions"][0];
    let m1 = cluster(p, "member1");
    assert_eq!(m1["eviction"]["earliest"], "2026-11-22T12:00:10Z");
    assert_eq!(m1["eviction"]["latest"], "2026-11-22T12:00:12Z");
    assert_eq!(m1["task"]["reason"], "ApplicationFailure");
    assert_eq!(
        m1["task"]["producer"],
        "resource-binding-application-failover-controller"
    );
    assert_eq!(m1["task"]["suppressDeletion"], true);
    assert_eq!(
        p["predicted"],
        serde_json::json!([{"name": "member2", "replicas": 4}])
    );
    assert_eq!(p["oldCopy"], "held-until-confirmed");
    assert_eq!(cluster(p, "member2")["armed"], true);
    assert!(cluster(p, "member2")["eviction"].is_null());
}

#[test]
fn the_controller_off_or_a_gate_off_means_no_eviction() {
    let off = json(&[
        "dry-run",
        "--snapshot",
        FLEET,
        "--app-unhealthy",
        "deployment/shop/checkout@member1",
        "--controllers",
        "*,-applicationFailover",
        "-o",
        "json",
    ]);
    let m1 = cluster(&off["predictions"][0], "member1");
    assert_eq!(m1["armed"], false);
    assert_eq!(m1["reasons"][0]["code"], "app-failover-controller-disabled");
    assert!(off["predictions"][0]["evicted"]
        .as_array()
        .unwrap()
        .is_empty());
    // cart fails over Gracefully: without GracefulEviction the task cannot be built.
    let gate = json(&[
        "dry-run",
        "--snapshot",
        FLEET,
        "--app-unhealthy",
        "rb/shop/cart-deployment@member1",
        "--feature-gates",
        "GracefulEviction=false",
        "--health-interpreted",
        "-o",
        "json",
    ]);
    let m1 = cluster(&gate["predictions"][0], "member1");
    assert_eq!(m1["reasons"][0]["code"], "app-failover-propagate-deps-off");
}

/// `policy explain rb BINDING -o json` on the example fleet.
fn explain(binding: &str) -> Value {
    json(&[
        "policy",
        "explain",
        "rb",
        binding,
        "--snapshot",
        FLEET,
        "-o",
        "json",
    ])
}

#[test]
fn explain_says_per_cluster_whether_it_is_armed_and_why_not() {
    let checkout = explain("shop/checkout-deployment");
    let app = &checkout["applicationFailover"];
    let verdict = checkout["verdict"].as_str().unwrap();
    assert!(
        verdict.starts_with("leaves member1 by application failover by 12:00:32"),
        "{verdict}"
    );
    assert_eq!(
        cluster(app, "member1")["reasons"][0]["code"],
        "app-failover-unhealthy"
    );
    assert_eq!(
        cluster(app, "member2")["reasons"][0]["code"],
        "app-failover-armed"
    );
    let cart = explain("shop/cart-deployment");
    assert_eq!(
        cluster(&cart["applicationFailover"], "member1")["reasons"][0]["code"],
        "app-failover-propagate-deps-off"
    );
    let job = explain("batch/nightly-report-job");
    assert_eq!(
        cluster(&job["applicationFailover"], "member2")["reasons"][0]["code"],
        "app-failover-no-health-interpreter"
    );
    let (text, _, code) = karmadactl(&[
        "policy",
        "explain",
        "rb",
        "shop/checkout-deployment",
        "--snapshot",
        FLEET,
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Verdict: leaves member1 by application failover"),
        "{text}"
    );
}

#[test]
fn the_doctor_names_the_skipped_and_the_unhealthy_bindings() {
    let doc = json(&["failover", "doctor", "--snapshot", FLEET, "-o", "json"]);
    let finding = |code: &str| {
        doc["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == code)
            .cloned()
            .unwrap_or_else(|| panic!("no {code}: {doc:#}"))
    };
    let skipped = finding("app-failover-skipped");
    let evidence = skipped["evidence"].to_string();
    assert!(
        evidence.contains("rb/shop/cart-deployment: app-failover-propagate-deps-off"),
        "{evidence}"
    );
    assert!(
        evidence.contains("rb/batch/nightly-report-job: app-failover-no-health-interpreter"),
        "{evidence}"
    );
    assert_eq!(
        finding("app-failover-unhealthy-now")["evidence"][0],
        "rb/shop/checkout-deployment on member1"
    );
    let off = json(&[
        "failover",
        "doctor",
        "--snapshot",
        FLEET,
        "--controllers",
        "cluster,taintManager",
        "-o",
        "json",
    ]);
    assert!(
        off["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["code"] == "app-failover-controller-off" && f["severity"] == "error"),
        "{off:#}"
    );
}

#[test]
fn evictions_list_names_a_held_application_failover_task() {
    let fleet = std::fs::read_to_string(FLEET).unwrap().replace(
        "    clusters:\n    - name: member1\n      replicas: 2\n    - name: member2\n      replicas: 2\n    placement:",
        "    clusters:\n    - name: member2\n      replicas: 4\n    gracefulEvictionTasks:\n    - fromCluster: member1\n      purgeMode: Never\n      replicas: 2\n      reason: ApplicationFailure\n      producer: resource-binding-application-failover-controller\n      suppressDeletion: true\n      creationTimestamp: '2026-11-22T11:58:00Z'\n    placement:",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("held.yaml");
    std::fs::write(&path, fleet).unwrap();
    let path = path.to_str().unwrap();
    let doc = json(&["evictions", "list", "--snapshot", path, "-o", "json"]);
    let item = &doc["items"][0];
    assert_eq!(item["cause"], "application-failure", "{doc:#}");
    assert_eq!(item["assessment"]["state"], "suppressed");
    let (text, _, _) = karmadactl(&["evictions", "list", "--snapshot", path]);
    assert!(text.contains("application failover"), "{text}");
    assert!(text.contains("karmadactl evictions confirm"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (arg, says) in [
        ("rb/shop/nope@member1", "not found"),
        (
            "rb/shop/checkout-deployment@member3",
            "not in the placement",
        ),
        ("rb/shop/checkout-deployment", "expected BINDING@CLUSTER"),
    ] {
        let (_, stderr, code) =
            karmadactl(&["dry-run", "--snapshot", FLEET, "--app-unhealthy", arg]);
        assert_eq!(code, 2, "{arg}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{arg}: {stderr}");
        assert!(stderr.contains(says), "{arg}: {stderr}");
    }
}

/// `examples/app-failover.yaml` with checkout (Divided, 2 + 2) evicted by application
/// failover from both clusters it was on, Directly, and left unplaced (as when nothing
/// else can take it): it comes back when the tasks time out, and the doctor calls out
/// the loop.
#[test]
fn a_binding_left_unplaced_by_application_failover_is_a_loop_the_doctor_names() {
    let text = std::fs::read_to_string(FLEET).unwrap();
    let mut doc: Value = serde_saphyr::from_str(&text).unwrap();
    for item in doc["items"].as_array_mut().unwrap() {
        if item["metadata"]["name"] == "checkout-deployment" {
            item["spec"]["clusters"] = serde_json::json!([]);
            item["spec"]["failover"]["application"]["purgeMode"] = "Directly".into();
            item["spec"]["gracefulEvictionTasks"] = serde_json::json!([
                {"fromCluster": "member1", "purgeMode": "Directly", "replicas": 2,
                 "reason": "ApplicationFailure",
                 "producer": "resource-binding-application-failover-controller",
                 "creationTimestamp": "2026-11-22T11:59:30Z"},
                {"fromCluster": "member2", "purgeMode": "Directly", "replicas": 2,
                 "reason": "ApplicationFailure",
                 "producer": "resource-binding-application-failover-controller",
                 "creationTimestamp": "2026-11-22T11:59:30Z"}
            ]);
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("looping.json");
    std::fs::write(&path, serde_json::to_string(&doc).unwrap()).unwrap();
    let report = json(&[
        "failover",
        "doctor",
        "--snapshot",
        path.to_str().unwrap(),
        "-o",
        "json",
    ]);
    let finding = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "app-failover-loop")
        .cloned()
        .unwrap_or_else(|| panic!("no app-failover-loop: {report:#}"));
    assert_eq!(finding["severity"], "warning");
    // The controller's default timeout (600 s) from the tasks' creation.
    assert_eq!(
        finding["evidence"][0],
        "rb/shop/checkout-deployment: back on member1 (task goes by 2026-11-22T12:09:30Z), member2 (task goes by 2026-11-22T12:09:30Z)"
    );
    // evictions list says when each task's cluster takes it back.
    let list = json(&[
        "evictions",
        "list",
        "-A",
        "--snapshot",
        path.to_str().unwrap(),
        "-o",
        "json",
    ]);
    let back: Vec<&Value> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i["returnsAt"])
        .collect();
    assert_eq!(back.len(), 2, "{list:#}");
    assert!(
        back.iter().all(|b| *b == "2026-11-22T12:09:30Z"),
        "{list:#}"
    );
    // Not on the example as shipped (checkout is placed, its old copy held).
    let shipped = json(&["failover", "doctor", "--snapshot", FLEET, "-o", "json"]);
    assert!(
        !shipped["findings"]
            .to_string()
            .contains("app-failover-loop"),
        "{shipped:#}"
    );
}
