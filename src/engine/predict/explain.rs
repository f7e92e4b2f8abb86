//! Explanations: for one binding, every cluster of its placement (taints, tolerations,
//! gates, queue position, verdict) and where it would go; for a ClusterTaintPolicy, what
//! it does to each cluster now. Built from the simulation's own decisions and its
//! evict-and-predict path, so an explanation never disagrees with `dry-run`.

use crate::engine::karmada::estimator::accurate::Estimators;
use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::{describe_taint, describe_toleration};
use crate::api::{Cluster, ClusterTaintPolicy, TargetCluster};
use crate::engine::karmada::cluster_affinity::cluster_matches_affinity;
use crate::engine::karmada::cluster_taint_policy::{
    evaluate_policies, explain_conditions, PolicyOutcome,
};
use crate::engine::karmada::eviction_queue::RatePeriod;
use crate::engine::karmada::scheduler::{ClusterVerdict, FleetIndex};
use crate::engine::karmada::toleration::{tolerations_of, BindingRef};
use crate::engine::predict::app_failover::{
    predict_app_failover, AppFailoverInputs, AppFailoverPrediction,
};
use crate::engine::predict::cluster_decision::{decide_cluster, ClusterDecision};
use crate::engine::predict::simulate::{
    evict_and_predict, simulate, PairOutcome, Scenario, Verdict,
};
use crate::engine::vocabulary::reason::Reason;
use crate::engine::vocabulary::settings::QueueSettings;
use crate::engine::vocabulary::settings::{
    ControllerSettings, Provenance, PurgeMode, RememberedFrom,
};
use crate::fleet::{Binding, FleetState};

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

/// The explanation of one binding.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingExplanation {
    pub binding: String,
    pub now: Timestamp,
    pub assumed: ControllerSettings,
    pub queue_settings: QueueSettings,
    pub settings_source: Provenance,
    /// The remembered settings used, when any were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings_remembered: Option<RememberedFrom>,
    /// The binding's tolerations, described.
    pub tolerations: Vec<String>,
    /// Where they were read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerations_source: Option<Reason>,
    /// Why they could not be read (the controller would not evict either).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerations_error: Option<Reason>,
    pub clusters: Vec<ClusterExplanation>,
    /// Clusters of the placement carrying the proposal's PreferNoExecute (not accepted
    /// by Karmada's API; simulated as the proposal describes).
    pub proposal_effects: Vec<String>,
    pub leaves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Vec<TargetCluster>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction_error: Option<Reason>,
    pub placement: Vec<ClusterVerdict>,
    /// Application failover on each cluster of the placement: armed or why not, the
    /// health now, and when the eviction comes where it is Unhealthy.
    pub application_failover: AppFailoverPrediction,
    /// The verdict (printed as a sentence, `verdict` in JSON).
    #[serde(skip)]
    pub verdict: Sentence,
}

/// The one-line verdict of an explanation, as data a renderer turns into words.
#[derive(Clone, Debug)]
pub enum Sentence {
    /// Leaves these clusters (cluster, when, the rule's message), to this placement.
    Migrates {
        moves: Vec<(String, Option<Timestamp>, String)>,
        to: Result<Vec<TargetCluster>, Reason>,
        now: Timestamp,
    },
    /// Stays; the queue fates of its faulty clusters, if any (verdict, cluster, rule).
    Stays(Vec<(Verdict, String, Reason)>),
    /// No taint moves it, but application failover takes it off these clusters where
    /// its workload is Unhealthy: by this moment at the latest (`None`: on the next event),
    /// to this placement (`None`: not predicted).
    LeavesUnhealthy {
        clusters: Vec<String>,
        by: Option<Timestamp>,
        to: Option<Vec<TargetCluster>>,
        now: Timestamp,
    },
}

/// What the explanation of a binding assumes.
pub struct ExplainInputs<'a> {
    pub state: &'a FleetState,
    pub binding: &'a Binding,
    /// Only this cluster of the placement.
    pub only: Option<&'a str>,
    pub now: Timestamp,
    pub settings: ControllerSettings,
    pub queue: QueueSettings,
    pub settings_source: Provenance,
    pub settings_remembered: Option<RememberedFrom>,
}

