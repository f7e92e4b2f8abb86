//! Will it fit? What arrives on each cluster after a failover, held against what that
//! cluster can still take, as upstream's scheduler and estimator see it in a burst.
//!
//! The scheduler places each binding against the clusters' resource summaries, which
//! change only when a member's status is next collected (every 10 s by default): in a
//! failover burst every binding is placed as if the others were not coming, so the
//! clusters with the most room on paper take more than they can run, and the excess
//! stays Pending (karmada#6518). Three ways a burst can be seen ([`BurstModel`]):
//!
//! - **stale** (upstream's default, `SchedulingOvercommitProtection` off, no status
//!   refresh during the burst): every placement as if alone. Which of the arrivals on a
//!   full cluster go Pending is the member's own scheduler's race: every binding that
//!   arrived there shares the risk.
//! - **refreshed** (the other end of a burst's timing, the gate off): a status refresh
//!   between every two placements, so each binding sees the replicas placed before it.
//!   Reported beside the stale end wherever the stale end leaves replicas Pending.
//! - **tracked** (`SchedulingOvercommitProtection=true`, v1.18 alpha): the scheduler
//!   assumes each placement's replicas on each of its clusters (all of them, those
//!   already running there too) until the workload is Healthy there, and the estimator
//!   takes the assumptions off before it counts: later bindings go elsewhere, or find
//!   no room and stay unscheduled.
//!
//! Bindings are taken up in the order their evictions land; with `PriorityBasedScheduling`
//! (on by default on master) a higher `spec.schedulePriority.priority` goes first among
//! those that land together.
//!
//! Per target cluster: the replicas arriving and their resources, the room before them
//! (allocatable - allocated - allocating, and node by node over the resource models'
//! virtual nodes where the cluster has them, as the estimator counts), and how many do
//! not fit: each arrival in turn takes what the estimator says is left. What happens to
//! the replicas that do not fit is [`super::descheduling`]'s.
//!
//! Upstream: `pkg/scheduler/scheduler.go` (`updateAssumptionsCache`),
//! `pkg/scheduler/event_handler.go` (release on Healthy), `pkg/scheduler/core/util.go`,
//! `pkg/estimator/client/general.go`, `pkg/scheduler/internal/queue` (priority queue).
//! Karmada: master f8fdd02, v1.18.2.

use serde::Serialize;

pub use super::burst::{
    burst, burst_model, by_priority, evicted_from, order, positions, BurstModel, Leaving, Placed,
};
use super::descheduling::{self, Descheduling};
pub use super::fit::{fit, unplaced, ArrivalFit, ClusterFit, Resources};
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::vocabulary::settings::ControllerSettings;

/// The other end of a burst's timing: the placements as a status refresh between every
/// two would make them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshedEnd {
    /// Replicas that will not fit anywhere they were placed.
    pub pending_replicas: i64,
    /// Bindings placed nowhere.
    pub unplaced: Vec<String>,
    /// The clusters replicas arrive on.
    pub clusters: Vec<ClusterFit>,
}

/// What a burst leaves Pending, cluster by cluster.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CapacityReport {
    pub model: BurstModel,
    /// Whether `PriorityBasedScheduling` ordered the burst.
    pub by_priority: bool,
    /// How many clusters replicas arrive on, and how many replicas in all.
    pub arriving_clusters: usize,
    pub arriving_replicas: i64,
    /// Clusters replicas arrive on, by name (after [`CapacityReport::compact`], the
    /// fullest only).
    pub clusters: Vec<ClusterFit>,
    /// Clusters [`CapacityReport::compact`] left out of `clusters`.
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted_clusters: usize,
    /// Replicas that will not fit anywhere they were placed.
    pub pending_replicas: i64,
    /// Bindings the scheduler places nowhere (no feasible cluster, or no room left).
    pub unplaced: Vec<String>,
    /// Under stale summaries with replicas Pending: the same burst with a status refresh
    /// between placements (the best a burst's timing can do with the gate off).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refreshed: Option<RefreshedEnd>,
    /// Who cleans up the Pending replicas, when any are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub descheduling: Option<Descheduling>,
}

