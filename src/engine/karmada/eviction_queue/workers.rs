//! Upstream's eviction queues, simulated event by event.
//!
//! What karmada-controller-manager's taint manager does, and this module replays:
//! - It keeps two queues, one for ResourceBindings and one for ClusterResourceBindings,
//!   each served by `workers` goroutines (3).
//! - When a cluster carries a NoExecute taint, its bindings are listed at once and again
//!   every 10 s. From v1.16.8, v1.17.5, v1.18.2 (`enqueueBinding`): a binding due is
//!   added to its queue (a binding already queued is not queued twice), one tolerating
//!   for a while is added when its toleration ends, one tolerated forever is not added.
//!   Before ([`super::REQUEUE_TOLERATED`]; v1.15 too, where it costs nothing), every
//!   binding listed is added.
//! - A worker takes the oldest queued binding and decides at once: due (untolerated, or
//!   its toleration has run out) means it is evicted; tolerated for a while means it is
//!   added back when the toleration runs out; tolerated forever means nothing.
//!   Unreadable tolerations are an error: the binding is added back after the limiter's
//!   delay for it and the worker goes on at once.
//! - After every binding it processed without error (evicted or not), a worker sleeps
//!   `When(sentinel)` of the limiter ([`super::limiter`]): `1/rate`, 2 s by default, so
//!   each queue evicts 3 bindings at once, then 3 more every 2 s. v1.15 has no such
//!   pause ([`super::UNPACED_EVICTION`]).
//! - The listing's order is an informer index's map order, random: bindings listed
//!   together are taken in any order. Each binding's time is given for the input order,
//!   with the interval every order falls in (see [`bounds`]).
//! - A recovered cluster (taint removed) evicts nothing more; it is no longer re-listed.
//!
//! Processing takes no time; at one instant, additions come before workers waking, and
//! workers wake in index order. Stretches where nothing but identical re-lists happen
//! are skipped whole, so far-off tolerations cost no more than near ones.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, VecDeque};

use jiff::Timestamp;

use super::limiter::{dynamic_delay, Limiter, Ns, PACER_KEY};
use super::{
    timeline_of, to_ts, ClusterFault, ItemOutcome, QueueItem, QueueSummary, QueueTimeline,
    RatePeriod, REQUEUE_TOLERATED, UNPACED_EVICTION,
};
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::QueueSettings;
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::fleet::BindingKind;

/// Work done before the simulation gives up on what is still pending.
const MAX_STEPS: u64 = 20_000_000;

const SECOND: Ns = 1_000_000_000;

