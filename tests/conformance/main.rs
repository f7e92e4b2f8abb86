//! Differential conformance: the engine must agree with upstream Karmada on every vector
//! in `../shared/conformance/*.jsonl` (when present) and in `$KARMADACTL_CONFORMANCE_DIR`.
//!
//! Each family is checked by one module below. A family that arrives before the work
//! that implements it is named in [`NOT_YET_IMPLEMENTED`] (printed on every run); a
//! family neither checked nor listed fails the test, and so does a listed family that a
//! module now checks.

mod app_failover;
mod failover;
mod policy_validation;
mod queue;
mod scheduler;
mod state_preservation;
mod taint_args;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use karmadactl::engine::vocabulary::version::KarmadaVersion;
use serde_json::Value;

/// Outcome of checking one vector: `None` when the module does not handle the family.
pub type Check = Option<Result<(), String>>;

/// `key` of `v` as a `T`; absent and `null` are `T`'s default (Go's empty value).
pub fn read<T: serde::de::DeserializeOwned + Default>(v: &Value, key: &str) -> Result<T, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(x) => serde_json::from_value(x.clone()).map_err(|e| format!("cannot read {key}: {e}")),
    }
}

/// Families whose vectors have arrived but whose implementation has not (yet).
const NOT_YET_IMPLEMENTED: &[&str] = &[];

/// Every conformance family and the modules of the engine's twin of upstream
/// (`src/engine/karmada/`) that answer it (a helper the family's function relies on,
/// such as quantities or toleration matching, is listed too).
const TWIN_MODULES: &[(&str, &str)] = &[
    ("application_failover", "application_failover"),
    ("application_failover", "graceful_eviction"),
    ("application_failover", "state_preservation"),
    ("cluster_affinity_match", "cluster_affinity"),
    ("eviction_queue_delay", "eviction_queue"),
    ("general_estimate", "estimator"),
    ("general_estimate", "quantity"),
    ("graceful_evict_cluster", "graceful_eviction"),
    ("graceful_eviction_assess", "graceful_eviction"),
    ("noexecute_eviction", "taint_manager"),
    ("noexecute_eviction", "toleration"),
    ("policy_validation", "admission"),
    ("replica_assignment", "scheduler"),
    ("schedule_after_eviction", "scheduler"),
    ("schedule_after_eviction", "toleration"),
    ("select_clusters", "scheduler"),
    ("state_preservation", "state_preservation"),
    ("state_preservation", "jsonpath"),
    ("taint_args", "karmadactl_taint"),
    ("taint_policy_apply", "cluster_taint_policy"),
    ("taint_policy_match", "cluster_taint_policy"),
    ("webster_division", "scheduler"),
];

/// Twin modules held to the real controllers by a live test instead of a family (they
/// say so under `Checked:`).
const CHECKED_LIVE: &[&str] = &["cluster_health", "events"];

/// The failover proposal's models (`src/engine/proposal/`): not upstream, so they answer
/// no family.
const PROPOSAL_MODELS: &[&str] = &["prefer_no_execute", "prescheduling", "queue"];

fn vector_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance");
    if shared.is_dir() {
        dirs.push(shared);
    } else {
        eprintln!(
            "note: {} not found; skipping the shared vectors",
            shared.display()
        );
    }
    if let Ok(extra) = std::env::var("KARMADACTL_CONFORMANCE_DIR") {
        let extra = PathBuf::from(extra);
        assert!(
            extra.is_dir(),
            "KARMADACTL_CONFORMANCE_DIR={} is not a directory",
            extra.display()
        );
        dirs.push(extra);
    }
    dirs
}

/// The families of every vector file present.
fn families_present() -> Vec<String> {
    let mut families = Vec::new();
    for dir in vector_dirs() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "jsonl") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let v: Value = serde_json::from_str(line).unwrap();
                if let Some(f) = v["family"].as_str() {
                    if !families.iter().any(|x| x == f) {
                        families.push(f.to_string());
                    }
                }
            }
        }
    }
    families.sort();
    families
}

