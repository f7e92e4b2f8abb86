//! `work.karmada.io/v1alpha2` ResourceBinding and ClusterResourceBinding.

use std::sync::Arc;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, Time};
use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::policy::{FailoverBehavior, Placement};
use super::taint::Toleration;
use super::ResourceList;

/// Annotation holding the JSON of the Placement the binding was last scheduled with.
pub const APPLIED_PLACEMENT_ANNOTATION: &str = "policy.karmada.io/applied-placement";

/// Spec of a ResourceBinding. ClusterResourceBinding has the same spec.
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "work.karmada.io",
    version = "v1alpha2",
    kind = "ResourceBinding",
    plural = "resourcebindings",
    shortname = "rb",
    namespaced,
    status = "BindingStatus"
)]
#[serde(rename_all = "camelCase")]
pub struct ResourceBindingSpec {
    #[serde(flatten)]
    pub inner: BindingSpec,
}

/// Spec of a ClusterResourceBinding (same shape as ResourceBinding's).
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "work.karmada.io",
    version = "v1alpha2",
    kind = "ClusterResourceBinding",
    plural = "clusterresourcebindings",
    shortname = "crb",
    status = "BindingStatus"
)]
#[serde(rename_all = "camelCase")]
pub struct ClusterResourceBindingSpec {
    #[serde(flatten)]
    pub inner: BindingSpec,
}

/// The fields a binding's spec carries (shared by RB and CRB).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BindingSpec {
    pub resource: ObjectReference,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Shared, like `placement`, by the bindings read with an equal one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replica_requirements: Option<Arc<ReplicaRequirements>>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub clusters: Vec<TargetCluster>,
    /// Shared by the bindings read with an equal placement (`state/intern.rs`); an
    /// edit takes its own copy (`Arc::make_mut`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Arc<Placement>>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub graceful_eviction_tasks: Vec<GracefulEvictionTask>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failover: Option<Box<FailoverBehavior>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Shared: nearly every binding names the default scheduler.
    #[schemars(with = "Option<String>")]
    pub scheduler_name: Option<Arc<str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagate_deps: Option<bool>,
    /// Seldom set: boxed, as `rescheduleTriggeredAt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflict_resolution: Option<Box<str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Time>")]
    pub reschedule_triggered_at: Option<Box<Time>>,
    /// The priority the scheduler takes the binding up with (the PriorityClass value of
    /// the policy's `schedulePriority`, resolved by karmada-controller-manager).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_priority: Option<SchedulePriorityValue>,
}

/// `spec.schedulePriority` of a binding.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SchedulePriorityValue {
    #[serde(default)]
    pub priority: i32,
}

impl BindingSpec {
    /// Upstream's `SchedulePriorityValue()`: the priority, 0 when unset.
    pub fn schedule_priority_value(&self) -> i32 {
        self.schedule_priority.as_ref().map_or(0, |p| p.priority)
    }
}

/// The workload a binding is for.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    /// Shared, as the kind and namespace: a fleet's workloads are of a few kinds in a few
    /// namespaces (loading holds each once).
    #[serde(default)]
    #[schemars(with = "String")]
    pub api_version: Arc<str>,
    #[serde(default)]
    #[schemars(with = "String")]
    pub kind: Arc<str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub namespace: Option<Arc<str>>,
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
}

/// What one replica needs.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaRequirements {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_claim: Option<NodeClaim>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "ResourceList::is_empty"
    )]
    pub resource_request: ResourceList,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority_class_name: Option<String>,
}

/// Node constraints of a replica (used by the accurate estimator, kept for round trips).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct NodeClaim {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "std::collections::BTreeMap::is_empty"
    )]
    pub node_selector: std::collections::BTreeMap<String, String>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tolerations: Vec<Toleration>,
    /// The workload's required node affinity (what the accurate estimator filters
    /// nodes with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hard_node_affinity: Option<k8s_openapi::api::core::v1::NodeSelector>,
}

/// One cluster of a scheduling result.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
pub struct TargetCluster {
    pub name: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub replicas: i32,
    /// The replicas of each pod template of a multi-template workload (master, with the
    /// `MultiplePodTemplatesScheduling` gate). Read and written back as they are: an
    /// edit of `spec.clusters` never loses them.
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub components: Vec<TargetComponent>,
}

/// The replicas of one component of a workload on one cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
pub struct TargetComponent {
    pub name: String,
    pub replicas: i32,
}

impl TargetCluster {
    /// `name` with `replicas`.
    pub fn new(name: impl Into<String>, replicas: i32) -> Self {
        TargetCluster {
            name: name.into(),
            replicas,
            components: Vec::new(),
        }
    }
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// A cluster being evicted from a binding.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct GracefulEvictionTask {
    pub from_cluster: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    #[serde(default)]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default)]
    pub producer: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suppress_deletion: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preserved_label_state: Option<std::collections::BTreeMap<String, String>>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub clusters_before_failover: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
}

/// Observed state of a binding.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BindingStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduler_observed_generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduler_observing_affinity_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_scheduled_time: Option<Time>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub conditions: Vec<Condition>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub aggregated_status: Vec<AggregatedStatusItem>,
}

/// The state of the workload in one member cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AggregatedStatusItem {
    /// Shared: a fleet's items name its few clusters over and over (loading holds each
    /// name once).
    #[schemars(with = "String")]
    pub cluster_name: Arc<str>,
    /// The resource's status there (boxed: most items carry none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Map<String, serde_json::Value>>")]
    pub status: Option<Box<serde_json::Value>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub applied: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied_message: Option<Box<str>>,
    /// `Healthy`, `Unhealthy` or `Unknown` (shared, as the name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub health: Option<Arc<str>>,
}

impl std::ops::Deref for ResourceBindingSpec {
    type Target = BindingSpec;
    fn deref(&self) -> &BindingSpec {
        &self.inner
    }
}

impl std::ops::DerefMut for ResourceBindingSpec {
    fn deref_mut(&mut self) -> &mut BindingSpec {
        &mut self.inner
    }
}

impl std::ops::Deref for ClusterResourceBindingSpec {
    type Target = BindingSpec;
    fn deref(&self) -> &BindingSpec {
        &self.inner
    }
}

impl std::ops::DerefMut for ClusterResourceBindingSpec {
    fn deref_mut(&mut self) -> &mut BindingSpec {
        &mut self.inner
    }
}

/// A placement as the tool prints it: `member1=1,member2=2` (`-` for none).
pub fn describe_placement(clusters: &[TargetCluster]) -> String {
    if clusters.is_empty() {
        return "-".into();
    }
    clusters
        .iter()
        .map(|c| format!("{}={}", c.name, c.replicas))
        .collect::<Vec<_>>()
        .join(",")
}
