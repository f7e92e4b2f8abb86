//! The failover lint of `policy apply`: policies a real control plane accepts but whose
//! failover can never happen, or happens destructively. Each finding has a stable code,
//! what is wrong, and a one-line fix.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::api::policy_schema::structural::newer_fields;
use crate::api::{BindingSpec, ObjectReference, Placement};
use crate::engine::karmada::admission::{PolicyKind, WebhookSettings};
use crate::engine::karmada::scheduler::passes_filters;
use crate::engine::proposal::prescheduling::pre_scheduling_verdict;
use crate::fleet::FleetState;

use crate::api::policy::ApplicationFailoverBehavior;
use crate::engine::karmada::application_failover::{
    health_interpreter, purge_mode, unmet_needs, HealthInterpreter, Unmet,
};
pub use crate::engine::vocabulary::lint_finding::{Finding, LintCode};
use crate::engine::vocabulary::settings::ControllerSettings;

/// A toleration shorter than this is likely shorter than a rollout stays Unhealthy.
pub const SHORT_APP_TOLERATION_SECONDS: i64 = 60;

/// What the lint looks at: one policy (its spec as given, and as admitted) and,
/// when known, the fleet it lands in.
pub struct LintInput<'a> {
    pub kind: PolicyKind,
    pub name: &'a str,
    pub namespace: &'a str,
    /// The spec as written.
    pub raw: &'a Value,
    /// The spec as the control plane stores it (defaults and mutations applied).
    pub admitted: &'a Value,
    pub fleet: Option<&'a FleetState>,
    pub webhook: WebhookSettings,
    /// karmada-controller-manager's settings, when known: what application failover
    /// needs of them.
    pub controller: Option<&'a ControllerSettings>,
}

fn get<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .filter(|x| !x.is_null())
}

fn items<'a>(v: &'a Value, path: &[&str]) -> &'a [Value] {
    get(v, path)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// Every finding for one policy, in a fixed order.
pub fn lint(input: &LintInput) -> Vec<Finding> {
    let mut out = Vec::new();
    match input.kind {
        PolicyKind::ClusterTaintPolicy => lint_taint_policy(input, &mut out),
        _ => {
            lint_release_fields(input, &mut out);
            lint_purge_modes(input.raw, &mut out);
            lint_application_failover(input, &mut out);
            lint_tolerations(input.admitted, &mut out);
            lint_affinities(input.admitted, &mut out);
            lint_single_failure(input, &mut out);
            crate::engine::decide::state_lint::lint_state(input.admitted, &mut out);
        }
    }
    out
}

fn lint_taint_policy(input: &LintInput, out: &mut Vec<Finding>) {
    if input.webhook.allow_no_execute_taint_policy {
        return;
    }
    for (i, taint) in items(input.raw, &["taints"]).iter().enumerate() {
        if taint.get("effect").and_then(Value::as_str) == Some("NoExecute") {
            out.push(Finding {
                code: LintCode::NoexecutePolicyRejected,
                field: Some(format!("spec.taints[{i}]")),
                message: "karmada-webhook rejects NoExecute taints in a ClusterTaintPolicy unless it runs with --allow-no-execute-taint-policy".into(),
                fix: "start karmada-webhook with --allow-no-execute-taint-policy=true (and pass the same flag here), or use NoSchedule".into(),
            });
        }
    }
}

/// Fields the release that runs does not have: its API server prunes them and its
/// webhook never sees them.
fn lint_release_fields(input: &LintInput, out: &mut Vec<Finding>) {
    let version = input.webhook.version;
    let fields = newer_fields(
        input.kind.schema(),
        input.raw,
        "spec",
        version.api_release(),
    );
    for field in fields {
        out.push(Finding {
            code: LintCode::FieldDroppedByRelease,
            message: format!(
                "Karmada {version} does not have {field}: its API server drops the field without a word, so the policy works as if it were not written"
            ),
            fix: format!(
                "remove {field}, or upgrade Karmada to a release that has it (check with --karmada-version)"
            ),
            field: Some(field),
        });
    }
}