/// Decide and assemble the explanation of one binding.
pub fn explain_binding(inputs: ExplainInputs<'_>) -> BindingExplanation {
    let ExplainInputs {
        state,
        binding,
        only,
        now,
        settings,
        queue,
        settings_source,
        settings_remembered,
    } = inputs;
    let scenario = Scenario {
        targets: vec![],
        taints: vec![],
        now,
        until: now,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: settings.clone(),
        queue: queue.clone(),
    };
    let sim = simulate(state, &scenario);
    let key = binding.display_name();
    let mut processed: Vec<&PairOutcome> = sim.outcomes.iter().filter(|o| o.at.is_some()).collect();
    processed.sort_by_key(|o| o.at);
    let bref = BindingRef::new(&binding.spec, binding.annotations());
    let tolerations = tolerations_of(bref);
    let mine: Vec<&PairOutcome> = sim.outcomes.iter().filter(|o| o.binding == key).collect();

    let mut clusters = Vec::new();
    for t in &binding.spec.clusters {
        if only.is_some_and(|c| c != t.name) {
            continue;
        }
        let Some(cluster) = state.cluster(&t.name) else {
            continue;
        };
        let outcome = mine.iter().find(|o| o.cluster == t.name);
        // The simulation decided every faulty cluster; the others have nothing to decide.
        let decision = match outcome {
            Some(o) => o.decision.clone(),
            None => decide_cluster(bref, cluster, &settings, now),
        };
        let queue = outcome.map(|o| QueueView {
            verdict: o.verdict,
            at: o.at,
            position: processed
                .iter()
                .position(|p| std::ptr::eq(*p, *o))
                .map(|i| i + 1),
            queued: processed.len(),
            rate: o
                .at
                .and_then(|at| sim.rates.iter().rev().find(|r| r.from <= at).cloned()),
            rule: o.rule().into_owned(),
        });
        clusters.push(ClusterExplanation {
            cluster: t.name.clone(),
            replicas: t.replicas,
            taints: cluster.spec.taints.iter().map(describe_taint).collect(),
            decision,
            queue,
        });
    }

    // Where it goes once the clusters it leaves are evicted, as the simulation evicts
    // them (same clusters, same purge modes).
    let leaving: Vec<&&PairOutcome> = mine
        .iter()
        .filter(|o| matches!(o.verdict, Verdict::Evict | Verdict::EvictLater))
        .collect();
    let leaves: Vec<String> = leaving.iter().map(|o| o.cluster.clone()).collect();
    let gone: Vec<(&str, PurgeMode)> = leaving
        .iter()
        .map(|o| {
            (
                o.cluster.as_str(),
                o.purge_mode.unwrap_or(PurgeMode::Gracefully),
            )
        })
        .collect();
    let index = FleetIndex::new(&state.clusters).estimating(&Estimators::new(state, &settings));
    let spec_after = crate::engine::predict::simulate::evicted_spec(&binding.spec, &gone);
    let (predicted, prediction_error, placement) = match evict_and_predict(&index, binding, &gone) {
        Ok(p) => {
            let verdicts = p.explain(&index, &spec_after);
            (Some(p.clusters), None, verdicts)
        }
        Err(e) => (None, Some(e.reason()), Vec::new()),
    };
    let verdict = sentence(&clusters, &leaves, &predicted, &prediction_error, now);
    let proposal_effects = clusters
        .iter()
        .filter(|c| sim.proposal_effects.contains(&c.cluster))
        .map(|c| c.cluster.clone())
        .collect();
    let application_failover = application_failover(&index, binding, only, now, &settings);
    // Where no taint moves it, the application failover that does is the verdict.
    let verdict = match verdict {
        Sentence::Stays(_) if !application_failover.evicted.is_empty() => {
            Sentence::LeavesUnhealthy {
                clusters: application_failover.evicted.clone(),
                by: application_failover
                    .clusters
                    .iter()
                    .filter_map(|c| c.eviction.as_ref())
                    .map(|w| w.latest)
                    .max()
                    .flatten(),
                to: application_failover.predicted.clone(),
                now,
            }
        }
        other => other,
    };
    BindingExplanation {
        application_failover,
        binding: key,
        now,
        assumed: settings,
        queue_settings: queue,
        settings_source,
        settings_remembered,
        tolerations_source: tolerations.as_ref().ok().map(|t| t.reason.clone()),
        tolerations_error: tolerations.as_ref().err().cloned(),
        tolerations: tolerations
            .map(|t| t.tolerations.iter().map(describe_toleration).collect())
            .unwrap_or_default(),
        clusters,
        proposal_effects,
        leaves,
        predicted,
        prediction_error,
        placement,
        verdict,
    }
}

/// Application failover on the binding's clusters (or `only` the one), from the status
/// as it is.
fn application_failover(
    index: &FleetIndex,
    binding: &Binding,
    only: Option<&str>,
    now: Timestamp,
    settings: &ControllerSettings,
) -> AppFailoverPrediction {
    let mut prediction = predict_app_failover(AppFailoverInputs {
        index: Some(index),
        binding,
        unhealthy: &[],
        now,
        settings,
        custom_health: false,
        taint_evictions: &Default::default(),
    });
    if let Some(only) = only {
        prediction.clusters.retain(|c| c.cluster == only);
    }
    prediction
}

fn sentence(
    clusters: &[ClusterExplanation],
    leaves: &[String],
    predicted: &Option<Vec<TargetCluster>>,
    error: &Option<Reason>,
    now: Timestamp,
) -> Sentence {
    let moves: Vec<(String, Option<Timestamp>, String)> = clusters
        .iter()
        .filter(|c| leaves.contains(&c.cluster))
        .map(|c| {
            let why = c
                .decision
                .reasons
                .iter()
                .rev()
                .find(|r| r.code.is_taint_rule())
                .map(|r| r.message.clone())
                .unwrap_or_default();
            (c.cluster.clone(), c.queue.as_ref().and_then(|q| q.at), why)
        })
        .collect();
    if moves.is_empty() {
        return Sentence::Stays(
            clusters
                .iter()
                .filter_map(|c| {
                    c.queue
                        .as_ref()
                        .map(|q| (q.verdict, c.cluster.clone(), q.rule.clone()))
                })
                .collect(),
        );
    }
    let to = match (predicted, error) {
        (Some(p), _) => Ok(p.clone()),
        (None, Some(e)) => Err(e.clone()),
        (None, None) => Ok(Vec::new()),
    };
    Sentence::Migrates { moves, to, now }
}

/// The explanation of a ClusterTaintPolicy.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintPolicyExplanation {
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

/// What a ClusterTaintPolicy does to each of `clusters` now (all of them, or `only`).
pub fn explain_taint_policy(
    policy: &ClusterTaintPolicy,
    clusters: &[Cluster],
    only: Option<&str>,
    now: Timestamp,
) -> TaintPolicyExplanation {
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
    TaintPolicyExplanation {
        policy: policy.metadata.name.clone().unwrap_or_default(),
        now,
        clusters: views,
    }
}
