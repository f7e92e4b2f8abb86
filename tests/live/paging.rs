//! Live lists are paged by `--chunk-size` (its own control plane: the bindings it
//! creates are seen by no other test).

use crate::support;

use serde_json::Value;
use support::fixtures::{karmadactl, parts};

/// `--chunk-size` sets the page size of every list (kubectl's flag and default); 0 asks
/// for one response. The result is the same either way.
#[tokio::test(flavor = "multi_thread")]
async fn lists_are_paged_by_chunk_size() {
    let env = support::own_env("paging");
    let client = env.admin().await;
    let items: Vec<Value> = (0..5)
        .map(|i| {
            serde_json::json!({
                "apiVersion": "work.karmada.io/v1alpha2", "kind": "ResourceBinding",
                "metadata": {"name": format!("paged-{i}"), "namespace": "paged"},
                "spec": {
                    "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": format!("paged-{i}")},
                    "clusters": [{"name": "paged-m1", "replicas": 1}],
                    "gracefulEvictionTasks": [{"fromCluster": "paged-m2", "reason": "ClusterDrained", "producer": "karmadactl"}]
                }
            })
        })
        .collect();
    support::fixtures::create_items(&client, &items).await;
    let proxy = support::proxy::Proxy::start(env);
    let list = |extra: &[&str]| {
        let mut args = vec!["evictions", "list", "-n", "paged", "-o", "json"];
        args.extend(extra);
        let (stdout, stderr, code) = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str::<Value>(&stdout).unwrap()["items"].clone()
    };
    let by_pages = list(&["--chunk-size", "2"]);
    let gets = proxy.arrivals("GET", "/namespaces/paged/resourcebindings");
    assert_eq!(gets.len(), 3, "5 bindings in pages of 2: {gets:?}");
    assert!(gets.iter().all(|(l, _)| l.contains("limit=2")), "{gets:?}");
    assert!(
        gets[1..].iter().all(|(l, _)| l.contains("continue=")),
        "{gets:?}"
    );
    let whole = list(&["--chunk-size", "0"]);
    let gets = proxy.arrivals("GET", "/namespaces/paged/resourcebindings");
    assert_eq!(gets.len(), 4, "one more request, for everything: {gets:?}");
    assert!(!gets[3].0.contains("limit="), "{gets:?}");
    let default = list(&[]);
    assert!(
        proxy.arrivals("GET", "/namespaces/paged/resourcebindings")[4]
            .0
            .contains("limit=500")
    );
    assert_eq!(by_pages.as_array().unwrap().len(), 5);
    assert_eq!(by_pages, whole);
    assert_eq!(whole, default);
}
