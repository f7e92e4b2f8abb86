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
//! 4. **Assignment**: see [`crate::engine::division`].
//!
//! With `clusterAffinities`, the terms are tried in order and the first that schedules
//! wins. [`FleetIndex`] precomputes everything per cluster so that predicting many
//! bindings over a large fleet stays cheap; [`Prediction::explain`] says, per cluster,
//! why it was or was not chosen.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::api::cluster::Cluster;
use crate::api::policy::{ClusterAffinityTerm, SpreadConstraint};
use crate::api::{BindingSpec, ClusterAffinity, Placement, Taint, TargetCluster, Toleration};

use super::affinity::CompiledAffinity;
use super::division::{assign_replicas, AssignError, Candidate, Strategy};
use super::estimate::{ClusterCapacity, ReplicaRequest};
use super::toleration::{describe_taint, tolerates};
use super::Reason;

/// Whether a taint with `effect` keeps new placements off a cluster unless tolerated:
/// upstream's `NoSchedule` and `NoExecute`, and the proposal's `PreferNoExecute`.
pub fn blocks_placement(effect: &str) -> bool {
    matches!(effect, "NoSchedule" | "NoExecute" | "PreferNoExecute")
}

/// Score ClusterLocality gives a cluster already in the binding's result.
pub const LOCALITY_SCORE: i64 = 100;

/// Why a cluster did not pass the filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FilterCode {
    /// The cluster is being deleted.
    #[serde(rename = "filtered-deleting")]
    Deleting,
    /// The binding has a graceful eviction task for the cluster.
    #[serde(rename = "filtered-eviction")]
    Eviction,
    /// The cluster does not serve the workload's API.
    #[serde(rename = "filtered-api-enablement")]
    ApiEnablement,
    /// A `NoSchedule`/`NoExecute` taint is not tolerated.
    #[serde(rename = "filtered-taint")]
    Taint,
    /// The cluster does not match the placement's cluster affinity.
    #[serde(rename = "filtered-affinity")]
    Affinity,
    /// The cluster lacks the provider/region/zones a spread constraint needs.
    #[serde(rename = "filtered-spread-constraint")]
    SpreadConstraint,
}

impl FilterCode {
    /// The stable kebab-case reason code.
    pub fn code(self) -> &'static str {
        match self {
            FilterCode::Deleting => "filtered-deleting",
            FilterCode::Eviction => "filtered-eviction",
            FilterCode::ApiEnablement => "filtered-api-enablement",
            FilterCode::Taint => "filtered-taint",
            FilterCode::Affinity => "filtered-affinity",
            FilterCode::SpreadConstraint => "filtered-spread-constraint",
        }
    }
}

/// Reason code of a cluster that received replicas.
pub const CODE_SELECTED: &str = "selected";
/// Reason code of a selected cluster that received no replica.
pub const CODE_SELECTED_NO_REPLICAS: &str = "selected-no-replicas";
/// Reason code of a feasible cluster the spread-constraint selection left out.
pub const CODE_NOT_SELECTED: &str = "not-selected";

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
            PlacementError::NoFeasibleCluster { .. } => "no-feasible-cluster",
            PlacementError::SpreadConstraintUnsatisfied { .. } => "spread-constraint-unsatisfied",
            PlacementError::UnsupportedSpreadConstraint => "unsupported-spread-constraint",
            PlacementError::UnsupportedStrategy => "unsupported-strategy",
            PlacementError::InsufficientCapacity { .. } => "insufficient-capacity",
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

/// Per-cluster data computed once for many predictions.
#[derive(Debug)]
pub struct FleetIndex<'a> {
    clusters: &'a [Cluster],
    by_name: HashMap<&'a str, usize>,
    /// Whether two clusters share a name (then names are matched one by one).
    duplicate_names: bool,
    /// `api_key(group/version, kind)` -> bitset of the clusters serving it.
    apis: HashMap<String, Vec<u64>>,
    info: Vec<ClusterInfo<'a>>,
    /// Clusters matching each affinity seen so far (bindings of one policy share it).
    affinity_cache: Mutex<HashMap<String, Arc<Vec<u64>>>>,
}

/// Affinities remembered per fleet index before the cache starts over.
const AFFINITY_CACHE_LIMIT: usize = 4096;

#[derive(Debug)]
struct ClusterInfo<'a> {
    name: &'a str,
    deleting: bool,
    /// Taints that block new placements (see [`blocks_placement`]).
    hard_taints: Vec<&'a Taint>,
    capacity: ClusterCapacity,
}

