//! How a real Karmada control plane admits a policy: the kube-apiserver prunes and
//! defaults it from the CRD schema, the karmada-webhook mutates it, the schema's rules
//! are checked, then the webhook validates it. [`server`] runs that whole chain;
//! [`admission`] runs the webhooks alone (what upstream's webhook answers when called
//! directly); [`validate`] is the validation function alone, on the spec as given.
//! Family `policy_validation` of the conformance vectors checks all three.
//!
//! Upstream: `pkg/webhook/propagationpolicy/` and `clusterpropagationpolicy/` (mutating
//! and validating), `pkg/webhook/clustertaintpolicy/validating.go`,
//! `pkg/util/validation/validation.go` (`ValidatePropagationSpec`), and the CRDs'
//! structural schema as a kube-apiserver applies it.
//! Conformance: `policy_validation`.
//! Karmada: master f8fdd02.

mod mutate;
mod validate;

use std::fmt;

use serde_json::{json, Value};

use crate::api::names::KeyWording;
use crate::api::policy_schema::go_json::GoVal;
use crate::api::policy_schema::structural::{self, SchemaError};
use crate::api::policy_schema::{ApiRelease, Field, PROPAGATION_SPEC, TAINT_POLICY_SPEC};
use crate::engine::vocabulary::version::{
    Behaviour, Handling, KarmadaVersion, KarmadaVersion as V, Range,
};

/// The webhook refuses Lt and Gt tolerations.
pub const LT_GT_TOLERATIONS_REJECTED: Behaviour = Behaviour {
    id: "lt-gt-tolerations-rejected",
    what: "the webhook refuses clusterTolerations with operator Lt or Gt (NotSupported); before, they were admitted and matched no taint",
    holds: &[Range::since(V::release(18, 0))],
    upstream: "karmada v1.18.0 (pkg/util/validation: ValidatePropagationSpec)",
    handling: Handling::Modelled("karmada::admission"),
};

/// The webhook requires a PropagationPolicy's selectors to name its own namespace.
pub const SELECTOR_NAMESPACE_CHECKED: Behaviour = Behaviour {
    id: "selector-namespace-checked",
    what: "the webhook refuses a PropagationPolicy whose resourceSelectors name another namespace",
    holds: &[Range::since(V::release(17, 0))],
    upstream: "karmada v1.17.0 (pkg/util/validation: ValidatePropagationSpec)",
    handling: Handling::Modelled("karmada::admission"),
};

/// The deprecated purge modes are gone from the API.
pub const LEGACY_PURGE_MODES_REMOVED: Behaviour = Behaviour {
    id: "legacy-purge-modes-removed",
    what: "the API no longer accepts the deprecated application purge modes Immediately and Graciously, and the controllers no longer read Immediately as Directly nor (application failover) Graciously as Gracefully",
    holds: &[Range::since(V::rc(19))],
    upstream: "karmada v1.19.0-rc.0 (CRD enums, pkg/apis/policy/v1alpha1)",
    handling: Handling::Modelled(
        "karmada::admission, karmada::state_preservation, karmada::application_failover",
    ),
};

/// `placement.workloadAffinity` exists.
pub const WORKLOAD_AFFINITY_KNOWN: Behaviour = Behaviour {
    id: "workload-affinity-known",
    what: "the policy API has placement.workloadAffinity (validated by the webhook); before, the field is dropped without a word",
    holds: &[Range::since(V::release(17, 0))],
    upstream: "karmada v1.17.0 (CRDs, ValidateWorkloadAffinity)",
    handling: Handling::Modelled("karmada::admission"),
};

/// `clusterAffinities[].overflowAffinities` exists.
pub const OVERFLOW_AFFINITIES_KNOWN: Behaviour = Behaviour {
    id: "overflow-affinities-known",
    what: "the policy API has clusterAffinities[].overflowAffinities (validated by the webhook); before, the field is dropped without a word",
    holds: &[Range::since(V::release(18, 0))],
    upstream: "karmada v1.18.0 (CRDs, ValidateOverflowAffinities)",
    handling: Handling::Modelled("karmada::admission"),
};

/// The webhook's label-key errors in apimachinery's older words.
pub const QUALIFIED_NAME_WORDING: Behaviour = Behaviour {
    id: "qualified-name-wording",
    what: "label-key errors read \"a qualified name must consist of …\" and count \"characters\" (apimachinery v0.34 and older); later releases say \"a valid label key …\" and \"bytes\"",
    holds: &[Range::between(V::release(15, 0), V::release(17, 0))],
    upstream: "karmada v1.17.0 (k8s.io/apimachinery v0.35)",
    handling: Handling::Modelled("karmada::admission"),
};

pub use mutate::mutate;

/// The three policy kinds `policy apply` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PolicyKind {
    PropagationPolicy,
    ClusterPropagationPolicy,
    ClusterTaintPolicy,
}

