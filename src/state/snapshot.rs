//! Reading fleet snapshots: multi-document YAML or JSON, kubectl `List` objects and
//! `kubectl get -o yaml|json` output, from a file, a directory or stdin (`-`).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::fleet::{Binding, BindingKind, FleetState, SourceInfo};

/// A snapshot that cannot be read, naming the file and document.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: document {index}: {message}")]
    Malformed {
        path: String,
        index: usize,
        message: String,
    },
}

/// The header `karmadactl snapshot` writes beside `items`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Header {
    #[serde(default)]
    captured_at: Option<jiff::Timestamp>,
    #[serde(default)]
    context: Option<String>,
    #[serde(default)]
    controller_settings: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TypeMeta {
    #[serde(default)]
    api_version: String,
    #[serde(default)]
    kind: String,
}

/// Whether a binding is kept: a read that knows what it needs drops the others as they
/// are parsed (counted in [`FleetState::bindings_dropped`]).
pub type Keep = dyn Fn(&Binding) -> bool + Sync;
/// Builds [`Keep`] from the clusters of a snapshot (read before its bindings).
pub type KeepBuilder = dyn Fn(&[crate::api::Cluster]) -> Box<Keep> + Sync;

/// Load a snapshot from `path`: a file, a directory (every `.yaml`, `.yml` and `.json`
/// in it, sorted by name), or `-` for stdin.
pub fn load_snapshot(path: &Path) -> Result<FleetState, SnapshotError> {
    load_snapshot_keeping(path, None)
}

/// [`load_snapshot`], keeping only the bindings `keep` (built from the clusters) admits
/// when the snapshot is one list (a `snapshot` file, `kubectl get -o json`): its
/// clusters are read first, then its bindings one by one, and a binding not kept is
/// dropped as soon as it is parsed. Other layouts are read whole.
pub fn load_snapshot_keeping(
    path: &Path,
    keep: Option<&KeepBuilder>,
) -> Result<FleetState, SnapshotError> {
    let mut state = FleetState {
        source: SourceInfo {
            description: format!("snapshot {}", path.display()),
            ..Default::default()
        },
        ..Default::default()
    };
    let io = |source| SnapshotError::Io {
        path: path.display().to_string(),
        source,
    };
    if path == Path::new("-") {
        let text = std::io::read_to_string(std::io::stdin()).map_err(io)?;
        parse_documents_keeping("<stdin>", &text, &mut state, keep)?;
    } else if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("yaml" | "yml" | "json")
                )
            })
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).map_err(|source| SnapshotError::Io {
                path: file.display().to_string(),
                source,
            })?;
            parse_documents(&file.display().to_string(), &text, &mut state)?;
        }
    } else {
        let text = std::fs::read_to_string(path).map_err(io)?;
        parse_documents_keeping(&path.display().to_string(), &text, &mut state, keep)?;
    }
    state.sort();
    Ok(state)
}

/// Add every object of `text` (named `origin` in errors) to `state`.
///
/// JSON input (starting with `{` or `[`) takes a fast path that never builds a generic
/// tree of the whole file; anything else is read as multi-document YAML.
pub fn parse_documents(
    origin: &str,
    text: &str,
    state: &mut FleetState,
) -> Result<(), SnapshotError> {
    parse_documents_keeping(origin, text, state, None)
}

/// [`parse_documents`] with [`load_snapshot_keeping`]'s filter: applied only when the
/// text is a single JSON list.
fn parse_documents_keeping(
    origin: &str,
    text: &str,
    state: &mut FleetState,
    keep: Option<&KeepBuilder>,
) -> Result<(), SnapshotError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let docs: Vec<&RawValue> = serde_json::Deserializer::from_str(trimmed)
            .into_iter::<&RawValue>()
            .enumerate()
            .map(|(index, doc)| doc.map_err(|e| malformed(origin, index, e)))
            .collect::<Result<_, _>>()?;
        let keep = keep.filter(|_| docs.len() == 1);
        for (index, doc) in docs.into_iter().enumerate() {
            add_json(origin, index, doc.get(), state, keep)?;
        }
    } else {
        let mut stream = YamlStream::new(text);
        for (index, doc) in yaml_documents(text).into_iter().enumerate() {
            let value = stream.parse(doc).map_err(|e| malformed(origin, index, e))?;
            let Some(value) = value.filter(|v| !v.is_null()) else {
                continue; // an empty document (`---` at the end, comments only)
            };
            let json = serde_json::to_string(&value).map_err(|e| malformed(origin, index, e))?;
            add_json(origin, index, &json, state, None)?;
        }
    }
    Ok(())
}

