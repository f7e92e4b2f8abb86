//! ResourceBindings and ClusterResourceBindings as the API server stores them: read as
//! raw JSON (every field kept, known or not), seen through the fleet model to decide,
//! written back as merge patches of the fields a command owns.

use kube::api::{Api, DynamicObject, ListParams};
use kube::discovery::ApiResource;
use serde_json::Value;

use crate::api::selector::Selector;
use crate::api::{ClusterResourceBinding, ResourceBinding};
use crate::client::{for_each_page, ControlPlane};
use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind};

/// Which bindings a command acts on.
#[derive(Clone, Debug, Default)]
pub struct BindingScope {
    /// ResourceBindings of this namespace only (and no ClusterResourceBinding); `None`:
    /// every namespace.
    pub namespace: Option<String>,
    /// Only bindings whose labels match.
    pub selector: Option<Selector>,
    /// Only these binding kinds (`None`: both).
    pub kind: Option<BindingKind>,
    /// Only bindings of workloads of this kind (case-insensitive, plural allowed).
    pub workload_kind: Option<String>,
}

impl BindingScope {
    /// The binding kinds in scope.
    pub fn kinds(&self) -> Vec<BindingKind> {
        [
            BindingKind::ResourceBinding,
            BindingKind::ClusterResourceBinding,
        ]
        .into_iter()
        .filter(|k| self.kind.is_none_or(|want| want == *k))
        .filter(|k| self.namespace.is_none() || *k == BindingKind::ResourceBinding)
        .collect()
    }

    /// Whether `b`, read without the server's filtering (from a snapshot), is in scope.
    pub fn includes(&self, b: &Binding) -> bool {
        self.kinds().contains(&b.kind)
            && self
                .namespace
                .as_ref()
                .is_none_or(|ns| b.metadata.namespace.as_ref() == Some(ns))
            && self
                .selector
                .as_ref()
                .is_none_or(|s| s.matches(b.metadata.labels.as_ref()))
            && self.admits(b)
    }

    /// Whether `b` is in scope (beyond what the list already selected).
    pub fn admits(&self, b: &Binding) -> bool {
        self.workload_kind.as_deref().is_none_or(|want| {
            let kind = b.spec.resource.kind.to_ascii_lowercase();
            let want = want.to_ascii_lowercase();
            kind == want || format!("{kind}s") == want
        })
    }
}

/// The API resource of a binding kind.
pub fn resource(kind: BindingKind) -> ApiResource {
    match kind {
        BindingKind::ResourceBinding => ApiResource::erase::<ResourceBinding>(&()),
        BindingKind::ClusterResourceBinding => ApiResource::erase::<ClusterResourceBinding>(&()),
    }
}

/// The raw API of `kind` in `namespace` (all namespaces for `None`).
pub fn api(cp: &ControlPlane, kind: BindingKind, namespace: Option<&str>) -> Api<DynamicObject> {
    let r = resource(kind);
    match (kind, namespace) {
        (BindingKind::ResourceBinding, Some(ns)) => Api::namespaced_with(cp.client.clone(), ns, &r),
        _ => Api::all_with(cp.client.clone(), &r),
    }
}

/// The kind of a raw binding: its `kind` when it says, else a namespaced one is a
/// ResourceBinding.
pub fn kind_of(obj: &DynamicObject) -> BindingKind {
    match (
        obj.types.as_ref().map(|t| t.kind.as_str()),
        &obj.metadata.namespace,
    ) {
        (Some("ClusterResourceBinding"), _) | (None, None) => BindingKind::ClusterResourceBinding,
        _ => BindingKind::ResourceBinding,
    }
}

/// `obj` (of `kind`) in the fleet model; `None` when it does not read as a binding.
pub fn typed(obj: &DynamicObject, kind: BindingKind) -> Option<Binding> {
    let value = serde_json::to_value(obj).ok()?;
    let mut b: Binding = serde_json::from_value(value).ok()?;
    b.kind = kind;
    Some(b)
}

/// Where each kind's list of a read stood: a watch from there ([`crate::ops::follow`])
/// sees every change after the read, without reading the kind again.
pub type ListedAt = std::collections::BTreeMap<BindingKind, String>;

/// Visit every binding in `scope`, page by page: `visit` gets each (raw and typed).
/// Returns where each kind's list stood.
pub async fn for_each_binding(
    cp: &ControlPlane,
    scope: &BindingScope,
    mut visit: impl FnMut(DynamicObject, Binding),
) -> Result<ListedAt> {
    let mut listed = ListedAt::new();
    let mut params = ListParams::default();
    if let Some(sel) = &scope.selector {
        params = params.labels(&sel.to_string());
    }
    for kind in scope.kinds() {
        let api = api(cp, kind, scope.namespace.as_deref());
        let what = resource(kind).plural;
        let version = for_each_page(cp, &api, params.clone(), &what, |mut obj| {
            // Never written back, and the largest part of most objects.
            obj.metadata.managed_fields = None;
            if let Some(b) = typed(&obj, kind).filter(|b| scope.admits(b)) {
                visit(obj, b);
            }
        })
        .await?;
        if let Some(v) = version {
            listed.insert(kind, v);
        }
    }
    Ok(listed)
}

/// Where a plan reads the bindings: a paged list from the server, or a mirror that
/// already follows them (a maintenance run's: no list at all).
#[derive(Clone, Copy, Default)]
pub enum Source<'a> {
    #[default]
    Server,
    Mirror(&'a crate::ops::mirror::Mirror),
}

/// [`for_each_binding`] from `source`; a mirror's bindings are filtered here as the
/// server would (namespace, labels) and carry no list version.
pub async fn each_binding(
    cp: &ControlPlane,
    source: Source<'_>,
    scope: &BindingScope,
    mut visit: impl FnMut(DynamicObject, Binding),
) -> Result<ListedAt> {
    let Source::Mirror(mirror) = source else {
        return for_each_binding(cp, scope, visit).await;
    };
    mirror.view(|v| {
        for (key, b) in v.bindings.iter().filter(|(_, b)| scope.includes(b)) {
            if let Some(raw) = v.raw(key) {
                visit(raw, b.clone());
            }
        }
    });
    Ok(ListedAt::new())
}

/// The array at `spec.FIELD` of a raw object (empty when absent or null).
pub fn raw_list(obj: &DynamicObject, field: &str) -> Vec<Value> {
    obj.data["spec"][field]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// A list for a merge patch: `null` (the field removed) when empty, as the API stores it.
pub fn patch_list(items: Vec<Value>) -> Value {
    if items.is_empty() {
        Value::Null
    } else {
        Value::Array(items)
    }
}

/// The namespace/name of a raw object, for messages and API calls.
pub fn locate(obj: &DynamicObject) -> Result<(Option<String>, String)> {
    let name = obj
        .metadata
        .name
        .clone()
        .ok_or_else(|| Error::failure("a binding without a name"))?;
    Ok((obj.metadata.namespace.clone(), name))
}
