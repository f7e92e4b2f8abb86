//! `failover report`: a failover after the fact, from what the control plane still
//! holds: the cluster's `Ready` condition and taints (and the cluster controller's and
//! the ClusterTaintPolicy controller's `TaintClusterSucceed` Events, which name the
//! taints a cluster has after each change), and per binding its `history` (tasks, the
//! scheduler's and the graceful eviction controller's Events). Each step is set beside
//! the interval the twin predicts from the failure's first recorded moment, replayed on
//! the fleet as it was (each binding back on the cluster it left). What is no longer
//! held is named, not guessed: a `Ready` condition keeps only its last transition, a
//! task goes with its old copy, Events expire (`--event-ttl`, 1 h by default), and no
//! object records when a workload became Healthy.

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::{Cluster, Condition, TargetCluster, Time};
use crate::engine::decide::history::{ActionKind, BindingHistory};
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::predict::incident::observe::healthy_everywhere;
use crate::engine::predict::incident::track::{recorded_within, Context};
use crate::engine::predict::outage::{simulate_after_ready, SeenReady};
use crate::fleet::FleetState;

/// A cluster's taints after a change, as a `TaintClusterSucceed` Event names them.
#[derive(Clone, Debug, PartialEq)]
pub struct TaintChange {
    pub at: Timestamp,
    /// `KEY:EFFECT` of every taint after the change.
    pub taints: Vec<String>,
}

/// What the report reads.
pub struct ReportInput<'a> {
    pub cluster: &'a Cluster,
    pub state: &'a FleetState,
    /// The bindings that are or were on the cluster, with their records.
    pub histories: &'a [BindingHistory],
    pub taint_changes: &'a [TaintChange],
    pub since: Option<Timestamp>,
    pub until: Option<Timestamp>,
    pub ctx: &'a Context,
}

/// One step of one binding.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepRecord {
    /// `evicted`, `replaced`, `old-copy-gone`.
    pub step: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
    /// Seconds from the failure's first recorded moment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<bool>,
    /// Why the moment is absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_kept: Option<&'static str>,
}

/// One binding's failover.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingRecord {
    pub binding: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    pub steps: Vec<StepRecord>,
    /// Where it runs now.
    pub placement: Vec<TargetCluster>,
    /// Every cluster of its placement reports it Healthy now.
    pub healthy_now: bool,
    /// From the failure to its new placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_seconds: Option<i64>,
}

/// Percentiles of the time away.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Spread {
    pub count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p50_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p95_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_seconds: Option<i64>,
}

/// The cluster's side.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRecord {
    pub cluster: String,
    /// `Ready` now, and since when.
    pub ready: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_since: Option<Timestamp>,
    /// When `Ready` left True, when still recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed_at: Option<Timestamp>,
    /// When the first `NoExecute` taint was added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tainted_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taint_predicted: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taint_held: Option<bool>,
    /// When the last `NoExecute` taint went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub untainted_at: Option<Timestamp>,
    /// The moment every time is counted from (the first recorded of the above).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anchor: Option<Timestamp>,
}

/// The report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub cluster: ClusterRecord,
    pub bindings: Vec<BindingRecord>,
    pub away: Spread,
    pub away_by_namespace: BTreeMap<String, Spread>,
    /// Moved bindings not Healthy on every cluster of their placement now.
    pub not_healthy: Vec<String>,
    /// What the control plane no longer holds, in words.
    pub not_kept: Vec<String>,
}

const NOT_KEPT_TASK: &str = "the task went with the old copy and no Event records the eviction";
const NOT_KEPT_EVENT: &str = "no Event about it is left (Events expire, --event-ttl)";

fn within(t: Timestamp, since: Option<Timestamp>, until: Option<Timestamp>) -> bool {
    since.is_none_or(|s| t >= s) && until.is_none_or(|u| t <= u)
}

/// The `p`-th percentile (nearest rank) of sorted `v`.
fn percentile(v: &[i64], p: f64) -> Option<i64> {
    if v.is_empty() {
        return None;
    }
    let rank = ((p * v.len() as f64).ceil() as usize).clamp(1, v.len());
    Some(v[rank - 1])
}

