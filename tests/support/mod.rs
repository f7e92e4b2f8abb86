//! Test support: a real etcd + kube-apiserver on loopback, with TLS, static tokens and
//! RBAC, serving the CRDs generated from this crate's types. One server per test binary;
//! tests isolate themselves by object names.
//!
//! Binaries come from `$KUBEBUILDER_ASSETS` (envtest convention), else from the cache
//! `hack/test-env.sh` fills. Missing binaries fail the test with the command to run.

#![allow(dead_code)]

pub mod agent;
pub mod fixtures;
pub mod fleets;
pub mod karmada;
pub mod members;
pub mod metrics;
pub mod plane;
pub mod plot;
pub mod ports;
pub mod proxy;
pub mod taint_policy_fleet;
pub mod timing;
pub mod tolerating_fleet;
pub mod upstream_fleet;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use base64::Engine as _;
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, PostParams};
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};

/// A running control plane for tests.
pub struct TestEnv {
    pub dir: PathBuf,
    pub kubeconfig: PathBuf,
    pub server: String,
    pub admin_token: String,
    pub viewer_token: String,
    /// Users with no RBAC of their own: tests bind them to the ClusterRoles of
    /// `docs/rbac/`.
    pub reader_token: String,
    pub operator_token: String,
    pub ca_pem: String,
    /// A client certificate and key for user `cert-admin` (system:masters).
    pub client_cert_pem: String,
    pub client_key_pem: String,
    /// Whether `cluster.karmada.io` is Karmada's own API (karmada-aggregated-apiserver)
    /// and karmada-webhook admits policies and bindings; `false` only away from CI
    /// without `../shared/karmada/bin`, where a Cluster CRD stands in.
    pub real_karmada: bool,
    /// etcd's client URL.
    pub etcd_url: String,
    /// The plane's processes (etcd, kube-apiserver, Karmada's Cluster API and webhook):
    /// a plane owned by one test ([`TestEnv::stop`]) ends them when the test does.
    pub pids: Vec<Proc>,
}

impl TestEnv {
    /// End the plane's processes and remove its directory (a plane a test owns; the
    /// shared ones end with the test binary).
    pub fn stop(&self) {
        stop_processes(&self.pids);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A process as the kernel knows it: its pid and its start time (`/proc/PID/stat`,
/// field 22). The kernel hands a freed pid to the next process that asks (pid_max is
/// 32768 here, and a live run spawns tens of thousands), so the harness signals a pid
/// only while its start time still matches: never a process some later test started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proc {
    pub pid: u32,
    start: u64,
}

impl Proc {
    /// The process `pid` now (call it right after spawning, while the child is ours).
    pub fn of(pid: u32) -> Proc {
        let start = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| {
                // Fields after the command name, which sits in parentheses: state is
                // field 3, the start time field 22.
                let rest = &stat[stat.rfind(')')? + 2..];
                rest.split(' ').nth(19)?.parse().ok()
            })
            .unwrap_or(0);
        Proc { pid, start }
    }

    /// `PID:START`, the form [`REAPER`] scripts read.
    pub fn token(&self) -> String {
        format!("{}:{}", self.pid, self.start)
    }

    /// Parse tokens written by [`Proc::token`].
    pub fn parse_all(text: &str) -> Vec<Proc> {
        text.split_whitespace()
            .filter_map(|t| {
                let (pid, start) = t.split_once(':')?;
                Some(Proc {
                    pid: pid.parse().ok()?,
                    start: start.parse().ok()?,
                })
            })
            .collect()
    }
}

/// Shell functions for scripts that signal processes by token: `same TOKEN` holds while
/// that pid is still that process (a zombie included), `live TOKEN` while it also runs;
/// `signal SIG TOKENS...` signals those that are the same. Builtins only (`read`, `set`,
/// parameter expansion): a watchdog checks every second for the life of the binary, and
/// a fork per check would load the machine the tests run on.
const REAPER: &str = "fields() { l=; { read -r l < /proc/${1%:*}/stat; } 2>/dev/null || return 1; set -- ${l##*) }; st=$1; sv=${20}; }; \
     same() { fields $1 && [ \"$sv\" = \"${1#*:}\" ]; }; \
     live() { same $1 && [ \"$st\" != Z ]; }; \
     signal() { s=$1; shift; for e in \"$@\"; do same $e && kill -$s ${e%:*} 2>/dev/null; done; }; ";

/// SIGTERM, a moment, then SIGKILL: only to the processes themselves.
pub fn stop_processes(procs: &[Proc]) {
    if procs.is_empty() {
        return;
    }
    let list: Vec<String> = procs.iter().map(Proc::token).collect();
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{REAPER}signal TERM {p}; for i in 1 2 3 4 5 6 7 8 9 10; do \
             alive=; for e in {p}; do live $e && alive=1; done; [ -z \"$alive\" ] && exit 0; sleep 0.2; done; \
             signal KILL {p}",
            p = list.join(" ")
        ))
        .status();
}

