//! Fleet-wide failover simulation: given the fleet, a scenario (clusters that get a taint
//! now, a point in time to look at) and the controller settings, decide for every
//! binding on every faulty cluster whether and when it leaves, run the eviction queue,
//! and predict where the replicas go. Pure: the clock is `Scenario::now`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use rayon::prelude::*;

use jiff::Timestamp;
use serde::Serialize;

use crate::api::{BindingSpec, Cluster, TaintEffect, Time};
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::karmada::eviction_queue::{ClusterFault, ItemOutcome, QueueItem, RatePeriod};
use crate::engine::karmada::graceful_eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::karmada::scheduler::{FleetIndex, PlacementError, Prediction};
use crate::engine::karmada::toleration::BindingRef;
use crate::engine::predict::cluster_decision::{decide_cluster, Action, ClusterDecision};
use crate::engine::predict::queue::simulate_queue;
use crate::engine::predict::state::{carried, extract as extract_state, CarriedState, Extraction};
use crate::engine::proposal::prescheduling::{pre_scheduling_verdict, required_candidates};
use crate::engine::proposal::queue::PreCheck;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{
    ControllerSettings, PurgeMode, QueueModel, QueueSettings,
};
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
    /// When other clusters recover (an outage's member answering again), by name.
    pub recoveries: Vec<(String, Timestamp)>,
    /// Clusters as an outage leaves them (its conditions and taints), in place of the
    /// fleet's clusters of the same name.
    pub replaced: Vec<Cluster>,
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
    /// Never evicted while the workload's state cannot be extracted (its status on the
    /// cluster is not collected, or a statePreservation rule fails): the taint manager
    /// fails on the binding and retries.
    Held,
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
            Verdict::Held => "not evicted: state held",
        }
    }
}

/// One binding on one faulty cluster.
#[derive(Clone, Debug)]
pub struct PairOutcome {
    /// `rb/namespace/name` or `crb/name`.
    pub binding: String,
    /// The faulty cluster.
    pub cluster: String,
    /// What happens.
    pub verdict: Verdict,
    /// When the eviction is due per the taints and tolerations.
    pub due: Option<Timestamp>,
    /// When the queue processes it (evicted or abandoned).
    pub at: Option<Timestamp>,
    /// Evicted: the earliest and latest `at` over every order upstream's listing can
    /// take (absent when every order gives `at`).
    pub at_between: Option<Interval>,
    /// Purge mode of the eviction.
    pub purge_mode: Option<PurgeMode>,
    /// Replicas leaving the cluster.
    pub replicas: i32,
    /// The failover decision at the reference time (what `policy explain` shows); its
    /// reasons open the chain.
    pub decision: ClusterDecision,
    /// What the queue adds to the chain after the decision's reasons.
    pub queue_reasons: Vec<Reason>,
    /// The state the eviction carries (`statePreservation` with the gate on).
    pub state: Option<CarriedState>,
}

impl PairOutcome {
    /// The whole reason chain: the decision's, then the queue's. Held once; a fleet's
    /// outcomes are many.
    pub fn reasons(&self) -> impl Iterator<Item = &Reason> + Clone {
        self.decision.reasons.iter().chain(&self.queue_reasons)
    }

    /// The rule that decided: the last reason that is not about purge mode, timeouts
    /// or where tolerations were read from.
    pub fn rule(&self) -> Cow<'_, Reason> {
        let backwards = || {
            self.queue_reasons
                .iter()
                .rev()
                .chain(self.decision.reasons.iter().rev())
        };
        match backwards()
            .find(|r| !r.code.is_context())
            .or(backwards().next())
        {
            Some(r) => Cow::Borrowed(r),
            None => Cow::Owned(Reason::new(ReasonCode::NoDecision, "no rule applied")),
        }
    }
}

impl Serialize for PairOutcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The JSON shape: the chain and its decisive rule spelled out.
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct View<'a, R: Iterator<Item = &'a Reason> + Clone> {
            binding: &'a str,
            cluster: &'a str,
            verdict: Verdict,
            #[serde(skip_serializing_if = "Option::is_none")]
            due: Option<Timestamp>,
            #[serde(skip_serializing_if = "Option::is_none")]
            at: Option<Timestamp>,
            #[serde(skip_serializing_if = "Option::is_none")]
            at_between: Option<Interval>,
            #[serde(skip_serializing_if = "Option::is_none")]
            purge_mode: Option<PurgeMode>,
            replicas: i32,
            rule: Cow<'a, Reason>,
            #[serde(serialize_with = "chain")]
            reasons: R,
            #[serde(skip_serializing_if = "Option::is_none")]
            state: Option<&'a CarriedState>,
        }
        fn chain<'a, S: serde::Serializer>(
            reasons: &(impl Iterator<Item = &'a Reason> + Clone),
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(reasons.clone())
        }
        View {
            binding: &self.binding,
            cluster: &self.cluster,
            verdict: self.verdict,
            due: self.due,
            at: self.at,
            at_between: self.at_between,
            purge_mode: self.purge_mode,
            replicas: self.replicas,
            rule: self.rule(),
            reasons: self.reasons(),
            state: self.state.as_ref(),
        }
        .serialize(serializer)
    }
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
    pub clusters: Option<PredictedClusters>,
    /// Why no placement could be predicted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Reason>,
}

