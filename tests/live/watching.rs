//! `failover watch` and `failover report` held against the API itself, during the
//! outages of `outage.rs` (the same plane and the same failures): the test follows the
//! API's own watch stream of member1's Cluster and the bindings beside the tool's watch,
//! then checks every step the tool reported against it (same object and
//! resourceVersion, received within a second of each other), its predictions, that it
//! ended by itself once the failover settled, and that the report after gives the same
//! moments.

use crate::support;

use std::collections::BTreeMap;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use jiff::{SignedDuration, Timestamp};
use kube::api::{Api, DynamicObject};
use kube::runtime::watcher;
use serde_json::Value;
use support::fixtures::*;
use support::karmada::Karmada;

/// Each version the API delivered: (object, resourceVersion) and when it arrived.
pub type Arrivals = Arc<Mutex<BTreeMap<(String, String), Timestamp>>>;

/// Follow the API's watch stream of the clusters and of the bindings in `ns`.
pub fn follow_api(client: &kube::Client, ns: &str) -> (Arrivals, tokio::task::JoinHandle<()>) {
    let arrivals: Arrivals = Arc::default();
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let bindings: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        ns,
        &resource_for("ResourceBinding").unwrap(),
    );
    let ns = ns.to_string();
    let into = arrivals.clone();
    let task = tokio::spawn(async move {
        let named = |prefix: String| {
            move |o: DynamicObject| {
                let name = o.metadata.name.clone().unwrap_or_default();
                (
                    format!("{prefix}{name}"),
                    o.metadata.resource_version.unwrap_or_default(),
                )
            }
        };
        let c = watcher(clusters, watcher::Config::default())
            .filter_map(|e| async move { e.ok() })
            .flat_map(|e| futures::stream::iter(applied(e)))
            .map(named("cluster/".into()));
        let b = watcher(bindings, watcher::Config::default())
            .filter_map(|e| async move { e.ok() })
            .flat_map(|e| futures::stream::iter(applied(e)))
            .map(named(format!("rb/{ns}/")));
        let mut all = futures::stream::select(c.boxed(), b.boxed());
        while let Some(key) = all.next().await {
            into.lock()
                .unwrap()
                .entry(key)
                .or_insert_with(Timestamp::now);
        }
    });
    (arrivals, task)
}

fn applied(e: watcher::Event<DynamicObject>) -> Vec<DynamicObject> {
    match e {
        watcher::Event::Apply(o) | watcher::Event::InitApply(o) => vec![o],
        _ => Vec::new(),
    }
}

/// Wait up to `secs` for `child` to end by itself; `None` (and the child killed) when it
/// does not.
fn exit_within(child: &mut Child, secs: u64) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return Some(s);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Start `failover watch CLUSTER -o json` with the plane's controller settings.
pub fn start_watch(k: &Karmada, cluster: &str) -> Child {
    start_with(k, cluster, &["-o", "json"])
}

/// Start `failover watch CLUSTER` piped: a line per step.
pub fn start_watch_piped(k: &Karmada, cluster: &str) -> Child {
    start_with(k, cluster, &[])
}

fn start_with(k: &Karmada, cluster: &str, output: &[&str]) -> Child {
    let flags = k.prediction_flags();
    let mut args = vec!["failover", "watch", cluster];
    args.extend(output);
    args.extend(flags.iter().map(String::as_str));
    spawn_karmadactl(&k.env.kubeconfig, &args)
}

