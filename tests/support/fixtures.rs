//! Building and reading objects on the test server, and running the CLI against it.

use std::path::Path;
use std::process::Output;

use kube::api::{Api, DynamicObject, PostParams};
use kube::discovery::ApiResource;
use kube::Client;
use serde_json::{json, Value};

use karmadactl::api::Cluster;

/// The ApiResource of Cluster, for untyped access.
pub fn cluster_resource() -> ApiResource {
    ApiResource::erase::<Cluster>(&())
}

/// The ApiResource of a kind this tool reads (and of a Deployment, the workload of the
/// tests with members), by kind name.
pub fn resource_for(kind: &str) -> Option<ApiResource> {
    use karmadactl::api::*;
    Some(match kind {
        "Cluster" => ApiResource::erase::<Cluster>(&()),
        "ResourceBinding" => ApiResource::erase::<ResourceBinding>(&()),
        "ClusterResourceBinding" => ApiResource::erase::<ClusterResourceBinding>(&()),
        "PropagationPolicy" => ApiResource::erase::<PropagationPolicy>(&()),
        "ClusterPropagationPolicy" => ApiResource::erase::<ClusterPropagationPolicy>(&()),
        "ClusterTaintPolicy" => ApiResource::erase::<ClusterTaintPolicy>(&()),
        "Deployment" => ApiResource::erase::<k8s_openapi::api::apps::v1::Deployment>(&()),
        _ => return None,
    })
}

/// Create every object of a fleet file (a kubectl List in YAML or JSON, such as
/// `examples/quickstart.yaml`), namespaces and status included.
pub async fn load_fleet(client: &Client, path: &Path) {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let list: Value = serde_saphyr::from_str(&text).expect("a YAML or JSON kubectl List");
    create_items(client, list["items"].as_array().expect("a kubectl List")).await;
}

/// Create the namespace `name` unless it exists.
pub async fn ensure_namespace(client: &Client, name: &str) {
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    let ns = serde_json::from_value(json!({"metadata": {"name": name}})).unwrap();
    let _ = namespaces.create(&PostParams::default(), &ns).await; // may exist
}

/// A ClusterTaintPolicy `name` that adds `KEY:NoExecute` on every cluster whose Ready is
/// `status`, and removes it on True.
pub async fn noexecute_policy(client: &Client, name: &str, status: &str, key: &str) {
    let policy: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterTaintPolicy",
        "metadata": {"name": name},
        "spec": {
            "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": [status]}],
            "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
            "taints": [{"key": key, "effect": "NoExecute"}]
        }
    }))
    .unwrap();
    Api::<DynamicObject>::all_with(client.clone(), &resource_for("ClusterTaintPolicy").unwrap())
        .create(&PostParams::default(), &policy)
        .await
        .unwrap();
}

/// Create every object of `items` (kinds this tool reads; others are skipped), their
/// namespaces and their status included.
pub async fn create_items(client: &Client, items: &[Value]) {
    use kube::api::{Patch, PatchParams};
    for item in items {
        let Some(ar) = resource_for(item["kind"].as_str().unwrap_or_default()) else {
            continue;
        };
        let api: Api<DynamicObject> = match item["metadata"]["namespace"].as_str() {
            Some(ns) => {
                ensure_namespace(client, ns).await;
                Api::namespaced_with(client.clone(), ns, &ar)
            }
            None => Api::all_with(client.clone(), &ar),
        };
        let mut item = item.clone();
        if item["kind"] == "Cluster" && item["spec"]["syncMode"].is_null() {
            // Karmada's Cluster API requires a sync mode; `karmadactl join` writes Push.
            item["spec"]["syncMode"] = json!("Push");
        }
        let mut obj: DynamicObject = serde_json::from_value(item.clone()).unwrap();
        obj.metadata.uid = None;
        obj.metadata.creation_timestamp = None;
        let name = obj.metadata.name.clone().unwrap();
        api.create(&PostParams::default(), &obj)
            .await
            .unwrap_or_else(|e| panic!("create {name}: {e}"));
        if let Some(status) = item.get("status") {
            let patch = json!({ "status": status });
            api.patch_status(&name, &PatchParams::default(), &Patch::Merge(&patch))
                .await
                .unwrap();
        }
    }
}