impl<'a> FleetIndex<'a> {
    /// Index `clusters` (the order is kept; a repeated name: the first one is used for
    /// lookups by name).
    pub fn new(clusters: &'a [Cluster]) -> Self {
        let mut by_name = HashMap::with_capacity(clusters.len());
        let mut duplicate_names = false;
        let mut apis: HashMap<String, Vec<u64>> = HashMap::new();
        let words = clusters.len().div_ceil(64);
        let info = clusters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let name = cluster_name(c);
                duplicate_names |= by_name.insert(name, i).is_some();
                let hard_taints = c
                    .spec
                    .taints
                    .iter()
                    .filter(|t| blocks_placement(&t.effect))
                    .collect();
                let served = c.status.iter().flat_map(|s| s.api_enablements.iter());
                for e in served {
                    for r in &e.resources {
                        let set = apis
                            .entry(api_key(&e.group_version, &r.kind))
                            .or_insert_with(|| vec![0; words]);
                        set[i / 64] |= 1 << (i % 64);
                    }
                }
                ClusterInfo {
                    name,
                    deleting: c.metadata.deletion_timestamp.is_some(),
                    hard_taints,
                    capacity: ClusterCapacity::new(c),
                }
            })
            .collect();
        FleetIndex {
            clusters,
            by_name,
            duplicate_names,
            apis,
            info,
            affinity_cache: Mutex::new(HashMap::new()),
        }
    }

    /// The indexed clusters.
    pub fn clusters(&self) -> &'a [Cluster] {
        self.clusters
    }

    /// Position of the cluster named `name` (the first one when names repeat).
    pub fn position(&self, name: &str) -> Option<usize> {
        if self.duplicate_names {
            return self.info.iter().position(|c| c.name == name);
        }
        self.by_name.get(name).copied()
    }

    /// Positions of every cluster named by `names`.
    fn positions<'n>(&self, names: impl Iterator<Item = &'n str>) -> Vec<usize> {
        let mut out: Vec<usize> = if self.duplicate_names {
            let names: Vec<&str> = names.collect();
            (0..self.info.len())
                .filter(|&i| names.contains(&self.info[i].name))
                .collect()
        } else {
            names.filter_map(|n| self.by_name.get(n).copied()).collect()
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Bitset of the clusters matching `affinity`, computed once per distinct affinity.
    fn affinity_set(&self, affinity: &ClusterAffinity) -> Arc<Vec<u64>> {
        let key = serde_json::to_string(affinity).unwrap_or_default();
        if let Some(set) = self
            .affinity_cache
            .lock()
            .ok()
            .and_then(|c| c.get(&key).cloned())
        {
            return set;
        }
        let compiled = CompiledAffinity::new(affinity);
        let mut set = vec![0u64; self.info.len().div_ceil(64)];
        for (i, c) in self.clusters.iter().enumerate() {
            if compiled.matches(c) {
                set[i / 64] |= 1 << (i % 64);
            }
        }
        let set = Arc::new(set);
        if let Ok(mut cache) = self.affinity_cache.lock() {
            if cache.len() >= AFFINITY_CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(key, set.clone());
        }
        set
    }

    /// Per-binding marks: clusters being evicted, clusters in the current result and
    /// clusters serving the workload's API.
    fn marks(&self, ctx: &BindingCtx) -> Marks<'_> {
        Marks {
            evicting: self.positions(
                ctx.spec
                    .graceful_eviction_tasks
                    .iter()
                    .map(|t| t.from_cluster.as_str()),
            ),
            in_result: self.positions(ctx.spec.clusters.iter().map(|t| t.name.as_str())),
            api: self.apis.get(&api_key(&ctx.group_version, ctx.kind)),
        }
    }

    /// Predict the scheduling result of `spec` over the fleet.
    pub fn predict(&self, spec: &BindingSpec) -> Result<Prediction, PlacementError> {
        let ctx = BindingCtx::new(spec);
        let placement = ctx.placement;
        if placement.cluster_affinity.is_none() && !placement.cluster_affinities.is_empty() {
            let mut first_err = None;
            for term in &placement.cluster_affinities {
                match self.schedule_once(&ctx, Some(&term.affinity), Some(term)) {
                    Ok(p) => return Ok(p),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
            return Err(first_err.unwrap_or(PlacementError::NoFeasibleCluster {
                total: self.info.len(),
            }));
        }
        self.schedule_once(&ctx, placement.cluster_affinity.as_ref(), None)
    }

    fn schedule_once(
        &self,
        ctx: &BindingCtx,
        affinity: Option<&ClusterAffinity>,
        term: Option<&ClusterAffinityTerm>,
    ) -> Result<Prediction, PlacementError> {
        let marks = self.marks(ctx);
        let mut feasible: Vec<usize> = Vec::new();
        let mut filtered: Vec<FilteredCluster> = Vec::new();
        // Named clusters only: every other cluster fails the affinity anyway.
        let named = affinity.filter(|a| !a.cluster_names.is_empty());
        // Affinity first (every cluster outside it fails it), then the other filters.
        let mut check = |i: usize| match self.check(ctx, &marks, i) {
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
                    if compiled.matches(&self.clusters[i]) {
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
                (0..self.info.len()).for_each(&mut check);
                true
            }
        };
        if feasible.is_empty() {
            return Err(PlacementError::NoFeasibleCluster {
                total: self.info.len(),
            });
        }
        let request = ReplicaRequest::new(ctx.spec.replica_requirements.as_ref());
        let scored: Vec<Scored> = feasible
            .iter()
            .map(|&i| {
                let estimate = self.info[i].capacity.max_replicas(&request);
                Scored::new(
                    &self.clusters[i],
                    i,
                    ctx.locality_score(self.info[i].name),
                    estimate,
                    ctx.spec,
                )
            })
            .collect();
        let selected = select(scored, ctx.spec, ctx.placement)?;
        let clusters = assign(&selected, ctx.spec, ctx.placement)?;
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

    /// Run the filters on the cluster at `i`.
    fn check(&self, ctx: &BindingCtx, marks: &Marks, i: usize) -> Result<(), FilterCode> {
        let info = &self.info[i];
        if info.deleting {
            return Err(FilterCode::Deleting);
        }
        if marks.evicting.contains(&i) {
            return Err(FilterCode::Eviction);
        }
        let in_result = marks.in_result.contains(&i);
        let serves_api = marks
            .api
            .is_some_and(|set| set[i / 64] & (1 << (i % 64)) != 0);
        if !in_result && !serves_api {
            return Err(FilterCode::ApiEnablement);
        }
        if !in_result
            && untolerated(
                info.hard_taints.iter().copied(),
                &ctx.placement.cluster_tolerations,
            )
            .is_some()
        {
            return Err(FilterCode::Taint);
        }
        if spread_field_missing(&self.clusters[i], &ctx.placement.spread_constraints).is_some() {
            return Err(FilterCode::SpreadConstraint);
        }
        Ok(())
    }
}

/// Predict the scheduling result of `spec` over `clusters` (family
/// `schedule_after_eviction`). For many bindings, build a [`FleetIndex`] once and call
/// [`FleetIndex::predict`].
pub fn predict_placement(
    clusters: &[Cluster],
    spec: &BindingSpec,
) -> Result<Prediction, PlacementError> {
    FleetIndex::new(clusters).predict(spec)
}

/// Whether `cluster` passes every placement filter of `spec` (for the pre-scheduling
/// check). With `clusterAffinities`, matching any term is enough (the scheduler tries
/// them in turn). The error names the first filter that fails.
pub fn passes_filters(cluster: &Cluster, spec: &BindingSpec) -> Result<(), Reason> {
    let ctx = BindingCtx::new(spec);
    let name = cluster_name(cluster);
    if cluster.metadata.deletion_timestamp.is_some() {
        return Err(Reason::new(
            FilterCode::Deleting.code(),
            format!("cluster {name} is being deleted"),
        ));
    }
    if ctx.evicting(name) {
        return Err(Reason::new(
            FilterCode::Eviction.code(),
            format!("cluster {name} has a graceful eviction task for this binding: evicted replicas do not return to it"),
        ));
    }
    let in_result = ctx.in_result(name);
    if !in_result {
        let served = cluster
            .status
            .iter()
            .flat_map(|s| s.api_enablements.iter())
            .any(|e| {
                e.group_version == ctx.group_version
                    && e.resources.iter().any(|r| r.kind == ctx.kind)
            });
        if !served {
            return Err(Reason::new(
                FilterCode::ApiEnablement.code(),
                format!(
                    "cluster {name} does not list {} kind {} in status.apiEnablements",
                    ctx.group_version, ctx.kind
                ),
            ));
        }
        let hard = cluster
            .spec
            .taints
            .iter()
            .filter(|t| blocks_placement(&t.effect));
        if let Some(t) = untolerated(hard, &ctx.placement.cluster_tolerations) {
            return Err(Reason::new(
                FilterCode::Taint.code(),
                format!(
                    "cluster {name} has taint {} that the placement does not tolerate",
                    describe_taint(t)
                ),
            ));
        }
    }
    let placement = ctx.placement;
    let affinity_ok = match (
        &placement.cluster_affinity,
        placement.cluster_affinities.is_empty(),
    ) {
        (Some(a), _) => CompiledAffinity::new(a).matches(cluster),
        (None, false) => placement
            .cluster_affinities
            .iter()
            .any(|t| CompiledAffinity::new(&t.affinity).matches(cluster)),
        (None, true) => true,
    };
    if !affinity_ok {
        return Err(Reason::new(
            FilterCode::Affinity.code(),
            format!("cluster {name} does not match the placement's cluster affinity"),
        ));
    }
    if let Some(field) = spread_field_missing(cluster, &placement.spread_constraints) {
        return Err(Reason::new(
            FilterCode::SpreadConstraint.code(),
            format!("cluster {name} has no {field}, which a spread constraint needs"),
        ));
    }
    Ok(())
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

/// The verdict on one cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClusterVerdict {
    /// Cluster name.
    pub cluster: String,
    /// Replicas predicted for it.
    pub replicas: i32,
    /// Why.
    pub reason: Reason,
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

    /// One verdict per cluster of the fleet, in fleet order: selected (with replicas),
    /// not selected by the spread constraints, or the filter that excluded it.
    pub fn explain(&self, fleet: &FleetIndex, spec: &BindingSpec) -> Vec<ClusterVerdict> {
        fleet
            .clusters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let name = cluster_name(c);
                let replicas = self.replicas_for(name);
                let i = i as u32;
                let reason = if self.selected.contains(&i) {
                    if replicas > 0 || self.clusters.iter().any(|t| t.name == name) {
                        Reason::new(CODE_SELECTED, format!("cluster {name} selected with {replicas} replicas"))
                    } else {
                        Reason::new(
                            CODE_SELECTED_NO_REPLICAS,
                            format!("cluster {name} was selected but the division gave it no replica"),
                        )
                    }
                } else if self.feasible.contains(&i) {
                    Reason::new(
                        CODE_NOT_SELECTED,
                        format!("cluster {name} passed the filters but the spread constraints chose other clusters"),
                    )
                } else {
                    explain_filtered(c, spec, self.affinity_name.as_deref())
                };
                ClusterVerdict { cluster: name.to_string(), replicas, reason }
            })
            .collect()
    }
}

fn explain_filtered(cluster: &Cluster, spec: &BindingSpec, term: Option<&str>) -> Reason {
    // Narrow the affinity to the term that scheduled, then reuse the full check.
    let mut narrowed;
    let spec = match (term, spec.placement.as_ref()) {
        (Some(term), Some(p)) => {
            narrowed = spec.clone();
            if let Some(p2) = narrowed.placement.as_mut() {
                p2.cluster_affinities = p
                    .cluster_affinities
                    .iter()
                    .filter(|t| t.affinity_name == term)
                    .cloned()
                    .collect();
            }
            &narrowed
        }
        _ => spec,
    };
    match passes_filters(cluster, spec) {
        Err(r) => r,
        Ok(()) => Reason::new(
            FilterCode::Affinity.code(),
            format!("cluster {} was not considered", cluster_name(cluster)),
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Per-binding context and filters

fn api_key(group_version: &str, kind: &str) -> String {
    format!("{group_version}\n{kind}")
}

/// Fleet positions resolved once per binding.
struct Marks<'f> {
    evicting: Vec<usize>,
    in_result: Vec<usize>,
    api: Option<&'f Vec<u64>>,
}

static DEFAULT_PLACEMENT: std::sync::LazyLock<Placement> =
    std::sync::LazyLock::new(Placement::default);

struct BindingCtx<'s> {
    spec: &'s BindingSpec,
    placement: &'s Placement,
    group_version: String,
    kind: &'s str,
}

impl<'s> BindingCtx<'s> {
    fn new(spec: &'s BindingSpec) -> Self {
        BindingCtx {
            spec,
            placement: spec.placement.as_ref().unwrap_or(&DEFAULT_PLACEMENT),
            group_version: normalize_group_version(&spec.resource.api_version),
            kind: &spec.resource.kind,
        }
    }

    fn in_result(&self, name: &str) -> bool {
        self.spec.clusters.iter().any(|t| t.name == name)
    }

    fn evicting(&self, name: &str) -> bool {
        self.spec
            .graceful_eviction_tasks
            .iter()
            .any(|t| t.from_cluster == name)
    }

    fn locality_score(&self, name: &str) -> i64 {
        if self.in_result(name) {
            LOCALITY_SCORE
        } else {
            0
        }
    }
}

/// `group/version` as Kubernetes prints it (`v1` for the core group; empty when the
/// apiVersion is malformed).
fn normalize_group_version(api_version: &str) -> String {
    if api_version.is_empty() || api_version == "/" {
        return String::new();
    }
    match api_version.split_once('/') {
        None => api_version.to_string(),
        Some((_, v)) if v.contains('/') => String::new(),
        Some(("", v)) => v.to_string(),
        Some((g, v)) => format!("{g}/{v}"),
    }
}

fn cluster_name(c: &Cluster) -> &str {
    c.metadata.name.as_deref().unwrap_or("")
}

/// The first taint no toleration tolerates.
fn untolerated<'t>(
    mut taints: impl Iterator<Item = &'t Taint>,
    tolerations: &[Toleration],
) -> Option<&'t Taint> {
    taints.find(|taint| !tolerations.iter().any(|t| tolerates(t, taint)))
}

