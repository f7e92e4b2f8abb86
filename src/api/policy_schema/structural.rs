//! What the kube-apiserver does with a custom resource before any webhook sees it, from
//! the CRD's structural schema: unknown fields and `null`s are pruned, defaults fill the
//! fields left out, and the schema's own rules (types, enums, minimums, lengths, item
//! counts, required fields) are checked.

use serde_json::{Map, Value};

use super::{ApiRelease, Default, Field, Ty};

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

/// Drop what the schema of release `at` does not know (fields, `null`s) from the
/// object `v`.
pub fn prune(fields: &[Field], v: &mut Value, at: ApiRelease) {
    let Some(obj) = v.as_object_mut() else { return };
    obj.retain(|k, x| !x.is_null() && fields.iter().any(|f| f.name == k && f.known_at(at)));
    for field in fields {
        if let Some(x) = obj.get_mut(field.name) {
            prune_value(&field.ty, x, at);
        }
    }
}

fn prune_value(ty: &Ty, v: &mut Value, at: ApiRelease) {
    match (ty, v) {
        (Ty::Obj(fields), v @ Value::Object(_)) => prune(fields, v, at),
        (Ty::List(item), Value::Array(items)) => {
            items.iter_mut().for_each(|x| prune_value(item, x, at));
        }
        (Ty::Map, Value::Object(map)) => map.retain(|_, x| !x.is_null()),
        _ => {}
    }
}

/// Drop the fields release `at` does not have yet, and nothing else: what Go's decoder
/// of that release's structs loses (the webhook of an older release never sees them).
pub fn forget_newer(fields: &[Field], v: &mut Value, at: ApiRelease) {
    let Some(obj) = v.as_object_mut() else { return };
    for field in fields {
        if !field.known_at(at) {
            obj.remove(field.name);
            continue;
        }
        if let Some(x) = obj.get_mut(field.name) {
            forget_in(&field.ty, x, at);
        }
    }
}

/// The fields of `v` (at `path`) that release `at` does not have yet: the ones its
/// decoder drops without a word.
pub fn newer_fields(fields: &[Field], v: &Value, path: &str, at: ApiRelease) -> Vec<String> {
    let mut out = Vec::new();
    newer_in_struct(fields, v, path, at, &mut out);
    out
}

fn newer_in_struct(fields: &[Field], v: &Value, path: &str, at: ApiRelease, out: &mut Vec<String>) {
    let Some(obj) = v.as_object() else { return };
    for field in fields {
        let Some(x) = obj.get(field.name).filter(|x| !x.is_null()) else {
            continue;
        };
        let here = format!("{path}.{}", field.name);
        if field.known_at(at) {
            newer_in(&field.ty, x, &here, at, out);
        } else {
            out.push(here);
        }
    }
}

fn newer_in(ty: &Ty, v: &Value, path: &str, at: ApiRelease, out: &mut Vec<String>) {
    match (ty, v) {
        (Ty::Obj(fields), v) => newer_in_struct(fields, v, path, at, out),
        (Ty::List(item), Value::Array(items)) => {
            for (i, x) in items.iter().enumerate() {
                newer_in(item, x, &format!("{path}[{i}]"), at, out);
            }
        }
        _ => {}
    }
}

fn forget_in(ty: &Ty, v: &mut Value, at: ApiRelease) {
    match (ty, v) {
        (Ty::Obj(fields), v @ Value::Object(_)) => forget_newer(fields, v, at),
        (Ty::List(item), Value::Array(items)) => {
            items.iter_mut().for_each(|x| forget_in(item, x, at));
        }
        _ => {}
    }
}

/// Fill every field the schema of release `at` defaults and `v` leaves out, in every
/// object present.
pub fn apply_defaults(fields: &[Field], v: &mut Value, at: ApiRelease) {
    let Some(obj) = v.as_object_mut() else { return };
    for field in fields.iter().filter(|f| f.known_at(at)) {
        if let (Some(default), false) = (field.default, obj.contains_key(field.name)) {
            let value = match default {
                Default::Str(s) => Value::from(s),
                Default::Int(n) => Value::from(n),
            };
            obj.insert(field.name.to_string(), value);
        }
        if let Some(x) = obj.get_mut(field.name) {
            default_value(&field.ty, x, at);
        }
    }
}

fn default_value(ty: &Ty, v: &mut Value, at: ApiRelease) {
    match (ty, v) {
        (Ty::Obj(fields), v @ Value::Object(_)) => apply_defaults(fields, v, at),
        (Ty::List(item), Value::Array(items)) => {
            items.iter_mut().for_each(|x| default_value(item, x, at));
        }
        _ => {}
    }
}

/// Every rule of the schema of release `at` that the object `v` (at `path`) breaks, in
/// field order.
pub fn validate(fields: &[Field], v: &Value, path: &str, at: ApiRelease) -> Vec<SchemaError> {
    let mut errs = Vec::new();
    let mut check = Check {
        release: at,
        errs: &mut errs,
    };
    check.object(fields, v.as_object(), path);
    errs
}

