//! Placement prediction: what upstream Karmada's scheduler decides for a binding, run
//! locally (families `select_clusters` and `schedule_after_eviction`).
//!
//! One scheduling cycle, as upstream runs it:
//! 1. **Filters** (a cluster must pass all): not being deleted; cluster eviction (a
//!    cluster with a graceful eviction task for this binding is excluded, so evicted
//!    replicas never return to it in the same cycle); API enablement (a cluster not already
//!    in the result must list the workload's group/version and kind); taint toleration
//!    (`NoSchedule`/`NoExecute` taints must be tolerated, except on clusters already in the
//!    result); cluster affinity; spread constraint (a cluster must have the provider,
//!    region or zones a constraint spreads by).
//! 2. **Score**: ClusterLocality gives 100 to clusters already in the result.
//! 3. **Selection**: without spread constraints every feasible cluster; with a cluster
//!    constraint the best `maxGroups` clusters with enough capacity; with a region
//!    constraint whole regions; a static-weight placement ignores spread constraints.
//! 4. **Assignment**: see [`division`].
//!
//! With `clusterAffinities`, the terms are tried in order and the first that schedules
//! wins. [`FleetIndex`] precomputes everything per cluster so that predicting many
//! bindings over a large fleet stays cheap; [`Prediction::explain`] says, per cluster,
//! why it was or was not chosen.
//!
//! Upstream: `pkg/scheduler/core/generic_scheduler.go` (`genericScheduler.Schedule`),
//! the filter and score plugins of `pkg/scheduler/framework/plugins/` (apienablement,
//! tainttoleration, clusteraffinity, spreadconstraint, clustereviction,
//! clusterlocality), `pkg/scheduler/core/spreadconstraint/` (selection),
//! `pkg/scheduler/core/assignment.go` and `division_algorithm.go` (assignment), and
//! `pkg/scheduler/scheduler.go` (`scheduleResourceBindingWithClusterAffinities`).
//! Conformance: `select_clusters`, `schedule_after_eviction`, `replica_assignment`,
//! `webster_division`.
//! Karmada: master f8fdd02.

mod diagnosis;
pub mod division;
mod filter;
mod select;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::api::cluster::Cluster;
use crate::api::policy::ClusterAffinityTerm;
use crate::api::{BindingSpec, ClusterAffinity, Placement, Taint, TargetCluster};

use crate::engine::karmada::cluster_affinity::CompiledAffinity;
use crate::engine::karmada::estimator::accurate::Estimators;
use crate::engine::karmada::estimator::{ClusterCapacity, ReplicaRequest};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use division::{AssignError, AssignmentMode, Strategy};

pub use diagnosis::{ClusterVerdict, CODE_NOT_SELECTED, CODE_SELECTED, CODE_SELECTED_NO_REPLICAS};
pub use filter::{blocks_placement, passes_filters, FilterCode};
pub use select::{assign_to_candidates, select_clusters};

use crate::engine::vocabulary::version::{
    Behaviour, Handling, KarmadaVersion, KarmadaVersion as V, Range,
};
use filter::{api_key, cluster_name, BindingCtx, Marks, DEFAULT_PLACEMENT};
use select::{assign, select, Scored};

/// Before v1.16, static-weight division is floor plus remainder with random ties.
pub const RANDOM_APPORTIONMENT: Behaviour = Behaviour {
    id: "random-apportionment",
    what: "static-weight replica division gives each cluster the floor of its share and hands the remainder out with ties broken at random, so one binding can land more than one way (Webster with the UID-hash tie-break from v1.16.0)",
    holds: &[Range::between(V::release(15, 0), V::release(16, 0))],
    upstream: "karmada#6793, karmada#6837",
    handling: Handling::Finding("version-random-apportionment"),
};

/// Before v1.16, a workload scaled to zero counts as a non-workload.
pub const ZERO_REPLICA_WORKLOADS: Behaviour = Behaviour {
    id: "zero-replica-workloads",
    what: "a Divided workload scaled to zero (replicas 0, with replicaRequirements) is scheduled as a non-workload: placed on every feasible cluster instead of assigned replicas (IsWorkload from v1.16.0)",
    holds: &[Range::between(V::release(15, 0), V::release(16, 0))],
    upstream: "karmada#6881, karmada#6906",
    handling: Handling::Finding("version-zero-replica-workload"),
};

/// The scheduler panics on a spread constraint group without clusters.
pub const SPREAD_PANIC: Behaviour = Behaviour {
    id: "scheduler-spread-panic",
    what: "the scheduler divides by zero and panics on a Duplicated binding whose spread constraints group by region, zone or provider, so nothing is re-placed",
    holds: &[
        Range::between(V::release(15, 0), V::release(15, 6)),
        Range::between(V::release(16, 0), V::release(16, 3)),
    ],
    upstream: "karmada#7154 (fixed in v1.15.6, v1.16.3, v1.17.0)",
    handling: Handling::Finding("version-scheduler-spread-panic"),
};

/// PriorityBasedScheduling on by default.
pub const PRIORITY_SCHEDULING_DEFAULT: Behaviour = Behaviour {
    id: "priority-scheduling-default",
    what: "the scheduler's PriorityBasedScheduling gate is on by default (beta): bindings are re-placed in priority order",
    holds: &[Range::since(V::MASTER)],
    upstream: "karmada#7845",
    handling: Handling::Modelled("predict::capacity"),
};