/// The topology field a spread constraint needs and the cluster lacks.
fn spread_field_missing(c: &Cluster, constraints: &[SpreadConstraint]) -> Option<&'static str> {
    let empty = |s: &Option<String>| s.as_deref().unwrap_or("").is_empty();
    constraints
        .iter()
        .find_map(|sc| match sc.spread_by_field.as_deref() {
            Some("provider") if empty(&c.spec.provider) => Some("provider"),
            Some("region") if empty(&c.spec.region) => Some("region"),
            Some("zone") if c.spec.zones.is_empty() => Some("zones"),
            _ => None,
        })
}

// ---------------------------------------------------------------------------------------
// Selection

/// A feasible cluster with its score and capacity, as selection sees it.
#[derive(Clone, Debug)]
struct Scored<'a> {
    cluster: &'a Cluster,
    index: usize,
    name: &'a str,
    score: i64,
    /// Estimated replicas it can take plus what it already holds.
    available: i64,
    /// Estimated replicas it can take.
    allocatable: i32,
}

impl<'a> Scored<'a> {
    /// `estimate` is the general estimator's answer; upstream skips estimation for a
    /// non-workload (`replicas == 0`: unlimited) and replaces "unlimited" by `replicas`.
    fn new(
        cluster: &'a Cluster,
        index: usize,
        score: i64,
        estimate: i32,
        spec: &BindingSpec,
    ) -> Self {
        let replicas = spec.replicas.unwrap_or(0);
        let allocatable = if replicas == 0 {
            i32::MAX
        } else if estimate == i32::MAX {
            replicas
        } else {
            estimate
        };
        let name = cluster_name(cluster);
        let held = spec
            .clusters
            .iter()
            .find(|t| t.name == name)
            .map_or(0, |t| t.replicas);
        Scored {
            cluster,
            index,
            name,
            score,
            available: allocatable as i64 + held as i64,
            allocatable,
        }
    }
}