impl PolicyKind {
    /// The kind of `kind` (the `kind` field of a document), if it is a policy.
    pub fn parse(kind: &str) -> Option<PolicyKind> {
        match kind {
            "PropagationPolicy" => Some(PolicyKind::PropagationPolicy),
            "ClusterPropagationPolicy" => Some(PolicyKind::ClusterPropagationPolicy),
            "ClusterTaintPolicy" => Some(PolicyKind::ClusterTaintPolicy),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PolicyKind::PropagationPolicy => "PropagationPolicy",
            PolicyKind::ClusterPropagationPolicy => "ClusterPropagationPolicy",
            PolicyKind::ClusterTaintPolicy => "ClusterTaintPolicy",
        }
    }

    /// Whether objects of this kind live in a namespace.
    pub fn namespaced(self) -> bool {
        self == PolicyKind::PropagationPolicy
    }

    /// The spec's schema.
    pub fn schema(self) -> &'static [Field] {
        match self {
            PolicyKind::ClusterTaintPolicy => TAINT_POLICY_SPEC,
            _ => PROPAGATION_SPEC,
        }
    }
}

impl serde::Serialize for PolicyKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The webhook's own settings that change its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WebhookSettings {
    /// karmada-webhook's `--allow-no-execute-taint-policy` (default false).
    pub allow_no_execute_taint_policy: bool,
    /// The Karmada release the webhook is of.
    pub version: KarmadaVersion,
}

impl WebhookSettings {
    /// The policy API of the release (the fields its structs and CRDs know).
    pub fn api(&self) -> ApiRelease {
        self.version.api_release()
    }

    /// The words of the release's label-key errors.
    pub fn key_wording(&self) -> KeyWording {
        if QUALIFIED_NAME_WORDING.holds_in(self.version) {
            KeyWording::QualifiedName
        } else {
            KeyWording::LabelKey
        }
    }
}

/// The kinds of field error upstream's validation reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorType {
    Invalid,
    NotSupported,
    Forbidden,
    Duplicate,
}

impl ErrorType {
    /// The name in Kubernetes' `field.ErrorType` (`FieldValueInvalid`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::Duplicate => "FieldValueDuplicate",
        }
    }
}

/// One error of upstream's validation, with the value it names as Go prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    /// Field path with list indices (`spec.placement.spreadConstraints[0]`).
    pub field: String,
    pub kind: ErrorType,
    /// The rule, in upstream's words.
    pub detail: String,
    pub bad_value: GoVal,
}

impl FieldError {
    fn invalid(field: impl Into<String>, bad_value: GoVal, detail: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            kind: ErrorType::Invalid,
            detail: detail.into(),
            bad_value,
        }
    }

    fn not_supported(field: impl Into<String>, value: &str, supported: &[&str]) -> Self {
        let quoted: Vec<String> = supported.iter().map(|s| format!("{s:?}")).collect();
        FieldError {
            field: field.into(),
            kind: ErrorType::NotSupported,
            detail: format!("supported values: {}", quoted.join(", ")),
            bad_value: GoVal::Str(value.to_string()),
        }
    }

    fn forbidden(field: impl Into<String>, detail: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            kind: ErrorType::Forbidden,
            detail: detail.into(),
            bad_value: GoVal::Str(String::new()),
        }
    }

    fn duplicate(field: impl Into<String>, value: String) -> Self {
        FieldError {
            field: field.into(),
            kind: ErrorType::Duplicate,
            detail: String::new(),
            bad_value: GoVal::Str(value),
        }
    }

    /// The message as Kubernetes' `field.Error` prints it.
    pub fn message(&self) -> String {
        let value = match &self.bad_value {
            GoVal::Str(s) => format!("{s:?}"),
            other => other.to_text(),
        };
        let body = match self.kind {
            ErrorType::Forbidden => "Forbidden".to_string(),
            ErrorType::Invalid => format!("Invalid value: {value}"),
            ErrorType::NotSupported => format!("Unsupported value: {value}"),
            ErrorType::Duplicate => format!("Duplicate value: {value}"),
        };
        if self.detail.is_empty() {
            format!("{}: {body}", self.field)
        } else {
            format!("{}: {body}: {}", self.field, self.detail)
        }
    }
}

/// Several errors as one message, as `ErrorList.ToAggregate().Error()` joins them
/// (repeats dropped; brackets around more than one).
pub fn aggregate_message(errs: &[FieldError]) -> String {
    aggregate(errs.iter().map(FieldError::message))
}

/// Error messages as apimachinery's `utilerrors.NewAggregate(errs).Error()` joins them:
/// repeats dropped, one message as it is, several in brackets, `, ` between.
pub fn aggregate(messages: impl IntoIterator<Item = String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for msg in messages {
        if !seen.contains(&msg) {
            seen.push(msg);
        }
    }
    match seen.len() {
        1 => seen.remove(0),
        _ => format!("[{}]", seen.join(", ")),
    }
}

/// Upstream's validation dereferenced a nil pointer: its webhook answers
/// `panic: runtime error: invalid memory address or nil pointer dereference [recovered]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NilDereference;

impl NilDereference {
    pub const MESSAGE: &'static str =
        "runtime error: invalid memory address or nil pointer dereference";
}

