//! The parts of a real Karmada control plane every test server runs: Karmada's own
//! Cluster API (karmada-aggregated-apiserver, registered as an APIService, instead of a
//! CRD stand-in) and karmada-webhook with upstream's mutating and validating
//! configurations, from `../shared/karmada/bin` (see its README). Started one at a time,
//! each waited for; a failing start names the component and shows its log tail.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::ports;
use base64::Engine as _;
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use k8s_openapi::api::core::v1::{Namespace, Service};
use k8s_openapi::kube_aggregator::pkg::apis::apiregistration::v1::APIService;
use kube::api::{Api, DynamicObject, PostParams};
use kube::Client;
use serde_json::json;

/// Certificates the plane's components use, signed by the test CA.
pub struct PlaneCerts {
    /// `CN=front-proxy-client` (client auth): kube-apiserver's identity towards the
    /// aggregated apiserver.
    pub proxy_client_crt: PathBuf,
    pub proxy_client_key: PathBuf,
    /// Serving certificate of the aggregated apiserver and the webhook (SANs 127.0.0.1,
    /// localhost and their service names).
    pub serving_crt: PathBuf,
    pub serving_key: PathBuf,
    /// A directory with `tls.crt`/`tls.key` (the webhook's `--cert-dir`).
    pub webhook_cert_dir: PathBuf,
}

/// Write the plane's certificates into `dir`, signed by `ca`.
pub fn certs(dir: &Path, ca: &rcgen::Issuer<'_, rcgen::KeyPair>) -> PlaneCerts {
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "front-proxy-client");
    params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ClientAuth];
    let cert = params.signed_by(&key, ca).unwrap();
    let proxy_client_crt = write("front-proxy-client.crt", &cert.pem());
    let proxy_client_key = write("front-proxy-client.key", &key.serialize_pem());

    let key = rcgen::KeyPair::generate().unwrap();
    let params = rcgen::CertificateParams::new(vec![
        "karmada-aggregated-apiserver.karmada-system.svc".to_string(),
        "karmada-webhook.karmada-system.svc".to_string(),
        "localhost".to_string(),
        "127.0.0.1".to_string(),
    ])
    .unwrap();
    let cert = params.signed_by(&key, ca).unwrap();
    let serving_crt = write("karmada-serving.crt", &cert.pem());
    let serving_key = write("karmada-serving.key", &key.serialize_pem());
    let webhook_cert_dir = dir.join("webhook-certs");
    std::fs::create_dir_all(&webhook_cert_dir).unwrap();
    std::fs::write(webhook_cert_dir.join("tls.crt"), cert.pem()).unwrap();
    std::fs::write(webhook_cert_dir.join("tls.key"), key.serialize_pem()).unwrap();
    PlaneCerts {
        proxy_client_crt,
        proxy_client_key,
        serving_crt,
        serving_key,
        webhook_cert_dir,
    }
}

/// kube-apiserver's flags for the aggregation layer (front proxy).
pub fn aggregation_flags(certs: &PlaneCerts, ca: &Path) -> Vec<String> {
    vec![
        format!(
            "--proxy-client-cert-file={}",
            certs.proxy_client_crt.display()
        ),
        format!(
            "--proxy-client-key-file={}",
            certs.proxy_client_key.display()
        ),
        format!("--requestheader-client-ca-file={}", ca.display()),
        "--requestheader-allowed-names=front-proxy-client".into(),
        "--requestheader-username-headers=X-Remote-User".into(),
        "--requestheader-group-headers=X-Remote-Group".into(),
        "--requestheader-extra-headers-prefix=X-Remote-Extra-".into(),
    ]
}

/// A started component: its process and log.
pub struct Component {
    pub name: &'static str,
    pub child: Child,
    pub log: PathBuf,
}

impl Component {
    /// The last lines of its log.
    pub fn log_tail(&self) -> String {
        tail(&self.log, 30)
    }
}

