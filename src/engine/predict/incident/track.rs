//! The tracker behind `failover watch`: it takes each object's new version as the API
//! delivers it, reads the steps ([`observe`](super::observe)), keeps each failing
//! cluster's stage and each move's progress, predicts what follows from what it has seen
//! and calls out every step outside its interval, and every interval that ends without
//! its step, with what that suggests. Pure: the caller hands in objects and the clock.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use super::observe::{self, Seen, Step};
use crate::api::binding::describe_placement;
use crate::api::Cluster;
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::predict::outage::{
    simulate_after_ready, timelines, BindingTimeline, SeenReady, TaintEvent,
};
use crate::engine::predict::simulate::{simulate, Scenario, Simulation};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::{ControllerSettings, QueueSettings};
use crate::fleet::{Binding, FleetState};

/// How late the watch itself may see a step it reads off its own clock (the watch
/// stream's delivery).
pub const OBSERVE_SLACK: SignedDuration = SignedDuration::from_secs(1);

/// How far ahead the predictions look.
const HORIZON: SignedDuration = SignedDuration::from_hours(24 * 7);

/// The settings the predictions assume.
#[derive(Clone, Debug)]
pub struct Context {
    pub settings: ControllerSettings,
    pub queue: QueueSettings,
}

impl Context {
    /// A scenario decided at `now` with these settings, looking a week ahead; no
    /// targets, taints or recoveries of its own.
    pub fn scenario(&self, now: Timestamp) -> Scenario {
        Scenario {
            targets: Vec::new(),
            taints: Vec::new(),
            now,
            until: now + HORIZON,
            recover_at: None,
            recoveries: Vec::new(),
            replaced: Vec::new(),
            settings: self.settings.clone(),
            queue: self.queue.clone(),
        }
    }
}

/// Where a cluster stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Stage {
    /// `Ready` True, nothing on the control plane yet: Karmada's probes are the judge.
    Probing,
    ReadyFalse,
    ReadyUnknown,
    /// A `NoExecute` taint, no eviction yet.
    Tainted,
    /// Evictions under way.
    Evicting,
    /// Nothing more expected.
    Settled,
    /// `Ready` True again after the failure.
    Recovering,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One step as the watch reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WatchEvent {
    /// 1, 2, ... in the order seen.
    pub seq: u64,
    pub step: Step,
    pub cluster: String,
    /// `cluster/NAME`, `rb/NS/NAME`, `crb/NAME` (empty for `settled`).
    pub object: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    /// When the watch received it.
    pub observed_at: Timestamp,
    /// The moment the object records for the step, when it records one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_at: Option<Timestamp>,
    pub detail: String,
    /// The interval predicted for the step, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Interval>,
    /// A predicted placement (`replaced`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted_placement: Option<String>,
    /// Whether the step met its prediction (absent without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<bool>,
    /// What a step outside its prediction suggests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<Reason>,
    /// The cluster's stage after the step.
    pub stage: Stage,
}

/// The counts of the fleet's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Evictions predicted.
    pub predicted: usize,
    pub evicted: usize,
    pub replaced: usize,
    pub healthy: usize,
    pub old_copies_gone: usize,
    /// Old copies a purge mode `Never` keeps until a person confirms.
    pub old_copies_held: usize,
}

/// An eviction the queue has not carried out yet, as the twin replays it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pending {
    pub binding: String,
    pub cluster: String,
    pub at: Interval,
}

/// What a screen shows now.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub clusters: Vec<(String, Stage)>,
    pub progress: Progress,
    /// Evictions due (their interval started) and not seen yet.
    pub queue_depth: usize,
    /// The next evictions, soonest first.
    pub next: Vec<Pending>,
}

/// One binding leaving one cluster.
#[derive(Clone, Debug, Default)]
struct Move {
    predicted: Option<BindingTimeline>,
    placement: Option<String>,
    evicted: Option<Timestamp>,
    never: bool,
    replaced: bool,
    healthy: bool,
    old_copy_gone: bool,
    missed_eviction: bool,
    missed_copy: bool,
}