/// The validation function alone, on `spec` as the release's Go structs decode it (no
/// defaults, no mutation; fields the release does not have are lost). `namespace` is
/// the policy's namespace (PropagationPolicy only).
pub fn validate(
    kind: PolicyKind,
    namespace: &str,
    spec: &Value,
    settings: WebhookSettings,
) -> Result<Vec<FieldError>, NilDereference> {
    let mut decoded = spec.clone();
    structural::forget_newer(kind.schema(), &mut decoded, settings.api());
    match kind {
        PolicyKind::ClusterTaintPolicy => Ok(validate::taint_policy_spec(
            &decoded,
            settings.allow_no_execute_taint_policy,
        )),
        PolicyKind::PropagationPolicy => validate::propagation_spec(&decoded, namespace, settings),
        PolicyKind::ClusterPropagationPolicy => validate::propagation_spec(&decoded, "", settings),
    }
}

/// What the validating webhook answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Allowed,
    Denied(Vec<FieldError>),
    Panicked,
}

impl Verdict {
    pub fn allowed(&self) -> bool {
        matches!(self, Verdict::Allowed)
    }

    /// The denial message (empty when allowed).
    pub fn message(&self) -> String {
        match self {
            Verdict::Allowed => String::new(),
            Verdict::Denied(errs) => aggregate_message(errs),
            Verdict::Panicked => format!("panic: {} [recovered]", NilDereference::MESSAGE),
        }
    }
}

fn verdict(outcome: Result<Vec<FieldError>, NilDereference>) -> Verdict {
    match outcome {
        Ok(errs) if errs.is_empty() => Verdict::Allowed,
        Ok(errs) => Verdict::Denied(errs),
        Err(NilDereference) => Verdict::Panicked,
    }
}

/// The webhooks alone on a create: the mutating webhook (PropagationPolicy and
/// ClusterPropagationPolicy only), then the validating one on its result.
#[derive(Clone, Debug, PartialEq)]
pub struct Admission {
    /// The spec as the mutating webhook returns it (`None`: no mutating webhook).
    pub mutated: Option<Value>,
    pub verdict: Verdict,
}

pub fn admission(
    kind: PolicyKind,
    namespace: &str,
    spec: &Value,
    settings: WebhookSettings,
) -> Admission {
    let mutated = mutate(kind, namespace, spec, settings.version);
    let checked = mutated.as_ref().unwrap_or(spec);
    Admission {
        verdict: verdict(validate(kind, namespace, checked, settings)),
        mutated,
    }
}

/// A create through a real control plane, step by step.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerAnswer {
    /// The spec after pruning and the schema's defaults.
    pub defaulted: Value,
    /// The spec the schema and the validating webhook see (after the mutating webhook).
    pub admitted: Value,
    /// The schema's rules the admitted spec breaks (when any, no webhook is asked).
    pub schema: Vec<SchemaError>,
    /// The validating webhook's answer (`None` when the schema rejected the spec).
    pub verdict: Option<Verdict>,
}

impl ServerAnswer {
    pub fn allowed(&self) -> bool {
        self.schema.is_empty() && self.verdict.as_ref().is_some_and(Verdict::allowed)
    }
}

/// What a create of `spec` does on a real control plane: prune and default (CRD),
/// mutate (webhook), check the schema, validate (webhook).
pub fn server(
    kind: PolicyKind,
    namespace: &str,
    spec: &Value,
    settings: WebhookSettings,
) -> ServerAnswer {
    let schema = kind.schema();
    let api = settings.api();
    let mut defaulted = spec.clone();
    structural::prune(schema, &mut defaulted, api);
    structural::apply_defaults(schema, &mut defaulted, api);
    // A value of the wrong JSON type never reaches the schema check on a real plane:
    // karmada-webhook's mutation fails to decode it into its Go struct first (400, Go's
    // "json: cannot unmarshal ..."). Rejected here with the schema's type rule, which
    // names the same field (the words differ: docs/semantics.md).
    if mutate(kind, namespace, &json!({}), settings.version).is_some() {
        let wrong_type: Vec<SchemaError> = structural::validate(schema, &defaulted, "spec", api)
            .into_iter()
            .filter(SchemaError::is_type_error)
            .collect();
        if !wrong_type.is_empty() {
            return ServerAnswer {
                admitted: defaulted.clone(),
                defaulted,
                schema: wrong_type,
                verdict: None,
            };
        }
    }
    let mut admitted =
        mutate(kind, namespace, &defaulted, settings.version).unwrap_or_else(|| defaulted.clone());
    structural::prune(schema, &mut admitted, api);
    structural::apply_defaults(schema, &mut admitted, api);
    let schema_errors = structural::validate(schema, &admitted, "spec", api);
    let verdict = schema_errors
        .is_empty()
        .then(|| verdict(validate(kind, namespace, &admitted, settings)));
    ServerAnswer {
        defaulted,
        admitted,
        schema: schema_errors,
        verdict,
    }
}
