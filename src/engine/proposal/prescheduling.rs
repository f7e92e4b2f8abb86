//! The proposal's pre-scheduling check, run when the eviction queue dequeues a binding:
//! is there somewhere for the evicted replicas to go? If not, the eviction is abandoned.
//!
//! Duplicated: feasible when the clusters other than the faulty ones that pass the
//! placement filters number at least the cluster spread constraint's `minGroups` (1 when
//! unset). Divided: feasible when at least one such cluster exists (the remaining
//! clusters of the previous result may absorb the replicas, as the failover walkthrough
//! shows).

use serde::Serialize;

use crate::api::{BindingSpec, Cluster};
use crate::engine::karmada::scheduler::{replica_scheduling_type, ReplicaSchedulingType};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};

/// How the binding's replicas are scheduled, as the pre-scheduling check sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SchedulingType {
    /// Every selected cluster runs every replica (also the default without
    /// `replicaScheduling`).
    Duplicated,
    /// Replicas are split over the selected clusters.
    Divided,
}

/// The scheduling type of `spec` as the proposal's check reads it: upstream's reading
/// ([`replica_scheduling_type`]), with any type but `Duplicated` taken as `Divided`.
pub fn scheduling_type(spec: &BindingSpec) -> SchedulingType {
    match replica_scheduling_type(spec.placement.as_deref()) {
        ReplicaSchedulingType::Duplicated => SchedulingType::Duplicated,
        ReplicaSchedulingType::Divided | ReplicaSchedulingType::Other => SchedulingType::Divided,
    }
}

/// `minGroups` of the binding's cluster spread constraint (a constraint by field
/// `cluster`, or with neither field nor label, which upstream defaults to `cluster`);
/// 1 when there is none or it is unset or below 1.
pub fn cluster_min_groups(spec: &BindingSpec) -> usize {
    let Some(placement) = &spec.placement else {
        return 1;
    };
    placement
        .spread_constraints
        .iter()
        .find(|c| {
            matches!(
                (c.spread_by_field.as_deref(), c.spread_by_label.as_deref()),
                (Some("cluster"), _) | (None | Some(""), None | Some(""))
            )
        })
        .and_then(|c| c.min_groups)
        .map_or(1, |n| usize::try_from(n).unwrap_or(0).max(1))
}

/// The verdict of the pre-scheduling check.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PreSchedulingVerdict {
    /// Whether the eviction goes ahead.
    pub feasible: bool,
    /// How the binding is scheduled.
    pub scheduling_type: SchedulingType,
    /// Healthy clusters that pass the placement filters, in input order.
    pub candidates: Vec<String>,
    /// How many are needed.
    pub required: usize,
    /// Why.
    pub reason: Reason,
}

impl From<&PreSchedulingVerdict> for super::queue::PreCheck {
    fn from(v: &PreSchedulingVerdict) -> Self {
        if v.feasible {
            super::queue::PreCheck::Feasible
        } else {
            super::queue::PreCheck::Abandon(v.reason.clone())
        }
    }
}

/// How many candidate clusters the check needs for `spec`: `minGroups` of a cluster
/// spread constraint when Duplicated (1 when unset), 1 when Divided.
pub fn required_candidates(spec: &BindingSpec) -> usize {
    match scheduling_type(spec) {
        SchedulingType::Duplicated => cluster_min_groups(spec),
        SchedulingType::Divided => 1,
    }
}

/// Runs the pre-scheduling check for `spec` over the fleet `clusters`: clusters named in
/// `faulty` do not count; `passes_filters` says whether a cluster passes the binding's
/// placement filters (affinity, tolerations, API enablement, ...).
pub fn pre_scheduling_check(
    spec: &BindingSpec,
    clusters: &[Cluster],
    faulty: &[String],
    passes_filters: impl Fn(&Cluster) -> bool,
) -> PreSchedulingVerdict {
    let candidates: Vec<String> = clusters
        .iter()
        .filter_map(|c| {
            let name = c.metadata.name.as_deref().unwrap_or_default();
            (!faulty.iter().any(|f| f == name) && passes_filters(c)).then(|| name.to_string())
        })
        .collect();
    pre_scheduling_verdict(spec, candidates)
}

/// The pre-scheduling verdict for `spec` given the healthy clusters that pass its
/// placement filters (`candidates`), for callers that already know them.
pub fn pre_scheduling_verdict(spec: &BindingSpec, candidates: Vec<String>) -> PreSchedulingVerdict {
    let kind = scheduling_type(spec);
    let required = required_candidates(spec);
    let feasible = candidates.len() >= required;
    let what = match kind {
        SchedulingType::Duplicated => format!(
            "Duplicated needs {required} (cluster spread constraint minGroups, 1 when unset)"
        ),
        SchedulingType::Divided => "Divided needs 1".to_string(),
    };
    let reason = if feasible {
        Reason::new(
            ReasonCode::PreschedulingFeasible,
            format!(
                "{} healthy cluster(s) pass the placement filters ({}); {what}",
                candidates.len(),
                name_list(&candidates)
            ),
        )
    } else {
        Reason::new(
            ReasonCode::PreschedulingNoTarget,
            format!(
                "only {} healthy cluster(s) pass the placement filters{}; {what}: the eviction is abandoned",
                candidates.len(),
                if candidates.is_empty() { String::new() } else { format!(" ({})", name_list(&candidates)) }
            ),
        )
    };
    PreSchedulingVerdict {
        feasible,
        scheduling_type: kind,
        candidates,
        required,
        reason,
    }
}