impl Move {
    fn expected(&self) -> bool {
        self.predicted.as_ref().is_some_and(|p| p.evicted.is_some())
    }

    /// Whether nothing more is expected of it. A step past its interval is late, not
    /// given up: the watch follows it until it comes or `--timeout` ends the watch.
    fn done(&self) -> bool {
        match self.evicted {
            None => !self.expected(),
            Some(_) => self.replaced && self.healthy && (self.old_copy_gone || self.never),
        }
    }
}

/// A cluster whose `Ready` left True (or that carries a `NoExecute` taint).
#[derive(Clone, Debug, Default)]
struct Failing {
    taints: Vec<TaintEvent>,
    taint_seen: bool,
    missed_taint: bool,
    no_noexecute: Option<Reason>,
    recovering: bool,
}

/// The tracker.
pub struct Tracker {
    ctx: Context,
    watched: BTreeSet<String>,
    state: FleetState,
    cluster_ix: HashMap<String, usize>,
    binding_ix: HashMap<String, usize>,
    failing: BTreeMap<String, Failing>,
    moves: BTreeMap<(String, String), Move>,
    seq: u64,
    settled_said: bool,
}

fn noexecute(c: &Cluster) -> bool {
    c.taints().iter().any(|t| t.effect == "NoExecute")
}

fn failing_now(c: &Cluster) -> bool {
    matches!(observe::ready(c), Some("False") | Some("Unknown")) || noexecute(c)
}

/// Whether a moment recorded to the second (as Kubernetes stores times) lies in `i`
/// taken to the second.
pub fn recorded_within(i: &Interval, at: Timestamp) -> bool {
    let floor = Timestamp::from_second(i.earliest.as_second()).unwrap_or(i.earliest);
    at >= floor && at <= i.latest
}

/// Whether a step meets `i`: its recorded moment, else the moment the watch saw it (with
/// the stream's delivery on top).
fn meets(i: &Interval, recorded: Option<Timestamp>, observed: Timestamp) -> bool {
    match recorded {
        Some(r) => recorded_within(i, r),
        None => observed >= i.earliest && observed <= i.latest + OBSERVE_SLACK,
    }
}

fn hint(step: Step, late: bool) -> Reason {
    let (code, message) = match (step, late) {
        (Step::TaintAdded, true) => (ReasonCode::WatchStepLate, "the taint came later than the condition: the controller-manager may be throttled, restarting, or changing leader"),
        (Step::Evicted, true) => (ReasonCode::WatchStepLate, "the eviction queue is slower than the twin's: the controller-manager is throttled (CPU, client QPS) or restarted and rebuilt its queue"),
        (Step::OldCopyGone, true) => (ReasonCode::WatchStepLate, "the old copy stayed longer: the new placement was not Healthy yet, or the graceful eviction controller is slow"),
        (_, true) => (ReasonCode::WatchStepLate, "later than predicted"),
        (_, false) => (ReasonCode::WatchStepEarly, "earlier than predicted: the controllers run with other settings than assumed (tolerations, timeouts, queue rates); see `failover doctor`"),
    };
    Reason::new(code, message)
}

fn missed(step: Step) -> Reason {
    let message = match step {
        Step::TaintAdded => "no NoExecute taint by the end of its interval (still waiting, until --timeout): no ClusterTaintPolicy fired (compare their addOnConditions with the condition), or the controller-manager is down",
        Step::Evicted => "not evicted by the end of its interval (still waiting, until --timeout): the taint manager's queue is slower, the controller-manager is stalled or down, or a toleration the prediction did not see",
        _ => "the old copy was not removed by the end of its interval (still waiting, until --timeout): the new placement is not Healthy, or the graceful eviction controller is slow or down",
    };
    Reason::new(ReasonCode::WatchStepMissing, message)
}

