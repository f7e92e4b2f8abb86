//! Remembered controller settings on the real kube-apiserver: discovered from the
//! components' Deployments (which nothing runs) for the test context, a `NoExecute` taint
//! then previews evictions without any flag; another context keeps upstream's defaults;
//! the settings file holds no credential; set, unset, a live dry-run and a snapshot
//! header show where each value came from.

use crate::support;

use kube::api::{Api, Patch, PatchParams, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;

const NS: &str = "karmada-system";

fn cluster(name: &str) -> Value {
    json!({
        "apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
        "metadata": {"name": name},
        "spec": {"syncMode": "Push"},
        "status": {
            "conditions": [{"type": "Ready", "status": "True", "reason": "ClusterReady", "message": "",
                            "lastTransitionTime": "2026-11-01T00:00:00Z"}],
            "apiEnablements": [{"groupVersion": "apps/v1",
                                "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "64", "memory": "256Gi", "pods": "1100"}}
        }
    })
}

fn binding(name: &str) -> Value {
    let placement = json!({"clusterAffinity": {"clusterNames": ["rs-m1", "rs-m2"]}});
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": name, "namespace": "default",
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": name},
            "replicas": 1,
            "placement": placement,
            "clusters": [{"name": "rs-m1", "replicas": 1}]
        }
    })
}

