//! The scheduler in a failover burst: each leaving binding taken up in the scheduler's
//! order and placed as it sees the clusters' room ([`BurstModel`]: stale summaries,
//! a refresh between placements, or its in-flight assumptions). What the placements
//! leave Pending is [`super::fit`]'s; the report, [`super::capacity`]'s.
//!
//! Upstream: `pkg/scheduler/scheduler.go` (`updateAssumptionsCache`),
//! `pkg/scheduler/event_handler.go`, `pkg/scheduler/internal/queue` (priority queue).
//! Karmada: master f8fdd02, v1.18.2.

use jiff::Timestamp;
use serde::Serialize;

use super::eviction::evicted_spec;
use crate::api::{BindingSpec, TargetCluster};
use crate::engine::karmada::estimator::ReplicaRequest;
use crate::engine::karmada::scheduler::{
    FleetIndex, Room, OVERCOMMIT_PROTECTION_KNOWN, PRIORITY_SCHEDULING_DEFAULT,
};
use crate::engine::vocabulary::reason::Reason;
use crate::engine::vocabulary::settings::{ControllerSettings, PurgeMode};
use crate::fleet::Binding;

/// How the scheduler sees room during a burst of placements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BurstModel {
    /// Every placement against the summaries as they were before the burst.
    #[default]
    Stale,
    /// A status refresh between every two placements.
    Refreshed,
    /// `SchedulingOvercommitProtection`: each placement assumed until Healthy.
    Tracked,
}

impl BurstModel {
    /// The words reports print.
    pub fn describe(self) -> &'static str {
        match self {
            BurstModel::Stale => "stale summaries, each binding placed as if alone",
            BurstModel::Refreshed => "a status refresh between placements",
            BurstModel::Tracked => {
                "in-flight placements taken off (SchedulingOvercommitProtection)"
            }
        }
    }
}

/// How the scheduler of `settings` sees a burst: tracked when the release has
/// `SchedulingOvercommitProtection` and it is on, else stale.
pub fn burst_model(settings: &ControllerSettings) -> BurstModel {
    let known = OVERCOMMIT_PROTECTION_KNOWN.holds_in(settings.karmada_version);
    if known && settings.scheduling_overcommit_protection {
        BurstModel::Tracked
    } else {
        BurstModel::Stale
    }
}

/// Whether the scheduler of `settings` takes bindings up by priority: the gate as set,
/// else the release's default.
pub fn by_priority(settings: &ControllerSettings) -> bool {
    settings
        .priority_based_scheduling
        .unwrap_or_else(|| PRIORITY_SCHEDULING_DEFAULT.holds_in(settings.karmada_version))
}

/// One binding that leaves clusters, and when its eviction lands.
#[derive(Clone, Debug)]
pub struct Leaving<'b> {
    pub binding: &'b Binding,
    /// `rb/NS/NAME` or `crb/NAME`.
    pub key: String,
    /// The clusters it leaves, and how.
    pub gone: Vec<(String, PurgeMode)>,
    /// When the last of its evictions lands (the scheduler takes it up then).
    pub at: Option<Timestamp>,
    /// The scheduler's result when it does not depend on the room (a binding placed on
    /// every feasible cluster: [`crate::engine::karmada::scheduler::places_everywhere`]),
    /// worked out once: fleet positions and replicas, or why nowhere.
    pub known: Option<Result<Vec<(u32, i32)>, Reason>>,
}

impl Leaving<'_> {
    /// The spec the scheduler sees once every eviction landed.
    fn evicted(&self) -> BindingSpec {
        evicted_from(self.binding, &self.gone)
    }
}

/// `binding`'s spec once the evictions from `gone` landed.
pub fn evicted_from(binding: &Binding, gone: &[(String, PurgeMode)]) -> BindingSpec {
    let gone: Vec<(&str, PurgeMode)> = gone.iter().map(|(c, m)| (c.as_str(), *m)).collect();
    evicted_spec(&binding.spec, &gone)
}

/// Where a binding goes, by fleet position: before and after (`None`: nowhere).
#[derive(Clone, Debug)]
pub struct Placed<'b> {
    pub binding: &'b Binding,
    pub key: String,
    /// The clusters it left, and how.
    pub gone: Vec<(String, PurgeMode)>,
    pub priority: i32,
    pub at: Option<Timestamp>,
    pub request: ReplicaRequest,
    /// Where it was, by fleet position (sorted; a cluster listed twice keeps the order
    /// of the result among its entries).
    pub before: Vec<(u32, i32)>,
    pub after: Option<Vec<(u32, i32)>>,
    /// Why the scheduler placed it nowhere (a burst's own placements only).
    pub error: Option<Reason>,
}