impl Tracker {
    /// A tracker over `state` (as listed when the watch starts), following `watched`
    /// (every cluster when empty). Clusters already failing are tracked from here.
    pub fn new(state: FleetState, watched: &[String], ctx: Context, now: Timestamp) -> Tracker {
        let mut t = Tracker {
            ctx,
            watched: watched.iter().cloned().collect(),
            cluster_ix: HashMap::new(),
            binding_ix: HashMap::new(),
            state,
            failing: BTreeMap::new(),
            moves: BTreeMap::new(),
            seq: 0,
            settled_said: false,
        };
        t.reindex();
        let already: Vec<String> = t
            .state
            .clusters
            .iter()
            .filter(|c| t.follows(c) && failing_now(c))
            .filter_map(|c| c.metadata.name.clone())
            .collect();
        for name in already {
            let seen_taint = t.state.cluster(&name).is_some_and(noexecute);
            t.failing.insert(
                name.clone(),
                Failing {
                    taint_seen: seen_taint,
                    ..Failing::default()
                },
            );
            t.predict(&name, now);
        }
        t
    }

    fn reindex(&mut self) {
        self.cluster_ix = (self.state.clusters.iter().enumerate())
            .filter_map(|(i, c)| Some((c.metadata.name.clone()?, i)))
            .collect();
        self.binding_ix = (self.state.bindings.iter().enumerate())
            .map(|(i, b)| (b.display_name(), i))
            .collect();
    }

    fn follows(&self, c: &Cluster) -> bool {
        self.watched.is_empty()
            || c.metadata
                .name
                .as_ref()
                .is_some_and(|n| self.watched.contains(n))
    }

    /// The clusters followed, by name.
    pub fn clusters(&self) -> Vec<String> {
        self.state
            .clusters
            .iter()
            .filter(|c| self.follows(c))
            .filter_map(|c| c.metadata.name.clone())
            .collect()
    }

    /// Predict what follows on `name` from what is seen of it now.
    fn predict(&mut self, name: &str, now: Timestamp) {
        let Some(cluster) = self.state.cluster(name) else {
            return;
        };
        let base = self.ctx.scenario(now);
        let timeout = self.ctx.settings.graceful_eviction_timeout_seconds;
        let (lines, latest): (Vec<BindingTimeline>, Option<Simulation>) = if noexecute(cluster) {
            let sim = simulate(&self.state, &base);
            (timelines(&self.state, &sim, timeout), Some(sim))
        } else {
            let status = match observe::ready(cluster) {
                Some("Unknown") => "Unknown",
                Some("False") => "False",
                _ => return,
            };
            let at = cluster
                .condition("Ready")
                .map_or(now, |c| c.last_transition_time.0);
            let seen = SeenReady {
                cluster: name.to_string(),
                status,
                at,
            };
            let after = simulate_after_ready(&self.state, &[seen], &base);
            if let (Some(f), Some((taints, why))) =
                (self.failing.get_mut(name), after.clusters.get(name))
            {
                f.taints = taints.clone();
                f.no_noexecute = why.clone();
            }
            (after.bindings, after.latest)
        };
        let placements: HashMap<&str, String> = latest
            .iter()
            .flat_map(|s| s.predictions.iter())
            .filter_map(|p| {
                let targets: Vec<crate::api::TargetCluster> = p
                    .clusters
                    .as_ref()?
                    .iter()
                    .map(|(n, r)| crate::api::TargetCluster::new(n, r))
                    .collect();
                Some((p.binding.as_str(), describe_placement(&targets)))
            })
            .collect();
        for line in lines.into_iter().filter(|l| l.cluster == name) {
            let placement = placements.get(line.binding.as_str()).cloned();
            let m = self
                .moves
                .entry((line.binding.clone(), name.to_string()))
                .or_default();
            if m.evicted.is_none() {
                m.placement = placement;
                m.predicted = Some(line);
            }
        }
    }

    fn event(&mut self, seen: Seen, now: Timestamp) -> WatchEvent {
        self.seq += 1;
        WatchEvent {
            seq: self.seq,
            stage: Stage::Probing,
            step: seen.step,
            cluster: seen.cluster,
            object: seen.object,
            resource_version: seen.resource_version,
            observed_at: now,
            recorded_at: seen.recorded,
            detail: seen.detail,
            predicted: None,
            predicted_placement: None,
            held: None,
            hint: None,
        }
    }

