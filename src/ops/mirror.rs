//! A local mirror of the bindings (and the clusters) for a wait: each kind listed once
//! (a consistent list: the wait must see the writes just made), then followed by a watch that
//! resumes from the last resourceVersion, with bookmarks, and lists again only when the
//! server says the version is too old (410) — kube-runtime's watcher. A wait reads the
//! mirror at every change instead of listing the fleet at every poll: on 50,000
//! bindings one list is hundreds of MB, a watch event is one object.
//!
//! The mirror is as fresh as the watch (Karmada's own controllers decide from the same
//! kind of cache). After its own writes a reader asks it to catch up with them
//! ([`Mirror::expect`], [`Mirror::caught_up`]) before deciding again. A maintenance run
//! keeps one for its whole drive ([`Mirror::for_run`]), with what the run's patches need
//! of each binding as the server stores it, so its plans read no list either.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use kube::api::{Api, DynamicObject};
use kube::runtime::watcher::{self, Event};
use kube::runtime::WatchStreamExt;
use kube::Resource;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::api::Cluster;
use crate::client::{ControlPlane, PageHook};
use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind};
use crate::ops::bindings::{self, kind_of, raw_list, typed};

/// One object as the mirror keeps it.
enum Entry {
    Binding {
        binding: Box<Binding>,
        /// `[spec.clusters, spec.gracefulEvictionTasks]` as stored, unknown fields
        /// included, as compact JSON.
        lists: Option<Box<str>>,
    },
    Cluster(Box<Cluster>),
}

/// Which part of [`Held`] a watch fills.
#[derive(Clone, Copy)]
enum Part {
    Bindings(BindingKind),
    Clusters,
}

/// What the watches hold now.
#[derive(Default)]
struct Held {
    bindings: BTreeMap<String, Binding>,
    lists: HashMap<String, Box<str>>,
    clusters: BTreeMap<String, Cluster>,
    /// Bindings written by this process, by key: the resourceVersion each write got,
    /// until the watch has brought it (or a later one).
    expected: HashMap<String, String>,
    /// Kinds whose first list has been read.
    synced: usize,
    /// The last watch error, while not yet synced (for a wait that cannot start).
    error: Option<String>,
}

/// Whether `have` is `want` or a later version. Versions are opaque to clients; the
/// API server's are etcd revisions, compared as numbers when both read as one.
pub fn reached(have: Option<&str>, want: &str) -> bool {
    match have {
        Some(h) if h == want => true,
        Some(h) => matches!((h.parse::<u64>(), want.parse::<u64>()), (Ok(h), Ok(w)) if h >= w),
        None => false,
    }
}

impl Held {
    fn insert(&mut self, e: Entry) {
        match e {
            Entry::Binding { binding, lists } => {
                let key = binding.display_name();
                let rv = binding.metadata.resource_version.as_deref();
                if self.expected.get(&key).is_some_and(|w| reached(rv, w)) {
                    self.expected.remove(&key);
                }
                match lists {
                    Some(l) => self.lists.insert(key.clone(), l),
                    None => self.lists.remove(&key),
                };
                self.bindings.insert(key, *binding);
            }
            Entry::Cluster(c) => {
                self.clusters
                    .insert(c.metadata.name.clone().unwrap_or_default(), *c);
            }
        }
    }

    fn remove(&mut self, e: Entry) {
        match e {
            Entry::Binding { binding, .. } => {
                let key = binding.display_name();
                self.bindings.remove(&key);
                self.lists.remove(&key);
                self.expected.remove(&key);
            }
            Entry::Cluster(c) => {
                self.clusters
                    .remove(c.metadata.name.as_deref().unwrap_or_default());
            }
        }
    }

    /// What a (re)list of `part` read replaces what was held of it.
    fn replace(&mut self, part: Part, list: Vec<Entry>) {
        match part {
            Part::Bindings(kind) => {
                let gone: Vec<String> = self
                    .bindings
                    .iter()
                    .filter(|(_, b)| b.kind == kind)
                    .map(|(k, _)| k.clone())
                    .collect();
                for k in gone {
                    self.bindings.remove(&k);
                    self.lists.remove(&k);
                }
            }
            Part::Clusters => self.clusters.clear(),
        }
        for e in list {
            self.insert(e);
        }
        // A binding written and then deleted is not waited for.
        if let Part::Bindings(kind) = part {
            let bindings = &self.bindings;
            self.expected
                .retain(|k, _| !k.starts_with(kind_prefix(kind)) || bindings.contains_key(k));
        }
    }
}

