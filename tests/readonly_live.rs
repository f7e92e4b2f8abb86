//! Read-only commands against a real kube-apiserver: `snapshot` captures what
//! `dry-run` reads live, and the evicting-taint preview of `taint`.

mod support;

use kube::api::{Api, DynamicObject, Patch, PatchParams, PostParams};
use kube::discovery::ApiResource;
use serde_json::Value;
use support::fixtures::{karmadactl, parts};

fn resource_for(obj: &Value) -> Option<ApiResource> {
    use karmadactl::api::*;
    Some(match obj["kind"].as_str()? {
        "Cluster" => ApiResource::erase::<Cluster>(&()),
        "ResourceBinding" => ApiResource::erase::<ResourceBinding>(&()),
        "PropagationPolicy" => ApiResource::erase::<PropagationPolicy>(&()),
        _ => return None,
    })
}

/// Create every object of the quickstart example, status included.
async fn load_quickstart(client: &kube::Client) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/quickstart.yaml"
    ))
    .unwrap();
    let list: Value = serde_yaml::from_str(&text).unwrap();
    for item in list["items"].as_array().unwrap() {
        let ar = resource_for(item).unwrap();
        let api: Api<DynamicObject> = match item["metadata"]["namespace"].as_str() {
            Some(ns) => Api::namespaced_with(client.clone(), ns, &ar),
            None => Api::all_with(client.clone(), &ar),
        };
        let mut obj: DynamicObject = serde_json::from_value(item.clone()).unwrap();
        obj.metadata.uid = None;
        obj.metadata.creation_timestamp = None;
        let name = obj.metadata.name.clone().unwrap();
        api.create(&PostParams::default(), &obj)
            .await
            .unwrap_or_else(|e| panic!("create {name}: {e}"));
        if let Some(status) = item.get("status") {
            let patch = serde_json::json!({ "status": status });
            api.patch_status(&name, &PatchParams::default(), &Patch::Merge(&patch))
                .await
                .unwrap();
        }
    }
}

fn verdicts(doc: &Value) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["binding"].to_string(),
                o["cluster"].to_string(),
                o["verdict"].to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread")]
async fn snapshot_then_dry_run_agrees_with_live_and_taint_previews_impact() {
    let env = support::env();
    for ns in ["default", "streaming"] {
        let api: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(env.admin().await);
        let obj = serde_json::from_value(serde_json::json!({"metadata": {"name": ns}})).unwrap();
        let _ = api.create(&PostParams::default(), &obj).await;
    }
    let client = env.admin().await;
    load_quickstart(&client).await;
    let kc = &env.kubeconfig;

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fleet.json");
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "snapshot",
            "-o",
            file.to_str().unwrap(),
            "--controller-setting",
            "feature-gates=Failover=true",
            "--controller-setting",
            "enable-no-execute-taint-eviction=true",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("3 clusters") && stderr.contains("3 resourcebindings"),
        "{stderr}"
    );
    let snap: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(snap["kind"], "List");
    assert_eq!(snap["snapshot"]["context"], "admin");
    assert!(snap["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["metadata"].get("managedFields").is_none()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains(&env.admin_token),
        "no credentials in snapshots"
    );

    let args = [
        "dry-run",
        "--cluster",
        "member1",
        "--at",
        "10m",
        "-o",
        "json",
    ];
    let (live, stderr, code) = parts(&karmadactl(
        kc,
        "viewer",
        &[
            &args[..],
            &[
                "--feature-gates",
                "Failover=true",
                "--enable-no-execute-taint-eviction",
            ],
        ]
        .concat(),
    ));
    assert_eq!(code, 0, "the read-only user can simulate: {stderr}");
    let (offline, stderr, code) = parts(&karmadactl(
        kc,
        "viewer",
        &[&args[..], &["--snapshot", file.to_str().unwrap()]].concat(),
    ));
    assert_eq!(code, 0, "{stderr}");
    let (live, offline): (Value, Value) = (
        serde_json::from_str(&live).unwrap(),
        serde_json::from_str(&offline).unwrap(),
    );
    assert_eq!(verdicts(&live), verdicts(&offline));
    assert_eq!(live["predictions"], offline["predictions"]);
    assert_eq!(verdicts(&live).len(), 3);

    // The evicting taint previews what it would evict, then (with --yes) writes.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "taint",
            "clusters",
            "member1",
            "outage:NoExecute",
            "--yes",
            "--feature-gates",
            "Failover=true",
            "--enable-no-execute-taint-eviction",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/member1 tainted\n");
    assert!(
        stderr.contains("3 of 3 binding placement(s) would be evicted"),
        "{stderr}"
    );
    assert!(
        stderr.contains("rb/streaming/flink-app-flinkdeployment on member1: evict"),
        "{stderr}"
    );
}
