//! The fleet's N-1 answer: for every cluster (or set of clusters) lost, what leaves,
//! where it lands, what stays Pending and which workloads have nowhere to go, with the
//! room of every cluster replicas arrive on ([`super::capacity`]).
//!
//! A lost cluster is one Karmada taints `NoExecute`: every binding placed there that does
//! not tolerate the taint forever leaves it (now, or when its `tolerationSeconds` run
//! out), as the taint manager decides; the others keep their replicas there, lost with
//! it. Where the leaving ones land is the scheduler's prediction; whether they fit, the
//! burst as the settings say the scheduler sees it. Every loss is independent of the
//! others: one index of the fleet serves them all, on every core.

use crate::engine::karmada::estimator::accurate::Estimators;
use std::collections::HashMap;

use jiff::Timestamp;
use rayon::prelude::*;
use serde::Serialize;

use super::capacity::{self, BurstModel, CapacityReport, Leaving, Placed};
use super::cluster_decision::{decide_cluster, Action};
use crate::api::{Cluster, Taint, Time};
use crate::engine::karmada::scheduler::{self, FleetIndex};
use crate::engine::karmada::toleration::{BindingRef, ReadOnce};
use crate::engine::predict::eviction::{evict_and_predict, evict_each_and_predict};
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::fleet::{Binding, FleetState};

/// The taint a lost cluster carries: what the usual ClusterTaintPolicy adds.
pub const LOSS_TAINT_KEY: &str = "cluster.karmada.io/not-ready";

/// What losing some clusters at once does.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LossAnswer {
    /// The clusters lost.
    pub lost: Vec<String>,
    /// Bindings placed on them.
    pub bindings: usize,
    /// Bindings that leave them, and the replicas that move.
    pub leaving: usize,
    pub replicas_moving: i64,
    /// Bindings that stay (tolerate the taint forever, or the gates are off): their
    /// replicas there are lost with the cluster and not moved.
    pub staying: usize,
    pub replicas_lost: i64,
    /// Bindings the scheduler places nowhere: no other cluster passes their filters, or
    /// none has room for their replicas or their spread's minimum clusters. Upstream
    /// evicts them all the same and the workload is gone (karmada#7455).
    pub nowhere: Vec<String>,
    /// Where the moving replicas land and whether they fit.
    pub capacity: CapacityReport,
}

impl LossAnswer {
    /// Whether the fleet carries the loss: nothing Pending, nothing with nowhere to go.
    pub fn survives(&self) -> bool {
        self.nowhere.is_empty() && self.capacity.pending_replicas == 0
    }
}

/// The N-1 answer for a fleet.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FleetCapacity {
    /// One sentence: whether the fleet survives every loss asked about, or which not.
    pub verdict: String,
    /// How the scheduler sees the burst.
    pub model: BurstModel,
    /// Whether failover moves anything at all (the controller's gates).
    pub failover_on: bool,
    /// Every loss asked about, in the order asked.
    pub losses: Vec<LossAnswer>,
}

impl FleetCapacity {
    /// The losses the fleet does not carry.
    pub fn failing(&self) -> impl Iterator<Item = &LossAnswer> {
        self.losses.iter().filter(|l| !l.survives())
    }
}

/// The bindings on each cluster, by fleet position.
fn bindings_by_cluster<'s>(state: &'s FleetState, index: &FleetIndex) -> Vec<Vec<&'s Binding>> {
    let mut out: Vec<Vec<&Binding>> = vec![Vec::new(); index.len()];
    for b in &state.bindings {
        for t in &b.spec.clusters {
            if let Some(i) = index.position(&t.name) {
                out[i].push(b);
            }
        }
    }
    out
}

/// `cluster` as it is once lost: tainted `NoExecute` since `now`.
fn lost(cluster: &Cluster, now: Timestamp) -> Cluster {
    let mut c = cluster.clone();
    if !c
        .spec
        .taints
        .iter()
        .any(|t| t.key == LOSS_TAINT_KEY && t.effect == "NoExecute")
    {
        c.spec.taints.push(Taint {
            key: LOSS_TAINT_KEY.into(),
            value: None,
            effect: "NoExecute".into(),
            time_added: Some(Time(now)),
        });
    }
    c
}

/// Answer each loss of `scenarios` (each a set of cluster names lost at once).
pub fn losses(
    state: &FleetState,
    scenarios: &[Vec<String>],
    settings: &ControllerSettings,
    now: Timestamp,
) -> FleetCapacity {
    let estimators = Estimators::new(state, settings);
    let index = FleetIndex::new(&state.clusters).estimating(&estimators);
    let on = bindings_by_cluster(state, &index);
    let model = capacity::burst_model(settings);
    let everywhere = everywhere(state, &index, &on);
    let alone = if model == BurstModel::Stale {
        alone(state, &index, scenarios, &everywhere)
    } else {
        HashMap::new()
    };
    let sweep = Sweep {
        settings,
        now,
        read: ReadOnce::default(),
        alone,
    };
    let losses: Vec<LossAnswer> = scenarios
        .par_iter()
        .map(|lost_set| {
            if lost_set.len() < 2 {
                return one_loss(state, &index, &on, Some(&everywhere), lost_set, &sweep);
            }
            // Several clusters at once: each is tainted for the others' bindings too
            // (a single lost cluster is kept out by the eviction's own task).
            let tainted: Vec<Cluster> = state
                .clusters
                .iter()
                .filter(|c| {
                    let name = c.metadata.name.as_deref();
                    name.is_some_and(|n| lost_set.iter().any(|l| l == n))
                })
                .map(|c| lost(c, now))
                .collect();
            let index = index.with_changed(&tainted);
            one_loss(state, &index, &on, None, lost_set, &sweep)
        })
        .collect();
    let failover_on = settings.failover_feature_gate && settings.enable_no_execute_taint_eviction;
    FleetCapacity {
        verdict: verdict(&losses, every_single_loss(state, scenarios), failover_on),
        model,
        failover_on,
        losses,
    }
}

