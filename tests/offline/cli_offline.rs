//! Read-only commands on the example snapshots: no server involved. Includes the seed
//! documents' scenarios (failover walkthrough, Flink purgeMode Directly).

use std::process::Command;

use serde_json::Value;

/// Run the tool offline in the repository (no kubeconfig): stdout, stderr, exit code.
pub(crate) fn karmadactl(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_karmadactl"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env_remove("KUBECONFIG")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn json(args: &[&str]) -> Value {
    let (stdout, stderr, code) = karmadactl(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn outcome<'a>(doc: &'a Value, binding: &str, cluster: &str) -> &'a Value {
    doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["binding"] == binding && o["cluster"] == cluster)
        .unwrap_or_else(|| panic!("no outcome for {binding} on {cluster}"))
}

fn prediction(doc: &Value, binding: &str) -> Vec<(String, i64)> {
    let p = doc["predictions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["binding"] == binding)
        .unwrap();
    let mut v: Vec<(String, i64)> = p["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["replicas"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn readme_first_command_prints_a_table() {
    let (stdout, stderr, code) = karmadactl(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "--cluster",
        "member1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("Scenario: member1 gets cluster.karmada.io/not-ready:NoExecute"),
        "{stdout}"
    );
    let header = stdout
        .lines()
        .find(|l| l.contains("BINDING"))
        .expect("a table header");
    for col in [
        "CLUSTER",
        "DECISION",
        "AT",
        "PURGE",
        "REPLICAS",
        "NEW PLACEMENT",
        "RULE",
    ] {
        assert!(header.contains(col), "{header}");
    }
    let nginx = stdout
        .lines()
        .find(|l| l.contains("rb/default/nginx-deployment"))
        .unwrap();
    assert!(
        nginx.contains("evict later") && nginx.contains("(+5m)") && nginx.contains("member2=3"),
        "{nginx}"
    );
    assert!(
        stdout.contains("Summary:") && stdout.contains("Eviction queue:"),
        "{stdout}"
    );
}

#[test]
fn readme_shows_what_the_first_command_prints() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "karmadactl dry-run --snapshot examples/quickstart.yaml --cluster member1";
    let after = &readme[readme
        .find(command)
        .expect("README shows the first command")..];
    let block = after
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a text block");
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let (stdout, stderr, code) = karmadactl(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        block, stdout,
        "README's example output is stale: paste the current output"
    );
}

#[test]
fn seed_walkthrough_divided_and_duplicated() {
    // member1 fails; tolerations of 300 s run out; the queue processes the bindings.
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "--cluster",
        "member1",
        "--at",
        "10m",
        "-o",
        "json",
    ]);
    let nginx = outcome(&doc, "rb/default/nginx-deployment", "member1");
    assert_eq!(nginx["verdict"], "evict");
    assert_eq!(nginx["due"], "2026-11-22T12:05:00Z");
    assert_eq!(nginx["rule"]["code"], "noexecute-tolerated-until");
    // Divided 1:2 over member1/member2: everything lands on member2.
    assert_eq!(
        prediction(&doc, "rb/default/nginx-deployment"),
        [("member2".to_string(), 3)]
    );
    // Duplicated on two clusters: member1's copy moves to member3, which the affinity allows.
    assert_eq!(
        prediction(&doc, "rb/default/web-deployment"),
        [("member2".to_string(), 2), ("member3".to_string(), 2)]
    );
    // Every decision carries its reason codes.
    for o in doc["outcomes"].as_array().unwrap() {
        assert!(!o["reasons"].as_array().unwrap().is_empty(), "{o}");
        assert!(o["rule"]["code"].as_str().is_some_and(|c| !c.is_empty()));
    }
}

#[test]
fn seed_user_guide_flink_purges_directly() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "--cluster",
        "member1",
        "-o",
        "json",
    ]);
    let flink = outcome(&doc, "rb/streaming/flink-app-flinkdeployment", "member1");
    assert_eq!(flink["verdict"], "evict");
    assert_eq!(flink["purgeMode"], "Directly");
    assert_eq!(
        flink["at"], "2026-11-22T12:00:00Z",
        "no toleration: evicted at once"
    );
    let codes: Vec<&str> = flink["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"noexecute-untolerated")
            && codes.contains(&"purge-mode-from-failover-policy"),
        "{codes:?}"
    );
    assert_eq!(
        prediction(&doc, "rb/streaming/flink-app-flinkdeployment"),
        [("member2".to_string(), 1)]
    );
}

