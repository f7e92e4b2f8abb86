//! Conformance checks for the placement-prediction families (see tests/conformance/main.rs).

use karmadactl::api::cluster::Cluster;
use karmadactl::api::{BindingSpec, ClusterAffinity, ReplicaRequirements, TargetCluster};
use karmadactl::engine::karmada::cluster_affinity::cluster_matches_affinity;
use karmadactl::engine::karmada::estimator::general_estimate;
use karmadactl::engine::karmada::scheduler::division::dispense;
use karmadactl::engine::karmada::scheduler::{
    assign_to_candidates, predict_placement, select_clusters,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Check one vector; `None` when `family` is not handled here.
pub fn check(family: &str, input: &Value, expected: &Value) -> super::Check {
    let outcome = match family {
        "cluster_affinity_match" => affinity_match(input, expected),
        "general_estimate" => estimate(input, expected),
        "webster_division" => webster_division(input, expected),
        "replica_assignment" => replica_assignment(input, expected),
        "select_clusters" => select(input, expected),
        "schedule_after_eviction" => schedule_after_eviction(input, expected),
        _ => return None,
    };
    Some(outcome)
}

fn parse<T: DeserializeOwned>(v: &Value, what: &str) -> Result<T, String> {
    // `null` means absent/empty, like Go's nil.
    let v = if v.is_null() {
        Value::Object(Default::default())
    } else {
        v.clone()
    };
    serde_json::from_value(v).map_err(|e| format!("cannot read {what}: {e}"))
}

fn parse_list<T: DeserializeOwned>(v: &Value, what: &str) -> Result<Vec<T>, String> {
    if v.is_null() {
        return Ok(Vec::new());
    }
    serde_json::from_value(v.clone()).map_err(|e| format!("cannot read {what}: {e}"))
}

fn compare<T: PartialEq + std::fmt::Debug>(got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, expected {want:?}"))
    }
}

fn expects_error(expected: &Value) -> bool {
    expected
        .get("error")
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

/// Result lists compared as sets of (name, replicas), zero entries kept.
fn sorted(mut v: Vec<TargetCluster>) -> Vec<TargetCluster> {
    v.sort_by(|a, b| a.name.cmp(&b.name).then(a.replicas.cmp(&b.replicas)));
    v
}

fn check_result<E: std::fmt::Debug>(
    got: Result<Vec<TargetCluster>, E>,
    expected: &Value,
) -> Result<(), String> {
    match (got, expects_error(expected)) {
        (Err(_), true) => Ok(()),
        (Ok(r), true) => Err(format!("expected an error, got {r:?}")),
        (Err(e), false) => Err(format!("unexpected error {e:?}")),
        (Ok(r), false) => {
            let want: Vec<TargetCluster> = parse_list(&expected["clusters"], "expected clusters")?;
            compare(sorted(r), sorted(want))
        }
    }
}

fn affinity_match(input: &Value, expected: &Value) -> Result<(), String> {
    let cluster: Cluster = parse(&input["cluster"], "cluster")?;
    let affinity: ClusterAffinity = parse(&input["affinity"], "affinity")?;
    let want = expected["matches"]
        .as_bool()
        .ok_or("expected.matches missing")?;
    compare(cluster_matches_affinity(&cluster, &affinity), want)
}

fn estimate(input: &Value, expected: &Value) -> Result<(), String> {
    let cluster: Cluster = parse(&input["cluster"], "cluster")?;
    let req: Option<ReplicaRequirements> = if input["replicaRequirements"].is_null() {
        None
    } else {
        Some(parse(&input["replicaRequirements"], "replicaRequirements")?)
    };
    let want = expected["maxReplicas"]
        .as_i64()
        .ok_or("expected.maxReplicas missing")?;
    compare(general_estimate(&cluster, req.as_ref()) as i64, want)
}

fn webster_division(input: &Value, expected: &Value) -> Result<(), String> {
    let weights: Vec<TargetCluster> = parse_list(&input["weights"], "weights")?;
    let init: Vec<TargetCluster> = parse_list(&input["init"], "init")?;
    let replicas = input["replicas"].as_i64().unwrap_or(0) as i32;
    let uid = input["uid"].as_str().unwrap_or("");
    let votes: Vec<(&str, i64)> = weights
        .iter()
        .map(|w| (w.name.as_str(), w.replicas as i64))
        .collect();
    let got = dispense(replicas, &votes, &init, uid);
    let want: Vec<TargetCluster> = parse_list(&expected["clusters"], "expected clusters")?;
    // Upstream's order (by name) is part of the result.
    compare(got, want)
}

fn replica_assignment(input: &Value, expected: &Value) -> Result<(), String> {
    let spec: BindingSpec = parse(&input["spec"], "spec")?;
    let raw = input["candidates"].as_array().cloned().unwrap_or_default();
    let mut clusters = Vec::with_capacity(raw.len());
    for c in &raw {
        let cluster: Cluster = parse(&c["cluster"], "candidate cluster")?;
        clusters.push((
            cluster,
            c["allocatableReplicas"].as_i64().unwrap_or(0) as i32,
        ));
    }
    let candidates: Vec<(&Cluster, i32)> = clusters.iter().map(|(c, a)| (c, *a)).collect();
    check_result(assign_to_candidates(&candidates, &spec), expected)
}

fn select(input: &Value, expected: &Value) -> Result<(), String> {
    let spec: BindingSpec = parse(&input["spec"], "spec")?;
    let raw = input["scoredClusters"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut clusters = Vec::with_capacity(raw.len());
    for c in &raw {
        let cluster: Cluster = parse(&c["cluster"], "scored cluster")?;
        clusters.push((cluster, c["score"].as_i64().unwrap_or(0)));
    }
    let scored: Vec<(&Cluster, i64)> = clusters.iter().map(|(c, s)| (c, *s)).collect();
    match (select_clusters(&scored, &spec), expects_error(expected)) {
        (Err(_), true) => Ok(()),
        (Ok(r), true) => Err(format!("expected an error, got {r:?}")),
        (Err(e), false) => Err(format!("unexpected error {e:?}")),
        (Ok(r), false) => {
            let want: Vec<String> = parse_list(&expected["clusters"], "expected clusters")?;
            compare(r, want)
        }
    }
}

fn schedule_after_eviction(input: &Value, expected: &Value) -> Result<(), String> {
    let clusters: Vec<Cluster> = parse_list(&input["clusters"], "clusters")?;
    let spec: BindingSpec = parse(&input["spec"], "spec")?;
    check_result(
        predict_placement(&clusters, &spec).map(|p| p.clusters),
        expected,
    )
}
