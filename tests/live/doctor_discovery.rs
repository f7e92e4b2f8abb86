//! `failover doctor` finds Karmada however it was installed: Deployments laid out as
//! `karmadactl init`, the Helm chart and karmada-operator lay them out (nothing runs
//! them), one found only by the binary its container runs, one pinned by flag, and a
//! webhook that is not there at all (the controller manager's settings are still
//! reported, and the exit code follows the findings); the members' scheduler-estimators
//! beside a scheduler that asks them, and one that does not.

use crate::support;

use kube::api::{Api, Patch, PatchParams, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;

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

/// A Deployment `name` in `ns` whose container `container` runs `command`.
fn deployment(
    ns: &str,
    name: &str,
    container: &str,
    command: &[&str],
    args: &[&str],
) -> k8s_openapi::api::apps::v1::Deployment {
    serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": ns},
        "spec": {
            "selector": {"matchLabels": {"app": name}},
            "template": {
                "metadata": {"labels": {"app": name}},
                "spec": {"containers": [
                    {"name": "sidecar", "image": "busybox", "command": ["sleep", "infinity"]},
                    {"name": container, "image": "docker.io/karmada/karmada-controller-manager:v1.18.2",
                     "command": command, "args": args}
                ]}
            }
        }
    }))
    .unwrap()
}

const CM_ON: &[&str] = &[
    "--feature-gates=Failover=true",
    "--enable-no-execute-taint-eviction=true",
];

fn doctor(kc: &std::path::Path, ns: &str, extra: &[&str]) -> (Value, i32) {
    let mut args = vec![
        "failover",
        "doctor",
        "--host-kubeconfig",
        kc.to_str().unwrap(),
        "--karmada-namespace",
        ns,
        "-o",
        "json",
    ];
    args.extend(extra);
    let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &args));
    let doc = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"));
    (doc, code)
}

fn component<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["component"] == name)
        .unwrap()
}

fn setting<'a>(doc: &'a Value, flag: &str) -> &'a Value {
    doc["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["flag"] == flag)
        .unwrap()
}