/// The documents of a YAML stream, split where kubectl splits them: at lines that are
/// `---` or start with `--- `. A separator on the first line opens the first document.
pub(crate) fn yaml_documents(text: &str) -> Vec<&str> {
    let mut docs = Vec::new();
    let mut start = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == "---" || bare.starts_with("--- ") {
            if offset > 0 {
                docs.push(&text[start..offset]);
            }
            start = offset + line.len();
        }
        offset += line.len();
    }
    docs.push(&text[start..]);
    docs
}

/// serde-saphyr's default node budget (scalars, sequences and mappings, counted as
/// aliases expand them): what one YAML document may hold.
const YAML_MAX_NODES: usize = 250_000;

/// The documents of one YAML stream, read under one budget.
///
/// serde-saphyr's limits on aliases, depth and size refuse a YAML bomb, but they hold for
/// one call, and each document is read by a call of its own: alone, every document could
/// expand its aliases up to the limits again, and a stream of a few hundred bytes per
/// document would take minutes to read. So the stream as a whole may hold
/// [`YAML_MAX_NODES`] nodes beyond four per byte of its text (more than YAML without
/// aliases can hold), and each document what is left of that, at most [`YAML_MAX_NODES`].
pub(crate) struct YamlStream {
    /// Nodes the whole stream may hold.
    total: usize,
    /// Nodes the documents not read yet may hold.
    remaining: usize,
}

impl YamlStream {
    pub(crate) fn new(text: &str) -> Self {
        let total = YAML_MAX_NODES.saturating_add(text.len().saturating_mul(4));
        YamlStream {
            total,
            remaining: total,
        }
    }