/// End processes when this test binary exits (statics are never dropped, so no Drop
/// impl would run): a watchdog waits for this process to end, then stops those listed
/// (`tokens` is shell text that yields [`Proc::token`]s when the watchdog fires, such
/// as `$(cat FILE)` for a list that changes) and runs `then`.
// The watchdog outlives the test binary's last wait on purpose.
#[allow(clippy::zombie_processes)]
pub fn end_with_this_binary(tokens: &str, then: &str) {
    let me = Proc::of(std::process::id()).token();
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{REAPER}while live {me}; do sleep 1; done; L=\"{tokens}\"; \
             signal CONT $L; signal TERM $L; sleep 2; signal KILL $L; {then}"
        ))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start watchdog");
}

/// A plane of its own for the tests of one module that act on a whole fleet (`taint
/// --all`, `policy evaluate-taints`, a snapshot of everything): started on first use
/// under `key`, shared by that module's tests, ended with the test binary.
pub fn own_env(key: &'static str) -> &'static TestEnv {
    static OWN: std::sync::Mutex<Vec<(&'static str, &'static TestEnv)>> =
        std::sync::Mutex::new(Vec::new());
    let mut own = OWN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, env)) = own.iter().find(|(k, _)| *k == key) {
        return env;
    }
    let env: &'static TestEnv = Box::leak(Box::new(start_plane(Crds::Tool)));
    own.push((key, env));
    env
}

/// Start a plane serving `crds`, off any tokio runtime; a failed start fails the caller.
pub fn start_plane(crds: Crds) -> TestEnv {
    std::thread::spawn(move || start(crds))
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}

static ENV: OnceLock<Result<TestEnv, String>> = OnceLock::new();

/// The CRDs a control plane serves (Cluster is never one of them: Karmada's own
/// aggregated apiserver serves it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crds {
    /// Those generated from this crate's types (`karmadactl::api::crd::all`).
    Tool,
    /// Upstream Karmada's (`../shared/karmada/crds*`).
    Upstream,
}

/// The control plane of this test binary, started on first use (once: a failed start
/// fails every test that needs it, without starting again).
pub fn env() -> &'static TestEnv {
    started(&ENV, Crds::Tool)
}

