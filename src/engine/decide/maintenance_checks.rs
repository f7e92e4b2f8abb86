//! What the waits of `maintenance run` read in the bindings: whether what a wave's drain
//! moved is Healthy where it went ([`not_evacuated`]), and whether what returned to the
//! wave's clusters stays Healthy there ([`turned_unhealthy`]). Each answer is the bindings
//! still waiting (or failing) with why, so a timeout can name them.
//!
//! Healthy is what Karmada aggregates in `status.aggregatedStatus` (applied, `health:
//! Healthy`; `pkg/util/helper/workstatus.go`), as `failback` reads it. A task from the
//! cluster is the old copy still there: upstream's graceful eviction controller removes
//! it once the binding is scheduled and every cluster of its placement reports Healthy,
//! or at its timeout (`pkg/controllers/gracefuleviction/evictiontask.go`,
//! `assessSingleTask`), but never while `suppressDeletion` holds it (purge mode `Never`),
//! so such a task is not waited for.

use jiff::{SignedDuration, Timestamp};

use super::drain::BindingDrain;
use super::failback::health_gate;
use super::records::records;
use super::taint_edit::is_cordon_taint;
use crate::api::Cluster;
use crate::engine::predict::incident::observe::scheduled;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::fleet::{Binding, FleetState};

/// Bindings a message names.
pub const NAMED: usize = 5;

/// A binding and why it is not yet as the wait wants.
pub type Waiting = (String, String);

/// Whether `b` was moved off one of `clusters` by a drain: it has a task from one, or a
/// drain record of one.
pub fn moved_off(b: &Binding, clusters: &[String]) -> bool {
    let recorded = records(b.annotations());
    clusters.iter().any(|c| {
        recorded.contains_key(c.as_str())
            || b.spec
                .graceful_eviction_tasks
                .iter()
                .any(|t| &t.from_cluster == c)
    })
}

/// Why `b` is not applied and Healthy on `cluster` (`None`: it is).
fn not_healthy_there(b: &Binding, cluster: &str) -> Option<String> {
    let item = b.status.as_ref().and_then(|s| {
        s.aggregated_status
            .iter()
            .find(|a| *a.cluster_name == *cluster)
    });
    match item {
        None => Some(format!("no status from {cluster} yet")),
        Some(a) if !a.applied => Some(format!("not applied on {cluster} yet")),
        Some(a) if a.health.as_deref() != Some("Healthy") => Some(format!(
            "{} on {cluster}",
            a.health.as_deref().unwrap_or("health unknown")
        )),
        Some(_) => None,
    }
}

/// Why `b` is not Healthy on each cluster of its placement (`None`: it is).
fn not_healthy(b: &Binding) -> Option<String> {
    if b.spec.clusters.is_empty() {
        return Some("no cluster placed (Pending)".into());
    }
    b.spec
        .clusters
        .iter()
        .find_map(|t| not_healthy_there(b, &t.name))
}

/// The bindings moved off `clusters` that are not yet Healthy where they went, or whose
/// old copy there is not yet removed.
pub fn not_evacuated<'a>(
    bindings: impl IntoIterator<Item = &'a Binding>,
    clusters: &[String],
) -> Vec<Waiting> {
    let mut out = Vec::new();
    for b in bindings {
        if !moved_off(b, clusters) {
            continue;
        }
        let why = if let Some(c) = b.spec.clusters.iter().find(|t| clusters.contains(&t.name)) {
            Some(format!("still placed on {}", c.name))
        } else if !scheduled(b) {
            Some("the scheduler has not placed it yet".into())
        } else if let Some(why) = not_healthy(b) {
            Some(why)
        } else {
            b.spec
                .graceful_eviction_tasks
                .iter()
                .find(|t| {
                    clusters.contains(&t.from_cluster)
                        && t.suppress_deletion != Some(true)
                        && t.purge_mode.as_deref() != Some("Never")
                })
                .map(|t| format!("its old copy on {} is not removed yet", t.from_cluster))
        };
        if let Some(why) = why {
            out.push((b.display_name(), why));
        }
    }
    out.sort();
    out
}

/// The bindings placed on one of `clusters` that are not yet applied and Healthy there,
/// and why.
pub fn not_healthy_on<'a>(
    bindings: impl IntoIterator<Item = &'a Binding>,
    clusters: &[String],
) -> Vec<Waiting> {
    let mut out = Vec::new();
    for b in bindings {
        for t in b
            .spec
            .clusters
            .iter()
            .filter(|t| clusters.contains(&t.name))
        {
            if let Some(why) = not_healthy_there(b, &t.name) {
                out.push((b.display_name(), why));
            }
        }
    }
    out.sort();
    out
}

