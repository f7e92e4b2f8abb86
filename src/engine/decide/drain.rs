//! `drain`'s plan: for each binding placed on a cluster being drained, an ordered chain
//! of named checks (kubectl drain's filter chain, at cluster scale) decides whether the
//! tool evicts it, and the write is the taint manager's own eviction
//! ([`graceful_evict_cluster`], family `graceful_evict_cluster`) with the tool as
//! producer, plus a record of the placement before, so `evictions abort` can put it back.
//!
//! `drain` is an operator action, not the controller: it applies the pre-scheduling
//! check whatever the queue model, and depends on no controller gate.

use std::collections::HashSet;

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::{effect_of, TaintEffect};
use crate::api::{BindingSpec, Cluster, TargetCluster};
use crate::engine::karmada::graceful_eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::karmada::scheduler::{FleetIndex, PlacementError, Prediction};
use crate::engine::predict::eviction::without_placement;
use crate::engine::predict::state::{extract, Extraction};
use crate::engine::proposal::prescheduling::{
    pre_scheduling_verdict, required_candidates, scheduling_type, SchedulingType,
};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::fleet::Binding;

use super::records::{PRODUCER, REASON_CLUSTER_DRAINED};

/// The eviction options of `drain` (producer `karmadactl`, reason `ClusterDrained`),
/// recording the scheduling result before the eviction.
pub fn drain_evict_options(
    purge_mode: PurgeMode,
    clusters_before: &[TargetCluster],
) -> EvictOptions {
    EvictOptions {
        purge_mode: Some(purge_mode.as_str().to_string()),
        producer: PRODUCER.into(),
        reason: REASON_CLUSTER_DRAINED.into(),
        clusters_before_failover: clusters_before.iter().map(|c| c.name.clone()).collect(),
        ..Default::default()
    }
}

/// What the operator asked of the drain.
#[derive(Clone, Debug, Default)]
pub struct DrainOptions {
    /// The clusters being drained.
    pub clusters: Vec<String>,
    /// `--purge-mode`: overrides `spec.failover.cluster.purgeMode`.
    pub purge_mode: Option<PurgeMode>,
    /// `--grace-period`: the task's `gracePeriodSeconds`.
    pub grace_period_seconds: Option<i32>,
    /// `--min-available-clusters`.
    pub min_available_clusters: Option<usize>,
    /// `--force`: evict even with nowhere to go, or without the workload's state.
    pub force: bool,
    /// The `StatefulFailoverInjection` gate assumed: the drain carries the state of
    /// `statePreservation` rules as the taint manager would.
    pub stateful_failover_injection: bool,
    /// The task's `message`, naming the drain.
    pub message: String,
}

/// How one binding on one drained cluster ends.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum DrainDecision {
    /// Evicted: the replicas move, the old copy goes once the new one is healthy.
    Evict,
    /// A task from this cluster exists already: nothing to do.
    AlreadyEvicted,
    /// No other feasible cluster: not evicted (upstream would delete the workload).
    BlockedNoTarget,
    /// Its state cannot be extracted (status not collected, a rule fails): not evicted,
    /// as the taint manager would not evict it either.
    BlockedState,
    /// Evicting would leave it on fewer clusters than `--min-available-clusters`.
    BlockedBudget,
    /// Evicted, but the old copy stays until a person acts (purge mode `Never`).
    LeftBehind,
    /// Evicted, and the old copy goes before the new one runs (purge mode `Directly`).
    Downtime,
}

impl DrainDecision {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Whether the drain writes an eviction.
    pub fn writes(self) -> bool {
        matches!(
            self,
            DrainDecision::Evict | DrainDecision::LeftBehind | DrainDecision::Downtime
        )
    }

    /// Whether it makes the drain incomplete (exit 3).
    pub fn incomplete(self) -> bool {
        matches!(
            self,
            DrainDecision::BlockedNoTarget
                | DrainDecision::BlockedState
                | DrainDecision::BlockedBudget
                | DrainDecision::LeftBehind
        )
    }
}

/// One binding on one drained cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DrainStep {
    /// The drained cluster.
    pub cluster: String,
    /// How it ends.
    pub decision: DrainDecision,
    /// The check that decided, and why.
    pub reason: Reason,
    /// Warnings of checks passed with `--force`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Reason>,
    /// Replicas leaving the cluster.
    pub replicas: i32,
    /// Purge mode of the eviction (when it writes one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<PurgeMode>,
}

/// The plan for one binding.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingDrain {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// One step per drained cluster the binding is on (or has a task from).
    pub steps: Vec<DrainStep>,
    /// `spec.clusters` the scheduler is predicted to choose after the evictions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Vec<TargetCluster>>,
    /// Why no placement can be predicted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction_error: Option<Reason>,
}