fn by_score_then_available(a: &Scored, b: &Scored) -> Ordering {
    b.score
        .cmp(&a.score)
        .then(b.available.cmp(&a.available))
        .then_with(|| a.name.cmp(b.name))
}

fn spread_field(sc: &SpreadConstraint) -> &str {
    sc.spread_by_field.as_deref().unwrap_or("")
}

/// The constraint for `field` (the last one when repeated); all-zero when absent.
fn constraint_for<'p>(
    constraints: &'p [SpreadConstraint],
    field: &str,
) -> Option<&'p SpreadConstraint> {
    constraints
        .iter()
        .rev()
        .find(|sc| spread_field(sc) == field)
}

fn min_groups(sc: Option<&SpreadConstraint>) -> i64 {
    sc.and_then(|s| s.min_groups).unwrap_or(0) as i64
}

fn max_groups(sc: Option<&SpreadConstraint>) -> i64 {
    sc.and_then(|s| s.max_groups).unwrap_or(0) as i64
}

/// Static-weight placements ignore spread constraints.
fn ignores_spread_constraints(p: &Placement) -> bool {
    let Some(rs) = &p.replica_scheduling else {
        return false;
    };
    rs.replica_scheduling_type.as_deref() == Some("Divided")
        && rs.replica_division_preference.as_deref() == Some("Weighted")
        && match &rs.weight_preference {
            None => true,
            Some(w) => {
                !w.static_weight_list.is_empty()
                    && w.dynamic_weight.as_deref().unwrap_or("").is_empty()
            }
        }
}

