//! `failover doctor` on the real kube-apiserver, with the controllers' settings read from
//! Deployment objects the harness holds (nothing runs them): each switch off in turn
//! gives its finding and the verdict names it; all on gives a clean bill with the
//! per-cluster answers. And offline on the `examples/` snapshots, from their header.

use crate::support;

use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
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

fn binding() -> Value {
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["m1", "m2"]},
        "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                              "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
    });
    json!({
        "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
        "metadata": {"name": "web", "namespace": "shop",
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"},
            "replicas": 2,
            "placement": placement,
            "clusters": [{"name": "m1", "replicas": 2}]
        }
    })
}

fn taint_policy() -> Value {
    json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterTaintPolicy",
        "metadata": {"name": "not-ready"},
        "spec": {
            "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False", "Unknown"]}],
            "taints": [{"key": "cluster.karmada.io/not-ready", "effect": "NoExecute"}]
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
                    "image": format!("docker.io/karmada/{name}:v1.18.2"),
                    "command": [format!("/bin/{name}")],
                    "args": args
                }]}
            }
        }
    }))
    .unwrap()
}

fn doctor(kc: &std::path::Path, extra: &[&str]) -> (Value, String, i32) {
    let mut args = vec!["failover", "doctor", "-o", "json"];
    args.extend(extra);
    let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &args));
    let doc = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"));
    (doc, stderr, code)
}

