//! The tool's policy schema (`api::policy_schema`) against upstream's CRDs in
//! `../shared/karmada/crds`: every property, its type, default, enum, bounds and whether
//! it is required agree, and the table has nothing the CRDs do not.

use std::path::Path;

use karmadactl::api::policy_schema::{Default, Field, Ty, PROPAGATION_SPEC, TAINT_POLICY_SPEC};
use serde_json::Value;

fn crd_spec_schema(file: &str) -> Option<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/karmada/crds")
        .join(file);
    let text = std::fs::read_to_string(&path).ok()?;
    let crd: Value = serde_saphyr::from_str(&text).expect("CRD parses");
    Some(crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"].clone())
}

fn compare_struct(fields: &[Field], schema: &Value, path: &str, problems: &mut Vec<String>) {
    let props = schema["properties"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for name in props.keys() {
        if !fields.iter().any(|f| f.name == name) {
            problems.push(format!("{path}.{name}: in the CRD, not in the table"));
        }
    }
    for field in fields {
        let at = format!("{path}.{}", field.name);
        let Some(prop) = props.get(field.name) else {
            problems.push(format!("{at}: in the table, not in the CRD"));
            continue;
        };
        if field.required != required.contains(&field.name) {
            problems.push(format!("{at}: required {} in the table", field.required));
        }
        let default = match field.default {
            None => Value::Null,
            Some(Default::Str(s)) => Value::from(s),
            Some(Default::Int(n)) => Value::from(n),
        };
        if prop["default"] != default {
            problems.push(format!("{at}: default {default}, CRD {}", prop["default"]));
        }
        let enumeration: Vec<Value> = field.enumeration.iter().map(|e| Value::from(*e)).collect();
        if prop["enum"].as_array().cloned().unwrap_or_default() != enumeration {
            problems.push(format!("{at}: enum {enumeration:?}, CRD {}", prop["enum"]));
        }
        for (key, ours) in [
            ("minimum", field.minimum.map(|n| n as u64)),
            ("minLength", field.min_length.map(|n| n as u64)),
            ("maxLength", field.max_length.map(|n| n as u64)),
            ("minItems", field.min_items.map(|n| n as u64)),
        ] {
            if prop[key].as_u64() != ours {
                problems.push(format!("{at}: {key} {ours:?}, CRD {}", prop[key]));
            }
        }
        compare_type(&field.ty, prop, &at, problems);
    }
}

fn compare_type(ty: &Ty, prop: &Value, at: &str, problems: &mut Vec<String>) {
    let want = match ty {
        Ty::Str => "string",
        Ty::Int => "integer",
        Ty::Bool => "boolean",
        Ty::Map | Ty::Obj(_) => "object",
        Ty::List(_) => "array",
    };
    if prop["type"] != want {
        problems.push(format!("{at}: type {want}, CRD {}", prop["type"]));
    }
    match ty {
        Ty::Obj(fields) => compare_struct(fields, prop, at, problems),
        Ty::List(item) => compare_type(item, &prop["items"], &format!("{at}[]"), problems),
        Ty::Map if prop["additionalProperties"]["type"] != "string" => {
            problems.push(format!("{at}: not a map of strings in the CRD"));
        }
        _ => {}
    }
}

#[test]
fn table_agrees_with_upstream_crds() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (file, fields) in [
        (
            "policy.karmada.io_propagationpolicies.yaml",
            PROPAGATION_SPEC,
        ),
        (
            "policy.karmada.io_clusterpropagationpolicies.yaml",
            PROPAGATION_SPEC,
        ),
        (
            "policy.karmada.io_clustertaintpolicies.yaml",
            TAINT_POLICY_SPEC,
        ),
    ] {
        let Some(schema) = crd_spec_schema(file) else {
            eprintln!("note: {file} not found; skipped");
            continue;
        };
        checked += 1;
        compare_struct(fields, &schema, "spec", &mut problems);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        assert_eq!(checked, 3, "CI is set but the upstream CRDs are missing");
    }
}
