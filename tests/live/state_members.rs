//! StatePreservation end to end on a real Karmada with member clusters, run with
//! `StatefulFailoverInjection=true`: a Deployment kept on one cluster, whose policy
//! preserves a value of its status, fails over from member1; the copy Karmada creates on
//! member2 carries the label `dry-run` predicted before the failure.

use crate::support;

use std::time::{Duration, Instant};

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{Api, DynamicObject, PostParams};
use serde_json::{json, Value};
use support::fixtures::*;
use support::karmada::{karmada_with, Karmada, Options, WITH_MEMBERS};

const NS: &str = "jobs";
const LABEL: &str = "app.example.com/replicas";

/// The job's binding (`null` until Karmada's detector has made it).
async fn binding(client: &kube::Client) -> Value {
    let api: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        NS,
        &resource_for("ResourceBinding").unwrap(),
    );
    match api.get("job-deployment").await {
        Ok(b) => serde_json::to_value(b).unwrap(),
        Err(_) => Value::Null,
    }
}

/// Poll `check` every half second for `secs`, failing with the controllers' logs.
async fn until<F: std::future::Future<Output = bool>>(
    k: &Karmada,
    secs: u64,
    what: &str,
    mut check: impl FnMut() -> F,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !check().await {
        assert!(
            Instant::now() < deadline,
            "{what} did not happen in {secs} s\n--- controller-manager\n{}\n--- scheduler\n{}",
            k.log_tail("karmada-controller-manager.log"),
            k.log_tail("karmada-scheduler.log")
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_new_member_gets_the_injected_labels() {
    let Some(k) = karmada_with(Options {
        members: 2,
        flags: vec!["--feature-gates=Failover=true,StatefulFailoverInjection=true".into()],
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
    // member2 takes no new placement until the job runs on member1.
    assert_eq!(parts(&karmadactl(kc, "admin", &["cordon", "member2"])).2, 0);
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "job", "namespace": NS, "labels": {"app": "job"}},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": "job"}},
            "template": {"metadata": {"labels": {"app": "job"}},
                         "spec": {"containers": [{"name": "job", "image": "busybox:1.36"}]}}
        }
    }))
    .unwrap();
    Api::<Deployment>::namespaced(client.clone(), NS)
        .create(&PostParams::default(), &deployment)
        .await
        .unwrap();
    let policy: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": "job", "namespace": NS},
        "spec": {
            "resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "job"}],
            "placement": {
                "clusterAffinity": {"clusterNames": ["member1", "member2"]},
                "spreadConstraints": [{"spreadByField": "cluster", "maxGroups": 1, "minGroups": 1}],
                "replicaScheduling": {"replicaSchedulingType": "Duplicated"}
            },
            "failover": {"cluster": {"purgeMode": "Directly", "statePreservation": {"rules": [
                {"aliasLabelName": LABEL, "jsonPath": "{.replicas}"}
            ]}}}
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

    // On member1, with its status collected.
    until(k, 120, "the job's status from member1", || {
        let client = client.clone();
        async move {
            let b = binding(&client).await;
            b["status"]["aggregatedStatus"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|i| i["clusterName"] == "member1" && i["status"]["replicas"].is_number())
        }
    })
    .await;
    assert_eq!(
        parts(&karmadactl(kc, "admin", &["uncordon", "member2"])).2,
        0
    );

    // Before the failure: what the failover carries, and where it is injected.
    let doc = k.predict(&["--cluster", "member1", "--taint", "outage:NoExecute"]);
    let o = &doc["outcomes"][0];
    assert_eq!(o["binding"], format!("rb/{NS}/job-deployment"), "{doc:#}");
    let want = o["state"]["labels"][LABEL]
        .as_str()
        .unwrap_or_else(|| panic!("{o:#}"))
        .to_string();
    assert_eq!(want, "1");
    assert_eq!(o["state"]["injection"]["on"], "member2", "{o:#}");

    // The failure, and the copy on member2. The label lives only while the eviction task
    // does (upstream injects it into the Work of a binding with a Directly task, and the
    // next sync after the task is cleared takes it off): watches started before the taint
    // see every version of the copy and of the binding, however briefly each state lasts.
    let member2 = k.member("member2");
    let mut copies = versions(
        Api::<Deployment>::namespaced(member2.client().await, NS),
        "job",
    );
    let mut bindings = versions(
        Api::<DynamicObject>::namespaced_with(
            client.clone(),
            NS,
            &resource_for("ResourceBinding").unwrap(),
        ),
        "job-deployment",
    );
    assert_eq!(
        parts(&karmadactl(
            kc,
            "admin",
            &["taint", "clusters", "member1", "outage:NoExecute", "--yes"]
        ))
        .2,
        0
    );
    let labelled = |d: &Deployment| {
        d.metadata
            .labels
            .as_ref()
            .and_then(|l| l.get(LABEL))
            .map(String::as_str)
            == Some(want.as_str())
    };
    let copy = first_version(
        k,
        &mut copies,
        "the job on member2 with the preserved label",
        labelled,
    )
    .await;
    assert!(labelled(&copy));
    let preserved = |b: &DynamicObject| {
        let b = serde_json::to_value(b).unwrap();
        b["spec"]["gracefulEvictionTasks"][0]["preservedLabelState"][LABEL] == want.as_str()
    };
    first_version(
        k,
        &mut bindings,
        "the eviction task with the preserved state",
        preserved,
    )
    .await;
}

/// Every version of the object `name` of `api`, as a watch delivers them.
fn versions<K>(api: Api<K>, name: &str) -> tokio::sync::mpsc::UnboundedReceiver<K>
where
    K: kube::Resource + Clone + std::fmt::Debug + serde::de::DeserializeOwned + Send + 'static,
{
    use futures::StreamExt;
    use kube::runtime::{watcher, WatchStreamExt};
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let config = watcher::Config::default().fields(&format!("metadata.name={name}"));
    tokio::spawn(async move {
        let mut events = std::pin::pin!(watcher(api, config).default_backoff().applied_objects());
        while let Some(event) = events.next().await {
            if let Ok(o) = event {
                if tx.send(o).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

/// The first version from `seen` that `check` accepts, within 120 s.
async fn first_version<K: std::fmt::Debug>(
    k: &Karmada,
    seen: &mut tokio::sync::mpsc::UnboundedReceiver<K>,
    what: &str,
    check: impl Fn(&K) -> bool,
) -> K {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    let mut count = 0;
    loop {
        match tokio::time::timeout_at(deadline, seen.recv()).await {
            Ok(Some(o)) if check(&o) => return o,
            Ok(Some(_)) => count += 1,
            _ => panic!(
                "{what}: not among the {count} version(s) seen in 120 s\n--- controller-manager\n{}",
                k.log_tail("karmada-controller-manager.log")
            ),
        }
    }
}
