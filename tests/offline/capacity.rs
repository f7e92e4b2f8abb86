//! Will it fit? `failover capacity` and the capacity lines of `dry-run` on the example
//! fleets: the overcommit the default scheduler makes and the gate avoids, the other end
//! of a burst's timing, the descheduler's second move, the losses asked about.

use serde_json::Value;

use crate::cli_offline::karmadactl;

/// `failover capacity` on `fleet` as JSON, and its exit code.
fn capacity(fleet: &str, extra: &[&str]) -> (Value, i32) {
    let path = format!("examples/{fleet}.yaml");
    let mut args = vec!["failover", "capacity", "--snapshot", &path, "-o", "json"];
    args.extend_from_slice(extra);
    let (stdout, stderr, code) = karmadactl(&args);
    let doc = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (doc, code)
}

fn loss<'a>(doc: &'a Value, lost: &str) -> &'a Value {
    doc["losses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| {
            l["lost"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(",")
                == lost
        })
        .unwrap_or_else(|| panic!("no loss of {lost}: {doc:#}"))
}

#[test]
fn the_default_scheduler_overcommits_the_roomiest_cluster_and_the_gate_does_not() {
    let (doc, code) = capacity("overcommit", &[]);
    assert_eq!(code, 3, "a loss the fleet does not carry exits 3");
    assert_eq!(doc["kind"], "FleetCapacity");
    assert_eq!(doc["model"], "stale");
    assert_eq!(
        doc["verdict"],
        "the fleet does not survive 1 of 4 loss(es): eu-1 (6 Pending)"
    );
    let eu1 = loss(&doc, "eu-1");
    assert_eq!(
        (eu1["leaving"].as_i64(), eu1["replicasMoving"].as_i64()),
        (Some(4), Some(16))
    );
    let cap = &eu1["capacity"];
    assert_eq!(cap["pendingReplicas"], 6);
    // Every binding went to eu-2, 10 CPUs free: 16 arrive.
    let clusters = cap["clusters"].as_array().unwrap();
    assert_eq!(clusters.len(), 1, "{cap:#}");
    assert_eq!(clusters[0]["cluster"], "eu-2");
    assert_eq!(clusters[0]["arrivingReplicas"], 16);
    assert_eq!(clusters[0]["room"]["cpuMilli"], 10_000);
    assert_eq!(clusters[0]["arriving"]["cpuMilli"], 16_000);
    // The member's scheduler decides which pods wait: all four share the risk.
    assert_eq!(clusters[0]["atRisk"].as_array().unwrap().len(), 4);
    // A status refresh between placements would have spread them: the sweep leaves that
    // second burst to the dry-run of the one loss.
    assert!(cap.get("refreshed").is_none(), "{cap:#}");
    let (stdout, stderr, code) = karmadactl(&[
        "dry-run",
        "--snapshot",
        "examples/overcommit.yaml",
        "--cluster",
        "eu-1",
        "-o",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let one: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(one["capacity"]["pendingReplicas"], 6);
    assert_eq!(one["capacity"]["refreshed"]["pendingReplicas"], 0);
    assert_eq!(cap["descheduling"]["running"], false);
    assert_eq!(cap["descheduling"]["stillPending"], 6);

    let (doc, code) = capacity(
        "overcommit",
        &[
            "--scheduler-feature-gates",
            "SchedulingOvercommitProtection=true",
        ],
    );
    assert_eq!(code, 0, "{doc:#}");
    assert_eq!(doc["model"], "tracked");
    assert_eq!(
        doc["verdict"],
        "the fleet survives the loss of any one cluster"
    );
    let cap = &loss(&doc, "eu-1")["capacity"];
    assert_eq!(cap["pendingReplicas"], 0);
    // Spread over several clusters; with nothing Pending, the report keeps only the
    // cluster most arrive on, and that one takes fewer than all 16.
    assert_eq!(cap["arrivingReplicas"], 16);
    assert!(cap["arrivingClusters"].as_i64().unwrap() >= 2, "{cap:#}");
    let kept = cap["clusters"].as_array().unwrap();
    assert_eq!(kept.len(), 1, "{cap:#}");
    assert!(
        kept[0]["arrivingReplicas"].as_i64().unwrap() < 16,
        "{cap:#}"
    );
    assert!(cap.get("refreshed").is_none());
}

#[test]
fn the_gate_is_ignored_by_a_release_that_does_not_have_it() {
    let (doc, code) = capacity(
        "overcommit",
        &[
            "--scheduler-feature-gates",
            "SchedulingOvercommitProtection=true",
            "--karmada-version",
            "v1.17.4",
        ],
    );
    assert_eq!((code, doc["model"].as_str()), (3, Some("stale")));
}

#[test]
fn the_descheduler_moves_the_pending_replicas_of_dynamically_divided_deployments() {
    let (doc, _) = capacity(
        "overcommit",
        &["--descheduler", "--unschedulable-threshold", "1m"],
    );
    let d = &loss(&doc, "eu-1")["capacity"]["descheduling"];
    assert_eq!(d["running"], true);
    assert_eq!(d["afterSeconds"], serde_json::json!([60, 180]));
    assert_eq!(d["stillPending"], 0, "{d:#}");
    let moved: i64 = d["moves"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["from"].as_object().unwrap().values())
        .map(|v| v.as_i64().unwrap())
        .sum();
    assert_eq!(moved, 6, "{d:#}");
    for m in d["moves"].as_array().unwrap() {
        assert!(
            m["to"].get("eu-2").is_none() && m["to"].get("eu-1").is_none(),
            "{m:#}"
        );
    }
}

#[test]
fn one_loss_asked_about_claims_only_that_loss() {
    // eu-2's loss is survived, eu-1's is not: asked about eu-2 alone, the verdict must
    // not speak of any one cluster.
    let (doc, code) = capacity("overcommit", &["--lose", "eu-2"]);
    assert_eq!(code, 0, "{doc:#}");
    assert_eq!(doc["verdict"], "the fleet survives the loss of eu-2");
    let (all, code) = capacity("overcommit", &[]);
    assert_eq!(code, 3, "{all:#}");
    assert!(
        all["verdict"]
            .as_str()
            .unwrap()
            .starts_with("the fleet does not survive 1 of"),
        "{all:#}"
    );
}

#[test]
fn the_losses_asked_about_sets_and_selectors() {
    let (doc, code) = capacity(
        "overcommit",
        &["--lose", "eu-2,eu-3", "--lose-selector", "region=us-east"],
    );
    assert_eq!(code, 0, "{doc:#}");
    let losses = doc["losses"].as_array().unwrap();
    assert_eq!(losses.len(), 2);
    assert_eq!(losses[0]["lost"], serde_json::json!(["eu-2", "eu-3"]));
    assert_eq!(losses[1]["lost"], serde_json::json!(["us-1"]));
    assert_eq!(
        doc["verdict"],
        "the fleet survives each of the 2 losses asked about"
    );

    let (_, stderr, code) = karmadactl(&[
        "failover",
        "capacity",
        "--snapshot",
        "examples/overcommit.yaml",
        "--lose",
        "eu-9",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr.trim(),
        "error: --lose names \"eu-9\", which is not a cluster of the fleet"
    );
}

#[test]
fn the_walkthrough_fleets_show_arrivals_and_room() {
    let (stdout, _, code) = karmadactl(&[
        "dry-run",
        "--snapshot",
        "examples/overcommit.yaml",
        "--cluster",
        "eu-1",
    ]);
    assert_eq!(code, 0);
    assert!(stdout.contains(
        "    eu-2: 16 arriving (cpu 16, memory 16Gi, pods 16), room cpu 10, memory 56Gi, pods 98: 6 will not fit and stay Pending"
    ), "{stdout}");
    assert!(stdout.contains("  capacity shortfalls: 6 replica(s) Pending where they land"));
    let (text, _, code) = karmadactl(&[
        "failover",
        "capacity",
        "--snapshot",
        "examples/quickstart.yaml",
    ]);
    assert_eq!(code, 0);
    assert!(
        text.starts_with("the fleet survives the loss of any one cluster\n"),
        "{text}"
    );
    assert!(text.contains(" member1  3 "), "{text}");
}

#[test]
fn the_predicted_placements_are_the_bursts_own_under_the_gate() {
    let arrivals = |extra: &[&str]| -> (Value, Value) {
        let mut args = vec![
            "dry-run",
            "--snapshot",
            "examples/overcommit.yaml",
            "--cluster",
            "eu-1",
            "-o",
            "json",
        ];
        args.extend_from_slice(extra);
        let (stdout, stderr, code) = karmadactl(&args);
        assert_eq!(code, 0, "{stderr}");
        let doc: Value = serde_json::from_str(&stdout).unwrap();
        let fits: serde_json::Map<String, Value> = doc["capacity"]["clusters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["cluster"].as_str().unwrap().to_string(),
                    c["arrivingReplicas"].clone(),
                )
            })
            .collect();
        (
            doc["summary"]["replicasArriving"].clone(),
            Value::Object(fits),
        )
    };
    // Stale: every binding on its own picks eu-2, and the table says so.
    let (summary, fits) = arrivals(&[]);
    assert_eq!(summary, serde_json::json!({"eu-2": 16}));
    assert_eq!(fits, summary);
    // Tracked: the scheduler's placements in the burst are the predictions, so the
    // summary, the NEW PLACEMENT column and the room agree.
    let (summary, fits) = arrivals(&[
        "--scheduler-feature-gates",
        "SchedulingOvercommitProtection=true",
    ]);
    assert_eq!(
        summary,
        serde_json::json!({"eu-2": 8, "eu-3": 4, "us-1": 4})
    );
    assert_eq!(fits, summary);
}

#[test]
fn a_binding_placed_everywhere_loses_only_the_lost_cluster() {
    // `failover capacity` works out a Duplicated binding's filters once for every loss:
    // held here against a full prediction per loss, over a generated fleet.
    use karmadactl::engine::karmada::scheduler::{places_everywhere, FleetIndex};
    use karmadactl::engine::predict::simulate::evict_and_predict;
    use karmadactl::engine::vocabulary::settings::PurgeMode;
    let text = String::from_utf8(karmadactl::fleetgen::fleet_to_vec(
        &karmadactl::fleetgen::FleetSpec::new(60, 3_000, 11),
    ))
    .unwrap();
    let mut state = karmadactl::fleet::FleetState::default();
    karmadactl::state::parse_documents("fleet.json", &text, &mut state).unwrap();
    let index = FleetIndex::new(&state.clusters);
    let mut checked = 0;
    for b in state.bindings.iter().filter(|b| places_everywhere(&b.spec)) {
        let Ok(before) = index.predict(&b.spec, b.observed_affinity()) else {
            continue;
        };
        for t in &b.spec.clusters {
            let lost = index.position(&t.name).unwrap();
            let shared = index
                .everywhere_but(&b.spec, &before.feasible, &[lost])
                .map(|mut v| {
                    v.sort_unstable();
                    v
                })
                .map_err(|e| e.reason().code);
            let full = evict_and_predict(&index, b, &[(t.name.as_str(), PurgeMode::Gracefully)])
                .map(|p| {
                    let mut v: Vec<(u32, i32)> = p
                        .clusters
                        .iter()
                        .map(|c| (index.position(&c.name).unwrap() as u32, c.replicas))
                        .collect();
                    v.sort_unstable();
                    v
                })
                .map_err(|e| e.reason().code);
            assert_eq!(shared, full, "{} losing {}", b.display_name(), t.name);
            checked += 1;
        }
    }
    assert!(checked > 1_000, "only {checked} losses checked");
}

#[test]
fn the_index_passes_the_same_clusters_as_the_filters_one_by_one() {
    // The doctor's nowhere-to-go check runs each binding's filters once over the fleet
    // index (`FleetIndex::passing`): held here against `passes_filters` cluster by
    // cluster, over a generated fleet and every example.
    use karmadactl::engine::karmada::scheduler::{passes_filters, FleetIndex};
    let mut fleets = vec![String::from_utf8(karmadactl::fleetgen::fleet_to_vec(
        &karmadactl::fleetgen::FleetSpec::new(60, 3_000, 7),
    ))
    .unwrap()];
    for example in std::fs::read_dir("examples").unwrap() {
        let path = example.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            fleets.push(std::fs::read_to_string(&path).unwrap());
        }
    }
    let mut compared = 0;
    for (n, text) in fleets.iter().enumerate() {
        let mut state = karmadactl::fleet::FleetState::default();
        let name = if n == 0 { "fleet.json" } else { "fleet.yaml" };
        karmadactl::state::parse_documents(name, text, &mut state).unwrap();
        let index = FleetIndex::new(&state.clusters);
        for b in &state.bindings {
            let one_by_one: Vec<usize> = state
                .clusters
                .iter()
                .enumerate()
                .filter(|(_, c)| passes_filters(c, &b.spec).is_ok())
                .map(|(i, _)| i)
                .collect();
            assert_eq!(index.passing(&b.spec), one_by_one, "{}", b.display_name());
            compared += 1;
        }
    }
    assert!(compared > 3_000, "{compared}");
}
