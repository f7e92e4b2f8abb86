//! The accurate estimator: what a member's `karmada-scheduler-estimator` answers when
//! the scheduler runs with `--enable-scheduler-estimator`. It counts real Nodes and the
//! Pods bound to them, node by node, where the general estimator divides the cluster's
//! summed resources: 1.5 CPU free on each of two nodes takes two 1-CPU replicas, not
//! three.
//!
//! 1. No node: 0.
//! 2. Each node's room is its `status.allocatable` less the requests of every Pod bound
//!    to it (`spec.nodeName`; finished Pods too: the estimator's cache keeps them), each
//!    resource floored at 0; its pod room is `pods` less the number of those Pods.
//!    A Pod's request is its containers' requests summed, each raised to any init
//!    container's request that is larger, plus its `overhead`.
//! 3. A node the replica's node claim rules out ([`NodeFilter`]) takes none; every other
//!    takes as many replicas as fit in its room (CPU in milli-units, the others in whole
//!    units, capped by its pod room); the answer is the sum over nodes.
//! 4. The scheduler takes, per cluster, the smaller of this answer and the general
//!    estimator's ([`super::ClusterCapacity::max_replicas`]); a cluster whose estimator
//!    cannot be reached keeps the general answer.
//!
//! Placements in flight are taken off node by node in order, each node taking as many as
//! fit (upstream's `SchedulingSimulator`, which the estimator runs for the scheduler's
//! assumed workloads; a member's own scheduler may spread real Pods differently).
//!
//! Upstream: `pkg/estimator/server/estimate.go` (`EstimateReplicas`),
//! `pkg/estimator/server/framework/plugins/noderesource/noderesource.go` (`Estimate`,
//! `getNodeAvailableResource`), `pkg/estimator/server/eventhandlers.go` (`assignedPod`),
//! `pkg/util/lifted/scheduler/framework/types.go` (`calculateResource`),
//! `pkg/util/resource.go` (`MaxDivided`, `SubResource`, `SetMaxResource`),
//! `pkg/scheduler/core/util.go` (`calAvailableReplicas`, `mergeReplicaResults`).
//! The `ResourceQuotaEstimate` plugin (alpha, off by default) is not modelled.
//! Karmada: v1.18.2, master f8fdd02.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, Pod};

use super::node_match::NodeFacts;
use super::{NodeResources, ReplicaRequest};
use crate::api::Cluster;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::{FleetState, MemberInventory};

/// Whether karmada-scheduler asks `cluster`'s scheduler-estimator under `settings`:
/// with `--enable-scheduler-estimator`, every cluster but Pull ones under
/// `--disable-scheduler-estimator-in-pull-mode`.
pub fn asks_estimator(cluster: &Cluster, settings: &ControllerSettings) -> bool {
    settings.scheduler_estimator
        && !(settings.scheduler_estimator_off_in_pull_mode
            && cluster.spec.sync_mode.as_deref() == Some("Pull"))
}

/// The members whose scheduler-estimator answers the scheduler, with their nodes: none
/// unless it runs with `--enable-scheduler-estimator`; Pull clusters left out under
/// `--disable-scheduler-estimator-in-pull-mode`; only members whose Nodes were read.
#[derive(Clone, Debug, Default)]
pub struct Estimators {
    by_cluster: BTreeMap<String, MemberNodes>,
}

impl Estimators {
    /// The estimators of `state` as `settings` run them.
    pub fn new(state: &FleetState, settings: &ControllerSettings) -> Self {
        Estimators::of(&state.members, &state.clusters, settings)
    }

    /// The estimators of the members `members` holds, among `clusters`.
    pub fn of(
        members: &BTreeMap<String, MemberInventory>,
        clusters: &[Cluster],
        settings: &ControllerSettings,
    ) -> Self {
        let by_cluster = clusters
            .iter()
            .filter(|c| asks_estimator(c, settings))
            .filter_map(|c| {
                let name = c.metadata.name.as_deref()?;
                let inventory = members.get(name)?;
                Some((name.to_string(), MemberNodes::new(inventory)))
            })
            .collect();
        Estimators { by_cluster }
    }

    /// The nodes of cluster `name`'s estimator, if it answers.
    pub fn get(&self, name: &str) -> Option<&MemberNodes> {
        self.by_cluster.get(name)
    }

    /// Whether no estimator answers.
    pub fn is_empty(&self) -> bool {
        self.by_cluster.is_empty()
    }
}

/// A member's nodes with what each has left, computed once from its inventory.
#[derive(Clone, Debug, Default)]
pub struct MemberNodes {
    nodes: Vec<NodeRoom>,
}

#[derive(Clone, Debug)]
struct NodeRoom {
    facts: NodeFacts,
    left: NodeResources,
}