/// The spread of `v`.
pub fn spread(mut v: Vec<i64>) -> Spread {
    v.sort_unstable();
    Spread {
        count: v.len(),
        p50_seconds: percentile(&v, 0.5),
        p95_seconds: percentile(&v, 0.95),
        max_seconds: v.last().copied(),
    }
}

/// The cluster's moments: `Ready`, the first `NoExecute` taint, when the last went.
fn cluster_record(input: &ReportInput<'_>) -> (ClusterRecord, Vec<String>) {
    let c = input.cluster;
    let name = c.metadata.name.clone().unwrap_or_default();
    let mut not_kept = Vec::new();
    let ready = c.condition("Ready");
    let mut rec = ClusterRecord {
        cluster: name.clone(),
        ready: ready.map_or("unreported".into(), |r| r.status.clone()),
        ready_since: ready.map(|r| r.last_transition_time.0),
        ..ClusterRecord::default()
    };
    match ready {
        Some(r) if r.status != "True" => rec.failed_at = Some(r.last_transition_time.0),
        Some(r) => not_kept.push(format!(
            "when Ready left True: the condition keeps only its last transition (True at {})",
            r.last_transition_time.0
        )),
        None => {}
    }
    let now_tainted = c
        .taints()
        .iter()
        .filter(|t| t.effect == "NoExecute")
        .filter_map(|t| t.time_added.as_ref().map(|x| x.0))
        .min();
    let from_events = input
        .taint_changes
        .iter()
        .find(|e| e.taints.iter().any(|t| t.ends_with(":NoExecute")))
        .map(|e| e.at);
    rec.tainted_at = now_tainted.or(from_events);
    if now_tainted.is_none() {
        let mut had = false;
        for e in input.taint_changes {
            let has = e.taints.iter().any(|t| t.ends_with(":NoExecute"));
            if had && !has {
                rec.untainted_at = Some(e.at);
            }
            had = has;
        }
        if rec.tainted_at.is_none() {
            not_kept.push(format!(
                "a NoExecute taint on {name}: none now, and {NOT_KEPT_EVENT}"
            ));
        }
    }
    rec.anchor = [rec.failed_at, rec.tainted_at].into_iter().flatten().min();
    (rec, not_kept)
}

/// The fleet as it was when `cluster` failed: every binding that left it back on it
/// (with the replicas its task or the scheduler's Event names), the cluster `Ready`
/// and without the taints added since; and the bindings that could not be put back
/// because nothing names their replicas there any more (no guess is made for them).
fn before(input: &ReportInput<'_>, anchor: Timestamp) -> (FleetState, Vec<String>) {
    let name = input.cluster.metadata.name.clone().unwrap_or_default();
    let mut state = input.state.clone();
    let mut unrestored = Vec::new();
    if let Some(c) = state
        .clusters
        .iter_mut()
        .find(|c| c.metadata.name.as_deref() == Some(&name))
    {
        c.spec
            .taints
            .retain(|t| t.time_added.as_ref().is_none_or(|x| x.0 < anchor));
        if let Some(s) = c.status.as_mut() {
            s.conditions.retain(|x| x.type_ != "Ready");
            s.conditions.push(Condition {
                type_: "Ready".into(),
                status: "True".into(),
                reason: "ClusterReady".into(),
                message: String::new(),
                last_transition_time: Time(anchor - SignedDuration::from_hours(1)),
                observed_generation: None,
            });
        }
    }
    let moved: BTreeMap<&str, &BindingHistory> = input
        .histories
        .iter()
        .map(|h| (h.binding.as_str(), h))
        .collect();
    for b in state.bindings.iter_mut() {
        let Some(h) = moved.get(b.display_name().as_str()) else {
            continue;
        };
        if b.spec.clusters.iter().any(|c| c.name == name) {
            continue;
        }
        let replicas = b
            .spec
            .graceful_eviction_tasks
            .iter()
            .find(|t| t.from_cluster == name)
            .and_then(|t| t.replicas)
            .or_else(|| {
                h.entries
                    .iter()
                    .filter(|e| {
                        e.action == ActionKind::Scheduled
                            && first_time(e).is_some_and(|t| t < anchor)
                    })
                    .filter_map(|e| e.placement.as_ref()?.iter().find(|c| c.name == name))
                    .map(|c| c.replicas)
                    .next_back()
            });
        let Some(replicas) = replicas else {
            unrestored.push(b.display_name());
            continue;
        };
        b.spec
            .graceful_eviction_tasks
            .retain(|t| t.from_cluster != name);
        b.spec.clusters.push(TargetCluster::new(&name, replicas));
    }
    (state, unrestored)
}

