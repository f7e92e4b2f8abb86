//! Fleet-wide failover simulation: given the fleet, a scenario (clusters that get a taint
//! now, a point in time to look at) and the controller settings, decide for every
//! binding on every faulty cluster whether and when it leaves, run the eviction queue,
//! and predict where the replicas go. Pure: the clock is `Scenario::now`.

use std::collections::{BTreeMap, HashMap, HashSet};

use jiff::Timestamp;
use serde::Serialize;

use super::eviction::{graceful_evict_cluster, EvictOptions};
use super::noexecute::{decide_cluster, Action, ClusterDecision};
use super::placement::{FleetIndex, PlacementError, Prediction};
use super::prescheduling::{pre_scheduling_verdict, PreSchedulingVerdict};
use super::queue::{
    simulate_queue, ClusterFault, ItemOutcome, PreCheck, QueueItem, QueueModel, QueueSettings,
    RatePeriod,
};
use super::settings::{ControllerSettings, PurgeMode};
use super::toleration::BindingRef;
use super::{Reason, ReasonCode};
use crate::api::{BindingSpec, Cluster, TaintEffect, TargetCluster, Time};
use crate::fleet::{Binding, FleetState};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Clusters that get `taints` at `now` (empty: only the taints they already carry).
    pub targets: Vec<String>,
    /// The taints they get (`timeAdded` is set to `now`; one already present with the
    /// same key and effect is left as it is).
    pub taints: Vec<crate::api::Taint>,
    /// The reference time: decisions are taken at this instant.
    pub now: Timestamp,
    /// The time looked at: evictions processed by then count as done.
    pub until: Timestamp,
    /// When the targets recover (their evicting taints go away), if they do: queued
    /// evictions not processed by then are dropped.
    pub recover_at: Option<Timestamp>,
    /// karmada-controller-manager settings assumed.
    pub settings: ControllerSettings,
    /// Eviction-queue settings assumed.
    pub queue: QueueSettings,
}

/// The fate of one binding on one faulty cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Evicted by `until`.
    Evict,
    /// Will be evicted after `until`.
    EvictLater,
    /// Stays: tolerated, or PreferNoExecute without failover.cluster.
    Tolerated,
    /// Stays because a controller gate is off.
    NotMigratedGateOff,
    /// The eviction is abandoned: the pre-scheduling check found no target.
    Abandoned,
    /// The queue stopped (too many faulty clusters in a small fleet).
    Halted,
    /// The cluster recovered before the queue processed the eviction: it is dropped.
    Recovered,
    /// Never evicted: the taint manager cannot read the binding's tolerations (no or a
    /// bad applied-placement annotation) and retries forever.
    Retrying,
}

impl Verdict {
    /// Words for tables.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Evict => "evict",
            Verdict::EvictLater => "evict later",
            Verdict::Tolerated => "tolerated",
            Verdict::NotMigratedGateOff => "not migrated: gate off",
            Verdict::Abandoned => "abandoned: no feasible target",
            Verdict::Halted => "halted: queue stopped",
            Verdict::Recovered => "dropped: cluster recovered",
            Verdict::Retrying => "not evicted: retrying",
        }
    }
}

/// One binding on one faulty cluster.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairOutcome {
    /// `rb/namespace/name` or `crb/name`.
    pub binding: String,
    /// The faulty cluster.
    pub cluster: String,
    /// What happens.
    pub verdict: Verdict,
    /// When the eviction is due per the taints and tolerations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due: Option<Timestamp>,
    /// When the queue processes it (evicted or abandoned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
    /// Purge mode of the eviction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<PurgeMode>,
    /// Replicas leaving the cluster.
    pub replicas: i32,
    /// The rule that decided (the last reason of the chain).
    pub rule: Reason,
    /// The whole reason chain.
    pub reasons: Vec<Reason>,
    /// The failover decision at the reference time (what `policy explain` shows).
    #[serde(skip)]
    pub decision: ClusterDecision,
}

