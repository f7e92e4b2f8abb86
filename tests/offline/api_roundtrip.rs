//! Every Karmada object this project reads must survive the typed structs of `src/api/`:
//! JSON -> type -> JSON -> type gives equal values, and the re-serialized JSON equals the
//! input once both are normalized (nulls, empty arrays and objects, `syncMode: ""`,
//! `applied: false` and `replicas: 0` dropped, since Go writes or omits those for unset
//! fields: a target cluster's and a spec's `replicas` are `omitempty` int32s). A lost field is named by its path.
//!
//! Inputs: the example snapshots (`examples/*.yaml`, when present), a generated fleet,
//! and the objects inside `../shared/conformance/*.jsonl` (when that directory exists).

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use karmadactl::api::{
    AggregatedStatusItem, BindingSpec, Cluster, ClusterPropagationPolicy, ClusterResourceBinding,
    ClusterTaintPolicy, ClusterTaintPolicySpec, GracefulEvictionTask, PropagationPolicy,
    PropagationSpec, ResourceBinding,
};
use karmadactl::fleet::Binding;
use karmadactl::fleetgen::{fleet_to_vec, FleetSpec};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// Drop nulls, empty arrays and objects, `syncMode: ""`, `applied: false` and `replicas: 0`,
/// recursively. Returns `None`
/// when the value itself normalizes away.
fn normalize(value: &Value) -> Option<Value> {
    match value {
        Value::Null => None,
        Value::Array(items) => {
            let items: Vec<Value> = items.iter().filter_map(normalize).collect();
            (!items.is_empty()).then_some(Value::Array(items))
        }
        Value::Object(map) => {
            let map: Map<String, Value> = map
                .iter()
                .filter(|(k, v)| !(k.as_str() == "syncMode" && v.as_str() == Some("")))
                .filter(|(k, v)| !(k.as_str() == "applied" && v.as_bool() == Some(false)))
                .filter(|(k, v)| !(k.as_str() == "replicas" && v.as_i64() == Some(0)))
                .filter_map(|(k, v)| normalize(v).map(|v| (k.clone(), v)))
                .collect();
            (!map.is_empty()).then_some(Value::Object(map))
        }
        scalar => Some(scalar.clone()),
    }
}

/// Remove nulls only (what Go means by "unset"), keeping everything else as written.
fn strip_nulls(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(strip_nulls).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), strip_nulls(v)))
                .collect(),
        ),
        scalar => scalar.clone(),
    }
}

/// Paths where `output` differs from `input`: `lost`, `added` or `changed`.
fn diff(path: &str, input: &Value, output: &Value, out: &mut Vec<String>) {
    match (input, output) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let p = format!("{path}.{k}");
                match b.get(k) {
                    None => out.push(format!("lost {p} (was {})", short(va))),
                    Some(vb) => diff(&p, va, vb, out),
                }
            }
            for (k, vb) in b {
                if !a.contains_key(k) {
                    out.push(format!("added {path}.{k} = {}", short(vb)));
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                diff(&format!("{path}[{i}]"), va, vb, out);
            }
        }
        (a, b) if a != b => out.push(format!("changed {path}: {} -> {}", short(a), short(b))),
        _ => {}
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 120 {
        format!("{}...", s.chars().take(117).collect::<String>())
    } else {
        s
    }
}

/// Round-trip `input` through `T`. `typed_meta`: the type writes `apiVersion` and `kind`
/// itself, so an input without them is compared as if it had them.
fn roundtrip<T>(input: &Value, typed_meta: Option<(&str, &str)>) -> Result<(), String>
where
    T: DeserializeOwned + Serialize + Debug,
{
    let mut expected = strip_nulls(input);
    if let (Some((api_version, kind)), Some(map)) = (typed_meta, expected.as_object_mut()) {
        map.entry("apiVersion")
            .or_insert_with(|| api_version.into());
        map.entry("kind").or_insert_with(|| kind.into());
    }
    let typed: T = serde_json::from_value(expected.clone())
        .map_err(|e| format!("does not deserialize: {e}"))?;
    let json = serde_json::to_value(&typed).map_err(|e| format!("does not serialize: {e}"))?;
    let again: T = serde_json::from_value(json.clone())
        .map_err(|e| format!("re-serialized form does not deserialize: {e}"))?;
    // The kube-generated root types (Cluster, ResourceBinding, ...) do not implement
    // PartialEq; their derived Debug shows every field, so equal Debug means equal values.
    if format!("{again:?}") != format!("{typed:?}") {
        return Err(format!(
            "JSON -> type -> JSON -> type differs:\n  first:  {typed:?}\n  second: {again:?}"
        ));
    }
    let (a, b) = (
        normalize(&expected).unwrap_or(Value::Null),
        normalize(&json).unwrap_or(Value::Null),
    );
    let mut differences = Vec::new();
    diff("", &a, &b, &mut differences);
    if differences.is_empty() {
        Ok(())
    } else {
        Err(differences.join("; "))
    }
}

