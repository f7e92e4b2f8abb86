//! The real upstream Karmada controllers on the test control plane: the unmodified
//! `karmada-controller-manager` and `karmada-scheduler` of `../shared/karmada/bin`, run
//! against a kube-apiserver that serves upstream's CRDs, so a test can hold what the tool
//! predicts or writes against what Karmada itself then does.
//!
//! The binaries sit beside the repository, not in it. Away from CI a test that needs them
//! is told they are missing (`None`); with `CI` set (where `../shared` is always
//! present) their absence fails the test.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use k8s_openapi::api::core::v1::Namespace;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, PostParams};

use super::{ports, started, Crds, TestEnv};

/// `../shared/karmada/bin/NAME`, when present (no message: the caller says what it does
/// without it).
pub fn shared_bin(name: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/karmada/bin")
        .join(name);
    p.is_file().then_some(p)
}

/// `../shared/karmada`, when present. With `CI` set its absence is a failure.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/karmada");
    if dir.join("bin/karmada-controller-manager").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none_or(|v| v.is_empty()),
        "CI is set but {} has no upstream Karmada binaries",
        dir.display()
    );
    eprintln!(
        "note: {} not found; skipping the comparison with the real controllers",
        dir.display()
    );
    None
}

/// Every upstream CRD the controllers need (`crds/` and `crds-controllers/`).
pub fn upstream_crds() -> Vec<CustomResourceDefinition> {
    let dir = shared_dir().expect("upstream CRDs are used only when the binaries are present");
    let mut out = Vec::new();
    for sub in ["crds", "crds-controllers"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let docs: Vec<CustomResourceDefinition> = serde_saphyr::from_multiple(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            out.extend(docs);
        }
    }
    out
}

/// A running controller-manager and scheduler, and the control plane they run on.
pub struct Karmada {
    /// The plane's own kube-apiserver, Cluster API and webhook (ended with it).
    pub env: TestEnv,
    /// `karmada-controller-manager.log`, `karmada-scheduler.log` live here.
    pub dir: PathBuf,
    /// Member clusters, registered in Push mode (none unless asked for).
    pub members: Vec<super::members::Member>,
    /// The controller-manager's flags (beyond kubeconfig, controllers and ports).
    pub flags: Vec<String>,
    /// karmada-controller-manager and karmada-scheduler.
    pids: Vec<super::Proc>,
}

impl Drop for Karmada {
    /// A plane belongs to the test that started it: its controllers, members and
    /// servers end with it.
    fn drop(&mut self) {
        super::stop_processes(&self.pids);
        for m in &self.members {
            m.stop();
        }
        self.env.stop();
    }
}

/// How to run the controllers.
#[derive(Clone, Debug)]
pub struct Options {
    /// The controller-manager's `--controllers`.
    pub controllers: String,
    /// Member clusters to start and register before the controllers (`member1`, ...).
    pub members: usize,
    /// Flags replacing the defaults of [`DEFAULT_FLAGS`] with the same name.
    pub flags: Vec<String>,
    /// The controller-manager binary, relative to `../shared/karmada/bin` (another
    /// release: `v1.17.4/karmada-controller-manager`).
    pub controller_manager: String,
    /// karmada-scheduler's `--feature-gates` (`Failover=true` unless set).
    pub scheduler_gates: String,
    /// The scheduler binary, relative to `../shared/karmada/bin`.
    pub scheduler: String,
}

impl Options {
    /// The controllers of `controllers`, no member, default flags, master's binary.
    pub fn new(controllers: &str) -> Options {
        Options {
            controllers: controllers.into(),
            members: 0,
            flags: Vec::new(),
            controller_manager: "karmada-controller-manager".into(),
            scheduler_gates: "Failover=true".into(),
            scheduler: "karmada-scheduler".into(),
        }
    }

    /// The controller-manager and scheduler of `release` (a folder of
    /// `../shared/karmada/bin`, `v1.18.2`); the other components stay master's, which
    /// serve the same API.
    pub fn release(self, release: &str) -> Options {
        Options {
            controller_manager: format!("{release}/karmada-controller-manager"),
            scheduler: format!("{release}/karmada-scheduler"),
            ..self
        }
    }
}

/// The controller-manager's flags unless [`Options::flags`] sets them: failover on,
/// a 60 s graceful timeout, upstream's pace, and monitor grace periods long enough that
/// the cluster controller leaves alone the conditions a test writes by hand.
pub const DEFAULT_FLAGS: &[&str] = &[
    "--feature-gates=Failover=true",
    "--enable-taint-manager=true",
    "--enable-no-execute-taint-eviction=true",
    "--graceful-eviction-timeout=60s",
    "--resource-eviction-rate=0.5",
    "--cluster-monitor-period=5s",
    "--cluster-monitor-grace-period=87600h",
    "--cluster-startup-grace-period=87600h",
    "--leader-elect=false",
    "--metrics-bind-address=0",
];

