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

/// All CRDs the tool reads or writes, in install order.
pub fn all() -> Vec<CustomResourceDefinition> {
    [
        Cluster::crd(),
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

fn preserve_unknown_fields(crd: CustomResourceDefinition) -> CustomResourceDefinition {
    let mut value = serde_json::to_value(&crd).expect("CRD serializes");
    if let Some(versions) = value.pointer_mut("/spec/versions").and_then(Value::as_array_mut) {
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
    let Some(map) = node.as_object_mut() else { return };
    if map.get("type").and_then(Value::as_str) == Some("object") {
        map.insert("x-kubernetes-preserve-unknown-fields".into(), Value::Bool(true));
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