/// The predicted new placement of a binding that loses clusters.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingPrediction {
    /// `rb/namespace/name` or `crb/name`.
    pub binding: String,
    /// Clusters it leaves (evicted now or later).
    pub leaves: Vec<String>,
    /// The predicted `spec.clusters` after those evictions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clusters: Option<Vec<TargetCluster>>,
    /// Why no placement could be predicted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Reason>,
}

/// Replicas moved from one cluster to another.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Move {
    pub from: String,
    pub to: String,
    pub replicas: i64,
}

/// Counts for the summary.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SimulationSummary {
    /// Pairs per verdict.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Bindings with at least one faulty cluster.
    pub bindings_affected: usize,
    /// Bindings on healthy clusters only.
    pub bindings_not_affected: usize,
    /// Replicas leaving each cluster (evicted now or later).
    pub replicas_leaving: BTreeMap<String, i64>,
    /// Replicas arriving on each cluster per the predictions.
    pub replicas_arriving: BTreeMap<String, i64>,
    /// Bindings whose replicas find no room.
    pub capacity_shortfalls: Vec<BindingPrediction>,
    /// Evictions upstream carries out although no other cluster can take the replicas
    /// (upstream model; the old copy is removed all the same, karmada#7455).
    pub evictions_without_target: usize,
    /// Bindings whose every cluster is evicted with nowhere to go: the workload
    /// disappears (upstream model).
    pub workloads_lost: usize,
}

/// The result of a simulation.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Simulation {
    pub now: Timestamp,
    pub until: Timestamp,
    /// Controller settings assumed.
    pub assumed: ControllerSettings,
    /// Queue settings assumed.
    pub queue_settings: QueueSettings,
    /// Clusters carrying a NoExecute or PreferNoExecute taint (after the scenario).
    pub faulty_clusters: Vec<String>,
    /// Clusters carrying the proposal's PreferNoExecute, which Karmada's API does not
    /// accept: what happens on them is the proposal's rule, simulated.
    pub proposal_effects: Vec<String>,
    pub total_clusters: usize,
    /// One entry per binding per faulty cluster of its placement, by binding then cluster.
    pub outcomes: Vec<PairOutcome>,
    /// Predictions for bindings that lose clusters.
    pub predictions: Vec<BindingPrediction>,
    /// The queue's rate over time.
    pub rates: Vec<RatePeriod>,
    pub summary: SimulationSummary,
}

/// The clusters a scenario makes faulty (`targets` given `taints`, and those that carry
/// an evicting taint already): only bindings placed on one of them take part in a
/// simulation, the others are counted.
pub fn faulty_after(
    clusters: &[Cluster],
    targets: &[String],
    taints: &[crate::api::Taint],
    now: Timestamp,
) -> HashSet<String> {
    let scenario = Scenario {
        targets: targets.to_vec(),
        taints: taints.to_vec(),
        now,
        until: now,
        recover_at: None,
        settings: ControllerSettings::default(),
        queue: QueueSettings::default(),
    };
    apply_scenario(clusters, &scenario)
        .iter()
        .filter(|c| fault_of(c, now).is_some())
        .filter_map(|c| c.metadata.name.clone())
        .collect()
}

/// The clusters as they are after the scenario's taints are added.
pub fn apply_scenario(clusters: &[Cluster], scenario: &Scenario) -> Vec<Cluster> {
    let targets: HashSet<&str> = scenario.targets.iter().map(String::as_str).collect();
    clusters
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if targets.contains(c.metadata.name.as_deref().unwrap_or("")) {
                for taint in &scenario.taints {
                    let present = c
                        .spec
                        .taints
                        .iter()
                        .any(|t| t.key == taint.key && t.effect == taint.effect);
                    if !present {
                        let mut t = taint.clone();
                        t.time_added = Some(Time(scenario.now));
                        c.spec.taints.push(t);
                    }
                }
            }
            c
        })
        .collect()
}

/// Whether `cluster` carries a taint with `effect`.
fn carries(cluster: &Cluster, effect: TaintEffect) -> bool {
    cluster
        .spec
        .taints
        .iter()
        .any(|t| crate::api::taint::effect_of(t) == Some(effect))
}

