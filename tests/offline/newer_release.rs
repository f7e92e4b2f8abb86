//! A release the tool was not checked against: `--karmada-version` (and a remembered or
//! recorded value, read by the same rule) names it, predictions follow the nearest known
//! release, one warning line says so, and every report names both.

use serde_json::Value;

use super::cli_offline::karmadactl;

const SNAPSHOT: &str = "examples/quickstart.yaml";

/// `dry-run --cluster member1` at `version`: the assumed settings, stderr, exit code.
fn dry_run(version: &str) -> (Value, String, i32) {
    let (stdout, stderr, code) = karmadactl(&[
        "dry-run",
        "--snapshot",
        SNAPSHOT,
        "--cluster",
        "member1",
        "--karmada-version",
        version,
        "-o",
        "json",
    ]);
    let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    (doc["assumed"].clone(), stderr, code)
}

#[test]
fn newer_releases_are_read_as_the_nearest_known_with_one_warning() {
    for (named, follows) in [
        ("v1.19.0", "v1.19.0-rc.0"),
        ("v1.19.3", "v1.19.0-rc.0"),
        ("v1.18.7", "v1.18.2"),
        ("v1.20.0", "master"),
        ("latest", "master"),
    ] {
        let (assumed, stderr, code) = dry_run(named);
        assert_eq!(code, 0, "{named}: {stderr}");
        assert_eq!(assumed["karmadaVersion"], follows, "{named}");
        assert_eq!(assumed["karmadaVersionUnchecked"], named, "{named}");
        let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains("warning:")).collect();
        assert_eq!(warnings.len(), 1, "{named}: {stderr}");
        assert!(
            warnings[0].contains(&format!("Karmada {named} ")),
            "{}",
            warnings[0]
        );
        assert!(
            warnings[0].contains("v1.18.0-v1.18.2, v1.19.0-rc.0, master f8fdd02"),
            "{}",
            warnings[0]
        );
    }
}

#[test]
fn a_known_release_says_nothing_more_and_an_older_one_is_refused() {
    let (assumed, stderr, code) = dry_run("v1.18.2");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(assumed["karmadaVersion"], "v1.18.2");
    assert!(
        assumed.get("karmadaVersionUnchecked").is_none(),
        "{assumed}"
    );
    assert!(!stderr.contains("warning:"), "{stderr}");

    let (stdout, stderr, code) = karmadactl(&[
        "dry-run",
        "--snapshot",
        SNAPSHOT,
        "--cluster",
        "member1",
        "--karmada-version",
        "v1.14.3",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("not a Karmada version this tool knows"),
        "{stderr}"
    );
}

#[test]
fn the_doctor_names_the_release_and_the_one_it_stands_for() {
    let (stdout, stderr, code) = karmadactl(&[
        "failover",
        "doctor",
        "--snapshot",
        SNAPSHOT,
        "--karmada-version",
        "v1.19.0",
        "-o",
        "json",
    ]);
    // The exit code is the findings' (0, 1 or 3), as at any release.
    assert!(matches!(code, 0 | 1 | 3), "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    let row = doc["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["flag"] == "karmada-version")
        .cloned()
        .unwrap();
    assert_eq!(row["value"], "v1.19.0-rc.0 for v1.19.0", "{row}");
    assert_eq!(row["source"], "flag --karmada-version", "{row}");
    assert_eq!(stderr.matches("warning:").count(), 1, "{stderr}");

    // The text report names both too.
    let (text, _, _) = karmadactl(&[
        "dry-run",
        "--snapshot",
        SNAPSHOT,
        "--cluster",
        "member1",
        "--karmada-version",
        "v1.20.0",
    ]);
    assert!(
        text.contains(
            "master (standing for v1.20.0, flag: not a release this tool was checked against)"
        ),
        "{text}"
    );
}