impl CapacityReport {
    /// Keep the [`COMPACT_CLUSTERS`] clusters with the most replicas Pending, and the
    /// one most replicas arrive on (the counts keep the rest, `omitted_clusters` says how
    /// many went): what a report over many scenarios carries for each.
    pub fn compact(&mut self) {
        let most = self
            .clusters
            .iter()
            .max_by_key(|c| (c.arriving_replicas, std::cmp::Reverse(&c.cluster)))
            .map(|c| c.cluster.clone());
        let before = self.clusters.len();
        self.clusters = fullest(std::mem::take(&mut self.clusters), most.as_deref());
        self.omitted_clusters = before - self.clusters.len();
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Clusters with replicas Pending a compacted report keeps.
pub const COMPACT_CLUSTERS: usize = 10;

/// The [`COMPACT_CLUSTERS`] clusters of `clusters` with the most replicas Pending (and
/// `also`), by name.
fn fullest(mut clusters: Vec<ClusterFit>, also: Option<&str>) -> Vec<ClusterFit> {
    clusters.sort_by(|a, b| {
        b.pending_replicas
            .cmp(&a.pending_replicas)
            .then_with(|| a.cluster.cmp(&b.cluster))
    });
    let mut kept: Vec<ClusterFit> = Vec::new();
    for (i, c) in clusters.into_iter().enumerate() {
        let pending = i < COMPACT_CLUSTERS && c.pending_replicas > 0;
        if pending || also == Some(c.cluster.as_str()) {
            kept.push(c);
        }
    }
    kept.sort_by(|a, b| a.cluster.cmp(&b.cluster));
    kept
}

/// The whole answer for the bindings of `leaving`: placed as the scheduler of `settings`
/// sees the burst (`stale`: the placements already predicted one by one, when the caller
/// has them), what fits, the refreshed end where the stale one leaves replicas Pending,
/// and the descheduler's second move.
pub fn report<'b>(
    index: &FleetIndex,
    leaving: &[Leaving<'b>],
    stale: Option<Vec<Placed<'b>>>,
    settings: &ControllerSettings,
) -> CapacityReport {
    report_ends(index, leaving, stale, settings, Ends::All)
}

/// What of a capacity report is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// Both ends of the burst, and the descheduler's second move.
    All,
    /// Not the refreshed end (a sweep over every loss leaves it to the dry-run of one: it
    /// is a second burst, as costly as the first).
    NotRefreshed,
    /// The first end alone: no refreshed end, no second move (what the doctor's answers
    /// read).
    First,
}

/// [`report`], with what `ends` says.
pub fn report_ends<'b>(
    index: &FleetIndex,
    leaving: &[Leaving<'b>],
    stale: Option<Vec<Placed<'b>>>,
    settings: &ControllerSettings,
    ends: Ends,
) -> CapacityReport {
    let model = burst_model(settings);
    let by_priority = by_priority(settings);
    let placed = match (model, stale) {
        (BurstModel::Stale, Some(mut placed)) => {
            order(&mut placed, by_priority);
            placed
        }
        _ => burst(index, leaving, model, by_priority),
    };
    let (clusters, after) = fit(index, &placed, model);
    let pending_replicas = clusters.iter().map(|c| c.pending_replicas).sum();
    let mut report = CapacityReport {
        model,
        by_priority,
        unplaced: unplaced(&placed),
        arriving_clusters: clusters.len(),
        arriving_replicas: clusters.iter().map(|c| c.arriving_replicas).sum(),
        clusters,
        omitted_clusters: 0,
        pending_replicas,
        refreshed: None,
        descheduling: None,
    };
    if pending_replicas == 0 || ends == Ends::First {
        return report;
    }
    if model == BurstModel::Stale && ends == Ends::All {
        let placed = burst(index, leaving, BurstModel::Refreshed, by_priority);
        let (clusters, _) = fit(index, &placed, BurstModel::Refreshed);
        report.refreshed = Some(RefreshedEnd {
            pending_replicas: clusters.iter().map(|c| c.pending_replicas).sum(),
            unplaced: unplaced(&placed),
            clusters,
        });
    }
    report.descheduling = Some(descheduling::second_move(
        index,
        &placed,
        &report.clusters,
        after,
        &settings.descheduler,
    ));
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Cluster;
    use crate::engine::vocabulary::settings::PurgeMode;
    use crate::engine::vocabulary::version::KarmadaVersion;
    use crate::fleet::Binding;
    use serde_json::json;

    /// A cluster with `cpu` cores free of 8, and `pods` pods free of 110.
    fn cluster(name: &str, cpu: &str) -> Cluster {
        serde_json::from_value(json!({
            "metadata": {"name": name},
            "spec": {},
            "status": {
                "conditions": [{"type": "Ready", "status": "True",
                                "lastTransitionTime": "2026-11-22T08:00:00Z"}],
                "resourceSummary": {
                    "allocatable": {"cpu": cpu, "memory": "64Gi", "pods": "110"},
                    "allocated": {"cpu": "0", "memory": "0", "pods": "0"}
                },
                "apiEnablements": [{"groupVersion": "apps/v1",
                    "resources": [{"name": "deployments", "kind": "Deployment"}]}]
            }
        }))
        .unwrap()
    }

    /// A binding of `replicas` 1-CPU replicas on member1, Aggregated over all.
    fn binding(name: &str, replicas: i32, priority: Option<i32>) -> Binding {
        let mut spec = json!({
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": name},
            "replicas": replicas,
            "replicaRequirements": {"resourceRequest": {"cpu": "1"}},
            "placement": {"replicaScheduling": {"replicaSchedulingType": "Divided",
                "replicaDivisionPreference": "Aggregated"}},
            "clusters": [{"name": "member1", "replicas": replicas}]
        });
        if let Some(p) = priority {
            spec["schedulePriority"] = json!({"priority": p});
        }
        serde_json::from_value(json!({
            "metadata": {"name": format!("{name}-deployment"), "namespace": "shop"},
            "spec": spec
        }))
        .unwrap()
    }

    fn leaving(b: &Binding) -> Leaving<'_> {
        Leaving {
            binding: b,
            key: b.display_name(),
            gone: vec![("member1".into(), PurgeMode::Gracefully)],
            at: None,
            known: None,
        }
    }

