//! The whole path on a real Karmada with member clusters: a Deployment and a
//! PropagationPolicy on the control plane, Karmada's detector, scheduler and binding
//! controllers put it on member1 and member2 (read from the members' own apiservers);
//! `drain member1 --wait` ends with its replicas on member2 and member1 empty after the
//! graceful eviction; `failback member1` brings them back.

use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{Api, DynamicObject, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};

const NS: &str = "shop";

/// `shop/web` on each member: its replicas, `None` when it is not there (or the member
/// does not answer).
async fn on_members(k: &Karmada) -> BTreeMap<String, Option<i32>> {
    let mut out = BTreeMap::new();
    for m in &k.members {
        let api: Api<Deployment> = Api::namespaced(m.client().await, NS);
        let replicas = match api.get_opt("web").await {
            Ok(Some(d)) if d.metadata.deletion_timestamp.is_none() => d.spec.replicas,
            _ => None,
        };
        out.insert(m.name.clone(), replicas);
    }
    out
}

async fn wait_members(k: &Karmada, secs: u64, what: &str, want: &[(&str, Option<i32>)]) {
    let want: BTreeMap<String, Option<i32>> =
        want.iter().map(|(n, r)| (n.to_string(), *r)).collect();
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let got = on_members(k).await;
        if got == want {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the members hold {got:?}, not {want:?} after {secs} s\n--- controller-manager\n{}\n--- scheduler\n{}",
            k.log_tail("karmada-controller-manager.log"),
            k.log_tail("karmada-scheduler.log")
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

async fn binding(client: &kube::Client) -> Value {
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    );
    serde_json::to_value(api.get("web-deployment").await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn drain_and_failback_move_a_real_workload_between_real_members() {
    let Some(k) = karmada_with(Options {
        members: 3,
        ..Options::new(WITH_MEMBERS)
    }) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let kc = &k.env.kubeconfig;
    Api::<Namespace>::all(client.clone())
        .create(
            &PostParams::default(),
            &serde_json::from_value(json!({"metadata": {"name": NS}})).unwrap(),
        )
        .await
        .unwrap();
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "web", "namespace": NS, "labels": {"app": "web"}},
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}},
                         "spec": {"containers": [{"name": "web", "image": "nginx:1.27",
                                                  "resources": {"requests": {"cpu": "100m"}}}]}}
        }
    }))
    .unwrap();
    Api::<Deployment>::namespaced(client.clone(), NS)
        .create(&PostParams::default(), &deployment)
        .await
        .unwrap();
    let policy: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": "web", "namespace": NS},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}],
            "placement": {
                "clusterAffinity": {"clusterNames": ["member1", "member2"]},
                "replicaScheduling": {
                    "replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                    "weightPreference": {"staticWeightList": [
                        {"targetCluster": {"clusterNames": ["member1"]}, "weight": 1},
                        {"targetCluster": {"clusterNames": ["member2"]}, "weight": 2}
                    ]}
                }
            }
        }
    }))
    .unwrap();
    Api::<DynamicObject>::namespaced_with(
        client.clone(),
        NS,
        &resource_for("PropagationPolicy").unwrap(),
    )
    .create(&PostParams::default(), &policy)
    .await
    .unwrap();

    // Karmada divides it over member1 and member2, as the weights say.
    wait_members(
        k,
        120,
        "the first propagation",
        &[
            ("member1", Some(1)),
            ("member2", Some(2)),
            ("member3", None),
        ],
    )
    .await;
    let b = binding(&client).await;
    assert_eq!(
        b["spec"]["clusters"],
        json!([{"name": "member1", "replicas": 1}, {"name": "member2", "replicas": 2}])
    );

    // Drain member1 and wait: the replicas end on member2, member1 is emptied once the
    // new copy is healthy (the graceful eviction controller's doing).
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "drain",
            "member1",
            "--yes",
            "--wait",
            "--timeout",
            "3m",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        doc["plan"][0]["predicted"],
        json!([{"name": "member2", "replicas": 3}]),
        "{doc:#}"
    );
    assert!(
        doc["wait"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["ended"] == "cleared"),
        "{doc:#}"
    );
    wait_members(
        k,
        120,
        "the drain",
        &[("member1", None), ("member2", Some(3)), ("member3", None)],
    )
    .await;
    let b = binding(&client).await;
    assert_eq!(
        b["spec"]["clusters"],
        json!([{"name": "member2", "replicas": 3}])
    );
    assert!(
        b["spec"]["gracefulEvictionTasks"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "{b:#}"
    );

    // Maintenance done: uncordon, fail back. The recorded placement returns exactly.
    let (_, stderr, code) = parts(&karmadactl(kc, "admin", &["uncordon", "member1"]));
    assert_eq!(code, 0, "{stderr}");
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "failback",
            "member1",
            "--stable-for",
            "0s",
            "--min-success-time",
            "5s",
            "--progress-deadline",
            "3m",
            "--yes",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    wait_members(
        k,
        120,
        "the failback",
        &[
            ("member1", Some(1)),
            ("member2", Some(2)),
            ("member3", None),
        ],
    )
    .await;
    let b = binding(&client).await;
    assert_eq!(
        b["spec"]["clusters"],
        json!([{"name": "member1", "replicas": 1}, {"name": "member2", "replicas": 2}])
    );
}
