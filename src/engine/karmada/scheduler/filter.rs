//! The scheduler's filters: which clusters a binding may be placed on, and why not.

use serde::Serialize;

use crate::api::cluster::Cluster;
use crate::api::policy::SpreadConstraint;
use crate::api::taint::{describe_taint, effect_of, TaintEffect};
use crate::api::{BindingSpec, Placement, Taint, Toleration};

use super::division::AssignmentMode;
use super::FleetIndex;
use crate::engine::karmada::cluster_affinity::CompiledAffinity;
use crate::engine::karmada::toleration::tolerates;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};

/// Whether `taint` keeps new placements off a cluster unless tolerated: upstream's
/// `NoSchedule` and `NoExecute`, and the proposal's `PreferNoExecute`.
pub fn blocks_placement(taint: &Taint) -> bool {
    matches!(
        effect_of(taint),
        Some(TaintEffect::NoSchedule | TaintEffect::NoExecute | TaintEffect::PreferNoExecute)
    )
}

/// Why a cluster did not pass the filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FilterCode {
    /// The cluster is being deleted.
    #[serde(rename = "filtered-deleting")]
    Deleting,
    /// The binding has a graceful eviction task for the cluster.
    #[serde(rename = "filtered-eviction")]
    Eviction,
    /// The cluster does not serve the workload's API.
    #[serde(rename = "filtered-api-enablement")]
    ApiEnablement,
    /// A `NoSchedule`/`NoExecute` taint is not tolerated.
    #[serde(rename = "filtered-taint")]
    Taint,
    /// The cluster does not match the placement's cluster affinity.
    #[serde(rename = "filtered-affinity")]
    Affinity,
    /// The cluster lacks the provider/region/zones a spread constraint needs.
    #[serde(rename = "filtered-spread-constraint")]
    SpreadConstraint,
}

impl FilterCode {
    /// The stable reason code.
    pub fn code(self) -> ReasonCode {
        match self {
            FilterCode::Deleting => ReasonCode::FilteredDeleting,
            FilterCode::Eviction => ReasonCode::FilteredEviction,
            FilterCode::ApiEnablement => ReasonCode::FilteredApiEnablement,
            FilterCode::Taint => ReasonCode::FilteredTaint,
            FilterCode::Affinity => ReasonCode::FilteredAffinity,
            FilterCode::SpreadConstraint => ReasonCode::FilteredSpreadConstraint,
        }
    }
}

/// Whether `cluster` passes every placement filter of `spec` (for the pre-scheduling
/// check). With `clusterAffinities`, matching any term is enough (the scheduler tries
/// them in turn). The error names the first filter that fails.
pub fn passes_filters(cluster: &Cluster, spec: &BindingSpec) -> Result<(), Reason> {
    let ctx = BindingCtx::new(spec);
    let name = cluster_name(cluster);
    if cluster.metadata.deletion_timestamp.is_some() {
        return Err(Reason::new(
            FilterCode::Deleting.code(),
            format!("cluster {name} is being deleted"),
        ));
    }
    if ctx.evicting(name) {
        return Err(Reason::new(
            FilterCode::Eviction.code(),
            format!("cluster {name} has a graceful eviction task for this binding: evicted replicas do not return to it"),
        ));
    }
    let in_result = ctx.in_result(name);
    if !in_result {
        let served = cluster
            .status
            .iter()
            .flat_map(|s| s.api_enablements.iter())
            .any(|e| {
                e.group_version == ctx.group_version
                    && e.resources.iter().any(|r| r.kind == ctx.kind)
            });
        if !served {
            return Err(Reason::new(
                FilterCode::ApiEnablement.code(),
                format!(
                    "cluster {name} does not list {} kind {} in status.apiEnablements",
                    ctx.group_version, ctx.kind
                ),
            ));
        }
        let hard = cluster.spec.taints.iter().filter(|t| blocks_placement(t));
        if let Some(t) = untolerated(hard, &ctx.placement.cluster_tolerations) {
            return Err(Reason::new(
                FilterCode::Taint.code(),
                format!(
                    "cluster {name} has taint {} that the placement does not tolerate",
                    describe_taint(t)
                ),
            ));
        }
    }
    let placement = ctx.placement;
    let affinity_ok = match (
        &placement.cluster_affinity,
        placement.cluster_affinities.is_empty(),
    ) {
        (Some(a), _) => CompiledAffinity::new(a).matches(cluster),
        (None, false) => placement
            .cluster_affinities
            .iter()
            .any(|t| CompiledAffinity::new(&t.affinity).matches(cluster)),
        (None, true) => true,
    };
    if !affinity_ok {
        return Err(Reason::new(
            FilterCode::Affinity.code(),
            format!("cluster {name} does not match the placement's cluster affinity"),
        ));
    }
    if let Some(field) = spread_field_missing(cluster, &placement.spread_constraints) {
        return Err(Reason::new(
            FilterCode::SpreadConstraint.code(),
            format!("cluster {name} has no {field}, which a spread constraint needs"),
        ));
    }
    Ok(())
}

