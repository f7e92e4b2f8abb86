//! Karmada API types, with upstream field names and JSON shapes, and their pure helpers:
//! name and label rules, taint specs and descriptions, label selectors.
//!
//! These types are for reading. Writes never send a re-serialized object: they are
//! patches that touch only the fields a command owns (see [`crate::client`]), so fields
//! this model does not know survive every write.

pub mod binding;
pub mod cluster;
pub mod crd;
pub mod meta;
pub mod names;
pub mod policy;
pub mod policy_schema;
pub mod selector;
pub mod taint;
pub mod taint_spec;

pub use binding::{
    AggregatedStatusItem, BindingSpec, BindingStatus, ClusterResourceBinding, GracefulEvictionTask,
    ObjectReference, ReplicaRequirements, ResourceBinding, ResourceBindingSpec, TargetCluster,
    APPLIED_PLACEMENT_ANNOTATION,
};
pub use cluster::{Cluster, ClusterSpec, ClusterStatus, ResourceSummary};
pub use meta::{BindingMeta, MetaMap};
pub use policy::{
    ClusterAffinity, ClusterPropagationPolicy, ClusterTaintPolicy, ClusterTaintPolicySpec,
    FailoverBehavior, Placement, PropagationPolicy, PropagationSpec,
};
pub use taint::{Taint, TaintEffect, Toleration};

pub use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
pub use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    Condition, LabelSelector, LabelSelectorRequirement, ObjectMeta, Time,
};

/// Resource names to quantities (`cpu`, `memory`, `pods`, ...).
pub type ResourceList = std::collections::BTreeMap<String, Quantity>;

/// Deserialize `null` as the default (Go writes `null` for nil slices and maps).
pub(crate) fn nullable<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + serde::Deserialize<'de>,
{
    use serde::Deserialize;
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}