fn lint_purge_modes(raw: &Value, out: &mut Vec<Finding>) {
    for part in ["application", "cluster"] {
        let mode = get(raw, &["failover", part, "purgeMode"]).and_then(Value::as_str);
        let renamed = match mode {
            Some("Immediately") => "Directly",
            Some("Graciously") => "Gracefully",
            _ => continue,
        };
        out.push(Finding {
            code: LintCode::DeprecatedPurgeMode,
            field: Some(format!("spec.failover.{part}.purgeMode")),
            message: format!(
                "purge mode {} was renamed {renamed}; Karmada v1.19.0-rc.0 and later reject the old name",
                mode.unwrap_or_default()
            ),
            fix: format!("write purgeMode: {renamed}"),
        });
    }
}

fn lint_application_failover(input: &LintInput, out: &mut Vec<Finding>) {
    if get(input.admitted, &["failover", "application"]).is_none() {
        return;
    }
    let mut unhealthy = BTreeSet::new();
    for selector in items(input.admitted, &["resourceSelectors"]) {
        let api_version = selector
            .get("apiVersion")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let kind = selector
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let version = input.webhook.version;
        if health_interpreter(api_version, kind, version) == HealthInterpreter::None {
            unhealthy.insert(format!("{api_version}/{kind}"));
        }
    }
    for gvk in unhealthy {
        out.push(Finding {
            code: LintCode::AppFailoverWithoutHealth,
            field: Some("spec.failover.application".into()),
            message: format!(
                "{gvk} has no built-in health interpretation: its health is never Unhealthy, so application failover never triggers"
            ),
            fix: "add a ResourceInterpreterCustomization with a healthInterpretation for the kind, or drop failover.application".into(),
        });
    }
    lint_application_timing(input.admitted, out);
    if let Some(controller) = input.controller {
        lint_application_controller(input.admitted, controller, out);
    }
    let Some(fleet) = input.fleet else { return };
    let governed: Vec<String> = fleet
        .bindings
        .iter()
        .filter(|b| governed_by(input.kind, input.name, input.namespace, b.annotations()))
        .filter(|b| b.spec.propagate_deps != Some(true))
        .map(|b| b.display_name())
        .collect();
    if !governed.is_empty() {
        out.push(Finding {
            code: LintCode::AppFailoverBindingsWithoutDeps,
            field: Some("spec.propagateDeps".into()),
            message: format!(
                "{} binding(s) of this policy have propagateDeps false ({}): the application failover controller skips them without a word (karmada#7458)",
                governed.len(),
                preview(&governed)
            ),
            fix: "set propagateDeps: true on those bindings' policy and re-apply it, so the bindings are updated".into(),
        });
    }
}

/// What application failover needs of karmada-controller-manager and does not get (the
/// twin's [`unmet_needs`]): the controller running, `GracefulEviction` under
/// `Gracefully`, `StatefulFailoverInjection` under `statePreservation`.
fn lint_application_controller(admitted: &Value, c: &ControllerSettings, out: &mut Vec<Finding>) {
    let Some(behavior) = get(admitted, &["failover", "application"])
        .and_then(|v| serde_json::from_value::<ApplicationFailoverBehavior>(v.clone()).ok())
    else {
        return;
    };
    for unmet in unmet_needs(&behavior, c) {
        out.push(match unmet {
            Unmet::Controller => Finding {
                code: LintCode::AppFailoverControllerOff,
                field: Some("spec.failover.application".into()),
                message: "karmada-controller-manager's --controllers does not run applicationFailover: the policy's application failover never happens".into(),
                fix: "run the controller manager with --controllers=* (or name applicationFailover)".into(),
            },
            Unmet::GracefulEviction => Finding {
                code: LintCode::AppFailoverGracefulGateOff,
                field: Some("spec.failover.application.purgeMode".into()),
                message: format!(
                    "purgeMode {} while the GracefulEviction gate is off: the controller fails on every sync and never evicts",
                    purge_mode(&behavior)
                ),
                fix: "turn GracefulEviction on (the default), or use Directly or Never".into(),
            },
            Unmet::StatefulFailoverInjection => Finding {
                code: LintCode::AppFailoverStateGateOff,
                field: Some("spec.failover.application.statePreservation".into()),
                message: "statePreservation rules while StatefulFailoverInjection is off: the failover carries none of the state".into(),
                fix: "turn StatefulFailoverInjection on in karmada-controller-manager's --feature-gates".into(),
            },
        });
    }
}