fn codes(doc: &Value) -> Vec<&str> {
    doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

fn setting<'a>(doc: &'a Value, flag: &str) -> &'a Value {
    doc["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["flag"] == flag)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_switch_off_in_turn_and_all_on() {
    let env = support::own_env("doctor");
    let client = env.admin().await;
    create_items(
        &client,
        &[cluster("m1"), cluster("m2"), binding(), taint_policy()],
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
    let cm_on = [
        "--kubeconfig=/etc/karmada/karmada-apiserver.config",
        "--feature-gates=Failover=true,PropagationPolicyPreemption=false",
        "--enable-no-execute-taint-eviction=true",
        "--graceful-eviction-timeout",
        "5m",
        "--v=4",
    ];
    let set = |name: &'static str, args: Vec<&str>| {
        let deployments = deployments.clone();
        let d = deployment(name, &args);
        async move {
            deployments
                .patch(
                    name,
                    &PatchParams::apply("doctor-test").force(),
                    &Patch::Apply(&d),
                )
                .await
                .unwrap();
        }
    };
    set("karmada-controller-manager", cm_on.to_vec()).await;
    set(
        "karmada-webhook",
        vec!["--allow-no-execute-taint-policy=true", "--secure-port=8443"],
    )
    .await;
    let kc = &env.kubeconfig;
    let host = ["--host-kubeconfig", kc.to_str().unwrap()];

    // All on: a clean bill, with the per-cluster answers.
    let (doc, stderr, code) = doctor(kc, &host);
    assert_eq!(code, 0, "{doc:#}\n{stderr}");
    assert_eq!(doc["verdict"], "cluster failover is ON: every check passed");
    assert_eq!(codes(&doc), Vec::<&str>::new());
    let cm =
        "deploy/karmada-system/karmada-controller-manager (container karmada-controller-manager)";
    // The source is named once per component; each setting says set or not.
    assert_eq!(
        doc["components"][0]["source"],
        format!("{cm}, found by the name karmadactl init (and the Helm chart) gives it")
    );
    assert_eq!(doc["components"][0]["state"], "found");
    assert_eq!(
        doc["components"][0]["image"],
        "docker.io/karmada/karmada-controller-manager:v1.18.2"
    );
    // The release is the image's tag.
    assert_eq!(setting(&doc, "karmada-version")["value"], "v1.18.2");
    assert_eq!(setting(&doc, "karmada-version")["source"], "set");
    assert_eq!(setting(&doc, "feature-gates")["source"], "set");
    assert_eq!(setting(&doc, "graceful-eviction-timeout")["value"], "300s");
    assert_eq!(
        setting(&doc, "allow-no-execute-taint-policy")["source"],
        "set"
    );
    assert!(doc["components"][1]["source"]
        .as_str()
        .unwrap()
        .starts_with("deploy/karmada-system/karmada-webhook (container karmada-webhook)"));
    assert_eq!(
        setting(&doc, "resource-eviction-rate")["source"],
        "not set: upstream default"
    );
    let m1 = &doc["clusters"][0];
    assert_eq!(m1["cluster"], "m1");
    assert_eq!(
        (m1["bindings"].as_i64(), m1["moving"].as_i64()),
        (Some(1), Some(1)),
        "{m1:#}"
    );
    assert_eq!(m1["policies"], json!(["not-ready"]));
    assert_eq!(
        doc["clusters"][1]["nothingMoves"],
        "no binding is placed on it"
    );
    // The table says the same, verdict first.
    let (stdout, _, code) = parts(&karmadactl(
        kc,
        "admin",
        &["failover", "doctor", host[0], host[1]],
    ));
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("cluster failover is ON: every check passed\n"),
        "{stdout}"
    );

    // The pace and clean-up settings: warnings, failover still on.
    let mut slow = cm_on.to_vec();
    slow.extend([
        "--resource-eviction-rate=0",
        "--no-execute-taint-eviction-purge-mode",
        "Directly",
        "--graceful-eviction-timeout=30s",
    ]);
    set("karmada-controller-manager", slow).await;
    let (doc, _, code) = doctor(kc, &host);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(
        codes(&doc),
        [
            "purge-mode-directly",
            "eviction-rate-zero",
            "graceful-timeout-short"
        ]
    );
    assert_eq!(doc["verdict"], "cluster failover is ON, with 3 warning(s)");
    assert!(doc["findings"][1]["message"]
        .as_str()
        .unwrap()
        .contains(&format!("--resource-eviction-rate=0 ({cm})")));

    // The Failover gate off.
    let mut off = cm_on.to_vec();
    off[1] = "--feature-gates=Failover=false";
    set("karmada-controller-manager", off).await;
    let (doc, _, code) = doctor(kc, &host);
    assert_eq!(code, 1, "{doc:#}");
    assert_eq!(codes(&doc), ["failover-gate-off"]);
    assert_eq!(
        doc["verdict"],
        format!("cluster failover is OFF: Failover=false on karmada-controller-manager ({cm}): taints migrate nothing")
    );
    assert!(doc["clusters"][0]["nothingMoves"]
        .as_str()
        .unwrap()
        .contains("Failover=false"));

    // The NoExecute eviction switch off (left at upstream's default).
    let off: Vec<&str> = cm_on
        .iter()
        .copied()
        .filter(|a| !a.starts_with("--enable-no-execute"))
        .collect();
    set("karmada-controller-manager", off).await;
    let (doc, _, code) = doctor(kc, &host);
    assert_eq!(code, 1, "{doc:#}");
    assert_eq!(codes(&doc), ["noexecute-eviction-off"]);
    assert!(
        doc["verdict"].as_str().unwrap().starts_with(&format!(
            "cluster failover is OFF: --enable-no-execute-taint-eviction=false on karmada-controller-manager (upstream default (not set on {cm}))"
        )),
        "{}",
        doc["verdict"]
    );
    set("karmada-controller-manager", cm_on.to_vec()).await;

    // The webhook would refuse a NoExecute policy: the existing one still works (warning).
    set("karmada-webhook", vec!["--secure-port=8443"]).await;
    let (doc, _, code) = doctor(kc, &host);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(codes(&doc), ["webhook-rejects-noexecute-policy"]);
    assert_eq!(doc["verdict"], "cluster failover is ON, with 1 warning(s)");

    // No NoExecute policy at all: off, and the webhook would refuse one (error).
    let policies: Api<kube::api::DynamicObject> =
        Api::all_with(client.clone(), &resource_for("ClusterTaintPolicy").unwrap());
    policies
        .delete("not-ready", &DeleteParams::default())
        .await
        .unwrap();
    let (doc, _, code) = doctor(kc, &host);
    assert_eq!(code, 1, "{doc:#}");
    assert_eq!(
        codes(&doc),
        ["no-noexecute-policy", "webhook-rejects-noexecute-policy"]
    );
    assert!(doc["verdict"]
        .as_str()
        .unwrap()
        .starts_with("cluster failover is OFF: no ClusterTaintPolicy adds a NoExecute taint"));
    assert_eq!(doc["findings"][1]["severity"], "error");

    // Without --host-kubeconfig the settings are the flags' or upstream's defaults, and
    // the report says so.
    let (doc, _, code) = doctor(kc, &["--feature-gates", "Failover=true"]);
    assert_eq!(code, 1);
    assert_eq!(
        setting(&doc, "feature-gates")["source"],
        "flag --feature-gates"
    );
    assert_eq!(
        setting(&doc, "enable-no-execute-taint-eviction")["source"],
        "upstream default"
    );
    assert_eq!(
        doc["components"][0]["source"],
        "flags, else upstream defaults (--host-kubeconfig reads the real flags)"
    );

    // Nothing where the doctor looks: both components unknown, each a finding that says
    // what was looked for; the fleet's own checks still run and decide the exit code.
    let (doc, _, code) = doctor(kc, &[host[0], host[1], "--karmada-namespace", "elsewhere"]);
    assert_eq!(code, 1, "{doc:#}");
    assert_eq!(
        codes(&doc),
        [
            "component-unknown",
            "component-unknown",
            "no-noexecute-policy"
        ]
    );
    assert!(doc["findings"][0]["message"]
        .as_str()
        .unwrap()
        .contains("not found: looked for a Deployment in elsewhere"));
    assert!(doc["findings"][0]["fix"]
        .as_str()
        .unwrap()
        .contains("--controller-manager NAMESPACE/NAME"));
    assert!(
        doc["verdict"].as_str().unwrap().contains("could not know"),
        "{}",
        doc["verdict"]
    );
    assert_eq!(setting(&doc, "feature-gates")["value"], "unknown");
}