fn is_duplicated(p: &Placement) -> bool {
    match &p.replica_scheduling {
        None => true,
        Some(rs) => rs.replica_scheduling_type.as_deref() == Some("Duplicated"),
    }
}

/// Select among feasible, scored clusters (upstream's order).
fn select<'a>(
    mut clusters: Vec<Scored<'a>>,
    spec: &BindingSpec,
    placement: &Placement,
) -> Result<Vec<Scored<'a>>, PlacementError> {
    clusters.sort_unstable_by(by_score_then_available);
    let constraints = &placement.spread_constraints;
    if constraints.is_empty() || ignores_spread_constraints(placement) {
        return Ok(clusters);
    }
    // Duplicated ignores capacity.
    let need = if is_duplicated(placement) {
        None
    } else {
        Some(spec.replicas.unwrap_or(0) as i64)
    };
    let region = constraint_for(constraints, "region");
    let cluster = constraint_for(constraints, "cluster");
    if let Some(region) = region {
        select_by_region(clusters, spec, placement, region, cluster)
    } else if let Some(cluster) = cluster {
        select_by_cluster(clusters, cluster, need)
    } else {
        Err(PlacementError::UnsupportedSpreadConstraint)
    }
}

fn select_by_cluster<'a>(
    mut clusters: Vec<Scored<'a>>,
    sc: &SpreadConstraint,
    need: Option<i64>,
) -> Result<Vec<Scored<'a>>, PlacementError> {
    let total = clusters.len() as i64;
    if total < min_groups(Some(sc)) {
        return Err(PlacementError::SpreadConstraintUnsatisfied {
            message: format!(
                "{total} feasible clusters, fewer than minGroups {}",
                min_groups(Some(sc))
            ),
        });
    }
    let count = total.min(max_groups(Some(sc))).max(0) as usize;
    let Some(need) = need else {
        clusters.truncate(count);
        return Ok(clusters);
    };
    // Take the best `count`; while they cannot hold `need`, swap the weakest for the
    // roomiest of the rest, from the last one up.
    let enough = |set: &[Scored]| set.iter().map(|c| c.available).sum::<i64>() >= need;
    let mut slot = count as isize - 1;
    while !enough(&clusters[..count]) && slot >= 0 {
        let s = slot as usize;
        let mut best = None;
        let mut best_avail = clusters[s].available;
        for (j, c) in clusters.iter().enumerate().skip(count) {
            if c.available > best_avail {
                best = Some(j);
                best_avail = c.available;
            }
        }
        if let Some(j) = best {
            clusters.swap(s, j);
        }
        slot -= 1;
    }
    if count == 0 || !enough(&clusters[..count]) {
        let available = clusters[..count].iter().map(|c| c.available).sum();
        return Err(PlacementError::InsufficientCapacity {
            available,
            needed: need,
        });
    }
    clusters.truncate(count);
    Ok(clusters)
}

