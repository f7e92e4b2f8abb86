//! `maintenance plan`: the clusters to take out for maintenance (an upgrade, one or a few
//! at a time), in waves of at most `--max-unavailable`, each wave a drain of its
//! clusters together: what moves where (the drain plan, [`super::drain`]), whether it
//! fits where it lands (the drain's capacity check), and what blocks it. A wave is safe
//! when nothing is left with nowhere to go, nothing stays Pending and no check blocks a
//! binding; the clusters that cannot be taken out even on their own are named. The waves
//! come back one by one (`uncordon`, `failback`), so each is planned on the fleet as it
//! is now, with only its own clusters out.
//!
//! The tool's own decision (upstream has no staged drain); each wave is exactly what
//! `drain` would plan for those clusters.

use crate::engine::karmada::estimator::accurate::Estimators;
use std::collections::{BTreeMap, HashMap, HashSet};

use jiff::Timestamp;
use rayon::prelude::*;
use serde::Serialize;

use super::drain::{
    cordoned_clusters, drain_capacity_ends, plan_binding, tracked_placements, unavailable,
    BindingDrain, DrainDecision, DrainOptions,
};
use crate::api::TargetCluster;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::capacity::{CapacityReport, Ends};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::{Binding, FleetState};

/// Bindings a refusal names in its message.
const NAMED: usize = 5;

/// The order clusters are taken out in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// By name.
    Name,
    /// The fewest replicas first (the smallest blast radius).
    BlastRadius,
    /// By the value of this label, then by name (clusters without it last).
    Label(String),
}

/// What the operator asked of the plan.
#[derive(Clone, Debug)]
pub struct MaintenanceOptions {
    /// The clusters to maintain.
    pub clusters: Vec<String>,
    /// At most this many out at once.
    pub max_unavailable: usize,
    pub order: Order,
    /// The drain's options (`clusters` is set per wave).
    pub drain: DrainOptions,
    /// How much of each wave's capacity report is worked out: [`Ends::All`] for a
    /// report that shows it whole (JSON, YAML); [`Ends::First`] where only its pending
    /// replicas and whose they are are read (the text, the picture, `maintenance run`):
    /// the refreshed end is a second burst, as costly as the first.
    pub capacity: Ends,
}

/// A binding moving in a wave.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Move {
    pub binding: String,
    /// The wave's clusters it leaves.
    pub from: Vec<String>,
    /// Where the scheduler is predicted to place it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<TargetCluster>>,
}

/// A binding a wave cannot move.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Blocked {
    pub binding: String,
    pub cluster: String,
    pub decision: DrainDecision,
    pub reason: Reason,
}

/// One wave.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Wave {
    /// 1, 2, ...
    pub number: usize,
    pub clusters: Vec<String>,
    /// Replicas placed on its clusters now (their blast radius).
    pub replicas_placed: i64,
    pub moves: Vec<Move>,
    pub replicas_moving: i64,
    /// Bindings it cannot move (the drain's blocking checks, and `Never`'s held copies).
    pub blocked: Vec<Blocked>,
    /// Where the moved replicas land and whether they fit.
    pub capacity: CapacityReport,
    /// Why the wave is not safe (empty: it is).
    pub refusals: Vec<Reason>,
    /// The bindings it moves, once [`Wave::lighten`] dropped `moves`.
    #[serde(skip)]
    pub moved: usize,
}

impl Wave {
    pub fn safe(&self) -> bool {
        self.refusals.is_empty()
    }

    /// How many bindings the wave moves.
    pub fn moving(&self) -> usize {
        self.moves.len().max(self.moved)
    }

    /// Drop what a plan of many waves no longer needs once this wave has been
    /// reported: the moves (their count stays) and what it cannot move, and each
    /// cluster's arrivals (the counts and the refusals stay).
    pub fn lighten(&mut self) {
        self.moved = self.moving();
        self.moves = Vec::new();
        self.blocked = Vec::new();
        self.capacity.clusters = Vec::new();
        self.capacity.unplaced = Vec::new();
        self.capacity.refreshed = None;
    }
}