/// The toleration and the purge mode: what an operator does not see coming.
fn lint_application_timing(admitted: &Value, out: &mut Vec<Finding>) {
    let toleration = get(
        admitted,
        &[
            "failover",
            "application",
            "decisionConditions",
            "tolerationSeconds",
        ],
    )
    .and_then(Value::as_i64);
    match toleration {
        Some(0) => out.push(Finding {
            code: LintCode::AppFailoverZeroToleration,
            field: Some("spec.failover.application.decisionConditions.tolerationSeconds".into()),
            message: "tolerationSeconds 0 is not immediate: the controller starts its timer at the first Unhealthy sighting and asks for no second look, so the eviction waits for the next event on the binding".into(),
            fix: "give a toleration of at least a few seconds (the controller then looks again when it runs out)".into(),
        }),
        Some(t) if t < SHORT_APP_TOLERATION_SECONDS => out.push(Finding {
            code: LintCode::AppFailoverShortToleration,
            field: Some("spec.failover.application.decisionConditions.tolerationSeconds".into()),
            message: format!(
                "tolerationSeconds {t}: every rollout reports Unhealthy until its new replicas are available, so a rollout longer than {t}s gets the binding evicted from every cluster it rolls on at once (nothing keeps a last cluster)"
            ),
            fix: format!(
                "tolerate at least as long as the workload's rollouts take (upstream's default is 300s; {SHORT_APP_TOLERATION_SECONDS}s or more)"
            ),
        }),
        _ => {}
    }
    if get(admitted, &["failover", "application", "purgeMode"]).and_then(Value::as_str)
        == Some("Never")
    {
        out.push(Finding {
            code: LintCode::AppFailoverNeverHeld,
            field: Some("spec.failover.application.purgeMode".into()),
            message: "purgeMode Never keeps the old copy beside the new replicas indefinitely (the task carries suppressDeletion: true): both run until someone confirms".into(),
            fix: "plan to confirm each eviction (karmadactl evictions confirm) once the new copy is checked, or use Gracefully".into(),
        });
    }
}

/// Whether a binding with these annotations was made from the policy `kind`
/// `namespace/name` (the annotations upstream's detector writes).
pub fn governed_by(
    kind: PolicyKind,
    name: &str,
    namespace: &str,
    annotations: Option<&crate::api::MetaMap>,
) -> bool {
    let Some(a) = annotations else { return false };
    let get = |k: &str| a.get(k);
    match kind {
        PolicyKind::PropagationPolicy => {
            get("propagationpolicy.karmada.io/name") == Some(name)
                && get("propagationpolicy.karmada.io/namespace") == Some(namespace)
        }
        PolicyKind::ClusterPropagationPolicy => {
            get("clusterpropagationpolicy.karmada.io/name") == Some(name)
        }
        PolicyKind::ClusterTaintPolicy => false,
    }
}

fn preview(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(3).map(String::as_str).collect();
    if names.len() > shown.len() {
        format!(
            "{}, ... {} more",
            shown.join(", "),
            names.len() - shown.len()
        )
    } else {
        shown.join(", ")
    }
}

fn lint_tolerations(admitted: &Value, out: &mut Vec<Finding>) {
    for (i, t) in items(admitted, &["placement", "clusterTolerations"])
        .iter()
        .enumerate()
    {
        let effect = t.get("effect").and_then(Value::as_str).unwrap_or_default();
        if !(effect.is_empty() || effect == "NoExecute") || get(t, &["tolerationSeconds"]).is_some()
        {
            continue;
        }
        let key = t.get("key").and_then(Value::as_str).unwrap_or_default();
        let what = if key.is_empty() {
            "every taint".to_string()
        } else {
            format!("taint {key}")
        };
        out.push(Finding {
            code: LintCode::NoexecuteToleratedForever,
            field: Some(format!("spec.placement.clusterTolerations[{i}]")),
            message: format!(
                "tolerates NoExecute on {what} with no tolerationSeconds: the workload is never evicted from a failed cluster"
            ),
            fix: "add tolerationSeconds (e.g. 300) to leave a failed cluster after that long".into(),
        });
    }
}

fn lint_affinities(admitted: &Value, out: &mut Vec<Finding>) {
    let terms = items(admitted, &["placement", "clusterAffinities"]);
    if terms.len() < 2 {
        return;
    }
    let names: Vec<&str> = terms
        .iter()
        .map(|t| {
            t.get("affinityName")
                .and_then(Value::as_str)
                .unwrap_or_default()
        })
        .collect();
    out.push(Finding {
        code: LintCode::AffinitiesNeverReturn,
        field: Some("spec.placement.clusterAffinities".into()),
        message: format!(
            "clusterAffinities [{}] act as primary and backup: after a failover to a later term the workload never returns to {} (karmada#7717, #4990)",
            names.join(", "),
            names[0]
        ),
        fix: "use one term with overflowAffinities (Divided with Aggregated or a dynamic weight), or bring workloads back with karmadactl failback".into(),
    });
}

