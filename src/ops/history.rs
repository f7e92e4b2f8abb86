//! `history` on the live control plane: the bindings, and the Kubernetes Events whose
//! involvedObject is one of them, read into the engine's plain records.

use std::collections::HashMap;

use k8s_openapi::api::core::v1::Event;
use kube::api::{Api, ListParams};

use super::bindings::{self, for_each_binding, typed, BindingScope};
use super::events::CLUSTER_SCOPED_EVENT_NAMESPACE;
use crate::client::{for_each_page, ControlPlane};
use crate::engine::decide::history::{history, BindingHistory, EventRecord, HistoryOptions};
use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind};

/// The `involvedObject.kind` of a binding kind.
fn kind_name(kind: BindingKind) -> &'static str {
    match kind {
        BindingKind::ResourceBinding => "ResourceBinding",
        BindingKind::ClusterResourceBinding => "ClusterResourceBinding",
    }
}

/// `ev` as `history` reads it.
pub fn record_of(ev: &Event) -> EventRecord {
    let first = ev
        .first_timestamp
        .as_ref()
        .map(|t| t.0)
        .or_else(|| ev.event_time.as_ref().map(|t| t.0))
        .or_else(|| ev.metadata.creation_timestamp.as_ref().map(|t| t.0));
    let last = ev
        .last_timestamp
        .as_ref()
        .map(|t| t.0)
        .or_else(|| {
            ev.series
                .as_ref()
                .and_then(|s| s.last_observed_time.as_ref())
                .map(|t| t.0)
        })
        .or(first);
    let count = ev
        .series
        .as_ref()
        .and_then(|s| s.count)
        .or(ev.count)
        .unwrap_or(1)
        .max(1);
    EventRecord {
        reason: ev.reason.clone().unwrap_or_default(),
        type_: ev.type_.clone().unwrap_or_default(),
        message: ev.message.clone().unwrap_or_default(),
        component: ev
            .reporting_component
            .clone()
            .filter(|c| !c.is_empty())
            .or_else(|| ev.source.as_ref().and_then(|s| s.component.clone()))
            .unwrap_or_default(),
        count,
        first_time: first,
        last_time: last,
    }
}

/// The namespace holding the Events of a binding of `kind` in `namespace`.
fn events_namespace(kind: BindingKind, namespace: Option<&str>) -> Option<&str> {
    match kind {
        BindingKind::ResourceBinding => namespace,
        BindingKind::ClusterResourceBinding => Some(CLUSTER_SCOPED_EVENT_NAMESPACE),
    }
}

/// Every Event in `namespace` (all namespaces for `None`) matching the field selector
/// `fields`, page by page.
async fn list_events(
    cp: &ControlPlane,
    namespace: Option<&str>,
    fields: &str,
    mut visit: impl FnMut(Event),
) -> Result<()> {
    let api: Api<Event> = match namespace {
        Some(ns) => Api::namespaced(cp.client.clone(), ns),
        None => Api::all(cp.client.clone()),
    };
    for_each_page(
        cp,
        &api,
        ListParams::default().fields(fields),
        "events",
        &mut visit,
    )
    .await
    .map(|_| ())
}

/// The binding `kind` `namespace`/`name` (a 404 is a usage error: the operator named it)
/// and the Events about it (matched by kind, name and uid).
pub async fn one(
    cp: &ControlPlane,
    kind: BindingKind,
    namespace: Option<&str>,
    name: &str,
) -> Result<(Binding, Vec<EventRecord>)> {
    let api = bindings::api(cp, kind, namespace);
    let what = match namespace {
        Some(ns) if kind == BindingKind::ResourceBinding => {
            format!("{} {ns}/{name}", kind_name(kind).to_ascii_lowercase())
        }
        _ => format!("{} {name}", kind_name(kind).to_ascii_lowercase()),
    };
    let raw = api
        .get(name)
        .await
        .map_err(|e| crate::client::api_error(&e, &what, &cp.server))?;
    let b = typed(&raw, kind)
        .ok_or_else(|| Error::failure(format!("{what} does not read as a binding")))?;
    let mut fields = format!(
        "involvedObject.kind={},involvedObject.name={name}",
        kind_name(kind)
    );
    if let Some(uid) = &b.metadata.uid {
        fields += &format!(",involvedObject.uid={uid}");
    }
    let mut events = Vec::new();
    list_events(cp, events_namespace(kind, namespace), &fields, |ev| {
        events.push(record_of(&ev))
    })
    .await?;
    Ok((b, events))
}

