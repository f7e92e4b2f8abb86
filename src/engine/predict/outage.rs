//! An outage scenario: members stop answering at a moment, in a way (refused, frozen, or
//! the agent of a Pull cluster down), and perhaps answer again later. From that moment
//! the twin's steps are strung together: when `Ready` changes
//! ([`cluster_health`](crate::engine::karmada::cluster_health)), the cluster
//! controller's scheduling taint, the `NoExecute` taints of the ClusterTaintPolicies that
//! match the new condition (stamped then), and from there the usual simulation (the
//! taint manager, its queues, the scheduler), run twice, once with every taint at its
//! earliest moment and once at its latest, so each eviction is an interval. A step that
//! never happens is said with its reason, and nothing after it is predicted.
//!
//! The old copy of an evicted binding: `Directly` goes with the eviction; `Gracefully`
//! when every cluster of the new placement is Healthy (at once when they all already ran
//! it: a capacity dip, the added replicas do not exist yet), at the latest when the
//! graceful eviction timeout passes; `Never` stays.
//!
//! The tool's own composition (there is no upstream function for it); held against the
//! real controllers by `tests/live/outage.rs`.

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::taint::describe_taint;
use crate::api::{Cluster, Condition, Taint, Time};
use crate::engine::karmada::cluster_affinity::cluster_matches_affinity;
use crate::engine::karmada::cluster_health::{
    self, FailureMode, Happens, Interval, ReadyChange, NOT_READY_TAINT, UNREACHABLE_TAINT,
};
use crate::engine::karmada::cluster_taint_policy::evaluate_policies;
use crate::engine::predict::simulate::{
    simulate_with, Depth, Memo, PairOutcome, Scenario, Simulation, Verdict,
};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{HealthSettings, PurgeMode};
use crate::fleet::{Binding, FleetState};

/// One member that stops answering.
#[derive(Clone, Debug, PartialEq)]
pub struct Outage {
    pub cluster: String,
    pub at: Timestamp,
    pub mode: FailureMode,
    /// When it answers again, if it does.
    pub back: Option<Timestamp>,
}

/// A taint a controller puts on (or takes off) a cluster, and when.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintEvent {
    /// `KEY[=VALUE]:EFFECT`.
    pub taint: String,
    /// `cluster controller` or `ClusterTaintPolicy NAME`.
    pub by: String,
    pub at: Interval,
}

/// What happens to one failing cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTimeline {
    pub cluster: String,
    /// `Push` or `Pull`.
    pub sync_mode: &'static str,
    pub mode: FailureMode,
    pub failed_at: Timestamp,
    /// Whether, when and why `Ready` changes.
    pub ready: Happens,
    /// The taints it gains: the scheduling taint, then the policies' `NoExecute` ones.
    pub taints: Vec<TaintEvent>,
    /// Why no `NoExecute` taint comes, when none does (nothing after is predicted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_noexecute: Option<Reason>,
    /// The way back, when the member answers again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery: Option<Recovery>,
}

/// A member answering again.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recovery {
    pub back_at: Timestamp,
    /// When `Ready` turns True again (absent when it never changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready: Option<ReadyChange>,
    /// Taints taken off, and by whom.
    pub removed: Vec<TaintEvent>,
    /// Taints that stay (no policy removes them on `Ready` True).
    pub stays: Vec<String>,
    /// The bindings evicted from it by then: Karmada does not move them back.
    pub evicted_bindings: Vec<String>,
    /// The earliest moment `failback` (with its default `--stable-for` of 10m) lets
    /// them return.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failback_from: Option<Interval>,
}

/// What happens to one binding on one failing cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingTimeline {
    pub binding: String,
    pub cluster: String,
    /// The simulation's verdict (with every taint at its latest moment).
    pub verdict: Verdict,
    /// When the taint manager evicts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evicted: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<PurgeMode>,
    /// When its old copy on the cluster is removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_copy_removed: Option<Interval>,
    /// The old copy goes before the replicas added elsewhere exist.
    pub capacity_dip: bool,
    /// The rule that decided.
    pub rule: Reason,
    /// What the old copy's removal waits for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_copy: Option<Reason>,
}

/// The whole outage.
#[derive(Clone, Debug)]
pub struct OutageResult {
    pub clusters: Vec<ClusterTimeline>,
    pub bindings: Vec<BindingTimeline>,
    /// The simulation with every taint at its earliest moment, and at its latest.
    pub earliest: Option<Simulation>,
    pub latest: Option<Simulation>,
}

