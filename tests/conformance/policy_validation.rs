//! Family `policy_validation`: the karmada-webhook's validation of policy specs, alone
//! (`errors`, `message`, `panic`), as the served webhooks answer a create
//! (`admission`), and through a real kube-apiserver with the CRDs (`server`: pruning,
//! schema defaults, the mutating webhook, the schema's rules, then the validating
//! webhook). Every field of every answer is compared: validity, each error's path, type,
//! detail and value, the messages, the mutated and defaulted specs.

use std::collections::BTreeSet;

use karmadactl::engine::karmada::admission::{
    self, aggregate_message, FieldError, NilDereference, PolicyKind, WebhookSettings,
};
use karmadactl::engine::vocabulary::version::KarmadaVersion;
use serde_json::{json, Value};

use super::Check;

/// Check one vector of this family; `None` for other families.
pub fn check(family: &str, version: KarmadaVersion, input: &Value, expected: &Value) -> Check {
    (family == "policy_validation").then(|| vector(version, input, expected))
}

fn vector(version: KarmadaVersion, input: &Value, expected: &Value) -> Result<(), String> {
    let kind = PolicyKind::parse(input["kind"].as_str().unwrap_or_default())
        .ok_or_else(|| format!("unknown kind {}", input["kind"]))?;
    let namespace = input["namespace"].as_str().unwrap_or_default();
    let settings = WebhookSettings {
        allow_no_execute_taint_policy: input["allowNoExecuteTaintPolicy"]
            .as_bool()
            .unwrap_or_default(),
        version,
    };
    let spec = &input["spec"];
    let mut problems = Vec::new();

    // The validation function alone.
    let direct = admission::validate(kind, namespace, spec, settings);
    match (&direct, expected["panic"].as_str()) {
        (Err(NilDereference), Some(p)) if p == NilDereference::MESSAGE => {}
        (Err(_), _) => problems.push("ours panics, upstream's does not".to_string()),
        (Ok(_), Some(p)) => problems.push(format!("upstream panics ({p}), ours does not")),
        (Ok(errs), None) => {
            let want = expected["errors"].as_array().cloned().unwrap_or_default();
            let got: Vec<Value> = errs.iter().map(error_json).collect();
            if got != want {
                problems.push(format!(
                    "errors:\n  ours     {}\n  upstream {}",
                    Value::from(got),
                    Value::from(want)
                ));
            }
            let message = if errs.is_empty() {
                String::new()
            } else {
                aggregate_message(errs)
            };
            if message != expected["message"].as_str().unwrap_or_default() {
                problems.push(format!(
                    "message: ours {message:?}, upstream {}",
                    expected["message"]
                ));
            }
        }
    }
    let valid = direct.as_ref().is_ok_and(Vec::is_empty);
    if Some(valid) != expected["valid"].as_bool() {
        problems.push(format!(
            "valid: ours {valid}, upstream {}",
            expected["valid"]
        ));
    }

    // The served webhooks on a create.
    let served = admission::admission(kind, namespace, spec, settings);
    let want = &expected["admission"];
    compare(
        &mut problems,
        "admission.allowed",
        json!(served.verdict.allowed()),
        &want["allowed"],
    );
    compare(
        &mut problems,
        "admission.stage",
        json!("validating"),
        &want["stage"],
    );
    compare(
        &mut problems,
        "admission.message",
        message_json(&served.verdict.message()),
        &want["message"],
    );
    compare(
        &mut problems,
        "admission.mutatedSpec",
        served.mutated.clone().unwrap_or(Value::Null),
        &want["mutatedSpec"],
    );

    // Through the kube-apiserver.
    if let Some(want) = expected.get("server") {
        let answer = admission::server(kind, namespace, spec, settings);
        // A rejected create returns no object, so upstream records no defaulted spec.
        let defaulted = if answer.schema.is_empty() {
            answer.defaulted.clone()
        } else {
            Value::Null
        };
        compare(
            &mut problems,
            "server.defaultedSpec",
            defaulted,
            &want["defaultedSpec"],
        );
        compare(
            &mut problems,
            "server.schemaRejects",
            json!(!answer.schema.is_empty()),
            &want["schemaRejects"],
        );
        let fields: BTreeSet<String> = answer
            .schema
            .iter()
            .map(|e| e.path_without_indices())
            .collect();
        let want_fields: BTreeSet<String> = want["schemaFields"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(String::from))
            .collect();
        if fields != want_fields {
            problems.push(format!(
                "server.schemaFields: ours {fields:?}, upstream {want_fields:?}"
            ));
        }
        compare(
            &mut problems,
            "server.allowed",
            json!(answer.allowed()),
            &want["allowed"],
        );
        let stage = if answer.schema.is_empty() {
            "validating"
        } else {
            "schema"
        };
        compare(&mut problems, "server.stage", json!(stage), &want["stage"]);
        if let Some(verdict) = &answer.verdict {
            compare(
                &mut problems,
                "server.message",
                message_json(&verdict.message()),
                &want["message"],
            );
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}

fn error_json(e: &FieldError) -> Value {
    json!({
        "field": e.field,
        "type": e.kind.as_str(),
        "detail": e.detail,
        "badValue": e.bad_value.to_value(),
    })
}

fn message_json(message: &str) -> Value {
    if message.is_empty() {
        Value::Null
    } else {
        json!(message)
    }
}

fn compare(problems: &mut Vec<String>, what: &str, ours: Value, upstream: &Value) {
    if &ours != upstream {
        problems.push(format!("{what}: ours {ours}, upstream {upstream}"));
    }
}
