//! Objects of a snapshot into the fleet model: typed by a cheap peek, parsed on every
//! core, and bindings a reader does not need dropped as soon as they are parsed.

use std::collections::{BTreeMap, HashSet};

use rayon::prelude::*;
use serde::Deserialize;
use serde_json::value::RawValue;

use super::error::{malformed, SnapshotError};
use super::intern::Interner;
use super::json_stream::Sink;
use crate::api::Cluster;
use crate::fleet::{Binding, BindingKind, FleetState};

/// Whether a binding is kept, from the names of the clusters it is placed on
/// (`spec.clusters`): a binding is only parsed whole when it is kept. Deciding from those
/// names alone (and the clusters they name) lets a binding read before one of its
/// clusters wait for the end, so the result does not depend on the order of the input.
pub type Keep = dyn Fn(&[&str]) -> bool + Sync;
/// Builds [`Keep`] from the clusters read so far.
pub type KeepBuilder = dyn Fn(&[Cluster]) -> Box<Keep> + Sync;

/// Below this many objects a batch is parsed on one thread.
const PARALLEL_ITEMS: usize = 2_000;

/// The header `karmadactl snapshot` writes beside `items`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Header {
    #[serde(default)]
    captured_at: Option<jiff::Timestamp>,
    #[serde(default)]
    context: Option<String>,
    #[serde(default)]
    server: Option<String>,
    #[serde(default)]
    controller_settings: BTreeMap<String, String>,
    #[serde(default)]
    controller_settings_sources: BTreeMap<String, String>,
}

/// A list's own fields: its kind and the snapshot header.
#[derive(Deserialize)]
struct ListFields {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    snapshot: Option<Header>,
}

/// Adds the objects it is given to a fleet, keeping the bindings a [`KeepBuilder`] admits.
pub(super) struct Collector<'a> {
    state: &'a mut FleetState,
    /// Names errors: the file being read.
    origin: String,
    keep: Option<&'a KeepBuilder>,
    /// The filter built from the first `.0` clusters.
    filter: Option<(usize, Box<Keep>)>,
    /// Names of the clusters read so far.
    known: HashSet<String>,
    /// The placements, requirements and label and annotation strings held so far, shared
    /// by the bindings read next.
    interner: Interner,
}

impl<'a> Collector<'a> {
    pub(super) fn new(state: &'a mut FleetState, keep: Option<&'a KeepBuilder>) -> Self {
        let known = state
            .clusters
            .iter()
            .filter_map(|c| c.metadata.name.clone())
            .collect();
        Collector {
            state,
            origin: String::new(),
            keep,
            filter: None,
            known,
            interner: Interner::default(),
        }
    }

    /// From now on errors name `origin`.
    pub(super) fn reading(&mut self, origin: &str) {
        origin.clone_into(&mut self.origin);
    }

    /// Decide the bindings kept on the way with every cluster known.
    pub(super) fn finish(mut self) {
        if self.keep.is_none() {
            return;
        }
        self.refresh_filter();
        let Some((_, filter)) = &self.filter else {
            return;
        };
        let before = self.state.bindings.len();
        self.state.bindings.retain(|b| {
            let names: Vec<&str> = b.spec.clusters.iter().map(|t| t.name.as_str()).collect();
            filter(&names)
        });
        self.state.bindings_dropped += before - self.state.bindings.len();
    }

    /// Build the filter again when clusters were added since it was built.
    fn refresh_filter(&mut self) {
        let Some(builder) = self.keep else { return };
        let clusters = self.state.clusters.len();
        if self.filter.as_ref().is_none_or(|(n, _)| *n != clusters) {
            self.filter = Some((clusters, builder(&self.state.clusters)));
        }
    }

    /// Add the objects of document `doc`: clusters first (the filter is built from them),
    /// then the rest, parsed in parallel when there are many.
    pub(super) fn add(&mut self, doc: usize, objects: &[&str]) -> Result<(), SnapshotError> {
        let mut rest = Vec::with_capacity(objects.len());
        let mut lists = Vec::new();
        for json in objects {
            let (api_version, kind) = type_of(json).map_err(|e| self.error(doc, e))?;
            let group = api_version.split('/').next().unwrap_or_default();
            if kind == "Cluster" && group == "cluster.karmada.io" {
                let cluster: Cluster =
                    serde_json::from_str(json).map_err(|e| self.error(doc, e))?;
                self.known.extend(cluster.metadata.name.clone());
                self.state.clusters.push(cluster);
            } else if kind.ends_with("List") {
                lists.push(*json);
            } else {
                rest.push(Typed {
                    json,
                    api_version,
                    kind,
                });
            }
        }
        if rest.iter().any(|o| o.kind.ends_with("Binding")) {
            self.refresh_filter();
        }
        let known = &self.known;
        let filter = self.filter.as_ref().map(|(_, f)| f);
        // A binding on a cluster not read yet is kept until `finish` decides it.
        let keep = |names: &[&str]| {
            filter.is_none_or(|f| names.iter().any(|n| !known.contains(*n)) || f(names))
        };
        let read = self.state.bindings.len();
        // With no reader's filter every binding is kept: nothing to peek at first.
        let keep = self.keep.is_some().then_some(&keep);
        parse_all(&self.origin, doc, &rest, &mut *self.state, keep)?;
        self.interner.share_all(&mut self.state.bindings[read..]);
        for json in lists {
            let (items, fields) = read_list(json).map_err(|e| self.error(doc, e))?;
            let items: Vec<&str> = items.iter().map(|i| i.get()).collect();
            self.add(doc, &items)?;
            self.end_list(doc, fields)?;
        }
        Ok(())
    }