impl<'b> Placed<'b> {
    /// `l` placed at `after` (fleet positions and replicas; `None`: nowhere).
    pub fn new(index: &FleetIndex, l: &Leaving<'b>, after: Option<Vec<(u32, i32)>>) -> Self {
        let spec = &l.binding.spec;
        let mut before = positions(index, &spec.clusters);
        before.sort_by_key(|&(at, _)| at);
        Placed {
            binding: l.binding,
            key: l.key.clone(),
            gone: l.gone.clone(),
            priority: spec.schedule_priority_value(),
            at: l.at,
            request: ReplicaRequest::new(spec.replica_requirements.as_deref()),
            before,
            after,
            error: None,
        }
    }

    /// Replicas new on each cluster (more than it had before).
    pub fn arriving(&self) -> impl Iterator<Item = (u32, i64)> + '_ {
        self.after.iter().flatten().filter_map(|&(at, replicas)| {
            // The first entry of the cluster, as the result lists it.
            let first = self.before.partition_point(|&(b, _)| b < at);
            let was = match self.before.get(first) {
                Some(&(b, r)) if b == at => r,
                _ => 0,
            };
            (replicas > was).then_some((at, i64::from(replicas - was)))
        })
    }
}

/// The scheduler's order: evictions as they land, higher priority first among those
/// that land together when `PriorityBasedScheduling` is on, then by name.
pub fn order(placed: &mut [Placed], by_priority: bool) {
    placed.sort_by(|a, b| turn(a, b, by_priority));
}

fn turn(a: &Placed, b: &Placed, by_priority: bool) -> std::cmp::Ordering {
    let when = a.at.cmp(&b.at);
    let priority = if by_priority {
        b.priority.cmp(&a.priority)
    } else {
        std::cmp::Ordering::Equal
    };
    when.then(priority).then_with(|| a.key.cmp(&b.key))
}

/// Positions and replicas of `clusters` in `index`.
pub fn positions(index: &FleetIndex, clusters: &[TargetCluster]) -> Vec<(u32, i32)> {
    clusters
        .iter()
        .filter_map(|t| Some((index.position(&t.name)? as u32, t.replicas)))
        .collect()
}

/// Place every leaving binding as the scheduler would in a burst seen as `model`, in the
/// scheduler's order (`by_priority`: `PriorityBasedScheduling`).
pub fn burst<'b>(
    index: &FleetIndex,
    leaving: &[Leaving<'b>],
    model: BurstModel,
    by_priority: bool,
) -> Vec<Placed<'b>> {
    let mut turns: Vec<(Placed<'b>, &Leaving<'b>)> = leaving
        .iter()
        .map(|l| (Placed::new(index, l, None), l))
        .collect();
    turns.sort_by(|(a, _), (b, _)| turn(a, b, by_priority));
    let mut room = Room::default();
    let mut placed = Vec::with_capacity(turns.len());
    for (mut p, l) in turns {
        match &l.known {
            Some(Ok(after)) => p.after = Some(after.clone()),
            Some(Err(why)) => p.error = Some(why.clone()),
            None => {
                let spec = l.evicted();
                let observed = l.binding.observed_affinity();
                let prediction = match model {
                    BurstModel::Stale => index.predict(&spec, observed),
                    _ => index.predict_with(&spec, observed, &room),
                };
                match prediction {
                    Ok(pr) => p.after = Some(positions(index, &pr.clusters)),
                    Err(e) => p.error = Some(e.reason()),
                }
            }
        }
        match model {
            BurstModel::Stale => {}
            BurstModel::Refreshed => {
                for (at, n) in p.arriving().collect::<Vec<_>>() {
                    room.get_mut(index, at as usize).assume(&p.request, n);
                }
            }
            // Upstream assumes each cluster's whole replica count of the new result.
            BurstModel::Tracked => {
                for &(at, n) in p.after.iter().flatten() {
                    room.get_mut(index, at as usize)
                        .assume(&p.request, i64::from(n));
                }
            }
        }
        placed.push(p);
    }
    placed
}
