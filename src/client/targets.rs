//! Resolving which clusters a command acts on.

use kube::api::{Api, ListParams};

use super::{api_error, list_paged, ControlPlane};
use crate::api::Cluster;
use crate::cli::ClusterSelection;
use crate::error::{Error, Result};

/// Read the target clusters: the named ones (each must exist), or those matching
/// `-l`, or every cluster with `--all`. Sorted by name, no duplicates.
pub async fn resolve_clusters(
    cp: &ControlPlane,
    names: &[String],
    selection: &ClusterSelection,
) -> Result<Vec<Cluster>> {
    let given = usize::from(!names.is_empty())
        + usize::from(selection.all)
        + usize::from(selection.selector.is_some());
    if given == 0 {
        return Err(Error::usage(
            "name at least one cluster, or use -l SELECTOR or --all",
        ));
    }
    if given > 1 {
        return Err(Error::usage(
            "cluster names, -l/--selector and --all are mutually exclusive",
        ));
    }
    let api: Api<Cluster> = Api::all(cp.client.clone());
    let mut clusters = if names.is_empty() {
        let mut params = ListParams::default();
        if let Some(sel) = &selection.selector {
            crate::selector::Selector::parse(sel).map_err(Error::usage)?;
            params = params.labels(sel);
        }
        let all = list_paged(cp, &api, params, "clusters").await?;
        if all.is_empty() {
            return Err(Error::usage(match &selection.selector {
                Some(sel) => format!("no clusters match the selector {sel:?}"),
                None => "there are no clusters".to_string(),
            }));
        }
        all
    } else {
        let mut found = Vec::with_capacity(names.len());
        for name in names {
            let cluster = api
                .get(name)
                .await
                .map_err(|e| api_error(&e, &format!("cluster {name:?}"), &cp.server))?;
            found.push(cluster);
        }
        found
    };
    clusters.sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
    clusters.dedup_by(|a, b| a.metadata.name == b.metadata.name);
    Ok(clusters)
}
