//! `karmadactl policy explain`: why a binding would (or would not) leave each of its
//! clusters, when, and where it would go; or what a ClusterTaintPolicy does now.

use colored::Colorize;
use jiff::Timestamp;
use serde::Serialize;

use super::common::{self, Provenance};
use super::dry_run::{clock, offset};
use crate::api::{Cluster, ClusterTaintPolicy, TargetCluster};
use crate::cli::{ExplainArgs, GlobalArgs, OutputFormat};
use crate::engine::affinity::cluster_matches_affinity;
use crate::engine::eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::noexecute::{decide_cluster, ClusterDecision, ControllerSettings};
use crate::engine::placement::{ClusterVerdict, FleetIndex};
use crate::engine::queue::{QueueSettings, RatePeriod};
use crate::engine::simulate::{simulate, PairOutcome, Scenario, Verdict};
use crate::engine::taint_policy::{evaluate_policies, explain_conditions, PolicyOutcome};
use crate::engine::toleration::{
    describe_taint, describe_taints, describe_toleration, tolerations_of, BindingRef,
};
use crate::engine::Reason;
use crate::error::{Error, ExitCode, Result};
use crate::output::{self, OUTPUT_API_VERSION};
use crate::state::{Binding, BindingKind, FleetState};

/// What the operator asked about.
#[derive(Debug, PartialEq, Eq)]
pub enum Target {
    /// A ResourceBinding by namespace and name.
    ResourceBinding { namespace: String, name: String },
    /// A ClusterResourceBinding by name.
    ClusterResourceBinding { name: String },
    /// The binding of a workload, by kind, namespace and name.
    Workload {
        kind: String,
        namespace: Option<String>,
        name: String,
    },
    /// A ClusterTaintPolicy by name.
    TaintPolicy { name: String },
}

/// Parse `rb NS/NAME`, `crb NAME`, `KIND/NAME` (with `-n`), `clustertaintpolicy/NAME`.
pub fn parse_target(words: &[String], namespace: Option<&str>) -> Result<Target> {
    let usage = || {
        Error::usage(
            "expected `rb NAMESPACE/NAME`, `crb NAME`, `KIND/NAME -n NAMESPACE` or `clustertaintpolicy/NAME`",
        )
    };
    let (kind, rest) = match words {
        [kind, name] => (kind.as_str(), name.as_str()),
        [one] => one.split_once('/').ok_or_else(usage)?,
        _ => return Err(usage()),
    };
    let kind_l = kind.to_ascii_lowercase();
    let split_ns = |rest: &str| -> Result<(String, String)> {
        match (rest.split_once('/'), namespace) {
            (Some((ns, name)), _) => Ok((ns.to_string(), name.to_string())),
            (None, Some(ns)) => Ok((ns.to_string(), rest.to_string())),
            (None, None) => Err(Error::usage(
                "a ResourceBinding needs a namespace: NAMESPACE/NAME or -n",
            )),
        }
    };
    Ok(match kind_l.as_str() {
        "rb" | "resourcebinding" | "resourcebindings" | "resourcebinding.work.karmada.io" => {
            let (namespace, name) = split_ns(rest)?;
            Target::ResourceBinding { namespace, name }
        }
        "crb" | "clusterresourcebinding" | "clusterresourcebindings" => {
            Target::ClusterResourceBinding {
                name: rest.to_string(),
            }
        }
        "clustertaintpolicy" | "clustertaintpolicies" | "ctp" => Target::TaintPolicy {
            name: rest.to_string(),
        },
        _ if rest.is_empty() => return Err(usage()),
        _ => Target::Workload {
            kind: kind.to_string(),
            namespace: namespace.map(str::to_string),
            name: rest.to_string(),
        },
    })
}

