//! Reading fleet snapshots: multi-document YAML or JSON, kubectl `List` objects and
//! `kubectl get -o yaml|json` output, from a file, a directory or stdin (`-`).

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde_json::Value;

use super::collect::{Collector, KeepBuilder};
use super::error::{malformed, SnapshotError};
use super::json_stream;
use crate::fleet::{FleetState, SourceInfo};

/// Load a snapshot from `path`: a file, a directory (every `.yaml`, `.yml` and `.json`
/// in it, sorted by name), or `-` for stdin.
pub fn load_snapshot(path: &Path) -> Result<FleetState, SnapshotError> {
    load_snapshot_keeping(path, None)
}

/// [`load_snapshot`], keeping only the bindings `keep` (built from the clusters) admits:
/// each other binding is dropped as soon as it is parsed, and only counted
/// ([`FleetState::bindings_dropped`]). A JSON file is read a chunk at a time, so it is
/// never held whole; YAML and stdin are read whole first.
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
    let mut collector = Collector::new(&mut state, keep);
    if path == Path::new("-") {
        let text = std::io::read_to_string(std::io::stdin()).map_err(|e| io(path, e))?;
        read_text("<stdin>", &text, &mut collector)?;
    } else if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| io(path, e))?
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
            read_file(&file, &mut collector)?;
        }
    } else {
        read_file(path, &mut collector)?;
    }
    collector.finish();
    state.sort();
    Ok(state)
}

fn io(path: &Path, source: std::io::Error) -> SnapshotError {
    SnapshotError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Read one file: JSON streamed from the file, anything else read whole as YAML.
fn read_file(path: &Path, collector: &mut Collector) -> Result<(), SnapshotError> {
    let origin = path.display().to_string();
    collector.reading(&origin);
    let file = std::fs::File::open(path).map_err(|e| io(path, e))?;
    if json_stream::read_json(&origin, file, collector)? {
        return Ok(());
    }
    let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
    read_yaml(&origin, &text, collector)
}

/// Add every object of `text` (named `origin` in errors) to `state`.
///
/// JSON input (starting with `{` or `[`) is split into its objects and list items
/// without building a generic tree; anything else is read as multi-document YAML.
pub fn parse_documents(
    origin: &str,
    text: &str,
    state: &mut FleetState,
) -> Result<(), SnapshotError> {
    read_text(origin, text, &mut Collector::new(state, None))
}

fn read_text(origin: &str, text: &str, collector: &mut Collector) -> Result<(), SnapshotError> {
    collector.reading(origin);
    if json_stream::read_json(origin, text.as_bytes(), collector)? {
        return Ok(());
    }
    read_yaml(origin, text, collector)
}

/// The documents of a YAML stream, each converted to JSON and collected.
fn read_yaml(origin: &str, text: &str, collector: &mut Collector) -> Result<(), SnapshotError> {
    let mut stream = YamlStream::new(text);
    for (index, doc) in yaml_documents(text).into_iter().enumerate() {
        let value = stream.parse(doc).map_err(|e| malformed(origin, index, e))?;
        let Some(value) = value.filter(|v| !v.is_null()) else {
            continue; // an empty document (`---` at the end, comments only)
        };
        let json = serde_json::to_string(&value).map_err(|e| malformed(origin, index, e))?;
        collector.add(index, &[&json])?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::{Binding, BindingKind};
    use crate::state::Keep;

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
        assert!(parallel.bindings.len() >= 4_000);
        // The same items one by one, each a document of its own.
        let list: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut sequential = FleetState::default();
        for item in list["items"].as_array().unwrap() {
            parse_documents("big.json", &item.to_string(), &mut sequential).unwrap();
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

    /// `text` read with `keep`, as `load_snapshot_keeping` reads a file.
    fn read_keeping(text: &str, keep: &KeepBuilder) -> FleetState {
        let mut state = FleetState::default();
        let mut collector = Collector::new(&mut state, Some(keep));
        read_text("t.json", text, &mut collector).unwrap();
        collector.finish();
        state
    }

    #[test]
    fn a_kept_read_drops_the_other_bindings_as_it_parses_them() {
        let text = String::from_utf8(crate::fleetgen::fleet_to_vec(
            &crate::fleetgen::FleetSpec::new(50, 5_000, 3),
        ))
        .unwrap();
        let mut whole = FleetState::default();
        parse_documents("big.json", &text, &mut whole).unwrap();
        // Keep the bindings on the first cluster.
        let first = whole.clusters[0].metadata.name.clone().unwrap();
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
        static BUILDS: AtomicUsize = AtomicUsize::new(0);
        let name = first.clone();
        let builder = move |clusters: &[crate::api::Cluster]| -> Box<Keep> {
            BUILDS.fetch_add(1, Relaxed);
            // As `dry-run` keeps bindings on the faulty clusters: from the clusters read.
            let chosen: Vec<String> = clusters
                .iter()
                .filter_map(|c| c.metadata.name.clone())
                .filter(|n| *n == name)
                .collect();
            Box::new(move |names| names.iter().any(|n| chosen.iter().any(|c| c == n)))
        };
        let on_first = |b: &&Binding| b.spec.clusters.iter().any(|t| t.name == first);
        let want: Vec<&Binding> = whole.bindings.iter().filter(on_first).collect();
        assert!(!want.is_empty() && want.len() < whole.bindings.len());
        let kept = read_keeping(&text, &builder);
        assert_eq!(kept.bindings.iter().collect::<Vec<_>>(), want);
        assert_eq!(kept.bindings_dropped, whole.bindings.len() - want.len());
        let names = |s: &FleetState| -> Vec<Option<String>> {
            s.clusters.iter().map(|c| c.metadata.name.clone()).collect()
        };
        assert_eq!(names(&kept), names(&whole));
        assert_eq!(kept.source, whole.source);
        assert_eq!(BUILDS.load(Relaxed), 1, "clusters come first: one filter");

        // Clusters after the bindings: a binding on a cluster not read yet is kept until
        // the end, then decided; the result is the same.
        let list: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut items = list["items"].as_array().unwrap().clone();
        items.reverse();
        let reversed = serde_json::json!({"apiVersion": "v1", "kind": "List", "items": items});
        let late = read_keeping(&reversed.to_string(), &builder);
        let mut late_names: Vec<_> = late.bindings.iter().map(|b| b.display_name()).collect();
        late_names.sort();
        let mut want_names: Vec<_> = want.iter().map(|b| b.display_name()).collect();
        want_names.sort();
        assert_eq!(late_names, want_names);
        assert_eq!(late.bindings_dropped, kept.bindings_dropped);

        // Several documents: each is filtered.
        let both = read_keeping(&format!("{text}\n{text}"), &builder);
        assert_eq!(
            (both.bindings.len(), both.bindings_dropped),
            (2 * want.len(), 2 * kept.bindings_dropped)
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