/// Start (once per `slot`) a control plane serving `crds`.
pub fn started(slot: &'static OnceLock<Result<TestEnv, String>>, crds: Crds) -> &'static TestEnv {
    let started = slot.get_or_init(|| {
        // Start on a plain thread: tests may call this from inside a tokio runtime.
        std::thread::spawn(move || start(crds)).join().map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
    });
    match started {
        Ok(env) => env,
        Err(why) => panic!("the test control plane failed to start: {why}"),
    }
}

fn assets_dir() -> PathBuf {
    let candidates = std::env::var_os("KUBEBUILDER_ASSETS")
        .map(PathBuf::from)
        .into_iter()
        .chain(
            std::env::var_os("HOME")
                .map(|h| PathBuf::from(h).join(".cache/karmadactl/test-assets")),
        );
    for dir in candidates {
        if dir.join("etcd").is_file() && dir.join("kube-apiserver").is_file() {
            return dir;
        }
    }
    panic!(
        "etcd and kube-apiserver not found in $KUBEBUILDER_ASSETS or ~/.cache/karmadactl/test-assets.\n\
         Run `export KUBEBUILDER_ASSETS=$(hack/test-env.sh)` (or `hack/test.sh`, which does it) and try again."
    );
}

pub fn random_token() -> String {
    let mut bytes = [0u8; 24];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
        .expect("read /dev/urandom");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

// The servers outlive every test; the watchdog below ends them when this binary exits.
#[allow(clippy::zombie_processes)]
pub(crate) fn start(crds: Crds) -> TestEnv {
    start_with(crds, &[])
}

/// Start a plane serving `crds` whose kube-apiserver takes `extra` flags too, off any
/// tokio runtime.
pub fn start_plane_with(crds: Crds, extra: &'static [&'static str]) -> TestEnv {
    std::thread::spawn(move || start_with(crds, extra))
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}

#[allow(clippy::zombie_processes)]
fn start_with(crds: Crds, extra: &[&str]) -> TestEnv {
    let started = Instant::now();
    let assets = assets_dir();
    let dir = tempfile::Builder::new()
        .prefix("karmadactl-test-")
        .tempdir_in(scratch_root())
        .unwrap()
        .keep();

    let ca = server_certs(&dir, "karmadactl-test-ca");
    let plane_certs = plane::certs(&dir, &ca);
    // Karmada's own Cluster API and webhook, when the upstream binaries are here.
    let aggregated = karmada::shared_bin("karmada-aggregated-apiserver");
    let webhook = karmada::shared_bin("karmada-webhook");
    let real_karmada = aggregated.is_some() && webhook.is_some();
    if !real_karmada {
        assert!(
            std::env::var_os("CI").is_none_or(|v| v.is_empty()),
            "CI is set but ../shared/karmada/bin lacks karmada-aggregated-apiserver or karmada-webhook"
        );
        eprintln!(
            "note: ../shared/karmada/bin not found: the test server serves a Cluster CRD stand-in and runs no webhook"
        );
    }

    let admin_token = random_token();
    let viewer_token = random_token();
    let reader_token = random_token();
    let operator_token = random_token();
    write(
        &dir.join("tokens.csv"),
        &format!(
            "{admin_token},admin,uid-admin,\"system:masters\"\n{viewer_token},viewer,uid-viewer\n\
             {reader_token},ops-reader,uid-ops-reader\n{operator_token},ops-operator,uid-ops-operator\n"
        ),
    );

    let (etcd, etcd_url) = spawn_etcd(&assets, &dir);
    let api_port = ports::reserve();
    let apiserver = apiserver_command(
        &assets,
        &dir,
        &etcd_url,
        api_port,
        &[
            vec!["--disable-admission-plugins=ServiceAccount".to_string()],
            plane::aggregation_flags(&plane_certs, &dir.join("ca.crt")),
            extra.iter().map(|f| f.to_string()).collect(),
        ]
        .concat(),
    )
    .spawn()
    .expect("start kube-apiserver");

    // Both servers end, and the directory goes, when this test binary exits.
    let (etcd_proc, api_proc) = (Proc::of(etcd.id()), Proc::of(apiserver.id()));
    end_with_this_binary(
        &format!("{} {}", etcd_proc.token(), api_proc.token()),
        &format!("rm -rf '{}'", dir.display()),
    );

    let server = format!("https://127.0.0.1:{api_port}");
    let ca_pem = ca.pem();
    // A client certificate of the CA for user `cert-admin` in group system:masters.
    let client_key = rcgen::KeyPair::generate().unwrap();
    let mut client_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    client_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "cert-admin");
    client_params
        .distinguished_name
        .push(rcgen::DnType::OrganizationName, "system:masters");
    let client_cert = client_params.signed_by(&client_key, &ca).unwrap();
    let client_cert_pem = client_cert.pem();
    let client_key_pem = client_key.serialize_pem();
    let kubeconfig = dir.join("kubeconfig");
    write(
        &kubeconfig,
        &kubeconfig_text(&server, &ca_pem, &admin_token, &viewer_token),
    );
    let env = TestEnv {
        dir,
        kubeconfig,
        server,
        admin_token,
        viewer_token,
        reader_token,
        operator_token,
        ca_pem,
        client_cert_pem,
        client_key_pem,
        real_karmada,
        etcd_url: etcd_url.clone(),
        pids: vec![etcd_proc, api_proc],
    };

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let components = rt.block_on(async {
        env.wait_ready().await;
        let client = env.admin().await;
        env.install_crds(crds).await;
        let mut components = Vec::new();
        if let (Some(aa), Some(wh)) = (&aggregated, &webhook) {
            components.push(
                plane::start_cluster_api(
                    aa,
                    &env.dir,
                    &env.kubeconfig,
                    &env.etcd_url,
                    &plane_certs,
                    &env.ca_pem,
                    &client,
                )
                .await,
            );
            components.push(
                plane::start_webhook(
                    wh,
                    &env.dir,
                    &env.kubeconfig,
                    &plane_certs,
                    &env.ca_pem,
                    &karmada::shared_dir()
                        .expect("the binaries were found")
                        .join("bin/webhook-configuration.yaml"),
                    &client,
                )
                .await,
            );
        }
        env.install_rbac().await;
        components
    });
    // The plane's components end with this test binary, as the servers do.
    let procs: Vec<Proc> = components.iter().map(|c| Proc::of(c.child.id())).collect();
    if !procs.is_empty() {
        let tokens: Vec<String> = procs.iter().map(Proc::token).collect();
        end_with_this_binary(&tokens.join(" "), "");
    }
    let mut env = env;
    env.pids.extend(procs);
    std::mem::forget(components);
    eprintln!(
        "test plane ready in {:.1} s ({})",
        started.elapsed().as_secs_f64(),
        if env.real_karmada {
            "kube-apiserver, karmada-aggregated-apiserver, karmada-webhook"
        } else {
            "kube-apiserver with a Cluster CRD stand-in"
        }
    );
    env
}

