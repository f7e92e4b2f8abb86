//! Selection among feasible clusters (spread constraints by cluster and region) and
//! the hand-off to replica assignment, in upstream's order.

use std::cmp::Ordering;

use crate::api::cluster::Cluster;
use crate::api::policy::SpreadConstraint;
use crate::api::{BindingSpec, Placement, TargetCluster};

use super::division::{assign_replicas_in, AssignmentMode, Candidate, Strategy};
use super::filter::{cluster_name, held_on, DEFAULT_PLACEMENT};
use super::PlacementError;
use crate::engine::karmada::cluster_affinity::CompiledAffinity;
use crate::engine::karmada::estimator::{ClusterCapacity, ReplicaRequest};

/// A feasible cluster with its score and capacity, as selection sees it.
#[derive(Clone, Debug)]
pub(super) struct Scored<'a> {
    pub(super) cluster: &'a Cluster,
    pub(super) index: usize,
    /// Its name's place among the names: ties are broken by name.
    pub(super) rank: u32,
    pub(super) name: &'a str,
    pub(super) score: i64,
    /// Estimated replicas it can take plus what it already holds.
    pub(super) available: i64,
    /// Estimated replicas it can take.
    pub(super) allocatable: i32,
}

impl<'a> Scored<'a> {
    /// `estimate` is the general estimator's answer; upstream skips estimation for a
    /// non-workload (`replicas == 0`: unlimited) and replaces "unlimited" by `replicas`.
    /// `held`: the replicas the binding's result has on the cluster; `rank`: its name's
    /// place among the names ([`super::name_ranks`]).
    pub(super) fn ranked(
        cluster: &'a Cluster,
        index: usize,
        rank: u32,
        score: i64,
        held: i32,
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
        Scored {
            cluster,
            index,
            rank,
            name: cluster_name(cluster),
            score,
            available: allocatable as i64 + held as i64,
            allocatable,
        }
    }

    /// Each of `clusters` with its score and estimate, ranked among themselves by name
    /// (the conformance families' entry points, which have no fleet index).
    fn list(
        clusters: impl ExactSizeIterator<Item = (&'a Cluster, i64, i32)>,
        spec: &BindingSpec,
    ) -> Vec<Self> {
        let clusters: Vec<(&Cluster, i64, i32)> = clusters.collect();
        let names: Vec<&str> = clusters.iter().map(|(c, _, _)| cluster_name(c)).collect();
        let ranks = super::name_ranks(&names);
        clusters
            .iter()
            .enumerate()
            .map(|(i, &(c, score, estimate))| {
                let held = held_on(spec, names[i]);
                Scored::ranked(c, i, ranks[i], score, held, estimate, spec)
            })
            .collect()
    }
}

pub(super) fn by_score_then_available(a: &Scored, b: &Scored) -> Ordering {
    b.score
        .cmp(&a.score)
        .then(b.available.cmp(&a.available))
        .then(a.rank.cmp(&b.rank))
}

pub(super) fn spread_field(sc: &SpreadConstraint) -> &str {
    sc.spread_by_field.as_deref().unwrap_or("")
}

/// The constraint for `field` (the last one when repeated); all-zero when absent.
pub(super) fn constraint_for<'p>(
    constraints: &'p [SpreadConstraint],
    field: &str,
) -> Option<&'p SpreadConstraint> {
    constraints
        .iter()
        .rev()
        .find(|sc| spread_field(sc) == field)
}

pub(super) fn min_groups(sc: Option<&SpreadConstraint>) -> i64 {
    sc.and_then(|s| s.min_groups).unwrap_or(0) as i64
}

pub(super) fn max_groups(sc: Option<&SpreadConstraint>) -> i64 {
    sc.and_then(|s| s.max_groups).unwrap_or(0) as i64
}

/// Static-weight placements ignore spread constraints.
pub(super) fn ignores_spread_constraints(p: &Placement) -> bool {
    let Some(rs) = &p.replica_scheduling else {
        return false;
    };
    super::replica_scheduling_type(Some(p)) == super::ReplicaSchedulingType::Divided
        && rs.replica_division_preference.as_deref() == Some("Weighted")
        && match &rs.weight_preference {
            None => true,
            Some(w) => {
                !w.static_weight_list.is_empty()
                    && w.dynamic_weight.as_deref().unwrap_or("").is_empty()
            }
        }
}

pub(super) fn is_duplicated(p: &Placement) -> bool {
    super::replica_scheduling_type(Some(p)) == super::ReplicaSchedulingType::Duplicated
}

/// Select among feasible, scored clusters (upstream's order).
pub(super) fn select<'a>(
    mut clusters: Vec<Scored<'a>>,
    spec: &BindingSpec,
    placement: &Placement,
) -> Result<Vec<Scored<'a>>, PlacementError> {
    clusters.sort_unstable_by(by_score_then_available);
    select_sorted(clusters, spec, placement)
}

/// [`select`] of clusters already in [`by_score_then_available`]'s order.
pub(super) fn select_sorted<'a>(
    clusters: Vec<Scored<'a>>,
    spec: &BindingSpec,
    placement: &Placement,
) -> Result<Vec<Scored<'a>>, PlacementError> {
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