impl BindingDrain {
    /// The clusters this plan evicts.
    pub fn evicted(&self) -> impl Iterator<Item = &DrainStep> {
        self.steps.iter().filter(|s| s.decision.writes())
    }
}

/// What a check sees.
pub struct CheckInput<'a> {
    spec: &'a BindingSpec,
    cluster: &'a str,
    purge_mode: PurgeMode,
    prediction: &'a Result<Prediction, PlacementError>,
    candidates: &'a Healthy<'a>,
    remaining: usize,
    options: &'a DrainOptions,
    /// What the eviction does about the workload's state.
    state: &'a Extraction,
}

/// The healthy clusters that pass a drained binding's filters: the prediction's
/// feasible ones but the unavailable, in the prediction's order. Named only where a
/// check spells them out (a selector's feasible clusters are hundreds on a large fleet).
struct Healthy<'a> {
    index: &'a FleetIndex<'a>,
    feasible: &'a [u32],
    unavailable: &'a HashSet<&'a str>,
}

impl Healthy<'_> {
    fn names(&self) -> impl Iterator<Item = &str> {
        self.feasible
            .iter()
            .map(|&i| self.index.name(i as usize))
            .filter(|n| !self.unavailable.contains(n))
    }
}

/// A check's answer: the decision it makes, if any, and warnings it leaves.
type Answer = Option<(DrainDecision, Reason)>;

/// A named drain check.
pub type Check = fn(&CheckInput, &mut Vec<Reason>) -> Answer;

/// The checks, in order; the first that decides wins, and a step no check decides is
/// evicted.
pub const CHECKS: [(&str, Check); 6] = [
    ("already-evicted", already_evicted),
    ("state", state_held),
    ("no-target", no_target),
    ("budget", budget),
    ("left-behind", left_behind),
    ("downtime", downtime),
];

fn already_evicted(i: &CheckInput, _: &mut Vec<Reason>) -> Answer {
    let task = i
        .spec
        .graceful_eviction_tasks
        .iter()
        .find(|t| t.from_cluster == i.cluster)?;
    Some((
        DrainDecision::AlreadyEvicted,
        Reason::new(
            ReasonCode::DrainAlreadyEvicted,
            format!(
                "an eviction task from {} exists already (producer {}): nothing to do",
                i.cluster, task.producer
            ),
        ),
    ))
}

fn state_held(i: &CheckInput, warnings: &mut Vec<Reason>) -> Answer {
    let Extraction::Held(why) = i.state else {
        return None;
    };
    if i.options.force {
        warnings.push(Reason::new(
            ReasonCode::DrainForcedStateLost,
            format!(
                "--force: evicted without the workload's state ({}); the copy on the new cluster starts without the preserved labels",
                why.message
            ),
        ));
        return None;
    }
    Some((
        DrainDecision::BlockedState,
        Reason::new(
            ReasonCode::DrainBlockedState,
            format!(
                "its state cannot be extracted ({}); the taint manager would not evict it either; not evicted without --force",
                why.message
            ),
        ),
    ))
}

fn no_target(i: &CheckInput, warnings: &mut Vec<Reason>) -> Answer {
    // The verdict's own test, before its names are spelled out.
    if i.candidates.names().count() >= required_candidates(i.spec) {
        return None;
    }
    let names = i.candidates.names().map(str::to_string).collect();
    let verdict = pre_scheduling_verdict(i.spec, names);
    let why = match i.prediction {
        Err(e) => e.to_string(),
        Ok(_) => verdict.reason.message.clone(),
    };
    if i.options.force {
        warnings.push(Reason::new(
            ReasonCode::DrainForcedNoTarget,
            format!(
                "--force: evicted although no other cluster can take it ({why}); the old copy is removed once the scheduler gives up, so the workload disappears (karmada#7455)"
            ),
        ));
        return None;
    }
    Some((
        DrainDecision::BlockedNoTarget,
        Reason::new(
            ReasonCode::DrainBlockedNoTarget,
            format!(
                "no other feasible cluster ({why}): evicting would delete the workload (karmada#7455); not evicted without --force"
            ),
        ),
    ))
}

fn budget(i: &CheckInput, _: &mut Vec<Reason>) -> Answer {
    let need = i.options.min_available_clusters?;
    let available = match i.prediction {
        Ok(p) if scheduling_type(i.spec) == SchedulingType::Duplicated => p.clusters.len(),
        Ok(p) => p.clusters.iter().filter(|t| t.replicas > 0).count(),
        Err(_) => i.remaining,
    };
    (available < need).then(|| {
        (
            DrainDecision::BlockedBudget,
            Reason::new(
                ReasonCode::DrainBlockedBudget,
                format!(
                    "available {available}/{need}: after the eviction it would run on {available} cluster(s), --min-available-clusters is {need}"
                ),
            ),
        )
    })
}