/// The controllers that run a plane with member clusters (Works pushed, status
/// collected), besides the taint manager, graceful eviction and ClusterTaintPolicies.
pub const WITH_MEMBERS: &str = "cluster,clusterStatus,binding,bindingStatus,execution,workStatus,namespace,gracefulEviction,clustertaintpolicy";

impl Karmada {
    /// Stall karmada-controller-manager (SIGSTOP: every control loop stops where it is,
    /// its connections kept) or let it go on (SIGCONT).
    pub fn stall_controller_manager(&self, stall: bool) {
        let sig = if stall { "-STOP" } else { "-CONT" };
        let status = Command::new("kill")
            .args([sig, &self.pids[0].pid.to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill {sig} the controller-manager failed");
    }

    /// The tail of a controller's log, for failures.
    pub fn log_tail(&self, name: &str) -> String {
        let text = std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

static ENV: OnceLock<Result<TestEnv, String>> = OnceLock::new();

/// The control plane with upstream's CRDs (the one the controllers run on), without
/// starting the controllers.
pub fn upstream_env() -> &'static TestEnv {
    started(&ENV, Crds::Upstream)
}

/// A plane of the caller's own with the controllers of `controllers` (the
/// controller-manager's `--controllers`); `None` when the binaries are absent (away from
/// CI). It ends when the caller drops it.
pub fn karmada(controllers: &str) -> Option<Karmada> {
    karmada_with(Options::new(controllers))
}

/// A plane of the caller's own (its kube-apiserver with upstream's CRDs, Karmada's
/// Cluster API and webhook, the controllers as `options` say, members); `None` when the
/// binaries are absent (away from CI). It ends when the caller drops it.
pub fn karmada_with(options: Options) -> Option<Karmada> {
    let dir = shared_dir()?;
    Some(
        std::thread::spawn(move || {
            let env = super::start(Crds::Upstream);
            start(env, &dir, &options)
        })
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
    )
}

#[allow(clippy::zombie_processes)]
fn start(env: TestEnv, shared: &Path, options: &Options) -> Karmada {
    let begun = Instant::now();
    let controllers = options.controllers.as_str();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let members = rt.block_on(async {
        let client = env.admin().await;
        let api: Api<Namespace> = Api::all(client.clone());
        for ns in ["karmada-system", "karmada-cluster"] {
            let n: Namespace =
                serde_json::from_value(serde_json::json!({"metadata": {"name": ns}})).unwrap();
            let _ = api.create(&PostParams::default(), &n).await;
        }
        // Members one at a time, each waited for, then registered.
        let mut members = Vec::new();
        for i in 1..=options.members {
            let m = super::members::start_member(&format!("member{i}"), &env.dir).await;
            super::members::register(&client, &m).await;
            members.push(m);
        }
        members
    });
    // The flags: the defaults, each replaced by an option's flag of the same name.
    let name_of = |f: &str| f.split('=').next().unwrap_or(f).to_string();
    let mut flags: Vec<String> = DEFAULT_FLAGS
        .iter()
        .filter(|d| !options.flags.iter().any(|f| name_of(f) == name_of(d)))
        .map(|d| d.to_string())
        .collect();
    flags.extend(options.flags.iter().cloned());
    let dir = env.dir.clone();
    let kubeconfig = env.kubeconfig.to_str().unwrap().to_string();
    let (cm_port, sched_port) = (ports::reserve(), ports::reserve());
    let log = |name: &str| std::fs::File::create(dir.join(name)).unwrap();
    let cm = Command::new(shared.join("bin").join(&options.controller_manager))
        .arg(format!("--kubeconfig={kubeconfig}"))
        .arg(format!("--controllers={controllers}"))
        .args(&flags)
        .arg(format!("--health-probe-bind-address=127.0.0.1:{cm_port}"))
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(log("karmada-controller-manager.log"))
        .spawn()
        .expect("start karmada-controller-manager");
    let sched = Command::new(shared.join("bin").join(&options.scheduler))
        .arg(format!("--kubeconfig={kubeconfig}"))
        .arg(format!("--feature-gates={}", options.scheduler_gates))
        .args([
            "--enable-scheduler-estimator=false",
            "--leader-elect=false",
            "--metrics-bind-address=0",
        ])
        .arg(format!(
            "--health-probe-bind-address=127.0.0.1:{sched_port}"
        ))
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(log("karmada-scheduler.log"))
        .spawn()
        .expect("start karmada-scheduler");
    // End both with this test binary.
    let procs = vec![super::Proc::of(cm.id()), super::Proc::of(sched.id())];
    let tokens: Vec<String> = procs.iter().map(super::Proc::token).collect();
    super::end_with_this_binary(&tokens.join(" "), "");

    let mut karmada = Karmada {
        env,
        dir: dir.clone(),
        members: Vec::new(),
        flags,
        pids: procs,
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    let ready = |port: u16| healthz(port);
    // The workers each requested controller starts (the taint manager runs with the
    // cluster controller).
    let wanted: Vec<&str> = controllers
        .split(',')
        .filter_map(|c| match c {
            "cluster" => Some("taint-manager"),
            "gracefulEviction" => Some("graceful-eviction"),
            "clustertaintpolicy" => Some("cluster-taint-policy"),
            _ => None,
        })
        .collect();
    let workers_started = || {
        let text =
            std::fs::read_to_string(dir.join("karmada-controller-manager.log")).unwrap_or_default();
        wanted.iter().all(|name| {
            text.lines()
                .any(|l| l.contains("Starting workers") && l.contains(name))
        })
    };
    while !(ready(cm_port) && ready(sched_port) && workers_started()) {
        assert!(
            Instant::now() < deadline,
            "the Karmada controllers did not become ready in 120 s\n--- controller-manager\n{}\n--- scheduler\n{}",
            karmada.log_tail("karmada-controller-manager.log"),
            karmada.log_tail("karmada-scheduler.log")
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    karmada.members = members;
    if !karmada.members.is_empty() {
        rt.block_on(karmada.wait_members_ready(deadline));
    }
    eprintln!(
        "karmada controllers ready in {:.1} s ({} member(s))",
        begun.elapsed().as_secs_f64(),
        karmada.members.len()
    );
    karmada
}

impl Karmada {
    /// Wait until every member Cluster is Ready, has complete API enablements and a
    /// resource summary (the cluster status controller has probed and collected it).
    async fn wait_members_ready(&self, deadline: Instant) {
        let client = self.env.admin().await;
        let api: Api<kube::api::DynamicObject> =
            Api::all_with(client, &super::fixtures::cluster_resource());
        for m in &self.members {
            loop {
                let c = api.get(&m.name).await.unwrap();
                let conditions = c.data["status"]["conditions"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                let is_true = |t: &str| {
                    conditions
                        .iter()
                        .any(|c| c["type"] == t && c["status"] == "True")
                };
                if is_true("Ready")
                    && is_true("CompleteAPIEnablements")
                    && c.data["status"]["resourceSummary"]["allocatable"].is_object()
                {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "member {} did not become Ready in Karmada: {}\n--- controller-manager\n{}",
                    m.name,
                    c.data["status"],
                    self.log_tail("karmada-controller-manager.log")
                );
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }

    /// The controller-manager's flags a prediction of the tool takes (the same names),
    /// as `--NAME=VALUE` words: what a test passes so that the tool assumes what runs.
    pub fn prediction_flags(&self) -> Vec<String> {
        self.flags
            .iter()
            .filter(|f| {
                let name = f
                    .trim_start_matches("--")
                    .split('=')
                    .next()
                    .unwrap_or_default();
                karmadactl::cmd::settings::SETTINGS
                    .iter()
                    .any(|(n, _, _)| *n == name)
            })
            .cloned()
            .collect()
    }

    /// `karmadactl dry-run ARGS -o json` against this plane, assuming the settings the
    /// controller-manager runs with ([`Self::prediction_flags`]); fails the test unless
    /// it exits 0. The report, parsed.
    pub fn predict(&self, args: &[&str]) -> serde_json::Value {
        let flags = self.prediction_flags();
        let mut all = vec!["dry-run"];
        all.extend_from_slice(args);
        all.extend(["-o", "json"]);
        all.extend(flags.iter().map(String::as_str));
        let (stdout, stderr, code) = super::fixtures::parts(&super::fixtures::karmadactl(
            &self.env.kubeconfig,
            "admin",
            &all,
        ));
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str(&stdout).unwrap()
    }

    /// The member called `name`.
    pub fn member(&self, name: &str) -> &super::members::Member {
        self.members
            .iter()
            .find(|m| m.name == name)
            .unwrap_or_else(|| panic!("no member {name}"))
    }
}

/// Whether `GET /healthz` on a loopback port answers 200.
fn healthz(port: u16) -> bool {
    http_ok(port, "/healthz")
}

/// Whether a plain-HTTP `GET path` on a loopback port answers 200.
pub fn http_ok(port: u16, path: &str) -> bool {
    use std::io::{Read, Write};
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
    if s.write_all(format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").as_bytes())
        .is_err()
    {
        return false;
    }
    let mut buf = String::new();
    let _ = s.read_to_string(&mut buf);
    buf.starts_with("HTTP/1.0 200") || buf.starts_with("HTTP/1.1 200")
}