/// The default `--stable-for` of `failback`.
const FAILBACK_STABLE_FOR: SignedDuration = SignedDuration::from_mins(10);

/// From an eviction to the removal of an old copy that waits for nothing else: the
/// scheduler's pass (it must observe the new generation,
/// `pkg/controllers/gracefuleviction/evictiontask.go` `hasScheduled`) and then the graceful
/// eviction controller's, a second of processing each as every recorded step.
const AFTER_PLACEMENT: SignedDuration = SignedDuration::from_secs(2);

fn whole(i: Interval) -> Interval {
    // Kubernetes records times to the second; a step's own processing comes on top.
    let floor = |t: Timestamp| Timestamp::from_second(t.as_second()).unwrap_or(t);
    Interval {
        earliest: floor(i.earliest),
        latest: floor(i.latest) + SignedDuration::from_secs(1),
    }
}

/// The change as Kubernetes records it (to the second), with a second of processing.
fn recorded(h: &Happens) -> Happens {
    let with = |c: &ReadyChange| ReadyChange {
        at: whole(c.at),
        ..c.clone()
    };
    match h {
        Happens::Yes(c) => Happens::Yes(with(c)),
        Happens::Maybe(c) => Happens::Maybe(with(c)),
        Happens::No(r) => Happens::No(r.clone()),
    }
}

/// `cluster` with its `Ready` condition set to `change` at `at`.
fn with_ready(cluster: &Cluster, change: &ReadyChange, at: Timestamp) -> Cluster {
    let mut c = cluster.clone();
    let status = c.status.get_or_insert_with(Default::default);
    status.conditions.retain(|x| x.type_ != "Ready");
    status.conditions.push(Condition {
        type_: "Ready".into(),
        status: change.status.into(),
        reason: change.reason.into(),
        message: change.rule.message.clone(),
        last_transition_time: Time(at),
        observed_generation: None,
    });
    c
}

/// The policies' evaluation on `cluster` with its new condition at `at`: the taints
/// added (with the policy that adds each).
fn policy_taints(
    state: &FleetState,
    cluster: &Cluster,
    at: Timestamp,
) -> (Vec<Taint>, Vec<(Taint, String)>) {
    let eval = evaluate_policies(&state.taint_policies, cluster, at, cluster_matches_affinity);
    let added: Vec<(Taint, String)> = eval
        .policies
        .iter()
        .flat_map(|p| p.added.iter().map(|t| (t.clone(), p.policy.clone())))
        .collect();
    (eval.taints, added)
}

/// Run the outage scenario on `state`: `base` carries the settings, the queue and the
/// instant looked at (`until`); its targets and taints are ignored.
pub fn simulate_outage(
    state: &FleetState,
    outages: &[Outage],
    health: &HealthSettings,
    base: &Scenario,
) -> OutageResult {
    simulate_outage_with(
        state,
        outages,
        health,
        base,
        [Depth::Full, Depth::Full],
        None,
    )
}

/// [`simulate_outage`], with as much capacity in its earliest and latest simulations as
/// `depth` says (the doctor reads the latest's first end only), and their predictions
/// shared through `memo` (with each other, and with other outages of the same cluster).
pub fn simulate_outage_with(
    state: &FleetState,
    outages: &[Outage],
    health: &HealthSettings,
    base: &Scenario,
    depth: [Depth; 2],
    memo: Option<&Memo>,
) -> OutageResult {
    let mut timelines = Vec::new();
    let mut runs = Runs::default();
    for o in outages {
        let Some(cluster) = state.cluster(&o.cluster) else {
            continue;
        };
        let (mut timeline, change) = failure(state, cluster, o, health, &mut runs);
        if let Some(back) = o.back {
            timeline.recovery = Some(recovery(
                state,
                cluster,
                o,
                change.as_ref(),
                back,
                health,
                &mut runs,
            ));
        }
        timelines.push(timeline);
    }

    let (earliest, latest, bindings) = finish(state, &runs, base, depth, memo);
    for t in timelines.iter_mut() {
        if let Some(r) = t.recovery.as_mut() {
            r.evicted_bindings = bindings
                .iter()
                .filter(|b| b.cluster == t.cluster)
                .filter(|b| b.evicted.is_some_and(|e| e.earliest <= r.back_at))
                .map(|b| b.binding.clone())
                .collect();
        }
    }
    OutageResult {
        clusters: timelines,
        bindings,
        earliest,
        latest,
    }
}

