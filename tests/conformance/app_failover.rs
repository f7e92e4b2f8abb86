//! Family `application_failover`: upstream's application failover controllers and the
//! health they read, answered by the twin `engine::karmada::application_failover`:
//! the filter, the health interpreters (native and the shipped customizations, per
//! release), `distinguish` with the timers kept, a reconcile driven step by step on a
//! clock of the vector's, and the task options of an eviction.

use std::collections::{BTreeMap, BTreeSet};

use jiff::{SignedDuration, Timestamp};
use karmadactl::api::binding::{
    AggregatedStatusItem, BindingStatus, GracefulEvictionTask, TargetCluster,
};
use karmadactl::api::BindingSpec;
use karmadactl::engine::karmada::application_failover::health::interpret_health;
use karmadactl::engine::karmada::application_failover::{
    binding_filter, distinguish, evict_binding, forget_irrelevant, producer, sync_binding,
    HealthInterpreter, TaskGates, UnhealthyTimers,
};
use karmadactl::engine::vocabulary::version::KarmadaVersion;
use karmadactl::fleet::{Binding, BindingKind};
use serde_json::{json, Value};

use super::read;

/// Check one vector; `None` when `family` is not handled here.
pub fn check(
    family: &str,
    version: KarmadaVersion,
    input: &Value,
    expected: &Value,
) -> super::Check {
    if family != "application_failover" {
        return None;
    }
    Some(match input["case"].as_str() {
        Some("filter") => filter(input, expected, version),
        Some("health") => health(input, expected, version),
        Some("distinguish") => distinguish_case(input, expected),
        Some("sync") => sync(input, expected, version),
        Some("task_options") => task_options(input, expected, version),
        other => Err(format!("unknown case {other:?}")),
    })
}

fn kind(input: &Value) -> BindingKind {
    match input["bindingKind"].as_str() {
        Some("ClusterResourceBinding") => BindingKind::ClusterResourceBinding,
        _ => BindingKind::ResourceBinding,
    }
}

fn binding(input: &Value, status: Option<BindingStatus>) -> Result<Binding, String> {
    let spec: BindingSpec =
        serde_json::from_value(input["spec"].clone()).map_err(|e| format!("spec: {e}"))?;
    Ok(Binding {
        kind: kind(input),
        metadata: Default::default(),
        spec,
        status,
    })
}

fn gates(input: &Value) -> TaskGates {
    TaskGates {
        graceful_eviction: input["gates"]["GracefulEviction"].as_bool().unwrap_or(true),
        stateful_failover_injection: input["gates"]["StatefulFailoverInjection"]
            .as_bool()
            .unwrap_or(false),
    }
}

fn status_of(items: Vec<AggregatedStatusItem>) -> Option<BindingStatus> {
    Some(BindingStatus {
        aggregated_status: items,
        ..Default::default()
    })
}

fn filter(input: &Value, expected: &Value, version: KarmadaVersion) -> Result<(), String> {
    let status: Option<BindingStatus> = match input.get("status") {
        None | Some(Value::Null) => None,
        Some(s) => Some(serde_json::from_value(s.clone()).map_err(|e| format!("status: {e}"))?),
    };
    let b = binding(input, status)?;
    let acts = binding_filter(&b, version, false).is_ok();
    let want = expected["acts"].as_bool().unwrap_or(false);
    (acts == want)
        .then_some(())
        .ok_or_else(|| format!("acts {acts}, upstream {want}"))
}

fn health(input: &Value, expected: &Value, version: KarmadaVersion) -> Result<(), String> {
    let got = interpret_health(&input["object"], version);
    let interpreter = match got.interpreter {
        HealthInterpreter::Native => "native",
        HealthInterpreter::ThirdParty => "thirdparty",
        HealthInterpreter::None => "none",
    };
    let health: &str = got.health.into();
    let (want_i, want_h) = (
        expected["interpreter"].as_str().unwrap_or_default(),
        expected["health"].as_str().unwrap_or_default(),
    );
    if interpreter != want_i || health != want_h {
        return Err(format!(
            "{interpreter}/{health} ({:?}), upstream {want_i}/{want_h} ({})",
            got.error, expected["error"]
        ));
    }
    Ok(())
}

