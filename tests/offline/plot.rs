//! `--plot`: the pictures of the examples, pinned byte for byte (the README's under
//! `docs/img/`, the others under `tests/golden/plot/`), the same bytes on every run, an
//! unknown extension refused with nothing written, a large fleet aggregated; and every
//! picture opened in a real browser (headless chromium), its screenshot not blank and
//! its marks where the data puts them.
//!
//! `hack/gen-docs.sh` (or `UPDATE_GOLDEN=1`) rewrites the pinned pictures after an
//! intended change.

use crate::support;

use std::path::{Path, PathBuf};

use karmadactl::fleetgen::{write_fleet, FleetSpec};
use support::fixtures::{binary, parts};
use support::plot::{attr, check_rendered, marks};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pictures: (where they are pinned, the command line without `--plot`).
fn pictures() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "docs/img/dry-run-outage.svg",
            vec![
                "dry-run",
                "--snapshot",
                "examples/mixed-fleet.yaml",
                "--outage",
                "eu-1",
                "--outage-mode",
                "frozen",
            ],
        ),
        (
            "docs/img/failover-report.svg",
            vec![
                "failover",
                "report",
                "--snapshot",
                "examples/after-outage.yaml",
                "--cluster",
                "eu-1",
            ],
        ),
        (
            "docs/img/failover-capacity.svg",
            vec![
                "failover",
                "capacity",
                "--snapshot",
                "examples/overcommit.yaml",
            ],
        ),
        (
            "docs/img/maintenance-plan.svg",
            vec![
                "maintenance",
                "plan",
                "--all",
                "--order",
                "blast-radius",
                "--snapshot",
                "examples/mixed-fleet.yaml",
            ],
        ),
        (
            "tests/golden/plot/dry-run-cluster.svg",
            vec![
                "dry-run",
                "--snapshot",
                "examples/overcommit.yaml",
                "--cluster",
                "eu-1",
            ],
        ),
        (
            "tests/golden/plot/dry-run-outage.html",
            vec![
                "dry-run",
                "--snapshot",
                "examples/mixed-fleet.yaml",
                "--outage",
                "eu-1",
                "--outage-mode",
                "frozen",
            ],
        ),
    ]
}

/// Run the tool in the repository (paths relative to it) with `--plot OUT`; the file.
fn draw(args: &[&str], out: &Path, stdin: &[u8]) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(binary())
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("XDG_CONFIG_HOME", support::fixtures::empty_config())
        .env_remove("KUBECONFIG")
        .args(args)
        .arg("--plot")
        .arg(out)
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
    let done = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let (_, stderr, code) = parts(&done);
    assert!(code == 0 || code == 3, "{args:?}: exit {code}\n{stderr}");
    std::fs::read_to_string(out).unwrap_or_else(|e| panic!("{args:?}: {}: {e}", out.display()))
}

fn regenerate() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
        || std::env::var_os("KARMADACTL_REGENERATE").is_some()
}

#[test]
fn plot_pictures_are_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let mut stale = Vec::new();
    for (pinned, args) in pictures() {
        let name = Path::new(pinned).file_name().unwrap();
        let got = draw(&args, &dir.path().join(name), b"");
        let path = root().join(pinned);
        if regenerate() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(got.as_str()) {
            stale.push(pinned);
        }
    }
    assert!(
        stale.is_empty(),
        "pictures changed, run hack/gen-docs.sh and review the diff: {stale:?}"
    );
}

#[test]
fn plot_same_input_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for (pinned, args) in pictures().into_iter().take(4) {
        let a = draw(&args, &dir.path().join("a.svg"), b"");
        let b = draw(&args, &dir.path().join("b.svg"), b"");
        assert_eq!(a, b, "{pinned}: two runs drew different bytes");
    }
}