/// The status items of `b` for the clusters of `clusters` it is placed on.
fn placed_status<'b>(
    b: &'b Binding,
    clusters: &'b [String],
) -> impl Iterator<Item = &'b crate::api::binding::AggregatedStatusItem> {
    b.status.iter().flat_map(move |s| {
        s.aggregated_status.iter().filter(move |a| {
            clusters.iter().any(|c| **c == *a.cluster_name)
                && b.spec.clusters.iter().any(|t| *t.name == *a.cluster_name)
        })
    })
}

/// A binding Healthy on a cluster: (binding, cluster, its replicas there then).
pub type SeenHealthy = (String, String, i32);

/// The replicas `b`'s placement gives `cluster`.
fn replicas_on(b: &Binding, cluster: &str) -> i32 {
    b.spec
        .clusters
        .iter()
        .filter(|t| *t.name == *cluster)
        .map(|t| t.replicas)
        .sum()
}

/// The bindings placed on one of `clusters` and Healthy there, with their replicas.
pub fn healthy_on<'a>(
    bindings: impl IntoIterator<Item = &'a Binding>,
    clusters: &[String],
) -> std::collections::BTreeSet<SeenHealthy> {
    let mut out = std::collections::BTreeSet::new();
    for b in bindings {
        for a in placed_status(b, clusters) {
            if a.applied && a.health.as_deref() == Some("Healthy") {
                let replicas = replicas_on(b, &a.cluster_name);
                out.insert((b.display_name(), a.cluster_name.to_string(), replicas));
            }
        }
    }
    out
}

/// The bindings of `seen` that Karmada now reports Unhealthy on one of `clusters` with
/// the replicas they had there when Healthy: the ones that turned Unhealthy. One placed
/// there since, or given other replicas there since (the scheduler spreading again once
/// the cluster is back), is not yet Healthy by nature: its member object is applied
/// anew and Karmada's interpreter reads it Unhealthy until the member has caught up
/// (`observedGeneration`).
pub fn turned_unhealthy<'a>(
    bindings: impl IntoIterator<Item = &'a Binding>,
    clusters: &[String],
    seen: &std::collections::BTreeSet<SeenHealthy>,
) -> Vec<Waiting> {
    let mut out = Vec::new();
    for b in bindings {
        for a in placed_status(b, clusters) {
            let key = (
                b.display_name(),
                a.cluster_name.to_string(),
                replicas_on(b, &a.cluster_name),
            );
            if a.health.as_deref() == Some("Unhealthy") && seen.contains(&key) {
                out.push((key.0, format!("Unhealthy on {}", a.cluster_name)));
            }
        }
    }
    out.sort();
    out
}

/// How long a binding must stay Unhealthy on a soaking cluster ([`turned_unhealthy`])
/// before the soak fails the cluster. Once a cluster is back, Karmada syncs the Works of
/// its workloads again, and a member that applies an object anew reads Unhealthy until it
/// has observed the new generation: a second or two. A broken workload stays Unhealthy.
pub const SOAK_UNHEALTHY_FOR: SignedDuration = SignedDuration::from_secs(10);

/// Since when each binding of one soaking cluster has been Unhealthy there, as the
/// soak's reads saw it ([`Unhealthy::note`]).
#[derive(Debug, Default)]
pub struct Unhealthy(std::collections::BTreeMap<Waiting, Timestamp>);

impl Unhealthy {
    /// Note what a read at `now` found Unhealthy ([`turned_unhealthy`] of the cluster):
    /// the ones not found are Healthy again and forgotten. Returns those Unhealthy for
    /// [`SOAK_UNHEALTHY_FOR`] or longer, by name.
    pub fn note(&mut self, turned: Vec<Waiting>, now: Timestamp) -> Vec<Waiting> {
        let since = turned
            .into_iter()
            .map(|w| {
                let at = self.0.get(&w).copied().unwrap_or(now);
                (w, at)
            })
            .collect();
        self.0 = since;
        self.0
            .iter()
            .filter(|(_, &at)| now.duration_since(at) >= SOAK_UNHEALTHY_FOR)
            .map(|(w, _)| w.clone())
            .collect()
    }

    /// Whether nothing is Unhealthy there.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// When the first binding still Unhealthy will have been so long enough to fail.
    pub fn deadline(&self) -> Option<Timestamp> {
        self.0.values().min().map(|&at| at + SOAK_UNHEALTHY_FOR)
    }
}

