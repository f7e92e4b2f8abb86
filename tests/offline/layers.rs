//! The layering of `src/` (see README, Development): each layer uses only the layers
//! below it, and the pure core (`api/`, `fleet.rs`, `engine/`) touches no clock, file,
//! network, terminal or command-line parser. Checked on the source text of every module.

use std::path::{Path, PathBuf};

/// Each layer and the crate modules it may use (besides itself).
const ALLOWED: &[(&str, &[&str])] = &[
    ("api", &[]),
    ("fleet", &["api"]),
    ("engine", &["api", "fleet"]),
    ("error", &[]),
    ("client", &["api", "error"]),
    ("state", &["api", "fleet", "client", "error", "logging"]),
    (
        "ops",
        &["api", "fleet", "engine", "state", "client", "error"],
    ),
    (
        "render",
        &["api", "fleet", "engine", "ops", "error", "config"],
    ),
    ("prompt", &["error"]),
    ("config", &["error"]),
    ("logging", &[]),
    ("fleetgen", &["api", "fleet", "state"]),
    (
        "cli",
        &["api", "engine", "client", "ops", "render", "error"],
    ),
    (
        "cmd",
        &[
            "api", "fleet", "engine", "state", "client", "ops", "render", "cli", "error", "prompt",
            "logging", "config",
        ],
    ),
];

/// Paths the pure core never names (I/O, clocks, terminals, the kube client, clap).
const IMPURE: &[&str] = &[
    "tokio",
    "kube::Client",
    "kube::api",
    "kube::runtime",
    "kube::Api",
    "clap",
    "std::fs",
    "std::io::stdin",
    "std::io::stdout",
    "std::net",
    "std::env",
    "Timestamp::now",
    "SystemTime::now",
    "Instant::now",
    "indicatif",
    "dialoguer",
    "colored",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`None` for lib.rs and main.rs).
fn layer_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The crate modules a source text names (`crate::X`, `super::super::X` excluded).
fn crate_uses(text: &str) -> Vec<String> {
    let mut used = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let before = text[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | ':')) {
            continue; // e.g. `$crate::` in a macro, or a longer path
        }
        let rest = &text[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            used.push(name);
        }
    }
    used.sort();
    used.dedup();
    used
}

/// The code of a file: without its `#[cfg(test)]` module (tests may use anything) and
/// without comments (a doc link to a higher layer is not a dependency).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_layer_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    for file in &files {
        let Some(layer) = layer_of(&src, file) else {
            continue;
        };
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let allowed = ALLOWED
            .iter()
            .find(|(l, _)| *l == layer)
            .unwrap_or_else(|| panic!("{}: layer {layer} is not in ALLOWED", file.display()))
            .1;
        let text = code_of(&std::fs::read_to_string(file).unwrap());
        for used in crate_uses(&text) {
            if used != layer && !allowed.contains(&used.as_str()) {
                violations.push(format!("{}: {layer} uses {used}", file.display()));
            }
        }
        if matches!(layer.as_str(), "api" | "fleet" | "engine") {
            for word in IMPURE {
                if text.contains(word) {
                    violations.push(format!("{}: the pure core names {word}", file.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

/// The rooms of `engine/` and the rooms each may use (besides itself and the layers
/// below the engine), with no exception: a promise about Karmada (`karmada`), the
/// proposal's models, predictions built from them, the tool's own decisions, and the
/// vocabulary all of them speak.
const ENGINE_ROOMS: &[(&str, &[&str])] = &[
    ("vocabulary", &["vocabulary"]),
    ("karmada", &["karmada", "vocabulary"]),
    ("proposal", &["proposal", "karmada", "vocabulary"]),
    ("predict", &["predict", "proposal", "karmada", "vocabulary"]),
    (
        "decide",
        &["decide", "predict", "proposal", "karmada", "vocabulary"],
    ),
];

/// The module path of a file of `src/` (`engine/karmada/scheduler/mod.rs` is
/// `[engine, karmada, scheduler]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut path: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_str().unwrap().to_string())
        .collect();
    let last = path.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        path.push(stem.to_string());
    }
    path
}

/// Every crate path a file's code names, absolute: `crate::a::b` as `[a, b]`, and
/// `super::` chains resolved against the file's own module path.
fn absolute_uses(module: &[String], text: &str) -> Vec<Vec<String>> {
    let ident = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let before = text[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | ':')) {
            continue;
        }
        let rest = &text[i + "crate::".len()..];
        let first = ident(rest);
        let second = rest[first.len()..]
            .strip_prefix("::")
            .map(ident)
            .unwrap_or_default();
        out.push(vec![first, second]);
    }
    for (i, _) in text.match_indices("super::") {
        let before = text[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ':')) {
            continue; // inside a longer chain, counted from its start
        }
        let mut rest = &text[i..];
        let mut ups = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        let Some(base) = module.len().checked_sub(ups) else {
            continue;
        };
        let mut path: Vec<String> = module[..base].to_vec();
        path.push(ident(rest));
        out.push(path);
    }
    out
}

#[test]
fn each_engine_room_uses_only_the_rooms_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("engine"), &mut files);
    files.sort();
    let mut violations = Vec::new();
    let mut checked = 0;
    for file in &files {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let module = module_path(&src, file);
        let Some((room, allowed)) = ENGINE_ROOMS
            .iter()
            .find(|(room, _)| module.get(1).map(String::as_str) == Some(*room))
        else {
            continue;
        };
        checked += 1;
        let text = code_of(&std::fs::read_to_string(file).unwrap());
        for path in absolute_uses(&module, &text) {
            if path.first().map(String::as_str) != Some("engine") {
                continue;
            }
            let used = path.get(1).cloned().unwrap_or_default();
            if !allowed.contains(&used.as_str()) {
                violations.push(format!(
                    "{}: engine/{room} uses engine::{used}",
                    file.display()
                ));
            }
        }
    }
    assert!(
        checked > 10,
        "only {checked} files of the engine's rooms were read"
    );
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn the_room_checker_resolves_super_chains() {
    let module: Vec<String> = ["engine", "karmada", "scheduler", "filter"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let uses = absolute_uses(
        &module,
        "use super::division::X;\nuse super::super::super::decide::Y;\nuse crate::engine::predict::simulate::Z;",
    );
    assert!(uses.contains(&vec![
        "engine".into(),
        "karmada".into(),
        "scheduler".into(),
        "division".into()
    ]));
    assert!(uses.contains(&vec!["engine".into(), "decide".into()]));
    assert!(uses.contains(&vec!["engine".into(), "predict".into()]));
}

#[test]
fn the_checker_sees_crate_paths() {
    assert_eq!(
        crate_uses(
            "use crate::api::X;\nlet a = crate::engine::f();\n$crate::x karmadactl::crate::y"
        ),
        ["api", "engine"]
    );
}
