//! Member clusters of the test plane: each a kube-apiserver on its own etcd, with its own
//! CA and an admin token, registered with Karmada in Push mode the way `karmadactl join`
//! registers a cluster (a Secret with the token and CA, a Cluster with the endpoint). A
//! few Nodes with status give it a real resource summary, and a status writer plays the
//! kubelet and the workload controllers (nothing else runs on a bare member): every
//! Deployment, StatefulSet and Job gets the status a healthy one would have, so Karmada's
//! interpreter reports it Healthy.
//!
//! A test can stop a member hard ([`Member::kill`]: connections refused), freeze it
//! ([`Member::freeze`]: no answer, connections hang) and bring it back with its data
//! ([`Member::restart`], [`Member::thaw`]).

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures::{StreamExt, TryStreamExt};
use k8s_openapi::api::apps::v1::{Deployment, StatefulSet};
use k8s_openapi::api::batch::v1::Job;
use k8s_openapi::api::core::v1::{Namespace, Node, Pod, Secret};
use kube::api::{Api, Patch, PatchParams, PostParams};
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::runtime::{watcher, WatchStreamExt};
use kube::{Client, Config};
use serde_json::json;

use super::{apiserver_command, assets, ports, random_token, server_certs, spawn_etcd};

/// Deployments a test made Unhealthy, by member kubeconfig and `namespace/name`: the
/// status writer leaves them as the test wrote them.
static UNHEALTHY: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

fn kept_unhealthy(kubeconfig: &Path, key: &str) -> bool {
    UNHEALTHY
        .lock()
        .unwrap()
        .iter()
        .any(|(k, n)| k == kubeconfig && n == key)
}

/// One member cluster.
pub struct Member {
    pub name: String,
    pub dir: PathBuf,
    /// `https://127.0.0.1:PORT`.
    pub server: String,
    pub port: u16,
    pub token: String,
    pub ca_pem: String,
    /// A kubeconfig for the member (context `member`, its admin token).
    pub kubeconfig: PathBuf,
    etcd_url: String,
    apiserver: Mutex<Child>,
}

impl Member {
    fn spawn_apiserver(dir: &Path, etcd_url: &str, port: u16) -> Child {
        apiserver_command(
            &assets(),
            dir,
            etcd_url,
            port,
            &["--disable-admission-plugins=ServiceAccount,TaintNodesByCondition".to_string()],
        )
        .spawn()
        .expect("start a member kube-apiserver")
    }

    /// Record the processes to end with the test binary.
    fn write_pids(&self, etcd: super::Proc) {
        let api = super::Proc::of(self.apiserver.lock().unwrap().id());
        std::fs::write(
            self.dir.join("pids"),
            format!("{} {}", etcd.token(), api.token()),
        )
        .unwrap();
    }

    /// A client of the member, bound to the caller's runtime.
    pub async fn client(&self) -> Client {
        let kc = Kubeconfig::read_from(&self.kubeconfig).unwrap();
        let mut config = Config::from_custom_kubeconfig(kc, &KubeConfigOptions::default())
            .await
            .unwrap();
        config.read_timeout = Some(Duration::from_secs(10));
        config.connect_timeout = Some(Duration::from_secs(5));
        Client::try_from(config).unwrap()
    }

