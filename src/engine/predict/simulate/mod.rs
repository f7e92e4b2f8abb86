//! Fleet-wide failover simulation: given the fleet, a scenario (clusters that get a taint
//! now, a point in time to look at) and the controller settings, decide for every
//! binding on every faulty cluster whether and when it leaves, run the eviction queue,
//! and predict where the replicas go. Pure: the clock is `Scenario::now`.
//!
//! In phases, one module each: [`scenario`] (the clusters as the scenario leaves them,
//! and which are faulty since when), [`pairs`] (every binding on a faulty cluster,
//! decided at `now`), [`placement`] (where each binding that loses clusters goes, and the
//! proposal's pre-scheduling check), [`outcome`] (the queue run, each pair's fate and
//! the summary), [`room`] (whether the moved replicas fit where they land).

mod outcome;
mod pairs;
mod placement;
mod room;
mod scenario;

use crate::engine::karmada::estimator::accurate::Estimators;
use crate::engine::karmada::scheduler::FleetIndex;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use jiff::Timestamp;
use serde::Serialize;

use crate::api::Cluster;
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::karmada::eviction_queue::RatePeriod;
use crate::engine::predict::capacity::{self, BurstModel, CapacityReport};
use crate::engine::predict::cluster_decision::ClusterDecision;
use crate::engine::predict::state::CarriedState;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode, QueueSettings};
use crate::fleet::FleetState;

pub use crate::engine::predict::eviction::{evict_and_predict, evicted_spec};
pub use placement::Memo;
pub use scenario::{apply_scenario, faulty_after};

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
    /// Whether the moved replicas fit where they land.
    pub capacity: CapacityReport,
}

/// Run the simulation over `state`.
pub fn simulate(state: &FleetState, scenario: &Scenario) -> Simulation {
    simulate_with(state, scenario, Depth::Full, None)
}

/// How much of a simulation's capacity answer is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Depth {
    /// All of it.
    #[default]
    Full,
    /// The burst as the model says, without its refreshed end or the descheduler's
    /// second move.
    FirstEnd,
    /// None: an empty report (the outcomes and predictions only).
    NoCapacity,
}

/// [`simulate`], with as much of the capacity answer as `depth` says, and the leaving
/// bindings' predictions shared with other simulations through `memo` (see
/// [`placement::Memo`] for when that holds); everything else is the same.
pub fn simulate_with(
    state: &FleetState,
    scenario: &Scenario,
    depth: Depth,
    memo: Option<&placement::Memo>,
) -> Simulation {
    // The fleet indexed once (the memo's, shared by every simulation of the fleet), and
    // only the clusters the scenario changes in place of theirs.
    let changed = scenario::changed_clusters(&state.clusters, scenario);
    let own;
    let fleet = match memo.and_then(placement::Memo::fleet) {
        Some(fleet) => fleet,
        None => {
            own = FleetIndex::new(&state.clusters)
                .estimating(&Estimators::new(state, &scenario.settings));
            &own
        }
    };
    let index = fleet.with_changed(&changed);
    let total_clusters = index.len();
    let faults = scenario::Faults::of(index.iter(), scenario);
    let read = memo.map(placement::Memo::read);
    let (pending, bindings_affected) = pairs::decide(state, &index, &faults, scenario, read);
    let mut placed = placement::predict_leaving(index, &faults, &pending, memo);
    let timeline = outcome::run_queue(&pending, &placed, &faults, total_clusters, scenario);
    if capacity::burst_model(&scenario.settings) == BurstModel::Tracked {
        // The burst's order comes from when each eviction lands: a first pass for the
        // times, then the scheduler's tracked placements replace the stale ones.
        let mut scratch = SimulationSummary::default();
        let first = outcome::outcomes(
            pending.clone(),
            &placed,
            &timeline,
            &faults,
            scenario,
            &mut scratch,
        );
        room::track(&mut placed, &first, &scenario.settings);
    }
    let mut summary = SimulationSummary {
        bindings_affected,
        bindings_not_affected: state.bindings.len() - bindings_affected + state.bindings_dropped,
        ..Default::default()
    };
    outcome::arrivals(&placed, scenario, &mut summary);
    let outcomes = outcome::outcomes(pending, &placed, &timeline, &faults, scenario, &mut summary);
    let capacity = match depth {
        Depth::Full => room::room(&placed, &outcomes, &scenario.settings, capacity::Ends::All),
        Depth::FirstEnd => room::room(
            &placed,
            &outcomes,
            &scenario.settings,
            capacity::Ends::First,
        ),
        Depth::NoCapacity => CapacityReport {
            model: capacity::burst_model(&scenario.settings),
            ..Default::default()
        },
    };
    Simulation {
        now: scenario.now,
        until: scenario.until,
        assumed: scenario.settings.clone(),
        queue_settings: scenario.queue.clone(),
        faulty_clusters: faults.faulty,
        proposal_effects: faults.proposal_effects,
        total_clusters,
        outcomes,
        predictions: placed.predictions,
        rates: timeline.rates,
        summary,
        capacity,
    }
}