/// Whether a single cluster's failure can leave the placement with no feasible cluster
/// (the eviction would then delete the workload, karmada#7455).
fn lint_single_failure(input: &LintInput, out: &mut Vec<Finding>) {
    let Some(fleet) = input.fleet else { return };
    let Some(placement) = get(input.admitted, &["placement"])
        .and_then(|p| serde_json::from_value::<Placement>(p.clone()).ok())
    else {
        return;
    };
    for selector in items(input.admitted, &["resourceSelectors"]) {
        let spec = BindingSpec {
            resource: ObjectReference {
                api_version: selector
                    .get("apiVersion")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .into(),
                kind: selector
                    .get("kind")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .into(),
                ..Default::default()
            },
            placement: Some(std::sync::Arc::new(placement.clone())),
            ..Default::default()
        };
        let feasible: Vec<String> = fleet
            .clusters
            .iter()
            .filter(|c| passes_filters(c, &spec).is_ok())
            .filter_map(|c| c.metadata.name.clone())
            .collect();
        let stranding: Vec<String> = feasible
            .iter()
            .filter(|failed| {
                let rest: Vec<String> = feasible.iter().filter(|c| c != failed).cloned().collect();
                !pre_scheduling_verdict(&spec, rest).feasible
            })
            .cloned()
            .collect();
        if stranding.is_empty() {
            continue;
        }
        out.push(Finding {
            code: LintCode::SingleFailureLeavesNowhere,
            field: Some("spec.placement".into()),
            message: format!(
                "for {}/{}: {} of the {} feasible cluster(s) ({}) would leave no feasible cluster if it failed; the eviction would then delete the workload (karmada#7455)",
                spec.resource.api_version,
                spec.resource.kind,
                stranding.len(),
                feasible.len(),
                preview(&stranding)
            ),
            fix: "widen the placement (more clusters or a spare region) or lower minGroups so another cluster can take over".into(),
        });
        return;
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::api::Cluster;
    use crate::fleet::Binding;

    fn codes(
        kind: PolicyKind,
        spec: Value,
        fleet: Option<&FleetState>,
        allow: bool,
    ) -> Vec<LintCode> {
        codes_with(kind, spec, fleet, allow, None)
    }

    /// [`codes`] with the controller manager's settings known.
    fn codes_with(
        kind: PolicyKind,
        spec: Value,
        fleet: Option<&FleetState>,
        allow: bool,
        controller: Option<&ControllerSettings>,
    ) -> Vec<LintCode> {
        let admitted = admission_of(kind, &spec);
        lint(&LintInput {
            kind,
            name: "p",
            namespace: "default",
            raw: &spec,
            admitted: &admitted,
            fleet,
            webhook: WebhookSettings {
                allow_no_execute_taint_policy: allow,
                ..Default::default()
            },
            controller,
        })
        .into_iter()
        .map(|f| f.code)
        .collect()
    }

    fn admission_of(kind: PolicyKind, spec: &Value) -> Value {
        crate::engine::karmada::admission::server(kind, "default", spec, WebhookSettings::default())
            .admitted
    }

    fn pp(extra: Value) -> Value {
        let mut spec = json!({"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}]});
        spec.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        spec
    }

    fn fleet(clusters: &[&str]) -> FleetState {
        FleetState {
            clusters: clusters
                .iter()
                .map(|n| {
                    serde_json::from_value::<Cluster>(json!({
                        "metadata": {"name": n},
                        "spec": {},
                        "status": {"apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"kind": "Deployment", "name": "deployments"}]}]}
                    }))
                    .unwrap()
                })
                .collect(),
            ..Default::default()
        }
    }

    const PP: PolicyKind = PolicyKind::PropagationPolicy;

    #[test]
    fn application_failover_without_health() {
        let failover = json!({"propagateDeps": true, "failover": {"application": {"decisionConditions": {"tolerationSeconds": 300}, "purgeMode": "Directly"}}});
        let mut job = pp(failover.clone());
        job["resourceSelectors"][0]["apiVersion"] = "batch/v1".into();
        job["resourceSelectors"][0]["kind"] = "Job".into();
        assert_eq!(
            codes(PP, job, None, false),
            [LintCode::AppFailoverWithoutHealth]
        );
        assert!(codes(PP, pp(failover), None, false).is_empty());
    }

    #[test]
    fn application_failover_timing_and_the_held_copy() {
        let with = |toleration: i64, purge: &str| {
            pp(json!({"propagateDeps": true, "failover": {"application": {
                "decisionConditions": {"tolerationSeconds": toleration}, "purgeMode": purge}}}))
        };
        assert_eq!(
            codes(PP, with(0, "Directly"), None, false),
            [LintCode::AppFailoverZeroToleration]
        );
        assert_eq!(
            codes(PP, with(59, "Directly"), None, false),
            [LintCode::AppFailoverShortToleration]
        );
        assert!(codes(PP, with(60, "Directly"), None, false).is_empty());
        assert_eq!(
            codes(PP, with(300, "Never"), None, false),
            [LintCode::AppFailoverNeverHeld]
        );
    }

    #[test]
    fn application_failover_needs_of_the_controller_manager() {
        let spec = pp(json!({"propagateDeps": true, "failover": {"application": {
            "decisionConditions": {"tolerationSeconds": 300},
            "statePreservation": {"rules": [{"aliasLabelName": "a", "jsonPath": "{.x}"}]}}}}));
        let found = |c: &ControllerSettings| -> Vec<LintCode> {
            codes_with(PP, spec.clone(), None, false, Some(c))
        };
        let all_on = ControllerSettings {
            stateful_failover_injection: true,
            ..Default::default()
        };
        assert!(found(&all_on).is_empty(), "{:?}", found(&all_on));
        let off = ControllerSettings {
            application_failover_controller: false,
            graceful_eviction: false,
            ..Default::default()
        };
        assert_eq!(
            found(&off),
            [
                LintCode::AppFailoverControllerOff,
                LintCode::AppFailoverGracefulGateOff,
                LintCode::AppFailoverStateGateOff
            ]
        );
    }

    #[test]
    fn bindings_without_propagate_deps() {
        let spec = pp(
            json!({"propagateDeps": true, "failover": {"application": {"decisionConditions": {}, "purgeMode": "Directly"}}}),
        );
        let binding = |deps: bool| -> Binding {
            serde_json::from_value(json!({
                "metadata": {"name": "web-deployment", "namespace": "default", "annotations": {
                    "propagationpolicy.karmada.io/name": "p", "propagationpolicy.karmada.io/namespace": "default"}},
                "spec": {"resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}, "propagateDeps": deps}
            }))
            .unwrap()
        };
        let mut f = fleet(&["m1", "m2"]);
        f.bindings = vec![binding(false)];
        assert!(codes(PP, spec.clone(), Some(&f), false)
            .contains(&LintCode::AppFailoverBindingsWithoutDeps));
        f.bindings = vec![binding(true)];
        assert!(
            !codes(PP, spec, Some(&f), false).contains(&LintCode::AppFailoverBindingsWithoutDeps)
        );
    }

    #[test]
    fn noexecute_tolerated_forever() {
        let forever = pp(
            json!({"placement": {"clusterTolerations": [{"operator": "Exists", "effect": "NoExecute"}]}}),
        );
        assert_eq!(
            codes(PP, forever, None, false),
            [LintCode::NoexecuteToleratedForever]
        );
        let bounded = pp(json!({"placement": {"clusterTolerations": [
            {"operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
            {"key": "maintenance", "operator": "Exists", "effect": "NoSchedule"}
        ]}}));
        assert!(codes(PP, bounded, None, false).is_empty());
    }

    #[test]
    fn single_failure_leaves_nowhere() {
        let one = pp(json!({"placement": {"clusterAffinity": {"clusterNames": ["m1"]}}}));
        let two = pp(json!({"placement": {"clusterAffinity": {"clusterNames": ["m1", "m2"]}}}));
        let f = fleet(&["m1", "m2", "m3"]);
        assert_eq!(
            codes(PP, one, Some(&f), false),
            [LintCode::SingleFailureLeavesNowhere]
        );
        assert!(codes(PP, two.clone(), Some(&f), false).is_empty());
        // Duplicated with minGroups 2 over two clusters: one failure leaves too few.
        let mut strict = two;
        strict["placement"]["spreadConstraints"] =
            json!([{"spreadByField": "cluster", "minGroups": 2}]);
        assert_eq!(
            codes(PP, strict, Some(&f), false),
            [LintCode::SingleFailureLeavesNowhere]
        );
    }

    #[test]
    fn affinities_never_return() {
        let backup = pp(json!({"placement": {"clusterAffinities": [
            {"affinityName": "primary", "clusterNames": ["m1"]},
            {"affinityName": "backup", "clusterNames": ["m2"]}
        ]}}));
        assert_eq!(
            codes(PP, backup, None, false),
            [LintCode::AffinitiesNeverReturn]
        );
        let single = pp(
            json!({"placement": {"clusterAffinities": [{"affinityName": "primary", "clusterNames": ["m1"]}]}}),
        );
        assert!(codes(PP, single, None, false).is_empty());
    }

    #[test]
    fn fields_the_release_does_not_have() {
        let spec =
            pp(json!({"placement": {"workloadAffinity": {"affinity": {"groupByLabelKey": "g"}}}}));
        let at = |v: &str| {
            let admitted = admission_of(PP, &spec);
            lint(&LintInput {
                kind: PP,
                name: "p",
                namespace: "default",
                raw: &spec,
                admitted: &admitted,
                fleet: None,
                webhook: WebhookSettings {
                    version: v.parse().unwrap(),
                    ..Default::default()
                },
                controller: None,
            })
        };
        let old = at("v1.16.8");
        assert_eq!(old.len(), 1, "{old:?}");
        assert_eq!(old[0].code, LintCode::FieldDroppedByRelease);
        assert_eq!(
            old[0].field.as_deref(),
            Some("spec.placement.workloadAffinity")
        );
        assert!(at("v1.17.0").is_empty());
    }

    #[test]
    fn deprecated_purge_mode() {
        let old = pp(json!({"failover": {"cluster": {"purgeMode": "Immediately"}}}));
        assert_eq!(codes(PP, old, None, false), [LintCode::DeprecatedPurgeMode]);
        let new = pp(json!({"failover": {"cluster": {"purgeMode": "Directly"}}}));
        assert!(codes(PP, new, None, false).is_empty());
    }

    #[test]
    fn noexecute_policy_rejected() {
        let ctp = json!({"taints": [{"key": "down", "effect": "NoExecute"}]});
        let kind = PolicyKind::ClusterTaintPolicy;
        assert_eq!(
            codes(kind, ctp.clone(), None, false),
            [LintCode::NoexecutePolicyRejected]
        );
        assert!(codes(kind, ctp, None, true).is_empty());
        let schedule = json!({"taints": [{"key": "down", "effect": "NoSchedule"}]});
        assert!(codes(kind, schedule, None, false).is_empty());
    }

    #[test]
    fn state_rules_that_never_inject_or_always_fail() {
        let spec = |mode: &str, spread: bool, path: &str| {
            let mut s = json!({
                "resourceSelectors": [{"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkDeployment"}],
                "placement": {"clusterAffinity": {"clusterNames": ["m1", "m2"]}},
                "failover": {"cluster": {"purgeMode": mode, "statePreservation": {"rules": [
                    {"aliasLabelName": "job", "jsonPath": path}]}}}
            });
            if spread {
                s["placement"]["spreadConstraints"] =
                    json!([{"spreadByField": "cluster", "maxGroups": 1, "minGroups": 1}]);
            }
            s
        };
        let state = |c: Vec<LintCode>| -> Vec<LintCode> {
            c.into_iter()
                .filter(|c| c.to_string().starts_with("state-"))
                .collect()
        };
        assert_eq!(
            state(codes(PP, spec("Directly", true, "{.jobID}"), None, false)),
            []
        );
        assert_eq!(
            state(codes(PP, spec("Gracefully", true, "{.jobID}"), None, false)),
            [LintCode::StateNeverInjected]
        );
        assert_eq!(
            state(codes(PP, spec("Directly", false, "{.jobID}"), None, false)),
            [LintCode::StateSeveralTargets]
        );
        assert_eq!(
            state(codes(
                PP,
                spec("Directly", true, "{.items[?(@.lag>10)].id}"),
                None,
                false
            )),
            [LintCode::StateIntegerFilter]
        );
        assert_eq!(
            state(codes(
                PP,
                spec("Directly", true, "{.items[?(@.lag>10.0)].id}"),
                None,
                false
            )),
            []
        );
    }
}