    /// The end of a list: it must have a kind, and its snapshot header is recorded.
    fn end_list(&mut self, doc: usize, fields: ListFields) -> Result<(), SnapshotError> {
        if fields.kind.is_empty() {
            return Err(self.error(doc, "object has no kind"));
        }
        if let Some(h) = fields.snapshot {
            let source = &mut self.state.source;
            source.captured_at = h.captured_at.or(source.captured_at);
            source.context = h.context.or(source.context.take());
            source.server = h.server.or(source.server.take());
            source.controller_settings.extend(h.controller_settings);
            source
                .controller_settings_sources
                .extend(h.controller_settings_sources);
        }
        Ok(())
    }

    fn error(&self, doc: usize, e: impl std::fmt::Display) -> SnapshotError {
        malformed(&self.origin, doc, e)
    }
}

impl Sink for Collector<'_> {
    fn object(&mut self, doc: usize, json: &str) -> Result<(), SnapshotError> {
        self.add(doc, &[json])
    }

    fn items(&mut self, doc: usize, items: &[&str]) -> Result<(), SnapshotError> {
        self.add(doc, items)
    }

    fn list_end(&mut self, doc: usize, fields: &str) -> Result<(), SnapshotError> {
        let fields = serde_json::from_str(fields).map_err(|e| self.error(doc, e))?;
        self.end_list(doc, fields)
    }
}

/// An object and its type.
struct Typed<'j> {
    json: &'j str,
    api_version: String,
    kind: String,
}

/// Parse `objects` into `state` in order, on every core when there are many.
fn parse_all(
    origin: &str,
    doc: usize,
    objects: &[Typed],
    state: &mut FleetState,
    keep: Option<&(impl Fn(&[&str]) -> bool + Sync)>,
) -> Result<(), SnapshotError> {
    let parse = |part: &[Typed]| {
        let mut local = FleetState::default();
        part.iter()
            .try_for_each(|o| parse_object(o, &mut local, keep))
            .map(|_| local)
            .map_err(|e| malformed(origin, doc, e))
    };
    if objects.len() < PARALLEL_ITEMS {
        state.absorb(parse(objects)?);
        return Ok(());
    }
    let parts: Vec<FleetState> = objects
        .par_chunks(PARALLEL_ITEMS / 4)
        .map(parse)
        .collect::<Result<_, _>>()?;
    state
        .bindings
        .reserve(parts.iter().map(|l| l.bindings.len()).sum());
    for part in parts {
        state.absorb(part);
    }
    Ok(())
}

/// Parse one object (not a cluster, not a list: [`Collector::add`] takes those) into
/// `state`, a binding only when `keep` (if any) admits it.
fn parse_object(
    o: &Typed,
    state: &mut FleetState,
    keep: Option<&impl Fn(&[&str]) -> bool>,
) -> Result<(), String> {
    let err = |e: serde_json::Error| e.to_string();
    let group = o.api_version.split('/').next().unwrap_or_default();
    match (o.kind.as_str(), group) {
        ("ResourceBinding", "work.karmada.io") | ("ClusterResourceBinding", "work.karmada.io") => {
            // Where it is placed first: most bindings end there. A binding this light
            // read cannot take is parsed whole, which names what is wrong with it.
            let placed =
                keep.and_then(|keep| Some((keep, serde_json::from_str::<Placed>(o.json).ok()?)));
            if let Some((keep, placed)) = placed {
                let names: Vec<&str> = placed
                    .spec
                    .clusters
                    .iter()
                    .map(|c| c.name.as_ref())
                    .collect();
                if !keep(&names) {
                    state.bindings_dropped += 1;
                    return Ok(());
                }
            }
            let mut b: Binding = serde_json::from_str(o.json).map_err(err)?;
            if o.kind == "ClusterResourceBinding" {
                b.kind = BindingKind::ClusterResourceBinding;
            }
            b.metadata.managed_fields = None; // never read (`kubectl get -o json` has them)
            state.bindings.push(b);
        }
        ("PropagationPolicy", "policy.karmada.io") => state
            .propagation_policies
            .push(serde_json::from_str(o.json).map_err(err)?),
        ("ClusterPropagationPolicy", "policy.karmada.io") => state
            .cluster_propagation_policies
            .push(serde_json::from_str(o.json).map_err(err)?),
        ("ClusterTaintPolicy", "policy.karmada.io") => state
            .taint_policies
            .push(serde_json::from_str(o.json).map_err(err)?),
        // A member's Node or Pod, named by karmada-search's annotation (the accurate
        // estimator's view); any other is not the fleet's.
        ("Node", "v1") | ("Pod", "v1") => {
            if !add_member_object(o, state).map_err(err)? {
                *state.ignored.entry(o.kind.clone()).or_default() += 1;
            }
        }
        ("", _) => return Err("object has no kind".into()),
        (kind, _) => *state.ignored.entry(kind.to_string()).or_default() += 1,
    }
    Ok(())
}