/// The doc comment (`//!` lines) at the top of a module, as one text.
fn module_doc(root: &Path, name: &str) -> Option<String> {
    let file = root.join(format!("{name}.rs"));
    let file = if file.is_file() {
        file
    } else {
        root.join(name).join("mod.rs")
    };
    let text = std::fs::read_to_string(file).ok()?;
    Some(
        text.lines()
            .take_while(|l| l.starts_with("//!"))
            .map(|l| l.trim_start_matches("//!").trim())
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The families a doc names after `Conformance:` (backticked, up to the next label).
fn named_families(doc: &str) -> Vec<String> {
    let Some(start) = doc.find("Conformance:") else {
        return Vec::new();
    };
    let section = &doc[start..];
    let end = ["Karmada:", "Upstream:", "\n\n"]
        .iter()
        .filter_map(|l| section[1..].find(l).map(|i| i + 1))
        .min()
        .unwrap_or(section.len());
    section[..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The modules (files and folders) of a folder of `src/`, without `mod.rs`.
fn modules_in(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            if p.is_dir() {
                Some(name)
            } else {
                name.strip_suffix(".rs")
                    .filter(|n| *n != "mod")
                    .map(str::to_string)
            }
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_family_has_a_twin_module_and_every_twin_module_a_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let twin = src.join("karmada");
    let mut problems = Vec::new();
    for family in families_present() {
        let answered = TWIN_MODULES.iter().any(|(f, _)| *f == family);
        if !answered && !NOT_YET_IMPLEMENTED.contains(&family.as_str()) {
            problems.push(format!("family {family}: no twin module answers it"));
        }
    }
    for (family, module) in TWIN_MODULES {
        match module_doc(&twin, module) {
            None => problems.push(format!(
                "family {family}: twin module {module} does not exist"
            )),
            Some(doc) if !named_families(&doc).iter().any(|f| f == family) => {
                problems.push(format!(
                    "family {family}: twin module {module} does not name it under Conformance:"
                ))
            }
            Some(_) => {}
        }
    }
    for module in CHECKED_LIVE {
        let doc = module_doc(&twin, module).unwrap_or_default();
        if !doc.contains("Checked:") {
            problems.push(format!(
                "twin module {module} is in CHECKED_LIVE but has no Checked: line"
            ));
        }
    }
    for module in modules_in(&twin) {
        let doc = module_doc(&twin, &module).unwrap_or_default();
        let named = named_families(&doc);
        // A behaviour no upstream function can be called for (timing of controllers
        // against members that really fail) is held against the real components instead:
        // such a module names the live test that does it.
        let checked: Vec<String> = doc
            .find("Checked:")
            .map(|i| {
                doc[i..]
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .take_while(|w| w.starts_with("tests/"))
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        for test in &checked {
            if !manifest.join(test).is_file() {
                problems.push(format!(
                    "twin module {module} is checked by {test}, which does not exist"
                ));
            }
        }
        if named.is_empty() && (checked.is_empty() || !CHECKED_LIVE.contains(&module.as_str())) {
            problems.push(format!(
                "twin module {module} names no conformance family (nor, under Checked:, the live test that holds it to the real components)"
            ));
        }
        for f in &named {
            if !TWIN_MODULES.contains(&(f.as_str(), module.as_str())) {
                problems.push(format!(
                    "twin module {module} names {f}, which TWIN_MODULES does not give it"
                ));
            }
        }
        for label in ["Upstream:", "Karmada:"] {
            if !doc.contains(label) {
                problems.push(format!("twin module {module}: its doc has no {label} line"));
            }
        }
    }
    let proposal = src.join("proposal");
    let models = modules_in(&proposal);
    if models != PROPOSAL_MODELS {
        problems.push(format!(
            "engine/proposal/ holds {models:?}; PROPOSAL_MODELS lists {PROPOSAL_MODELS:?}"
        ));
    }
    for model in &models {
        let doc = module_doc(&proposal, model).unwrap_or_default();
        if !doc.contains("proposal") || !named_families(&doc).is_empty() {
            problems.push(format!(
                "proposal model {model}: its doc must say it is the proposal's and name no family"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Check one vector at `version`: the families whose upstream function differs between
/// releases (`karmada::BEHAVIOURS`) take it; the others are the same at every version
/// the tool knows.
fn check(family: &str, version: KarmadaVersion, input: &Value, expected: &Value) -> Check {
    failover::check(family, input, expected)
        .or_else(|| app_failover::check(family, version, input, expected))
        .or_else(|| scheduler::check(family, input, expected))
        .or_else(|| queue::check(family, version, input, expected))
        .or_else(|| taint_args::check(family, input, expected))
        .or_else(|| policy_validation::check(family, version, input, expected))
        .or_else(|| state_preservation::check(family, version, input, expected))
}

/// The Karmada version a vector was made at: its `version` field, else the one its
/// file names (`FAMILY@v1.17.4.jsonl`), else master (what `../shared/conformance` was
/// made from).
fn version_of(file: &Path, vector: &Value) -> Result<KarmadaVersion, String> {
    if let Some(v) = vector["version"].as_str() {
        return v.parse();
    }
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    match stem.split_once('@') {
        Some((_, v)) => v.parse(),
        None => Ok(KarmadaVersion::MASTER),
    }
}

#[test]
fn engine_agrees_with_upstream_vectors() {
    let mut checked = 0usize;
    let mut by_version: BTreeMap<KarmadaVersion, usize> = BTreeMap::new();
    let mut pending: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for dir in vector_dirs() {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let v: Value = serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", file.display(), n + 1));
                let family = v["family"].as_str().unwrap_or_default();
                let id = v["id"].as_str().unwrap_or_default().to_string();
                let listed = NOT_YET_IMPLEMENTED.contains(&family);
                let version = match version_of(&file, &v) {
                    Ok(version) => version,
                    Err(e) => {
                        failures.push(format!("{id}: {e}"));
                        continue;
                    }
                };
                match (check(family, version, &v["input"], &v["expected"]), listed) {
                    (None, true) => *pending.entry(family.to_string()).or_default() += 1,
                    (None, false) => failures.push(format!(
                        "{id}: no checker for family {family:?} and it is not in NOT_YET_IMPLEMENTED"
                    )),
                    (Some(_), true) => failures.push(format!(
                        "{id}: family {family:?} is checked now: remove it from NOT_YET_IMPLEMENTED"
                    )),
                    (Some(outcome), false) => {
                        checked += 1;
                        *by_version.entry(version).or_default() += 1;
                        if let Err(why) = outcome {
                            failures.push(format!("{id}: {why}"));
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "conformance: {checked} vectors checked, {} disagree",
        failures.len()
    );
    let versions: Vec<String> = by_version
        .iter()
        .map(|(v, n)| format!("{v} ({n})"))
        .collect();
    eprintln!("conformance: by Karmada version: {}", versions.join(", "));
    let waiting: Vec<String> = pending.iter().map(|(f, n)| format!("{f} ({n})")).collect();
    eprintln!(
        "conformance: not yet implemented: {}",
        if waiting.is_empty() {
            "none".to_string()
        } else {
            waiting.join(", ")
        }
    );
    // Every disagreement, when asked for (the assertion below shows the first 50).
    if let Some(path) = std::env::var_os("KARMADACTL_CONFORMANCE_FAILURES") {
        std::fs::write(path, failures.join("\n") + "\n").unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} vectors disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(50)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // In CI the shared vectors are always present: checking nothing is a failure.
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        assert!(
            checked > 0,
            "CI is set but no conformance vector was checked (is ../shared/conformance missing?)"
        );
    }
}