fn find_binding<'s>(state: &'s FleetState, target: &Target) -> Result<&'s Binding> {
    let found = state.bindings.iter().find(|b| {
        let (ns, name) = (
            b.metadata.namespace.as_deref(),
            b.metadata.name.as_deref().unwrap_or(""),
        );
        match target {
            Target::ResourceBinding { namespace, name: n } => {
                b.kind == BindingKind::ResourceBinding && ns == Some(namespace) && name == n
            }
            Target::ClusterResourceBinding { name: n } => {
                b.kind == BindingKind::ClusterResourceBinding && name == n
            }
            Target::Workload {
                kind,
                namespace,
                name: n,
            } => {
                let r = &b.spec.resource;
                let k = kind.to_ascii_lowercase();
                let kind_ok = r.kind.eq_ignore_ascii_case(&k)
                    || format!("{}s", r.kind.to_ascii_lowercase()) == k
                    || k.split('.').next() == Some(&r.kind.to_ascii_lowercase());
                kind_ok && &r.name == n && r.namespace.as_deref() == namespace.as_deref()
            }
            Target::TaintPolicy { .. } => false,
        }
    });
    found.ok_or_else(|| {
        Error::usage(format!(
            "{target:?} not found in {}",
            state.source.description
        ))
    })
}

/// One cluster of the binding's placement, explained.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterExplanation {
    pub cluster: String,
    pub replicas: i32,
    pub taints: Vec<String>,
    pub decision: ClusterDecision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue: Option<QueueView>,
}

/// Where the binding's eviction from a cluster stands in the queue.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueView {
    pub verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
    /// 1-based position among everything the queue processes, by processing time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
    pub queued: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate: Option<RatePeriod>,
    pub rule: Reason,
}

/// The structured binding explanation.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingExplanation {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub binding: String,
    pub now: Timestamp,
    pub assumed: ControllerSettings,
    pub queue_settings: QueueSettings,
    pub settings_source: Provenance,
    /// The binding's tolerations, described.
    pub tolerations: Vec<String>,
    /// Where they were read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerations_source: Option<Reason>,
    /// Why they could not be read (the controller would not evict either).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerations_error: Option<Reason>,
    pub clusters: Vec<ClusterExplanation>,
    pub leaves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Vec<TargetCluster>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction_error: Option<Reason>,
    pub placement: Vec<ClusterVerdict>,
    pub verdict: String,
}

/// The structured ClusterTaintPolicy explanation.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintPolicyExplanation {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub policy: String,
    pub now: Timestamp,
    pub clusters: Vec<PolicyClusterView>,
}

/// Whether a cluster's conditions match a list of match conditions, and why not.
#[derive(Serialize)]
pub struct ConditionMatch {
    pub matches: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl From<std::result::Result<(), String>> for ConditionMatch {
    fn from(r: std::result::Result<(), String>) -> Self {
        ConditionMatch {
            matches: r.is_ok(),
            why: r.err(),
        }
    }
}

/// One cluster under a ClusterTaintPolicy.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyClusterView {
    pub cluster: String,
    pub targeted: bool,
    pub add_conditions: ConditionMatch,
    pub remove_conditions: ConditionMatch,
    pub outcome: Option<PolicyOutcome>,
}

/// Run `policy explain`.
pub async fn run(global: &GlobalArgs, args: &ExplainArgs) -> Result<ExitCode> {
    if matches!(args.read.output, OutputFormat::Name) {
        return Err(Error::usage(
            "policy explain supports -o table, wide, json or yaml",
        ));
    }
    let target = parse_target(&args.target, args.namespace.as_deref())?;
    let state = common::load_state(global, &args.read.source).await?;
    let now = common::reference_time(&state);
    if let Target::TaintPolicy { name } = &target {
        let policy = state
            .taint_policies
            .iter()
            .find(|p| p.metadata.name.as_deref() == Some(name))
            .ok_or_else(|| {
                Error::usage(format!(
                    "clustertaintpolicy {name:?} not found in {}",
                    state.source.description
                ))
            })?;
        let report = explain_taint_policy(policy, &state.clusters, args.cluster.as_deref(), now)?;
        return match args.read.output {
            OutputFormat::Json | OutputFormat::Yaml => {
                output::print_structured(&report, args.read.output).map(|_| ExitCode::Success)
            }
            _ => output::write_stdout(&render_policy(&report)).map(|_| ExitCode::Success),
        };
    }
    let binding = find_binding(&state, &target)?;
    if let Some(c) = &args.cluster {
        if !binding.spec.clusters.iter().any(|t| &t.name == c) {
            return Err(Error::usage(format!(
                "cluster {c:?} is not in the placement of {}",
                binding.display_name()
            )));
        }
    }
    let (settings, queue, provenance) =
        common::resolve_settings(&args.read.controller, &state.source.controller_settings)?;
    let report = explain_binding(
        &state,
        binding,
        args.cluster.as_deref(),
        now,
        settings,
        queue,
        provenance,
    );
    match args.read.output {
        OutputFormat::Json | OutputFormat::Yaml => {
            output::print_structured(&report, args.read.output)?
        }
        _ => output::write_stdout(&render_binding(
            &report,
            args.read.output == OutputFormat::Wide,
        ))?,
    }
    Ok(ExitCode::Success)
}