#[test]
fn plot_every_mark_has_a_title_and_nothing_is_fetched() {
    let dir = tempfile::tempdir().unwrap();
    for (pinned, args) in pictures() {
        let name = Path::new(pinned).file_name().unwrap();
        let text = draw(&args, &dir.path().join(name), b"");
        for bad in [
            "<script",
            "href=",
            "url(",
            "@import",
            "<image",
            "<foreignObject",
        ] {
            assert!(!text.contains(bad), "{pinned}: holds {bad:?}");
        }
        for line in text.lines().filter(|l| l.contains("data-mark=")) {
            assert!(
                line.contains("<title>") && !line.contains("<title></title>"),
                "{pinned}: a mark without a title: {line}"
            );
        }
    }
}

#[test]
fn plot_unknown_extension_is_a_usage_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("picture.png");
    let done = std::process::Command::new(binary())
        .current_dir(root())
        .args([
            "failover",
            "capacity",
            "--snapshot",
            "examples/overcommit.yaml",
            "--plot",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let (stdout, stderr, code) = parts(&done);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("FILE.svg or FILE.html"), "{stderr}");
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // A scenario the picture does not draw: refused before anything is read.
    let out = dir.path().join("app.svg");
    let done = std::process::Command::new(binary())
        .current_dir(root())
        .args([
            "dry-run",
            "--snapshot",
            "examples/app-failover.yaml",
            "--app-unhealthy",
            "rb/shop/checkout-deployment@member1",
            "--plot",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let (_, stderr, code) = parts(&done);
    assert_eq!(code, 2, "{stderr}");
    assert!(!out.exists());
    // A directory that does not exist: a failure, nothing printed, nothing left.
    let out = dir.path().join("missing/picture.svg");
    let done = std::process::Command::new(binary())
        .current_dir(root())
        .args([
            "failover",
            "capacity",
            "--snapshot",
            "examples/overcommit.yaml",
            "--plot",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let (stdout, _, code) = parts(&done);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
}

/// A generated fleet with a thousand bindings on the failing cluster: the rows are
/// aggregated and the picture says so.
#[test]
fn plot_large_fleet_is_aggregated() {
    let mut fleet = Vec::new();
    write_fleet(&FleetSpec::new(20, 8000, 1), &mut fleet).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let svg = draw(
        &["dry-run", "--snapshot", "-", "--outage", "member-0001"],
        &dir.path().join("big.svg"),
        &fleet,
    );
    assert!(svg.contains("aggregated by namespace"), "not aggregated");
    let rows = svg.matches("data-mark=\"tolerating\"").count();
    assert!((1..=60).contains(&rows), "{rows} binding rows drawn");
    assert!(svg.len() < 400_000, "{} bytes", svg.len());
}

fn scale_of(svg: &str) -> (i64, f64, f64, f64) {
    let facts = svg
        .lines()
        .find(|l| l.contains("id=\"time-scale\""))
        .expect("time-scale facts");
    let f = |k: &str| attr(facts, k).unwrap().parse::<f64>().unwrap();
    (
        f("data-origin-ms") as i64,
        f("data-span-seconds"),
        f("data-left"),
        f("data-width"),
    )
}

/// Every picture in chromium: not blank, every mark's colour where it was drawn; and
/// the marks where the data (the JSON output) puts them.
#[test]
fn plot_pictures_render_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for (pinned, args) in pictures() {
        let name = Path::new(pinned).file_name().unwrap();
        let out = dir.path().join(name);
        let text = draw(&args, &out, b"");
        let svg = if pinned.ends_with(".html") {
            let start = text.find("<svg ").unwrap();
            let end = text.find("</svg>").unwrap() + "</svg>".len();
            text[start..end].to_string()
        } else {
            text
        };
        let (_, sampled) = check_rendered(&out, &svg);
        assert!(sampled >= 3, "{pinned}: only {sampled} marks sampled");
        files.push((out, svg));
    }

    // The outage: each binding's eviction band from its earliest to its latest moment,
    // on the picture's time scale.
    let json = std::process::Command::new(binary())
        .current_dir(root())
        .args([
            "dry-run",
            "--snapshot",
            "examples/mixed-fleet.yaml",
            "--outage",
            "eu-1",
            "--outage-mode",
            "frozen",
            "-o",
            "json",
        ])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let svg = &files[0].1;
    let (origin_ms, span, left, width) = scale_of(svg);
    let x = |t: &str| {
        let ms = t.parse::<jiff::Timestamp>().unwrap().as_millisecond() - origin_ms;
        left + (ms as f64 / 1000.0 / span).clamp(0.0, 1.0) * width
    };
    let evicted: Vec<_> = marks(svg)
        .into_iter()
        .filter(|m| m.mark == "evicted")
        .collect();
    let mut checked = 0;
    for b in doc["outage"]["bindings"].as_array().unwrap() {
        let Some(e) = b.get("evicted") else { continue };
        let (x0, x1) = (
            x(e["earliest"].as_str().unwrap()),
            x(e["latest"].as_str().unwrap()),
        );
        let label = format!(
            "{} evicted from {}",
            b["binding"].as_str().unwrap(),
            b["cluster"].as_str().unwrap()
        );
        let m = evicted
            .iter()
            .find(|m| m.title.starts_with(&label))
            .unwrap_or_else(|| panic!("no band for {label}"));
        let mid = (x0 + x1) / 2.0;
        assert!(
            (m.x + m.w / 2.0 - mid).abs() < 2.0,
            "{label}: band centred at {}, the data says {mid}",
            m.x + m.w / 2.0
        );
        assert!(
            m.w >= (x1 - x0) - 0.2,
            "{label}: band narrower than the interval"
        );
        checked += 1;
    }
    assert!(checked >= 3, "{checked} eviction bands checked");
    // The screenshot at those places: the eviction colour.
    let shot = support::plot::screenshot(
        &files[0].0,
        support::plot::size(svg).0,
        support::plot::size(svg).1,
    );
    let orange = hex(attr(
        svg.lines()
            .find(|l| l.contains("data-mark=\"evicted\""))
            .unwrap(),
        "fill",
    )
    .unwrap());
    for m in &evicted {
        let got = shot.pixel(m.x + m.w / 2.0, m.y + m.h / 2.0);
        let covered = marks(svg)
            .iter()
            .rev()
            .any(|o| o.mark == "capacity-dip" && o.covers((m.x + m.w / 2.0, m.y + m.h / 2.0)));
        if !covered {
            assert_eq!(got, orange, "{}: not drawn in the eviction colour", m.title);
        }
    }

    // The plan: each cluster's bar in its wave's column.
    let plan = &files[3].1;
    let facts = plan
        .lines()
        .find(|l| l.contains("id=\"wave-scale\""))
        .unwrap();
    let left: f64 = attr(facts, "data-left").unwrap().parse().unwrap();
    let slot: f64 = attr(facts, "data-slot").unwrap().parse().unwrap();
    let json = std::process::Command::new(binary())
        .current_dir(root())
        .args([
            "maintenance",
            "plan",
            "--all",
            "--order",
            "blast-radius",
            "--snapshot",
            "examples/mixed-fleet.yaml",
            "-o",
            "json",
        ])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let waves: Vec<_> = marks(plan)
        .into_iter()
        .filter(|m| m.mark == "wave")
        .collect();
    for w in doc["waves"].as_array().unwrap() {
        let n = w["number"].as_u64().unwrap() as f64;
        for c in w["clusters"].as_array().unwrap() {
            let c = c.as_str().unwrap();
            let m = waves
                .iter()
                .find(|m| m.title.starts_with(&format!("{c}: wave ")))
                .unwrap();
            assert!(
                (m.x - (left + slot * (n - 1.0) + 1.0)).abs() < 1.0,
                "{c}: bar at {}, wave {n}",
                m.x
            );
        }
    }
}

fn hex(s: &str) -> (u8, u8, u8) {
    let s = s.trim_start_matches('#');
    let b = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
    (b(0), b(2), b(4))
}