    /// The value of the stream's next document (`None` when it is empty), or the first
    /// line of the parser's message (errors come without the multi-line snippet).
    pub(crate) fn parse(&mut self, doc: &str) -> Result<Option<Value>, String> {
        let limit = self.remaining.min(YAML_MAX_NODES);
        // Nodes read, and whether the node budget stopped the parser.
        let report = Rc::new(Cell::new((0, false)));
        let sink = Rc::clone(&report);
        let options = serde_saphyr::options! {
            with_snippet: false,
            budget: serde_saphyr::budget! { max_nodes: limit },
        }
        .with_budget_report(move |r| {
            let out_of_nodes = matches!(
                r.breached,
                Some(serde_saphyr::budget::BudgetBreach::Nodes { .. })
            );
            sink.set((r.nodes, out_of_nodes));
        });
        let value = serde_saphyr::from_str_with_options(doc, options);
        let (nodes, out_of_nodes) = report.get();
        self.remaining = self.remaining.saturating_sub(nodes);
        value.map_err(|e| {
            if out_of_nodes && limit < YAML_MAX_NODES {
                format!(
                    "the documents of this stream expand to more than {} nodes in all (YAML aliases): refused as a YAML bomb",
                    self.total
                )
            } else {
                first_line(&e.to_string())
            }
        })
    }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

fn malformed(origin: &str, index: usize, e: impl std::fmt::Display) -> SnapshotError {
    SnapshotError::Malformed {
        path: origin.to_string(),
        index,
        message: e.to_string(),
    }
}

fn add_json(
    origin: &str,
    index: usize,
    json: &str,
    state: &mut FleetState,
    keep: Option<&KeepBuilder>,
) -> Result<(), SnapshotError> {
    if json.starts_with('[') {
        let items: Vec<&RawValue> =
            serde_json::from_str(json).map_err(|e| malformed(origin, index, e))?;
        return add_list(origin, index, &items, state, keep);
    }
    match keep {
        Some(builder) => add_object_keeping(origin, index, json, state, builder),
        None => add_object(origin, index, json, state, None),
    }
}

/// Add the items of a list: with `keep`, its clusters first, then the rest with the
/// bindings filtered as they are parsed.
fn add_list(
    origin: &str,
    index: usize,
    items: &[&RawValue],
    state: &mut FleetState,
    keep: Option<&KeepBuilder>,
) -> Result<(), SnapshotError> {
    let Some(builder) = keep else {
        return add_items(origin, index, items, state, None);
    };
    let mut rest = Vec::with_capacity(items.len());
    for item in items {
        let (api_version, kind) = type_of(item.get()).map_err(|e| malformed(origin, index, e))?;
        if kind == "Cluster" && api_version.starts_with("cluster.karmada.io/") {
            add_object(origin, index, item.get(), state, None)?;
        } else {
            rest.push(*item);
        }
    }
    let filter = builder(&state.clusters);
    add_items(origin, index, &rest, state, Some(filter.as_ref()))
}

/// Below this many items a list is read on one thread.
const PARALLEL_ITEMS: usize = 2_000;

/// Add the items of one document, reading large lists on every core.
fn add_items(
    origin: &str,
    index: usize,
    items: &[&RawValue],
    state: &mut FleetState,
    keep: Option<&Keep>,
) -> Result<(), SnapshotError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if items.len() < PARALLEL_ITEMS || threads < 2 {
        return items
            .iter()
            .try_for_each(|i| add_object(origin, index, i.get(), state, keep));
    }
    let chunk = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = items
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    // Most items are bindings: size for them up front (no regrowth).
                    let mut local = FleetState {
                        bindings: Vec::with_capacity(part.len()),
                        ..Default::default()
                    };
                    part.iter()
                        .try_for_each(|i| add_object(origin, index, i.get(), &mut local, keep))
                        .map(|_| local)
                })
            })
            .collect();
        let mut locals = Vec::with_capacity(parts.len());
        for part in parts {
            locals.push(part.join().expect("snapshot reader thread panicked")?);
        }
        state
            .bindings
            .reserve_exact(locals.iter().map(|l| l.bindings.len()).sum());
        for local in locals {
            state.absorb(local);
        }
        Ok(())
    })
}

/// `apiVersion` and `kind` of an object, cheaply: kubectl and this tool write them
/// first, so the top-level keys are read only until both are known.
fn type_of(json: &str) -> Result<(String, String), serde_json::Error> {
    use serde::de::{IgnoredAny, MapAccess, Visitor};
    use std::borrow::Cow;

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

/// A top-level object read with a keep filter: a list is filtered, anything else read
/// as usual.
fn add_object_keeping(
    origin: &str,
    index: usize,
    json: &str,
    state: &mut FleetState,
    builder: &KeepBuilder,
) -> Result<(), SnapshotError> {
    let (_, kind) = type_of(json).map_err(|e| malformed(origin, index, e))?;
    if !kind.ends_with("List") {
        return add_object(origin, index, json, state, None);
    }
    let list = read_list(origin, index, json, state)?;
    add_list(origin, index, &list, state, Some(builder))
}

/// The items of a `List` object, its snapshot header recorded in `state`.
fn read_list<'a>(
    origin: &str,
    index: usize,
    json: &'a str,
    state: &mut FleetState,
) -> Result<Vec<&'a RawValue>, SnapshotError> {
    #[derive(Deserialize)]
    struct List<'a> {
        #[serde(borrow, default)]
        items: Vec<&'a RawValue>,
        #[serde(default)]
        snapshot: Option<Header>,
    }
    let list: List = serde_json::from_str(json).map_err(|e| malformed(origin, index, e))?;
    if let Some(h) = list.snapshot {
        state.source.captured_at = h.captured_at.or(state.source.captured_at);
        state.source.context = h.context.or(state.source.context.take());
        state
            .source
            .controller_settings
            .extend(h.controller_settings);
    }
    Ok(list.items)
}