/// When an entry first happened: its Event's `firstTimestamp` (an Event repeated later
/// keeps it), else the entry's time.
fn first_time(e: &crate::engine::decide::history::Entry) -> Option<Timestamp> {
    e.event.as_ref().and_then(|ev| ev.first_time).or(e.time)
}

/// When the scheduler first placed the binding elsewhere than it was when the cluster
/// failed: the earliest scheduling Event at or after `anchor` whose result differs from
/// that placement. The placement before is `restored` (the binding as the report puts
/// it back, when it could), else the result of the last scheduling Event that first
/// happened before `anchor`. The scheduler re-emits an unchanged result whenever it looks again (a
/// Cluster's generation changes), which moves that Event's `lastTimestamp` to the
/// failure: a result equal to the placement before is a repeat, and a new result is
/// dated from its `firstTimestamp` when that is at or after `anchor` (its last repeat may
/// come much later).
fn new_placement(
    h: &BindingHistory,
    restored: Option<&Vec<TargetCluster>>,
    anchor: Option<Timestamp>,
) -> Option<Timestamp> {
    let key = |p: &[TargetCluster]| {
        let mut v: Vec<(String, i32)> = p.iter().map(|c| (c.name.clone(), c.replicas)).collect();
        v.sort();
        v
    };
    let scheduled = || {
        h.entries
            .iter()
            .filter(|e| e.action == ActionKind::Scheduled)
    };
    let earlier = scheduled()
        .filter(|e| e.placement.is_some())
        .filter_map(|e| Some((first_time(e)?, e)))
        .filter(|(t, _)| anchor.is_some_and(|a| *t < a))
        .max_by_key(|(t, _)| *t)
        .and_then(|(_, e)| e.placement.as_ref());
    let before = restored.or(earlier).map(|p| key(p));
    let after_anchor = |t: &Timestamp| anchor.is_none_or(|a| *t >= a);
    scheduled()
        .filter(|e| match (&e.placement, &before) {
            (Some(p), Some(b)) => key(p) != *b,
            _ => true,
        })
        .filter_map(|e| {
            let first = e.event.as_ref().and_then(|ev| ev.first_time);
            first.filter(after_anchor).or(e.time.filter(after_anchor))
        })
        .min()
}

