//! Conformance checks for the failover families (see tests/conformance/main.rs): the taint
//! manager's NoExecute rule, ClusterTaintPolicy matching and application, the eviction
//! write and the graceful-eviction clean-up.
//!
//! Expected values are compared semantically: they are read into the engine's typed
//! shapes, where `null`, a missing field and an empty list are the same thing.

use jiff::Timestamp;
use karmadactl::api::binding::{AggregatedStatusItem, GracefulEvictionTask, TargetCluster};
use karmadactl::api::policy::{MatchCondition, PolicyTaint};
use karmadactl::api::{BindingSpec, Condition, Taint, Toleration};
use karmadactl::engine::karmada::cluster_taint_policy::{
    add_taints, conditions_match, remove_taints,
};
use karmadactl::engine::karmada::graceful_eviction::{
    assess_eviction_tasks, graceful_evict_cluster, AssessContext, EvictOptions,
};
use karmadactl::engine::karmada::taint_manager::{noexecute_decision, noexecute_eviction};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Check one vector; `None` when `family` is not handled here.
pub fn check(family: &str, input: &Value, expected: &Value) -> super::Check {
    let outcome = match family {
        "noexecute_eviction" => noexecute(input, expected),
        "taint_policy_match" => policy_match(input, expected),
        "taint_policy_apply" => policy_apply(input, expected),
        "graceful_evict_cluster" => evict(input, expected),
        "graceful_eviction_assess" => assess(input, expected),
        _ => return None,
    };
    Some(outcome)
}

/// Reads `v[key]` as `T`; `null` or missing gives `T::default()`, and `null` fields
/// inside are dropped first (Go writes a nil slice as `null`).
fn field<T: DeserializeOwned + Default>(v: &Value, key: &str) -> Result<T, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(x) => {
            serde_json::from_value(without_nulls(x)).map_err(|e| format!("cannot read {key}: {e}"))
        }
    }
}

/// A copy of `v` without object members whose value is `null`.
fn without_nulls(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| (k.clone(), without_nulls(x)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

fn timestamp(v: &Value, key: &str) -> Result<Timestamp, String> {
    v.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing {key}"))?
        .parse()
        .map_err(|e| format!("bad {key}: {e}"))
}

fn agree<T: PartialEq + std::fmt::Debug>(what: &str, got: &T, want: &T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

fn noexecute(input: &Value, expected: &Value) -> Result<(), String> {
    let taints: Vec<Taint> = field(input, "taints")?;
    let tolerations: Vec<Toleration> = field(input, "tolerations")?;
    let now = timestamp(input, "now")?;
    let verdict = noexecute_eviction(&taints, &tolerations, now);
    // The fast path (no explanation) decides the same, on every vector.
    agree(
        "fast-path decision",
        &noexecute_decision(&taints, &tolerations, now),
        &verdict.decision,
    )?;
    let got = serde_json::to_value(&verdict.decision).map_err(|e| e.to_string())?;
    agree("decision", &got["decision"], &expected["decision"])?;
    if expected["decision"] == "EvictAfter" {
        agree(
            "afterSeconds",
            &got["afterSeconds"].as_i64(),
            &expected["afterSeconds"].as_i64(),
        )?;
    }
    Ok(())
}

fn policy_match(input: &Value, expected: &Value) -> Result<(), String> {
    let conditions: Vec<Condition> = field(input, "conditions")?;
    let match_conditions: Vec<MatchCondition> = field(input, "matchConditions")?;
    let want = expected["matches"]
        .as_bool()
        .ok_or("expected.matches is not a bool")?;
    agree(
        "matches",
        &conditions_match(&conditions, &match_conditions),
        &want,
    )
}

fn policy_apply(input: &Value, expected: &Value) -> Result<(), String> {
    let cluster_taints: Vec<Taint> = field(input, "clusterTaints")?;
    let policy_taints: Vec<PolicyTaint> = field(input, "policyTaints")?;
    let now = timestamp(input, "now")?;
    let got = match input["action"].as_str() {
        Some("add") => add_taints(&cluster_taints, &policy_taints, now),
        Some("remove") => remove_taints(&cluster_taints, &policy_taints),
        other => return Err(format!("unknown action {other:?}")),
    };
    let want: Vec<Taint> = field(expected, "clusterTaints")?;
    agree("clusterTaints", &got, &want)
}

#[derive(Default, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct VectorOptions {
    purge_mode: String,
    producer: String,
    reason: String,
    message: String,
    grace_period_seconds: Option<i32>,
    suppress_deletion: Option<bool>,
    preserved_label_state: Option<std::collections::BTreeMap<String, String>>,
    clusters_before_failover: Option<Vec<String>>,
}

fn evict(input: &Value, expected: &Value) -> Result<(), String> {
    let o: VectorOptions = field(input, "options")?;
    let options = EvictOptions {
        purge_mode: (!o.purge_mode.is_empty()).then(|| o.purge_mode.clone()),
        producer: o.producer,
        reason: o.reason,
        message: o.message,
        grace_period_seconds: o.grace_period_seconds,
        suppress_deletion: o.suppress_deletion,
        preserved_label_state: o.preserved_label_state,
        clusters_before_failover: o.clusters_before_failover.unwrap_or_default(),
    };
    let mut spec = BindingSpec {
        clusters: field(input, "clusters")?,
        graceful_eviction_tasks: field(input, "gracefulEvictionTasks")?,
        ..Default::default()
    };
    let cluster = input["evictCluster"]
        .as_str()
        .ok_or("missing evictCluster")?;
    graceful_evict_cluster(&mut spec, cluster, &options);
    let want_clusters: Vec<TargetCluster> = field(expected, "clusters")?;
    let want_tasks: Vec<GracefulEvictionTask> = field(expected, "gracefulEvictionTasks")?;
    agree("clusters", &spec.clusters, &want_clusters)?;
    agree(
        "gracefulEvictionTasks",
        &spec.graceful_eviction_tasks,
        &want_tasks,
    )
}

fn assess(input: &Value, expected: &Value) -> Result<(), String> {
    let tasks: Vec<GracefulEvictionTask> = field(input, "tasks")?;
    let clusters: Vec<TargetCluster> = field(input, "clusters")?;
    let status: Vec<AggregatedStatusItem> = field(input, "aggregatedStatus")?;
    let ctx = AssessContext {
        now: timestamp(input, "now")?,
        default_timeout_seconds: input["defaultTimeoutSeconds"]
            .as_i64()
            .ok_or("missing defaultTimeoutSeconds")?,
        clusters: &clusters,
        aggregated_status: &status,
        scheduled: input["scheduled"].as_bool().unwrap_or(false),
    };
    let got = assess_eviction_tasks(&tasks, &ctx);
    let want_kept: Vec<GracefulEvictionTask> = field(expected, "keptTasks")?;
    let want_evicted: Vec<String> = field(expected, "evictedClusters")?;
    agree("keptTasks", &got.kept_tasks, &want_kept)?;
    agree("evictedClusters", &got.evicted_clusters, &want_evicted)
}
