//! What `policy apply` decides before anything is sent: whether each document is a
//! policy, what a real control plane would answer to it ([`crate::engine::karmada::admission::server`]),
//! the failover lint, and which bindings the change would evict or re-place.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Value};

use crate::api::names::is_dns_subdomain;
use crate::api::APPLIED_PLACEMENT_ANNOTATION;
use crate::engine::decide::policy_lint::{governed_by, lint, Finding, LintInput};
use crate::engine::karmada::admission::{self, PolicyKind, Verdict, WebhookSettings};
use crate::engine::predict::simulate::{simulate, Scenario, Verdict as SimVerdict};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::FleetState;

/// The API group and version of every policy kind.
pub const POLICY_API_VERSION: &str = "policy.karmada.io/v1alpha1";

/// One rule a document breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Field path with list indices (`spec.placement.spreadConstraints[0]`).
    pub field: String,
    /// The rule, in the words of the part of the control plane that enforces it.
    pub rule: String,
}

/// A policy document, checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckedPolicy {
    pub kind: PolicyKind,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// What is sent: apiVersion, kind, name, namespace, labels, annotations and the spec
    /// as written, passed through karmada-webhook's mutation (PropagationPolicies and
    /// ClusterPropagationPolicies): the applied intent is what the control plane stores,
    /// so a re-apply is a no-op and another field manager applying the same document does
    /// not conflict over what the webhook adds (a selector's namespace, ...).
    #[serde(skip)]
    pub object: Value,
    /// The spec as the control plane would store it.
    #[serde(skip)]
    pub admitted: Value,
    pub problems: Vec<Problem>,
    pub findings: Vec<Finding>,
}

impl CheckedPolicy {
    /// `PropagationPolicy/ns/name` or `ClusterTaintPolicy/name`.
    pub fn display_name(&self) -> String {
        match &self.namespace {
            Some(ns) => format!("{}/{ns}/{}", self.kind, self.name),
            None => format!("{}/{}", self.kind, self.name),
        }
    }
}

/// Why a document is not checked as a policy at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPolicy(pub String);

/// Check one document. `namespace_flag` is `-n` (a document in another namespace is an
/// error, as kubectl has it); `default_namespace` applies to PropagationPolicies that
/// name none.
pub fn check_policy(
    object: &Value,
    namespace_flag: Option<&str>,
    default_namespace: &str,
    fleet: Option<&FleetState>,
    webhook: WebhookSettings,
    controller: Option<&ControllerSettings>,
) -> Result<CheckedPolicy, NotAPolicy> {
    let api_version = object["apiVersion"].as_str().unwrap_or_default();
    let kind_name = object["kind"].as_str().unwrap_or_default();
    let kind = match PolicyKind::parse(kind_name) {
        Some(kind) if api_version == POLICY_API_VERSION => kind,
        _ => {
            let what = if kind_name.is_empty() {
                "a document without kind".to_string()
            } else {
                format!("kind {kind_name} ({api_version})")
            };
            return Err(NotAPolicy(format!(
                "{what} is not a policy this command applies (PropagationPolicy, ClusterPropagationPolicy, ClusterTaintPolicy of {POLICY_API_VERSION}); apply it with kubectl apply"
            )));
        }
    };
    let meta = &object["metadata"];
    let name = meta["name"].as_str().unwrap_or_default().to_string();
    let mut problems = Vec::new();
    if name.is_empty() {
        problems.push(Problem {
            field: "metadata.name".into(),
            rule: "Required value: name or generateName is required".into(),
        });
    } else if !is_dns_subdomain(&name) {
        problems.push(Problem {
            field: "metadata.name".into(),
            rule: format!("Invalid value: {name:?}: must be a lowercase RFC 1123 subdomain"),
        });
    }
    let namespace = if kind.namespaced() {
        let own = meta["namespace"].as_str().filter(|s| !s.is_empty());
        match (own, namespace_flag) {
            (Some(own), Some(flag)) if own != flag => {
                problems.push(Problem {
                    field: "metadata.namespace".into(),
                    rule: format!("the namespace of the document ({own}) does not match -n {flag}"),
                });
                Some(own.to_string())
            }
            (Some(own), _) => Some(own.to_string()),
            (None, flag) => Some(flag.unwrap_or(default_namespace).to_string()),
        }
    } else {
        None
    };
    let ns = namespace.as_deref().unwrap_or_default();
    let spec = object.get("spec").cloned().unwrap_or(Value::Null);
    let answer = admission::server(kind, ns, &spec, webhook);
    problems.extend(answer.schema.iter().map(|e| Problem {
        field: e.field.clone(),
        rule: e.detail.clone(),
    }));
    match &answer.verdict {
        Some(Verdict::Denied(errs)) => problems.extend(errs.iter().map(|e| {
            Problem {
                field: e.field.clone(),
                rule: e
                    .message()
                    .strip_prefix(&format!("{}: ", e.field))
                    .unwrap_or_default()
                    .to_string(),
            }
        })),
        Some(Verdict::Panicked) => problems.push(Problem {
            field: "spec".into(),
            rule: "karmada-webhook crashes on this spec (nil pointer)".into(),
        }),
        _ => {}
    }
    let findings = lint(&LintInput {
        kind,
        name: &name,
        namespace: ns,
        raw: &spec,
        admitted: &answer.admitted,
        fleet,
        webhook,
        controller,
    });
    let mut metadata = json!({"name": name});
    if let Some(ns) = &namespace {
        metadata["namespace"] = json!(ns);
    }
    for key in ["labels", "annotations"] {
        if let Some(v) = meta.get(key).filter(|v| v.is_object()) {
            metadata[key] = v.clone();
        }
    }
    // Only a spec the webhook admits is sent, so its mutation is defined.
    let sent = match (
        &answer.verdict,
        admission::mutate(kind, ns, &spec, webhook.version),
    ) {
        (Some(Verdict::Allowed), Some(mutated)) => mutated,
        _ => spec,
    };
    Ok(CheckedPolicy {
        kind,
        name,
        namespace,
        object: json!({
            "apiVersion": POLICY_API_VERSION,
            "kind": kind.as_str(),
            "metadata": metadata,
            "spec": sent,
        }),
        admitted: answer.admitted,
        problems,
        findings,
    })
}