/// The two simulations (every tainted cluster as it is then, decided at the reference
/// time; no eviction is due before its cluster's taint is there) and each pair's
/// interval from them.
fn finish(
    state: &FleetState,
    runs: &Runs,
    base: &Scenario,
    depth: [Depth; 2],
    memo: Option<&Memo>,
) -> (Option<Simulation>, Option<Simulation>, Vec<BindingTimeline>) {
    let run = |i: usize| -> Option<Simulation> {
        runs.tainted[i].iter().map(|(_, _, t)| *t).min()?;
        let scenario = Scenario {
            targets: Vec::new(),
            taints: Vec::new(),
            now: base.now,
            until: base.until,
            recover_at: None,
            recoveries: runs.recoveries[i].clone(),
            replaced: runs.tainted[i].iter().map(|(_, c, _)| c.clone()).collect(),
            settings: base.settings.clone(),
            queue: base.queue.clone(),
        };
        Some(simulate_with(state, &scenario, depth[i], memo))
    };
    let (earliest, latest) = (run(0), run(1));
    let bindings = match (&earliest, &latest) {
        (Some(e), Some(l)) => {
            binding_timelines(state, e, l, base.settings.graceful_eviction_timeout_seconds)
        }
        _ => Vec::new(),
    };
    (earliest, latest, bindings)
}

/// What follows a `Ready` change already seen on a cluster (`failover watch`, `failover
/// report`): the taints the cluster controller and the ClusterTaintPolicies add, the
/// evictions and the old copies, as [`simulate_outage`] strings them together from a
/// failure. `at` is the recorded `lastTransitionTime` (to the second: the change lies in
/// `[at, at + 1s)`).
pub fn simulate_after_ready(state: &FleetState, seen: &[SeenReady], base: &Scenario) -> AfterReady {
    let mut runs = Runs::default();
    let mut clusters = BTreeMap::new();
    for s in seen {
        let Some(cluster) = state.cluster(&s.cluster) else {
            continue;
        };
        let reason = match s.status {
            "Unknown" => "ClusterStatusUnknown",
            _ => "ClusterNotReachable",
        };
        let change = ReadyChange {
            status: s.status,
            reason,
            at: Interval {
                earliest: s.at,
                latest: s.at + SignedDuration::from_millis(999),
            },
            rule: Reason::new(
                ReasonCode::OutageReadySeen,
                format!("Ready={} recorded at {}", s.status, s.at),
            ),
        };
        clusters.insert(
            s.cluster.clone(),
            after_ready(state, cluster, &change, &mut runs),
        );
    }
    let (_, latest, bindings) = finish(state, &runs, base, [Depth::Full, Depth::Full], None);
    AfterReady {
        clusters,
        bindings,
        latest,
    }
}

/// A `Ready` change read off a Cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenReady {
    pub cluster: String,
    /// `False` or `Unknown`.
    pub status: &'static str,
    /// Its `lastTransitionTime`.
    pub at: Timestamp,
}

/// What [`simulate_after_ready`] predicts.
#[derive(Clone, Debug)]
pub struct AfterReady {
    /// Per cluster: the taints it gains, and why no `NoExecute` one comes when none does.
    pub clusters: BTreeMap<String, (Vec<TaintEvent>, Option<Reason>)>,
    pub bindings: Vec<BindingTimeline>,
    /// The simulation with every taint at its latest moment (the new placements).
    pub latest: Option<Simulation>,
}

/// The two runs of an outage simulation (0: each taint at its earliest, 1: at its
/// latest): the clusters as they are once tainted, and when; and when each recovers.
#[derive(Default)]
struct Runs {
    tainted: [Vec<(String, Cluster, Timestamp)>; 2],
    recoveries: [Vec<(String, Timestamp)>; 2],
}

/// One member's failure: when `Ready` changes, the taints that follow (the cluster
/// controller's, the ClusterTaintPolicies'), and the cluster as each run sees it.
fn failure(
    state: &FleetState,
    cluster: &Cluster,
    o: &Outage,
    health: &HealthSettings,
    runs: &mut Runs,
) -> (ClusterTimeline, Option<ReadyChange>) {
    let pull = cluster.spec.sync_mode.as_deref() == Some("Pull");
    let ready = cluster_health::on_failure(pull, o.mode, o.at, o.back, health);
    let mut timeline = ClusterTimeline {
        cluster: o.cluster.clone(),
        sync_mode: if pull { "Pull" } else { "Push" },
        mode: o.mode,
        failed_at: o.at,
        ready: recorded(&ready),
        taints: Vec::new(),
        no_noexecute: None,
        recovery: None,
    };
    let change = match &ready {
        Happens::Yes(c) | Happens::Maybe(c) => Some(c.clone()),
        Happens::No(_) => None,
    };
    let Some(change) = change else {
        return (timeline, None);
    };
    let (taints, no_noexecute) = after_ready(state, cluster, &change, runs);
    timeline.taints = taints;
    timeline.no_noexecute = no_noexecute;
    (timeline, Some(change))
}

