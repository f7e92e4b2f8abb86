//! CustomResourceDefinitions generated from this crate's types.
//!
//! Used by the test harness (and available to users who want a scratch control plane).
//! Every object node of the schemas preserves unknown fields, so an object written by a
//! newer Karmada keeps every field when it passes through a server that uses these CRDs.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::CustomResourceExt;
use serde_json::Value;

use super::binding::{ClusterResourceBinding, ResourceBinding};
use super::cluster::Cluster;
use super::policy::{ClusterPropagationPolicy, ClusterTaintPolicy, PropagationPolicy};

/// A qualified name (taint keys): an optional DNS-subdomain prefix and `/`, then 1 to 63
/// name characters.
pub const QUALIFIED_NAME_PATTERN: &str = r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$";
/// A label value (taint values): empty, or 1 to 63 name characters.
pub const LABEL_VALUE_PATTERN: &str = r"^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$";

/// All CRDs the tool reads or writes, in install order.
pub fn all() -> Vec<CustomResourceDefinition> {
    [
        with_cluster_taint_rules(Cluster::crd()),
        ResourceBinding::crd(),
        ClusterResourceBinding::crd(),
        PropagationPolicy::crd(),
        ClusterPropagationPolicy::crd(),
        ClusterTaintPolicy::crd(),
    ]
    .into_iter()
    .map(preserve_unknown_fields)
    .collect()
}

/// Karmada serves Cluster from its aggregated apiserver, which validates `spec.taints`
/// (key a qualified name, value a label value, effect NoSchedule or NoExecute, no two
/// taints with one key and effect). A CRD cannot run that code; this schema says the
/// same as far as OpenAPI can. What it cannot say: a key's DNS prefix is at most 253
/// characters (the whole key is only capped at 317).
fn with_cluster_taint_rules(crd: CustomResourceDefinition) -> CustomResourceDefinition {
    let mut value = serde_json::to_value(&crd).expect("CRD serializes");
    if let Some(versions) = value
        .pointer_mut("/spec/versions")
        .and_then(Value::as_array_mut)
    {
        for version in versions {
            let Some(taints) =
                version.pointer_mut("/schema/openAPIV3Schema/properties/spec/properties/taints")
            else {
                continue;
            };
            taints["x-kubernetes-list-type"] = "map".into();
            taints["x-kubernetes-list-map-keys"] = serde_json::json!(["key", "effect"]);
            let item = &mut taints["items"];
            item["required"] = serde_json::json!(["key", "effect"]);
            let props = &mut item["properties"];
            props["key"]["pattern"] = QUALIFIED_NAME_PATTERN.into();
            props["key"]["maxLength"] = 317.into();
            props["value"]["pattern"] = LABEL_VALUE_PATTERN.into();
            props["value"]["maxLength"] = 63.into();
            props["effect"]["enum"] = serde_json::json!(["NoSchedule", "NoExecute"]);
        }
    }
    serde_json::from_value(value).expect("CRD deserializes")
}

fn preserve_unknown_fields(crd: CustomResourceDefinition) -> CustomResourceDefinition {
    let mut value = serde_json::to_value(&crd).expect("CRD serializes");
    if let Some(versions) = value
        .pointer_mut("/spec/versions")
        .and_then(Value::as_array_mut)
    {
        for version in versions {
            if let Some(schema) = version.pointer_mut("/schema/openAPIV3Schema/properties") {
                for key in ["spec", "status"] {
                    if let Some(node) = schema.get_mut(key) {
                        mark_objects(node);
                    }
                }
            }
        }
    }
    serde_json::from_value(value).expect("CRD deserializes")
}

fn mark_objects(node: &mut Value) {
    let Some(map) = node.as_object_mut() else {
        return;
    };
    // serde's defaults are a reading convenience, not API defaults (and 1.20 servers
    // reject some of them inside arrays).
    map.remove("default");
    if map.get("type").and_then(Value::as_str) == Some("object") {
        map.insert(
            "x-kubernetes-preserve-unknown-fields".into(),
            Value::Bool(true),
        );
    }
    for key in ["properties", "additionalProperties", "items"] {
        match map.get_mut(key) {
            Some(Value::Object(children)) if key == "properties" => {
                children.values_mut().for_each(mark_objects)
            }
            Some(child) => mark_objects(child),
            None => {}
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(items)) = map.get_mut(key) {
            items.iter_mut().for_each(mark_objects);
        }
    }
}