/// A predicted `spec.clusters`, held compactly: a Duplicated binding goes to every
/// feasible cluster, so a large fleet's predictions name clusters millions of times.
/// Each entry is a position in the simulated fleet, whose names are held once; it
/// serializes as upstream's `TargetCluster` list.
#[derive(Clone, Debug)]
pub struct PredictedClusters {
    names: Arc<[String]>,
    targets: Vec<(u32, i32)>,
}

impl PredictedClusters {
    /// Each cluster's name and replicas, in the scheduler's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i32)> {
        self.targets
            .iter()
            .map(|&(i, replicas)| (self.names[i as usize].as_str(), replicas))
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }
}

impl Serialize for PredictedClusters {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Target<'a> {
            name: &'a str,
            #[serde(skip_serializing_if = "is_zero")]
            replicas: i32,
        }
        fn is_zero(n: &i32) -> bool {
            *n == 0
        }
        serializer.collect_seq(
            self.iter()
                .map(|(name, replicas)| Target { name, replicas }),
        )
    }
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
        recoveries: Vec::new(),
        replaced: Vec::new(),
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
            let name = c.metadata.name.as_deref();
            let mut c = scenario
                .replaced
                .iter()
                .find(|r| r.metadata.name.as_deref() == name)
                .unwrap_or(c)
                .clone();
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

