//! A local mirror of the bindings (or the clusters) for a wait: each kind listed once
//! (a consistent list: the wait must see the writes just made), then followed by a watch that
//! resumes from the last resourceVersion, with bookmarks, and lists again only when the
//! server says the version is too old (410) — kube-runtime's watcher. A wait reads the
//! mirror at every change instead of listing the fleet at every poll: on 50,000
//! bindings one list is hundreds of MB, a watch event is one object.
//!
//! The mirror is as fresh as the watch (Karmada's own controllers decide from the same
//! kind of cache). It is started per wait, so a wait's first read is as fresh as a list.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use kube::api::Api;
use kube::runtime::watcher::{self, Event};
use kube::runtime::WatchStreamExt;
use kube::Resource;
use serde::de::DeserializeOwned;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::api::{Cluster, ClusterResourceBinding, ResourceBinding};
use crate::client::ControlPlane;
use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind};

/// What the watches hold now.
#[derive(Default)]
struct Held {
    bindings: BTreeMap<String, Binding>,
    clusters: BTreeMap<String, Cluster>,
    /// Kinds whose first list has been read.
    synced: usize,
    /// The last watch error, while not yet synced (for a wait that cannot start).
    error: Option<String>,
}

/// What a mirror holds at one moment.
pub struct View<'a> {
    /// By `rb/NS/NAME` and `crb/NAME`.
    pub bindings: &'a BTreeMap<String, Binding>,
    /// By name.
    pub clusters: &'a BTreeMap<String, Cluster>,
}