/// Add a Node or Pod annotated with its member to that member's inventory (a Pod only
/// when bound to a node); `false` when it names no member.
fn add_member_object(o: &Typed, state: &mut FleetState) -> Result<bool, serde_json::Error> {
    if o.kind == "Node" {
        let node: k8s_openapi::api::core::v1::Node = serde_json::from_str(o.json)?;
        let Some(member) = super::member_of(&node.metadata).map(str::to_string) else {
            return Ok(false);
        };
        let inventory = state.members.entry(member).or_default();
        inventory.nodes.push(super::trim_node(node));
    } else {
        let pod: k8s_openapi::api::core::v1::Pod = serde_json::from_str(o.json)?;
        let Some(member) = super::member_of(&pod.metadata).map(str::to_string) else {
            return Ok(false);
        };
        let bound = pod.spec.as_ref().is_some_and(|s| s.node_name.is_some());
        let inventory = state.members.entry(member).or_default();
        if bound {
            inventory.pods.push(super::trim_pod(pod));
        }
    }
    Ok(true)
}

/// What [`Keep`] decides from: the names in a binding's `spec.clusters`.
#[derive(Deserialize)]
struct Placed<'a> {
    #[serde(borrow)]
    spec: PlacedSpec<'a>,
}

#[derive(Deserialize)]
struct PlacedSpec<'a> {
    #[serde(borrow, default)]
    clusters: Vec<PlacedOn<'a>>,
}

#[derive(Deserialize)]
struct PlacedOn<'a> {
    #[serde(borrow)]
    name: std::borrow::Cow<'a, str>,
}

/// The items of a `List` object held in memory, and its own fields, in one read.
fn read_list(json: &str) -> Result<(Vec<&RawValue>, ListFields), serde_json::Error> {
    #[derive(Deserialize)]
    struct List<'a> {
        #[serde(borrow, default)]
        items: Vec<&'a RawValue>,
        #[serde(default)]
        kind: String,
        #[serde(default)]
        snapshot: Option<Header>,
    }
    let List {
        items,
        kind,
        snapshot,
    } = serde_json::from_str(json)?;
    Ok((items, ListFields { kind, snapshot }))
}

/// `apiVersion` and `kind` of an object, cheaply: kubectl and this tool write them
/// first, so the top-level keys are read only until both are known.
fn type_of(json: &str) -> Result<(String, String), serde_json::Error> {
    use serde::de::{IgnoredAny, MapAccess, Visitor};
    use std::borrow::Cow;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct TypeMeta {
        #[serde(default)]
        api_version: String,
        #[serde(default)]
        kind: String,
    }
    struct Peek<'o> {
        found: &'o mut (Option<String>, Option<String>),
    }
    impl<'de> Visitor<'de> for Peek<'_> {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                match key.as_ref() {
                    "apiVersion" => self.found.0 = Some(map.next_value::<Cow<str>>()?.into_owned()),
                    "kind" => self.found.1 = Some(map.next_value::<Cow<str>>()?.into_owned()),
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                if self.found.0.is_some() && self.found.1.is_some() {
                    return Ok(()); // stop early; the caller ignores the unread rest
                }
            }
            Ok(())
        }
    }
    let mut found = (None, None);
    let mut de = serde_json::Deserializer::from_str(json);
    let early = serde::Deserializer::deserialize_map(&mut de, Peek { found: &mut found });
    match found {
        (Some(api_version), Some(kind)) => Ok((api_version, kind)),
        _ => {
            early?;
            let meta: TypeMeta = serde_json::from_str(json)?;
            Ok((meta.api_version, meta.kind))
        }
    }
}