/// The key prefix of a binding kind (`rb/`, `crb/`).
fn kind_prefix(kind: BindingKind) -> &'static str {
    match kind {
        BindingKind::ResourceBinding => "rb/",
        BindingKind::ClusterResourceBinding => "crb/",
    }
}

/// What a mirror holds at one moment.
pub struct View<'a> {
    /// By `rb/NS/NAME` and `crb/NAME`.
    pub bindings: &'a BTreeMap<String, Binding>,
    /// By name.
    pub clusters: &'a BTreeMap<String, Cluster>,
    lists: &'a HashMap<String, Box<str>>,
}

impl View<'_> {
    /// The binding `key` as a write starts from: its model, with `spec.clusters` and
    /// `spec.gracefulEvictionTasks` as the server stores them (what a merge patch
    /// replaces whole), and its resourceVersion for the optimistic lock.
    pub fn raw(&self, key: &str) -> Option<DynamicObject> {
        let b = self.bindings.get(key)?;
        raw_of(b, self.lists.get(key).map(|l| &**l))
    }
}

/// `b` as a raw object, its two lists taken from `lists` when given.
fn raw_of(b: &Binding, lists: Option<&str>) -> Option<DynamicObject> {
    let mut v = serde_json::to_value(b).ok()?;
    if let Some(l) = lists {
        let [clusters, tasks]: [Value; 2] = serde_json::from_str(l).ok()?;
        for (field, list) in [("clusters", clusters), ("gracefulEvictionTasks", tasks)] {
            let spec = v["spec"].as_object_mut()?;
            match list {
                Value::Array(items) if !items.is_empty() => {
                    spec.insert(field.into(), Value::Array(items));
                }
                _ => {
                    spec.remove(field);
                }
            }
        }
    }
    let r = bindings::resource(b.kind);
    v["apiVersion"] = r.api_version.into();
    v["kind"] = r.kind.into();
    serde_json::from_value(v).ok()
}

/// How long a first list that keeps failing is retried before [`Mirror::ready`] fails.
const GIVE_UP_FAILING: Duration = Duration::from_secs(15);

/// The watches' tasks, ended when the last handle of a mirror goes.
struct Tasks(Vec<JoinHandle<()>>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for t in &self.0 {
            t.abort();
        }
    }
}

/// The mirror of one or more kinds, followed in the background until the last of its
/// handles (it clones) is dropped.
#[derive(Clone)]
pub struct Mirror {
    held: Arc<Mutex<Held>>,
    kinds: usize,
    changes: watch::Receiver<u64>,
    _tasks: Arc<Tasks>,
}

/// One watch: where, what it fills, how each object becomes an entry.
struct Watch<K: Resource> {
    api: Api<K>,
    what: &'static str,
    part: Part,
    convert: fn(K) -> Option<Entry>,
}