struct Region<'a> {
    name: &'a str,
    clusters: Vec<Scored<'a>>,
    score: i64,
}

fn select_by_region<'a>(
    clusters: Vec<Scored<'a>>,
    spec: &BindingSpec,
    placement: &Placement,
    region_sc: &SpreadConstraint,
    cluster_sc: Option<&SpreadConstraint>,
) -> Result<Vec<Scored<'a>>, PlacementError> {
    let mut regions: Vec<Region<'a>> = Vec::new();
    for c in clusters {
        let Some(r) = c.cluster.spec.region.as_deref().filter(|r| !r.is_empty()) else {
            continue;
        };
        match regions.iter_mut().find(|g| g.name == r) {
            Some(g) => g.clusters.push(c),
            None => regions.push(Region {
                name: r,
                clusters: vec![c],
                score: 0,
            }),
        }
    }
    let region_min = min_groups(Some(region_sc));
    for g in regions.iter_mut() {
        g.score = group_score(&g.clusters, spec, placement, region_min);
    }
    if (regions.len() as i64) < region_min {
        return Err(PlacementError::SpreadConstraintUnsatisfied {
            message: format!(
                "{} feasible regions, fewer than minGroups {region_min}",
                regions.len()
            ),
        });
    }
    let groups: Vec<Group> = regions
        .iter()
        .enumerate()
        .map(|(i, g)| Group {
            id: i,
            name: g.name,
            value: g.clusters.len() as i64,
            weight: g.score,
        })
        .collect();
    let chosen = select_groups(
        groups,
        region_min,
        max_groups(Some(region_sc)),
        min_groups(cluster_sc),
    );
    if chosen.is_empty() {
        return Err(PlacementError::SpreadConstraintUnsatisfied {
            message: "no set of regions holds enough clusters for the cluster spread constraint"
                .into(),
        });
    }
    let mut slots: Vec<Option<Region>> = regions.into_iter().map(Some).collect();
    let mut selected = Vec::new();
    let mut rest = Vec::new();
    for id in chosen {
        if let Some(mut g) = slots[id].take() {
            let mut it = g.clusters.drain(..);
            if let Some(first) = it.next() {
                selected.push(first);
            }
            rest.extend(it);
        }
    }
    let want = ((rest.len() + selected.len()) as i64).min(max_groups(cluster_sc));
    let more = want - selected.len() as i64;
    if more > 0 {
        rest.sort_unstable_by(by_score_then_available);
        selected.extend(rest.into_iter().take(more as usize));
    }
    Ok(selected)
}