/// Decide and assemble the explanation of one binding (pure).
pub fn explain_binding(
    state: &FleetState,
    binding: &Binding,
    only: Option<&str>,
    now: Timestamp,
    settings: ControllerSettings,
    queue: QueueSettings,
    settings_source: Provenance,
) -> BindingExplanation {
    let scenario = Scenario {
        targets: vec![],
        taints: vec![],
        now,
        until: now,
        recover_at: None,
        settings: settings.clone(),
        queue: queue.clone(),
    };
    let sim = simulate(state, &scenario);
    let key = binding.display_name();
    let mut processed: Vec<&PairOutcome> = sim.outcomes.iter().filter(|o| o.at.is_some()).collect();
    processed.sort_by_key(|o| o.at);
    let bref = BindingRef::new(&binding.spec, binding.annotations());
    let tolerations = tolerations_of(bref);

    let mut clusters = Vec::new();
    for t in &binding.spec.clusters {
        if only.is_some_and(|c| c != t.name) {
            continue;
        }
        let Some(cluster) = state.cluster(&t.name) else {
            continue;
        };
        let decision = decide_cluster(
            BindingRef::new(&binding.spec, binding.annotations()),
            cluster,
            &settings,
            now,
        );
        let queue = sim
            .outcomes
            .iter()
            .find(|o| o.binding == key && o.cluster == t.name)
            .map(|o| QueueView {
                verdict: o.verdict,
                at: o.at,
                position: processed
                    .iter()
                    .position(|p| std::ptr::eq(*p, o))
                    .map(|i| i + 1),
                queued: processed.len(),
                rate: o
                    .at
                    .and_then(|at| sim.rates.iter().rev().find(|r| r.from <= at).cloned()),
                rule: o.rule.clone(),
            });
        clusters.push(ClusterExplanation {
            cluster: t.name.clone(),
            replicas: t.replicas,
            taints: cluster.spec.taints.iter().map(describe_taint).collect(),
            decision,
            queue,
        });
    }

    // Predicted placement once the clusters it leaves are evicted.
    let leaves: Vec<String> = sim
        .outcomes
        .iter()
        .filter(|o| o.binding == key && matches!(o.verdict, Verdict::Evict | Verdict::EvictLater))
        .map(|o| o.cluster.clone())
        .collect();
    let mut spec = binding.spec.clone();
    for c in &leaves {
        graceful_evict_cluster(&mut spec, c, &EvictOptions::taint_manager("Gracefully"));
    }
    let index = FleetIndex::new(&state.clusters);
    let (predicted, prediction_error, placement) = match index.predict(&spec) {
        Ok(p) => {
            let verdicts = p.explain(&index, &spec);
            (Some(p.clusters), None, verdicts)
        }
        Err(e) => (None, Some(e.reason()), Vec::new()),
    };
    let verdict = verdict_sentence(
        &clusters,
        &leaves,
        predicted.as_deref(),
        prediction_error.as_ref(),
        now,
    );
    BindingExplanation {
        api_version: OUTPUT_API_VERSION,
        kind: "BindingExplanation",
        binding: key,
        now,
        assumed: settings,
        queue_settings: queue,
        settings_source,
        tolerations_source: tolerations.as_ref().ok().map(|t| t.reason.clone()),
        tolerations_error: tolerations.as_ref().err().cloned(),
        tolerations: tolerations
            .map(|t| t.tolerations.iter().map(describe_toleration).collect())
            .unwrap_or_default(),
        clusters,
        leaves,
        predicted,
        prediction_error,
        placement,
        verdict,
    }
}