/// The last `n` lines of a file.
pub fn tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Wait until `ready` holds, or fail naming `what` with its log tail.
async fn wait_for<F, Fut>(what: &str, log: &Path, secs: u64, mut ready: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !ready().await {
        assert!(
            Instant::now() < deadline,
            "{what} did not become ready in {secs} s\n--- {}\n{}",
            log.display(),
            tail(log, 40)
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Start karmada-aggregated-apiserver on the harness's etcd and register it: from then
/// on `cluster.karmada.io` is Karmada's own API.
pub async fn start_cluster_api(
    bin: &Path,
    dir: &Path,
    kubeconfig: &Path,
    etcd_url: &str,
    certs: &PlaneCerts,
    ca_pem: &str,
    client: &Client,
) -> Component {
    for ns in ["karmada-system", "karmada-cluster"] {
        let n: Namespace = serde_json::from_value(json!({"metadata": {"name": ns}})).unwrap();
        let _ = Api::<Namespace>::all(client.clone())
            .create(&PostParams::default(), &n)
            .await;
    }
    let port = ports::reserve();
    let log = dir.join("karmada-aggregated-apiserver.log");
    let k = kubeconfig.display().to_string();
    let child = Command::new(bin)
        .arg(format!("--kubeconfig={k}"))
        .arg(format!("--authentication-kubeconfig={k}"))
        .arg(format!("--authorization-kubeconfig={k}"))
        .arg(format!("--etcd-servers={etcd_url}"))
        .args(["--bind-address=127.0.0.1", "--feature-gates=Failover=true"])
        .arg(format!("--secure-port={port}"))
        .arg(format!("--tls-cert-file={}", certs.serving_crt.display()))
        .arg(format!(
            "--tls-private-key-file={}",
            certs.serving_key.display()
        ))
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("start karmada-aggregated-apiserver");
    let component = Component {
        name: "karmada-aggregated-apiserver",
        child,
        log: log.clone(),
    };
    let service: Service = serde_json::from_value(json!({
        "metadata": {"name": "karmada-aggregated-apiserver", "namespace": "karmada-system"},
        "spec": {"type": "ExternalName", "externalName": "127.0.0.1"}
    }))
    .unwrap();
    Api::<Service>::namespaced(client.clone(), "karmada-system")
        .create(&PostParams::default(), &service)
        .await
        .expect("create the aggregated apiserver's Service");
    let apiservice: APIService = serde_json::from_value(json!({
        "metadata": {"name": "v1alpha1.cluster.karmada.io"},
        "spec": {
            "group": "cluster.karmada.io", "version": "v1alpha1",
            "groupPriorityMinimum": 2000, "versionPriority": 10,
            "caBundle": base64::engine::general_purpose::STANDARD.encode(ca_pem),
            "service": {"name": "karmada-aggregated-apiserver", "namespace": "karmada-system", "port": port}
        }
    }))
    .unwrap();
    let apiservices: Api<APIService> = Api::all(client.clone());
    apiservices
        .create(&PostParams::default(), &apiservice)
        .await
        .expect("create the APIService");
    let clusters: Api<DynamicObject> = Api::all_with(
        client.clone(),
        &kube::discovery::ApiResource::erase::<karmadactl::api::Cluster>(&()),
    );
    wait_for(
        "karmada-aggregated-apiserver (APIService Available, clusters listed)",
        &log,
        90,
        || {
            let (apiservices, clusters) = (apiservices.clone(), clusters.clone());
            async move {
                let available = apiservices
                    .get("v1alpha1.cluster.karmada.io")
                    .await
                    .ok()
                    .and_then(|a| a.status)
                    .and_then(|s| s.conditions)
                    .unwrap_or_default()
                    .iter()
                    .any(|c| c.type_ == "Available" && c.status == "True");
                available && clusters.list(&Default::default()).await.is_ok()
            }
        },
    )
    .await;
    component
}

/// Start karmada-webhook and apply upstream's webhook configurations pointing at it; wait
/// until they take effect (a dry-run PropagationPolicy comes back with its permanent id).
pub async fn start_webhook(
    bin: &Path,
    dir: &Path,
    kubeconfig: &Path,
    certs: &PlaneCerts,
    ca_pem: &str,
    configuration: &Path,
    client: &Client,
) -> Component {
    let (port, probe) = (ports::reserve(), ports::reserve());
    let log = dir.join("karmada-webhook.log");
    let child = Command::new(bin)
        .arg(format!("--kubeconfig={}", kubeconfig.display()))
        .args(["--bind-address=127.0.0.1", "--metrics-bind-address=0"])
        .arg(format!("--secure-port={port}"))
        .arg(format!("--cert-dir={}", certs.webhook_cert_dir.display()))
        .arg(format!("--health-probe-bind-address=127.0.0.1:{probe}"))
        .arg("--allow-no-execute-taint-policy=true")
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("start karmada-webhook");
    let component = Component {
        name: "karmada-webhook",
        child,
        log: log.clone(),
    };
    // Its HTTPS server listening (readiness proper is the configuration check below).
    wait_for("karmada-webhook (listening)", &log, 60, || async move {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    })
    .await;
    let text = std::fs::read_to_string(configuration)
        .unwrap()
        .replace(
            "https://karmada-webhook.karmada-system.svc:443",
            &format!("https://127.0.0.1:{port}"),
        )
        .replace(
            "{{caBundle}}",
            &base64::engine::general_purpose::STANDARD.encode(ca_pem),
        );
    for doc in serde_saphyr::from_multiple::<serde_json::Value>(&text).unwrap() {
        match doc["kind"].as_str() {
            Some("MutatingWebhookConfiguration") => {
                let c: MutatingWebhookConfiguration = serde_json::from_value(doc).unwrap();
                Api::<MutatingWebhookConfiguration>::all(client.clone())
                    .create(&PostParams::default(), &c)
                    .await
                    .expect("create the mutating webhook configuration");
            }
            Some("ValidatingWebhookConfiguration") => {
                let c: ValidatingWebhookConfiguration = serde_json::from_value(doc).unwrap();
                Api::<ValidatingWebhookConfiguration>::all(client.clone())
                    .create(&PostParams::default(), &c)
                    .await
                    .expect("create the validating webhook configuration");
            }
            _ => {}
        }
    }
    let policies: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        "default",
        &kube::discovery::ApiResource::erase::<karmadactl::api::PropagationPolicy>(&()),
    );
    let probe_policy: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": "webhook-probe", "namespace": "default"},
        "spec": {"resourceSelectors": [{"apiVersion": "v1", "kind": "ConfigMap", "name": "x"}]}
    }))
    .unwrap();
    wait_for(
        "karmada-webhook (configurations in effect)",
        &log,
        60,
        || {
            let (policies, probe_policy) = (policies.clone(), probe_policy.clone());
            async move {
                let pp = PostParams {
                    dry_run: true,
                    ..Default::default()
                };
                policies.create(&pp, &probe_policy).await.is_ok_and(|p| {
                    p.metadata
                        .labels
                        .unwrap_or_default()
                        .contains_key("propagationpolicy.karmada.io/permanent-id")
                })
            }
        },
    )
    .await;
    component
}
