//! The karmada-webhook's validation of policy specs (upstream
//! `validation.ValidatePropagationSpec` and the ClusterTaintPolicy webhook's
//! `validatePolicySpec`), rule for rule and in upstream's order, on the spec as Go
//! decodes it (a missing field and `null` are nil; `[]` is an empty, non-nil list).

use super::{LT_GT_TOLERATIONS_REJECTED, SELECTOR_NAMESPACE_CHECKED};
use crate::engine::vocabulary::version::KarmadaVersion;
use serde_json::Value;

use super::{FieldError, NilDereference, WebhookSettings};
use crate::api::names::{label_key_errors_worded, KeyWording};
use crate::api::policy_schema::go_json::{encode, encode_struct, GoVal};
use crate::api::policy_schema::{
    Ty, AFFINITY_TERM, FIELD_SELECTOR, OVERFLOW_AFFINITY, PLACEMENT, SPREAD_CONSTRAINT, SUSPENSION,
    WORKLOAD_AFFINITY,
};

/// A field that is present and not `null`.
fn get<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key).filter(|x| !x.is_null())
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    get(v, key).and_then(Value::as_str).unwrap_or_default()
}

fn int(v: &Value, key: &str) -> i64 {
    get(v, key).and_then(Value::as_i64).unwrap_or_default()
}

fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    get(v, key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn str_val(s: &str) -> GoVal {
    GoVal::Str(s.to_string())
}

/// Upstream's `ValidatePropagationSpec(spec, namespace)` of the release `settings`
/// name, on the spec as that release decodes it; `namespace` is empty for a
/// ClusterPropagationPolicy. `Err` where upstream dereferences a nil pointer (an
/// application failover without `decisionConditions.tolerationSeconds`, which the CRD
/// defaults and a direct call does not).
pub fn propagation_spec(
    spec: &Value,
    namespace: &str,
    settings: WebhookSettings,
) -> Result<Vec<FieldError>, NilDereference> {
    let version = settings.version;
    let words = settings.key_wording();
    let mut errs = Vec::new();
    let placement = get(spec, "placement").unwrap_or(&Value::Null);
    validate_placement(placement, "spec.placement", version, words, &mut errs);
    let failover = get(spec, "failover");
    let application = failover.and_then(|f| get(f, "application"));
    let propagate_deps = get(spec, "propagateDeps")
        .and_then(Value::as_bool)
        .unwrap_or_default();
    if application.is_some() && !propagate_deps {
        errs.push(FieldError::invalid(
            "spec.propagateDeps",
            GoVal::Bool(false),
            "application failover is set, propagateDeps must be true",
        ));
    }
    if let Some(failover) = failover {
        if let Some(app) = application {
            validate_application_failover(app, "spec.failover.application", words, &mut errs)?;
        }
        if let Some(preservation) =
            get(failover, "cluster").and_then(|c| get(c, "statePreservation"))
        {
            validate_state_preservation(
                preservation,
                "spec.failover.cluster.statePreservation",
                words,
                &mut errs,
            );
        }
    }
    let selectors = items(spec, "resourceSelectors");
    if !namespace.is_empty() && SELECTOR_NAMESPACE_CHECKED.holds_in(version) {
        for (i, selector) in selectors.iter().enumerate() {
            let ns = text(selector, "namespace");
            if ns != namespace {
                errs.push(FieldError::invalid(
                    format!("spec.resourceSelectors[{i}].namespace"),
                    str_val(ns),
                    "namespace of resource selector must be the same as the namespace of the policy",
                ));
            }
        }
    }
    if text(spec, "preemption") == "Always" {
        for (i, selector) in selectors.iter().enumerate() {
            if text(selector, "name").is_empty() {
                errs.push(FieldError::invalid(
                    format!("spec.resourceSelectors[{i}].name"),
                    str_val(""),
                    "name cannot be empty if preemption is Always, the empty name may cause unexpected resources preemption",
                ));
            }
        }
    }
    if let Some(suspension) = get(spec, "suspension") {
        let dispatching = get(suspension, "dispatching")
            .and_then(Value::as_bool)
            .unwrap_or_default();
        let on_clusters = get(suspension, "dispatchingOnClusters")
            .is_some_and(|d| !items(d, "clusterNames").is_empty());
        if dispatching && on_clusters {
            errs.push(FieldError::invalid(
                "spec.suspension.suspension",
                encode_struct(SUSPENSION, Some(suspension)),
                "suspension dispatching cannot co-exist with dispatchingOnClusters.clusterNames",
            ));
        }
    }
    Ok(errs)
}

fn validate_placement(
    placement: &Value,
    path: &str,
    version: KarmadaVersion,
    words: KeyWording,
    errs: &mut Vec<FieldError>,
) {
    let affinities = get(placement, "clusterAffinities");
    if get(placement, "clusterAffinity").is_some() && affinities.is_some() {
        errs.push(FieldError::invalid(
            path,
            encode_struct(PLACEMENT, Some(placement)),
            "clusterAffinities cannot co-exist with clusterAffinity",
        ));
    }
    let overflow_allowed = overflow_allowed(get(placement, "replicaScheduling"));
    let terms = items(placement, "clusterAffinities");
    for (i, term) in terms.iter().enumerate() {
        if let (Some(overflow), false) = (get(term, "overflowAffinities"), overflow_allowed) {
            errs.push(FieldError::invalid(
                format!("{path}.clusterAffinities[{i}].overflowAffinities"),
                encode(&Ty::List(&Ty::Obj(OVERFLOW_AFFINITY)), Some(overflow)),
                "overflowAffinities can only be used together with dynamic weight or aggregated scheduling",
            ));
        }
    }
    if let Some(affinity) = get(placement, "clusterAffinity") {
        validate_cluster_affinity(affinity, &format!("{path}.clusterAffinity"), errs);
    }
    validate_affinity_terms(
        affinities,
        terms,
        &format!("{path}.clusterAffinities"),
        words,
        errs,
    );
    validate_spread_constraints(
        get(placement, "spreadConstraints"),
        &format!("{path}.spreadConstraints"),
        errs,
    );
    if let Some(workload) = get(placement, "workloadAffinity") {
        validate_workload_affinity(workload, &format!("{path}.workloadAffinity"), words, errs);
    }
    for (i, toleration) in items(placement, "clusterTolerations").iter().enumerate() {
        let operator = text(toleration, "operator");
        if (operator == "Lt" || operator == "Gt") && LT_GT_TOLERATIONS_REJECTED.holds_in(version) {
            errs.push(FieldError::not_supported(
                format!("{path}.clusterTolerations[{i}].operator"),
                operator,
                &["", "Exists", "Equal"],
            ));
        }
    }
}

/// Upstream's `IsOverflowSchedulingAllowed`: Divided with Aggregated, or Weighted with
/// a dynamic weight (raw fields, nothing defaulted).
fn overflow_allowed(scheduling: Option<&Value>) -> bool {
    let Some(s) = scheduling else { return false };
    if text(s, "replicaSchedulingType") != "Divided" {
        return false;
    }
    match text(s, "replicaDivisionPreference") {
        "Aggregated" => true,
        "Weighted" => {
            get(s, "weightPreference").is_some_and(|w| !text(w, "dynamicWeight").is_empty())
        }
        _ => false,
    }
}

/// The field selector of a cluster affinity: one error for the first bad expression.
fn validate_cluster_affinity(affinity: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let Some(selector) = get(affinity, "fieldSelector") else {
        return;
    };
    for expr in items(selector, "matchExpressions") {
        let key = text(expr, "key");
        let operator = text(expr, "operator");
        let problem = if !matches!(key, "provider" | "region" | "zone") {
            format!("unsupported key {key:?}, must be provider, region, or zone")
        } else if !matches!(operator, "In" | "NotIn") {
            format!("unsupported operator {operator:?}, must be In or NotIn")
        } else {
            continue;
        };
        errs.push(FieldError::invalid(
            format!("{path}.fieldSelector"),
            encode_struct(FIELD_SELECTOR, Some(selector)),
            problem,
        ));
        return;
    }
}

fn validate_affinity_terms(
    list: Option<&Value>,
    terms: &[Value],
    path: &str,
    words: KeyWording,
    errs: &mut Vec<FieldError>,
) {
    let mut names = std::collections::HashSet::new();
    for (i, term) in terms.iter().enumerate() {
        let name = text(term, "affinityName");
        for problem in label_key_errors_worded(name, words) {
            errs.push(FieldError::invalid(
                format!("{path}[{i}]"),
                str_val(name),
                problem,
            ));
        }
        if !names.insert(name) {
            errs.push(FieldError::invalid(
                path,
                encode(&Ty::List(&Ty::Obj(AFFINITY_TERM)), list),
                "each affinity term in a policy must have a unique name",
            ));
        }
        validate_cluster_affinity(term, &format!("{path}[{i}]"), errs);
        validate_overflow(term, &format!("{path}[{i}]"), words, errs);
    }
}

fn validate_overflow(term: &Value, path: &str, words: KeyWording, errs: &mut Vec<FieldError>) {
    let Some(overflow) = get(term, "overflowAffinities") else {
        return;
    };
    let inline_empty = get(term, "labelSelector").is_none()
        && get(term, "fieldSelector").is_none()
        && items(term, "clusterNames").is_empty()
        && items(term, "exclude").is_empty();
    if inline_empty {
        errs.push(FieldError::invalid(
            format!("{path}.overflowAffinities"),
            encode(&Ty::List(&Ty::Obj(OVERFLOW_AFFINITY)), Some(overflow)),
            "overflowAffinities can only be used together with the inline ClusterAffinity",
        ));
    }
    let mut names = std::collections::HashSet::from([text(term, "affinityName")]);
    for (i, affinity) in items(term, "overflowAffinities").iter().enumerate() {
        let at = format!("{path}.overflowAffinities[{i}]");
        let name = text(affinity, "affinityName");
        for problem in label_key_errors_worded(name, words) {
            errs.push(FieldError::invalid(
                format!("{at}.affinityName"),
                str_val(name),
                problem,
            ));
        }
        if !names.insert(name) {
            errs.push(FieldError::invalid(
                format!("{at}.affinityName"),
                str_val(name),
                "overflow affinity name must be unique and must not duplicate the primary group's affinityName",
            ));
        }
        validate_cluster_affinity(affinity, &at, errs);
    }
}

fn validate_spread_constraints(list: Option<&Value>, path: &str, errs: &mut Vec<FieldError>) {
    let constraints = list
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let whole = || encode(&Ty::List(&Ty::Obj(SPREAD_CONSTRAINT)), list);
    // Each spread field: seen once (false), or already reported (true).
    let mut seen: Vec<(&str, bool)> = Vec::new();
    for (i, c) in constraints.iter().enumerate() {
        let this = || encode_struct(SPREAD_CONSTRAINT, Some(c));
        let at = format!("{path}[{i}]");
        let by_field = text(c, "spreadByField");
        let (min, max) = (int(c, "minGroups"), int(c, "maxGroups"));
        if !by_field.is_empty() && !text(c, "spreadByLabel").is_empty() {
            errs.push(FieldError::invalid(
                &at,
                this(),
                "spreadByLabel should not co-exist with spreadByField",
            ));
        }
        if min < 0 {
            errs.push(FieldError::invalid(
                &at,
                this(),
                "minGroups lower than 0 is not allowed",
            ));
        }
        if max < 0 {
            errs.push(FieldError::invalid(
                &at,
                this(),
                "maxGroups lower than 0 is not allowed",
            ));
        }
        if max > 0 && max < min {
            errs.push(FieldError::invalid(
                &at,
                this(),
                "maxGroups lower than minGroups is not allowed",
            ));
        }
        if !by_field.is_empty() {
            match seen.iter_mut().find(|(f, _)| *f == by_field) {
                Some((_, reported @ false)) => {
                    errs.push(FieldError::invalid(
                        path,
                        whole(),
                        format!("multiple {by_field} spread constraints are not allowed"),
                    ));
                    *reported = true;
                }
                Some(_) => {}
                None => seen.push((by_field, false)),
            }
        }
    }
    if !seen.is_empty() && !seen.iter().any(|(f, _)| *f == "cluster") {
        errs.push(FieldError::invalid(
            path,
            whole(),
            "the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled",
        ));
    }
}

fn validate_workload_affinity(
    workload: &Value,
    path: &str,
    words: KeyWording,
    errs: &mut Vec<FieldError>,
) {
    let affinity = get(workload, "affinity");
    let anti = get(workload, "antiAffinity");
    for (term, name) in [(affinity, "affinity"), (anti, "antiAffinity")] {
        if let Some(term) = term {
            let key = text(term, "groupByLabelKey");
            for problem in label_key_errors_worded(key, words) {
                errs.push(FieldError::invalid(
                    format!("{path}.{name}.groupByLabelKey"),
                    str_val(key),
                    problem,
                ));
            }
        }
    }
    if let (Some(a), Some(b)) = (affinity, anti) {
        if text(a, "groupByLabelKey") == text(b, "groupByLabelKey") {
            errs.push(FieldError::invalid(
                path,
                encode_struct(WORKLOAD_AFFINITY, Some(workload)),
                "affinity and antiAffinity must not use the same groupByLabelKey",
            ));
        }
    }
}

fn validate_application_failover(
    app: &Value,
    path: &str,
    words: KeyWording,
    errs: &mut Vec<FieldError>,
) -> Result<(), NilDereference> {
    let toleration = get(app, "decisionConditions")
        .and_then(|d| get(d, "tolerationSeconds"))
        .and_then(Value::as_i64)
        .ok_or(NilDereference)?;
    if toleration < 0 {
        errs.push(FieldError::invalid(
            format!("{path}.decisionConditions.tolerationSeconds"),
            GoVal::Num(toleration.into()),
            "must be greater than or equal to 0",
        ));
    }
    let gracefully = text(app, "purgeMode") == "Gracefully";
    let grace = get(app, "gracePeriodSeconds").and_then(Value::as_i64);
    let at = format!("{path}.gracePeriodSeconds");
    match (gracefully, grace) {
        (false, Some(g)) => errs.push(FieldError::invalid(
            &at,
            GoVal::Num(g.into()),
            "only takes effect when purgeMode is gracefully",
        )),
        (true, None) => errs.push(FieldError::invalid(
            &at,
            GoVal::Null,
            "should not be empty when purgeMode is gracefully",
        )),
        _ => {}
    }
    if let Some(g) = grace.filter(|g| *g <= 0) {
        errs.push(FieldError::invalid(
            &at,
            GoVal::Num(g.into()),
            "must be greater than 0",
        ));
    }
    if let Some(preservation) = get(app, "statePreservation") {
        validate_state_preservation(
            preservation,
            &format!("{path}.statePreservation"),
            words,
            errs,
        );
    }
    Ok(())
}

fn validate_state_preservation(
    preservation: &Value,
    path: &str,
    words: KeyWording,
    errs: &mut Vec<FieldError>,
) {
    for (i, rule) in items(preservation, "rules").iter().enumerate() {
        let name = text(rule, "aliasLabelName");
        for problem in label_key_errors_worded(name, words) {
            errs.push(FieldError::invalid(
                format!("{path}.rules[{i}].aliasLabelName"),
                str_val(name),
                problem,
            ));
        }
    }
}

/// The ClusterTaintPolicy webhook's `validatePolicySpec`: NoExecute taints are
/// forbidden unless the webhook runs with `--allow-no-execute-taint-policy`, and a taint
/// whose key and effect a later one repeats is a duplicate (reported at the earlier
/// index). Keys, values, effects and conditions are not checked upstream.
pub fn taint_policy_spec(spec: &Value, allow_no_execute: bool) -> Vec<FieldError> {
    let taints = items(spec, "taints");
    let mut errs = Vec::new();
    for (i, taint) in taints.iter().enumerate() {
        let (key, effect) = (text(taint, "key"), text(taint, "effect"));
        if !allow_no_execute && effect == "NoExecute" {
            errs.push(FieldError::forbidden(
                format!("spec.taints[{i}]"),
                "Configuring taint with NoExecute effect is not allowed, this capability must be explicitly enabled by administrators through command-line flags",
            ));
        }
        if taints[i + 1..]
            .iter()
            .any(|t| text(t, "key") == key && text(t, "effect") == effect)
        {
            errs.push(FieldError::duplicate(
                format!("spec.taints[{i}]"),
                format!(
                    "Duplicate taint with the same key({key}) and effect({effect}) is not allowed"
                ),
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(spec: &Value, namespace: &str, v: &str) -> Vec<String> {
        let settings = WebhookSettings {
            version: v.parse().unwrap(),
            ..WebhookSettings::default()
        };
        propagation_spec(spec, namespace, settings)
            .unwrap()
            .iter()
            .map(|e| e.field.clone())
            .collect()
    }

    #[test]
    fn lt_and_gt_tolerations_are_refused_from_v1_18() {
        let spec = json!({"resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap"}],
            "placement": {"clusterTolerations": [{"key": "k", "operator": "Lt", "value": "3"}]}});
        assert_eq!(errors(&spec, "", "v1.17.5"), Vec::<String>::new());
        assert_eq!(
            errors(&spec, "", "v1.18.0"),
            ["spec.placement.clusterTolerations[0].operator"]
        );
    }

    #[test]
    fn selectors_of_another_namespace_are_refused_from_v1_17() {
        let spec = json!({"resourceSelectors": [
            {"apiVersion": "v1", "kind": "ConfigMap", "namespace": "other"}]});
        assert_eq!(errors(&spec, "default", "v1.16.8"), Vec::<String>::new());
        assert_eq!(
            errors(&spec, "default", "v1.17.0"),
            ["spec.resourceSelectors[0].namespace"]
        );
    }
}
