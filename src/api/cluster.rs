//! `cluster.karmada.io/v1alpha1` Cluster.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::taint::Taint;
use super::ResourceList;

/// Desired state of a member cluster. Upstream serves Cluster from the
/// karmada-aggregated-apiserver; the field names are the same.
#[derive(CustomResource, Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[kube(
    group = "cluster.karmada.io",
    version = "v1alpha1",
    kind = "Cluster",
    plural = "clusters",
    status = "ClusterStatus"
)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sync_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub zones: Vec<String>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub taints: Vec<Taint>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resource_models: Vec<ResourceModel>,
}

/// One grade of a customized resource model.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ResourceModel {
    #[serde(default)]
    pub grade: u32,
    #[serde(default, deserialize_with = "super::nullable")]
    pub ranges: Vec<ResourceModelRange>,
}

/// The range `[min, max)` of one resource within a grade.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
pub struct ResourceModelRange {
    pub name: String,
    pub min: k8s_openapi::apimachinery::pkg::api::resource::Quantity,
    pub max: k8s_openapi::apimachinery::pkg::api::resource::Quantity,
}

/// Observed state of a member cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kubernetes_version: Option<String>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub api_enablements: Vec<ApiEnablement>,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub conditions: Vec<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_summary: Option<NodeSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_summary: Option<ResourceSummary>,
}

/// Resources of one API group/version the cluster serves.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ApiEnablement {
    pub group_version: String,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub resources: Vec<ApiResourceRef>,
}

/// One served resource (`name` is the plural, `kind` the kind).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
pub struct ApiResourceRef {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub kind: String,
}

/// Node counts of a member cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct NodeSummary {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_num: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_num: Option<i32>,
}

/// Resource totals of a member cluster.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ResourceSummary {
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "ResourceList::is_empty"
    )]
    pub allocatable: ResourceList,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "ResourceList::is_empty"
    )]
    pub allocating: ResourceList,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "ResourceList::is_empty"
    )]
    pub allocated: ResourceList,
    #[serde(
        default,
        deserialize_with = "super::nullable",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub allocatable_modelings: Vec<AllocatableModeling>,
}

/// Number of nodes that fall into one resource-model grade.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema, PartialEq)]
pub struct AllocatableModeling {
    #[serde(default)]
    pub grade: u32,
    #[serde(default)]
    pub count: i64,
}

impl Cluster {
    /// The status of the condition of `type_`, if reported.
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        self.status
            .as_ref()?
            .conditions
            .iter()
            .find(|c| c.type_ == type_)
    }

    /// The cluster's taints (empty when none).
    pub fn taints(&self) -> &[Taint] {
        &self.spec.taints
    }
}