/// Simulate both queues. Times are taken relative to `now`; a cluster tainted before
/// `now` is (re-)listed at `now`.
pub fn simulate(
    items: &[QueueItem],
    faults: &[ClusterFault],
    fleet_size: usize,
    now: Timestamp,
    settings: &QueueSettings,
    version: KarmadaVersion,
) -> QueueTimeline {
    let origin = now.as_nanosecond();
    let rel = |t: Timestamp| -> Ns {
        (t.as_nanosecond() - origin).clamp(i128::from(Ns::MIN / 4), i128::from(Ns::MAX / 4)) as Ns
    };
    // Clusters: their first listing and recovery, relative to now.
    let mut clusters: Vec<(Ns, Option<Ns>)> = Vec::new();
    let mut index_of: HashMap<&str, usize> = HashMap::new();
    for f in faults {
        let since = rel(f.since).max(0);
        let recovered = f.recovered_at.map(rel);
        let i = *index_of.entry(f.cluster.as_str()).or_insert_with(|| {
            clusters.push((since, recovered));
            clusters.len() - 1
        });
        clusters[i].0 = clusters[i].0.min(since);
    }

    let mut outcomes: Vec<ItemOutcome> = vec![ItemOutcome::NotEvicted; items.len()];
    let mut between: Vec<Option<Interval>> = vec![None; items.len()];
    for kind in [
        BindingKind::ResourceBinding,
        BindingKind::ClusterResourceBinding,
    ] {
        let members: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].kind == kind)
            .filter(|&i| index_of.contains_key(items[i].cluster.as_str()))
            .collect();
        if members.is_empty() {
            continue;
        }
        let jobs: Vec<Job> = members
            .iter()
            .map(|&i| Job {
                cluster: index_of[items[i].cluster.as_str()],
                due: items[i].due.map(rel),
                unreadable: items[i].unreadable,
            })
            .collect();
        let ends = Queue::new(&jobs, &clusters, settings, version).run();
        for (k, b) in bounds(&jobs, &clusters, settings, version, &ends) {
            between[members[k]] = Some(Interval {
                earliest: to_ts(origin + i128::from(b.0)),
                latest: to_ts(origin + i128::from(b.1)),
            });
        }
        for (&i, end) in members.iter().zip(ends) {
            outcomes[i] = match end {
                End::Evicted(t) => ItemOutcome::Evicted {
                    at: to_ts(origin + i128::from(t)),
                },
                End::Dropped(t) => {
                    let at = to_ts(origin + i128::from(t));
                    ItemOutcome::Dropped {
                        at,
                        reason: Reason::new(
                            ReasonCode::QueueClusterRecovered,
                            format!(
                                "cluster {} recovered at {at} before the eviction of {} was processed",
                                items[i].cluster, items[i].binding
                            ),
                        ),
                    }
                }
                End::Horizon => ItemOutcome::Never {
                    reason: Reason::new(
                        ReasonCode::QueueBeyondHorizon,
                        format!(
                            "the eviction of {} lies beyond what the simulation follows of an overloaded queue",
                            items[i].binding
                        ),
                    ),
                },
                End::NotEvicted => ItemOutcome::NotEvicted,
            };
        }
    }

    let mut summary = QueueSummary::default();
    for o in &outcomes {
        match o {
            ItemOutcome::Evicted { .. } => summary.evicted += 1,
            ItemOutcome::Dropped { .. } => summary.dropped += 1,
            ItemOutcome::Never { .. } => summary.never += 1,
            _ => {}
        }
    }
    let rates = vec![RatePeriod {
        from: now,
        rate: settings.resource_eviction_rate,
        faulty_clusters: clusters.len(),
        total_clusters: fleet_size.max(clusters.len()),
        reason: Reason::new(ReasonCode::QueuePaced, pace(settings, version)),
    }];
    let mut items = timeline_of(items, outcomes);
    for (item, b) in items.iter_mut().zip(between) {
        item.between = b;
    }
    QueueTimeline {
        items,
        rates,
        summary,
    }
}

/// The queues' pace in `version`, in words.
fn pace(settings: &QueueSettings, version: KarmadaVersion) -> String {
    let rate = settings.resource_eviction_rate;
    let pause = dynamic_delay(rate as f32);
    let workers = settings.workers_per_queue.max(1);
    if UNPACED_EVICTION.holds_in(version) {
        format!(
            "upstream {version}: ResourceBindings and ClusterResourceBindings each have a queue of {workers} workers that never pause (no paced eviction before v1.16, karmada#6675): every binding due is evicted as soon as its cluster is listed"
        )
    } else {
        let requeue = if REQUEUE_TOLERATED.holds_in(version) {
            format!(
                "; in {version} every re-list (10 s) adds the tolerated bindings too, and each costs a pause (karmada#7612, fixed in v1.16.8, v1.17.5, v1.18.2)"
            )
        } else {
            String::new()
        };
        format!(
            "upstream {version}: ResourceBindings and ClusterResourceBindings each have a queue of {workers} workers; a worker pauses {} after every binding it processes (resource-eviction-rate {rate}/s), so each queue evicts {workers} at once, then {workers} every {}{requeue}",
            seconds(pause),
            seconds(pause)
        )
    }
}

/// `2s`, `333.333344ms`.
fn seconds(ns: Ns) -> String {
    if ns % SECOND == 0 {
        format!("{}s", ns / SECOND)
    } else {
        format!("{:?}", std::time::Duration::from_nanos(ns.max(0) as u64))
    }
}