/// When a cluster became faulty (earliest evicting taint), if it is.
fn fault_of(cluster: &Cluster, now: Timestamp) -> Option<ClusterFault> {
    let evicting: Vec<_> = cluster
        .spec
        .taints
        .iter()
        .filter(|t| {
            t.effect
                .parse::<TaintEffect>()
                .is_ok_and(TaintEffect::evicts)
        })
        .collect();
    if evicting.is_empty() {
        return None;
    }
    let since = evicting
        .iter()
        .filter_map(|t| t.time_added.as_ref().map(|t| t.0))
        .min()
        .unwrap_or(now);
    Some(ClusterFault {
        cluster: cluster.metadata.name.clone().unwrap_or_default(),
        since,
        recovered_at: None,
    })
}

fn verdict_of_stay(d: &ClusterDecision) -> Verdict {
    if d.reasons.iter().any(|r| r.code.is_gate_off()) {
        Verdict::NotMigratedGateOff
    } else if d
        .reasons
        .iter()
        .any(|r| r.code == ReasonCode::NoexecuteTolerationsUnreadable)
    {
        Verdict::Retrying
    } else {
        Verdict::Tolerated
    }
}

/// The reason that decided: the last one that is not about purge mode, timeouts or
/// where tolerations were read from.
fn decisive(reasons: &[Reason]) -> Reason {
    reasons
        .iter()
        .rev()
        .find(|r| !r.code.is_context())
        .or(reasons.last())
        .cloned()
        .unwrap_or_else(|| Reason::new(ReasonCode::NoDecision, "no rule applied"))
}

/// The binding's spec after the taint manager evicts each of `gone` (cluster and purge
/// mode), and the scheduler's prediction for it: the one evict-and-predict path of
/// `dry-run`, `policy explain` and every preview.
pub fn evict_and_predict(
    index: &FleetIndex,
    spec: &BindingSpec,
    gone: &[(&str, PurgeMode)],
) -> Result<Prediction, PlacementError> {
    index.predict(&evicted_spec(spec, gone))
}

/// `spec` after the taint manager evicts each of `gone` (cluster and purge mode).
pub fn evicted_spec(spec: &BindingSpec, gone: &[(&str, PurgeMode)]) -> BindingSpec {
    let mut after = spec.clone();
    let before: Vec<String> = spec.clusters.iter().map(|t| t.name.clone()).collect();
    for (cluster, purge) in gone {
        let mut options = EvictOptions::taint_manager(*purge);
        options.clusters_before_failover = before.clone();
        graceful_evict_cluster(&mut after, cluster, &options);
    }
    after
}

