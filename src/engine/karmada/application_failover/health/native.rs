//! The built-in health interpreters of the nine Kubernetes kinds, read from an object
//! that converts into its typed struct ([`super::typed`]): an absent or `null` field is
//! Go's zero value (0, `""`, no list), `spec.replicas` is a pointer (absent: not
//! checked), and a wider integer wraps into an int32 field as Go's conversion does.
//!
//! Upstream: `pkg/resourceinterpreter/default/native/healthy.go`,
//! `pkg/util/helper/pod.go` (`GetPodCondition`: the first condition of the type).

use serde_json::Value;

/// Whether the native interpreter of `kind` finds `object` healthy.
pub(super) fn healthy(kind: &str, object: &Value) -> bool {
    match kind {
        "Deployment" | "StatefulSet" => rolled_out(object),
        "ReplicaSet" => replica_set(object),
        "DaemonSet" => daemon_set(object),
        "Service" => service(object),
        "Ingress" => has_load_balancer_address(object),
        "PersistentVolumeClaim" => text(object, "/status/phase") == "Bound",
        "Pod" => pod(object),
        "PodDisruptionBudget" => {
            int32(object, "/status/currentHealthy") >= int32(object, "/status/desiredHealthy")
        }
        _ => true,
    }
}

/// Deployment, StatefulSet: the generation observed, every replica updated (when
/// `spec.replicas` is set), every updated one available.
fn rolled_out(o: &Value) -> bool {
    generation_observed(o)
        && replicas(o).is_none_or(|r| int32(o, "/status/updatedReplicas") >= r)
        && int32(o, "/status/availableReplicas") >= int32(o, "/status/updatedReplicas")
}

/// ReplicaSet: the generation observed, as many available as `spec.replicas` asks.
fn replica_set(o: &Value) -> bool {
    generation_observed(o) && replicas(o).is_none_or(|r| int32(o, "/status/availableReplicas") >= r)
}

/// DaemonSet: the generation observed, every desired node updated, every updated one
/// available.
fn daemon_set(o: &Value) -> bool {
    let updated = int32(o, "/status/updatedNumberScheduled");
    generation_observed(o)
        && updated >= int32(o, "/status/desiredNumberScheduled")
        && int32(o, "/status/numberAvailable") >= updated
}

/// Service: healthy unless a `LoadBalancer` still without an address.
fn service(o: &Value) -> bool {
    text(o, "/spec/type") != "LoadBalancer" || has_load_balancer_address(o)
}

/// A `status.loadBalancer.ingress` entry with a non-empty `ip` or `hostname`.
fn has_load_balancer_address(o: &Value) -> bool {
    let entries = o.pointer("/status/loadBalancer/ingress");
    entries.and_then(Value::as_array).is_some_and(|list| {
        list.iter()
            .any(|e| !text(e, "/ip").is_empty() || !text(e, "/hostname").is_empty())
    })
}

/// Pod: `Succeeded`, or `Running` with its first `Ready` condition `True`.
fn pod(o: &Value) -> bool {
    let phase = text(o, "/status/phase");
    if phase == "Succeeded" {
        return true;
    }
    let ready = o
        .pointer("/status/conditions")
        .and_then(Value::as_array)
        .and_then(|list| list.iter().find(|c| text(c, "/type") == "Ready"));
    phase == "Running" && ready.is_some_and(|c| text(c, "/status") == "True")
}

fn generation_observed(o: &Value) -> bool {
    int64(o, "/status/observedGeneration") == int64(o, "/metadata/generation")
}

/// `spec.replicas`, a pointer: `None` when absent or `null`.
fn replicas(o: &Value) -> Option<i32> {
    o.pointer("/spec/replicas")
        .filter(|v| !v.is_null())
        .map(|v| number(v) as i32)
}

fn text<'a>(o: &'a Value, path: &str) -> &'a str {
    o.pointer(path).and_then(Value::as_str).unwrap_or_default()
}

fn int64(o: &Value, path: &str) -> i64 {
    o.pointer(path).map(number).unwrap_or_default()
}

/// An int32 field: the value converted as Go converts an int64 (wrapping).
fn int32(o: &Value, path: &str) -> i32 {
    int64(o, path) as i32
}

/// An integral JSON number as Go's int64 (0 for anything else, which the conversion
/// check has ruled out).
fn number(v: &Value) -> i64 {
    match v.as_i64() {
        Some(i) => i,
        None => v.as_f64().map(|f| f as i64).unwrap_or_default(),
    }
}
