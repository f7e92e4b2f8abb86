//! Phase 1: the clusters as the scenario leaves them (its taints added, an outage's
//! clusters in place of the fleet's), which of them are faulty, since when, and until
//! when.

use std::collections::{HashMap, HashSet};

use jiff::Timestamp;

use super::Scenario;
use crate::api::{Cluster, TaintEffect, Time};
use crate::engine::karmada::eviction_queue::ClusterFault;
use crate::engine::predict::cluster_decision::ClusterDecision;
use crate::engine::vocabulary::settings::{ControllerSettings, QueueSettings};

/// The faulty clusters of a scenario.
pub(super) struct Faults {
    /// Each faulty cluster: since when, and when it recovers (if it does).
    pub faults: Vec<ClusterFault>,
    /// Their names, in fleet order.
    pub faulty: Vec<String>,
    /// Clusters carrying the proposal's `PreferNoExecute`.
    pub proposal_effects: Vec<String>,
    /// When each faulty cluster got its evicting taint.
    since: HashMap<String, Timestamp>,
    /// The reference time.
    now: Timestamp,
}

impl Faults {
    /// The faults of `clusters` (as the scenario leaves them).
    pub fn of<'c>(
        clusters: impl Iterator<Item = &'c Cluster> + Clone,
        scenario: &Scenario,
    ) -> Faults {
        let targets: HashSet<&str> = scenario.targets.iter().map(String::as_str).collect();
        let faults: Vec<ClusterFault> = clusters
            .clone()
            .filter_map(|c| fault_of(c, scenario.now))
            .map(|mut f| {
                if targets.contains(f.cluster.as_str()) {
                    f.recovered_at = scenario.recover_at;
                }
                if let Some((_, at)) = scenario.recoveries.iter().find(|(c, _)| *c == f.cluster) {
                    f.recovered_at = Some(*at);
                }
                f
            })
            .collect();
        Faults {
            since: faults
                .iter()
                .map(|f| (f.cluster.clone(), f.since))
                .collect(),
            faulty: faults.iter().map(|f| f.cluster.clone()).collect(),
            proposal_effects: clusters
                .filter(|c| carries(c, TaintEffect::PreferNoExecute))
                .filter_map(|c| c.metadata.name.clone())
                .collect(),
            faults,
            now: scenario.now,
        }
    }

    /// Whether `cluster` is faulty.
    pub fn is_faulty(&self, cluster: &str) -> bool {
        self.since.contains_key(cluster)
    }

    /// When a decision's eviction is due: never before its cluster carries the evicting
    /// taint (a taint an outage adds later than `now`).
    pub fn due(&self, d: &ClusterDecision) -> Option<Timestamp> {
        d.action
            .due(self.now)
            .map(|due| self.since.get(&d.cluster).map_or(due, |s| due.max(*s)))
    }
}

/// The clusters a scenario makes faulty (`targets` given `taints`, and those that carry
/// an evicting taint already): only bindings placed on one of them take part in a
/// simulation, the others are counted.
pub fn faulty_after(
    clusters: &[Cluster],
    targets: &[String],
    taints: &[crate::api::Taint],
    now: Timestamp,
) -> HashSet<String> {
    let scenario = Scenario {
        targets: targets.to_vec(),
        taints: taints.to_vec(),
        now,
        until: now,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: ControllerSettings::default(),
        queue: QueueSettings::default(),
    };
    apply_scenario(clusters, &scenario)
        .iter()
        .filter(|c| fault_of(c, now).is_some())
        .filter_map(|c| c.metadata.name.clone())
        .collect()
}

/// The clusters as they are after the scenario's taints are added.
pub fn apply_scenario(clusters: &[Cluster], scenario: &Scenario) -> Vec<Cluster> {
    let targets: HashSet<&str> = scenario.targets.iter().map(String::as_str).collect();
    clusters
        .iter()
        .map(|c| applied(c, scenario, &targets).unwrap_or_else(|| c.clone()))
        .collect()
}

/// Only the clusters the scenario changes (replaced, or tainted), as it leaves them:
/// [`apply_scenario`] without copying the rest of the fleet.
pub(super) fn changed_clusters(clusters: &[Cluster], scenario: &Scenario) -> Vec<Cluster> {
    if scenario.replaced.is_empty() && (scenario.targets.is_empty() || scenario.taints.is_empty()) {
        return Vec::new();
    }
    let targets: HashSet<&str> = scenario.targets.iter().map(String::as_str).collect();
    clusters
        .iter()
        .filter_map(|c| applied(c, scenario, &targets))
        .collect()
}

/// `c` as the scenario leaves it, when the scenario changes it.
fn applied(c: &Cluster, scenario: &Scenario, targets: &HashSet<&str>) -> Option<Cluster> {
    let name = c.metadata.name.as_deref();
    let replaced = scenario
        .replaced
        .iter()
        .find(|r| r.metadata.name.as_deref() == name);
    let target = targets.contains(name.unwrap_or("")) && !scenario.taints.is_empty();
    if replaced.is_none() && !target {
        return None;
    }
    let mut c = replaced.unwrap_or(c).clone();
    if target {
        for taint in &scenario.taints {
            let present = c
                .spec
                .taints
                .iter()
                .any(|t| t.key == taint.key && t.effect == taint.effect);
            if !present {
                let mut t = taint.clone();
                t.time_added = Some(Time(scenario.now));
                c.spec.taints.push(t);
            }
        }
    }
    Some(c)
}

/// Whether `cluster` carries a taint with `effect`.
pub(super) fn carries(cluster: &Cluster, effect: TaintEffect) -> bool {
    cluster
        .spec
        .taints
        .iter()
        .any(|t| crate::api::taint::effect_of(t) == Some(effect))
}

/// When a cluster became faulty (earliest evicting taint), if it is.
fn fault_of(cluster: &Cluster, now: Timestamp) -> Option<ClusterFault> {
    let evicting: Vec<_> = cluster
        .spec
        .taints
        .iter()
        .filter(|t| {
            t.effect
                .parse::<TaintEffect>()
                .is_ok_and(TaintEffect::evicts)
        })
        .collect();
    if evicting.is_empty() {
        return None;
    }
    let since = evicting
        .iter()
        .filter_map(|t| t.time_added.as_ref().map(|t| t.0))
        .min()
        .unwrap_or(now);
    Some(ClusterFault {
        cluster: cluster.metadata.name.clone().unwrap_or_default(),
        since,
        recovered_at: None,
    })
}