/// Follow `w` into `held`, bumping `changes` at every change; each watch request asks
/// the server to end it after `timeout` seconds (kube's default, 290, when `None`).
/// `on_page` is told how many objects the first list has read.
fn follow<K>(
    w: Watch<K>,
    held: Arc<Mutex<Held>>,
    changes: Arc<watch::Sender<u64>>,
    timeout: Option<u32>,
    on_page: Option<PageHook>,
) -> JoinHandle<()>
where
    K: Resource + Clone + DeserializeOwned + std::fmt::Debug + Send + 'static,
{
    // The first list is a consistent one (not the watch cache's, which may lag): a wait
    // starts right after the run's own writes and must see them.
    let mut config = watcher::Config::default();
    if let Some(t) = timeout {
        config = config.timeout(t);
    }
    let Watch {
        api,
        what,
        part,
        convert,
    } = w;
    let stream = watcher::watcher(api, config)
        .default_backoff()
        .modify(|o| o.meta_mut().managed_fields = None);
    tokio::spawn(async move {
        let mut stream = std::pin::pin!(stream);
        // A (re)list's entries, converted as they come, swapped in once it is whole.
        let mut initial: Option<Vec<Entry>> = None;
        let mut synced_once = false;
        // Only the first list is worth a progress line; a relist is the watch's business.
        let tell = |synced: bool, read: usize, done: bool| {
            if let Some(hook) = on_page.as_ref().filter(|_| !synced) {
                hook(what, read, done);
            }
        };
        while let Some(event) = stream.next().await {
            match event {
                Ok(Event::Init) => {
                    initial = Some(Vec::new());
                    tell(synced_once, 0, false);
                    continue;
                }
                Ok(Event::InitApply(o)) => {
                    if let (Some(list), Some(e)) = (initial.as_mut(), convert(o)) {
                        list.push(e);
                        if list.len() % 500 == 0 {
                            tell(synced_once, list.len(), false);
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let mut h = held.lock().unwrap_or_else(|e| e.into_inner());
            match event {
                Ok(Event::InitDone) => {
                    let list = initial.take().unwrap_or_default();
                    tell(synced_once, list.len(), true);
                    h.replace(part, list);
                    if !synced_once {
                        synced_once = true;
                        h.synced += 1;
                    }
                }
                Ok(Event::Apply(o)) => {
                    if let Some(e) = convert(o) {
                        h.insert(e);
                    }
                }
                Ok(Event::Delete(o)) => {
                    if let Some(e) = convert(o) {
                        h.remove(e);
                    }
                }
                Ok(Event::Init | Event::InitApply(_)) => {}
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

/// A raw binding's model and its two lists as stored.
fn raw_binding(o: DynamicObject) -> Option<Entry> {
    let kind = kind_of(&o);
    let lists = Value::Array(vec![
        Value::Array(raw_list(&o, "clusters")),
        Value::Array(raw_list(&o, "gracefulEvictionTasks")),
    ]);
    Some(Entry::Binding {
        binding: Box::new(typed(&o, kind)?),
        lists: Some(lists.to_string().into_boxed_str()),
    })
}

impl Mirror {
    /// The mirror of a maintenance run: every binding, with what a write needs of it as
    /// stored ([`View::raw`]), and every Cluster; each watch request ended by the server
    /// after `timeout` seconds when given (tests: a wait must survive its watches ending).
    pub fn for_run(cp: &ControlPlane, timeout: Option<u32>) -> Mirror {
        let (tx, rx) = watch::channel(0);
        let (tx, held) = (Arc::new(tx), Arc::new(Mutex::new(Held::default())));
        let hook = cp.on_page.clone();
        let mut tasks = Vec::new();
        for (kind, what) in [
            (BindingKind::ResourceBinding, "resourcebindings"),
            (
                BindingKind::ClusterResourceBinding,
                "clusterresourcebindings",
            ),
        ] {
            let w = Watch {
                api: bindings::api(cp, kind, None),
                what,
                part: Part::Bindings(kind),
                convert: raw_binding,
            };
            tasks.push(follow(w, held.clone(), tx.clone(), timeout, hook.clone()));
        }
        let w = Watch::<Cluster> {
            api: Api::all(cp.client.clone()),
            what: "clusters",
            part: Part::Clusters,
            convert: |c| Some(Entry::Cluster(Box::new(c))),
        };
        tasks.push(follow(w, held.clone(), tx, timeout, hook));
        Mirror {
            held,
            kinds: tasks.len(),
            changes: rx,
            _tasks: Arc::new(Tasks(tasks)),
        }
    }

    /// Wait until every kind has been listed once; the watch's error when the first
    /// list keeps failing past `timeout` (forbidden, unreachable).
    pub async fn ready(&mut self, timeout: Duration) -> Result<()> {
        let started = tokio::time::Instant::now();
        let deadline = started + timeout;
        loop {
            {
                let h = self.held.lock().unwrap_or_else(|e| e.into_inner());
                if h.synced >= self.kinds {
                    return Ok(());
                }
                // A list still failing after some retries (forbidden, unreachable) is
                // not worth the whole timeout: a slow list is no error.
                let failing = h.error.is_some() && started.elapsed() >= GIVE_UP_FAILING;
                if failing || tokio::time::Instant::now() >= deadline {
                    return Err(Error::failure(h.error.clone().unwrap_or_else(|| {
                        format!("the first list did not come within {} s", timeout.as_secs())
                    })));
                }
            }
            let wake = deadline.min(tokio::time::Instant::now() + Duration::from_secs(1));
            let _ = tokio::time::timeout_at(wake, self.changes.changed()).await;
        }
    }

    /// Wait for the bindings written by this process (by key, with the resourceVersion
    /// each write got) before the next [`Self::caught_up`] passes.
    pub fn expect(&self, written: impl IntoIterator<Item = (String, String)>) {
        let mut h = self.held.lock().unwrap_or_else(|e| e.into_inner());
        for (key, rv) in written {
            let have = h
                .bindings
                .get(&key)
                .and_then(|b| b.metadata.resource_version.as_deref());
            if !reached(have, &rv) {
                h.expected.insert(key, rv);
            }
        }
    }

    /// Wait until the watch has brought every write [`Self::expect`] was told of, at most
    /// `at_most`; whether it did (a late one is logged and no longer waited for).
    pub async fn caught_up(&mut self, at_most: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + at_most;
        loop {
            {
                let mut h = self.held.lock().unwrap_or_else(|e| e.into_inner());
                if h.expected.is_empty() {
                    return true;
                }
                if tokio::time::Instant::now() >= deadline {
                    tracing::warn!(
                        missing = h.expected.len(),
                        "the watch has not brought this process's own writes yet; deciding without them"
                    );
                    h.expected.clear();
                    return false;
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
            lists: &h.lists,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_reached_by_themselves_and_later_revisions() {
        assert!(reached(Some("17"), "17"));
        assert!(reached(Some("18"), "17"));
        assert!(!reached(Some("16"), "17"));
        assert!(!reached(None, "17"));
        assert!(reached(Some("abc"), "abc"));
        assert!(!reached(Some("abd"), "abc"));
    }

    #[test]
    fn a_raw_binding_keeps_the_fields_the_model_does_not_know_in_its_lists() {
        let obj: DynamicObject = serde_json::from_value(serde_json::json!({
            "apiVersion": "work.karmada.io/v1alpha2",
            "kind": "ResourceBinding",
            "metadata": {"name": "web", "namespace": "shop", "resourceVersion": "42"},
            "spec": {
                "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
                "clusters": [{"name": "m1", "replicas": 2, "futureField": {"x": 1}}],
                "gracefulEvictionTasks": [{"fromCluster": "m2", "reason": "TaintUntolerated",
                    "producer": "taint-manager", "laterField": true}]
            },
            "status": {"aggregatedStatus": [{"clusterName": "m1", "health": "Healthy"}]}
        }))
        .unwrap();
        let Some(Entry::Binding { binding, lists }) = raw_binding(obj.clone()) else {
            panic!("not a binding")
        };
        let back = raw_of(&binding, lists.as_deref()).unwrap();
        assert_eq!(back.data["spec"]["clusters"], obj.data["spec"]["clusters"]);
        assert_eq!(
            back.data["spec"]["gracefulEvictionTasks"],
            obj.data["spec"]["gracefulEvictionTasks"]
        );
        assert_eq!(back.metadata.resource_version.as_deref(), Some("42"));
        assert_eq!(
            typed(&back, BindingKind::ResourceBinding),
            typed(&obj, BindingKind::ResourceBinding)
        );
        let mut held = Held::default();
        held.insert(Entry::Binding {
            binding: binding.clone(),
            lists,
        });
        held.expected.insert("rb/shop/web".into(), "43".into());
        held.insert(Entry::Binding {
            binding: binding.clone(),
            lists: None,
        });
        assert_eq!(held.expected.len(), 1, "version 42 is not the write's 43");
        let mut later = binding;
        later.metadata.resource_version = Some("44".into());
        held.insert(Entry::Binding {
            binding: later,
            lists: None,
        });
        assert!(held.expected.is_empty(), "44 comes after the write's 43");
    }
}