/// The `SchedulingOvercommitProtection` gate exists (alpha, off by default).
pub const OVERCOMMIT_PROTECTION_KNOWN: Behaviour = Behaviour {
    id: "overcommit-protection-known",
    what: "the scheduler has the SchedulingOvercommitProtection gate (alpha, off by default): when on, placements in flight are taken off the room later placements see until the workload is Healthy",
    holds: &[Range::since(V::release(18, 0))],
    upstream: "karmada v1.18.0 (pkg/features, pkg/scheduler/cache)",
    handling: Handling::Modelled("predict::capacity"),
};

/// ClusterAffinities fail back to an earlier term on an explicit reschedule.
pub const AFFINITIES_FAILBACK: Behaviour = Behaviour {
    id: "cluster-affinities-failback",
    what: "an explicit reschedule of a binding with clusterAffinities tries the terms again from the first, so it can move back to the preferred group; before, it starts from the term last observed, as every scheduling does",
    holds: &[Range::since(V::rc(19))],
    upstream: "karmada#5425 (pkg/scheduler/scheduler.go: scheduleResourceBindingWithClusterAffinities)",
    handling: Handling::Modelled("karmada::scheduler"),
};

/// overflowAffinities exist.
pub const OVERFLOW_AFFINITIES: Behaviour = Behaviour {
    id: "overflow-affinities",
    what: "clusterAffinities terms may carry overflowAffinities: clusters that take what the term's own clusters cannot",
    holds: &[Range::since(V::release(18, 0))],
    upstream: "karmada v1.18.0",
    handling: Handling::LeftOut(
        "the scheduler twin does not place overflow at any version yet; the webhook rules for the field are modelled",
    ),
};

/// How a placement spreads replicas, as upstream reads it
/// (`Placement.ReplicaSchedulingType()`, `pkg/apis/policy/v1alpha1`): the one place the
/// tool reads `replicaScheduling.replicaSchedulingType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplicaSchedulingType {
    /// No `replicaScheduling` (or no placement at all), or `Duplicated`: every selected
    /// cluster gets every replica.
    Duplicated,
    /// `Divided`: replicas are split over the selected clusters.
    Divided,
    /// Anything else, an empty type included (the CRD defaults it to `Divided`; a spec
    /// that skipped the API server can lack it).
    Other,
}

/// Upstream's `Placement.ReplicaSchedulingType()`.
pub fn replica_scheduling_type(placement: Option<&crate::api::Placement>) -> ReplicaSchedulingType {
    let Some(rs) = placement.and_then(|p| p.replica_scheduling.as_ref()) else {
        return ReplicaSchedulingType::Duplicated;
    };
    match rs.replica_scheduling_type.as_deref() {
        Some("Duplicated") => ReplicaSchedulingType::Duplicated,
        Some("Divided") => ReplicaSchedulingType::Divided,
        _ => ReplicaSchedulingType::Other,
    }
}

/// Whether the scheduler schedules the binding again on every change of its spec
/// (`doScheduleBinding` in `pkg/scheduler/scheduler.go`: a Duplicated binding or one
/// that is not a workload): a cluster an eviction task kept out comes back as soon as
/// the task is removed.
pub fn rescheduled_on_every_change(spec: &crate::api::BindingSpec) -> bool {
    spec.replicas.unwrap_or(0) == 0
        || replica_scheduling_type(spec.placement.as_deref()) == ReplicaSchedulingType::Duplicated
}

/// Whether the scheduler's result for `spec` is every cluster that passes its filters,
/// each with all the replicas, whatever the clusters' room: Duplicated, one cluster
/// affinity (no `clusterAffinities` terms) and no spread constraints, so the selection
/// keeps every candidate and `assignByDuplicatedStrategy` gives each the replicas
/// (`pkg/scheduler/core/assignment.go`). Evicting a cluster then only takes it out:
/// [`FleetIndex::everywhere_but`].
pub fn places_everywhere(spec: &BindingSpec) -> bool {
    spec.placement.as_ref().is_some_and(|p| {
        replica_scheduling_type(Some(p)) == ReplicaSchedulingType::Duplicated
            && p.cluster_affinities.is_empty()
            && p.spread_constraints.is_empty()
    })
}

/// Upstream's `getAffinityIndex`: the position of the term named `observed` among the
/// spec's `clusterAffinities`; none, or a name no term has, is the first.
pub fn first_term(spec: &BindingSpec, observed: Option<&str>) -> usize {
    term_named(spec.placement.as_deref(), observed)
}

fn term_named(placement: Option<&Placement>, observed: Option<&str>) -> usize {
    let terms = placement
        .map(|p| p.cluster_affinities.as_slice())
        .unwrap_or_default();
    observed
        .filter(|o| !o.is_empty())
        .and_then(|o| terms.iter().position(|t| t.affinity_name == o))
        .unwrap_or(0)
}

/// Score ClusterLocality gives a cluster already in the binding's result.
pub const LOCALITY_SCORE: i64 = 100;