    fn settings(gate: bool) -> ControllerSettings {
        ControllerSettings {
            scheduling_overcommit_protection: gate,
            ..ControllerSettings::default()
        }
    }

    #[test]
    fn stale_summaries_overcommit_the_roomiest_cluster_and_tracking_spreads() {
        // member2 has 6 free cores, member3 5: alone, each binding goes to member2 whole;
        // the burst of three 4-replica bindings sends 12 replicas to 6 cores.
        let clusters = vec![
            cluster("member1", "8"),
            cluster("member2", "6"),
            cluster("member3", "5"),
        ];
        let index = FleetIndex::new(&clusters);
        let bindings: Vec<Binding> = ["a", "b", "c"]
            .iter()
            .map(|n| binding(n, 4, None))
            .collect();
        let leaving: Vec<Leaving> = bindings.iter().map(leaving).collect();

        let stale = report(&index, &leaving, None, &settings(false));
        assert_eq!(stale.model, BurstModel::Stale);
        assert_eq!(stale.clusters.len(), 1, "{stale:#?}");
        let member2 = &stale.clusters[0];
        assert_eq!(member2.cluster, "member2");
        assert_eq!(
            (member2.arriving_replicas, member2.pending_replicas),
            (12, 6)
        );
        assert_eq!(member2.room.cpu_milli, 6000);
        assert_eq!(member2.arriving.cpu_milli, 12000);
        // Every binding that arrived on member2 shares the risk.
        assert_eq!(member2.at_risk.len(), 3);
        let refreshed = stale.refreshed.as_ref().expect("the other end is given");
        assert!(
            refreshed.pending_replicas < stale.pending_replicas,
            "{refreshed:#?}"
        );
        let descheduling = stale.descheduling.as_ref().unwrap();
        assert!(!descheduling.running);
        assert_eq!(descheduling.still_pending, 6);

        let tracked = report(&index, &leaving, None, &settings(true));
        assert_eq!(tracked.model, BurstModel::Tracked);
        assert_eq!(tracked.pending_replicas, 0, "{tracked:#?}");
        // a takes member2 (6 -> 2), b member3 (5 -> 1), c finds room for 4 nowhere.
        assert_eq!(tracked.unplaced, ["rb/shop/c-deployment"], "{tracked:#?}");
        assert!(tracked.refreshed.is_none());
    }