/// Whether `scenarios` are the loss of each cluster of the fleet, one at a time (only
/// then may the verdict speak of "any one cluster").
fn every_single_loss(state: &FleetState, scenarios: &[Vec<String>]) -> bool {
    let singles: std::collections::BTreeSet<&str> = scenarios
        .iter()
        .filter(|s| s.len() == 1)
        .map(|s| s[0].as_str())
        .collect();
    state
        .clusters
        .iter()
        .filter_map(|c| c.metadata.name.as_deref())
        .all(|n| singles.contains(n))
}

fn verdict(losses: &[LossAnswer], every_single: bool, failover_on: bool) -> String {
    let failing: Vec<&LossAnswer> = losses.iter().filter(|l| !l.survives()).collect();
    let off = if failover_on {
        ""
    } else {
        " (failover is off: nothing moves, the replicas on a lost cluster are lost with it)"
    };
    if failing.is_empty() {
        return match losses {
            _ if every_single && losses.iter().all(|l| l.lost.len() == 1) => {
                format!("the fleet survives the loss of any one cluster{off}")
            }
            [one] => format!("the fleet survives the loss of {}{off}", one.lost.join("+")),
            _ => format!(
                "the fleet survives each of the {} losses asked about{off}",
                losses.len()
            ),
        };
    }
    let named: Vec<String> = failing
        .iter()
        .take(5)
        .map(|l| {
            let mut why = Vec::new();
            if l.capacity.pending_replicas > 0 {
                why.push(format!("{} Pending", l.capacity.pending_replicas));
            }
            if !l.nowhere.is_empty() {
                why.push(format!("{} with nowhere to go", l.nowhere.len()));
            }
            format!("{} ({})", l.lost.join("+"), why.join(", "))
        })
        .collect();
    let more = failing.len().saturating_sub(5);
    format!(
        "the fleet does not survive {} of {} loss(es): {}{}{off}",
        failing.len(),
        losses.len(),
        named.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

/// The clusters that pass the filters of each placed binding whose result is every
/// such cluster ([`scheduler::places_everywhere`]), by address: what every loss of one
/// of its clusters shares. Duplicated bindings over a large fleet are most of the work
/// otherwise, each re-placed on hundreds of clusters once per loss.
fn everywhere(
    state: &FleetState,
    index: &FleetIndex,
    on: &[Vec<&Binding>],
) -> HashMap<usize, Vec<u32>> {
    let placed: std::collections::HashSet<usize> = on.iter().flatten().map(|b| addr(b)).collect();
    let feasible: Vec<(usize, Vec<u32>)> = state
        .bindings
        .par_iter()
        .filter(|b| scheduler::places_everywhere(&b.spec) && placed.contains(&addr(b)))
        .filter_map(|b| {
            let feasible = index.feasible(&b.spec);
            (!feasible.is_empty()).then(|| (addr(b), feasible))
        })
        .collect();
    feasible.into_iter().collect()
}

/// Where each placed binding goes once evicted from each cluster of its result that is
/// lost alone (a single loss asked about), under stale summaries, by address: fleet
/// position of the cluster lost, and the result's positions and replicas (`None`:
/// nowhere). Worked out binding by binding, so each binding's filters, scores and order
/// are worked out once for all its losses ([`evict_each_and_predict`]); the bindings of
/// [`everywhere`] have theirs.
fn alone(
    state: &FleetState,
    index: &FleetIndex,
    scenarios: &[Vec<String>],
    everywhere: &HashMap<usize, Vec<u32>>,
) -> HashMap<usize, Alone> {
    let mut single = vec![false; index.len()];
    for s in scenarios.iter().filter(|s| s.len() == 1) {
        if let Some(p) = index.position(&s[0]) {
            single[p] = true;
        }
    }
    let made: Vec<(usize, Alone)> = state
        .bindings
        .par_iter()
        .with_min_len(64)
        .filter(|b| !everywhere.contains_key(&addr(b)))
        .filter_map(|b| {
            let mut each: Vec<usize> = b
                .spec
                .clusters
                .iter()
                .filter_map(|t| index.position(&t.name))
                .filter(|&p| single[p])
                .collect();
            each.sort_unstable();
            let listed = each.len();
            each.dedup();
            // A cluster listed twice is evicted twice: left to the whole prediction.
            if each.is_empty() || each.len() != listed {
                return None;
            }
            let results = evict_each_and_predict(index, b, &each);
            let alone = each
                .iter()
                .zip(results)
                .map(|(&p, r)| (p as u32, r.ok().map(|c| capacity::positions(index, &c))))
                .collect();
            Some((addr(b), alone))
        })
        .collect();
    made.into_iter().collect()
}

/// A binding's results of [`alone`]: the cluster lost, where it goes.
type Alone = Vec<(u32, Option<Vec<(u32, i32)>>)>;

/// A binding's address: the fleet holds each binding once.
fn addr(b: &Binding) -> usize {
    b as *const Binding as usize
}

/// What every loss of one sweep reads besides its clusters.
struct Sweep<'s> {
    settings: &'s ControllerSettings,
    now: Timestamp,
    /// Each binding's tolerations, by address (the fleet is borrowed for the sweep).
    read: ReadOnce<usize>,
    /// Where each binding goes when one cluster of its result is lost alone ([`alone`]).
    alone: HashMap<usize, Alone>,
}

fn one_loss(
    state: &FleetState,
    index: &FleetIndex,
    on: &[Vec<&Binding>],
    everywhere: Option<&HashMap<usize, Vec<u32>>>,
    lost_set: &[String],
    sweep: &Sweep,
) -> LossAnswer {
    let (settings, now) = (sweep.settings, sweep.now);
    let positions: Vec<usize> = lost_set.iter().filter_map(|c| index.position(c)).collect();
    // Each binding on a lost cluster once, with every lost cluster it is on (by address:
    // the fleet holds each binding once).
    let mut seen: HashMap<*const Binding, Option<usize>> = HashMap::new();
    let mut leaving: Vec<Leaving> = Vec::new();
    let (mut bindings, mut staying, mut moving, mut lost_replicas) = (0, 0, 0i64, 0i64);
    for &p in &positions {
        let cluster = lost(&state.clusters[p], now);
        let name = cluster.metadata.name.clone().unwrap_or_default();
        for b in &on[p] {
            let replicas: i64 = b
                .spec
                .clusters
                .iter()
                .filter(|t| t.name == name)
                .map(|t| i64::from(t.replicas))
                .sum();
            let bref = BindingRef::new(&b.spec, b.annotations());
            let read = sweep.read.get(addr(b), bref);
            let decision = decide_cluster(bref.with_read(&read), &cluster, settings, now);
            let key: *const Binding = *b;
            let first = !seen.contains_key(&key);
            if first {
                bindings += 1;
            }
            if matches!(decision.action, Action::Stay) {
                if first {
                    staying += 1;
                    seen.insert(key, None);
                }
                lost_replicas += replicas;
                continue;
            }
            moving += replicas;
            let mode = decision.purge_mode.unwrap_or(PurgeMode::Gracefully);
            let at = match decision.action {
                Action::EvictAfter { at, .. } => at,
                _ => now,
            };
            match seen.get(&key).copied().flatten() {
                Some(i) => {
                    let l = &mut leaving[i];
                    l.gone.push((name.clone(), mode));
                    l.at = l.at.max(Some(at));
                }
                None => {
                    seen.insert(key, Some(leaving.len()));
                    leaving.push(Leaving {
                        binding: b,
                        key: b.display_name(),
                        gone: vec![(name.clone(), mode)],
                        at: Some(at),
                        known: None,
                    });
                }
            }
        }
    }
    if let Some(everywhere) = everywhere {
        for l in &mut leaving {
            if let Some(feasible) = everywhere.get(&addr(l.binding)) {
                l.known = Some(
                    index
                        .everywhere_but(&l.binding.spec, feasible, &positions)
                        .map_err(|e| e.reason()),
                );
            }
        }
    }
    let stale = (capacity::burst_model(settings) == BurstModel::Stale).then(|| {
        leaving
            .iter()
            .map(|l| {
                let single = match positions.as_slice() {
                    [p] => sweep
                        .alone
                        .get(&addr(l.binding))
                        .and_then(|each| each.iter().find(|(lost, _)| *lost as usize == *p)),
                    _ => None,
                };
                let after = match (&l.known, single) {
                    (Some(known), _) => known.as_ref().ok().cloned(),
                    (None, Some((_, after))) => after.clone(),
                    (None, None) => {
                        let gone: Vec<(&str, PurgeMode)> =
                            l.gone.iter().map(|(c, m)| (c.as_str(), *m)).collect();
                        evict_and_predict(index, l.binding, &gone)
                            .ok()
                            .map(|p| capacity::positions(index, &p.clusters))
                    }
                };
                Placed::new(index, l, after)
            })
            .collect()
    });
    let mut report = capacity::report_ends(
        index,
        &leaving,
        stale,
        settings,
        capacity::Ends::NotRefreshed,
    );
    report.compact();
    LossAnswer {
        lost: lost_set.to_vec(),
        bindings,
        leaving: leaving.len(),
        replicas_moving: moving,
        staying,
        replicas_lost: lost_replicas,
        nowhere: report.unplaced.clone(),
        capacity: report,
    }
}
