//! Differential conformance: the engine must agree with upstream Karmada on every vector
//! in `../shared/conformance/*.jsonl` (when present) and in `$KARMADACTL_CONFORMANCE_DIR`.
//!
//! Each family is checked by one module below. A family that arrives before the work
//! that implements it is named in [`NOT_YET_IMPLEMENTED`] (printed on every run); a
//! family neither checked nor listed fails the test, and so does a listed family that a
//! module now checks.

#[path = "conformance/failover.rs"]
mod failover;
#[path = "conformance/policy_validation.rs"]
mod policy_validation;
#[path = "conformance/queue.rs"]
mod queue;
#[path = "conformance/scheduler.rs"]
mod scheduler;
#[path = "conformance/taint_args.rs"]
mod taint_args;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Outcome of checking one vector: `None` when the module does not handle the family.
pub type Check = Option<Result<(), String>>;

/// Families whose vectors have arrived but whose implementation has not (yet).
const NOT_YET_IMPLEMENTED: &[&str] = &[];

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

fn check(family: &str, input: &Value, expected: &Value) -> Check {
    failover::check(family, input, expected)
        .or_else(|| scheduler::check(family, input, expected))
        .or_else(|| queue::check(family, input, expected))
        .or_else(|| taint_args::check(family, input, expected))
        .or_else(|| policy_validation::check(family, input, expected))
}

#[test]
fn engine_agrees_with_upstream_vectors() {
    let mut checked = 0usize;
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
                match (check(family, &v["input"], &v["expected"]), listed) {
                    (None, true) => *pending.entry(family.to_string()).or_default() += 1,
                    (None, false) => failures.push(format!(
                        "{id}: no checker for family {family:?} and it is not in NOT_YET_IMPLEMENTED"
                    )),
                    (Some(_), true) => failures.push(format!(
                        "{id}: family {family:?} is checked now: remove it from NOT_YET_IMPLEMENTED"
                    )),
                    (Some(outcome), false) => {
                        checked += 1;
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
    let waiting: Vec<String> = pending.iter().map(|(f, n)| format!("{f} ({n})")).collect();
    eprintln!(
        "conformance: not yet implemented: {}",
        if waiting.is_empty() {
            "none".to_string()
        } else {
            waiting.join(", ")
        }
    );
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
