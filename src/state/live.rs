//! Reading the fleet from a live control plane: every kind listed concurrently, each
//! paginated with `limit`/`continue`.

use kube::api::{Api, ListParams};
use kube::Resource;
use serde::de::DeserializeOwned;

use super::intern::Interner;
use super::KeepBuilder;
use crate::api::BindingSpec;
use crate::api::{
    Cluster, ClusterPropagationPolicy, ClusterResourceBinding, ClusterTaintPolicy,
    PropagationPolicy, ResourceBinding,
};
use crate::client::{for_each_page, list_paged, ControlPlane};
use crate::error::Result;
use crate::fleet::{Binding, FleetState, SourceInfo};

async fn list_all<K>(cp: &ControlPlane, what: &str) -> Result<Vec<K>>
where
    K: Resource<DynamicType = ()> + Clone + DeserializeOwned + std::fmt::Debug + Send + 'static,
{
    list_paged(
        cp,
        &Api::all(cp.client.clone()),
        ListParams::default(),
        what,
    )
    .await
}

/// Read every ResourceBinding and ClusterResourceBinding, in one shape.
pub async fn load_bindings(cp: &ControlPlane) -> Result<Vec<Binding>> {
    Ok(read_bindings(cp, |_| true).await?.0)
}

/// The ResourceBindings and ClusterResourceBindings whose spec `kept` admits, both kinds
/// read concurrently, page by page, each object turned into the fleet model as it is
/// read; and how many were not admitted.
async fn read_bindings(
    cp: &ControlPlane,
    kept: impl Fn(&BindingSpec) -> bool,
) -> Result<(Vec<Binding>, usize)> {
    let rb = |rb: &ResourceBinding| kept(&rb.spec.inner);
    let crb = |crb: &ClusterResourceBinding| kept(&crb.spec.inner);
    let ((mut bindings, rbs_dropped), (crbs, crbs_dropped)) = tokio::try_join!(
        kept_pages(cp, "resourcebindings", rb),
        kept_pages(cp, "clusterresourcebindings", crb),
    )?;
    bindings.extend(crbs);
    Ok((bindings, rbs_dropped + crbs_dropped))
}

/// Every cluster.
pub async fn load_clusters(cp: &ControlPlane) -> Result<Vec<Cluster>> {
    list_all::<Cluster>(cp, "clusters").await
}

/// The clusters and the ClusterTaintPolicies, for where clusters stand in the health
/// pipeline; the policies are `None` when they cannot be read (no CRD on an old
/// Karmada, or no permission): readers say so rather than guess.
pub async fn load_health_view(
    cp: &ControlPlane,
) -> Result<(Vec<Cluster>, Option<Vec<ClusterTaintPolicy>>)> {
    let (clusters, policies) = tokio::join!(
        list_all::<Cluster>(cp, "clusters"),
        list_all::<ClusterTaintPolicy>(cp, "clustertaintpolicies"),
    );
    Ok((clusters?, policies.ok()))
}

/// The ClusterTaintPolicies, or `None` when they cannot be read.
pub async fn load_taint_policies(cp: &ControlPlane) -> Option<Vec<ClusterTaintPolicy>> {
    list_all::<ClusterTaintPolicy>(cp, "clustertaintpolicies")
        .await
        .ok()
}

/// A fleet of `clusters` (already read) and the bindings read now.
pub async fn load_with_clusters(cp: &ControlPlane, clusters: Vec<Cluster>) -> Result<FleetState> {
    let bindings = load_bindings(cp).await?;
    Ok(live_state(cp, clusters, bindings, vec![], vec![], vec![]))
}

/// A fleet of `clusters` and `bindings` (already read, by a watch) and the policies
/// read now.
pub async fn live_fleet(
    cp: &ControlPlane,
    clusters: Vec<Cluster>,
    bindings: Vec<Binding>,
) -> Result<FleetState> {
    let (pps, cpps, ctps) = tokio::try_join!(
        list_all::<PropagationPolicy>(cp, "propagationpolicies"),
        list_all::<ClusterPropagationPolicy>(cp, "clusterpropagationpolicies"),
        list_all::<ClusterTaintPolicy>(cp, "clustertaintpolicies"),
    )?;
    Ok(live_state(cp, clusters, bindings, pps, cpps, ctps))
}

/// Read clusters, bindings and policies from the control plane.
pub async fn load_live(cp: &ControlPlane) -> Result<FleetState> {
    let (clusters, (bindings, _), pps, cpps, ctps) = tokio::try_join!(
        list_all::<Cluster>(cp, "clusters"),
        read_bindings(cp, |_| true),
        list_all::<PropagationPolicy>(cp, "propagationpolicies"),
        list_all::<ClusterPropagationPolicy>(cp, "clusterpropagationpolicies"),
        list_all::<ClusterTaintPolicy>(cp, "clustertaintpolicies"),
    )?;
    Ok(live_state(cp, clusters, bindings, pps, cpps, ctps))
}