/// What follows `cluster`'s `Ready` change: the scheduling taint, the policies'
/// `NoExecute` taints (stamped then), the cluster as each run sees it; and why no
/// `NoExecute` taint comes, when none does.
fn after_ready(
    state: &FleetState,
    cluster: &Cluster,
    change: &ReadyChange,
    runs: &mut Runs,
) -> (Vec<TaintEvent>, Option<Reason>) {
    let name = cluster.metadata.name.clone().unwrap_or_default();
    let mut taints = Vec::new();
    let at = whole(change.at);
    if let Some(key) = cluster_health::scheduling_taint(change.status) {
        taints.push(TaintEvent {
            taint: format!("{key}:NoSchedule"),
            by: "cluster controller".into(),
            at,
        });
    }
    // The policies react to the condition at once, and stamp their taints then.
    for (run, when) in [change.at.earliest, change.at.latest]
        .into_iter()
        .enumerate()
    {
        let (c, added) = tainted_at(state, cluster, change, when);
        if run == 0 {
            for (t, policy) in added.iter().filter(|(t, _)| t.effect == "NoExecute") {
                taints.push(TaintEvent {
                    taint: describe_taint(t),
                    by: format!("ClusterTaintPolicy {policy}"),
                    at,
                });
            }
        }
        let noexecute = added.iter().any(|(t, _)| t.effect == "NoExecute")
            || c.spec.taints.iter().any(|t| t.effect == "NoExecute");
        if noexecute {
            runs.tainted[run].push((name.clone(), c, when));
        }
    }
    let noexecute_now = cluster.spec.taints.iter().any(|t| t.effect == "NoExecute");
    let none = !noexecute_now && !taints.iter().any(|t| t.taint.ends_with(":NoExecute"));
    let why = none.then(|| {
        Reason::new(
            ReasonCode::OutageNoNoexecutePolicy,
            format!(
                "no ClusterTaintPolicy adds a NoExecute taint to {} when it is Ready={}: nothing is evicted (the {} taint only keeps new placements off)",
                name,
                change.status,
                cluster_health::scheduling_taint(change.status).unwrap_or(NOT_READY_TAINT)
            ),
        )
    });
    (taints, why)
}

/// `cluster` once its `Ready` changed as `change` says at `when`: the cluster
/// controller's scheduling taint, then the ClusterTaintPolicies' (and which they added).
fn tainted_at(
    state: &FleetState,
    cluster: &Cluster,
    change: &ReadyChange,
    when: Timestamp,
) -> (Cluster, Vec<(Taint, String)>) {
    let mut c = with_ready(cluster, change, when);
    if let Some(key) = cluster_health::scheduling_taint(change.status) {
        if !c
            .spec
            .taints
            .iter()
            .any(|t| t.key == key && t.effect == "NoSchedule")
        {
            c.spec.taints.push(Taint {
                key: key.into(),
                value: None,
                effect: "NoSchedule".into(),
                time_added: None,
            });
        }
    }
    let (after, added) = policy_taints(state, &c, when);
    c.spec.taints = after;
    (c, added)
}

