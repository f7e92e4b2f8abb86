//! One `karmadactl` on the PATH: a command this binary does not have runs upstream's
//! karmadactl (here a stand-in script) with the same arguments, environment and standard
//! streams, and its exit code comes back; this binary never runs itself, and a second
//! copy of it on the PATH refuses instead of looping.

#![cfg(unix)]

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ME: &str = env!("CARGO_BIN_EXE_karmadactl");

/// A stand-in for upstream's karmadactl: prints its arguments one per line, what it read
/// on stdin, an environment variable and the marker on stdout, a line on stderr, exits 7
/// (shell builtins only: the PATH of these runs holds nothing else).
const STAND_IN: &str = r#"#!/bin/sh
for a in "$@"; do printf 'arg:%s\n' "$a"; done
IFS= read -r line
printf 'stdin:%s\n' "$line"
printf 'env:%s\n' "$PASSTHROUGH_PROBE"
printf 'marker:%s\n' "${KARMADACTL_PASSTHROUGH_FROM:+set}"
echo "upstream speaking on stderr" >&2
exit 7
"#;

fn dir_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, body) in files {
        let p = dir.path().join(name);
        std::fs::write(&p, body).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// A copy of this binary named `karmadactl` in a fresh directory.
fn copy_of_me() -> (tempfile::TempDir, PathBuf) {
    let dir = dir_with(&[]);
    let p = dir.path().join("karmadactl");
    std::fs::copy(ME, &p).unwrap();
    (dir, p)
}

fn run(bin: &Path, path: &[&Path], args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(bin)
        .args(args)
        .env("PATH", std::env::join_paths(path).unwrap())
        .env_remove("KARMADACTL_UPSTREAM")
        .env_remove("KARMADACTL_PASSTHROUGH_FROM")
        .env("PASSTHROUGH_PROBE", "probe-value")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn a_foreign_command_runs_upstream_with_everything_untouched() {
    let upstream = dir_with(&[("karmadactl", STAND_IN.as_bytes())]);
    let args = [
        "--kubeconfig",
        "/tmp/k config",
        "-v",
        "2",
        "get",
        "clusters",
        "-o",
        "jsonpath={.items[*].metadata.name}",
        "",
        "--",
        "x y",
    ];
    let (stdout, stderr, code) = run(Path::new(ME), &[upstream.path()], &args, "line one\n");
    assert_eq!(code, 7, "{stderr}");
    let got: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("arg:"))
        .collect();
    assert_eq!(got, args, "the arguments, in order, each as one word");
    assert!(stdout.contains("stdin:line one\n"), "{stdout}");
    assert!(stdout.contains("env:probe-value\n"), "{stdout}");
    assert_eq!(stderr, "upstream speaking on stderr\n");
}

#[test]
fn upstream_is_the_next_karmadactl_never_this_one() {
    let upstream = dir_with(&[("karmadactl", STAND_IN.as_bytes())]);
    let (mine, me) = copy_of_me();
    // This binary first on the PATH, upstream after it: upstream runs.
    let (stdout, stderr, code) = run(&me, &[mine.path(), upstream.path()], &["join", "m4"], "");
    assert_eq!(code, 7, "{stderr}");
    assert!(stdout.contains("arg:join\narg:m4\n"), "{stdout}");
    // KARMADACTL_UPSTREAM wins over the PATH.
    let other = dir_with(&[("up", STAND_IN.replace("exit 7", "exit 9").as_bytes())]);
    let out = Command::new(&me)
        .args(["describe", "cluster", "m1"])
        .env("PATH", upstream.path())
        .env("KARMADACTL_UPSTREAM", other.path().join("up"))
        .env_remove("KARMADACTL_PASSTHROUGH_FROM")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(9));
    // Naming this binary as upstream is refused.
    let out = Command::new(&me)
        .args(["get", "clusters"])
        .env("KARMADACTL_UPSTREAM", &me)
        .env_remove("KARMADACTL_PASSTHROUGH_FROM")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("names this binary"));
}

#[test]
fn two_copies_of_this_tool_never_loop() {
    let (a_dir, a) = copy_of_me();
    let (b_dir, _b) = copy_of_me();
    // a hands `get` to b (another file); b must refuse, not hand it back to a.
    let (stdout, stderr, code) = run(&a, &[a_dir.path(), b_dir.path()], &["get", "clusters"], "");
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("refusing to loop"), "{stderr}");
    assert_eq!(stdout, "");
}

#[test]
fn without_upstream_the_message_says_how_to_get_it() {
    let empty = dir_with(&[]);
    let (_, stderr, code) = run(Path::new(ME), &[empty.path()], &["join", "member4"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("upstream karmadactl command"), "{stderr}");
    assert!(stderr.contains("KARMADACTL_UPSTREAM"), "{stderr}");
    // A word that is no command at all, anywhere, is this tool's usage error.
    let (_, stderr, code) = run(Path::new(ME), &[empty.path()], &["drian", "m1"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown command 'drian'"), "{stderr}");
}

#[test]
fn this_tools_own_commands_are_never_handed_over() {
    let upstream = dir_with(&[("karmadactl", STAND_IN.as_bytes())]);
    let (stdout, stderr, code) = run(
        Path::new(ME),
        &[upstream.path()],
        &[
            "dry-run",
            "--snapshot",
            concat!(env!("CARGO_MANIFEST_DIR"), "/examples/quickstart.yaml"),
            "--cluster",
            "member1",
            "-o",
            "json",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(!stdout.contains("arg:"), "{stdout}");
    let (stdout, _, code) = run(Path::new(ME), &[upstream.path()], &["--help"], "");
    assert_eq!(code, 0);
    assert!(stdout.contains("KARMADACTL_UPSTREAM"), "{stdout}");
}
