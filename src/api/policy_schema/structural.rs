//! What the kube-apiserver does with a custom resource before any webhook sees it, from
//! the CRD's structural schema: unknown fields and `null`s are pruned, defaults fill the
//! fields left out, and the schema's own rules (types, enums, minimums, lengths, item
//! counts, required fields) are checked.

use serde_json::{Map, Value};

use super::{Default, Field, Ty};

/// One schema rule a value breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// Field path with list indices (`spec.taints[0].key`).
    pub field: String,
    /// What is wrong, in the API server's words.
    pub detail: String,
}

impl SchemaError {
    /// Whether the value has the wrong JSON type (a string where a number goes, ...).
    pub fn is_type_error(&self) -> bool {
        self.detail.contains(": must be of type ")
    }

    /// The path as kube-apiserver 1.20 prints it: list indices left out
    /// (`spec.taints.key`).
    pub fn path_without_indices(&self) -> String {
        let mut out = String::with_capacity(self.field.len());
        let mut in_index = false;
        for c in self.field.chars() {
            match c {
                '[' => in_index = true,
                ']' => in_index = false,
                _ if !in_index => out.push(c),
                _ => {}
            }
        }
        out
    }
}

/// Drop what the schema does not know (fields, `null`s) from the object `v`.
pub fn prune(fields: &[Field], v: &mut Value) {
    let Some(obj) = v.as_object_mut() else { return };
    obj.retain(|k, x| !x.is_null() && fields.iter().any(|f| f.name == k));
    for field in fields {
        if let Some(x) = obj.get_mut(field.name) {
            prune_value(&field.ty, x);
        }
    }
}

fn prune_value(ty: &Ty, v: &mut Value) {
    match (ty, v) {
        (Ty::Obj(fields), v @ Value::Object(_)) => prune(fields, v),
        (Ty::List(item), Value::Array(items)) => {
            items.iter_mut().for_each(|x| prune_value(item, x));
        }
        (Ty::Map, Value::Object(map)) => map.retain(|_, x| !x.is_null()),
        _ => {}
    }
}

/// Fill every field the schema defaults and `v` leaves out, in every object present.
pub fn apply_defaults(fields: &[Field], v: &mut Value) {
    let Some(obj) = v.as_object_mut() else { return };
    for field in fields {
        if let (Some(default), false) = (field.default, obj.contains_key(field.name)) {
            let value = match default {
                Default::Str(s) => Value::from(s),
                Default::Int(n) => Value::from(n),
            };
            obj.insert(field.name.to_string(), value);
        }
        if let Some(x) = obj.get_mut(field.name) {
            default_value(&field.ty, x);
        }
    }
}

fn default_value(ty: &Ty, v: &mut Value) {
    match (ty, v) {
        (Ty::Obj(fields), v @ Value::Object(_)) => apply_defaults(fields, v),
        (Ty::List(item), Value::Array(items)) => {
            items.iter_mut().for_each(|x| default_value(item, x));
        }
        _ => {}
    }
}

/// Every schema rule the object `v` (at `path`) breaks, in field order.
pub fn validate(fields: &[Field], v: &Value, path: &str) -> Vec<SchemaError> {
    let mut errs = Vec::new();
    validate_struct(fields, v.as_object(), path, &mut errs);
    errs
}

fn validate_struct(
    fields: &[Field],
    obj: Option<&Map<String, Value>>,
    path: &str,
    errs: &mut Vec<SchemaError>,
) {
    for field in fields {
        let at = format!("{path}.{}", field.name);
        match obj.and_then(|o| o.get(field.name)).filter(|x| !x.is_null()) {
            None if field.required => errs.push(SchemaError {
                field: at,
                detail: "Required value".into(),
            }),
            None => {}
            Some(x) => validate_field(field, x, &at, errs),
        }
    }
}