/// Upstream lists a cluster's bindings in map order, so which of the bindings listed
/// together goes first is random. Bindings alike (same cluster, same due time, same
/// readability) trade places freely: each can get any of the times the group gets. So
/// each binding's interval is the earliest and the latest time of its group, over the
/// input order and, where the order of unlike bindings matters too (the re-list of
/// tolerated bindings, [`REQUEUE_TOLERATED`]), over the two extreme orders: bindings due
/// first listed first, and listed last. Returns `(job, (earliest, latest))` for every
/// evicted job whose interval is not a single instant.
fn bounds(
    jobs: &[Job],
    clusters: &[(Ns, Option<Ns>)],
    settings: &QueueSettings,
    version: KarmadaVersion,
    ends: &[End],
) -> Vec<(usize, (Ns, Ns))> {
    type Group = (usize, Option<Ns>, bool);
    let group = |j: &Job| -> Group { (j.cluster, j.due, j.unreadable) };
    let mut span: HashMap<Group, (Ns, Ns)> = HashMap::new();
    let mut note = |g: Group, end: End| {
        if let End::Evicted(t) = end {
            let e = span.entry(g).or_insert((t, t));
            e.0 = e.0.min(t);
            e.1 = e.1.max(t);
        }
    };
    for (job, end) in jobs.iter().zip(ends) {
        note(group(job), *end);
    }
    if REQUEUE_TOLERATED.holds_in(version) {
        // Due first (earliest due first, tolerated forever last), then the reverse.
        let mut order: Vec<usize> = (0..jobs.len()).collect();
        order.sort_by_key(|&j| (jobs[j].due.is_none(), jobs[j].due));
        for pass in 0..2 {
            if pass == 1 {
                order.reverse();
            }
            let permuted: Vec<Job> = order
                .iter()
                .map(|&j| Job {
                    cluster: jobs[j].cluster,
                    due: jobs[j].due,
                    unreadable: jobs[j].unreadable,
                })
                .collect();
            let ends = Queue::new(&permuted, clusters, settings, version).run();
            for (job, end) in permuted.iter().zip(ends) {
                note(group(job), end);
            }
        }
    }
    jobs.iter()
        .enumerate()
        .filter(|(j, _)| matches!(ends[*j], End::Evicted(_)))
        .filter_map(|(j, job)| {
            let (lo, hi) = span[&group(job)];
            (lo < hi).then_some((j, (lo, hi)))
        })
        .collect()
}

/// One binding on one faulty cluster.
struct Job {
    cluster: usize,
    due: Option<Ns>,
    unreadable: bool,
}

/// How a job ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Evicted(Ns),
    Dropped(Ns),
    Horizon,
    NotEvicted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum What {
    /// The cluster's NoExecute taint lands: the taint manager lists its bindings for the
    /// first time (never moved by the skipping of idle re-lists).
    Taint(usize),
    /// The taint manager lists the cluster's bindings again (additions come first at an
    /// instant).
    Relist(usize),
    /// A delayed addition of a job becomes due.
    Ready(usize),
    /// The cluster's NoExecute taint goes away.
    Recover(usize),
    /// A worker ends its pause.
    Wake(usize),
}

impl What {
    fn class(self) -> u8 {
        match self {
            What::Recover(_) => 0,
            What::Taint(_) | What::Relist(_) | What::Ready(_) => 1,
            What::Wake(_) => 2,
        }
    }
}

/// One queue and its workers.
struct Queue<'a> {
    jobs: &'a [Job],
    by_cluster: Vec<Vec<usize>>,
    /// Per cluster, its jobs neither queued nor evicted: what a re-list adds (a
    /// saturated queue holds most jobs, so a re-list does not walk them all).
    out: Vec<BTreeSet<usize>>,
    relist: Ns,
    /// Every re-list adds every binding listed (before the fix of karmada#7613).
    requeue_all: bool,
    /// Workers pause after each binding (from v1.16).
    paced: bool,
    limiter: Limiter,
    events: BinaryHeap<Reverse<(Ns, u8, u64, What)>>,
    seq: u64,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    waiting_until: Vec<Option<Ns>>,
    idle: VecDeque<usize>,
    workers: usize,
    recovered: Vec<bool>,
    ends: Vec<End>,
    open: usize,
    /// Whether the last re-list found the queue at rest, and the evictions by then.
    at_rest: Option<usize>,
    settled: usize,
}