fn left_behind(i: &CheckInput, _: &mut Vec<Reason>) -> Answer {
    (i.purge_mode == PurgeMode::Never).then(|| {
        (
            DrainDecision::LeftBehind,
            Reason::new(
                ReasonCode::DrainLeftBehind,
                format!(
                    "purge mode Never: the replicas move, the old copy on {} stays until someone removes it",
                    i.cluster
                ),
            ),
        )
    })
}

fn downtime(i: &CheckInput, _: &mut Vec<Reason>) -> Answer {
    matches!(i.purge_mode, PurgeMode::Directly | PurgeMode::Immediately).then(|| {
        (
            DrainDecision::Downtime,
            Reason::new(
                ReasonCode::DrainDowntime,
                format!(
                    "purge mode Directly: the copy on {} goes before the new one runs",
                    i.cluster
                ),
            ),
        )
    })
}

/// The purge mode of the drain's eviction of `spec`: `--purge-mode`, else
/// `spec.failover.cluster.purgeMode`, else `Gracefully`.
pub fn purge_mode_of(spec: &BindingSpec, options: &DrainOptions) -> PurgeMode {
    options
        .purge_mode
        .or_else(|| {
            spec.failover
                .as_ref()
                .and_then(|f| f.cluster.as_ref())
                .and_then(|c| c.purge_mode.as_deref())
                .and_then(|m| m.parse().ok())
        })
        .unwrap_or(PurgeMode::Gracefully)
}

/// Clusters no evicted replica may go to: the drained ones and those carrying a
/// `NoExecute` taint.
pub fn unavailable<'c>(
    clusters: impl IntoIterator<Item = &'c Cluster>,
    options: &'c DrainOptions,
) -> HashSet<&'c str> {
    let mut out: HashSet<&str> = options.clusters.iter().map(String::as_str).collect();
    for c in clusters {
        if c.spec
            .taints
            .iter()
            .any(|t| effect_of(t) == Some(TaintEffect::NoExecute))
        {
            out.insert(c.metadata.name.as_deref().unwrap_or_default());
        }
    }
    out
}

/// The fleet as the scheduler sees it once `drained` are cordoned (a cluster whose taints
/// cannot take the cordon is left as it is).
pub fn cordoned_model(
    clusters: &[Cluster],
    drained: &HashSet<&str>,
    now: Timestamp,
) -> Vec<Cluster> {
    clusters
        .iter()
        .map(|c| match is_drained(drained, c) {
            true => cordoned(c, now),
            false => c.clone(),
        })
        .collect()
}

/// Only the clusters of [`cordoned_model`] that the cordon changes (a
/// [`FleetIndex::with_changed`] of the fleet).
pub fn cordoned_clusters(
    clusters: &[Cluster],
    drained: &HashSet<&str>,
    now: Timestamp,
) -> Vec<Cluster> {
    clusters
        .iter()
        .filter(|c| is_drained(drained, c))
        .map(|c| cordoned(c, now))
        .collect()
}

fn is_drained(drained: &HashSet<&str>, c: &Cluster) -> bool {
    drained.contains(c.metadata.name.as_deref().unwrap_or_default())
}

/// `c` cordoned (as it is, when its taints cannot take the cordon).
fn cordoned(c: &Cluster, now: Timestamp) -> Cluster {
    let mut c = c.clone();
    if let Ok(edit) = super::taint_edit::cordon_edit(c.taints(), now) {
        c.spec.taints = edit.taints;
    }
    c
}

