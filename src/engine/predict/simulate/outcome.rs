//! Phase 4: the eviction queue run over every listed pair, then each pair's fate (when
//! it leaves, or why not, with the state it carries) and the summary (what leaves and
//! arrives where, the workloads with nowhere to go).

use std::collections::HashMap;

use super::pairs::Pending;
use super::placement::Placements;
use super::scenario::Faults;
use super::{BindingPrediction, PairOutcome, Scenario, SimulationSummary, Verdict};
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::karmada::eviction_queue::{ItemOutcome, QueueItem, QueueTimeline};
use crate::engine::predict::cluster_decision::ClusterDecision;
use crate::engine::predict::queue::simulate_queue;
use crate::engine::predict::state::{carried, Extraction};
use crate::engine::proposal::queue::PreCheck;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::QueueModel;

/// Run the queue over every pair the taint manager lists.
pub(super) fn run_queue(
    pending: &[Pending],
    placed: &Placements,
    faults: &Faults,
    total_clusters: usize,
    scenario: &Scenario,
) -> QueueTimeline {
    let items: Vec<QueueItem> = pending
        .iter()
        .filter(|p| p.listed)
        .map(|p| QueueItem {
            binding: p.key.clone(),
            cluster: p.decision.cluster.clone(),
            kind: p.binding.kind,
            due: faults.due(&p.decision),
            unreadable: matches!(p.extraction, Extraction::Held(_))
                || p.decision
                    .reasons
                    .iter()
                    .any(|r| r.code == ReasonCode::NoexecuteTolerationsUnreadable),
        })
        .collect();
    simulate_queue(
        &items,
        &faults.faults,
        total_clusters,
        scenario.now,
        &scenario.queue,
        scenario.settings.karmada_version,
        |item, _at| {
            placed
                .prechecks
                .get(item.binding.as_str())
                .cloned()
                .unwrap_or(PreCheck::Feasible)
        },
    )
}

/// What arrives where: each prediction against the placement it replaces, by position
/// (a Duplicated prediction names every feasible cluster); the bindings that find no
/// room, and the workloads that disappear with them.
pub(super) fn arrivals(placed: &Placements, scenario: &Scenario, summary: &mut SimulationSummary) {
    let index = &placed.index;
    let mut arriving: Vec<i64> = vec![0; index.len()];
    let mut before: Vec<(u32, i32)> = Vec::new();
    for prediction in &placed.predictions {
        let binding = placed.bindings[prediction.binding.as_str()];
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
        .map(|(i, n)| {
            let name = index.name(i).to_string();
            (name, *n)
        })
        .collect();
}

/// Each pair's fate, from its decision and what the queue did with it.
pub(super) fn outcomes(
    pending: Vec<Pending>,
    placed: &Placements,
    timeline: &QueueTimeline,
    faults: &Faults,
    scenario: &Scenario,
    summary: &mut SimulationSummary,
) -> Vec<PairOutcome> {
    let fate: HashMap<(&str, &str), (&ItemOutcome, Option<Interval>)> = timeline
        .items
        .iter()
        .map(|it| {
            (
                (it.binding.as_str(), it.cluster.as_str()),
                (&it.outcome, it.between),
            )
        })
        .collect();
    let no_target: HashMap<&str, &Reason> = placed
        .predictions
        .iter()
        .filter(|_| scenario.queue.model == QueueModel::Upstream)
        .filter_map(|p| p.error.as_ref().map(|e| (p.binding.as_str(), e)))
        .collect();
    let predictions: HashMap<&str, &BindingPrediction> = placed
        .predictions
        .iter()
        .map(|p| (p.binding.as_str(), p))
        .collect();
    let mut outcomes = Vec::with_capacity(pending.len());
    for p in pending {
        let mut reasons = Vec::new();
        let (outcome, at_between) = fate
            .get(&(p.key.as_str(), p.decision.cluster.as_str()))
            .map_or((None, None), |(o, b)| (Some(*o), *b));
        let (verdict, at) = verdict_of(&p, outcome, scenario, &mut reasons);
        let evicted = matches!(verdict, Verdict::Evict | Verdict::EvictLater);
        if let (true, Some(why)) = (evicted, no_target.get(p.key.as_str())) {
            summary.evictions_without_target += 1;
            reasons.push(Reason::new(
                ReasonCode::EvictionWithoutTarget,
                format!(
                    "upstream evicts although no other cluster can take the replicas ({}): the scheduler places nothing and the graceful eviction controller removes the old copy all the same (karmada#7455)",
                    why.message
                ),
            ));
        }
        if evicted {
            *summary
                .replicas_leaving
                .entry(p.decision.cluster.clone())
                .or_default() += i64::from(p.replicas);
        }
        *summary.verdicts.entry(verdict).or_default() += 1;
        let after: Option<Vec<String>> = predictions
            .get(p.key.as_str())
            .and_then(|pr| pr.clusters.as_ref())
            .map(|c| c.iter().map(|(n, _)| n.to_string()).collect());
        let state = carried(
            &p.extraction,
            p.binding,
            p.decision.purge_mode,
            evicted,
            after.as_deref(),
            scenario.settings.karmada_version,
            &mut reasons,
        );
        let due = faults.due(&p.decision);
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
    outcomes
}

/// The verdict of one pair and when, from what the queue did with it.
fn verdict_of(
    p: &Pending,
    outcome: Option<&ItemOutcome>,
    scenario: &Scenario,
    reasons: &mut Vec<Reason>,
) -> (Verdict, Option<jiff::Timestamp>) {
    match outcome {
        _ if matches!(p.extraction, Extraction::Held(_)) => (Verdict::Held, None),
        None | Some(ItemOutcome::NotEvicted) => (verdict_of_stay(&p.decision), None),
        Some(ItemOutcome::Evicted { at }) if *at <= scenario.until => (Verdict::Evict, Some(*at)),
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
    }
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