    /// Make the member's Deployment `namespace/name` Unhealthy (none of its replicas
    /// available, as a crash-looping workload reports) or Healthy again, as Karmada's
    /// interpreter reads it; the status writer keeps it so. Returns when the status was
    /// written: between the request and its answer.
    pub async fn set_deployment_health(
        &self,
        namespace: &str,
        name: &str,
        healthy: bool,
    ) -> super::timing::Window {
        let key = format!("{namespace}/{name}");
        {
            let mut kept = UNHEALTHY.lock().unwrap();
            kept.retain(|(k, n)| !(k == &self.kubeconfig && n == &key));
            if !healthy {
                kept.push((self.kubeconfig.clone(), key));
            }
        }
        let api: Api<Deployment> = Api::namespaced(self.client().await, namespace);
        let d = api.get(name).await.unwrap();
        let want = d.spec.replicas.unwrap_or(1);
        let available = if healthy { want } else { 0 };
        let patch = json!({"status": {
            "observedGeneration": d.metadata.generation.unwrap_or(0),
            "replicas": want, "updatedReplicas": want,
            "readyReplicas": available, "availableReplicas": available,
            "unavailableReplicas": want - available,
        }});
        let sent = jiff::Timestamp::now();
        api.patch_status(name, &PatchParams::default(), &Patch::Merge(&patch))
            .await
            .unwrap();
        super::timing::Window::between(sent, jiff::Timestamp::now())
    }