impl<'a> Queue<'a> {
    fn new(
        jobs: &'a [Job],
        clusters: &'a [(Ns, Option<Ns>)],
        s: &QueueSettings,
        version: KarmadaVersion,
    ) -> Self {
        let mut by_cluster = vec![Vec::new(); clusters.len()];
        for (j, job) in jobs.iter().enumerate() {
            by_cluster[job.cluster].push(j);
        }
        let out = by_cluster
            .iter()
            .map(|js| js.iter().copied().collect())
            .collect();
        let ends: Vec<End> = jobs.iter().map(|_| End::NotEvicted).collect();
        let open = jobs
            .iter()
            .filter(|j| j.due.is_some() && !j.unreadable)
            .count();
        let mut q = Queue {
            jobs,
            by_cluster,
            out,
            relist: s.relist_seconds.max(1) * SECOND,
            requeue_all: REQUEUE_TOLERATED.holds_in(version) || UNPACED_EVICTION.holds_in(version),
            paced: !UNPACED_EVICTION.holds_in(version),
            limiter: Limiter::new(s.resource_eviction_rate as f32, s.rate_limiter),
            events: BinaryHeap::new(),
            seq: 0,
            queue: VecDeque::new(),
            queued: vec![false; jobs.len()],
            waiting_until: vec![None; jobs.len()],
            idle: (0..s.workers_per_queue.max(1)).collect(),
            workers: s.workers_per_queue.max(1),
            recovered: vec![false; clusters.len()],
            ends,
            open,
            at_rest: None,
            settled: 0,
        };
        for (c, &(since, recovered)) in clusters.iter().enumerate() {
            if !q.by_cluster[c].is_empty() {
                q.push(since, What::Taint(c));
                if let Some(r) = recovered {
                    q.push(r, What::Recover(c));
                }
            }
        }
        q
    }

    fn push(&mut self, t: Ns, what: What) {
        let order = match what {
            What::Wake(w) => w as u64,
            _ => {
                self.seq += 1;
                self.seq
            }
        };
        self.events.push(Reverse((t, what.class(), order, what)));
    }

    fn run(mut self) -> Vec<End> {
        let mut steps = 0u64;
        while self.open > 0 {
            let Some(Reverse((t, _, _, what))) = self.events.pop() else {
                break;
            };
            steps += 1;
            if steps > MAX_STEPS {
                break;
            }
            match what {
                What::Taint(c) => self.list(c, t),
                What::Relist(c) => self.relist(c, t),
                What::Ready(j) => {
                    if self.waiting_until[j] == Some(t) {
                        self.waiting_until[j] = None;
                        self.add(j, t);
                    }
                }
                What::Recover(c) => self.recover(c, t),
                What::Wake(w) => {
                    self.limiter.forget(PACER_KEY);
                    self.idle.push_back(w);
                    self.dispatch(t);
                }
            }
        }
        for (j, end) in self.ends.iter_mut().enumerate() {
            let job = &self.jobs[j];
            if *end == End::NotEvicted && job.due.is_some() && !job.unreadable {
                *end = End::Horizon;
            }
        }
        self.ends
    }

    fn relist(&mut self, c: usize, t: Ns) {
        if self.recovered[c] {
            return;
        }
        if self.skip_idle_relists(c, t) {
            return;
        }
        self.list(c, t);
    }

    /// List the cluster's bindings: add every job not evicted, and re-list later.
    fn list(&mut self, c: usize, t: Ns) {
        if self.recovered[c] {
            return;
        }
        // Every job not evicted, in job order; the queued ones are already in the queue.
        for j in std::mem::take(&mut self.out[c]) {
            let job = &self.jobs[j];
            if self.requeue_all || job.unreadable {
                self.add(j, t);
                continue;
            }
            // `enqueueBinding`: due now is added, due later is added when it is due,
            // tolerated forever is not added. Neither of the last two changes at a later
            // re-list (the due time is fixed), so they leave the re-list set.
            match job.due {
                Some(due) if due <= t => self.add(j, t),
                Some(due) => self.add_after(j, due),
                None => {}
            }
        }
        self.push(t + self.relist, What::Relist(c));
    }

