//! What arrives on each cluster in a burst, held against the room it has: each arrival
//! in the scheduler's order takes what the estimator says is left (node by node over
//! the resource models where the cluster has them).
//!
//! Upstream: `pkg/estimator/client/general.go`. Karmada: master f8fdd02, v1.18.2.

use serde::Serialize;

use super::burst::{BurstModel, Placed};
use crate::engine::karmada::estimator::{ClusterCapacity, ReplicaRequest};
use crate::engine::karmada::scheduler::{FleetIndex, Room};

/// Resources in the units reports use: CPU in millicores, memory in bytes, pods.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resources {
    pub cpu_milli: i64,
    pub memory_bytes: i64,
    pub pods: i64,
}

impl Resources {
    /// What `replicas` of `request` ask for.
    pub fn of(request: &ReplicaRequest, replicas: i64) -> Resources {
        let per = request.per_replica();
        Resources {
            cpu_milli: per.cpu_milli.saturating_mul(replicas),
            memory_bytes: per.memory_bytes.saturating_mul(replicas),
            pods: replicas,
        }
    }

    /// What `capacity` can still take.
    fn room(capacity: &ClusterCapacity) -> Resources {
        Resources {
            cpu_milli: capacity.left_of("cpu"),
            memory_bytes: capacity.left_of("memory"),
            pods: capacity.allowed_pods(),
        }
    }

    fn add(&mut self, other: &Resources) {
        self.cpu_milli = self.cpu_milli.saturating_add(other.cpu_milli);
        self.memory_bytes = self.memory_bytes.saturating_add(other.memory_bytes);
        self.pods = self.pods.saturating_add(other.pods);
    }
}

/// One binding's arrival on one cluster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArrivalFit {
    pub binding: String,
    pub replicas: i64,
    /// How many of them the cluster can still run when this binding's turn comes.
    pub fits: i64,
}

/// What arrives on one cluster and whether it fits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterFit {
    pub cluster: String,
    /// Replicas arriving, and what they request.
    pub arriving_replicas: i64,
    pub arriving: Resources,
    /// What the cluster can still take before them.
    pub room: Resources,
    /// Whether room is counted node by node over the cluster's resource models.
    pub node_level: bool,
    /// Replicas that will not fit: they stay Pending on the member.
    pub pending_replicas: i64,
    /// Whose: under stale summaries every binding that arrived shares the risk (the
    /// member's own scheduler decides which pods wait), each counted with what it would
    /// get in the Karmada scheduler's order; under tracking, those taken up last.
    pub at_risk: Vec<ArrivalFit>,
}

/// Each cluster's arrivals in `placed` (in the scheduler's order) against its room; the
/// room once the replicas that fit are running.
pub fn fit(index: &FleetIndex, placed: &[Placed], model: BurstModel) -> (Vec<ClusterFit>, Room) {
    let mut after = Room::default();
    let all = by_cluster(index.len(), placed);
    let mut clusters = Vec::new();
    for group in all.chunk_by(|a, b| a.0 == b.0) {
        let at = group[0].0;
        let arrivals = group.iter().map(|&(_, i, n)| (i, n));
        let capacity = after.get_mut(index, at as usize);
        let room = Resources::room(capacity);
        let node_level = capacity.uses_resource_models();
        // (position in placed, replicas, how many fit)
        let mut fits: Vec<(usize, i64, i64)> = Vec::with_capacity(arrivals.len());
        let mut arriving = Resources::default();
        for (i, n) in arrivals {
            let p = &placed[i];
            let take = i64::from(capacity.max_replicas(&p.request)).min(n);
            capacity.assume(&p.request, take);
            arriving.add(&Resources::of(&p.request, n));
            fits.push((i, n, take));
        }
        let arriving_replicas = fits.iter().map(|f| f.1).sum();
        let pending: i64 = fits.iter().map(|f| f.1 - f.2).sum();
        let whose = |&(i, replicas, fits): &(usize, i64, i64)| ArrivalFit {
            binding: placed[i].key.clone(),
            replicas,
            fits,
        };
        let at_risk = match (pending, model) {
            (0, _) => Vec::new(),
            (_, BurstModel::Tracked) => fits.iter().filter(|f| f.2 < f.1).map(whose).collect(),
            _ => fits.iter().map(whose).collect(),
        };
        clusters.push(ClusterFit {
            cluster: index.name(at as usize).to_string(),
            arriving_replicas,
            arriving,
            room,
            node_level,
            pending_replicas: pending,
            at_risk,
        });
    }
    (clusters, after)
}

/// Every arrival of `placed` as (cluster, position in placed, replicas), by cluster and
/// in the scheduler's order within each (a counting sort over the `clusters` fleet
/// positions: a burst over a large fleet has thousands of arrivals).
fn by_cluster(clusters: usize, placed: &[Placed]) -> Vec<(u32, usize, i64)> {
    let arrivals: Vec<(u32, usize, i64)> = placed
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.arriving().map(move |(at, n)| (at, i, n)))
        .collect();
    let mut start = vec![0usize; clusters + 1];
    for &(at, _, _) in &arrivals {
        start[at as usize + 1] += 1;
    }
    for c in 0..clusters {
        start[c + 1] += start[c];
    }
    let mut out = vec![(0, 0, 0); arrivals.len()];
    for a in arrivals {
        let slot = &mut start[a.0 as usize];
        out[*slot] = a;
        *slot += 1;
    }
    out
}

/// The bindings of `placed` the scheduler placed nowhere.
pub fn unplaced(placed: &[Placed]) -> Vec<String> {
    placed
        .iter()
        .filter(|p| p.after.is_none())
        .map(|p| p.key.clone())
        .collect()
}