fn names(v: &Value) -> BTreeSet<String> {
    strings(v).into_iter().collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn distinguish_case(input: &Value, expected: &Value) -> Result<(), String> {
    let items: Vec<AggregatedStatusItem> = read(input, "aggregatedStatus")?;
    let spec = BindingSpec {
        graceful_eviction_tasks: read(input, "gracefulEvictionTasks")?,
        ..Default::default()
    };
    let (unhealthy, others) = distinguish(&items, &spec);
    let t0 = Timestamp::UNIX_EPOCH;
    let mut timers = UnhealthyTimers(
        names(&input["timers"])
            .into_iter()
            .map(|c| (c, t0))
            .collect(),
    );
    forget_irrelevant(&mut timers, &names(&input["clusters"]), &others);
    let kept: Vec<String> = timers.0.keys().cloned().collect();
    let want = (
        strings(&expected["unhealthy"]),
        strings(&expected["others"]),
        strings(&expected["timers"]),
    );
    ((unhealthy.clone(), others.clone(), kept.clone()) == want)
        .then_some(())
        .ok_or_else(|| format!("got {unhealthy:?} {others:?} timers {kept:?}, upstream {want:?}"))
}

/// The stored list as upstream's JSON has it (`null` for none).
fn list_json<T: serde::Serialize>(list: &[T]) -> Value {
    if list.is_empty() {
        Value::Null
    } else {
        serde_json::to_value(list).unwrap()
    }
}

fn same_json(what: &str, got: &Value, want: &Value) -> Result<(), String> {
    let norm = |v: &Value| match v {
        Value::Array(a) if a.is_empty() => Value::Null,
        other => other.clone(),
    };
    (norm(got) == norm(want))
        .then_some(())
        .ok_or_else(|| format!("{what}: got {got}, upstream {want}"))
}

fn sync(input: &Value, expected: &Value, version: KarmadaVersion) -> Result<(), String> {
    let t0: Timestamp = "2026-11-01T00:00:00Z".parse().unwrap();
    let mut b = binding(input, None)?;
    let mut timers = UnhealthyTimers::default();
    let mut deleted = false;
    let steps = input["steps"].as_array().cloned().unwrap_or_default();
    let want_steps = expected["steps"].as_array().cloned().unwrap_or_default();
    if steps.len() != want_steps.len() {
        return Err("steps and expected steps differ in number".into());
    }
    for (i, (step, want)) in steps.iter().zip(&want_steps).enumerate() {
        let at = step["atMs"].as_i64().unwrap_or(0);
        let now = t0 + SignedDuration::from_millis(at);
        if step["deleted"].as_bool() == Some(true) {
            // The binding is gone at this reconcile: its timers go.
            timers.0.clear();
            deleted = true;
            let acts = want["acts"].as_bool().unwrap_or(false);
            if acts {
                return Err(format!("step {i}: upstream acts on a deleted binding"));
            }
            continue;
        }
        if deleted {
            deleted = false;
        }
        if let Some(c) = step.get("clusters") {
            b.spec.clusters = read::<Vec<TargetCluster>>(&json!({ "c": c }), "c")?;
        }
        if let Some(t) = step.get("gracefulEvictionTasks") {
            b.spec.graceful_eviction_tasks =
                read::<Vec<GracefulEvictionTask>>(&json!({ "t": t }), "t")?;
        }
        if let Some(p) = step.get("propagateDeps") {
            b.spec.propagate_deps = p.as_bool();
        }
        b.status = status_of(read(step, "aggregatedStatus")?);
        let out = sync_binding(&mut b, &mut timers, gates(input), version, false, now);
        let ctx = |e: String| format!("step {i} (at {at} ms): {e}");
        let acts = want["acts"].as_bool().unwrap_or(false);
        if out.acts != acts {
            return Err(ctx(format!("acts {}, upstream {acts}", out.acts)));
        }
        match (&out.panic, want.get("panic")) {
            (Some(_), Some(_)) | (None, None) => {}
            (got, want) => return Err(ctx(format!("panic {got:?}, upstream {want:?}"))),
        }
        if want.get("panic").is_none() && acts {
            same_json("due", &json!(out.due), &want["due"]).map_err(ctx)?;
        }
        let want_error = want["error"].as_str();
        if out.error.as_deref() != want_error {
            return Err(ctx(format!(
                "error {:?}, upstream {want_error:?}",
                out.error
            )));
        }
        let requeue = want["requeueAfterSeconds"].as_i64().unwrap_or(0);
        if out.panic.is_none() && i64::from(out.requeue_after) != requeue {
            return Err(ctx(format!(
                "requeue {}, upstream {requeue}",
                out.requeue_after
            )));
        }
        same_json("clusters", &list_json(&b.spec.clusters), &want["clusters"]).map_err(ctx)?;
        same_json(
            "gracefulEvictionTasks",
            &list_json(&b.spec.graceful_eviction_tasks),
            &want["gracefulEvictionTasks"],
        )
        .map_err(ctx)?;
        let got_timers: BTreeMap<String, i64> = timers
            .0
            .iter()
            .map(|(c, t)| (c.clone(), t.duration_since(t0).as_millis() as i64))
            .collect();
        let want_timers: BTreeMap<String, i64> = read(want, "timers")?;
        if got_timers != want_timers {
            return Err(ctx(format!(
                "timers {got_timers:?}, upstream {want_timers:?}"
            )));
        }
    }
    Ok(())
}

fn task_options(input: &Value, expected: &Value, version: KarmadaVersion) -> Result<(), String> {
    let items: Vec<AggregatedStatusItem> = read(input, "aggregatedStatus")?;
    let mut b = binding(input, status_of(items))?;
    let clusters = strings(&input["evictClusters"]);
    let kind = b.kind;
    let got = evict_binding(&mut b, &clusters, producer(kind), gates(input), version);
    match (got, expected.get("error").and_then(Value::as_str)) {
        (Err(e), Some(want)) if e == want => Ok(()),
        (Err(e), want) => Err(format!("error {e:?}, upstream {want:?}")),
        (Ok(()), Some(want)) => Err(format!("no error, upstream {want:?}")),
        (Ok(()), None) => {
            same_json(
                "clusters",
                &list_json(&b.spec.clusters),
                &expected["clusters"],
            )?;
            same_json(
                "gracefulEvictionTasks",
                &list_json(&b.spec.graceful_eviction_tasks),
                &expected["gracefulEvictionTasks"],
            )
        }
    }
}