/// The way back of a member that answers again at `back`: `Ready` again, the taints
/// that go (and those that stay), when a failback may start; the taint manager drops
/// what it had not evicted yet once the taint is gone.
fn recovery(
    state: &FleetState,
    cluster: &Cluster,
    o: &Outage,
    change: Option<&ReadyChange>,
    back: Timestamp,
    health: &HealthSettings,
    runs: &mut Runs,
) -> Recovery {
    let ready_back = change.map(|_| cluster_health::on_recovery(o.mode, back, health));
    let mut removed = Vec::new();
    let mut stays = Vec::new();
    if let (Some(r), Some(change)) = (&ready_back, change) {
        let at = whole(r.at);
        if let Some(key) = cluster_health::scheduling_taint(change.status) {
            removed.push(TaintEvent {
                taint: format!("{key}:NoSchedule"),
                by: "cluster controller".into(),
                at,
            });
        }
        // The policies on the tainted cluster, Ready True again.
        if let Some((_, c, _)) = runs.tainted[1].iter().find(|(n, _, _)| *n == o.cluster) {
            let recovered = with_ready(c, r, r.at.latest);
            let eval = evaluate_policies(
                &state.taint_policies,
                &recovered,
                r.at.latest,
                cluster_matches_affinity,
            );
            for p in &eval.policies {
                for t in &p.removed {
                    removed.push(TaintEvent {
                        taint: describe_taint(t),
                        by: format!("ClusterTaintPolicy {}", p.policy),
                        at,
                    });
                }
            }
            stays = eval
                .taints
                .iter()
                .filter(|t| t.effect == "NoExecute")
                .filter(|t| !cluster.spec.taints.contains(t))
                .map(describe_taint)
                .collect();
            if stays.is_empty() {
                let gone = |run: usize| if run == 0 { r.at.earliest } else { r.at.latest };
                for (run, list) in runs.recoveries.iter_mut().enumerate() {
                    list.push((o.cluster.clone(), gone(run)));
                }
            }
        }
    }
    Recovery {
        back_at: back,
        failback_from: ready_back
            .as_ref()
            .map(|r| whole(r.at).shift(FAILBACK_STABLE_FOR)),
        ready: ready_back.map(|r| ReadyChange {
            at: whole(r.at),
            ..r
        }),
        removed,
        stays,
        evicted_bindings: Vec::new(),
    }
}

/// Each pair's interval from one simulation (the taints as they are), and when its old
/// copy goes.
pub fn timelines(
    state: &FleetState,
    sim: &Simulation,
    timeout_seconds: i64,
) -> Vec<BindingTimeline> {
    binding_timelines(state, sim, sim, timeout_seconds)
}

/// Each pair's interval from the two runs, and when its old copy goes.
fn binding_timelines(
    state: &FleetState,
    earliest: &Simulation,
    latest: &Simulation,
    timeout_seconds: i64,
) -> Vec<BindingTimeline> {
    let early: BTreeMap<(&str, &str), &PairOutcome> = earliest
        .outcomes
        .iter()
        .map(|o| ((o.binding.as_str(), o.cluster.as_str()), o))
        .collect();
    // By name, made when an eviction first needs it (most timelines evict nothing).
    let mut bindings: Option<BTreeMap<String, &Binding>> = None;
    let predicted: BTreeMap<&str, Vec<&str>> = latest
        .predictions
        .iter()
        .map(|p| {
            let names = p
                .clusters
                .as_ref()
                .map(|c| c.iter().map(|(n, _)| n).collect())
                .unwrap_or_default();
            (p.binding.as_str(), names)
        })
        .collect();
    latest
        .outcomes
        .iter()
        .map(|o| {
            let first = early.get(&(o.binding.as_str(), o.cluster.as_str()));
            let evicted = match (first.and_then(|e| e.at), o.at) {
                (Some(a), Some(b)) if matches!(o.verdict, Verdict::Evict | Verdict::EvictLater) => {
                    Some(whole(Interval {
                        earliest: a.min(b),
                        latest: a.max(b),
                    }))
                }
                _ => None,
            };
            let mut line = BindingTimeline {
                binding: o.binding.clone(),
                cluster: o.cluster.clone(),
                verdict: o.verdict,
                evicted,
                purge_mode: o.purge_mode.filter(|_| evicted.is_some()),
                old_copy_removed: None,
                capacity_dip: false,
                rule: o.rule().into_owned(),
                old_copy: None,
            };
            if let Some(e) = evicted {
                let targets = predicted
                    .get(o.binding.as_str())
                    .map_or(&[][..], Vec::as_slice);
                let bindings = bindings.get_or_insert_with(|| {
                    state
                        .bindings
                        .iter()
                        .map(|b| (b.display_name(), b))
                        .collect()
                });
                let (removed, dip, why) = old_copy(
                    bindings.get(&o.binding).copied(),
                    o.purge_mode.unwrap_or(PurgeMode::Gracefully),
                    targets,
                    e,
                    timeout_seconds,
                );
                line.old_copy_removed = removed;
                line.capacity_dip = dip;
                line.old_copy = Some(why);
            }
            line
        })
        .collect()
}