    /// Add a Ready Node `name` with this `allocatable` (and `capacity`): `cpu`, `memory`,
    /// `pods` as quantities. Nothing runs on it; a Pod bound to it ([`Self::bind_pod`])
    /// takes its requests off what the scheduler-estimator and Karmada's resource summary
    /// count as free there.
    pub async fn add_node(&self, name: &str, cpu: &str, memory: &str, pods: &str) -> Node {
        let nodes: Api<Node> = Api::all(self.client().await);
        let status = json!({
            "allocatable": {"cpu": cpu, "memory": memory, "pods": pods},
            "capacity": {"cpu": cpu, "memory": memory, "pods": pods},
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                            "message": "ready", "lastHeartbeatTime": "2026-11-01T00:00:00Z",
                            "lastTransitionTime": "2026-11-01T00:00:00Z"}]
        });
        let node: Node = serde_json::from_value(json!({
            "metadata": {"name": name},
            "status": status
        }))
        .unwrap();
        nodes
            .create(&PostParams::default(), &node)
            .await
            .unwrap_or_else(|e| panic!("{}: create Node {name}: {e}", self.name));
        // 1.20 keeps status on create; written again in case a later one does not.
        nodes
            .patch_status(
                name,
                &PatchParams::default(),
                &Patch::Merge(&json!({"status": status})),
            )
            .await
            .unwrap()
    }

    /// A real allocation on the member: a Pod `namespace/name` already bound to `node`
    /// (`spec.nodeName`, as kube-scheduler would bind it) and Running, one container
    /// requesting `cpu` and `memory`. The namespace is created when missing (the member
    /// runs without the ServiceAccount admission plugin: no token is needed). Its
    /// requests count in the node's allocated resources for the scheduler-estimator (at
    /// once, through its Pod informer) and in the Cluster's
    /// `status.resourceSummary.allocated` (at the cluster status controller's next
    /// collection, every `--cluster-status-update-frequency`).
    pub async fn bind_pod(
        &self,
        namespace: &str,
        name: &str,
        node: &str,
        cpu: &str,
        memory: &str,
    ) -> Pod {
        let client = self.client().await;
        let namespaces: Api<Namespace> = Api::all(client.clone());
        if namespaces.get_opt(namespace).await.unwrap().is_none() {
            let ns: Namespace =
                serde_json::from_value(json!({"metadata": {"name": namespace}})).unwrap();
            let _ = namespaces.create(&PostParams::default(), &ns).await; // may race
        }
        let pods: Api<Pod> = Api::namespaced(client, namespace);
        let pod: Pod = serde_json::from_value(json!({
            "metadata": {"name": name, "namespace": namespace,
                         "labels": {"app.example.com/allocation": name}},
            "spec": {
                "nodeName": node,
                "containers": [{"name": "reserved", "image": "registry.k8s.io/pause:3.9",
                                "resources": {"requests": {"cpu": cpu, "memory": memory}}}]
            }
        }))
        .unwrap();
        pods.create(&PostParams::default(), &pod)
            .await
            .unwrap_or_else(|e| panic!("{}: create Pod {namespace}/{name}: {e}", self.name));
        pods.patch_status(
            name,
            &PatchParams::default(),
            &Patch::Merge(&json!({"status": {"phase": "Running"}})),
        )
        .await
        .unwrap_or_else(|e| panic!("{}: Pod {namespace}/{name} Running: {e}", self.name))
    }

    /// Stop the member's kube-apiserver hard (SIGKILL): connections are refused. Returns
    /// when refusals started: between the signal and the process reaped.
    pub fn kill(&self) -> super::timing::Window {
        let mut child = self.apiserver.lock().unwrap();
        let sent = jiff::Timestamp::now();
        let _ = child.kill();
        let _ = child.wait();
        super::timing::Window::between(sent, jiff::Timestamp::now())
    }

    /// Freeze the member's kube-apiserver (SIGSTOP): it accepts connections and never
    /// answers, a black hole. Returns when: between sending the signal and its delivery.
    pub fn freeze(&self) -> super::timing::Window {
        let sent = jiff::Timestamp::now();
        signal(self.apiserver.lock().unwrap().id(), "STOP");
        super::timing::Window::between(sent, jiff::Timestamp::now())
    }

    /// Resume a frozen member (SIGCONT).
    pub fn thaw(&self) {
        signal(self.apiserver.lock().unwrap().id(), "CONT");
    }

    /// Start a killed member again and wait until it answers: returns when it did,
    /// between the last `/readyz` that failed and the first that said `ok` (when the
    /// member is back for Karmada's probes).
    pub async fn restart_answering(&self, secs: u64) -> super::timing::Window {
        self.restart();
        self.wait_ready(secs).await
    }

    /// Thaw a frozen member and wait until it answers again (its backlog served).
    pub async fn thaw_answering(&self, secs: u64) -> super::timing::Window {
        self.thaw();
        self.wait_ready(secs).await
    }

    /// End the member for good (its kube-apiserver and etcd).
    pub fn stop(&self) {
        let _ = self.apiserver.lock().map(|mut c| {
            let _ = c.kill();
            let _ = c.wait();
        });
        if let Ok(pids) = std::fs::read_to_string(self.dir.join("pids")) {
            super::stop_processes(&super::Proc::parse_all(&pids));
        }
    }

    /// Start a killed member again, on the same port with the same data.
    pub fn restart(&self) {
        let etcd =
            super::Proc::parse_all(&std::fs::read_to_string(self.dir.join("pids")).unwrap())[0];
        *self.apiserver.lock().unwrap() =
            Self::spawn_apiserver(&self.dir, &self.etcd_url, self.port);
        self.write_pids(etcd);
    }

    /// Wait until the member's `/readyz` answers `ok`: returns when it started to,
    /// between the start of the last attempt that failed and the end of the first that
    /// did not.
    pub async fn wait_ready(&self, secs: u64) -> super::timing::Window {
        let client = self.client().await;
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut failed_at = jiff::Timestamp::now();
        loop {
            let req = http::Request::get("/readyz").body(Vec::new()).unwrap();
            let asked = jiff::Timestamp::now();
            match client.request_text(req).await {
                Ok(body) if body.trim() == "ok" => {
                    return super::timing::Window::between(failed_at, jiff::Timestamp::now())
                }
                _ => {
                    failed_at = asked;
                    assert!(
                        Instant::now() < deadline,
                        "member {} not ready in {secs} s\n{}",
                        self.name,
                        super::plane::tail(&self.dir.join("kube-apiserver.log"), 30)
                    );
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
            }
        }
    }
}

fn signal(pid: u32, sig: &str) {
    let status = Command::new("kill")
        .args([format!("-{sig}"), pid.to_string()])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -{sig} {pid} failed");
}