/// The piped view ended by itself with one line per step the JSON view reported, each
/// object's in the same order.
pub fn check_piped(child: Child, secs: u64, events: &[Value]) {
    let mut child = child;
    assert!(
        exit_within(&mut child, secs).is_some(),
        "the piped view did not end by itself"
    );
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        !text.contains('\x1b'),
        "no escape sequences when piped: {text:?}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with(' ')).collect();
    let steps: Vec<(String, String)> = lines
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let object = if words[2] == "settled" { "" } else { words[3] };
            (words[2].to_string(), object.to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = events
        .iter()
        .map(|e| {
            (
                e["step"].as_str().unwrap().to_string(),
                e["object"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Each object's steps in the same order (two processes may interleave the streams of
    // different kinds differently).
    let by_object = |v: &[(String, String)]| {
        let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (step, object) in v {
            m.entry(object.clone()).or_default().push(step.clone());
        }
        m
    };
    assert_eq!(by_object(&steps), by_object(&expected), "{text}");
    assert_eq!(steps.last(), expected.last(), "{text}");
}

/// The terminal view running, its output read as it comes (the redraws would fill a
/// pipe nobody reads, and the view would block on it).
pub struct OnTerminal {
    child: Child,
    output: std::thread::JoinHandle<Vec<u8>>,
}

/// Start `failover watch CLUSTER` on a pseudo-terminal (util-linux `script`), as an
/// operator runs it: the screen redrawn in place.
pub fn start_watch_on_terminal(k: &Karmada, cluster: &str) -> OnTerminal {
    let mut line = format!(
        "'{}' --kubeconfig '{}' failover watch {cluster}",
        binary().display(),
        k.env.kubeconfig.display()
    );
    for f in k.prediction_flags() {
        line += &format!(" '{f}'");
    }
    let mut child = std::process::Command::new("script")
        .args(["-qefc", &line, "/dev/null"])
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .env("XDG_CONFIG_HOME", empty_config())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start script(1)");
    let mut stdout = child.stdout.take().unwrap();
    let output = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut buf);
        buf
    });
    OnTerminal { child, output }
}

/// What a terminal shows of `raw`: escape sequences and carriage returns removed.
pub fn screen_text(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for d in chars.by_ref() {
                        if d.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The terminal view ended by itself (exit 0) and drew the stages, the counts against
/// the predicted total and a line per step; `moved` bindings each went through them.
pub fn check_terminal(view: OnTerminal, secs: u64, cluster: &str, moved: &[&str], ns: &str) {
    let OnTerminal { mut child, output } = view;
    let status = exit_within(&mut child, secs);
    let text = screen_text(&String::from_utf8_lossy(&output.join().unwrap()));
    let Some(status) = status else {
        panic!("the terminal view did not end by itself:\n{text}");
    };
    assert_eq!(status.code(), Some(0), "{text}");
    let n = moved.len();
    for want in [
        format!("clusters   {cluster}: settled"),
        format!("evicted    [####################] {n}/{n}"),
        format!("re-placed  [####################] {n}/{n}"),
        format!("healthy    [####################] {n}/{n}"),
        format!("old copies [####################] {n}/{n}"),
        "queue      0 due".to_string(),
    ] {
        assert!(text.contains(&want), "the screen lacks {want:?}:\n{text}");
    }
    for name in moved {
        let object = format!("rb/{ns}/{name}-deployment");
        for step in ["evicted", "replaced", "healthy", "old-copy-gone"] {
            assert!(
                text.lines()
                    .any(|l| l.contains(step) && l.contains(&object)),
                "no {step} line for {object}:\n{text}"
            );
        }
    }
    assert!(
        text.contains("taint-added") && text.contains("as predicted"),
        "{text}"
    );
}

/// Wait up to `secs` for the watch to end by itself; its JSON lines.
pub fn ended(child: Child, secs: u64) -> Vec<Value> {
    ended_with(child, secs, 0)
}

/// The watch's JSON lines, once it ended by itself within `secs`, with 0 or 3.
pub fn ended_with_any(child: Child, secs: u64) -> Vec<Value> {
    ended_as(child, secs, None)
}

/// The watch's JSON lines, once it ended by itself within `secs` with exit code `code`
/// (0: every step as predicted; 3: some step outside its interval).
pub fn ended_with(child: Child, secs: u64, code: i32) -> Vec<Value> {
    ended_as(child, secs, Some(code))
}

fn ended_as(mut child: Child, secs: u64, code: Option<i32>) -> Vec<Value> {
    let status = exit_within(&mut child, secs);
    let out = child.wait_with_output().unwrap();
    let Some(status) = status else {
        panic!(
            "failover watch did not end by itself in {secs}s\n--- stdout\n{}\n--- stderr\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let want = code.map_or(vec![0, 3], |c| vec![c]);
    assert!(
        status.code().is_some_and(|c| want.contains(&c)),
        "settled (exit {:?}, wanted {want:?})\n{stdout}\n{}",
        status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Every step matches a version the API delivered (same object and resourceVersion,
/// received within a second), the `NoExecute` taint `taint` came as predicted, and each
/// binding of `moved` went through every step.
pub fn check_events(events: &[Value], arrivals: &Arrivals, taint: &str, moved: &[&str], ns: &str) {
    let arrivals = arrivals.lock().unwrap();
    let all = serde_json::to_string_pretty(events).unwrap();
    for e in events {
        assert_eq!(e["kind"], "FailoverEvent");
        assert_ne!(
            e["held"], false,
            "a step outside its prediction: {e:#}\n{all}"
        );
        let Some(rv) = e["resourceVersion"].as_str() else {
            assert_eq!(e["step"], "settled", "{e:#}");
            continue;
        };
        let key = (e["object"].as_str().unwrap().to_string(), rv.to_string());
        let api: Timestamp = *arrivals
            .get(&key)
            .unwrap_or_else(|| panic!("the API never delivered {key:?}\n{all}"));
        let tool: Timestamp = e["observedAt"].as_str().unwrap().parse().unwrap();
        let apart = tool.duration_since(api).abs();
        assert!(
            apart <= SignedDuration::from_secs(1),
            "{key:?}: the tool saw it {apart:?} apart from the API's stream"
        );
    }
    let steps = |object: &str| -> Vec<String> {
        events
            .iter()
            .filter(|e| e["object"] == object)
            .map(|e| e["step"].as_str().unwrap().to_string())
            .collect()
    };
    let failing = events[0]["cluster"].as_str().unwrap();
    let cluster = steps(&format!("cluster/{failing}"));
    assert!(
        cluster
            .iter()
            .any(|s| s == "ready-false" || s == "ready-unknown"),
        "{all}"
    );
    assert!(
        events
            .iter()
            .any(|e| e["step"] == "taint-added" && e["detail"] == taint && e["held"] == true),
        "the NoExecute taint, as predicted: {all}"
    );
    for name in moved {
        let got = steps(&format!("rb/{ns}/{name}-deployment"));
        for want in ["evicted", "replaced", "healthy", "old-copy-gone"] {
            assert!(
                got.iter().any(|s| s == want),
                "{name}: no {want} in {got:?}\n{all}"
            );
        }
        let evicted = events
            .iter()
            .find(|e| e["object"] == format!("rb/{ns}/{name}-deployment") && e["step"] == "evicted")
            .unwrap();
        assert_eq!(
            evicted["held"], true,
            "{name}'s eviction judged against its prediction: {evicted:#}"
        );
    }
    assert_eq!(events.last().unwrap()["step"], "settled", "{all}");
}

/// `failover report --cluster CLUSTER` gives the moments the watch saw.
/// A moment the report gives (an Event's, stamped to the second before the watch
/// received the change) and the moment the watch saw it: under 2 s apart, report first.
pub fn assert_reported_as_watched(what: &str, reported: Timestamp, watched: Timestamp) {
    let apart = watched.duration_since(reported);
    assert!(
        apart >= SignedDuration::ZERO && apart < SignedDuration::from_secs(2),
        "{what}: report {reported}, watch {watched}"
    );
}

pub async fn check_report(k: &Karmada, events: &[Value], cluster: &str, moved: &[&str], ns: &str) {
    // The report is read once the moved bindings are Healthy where they now are.
    crate::outage::wait_healthy(&k.env.admin().await, ns, moved, 60).await;
    let flags = k.prediction_flags();
    // The picture of the same report, from the real controllers' moments.
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("report.svg");
    let picture_arg = picture.display().to_string();
    let mut args = vec!["failover", "report", "--cluster", cluster, "-o", "json"];
    args.extend(flags.iter().map(String::as_str));
    args.extend(["--plot", picture_arg.as_str()]);
    let (stdout, stderr, code) = parts(&karmadactl(&k.env.kubeconfig, "admin", &args));
    assert_eq!(code, 0, "{stderr}");
    let r: Value = serde_json::from_str(&stdout).unwrap();
    check_report_picture(&picture, &r);
    let at = |v: &Value| -> Timestamp { v.as_str().unwrap().parse().unwrap() };
    let step_of = |object: &str, step: &str| {
        events
            .iter()
            .find(|e| e["object"] == object && e["step"] == step)
            .unwrap_or_else(|| panic!("no {step} of {object}"))
    };
    let object = format!("cluster/{cluster}");
    let ready = events
        .iter()
        .find(|e| {
            e["object"] == object && (e["step"] == "ready-false" || e["step"] == "ready-unknown")
        })
        .unwrap_or_else(|| panic!("no Ready change of {object}"));
    assert_eq!(
        at(&r["cluster"]["failedAt"]),
        at(&ready["recordedAt"]),
        "{r:#}"
    );
    let taint = events
        .iter()
        .find(|e| {
            e["step"] == "taint-added" && e["detail"].as_str().unwrap().ends_with(":NoExecute")
        })
        .unwrap();
    assert_eq!(
        at(&r["cluster"]["taintedAt"]),
        at(&taint["recordedAt"]),
        "{r:#}"
    );
    assert_eq!(r["cluster"]["taintHeld"], true, "{r:#}");
    for name in moved {
        let object = format!("rb/{ns}/{name}-deployment");
        let b = r["bindings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["binding"] == object)
            .unwrap_or_else(|| panic!("{object} not in the report: {r:#}"));
        for (step, index) in [("replaced", 1), ("old-copy-gone", 2)] {
            let reported = at(&b["steps"][index]["at"]);
            let watched = at(&step_of(&object, step)["observedAt"]);
            assert_reported_as_watched(&format!("{object} {step}"), reported, watched);
        }
        assert_eq!(
            b["steps"][2]["held"], true,
            "{object}: old copy as predicted: {b:#}"
        );
        assert_eq!(b["healthyNow"], true, "{b:#}");
    }
    assert!(r["notKept"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n.as_str().unwrap().contains("Healthy")));
}

/// The report's picture: an SVG a browser renders (not blank, every mark's colour where
/// it was drawn), with a dot for every moment the report observed, titled with the
/// binding, the step and the moment, and coloured by whether it fell in its prediction.
fn check_report_picture(picture: &std::path::Path, r: &Value) {
    use support::plot::{check_rendered, marks, CHROMIUM};
    let svg = std::fs::read_to_string(picture).expect("failover report --plot wrote no file");
    assert!(
        svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    let dots: Vec<_> = marks(&svg)
        .into_iter()
        .filter(|m| m.dot && m.mark == "observed")
        .collect();
    let mut seen = 0;
    for b in r["bindings"].as_array().unwrap() {
        let binding = b["binding"].as_str().unwrap();
        for s in b["steps"].as_array().unwrap() {
            let Some(at) = s["at"].as_str() else { continue };
            let at: Timestamp = at.parse().unwrap();
            let whole = Timestamp::from_second(at.as_second()).unwrap();
            let title = format!("{binding}: {} at {whole}", s["step"].as_str().unwrap());
            let dot = dots
                .iter()
                .find(|d| d.title.starts_with(&title))
                .unwrap_or_else(|| panic!("no dot for {title} in the picture"));
            let class = match s["held"].as_bool() {
                Some(true) => "held",
                Some(false) => "outside",
                None => "unmatched",
            };
            assert_eq!(dot.class, class, "{title}");
            seen += 1;
        }
    }
    assert!(seen > 0, "the report observed nothing: {r:#}");
    assert!(
        std::path::Path::new(CHROMIUM).exists(),
        "{CHROMIUM} missing: run hack/test-env.sh"
    );
    let (_, sampled) = check_rendered(picture, &svg);
    assert!(sampled >= seen, "{sampled} marks sampled");
    // Kept for a person to look at, when asked.
    if let Some(dir) = std::env::var_os("KARMADACTL_KEEP_PLOTS") {
        let name = format!(
            "report-{}.svg",
            r["cluster"]["cluster"].as_str().unwrap_or("cluster")
        );
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::copy(picture, std::path::Path::new(&dir).join(name));
    }
}
