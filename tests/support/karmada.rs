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
    /// One karmada-scheduler-estimator per member, when [`Options::estimators`] asked
    /// for them (the scheduler then runs with `--enable-scheduler-estimator=true`).
    pub estimators: Vec<Estimator>,
    /// karmada-controller-manager, karmada-scheduler, then the estimators.
    pids: Vec<super::Proc>,
}

/// A member's karmada-scheduler-estimator.
#[derive(Clone, Debug)]
pub struct Estimator {
    /// The member it answers for (`--cluster-name`).
    pub cluster: String,
    /// Its gRPC port (`--server-port`), the target port of its Service.
    pub port: u16,
    /// Its log, in [`Karmada::dir`].
    pub log: String,
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
    /// Run upstream's `karmada-scheduler-estimator` for every member and the scheduler
    /// with `--enable-scheduler-estimator=true` (see [`start_estimators`]).
    pub estimators: bool,
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
            estimators: false,
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

    /// A component's whole log (`karmada-scheduler.log`, an [`Estimator::log`]).
    pub fn log_text(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    /// The estimator of member `cluster`.
    pub fn estimator(&self, cluster: &str) -> &Estimator {
        self.estimators
            .iter()
            .find(|e| e.cluster == cluster)
            .unwrap_or_else(|| panic!("no scheduler-estimator for {cluster}"))
    }

    /// The last lines of the scheduler's log that name an estimator, and the tail of
    /// every estimator's log: what a failure involving them shows.
    pub fn estimator_logs(&self) -> String {
        let scheduler = self.log_text("karmada-scheduler.log");
        let lines: Vec<&str> = scheduler
            .lines()
            .filter(|l| l.contains("estimator"))
            .collect();
        let mut out = format!(
            "--- karmada-scheduler.log, lines naming an estimator\n{}",
            lines[lines.len().saturating_sub(20)..].join("\n")
        );
        for e in &self.estimators {
            out.push_str(&format!(
                "\n--- {}\n{}",
                e.log,
                super::plane::tail(&self.dir.join(&e.log), 15)
            ));
        }
        out
    }

    /// Wait until the scheduler has a connection to every member's estimator: its log
    /// says `Connection with estimator server(127.0.0.1:PORT) of cluster(NAME) has been
    /// established.` for each (see [`start_estimators`]).
    fn wait_estimators_connected(&self, scheduler_started: Instant, deadline: Instant) {
        loop {
            let log = self.log_text("karmada-scheduler.log");
            let missing: Vec<&str> = self
                .estimators
                .iter()
                .filter(|e| {
                    let line = format!(
                        "Connection with estimator server(127.0.0.1:{}) of cluster({}) has been established",
                        e.port, e.cluster
                    );
                    !log.contains(&line)
                })
                .map(|e| e.cluster.as_str())
                .collect();
            if missing.is_empty() {
                eprintln!(
                    "karmada-scheduler connected to {} estimator(s) within {:.1} s of its start",
                    self.estimators.len(),
                    scheduler_started.elapsed().as_secs_f64()
                );
                let first = log.lines().next().unwrap_or_default();
                eprintln!("  its first line: {first}");
                for l in log
                    .lines()
                    .filter(|l| l.contains("Connection with estimator"))
                {
                    eprintln!("  {l}");
                }
                return;
            }
            assert!(
                Instant::now() < deadline,
                "karmada-scheduler did not connect to the scheduler-estimator(s) of {missing:?} \
                 ({:.0} s after its start)\n{}",
                scheduler_started.elapsed().as_secs_f64(),
                self.estimator_logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
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
    // The estimators, answering and found through their Services, before the scheduler
    // starts (it dials every cluster's estimator once, first thing).
    let (estimators, estimator_procs) = if options.estimators {
        rt.block_on(start_estimators(&env, shared, &members))
    } else {
        (Vec::new(), Vec::new())
    };
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
    // With estimators, the scheduler logs at --v=4: its only record of each estimator's
    // answer ("Invoked MaxAvailableReplicas of estimator ...") is at that level.
    let estimator_flags: &[&str] = if options.estimators {
        &["--enable-scheduler-estimator=true", "--v=4"]
    } else {
        &["--enable-scheduler-estimator=false"]
    };
    let sched = Command::new(shared.join("bin").join(&options.scheduler))
        .arg(format!("--kubeconfig={kubeconfig}"))
        .arg(format!("--feature-gates={}", options.scheduler_gates))
        .args(estimator_flags)
        .args(["--leader-elect=false", "--metrics-bind-address=0"])
        .arg(format!(
            "--health-probe-bind-address=127.0.0.1:{sched_port}"
        ))
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(log("karmada-scheduler.log"))
        .spawn()
        .expect("start karmada-scheduler");
    let sched_started = Instant::now();
    // End both with this test binary (the estimators are already so ended).
    let mut procs = vec![super::Proc::of(cm.id()), super::Proc::of(sched.id())];
    let tokens: Vec<String> = procs.iter().map(super::Proc::token).collect();
    super::end_with_this_binary(&tokens.join(" "), "");
    procs.extend(estimator_procs);

    let mut karmada = Karmada {
        env,
        dir: dir.clone(),
        members: Vec::new(),
        flags,
        estimators,
        pids: procs,
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    if !karmada.estimators.is_empty() {
        karmada.wait_estimators_connected(sched_started, deadline);
    }
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
        "karmada controllers ready in {:.1} s ({} member(s){})",
        begun.elapsed().as_secs_f64(),
        karmada.members.len(),
        if karmada.estimators.is_empty() {
            ""
        } else {
            ", each with its scheduler-estimator"
        }
    );
    karmada
}

/// The gRPC port every estimator is reached at, as the scheduler asks for it
/// (`--scheduler-estimator-port`'s default): the port of each estimator's Service.
pub const ESTIMATOR_SERVICE_PORT: u16 = 10352;

/// Start upstream's `karmada-scheduler-estimator` for every member and make each
/// findable by karmada-scheduler; returns when every one answers.
///
/// The recipe (master f8fdd02, on this harness's 1.20 members; seen, not guessed):
/// - Per member: `karmada-scheduler-estimator --cluster-name=NAME
///   --kubeconfig=MEMBER_KUBECONFIG --server-port=PORT
///   --health-probe-bind-address=127.0.0.1:PORT2 --metrics-bind-address=0 --v=2`
///   (plain gRPC, no TLS: the scheduler dials with insecure credentials unless given
///   `--scheduler-estimator-ca-file` or `--insecure-skip-estimator-verify`). At `--v=2`
///   it logs each answer: `Finish calculating cluster available replicas of
///   resource(kind=Deployment, name=NS/NAME), max replicas: N`.
/// - `/healthz` answers at once (`Starting healthz server`), before anything is read
///   from the member; the gRPC port listens only once its Pod, Node, ReplicaSet and
///   Deployment informers have synced (`Listening port: PORT`): 0.12-0.13 s later on
///   these small members. Ready = both; three estimators started together answer
///   within 0.2-0.4 s.
/// - Discovery (`pkg/estimator/client/service.go`): in the control plane, a Service
///   `karmada-scheduler-estimator-NAME` in `karmada-system` (the scheduler's
///   `--scheduler-estimator-service-prefix`/`-namespace`) of type `ExternalName`,
///   `externalName: 127.0.0.1`, one port `{port: 10352, targetPort: PORT}`: the
///   scheduler dials `127.0.0.1:PORT` with no DNS. Any other Service type is refused;
///   without the Service it dials `NAME.karmada-system.svc(.cluster.local):10352`.
/// - karmada-scheduler with `--enable-scheduler-estimator=true` (every other flag as
///   without): first thing in `Run`, before its informers start, it lists the Clusters
///   and dials each estimator (5 s timeout each), logging `Connection with estimator
///   server(127.0.0.1:PORT) of cluster(NAME) has been established.` (default
///   verbosity; a failure logs `Failed to dial cluster(NAME)`, and the estimator worker
///   dials again on the Cluster's next event). Seen 30-40 ms after the scheduler's first
///   log line, the three within 7 ms; a Cluster added later is dialled by that worker.
/// - Per binding it then takes, per cluster, the minimum of the general estimator
///   (the Cluster's `resourceSummary`, or its resource models) and the accurate one.
///   If any one estimator call fails (not connected, timeout `--scheduler-estimator-timeout`
///   3 s), the accurate answers of every cluster are dropped for that binding and the
///   general estimator alone decides: hence the wait for every connection.
///   `--v=4` logs both answers: `Invoked MaxAvailableReplicas of estimator
///   scheduler-estimator for workload(apps/v1, kind=Deployment, NS/NAME): [{member1 2 []}
///   ...]` (and `general-estimator`), then `Target cluster calculated by estimators`;
///   nothing at the default verbosity names an answer. The general estimator logs
///   `cluster NAME has max available replicas: N according to cluster resource models`
///   (default verbosity) when the Cluster has `resourceModels` (the real Cluster API
///   writes 9 on create): it then grades nodes instead of summing the summary.
/// - The members' Nodes and Pods are also readable through Karmada's cluster proxy
///   (`/apis/cluster.karmada.io/v1alpha1/clusters/NAME/proxy/api/v1/...`) once the
///   Cluster has an `impersonatorSecretRef` ([`super::members::register`] writes one).
async fn start_estimators(
    env: &TestEnv,
    shared: &Path,
    members: &[super::members::Member],
) -> (Vec<Estimator>, Vec<super::Proc>) {
    use k8s_openapi::api::core::v1::Service;
    let begun = Instant::now();
    let mut estimators = Vec::new();
    let mut procs = Vec::new();
    let mut health = Vec::new();
    for m in members {
        let (port, health_port) = (ports::reserve(), ports::reserve());
        let log = format!("karmada-scheduler-estimator-{}.log", m.name);
        #[allow(clippy::zombie_processes)]
        let child = Command::new(shared.join("bin/karmada-scheduler-estimator"))
            .arg(format!("--cluster-name={}", m.name))
            .arg(format!("--kubeconfig={}", m.kubeconfig.display()))
            .arg(format!("--server-port={port}"))
            .arg(format!(
                "--health-probe-bind-address=127.0.0.1:{health_port}"
            ))
            .args(["--metrics-bind-address=0", "--v=2"])
            .env("KUBE_FEATURE_WatchListClient", "false")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(env.dir.join(&log)).unwrap())
            .spawn()
            .expect("start karmada-scheduler-estimator");
        let proc = super::Proc::of(child.id());
        super::end_with_this_binary(&proc.token(), "");
        procs.push(proc);
        health.push(health_port);
        estimators.push(Estimator {
            cluster: m.name.clone(),
            port,
            log,
        });
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    for (e, health_port) in estimators.iter().zip(&health) {
        while !(healthz(*health_port) && TcpStream::connect(("127.0.0.1", e.port)).is_ok()) {
            assert!(
                Instant::now() < deadline,
                "the scheduler-estimator of {} did not answer in 60 s (/healthz on {health_port}, gRPC on {})\n{}",
                e.cluster,
                e.port,
                super::plane::tail(&env.dir.join(&e.log), 30)
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let client = env.admin().await;
    let services: Api<Service> = Api::namespaced(client, "karmada-system");
    for e in &estimators {
        let service: Service = serde_json::from_value(serde_json::json!({
            "metadata": {"name": format!("karmada-scheduler-estimator-{}", e.cluster),
                         "namespace": "karmada-system"},
            "spec": {"type": "ExternalName", "externalName": "127.0.0.1",
                     "ports": [{"name": "grpc", "port": ESTIMATOR_SERVICE_PORT, "targetPort": e.port}]}
        }))
        .unwrap();
        services
            .create(&PostParams::default(), &service)
            .await
            .unwrap_or_else(|err| panic!("create the Service of {}'s estimator: {err}", e.cluster));
    }
    eprintln!(
        "{} scheduler-estimator(s) answering in {:.1} s",
        estimators.len(),
        begun.elapsed().as_secs_f64()
    );
    for e in &estimators {
        let text = std::fs::read_to_string(env.dir.join(&e.log)).unwrap_or_default();
        for l in text
            .lines()
            .filter(|l| l.contains("Starting healthz server") || l.contains("Listening port"))
        {
            eprintln!("  {}: {l}", e.cluster);
        }
    }
    (estimators, procs)
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
    /// as `--NAME=VALUE` words: what a test passes so that the tool assumes what runs;
    /// with estimators, also the scheduler's `--enable-scheduler-estimator=true`.
    pub fn prediction_flags(&self) -> Vec<String> {
        let scheduler =
            (!self.estimators.is_empty()).then(|| "--enable-scheduler-estimator=true".to_string());
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
            .chain(scheduler)
            .collect()
    }

    /// `karmadactl dry-run ARGS -o json` against this plane, assuming the settings the
    /// controller-manager runs with ([`Self::prediction_flags`]); fails the test unless
    /// it exits 0. The report, parsed.
    pub fn predict(&self, args: &[&str]) -> serde_json::Value {
        let (stdout, stderr, code) = self.predict_raw(args);
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str(&stdout).unwrap()
    }

    /// The same run, whatever its outcome: stdout, stderr and exit code (for a test
    /// that takes the prediction first and holds it against what happens last).
    pub fn predict_raw(&self, args: &[&str]) -> (String, String, i32) {
        let flags = self.prediction_flags();
        let mut all = vec!["dry-run"];
        all.extend_from_slice(args);
        all.extend(["-o", "json"]);
        all.extend(flags.iter().map(String::as_str));
        super::fixtures::parts(&super::fixtures::karmadactl(
            &self.env.kubeconfig,
            "admin",
            &all,
        ))
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