/// Build the report.
pub fn report(input: &ReportInput<'_>) -> Report {
    let (cluster, mut not_kept) = cluster_record(input);
    let name = cluster.cluster.clone();
    let anchor = cluster.anchor;
    let restored = anchor.map(|at| before(input, at));
    // Each binding's placement when the cluster failed: a scheduler result equal to it
    // is a repeat, not a new placement.
    let placed_before: BTreeMap<String, Vec<TargetCluster>> = restored
        .iter()
        .flat_map(|(state, unrestored)| {
            state
                .bindings
                .iter()
                .filter(move |b| !unrestored.contains(&b.display_name()))
        })
        .map(|b| (b.display_name(), b.spec.clusters.clone()))
        .collect();
    // The prediction, replayed from the first recorded moment.
    let predicted = restored.zip(anchor).map(|((state, unrestored), at)| {
        for b in unrestored {
            not_kept.push(format!(
                "the replicas {b} had on {name}: neither its task nor an Event names them, so its steps have no prediction"
            ));
        }
        let base = input.ctx.scenario(at);
        let seen = SeenReady {
            cluster: name.clone(),
            status: if cluster.ready == "Unknown" {
                "Unknown"
            } else {
                "False"
            },
            at,
        };
        simulate_after_ready(&state, &[seen], &base)
    });
    let mut cluster = cluster;
    if let (Some(p), Some(t)) = (&predicted, cluster.tainted_at) {
        let taint = p
            .clusters
            .get(&name)
            .and_then(|(taints, _)| taints.iter().find(|x| x.taint.ends_with(":NoExecute")))
            .map(|x| x.at);
        cluster.taint_predicted = taint;
        cluster.taint_held = taint.map(|i| recorded_within(&i, t));
    }
    let lines: BTreeMap<&str, &crate::engine::predict::outage::BindingTimeline> = predicted
        .iter()
        .flat_map(|p| p.bindings.iter())
        .filter(|l| l.cluster == name)
        .map(|l| (l.binding.as_str(), l))
        .collect();
    let bindings_now: BTreeMap<String, &crate::fleet::Binding> = input
        .state
        .bindings
        .iter()
        .map(|b| (b.display_name(), b))
        .collect();
    let mut records = Vec::new();
    for h in input.histories {
        let at_of = |kind: ActionKind, about_cluster: bool| {
            h.entries
                .iter()
                .filter(|e| e.action == kind)
                .filter(|e| !about_cluster || e.cluster.as_deref() == Some(name.as_str()))
                .filter_map(|e| e.time)
                .filter(|t| anchor.is_none_or(|a| *t >= a))
                .find(|t| within(*t, input.since, input.until))
        };
        let evicted = at_of(ActionKind::Eviction, true);
        let replaced = new_placement(h, placed_before.get(&h.binding), anchor)
            .filter(|t| within(*t, input.since, input.until));
        let gone = at_of(ActionKind::EvictionCleared, true);
        if evicted.is_none() && gone.is_none() && replaced.is_none() {
            continue;
        }
        let line = lines.get(h.binding.as_str());
        let step = |step, at: Option<Timestamp>, predicted: Option<Interval>, why| StepRecord {
            step,
            at,
            after_seconds: at.zip(anchor).map(|(t, a)| t.duration_since(a).as_secs()),
            held: at.zip(predicted).map(|(t, i)| recorded_within(&i, t)),
            predicted,
            not_kept: at.is_none().then_some(why),
        };
        let b = bindings_now.get(&h.binding);
        records.push(BindingRecord {
            binding: h.binding.clone(),
            namespace: b.and_then(|b| b.metadata.namespace.clone()),
            steps: vec![
                step(
                    "evicted",
                    evicted,
                    line.and_then(|l| l.evicted),
                    NOT_KEPT_TASK,
                ),
                step("replaced", replaced, None, NOT_KEPT_EVENT),
                step(
                    "old-copy-gone",
                    gone,
                    line.and_then(|l| l.old_copy_removed),
                    NOT_KEPT_EVENT,
                ),
            ],
            placement: b.map(|b| b.spec.clusters.clone()).unwrap_or_default(),
            healthy_now: b.is_some_and(|b| healthy_everywhere(b)),
            away_seconds: replaced
                .zip(anchor)
                .map(|(t, a)| t.duration_since(a).as_secs()),
        });
    }
    let away = spread(records.iter().filter_map(|r| r.away_seconds).collect());
    let mut by_ns: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for r in &records {
        if let Some(s) = r.away_seconds {
            by_ns
                .entry(
                    r.namespace
                        .clone()
                        .unwrap_or_else(|| "(cluster-scoped)".into()),
                )
                .or_default()
                .push(s);
        }
    }
    if records.iter().any(|r| r.steps[0].at.is_none()) {
        not_kept.push(format!("some evictions' moments: {NOT_KEPT_TASK}"));
    }
    not_kept.push("when each workload became Healthy on its new clusters: no object records it (`failover watch` sees it)".into());
    Report {
        not_healthy: records
            .iter()
            .filter(|r| !r.healthy_now)
            .map(|r| r.binding.clone())
            .collect(),
        cluster,
        bindings: records,
        away,
        away_by_namespace: by_ns.into_iter().map(|(k, v)| (k, spread(v))).collect(),
        not_kept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::decide::history::{history, EventRecord, HistoryOptions};

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    /// A scheduling Event: `first` .. `last`, `count` times.
    fn scheduled(result: &str, first: &str, last: &str, count: i32) -> EventRecord {
        EventRecord {
            reason: "ScheduleBindingSucceed".into(),
            type_: "Normal".into(),
            message: format!("Binding has been scheduled successfully. Result: {{{result}}}"),
            component: "karmada-scheduler".into(),
            count,
            first_time: Some(ts(first)),
            last_time: Some(ts(last)),
        }
    }

    #[test]
    fn a_repeated_scheduling_result_is_not_a_new_placement() {
        // A Duplicated binding on member1 and member3; member1 fails at 12:00:00. The
        // scheduler re-emits the unchanged result at the failure second (moving that
        // Event's lastTimestamp), places it on member3 alone at 12:00:20, and repeats
        // that result after the recovery at 12:05:00.
        let b: crate::fleet::Binding = serde_json::from_value(serde_json::json!({
            "metadata": {"name": "api", "namespace": "default"},
            "spec": {"resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "api"},
                     "clusters": [{"name": "member3", "replicas": 2}]}
        }))
        .unwrap();
        let events = [
            scheduled(
                "member1:2, member3:2",
                "2026-11-22T11:00:00Z",
                "2026-11-22T12:00:00Z",
                2,
            ),
            scheduled(
                "member3:2",
                "2026-11-22T12:00:20Z",
                "2026-11-22T12:05:00Z",
                2,
            ),
        ];
        let h = history(&b, &events, &HistoryOptions::default());
        let before = vec![
            TargetCluster::new("member1", 2),
            TargetCluster::new("member3", 2),
        ];
        let anchor = Some(ts("2026-11-22T12:00:00Z"));
        assert_eq!(
            new_placement(&h, Some(&before), anchor),
            Some(ts("2026-11-22T12:00:20Z"))
        );
        // The repeated Event first happened before the failure: it says the placement
        // before by itself, whatever the binding restored says (here nothing).
        assert_eq!(
            new_placement(&h, None, anchor),
            Some(ts("2026-11-22T12:00:20Z"))
        );
        // An Event first seen at the failure, with nothing before it: no way to tell
        // it from a placement.
        let only = [scheduled(
            "member1:2, member3:2",
            "2026-11-22T12:00:00Z",
            "2026-11-22T12:00:00Z",
            1,
        )];
        let h2 = history(&b, &only, &HistoryOptions::default());
        assert_eq!(
            new_placement(&h2, None, anchor),
            Some(ts("2026-11-22T12:00:00Z"))
        );
        // A new result first seen before the failure is dated by its last time.
        let old = [scheduled(
            "member3:2",
            "2026-11-22T10:00:00Z",
            "2026-11-22T12:00:30Z",
            3,
        )];
        let h = history(&b, &old, &HistoryOptions::default());
        assert_eq!(
            new_placement(&h, Some(&before), anchor),
            Some(ts("2026-11-22T12:00:30Z"))
        );
    }

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let s = spread(vec![30, 10, 20, 40]);
        assert_eq!(
            (s.p50_seconds, s.p95_seconds, s.max_seconds),
            (Some(20), Some(40), Some(40))
        );
        assert_eq!(spread(Vec::new()).p50_seconds, None);
        assert_eq!(spread(vec![7]).p95_seconds, Some(7));
    }

    #[test]
    fn a_moment_recorded_to_the_second_meets_its_interval() {
        let t = |s: i64| Timestamp::from_second(s).unwrap();
        let i = Interval {
            earliest: t(100) + SignedDuration::from_millis(400),
            latest: t(102),
        };
        assert!(recorded_within(&i, t(100)));
        assert!(recorded_within(&i, t(102)));
        assert!(!recorded_within(&i, t(103)));
        assert!(!recorded_within(&i, t(99)));
    }
}