/// The plan.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MaintenancePlan {
    /// One sentence: whether every wave is safe, or which not.
    pub verdict: String,
    pub max_unavailable: usize,
    /// Each cluster's blast radius: the replicas placed on it.
    pub blast_radius: BTreeMap<String, i64>,
    pub waves: Vec<Wave>,
    /// Clusters that cannot be taken out even on their own, and why.
    pub cannot_leave: BTreeMap<String, Vec<Reason>>,
}

impl MaintenancePlan {
    pub fn safe(&self) -> bool {
        self.waves.iter().all(Wave::safe)
    }
}

/// Replicas placed on each cluster.
fn blast_radius(state: &FleetState) -> BTreeMap<String, i64> {
    let mut out: BTreeMap<String, i64> = state
        .clusters
        .iter()
        .filter_map(|c| Some((c.metadata.name.clone()?, 0)))
        .collect();
    for b in &state.bindings {
        for t in &b.spec.clusters {
            if let Some(n) = out.get_mut(&t.name) {
                *n += i64::from(t.replicas);
            }
        }
    }
    out
}

/// `clusters` in `order`.
fn ordered(
    state: &FleetState,
    clusters: &[String],
    order: &Order,
    radius: &BTreeMap<String, i64>,
) -> Vec<String> {
    let mut out = clusters.to_vec();
    match order {
        Order::Name => out.sort(),
        Order::BlastRadius => out.sort_by_key(|c| (radius.get(c).copied().unwrap_or(0), c.clone())),
        Order::Label(key) => {
            let value = |c: &String| {
                state
                    .cluster(c)
                    .and_then(|x| x.metadata.labels.as_ref()?.get(key).cloned())
            };
            out.sort_by_key(|c| (value(c).is_none(), value(c), c.clone()));
        }
    }
    out
}

/// Each cluster's bindings (placed there, or with a task from it), by position.
fn bindings_on(state: &FleetState) -> HashMap<&str, Vec<usize>> {
    let mut on: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, b) in state.bindings.iter().enumerate() {
        let placed = b.spec.clusters.iter().map(|t| t.name.as_str());
        let tasks = b
            .spec
            .graceful_eviction_tasks
            .iter()
            .map(|t| t.from_cluster.as_str());
        for c in placed.chain(tasks) {
            on.entry(c).or_default().push(i);
        }
    }
    on
}

/// Why a wave's moved replicas do not all fit: the fullest clusters first, the first
/// few by name (the capacity report has them all).
fn pending(capacity: &CapacityReport) -> Option<Reason> {
    if capacity.pending_replicas == 0 {
        return None;
    }
    let mut full: Vec<(i64, &str, usize)> = capacity
        .clusters
        .iter()
        .filter(|c| c.pending_replicas > 0)
        .map(|c| (c.pending_replicas, c.cluster.as_str(), c.at_risk.len()))
        .collect();
    full.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let mut named: Vec<String> = full
        .iter()
        .take(NAMED)
        .map(|(n, c, whose)| format!("{n} on {c} ({whose} binding(s))"))
        .collect();
    if full.len() > NAMED {
        named.push(format!("and {} more cluster(s)", full.len() - NAMED));
    }
    Some(Reason::new(
        ReasonCode::MaintenanceLeavesPending,
        format!(
            "{} replica(s) would not fit where they land and stay Pending: {}",
            capacity.pending_replicas,
            named.join("; ")
        ),
    ))
}

/// What every wave of a plan reads: the fleet, indexed once (each wave changes only
/// its own clusters), and each cluster's bindings.
struct Waves<'s> {
    state: &'s FleetState,
    fleet: FleetIndex<'s>,
    on: HashMap<&'s str, Vec<usize>>,
    options: &'s MaintenanceOptions,
    settings: &'s ControllerSettings,
    now: Timestamp,
}