/// Collects failures across every input so one run names every lost field.
#[derive(Default)]
struct Report {
    checked: usize,
    failures: Vec<String>,
}

impl Report {
    fn record(&mut self, what: impl FnOnce() -> String, result: Result<(), String>) {
        self.checked += 1;
        if let Err(e) = result {
            self.failures.push(format!("{}: {e}", what()));
        }
    }

    /// A full Karmada object, by `kind`. Other kinds are skipped (returns false).
    fn object(&mut self, origin: &str, obj: &Value) -> bool {
        let kind = obj.get("kind").and_then(Value::as_str).unwrap_or_default();
        let name = obj
            .pointer("/metadata/name")
            .and_then(Value::as_str)
            .unwrap_or("?");
        let what = || format!("{origin}: {kind} {name}");
        let result = match kind {
            "Cluster" => roundtrip::<Cluster>(obj, None),
            "ResourceBinding" | "ClusterResourceBinding" => {
                let typed = if kind == "ResourceBinding" {
                    roundtrip::<ResourceBinding>(obj, None)
                } else {
                    roundtrip::<ClusterResourceBinding>(obj, None)
                };
                // The engine's own binding shape (no apiVersion/kind on the wire).
                let mut bare = obj.clone();
                if let Some(map) = bare.as_object_mut() {
                    map.remove("apiVersion");
                    map.remove("kind");
                }
                typed.and(
                    roundtrip::<Binding>(&bare, None)
                        .map_err(|e| format!("as state::Binding: {e}")),
                )
            }
            "PropagationPolicy" => roundtrip::<PropagationPolicy>(obj, None),
            "ClusterPropagationPolicy" => roundtrip::<ClusterPropagationPolicy>(obj, None),
            "ClusterTaintPolicy" => roundtrip::<ClusterTaintPolicy>(obj, None),
            _ => return false,
        };
        self.record(what, result);
        true
    }

    /// Every object of a document: a single object or a `List`.
    fn document(&mut self, origin: &str, doc: &Value) {
        if doc
            .get("kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k.ends_with("List"))
        {
            for item in doc
                .get("items")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                self.object(origin, item);
            }
        } else {
            self.object(origin, doc);
        }
    }

