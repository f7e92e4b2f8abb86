//! Differential conformance: the engine must agree with upstream Karmada on every vector
//! in `../shared/conformance/*.jsonl` (when present) and in `$KARMADACTL_CONFORMANCE_DIR`.
//!
//! Each family is checked by one module below; a family no module knows is a failure.

#[path = "conformance/failover.rs"]
mod failover;
#[path = "conformance/scheduler.rs"]
mod scheduler;

use std::path::{Path, PathBuf};

use serde_json::Value;

/// Outcome of checking one vector: `None` when the module does not handle the family.
pub type Check = Option<Result<(), String>>;

fn vector_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance");
    if shared.is_dir() {
        dirs.push(shared);
    } else {
        eprintln!("note: {} not found; skipping the shared vectors", shared.display());
    }
    if let Ok(extra) = std::env::var("KARMADACTL_CONFORMANCE_DIR") {
        let extra = PathBuf::from(extra);
        assert!(extra.is_dir(), "KARMADACTL_CONFORMANCE_DIR={} is not a directory", extra.display());
        dirs.push(extra);
    }
    dirs
}

#[test]
fn engine_agrees_with_upstream_vectors() {
    let mut total = 0usize;
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
            for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
                let v: Value = serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", file.display(), n + 1));
                let family = v["family"].as_str().unwrap_or_default();
                let id = v["id"].as_str().unwrap_or_default().to_string();
                let (input, expected) = (&v["input"], &v["expected"]);
                total += 1;
                let outcome = failover::check(family, input, expected)
                    .or_else(|| scheduler::check(family, input, expected))
                    .unwrap_or_else(|| Err(format!("no checker for family {family:?}")));
                if let Err(why) = outcome {
                    failures.push(format!("{id}: {why}"));
                }
            }
        }
    }
    eprintln!("conformance: {} vectors, {} disagree", total, failures.len());
    assert!(
        failures.is_empty(),
        "{} of {total} vectors disagree:\n{}",
        failures.len(),
        failures.iter().take(50).cloned().collect::<Vec<_>>().join("\n")
    );
}