pub(super) fn select_by_cluster<'a>(
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

pub(super) struct Region<'a> {
    pub(super) name: &'a str,
    pub(super) clusters: Vec<Scored<'a>>,
    pub(super) score: i64,
}

pub(super) fn select_by_region<'a>(
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
pub(super) fn go_f64_to_i64(x: f64) -> i64 {
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
pub(super) fn group_score(
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

pub(super) fn min_groups_of_cluster(p: &Placement) -> i64 {
    // The last cluster constraint wins, as in upstream's loop.
    min_groups(constraint_for(&p.spread_constraints, "cluster"))
}

#[derive(Clone, Debug)]
pub(super) struct Group<'a> {
    pub(super) id: usize,
    pub(super) name: &'a str,
    pub(super) value: i64,
    pub(super) weight: i64,
}

pub(super) struct Path {
    pub(super) seq: usize,
    /// Group ids, ordered by weight desc then name.
    pub(super) groups: Vec<usize>,
    pub(super) weight: i64,
    pub(super) value: i64,
}

/// Upstream's group selection: every combination of `min..=max` groups whose values sum
/// to at least `target` (found depth-first over groups sorted by value), then the best by
/// weight, value and discovery order, preferring a best path's own prefix.
pub(super) fn select_groups(mut groups: Vec<Group>, min: i64, max: i64, target: i64) -> Vec<usize> {
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
pub(super) fn dfs(
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

pub(super) fn assign(
    selected: &[Scored],
    spec: &BindingSpec,
    placement: &Placement,
    mode: AssignmentMode,
) -> Result<Vec<TargetCluster>, PlacementError> {
    assign_weighted(selected, spec, placement, mode, &[])
}

/// [`assign`], with the static weights of some clusters worked out already (by fleet
/// position, sorted).
pub(super) fn assign_weighted(
    selected: &[Scored],
    spec: &BindingSpec,
    placement: &Placement,
    mode: AssignmentMode,
    known: &[(usize, i64)],
) -> Result<Vec<TargetCluster>, PlacementError> {
    let strategy = Strategy::of(Some(placement));
    let weights = StaticWeights::of(placement);
    let weight = |s: &Scored| match known.binary_search_by_key(&s.index, |w| w.0) {
        Ok(at) => known[at].1,
        Err(_) => weights.of_cluster(s.cluster),
    };
    let candidates: Vec<Candidate> = selected
        .iter()
        .map(|s| Candidate {
            name: s.name,
            weight: weight(s),
            allocatable_replicas: s.allocatable,
        })
        .collect();
    let uid = spec.resource.uid.as_deref().unwrap_or("");
    Ok(assign_replicas_in(
        mode,
        &candidates,
        strategy,
        spec.replicas.unwrap_or(0),
        spec.replica_requirements.is_some(),
        &spec.clusters,
        uid,
    )?)
}

/// A static-weight placement's rules, compiled (none for any other strategy).
pub(super) struct StaticWeights<'p>(Vec<(CompiledAffinity<'p>, i64)>);

impl<'p> StaticWeights<'p> {
    pub(super) fn of(placement: &'p Placement) -> Self {
        if Strategy::of(Some(placement)) != Some(Strategy::StaticWeight) {
            return StaticWeights(Vec::new());
        }
        let rules = placement
            .replica_scheduling
            .as_ref()
            .and_then(|rs| rs.weight_preference.as_ref())
            .map(|w| w.static_weight_list.as_slice())
            .unwrap_or(&[]);
        StaticWeights(
            rules
                .iter()
                .map(|r| (CompiledAffinity::new(&r.target_cluster), r.weight))
                .collect(),
        )
    }

    /// The weight of `cluster`: the largest of the rules it matches, else 0.
    pub(super) fn of_cluster(&self, cluster: &Cluster) -> i64 {
        self.0
            .iter()
            .filter(|(a, _)| a.matches(cluster))
            .map(|(_, w)| *w)
            .fold(0, i64::max)
    }
}

/// Upstream's selection step alone (family `select_clusters`): `scored` are feasible
/// clusters with their scores; returns the selected cluster names in upstream's order.
pub fn select_clusters(
    scored: &[(&Cluster, i64)],
    spec: &BindingSpec,
) -> Result<Vec<String>, PlacementError> {
    let placement = spec.placement.as_deref().unwrap_or(&DEFAULT_PLACEMENT);
    let request = ReplicaRequest::new(spec.replica_requirements.as_deref());
    let list = Scored::list(
        scored
            .iter()
            .map(|&(c, score)| (c, score, ClusterCapacity::new(c).max_replicas(&request))),
        spec,
    );
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
    let placement = spec.placement.as_deref().unwrap_or(&DEFAULT_PLACEMENT);
    let mut list = Scored::list(candidates.iter().map(|&(c, alloc)| (c, 0, alloc)), spec);
    for (s, (_, alloc)) in list.iter_mut().zip(candidates) {
        s.allocatable = *alloc;
    }
    assign(&list, spec, placement, AssignmentMode::Steady)
}