/// Go's float64 -> int64 conversion on amd64: out of range (and NaN) gives i64::MIN.
fn go_f64_to_i64(x: f64) -> i64 {
    // 2^63 is exactly representable; anything outside [-2^63, 2^63) does not fit.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if x.is_nan() || !(-LIMIT..LIMIT).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

/// Upstream's group score: how well a group (region) can hold the workload, in units of
/// 1000, plus the average cluster score.
fn group_score(
    clusters: &[Scored],
    spec: &BindingSpec,
    placement: &Placement,
    min_groups: i64,
) -> i64 {
    const UNIT: i64 = 1000;
    let replicas = spec.replicas.unwrap_or(0) as i64;
    if is_duplicated(placement) {
        let valid: Vec<&Scored> = clusters
            .iter()
            .filter(|c| c.available >= replicas)
            .collect();
        if valid.is_empty() {
            return 0;
        }
        let n = valid.len() as i64;
        let sum: i64 = valid.iter().map(|c| c.score).sum();
        return (n * UNIT).wrapping_add(sum / n);
    }
    let target = go_f64_to_i64((replicas as f64 / min_groups as f64).ceil());
    let cluster_min = min_groups.max(min_groups_of_cluster(placement));
    let (mut sum_avail, mut sum_score, mut valid) = (0i64, 0i64, 0i64);
    for c in clusters {
        sum_avail = sum_avail.wrapping_add(c.available);
        sum_score += c.score;
        valid += 1;
        if valid >= cluster_min && sum_avail >= target {
            break;
        }
    }
    if sum_avail < target {
        return sum_avail
            .wrapping_mul(UNIT)
            .wrapping_add(sum_score / clusters.len().max(1) as i64);
    }
    target
        .wrapping_mul(UNIT)
        .wrapping_add(sum_score / valid.max(1))
}

fn min_groups_of_cluster(p: &Placement) -> i64 {
    // The last cluster constraint wins, as in upstream's loop.
    min_groups(constraint_for(&p.spread_constraints, "cluster"))
}

#[derive(Clone, Debug)]
struct Group<'a> {
    id: usize,
    name: &'a str,
    value: i64,
    weight: i64,
}

struct Path {
    seq: usize,
    /// Group ids, ordered by weight desc then name.
    groups: Vec<usize>,
    weight: i64,
    value: i64,
}

/// Upstream's group selection: every combination of `min..=max` groups whose values sum
/// to at least `target` (found depth-first over groups sorted by value), then the best by
/// weight, value and discovery order, preferring a best path's own prefix.
fn select_groups(mut groups: Vec<Group>, min: i64, max: i64, target: i64) -> Vec<usize> {
    if groups.is_empty() {
        return Vec::new();
    }
    groups.sort_by(|a, b| {
        a.value
            .cmp(&b.value)
            .then(b.weight.cmp(&a.weight))
            .then_with(|| a.name.cmp(b.name))
    });
    let mut paths: Vec<Path> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    dfs(&groups, min, max, target, 0, 0, &mut stack, &mut paths);
    if paths.is_empty() {
        return Vec::new();
    }
    paths.sort_by(|a, b| {
        b.weight
            .cmp(&a.weight)
            .then(b.value.cmp(&a.value))
            .then(a.seq.cmp(&b.seq))
    });
    let mut best = 0;
    for i in 1..paths.len() {
        let (p, q) = (&paths[best], &paths[i]);
        if q.groups.len() < p.groups.len() && p.groups[..q.groups.len()] == q.groups[..] {
            best = i;
        }
    }
    std::mem::take(&mut paths[best].groups)
}