#[test]
fn gates_are_inputs_and_are_reported() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "--cluster",
        "member1",
        "--feature-gates",
        "Failover=false",
        "-o",
        "json",
    ]);
    assert_eq!(doc["assumed"]["failoverFeatureGate"], false);
    assert_eq!(doc["settingsSource"]["feature-gates"], "flag");
    for o in doc["outcomes"].as_array().unwrap() {
        assert_eq!(o["verdict"], "not-migrated-gate-off", "{o}");
    }
}

#[test]
fn existing_taints_over_time_on_the_mixed_fleet() {
    let now = json(&[
        "dry-run",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "-o",
        "json",
    ]);
    let later = json(&[
        "dry-run",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--at",
        "10m",
        "-o",
        "json",
    ]);
    assert_eq!(
        outcome(&now, "rb/shop/cart-deployment", "eu-3")["verdict"],
        "evict-later"
    );
    assert_eq!(
        outcome(&later, "rb/shop/cart-deployment", "eu-3")["verdict"],
        "evict"
    );
    // Tolerated forever (no tolerationSeconds) and PreferNoExecute without failover.cluster.
    assert_eq!(
        outcome(&later, "rb/shop/search-statefulset", "eu-3")["verdict"],
        "tolerated"
    );
    assert_eq!(
        outcome(&later, "rb/batch/ledger-deployment", "ap-1")["verdict"],
        "tolerated"
    );
    // PreferNoExecute with failover.cluster.tolerationSeconds=120, tainted 5 minutes ago.
    assert_eq!(
        outcome(&now, "rb/batch/report-job", "ap-1")["verdict"],
        "evict"
    );
    // The cordoned cluster never receives replicas.
    assert!(prediction(&later, "rb/batch/report-job")
        .iter()
        .all(|(c, _)| c != "us-2"));
}

#[test]
fn recovery_before_the_due_time_drops_the_eviction() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "--cluster",
        "member1",
        "--recover-after",
        "4m",
        "--at",
        "10m",
        "-o",
        "json",
    ]);
    // Tolerated for 5 minutes, recovered after 4: nginx and web stay; flink left at once.
    assert_eq!(
        outcome(&doc, "rb/default/nginx-deployment", "member1")["verdict"],
        "recovered"
    );
    assert_eq!(
        outcome(&doc, "rb/default/web-deployment", "member1")["verdict"],
        "recovered"
    );
    assert_eq!(
        outcome(&doc, "rb/streaming/flink-app-flinkdeployment", "member1")["verdict"],
        "evict"
    );
}

#[test]
fn evictions_with_nowhere_to_go_are_abandoned() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--cluster",
        "eu-1",
        "--cluster",
        "eu-2",
        "--at",
        "20m",
        "--unhealthy-cluster-threshold",
        "0.9",
        "--queue-model",
        "proposal",
        "-o",
        "json",
    ]);
    // cart may only run in eu-1..3, all faulty now: the pre-scheduling check abandons it.
    let cart = outcome(&doc, "rb/shop/cart-deployment", "eu-1");
    assert_eq!(cart["verdict"], "abandoned");
    assert_eq!(cart["rule"]["code"], "prescheduling-no-target");
    // Elsewhere evictions go on.
    assert_eq!(
        outcome(&doc, "rb/batch/report-job", "ap-1")["verdict"],
        "evict"
    );
}

#[test]
fn upstream_evicts_with_nowhere_to_go_and_says_the_workload_disappears() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--cluster",
        "eu-1",
        "--cluster",
        "eu-2",
        "--at",
        "20m",
        "-o",
        "json",
    ]);
    assert_eq!(doc["queueSettings"]["model"], "upstream");
    // cart may only run in eu-1..3, all faulty now: upstream evicts it all the same.
    let cart = outcome(&doc, "rb/shop/cart-deployment", "eu-1");
    assert_eq!(cart["verdict"], "evict");
    assert_eq!(cart["rule"]["code"], "eviction-without-target");
    assert!(doc["summary"]["evictionsWithoutTarget"].as_u64().unwrap() >= 2);
    assert!(doc["summary"]["workloadsLost"].as_u64().unwrap() >= 1);
    let (stdout, _, _) = karmadactl(&[
        "dry-run",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--cluster",
        "eu-1",
        "--cluster",
        "eu-2",
    ]);
    assert!(
        stdout.contains("WARNING:") && stdout.contains("would disappear"),
        "{stdout}"
    );
}