/// At most five names, then how many more.
fn name_list(names: &[String]) -> String {
    const SHOWN: usize = 5;
    if names.len() <= SHOWN {
        names.join(", ")
    } else {
        format!(
            "{}, and {} more",
            names[..SHOWN].join(", "),
            names.len() - SHOWN
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::policy::{ReplicaSchedulingStrategy, SpreadConstraint};
    use crate::api::Placement;

    fn cluster(name: &str) -> Cluster {
        let mut c = Cluster::new(name, Default::default());
        c.metadata.name = Some(name.into());
        c
    }

    fn fleet() -> Vec<Cluster> {
        ["m1", "m2", "m3", "m4"].into_iter().map(cluster).collect()
    }

    fn spec(kind: Option<&str>, spread: Vec<SpreadConstraint>) -> BindingSpec {
        BindingSpec {
            placement: Some(std::sync::Arc::new(Placement {
                replica_scheduling: kind.map(|k| {
                    ReplicaSchedulingStrategy {
                        replica_scheduling_type: Some(k.into()),
                        ..Default::default()
                    }
                    .into()
                }),
                spread_constraints: spread,
                ..Default::default()
            })),
            ..Default::default()
        }
    }

    fn by_cluster(min: Option<i32>) -> SpreadConstraint {
        SpreadConstraint {
            spread_by_field: Some("cluster".into()),
            min_groups: min,
            ..Default::default()
        }
    }

    #[test]
    fn scheduling_type_defaults_to_duplicated() {
        assert_eq!(
            scheduling_type(&BindingSpec::default()),
            SchedulingType::Duplicated
        );
        assert_eq!(
            scheduling_type(&spec(None, vec![])),
            SchedulingType::Duplicated
        );
        assert_eq!(
            scheduling_type(&spec(Some("Duplicated"), vec![])),
            SchedulingType::Duplicated
        );
        assert_eq!(
            scheduling_type(&spec(Some("Divided"), vec![])),
            SchedulingType::Divided
        );
    }

    #[test]
    fn min_groups_comes_from_the_cluster_constraint() {
        assert_eq!(cluster_min_groups(&spec(None, vec![])), 1);
        assert_eq!(
            cluster_min_groups(&spec(None, vec![by_cluster(Some(3))])),
            3
        );
        assert_eq!(cluster_min_groups(&spec(None, vec![by_cluster(None)])), 1);
        assert_eq!(
            cluster_min_groups(&spec(None, vec![by_cluster(Some(-2))])),
            1
        );
        let region = SpreadConstraint {
            spread_by_field: Some("region".into()),
            min_groups: Some(5),
            ..Default::default()
        };
        assert_eq!(cluster_min_groups(&spec(None, vec![region.clone()])), 1);
        let defaulted = SpreadConstraint {
            min_groups: Some(2),
            ..Default::default()
        };
        assert_eq!(cluster_min_groups(&spec(None, vec![region, defaulted])), 2);
    }

    #[test]
    fn duplicated_needs_min_groups_healthy_candidates() {
        let s = spec(Some("Duplicated"), vec![by_cluster(Some(3))]);
        let faulty = vec!["m1".to_string()];
        let v = pre_scheduling_check(&s, &fleet(), &faulty, |_| true);
        assert!(v.feasible);
        assert_eq!(v.candidates, ["m2", "m3", "m4"]);
        assert_eq!(v.reason.code, "prescheduling-feasible");
        let v = pre_scheduling_check(&s, &fleet(), &faulty, |c| {
            c.metadata.name.as_deref() != Some("m4")
        });
        assert!(!v.feasible);
        assert_eq!(v.required, 3);
        assert_eq!(v.reason.code, "prescheduling-no-target");
    }

    #[test]
    fn divided_needs_one_candidate() {
        let s = spec(Some("Divided"), vec![by_cluster(Some(3))]);
        let faulty = vec!["m1".to_string(), "m2".to_string(), "m3".to_string()];
        let v = pre_scheduling_check(&s, &fleet(), &faulty, |_| true);
        assert!(v.feasible);
        assert_eq!(v.required, 1);
        let v = pre_scheduling_check(&s, &fleet(), &faulty, |c| {
            c.metadata.name.as_deref() == Some("m1")
        });
        assert!(!v.feasible);
        assert!(v.candidates.is_empty());
    }

    #[test]
    fn verdict_converts_to_a_queue_answer() {
        use crate::engine::proposal::queue::PreCheck;
        let s = spec(Some("Divided"), vec![]);
        let v = pre_scheduling_check(&s, &fleet(), &[], |_| true);
        assert_eq!(PreCheck::from(&v), PreCheck::Feasible);
        let v = pre_scheduling_check(&s, &fleet(), &[], |_| false);
        assert!(
            matches!(PreCheck::from(&v), PreCheck::Abandon(r) if r.code == "prescheduling-no-target")
        );
    }

    #[test]
    fn faulty_clusters_never_count_even_if_they_pass_filters() {
        let faulty: Vec<String> = ["m1", "m2", "m3", "m4"].map(String::from).to_vec();
        let v = pre_scheduling_check(&BindingSpec::default(), &fleet(), &faulty, |_| true);
        assert!(!v.feasible);
    }
}