/// The mirror of one or more kinds, followed in the background until dropped.
pub struct Mirror {
    held: Arc<Mutex<Held>>,
    kinds: usize,
    changes: watch::Receiver<u64>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Mirror {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// How one kind's objects land in [`Held`].
trait Mirrored:
    Resource<DynamicType = ()> + Clone + DeserializeOwned + std::fmt::Debug + Send + Sync + 'static
{
    /// The key and what to keep of it.
    fn keep(self, held: &mut Held, initial: &mut Option<Vec<Self>>);
    /// Replace what is held of this kind with a fresh list.
    fn replace(list: Vec<Self>, held: &mut Held);
    fn remove(&self, held: &mut Held);
}

macro_rules! mirrored_binding {
    ($k:ty, $conv:path, $kind:expr) => {
        impl Mirrored for $k {
            fn keep(self, held: &mut Held, initial: &mut Option<Vec<Self>>) {
                match initial {
                    Some(list) => list.push(self),
                    None => {
                        let b = $conv(self);
                        held.bindings.insert(b.display_name(), b);
                    }
                }
            }
            fn replace(list: Vec<Self>, held: &mut Held) {
                held.bindings.retain(|_, b| b.kind != $kind);
                for o in list {
                    let b = $conv(o);
                    held.bindings.insert(b.display_name(), b);
                }
            }
            fn remove(&self, held: &mut Held) {
                let b = $conv(self.clone());
                held.bindings.remove(&b.display_name());
            }
        }
    };
}

mirrored_binding!(ResourceBinding, Binding::from, BindingKind::ResourceBinding);
mirrored_binding!(
    ClusterResourceBinding,
    Binding::from,
    BindingKind::ClusterResourceBinding
);

impl Mirrored for Cluster {
    fn keep(self, held: &mut Held, initial: &mut Option<Vec<Self>>) {
        match initial {
            Some(list) => list.push(self),
            None => {
                held.clusters
                    .insert(self.metadata.name.clone().unwrap_or_default(), self);
            }
        }
    }
    fn replace(list: Vec<Self>, held: &mut Held) {
        held.clusters = list
            .into_iter()
            .map(|c| (c.metadata.name.clone().unwrap_or_default(), c))
            .collect();
    }
    fn remove(&self, held: &mut Held) {
        held.clusters
            .remove(self.metadata.name.as_deref().unwrap_or_default());
    }
}

/// Follow `api` into `held`, bumping `changes` at every change; each watch request asks
/// the server to end it after `timeout` seconds (kube's default, 290, when `None`).
fn follow<K: Mirrored>(
    api: Api<K>,
    what: &'static str,
    held: Arc<Mutex<Held>>,
    changes: Arc<watch::Sender<u64>>,
    timeout: Option<u32>,
) -> JoinHandle<()> {
    // The first list is a consistent one (not the watch cache's, which may lag): a wait
    // starts right after the run's own writes and must see them.
    let mut config = watcher::Config::default();
    if let Some(t) = timeout {
        config = config.timeout(t);
    }
    let stream = watcher::watcher(api, config)
        .default_backoff()
        .modify(|o| o.meta_mut().managed_fields = None);
    tokio::spawn(async move {
        let mut stream = std::pin::pin!(stream);
        let mut initial: Option<Vec<K>> = None;
        let mut synced_once = false;
        while let Some(event) = stream.next().await {
            let mut h = held.lock().unwrap_or_else(|e| e.into_inner());
            match event {
                Ok(Event::Init) => initial = Some(Vec::new()),
                Ok(Event::InitApply(o)) | Ok(Event::Apply(o)) => o.keep(&mut h, &mut initial),
                Ok(Event::InitDone) => {
                    K::replace(initial.take().unwrap_or_default(), &mut h);
                    if !synced_once {
                        synced_once = true;
                        h.synced += 1;
                    }
                }
                Ok(Event::Delete(o)) => o.remove(&mut h),
                Err(e) => {
                    tracing::info!(error = %e, what, "watch interrupted; the watcher retries");
                    if !synced_once {
                        h.error = Some(format!(
                            "watching {what}: {}",
                            crate::client::read::plain(&e.to_string())
                        ));
                    }
                }
            }
            drop(h);
            changes.send_modify(|n| *n += 1);
        }
    })
}

impl Mirror {
    /// Mirror every ResourceBinding and ClusterResourceBinding.
    pub fn bindings(cp: &ControlPlane) -> Mirror {
        Mirror::bindings_with(cp, None)
    }

    /// [`Self::bindings`], each watch request ended by the server after `timeout`
    /// seconds (tests: a wait must survive its watches ending).
    pub fn bindings_with(cp: &ControlPlane, timeout: Option<u32>) -> Mirror {
        let (tx, rx) = watch::channel(0);
        let (tx, held) = (Arc::new(tx), Arc::new(Mutex::new(Held::default())));
        let tasks = vec![
            follow::<ResourceBinding>(
                Api::all(cp.client.clone()),
                "resourcebindings",
                held.clone(),
                tx.clone(),
                timeout,
            ),
            follow::<ClusterResourceBinding>(
                Api::all(cp.client.clone()),
                "clusterresourcebindings",
                held.clone(),
                tx,
                timeout,
            ),
        ];
        Mirror {
            held,
            kinds: 2,
            changes: rx,
            tasks,
        }
    }

    /// Mirror every Cluster.
    pub fn clusters(cp: &ControlPlane) -> Mirror {
        let (tx, rx) = watch::channel(0);
        let held = Arc::new(Mutex::new(Held::default()));
        let tasks = vec![follow::<Cluster>(
            Api::all(cp.client.clone()),
            "clusters",
            held.clone(),
            Arc::new(tx),
            None,
        )];
        Mirror {
            held,
            kinds: 1,
            changes: rx,
            tasks,
        }
    }

    /// Wait until every kind has been listed once; the watch's error when the first
    /// list keeps failing past `timeout` (forbidden, unreachable).
    pub async fn ready(&mut self, timeout: Duration) -> Result<()> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            {
                let h = self.held.lock().unwrap_or_else(|e| e.into_inner());
                if h.synced >= self.kinds {
                    return Ok(());
                }
                if tokio::time::Instant::now() >= deadline {
                    return Err(Error::failure(h.error.clone().unwrap_or_else(|| {
                        format!("the first list did not come within {} s", timeout.as_secs())
                    })));
                }
            }
            let _ = tokio::time::timeout_at(deadline, self.changes.changed()).await;
        }
    }

    /// Look at what the watch holds now (the mirror does not change meanwhile).
    pub fn view<R>(&self, f: impl FnOnce(View<'_>) -> R) -> R {
        let h = self.held.lock().unwrap_or_else(|e| e.into_inner());
        f(View {
            bindings: &h.bindings,
            clusters: &h.clusters,
        })
    }

    /// The bindings as the watch holds them now, in kind then name order.
    pub fn bindings_now(&self) -> Vec<Binding> {
        let h = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<Binding> = h.bindings.values().cloned().collect();
        out.sort_by_cached_key(|b| (b.kind, b.key()));
        out
    }

    /// The clusters as the watch holds them now, by name.
    pub fn clusters_now(&self) -> Vec<Cluster> {
        let h = self.held.lock().unwrap_or_else(|e| e.into_inner());
        h.clusters.values().cloned().collect()
    }

    /// Wait for the next change, at most `at_most`; whether one came.
    pub async fn changed_within(&mut self, at_most: Duration) -> bool {
        matches!(
            tokio::time::timeout(at_most, self.changes.changed()).await,
            Ok(Ok(()))
        )
    }
}