/// Why no placement could be predicted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PlacementError {
    /// Every cluster was filtered out.
    #[error("no feasible cluster: all {total} clusters were filtered out")]
    NoFeasibleCluster {
        /// Clusters considered.
        total: usize,
    },
    /// The spread constraints cannot be met (too few clusters or regions).
    #[error("spread constraints cannot be satisfied: {message}")]
    SpreadConstraintUnsatisfied {
        /// Upstream's explanation.
        message: String,
    },
    /// Spread constraints other than by cluster and region (upstream supports only these).
    #[error("only cluster and region spread constraints are supported")]
    UnsupportedSpreadConstraint,
    /// The replica scheduling strategy is not supported.
    #[error("unsupported replica scheduling strategy")]
    UnsupportedStrategy,
    /// The selected clusters cannot take the replicas.
    #[error("not enough capacity: clusters can take {available} replicas, {needed} needed")]
    InsufficientCapacity {
        /// Replicas the clusters can take.
        available: i64,
        /// Replicas needed.
        needed: i64,
    },
}

impl PlacementError {
    /// The stable reason code and a sentence.
    pub fn reason(&self) -> Reason {
        let code = match self {
            PlacementError::NoFeasibleCluster { .. } => ReasonCode::NoFeasibleCluster,
            PlacementError::SpreadConstraintUnsatisfied { .. } => {
                ReasonCode::SpreadConstraintUnsatisfied
            }
            PlacementError::UnsupportedSpreadConstraint => ReasonCode::UnsupportedSpreadConstraint,
            PlacementError::UnsupportedStrategy => ReasonCode::UnsupportedStrategy,
            PlacementError::InsufficientCapacity { .. } => ReasonCode::InsufficientCapacity,
        };
        Reason::new(code, self.to_string())
    }
}

impl From<AssignError> for PlacementError {
    fn from(e: AssignError) -> Self {
        match e {
            AssignError::NoCandidates => PlacementError::NoFeasibleCluster { total: 0 },
            AssignError::UnsupportedStrategy => PlacementError::UnsupportedStrategy,
            AssignError::InsufficientCapacity { available, needed } => {
                PlacementError::InsufficientCapacity { available, needed }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Fleet index

/// Per-cluster data computed once for many predictions: the fleet as it is, shared
/// (cheaply cloned) by every scenario of it, and the few clusters a scenario changes
/// (a loss's or a drain's taints, an outage's conditions) in place of theirs, so that a
/// sweep over a thousand losses indexes the fleet once, not once per loss.
#[derive(Clone, Debug)]
pub struct FleetIndex<'a> {
    fleet: Arc<Indexed<'a>>,
    /// The scenario's clusters in place of the fleet's, by position (few; sorted).
    changed: Vec<Changed<'a>>,
}

/// The fleet as indexed once.
#[derive(Debug)]
struct Indexed<'a> {
    clusters: &'a [Cluster],
    by_name: foldhash::HashMap<&'a str, usize>,
    /// Each cluster's place in the order of names (equal names, equal places): the
    /// scheduler's ties between clusters are broken by name, compared as these.
    rank: Vec<u32>,
    /// Whether two clusters share a name (then names are matched one by one).
    duplicate_names: bool,
    /// `api_key(group/version, kind)` -> bitset of the clusters serving it.
    apis: HashMap<String, Vec<u64>>,
    info: Vec<ClusterInfo<'a>>,
    /// Each cluster's name, by position (a scenario keeps every name).
    names: Arc<[String]>,
    /// Clusters matching each affinity seen so far (bindings of one policy share it).
    affinity_cache: Mutex<HashMap<String, Arc<Vec<u64>>>>,
}

/// A cluster a scenario changed, at its fleet position.
#[derive(Clone, Debug)]
struct Changed<'a> {
    position: usize,
    cluster: &'a Cluster,
    info: ClusterInfo<'a>,
    /// The API keys it serves, when they differ from the fleet's cluster's.
    apis: Option<Arc<std::collections::HashSet<String>>>,
    /// Whether an affinity may match it differently (its labels or topology changed).
    rematch: bool,
}

/// Affinities remembered per fleet index before the cache starts over.
const AFFINITY_CACHE_LIMIT: usize = 4096;

#[derive(Clone, Debug)]
struct ClusterInfo<'a> {
    name: &'a str,
    deleting: bool,
    /// Taints that block new placements (see [`blocks_placement`]).
    hard_taints: Vec<&'a Taint>,
    capacity: Arc<ClusterCapacity>,
}

impl<'a> ClusterInfo<'a> {
    fn new(c: &'a Cluster) -> Self {
        ClusterInfo {
            name: cluster_name(c),
            deleting: c.metadata.deletion_timestamp.is_some(),
            hard_taints: c
                .spec
                .taints
                .iter()
                .filter(|t| blocks_placement(t))
                .collect(),
            capacity: Arc::new(ClusterCapacity::new(c)),
        }
    }
}

/// What a cluster serves, as the index keys it.
fn served(c: &Cluster) -> impl Iterator<Item = String> + '_ {
    c.status
        .iter()
        .flat_map(|s| s.api_enablements.iter())
        .flat_map(|e| {
            e.resources
                .iter()
                .map(|r| api_key(&e.group_version, &r.kind))
        })
}