fn verdict_sentence(
    clusters: &[ClusterExplanation],
    leaves: &[String],
    predicted: Option<&[TargetCluster]>,
    error: Option<&Reason>,
    now: Timestamp,
) -> String {
    let moving: Vec<String> = clusters
        .iter()
        .filter(|c| leaves.contains(&c.cluster))
        .map(|c| {
            let at = c
                .queue
                .as_ref()
                .and_then(|q| q.at)
                .map(|t| clock(t, now))
                .unwrap_or_default();
            let why = c
                .decision
                .reasons
                .iter()
                .rev()
                .find(|r| {
                    r.code.starts_with("noexecute-") || r.code.starts_with("prefer-noexecute-")
                })
                .map(|r| r.message.clone())
                .unwrap_or_default();
            format!("from {} at {at} ({why})", c.cluster)
        })
        .collect();
    if moving.is_empty() {
        let stuck: Vec<String> = clusters
            .iter()
            .filter_map(|c| {
                c.queue
                    .as_ref()
                    .map(|q| format!("{} on {} ({})", q.verdict.as_str(), c.cluster, q.rule.code))
            })
            .collect();
        return if stuck.is_empty() {
            "stays where it is: none of its clusters carries an evicting taint".into()
        } else {
            format!("stays where it is: {}", stuck.join("; "))
        };
    }
    let to = match (predicted, error) {
        (Some(p), _) => {
            let list: Vec<String> = p
                .iter()
                .map(|t| format!("{}={}", t.name, t.replicas))
                .collect();
            format!("replicas to {}", list.join(","))
        }
        (None, Some(e)) => format!("but no new placement can be predicted: {}", e.message),
        _ => String::new(),
    };
    format!("would migrate {}, {to}", moving.join(" and "))
}

/// Render a binding explanation for people.
pub fn render_binding(r: &BindingExplanation, wide: bool) -> String {
    let mut out = format!("Binding:   {}\n", r.binding.bold());
    out += &format!("Time:      {} (reference)\n", r.now);
    let src = |k: &str| r.settings_source.get(k).copied().unwrap_or("default");
    out += &format!(
        "Assumed:   Failover={} ({}), enable-no-execute-taint-eviction={} ({}), queue {}/s\n",
        r.assumed.failover_feature_gate,
        src("feature-gates"),
        r.assumed.enable_no_execute_taint_eviction,
        src("enable-no-execute-taint-eviction"),
        r.queue_settings.resource_eviction_rate
    );
    match &r.tolerations_error {
        None => {
            let list = &r.tolerations;
            let from = r
                .tolerations_source
                .as_ref()
                .map(|s| s.message.as_str())
                .unwrap_or_default();
            out += &format!("Tolerations: {from}\n");
            for t in list {
                out += &format!("  - {t}\n");
            }
        }
        Some(e) => out += &format!("Tolerations: unreadable: {} [{}]\n", e.message, e.code),
    }
    for c in &r.clusters {
        out += &format!(
            "\nCluster {} ({} replica(s))\n",
            c.cluster.bold(),
            c.replicas
        );
        out += &format!(
            "  taints:   {}\n",
            if c.taints.is_empty() {
                "none".into()
            } else {
                c.taints.join(", ")
            }
        );
        for reason in &c.decision.reasons {
            out += &format!("  - [{}] {}\n", reason.code, reason.message);
        }
        if let Some(q) = &c.queue {
            let at =
                q.at.map(|t| format!(" at {} ({})", clock(t, r.now), offset(t, r.now)))
                    .unwrap_or_default();
            let pos = q
                .position
                .map(|p| format!(", position {p} of {}", q.queued))
                .unwrap_or_default();
            let rate = q
                .rate
                .as_ref()
                .map(|p| {
                    format!(
                        ", rate {}/s ({}, {} of {} clusters faulty)",
                        p.rate, p.reason.code, p.faulty_clusters, p.total_clusters
                    )
                })
                .unwrap_or_default();
            out += &format!("  queue:    {}{at}{pos}{rate}\n", q.verdict.as_str());
        }
    }
    out += "\nPredicted placement";
    if !r.leaves.is_empty() {
        out += &format!(" after leaving {}", r.leaves.join(", "));
    }
    match (&r.predicted, &r.prediction_error) {
        (Some(p), _) => {
            let list: Vec<String> = p
                .iter()
                .map(|t| format!("{}={}", t.name, t.replicas))
                .collect();
            out += &format!(": {}\n", list.join(", "));
        }
        (None, Some(e)) => out += &format!(": none [{}] {}\n", e.code, e.message),
        _ => out += "\n",
    }
    for v in r
        .placement
        .iter()
        .filter(|v| wide || v.reason.code != "filtered-affinity")
    {
        out += &format!(
            "  {:<16} [{}] {}\n",
            v.cluster, v.reason.code, v.reason.message
        );
    }
    out += &format!("\nVerdict: {}\n", r.verdict.bold());
    out
}

