//! Resolving which clusters a command acts on.

use kube::api::{Api, ListParams};

use super::{api_error, list_paged, ControlPlane};
use crate::api::selector::Selector;
use crate::api::Cluster;
use crate::error::{Error, Result};

/// The clusters a command names: by name, by label selector, or all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Targets {
    /// These clusters (each must exist).
    Names(Vec<String>),
    /// Every cluster matching the selector (at least one must).
    Selector(Selector),
    /// Every cluster.
    All,
}

/// Read the target clusters, sorted by name, without duplicates.
pub async fn resolve_clusters(cp: &ControlPlane, targets: &Targets) -> Result<Vec<Cluster>> {
    let api: Api<Cluster> = Api::all(cp.client.clone());
    let mut clusters = match targets {
        Targets::Names(names) => {
            let mut found = Vec::with_capacity(names.len());
            for name in names {
                let cluster = api
                    .get(name)
                    .await
                    .map_err(|e| api_error(&e, &format!("cluster {name:?}"), &cp.server))?;
                found.push(cluster);
            }
            found
        }
        Targets::Selector(sel) => {
            let params = ListParams::default().labels(&sel.to_string());
            let all = list_paged(cp, &api, params, "clusters").await?;
            if all.is_empty() {
                return Err(Error::usage(format!(
                    "no clusters match the selector \"{sel}\""
                )));
            }
            all
        }
        Targets::All => {
            let all = list_paged(cp, &api, ListParams::default(), "clusters").await?;
            if all.is_empty() {
                return Err(Error::usage("there are no clusters"));
            }
            all
        }
    };
    clusters.sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
    clusters.dedup_by(|a, b| a.metadata.name == b.metadata.name);
    Ok(clusters)
}

/// The target clusters out of `all` (a full list already read), with the same answers
/// as [`resolve_clusters`]: every named cluster must exist, a selector must match one.
pub fn select_clusters(all: &[Cluster], targets: &Targets) -> Result<Vec<Cluster>> {
    let name_of = |c: &Cluster| c.metadata.name.clone().unwrap_or_default();
    let mut clusters: Vec<Cluster> = match targets {
        Targets::Names(names) => names
            .iter()
            .map(|n| {
                all.iter()
                    .find(|c| c.metadata.name.as_deref() == Some(n))
                    .cloned()
                    .ok_or_else(|| Error::usage(format!("cluster {n:?} not found")))
            })
            .collect::<Result<_>>()?,
        Targets::Selector(sel) => {
            let found: Vec<Cluster> = all
                .iter()
                .filter(|c| sel.matches(c.metadata.labels.as_ref()))
                .cloned()
                .collect();
            if found.is_empty() {
                return Err(Error::usage(format!(
                    "no clusters match the selector \"{sel}\""
                )));
            }
            found
        }
        Targets::All if all.is_empty() => return Err(Error::usage("there are no clusters")),
        Targets::All => all.to_vec(),
    };
    clusters.sort_by_key(name_of);
    clusters.dedup_by(|a, b| a.metadata.name == b.metadata.name);
    Ok(clusters)
}