impl FleetIndex<'_> {
    /// Run the filters on the cluster at `i`.
    pub(super) fn check(
        &self,
        ctx: &BindingCtx,
        marks: &Marks,
        i: usize,
    ) -> Result<(), FilterCode> {
        let info = self.info(i);
        if info.deleting {
            return Err(FilterCode::Deleting);
        }
        if marks.evicting.contains(&i) {
            return Err(FilterCode::Eviction);
        }
        let in_result = marks.in_result.contains(&i);
        let serves_api = self.serves(marks, i);
        if !in_result && !serves_api {
            return Err(FilterCode::ApiEnablement);
        }
        if !in_result
            && untolerated(
                info.hard_taints.iter().copied(),
                &ctx.placement.cluster_tolerations,
            )
            .is_some()
        {
            return Err(FilterCode::Taint);
        }
        if spread_field_missing(self.cluster(i), &ctx.placement.spread_constraints).is_some() {
            return Err(FilterCode::SpreadConstraint);
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Per-binding context

pub(super) fn api_key(group_version: &str, kind: &str) -> String {
    format!("{group_version}\n{kind}")
}

/// Fleet positions resolved once per binding.
pub(super) struct Marks<'f> {
    pub(super) evicting: Vec<usize>,
    pub(super) in_result: Vec<usize>,
    pub(super) api: Option<&'f Vec<u64>>,
    /// The key `api` was looked up by (for the clusters a scenario changed).
    pub(super) api_key: String,
}

pub(super) static DEFAULT_PLACEMENT: std::sync::LazyLock<Placement> =
    std::sync::LazyLock::new(Placement::default);

pub(super) struct BindingCtx<'s> {
    pub(super) spec: &'s BindingSpec,
    pub(super) placement: &'s Placement,
    pub(super) group_version: String,
    pub(super) kind: &'s str,
    /// How the previous result is treated.
    pub(super) mode: AssignmentMode,
}

impl<'s> BindingCtx<'s> {
    pub(super) fn new(spec: &'s BindingSpec) -> Self {
        Self::placed(spec, spec.placement.as_deref())
    }

    /// `spec` scheduled by `placement` (its own, or the one it was copied without).
    pub(super) fn placed(spec: &'s BindingSpec, placement: Option<&'s Placement>) -> Self {
        BindingCtx {
            spec,
            placement: placement.unwrap_or(&DEFAULT_PLACEMENT),
            group_version: normalize_group_version(&spec.resource.api_version),
            kind: &spec.resource.kind,
            mode: AssignmentMode::Steady,
        }
    }

    pub(super) fn in_result(&self, name: &str) -> bool {
        self.spec.clusters.iter().any(|t| t.name == name)
    }

    pub(super) fn evicting(&self, name: &str) -> bool {
        self.spec
            .graceful_eviction_tasks
            .iter()
            .any(|t| t.from_cluster == name)
    }

    /// Replicas the result holds on the cluster `name`.
    pub(super) fn held(&self, name: &str) -> i32 {
        held_on(self.spec, name)
    }
}

/// `group/version` as Kubernetes prints it (`v1` for the core group; empty when the
/// apiVersion is malformed).
pub(super) fn normalize_group_version(api_version: &str) -> String {
    if api_version.is_empty() || api_version == "/" {
        return String::new();
    }
    match api_version.split_once('/') {
        None => api_version.to_string(),
        Some((_, v)) if v.contains('/') => String::new(),
        Some(("", v)) => v.to_string(),
        Some((g, v)) => format!("{g}/{v}"),
    }
}

/// Replicas `spec`'s result holds on the cluster `name` (its first entry of that name).
pub(super) fn held_on(spec: &BindingSpec, name: &str) -> i32 {
    spec.clusters
        .iter()
        .find(|t| t.name == name)
        .map_or(0, |t| t.replicas)
}

pub(super) fn cluster_name(c: &Cluster) -> &str {
    c.metadata.name.as_deref().unwrap_or("")
}

/// The first taint no toleration tolerates.
pub(super) fn untolerated<'t>(
    mut taints: impl Iterator<Item = &'t Taint>,
    tolerations: &[Toleration],
) -> Option<&'t Taint> {
    taints.find(|taint| !tolerations.iter().any(|t| tolerates(t, taint)))
}

/// The topology field a spread constraint needs and the cluster lacks.
pub(super) fn spread_field_missing(
    c: &Cluster,
    constraints: &[SpreadConstraint],
) -> Option<&'static str> {
    let empty = |s: &Option<String>| s.as_deref().unwrap_or("").is_empty();
    constraints
        .iter()
        .find_map(|sc| match sc.spread_by_field.as_deref() {
            Some("provider") if empty(&c.spec.provider) => Some("provider"),
            Some("region") if empty(&c.spec.region) => Some("region"),
            Some("zone") if c.spec.zones.is_empty() => Some("zones"),
            _ => None,
        })
}
