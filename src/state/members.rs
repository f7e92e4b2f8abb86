//! Member clusters' Nodes and the Pods bound to them, for the accurate estimator: read
//! live through Karmada's cluster proxy
//! (`/apis/cluster.karmada.io/v1alpha1/clusters/NAME/proxy/...`, what `karmadactl get
//! --operation-scope members` uses; it needs `clusters/proxy`), or from a snapshot's
//! Node and Pod documents annotated [`MEMBER_ANNOTATION`] (karmada-search's annotation
//! for objects cached from a member). Both are trimmed to what the estimator reads.

use std::collections::BTreeMap;

use futures::StreamExt;
use k8s_openapi::api::core::v1::{
    Container, Node, NodeSpec, NodeStatus, Pod, PodSpec, ResourceRequirements,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::api::ListParams;
use kube::core::ObjectList;
use serde::de::DeserializeOwned;

use crate::client::ControlPlane;
use crate::fleet::MemberInventory;

/// The annotation naming the member a snapshot's Node or Pod was read from.
pub const MEMBER_ANNOTATION: &str = "resource.karmada.io/cached-from-cluster";

/// Members read at once.
const CONCURRENT_MEMBERS: usize = 8;

/// The inventory of each member of `clusters` that could be read, and why each other
/// could not.
pub async fn load_members(
    cp: &ControlPlane,
    clusters: &[String],
) -> (BTreeMap<String, MemberInventory>, Vec<(String, String)>) {
    let reads = futures::stream::iter(clusters.iter().cloned())
        .map(|name| async move {
            let result = read_member(cp, &name).await;
            (name, result)
        })
        .buffer_unordered(CONCURRENT_MEMBERS)
        .collect::<Vec<_>>()
        .await;
    let mut read = BTreeMap::new();
    let mut failed = Vec::new();
    for (name, result) in reads {
        match result {
            Ok(inventory) => {
                read.insert(name, inventory);
            }
            Err(why) => failed.push((name, why)),
        }
    }
    failed.sort();
    (read, failed)
}

async fn read_member(cp: &ControlPlane, name: &str) -> Result<MemberInventory, String> {
    let base = format!("/apis/cluster.karmada.io/v1alpha1/clusters/{name}/proxy/api/v1");
    let (nodes_path, pods_path) = (format!("{base}/nodes"), format!("{base}/pods"));
    let (nodes, pods) = futures::try_join!(
        list_proxied(cp, &nodes_path, ListParams::default(), trim_node),
        list_proxied(
            cp,
            &pods_path,
            ListParams::default().fields("spec.nodeName!="),
            trim_pod
        ),
    )?;
    Ok(MemberInventory { nodes, pods })
}

/// Every object at `path`, page by page, each trimmed as its page arrives.
async fn list_proxied<T: DeserializeOwned + Clone>(
    cp: &ControlPlane,
    path: &str,
    params: ListParams,
    trim: fn(T) -> T,
) -> Result<Vec<T>, String> {
    let mut params = params;
    params.limit = (cp.page_size > 0).then_some(cp.page_size);
    let mut out = Vec::new();
    loop {
        let request = kube::core::Request::new(path)
            .list(&params)
            .map_err(|e| e.to_string())?;
        let page: ObjectList<T> = cp.client.request(request).await.map_err(|e| match e {
            kube::Error::Api(s) => format!("{} ({})", s.message, s.code),
            other => other.to_string(),
        })?;
        out.extend(page.items.into_iter().map(trim));
        match page.metadata.continue_.filter(|c| !c.is_empty()) {
            Some(token) => params.continue_token = Some(token),
            None => return Ok(out),
        }
    }
}

/// The member named by a snapshot object's [`MEMBER_ANNOTATION`].
pub fn member_of(meta: &ObjectMeta) -> Option<&str> {
    meta.annotations
        .as_ref()?
        .get(MEMBER_ANNOTATION)
        .map(String::as_str)
}

/// A Node with only what the estimator reads: name, labels, taints, whether it is
/// cordoned, allocatable.
pub fn trim_node(node: Node) -> Node {
    Node {
        metadata: ObjectMeta {
            name: node.metadata.name,
            labels: node.metadata.labels,
            annotations: node.metadata.annotations,
            ..ObjectMeta::default()
        },
        spec: node.spec.map(|s| NodeSpec {
            taints: s.taints,
            unschedulable: s.unschedulable,
            ..NodeSpec::default()
        }),
        status: node.status.map(|s| NodeStatus {
            allocatable: s.allocatable,
            ..NodeStatus::default()
        }),
    }
}

/// A Pod with only what the estimator reads: where it is bound and what its containers
/// request.
pub fn trim_pod(pod: Pod) -> Pod {
    let requests_only = |c: Container| Container {
        name: c.name,
        resources: c.resources.map(|r| ResourceRequirements {
            requests: r.requests,
            ..ResourceRequirements::default()
        }),
        ..Container::default()
    };
    Pod {
        metadata: ObjectMeta {
            name: pod.metadata.name,
            namespace: pod.metadata.namespace,
            annotations: pod.metadata.annotations,
            ..ObjectMeta::default()
        },
        spec: pod.spec.map(|s| PodSpec {
            node_name: s.node_name,
            containers: s.containers.into_iter().map(requests_only).collect(),
            init_containers: s
                .init_containers
                .map(|cs| cs.into_iter().map(requests_only).collect()),
            overhead: s.overhead,
            ..PodSpec::default()
        }),
        status: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn trimming_keeps_what_the_estimator_reads() {
        let pod: Pod = serde_json::from_value(json!({
            "metadata": {"name": "p", "namespace": "ns", "labels": {"a": "b"},
                         "managedFields": [{"manager": "x"}]},
            "spec": {"nodeName": "n0", "serviceAccountName": "sa",
                     "containers": [{"name": "c", "image": "img", "env": [{"name": "K", "value": "V"}],
                                     "resources": {"requests": {"cpu": "1"}, "limits": {"cpu": "2"}}}],
                     "overhead": {"cpu": "100m"}},
            "status": {"phase": "Running"}
        }))
        .unwrap();
        let trimmed = serde_json::to_value(trim_pod(pod)).unwrap();
        assert_eq!(
            trimmed,
            json!({"apiVersion": "v1", "kind": "Pod",
                   "metadata": {"name": "p", "namespace": "ns"},
                   "spec": {"nodeName": "n0", "overhead": {"cpu": "100m"},
                            "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}})
        );
        let node: Node = serde_json::from_value(json!({
            "metadata": {"name": "n0", "labels": {"zone": "a"}},
            "spec": {"podCIDR": "10.0.0.0/24", "unschedulable": true},
            "status": {"allocatable": {"cpu": "8"}, "capacity": {"cpu": "8"}}
        }))
        .unwrap();
        let trimmed = serde_json::to_value(trim_node(node)).unwrap();
        assert_eq!(
            trimmed,
            json!({"apiVersion": "v1", "kind": "Node",
                   "metadata": {"name": "n0", "labels": {"zone": "a"}},
                   "spec": {"unschedulable": true},
                   "status": {"allocatable": {"cpu": "8"}}})
        );
    }
}
