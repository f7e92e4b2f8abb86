//! `dry-run`'s output, table and JSON, pinned on the examples and on a generated
//! reference fleet: the scale work (streaming, fast paths) must leave every byte as it
//! is. `UPDATE_GOLDEN=1 cargo test --test dry_run_golden` rewrites the files after an
//! intended change (then review the diff).

use crate::support;

use std::path::{Path, PathBuf};

use karmadactl::fleetgen::{write_fleet, FleetSpec};
use support::fixtures::{binary, parts};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/dry-run")
}

/// The reference fleet: 60 clusters (5% faulty), 400 bindings, seed 1.
fn reference_fleet() -> Vec<u8> {
    let mut bytes = Vec::new();
    write_fleet(&FleetSpec::new(60, 400, 1), &mut bytes).unwrap();
    bytes
}

/// Run `args` in the repository (paths relative to it, so the output does not depend on
/// where it is checked out), with `stdin` as standard input.
fn check(name: &str, args: &[&str], stdin: &[u8]) {
    use std::io::Write;
    let mut child = std::process::Command::new(binary())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env_remove("KUBECONFIG")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let (stdout, stderr, code) = parts(&out);
    assert!(code == 0 || code == 3, "{args:?}: {code}\n{stderr}");
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, &stdout).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if stdout != want {
        let line = stdout
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(stdout.lines().count().min(want.lines().count()));
        panic!(
            "{name}: dry-run output changed from line {}:\n  got:  {:?}\n  want: {:?}",
            line + 1,
            stdout.lines().nth(line),
            want.lines().nth(line)
        );
    }
}

#[test]
fn dry_run_output_is_unchanged() {
    let fleet_bytes = reference_fleet();
    let fleet = "-";
    let (q, m) = ("examples/quickstart.yaml", "examples/mixed-fleet.yaml");
    for (name, args) in [
        ("reference.txt", vec!["dry-run", "--snapshot", fleet]),
        (
            "reference.json",
            vec!["dry-run", "--snapshot", fleet, "-o", "json"],
        ),
        (
            "reference-wide.txt",
            vec!["dry-run", "--snapshot", fleet, "-o", "wide", "--at", "30m"],
        ),
        (
            "quickstart-member1.txt",
            vec!["dry-run", "--snapshot", q, "--cluster", "member1"],
        ),
        (
            "quickstart-member1.json",
            vec![
                "dry-run",
                "--snapshot",
                q,
                "--cluster",
                "member1",
                "-o",
                "json",
            ],
        ),
        (
            "mixed-at-10m.txt",
            vec!["dry-run", "--snapshot", m, "--at", "10m"],
        ),
        (
            "mixed-eu.json",
            vec![
                "dry-run",
                "--snapshot",
                m,
                "-l",
                "region=eu",
                "--at",
                "1h",
                "-o",
                "json",
            ],
        ),
    ] {
        let stdin: &[u8] = if args.contains(&"-") {
            &fleet_bytes
        } else {
            &[]
        };
        check(name, &args, stdin);
    }
}