fn validate_field(field: &Field, v: &Value, at: &str, errs: &mut Vec<SchemaError>) {
    if !check_type(&field.ty, v, at, errs) {
        return;
    }
    let mut err = |detail: String| {
        errs.push(SchemaError {
            field: at.to_string(),
            detail,
        })
    };
    if let Some(s) = v.as_str() {
        if !field.enumeration.is_empty() && !field.enumeration.contains(&s) {
            let allowed: Vec<String> = field.enumeration.iter().map(|e| format!("{e:?}")).collect();
            err(format!(
                "Unsupported value: {s:?}: supported values: {}",
                allowed.join(", ")
            ));
        }
        let chars = s.chars().count();
        if let Some(min) = field.min_length.filter(|min| chars < *min) {
            err(format!(
                "Invalid value: {s:?}: should be at least {min} chars long"
            ));
        }
        if let Some(max) = field.max_length.filter(|max| chars > *max) {
            err(format!("Too long: may not be longer than {max}"));
        }
    }
    if let (Some(min), Some(n)) = (field.minimum, v.as_i64()) {
        if n < min {
            err(format!(
                "Invalid value: {n}: should be greater than or equal to {min}"
            ));
        }
    }
    if let (Some(min), Some(items)) = (field.min_items, v.as_array()) {
        if items.len() < min {
            err(format!(
                "Invalid value: {}: should have at least {min} items",
                items.len()
            ));
        }
    }
    validate_inside(&field.ty, v, at, errs);
}

/// The fields of an object, or the items of a list.
fn validate_inside(ty: &Ty, v: &Value, at: &str, errs: &mut Vec<SchemaError>) {
    match ty {
        Ty::Obj(fields) => validate_struct(fields, v.as_object(), at, errs),
        Ty::List(item) => {
            for (i, x) in v.as_array().into_iter().flatten().enumerate() {
                let at = format!("{at}[{i}]");
                if check_type(item, x, &at, errs) {
                    validate_inside(item, x, &at, errs);
                }
            }
        }
        _ => {}
    }
}

/// Whether `v` has the JSON type of `ty`; reports it when not.
fn check_type(ty: &Ty, v: &Value, at: &str, errs: &mut Vec<SchemaError>) -> bool {
    let (ok, want) = match ty {
        Ty::Str => (v.is_string(), "string"),
        Ty::Int => (v.is_i64() || v.is_u64(), "integer"),
        Ty::Bool => (v.is_boolean(), "boolean"),
        Ty::Map => (
            v.as_object()
                .is_some_and(|m| m.values().all(Value::is_string)),
            "object of strings",
        ),
        Ty::List(_) => (v.is_array(), "array"),
        Ty::Obj(_) => (v.is_object(), "object"),
    };
    if !ok {
        errs.push(SchemaError {
            field: at.to_string(),
            detail: format!("Invalid value: {v}: must be of type {want}"),
        });
    }
    ok
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::api::policy_schema::{PROPAGATION_SPEC, TAINT_POLICY_SPEC};

    #[test]
    fn defaults_fill_present_objects_only() {
        let mut spec = json!({
            "resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap", "bogus": 1}],
            "failover": {"application": {"decisionConditions": {}}},
            "placement": {"replicaScheduling": {}},
            "unknown": null
        });
        prune(PROPAGATION_SPEC, &mut spec);
        apply_defaults(PROPAGATION_SPEC, &mut spec);
        assert_eq!(
            spec,
            json!({
                "resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap"}],
                "failover": {"application": {
                    "decisionConditions": {"tolerationSeconds": 300},
                    "purgeMode": "Gracefully"
                }},
                "placement": {"replicaScheduling": {"replicaSchedulingType": "Divided"}},
                "priority": 0,
                "preemption": "Never",
                "schedulerName": "default-scheduler",
                "conflictResolution": "Abort"
            })
        );
    }

    #[test]
    fn schema_rules_name_their_field() {
        let spec = json!({"taints": [{"key": "a"}, {"key": 1, "effect": "NoSchedule"}]});
        let errs = validate(TAINT_POLICY_SPEC, &spec, "spec");
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["spec.taints[0].effect", "spec.taints[1].key"]);
        assert_eq!(errs[0].path_without_indices(), "spec.taints.effect");
        let empty = validate(TAINT_POLICY_SPEC, &json!({"taints": []}), "spec");
        assert_eq!(empty[0].field, "spec.taints");
        let weights = json!({
            "resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap"}],
            "placement": {"replicaScheduling": {"weightPreference": {"staticWeightList": [
                {"targetCluster": {}, "weight": 0}
            ]}}},
            "preemption": "Sometimes"
        });
        let errs = validate(PROPAGATION_SPEC, &weights, "spec");
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert!(errs[0].detail.contains("greater than or equal to 1"));
        assert!(errs[1]
            .detail
            .starts_with("Unsupported value: \"Sometimes\""));
    }
}