/// Start member `name` under `root` and make it look like a cluster with nodes.
// The member's servers are never waited for here: they end with the test or the binary.
#[allow(clippy::zombie_processes)]
pub async fn start_member(name: &str, root: &Path) -> Member {
    let dir = root.join(format!("member-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let ca = server_certs(&dir, &format!("{name}-ca"));
    let token = random_token();
    std::fs::write(
        dir.join("tokens.csv"),
        format!("{token},member-admin,uid-member-admin,\"system:masters\"\n"),
    )
    .unwrap();
    let (etcd, etcd_url) = spawn_etcd(&assets(), &dir);
    let port = ports::reserve();
    let apiserver = Member::spawn_apiserver(&dir, &etcd_url, port);
    let server = format!("https://127.0.0.1:{port}");
    let ca_pem = ca.pem();
    let kubeconfig = dir.join("kubeconfig");
    std::fs::write(
        &kubeconfig,
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: m\n  cluster:\n    server: {server}\n    certificate-authority-data: {}\n\
             users:\n- name: admin\n  user:\n    token: {token}\ncontexts:\n- name: member\n  context: {{cluster: m, user: admin}}\ncurrent-context: member\n",
            base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &ca_pem)
        ),
    )
    .unwrap();
    let member = Member {
        name: name.to_string(),
        dir: dir.clone(),
        server,
        port,
        token,
        ca_pem,
        kubeconfig,
        etcd_url,
        apiserver: Mutex::new(apiserver),
    };
    member.write_pids(super::Proc::of(etcd.id()));
    // End the member's processes with this test binary (whatever its apiserver is then).
    super::end_with_this_binary(&format!("$(cat '{}')", dir.join("pids").display()), "");
    member.wait_ready(90).await;
    for i in 0..2 {
        member
            .add_node(&format!("{name}-node-{i}"), "8", "32Gi", "110")
            .await;
    }
    let kc = member.kubeconfig.clone();
    std::thread::spawn(move || status_writer(&kc));
    member
}

/// Register `m` with the Karmada control plane of `client` in Push mode, as `karmadactl
/// join` does: a Secret with the token and CA, a Secret `NAME-impersonator` with the
/// token Karmada's cluster proxy (`/apis/cluster.karmada.io/v1alpha1/clusters/NAME/proxy/`)
/// impersonates the caller with (join's is a ServiceAccount's allowed to impersonate;
/// here the member's admin token, in `system:masters`), and the Cluster naming both.
pub async fn register(client: &Client, m: &Member) {
    let secrets = Api::<Secret>::namespaced(client.clone(), "karmada-cluster");
    let secret: Secret = serde_json::from_value(json!({
        "metadata": {"name": m.name, "namespace": "karmada-cluster"},
        "stringData": {"token": m.token, "caBundle": m.ca_pem}
    }))
    .unwrap();
    secrets
        .create(&PostParams::default(), &secret)
        .await
        .unwrap();
    let impersonator = format!("{}-impersonator", m.name);
    let secret: Secret = serde_json::from_value(json!({
        "metadata": {"name": impersonator, "namespace": "karmada-cluster"},
        "stringData": {"token": m.token}
    }))
    .unwrap();
    secrets
        .create(&PostParams::default(), &secret)
        .await
        .unwrap();
    let cluster: kube::api::DynamicObject = serde_json::from_value(json!({
        "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
        "metadata": {"name": m.name},
        "spec": {"syncMode": "Push", "apiEndpoint": m.server,
                 "secretRef": {"namespace": "karmada-cluster", "name": m.name},
                 "impersonatorSecretRef": {"namespace": "karmada-cluster", "name": impersonator}}
    }))
    .unwrap();
    Api::<kube::api::DynamicObject>::all_with(client.clone(), &super::fixtures::cluster_resource())
        .create(&PostParams::default(), &cluster)
        .await
        .unwrap();
}