fn deployment(name: &str, args: &[&str]) -> k8s_openapi::api::apps::v1::Deployment {
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": NS},
        "spec": {
            "selector": {"matchLabels": {"app": name}},
            "template": {
                "metadata": {"labels": {"app": name}},
                "spec": {"containers": [{
                    "name": name,
                    "image": format!("docker.io/karmada/{name}:v1.17.4"),
                    "command": [format!("/bin/{name}")],
                    "args": args
                }]}
            }
        }
    }))
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn remembered_settings_drive_every_prediction_of_their_context_only() {
    let env = support::own_env("settings");
    let client = env.admin().await;
    create_items(
        &client,
        &[
            cluster("rs-m1"),
            cluster("rs-m2"),
            binding("rs-web"),
            binding("rs-api"),
        ],
    )
    .await;
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    // The plane has it already (karmada-aggregated-apiserver's Service lives there).
    let _ = namespaces
        .create(
            &PostParams::default(),
            &serde_json::from_value(json!({"metadata": {"name": NS}})).unwrap(),
        )
        .await;
    let deployments: Api<k8s_openapi::api::apps::v1::Deployment> =
        Api::namespaced(client.clone(), NS);
    for (name, args) in [
        (
            "karmada-controller-manager",
            vec![
                "--feature-gates=Failover=true",
                "--enable-no-execute-taint-eviction=true",
                "--graceful-eviction-timeout=5m",
            ],
        ),
        (
            "karmada-webhook",
            vec!["--allow-no-execute-taint-policy=true"],
        ),
    ] {
        deployments
            .patch(
                name,
                &PatchParams::apply("settings-test").force(),
                &Patch::Apply(&deployment(name, &args)),
            )
            .await
            .unwrap();
    }
    let kc = &env.kubeconfig;
    let config = tempfile::tempdir().unwrap();
    let run = |context: &str, args: &[&str]| {
        parts(&karmadactl_with_config(config.path(), kc, context, args))
    };
    let preview = |context: &str| {
        let (stdout, stderr, code) = run(
            context,
            &[
                "taint",
                "clusters",
                "rs-m1",
                "outage:NoExecute",
                "--dry-run=client",
            ],
        );
        assert_eq!(code, 0, "{stdout}{stderr}");
        stderr
    };

    // Nothing remembered: the preview assumes upstream's defaults, and says so.
    let stderr = preview("admin");
    assert!(
        stderr.contains("Impact (assuming Failover=false (default), enable-no-execute-taint-eviction=false (default)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("0 of 2 binding placement(s) would be evicted"),
        "{stderr}"
    );

    // Discover the real settings for the test context.
    let (stdout, stderr, code) = run(
        "admin",
        &[
            "failover",
            "settings",
            "refresh",
            "--host-kubeconfig",
            kc.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("Context admin (https://127.0.0.1:"),
        "{stdout}"
    );
    assert!(stdout.contains("feature-gates"), "{stdout}");
    let file = std::fs::read_to_string(config.path().join("karmadactl/settings.yaml")).unwrap();
    for secret in [&env.admin_token, &env.viewer_token, &env.client_key_pem] {
        assert!(
            !file.contains(secret.as_str()),
            "the settings file holds a credential:\n{file}"
        );
    }
    assert!(!file.contains("token") && !file.contains("BEGIN"), "{file}");

    // Now the same command previews the evictions, without any flag.
    let stderr = preview("admin");
    assert!(
        stderr.contains("Impact (assuming Failover=true (remembered), enable-no-execute-taint-eviction=true (remembered)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("2 of 2 binding placement(s) would be evicted"),
        "{stderr}"
    );
    assert!(
        stderr.contains("remembered: context admin; discovered ")
            && stderr.contains("from deploy/karmada-system/karmada-controller-manager (container karmada-controller-manager)"),
        "{stderr}"
    );
    // Another context of the same kubeconfig keeps upstream's defaults.
    let stderr = preview("viewer");
    assert!(stderr.contains("Failover=false (default)"), "{stderr}");
    assert!(!stderr.contains("remembered"), "{stderr}");
    // A flag still wins.
    let (_, stderr, _) = run(
        "admin",
        &[
            "taint",
            "clusters",
            "rs-m1",
            "outage:NoExecute",
            "--dry-run=client",
            "--feature-gates",
            "Failover=false",
        ],
    );
    assert!(stderr.contains("Failover=false (flag)"), "{stderr}");

    // A live dry-run reports the remembered values and where they came from.
    let (stdout, stderr, code) = run("admin", &["dry-run", "--cluster", "rs-m1", "-o", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["settingsSource"]["feature-gates"], "remembered");
    assert_eq!(
        doc["settingsSource"]["graceful-eviction-timeout"],
        "remembered"
    );
    assert_eq!(
        doc["settingsSource"]["resource-eviction-rate"],
        "remembered"
    );
    assert_eq!(doc["assumed"]["gracefulEvictionTimeoutSeconds"], 300);
    assert_eq!(doc["settingsRemembered"]["context"], "admin");
    assert_eq!(
        doc["settingsRemembered"]["discoveredFrom"][0],
        "deploy/karmada-system/karmada-controller-manager (container karmada-controller-manager)"
    );

    // The report's header prints times in whole seconds, however precise the clock.
    let (stdout, _, _) = run("admin", &["dry-run", "--cluster", "rs-m1"]);
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Scenario: rs-m1 gets cluster.karmada.io/not-ready:NoExecute at "),
        "{stdout}"
    );
    let stamp = first
        .split(" at ")
        .nth(1)
        .unwrap()
        .split(';')
        .next()
        .unwrap();
    assert!(stamp.ends_with('Z') && !stamp.contains('.'), "{first}");
    assert!(
        stdout.contains("Remembered: context admin; discovered "),
        "{stdout}"
    );

    // By hand: set, see it, forget it.
    let (_, stderr, code) = run(
        "admin",
        &["failover", "settings", "set", "resource-eviction-rate=0.25"],
    );
    assert_eq!(code, 0, "{stderr}");
    let (stdout, _, _) = run("admin", &["failover", "settings", "view", "-o", "json"]);
    let view: Value = serde_json::from_str(&stdout).unwrap();
    let rate = &view["contexts"]["admin"]["settings"]["resource-eviction-rate"];
    assert_eq!(rate["value"], "0.25");
    assert!(rate["setAt"].is_string(), "{view:#}");
    let (_, stderr, code) = run(
        "admin",
        &["failover", "settings", "set", "resource-eviction-rate=fast"],
    );
    assert_eq!(code, 2, "{stderr}");
    let (_, stderr, code) = run("admin", &["failover", "settings", "set", "no-such-flag=1"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown setting"), "{stderr}");
    let (stdout, _, _) = run("admin", &["dry-run", "--cluster", "rs-m1", "-o", "json"]);
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert!(
        doc["settingsRemembered"]["setByHand"]["resource-eviction-rate"].is_string(),
        "{doc:#}"
    );
    let (_, stderr, code) = run(
        "admin",
        &["failover", "settings", "unset", "resource-eviction-rate"],
    );
    assert_eq!(code, 0, "{stderr}");
    let (stdout, _, _) = run("admin", &["failover", "settings", "view", "-o", "json"]);
    let view: Value = serde_json::from_str(&stdout).unwrap();
    assert!(view["contexts"]["admin"]["settings"]["resource-eviction-rate"].is_null());

    // A snapshot records them in its header, with where they came from.
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("snap.json");
    let (_, stderr, code) = run("admin", &["snapshot", "-o", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let snap: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        snap["snapshot"]["controllerSettings"]["feature-gates"],
        "Failover=true"
    );
    assert!(
        snap["snapshot"]["controllerSettingsSources"]["feature-gates"]
            .as_str()
            .unwrap()
            .starts_with("remembered for context admin: discovered ")
    );

    // Forgotten: back to the defaults.
    let (_, _, code) = run("admin", &["failover", "settings", "unset", "--all"]);
    assert_eq!(code, 0);
    assert!(preview("admin").contains("Failover=false (default)"));
}