#[test]
fn upstream_never_stops_evicting_however_many_clusters_fail() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "-l",
        "location in (eu-1,eu-2)",
        "-o",
        "json",
    ]);
    let verdicts: Vec<&str> = doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["verdict"].as_str().unwrap())
        .collect();
    assert!(!verdicts.contains(&"halted"), "{verdicts:?}");
}

#[test]
fn a_small_fleet_stops_evicting_when_most_clusters_fail() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/quickstart.yaml",
        "-l",
        "location in (eu-1,eu-2)",
        "--queue-model",
        "proposal",
        "-o",
        "json",
    ]);
    // 2 of 3 clusters faulty (> 0.55) in a fleet of at most 10: the queue stops.
    assert_eq!(doc["faultyClusters"].as_array().unwrap().len(), 2);
    let verdicts: Vec<&str> = doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["verdict"].as_str().unwrap())
        .collect();
    assert!(verdicts.contains(&"halted"), "{verdicts:?}");
}

#[test]
fn explain_a_binding_and_a_taint_policy() {
    let (stdout, stderr, code) = karmadactl(&[
        "policy",
        "explain",
        "rb",
        "shop/cart-deployment",
        "--snapshot",
        "examples/mixed-fleet.yaml",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("[noexecute-tolerated-until]"), "{stdout}");
    assert!(stdout.contains("position 2 of 4"), "{stdout}");
    let verdict = stdout.lines().find(|l| l.starts_with("Verdict:")).unwrap();
    assert!(
        verdict.contains("would migrate from eu-3 at 12:03:00")
            && verdict.contains("eu-1=3,eu-2=3"),
        "{verdict}"
    );

    let doc = json(&[
        "policy",
        "explain",
        "deployment/nginx",
        "-n",
        "default",
        "--snapshot",
        "examples/quickstart.yaml",
        "-o",
        "json",
    ]);
    assert_eq!(doc["binding"], "rb/default/nginx-deployment");
    assert!(doc["verdict"]
        .as_str()
        .unwrap()
        .starts_with("stays where it is"));

    let doc = json(&[
        "policy",
        "explain",
        "clustertaintpolicy/not-ready-noexecute",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "-o",
        "json",
    ]);
    let eu3 = doc["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == "eu-3")
        .unwrap();
    assert_eq!(eu3["targeted"], true);
    assert_eq!(eu3["addConditions"]["matches"], true, "{eu3}");
    assert_eq!(eu3["removeConditions"]["matches"], false, "{eu3}");
    assert!(
        eu3["removeConditions"]["why"]
            .as_str()
            .unwrap()
            .contains("Ready is False"),
        "{eu3}"
    );
    let ap1 = doc["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == "ap-1")
        .unwrap();
    assert_eq!(ap1["targeted"], false);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: a}\nspec: {}\n---\nkind: Cluster\napiVersion: cluster.karmada.io/v1alpha1\nmetadata: {name: b}\nspec: {taints: 7}\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["dry-run", "--snapshot", bad.to_str().unwrap()],
            "bad.yaml: document 1:",
        ),
        (
            vec![
                "dry-run",
                "--snapshot",
                "examples/quickstart.yaml",
                "--cluster",
                "nope",
            ],
            "cluster \"nope\" not found",
        ),
        (
            vec![
                "dry-run",
                "--snapshot",
                "examples/quickstart.yaml",
                "--cluster",
                "member1",
                "--taint",
                "x=y",
            ],
            "--taint",
        ),
        (
            vec![
                "dry-run",
                "--snapshot",
                "examples/quickstart.yaml",
                "--at",
                "soon",
            ],
            "invalid --at",
        ),
        (
            vec!["dry-run", "--snapshot", "/nonexistent/fleet.yaml"],
            "cannot read /nonexistent/fleet.yaml",
        ),
        (
            vec![
                "policy",
                "explain",
                "rb",
                "default/nope",
                "--snapshot",
                "examples/quickstart.yaml",
            ],
            "not found",
        ),
        (
            vec![
                "policy",
                "explain",
                "rb",
                "nginx",
                "--snapshot",
                "examples/quickstart.yaml",
            ],
            "namespace",
        ),
    ];
    for (args, needle) in cases {
        let (_, stderr, code) = karmadactl(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn snapshots_are_read_from_stdin_and_directories() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/quickstart.yaml"
    ))
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_karmadactl"))
        .args([
            "dry-run",
            "--snapshot",
            "-",
            "--cluster",
            "member1",
            "-o",
            "json",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["outcomes"].as_array().unwrap().len(), 3);

    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/quickstart.yaml"),
        dir.path().join("a.yaml"),
    )
    .unwrap();
    let doc = json(&[
        "dry-run",
        "--snapshot",
        dir.path().to_str().unwrap(),
        "--cluster",
        "member2",
        "-o",
        "json",
    ]);
    assert_eq!(doc["faultyClusters"], serde_json::json!(["member2"]));
}

