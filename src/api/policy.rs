//! `policy.karmada.io/v1alpha1` PropagationPolicy, ClusterPropagationPolicy and
//! ClusterTaintPolicy, plus the Placement and failover shapes bindings copy from them.

use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::taint::Toleration;
use super::LabelSelector;

/// Spec of a PropagationPolicy / ClusterPropagationPolicy.
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "policy.karmada.io",
    version = "v1alpha1",
    kind = "PropagationPolicy",
    plural = "propagationpolicies",
    shortname = "pp",
    namespaced
)]
#[serde(rename_all = "camelCase")]
pub struct PropagationSpec {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_selectors: Vec<ResourceSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failover: Option<FailoverBehavior>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagate_deps: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduler_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict_resolution: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub association: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation_preference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspension: Option<Suspension>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preserve_resources_on_deletion: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_priority: Option<SchedulePriority>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub dependent_overrides: Vec<String>,
}

/// Whether propagation of the selected resources is paused.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Suspension {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dispatching: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dispatching_on_clusters: Option<SuspendClusters>,
}

/// The clusters on which dispatching is suspended.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SuspendClusters {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cluster_names: Vec<String>,
}

/// The scheduling priority of the selected workloads.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SchedulePriority {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority_class_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority_class_name: Option<String>,
}

/// Spec of a ClusterPropagationPolicy (same shape as PropagationPolicy's).
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "policy.karmada.io",
    version = "v1alpha1",
    kind = "ClusterPropagationPolicy",
    plural = "clusterpropagationpolicies",
    shortname = "cpp"
)]
pub struct ClusterPropagationSpec {
    #[serde(flatten)]
    pub inner: PropagationSpec,
}

impl std::ops::Deref for ClusterPropagationSpec {
    type Target = PropagationSpec;
    fn deref(&self) -> &PropagationSpec {
        &self.inner
    }
}

/// Which resources a policy propagates.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ResourceSelector {
    pub api_version: String,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
}

/// Where a workload may run and how its replicas are spread.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Placement {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_affinity: Option<ClusterAffinity>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cluster_affinities: Vec<ClusterAffinityTerm>,
    /// Shared: a fleet's placements mostly carry the same few tolerations (loading holds
    /// each list once).
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "<[Toleration]>::is_empty"
    )]
    #[schemars(with = "Vec<Toleration>")]
    pub cluster_tolerations: std::sync::Arc<[Toleration]>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub spread_constraints: Vec<SpreadConstraint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Shared, as the tolerations: placements that name their own clusters still divide
    /// the replicas alike.
    pub replica_scheduling: Option<std::sync::Arc<ReplicaSchedulingStrategy>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload_affinity: Option<WorkloadAffinity>,
}

/// Co-location rules between workloads of the same group.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct WorkloadAffinity {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affinity: Option<WorkloadAffinityTerm>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anti_affinity: Option<WorkloadAffinityTerm>,
}

/// The label whose value groups workloads.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct WorkloadAffinityTerm {
    #[serde(default)]
    pub group_by_label_key: String,
}

/// A set of clusters, by name, label and field.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterAffinity {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_selector: Option<FieldSelector>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cluster_names: Vec<String>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub exclude: Vec<String>,
}

/// One term of `clusterAffinities`, tried in order.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterAffinityTerm {
    pub affinity_name: String,
    #[serde(flatten)]
    pub affinity: ClusterAffinity,
    /// Terms that take replicas the term's own clusters cannot (Divided placements).
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub overflow_affinities: Vec<OverflowAffinity>,
}

/// One overflow term of a `clusterAffinities` term.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OverflowAffinity {
    pub affinity_name: String,
    #[serde(flatten)]
    pub affinity: ClusterAffinity,
}

/// Requirements on `provider`, `region` and `zone` of a cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct FieldSelector {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub match_expressions: Vec<FieldSelectorRequirement>,
}

/// A node-selector style requirement (`In`, `NotIn`, `Exists`, `DoesNotExist`, ...).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
pub struct FieldSelectorRequirement {
    pub key: String,
    pub operator: String,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub values: Vec<String>,
}

/// How replicas spread over groups of clusters.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SpreadConstraint {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread_by_field: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread_by_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_groups: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_groups: Option<i32>,
}

/// Duplicated or Divided, and how Divided splits.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSchedulingStrategy {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replica_scheduling_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replica_division_preference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight_preference: Option<ClusterPreferences>,
}

/// Static or dynamic weights for a Weighted division.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterPreferences {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub static_weight_list: Vec<StaticClusterWeight>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic_weight: Option<String>,
}

/// A weight for the clusters matching `targetCluster`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StaticClusterWeight {
    pub target_cluster: ClusterAffinity,
    pub weight: i64,
}

/// What happens to a workload when its cluster or application fails.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct FailoverBehavior {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application: Option<ApplicationFailoverBehavior>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster: Option<ClusterFailoverBehavior>,
}

/// Application failover (upstream): migrate when the workload is unhealthy.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationFailoverBehavior {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_conditions: Option<DecisionConditions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_preservation: Option<StatePreservation>,
}

/// When an application counts as failed.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DecisionConditions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i32>,
}

/// Cluster failover: opt-in migration for `PreferNoExecute` taints (proposal) and the
/// purge mode of taint-driven evictions (upstream).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterFailoverBehavior {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_preservation: Option<StatePreservation>,
    /// Seconds a `PreferNoExecute` taint is tolerated (proposal; 300 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i32>,
}

/// State to carry over to the new cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StatePreservation {
    #[serde(default, deserialize_with = "super::nullable")]
    pub rules: Vec<StatePreservationRule>,
}

/// One label to fill from a JSONPath of the old workload's status.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StatePreservationRule {
    pub alias_label_name: String,
    pub json_path: String,
}

/// Spec of a ClusterTaintPolicy: taints to add or remove on cluster conditions.
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "policy.karmada.io",
    version = "v1alpha1",
    kind = "ClusterTaintPolicy",
    plural = "clustertaintpolicies"
)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTaintPolicySpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_clusters: Option<ClusterAffinity>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub add_on_conditions: Vec<MatchCondition>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub remove_on_conditions: Vec<MatchCondition>,
    #[serde(default, deserialize_with = "super::nullable")]
    pub taints: Vec<PolicyTaint>,
}

/// A requirement on one cluster condition.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MatchCondition {
    pub condition_type: String,
    pub operator: String,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub status_values: Vec<String>,
}

/// A taint a ClusterTaintPolicy manages (no `timeAdded`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
pub struct PolicyTaint {
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    pub effect: String,
}
