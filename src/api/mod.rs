//! Karmada API types, with upstream field names and JSON shapes.
//!
//! These types are for reading. Writes never send a re-serialized object: they are
//! patches that touch only the fields a command owns (see [`crate::kube::write`]), so
//! fields this model does not know survive every write.

pub mod binding;
pub mod cluster;
pub mod crd;
pub mod policy;
pub mod taint;

pub use binding::{
    AggregatedStatusItem, BindingSpec, BindingStatus, ClusterResourceBinding,
    GracefulEvictionTask, ObjectReference, ReplicaRequirements, ResourceBinding,
    ResourceBindingSpec, TargetCluster, APPLIED_PLACEMENT_ANNOTATION,
};
pub use cluster::{Cluster, ClusterSpec, ClusterStatus, ResourceSummary};
pub use policy::{
    ClusterAffinity, ClusterPropagationPolicy, ClusterTaintPolicy, ClusterTaintPolicySpec,
    FailoverBehavior, Placement, PropagationPolicy, PropagationSpec,
};
pub use taint::{Taint, TaintEffect, Toleration};

pub use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    Condition, LabelSelector, LabelSelectorRequirement, ObjectMeta, Time,
};
pub use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

/// Resource names to quantities (`cpu`, `memory`, `pods`, ...).
pub type ResourceList = std::collections::BTreeMap<String, Quantity>;