#[test]
fn offline_on_the_examples_from_the_snapshot_header() {
    let run = |args: &[&str]| {
        let mut all = vec!["failover", "doctor", "-o", "json"];
        all.extend(args);
        let out = std::process::Command::new(binary())
            .env("NO_COLOR", "1")
            .args(&all)
            .output()
            .unwrap();
        let (stdout, stderr, code) = parts(&out);
        let doc: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"));
        (doc, code)
    };
    let dir = env!("CARGO_MANIFEST_DIR");
    let quickstart = format!("{dir}/examples/quickstart.yaml");
    let mixed = format!("{dir}/examples/mixed-fleet.yaml");

    // quickstart: the gates are on in its header, but no policy taints NoExecute.
    let (doc, code) = run(&["--snapshot", &quickstart]);
    assert_eq!(code, 1);
    assert_eq!(setting(&doc, "feature-gates")["source"], "snapshot header");
    assert_eq!(setting(&doc, "feature-gates")["value"], "Failover=true");
    // Its Flink job preserves state, but the header leaves StatefulFailoverInjection off.
    assert_eq!(
        codes(&doc),
        [
            "no-noexecute-policy",
            "webhook-rejects-noexecute-policy",
            "state-gate-off"
        ]
    );
    assert_eq!(doc["failoverOn"], false);

    // mixed-fleet: a NoExecute policy for the eu and us clusters; ap-1 is uncovered.
    let (doc, code) = run(&["--snapshot", &mixed, "--allow-no-execute-taint-policy"]);
    assert!(code == 0 || code == 3, "{doc:#}");
    assert_eq!(doc["failoverOn"], true);
    let found = codes(&doc);
    assert!(found.contains(&"clusters-uncovered"), "{found:?}");
    assert!(!found.contains(&"webhook-rejects-noexecute-policy"));
    let uncovered = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "clusters-uncovered")
        .unwrap();
    assert_eq!(uncovered["evidence"], json!(["ap-1"]));
    // Without the header's gates (overridden by a flag), everything is off.
    let (doc, code) = run(&["--snapshot", &mixed, "--feature-gates", "Failover=false"]);
    assert_eq!(code, 1);
    assert_eq!(codes(&doc)[0], "failover-gate-off");
    assert_eq!(
        setting(&doc, "feature-gates")["source"],
        "flag --feature-gates"
    );

    // Per cluster, the same engine as dry-run: eu-1's answer is dry-run's with the
    // policy's taint on eu-1, followed for a week.
    let (doc, _) = run(&["--snapshot", &mixed, "--allow-no-execute-taint-policy"]);
    let eu1 = doc["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cluster"] == "eu-1")
        .unwrap()
        .clone();
    let out = std::process::Command::new(binary())
        .env("NO_COLOR", "1")
        .args([
            "dry-run",
            "--snapshot",
            &mixed,
            "--cluster",
            "eu-1",
            "--taint",
            "cluster.karmada.io/not-ready:NoExecute",
            "--at",
            "168h",
            "-o",
            "json",
        ])
        .output()
        .unwrap();
    let (stdout, stderr, _) = parts(&out);
    let sim: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let evicted = sim["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| {
            o["cluster"] == "eu-1"
                && ["evict", "evict-later"].contains(&o["verdict"].as_str().unwrap())
        })
        .count() as i64;
    assert_eq!(
        eu1["moving"].as_i64().unwrap() + eu1["blocked"].as_i64().unwrap(),
        evicted
            + sim["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|o| o["cluster"] == "eu-1"
                    && ["abandoned", "halted", "retrying", "not-migrated-gate-off"]
                        .contains(&o["verdict"].as_str().unwrap()))
                .count() as i64,
        "{eu1:#}"
    );
    assert!(eu1["moving"].as_i64().unwrap() > 0, "{eu1:#}");
}

/// The finding codes are a contract: the enum and the table of `docs/json-output.md`
/// agree.
#[test]
fn the_finding_codes_are_documented() {
    use strum::IntoEnumIterator;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json-output.md"))
        .unwrap();
    let start = doc.find("Finding codes:").expect("a Finding codes table");
    let documented: Vec<&str> = doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    let codes: Vec<&str> = karmadactl::engine::decide::doctor::FindingCode::iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(documented, codes);
}