/// The binding's spec after the taint manager evicts each of `gone` (cluster and purge
/// mode), and the scheduler's prediction for it: the one evict-and-predict path of
/// `dry-run`, `policy explain` and every preview.
pub fn evict_and_predict(
    index: &FleetIndex,
    binding: &Binding,
    gone: &[(&str, PurgeMode)],
) -> Result<Prediction, PlacementError> {
    index.predict(
        &evicted_spec(&binding.spec, gone),
        binding.observed_affinity(),
    )
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
            if let Some((_, at)) = scenario.recoveries.iter().find(|(c, _)| *c == f.cluster) {
                f.recovered_at = Some(*at);
            }
            f
        })
        .collect();
    // No eviction is due before its cluster carries the evicting taint (a taint an
    // outage adds later than `now`).
    let since: HashMap<&str, Timestamp> = faults
        .iter()
        .map(|f| (f.cluster.as_str(), f.since))
        .collect();
    let due_of = |d: &ClusterDecision| {
        d.action
            .due(scenario.now)
            .map(|due| since.get(d.cluster.as_str()).map_or(due, |s| due.max(*s)))
    };
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
        /// What the eviction does about the workload's state.
        extraction: Extraction,
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
            let extraction = match decision.action {
                Action::Stay => Extraction::NoRules,
                _ => extract_state(binding, &target.name, &scenario.settings),
            };
            pending.push(Pending {
                binding,
                key: binding.display_name(),
                decision,
                replicas: target.replicas,
                listed,
                extraction,
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
        let held = matches!(p.extraction, Extraction::Held(_));
        if !matches!(p.decision.action, Action::Stay) && !held {
            leaving.entry(p.key.as_str()).or_default().push((
                p.decision.cluster.as_str(),
                p.decision.purge_mode.unwrap_or(PurgeMode::Gracefully),
            ));
            binding_of.insert(p.key.as_str(), p.binding);
        }
    }
    let is_faulty: Vec<bool> = clusters
        .iter()
        .map(|c| faulty_set.contains(c.metadata.name.as_deref().unwrap_or_default()))
        .collect();
    let names: Arc<[String]> = clusters
        .iter()
        .map(|c| c.metadata.name.clone().unwrap_or_default())
        .collect();
    let predict_one = |key: &str, gone: &[(&str, PurgeMode)]| {
        let binding = binding_of[key];
        let prediction = evict_and_predict(&index, binding, gone);
        // The pre-scheduling check: healthy clusters that pass the filters. Their names
        // are only spelled out when there are too few (the reason of an abandon).
        let candidates = match &prediction {
            Ok(p) => p.feasible.as_slice(),
            Err(_) => &[],
        };
        let healthy = || candidates.iter().filter(|&&i| !is_faulty[i as usize]);
        let precheck = if healthy().count() >= required_candidates(&binding.spec) {
            PreCheck::Feasible
        } else {
            let names = healthy().map(|&i| names[i as usize].clone()).collect();
            PreCheck::from(&pre_scheduling_verdict(&binding.spec, names))
        };
        let (clusters_after, error) = match prediction {
            Ok(p) => {
                let targets = p
                    .clusters
                    .iter()
                    .filter_map(|t| Some((index.position(&t.name)? as u32, t.replicas)))
                    .collect();
                let names = Arc::clone(&names);
                (Some(PredictedClusters { names, targets }), None)
            }
            Err(e) => (None, Some(e.reason())),
        };
        let prediction = BindingPrediction {
            binding: key.to_string(),
            leaves: gone.iter().map(|(c, _)| c.to_string()).collect(),
            clusters: clusters_after,
            error,
        };
        (precheck, prediction)
    };
    // Each binding's prediction is independent of the others': on every core.
    let leaving_list: Vec<(&str, &Vec<(&str, PurgeMode)>)> =
        leaving.iter().map(|(k, g)| (*k, g)).collect();
    let predicted: Vec<(PreCheck, BindingPrediction)> = leaving_list
        .par_iter()
        .with_min_len(64)
        .map(|(key, gone)| predict_one(key, gone))
        .collect();
    let mut prechecks: HashMap<&str, PreCheck> = HashMap::with_capacity(leaving.len());
    let mut predictions = Vec::with_capacity(leaving.len());
    for ((key, _), (precheck, prediction)) in leaving_list.iter().zip(predicted) {
        prechecks.insert(key, precheck);
        predictions.push(prediction);
    }

    // Run the queue.
    let listed: Vec<&Pending> = pending.iter().filter(|p| p.listed).collect();
    let items: Vec<QueueItem> = listed
        .iter()
        .map(|p| QueueItem {
            binding: p.key.clone(),
            cluster: p.decision.cluster.clone(),
            kind: p.binding.kind,
            due: due_of(&p.decision),
            unreadable: matches!(p.extraction, Extraction::Held(_))
                || p.decision
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
        scenario.settings.karmada_version,
        |item, _at| {
            prechecks
                .get(item.binding.as_str())
                .cloned()
                .unwrap_or(PreCheck::Feasible)
        },
    );
    let mut fate: HashMap<(&str, &str), (&ItemOutcome, Option<Interval>)> =
        HashMap::with_capacity(timeline.items.len());
    for it in &timeline.items {
        fate.insert(
            (it.binding.as_str(), it.cluster.as_str()),
            (&it.outcome, it.between),
        );
    }
    let no_target: HashMap<&str, &Reason> = predictions
        .iter()
        .filter(|_| scenario.queue.model == QueueModel::Upstream)
        .filter_map(|p| p.error.as_ref().map(|e| (p.binding.as_str(), e)))
        .collect();

    // The summary: arrivals first (the outcomes take the decisions over).
    let mut summary = SimulationSummary {
        bindings_affected,
        ..Default::default()
    };
    summary.bindings_not_affected =
        state.bindings.len() - bindings_affected + state.bindings_dropped;
    // Arrivals: compare each prediction with the placement it replaces, by position
    // (a Duplicated prediction names every feasible cluster).
    let mut arriving: Vec<i64> = vec![0; clusters.len()];
    let mut before: Vec<(u32, i32)> = Vec::new();
    for prediction in &predictions {
        let binding = binding_of[prediction.binding.as_str()];
        match &prediction.clusters {
            Some(after) => {
                before.clear();
                before.extend(
                    binding
                        .spec
                        .clusters
                        .iter()
                        .filter_map(|t| Some((index.position(&t.name)? as u32, t.replicas))),
                );
                for &(at, replicas) in &after.targets {
                    let was = before.iter().find(|(b, _)| *b == at).map_or(0, |(_, r)| *r);
                    if replicas > was {
                        arriving[at as usize] += i64::from(replicas - was);
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
    summary.replicas_arriving = arriving
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| (names[i].clone(), *n))
        .collect();

    let predictions_by_key: HashMap<&str, &BindingPrediction> = predictions
        .iter()
        .map(|p| (p.binding.as_str(), p))
        .collect();
    let mut outcomes = Vec::with_capacity(pending.len());
    for p in pending {
        let due = due_of(&p.decision);
        let mut reasons = Vec::new();
        let (outcome, at_between) = fate
            .get(&(p.key.as_str(), p.decision.cluster.as_str()))
            .map_or((None, None), |(o, b)| (Some(*o), *b));
        let (verdict, at) = match outcome {
            _ if matches!(p.extraction, Extraction::Held(_)) => (Verdict::Held, None),
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
        let after: Option<Vec<String>> = predictions_by_key
            .get(p.key.as_str())
            .and_then(|pr| pr.clusters.as_ref())
            .map(|c| c.iter().map(|(n, _)| n.to_string()).collect());
        let state = carried(
            &p.extraction,
            p.binding,
            p.decision.purge_mode,
            matches!(verdict, Verdict::Evict | Verdict::EvictLater),
            after.as_deref(),
            scenario.settings.karmada_version,
            &mut reasons,
        );
        outcomes.push(PairOutcome {
            cluster: p.decision.cluster.clone(),
            verdict,
            due,
            at,
            at_between,
            purge_mode: p.decision.purge_mode.filter(|_| due.is_some()),
            replicas: p.replicas,
            binding: p.key,
            decision: p.decision,
            queue_reasons: reasons,
            state,
        });
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