#[allow(clippy::too_many_arguments)]
fn dfs(
    groups: &[Group],
    min: i64,
    max: i64,
    target: i64,
    sum: i64,
    begin: usize,
    stack: &mut Vec<usize>,
    paths: &mut Vec<Path>,
) {
    let len = stack.len() as i64;
    if sum >= target && len >= min && len <= max {
        let mut members: Vec<&Group> = stack.iter().map(|&i| &groups[i]).collect();
        members.sort_by(|a, b| b.weight.cmp(&a.weight).then_with(|| a.name.cmp(b.name)));
        paths.push(Path {
            seq: paths.len(),
            weight: members
                .iter()
                .map(|g| g.weight)
                .fold(0i64, i64::wrapping_add),
            value: members.iter().map(|g| g.value).sum(),
            groups: members.iter().map(|g| g.id).collect(),
        });
        return;
    }
    if len >= max {
        return;
    }
    for i in begin..groups.len() {
        stack.push(i);
        dfs(
            groups,
            min,
            max,
            target,
            sum + groups[i].value,
            i + 1,
            stack,
            paths,
        );
        // Upstream stops backtracking when every group is needed for the minimum.
        if groups.len() as i64 == min {
            break;
        }
        stack.pop();
    }
}

// ---------------------------------------------------------------------------------------
// Assignment

fn assign(
    selected: &[Scored],
    spec: &BindingSpec,
    placement: &Placement,
) -> Result<Vec<TargetCluster>, PlacementError> {
    let strategy = Strategy::of(Some(placement));
    let rules = placement
        .replica_scheduling
        .as_ref()
        .and_then(|rs| rs.weight_preference.as_ref())
        .map(|w| w.static_weight_list.as_slice())
        .unwrap_or(&[]);
    let compiled: Vec<(CompiledAffinity, i64)> = if strategy == Some(Strategy::StaticWeight) {
        rules
            .iter()
            .map(|r| (CompiledAffinity::new(&r.target_cluster), r.weight))
            .collect()
    } else {
        Vec::new()
    };
    let candidates: Vec<Candidate> = selected
        .iter()
        .map(|s| Candidate {
            name: s.name,
            weight: compiled
                .iter()
                .filter(|(a, _)| a.matches(s.cluster))
                .map(|(_, w)| *w)
                .fold(0, i64::max),
            allocatable_replicas: s.allocatable,
        })
        .collect();
    let uid = spec.resource.uid.as_deref().unwrap_or("");
    Ok(assign_replicas(
        &candidates,
        strategy,
        spec.replicas.unwrap_or(0),
        spec.replica_requirements.is_some(),
        &spec.clusters,
        uid,
    )?)
}

/// Upstream's selection step alone (family `select_clusters`): `scored` are feasible
/// clusters with their scores; returns the selected cluster names in upstream's order.
pub fn select_clusters(
    scored: &[(&Cluster, i64)],
    spec: &BindingSpec,
) -> Result<Vec<String>, PlacementError> {
    let placement = spec.placement.as_ref().unwrap_or(&DEFAULT_PLACEMENT);
    let request = ReplicaRequest::new(spec.replica_requirements.as_ref());
    let list = scored
        .iter()
        .enumerate()
        .map(|(i, (c, score))| {
            Scored::new(
                c,
                i,
                *score,
                ClusterCapacity::new(c).max_replicas(&request),
                spec,
            )
        })
        .collect();
    Ok(select(list, spec, placement)?
        .into_iter()
        .map(|s| s.name.to_string())
        .collect())
}

/// Upstream's replica assignment alone (family `replica_assignment`): `candidates` are
/// the selected clusters with the replicas the estimator says each can take.
pub fn assign_to_candidates(
    candidates: &[(&Cluster, i32)],
    spec: &BindingSpec,
) -> Result<Vec<TargetCluster>, PlacementError> {
    let placement = spec.placement.as_ref().unwrap_or(&DEFAULT_PLACEMENT);
    let list: Vec<Scored> = candidates
        .iter()
        .enumerate()
        .map(|(i, (c, alloc))| {
            let mut s = Scored::new(c, i, 0, *alloc, spec);
            s.allocatable = *alloc;
            s
        })
        .collect();
    assign(&list, spec, placement)
}

#[cfg(test)]
mod tests;