impl Waves<'_> {
    /// The drain of `clusters` together, on the fleet as it is now, as wave `number`,
    /// with as much of its capacity report as `ends` says.
    fn wave(&self, number: usize, clusters: &[String], ends: Ends) -> Wave {
        let Waves {
            state,
            fleet,
            on,
            options,
            settings,
            now,
        } = self;
        let (settings, now) = (*settings, *now);
        let drain = DrainOptions {
            clusters: clusters.to_vec(),
            ..options.drain.clone()
        };
        let names: HashSet<&str> = clusters.iter().map(String::as_str).collect();
        let cordoned = cordoned_clusters(&state.clusters, &names, now);
        let index = fleet.with_changed(&cordoned);
        let down = unavailable(index.iter(), &drain);
        // Only the bindings on (or with a task from) the wave's clusters, in fleet order.
        let mut touched: Vec<usize> = clusters
            .iter()
            .flat_map(|c| on.get(c.as_str()).into_iter().flatten().copied())
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let mut plans: Vec<(&Binding, BindingDrain)> = touched
            .into_iter()
            .map(|i| &state.bindings[i])
            .filter_map(|b| Some((b, plan_binding(b, &index, &down, &drain)?)))
            .collect();
        let pairs: Vec<(&Binding, &BindingDrain)> = plans.iter().map(|(b, p)| (*b, p)).collect();
        let tracked = tracked_placements(&index, &pairs, settings);
        for (i, targets) in tracked {
            plans[i].1.predicted = Some(targets);
        }
        let pairs: Vec<(&Binding, &BindingDrain)> = plans.iter().map(|(b, p)| (*b, p)).collect();
        let capacity = drain_capacity_ends(&index, &pairs, settings, ends);
        let mut refusals: Vec<Reason> = pending(&capacity).into_iter().collect();
        let mut moves = Vec::new();
        let mut blocked = Vec::new();
        let mut replicas_moving = 0;
        // Each plan handed on into the wave's moves (their landing places are not copied).
        for (_, p) in plans {
            let from: Vec<String> = p.evicted().map(|s| s.cluster.clone()).collect();
            replicas_moving += p.evicted().map(|s| i64::from(s.replicas)).sum::<i64>();
            for s in p.steps.iter().filter(|s| s.decision.incomplete()) {
                blocked.push(Blocked {
                    binding: p.binding.clone(),
                    cluster: s.cluster.clone(),
                    decision: s.decision,
                    reason: s.reason.clone(),
                });
            }
            if !from.is_empty() {
                moves.push(Move {
                    binding: p.binding,
                    from,
                    to: p.predicted,
                });
            }
        }
        if !blocked.is_empty() {
            // The first few by name (every one is in `blocked`).
            let mut named: Vec<String> = blocked
                .iter()
                .take(NAMED)
                .map(|b| format!("{} on {} ({})", b.binding, b.cluster, b.decision.as_str()))
                .collect();
            if blocked.len() > NAMED {
                named.push(format!("and {} more", blocked.len() - NAMED));
            }
            refusals.push(Reason::new(
                ReasonCode::MaintenanceBlocked,
                format!(
                    "the drain of {} cannot move {}: {}",
                    clusters.join(", "),
                    if blocked.len() == 1 {
                        "one binding".to_string()
                    } else {
                        format!("{} bindings", blocked.len())
                    },
                    named.join("; ")
                ),
            ));
        }
        Wave {
            number,
            clusters: clusters.to_vec(),
            replicas_placed: 0,
            moves,
            replicas_moving,
            blocked,
            capacity,
            refusals,
            moved: 0,
        }
    }
}

/// Plan the maintenance of `options.clusters` on `state`.
pub fn plan(
    state: &FleetState,
    options: &MaintenanceOptions,
    settings: &ControllerSettings,
    now: Timestamp,
) -> MaintenancePlan {
    plan_each(state, options, settings, now, |_| (), |w, ()| w)
}

