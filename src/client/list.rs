//! Paginated lists (`limit`/`continue`), so large fleets never arrive as one response.

use kube::api::{Api, ListParams};
use kube::Resource;
use serde::de::DeserializeOwned;

use super::{api_error, ControlPlane};
use crate::error::Result;

/// Objects per page.
pub const PAGE_SIZE: u32 = 500;

/// Every object `api` lists with `params` (its `limit` defaults to [`PAGE_SIZE`]);
/// `what` names the resource in error messages.
pub async fn list_paged<K>(
    cp: &ControlPlane,
    api: &Api<K>,
    mut params: ListParams,
    what: &str,
) -> Result<Vec<K>>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug,
{
    params.limit = params.limit.or(Some(PAGE_SIZE));
    let mut out = Vec::new();
    loop {
        let page = api
            .list(&params)
            .await
            .map_err(|e| api_error(&e, what, &cp.server))?;
        out.extend(page.items);
        match page.metadata.continue_.filter(|c| !c.is_empty()) {
            Some(token) => params.continue_token = Some(token),
            None => return Ok(out),
        }
    }
}