/// A CA (`ca.crt`), a serving certificate for 127.0.0.1/localhost (`server.crt`,
/// `server.key`) and service-account keys (`sa.key`, `sa.pub`) in `dir`; the CA.
pub fn server_certs(dir: &Path, ca_name: &str) -> rcgen::CertifiedIssuer<'static, rcgen::KeyPair> {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, ca_name);
    let ca = rcgen::CertifiedIssuer::self_signed(ca_params, ca_key).unwrap();
    let srv_key = rcgen::KeyPair::generate().unwrap();
    let srv_params =
        rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .unwrap();
    let srv_cert = srv_params.signed_by(&srv_key, &ca).unwrap();
    let sa_key = rcgen::KeyPair::generate().unwrap();
    write(&dir.join("ca.crt"), &ca.pem());
    write(&dir.join("server.crt"), &srv_cert.pem());
    write(&dir.join("server.key"), &srv_key.serialize_pem());
    write(&dir.join("sa.key"), &sa_key.serialize_pem());
    write(&dir.join("sa.pub"), &sa_key.public_key_pem());
    ca
}

/// Start an etcd with its data in `dir/etcd`, logging to `dir/etcd.log`; it and its URL.
pub fn spawn_etcd(assets: &Path, dir: &Path) -> (std::process::Child, String) {
    let (etcd_port, peer_port) = (ports::reserve(), ports::reserve());
    let etcd_url = format!("http://127.0.0.1:{etcd_port}");
    let child = Command::new(assets.join("etcd"))
        .args(["--data-dir", dir.join("etcd").to_str().unwrap()])
        .args([
            "--listen-client-urls",
            &etcd_url,
            "--advertise-client-urls",
            &etcd_url,
        ])
        .args([
            "--listen-peer-urls",
            &format!("http://127.0.0.1:{peer_port}"),
        ])
        .args([
            "--initial-advertise-peer-urls",
            &format!("http://127.0.0.1:{peer_port}"),
        ])
        .args([
            "--initial-cluster",
            &format!("default=http://127.0.0.1:{peer_port}"),
        ])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("etcd.log")).unwrap())
        .spawn()
        .expect("start etcd");
    (child, etcd_url)
}