    /// At a re-list that finds the queue at rest (nothing queued, every worker idle, the
    /// token bucket full), twice in a row with nothing settled in between, every
    /// re-list until the next other event repeats the same work: move the re-lists
    /// (this one too) forward by whole periods instead. Returns whether it did.
    fn skip_idle_relists(&mut self, c: usize, t: Ns) -> bool {
        let rest =
            self.queue.is_empty() && self.idle.len() == self.workers && self.limiter.at_rest(t);
        let steady = rest && self.at_rest == Some(self.settled);
        self.at_rest = rest.then_some(self.settled);
        if !steady {
            return false;
        }
        let next_other = self
            .events
            .iter()
            .filter(|Reverse((_, _, _, w))| !matches!(w, What::Relist(_)))
            .map(|Reverse((at, _, _, _))| *at)
            .min();
        let Some(next_other) = next_other else {
            return false;
        };
        let periods = (next_other - t) / self.relist - 2;
        if periods < 1 {
            return false;
        }
        let shift = periods * self.relist;
        let events: Vec<Reverse<(Ns, u8, u64, What)>> = self
            .events
            .drain()
            .map(|Reverse((at, class, order, w))| {
                let at = if matches!(w, What::Relist(_)) {
                    at + shift
                } else {
                    at
                };
                Reverse((at, class, order, w))
            })
            .collect();
        self.events = events.into();
        self.push(t + shift, What::Relist(c));
        self.at_rest = None;
        true
    }

    fn recover(&mut self, c: usize, t: Ns) {
        self.recovered[c] = true;
        for k in 0..self.by_cluster[c].len() {
            let j = self.by_cluster[c][k];
            let job = &self.jobs[j];
            if self.ends[j] == End::NotEvicted && job.due.is_some() && !job.unreadable {
                self.ends[j] = End::Dropped(t);
                self.open -= 1;
                self.settled += 1;
            }
        }
    }

    fn add(&mut self, j: usize, t: Ns) {
        if !self.queued[j] {
            self.queued[j] = true;
            self.out[self.jobs[j].cluster].remove(&j);
            self.queue.push_back(j);
        }
        self.dispatch(t);
    }

    fn add_after(&mut self, j: usize, at: Ns) {
        if self.waiting_until[j].is_none_or(|w| at < w) {
            self.waiting_until[j] = Some(at);
            self.push(at, What::Ready(j));
        }
    }

    fn dispatch(&mut self, t: Ns) {
        while !self.queue.is_empty() {
            let Some(w) = self.idle.pop_front() else {
                return;
            };
            let j = self.queue.pop_front().expect("not empty");
            self.queued[j] = false;
            self.process(j, w, t);
        }
    }

    fn process(&mut self, j: usize, w: usize, t: Ns) {
        let job = &self.jobs[j];
        let live = !self.recovered[job.cluster] && !matches!(self.ends[j], End::Evicted(_));
        if live && job.unreadable {
            // An error: added back after the limiter's delay for this binding; the
            // worker goes on at once.
            let delay = self.limiter.when(j as u64, t);
            self.add_after(j, t + delay);
            self.out[job.cluster].insert(j);
            self.idle.push_front(w);
            return;
        }
        if live {
            match job.due {
                Some(due) if due <= t => {
                    self.ends[j] = End::Evicted(t);
                    self.open -= 1;
                    self.settled += 1;
                }
                Some(due) => self.add_after(j, due),
                None => {}
            }
        }
        if !matches!(self.ends[j], End::Evicted(_)) {
            self.out[job.cluster].insert(j);
        }
        self.limiter.forget(j as u64);
        if !self.paced {
            self.idle.push_front(w);
            return;
        }
        let pause = self.limiter.when(PACER_KEY, t);
        self.push(t.saturating_add(pause), What::Wake(w));
    }
}
