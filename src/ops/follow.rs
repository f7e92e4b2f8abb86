//! What changed after a list the command already made: a watch from that list's
//! resourceVersion, so a command that reads a kind and then follows it (`drain --wait`,
//! `evictions list --watch`) reads each object once.
//!
//! The watch asks for bookmarks and resumes from the last resourceVersion it saw when the
//! server ends it. When the server no longer has that version (`410 Gone`, after etcd's
//! compaction), kube-runtime's watcher takes over: one list, then its own watch, as
//! client-go's reflector does. Errors are yielded as the watcher yields them; callers
//! pace the retries with the watcher's back-off (`default_backoff`).

use std::fmt::Debug;

use futures::stream::{self, BoxStream, StreamExt};
use kube::api::{Api, WatchEvent, WatchParams};
use kube::runtime::watcher::{self, Event};
use kube::{Resource, ResourceExt};
use serde::de::DeserializeOwned;

/// Where the stream is.
enum State<K> {
    /// About to watch from this version.
    From(String),
    /// A watch is open; the version is the last one seen.
    Watching(String, BoxStream<'static, kube::Result<WatchEvent<K>>>),
    /// The version expired: the watcher lists and follows.
    Relisted(BoxStream<'static, watcher::Result<Event<K>>>),
}

fn gone(code: u16) -> bool {
    code == 410
}

/// Every change of what `api` and `config`'s selectors name after `version` (a list's
/// resourceVersion); without one, kube-runtime's watcher from a list of its own.
pub fn after<K>(
    api: Api<K>,
    version: Option<String>,
    config: watcher::Config,
) -> BoxStream<'static, watcher::Result<Event<K>>>
where
    K: Resource + Clone + DeserializeOwned + Debug + Send + 'static,
{
    let Some(version) = version.filter(|v| !v.is_empty()) else {
        return watcher::watcher(api, config).boxed();
    };
    let mut params = WatchParams::default().timeout(config.timeout.unwrap_or(290));
    params.label_selector = config.label_selector.clone();
    params.field_selector = config.field_selector.clone();
    params.bookmarks = true;
    let relist =
        move |api: &Api<K>| State::Relisted(watcher::watcher(api.clone(), config.clone()).boxed());
    stream::unfold((api, State::From(version)), move |(api, mut state)| {
        let params = params.clone();
        let relist = relist.clone();
        async move {
            loop {
                state = match state {
                    State::Relisted(mut s) => {
                        let next = s.next().await?;
                        return Some((next, (api, State::Relisted(s))));
                    }
                    State::From(v) => match api.watch(&params, &v).await {
                        Ok(s) => State::Watching(v, s.boxed()),
                        Err(kube::Error::Api(st)) if gone(st.code) => relist(&api),
                        Err(e) => {
                            let err = watcher::Error::WatchStartFailed(e);
                            return Some((Err(err), (api, State::From(v))));
                        }
                    },
                    State::Watching(v, mut s) => match s.next().await {
                        // The server ended the watch: resume where it stood.
                        None => State::From(v),
                        Some(Ok(WatchEvent::Added(o) | WatchEvent::Modified(o))) => {
                            let v = o.resource_version().unwrap_or(v);
                            return Some((Ok(Event::Apply(o)), (api, State::Watching(v, s))));
                        }
                        Some(Ok(WatchEvent::Deleted(o))) => {
                            let v = o.resource_version().unwrap_or(v);
                            return Some((Ok(Event::Delete(o)), (api, State::Watching(v, s))));
                        }
                        Some(Ok(WatchEvent::Bookmark(b))) => {
                            State::Watching(b.metadata.resource_version, s)
                        }
                        Some(Ok(WatchEvent::Error(st))) if gone(st.code) => relist(&api),
                        Some(Ok(WatchEvent::Error(st))) => {
                            return Some((
                                Err(watcher::Error::WatchError(st)),
                                (api, State::From(v)),
                            ));
                        }
                        Some(Err(e)) => {
                            return Some((
                                Err(watcher::Error::WatchFailed(e)),
                                (api, State::From(v)),
                            ));
                        }
                    },
                };
            }
        }
    })
    .boxed()
}