/// Create a cluster from a JSON spec fragment and labels (in Push mode unless the spec
/// says otherwise: Karmada's Cluster API requires a sync mode).
pub async fn create_cluster(client: &Client, name: &str, labels: Value, mut spec: Value) {
    if spec["syncMode"].is_null() {
        spec["syncMode"] = json!("Push");
    }
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    let obj: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "cluster.karmada.io/v1alpha1",
        "kind": "Cluster",
        "metadata": {"name": name, "labels": labels},
        "spec": spec,
    }))
    .unwrap();
    api.create(&PostParams::default(), &obj)
        .await
        .unwrap_or_else(|e| panic!("create cluster {name}: {e}"));
}

/// The raw JSON of a cluster as the server stores it.
pub async fn cluster_json(client: &Client, name: &str) -> Value {
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_resource());
    serde_json::to_value(api.get(name).await.unwrap()).unwrap()
}

/// `KEY[=VALUE]:EFFECT` of every taint of a cluster, in order.
pub async fn taint_specs(client: &Client, name: &str) -> Vec<String> {
    let c = cluster_json(client, name).await;
    c["spec"]["taints"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|t| match t["value"].as_str() {
            Some(v) if !v.is_empty() => format!(
                "{}={}:{}",
                t["key"].as_str().unwrap(),
                v,
                t["effect"].as_str().unwrap()
            ),
            _ => format!(
                "{}:{}",
                t["key"].as_str().unwrap(),
                t["effect"].as_str().unwrap()
            ),
        })
        .collect()
}

/// The cluster's resourceVersion.
pub async fn resource_version(client: &Client, name: &str) -> String {
    cluster_json(client, name).await["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The binary under test: Cargo's for tests, the one beside the running example otherwise.
pub fn binary() -> std::path::PathBuf {
    match option_env!("CARGO_BIN_EXE_karmadactl") {
        Some(path) => path.into(),
        None => {
            let exe = std::env::current_exe().unwrap();
            exe.parent().unwrap().parent().unwrap().join("karmadactl")
        }
    }
}

/// An empty settings directory (XDG_CONFIG_HOME) for this test binary: runs never see
/// the settings the developer remembered.
pub fn empty_config() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// Run the CLI with a kubeconfig and context; no terminal, no colour, no inherited
/// KUBECONFIG, no remembered settings.
pub fn karmadactl(kubeconfig: &Path, context: &str, args: &[&str]) -> Output {
    karmadactl_with_config(empty_config(), kubeconfig, context, args)
}

/// [`karmadactl`] with the settings file of `config` (as XDG_CONFIG_HOME).
pub fn karmadactl_with_config(
    config: &Path,
    kubeconfig: &Path,
    context: &str,
    args: &[&str],
) -> Output {
    let mut cmd = std::process::Command::new(binary());
    cmd.env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .env("XDG_CONFIG_HOME", config)
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(["--karmada-context", context])
        .args(args)
        .stdin(std::process::Stdio::null());
    cmd.output().expect("run karmadactl")
}

/// Start the CLI in the background (as [`karmadactl`], with the current context), its
/// stdout and stderr piped: for commands a test acts on while they run.
#[allow(dead_code)]
pub fn spawn_karmadactl(kubeconfig: &Path, args: &[&str]) -> std::process::Child {
    std::process::Command::new(binary())
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .env("XDG_CONFIG_HOME", empty_config())
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start karmadactl")
}

/// stdout, stderr and exit code of a run, for assertions and failure messages.
pub fn parts(out: &Output) -> (String, String, i32) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