/// Upstream's update rule for propagation policies: `schedulerName` cannot change.
pub fn update_problem(policy: &CheckedPolicy, live_spec: &Value) -> Option<Problem> {
    if policy.kind == PolicyKind::ClusterTaintPolicy {
        return None;
    }
    let scheduler = |v: &Value| {
        v["schedulerName"]
            .as_str()
            .unwrap_or("default-scheduler")
            .to_string()
    };
    let (old, new) = (scheduler(live_spec), scheduler(&policy.admitted));
    (old != new).then(|| Problem {
        field: "spec.schedulerName".into(),
        rule: format!("the schedulerName should not be updated ({old} -> {new}); delete and recreate the policy"),
    })
}

/// Whether the change touches what failover depends on.
pub fn changes_failover(policy: &CheckedPolicy, live_spec: Option<&Value>) -> bool {
    if policy.kind == PolicyKind::ClusterTaintPolicy {
        return false;
    }
    let Some(live) = live_spec else { return true };
    ["failover", "placement"].iter().any(|k| {
        live.get(*k).unwrap_or(&Value::Null) != policy.admitted.get(*k).unwrap_or(&Value::Null)
    })
}

/// One binding on one cluster whose fate the change alters.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewChange {
    pub binding: String,
    pub cluster: String,
    /// Before the change (`None`: the cluster is not faulty for it... or not simulated).
    pub before: Option<SimVerdict>,
    pub after: Option<SimVerdict>,
    /// When the eviction is processed after the change, if it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<jiff::Timestamp>,
}

/// The bindings `policy` governs in `fleet`, and how the change alters their fate on
/// the clusters they are on: each binding takes the new placement and failover (as the
/// binding controller copies them), then the same simulation as `dry-run` runs on the
/// fleet before and after.
pub fn failover_preview(
    fleet: &FleetState,
    policy: &CheckedPolicy,
    base: &Scenario,
) -> (usize, Vec<PreviewChange>) {
    // Parsed once, shared by every governed binding, as a loaded fleet shares it.
    let placement: Option<std::sync::Arc<crate::api::Placement>> = policy
        .admitted
        .get("placement")
        .and_then(|p| serde_json::from_value(p.clone()).ok());
    let failover: Option<Box<crate::api::FailoverBehavior>> = policy
        .admitted
        .get("failover")
        .and_then(|p| serde_json::from_value(p.clone()).ok());
    let applied: std::sync::Arc<str> = serde_json::to_string(&placement).unwrap_or_default().into();
    let mut after = fleet.clone();
    let mut governed = 0;
    for b in after.bindings.iter_mut() {
        if !governed_by(
            policy.kind,
            &policy.name,
            policy.namespace.as_deref().unwrap_or_default(),
            b.annotations(),
        ) {
            continue;
        }
        governed += 1;
        b.spec.placement = placement.clone();
        b.spec.failover = failover.clone();
        b.metadata
            .annotations
            .get_or_insert_with(Default::default)
            .insert(APPLIED_PLACEMENT_ANNOTATION, applied.clone());
    }
    if governed == 0 {
        return (0, vec![]);
    }
    let outcome =
        |state: &FleetState| -> BTreeMap<(String, String), (SimVerdict, Option<jiff::Timestamp>)> {
            simulate(state, base)
                .outcomes
                .into_iter()
                .map(|o| ((o.binding, o.cluster), (o.verdict, o.at)))
                .collect()
        };
    let (old, new) = (outcome(fleet), outcome(&after));
    let mut keys: Vec<&(String, String)> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    let changes = keys
        .into_iter()
        .filter_map(|k| {
            let (b, a) = (old.get(k), new.get(k));
            (b.map(|x| x.0) != a.map(|x| x.0)).then(|| PreviewChange {
                binding: k.0.clone(),
                cluster: k.1.clone(),
                before: b.map(|x| x.0),
                after: a.map(|x| x.0),
                at: a.and_then(|x| x.1),
            })
        })
        .collect();
    (governed, changes)
}