    /// Judge `e` against `predicted`.
    fn judge(e: &mut WatchEvent, predicted: Option<Interval>) {
        let Some(i) = predicted else {
            return;
        };
        let held = meets(&i, e.recorded_at, e.observed_at);
        e.predicted = Some(i);
        e.held = Some(held);
        if !held {
            let at = e.recorded_at.unwrap_or(e.observed_at);
            e.hint = Some(hint(e.step, at > i.latest));
        }
    }

    /// A Cluster's new version.
    pub fn cluster(&mut self, new: Cluster, now: Timestamp) -> Vec<WatchEvent> {
        let Some(name) = new.metadata.name.clone() else {
            return Vec::new();
        };
        let old = match self.cluster_ix.get(&name) {
            Some(&i) => Some(std::mem::replace(&mut self.state.clusters[i], new.clone())),
            None => {
                self.state.clusters.push(new.clone());
                self.reindex();
                None
            }
        };
        if !self.follows(&new) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for seen in observe::cluster_steps(old.as_ref(), &new) {
            let mut e = self.event(seen, now);
            match e.step {
                Step::ReadyFalse | Step::ReadyUnknown => {
                    self.failing.entry(name.clone()).or_default().recovering = false;
                    self.predict(&name, now);
                }
                Step::ReadyTrue => {
                    if let Some(f) = self.failing.get_mut(&name) {
                        f.recovering = true;
                    }
                    // Back before any NoExecute taint: nothing more will be evicted.
                    if !noexecute(&new) {
                        self.moves
                            .retain(|(_, c), m| *c != name || m.evicted.is_some());
                    }
                }
                Step::TaintAdded => {
                    let predicted = self
                        .failing
                        .get(&name)
                        .and_then(|f| f.taints.iter().find(|t| t.taint == e.detail).map(|t| t.at));
                    Self::judge(&mut e, predicted);
                    if e.detail.ends_with(":NoExecute") {
                        self.failing.entry(name.clone()).or_default().taint_seen = true;
                        self.predict(&name, now);
                    }
                }
                Step::TaintRemoved if e.detail.ends_with(":NoExecute") && !noexecute(&new) => {
                    // The taint manager drops what it had not evicted.
                    self.moves
                        .retain(|(_, c), m| *c != name || m.evicted.is_some());
                }
                _ => {}
            }
            e.stage = self.stage(&name);
            out.push(e);
        }
        out.extend(self.settle(now));
        out
    }

    /// The followed clusters `new` leaves that the tracker does not know as failing yet:
    /// the binding's stream may deliver an eviction before the Cluster's stream delivers
    /// the change behind it, so the caller reads those Clusters first.
    pub fn unseen_failures(&self, new: &Binding) -> Vec<String> {
        let Some(&i) = self.binding_ix.get(&new.display_name()) else {
            return Vec::new();
        };
        self.state.bindings[i]
            .spec
            .clusters
            .iter()
            .map(|c| &c.name)
            .filter(|c| !observe::placed_on(new, c) && !self.failing.contains_key(*c))
            .filter(|c| self.state.cluster(c).is_some_and(|x| self.follows(x)))
            .cloned()
            .collect()
    }