/// Each name's place in the order of the distinct names: comparing two places is
/// comparing the two names.
fn name_ranks(names: &[&str]) -> Vec<u32> {
    let mut sorted = names.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    names
        .iter()
        .map(|n| sorted.binary_search(n).unwrap_or_default() as u32)
        .collect()
}

impl<'a> FleetIndex<'a> {
    /// Index `clusters` (the order is kept; a repeated name: the first one is used for
    /// lookups by name).
    pub fn new(clusters: &'a [Cluster]) -> Self {
        let mut by_name = foldhash::HashMap::default();
        by_name.reserve(clusters.len());
        let mut duplicate_names = false;
        let mut apis: HashMap<String, Vec<u64>> = HashMap::new();
        let words = clusters.len().div_ceil(64);
        let info: Vec<ClusterInfo> = clusters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let info = ClusterInfo::new(c);
                duplicate_names |= by_name.insert(info.name, i).is_some();
                for key in served(c) {
                    let set = apis.entry(key).or_insert_with(|| vec![0; words]);
                    set[i / 64] |= 1 << (i % 64);
                }
                info
            })
            .collect();
        let names: Vec<&str> = info.iter().map(|c| c.name).collect();
        FleetIndex {
            fleet: Arc::new(Indexed {
                clusters,
                rank: name_ranks(&names),
                by_name,
                duplicate_names,
                apis,
                names: info.iter().map(|c| c.name.to_string()).collect(),
                info,
                affinity_cache: Mutex::new(HashMap::new()),
            }),
            changed: Vec::new(),
        }
    }

    /// The same index, each cluster whose scheduler-estimator answers (`estimators`)
    /// estimated by the smaller of its answer and the general estimator's. Called on a
    /// fresh index (one no scenario shares yet).
    pub fn estimating(mut self, estimators: &Estimators) -> Self {
        if estimators.is_empty() {
            return self;
        }
        let estimate = |info: &mut ClusterInfo| {
            if let Some(nodes) = estimators.get(info.name) {
                let capacity = (*info.capacity).clone().with_nodes(nodes.clone());
                info.capacity = Arc::new(capacity);
            }
        };
        if let Some(fleet) = Arc::get_mut(&mut self.fleet) {
            fleet.info.iter_mut().for_each(estimate);
        }
        self.changed.iter_mut().for_each(|c| estimate(&mut c.info));
        self
    }

    /// The fleet with the clusters of `changed` in place of the clusters of the same
    /// name (a scenario's taints and conditions), sharing everything else with this
    /// index: what one scenario of a fleet costs is its own clusters. A changed
    /// cluster keeps its scheduler-estimator's answer.
    pub fn with_changed<'c>(&self, changed: impl IntoIterator<Item = &'c Cluster>) -> FleetIndex<'c>
    where
        'a: 'c,
    {
        let mut out: FleetIndex<'c> = FleetIndex {
            fleet: self.fleet.clone(),
            changed: self.changed.clone(),
        };
        for c in changed {
            let Some(position) = self.position(cluster_name(c)) else {
                continue;
            };
            let was = &self.fleet.clusters[position];
            let base = &self.fleet.info[position];
            let mut info = ClusterInfo::new(c);
            if ClusterCapacity::same_inputs(was, c) {
                info.capacity = base.capacity.clone();
            } else {
                let capacity = (*info.capacity).clone().keeping_nodes(&base.capacity);
                info.capacity = Arc::new(capacity);
            }
            let same_apis = was.status.as_ref().map(|s| &s.api_enablements)
                == c.status.as_ref().map(|s| &s.api_enablements);
            let rematch = was.metadata.labels != c.metadata.labels
                || was.spec.provider != c.spec.provider
                || was.spec.region != c.spec.region
                || was.spec.zone != c.spec.zone
                || was.spec.zones != c.spec.zones;
            let entry = Changed {
                position,
                cluster: c,
                info,
                apis: (!same_apis).then(|| Arc::new(served(c).collect())),
                rematch,
            };
            match out.changed.binary_search_by_key(&position, |x| x.position) {
                Ok(at) => out.changed[at] = entry,
                Err(at) => out.changed.insert(at, entry),
            }
        }
        out
    }

    /// The scenario's change of the cluster at `position`, if it changed it.
    fn changed_at(&self, position: usize) -> Option<&Changed<'a>> {
        if self.changed.is_empty() {
            return None;
        }
        self.changed
            .binary_search_by_key(&position, |x| x.position)
            .ok()
            .map(|at| &self.changed[at])
    }

    fn info(&self, position: usize) -> &ClusterInfo<'a> {
        match self.changed_at(position) {
            Some(c) => &c.info,
            None => &self.fleet.info[position],
        }
    }

    /// How many clusters the fleet has.
    pub fn len(&self) -> usize {
        self.fleet.info.len()
    }

    /// Whether the fleet has no cluster.
    pub fn is_empty(&self) -> bool {
        self.fleet.info.is_empty()
    }

    /// The cluster at `position`, as the scenario leaves it.
    pub fn cluster(&self, position: usize) -> &'a Cluster {
        match self.changed_at(position) {
            Some(c) => c.cluster,
            None => &self.fleet.clusters[position],
        }
    }

    /// Every cluster in fleet order, as the scenario leaves them.
    pub fn iter(&self) -> impl Iterator<Item = &'a Cluster> + Clone + '_ {
        (0..self.len()).map(|i| self.cluster(i))
    }

    /// The name of the cluster at `position`.
    pub fn name(&self, position: usize) -> &'a str {
        self.info(position).name
    }

    /// Every cluster's name, by position (shared).
    pub fn names(&self) -> Arc<[String]> {
        Arc::clone(&self.fleet.names)
    }

    /// Position of the cluster named `name` (the first one when names repeat).
    pub fn position(&self, name: &str) -> Option<usize> {
        if self.fleet.duplicate_names {
            return self.fleet.info.iter().position(|c| c.name == name);
        }
        self.fleet.by_name.get(name).copied()
    }

    /// Positions of every cluster named by `names`.
    fn positions<'n>(&self, names: impl Iterator<Item = &'n str>) -> Vec<usize> {
        let mut out: Vec<usize> = if self.fleet.duplicate_names {
            let names: Vec<&str> = names.collect();
            (0..self.len())
                .filter(|&i| names.contains(&self.fleet.info[i].name))
                .collect()
        } else {
            names
                .filter_map(|n| self.fleet.by_name.get(n).copied())
                .collect()
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the cluster at `position` serves the API `marks` were made for.
    fn serves(&self, marks: &Marks, position: usize) -> bool {
        match self.changed_at(position).and_then(|c| c.apis.as_ref()) {
            Some(apis) => apis.contains(&marks.api_key),
            None => marks
                .api
                .is_some_and(|set| set[position / 64] & (1 << (position % 64)) != 0),
        }
    }

    /// Bitset of the clusters matching `affinity`, computed once per distinct affinity
    /// over the fleet (a changed cluster whose labels or topology changed is matched
    /// again).
    fn affinity_set(&self, affinity: &ClusterAffinity) -> Arc<Vec<u64>> {
        let set = self.fleet_affinity_set(affinity);
        let rematched: Vec<&Changed> = self.changed.iter().filter(|c| c.rematch).collect();
        if rematched.is_empty() {
            return set;
        }
        let compiled = CompiledAffinity::new(affinity);
        let mut set = (*set).clone();
        for c in rematched {
            let (w, bit) = (c.position / 64, 1u64 << (c.position % 64));
            if compiled.matches(c.cluster) {
                set[w] |= bit;
            } else {
                set[w] &= !bit;
            }
        }
        Arc::new(set)
    }

    fn fleet_affinity_set(&self, affinity: &ClusterAffinity) -> Arc<Vec<u64>> {
        let key = serde_json::to_string(affinity).unwrap_or_default();
        let cache = &self.fleet.affinity_cache;
        if let Some(set) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return set;
        }
        let compiled = CompiledAffinity::new(affinity);
        let mut set = vec![0u64; self.len().div_ceil(64)];
        for (i, c) in self.fleet.clusters.iter().enumerate() {
            if compiled.matches(c) {
                set[i / 64] |= 1 << (i % 64);
            }
        }
        let set = Arc::new(set);
        if let Ok(mut cache) = cache.lock() {
            if cache.len() >= AFFINITY_CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(key, set.clone());
        }
        set
    }

    /// The positions of the clusters that pass every filter of `spec`, as
    /// [`passes_filters`] decides cluster by cluster (with `clusterAffinities`, any term
    /// will do), with what the index compiled once for the fleet.
    pub fn passing(&self, spec: &BindingSpec) -> Vec<usize> {
        let ctx = BindingCtx::new(spec);
        let marks = self.marks(&ctx);
        let placement = ctx.placement;
        let sets: Vec<Arc<Vec<u64>>> = match (
            &placement.cluster_affinity,
            placement.cluster_affinities.is_empty(),
        ) {
            (Some(a), _) => vec![self.affinity_set(a)],
            (None, false) => placement
                .cluster_affinities
                .iter()
                .map(|t| self.affinity_set(&t.affinity))
                .collect(),
            (None, true) => Vec::new(),
        };
        let matches =
            |i: usize| sets.is_empty() || sets.iter().any(|s| s[i / 64] & (1 << (i % 64)) != 0);
        (0..self.len())
            .filter(|&i| matches(i) && self.check(&ctx, &marks, i).is_ok())
            .collect()
    }

    /// Per-binding marks: clusters being evicted, clusters in the current result and
    /// clusters serving the workload's API.
    fn marks(&self, ctx: &BindingCtx) -> Marks<'_> {
        let api_key = api_key(&ctx.group_version, ctx.kind);
        Marks {
            api: self.fleet.apis.get(&api_key),
            api_key,
            evicting: self.positions(
                ctx.spec
                    .graceful_eviction_tasks
                    .iter()
                    .map(|t| t.from_cluster.as_str()),
            ),
            in_result: self.positions(ctx.spec.clusters.iter().map(|t| t.name.as_str())),
        }
    }

    /// Predict the scheduling result of `spec` over the fleet. With `clusterAffinities`
    /// the scheduler starts from the term named `observed` (the binding's
    /// `status.schedulerObservingAffinityName`; none or unknown: the first term, as
    /// upstream's `getAffinityIndex`).
    pub fn predict(
        &self,
        spec: &BindingSpec,
        observed: Option<&str>,
    ) -> Result<Prediction, PlacementError> {
        self.predict_placed(spec, spec.placement.as_deref(), observed)
    }

    /// [`Self::predict`] of `spec` scheduled by `placement`: for a spec copied without
    /// its placement (an eviction changes the result and the tasks, never the placement,
    /// so the copy need not carry it).
    pub fn predict_placed(
        &self,
        spec: &BindingSpec,
        placement: Option<&Placement>,
        observed: Option<&str>,
    ) -> Result<Prediction, PlacementError> {
        let mut ctx = BindingCtx::placed(spec, placement);
        ctx.mode = AssignmentMode::Steady;
        self.predict_ctx(ctx, term_named(placement, observed), None)
    }

    /// Predict the result of a rescheduling `spec.rescheduleTriggeredAt` asks for in
    /// `version`: a fresh assignment; `clusterAffinities` tried again from the first
    /// term from v1.19.0-rc.0 on, from the observed one before ([`AFFINITIES_FAILBACK`]).
    pub fn predict_fresh(
        &self,
        spec: &BindingSpec,
        observed: Option<&str>,
        version: KarmadaVersion,
    ) -> Result<Prediction, PlacementError> {
        let start = if AFFINITIES_FAILBACK.holds_in(version) {
            0
        } else {
            first_term(spec, observed)
        };
        self.predict_in(spec, AssignmentMode::Fresh, start, None)
    }

    /// [`Self::predict`] with each cluster's capacity as `room` says: what the scheduler
    /// sees in a burst when earlier placements are taken off (its in-flight assumptions,
    /// or a status refresh that counts them).
    pub fn predict_with(
        &self,
        spec: &BindingSpec,
        observed: Option<&str>,
        room: &Room,
    ) -> Result<Prediction, PlacementError> {
        let start = first_term(spec, observed);
        self.predict_in(spec, AssignmentMode::Steady, start, Some(room))
    }

    /// The result of a [`places_everywhere`] binding once the clusters at `lost` are
    /// evicted, from the clusters that passed its filters before (`feasible`, as
    /// [`Prediction::feasible`]), as fleet positions and replicas. Exact:
    /// the filters of every other cluster read nothing the eviction changes (a cluster
    /// stays in the result or out of it, and the evicted one fails the eviction filter),
    /// so the filters run once for every loss instead of once per loss.
    pub fn everywhere_but(
        &self,
        spec: &BindingSpec,
        feasible: &[u32],
        lost: &[usize],
    ) -> Result<Vec<(u32, i32)>, PlacementError> {
        let feasible = feasible.iter().filter(|&&i| !lost.contains(&(i as usize)));
        let replicas = spec.replicas.unwrap_or(0);
        let zero = replicas <= 0 && spec.replica_requirements.is_none();
        let out: Vec<(u32, i32)> = feasible.map(|&i| (i, replicas.max(0))).collect();
        if out.is_empty() {
            return Err(PlacementError::NoFeasibleCluster { total: self.len() });
        }
        // As `assign_replicas_in`: zero replicas stay only for a non-workload.
        Ok(if zero {
            out
        } else {
            out.into_iter().filter(|&(_, r)| r > 0).collect()
        })
    }

    /// The capacity of the cluster at `position` as the index holds it.
    pub fn capacity(&self, position: usize) -> &ClusterCapacity {
        &self.info(position).capacity
    }

    /// Replicas of `spec`'s workload the estimator says the cluster `name` can take
    /// (`None`: no such cluster).
    pub fn allocatable(&self, name: &str, spec: &BindingSpec) -> Option<i32> {
        let i = self.position(name)?;
        let request = ReplicaRequest::new(spec.replica_requirements.as_deref());
        Some(self.info(i).capacity.max_replicas(&request))
    }

    fn predict_in(
        &self,
        spec: &BindingSpec,
        mode: AssignmentMode,
        start: usize,
        capacities: Option<&Room>,
    ) -> Result<Prediction, PlacementError> {
        let mut ctx = BindingCtx::new(spec);
        ctx.mode = mode;
        self.predict_ctx(ctx, start, capacities)
    }

    fn predict_ctx(
        &self,
        ctx: BindingCtx,
        start: usize,
        capacities: Option<&Room>,
    ) -> Result<Prediction, PlacementError> {
        let placement = ctx.placement;
        if placement.cluster_affinity.is_none() && !placement.cluster_affinities.is_empty() {
            let mut first_err = None;
            for term in
                &placement.cluster_affinities[start.min(placement.cluster_affinities.len())..]
            {
                match self.schedule_once(&ctx, Some(&term.affinity), Some(term), capacities) {
                    Ok(p) => return Ok(p),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
            return Err(
                first_err.unwrap_or(PlacementError::NoFeasibleCluster { total: self.len() })
            );
        }
        self.schedule_once(&ctx, placement.cluster_affinity.as_ref(), None, capacities)
    }

    fn schedule_once(
        &self,
        ctx: &BindingCtx,
        affinity: Option<&ClusterAffinity>,
        term: Option<&ClusterAffinityTerm>,
        capacities: Option<&Room>,
    ) -> Result<Prediction, PlacementError> {
        let marks = self.marks(ctx);
        let Considered {
            feasible,
            filtered,
            all_considered,
        } = self.consider(ctx, &marks, affinity);
        if feasible.is_empty() {
            return Err(PlacementError::NoFeasibleCluster { total: self.len() });
        }
        let scored = self.score(ctx, &marks, &feasible, capacities);
        let selected = select(scored, ctx.spec, ctx.placement)?;
        let clusters = assign(&selected, ctx.spec, ctx.placement, ctx.mode)?;
        Ok(Prediction {
            clusters,
            affinity_name: term.map(|t| t.affinity_name.clone()),
            strategy: Strategy::of(Some(ctx.placement)),
            feasible: feasible.iter().map(|&i| i as u32).collect(),
            selected: selected.iter().map(|s| s.index as u32).collect(),
            filtered,
            all_considered,
        })
    }

    /// The filters of `ctx` over the clusters `affinity` admits (affinity first: every
    /// cluster outside it fails it).
    fn consider(
        &self,
        ctx: &BindingCtx,
        marks: &Marks,
        affinity: Option<&ClusterAffinity>,
    ) -> Considered {
        let mut feasible: Vec<usize> = Vec::new();
        let mut filtered: Vec<FilteredCluster> = Vec::new();
        // Named clusters only: every other cluster fails the affinity anyway.
        let named = affinity.filter(|a| !a.cluster_names.is_empty());
        let mut check = |i: usize| match self.check(ctx, marks, i) {
            Ok(()) => feasible.push(i),
            Err(code) => filtered.push(FilteredCluster {
                index: i as u32,
                code,
            }),
        };
        let all_considered = match (affinity, named) {
            (_, Some(a)) => {
                let compiled = CompiledAffinity::new(a);
                for i in self.positions(a.cluster_names.iter().map(String::as_str)) {
                    if compiled.matches(self.cluster(i)) {
                        check(i);
                    }
                }
                false
            }
            (Some(a), None) => {
                let set = self.affinity_set(a);
                for (w, &word) in set.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        check(w * 64 + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                }
                false
            }
            (None, None) => {
                (0..self.len()).for_each(&mut check);
                true
            }
        };
        Considered {
            feasible,
            filtered,
            all_considered,
        }
    }

    /// The `feasible` clusters with their scores and estimates (each cluster's room as
    /// `capacities` says, else the index's).
    fn score(
        &self,
        ctx: &BindingCtx,
        marks: &Marks,
        feasible: &[usize],
        capacities: Option<&Room>,
    ) -> Vec<Scored<'a>> {
        let request = ReplicaRequest::new(ctx.spec.replica_requirements.as_deref());
        feasible
            .iter()
            .map(|&i| {
                let info = self.info(i);
                let capacity = capacities.map_or(&*info.capacity, |r| r.get(self, i));
                let estimate = capacity.max_replicas(&request);
                // ClusterLocality: the clusters already in the result (by name).
                let (score, held) = if marks.in_result.binary_search(&i).is_ok() {
                    (LOCALITY_SCORE, ctx.held(info.name))
                } else {
                    (0, 0)
                };
                Scored::ranked(
                    self.cluster(i),
                    i,
                    self.fleet.rank[i],
                    score,
                    held,
                    estimate,
                    ctx.spec,
                )
            })
            .collect()
    }

    /// The positions of the clusters that pass the filters of `spec` with a single
    /// cluster affinity (or none): a [`places_everywhere`] binding's result, before
    /// replicas.
    pub fn feasible(&self, spec: &BindingSpec) -> Vec<u32> {
        let ctx = BindingCtx::new(spec);
        let marks = self.marks(&ctx);
        let affinity = ctx.placement.cluster_affinity.as_ref();
        let feasible = self.consider(&ctx, &marks, affinity).feasible;
        feasible.into_iter().map(|i| i as u32).collect()
    }

    /// The candidates of `spec` (scheduled by `placement`) for the results of its
    /// evictions from one cluster of its result at a time
    /// ([`Candidates::without`]): filtered, scored and ordered once. `None` where that
    /// does not hold: a placement with `clusterAffinities` terms (which term schedules
    /// can change with the cluster evicted), or a fleet whose cluster names repeat.
    pub fn candidates(
        &self,
        spec: &BindingSpec,
        placement: Option<&Placement>,
    ) -> Option<Candidates<'a>> {
        let ctx = BindingCtx::placed(spec, placement);
        let terms = ctx.placement.cluster_affinity.is_none()
            && !ctx.placement.cluster_affinities.is_empty();
        if terms || self.fleet.duplicate_names {
            return None;
        }
        let marks = self.marks(&ctx);
        let feasible = self
            .consider(&ctx, &marks, ctx.placement.cluster_affinity.as_ref())
            .feasible;
        let mut scored = self.score(&ctx, &marks, &feasible, None);
        scored.sort_unstable_by(select::by_score_then_available);
        // A static-weight placement's weights, worked out once (by position).
        let mut weights: Vec<(usize, i64)> = Vec::new();
        if Strategy::of(Some(ctx.placement)) == Some(Strategy::StaticWeight) {
            let rules = select::StaticWeights::of(ctx.placement);
            weights = scored
                .iter()
                .map(|s| (s.index, rules.of_cluster(s.cluster)))
                .collect();
            weights.sort_unstable();
        }
        Some(Candidates {
            scored,
            weights,
            total: self.len(),
        })
    }
}

