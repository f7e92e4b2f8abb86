//! Per-cluster explanations of a prediction: selected, not selected, or the filter that
//! excluded the cluster.

use serde::Serialize;

use crate::api::cluster::Cluster;
use crate::api::BindingSpec;

use super::filter::{cluster_name, passes_filters, FilterCode};
use super::{FleetIndex, Prediction};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};

/// Reason code of a cluster that received replicas.
pub const CODE_SELECTED: ReasonCode = ReasonCode::Selected;
/// Reason code of a selected cluster that received no replica.
pub const CODE_SELECTED_NO_REPLICAS: ReasonCode = ReasonCode::SelectedNoReplicas;
/// Reason code of a feasible cluster the spread-constraint selection left out.
pub const CODE_NOT_SELECTED: ReasonCode = ReasonCode::NotSelected;

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
    /// One verdict per cluster of the fleet, in fleet order: selected (with replicas),
    /// not selected by the spread constraints, or the filter that excluded it.
    pub fn explain(&self, fleet: &FleetIndex, spec: &BindingSpec) -> Vec<ClusterVerdict> {
        fleet
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
            if let Some(p2) = narrowed.placement.as_mut().map(std::sync::Arc::make_mut) {
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