/// When the old copy goes, whether that is a capacity dip, and why.
fn old_copy<S: std::borrow::Borrow<str>>(
    binding: Option<&Binding>,
    purge: PurgeMode,
    targets: &[S],
    evicted: Interval,
    timeout_seconds: i64,
) -> (Option<Interval>, bool, Reason) {
    match purge {
        PurgeMode::Directly | PurgeMode::Immediately => (
            Some(evicted),
            false,
            Reason::new(ReasonCode::OutageOldCopyDirectly, "purge mode Directly: the old copy goes with the eviction"),
        ),
        PurgeMode::Never => (
            None,
            false,
            Reason::new(ReasonCode::OutageOldCopyNever, "purge mode Never: the old copy stays until a person confirms (`karmadactl evictions confirm`)"),
        ),
        PurgeMode::Gracefully | PurgeMode::Graciously => {
            let healthy = |c: &S| {
                binding
                    .and_then(|b| b.status.as_ref())
                    .is_some_and(|s| {
                        s.aggregated_status.iter().any(|a| {
                            *a.cluster_name == *c.borrow() && a.health.as_deref() == Some("Healthy")
                        })
                    })
            };
            let timeout = SignedDuration::from_secs(timeout_seconds.max(0));
            if !targets.is_empty() && targets.iter().all(healthy) {
                (
                    Some(Interval {
                        earliest: evicted.earliest,
                        latest: evicted.latest + AFTER_PLACEMENT,
                    }),
                    true,
                    Reason::new(
                        ReasonCode::OutageCapacityDip,
                        format!(
                            "every cluster of the new placement ({}) already reports the workload Healthy: the graceful eviction controller counts health, not replicas, so the old copy goes as soon as the scheduler has placed the replicas, before the added ones exist",
                            targets.join(", ")
                        ),
                    ),
                )
            } else {
                (
                    Some(Interval { earliest: evicted.earliest, latest: evicted.latest + timeout }),
                    false,
                    Reason::new(
                        ReasonCode::OutageOldCopyGracefully,
                        format!(
                            "the old copy stays until every cluster of the new placement ({}) reports the workload Healthy, at the latest {}s after the eviction (--graceful-eviction-timeout)",
                            if targets.is_empty() { "none".to_string() } else { targets.join(", ") },
                            timeout_seconds
                        ),
                    ),
                )
            }
        }
    }
}

/// Whether a `NoExecute` policy can fire for a cluster of this sync mode at all: the
/// conditions a failure gives it (Push: only False; Pull: False when the member is down,
/// Unknown when the agent is), for the doctor.
pub fn reachable_statuses(pull: bool) -> &'static [&'static str] {
    if pull {
        &["False", "Unknown"]
    } else {
        &["False"]
    }
}

/// The taint key of each scheduling taint, for readers of a cluster mid-way.
pub const SCHEDULING_TAINTS: [&str; 2] = [NOT_READY_TAINT, UNREACHABLE_TAINT];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{AggregatedStatusItem, BindingStatus};
    use crate::fleet::BindingKind;

    fn healthy_on(clusters: &[&str]) -> Binding {
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: Default::default(),
            spec: Default::default(),
            status: Some(BindingStatus {
                aggregated_status: clusters
                    .iter()
                    .map(|c| AggregatedStatusItem {
                        cluster_name: (*c).into(),
                        health: Some("Healthy".into()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
        }
    }

    fn at(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn the_old_copy_waits_for_the_schedulers_pass_and_the_eviction_controllers() {
        let evicted = Interval {
            earliest: at("2026-11-28T10:00:00Z"),
            latest: at("2026-11-28T10:00:01Z"),
        };
        let targets = vec!["m2".to_string()];
        let b = healthy_on(&["m2"]);
        let (removed, dip, _) = old_copy(Some(&b), PurgeMode::Gracefully, &targets, evicted, 600);
        assert!(dip, "a new placement already Healthy is a capacity dip");
        assert_eq!(
            removed,
            Some(Interval {
                earliest: evicted.earliest,
                latest: at("2026-11-28T10:00:03Z"),
            })
        );
        let waiting = healthy_on(&["m3"]);
        let (removed, dip, _) = old_copy(
            Some(&waiting),
            PurgeMode::Gracefully,
            &targets,
            evicted,
            600,
        );
        assert!(!dip);
        assert_eq!(removed.unwrap().latest, at("2026-11-28T10:10:01Z"));
        let (removed, ..) = old_copy(Some(&b), PurgeMode::Directly, &targets, evicted, 600);
        assert_eq!(removed, Some(evicted));
        let (removed, ..) = old_copy(Some(&b), PurgeMode::Never, &targets, evicted, 600);
        assert_eq!(removed, None);
    }
}