/// What the filters leave of a binding's clusters.
struct Considered {
    feasible: Vec<usize>,
    filtered: Vec<FilteredCluster>,
    /// Whether every cluster was considered (no cluster affinity).
    all_considered: bool,
}

/// A binding's feasible clusters, scored and in selection's order, as they are before an
/// eviction of it ([`FleetIndex::candidates`]): what the results of several evictions,
/// each from one cluster of its result, share. Exact: an eviction from cluster C takes C
/// out of the result and gives it a graceful eviction task, so C fails the eviction
/// filter; every other cluster's filters, ClusterLocality score, held replicas and
/// estimate read nothing the eviction changes (whether that cluster is in the result, the
/// replicas it holds there, the fleet), and the order's keys do not either (names are
/// distinct). Only the assignment reads the evicted result.
#[derive(Clone, Debug)]
pub struct Candidates<'a> {
    scored: Vec<Scored<'a>>,
    /// Each candidate's static weight, by fleet position (a static-weight placement's).
    weights: Vec<(usize, i64)>,
    /// Clusters of the fleet (what "no feasible cluster" counts).
    total: usize,
}

impl Candidates<'_> {
    /// The result of `after` (the binding's spec once evicted from the cluster at
    /// `evicted`, without its placement) scheduled by `placement` in steady mode: the
    /// same as [`FleetIndex::predict_placed`]'s clusters, from the candidates worked out
    /// once.
    pub fn without(
        &self,
        evicted: usize,
        after: &BindingSpec,
        placement: Option<&Placement>,
    ) -> Result<Vec<TargetCluster>, PlacementError> {
        let placement = placement.unwrap_or(&DEFAULT_PLACEMENT);
        let scored: Vec<Scored> = self
            .scored
            .iter()
            .filter(|s| s.index != evicted)
            .cloned()
            .collect();
        if scored.is_empty() {
            return Err(PlacementError::NoFeasibleCluster { total: self.total });
        }
        let selected = select::select_sorted(scored, after, placement)?;
        let mode = AssignmentMode::Steady;
        select::assign_weighted(&selected, after, placement, mode, &self.weights)
    }
}