/// A snapshot: clusters m1..m3 (m1 fails in the scenario) and, on m1 and m2, `rbs`
/// ResourceBindings and `crbs` ClusterResourceBindings that tolerate nothing.
fn paced_fleet(rbs: usize, crbs: usize) -> String {
    let mut items = Vec::new();
    for c in ["m1", "m2", "m3"] {
        items.push(serde_json::json!({
            "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
            "metadata": {"name": c},
            "spec": {},
            "status": {
                "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady", "message": "", "lastTransitionTime": "2026-11-22T00:00:00Z"}],
                "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}]
            }
        }));
    }
    let binding = |kind: &str, name: String, ns: Option<&str>| {
        let mut meta = serde_json::json!({
            "name": name,
            "annotations": {"policy.karmada.io/applied-placement": "{\"clusterAffinity\":{\"clusterNames\":[\"m1\",\"m2\",\"m3\"]}}"}
        });
        if let Some(ns) = ns {
            meta["namespace"] = ns.into();
        }
        serde_json::json!({
            "apiVersion": "work.karmada.io/v1alpha2", "kind": kind,
            "metadata": meta,
            "spec": {
                "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "w", "namespace": "default"},
                "replicas": 2,
                "clusters": [{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 1}],
                "placement": {"clusterAffinity": {"clusterNames": ["m1", "m2", "m3"]},
                              "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted"}}
            }
        })
    };
    for i in 0..rbs {
        items.push(binding(
            "ResourceBinding",
            format!("rb-{i:02}"),
            Some("default"),
        ));
    }
    for i in 0..crbs {
        items.push(binding(
            "ClusterResourceBinding",
            format!("crb-{i:02}"),
            None,
        ));
    }
    serde_json::to_string(&serde_json::json!({
        "apiVersion": "v1", "kind": "List",
        "snapshot": {"capturedAt": "2026-11-22T12:00:00Z",
                     "controllerSettings": {"feature-gates": "Failover=true", "enable-no-execute-taint-eviction": "true"}},
        "items": items
    }))
    .unwrap()
}

/// Seconds after 12:00:00 of each eviction of `kind`, sorted.
fn eviction_offsets(doc: &Value, prefix: &str) -> Vec<i64> {
    let t0: jiff::Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
    let mut v: Vec<i64> = doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["binding"].as_str().unwrap().starts_with(prefix))
        .map(|o| {
            let at: jiff::Timestamp = o["at"].as_str().unwrap().parse().unwrap();
            at.as_second() - t0.as_second()
        })
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn each_binding_kind_is_evicted_three_at_once_then_three_every_two_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paced.json");
    std::fs::write(&path, paced_fleet(10, 4)).unwrap();
    let doc = json(&[
        "dry-run",
        "--snapshot",
        path.to_str().unwrap(),
        "--cluster",
        "m1",
        "--at",
        "1m",
        "-o",
        "json",
    ]);
    assert_eq!(
        eviction_offsets(&doc, "rb/"),
        [0, 0, 0, 2, 2, 2, 4, 4, 4, 6]
    );
    assert_eq!(eviction_offsets(&doc, "crb/"), [0, 0, 0, 2]);
    // The proposal's single queue would take 2 s per binding, both kinds together.
    let doc = json(&[
        "dry-run",
        "--snapshot",
        path.to_str().unwrap(),
        "--cluster",
        "m1",
        "--at",
        "1m",
        "--queue-model",
        "proposal",
        "-o",
        "json",
    ]);
    let mut all = eviction_offsets(&doc, "rb/");
    all.extend(eviction_offsets(&doc, "crb/"));
    all.sort_unstable();
    assert_eq!(all, (0..14).map(|i| i * 2).collect::<Vec<i64>>());
}