fn add_object(
    origin: &str,
    index: usize,
    json: &str,
    state: &mut FleetState,
    keep: Option<&Keep>,
) -> Result<(), SnapshotError> {
    let err = |e: serde_json::Error| malformed(origin, index, e);
    let (api_version, kind) = type_of(json).map_err(err)?;
    let group = api_version.split('/').next().unwrap_or_default();
    match (kind.as_str(), group) {
        _ if kind.ends_with("List") => {
            let items = read_list(origin, index, json, state)?;
            add_items(origin, index, &items, state, keep)?;
        }
        ("Cluster", "cluster.karmada.io") => state
            .clusters
            .push(serde_json::from_str(json).map_err(err)?),
        ("ResourceBinding", "work.karmada.io") | ("ClusterResourceBinding", "work.karmada.io") => {
            let mut b: Binding = serde_json::from_str(json).map_err(err)?;
            if kind == "ClusterResourceBinding" {
                b.kind = BindingKind::ClusterResourceBinding;
            }
            if keep.is_none_or(|keep| keep(&b)) {
                state.bindings.push(b);
            } else {
                state.bindings_dropped += 1;
            }
        }
        ("PropagationPolicy", "policy.karmada.io") => state
            .propagation_policies
            .push(serde_json::from_str(json).map_err(err)?),
        ("ClusterPropagationPolicy", "policy.karmada.io") => state
            .cluster_propagation_policies
            .push(serde_json::from_str(json).map_err(err)?),
        ("ClusterTaintPolicy", "policy.karmada.io") => state
            .taint_policies
            .push(serde_json::from_str(json).map_err(err)?),
        ("", _) => return Err(malformed(origin, index, "object has no kind")),
        (kind, _) => *state.ignored.entry(kind.to_string()).or_default() += 1,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLUSTER: &str = r#"{"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster","metadata":{"name":"m1"},"spec":{}}"#;

    #[test]
    fn reads_yaml_documents_lists_and_json_streams() {
        let mut s = FleetState::default();
        let yaml = "---\napiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: a}\nspec: {}\n---\n\
                    apiVersion: v1\nkind: List\nitems:\n- apiVersion: work.karmada.io/v1alpha2\n  kind: ClusterResourceBinding\n  \
                    metadata: {name: crb1}\n  spec: {resource: {apiVersion: v1, kind: Namespace, name: x}}\n\
                    - apiVersion: v1\n  kind: Secret\n  metadata: {name: s}\n---\n";
        parse_documents("t.yaml", yaml, &mut s).unwrap();
        parse_documents("t.json", &format!("{CLUSTER}\n{CLUSTER}"), &mut s).unwrap();
        assert_eq!(s.clusters.len(), 3);
        assert_eq!(s.bindings.len(), 1);
        assert_eq!(s.bindings[0].kind, BindingKind::ClusterResourceBinding);
        assert_eq!(s.ignored.get("Secret"), Some(&1));
    }

    #[test]
    fn names_the_file_and_document_of_a_malformed_object() {
        let mut s = FleetState::default();
        let yaml = "kind: Cluster\napiVersion: cluster.karmada.io/v1alpha1\nmetadata: {name: a}\nspec: {}\n---\nkind: Cluster\napiVersion: cluster.karmada.io/v1alpha1\nmetadata: {name: 7}\nspec: {taints: 3}\n";
        let e = parse_documents("fleet.yaml", yaml, &mut s)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("fleet.yaml: document 1:"), "{e}");
        let e = parse_documents("x.json", "{\"kind\": ", &mut s)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("x.json: document 0:"), "{e}");
    }

    #[test]
    fn large_lists_read_in_parallel_match_a_sequential_read() {
        let text = String::from_utf8(crate::fleetgen::fleet_to_vec(
            &crate::fleetgen::FleetSpec::new(50, 5_000, 3),
        ))
        .unwrap();
        let mut parallel = FleetState::default();
        parse_documents("big.json", &text, &mut parallel).unwrap();
        assert!(parallel.bindings.len() >= PARALLEL_ITEMS);
        // The same items one by one, through the per-object path.
        let list: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut sequential = FleetState::default();
        for item in list["items"].as_array().unwrap() {
            add_object("big.json", 0, &item.to_string(), &mut sequential, None).unwrap();
        }
        let keys = |s: &FleetState| {
            s.bindings
                .iter()
                .map(|b| b.display_name())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            keys(&parallel),
            keys(&sequential),
            "same objects, same order"
        );
        assert_eq!(parallel.bindings, sequential.bindings);
        assert_eq!(parallel.clusters.len(), sequential.clusters.len());
        assert_eq!(parallel.source.controller_settings.len(), 2);
    }

    #[test]
    fn a_kept_read_drops_the_other_bindings_as_it_parses_them() {
        let text = String::from_utf8(crate::fleetgen::fleet_to_vec(
            &crate::fleetgen::FleetSpec::new(50, 5_000, 3),
        ))
        .unwrap();
        let mut whole = FleetState::default();
        parse_documents("big.json", &text, &mut whole).unwrap();
        // Keep the bindings on the first cluster; the builder sees every cluster first.
        let builder = |clusters: &[crate::api::Cluster]| -> Box<Keep> {
            assert_eq!(clusters.len(), 50, "clusters are read before the bindings");
            let first = clusters[0].metadata.name.clone().unwrap();
            Box::new(move |b| b.spec.clusters.iter().any(|t| t.name == first))
        };
        let mut kept = FleetState::default();
        parse_documents_keeping("big.json", &text, &mut kept, Some(&builder)).unwrap();
        let on_first = |b: &Binding| {
            b.spec
                .clusters
                .iter()
                .any(|t| t.name == whole.clusters[0].metadata.name.clone().unwrap())
        };
        let want: Vec<&Binding> = whole.bindings.iter().filter(|b| on_first(b)).collect();
        assert!(!want.is_empty() && want.len() < whole.bindings.len());
        assert_eq!(kept.bindings.iter().collect::<Vec<_>>(), want);
        assert_eq!(kept.bindings_dropped, whole.bindings.len() - want.len());
        let names = |s: &FleetState| -> Vec<Option<String>> {
            s.clusters.iter().map(|c| c.metadata.name.clone()).collect()
        };
        assert_eq!(names(&kept), names(&whole));
        assert_eq!(kept.source, whole.source);
        // Several documents: read whole, the filter is not applied.
        let two = format!("{text}\n{text}");
        let mut both = FleetState::default();
        parse_documents_keeping("two.json", &two, &mut both, Some(&builder)).unwrap();
        assert_eq!(
            (both.bindings.len(), both.bindings_dropped),
            (2 * whole.bindings.len(), 0)
        );
    }

    #[test]
    fn a_malformed_item_of_a_large_list_is_reported() {
        let mut text = String::from_utf8(crate::fleetgen::fleet_to_vec(
            &crate::fleetgen::FleetSpec::new(10, 3_000, 4),
        ))
        .unwrap();
        let at = text.rfind("\"replicas\":").unwrap();
        text.replace_range(at..at + 11, "\"replicas\":\"many\",\"x\":");
        let err = parse_documents("big.json", &text, &mut FleetState::default())
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("big.json: document 0:"), "{err}");
    }

    #[test]
    fn reads_the_snapshot_header() {
        let mut s = FleetState::default();
        let json = format!(
            r#"{{"apiVersion":"v1","kind":"List","snapshot":{{"capturedAt":"2026-11-22T12:00:00Z","context":"prod","controllerSettings":{{"feature-gates":"Failover=true"}}}},"items":[{CLUSTER}]}}"#
        );
        parse_documents("s.json", &json, &mut s).unwrap();
        assert_eq!(s.source.context.as_deref(), Some("prod"));
        assert_eq!(
            s.source.controller_settings["feature-gates"],
            "Failover=true"
        );
        assert_eq!(s.clusters.len(), 1);
    }
}