/// Predict the scheduling result of `spec` over `clusters` (family
/// `schedule_after_eviction`). For many bindings, build a [`FleetIndex`] once and call
/// [`FleetIndex::predict`].
pub fn predict_placement(
    clusters: &[Cluster],
    spec: &BindingSpec,
) -> Result<Prediction, PlacementError> {
    FleetIndex::new(clusters).predict(spec, None)
}

// ---------------------------------------------------------------------------------------
// Results

/// A cluster that did not pass the filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FilteredCluster {
    /// Position in the fleet.
    pub index: u32,
    /// The first filter it failed.
    pub code: FilterCode,
}

/// A predicted scheduling result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Prediction {
    /// The new `spec.clusters`.
    pub clusters: Vec<TargetCluster>,
    /// The `clusterAffinities` term that scheduled, when the placement has terms.
    pub affinity_name: Option<String>,
    /// The replica scheduling strategy (`None`: unsupported, only for non-workloads).
    pub strategy: Option<Strategy>,
    /// Fleet positions of the clusters that passed the filters.
    pub feasible: Vec<u32>,
    /// Fleet positions of the clusters selected, in upstream's order.
    pub selected: Vec<u32>,
    /// Clusters filtered out, with the first filter they failed. When the placement has
    /// a cluster affinity, only clusters matching it are listed (the others fail the
    /// affinity filter; [`Prediction::explain`] details every cluster).
    pub filtered: Vec<FilteredCluster>,
    /// False when a cluster affinity applied, so `filtered` omits the clusters outside it.
    pub all_considered: bool,
}

impl Prediction {
    /// Replicas predicted for the cluster `name` (0 when absent).
    pub fn replicas_for(&self, name: &str) -> i32 {
        self.clusters
            .iter()
            .filter(|t| t.name == name)
            .map(|t| t.replicas)
            .sum()
    }
}

/// The clusters' capacities as a burst of placements changes them: the index's own,
/// except the clusters something was taken off, which are copied on first change. Every
/// scenario of a fleet shares the index; each burst holds only what it changed.
#[derive(Clone, Debug, Default)]
pub struct Room {
    changed: foldhash::HashMap<usize, ClusterCapacity>,
}

impl Room {
    /// The capacity of the cluster at `position`.
    pub fn get<'r>(&'r self, index: &'r FleetIndex, position: usize) -> &'r ClusterCapacity {
        self.changed
            .get(&position)
            .unwrap_or_else(|| index.capacity(position))
    }

    /// The capacity of the cluster at `position`, to change.
    pub fn get_mut(&mut self, index: &FleetIndex, position: usize) -> &mut ClusterCapacity {
        self.changed
            .entry(position)
            .or_insert_with(|| index.capacity(position).clone())
    }
}

#[cfg(test)]
mod tests;