/// The clusters of `clusters` already cordoned: a run would uncordon them when done,
/// undoing someone else's cordon, so it refuses them.
pub fn cordoned_already(state: &FleetState, clusters: &[String]) -> Vec<String> {
    clusters
        .iter()
        .filter(|c| {
            state
                .cluster(c)
                .is_some_and(|c| c.taints().iter().any(is_cordon_taint))
        })
        .cloned()
        .collect()
}

/// Why a wave's drain must not go ahead (`None`: it may): what `drain` refuses without
/// `--force` (`fleet`, `capacity`), and any binding it would leave in place.
pub fn wave_refusal<'a>(
    fleet: Option<&Reason>,
    capacity: Option<&Reason>,
    plans: impl IntoIterator<Item = &'a BindingDrain>,
) -> Option<String> {
    if let Some(r) = fleet.or(capacity) {
        return Some(r.message.clone());
    }
    let blocked: Vec<Waiting> = plans
        .into_iter()
        .flat_map(|p| {
            p.steps.iter().filter(|s| s.decision.incomplete()).map(|s| {
                let decision: &str = s.decision.into();
                (p.binding.clone(), format!("{decision} on {}", s.cluster))
            })
        })
        .collect();
    (!blocked.is_empty()).then(|| {
        format!(
            "the drain would leave bindings in place: {}",
            summary(&blocked, NAMED)
        )
    })
}

/// Why `c` does not pass the run's health gate (empty: it does): `failback`'s gate
/// (Ready for `stable_for`, no NoExecute taint, not being deleted) without the run's own
/// cordon.
pub fn gate_refusals(c: &Cluster, stable_for: SignedDuration, now: Timestamp) -> Vec<String> {
    match health_gate(c, stable_for, now) {
        Ok(()) => Vec::new(),
        Err(reasons) => reasons
            .into_iter()
            .filter(|r| r.code != ReasonCode::FailbackGateCordoned)
            .map(|r| r.message)
            .collect(),
    }
}