/// Who an Event is about: kind, namespace (RBs), name.
type Key = (BindingKind, Option<String>, String);

/// The history of every binding in `scope` that has or had to do with `options.cluster`
/// (every binding in scope without one), with the Events of their kinds read once per
/// kind.
pub async fn histories(
    cp: &ControlPlane,
    scope: &BindingScope,
    options: &HistoryOptions<'_>,
) -> Result<Vec<BindingHistory>> {
    // Events first: held by binding, with the uid they name.
    let mut events: HashMap<Key, Vec<(Option<String>, EventRecord)>> = HashMap::new();
    for kind in scope.kinds() {
        let ns = match kind {
            BindingKind::ResourceBinding => scope.namespace.as_deref(),
            BindingKind::ClusterResourceBinding => Some(CLUSTER_SCOPED_EVENT_NAMESPACE),
        };
        let fields = format!("involvedObject.kind={}", kind_name(kind));
        list_events(cp, ns, &fields, |ev| {
            let o = &ev.involved_object;
            let Some(name) = o.name.clone() else {
                return;
            };
            let namespace = match kind {
                BindingKind::ResourceBinding => o.namespace.clone(),
                BindingKind::ClusterResourceBinding => None,
            };
            events
                .entry((kind, namespace, name))
                .or_default()
                .push((o.uid.clone(), record_of(&ev)));
        })
        .await?;
    }
    let mut out = Vec::new();
    for_each_binding(cp, scope, |_, b| {
        let key: Key = (
            b.kind,
            match b.kind {
                BindingKind::ResourceBinding => b.metadata.namespace.clone(),
                BindingKind::ClusterResourceBinding => None,
            },
            b.metadata.name.clone().unwrap_or_default(),
        );
        // An Event of an earlier binding of the same name (another uid) is not this one's.
        let mine: Vec<EventRecord> = events
            .remove(&key)
            .unwrap_or_default()
            .into_iter()
            .filter(|(uid, _)| match (uid, &b.metadata.uid) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            })
            .map(|(_, r)| r)
            .collect();
        let h = history(&b, &mine, options);
        if h.concerns_cluster && !h.entries.is_empty() {
            out.push(h);
        }
    })
    .await?;
    Ok(out)
}

/// The taint changes the Events about Cluster `cluster` still hold (`TaintClusterSucceed`
/// from the cluster controller and the ClusterTaintPolicy controller), oldest first.
pub async fn cluster_taint_changes(
    cp: &ControlPlane,
    cluster: &str,
) -> Result<Vec<crate::engine::decide::failover_report::TaintChange>> {
    use crate::engine::karmada::events::{reasons, taints_in_message};
    let fields = format!(
        "involvedObject.kind=Cluster,involvedObject.name={cluster},reason={}",
        reasons::TAINT_CLUSTER_SUCCEEDED
    );
    let mut out = Vec::new();
    list_events(cp, Some(CLUSTER_SCOPED_EVENT_NAMESPACE), &fields, |ev| {
        let r = record_of(&ev);
        if let (Some(at), Some(taints)) =
            (r.last_time.or(r.first_time), taints_in_message(&r.message))
        {
            out.push(crate::engine::decide::failover_report::TaintChange { at, taints });
        }
    })
    .await?;
    out.sort_by_key(|c| c.at);
    Ok(out)
}