/// Run the simulation over `state`.
pub fn simulate(state: &FleetState, scenario: &Scenario) -> Simulation {
    let clusters = apply_scenario(&state.clusters, scenario);
    let by_name: HashMap<&str, &Cluster> = clusters
        .iter()
        .map(|c| (c.metadata.name.as_deref().unwrap_or(""), c))
        .collect();
    let targets: HashSet<&str> = scenario.targets.iter().map(String::as_str).collect();
    let faults: Vec<ClusterFault> = clusters
        .iter()
        .filter_map(|c| fault_of(c, scenario.now))
        .map(|mut f| {
            if targets.contains(f.cluster.as_str()) {
                f.recovered_at = scenario.recover_at;
            }
            f
        })
        .collect();
    let faulty: Vec<String> = faults.iter().map(|f| f.cluster.clone()).collect();
    let faulty_set: HashSet<&str> = faulty.iter().map(String::as_str).collect();
    let proposal_effects: Vec<String> = clusters
        .iter()
        .filter(|c| carries(c, TaintEffect::PreferNoExecute))
        .filter_map(|c| c.metadata.name.clone())
        .collect();

    // Decide every (binding, faulty cluster) pair at `now`.
    struct Pending<'b> {
        binding: &'b Binding,
        key: String,
        decision: ClusterDecision,
        replicas: i32,
        /// Upstream's taint manager lists the binding on this cluster (it takes queue
        /// slots whether or not it is evicted).
        listed: bool,
    }
    let mut pending: Vec<Pending> = Vec::new();
    let mut bindings_affected = 0;
    for binding in &state.bindings {
        let mut affected = false;
        for target in &binding.spec.clusters {
            if !faulty_set.contains(target.name.as_str()) {
                continue;
            }
            let Some(cluster) = by_name.get(target.name.as_str()) else {
                continue;
            };
            affected = true;
            let decision = decide_cluster(
                BindingRef::new(&binding.spec, binding.annotations()),
                cluster,
                &scenario.settings,
                scenario.now,
            );
            let gate_off = decision.reasons.iter().any(|r| r.code.is_gate_off());
            let listed = !matches!(decision.action, Action::Stay)
                || (carries(cluster, TaintEffect::NoExecute) && !gate_off);
            pending.push(Pending {
                binding,
                key: binding.display_name(),
                decision,
                replicas: target.replicas,
                listed,
            });
        }
        bindings_affected += usize::from(affected);
    }

    // Predict the new placement of every binding that would lose clusters.
    let index = FleetIndex::new(&clusters);
    // binding -> (cluster, purge mode) of every eviction it will undergo
    let mut leaving: BTreeMap<&str, Vec<(&str, PurgeMode)>> = BTreeMap::new();
    let mut binding_of: HashMap<&str, &Binding> = HashMap::new();
    for p in &pending {
        if !matches!(p.decision.action, Action::Stay) {
            leaving.entry(p.key.as_str()).or_default().push((
                p.decision.cluster.as_str(),
                p.decision.purge_mode.unwrap_or(PurgeMode::Gracefully),
            ));
            binding_of.insert(p.key.as_str(), p.binding);
        }
    }
    let mut predictions = Vec::with_capacity(leaving.len());
    let mut prechecks: HashMap<&str, PreSchedulingVerdict> = HashMap::with_capacity(leaving.len());
    for (key, gone) in &leaving {
        let binding = binding_of[key];
        let (clusters_after, error, candidates) =
            match evict_and_predict(&index, &binding.spec, gone) {
                Ok(p) => {
                    let candidates: Vec<String> = p
                        .feasible
                        .iter()
                        .map(|&i| {
                            clusters[i as usize]
                                .metadata
                                .name
                                .as_deref()
                                .unwrap_or_default()
                        })
                        .filter(|name| !faulty_set.contains(name))
                        .map(str::to_string)
                        .collect();
                    (Some(p.clusters), None, candidates)
                }
                Err(e) => (None, Some(e.reason()), Vec::new()),
            };
        let verdict = pre_scheduling_verdict(&binding.spec, candidates);
        prechecks.insert(key, verdict);
        predictions.push(BindingPrediction {
            binding: key.to_string(),
            leaves: gone.iter().map(|(c, _)| c.to_string()).collect(),
            clusters: clusters_after,
            error,
        });
    }

    // Run the queue.
    let listed: Vec<&Pending> = pending.iter().filter(|p| p.listed).collect();
    let items: Vec<QueueItem> = listed
        .iter()
        .map(|p| QueueItem {
            binding: p.key.clone(),
            cluster: p.decision.cluster.clone(),
            kind: p.binding.kind,
            due: p.decision.action.due(scenario.now),
            unreadable: p
                .decision
                .reasons
                .iter()
                .any(|r| r.code == ReasonCode::NoexecuteTolerationsUnreadable),
        })
        .collect();
    let timeline = simulate_queue(
        &items,
        &faults,
        clusters.len(),
        scenario.now,
        &scenario.queue,
        |item, _at| match prechecks.get(item.binding.as_str()) {
            Some(v) => PreCheck::from(v),
            None => PreCheck::Feasible,
        },
    );
    let mut fate: HashMap<(&str, &str), &ItemOutcome> =
        HashMap::with_capacity(timeline.items.len());
    for it in &timeline.items {
        fate.insert((it.binding.as_str(), it.cluster.as_str()), &it.outcome);
    }
    let no_target: HashMap<&str, &Reason> = predictions
        .iter()
        .filter(|_| scenario.queue.model == QueueModel::Upstream)
        .filter_map(|p| p.error.as_ref().map(|e| (p.binding.as_str(), e)))
        .collect();

    // Assemble the outcomes.
    let mut summary = SimulationSummary {
        bindings_affected,
        ..Default::default()
    };
    summary.bindings_not_affected =
        state.bindings.len() - bindings_affected + state.bindings_dropped;
    let mut outcomes = Vec::with_capacity(pending.len());
    for p in &pending {
        let due = p.decision.action.due(scenario.now);
        let mut reasons = p.decision.reasons.clone();
        let (verdict, at) = match fate.get(&(p.key.as_str(), p.decision.cluster.as_str())) {
            None | Some(ItemOutcome::NotEvicted) => (verdict_of_stay(&p.decision), None),
            Some(ItemOutcome::Evicted { at }) if *at <= scenario.until => {
                (Verdict::Evict, Some(*at))
            }
            Some(ItemOutcome::Evicted { at }) => (Verdict::EvictLater, Some(*at)),
            Some(ItemOutcome::Abandoned { at, reason }) => {
                reasons.push(reason.clone());
                (Verdict::Abandoned, Some(*at))
            }
            Some(ItemOutcome::Dropped { at, reason }) => {
                reasons.push(reason.clone());
                (Verdict::Recovered, Some(*at))
            }
            Some(ItemOutcome::Never { reason }) => {
                reasons.push(reason.clone());
                (Verdict::Halted, None)
            }
        };
        if let (true, Some(why)) = (
            matches!(verdict, Verdict::Evict | Verdict::EvictLater),
            no_target.get(p.key.as_str()),
        ) {
            summary.evictions_without_target += 1;
            reasons.push(Reason::new(
                ReasonCode::EvictionWithoutTarget,
                format!(
                    "upstream evicts although no other cluster can take the replicas ({}): the scheduler places nothing and the graceful eviction controller removes the old copy all the same (karmada#7455)",
                    why.message
                ),
            ));
        }
        if matches!(verdict, Verdict::Evict | Verdict::EvictLater) {
            *summary
                .replicas_leaving
                .entry(p.decision.cluster.clone())
                .or_default() += i64::from(p.replicas);
        }
        *summary.verdicts.entry(verdict).or_default() += 1;
        let rule = decisive(&reasons);
        outcomes.push(PairOutcome {
            binding: p.key.clone(),
            cluster: p.decision.cluster.clone(),
            verdict,
            due,
            at,
            purge_mode: p.decision.purge_mode.filter(|_| due.is_some()),
            replicas: p.replicas,
            rule,
            reasons,
            decision: p.decision.clone(),
        });
    }

    // Arrivals: compare each prediction with the placement it replaces.
    for prediction in &predictions {
        let binding = binding_of[prediction.binding.as_str()];
        match &prediction.clusters {
            Some(after) => {
                for t in after {
                    let before = binding
                        .spec
                        .clusters
                        .iter()
                        .find(|b| b.name == t.name)
                        .map_or(0, |b| b.replicas);
                    if t.replicas > before {
                        *summary.replicas_arriving.entry(t.name.clone()).or_default() +=
                            i64::from(t.replicas - before);
                    }
                }
            }
            None => {
                let everything_leaves = binding
                    .spec
                    .clusters
                    .iter()
                    .all(|t| prediction.leaves.contains(&t.name));
                if everything_leaves && scenario.queue.model == QueueModel::Upstream {
                    summary.workloads_lost += 1;
                }
                summary.capacity_shortfalls.push(prediction.clone());
            }
        }
    }

    Simulation {
        now: scenario.now,
        until: scenario.until,
        assumed: scenario.settings.clone(),
        queue_settings: scenario.queue.clone(),
        faulty_clusters: faulty,
        proposal_effects,
        total_clusters: clusters.len(),
        outcomes,
        predictions,
        rates: timeline.rates,
        summary,
    }
}