/// Explain what a ClusterTaintPolicy does to each cluster now (pure).
pub fn explain_taint_policy(
    policy: &ClusterTaintPolicy,
    clusters: &[Cluster],
    only: Option<&str>,
    now: Timestamp,
) -> Result<TaintPolicyExplanation> {
    if let Some(name) = only {
        if !clusters
            .iter()
            .any(|c| c.metadata.name.as_deref() == Some(name))
        {
            return Err(Error::usage(format!("cluster {name:?} not found")));
        }
    }
    let views = clusters
        .iter()
        .filter(|c| only.is_none_or(|n| c.metadata.name.as_deref() == Some(n)))
        .map(|c| {
            let targeted = policy
                .spec
                .target_clusters
                .as_ref()
                .is_none_or(|a| cluster_matches_affinity(c, a));
            let conditions = c
                .status
                .as_ref()
                .map(|s| s.conditions.as_slice())
                .unwrap_or_default();
            let eval = evaluate_policies(
                std::slice::from_ref(policy),
                c,
                now,
                cluster_matches_affinity,
            );
            PolicyClusterView {
                cluster: c.metadata.name.clone().unwrap_or_default(),
                targeted,
                add_conditions: explain_conditions(conditions, &policy.spec.add_on_conditions)
                    .into(),
                remove_conditions: explain_conditions(
                    conditions,
                    &policy.spec.remove_on_conditions,
                )
                .into(),
                outcome: eval.policies.into_iter().next(),
            }
        })
        .collect();
    Ok(TaintPolicyExplanation {
        api_version: OUTPUT_API_VERSION,
        kind: "ClusterTaintPolicyExplanation",
        policy: policy.metadata.name.clone().unwrap_or_default(),
        now,
        clusters: views,
    })
}

/// Render a ClusterTaintPolicy explanation for people.
pub fn render_policy(r: &TaintPolicyExplanation) -> String {
    let mut out = format!("ClusterTaintPolicy {} at {}\n\n", r.policy.bold(), r.now);
    let mut table = comfy_table::Table::new();
    table.load_preset(comfy_table::presets::NOTHING);
    table.set_header([
        "CLUSTER",
        "TARGETED",
        "ADD WHEN",
        "REMOVE WHEN",
        "WOULD ADD",
        "WOULD REMOVE",
    ]);
    let cond = |c: &ConditionMatch| match &c.why {
        None => "matches".to_string(),
        Some(why) => format!("no: {why}"),
    };
    for v in &r.clusters {
        let (added, removed) = v
            .outcome
            .as_ref()
            .map(|o| {
                let list = |ts: &[crate::api::Taint]| {
                    if ts.is_empty() {
                        "-".to_string()
                    } else {
                        describe_taints(ts)
                    }
                };
                (list(&o.added), list(&o.removed))
            })
            .unwrap_or_else(|| ("-".into(), "-".into()));
        if v.targeted {
            table.add_row([
                v.cluster.clone(),
                "yes".into(),
                cond(&v.add_conditions),
                cond(&v.remove_conditions),
                added,
                removed,
            ]);
        } else {
            table.add_row([
                v.cluster.clone(),
                "no".into(),
                String::new(),
                String::new(),
                "-".into(),
                "-".into(),
            ]);
        }
    }
    out += &table.trim_fmt();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_every_target_form() {
        assert_eq!(
            parse_target(&words(&["rb", "default/nginx"]), None).unwrap(),
            Target::ResourceBinding {
                namespace: "default".into(),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["rb", "nginx"]), Some("web")).unwrap(),
            Target::ResourceBinding {
                namespace: "web".into(),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["crb", "x"]), None).unwrap(),
            Target::ClusterResourceBinding { name: "x".into() }
        );
        assert_eq!(
            parse_target(&words(&["deployment/nginx"]), Some("default")).unwrap(),
            Target::Workload {
                kind: "deployment".into(),
                namespace: Some("default".into()),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["clustertaintpolicy/p"]), None).unwrap(),
            Target::TaintPolicy { name: "p".into() }
        );
        assert!(parse_target(&words(&["rb", "nginx"]), None).is_err());
        assert!(parse_target(&words(&["nginx"]), None).is_err());
    }
}