/// One validation walk: the release whose rules apply, and what was found.
struct Check<'a> {
    release: ApiRelease,
    errs: &'a mut Vec<SchemaError>,
}

impl Check<'_> {
    fn object(&mut self, fields: &[Field], obj: Option<&Map<String, Value>>, path: &str) {
        let release = self.release;
        for field in fields.iter().filter(|f| f.known_at(release)) {
            let at = format!("{path}.{}", field.name);
            match obj.and_then(|o| o.get(field.name)).filter(|x| !x.is_null()) {
                None if field.required => self.errs.push(SchemaError {
                    field: at,
                    detail: "Required value".into(),
                }),
                None => {}
                Some(x) => self.field(field, x, &at),
            }
        }
    }

    fn field(&mut self, field: &Field, v: &Value, at: &str) {
        if !check_type(&field.ty, v, at, self.errs) {
            return;
        }
        let values = field.values_at(self.release);
        rules(field, &values, v, at, self.errs);
        self.inside(&field.ty, v, at);
    }

    /// The fields of an object, or the items of a list.
    fn inside(&mut self, ty: &Ty, v: &Value, at: &str) {
        match ty {
            Ty::Obj(fields) => self.object(fields, v.as_object(), at),
            Ty::List(item) => {
                for (i, x) in v.as_array().into_iter().flatten().enumerate() {
                    let at = format!("{at}[{i}]");
                    if check_type(item, x, &at, self.errs) {
                        self.inside(item, x, &at);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The value rules of one field (enum, lengths, minimum, item count).
fn rules(field: &Field, values: &[&str], v: &Value, at: &str, errs: &mut Vec<SchemaError>) {
    let mut err = |detail: String| {
        errs.push(SchemaError {
            field: at.to_string(),
            detail,
        })
    };
    if let Some(s) = v.as_str() {
        if !values.is_empty() && !values.contains(&s) {
            let allowed: Vec<String> = values.iter().map(|e| format!("{e:?}")).collect();
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
        prune(PROPAGATION_SPEC, &mut spec, ApiRelease::NEWEST);
        apply_defaults(PROPAGATION_SPEC, &mut spec, ApiRelease::NEWEST);
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
        let errs = validate(TAINT_POLICY_SPEC, &spec, "spec", ApiRelease::NEWEST);
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["spec.taints[0].effect", "spec.taints[1].key"]);
        assert_eq!(errs[0].path_without_indices(), "spec.taints.effect");
        let empty = validate(
            TAINT_POLICY_SPEC,
            &json!({"taints": []}),
            "spec",
            ApiRelease::NEWEST,
        );
        assert_eq!(empty[0].field, "spec.taints");
        let weights = json!({
            "resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap"}],
            "placement": {"replicaScheduling": {"weightPreference": {"staticWeightList": [
                {"targetCluster": {}, "weight": 0}
            ]}}},
            "preemption": "Sometimes"
        });
        let errs = validate(PROPAGATION_SPEC, &weights, "spec", ApiRelease::NEWEST);
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert!(errs[0].detail.contains("greater than or equal to 1"));
        assert!(errs[1]
            .detail
            .starts_with("Unsupported value: \"Sometimes\""));
    }

    #[test]
    fn each_release_knows_its_own_fields_and_values() {
        let spec = json!({
            "resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap"}],
            "placement": {
                "clusterAffinities": [{"affinityName": "a", "clusterNames": ["m1"],
                    "overflowAffinities": [{"affinityName": "b", "clusterNames": ["m2"]}]}],
                "workloadAffinity": {"affinity": {"groupByLabelKey": "g"}}
            },
            "failover": {"application": {"decisionConditions": {}, "purgeMode": "Immediately"}}
        });
        let pruned = |minor| {
            let mut v = spec.clone();
            prune(PROPAGATION_SPEC, &mut v, ApiRelease::minor(minor));
            v
        };
        assert!(pruned(16)["placement"].get("workloadAffinity").is_none());
        assert!(pruned(17)["placement"].get("workloadAffinity").is_some());
        assert!(pruned(17)["placement"]["clusterAffinities"][0]
            .get("overflowAffinities")
            .is_none());
        assert!(pruned(18)["placement"]["clusterAffinities"][0]
            .get("overflowAffinities")
            .is_some());
        let purge_errors = |minor| {
            validate(PROPAGATION_SPEC, &spec, "spec", ApiRelease::minor(minor))
                .into_iter()
                .filter(|e| e.field.ends_with("purgeMode"))
                .count()
        };
        assert_eq!(purge_errors(18), 0);
        assert_eq!(purge_errors(19), 1);
        let mut forgotten = spec.clone();
        forget_newer(PROPAGATION_SPEC, &mut forgotten, ApiRelease::minor(16));
        assert!(forgotten["placement"].get("workloadAffinity").is_none());
        assert!(forgotten["placement"]["clusterAffinities"][0]
            .get("overflowAffinities")
            .is_none());
        assert_eq!(forgotten["failover"], spec["failover"]);
    }
}