/// The kubelet and workload controllers of a bare member, for status only: every
/// Deployment (but those a test made Unhealthy), StatefulSet and Job gets the status a
/// healthy one has. Runs for the life of the test binary, riding out the member's
/// restarts.
fn status_writer(kubeconfig: &Path) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let kc = Kubeconfig::read_from(kubeconfig).unwrap();
        let mut config = Config::from_custom_kubeconfig(kc, &KubeConfigOptions::default())
            .await
            .unwrap();
        config.read_timeout = Some(Duration::from_secs(60));
        let client = Client::try_from(config).unwrap();
        let params = PatchParams::default();
        let me = kubeconfig.to_path_buf();
        let deployments = {
            let api: Api<Deployment> = Api::all(client.clone());
            watcher(api, watcher::Config::default())
                .default_backoff()
                .applied_objects()
                .for_each(|d| {
                    let params = params.clone();
                    let client = client.clone();
                    let me = me.clone();
                    async move {
                        let Ok(d) = d else { return };
                        let key = format!(
                            "{}/{}",
                            d.metadata.namespace.as_deref().unwrap_or_default(),
                            d.metadata.name.as_deref().unwrap_or_default()
                        );
                        if kept_unhealthy(&me, &key) {
                            return;
                        }
                        let want = d.spec.replicas.unwrap_or(1);
                        let generation = d.metadata.generation.unwrap_or(0);
                        let s = d.status.clone().unwrap_or_default();
                        let healthy = s.observed_generation == Some(generation)
                            && s.replicas == Some(want)
                            && s.ready_replicas.unwrap_or(0) == want
                            && s.available_replicas.unwrap_or(0) == want
                            && s.updated_replicas.unwrap_or(0) == want;
                        if healthy {
                            return;
                        }
                        let api: Api<Deployment> = Api::namespaced(client, d.metadata.namespace.as_deref().unwrap_or("default"));
                        let patch = json!({"status": {
                            "observedGeneration": generation, "replicas": want, "updatedReplicas": want,
                            "readyReplicas": want, "availableReplicas": want,
                            "conditions": [{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}]
                        }});
                        let _ = api
                            .patch_status(d.metadata.name.as_deref().unwrap_or_default(), &params, &Patch::Merge(&patch))
                            .await;
                    }
                })
        };
        let statefulsets = {
            let api: Api<StatefulSet> = Api::all(client.clone());
            watcher(api, watcher::Config::default())
                .default_backoff()
                .applied_objects()
                .for_each(|d| {
                    let params = params.clone();
                    let client = client.clone();
                    async move {
                        let Ok(d) = d else { return };
                        let want = d.spec.replicas.unwrap_or(1);
                        let generation = d.metadata.generation.unwrap_or(0);
                        let s = d.status.clone().unwrap_or_default();
                        if s.observed_generation == Some(generation) && s.ready_replicas == Some(want) {
                            return;
                        }
                        let api: Api<StatefulSet> = Api::namespaced(client, d.metadata.namespace.as_deref().unwrap_or("default"));
                        let patch = json!({"status": {
                            "observedGeneration": generation, "replicas": want, "readyReplicas": want,
                            "currentReplicas": want, "updatedReplicas": want
                        }});
                        let _ = api
                            .patch_status(d.metadata.name.as_deref().unwrap_or_default(), &params, &Patch::Merge(&patch))
                            .await;
                    }
                })
        };
        let jobs = {
            let api: Api<Job> = Api::all(client.clone());
            watcher(api, watcher::Config::default())
                .default_backoff()
                .applied_objects()
                .try_for_each(|j| {
                    let params = params.clone();
                    let client = client.clone();
                    async move {
                        let done = j.status.as_ref().and_then(|s| s.succeeded).unwrap_or(0) > 0;
                        if !done {
                            let api: Api<Job> = Api::namespaced(client, j.metadata.namespace.as_deref().unwrap_or("default"));
                            let patch = json!({"status": {
                                "succeeded": j.spec.as_ref().and_then(|s| s.completions).unwrap_or(1),
                                "conditions": [{"type": "Complete", "status": "True"}]
                            }});
                            let _ = api
                                .patch_status(j.metadata.name.as_deref().unwrap_or_default(), &params, &Patch::Merge(&patch))
                                .await;
                        }
                        Ok(())
                    }
                })
        };
        let _ = futures::join!(deployments, statefulsets, jobs);
    });
}