/// `examples/mixed-fleet.yaml` with `edit` applied, in a temporary file.
fn edited_fleet(edit: impl Fn(String) -> String) -> tempfile::NamedTempFile {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mixed-fleet.yaml"
    ))
    .unwrap();
    let edited = edit(text.clone());
    assert_ne!(edited, text, "the edit changed nothing");
    let file = tempfile::Builder::new().suffix(".yaml").tempfile().unwrap();
    std::fs::write(file.path(), edited).unwrap();
    file
}

const EU3_TAINT: &str = "    taints:\n    - key: cluster.karmada.io/not-ready\n      effect: NoExecute\n      timeAdded: '2026-11-22T11:58:00Z'\n";

#[test]
fn clusters_mid_way_say_where_they_stand() {
    // eu-3 is Ready False and tainted NoExecute: evicting.
    let (stdout, _, code) = karmadactl(&[
        "evictions",
        "list",
        "--snapshot",
        "examples/mixed-fleet.yaml",
    ]);
    assert_eq!(code, 0);
    assert!(stdout.contains("eu-3: Ready False (ClusterNotReachable) since 11:58:00 (2m ago); cluster.karmada.io/not-ready:NoExecute since 11:58:00 (2m ago); the taint manager evicts"), "{stdout}");
    let doc = json(&[
        "evictions",
        "list",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "-o",
        "json",
    ]);
    let step = &doc["clustersNotReady"][0];
    assert_eq!(
        (step["cluster"].as_str(), step["step"].as_str()),
        (Some("eu-3"), Some("evicting")),
        "{doc:#}"
    );
    assert_eq!(step["noexecuteTaints"][0]["since"], "2026-11-22T11:58:00Z");
    // --cluster narrows it.
    let doc = json(&[
        "evictions",
        "list",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--cluster",
        "eu-1",
        "-o",
        "json",
    ]);
    assert!(doc.get("clustersNotReady").is_none(), "{doc:#}");

    // Without the taint, the policy that matches has not acted: pending.
    let pending = edited_fleet(|t| t.replacen(EU3_TAINT, "", 1));
    let path = pending.path().to_str().unwrap();
    let doc = json(&["evictions", "list", "--snapshot", path, "-o", "json"]);
    let step = &doc["clustersNotReady"][0];
    assert_eq!(step["step"], "taint-pending", "{doc:#}");
    assert_eq!(
        step["pending"],
        serde_json::json!(["not-ready-noexecute adds cluster.karmada.io/not-ready:NoExecute"])
    );

    // A policy on Unknown only: Ready False never brings the taint.
    let never = edited_fleet(|t| {
        t.replacen(EU3_TAINT, "", 1).replacen(
            "      statusValues:\n      - 'False'\n      - Unknown\n",
            "      statusValues:\n      - Unknown\n",
            1,
        )
    });
    let path = never.path().to_str().unwrap();
    let (stdout, _, _) = karmadactl(&["evictions", "list", "--snapshot", path]);
    assert!(stdout.contains("eu-3: Ready False (ClusterNotReachable) since 11:58:00 (2m ago); no NoExecute taint, and none comes: no ClusterTaintPolicy adds one when Ready=False"), "{stdout}");
    // history says where the cluster stands now, after its timeline.
    let (stdout, _, code) = karmadactl(&["history", "--cluster", "eu-3", "--snapshot", path]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("Now (clusters not Ready, and where each stands):\n  eu-3: Ready False"),
        "{stdout}"
    );
    let doc = json(&[
        "history",
        "--cluster",
        "eu-3",
        "--snapshot",
        path,
        "-o",
        "json",
    ]);
    assert_eq!(
        doc["clustersNotReady"][0]["step"], "no-eviction-coming",
        "{doc:#}"
    );
    // ... and the doctor finds the policy that cannot fire for a Push cluster.
    let (stdout, _, code) = karmadactl(&["failover", "doctor", "--snapshot", path, "-o", "json"]);
    assert_eq!(code, 3, "{stdout}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let codes: Vec<&str> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"policy-never-fires"), "{codes:?}");
}

#[test]
fn explain_follows_one_binding_through_an_outage() {
    let args = [
        "policy",
        "explain",
        "rb",
        "shop/cart-deployment",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--outage",
        "eu-1",
        "--outage-mode",
        "frozen",
    ];
    let (stdout, stderr, code) = karmadactl(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("Outage:   eu-1 stops answering at 2026-11-22T12:00:00Z (frozen: it never answers); Push cluster\nBinding:  rb/shop/cart-deployment\n"), "{stdout}");
    let mut with_json = args.to_vec();
    with_json.extend(["-o", "json"]);
    let doc = json(&with_json);
    assert_eq!(doc["kind"], "BindingOutageExplanation");
    let ready = &doc["cluster"]["ready"];
    let secs = |t: &Value| {
        t.as_str()
            .unwrap()
            .parse::<jiff::Timestamp>()
            .unwrap()
            .as_second()
    };
    let t0 = secs(&Value::from("2026-11-22T12:00:00Z"));
    // Frozen: the first failed probe waits its 32 s timeout; then the 30 s threshold.
    let (lo, hi) = (
        secs(&ready["at"]["earliest"]) - t0,
        secs(&ready["at"]["latest"]) - t0,
    );
    assert!(lo >= 62 && hi <= 86 && lo < hi, "{ready:#}");
    let e = &doc["evictions"][0];
    assert_eq!(
        (e["binding"].as_str(), e["cluster"].as_str()),
        (Some("rb/shop/cart-deployment"), Some("eu-1"))
    );
    // Tolerated 300 s from the taint, which lands with the Ready change.
    assert_eq!(secs(&e["evicted"]["earliest"]) - t0, lo + 300, "{e:#}");
    assert_eq!(doc["placement"], serde_json::json!([["eu-2", 6]]));
    // The cluster must be in the placement; a policy target takes no --outage.
    let (_, stderr, code) = karmadactl(&[
        "policy",
        "explain",
        "rb",
        "shop/cart-deployment",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--outage",
        "us-1",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not in the placement"), "{stderr}");
    let (_, _, code) = karmadactl(&[
        "policy",
        "explain",
        "clustertaintpolicy/not-ready-noexecute",
        "--snapshot",
        "examples/mixed-fleet.yaml",
        "--outage",
        "eu-1",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn the_release_decides_how_long_the_leaving_bindings_wait() {
    // examples/tolerating.yaml: 18 bindings tolerate the taint forever, 6 must leave.
    let latest = |version: &str| -> (f64, usize) {
        let doc = json(&[
            "dry-run",
            "--snapshot",
            "examples/tolerating.yaml",
            "--cluster",
            "member1",
            "--karmada-version",
            version,
            "-o",
            "json",
        ]);
        assert_eq!(doc["assumed"]["karmadaVersion"], version);
        let now: jiff::Timestamp = doc["now"].as_str().unwrap().parse().unwrap();
        let leaving: Vec<&Value> = doc["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["rule"]["code"] == "noexecute-untolerated")
            .collect();
        let latest = leaving
            .iter()
            .map(|o| {
                let t = o.get("atBetween").map_or(&o["at"], |b| &b["latest"]);
                let t: jiff::Timestamp = t.as_str().unwrap().parse().unwrap();
                t.duration_since(now).as_secs_f64()
            })
            .fold(0.0, f64::max);
        (latest, leaving.len())
    };
    // Before the fix the six can wait behind all eighteen: 6 turns of 2 s, then theirs.
    assert_eq!(latest("v1.17.4"), (14.0, 6));
    assert_eq!(latest("v1.16.7"), (14.0, 6));
    // Fixed: the tolerated ones take no turns.
    assert_eq!(latest("v1.17.5"), (2.0, 6));
    assert_eq!(latest("master"), (2.0, 6));
    // v1.15: no pacing at all.
    assert_eq!(latest("v1.15.9"), (0.0, 6));
}

#[test]
fn an_upgrade_to_v1_19_refuses_the_removed_purge_mode_and_changes_its_task() {
    // examples/legacy-purge.yaml runs v1.18.2 (its header) and still uses Immediately.
    let (stdout, stderr, code) = karmadactl(&[
        "failover",
        "doctor",
        "--snapshot",
        "examples/legacy-purge.yaml",
        "--upgrade-to",
        "v1.19.0-rc.0",
        "-o",
        "json",
    ]);
    assert_eq!(code, 1, "a refused policy is an error: {stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["kind"], "FailoverUpgrade");
    assert_eq!(doc["from"], "v1.18.2");
    assert_eq!(doc["to"], "v1.19.0-rc.0");
    let policies = doc["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 1, "{policies:#?}");
    assert_eq!(policies[0]["policy"], "propagationpolicy/shop/checkout");
    assert_eq!(policies[0]["change"], "refused");
    assert!(policies[0]["detail"]
        .as_str()
        .unwrap()
        .contains("Unsupported value: \"Immediately\""));
    let tasks = doc["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0]["binding"], "rb/shop/checkout-deployment");
    assert_eq!(tasks[0]["purgeMode"], "Immediately");
    assert!(doc["differences"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["id"] == "legacy-purge-modes-removed" && d["holdsAfter"] == true));
    // Back to the release that runs: nothing is refused, the same task changes back.
    let (_, _, same) = karmadactl(&[
        "failover",
        "doctor",
        "--snapshot",
        "examples/legacy-purge.yaml",
        "--upgrade-to",
        "v1.18.2",
    ]);
    assert_eq!(same, 0, "the same release changes nothing");
}

#[test]
fn an_upgrade_past_karmada_7613_brings_the_last_eviction_forward() {
    let (stdout, _, code) = karmadactl(&[
        "failover",
        "doctor",
        "--snapshot",
        "examples/legacy-purge.yaml",
        "--karmada-version",
        "v1.17.4",
        "--upgrade-to",
        "v1.19.0-rc.0",
        "-o",
        "json",
    ]);
    assert_eq!(code, 1, "the checkout policy is refused all the same");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let gone: Vec<&str> = doc["findingsGo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(gone, ["version-requeue-tolerated"]);
    let member1 = doc["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == "member1")
        .expect("member1's loss is handled differently");
    let change = member1["changes"][0].as_str().unwrap();
    let seconds: Vec<i64> = change
        .trim_start_matches("last eviction ")
        .split(" -> ")
        .map(|s| s.trim_matches(['+', 's']).parse().unwrap())
        .collect();
    assert!(seconds[1] < seconds[0], "{change}");
}

#[test]
fn dry_run_compares_two_releases() {
    let doc = json(&[
        "dry-run",
        "--snapshot",
        "examples/tolerating.yaml",
        "--cluster",
        "member1",
        "--karmada-version",
        "v1.17.4",
        "--compare-version",
        "v1.18.2",
        "-o",
        "json",
    ]);
    let c = &doc["comparison"];
    assert_eq!(c["version"], "v1.18.2");
    assert_eq!(c["pairs"], 24);
    let changed = c["changed"].as_array().unwrap();
    assert_eq!(changed.len(), 6, "the six that must leave: {c:#}");
    let latest = |v: &Value| -> jiff::Timestamp { v["latest"].as_str().unwrap().parse().unwrap() };
    for p in changed {
        assert!(latest(&p["after"]) < latest(&p["before"]), "{p:#}");
    }
    assert_eq!(c["placements"], serde_json::json!([]));
}

#[test]
fn failover_report_reads_a_snapshot_and_says_what_it_does_not_hold() {
    let base = [
        "failover",
        "report",
        "--cluster",
        "member1",
        "--snapshot",
        "examples/legacy-purge.yaml",
    ];
    let doc = json(&[&base[..], &["-o", "json"]].concat());
    assert_eq!(doc["kind"], "FailoverReport");
    let b = &doc["bindings"][0];
    assert_eq!(b["binding"], "rb/shop/checkout-deployment", "{doc:#}");
    assert_eq!(b["steps"][0]["step"], "evicted");
    assert_eq!(b["steps"][0]["at"], "2026-11-22T11:58:00Z", "{doc:#}");
    // The scheduler's Event is not in a snapshot: said, not guessed.
    assert!(b["steps"][1]["at"].is_null() && b["steps"][1]["notKept"].is_string());
    let not_kept: Vec<&str> = doc["notKept"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        not_kept.iter().any(|n| n.contains("Ready left True")),
        "{not_kept:?}"
    );
    assert!(
        not_kept.iter().any(|n| n.contains("Healthy")),
        "{not_kept:?}"
    );

    let (metrics, _, code) = karmadactl(&[&base[..], &["-o", "openmetrics"]].concat());
    assert_eq!(code, 0);
    assert!(metrics.ends_with("# EOF\n"), "{metrics}");
    assert!(
        metrics.contains("karmadactl_failover_bindings{cluster=\"member1\",state=\"moved\"} 1"),
        "{metrics}"
    );

    let (_, stderr, code) = karmadactl(&[&base[..], &["--since", "1m", "--until", "2h"]].concat());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--since is after --until"), "{stderr}");
    let (_, stderr, code) = karmadactl(&[
        "failover",
        "report",
        "--cluster",
        "nope",
        "--snapshot",
        "examples/legacy-purge.yaml",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cluster \"nope\" not found"), "{stderr}");
}

#[test]
fn maintenance_plan_waves_name_what_a_refused_wave_strands() {
    let doc = json(&[
        "maintenance",
        "plan",
        "--all",
        "--order",
        "blast-radius",
        "--snapshot",
        "examples/quickstart.yaml",
        "-o",
        "json",
    ]);
    assert_eq!(doc["kind"], "MaintenancePlan");
    let waves: Vec<&str> = doc["waves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["clusters"][0].as_str().unwrap())
        .collect();
    assert_eq!(waves, ["member3", "member1", "member2"], "{doc:#}");
    let member1 = &doc["waves"][1];
    assert_eq!(member1["replicasMoving"], 4);
    assert!(member1["refusals"].as_array().unwrap().is_empty());
    for m in member1["moves"].as_array().unwrap() {
        assert!(
            m["to"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["name"] != "member1"),
            "{m}"
        );
    }

    // Two at a time on the mixed fleet: refused, each stranded binding named.
    let (stdout, _, code) = karmadactl(&[
        "maintenance",
        "plan",
        "eu-2",
        "us-1",
        "--max-unavailable",
        "2",
        "--snapshot",
        "examples/mixed-fleet.yaml",
    ]);
    assert_eq!(code, 3, "{stdout}");
    assert!(stdout.contains("REFUSED"), "{stdout}");
    assert!(
        stdout.contains("rb/shop/catalog-deployment on eu-2 (blocked-no-target)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("rb/batch/report-job on us-1 (blocked-no-target)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Cannot be taken out even alone:"),
        "{stdout}"
    );

    for bad in [
        vec![
            "maintenance",
            "plan",
            "--snapshot",
            "examples/quickstart.yaml",
        ],
        vec![
            "maintenance",
            "plan",
            "nope",
            "--snapshot",
            "examples/quickstart.yaml",
        ],
        vec![
            "maintenance",
            "plan",
            "member1",
            "--all",
            "--snapshot",
            "examples/quickstart.yaml",
        ],
        vec![
            "maintenance",
            "plan",
            "--all",
            "--order",
            "size",
            "--snapshot",
            "examples/quickstart.yaml",
        ],
    ] {
        let (_, stderr, code) = karmadactl(&bad);
        assert_eq!(code, 2, "{bad:?}: {stderr}");
    }
}

/// The run's commands refuse bad input before they connect: exit 2, one line, nothing
/// written (there is no server here to write to).
#[test]
fn maintenance_run_and_its_controls_refuse_bad_input_before_connecting() {
    for (bad, says) in [
        (
            vec!["maintenance", "run", "m1", "--hook", " ", "--yes"],
            "--hook is empty",
        ),
        (
            vec!["maintenance", "run", "m1", "--dry-run=server", "--yes"],
            "takes --dry-run=client",
        ),
        (
            vec!["maintenance", "run", "m1", "--max-unavailable", "0"],
            "not a count",
        ),
        (
            vec!["maintenance", "run", "m1", "--soak", "soon"],
            "not a duration",
        ),
        (
            vec!["maintenance", "run", "m1", "-o", "yaml"],
            "possible values: table, json",
        ),
        (vec!["maintenance", "approve"], "CLUSTER"),
        (
            vec!["maintenance", "resume", "--max-failures", "x"],
            "invalid --max-failures",
        ),
    ] {
        let (stdout, stderr, code) = karmadactl(&bad);
        assert_eq!(code, 2, "{bad:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{bad:?}: {stderr}");
    }
}