    #[test]
    fn the_descheduler_moves_pending_replicas_of_dynamically_divided_deployments() {
        let clusters = vec![
            cluster("member1", "8"),
            cluster("member2", "6"),
            cluster("member3", "5"),
        ];
        let index = FleetIndex::new(&clusters);
        let mut bindings: Vec<Binding> = ["a", "b"].iter().map(|n| binding(n, 4, None)).collect();
        for b in &mut bindings {
            let placement = serde_json::to_string(&b.spec.placement).unwrap();
            b.metadata.annotations =
                Some([("policy.karmada.io/applied-placement".to_string(), placement)].into());
        }
        let leaving: Vec<Leaving> = bindings.iter().map(leaving).collect();
        let mut s = settings(false);
        s.descheduler.running = true;
        let r = report(&index, &leaving, None, &s);
        // 8 replicas on member2's 6 cores: 2 Pending, b's (taken up second).
        assert_eq!(r.pending_replicas, 2, "{r:#?}");
        let d = r.descheduling.as_ref().unwrap();
        assert_eq!(d.after_seconds, [300, 420]);
        assert_eq!(d.moves.len(), 1, "{d:#?}");
        let m = &d.moves[0];
        assert_eq!(m.binding, "rb/shop/b-deployment");
        assert_eq!(m.from, [("member2".to_string(), 2)].into());
        assert_eq!(m.to, [("member3".to_string(), 2)].into());
        assert_eq!((m.still_pending, d.still_pending), (0, 0));
    }

    #[test]
    fn the_gate_is_read_only_where_the_release_has_it() {
        let mut s = settings(true);
        s.karmada_version = KarmadaVersion::release(17, 4);
        assert_eq!(burst_model(&s), BurstModel::Stale);
        s.karmada_version = KarmadaVersion::release(18, 0);
        assert_eq!(burst_model(&s), BurstModel::Tracked);
        assert!(!by_priority(&s));
        s.karmada_version = KarmadaVersion::MASTER;
        assert!(by_priority(&s));
        s.priority_based_scheduling = Some(false);
        assert!(!by_priority(&s));
    }

    #[test]
    fn priority_goes_first_among_bindings_that_land_together() {
        let clusters = vec![cluster("member1", "8"), cluster("member2", "4")];
        let index = FleetIndex::new(&clusters);
        let low = binding("a-low", 4, Some(1));
        let high = binding("b-high", 4, Some(100));
        let leaving = vec![leaving(&low), leaving(&high)];
        let mut s = settings(true);
        s.karmada_version = KarmadaVersion::MASTER;
        let r = report(&index, &leaving, None, &s);
        assert!(r.by_priority);
        // b-high takes member2's four cores; a-low finds no room.
        assert_eq!(r.unplaced, ["rb/shop/a-low-deployment"], "{r:#?}");
        // Without the gate, by name: a-low first.
        s.priority_based_scheduling = Some(false);
        let r = report(&index, &leaving, None, &s);
        assert_eq!(r.unplaced, ["rb/shop/b-high-deployment"], "{r:#?}");
    }
}