/// The kube-apiserver command for a server whose certificates and `tokens.csv` are in
/// `dir` (see [`server_certs`]), on `etcd_url`, serving on `port`, logging to
/// `dir/kube-apiserver.log` (appended: a restart keeps the earlier log).
pub fn apiserver_command(
    assets: &Path,
    dir: &Path,
    etcd_url: &str,
    port: u16,
    extra: &[String],
) -> Command {
    let p = |f: &str| dir.join(f).to_str().unwrap().to_string();
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("kube-apiserver.log"))
        .unwrap();
    let mut cmd = Command::new(assets.join("kube-apiserver"));
    cmd.args(["--etcd-servers", etcd_url])
        .args([
            "--bind-address",
            "127.0.0.1",
            "--advertise-address",
            "127.0.0.1",
        ])
        .args(["--secure-port", &port.to_string(), "--insecure-port=0"])
        .args([
            "--tls-cert-file",
            &p("server.crt"),
            "--tls-private-key-file",
            &p("server.key"),
        ])
        .args(["--client-ca-file", &p("ca.crt")])
        .args(["--token-auth-file", &p("tokens.csv")])
        .args(["--authorization-mode", "RBAC"])
        .args([
            "--service-account-issuer",
            "https://kubernetes.default.svc.cluster.local",
        ])
        .args(["--service-account-key-file", &p("sa.pub")])
        .args(["--service-account-signing-key-file", &p("sa.key")])
        .args(["--service-cluster-ip-range", "10.0.0.0/24"])
        .args(["--cert-dir", &p("certs")])
        .args(extra)
        // What no test reads, off: each of these servers otherwise burns ~3.7 s of CPU a
        // minute idle (APF's config controller, a watch cache per resource, the
        // `kubernetes` Service's endpoint reconciler), 1.8 s with them off; a live run
        // keeps a dozen alive on two cores.
        .args([
            "--enable-priority-and-fairness=false",
            "--watch-cache=false",
            "--profiling=false",
            "--endpoint-reconciler-type=none",
        ])
        .stdout(Stdio::null())
        .stderr(log);
    cmd
}