/// The plan for `binding` (`None` when it is neither on a drained cluster nor has a task
/// from one). `index` is the fleet as the scheduler will see it (drained clusters
/// cordoned, unless the drain does not cordon).
pub fn plan_binding(
    binding: &Binding,
    index: &FleetIndex,
    unavailable: &HashSet<&str>,
    options: &DrainOptions,
) -> Option<BindingDrain> {
    let spec = &binding.spec;
    let touched: Vec<&String> = options
        .clusters
        .iter()
        .filter(|c| {
            spec.clusters.iter().any(|t| &t.name == *c)
                || spec
                    .graceful_eviction_tasks
                    .iter()
                    .any(|t| &t.from_cluster == *c)
        })
        .collect();
    if touched.is_empty() {
        return None;
    }
    let purge_mode = purge_mode_of(spec, options);
    // Predict as if every drained cluster it is on were evicted.
    let leaving: Vec<&str> = touched
        .iter()
        .filter(|c| {
            !spec
                .graceful_eviction_tasks
                .iter()
                .any(|t| &&t.from_cluster == *c)
        })
        .map(|c| c.as_str())
        .collect();
    let after = drained_from(without_placement(spec), spec, &leaving, purge_mode, options);
    let prediction = index.predict_placed(
        &after,
        spec.placement.as_deref(),
        binding.observed_affinity(),
    );
    let candidates = Healthy {
        index,
        feasible: prediction.as_ref().map_or(&[], |p| p.feasible.as_slice()),
        unavailable,
    };
    let remaining = spec
        .clusters
        .iter()
        .filter(|t| !leaving.contains(&t.name.as_str()))
        .count();
    let settings = state_settings(options);
    let steps = touched
        .iter()
        .map(|cluster| {
            let state = extract(binding, cluster, &settings);
            let input = CheckInput {
                spec,
                cluster,
                purge_mode,
                prediction: &prediction,
                candidates: &candidates,
                remaining,
                options,
                state: &state,
            };
            let mut warnings = Vec::new();
            let decided = CHECKS
                .iter()
                .find_map(|(_, check)| check(&input, &mut warnings));
            let (decision, reason) = decided.unwrap_or_else(|| {
                (
                    DrainDecision::Evict,
                    Reason::new(
                        ReasonCode::DrainEvict,
                        format!("evicted from {cluster} (purge mode {purge_mode})"),
                    ),
                )
            });
            DrainStep {
                cluster: cluster.to_string(),
                decision,
                reason,
                warnings,
                replicas: spec
                    .clusters
                    .iter()
                    .find(|t| &t.name == *cluster)
                    .map(|t| t.replicas)
                    .or_else(|| {
                        spec.graceful_eviction_tasks
                            .iter()
                            .find(|t| &t.from_cluster == *cluster)
                            .and_then(|t| t.replicas)
                    })
                    .unwrap_or(0),
                purge_mode: decision.writes().then_some(purge_mode),
            }
        })
        .collect();
    let (predicted, prediction_error) = match prediction {
        Ok(p) => (Some(p.clusters), None),
        Err(e) => (None, Some(e.reason())),
    };
    Some(BindingDrain {
        binding: binding.display_name(),
        steps,
        predicted,
        prediction_error,
    })
}

/// `spec` after the drain evicts each of `clusters` as the taint manager would write it,
/// with the tool as producer.
pub fn drained_spec(
    spec: &BindingSpec,
    clusters: &[&str],
    purge_mode: PurgeMode,
    options: &DrainOptions,
) -> BindingSpec {
    drained_from(spec.clone(), spec, clusters, purge_mode, options)
}

/// `after` (a copy of `spec`, with or without its placement) once the drain evicts
/// each of `clusters`.
fn drained_from(
    mut after: BindingSpec,
    spec: &BindingSpec,
    clusters: &[&str],
    purge_mode: PurgeMode,
    options: &DrainOptions,
) -> BindingSpec {
    let mut evict = drain_evict_options(purge_mode, &spec.clusters);
    evict.message = options.message.clone();
    evict.grace_period_seconds = options.grace_period_seconds;
    for c in clusters {
        graceful_evict_cluster(&mut after, c, &evict);
    }
    after
}

/// The settings the drain's state extraction assumes (only the gate matters).
fn state_settings(options: &DrainOptions) -> ControllerSettings {
    ControllerSettings {
        stateful_failover_injection: options.stateful_failover_injection,
        ..Default::default()
    }
}

/// [`drained_spec`] of `binding`, each task carrying the state the taint manager would
/// extract for its cluster (with the gate on and rules that succeed).
pub fn drained_spec_with_state(
    binding: &Binding,
    clusters: &[&str],
    purge_mode: PurgeMode,
    options: &DrainOptions,
) -> BindingSpec {
    let spec = &binding.spec;
    let mut after = spec.clone();
    let settings = state_settings(options);
    for c in clusters {
        let mut evict = drain_evict_options(purge_mode, &spec.clusters);
        evict.message = options.message.clone();
        evict.grace_period_seconds = options.grace_period_seconds;
        if let Extraction::Carried(labels, _) = extract(binding, c, &settings) {
            evict.preserved_label_state = Some(labels);
        }
        graceful_evict_cluster(&mut after, c, &evict);
    }
    after
}

/// Whether the drained clusters plus those already carrying a `NoExecute` taint exceed
/// the share `threshold` of the fleet (the fleet-safety refusal of `drain`).
pub fn fleet_safety(
    clusters: &[Cluster],
    options: &DrainOptions,
    threshold: f64,
) -> Result<(), Reason> {
    let down = unavailable(clusters, options);
    let total = clusters.len().max(1);
    let share = down.len() as f64 / total as f64;
    if share > threshold {
        return Err(Reason::new(
            ReasonCode::DrainFleetUnsafe,
            format!(
                "{} of {total} clusters would be drained or carry a NoExecute taint (share {share:.2} > {threshold}): refusing without --force",
                down.len()
            ),
        ));
    }
    Ok(())
}

mod capacity;
pub use capacity::{drain_capacity, drain_capacity_ends, pending_refusal, tracked_placements};

#[cfg(test)]
mod tests;