    /// A binding's new version.
    pub fn binding(&mut self, new: Binding, now: Timestamp) -> Vec<WatchEvent> {
        let key = new.display_name();
        let old = match self.binding_ix.get(&key) {
            Some(&i) => std::mem::replace(&mut self.state.bindings[i], new.clone()),
            None => {
                self.binding_ix.insert(key, self.state.bindings.len());
                self.state.bindings.push(new);
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        let clusters: Vec<String> = self.failing.keys().cloned().collect();
        for c in clusters {
            out.extend(self.binding_on(&old, &new, &c, now));
        }
        out.extend(self.settle(now));
        out
    }

    fn binding_on(
        &mut self,
        old: &Binding,
        new: &Binding,
        cluster: &str,
        now: Timestamp,
    ) -> Vec<WatchEvent> {
        let key = (new.display_name(), cluster.to_string());
        let mut seen = Vec::new();
        if let Some(s) = observe::evicted(old, new, cluster) {
            let m = self.moves.entry(key.clone()).or_default();
            if m.evicted.is_none() {
                m.evicted = Some(s.recorded.unwrap_or(now));
                m.never = observe::task_from(new, cluster)
                    .is_some_and(|t| t.purge_mode.as_deref() == Some("Never"));
                let p = m.predicted.as_ref().and_then(|p| p.evicted);
                seen.push((s, p, None));
            }
        }
        let Some(m) = self.moves.get_mut(&key).filter(|m| m.evicted.is_some()) else {
            return Vec::new();
        };
        let base = |step, detail: String| Seen {
            step,
            cluster: cluster.to_string(),
            object: new.display_name(),
            resource_version: new.metadata.resource_version.clone(),
            recorded: None,
            detail,
        };
        if !m.replaced && observe::scheduled(new) && !observe::placed_on(new, cluster) {
            m.replaced = true;
            let placement = describe_placement(&new.spec.clusters);
            seen.push((base(Step::Replaced, placement), None, m.placement.clone()));
        }
        if m.replaced && !m.healthy && observe::healthy_everywhere(new) {
            m.healthy = true;
            seen.push((
                base(Step::Healthy, describe_placement(&new.spec.clusters)),
                None,
                None,
            ));
        }
        if !m.old_copy_gone
            && observe::task_from(old, cluster).is_some()
            && observe::task_from(new, cluster).is_none()
        {
            m.old_copy_gone = true;
            let p = m.predicted.as_ref().and_then(|p| p.old_copy_removed);
            seen.push((
                base(Step::OldCopyGone, format!("task from {cluster} removed")),
                p,
                None,
            ));
        }
        let mut out = Vec::new();
        for (s, predicted, placement) in seen {
            let mut e = self.event(s, now);
            Self::judge(&mut e, predicted);
            if let Some(p) = placement {
                e.held = Some(p == e.detail);
                e.predicted_placement = Some(p);
            }
            e.stage = self.stage(cluster);
            out.push(e);
        }
        out
    }

    /// Intervals that ended without their step.
    pub fn tick(&mut self, now: Timestamp) -> Vec<WatchEvent> {
        let mut out = Vec::new();
        let names: Vec<String> = self.failing.keys().cloned().collect();
        for name in names {
            let f = &self.failing[&name];
            let due = f
                .taints
                .iter()
                .filter(|t| t.taint.ends_with(":NoExecute"))
                .map(|t| t.at.latest)
                .max();
            if let Some(latest) =
                due.filter(|l| !f.taint_seen && !f.missed_taint && now > *l + OBSERVE_SLACK)
            {
                self.failing.get_mut(&name).unwrap().missed_taint = true;
                out.push(self.missing(
                    &name,
                    format!("cluster/{name}"),
                    Step::TaintAdded,
                    latest,
                    now,
                ));
            }
        }
        let keys: Vec<(String, String)> = self.moves.keys().cloned().collect();
        for key in keys {
            let m = &self.moves[&key];
            let Some(p) = m.predicted.clone() else {
                continue;
            };
            let tainted = self.state.cluster(&key.1).is_some_and(noexecute);
            if let Some(e) = p.evicted.filter(|e| {
                m.evicted.is_none()
                    && !m.missed_eviction
                    && tainted
                    && now > e.latest + OBSERVE_SLACK
            }) {
                self.moves.get_mut(&key).unwrap().missed_eviction = true;
                out.push(self.missing(&key.1, key.0.clone(), Step::Evicted, e.latest, now));
                continue;
            }
            if let Some(r) = p.old_copy_removed.filter(|r| {
                m.evicted.is_some()
                    && !m.old_copy_gone
                    && !m.missed_copy
                    && now > r.latest + OBSERVE_SLACK
            }) {
                self.moves.get_mut(&key).unwrap().missed_copy = true;
                out.push(self.missing(&key.1, key.0.clone(), Step::OldCopyGone, r.latest, now));
            }
        }
        out.extend(self.settle(now));
        out
    }

    fn missing(
        &mut self,
        cluster: &str,
        object: String,
        step: Step,
        latest: Timestamp,
        now: Timestamp,
    ) -> WatchEvent {
        let seen = Seen {
            step: Step::Missed,
            cluster: cluster.to_string(),
            object,
            resource_version: None,
            recorded: None,
            detail: format!("{} predicted by {latest}", step.as_str()),
        };
        let mut e = self.event(seen, now);
        e.held = Some(false);
        e.hint = Some(missed(step));
        e.stage = self.stage(cluster);
        e
    }

    fn cluster_done(&self, name: &str) -> bool {
        let Some(f) = self.failing.get(name) else {
            return false;
        };
        let moves_done = self
            .moves
            .iter()
            .filter(|((_, c), _)| c == name)
            .all(|(_, m)| m.done());
        let tainted = self.state.cluster(name).is_some_and(noexecute);
        if f.no_noexecute.is_some() && !tainted {
            return moves_done;
        }
        (f.taint_seen || f.recovering) && moves_done
    }

    /// Where `name` stands.
    pub fn stage(&self, name: &str) -> Stage {
        let Some(f) = self.failing.get(name) else {
            return Stage::Probing;
        };
        if self.cluster_done(name) {
            return if f.recovering {
                Stage::Recovering
            } else {
                Stage::Settled
            };
        }
        if f.recovering {
            return Stage::Recovering;
        }
        let evicting = self
            .moves
            .iter()
            .any(|((_, c), m)| c == name && m.evicted.is_some());
        let cluster = self.state.cluster(name);
        if evicting {
            Stage::Evicting
        } else if cluster.is_some_and(noexecute) {
            Stage::Tainted
        } else if cluster.and_then(observe::ready) == Some("Unknown") {
            Stage::ReadyUnknown
        } else {
            Stage::ReadyFalse
        }
    }

    /// Whether a failure was seen and nothing more is expected of it.
    pub fn settled(&self) -> bool {
        !self.failing.is_empty() && self.failing.keys().all(|n| self.cluster_done(n))
    }

    fn settle(&mut self, now: Timestamp) -> Vec<WatchEvent> {
        if self.settled_said || !self.settled() {
            return Vec::new();
        }
        self.settled_said = true;
        let p = self.progress();
        let seen = Seen {
            step: Step::Settled,
            cluster: self.failing.keys().cloned().collect::<Vec<_>>().join(","),
            object: String::new(),
            resource_version: None,
            recorded: None,
            detail: format!(
                "{} evicted of {} predicted, {} placed again, {} Healthy there, {} old copies gone, {} held",
                p.evicted, p.predicted, p.replaced, p.healthy, p.old_copies_gone, p.old_copies_held
            ),
        };
        let mut e = self.event(seen, now);
        e.stage = Stage::Settled;
        vec![e]
    }

    /// The counts so far.
    pub fn progress(&self) -> Progress {
        let mut p = Progress::default();
        for m in self.moves.values() {
            p.predicted += usize::from(m.expected());
            if m.evicted.is_some() {
                p.evicted += 1;
                p.replaced += usize::from(m.replaced);
                p.healthy += usize::from(m.healthy);
                p.old_copies_gone += usize::from(m.old_copy_gone);
                p.old_copies_held += usize::from(m.never && !m.old_copy_gone);
            }
        }
        p
    }

    /// What a screen shows at `now`.
    pub fn view(&self, now: Timestamp) -> View {
        let mut next: Vec<Pending> = self
            .moves
            .iter()
            .filter(|(_, m)| m.evicted.is_none() && m.expected())
            .filter_map(|((b, c), m)| {
                Some(Pending {
                    binding: b.clone(),
                    cluster: c.clone(),
                    at: m.predicted.as_ref()?.evicted?,
                })
            })
            .collect();
        next.sort_by_key(|p| (p.at.earliest, p.binding.clone()));
        let queue_depth = next.iter().filter(|p| p.at.earliest <= now).count();
        next.truncate(3);
        View {
            clusters: self
                .clusters()
                .into_iter()
                .map(|c| {
                    let s = self.stage(&c);
                    (c, s)
                })
                .collect(),
            progress: self.progress(),
            queue_depth,
            next,
        }
    }
}

#[cfg(test)]
#[path = "track/tests.rs"]
mod tests;
