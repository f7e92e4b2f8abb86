//! The control plane's changes as one stream, for `failover watch`: Clusters,
//! ResourceBindings and ClusterResourceBindings through kube-runtime's watcher (a list,
//! then a watch that resumes from the last resourceVersion and lists again when the
//! server says it is too old), with a tick each second so intervals that end without
//! their step are noticed.

use std::time::Duration;

use futures::stream::{self, BoxStream, StreamExt};
use kube::api::Api;
use kube::runtime::watcher::{self, Event};

use crate::api::{Cluster, ClusterResourceBinding, ResourceBinding};
use crate::client::ControlPlane;
use crate::error::{Error, Result};
use crate::fleet::Binding;

/// One change.
#[derive(Debug)]
pub enum Change {
    Cluster(Box<Cluster>),
    Binding(Box<Binding>),
    /// A second passed.
    Tick,
    /// One kind's first list has been delivered (each of its objects as a change).
    Listed,
}

fn watched<K, F>(
    api: Api<K>,
    what: &'static str,
    server: String,
    wrap: F,
) -> BoxStream<'static, Result<Change>>
where
    K: kube::Resource + Clone + serde::de::DeserializeOwned + std::fmt::Debug + Send + 'static,
    F: Fn(K) -> Change + Send + 'static,
{
    watcher::watcher(api, watcher::Config::default())
        .filter_map(move |e| {
            let out = match e {
                Ok(Event::Apply(o)) | Ok(Event::InitApply(o)) => Some(Ok(wrap(o))),
                Ok(Event::InitDone) => Some(Ok(Change::Listed)),
                Ok(_) => None,
                Err(err) => Some(Err(Error::failure(format!(
                    "watching {what} on {server}: {}",
                    crate::client::read::plain(&err.to_string())
                )))),
            };
            std::future::ready(out)
        })
        .boxed()
}

/// Every change of the objects a failover touches, and a tick each second.
pub fn changes(cp: &ControlPlane) -> BoxStream<'static, Result<Change>> {
    let c = cp.client.clone();
    let s = cp.server.clone();
    let ticks = stream::unfold(
        tokio::time::interval(Duration::from_secs(1)),
        |mut i| async {
            i.tick().await;
            Some((Ok(Change::Tick), i))
        },
    )
    .boxed();
    stream::select_all([
        watched(Api::<Cluster>::all(c.clone()), "clusters", s.clone(), |o| {
            Change::Cluster(Box::new(o))
        }),
        watched(
            Api::<ResourceBinding>::all(c.clone()),
            "resourcebindings",
            s.clone(),
            |rb| Change::Binding(Box::new(Binding::from(rb))),
        ),
        watched(
            Api::<ClusterResourceBinding>::all(c),
            "clusterresourcebindings",
            s,
            |crb| Change::Binding(Box::new(Binding::from(crb))),
        ),
        ticks,
    ])
    .boxed()
}

/// The fleet as the watches of `stream` list it first (the clusters and both binding
/// kinds; the policies, small, listed beside), so a watch reads each kind once: what
/// comes after is the changes. A relist later (410) delivers its objects as changes.
pub async fn first_state(
    cp: &ControlPlane,
    stream: &mut BoxStream<'static, Result<Change>>,
) -> Result<crate::fleet::FleetState> {
    let mut clusters = std::collections::BTreeMap::new();
    let mut bindings = std::collections::BTreeMap::new();
    let mut listed = 0;
    while listed < 3 {
        match stream.next().await {
            Some(Ok(Change::Cluster(c))) => {
                clusters.insert(c.metadata.name.clone().unwrap_or_default(), *c);
            }
            Some(Ok(Change::Binding(b))) => {
                bindings.insert(b.display_name(), *b);
            }
            Some(Ok(Change::Listed)) => listed += 1,
            Some(Ok(Change::Tick)) => {}
            Some(Err(e)) => return Err(e),
            None => return Err(Error::failure("the watches ended before their first list")),
        }
    }
    crate::state::live_fleet(
        cp,
        clusters.into_values().collect(),
        bindings.into_values().collect(),
    )
    .await
}

/// The Cluster `name` as it is now (`None` once deleted): for an eviction that arrives
/// before the Cluster change behind it.
pub async fn read_cluster(cp: &ControlPlane, name: &str) -> Result<Option<Cluster>> {
    Api::<Cluster>::all(cp.client.clone())
        .get_opt(name)
        .await
        .map_err(|e| crate::client::api_error(&e, &format!("cluster {name}"), &cp.server))
}
