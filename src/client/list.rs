//! Paginated lists (`limit`/`continue`), so large fleets never arrive as one response.

use kube::api::{Api, ListParams};
use kube::core::ListMeta;
use kube::Resource;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::value::RawValue;

use super::{api_error, ControlPlane};
use crate::error::Result;

/// Objects per page by default (kubectl's default `--chunk-size`).
pub const PAGE_SIZE: u32 = 500;

/// Told how a list goes: the resource, how many objects have been read, and whether
/// the list is complete (called once with 0 as it starts, then after every page).
pub type PageHook = std::sync::Arc<dyn Fn(&str, usize, bool) + Send + Sync>;

/// Every object `api` lists with `params` (its `limit` defaults to the control plane's
/// page size);
/// `what` names the resource in error messages.
pub async fn list_paged<K>(
    cp: &ControlPlane,
    api: &Api<K>,
    params: ListParams,
    what: &str,
) -> Result<Vec<K>>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug + Send + 'static,
{
    let mut out = Vec::new();
    for_each_page(cp, api, params, what, |obj| out.push(obj)).await?;
    Ok(out)
}

/// A page as the server sends it, its items not decoded yet: slices of the page's text.
#[derive(Deserialize)]
struct Page<'a> {
    metadata: Option<ListMeta>,
    #[serde(borrow)]
    items: Option<Vec<&'a RawValue>>,
}

/// Hand every object of what `api` lists with `params` to `visit`, page by page, each
/// object decoded only when its turn comes: at once, only the text of the page being
/// visited, the text of the next (already being fetched) and one decoded object are
/// held, never a decoded page.
/// Returns the list's resourceVersion (every page of a list is one snapshot, the first
/// page's), from which a watch can follow what changed after it.
pub async fn for_each_page<K>(
    cp: &ControlPlane,
    api: &Api<K>,
    mut params: ListParams,
    what: &str,
    mut visit: impl FnMut(K),
) -> Result<Option<String>>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug + Send + 'static,
{
    params.limit = params.limit.or((cp.page_size > 0).then_some(cp.page_size));
    let url = api.resource_url().to_string();
    let fetch = |params: ListParams| {
        let (client, url) = (cp.client.clone(), url.clone());
        tokio::spawn(async move {
            let request = kube::core::Request::new(url)
                .list(&params)
                .map_err(kube::Error::BuildRequest)?;
            client.request_text(request).await
        })
    };
    let mut pending = Some(fetch(params.clone()));
    let mut version = None;
    let mut read = 0;
    let tell = |read: usize, done: bool| {
        if let Some(hook) = &cp.on_page {
            hook(what, read, done);
        }
    };
    tell(0, false);
    while let Some(handle) = pending.take() {
        let answer = handle
            .await
            .map_err(|e| crate::error::Error::failure(format!("listing {what}: {e}")))
            .and_then(|r| r.map_err(|e| match e {
                // A whole resource type missing is the server's shape, not a name the
                // operator typed.
                kube::Error::Api(s) if s.code == 404 => crate::error::Error::failure(format!(
                    "{} does not serve {what}: not a Karmada control plane, or a Karmada version without them",
                    cp.server
                )),
                e => api_error(&e, what, &cp.server),
            }));
        let text = match answer {
            Ok(text) => text,
            Err(e) => {
                tell(read, true);
                return Err(e);
            }
        };
        let unreadable = |e: serde_json::Error| {
            tell(read, true);
            crate::error::Error::failure(format!("listing {what}: the answer does not read: {e}"))
        };
        let page: Page = serde_json::from_str(&text).map_err(unreadable)?;
        let (metadata, items) = (
            page.metadata.unwrap_or_default(),
            page.items.unwrap_or_default(),
        );
        if version.is_none() {
            version = metadata.resource_version.filter(|v| !v.is_empty());
        }
        // The next page is on its way while this one is visited.
        if let Some(token) = metadata.continue_.filter(|c| !c.is_empty()) {
            params.continue_token = Some(token);
            pending = Some(fetch(params.clone()));
        }
        for item in &items {
            visit(serde_json::from_str(item.get()).map_err(unreadable)?);
        }
        read += items.len();
        tell(read, pending.is_none());
    }
    Ok(version)
}

#[cfg(test)]
mod tests {
    use super::Page;

    #[test]
    fn a_page_keeps_each_item_as_its_own_text() {
        let text = r#"{"kind":"List","metadata":{"resourceVersion":"7","continue":"c"},
            "items":[{"metadata":{"name":"a\"b"}}, {"metadata":{"name":"c"}}]}"#;
        let page: Page = serde_json::from_str(text).unwrap();
        let meta = page.metadata.unwrap();
        assert_eq!(meta.resource_version.as_deref(), Some("7"));
        assert_eq!(meta.continue_.as_deref(), Some("c"));
        let items: Vec<&str> = page.items.unwrap().iter().map(|i| i.get()).collect();
        assert_eq!(
            items,
            [
                r#"{"metadata":{"name":"a\"b"}}"#,
                r#"{"metadata":{"name":"c"}}"#
            ]
        );
    }

    #[test]
    fn a_page_without_items_or_metadata_reads_as_empty() {
        for text in [r#"{"items":null}"#, r#"{"metadata":null}"#, "{}"] {
            let page: Page = serde_json::from_str(text).unwrap();
            assert!(page.items.unwrap_or_default().is_empty(), "{text}");
            assert!(
                page.metadata.unwrap_or_default().continue_.is_none(),
                "{text}"
            );
        }
    }
}