/// [`plan`], handing each wave to `each` in order as soon as it and the ones before it
/// are planned; the plan keeps what `each` gives back (a report writes the wave and
/// keeps it [`Wave::lighten`]ed, so a plan of hundreds of waves is never held whole).
/// Waves are planned a few at a time, in parallel, each with its `prepare` (what a
/// report makes of it, in parallel too, which may lighten the wave there: the waves of a
/// batch wait for each other, and the lighter they wait the less is held) for `each`.
pub fn plan_each<T: Send>(
    state: &FleetState,
    options: &MaintenanceOptions,
    settings: &ControllerSettings,
    now: Timestamp,
    prepare: impl Fn(&mut Wave) -> T + Sync,
    mut each: impl FnMut(Wave, T) -> Wave,
) -> MaintenancePlan {
    let radius = blast_radius(state);
    let planner = Waves {
        state,
        fleet: FleetIndex::new(&state.clusters).estimating(&Estimators::new(state, settings)),
        on: bindings_on(state),
        options,
        settings,
        now,
    };
    let order = ordered(state, &options.clusters, &options.order, &radius);
    let size = options.max_unavailable.max(1);
    let sets: Vec<&[String]> = order.chunks(size).collect();
    let batch = 2 * rayon::current_num_threads().max(1);
    let mut waves: Vec<Wave> = Vec::with_capacity(sets.len());
    for (b, chunk) in sets.chunks(batch).enumerate() {
        let planned: Vec<(Wave, T)> = chunk
            .par_iter()
            .enumerate()
            .map(|(i, set)| {
                let mut w = planner.wave(b * batch + i + 1, set, options.capacity);
                w.replicas_placed = w.clusters.iter().filter_map(|c| radius.get(c)).sum();
                let prepared = prepare(&mut w);
                (w, prepared)
            })
            .collect();
        for (w, prepared) in planned {
            waves.push(each(w, prepared));
        }
    }
    // Each cluster on its own, where its wave is not safe: can it leave at all?
    let alone: Vec<String> = waves
        .iter()
        .filter(|w| !w.safe() && w.clusters.len() > 1)
        .flat_map(|w| w.clusters.clone())
        .collect();
    let mut cannot_leave: BTreeMap<String, Vec<Reason>> = alone
        .par_iter()
        .map(|c| {
            (
                c.clone(),
                // Only its refusals are read: they need the first end alone.
                planner.wave(0, std::slice::from_ref(c), Ends::First),
            )
        })
        .filter(|(_, w)| !w.safe())
        .map(|(c, w)| (c, w.refusals))
        .collect();
    for w in waves.iter().filter(|w| !w.safe() && w.clusters.len() == 1) {
        cannot_leave.insert(w.clusters[0].clone(), w.refusals.clone());
    }
    let unsafe_waves: Vec<String> = waves
        .iter()
        .filter(|w| !w.safe())
        .map(|w| format!("{} ({})", w.number, w.clusters.join(", ")))
        .collect();
    let verdict = if unsafe_waves.is_empty() {
        format!(
            "{} cluster(s) in {} wave(s) of at most {size}: every wave moves its workloads where they fit",
            order.len(),
            waves.len()
        )
    } else {
        format!(
            "refused: wave(s) {} would leave replicas Pending or workloads with nowhere to go{}",
            unsafe_waves.join(", "),
            if cannot_leave.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} cannot be taken out even alone",
                    cannot_leave.keys().cloned().collect::<Vec<_>>().join(", ")
                )
            }
        )
    };
    MaintenancePlan {
        verdict,
        max_unavailable: size,
        blast_radius: order
            .iter()
            .map(|c| (c.clone(), radius.get(c).copied().unwrap_or(0)))
            .collect(),
        waves,
        cannot_leave,
    }
}

#[cfg(test)]
#[path = "maintenance/tests.rs"]
mod tests;