fn codes(doc: &Value) -> Vec<&str> {
    doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_installer_layout_is_found_and_a_missing_webhook_is_a_finding() {
    let env = support::own_env("doctor_discovery");
    let client = env.admin().await;
    create_items(
        &client,
        &[cluster("dd-m1"), cluster("dd-m2"), taint_policy()],
    )
    .await;
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    let put = |ns: &'static str, d: k8s_openapi::api::apps::v1::Deployment| {
        let client = client.clone();
        let namespaces = namespaces.clone();
        async move {
            let _ = namespaces
                .create(
                    &PostParams::default(),
                    &serde_json::from_value(json!({"metadata": {"name": ns}})).unwrap(),
                )
                .await;
            let api: Api<k8s_openapi::api::apps::v1::Deployment> = Api::namespaced(client, ns);
            let name = d.metadata.name.clone().unwrap();
            api.patch(
                &name,
                &PatchParams::apply("doctor-test").force(),
                &Patch::Apply(&d),
            )
            .await
            .unwrap();
        }
    };
    // karmadactl init: the binary's own names.
    put(
        "inst-init",
        deployment(
            "inst-init",
            "karmada-controller-manager",
            "karmada-controller-manager",
            &["/bin/karmada-controller-manager"],
            CM_ON,
        ),
    )
    .await;
    put(
        "inst-init",
        deployment(
            "inst-init",
            "karmada-webhook",
            "karmada-webhook",
            &[
                "/bin/karmada-webhook",
                "--allow-no-execute-taint-policy=true",
            ],
            &[],
        ),
    )
    .await;
    put(
        "inst-init",
        deployment(
            "inst-init",
            "karmada-scheduler",
            "karmada-scheduler",
            &["/bin/karmada-scheduler"],
            &[],
        ),
    )
    .await;
    // The Helm chart, release `prod`: RELEASE-SUFFIX, flags in the command; and a decoy
    // webhook of another product.
    let helm_cm: Vec<&str> = ["/bin/karmada-controller-manager"]
        .into_iter()
        .chain(CM_ON.iter().copied())
        .collect();
    put(
        "inst-helm",
        deployment(
            "inst-helm",
            "prod-controller-manager",
            "prod-controller-manager",
            &helm_cm,
            &[],
        ),
    )
    .await;
    put(
        "inst-helm",
        deployment(
            "inst-helm",
            "cert-manager-webhook",
            "cert-manager-webhook",
            &["/app/cmd/webhook"],
            &[],
        ),
    )
    .await;
    put(
        "inst-helm",
        deployment(
            "inst-helm",
            "prod-webhook",
            "prod-webhook",
            &[
                "/bin/karmada-webhook",
                "--allow-no-execute-taint-policy=true",
            ],
            &[],
        ),
    )
    .await;
    put(
        "inst-helm",
        deployment(
            "inst-helm",
            "prod-scheduler",
            "prod-scheduler",
            &["/bin/karmada-scheduler"],
            &[],
        ),
    )
    .await;
    // karmada-operator, Karmada object `demo`: NAME-karmada-SUFFIX.
    put(
        "inst-op",
        deployment(
            "inst-op",
            "demo-karmada-controller-manager",
            "karmada-controller-manager",
            &["/bin/karmada-controller-manager"],
            CM_ON,
        ),
    )
    .await;
    put(
        "inst-op",
        deployment(
            "inst-op",
            "demo-karmada-webhook",
            "karmada-webhook",
            &[
                "/bin/karmada-webhook",
                "--allow-no-execute-taint-policy=true",
            ],
            &[],
        ),
    )
    .await;
    put(
        "inst-op",
        deployment(
            "inst-op",
            "demo-karmada-scheduler",
            "karmada-scheduler",
            &["/bin/karmada-scheduler"],
            &[],
        ),
    )
    .await;
    // Found only by the binary its container runs; no webhook anywhere.
    put(
        "inst-bin",
        deployment(
            "inst-bin",
            "failover-brain",
            "manager",
            &["/usr/local/bin/karmada-controller-manager"],
            CM_ON,
        ),
    )
    .await;
    let kc = &env.kubeconfig;

    for (ns, cm, by_cm, webhook) in [
        (
            "inst-init",
            "deploy/inst-init/karmada-controller-manager (container karmada-controller-manager)",
            "the name karmadactl init (and the Helm chart) gives it",
            "deploy/inst-init/karmada-webhook (container karmada-webhook)",
        ),
        (
            "inst-helm",
            "deploy/inst-helm/prod-controller-manager (container prod-controller-manager)",
            "the name the Helm chart gives it",
            "deploy/inst-helm/prod-webhook (container prod-webhook)",
        ),
        (
            "inst-op",
            "deploy/inst-op/demo-karmada-controller-manager (container karmada-controller-manager)",
            "the name karmada-operator (or the Helm chart) gives it",
            "deploy/inst-op/demo-karmada-webhook (container karmada-webhook)",
        ),
    ] {
        let (doc, code) = doctor(kc, ns, &[]);
        assert_eq!(code, 0, "{ns}: {doc:#}");
        assert_eq!(
            doc["verdict"], "cluster failover is ON: every check passed",
            "{ns}"
        );
        assert_eq!(
            component(&doc, "karmada-controller-manager")["source"],
            format!("{cm}, found by {by_cm}"),
            "{ns}"
        );
        assert!(
            component(&doc, "karmada-webhook")["source"]
                .as_str()
                .unwrap()
                .starts_with(webhook),
            "{ns}: {doc:#}"
        );
        assert_eq!(
            component(&doc, "karmada-scheduler")["state"],
            "found",
            "{ns}"
        );
        assert_eq!(
            component(&doc, "karmada-controller-manager")["image"],
            "docker.io/karmada/karmada-controller-manager:v1.18.2"
        );
        assert_eq!(
            setting(&doc, "feature-gates")["value"],
            "Failover=true",
            "{ns}"
        );
        assert_eq!(setting(&doc, "feature-gates")["source"], "set", "{ns}");
        assert_eq!(
            setting(&doc, "allow-no-execute-taint-policy")["value"],
            "true",
            "{ns}"
        );
    }

    // Only by its binary, and no webhook: the controller manager's settings are still
    // read; the webhook's are unknown, a warning (exit 3), and the verdict says so.
    let (doc, code) = doctor(kc, "inst-bin", &[]);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(
        component(&doc, "karmada-controller-manager")["source"],
        "deploy/inst-bin/failover-brain (container manager), found by its container runs karmada-controller-manager"
    );
    assert_eq!(setting(&doc, "feature-gates")["value"], "Failover=true");
    assert_eq!(
        setting(&doc, "allow-no-execute-taint-policy")["value"],
        "unknown"
    );
    assert_eq!(component(&doc, "karmada-webhook")["state"], "not-found");
    assert_eq!(codes(&doc), ["component-unknown"]);
    let finding = &doc["findings"][0];
    assert!(finding["message"].as_str().unwrap().starts_with("the settings of karmada-webhook are unknown: not found: looked for a Deployment in inst-bin"), "{finding:#}");
    assert!(
        finding["fix"]
            .as_str()
            .unwrap()
            .contains("--webhook NAMESPACE/NAME"),
        "{finding:#}"
    );
    assert_eq!(doc["failoverOn"], true);
    assert!(doc["verdict"].as_str().unwrap().starts_with("cluster failover is ON, with 1 warning(s) (could not know: the settings of karmada-webhook"), "{}", doc["verdict"]);

    // Pinned: the webhook of another namespace, named by flag.
    let (doc, code) = doctor(kc, "inst-bin", &["--webhook", "inst-init/karmada-webhook"]);
    assert_eq!(code, 0, "{doc:#}");
    assert_eq!(
        component(&doc, "karmada-webhook")["source"],
        "deploy/inst-init/karmada-webhook (container karmada-webhook), found by named by --webhook"
    );
    // A pin that names nothing is a finding too, never a crash.
    let (doc, code) = doctor(kc, "inst-init", &["--controller-manager", "inst-init/nope"]);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(
        component(&doc, "karmada-controller-manager")["state"],
        "not-found"
    );
    assert!(
        doc["verdict"]
            .as_str()
            .unwrap()
            .starts_with("cluster failover is UNKNOWN"),
        "{}",
        doc["verdict"]
    );

    // A host that cannot be read at all is findings, not an error.
    let (doc, code) = {
        let mut args = vec![
            "failover",
            "doctor",
            "--host-kubeconfig",
            "/nonexistent/kubeconfig",
            "-o",
            "json",
        ];
        args.push("--karmada-namespace");
        args.push("inst-init");
        let (stdout, stderr, code) = parts(&karmadactl(kc, "admin", &args));
        (
            serde_json::from_str::<Value>(&stdout)
                .unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}")),
            code,
        )
    };
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(codes(&doc), ["component-unknown", "component-unknown"]);
    assert!(doc["findings"][0]["message"]
        .as_str()
        .unwrap()
        .contains("the host cluster cannot be read"));

    // The members' scheduler-estimators: one for dd-m1, none for dd-m2. With the
    // scheduler asking them, dd-m2 is placed by the general estimator alone; without it,
    // dd-m1's estimator answers nobody.
    for (ns, scheduler_flags) in [
        ("inst-est", &["--enable-scheduler-estimator=true"][..]),
        ("inst-est-off", &[][..]),
    ] {
        for (name, binary, args) in [
            (
                "karmada-controller-manager",
                "/bin/karmada-controller-manager",
                CM_ON,
            ),
            (
                "karmada-webhook",
                "/bin/karmada-webhook",
                &["--allow-no-execute-taint-policy=true"][..],
            ),
            (
                "karmada-scheduler",
                "/bin/karmada-scheduler",
                scheduler_flags,
            ),
            (
                "karmada-scheduler-estimator-dd-m1",
                "/bin/karmada-scheduler-estimator",
                &["--cluster-name=dd-m1", "--server-port=10352"][..],
            ),
        ] {
            put(ns, deployment(ns, name, name, &[binary], args)).await;
        }
    }
    let (doc, code) = doctor(kc, "inst-est", &[]);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(setting(&doc, "enable-scheduler-estimator")["value"], "true");
    assert_eq!(
        component(&doc, "karmada-scheduler-estimator")["source"],
        "deploy/inst-est/karmada-scheduler-estimator-dd-m1 (container karmada-scheduler-estimator-dd-m1), serves dd-m1"
    );
    assert_eq!(codes(&doc), ["estimator-missing"], "{doc:#}");
    assert_eq!(doc["findings"][0]["evidence"], json!(["dd-m2"]));
    let (doc, code) = doctor(kc, "inst-est-off", &[]);
    assert_eq!(code, 3, "{doc:#}");
    assert_eq!(
        setting(&doc, "enable-scheduler-estimator")["value"],
        "false"
    );
    assert_eq!(codes(&doc), ["estimator-unused"], "{doc:#}");
}