/// Where planes keep their files: memory (`/dev/shm`) where there is one, so a dozen
/// etcds do not queue on the disk's fsyncs; else the temp dir. A plane removes its
/// directory when it stops.
fn scratch_root() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let writable = shm.is_dir()
        && tempfile::Builder::new()
            .prefix("karmadactl-probe-")
            .tempfile_in(shm)
            .is_ok();
    if writable {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// The directory of the test binaries (etcd, kube-apiserver).
pub fn assets() -> PathBuf {
    assets_dir()
}

/// A kubeconfig with contexts `admin` (system:masters) and `viewer` (read-only).
pub fn kubeconfig_text(
    server: &str,
    ca_pem: &str,
    admin_token: &str,
    viewer_token: &str,
) -> String {
    let ca = base64::engine::general_purpose::STANDARD.encode(ca_pem);
    format!(
        "apiVersion: v1
kind: Config
clusters:
- name: test
  cluster:
    server: {server}
    certificate-authority-data: {ca}
users:
- name: admin
  user:
    token: {admin_token}
- name: viewer
  user:
    token: {viewer_token}
contexts:
- name: admin
  context: {{cluster: test, user: admin}}
- name: viewer
  context: {{cluster: test, user: viewer}}
current-context: admin
"
    )
}

impl TestEnv {
    /// A kubeconfig file for this server with one context, `ctx`, whose user is given by
    /// `user_yaml` (the body of `user:`, e.g. `{token: T}`).
    pub fn kubeconfig_with_user(&self, dir: &Path, user_yaml: &str) -> PathBuf {
        let ca = base64::engine::general_purpose::STANDARD.encode(&self.ca_pem);
        let path = dir.join(format!("kubeconfig-{}", random_token()));
        write(
            &path,
            &format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: test\n  cluster:\n    server: {}\n    certificate-authority-data: {ca}\n\
                 users:\n- name: u\n  user: {user_yaml}\ncontexts:\n- name: ctx\n  context: {{cluster: test, user: u}}\ncurrent-context: ctx\n",
                self.server
            ),
        );
        path
    }

    /// A client for `context` (`admin` or `viewer`), bound to the caller's runtime.
    pub async fn client_for(&self, context: &str) -> Client {
        let kc = Kubeconfig::read_from(&self.kubeconfig).unwrap();
        let opts = KubeConfigOptions {
            context: Some(context.into()),
            ..Default::default()
        };
        let config = Config::from_custom_kubeconfig(kc, &opts).await.unwrap();
        Client::try_from(config).unwrap()
    }

    /// An admin client.
    pub async fn admin(&self) -> Client {
        self.client_for("admin").await
    }

    /// The log of a server process (`etcd.log`, `kube-apiserver.log`), for failures.
    pub fn log_tail(&self, name: &str) -> String {
        let text = std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }

    async fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(90);
        let client = self.admin().await;
        loop {
            let req = http::Request::get("/readyz").body(Vec::new()).unwrap();
            match client.request_text(req).await {
                Ok(body) if body.trim() == "ok" => return,
                _ if Instant::now() > deadline => panic!(
                    "kube-apiserver did not become ready in 90 s\n--- kube-apiserver.log\n{}\n--- etcd.log\n{}",
                    self.log_tail("kube-apiserver.log"),
                    self.log_tail("etcd.log")
                ),
                _ => tokio::time::sleep(Duration::from_millis(300)).await,
            }
        }
    }

    async fn install_crds(&self, set: Crds) {
        let client = self.admin().await;
        // Without Karmada's Cluster API (away from CI only), the tool's CRD stands in.
        let stand_in = karmadactl::api::crd::all()
            .into_iter()
            .filter(|c| c.spec.names.kind == "Cluster" && !self.real_karmada);
        let wanted: Vec<CustomResourceDefinition> = match set {
            Crds::Tool => karmadactl::api::crd::all()
                .into_iter()
                .filter(|c| c.spec.names.kind != "Cluster")
                .chain(stand_in)
                .collect(),
            Crds::Upstream => stand_in.chain(karmada::upstream_crds()).collect(),
        };
        let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
        for crd in wanted.clone() {
            crds.create(&PostParams::default(), &crd)
                .await
                .unwrap_or_else(|e| {
                    panic!(
                        "install CRD {}: {e}",
                        crd.metadata.name.as_deref().unwrap_or_default()
                    )
                });
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        for crd in wanted {
            let name = crd.metadata.name.unwrap();
            loop {
                let got = crds.get(&name).await.unwrap();
                let established = got
                    .status
                    .and_then(|s| s.conditions)
                    .unwrap_or_default()
                    .iter()
                    .any(|c| c.type_ == "Established" && c.status == "True");
                if established {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "CRD {name} not established in 60 s"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }

    async fn install_rbac(&self) {
        let client = self.admin().await;
        let role: ClusterRole = serde_json::from_value(serde_json::json!({
            "metadata": {"name": "karmadactl-test-view"},
            "rules": [{
                "apiGroups": ["cluster.karmada.io", "work.karmada.io", "policy.karmada.io"],
                "resources": ["*"],
                "verbs": ["get", "list", "watch"]
            }]
        }))
        .unwrap();
        Api::<ClusterRole>::all(client.clone())
            .create(&PostParams::default(), &role)
            .await
            .unwrap();
        let binding: ClusterRoleBinding = serde_json::from_value(serde_json::json!({
            "metadata": {"name": "karmadactl-test-view"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "karmadactl-test-view"},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "viewer"}]
        }))
        .unwrap();
        Api::<ClusterRoleBinding>::all(client)
            .create(&PostParams::default(), &binding)
            .await
            .unwrap();
        // RBAC is cached by the authorizer; wait until the viewer can list.
        let viewer = self.client_for("viewer").await;
        let api: Api<karmadactl::api::Cluster> = Api::all(viewer);
        let deadline = Instant::now() + Duration::from_secs(30);
        while api.list(&Default::default()).await.is_err() {
            assert!(
                Instant::now() < deadline,
                "viewer RBAC not effective in 30 s"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

#[cfg(test)]
mod reaper_tests {
    use super::*;

    #[test]
    fn a_pid_is_signalled_only_while_it_is_the_same_process() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let me = Proc::of(child.id());
        assert_ne!(me.start, 0, "no start time read for {}", me.pid);
        // The same pid with another start time: a process the kernel gave that pid later.
        let other = Proc {
            pid: me.pid,
            start: me.start + 1,
        };
        stop_processes(&[other]);
        assert!(
            child.try_wait().unwrap().is_none(),
            "a stranger was signalled"
        );
        stop_processes(&[me]);
        assert!(
            child.wait().unwrap().code().is_none(),
            "the process itself lives on"
        );
        assert_eq!(Proc::parse_all(&format!("{} x:1", me.token())), vec![me]);
    }
}