    fn finish(self, source: &str) -> usize {
        assert!(
            self.failures.is_empty(),
            "{source}: {} of {} objects do not round-trip:\n{}",
            self.failures.len(),
            self.checked,
            self.failures
                .iter()
                .take(40)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
        eprintln!("{source}: {} objects round-trip", self.checked);
        self.checked
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files_with_extension(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn normalization_and_diff_name_lost_fields() {
    // The helpers themselves: a field the type does not know must be reported by path.
    let input: Value = serde_json::from_str(
        r#"{"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster","metadata":{"name":"m1"},
            "spec":{"syncMode":"","provider":"aws","zones":[],"secretRefX":{"name":"s"},"taints":null},"status":{}}"#,
    )
    .unwrap();
    let err = roundtrip::<Cluster>(&input, None).unwrap_err();
    assert_eq!(err, r#"lost .spec.secretRefX (was {"name":"s"})"#);
    let ok: Value = serde_json::from_str(
        r#"{"metadata":{"name":"m1","labels":{}},"spec":{"syncMode":"","provider":"aws"},"status":{"conditions":null}}"#,
    )
    .unwrap();
    roundtrip::<Cluster>(&ok, Some(("cluster.karmada.io/v1alpha1", "Cluster"))).unwrap();
    assert_eq!(
        normalize(&serde_json::json!({"a": [null, {}], "b": {"syncMode": ""}})),
        None
    );
}

#[test]
fn example_snapshots_round_trip() {
    let files = files_with_extension(&root().join("examples"), &["yaml", "yml"]);
    if files.is_empty() {
        eprintln!("note: no examples/*.yaml yet; skipping");
        return;
    }
    let mut report = Report::default();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let origin = file.file_name().unwrap().to_string_lossy().to_string();
        let docs: Vec<Value> =
            serde_saphyr::from_multiple(&text).unwrap_or_else(|e| panic!("{origin}: {e}"));
        for value in docs {
            if !value.is_null() {
                report.document(&origin, &value);
            }
        }
    }
    let checked = report.finish("examples");
    assert!(checked > 0, "examples/*.yaml hold no Karmada objects");
}

#[test]
fn generated_fleet_round_trips() {
    let mut spec = FleetSpec::new(40, 400, 11);
    spec.faulty_fraction = 0.2;
    spec.cluster_binding_fraction = 0.2;
    let doc: Value = serde_json::from_slice(&fleet_to_vec(&spec)).unwrap();
    let mut report = Report::default();
    report.document("generated", &doc);
    assert_eq!(report.finish("generated fleet"), 40 + 400 + 4 + 2);
}

#[test]
fn conformance_objects_round_trip() {
    let dir = root().join("../shared/conformance");
    if !dir.is_dir() {
        eprintln!(
            "note: {} not found; skipping the conformance objects",
            dir.display()
        );
        return;
    }
    let cluster_meta = Some(("cluster.karmada.io/v1alpha1", "Cluster"));
    let mut report = Report::default();
    let mut files = files_with_extension(&dir, &["jsonl"]);
    if let Ok(extra) = std::env::var("KARMADACTL_CONFORMANCE_DIR") {
        files.extend(files_with_extension(Path::new(&extra), &["jsonl"]));
    }
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line_no, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let vector: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", file.display(), line_no + 1));
            let id = vector["id"].as_str().unwrap_or("?").to_string();
            let input = &vector["input"];
            let expected = &vector["expected"];
            let mut clusters: Vec<(String, &Value)> = Vec::new();
            if input["cluster"].is_object() {
                clusters.push(("input.cluster".into(), &input["cluster"]));
            }
            // `clusters` is a list of Cluster objects in some families and a scheduling
            // result (`{name, replicas}`) in others: only the former have metadata.
            for (i, c) in input["clusters"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
            {
                if c.get("metadata").is_some() {
                    clusters.push((format!("input.clusters[{i}]"), c));
                }
            }
            for key in ["scoredClusters", "candidates"] {
                for (i, c) in input[key].as_array().into_iter().flatten().enumerate() {
                    clusters.push((format!("input.{key}[{i}].cluster"), &c["cluster"]));
                }
            }
            for (path, cluster) in clusters {
                report.record(
                    || format!("{id}: {path}"),
                    roundtrip::<Cluster>(cluster, cluster_meta),
                );
            }
            // `spec` is a policy's spec in `policy_validation`, a binding's elsewhere.
            if input["spec"].is_object() {
                let spec = &input["spec"];
                let result = match (vector["family"].as_str(), input["kind"].as_str()) {
                    (Some("policy_validation"), Some("ClusterTaintPolicy")) => {
                        roundtrip::<ClusterTaintPolicySpec>(spec, None)
                    }
                    (Some("policy_validation"), _) => roundtrip::<PropagationSpec>(spec, None),
                    _ => roundtrip::<BindingSpec>(spec, None),
                };
                report.record(|| format!("{id}: input.spec"), result);
            }
            for (side, value) in [("input", input), ("expected", expected)] {
                for key in ["tasks", "gracefulEvictionTasks", "keptTasks"] {
                    for (i, task) in value[key].as_array().into_iter().flatten().enumerate() {
                        report.record(
                            || format!("{id}: {side}.{key}[{i}]"),
                            roundtrip::<GracefulEvictionTask>(task, None),
                        );
                    }
                }
            }
            for (i, item) in input["aggregatedStatus"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
            {
                report.record(
                    || format!("{id}: input.aggregatedStatus[{i}]"),
                    roundtrip::<AggregatedStatusItem>(item, None),
                );
            }
        }
    }
    let checked = report.finish("conformance");
    assert!(
        checked > 1000,
        "only {checked} objects found in {}",
        dir.display()
    );
}

#[test]
fn per_component_replicas_of_master_survive() {
    // master's `spec.clusters[].components` (multi-template workloads): every write of
    // `spec.clusters` (drain, abort, failback) sends the entries back as read.
    let rb: Value = serde_json::json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": "flink", "namespace": "jobs"},
        "spec": {
            "resource": {"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkDeployment", "name": "f"},
            "clusters": [{"name": "member1", "replicas": 3, "components": [
                {"name": "jobmanager", "replicas": 1}, {"name": "taskmanager", "replicas": 2}]}]
        }
    });
    roundtrip::<ResourceBinding>(&rb, Some(("work.karmada.io/v1alpha2", "ResourceBinding")))
        .unwrap();
}
