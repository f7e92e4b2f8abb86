//! Malformed and hostile input, from the corpus in `tests/hostile/`: taint specs,
//! label selectors, snapshot files (truncated, wrong types, alias bombs, deep nesting,
//! huge scalars, binary), kubeconfigs (missing context or user, bad certificate data, a
//! missing exec plugin, unreadable paths). Every case ends with one clear line on stderr
//! and nothing on stdout, exit 2 (exit 1 for a kubeconfig that cannot be used), and no
//! write reaches the server (counted by the proxy in front of it).

use crate::support;

use std::path::{Path, PathBuf};

use serde_json::json;

use support::fixtures::*;
use support::proxy::Proxy;

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
}

/// The cases of a JSON-lines corpus file (`#` lines are comments).
fn cases<T: serde::de::DeserializeOwned>(name: &str) -> Vec<T> {
    std::fs::read_to_string(corpus(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {l}: {e}")))
        .collect()
}

/// Requests other than reads the proxy has seen.
fn writes(proxy: &Proxy) -> Vec<String> {
    proxy
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|l| !l.starts_with("GET "))
        .cloned()
        .collect()
}

fn assert_one_line(what: &str, (stdout, stderr, code): (String, String, i32), want: i32) {
    assert_eq!(code, want, "{what}: exit code\n{stdout}\n{stderr}");
    assert!(stdout.is_empty(), "{what}: nothing on stdout: {stdout}");
    assert_eq!(stderr.lines().count(), 1, "{what}: one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{what}: {stderr}");
    assert!(
        stderr.len() < 2000,
        "{what}: a short line ({} bytes)",
        stderr.len()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_taint_specs_write_nothing() {
    let env = support::env();
    create_cluster(&env.admin().await, "hostile-target", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    let specs: Vec<Vec<String>> = cases("taint_specs.jsonl");
    assert!(specs.len() >= 30);
    for words in &specs {
        let mut args = vec!["taint", "clusters", "hostile-target"];
        args.extend(words.iter().map(String::as_str));
        let out = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
        assert_one_line(&format!("{words:?}"), out, 2);
    }
    assert_eq!(writes(&proxy), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_selectors_write_nothing() {
    let env = support::env();
    let proxy = Proxy::start(env);
    let selectors: Vec<String> = cases("selectors.jsonl");
    assert!(selectors.len() >= 25);
    for sel in &selectors {
        for args in [
            vec!["taint", "clusters", "-l", sel, "k:NoSchedule"],
            vec!["drain", "-l", sel, "--yes"],
            vec![
                "drain",
                "hostile-target",
                "--binding-selector",
                sel,
                "--yes",
            ],
            vec![
                "evictions",
                "abort",
                "--cluster",
                "hostile-target",
                "--all",
                "--binding-selector",
                sel,
                "--yes",
            ],
            vec!["evictions", "list", "-A", "--binding-selector", sel],
            vec![
                "evictions",
                "prune",
                "--recovered",
                "--all",
                "--binding-selector",
                sel,
                "--yes",
            ],
            vec![
                "failback",
                "hostile-target",
                "--binding-selector",
                sel,
                "--yes",
            ],
        ] {
            let out = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
            assert_one_line(&format!("{args:?}"), out, 2);
        }
    }
    assert_eq!(writes(&proxy), Vec::<String>::new());
}

#[test]
fn hostile_snapshots_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    // Generated rather than committed: an 80 MB scalar.
    let huge = dir.path().join("huge-scalar.yaml");
    std::fs::write(
        &huge,
        format!(
            "apiVersion: v1\nkind: List\nitems:\n- kind: Cluster\n  apiVersion: cluster.karmada.io/v1alpha1\n  metadata: {{name: x, annotations: {{big: \"{}\"}}}}\n",
            "x".repeat(80_000_000)
        ),
    )
    .unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus("snapshots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 12);
    files.extend([
        huge,
        dir.path().join("does-not-exist.yaml"),
        dir.path().to_path_buf(),
    ]);
    for file in &files {
        let f = file.to_str().unwrap();
        for args in [
            vec!["dry-run", "--snapshot", f, "--cluster", "x"],
            vec!["evictions", "list", "--snapshot", f],
            vec!["policy", "evaluate-taints", "--snapshot", f],
        ] {
            let out = std::process::Command::new(binary())
                .env_remove("KUBECONFIG")
                .env("NO_COLOR", "1")
                .args(&args)
                .output()
                .unwrap();
            assert_one_line(&format!("{args:?}"), parts(&out), 2);
        }
    }
}

/// Every kubeconfig of the corpus (the proxy's address, or the real server's for the
/// certificate cases, and a real token filled in), plus a path that does not exist and a
/// directory: exit 1, one line, no request through the proxy, nothing written.
#[tokio::test(flavor = "multi_thread")]
async fn unusable_kubeconfigs_exit_1_and_send_nothing() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "hostile-kc", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    let dir = tempfile::tempdir().unwrap();
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus("kubeconfigs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert!(names.len() >= 9);
    for src in names {
        let text = std::fs::read_to_string(&src)
            .unwrap()
            .replace("{SERVER}", &proxy.url)
            .replace("{TLS_SERVER}", &env.server)
            .replace("{TOKEN}", &env.admin_token);
        let path = dir.path().join(src.file_name().unwrap());
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    paths.push(dir.path().join("does-not-exist"));
    paths.push(dir.path().to_path_buf());
    for path in &paths {
        for args in [
            vec!["taint", "clusters", "hostile-kc", "k:NoSchedule"],
            vec!["cordon", "hostile-kc"],
            vec!["dry-run", "--cluster", "hostile-kc"],
        ] {
            let out = std::process::Command::new(binary())
                .env_remove("KUBECONFIG")
                .env("NO_COLOR", "1")
                .arg("--kubeconfig")
                .arg(path)
                .args(&args)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let out = parts(&out);
            assert!(
                !out.1.contains(&env.admin_token),
                "{}: the token is not echoed",
                path.display()
            );
            assert_one_line(&format!("{} {args:?}", path.display()), out, 1);
        }
    }
    assert_eq!(*proxy.seen.lock().unwrap(), Vec::<String>::new());
    assert!(taint_specs(&client, "hostile-kc").await.is_empty());
}