impl MemberNodes {
    /// The room on every Node of `inventory`, less the Pods bound to it; nodes in name
    /// order.
    pub fn new(inventory: &MemberInventory) -> Self {
        let mut nodes: Vec<NodeRoom> = inventory.nodes.iter().map(NodeRoom::new).collect();
        nodes.sort_by(|a, b| a.facts.name.cmp(&b.facts.name));
        for pod in &inventory.pods {
            let Some(on) = pod.spec.as_ref().and_then(|s| s.node_name.as_deref()) else {
                continue;
            };
            if let Ok(i) = nodes.binary_search_by(|n| n.facts.name.as_str().cmp(on)) {
                nodes[i].left.take_pod(&pod_request(pod));
            }
        }
        MemberNodes { nodes }
    }

    /// How many nodes the member has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the member has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Replicas of `request` the member's estimator says fit (step 3).
    pub fn max_replicas(&self, request: &ReplicaRequest) -> i32 {
        let mut total: i32 = 0;
        for n in &self.nodes {
            if request.nodes.admits(&n.facts) {
                // Upstream adds each node's count to an int32.
                total = total.wrapping_add(n.left.max_divided(&request.model) as i32);
            }
        }
        total
    }

    /// Take `replicas` of `request` off the nodes, first fit in node order.
    pub fn assume(&mut self, request: &ReplicaRequest, replicas: i64) {
        let mut remaining = replicas;
        for n in &mut self.nodes {
            if remaining <= 0 {
                break;
            }
            if !request.nodes.admits(&n.facts) {
                continue;
            }
            let take = n.left.max_divided(&request.model).min(remaining);
            if take > 0 {
                n.left = n.left.minus(&request.model, take);
                remaining -= take;
            }
        }
    }
}

impl NodeRoom {
    fn new(node: &Node) -> Self {
        let spec = node.spec.as_ref();
        let facts = NodeFacts {
            name: node.metadata.name.clone().unwrap_or_default(),
            labels: node.metadata.labels.clone().unwrap_or_default(),
            taints: spec
                .and_then(|s| s.taints.as_ref())
                .into_iter()
                .flatten()
                .filter(|t| t.effect == "NoSchedule" || t.effect == "NoExecute")
                .map(|t| crate::api::taint::taint(&t.key, t.value.as_deref(), &t.effect))
                .collect(),
            unschedulable: spec.and_then(|s| s.unschedulable).unwrap_or(false),
        };
        let allocatable = node
            .status
            .as_ref()
            .and_then(|s| s.allocatable.as_ref())
            .map(|a| NodeResources::from_list(a.iter()))
            .unwrap_or_default();
        NodeRoom {
            facts,
            left: allocatable,
        }
    }
}

/// What one Pod takes of its node (`calculateResource`): no pod count in it.
fn pod_request(pod: &Pod) -> NodeResources {
    let Some(spec) = pod.spec.as_ref() else {
        return NodeResources::default();
    };
    let requests = |c: &k8s_openapi::api::core::v1::Container| {
        c.resources
            .as_ref()
            .and_then(|r| r.requests.as_ref())
            .map(|r| NodeResources::from_list(r.iter()))
            .unwrap_or_default()
    };
    let mut total = NodeResources::default();
    for c in &spec.containers {
        total.add(&requests(c));
    }
    for c in spec.init_containers.iter().flatten() {
        total.raise_to(&requests(c));
    }
    if let Some(overhead) = &spec.overhead {
        total.add(&NodeResources::from_list(overhead.iter()));
    }
    total.pods = 0;
    total
}

impl NodeResources {
    /// Each field plus `other`'s.
    fn add(&mut self, other: &NodeResources) {
        self.milli_cpu = self.milli_cpu.saturating_add(other.milli_cpu);
        self.memory = self.memory.saturating_add(other.memory);
        self.ephemeral = self.ephemeral.saturating_add(other.ephemeral);
        self.pods = self.pods.saturating_add(other.pods);
        for (name, v) in &other.scalars {
            match self.scalars.iter_mut().find(|(n, _)| n == name) {
                Some(e) => e.1 = e.1.saturating_add(*v),
                None => self.scalars.push((name.clone(), *v)),
            }
        }
    }

    /// Each field raised to `other`'s where that is larger (`SetMaxResource`).
    fn raise_to(&mut self, other: &NodeResources) {
        self.milli_cpu = self.milli_cpu.max(other.milli_cpu);
        self.memory = self.memory.max(other.memory);
        self.ephemeral = self.ephemeral.max(other.ephemeral);
        for (name, v) in &other.scalars {
            match self.scalars.iter_mut().find(|(n, _)| n == name) {
                Some(e) => e.1 = e.1.max(*v),
                None if *v > 0 => self.scalars.push((name.clone(), *v)),
                None => {}
            }
        }
    }