/// `waiting` in a line: the count and the first few, with why.
pub fn summary(waiting: &[Waiting], named: usize) -> String {
    let mut parts: Vec<String> = waiting
        .iter()
        .take(named)
        .map(|(b, why)| format!("{b} ({why})"))
        .collect();
    if waiting.len() > named {
        parts.push(format!("and {} more", waiting.len() - named));
    }
    format!("{}: {}", waiting.len(), parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn binding(
        mut spec: serde_json::Value,
        status: serde_json::Value,
        annotations: serde_json::Value,
    ) -> Binding {
        spec["resource"] = json!({"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"});
        serde_json::from_value(json!({
            "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
            "metadata": {"name": "web", "namespace": "shop", "generation": 2, "annotations": annotations},
            "spec": spec, "status": status
        }))
        .unwrap()
    }

    fn healthy(c: &str) -> serde_json::Value {
        json!({"clusterName": c, "applied": true, "health": "Healthy"})
    }

    #[test]
    fn evacuated_means_placed_elsewhere_healthy_there_and_the_old_copy_gone() {
        let wave = vec!["m1".to_string()];
        let task = json!([{"fromCluster": "m1", "purgeMode": "Gracefully", "reason": "x", "producer": "karmadactl"}]);
        let moving = binding(
            json!({"clusters": [{"name": "m2", "replicas": 2}], "gracefulEvictionTasks": task}),
            json!({"schedulerObservedGeneration": 2, "aggregatedStatus": [{"clusterName": "m2", "applied": true, "health": "Unknown"}]}),
            json!({}),
        );
        let waiting = not_evacuated([&moving], &wave);
        assert_eq!(
            waiting,
            vec![("rb/shop/web".to_string(), "Unknown on m2".to_string())]
        );

        let old_copy = binding(
            json!({"clusters": [{"name": "m2", "replicas": 2}], "gracefulEvictionTasks": task}),
            json!({"schedulerObservedGeneration": 2, "aggregatedStatus": [healthy("m2")]}),
            json!({}),
        );
        assert_eq!(
            not_evacuated([&old_copy], &wave)[0].1,
            "its old copy on m1 is not removed yet"
        );

        let unscheduled = binding(
            json!({"clusters": [{"name": "m2", "replicas": 2}]}),
            json!({"schedulerObservedGeneration": 1, "aggregatedStatus": [healthy("m2")]}),
            json!({"karmadactl.karmada.io/pre-eviction-clusters": "{\"m1\":[{\"name\":\"m1\",\"replicas\":2}]}"}),
        );
        assert_eq!(
            not_evacuated([&unscheduled], &wave)[0].1,
            "the scheduler has not placed it yet"
        );

        let done = binding(
            json!({"clusters": [{"name": "m2", "replicas": 2}]}),
            json!({"schedulerObservedGeneration": 2, "aggregatedStatus": [healthy("m2")]}),
            json!({"karmadactl.karmada.io/pre-eviction-clusters": "{\"m1\":[{\"name\":\"m1\",\"replicas\":2}]}"}),
        );
        let untouched = binding(
            json!({"clusters": [{"name": "m3", "replicas": 1}]}),
            json!({}),
            json!({}),
        );
        assert!(not_evacuated([&done, &untouched], &wave).is_empty());
    }

    #[test]
    fn healthy_unhealthy_and_not_yet_on_the_cluster() {
        let wave = vec!["m1".to_string()];
        let b = binding(
            json!({"clusters": [{"name": "m1", "replicas": 1}, {"name": "m2", "replicas": 1}]}),
            json!({"aggregatedStatus": [{"clusterName": "m1", "applied": true, "health": "Unhealthy"},
                                        {"clusterName": "m2", "applied": true, "health": "Unhealthy"}]}),
            json!({}),
        );
        let was = [("rb/shop/web".to_string(), "m1".to_string(), 1)].into();
        assert_eq!(
            turned_unhealthy([&b], &wave, &was),
            vec![("rb/shop/web".to_string(), "Unhealthy on m1".to_string())]
        );
        let unknown = binding(
            json!({"clusters": [{"name": "m1", "replicas": 1}]}),
            json!({"aggregatedStatus": [{"clusterName": "m1", "applied": false}]}),
            json!({}),
        );
        assert!(turned_unhealthy([&unknown], &wave, &was).is_empty());
        assert_eq!(
            not_healthy_on([&b, &unknown], &wave),
            vec![
                ("rb/shop/web".to_string(), "Unhealthy on m1".to_string()),
                (
                    "rb/shop/web".to_string(),
                    "not applied on m1 yet".to_string()
                )
            ]
        );
        assert!(healthy_on([&b, &unknown], &wave).is_empty());
        let fine = binding(
            json!({"clusters": [{"name": "m1", "replicas": 1}]}),
            json!({"aggregatedStatus": [healthy("m1")]}),
            json!({}),
        );
        assert!(not_healthy_on([&fine], &wave).is_empty());
        let seen = healthy_on([&fine], &wave);
        assert_eq!(
            seen.iter().cloned().collect::<Vec<_>>(),
            vec![("rb/shop/web".to_string(), "m1".to_string(), 1)]
        );
        // Seen Healthy with 1 replica: Unhealthy with the same is a turn; Unhealthy once
        // given 2 there is the new copy not caught up yet.
        let sick = |replicas: i32| {
            binding(
                json!({"clusters": [{"name": "m1", "replicas": replicas}]}),
                json!({"aggregatedStatus": [{"clusterName": "m1", "applied": true, "health": "Unhealthy"}]}),
                json!({}),
            )
        };
        assert_eq!(
            turned_unhealthy([&sick(1)], &wave, &seen),
            vec![("rb/shop/web".to_string(), "Unhealthy on m1".to_string())]
        );
        assert!(turned_unhealthy([&sick(2)], &wave, &seen).is_empty());
        assert!(turned_unhealthy([&sick(1)], &wave, &Default::default()).is_empty());
        assert_eq!(
            summary(&[("a".into(), "x".into()), ("b".into(), "y".into())], 1),
            "2: a (x), and 1 more"
        );
    }

    #[test]
    fn a_blip_of_unhealth_does_not_fail_the_soak_a_lasting_one_does() {
        let t0: Timestamp = "2026-06-01T00:00:00Z".parse().unwrap();
        let at = |s: i64| t0 + SignedDuration::from_secs(s);
        let web = || ("rb/ns/web".to_string(), "Unhealthy on m1".to_string());
        let api = || ("rb/ns/api".to_string(), "Unhealthy on m1".to_string());
        let mut m1 = Unhealthy::default();
        assert!(m1.note(vec![web()], at(0)).is_empty());
        assert_eq!(m1.deadline(), Some(at(10)));
        // Healthy again: forgotten, and a later turn starts its own count.
        assert!(m1.note(vec![], at(2)).is_empty());
        assert!(m1.is_empty() && m1.deadline().is_none());
        assert!(m1.note(vec![web(), api()], at(3)).is_empty());
        assert!(m1.note(vec![web()], at(12)).is_empty());
        assert_eq!(m1.note(vec![web(), api()], at(13)), vec![web()]);
        assert_eq!(m1.note(vec![web(), api()], at(23)), vec![api(), web()]);
    }
}
