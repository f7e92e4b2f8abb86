//! The fleet model the engine reads: clusters, bindings (both kinds in one shape),
//! policies, and where they came from. No I/O: [`crate::state`] fills it from a snapshot
//! file or the live control plane.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::api::{
    BindingMeta, BindingSpec, BindingStatus, Cluster, ClusterPropagationPolicy,
    ClusterResourceBinding, ClusterTaintPolicy, MetaMap, PropagationPolicy, ResourceBinding,
};

/// ResourceBinding (namespaced) or ClusterResourceBinding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BindingKind {
    ResourceBinding,
    ClusterResourceBinding,
}

impl BindingKind {
    /// Short name as kubectl prints it (`rb`, `crb`).
    pub fn short(self) -> &'static str {
        match self {
            BindingKind::ResourceBinding => "rb",
            BindingKind::ClusterResourceBinding => "crb",
        }
    }

    /// `resource.group` as `-o name` prints it.
    pub fn resource(self) -> &'static str {
        match self {
            BindingKind::ResourceBinding => "resourcebinding.work.karmada.io",
            BindingKind::ClusterResourceBinding => "clusterresourcebinding.work.karmada.io",
        }
    }
}

/// A ResourceBinding or ClusterResourceBinding, one shape for both.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    /// Which of the two kinds.
    #[serde(skip, default = "default_kind")]
    pub kind: BindingKind,
    pub metadata: BindingMeta,
    pub spec: BindingSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<BindingStatus>,
}

fn default_kind() -> BindingKind {
    BindingKind::ResourceBinding
}

impl Binding {
    /// The `clusterAffinities` term the scheduler last placed it with
    /// (`status.schedulerObservingAffinityName`), where its next scheduling starts.
    pub fn observed_affinity(&self) -> Option<&str> {
        self.status
            .as_ref()?
            .scheduler_observing_affinity_name
            .as_deref()
    }

    /// `namespace/name` for RBs, `name` for CRBs.
    pub fn key(&self) -> String {
        let name = self.metadata.name.as_deref().unwrap_or_default();
        match (&self.kind, self.metadata.namespace.as_deref()) {
            (BindingKind::ResourceBinding, Some(ns)) => format!("{ns}/{name}"),
            _ => name.to_string(),
        }
    }

    /// `rb/namespace/name` or `crb/name`: unambiguous across kinds.
    pub fn display_name(&self) -> String {
        format!("{}/{}", self.kind.short(), self.key())
    }

    /// The binding's annotations, if any.
    pub fn annotations(&self) -> Option<&MetaMap> {
        self.metadata.annotations.as_ref()
    }
}

impl From<ResourceBinding> for Binding {
    fn from(rb: ResourceBinding) -> Self {
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: rb.metadata.into(),
            spec: rb.spec.inner,
            status: rb.status,
        }
    }
}

impl From<ClusterResourceBinding> for Binding {
    fn from(crb: ClusterResourceBinding) -> Self {
        Binding {
            kind: BindingKind::ClusterResourceBinding,
            metadata: crb.metadata.into(),
            spec: crb.spec.inner,
            status: crb.status,
        }
    }
}

/// Where a state came from, for headers and explanations.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceInfo {
    /// `snapshot FILE` or `live context NAME`.
    pub description: String,
    /// When the state was captured (snapshot header), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_at: Option<Timestamp>,
    /// Kubeconfig context it was captured from, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// API server it was captured from, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// Controller settings recorded with the snapshot (flag name to value), if any.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub controller_settings: BTreeMap<String, String>,
    /// Where each recorded controller setting came from, when the header says.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub controller_settings_sources: BTreeMap<String, String>,
}

/// A member cluster's Nodes and the Pods bound to them (`spec.nodeName` set), as its
/// karmada-scheduler-estimator watches them.
#[derive(Clone, Debug, Default)]
pub struct MemberInventory {
    pub nodes: Vec<k8s_openapi::api::core::v1::Node>,
    pub pods: Vec<k8s_openapi::api::core::v1::Pod>,
}

/// Everything the engine needs to know about a fleet.
#[derive(Clone, Debug, Default)]
pub struct FleetState {
    pub clusters: Vec<Cluster>,
    pub bindings: Vec<Binding>,
    pub propagation_policies: Vec<PropagationPolicy>,
    pub cluster_propagation_policies: Vec<ClusterPropagationPolicy>,
    pub taint_policies: Vec<ClusterTaintPolicy>,
    /// Member clusters' Nodes and Pods, by cluster name: read only where a member's
    /// scheduler-estimator answers the scheduler (`--enable-scheduler-estimator`).
    pub members: BTreeMap<String, MemberInventory>,
    /// Bindings a filtered read parsed and left out (counted, not kept).
    pub bindings_dropped: usize,
    /// Objects of other kinds that were skipped, counted by kind.
    pub ignored: BTreeMap<String, usize>,
    pub source: SourceInfo,
}

impl FleetState {
    /// The cluster called `name`.
    pub fn cluster(&self, name: &str) -> Option<&Cluster> {
        self.clusters
            .iter()
            .find(|c| c.metadata.name.as_deref() == Some(name))
    }

    /// Move every object of `other` into this state (its source is not taken).
    pub fn absorb(&mut self, other: FleetState) {
        self.clusters.extend(other.clusters);
        self.bindings.extend(other.bindings);
        self.propagation_policies.extend(other.propagation_policies);
        self.cluster_propagation_policies
            .extend(other.cluster_propagation_policies);
        self.taint_policies.extend(other.taint_policies);
        for (cluster, inventory) in other.members {
            let kept = self.members.entry(cluster).or_default();
            kept.nodes.extend(inventory.nodes);
            kept.pods.extend(inventory.pods);
        }
        self.bindings_dropped += other.bindings_dropped;
        for (kind, n) in other.ignored {
            *self.ignored.entry(kind).or_default() += n;
        }
    }

    /// Sort every list by name so output is deterministic whatever the source order.
    pub fn sort(&mut self) {
        self.clusters
            .sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
        self.bindings.sort_by_cached_key(|b| (b.kind, b.key()));
        self.taint_policies.sort_by(|a, b| {
            (&a.metadata.creation_timestamp, &a.metadata.name)
                .cmp(&(&b.metadata.creation_timestamp, &b.metadata.name))
        });
    }
}