    /// Take a bound Pod's request and its pod slot off the room, floored at 0; only the
    /// extended resources the node has (`SubResource`).
    fn take_pod(&mut self, pod: &NodeResources) {
        self.milli_cpu = (self.milli_cpu - pod.milli_cpu).max(0);
        self.memory = (self.memory - pod.memory).max(0);
        self.ephemeral = (self.ephemeral - pod.ephemeral).max(0);
        self.pods = (self.pods - 1).max(0);
        for (name, v) in &pod.scalars {
            if let Some(e) = self.scalars.iter_mut().find(|(n, _)| n == name) {
                e.1 = (e.1 - v).max(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ReplicaRequirements;
    use serde_json::json;

    fn node(name: &str, allocatable: serde_json::Value) -> Node {
        serde_json::from_value(json!({
            "metadata": {"name": name},
            "status": {"allocatable": allocatable}
        }))
        .unwrap()
    }

    fn pod(node: &str, containers: serde_json::Value) -> Pod {
        serde_json::from_value(json!({
            "metadata": {"name": "p", "namespace": "default"},
            "spec": {"nodeName": node, "containers": containers}
        }))
        .unwrap()
    }

    fn cpu(c: &str) -> serde_json::Value {
        json!([{"name": "c", "resources": {"requests": {"cpu": c}}}])
    }

    fn request(r: serde_json::Value) -> ReplicaRequest {
        let r: ReplicaRequirements = serde_json::from_value(r).unwrap();
        ReplicaRequest::new(Some(&r))
    }

    fn eight_cpu() -> serde_json::Value {
        json!({"cpu": "8", "memory": "32Gi", "pods": "110"})
    }

    #[test]
    fn counts_node_by_node_where_the_summary_would_add_up() {
        // 1.5 CPU free on one node, 1 on the other: 2.5 in all, yet one 1.5-CPU replica.
        let inv = MemberInventory {
            nodes: vec![node("n0", eight_cpu()), node("n1", eight_cpu())],
            pods: vec![pod("n0", cpu("6500m")), pod("n1", cpu("7"))],
        };
        let nodes = MemberNodes::new(&inv);
        let r = request(json!({"resourceRequest": {"cpu": "1500m"}}));
        assert_eq!(nodes.max_replicas(&r), 1);
        let one = request(json!({"resourceRequest": {"cpu": "1"}}));
        assert_eq!(nodes.max_replicas(&one), 2);
    }

    #[test]
    fn pods_on_unknown_nodes_are_ignored_and_pod_slots_bound_every_node() {
        let inv = MemberInventory {
            nodes: vec![node("n0", json!({"cpu": "8", "pods": "2"}))],
            pods: vec![pod("n0", cpu("1")), pod("gone", cpu("8"))],
        };
        let nodes = MemberNodes::new(&inv);
        assert_eq!(nodes.max_replicas(&ReplicaRequest::new(None)), 1);
        assert_eq!(
            MemberNodes::default().max_replicas(&ReplicaRequest::new(None)),
            0
        );
    }

    #[test]
    fn init_containers_raise_and_overhead_adds() {
        let p: Pod = serde_json::from_value(json!({
            "metadata": {"name": "p"},
            "spec": {"nodeName": "n0",
                     "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}},
                                    {"name": "b", "resources": {"requests": {"cpu": "1"}}}],
                     "initContainers": [{"name": "i", "resources": {"requests": {"cpu": "3"}}}],
                     "overhead": {"cpu": "500m"}}
        }))
        .unwrap();
        let inv = MemberInventory {
            nodes: vec![node("n0", eight_cpu())],
            pods: vec![p],
        };
        // 8 - (max(2, 3) + 0.5) = 4.5 CPU left.
        let r = request(json!({"resourceRequest": {"cpu": "1"}}));
        assert_eq!(MemberNodes::new(&inv).max_replicas(&r), 4);
    }

    #[test]
    fn node_claims_and_taints_rule_nodes_out() {
        let mut tainted = node("n1", eight_cpu());
        tainted.spec = Some(serde_json::from_value(json!({
            "taints": [{"key": "k", "effect": "NoSchedule"}, {"key": "soft", "effect": "PreferNoSchedule"}]
        }))
        .unwrap());
        let mut labelled = node("n0", eight_cpu());
        labelled.metadata.labels = Some([("zone".to_string(), "a".to_string())].into());
        let inv = MemberInventory {
            nodes: vec![labelled, tainted],
            pods: vec![],
        };
        let nodes = MemberNodes::new(&inv);
        let r = request(json!({"resourceRequest": {"cpu": "2"}}));
        assert_eq!(nodes.max_replicas(&r), 4);
        let tolerant = request(json!({"resourceRequest": {"cpu": "2"},
            "nodeClaim": {"tolerations": [{"key": "k", "operator": "Exists"}]}}));
        assert_eq!(nodes.max_replicas(&tolerant), 8);
        let zoned = request(json!({"resourceRequest": {"cpu": "2"},
            "nodeClaim": {"nodeSelector": {"zone": "b"}}}));
        assert_eq!(nodes.max_replicas(&zoned), 0);
    }

    #[test]
    fn assumed_replicas_fill_nodes_in_order() {
        let inv = MemberInventory {
            nodes: vec![node("n0", eight_cpu()), node("n1", eight_cpu())],
            pods: vec![],
        };
        let mut nodes = MemberNodes::new(&inv);
        let r = request(json!({"resourceRequest": {"cpu": "3"}}));
        assert_eq!(nodes.max_replicas(&r), 4);
        nodes.assume(&r, 3);
        // n0 took 2 (2 CPU left), n1 took 1 (5 left): one more fits.
        assert_eq!(nodes.max_replicas(&r), 1);
    }
}