/// [`load_live`], keeping only the bindings `keep` admits: clusters and policies first,
/// then the bindings page by page, each page filtered as it arrives, so only the kept
/// bindings and one page are held at once.
pub async fn load_live_keeping(cp: &ControlPlane, keep: &KeepBuilder) -> Result<FleetState> {
    let (clusters, pps, cpps, ctps) = tokio::try_join!(
        list_all::<Cluster>(cp, "clusters"),
        list_all::<PropagationPolicy>(cp, "propagationpolicies"),
        list_all::<ClusterPropagationPolicy>(cp, "clusterpropagationpolicies"),
        list_all::<ClusterTaintPolicy>(cp, "clustertaintpolicies"),
    )?;
    let filter = keep(&clusters);
    let kept = |spec: &BindingSpec| {
        let names: Vec<&str> = spec.clusters.iter().map(|t| t.name.as_str()).collect();
        filter(&names)
    };
    let (bindings, dropped) = read_bindings(cp, kept).await?;
    let mut state = live_state(cp, clusters, bindings, pps, cpps, ctps);
    state.bindings_dropped = dropped;
    Ok(state)
}

/// Every object of `K` that `kept` admits, in the fleet model, read page by page (its
/// `metadata.managedFields`, never read, dropped as each object arrives, and its
/// placement, requirements, label and annotation strings shared with the bindings before
/// it that carry the same);
/// and how many it did not admit.
async fn kept_pages<K>(
    cp: &ControlPlane,
    what: &str,
    kept: impl Fn(&K) -> bool,
) -> Result<(Vec<Binding>, usize)>
where
    K: Resource<DynamicType = ()> + Clone + DeserializeOwned + std::fmt::Debug + Send + 'static,
    Binding: From<K>,
{
    let (mut out, mut dropped) = (Vec::new(), 0);
    let mut interner = Interner::default();
    let api: Api<K> = Api::all(cp.client.clone());
    for_each_page(cp, &api, ListParams::default(), what, |mut obj| {
        obj.meta_mut().managed_fields = None;
        match kept(&obj) {
            true => {
                let mut binding = Binding::from(obj);
                interner.share(&mut binding);
                out.push(binding)
            }
            false => dropped += 1,
        }
    })
    .await?;
    Ok((out, dropped))
}

fn live_state(
    cp: &ControlPlane,
    clusters: Vec<Cluster>,
    bindings: Vec<Binding>,
    propagation_policies: Vec<PropagationPolicy>,
    cluster_propagation_policies: Vec<ClusterPropagationPolicy>,
    taint_policies: Vec<ClusterTaintPolicy>,
) -> FleetState {
    let mut state = FleetState {
        clusters,
        bindings,
        propagation_policies,
        cluster_propagation_policies,
        taint_policies,
        members: Default::default(),
        bindings_dropped: 0,
        ignored: Default::default(),
        source: SourceInfo {
            description: format!("live context {}", cp.context),
            captured_at: Some(jiff::Timestamp::now()),
            context: Some(cp.context.clone()),
            server: Some(cp.server.clone()),
            controller_settings: Default::default(),
            controller_settings_sources: Default::default(),
        },
    };
    state.sort();
    state
}

/// The kinds a snapshot captures, in the order it writes them.
pub fn snapshot_resources() -> Vec<kube::discovery::ApiResource> {
    use kube::discovery::ApiResource;
    vec![
        ApiResource::erase::<Cluster>(&()),
        ApiResource::erase::<ResourceBinding>(&()),
        ApiResource::erase::<ClusterResourceBinding>(&()),
        ApiResource::erase::<PropagationPolicy>(&()),
        ApiResource::erase::<ClusterPropagationPolicy>(&()),
        ApiResource::erase::<ClusterTaintPolicy>(&()),
    ]
}

/// Every object of `resource` as the server returns it (unknown fields kept), without
/// `metadata.managedFields`, paginated.
pub async fn list_raw(
    cp: &ControlPlane,
    resource: &kube::discovery::ApiResource,
) -> Result<Vec<serde_json::Value>> {
    use kube::api::DynamicObject;
    let api: Api<DynamicObject> = Api::all_with(cp.client.clone(), resource);
    let objects = list_paged(cp, &api, ListParams::default(), &resource.plural).await?;
    objects
        .into_iter()
        .map(|mut obj| {
            obj.metadata.managed_fields = None;
            let mut value = serde_json::to_value(&obj)
                .map_err(|e| crate::error::Error::failure(e.to_string()))?;
            value["apiVersion"] = resource.api_version.clone().into();
            value["kind"] = resource.kind.clone().into();
            Ok(value)
        })
        .collect()
}
