//! The general replica estimator: how many replicas of one workload a cluster can take,
//! from its `status.resourceSummary` (and customized resource models when present), as
//! upstream Karmada's general estimator computes it.
//!
//! 1. pods = allocatable - allocated - allocating pods; `<= 0` means 0.
//! 2. Without replica requirements: that pod count.
//! 3. With `allocatableModelings` and `spec.resourceModels`: as many replicas as fit on
//!    virtual nodes (for each grade, `count` nodes sized at the grade's minimum of every
//!    resource and 110 pods), capped by the pod count.
//! 4. Otherwise, per requested resource, floor(available / requested) (CPU in milli-units,
//!    others in whole units rounded up), the minimum over resources, capped by the pod
//!    count; a requested resource the cluster does not report gives 0.
//!
//! Quantities that are not valid Kubernetes syntax count as zero (the API server would
//! have refused them).
//!
//! [`ClusterCapacity`] holds the per-cluster part, computed once; [`ReplicaRequest`] the
//! per-workload part; [`ClusterCapacity::max_replicas`] combines them without allocating.
//!
//! Workloads placed but not yet counted by the cluster's summary (in flight) are taken
//! off with [`ClusterCapacity::assume`], as the estimator does with the scheduler's
//! assumptions under `SchedulingOvercommitProtection` (v1.18, alpha): their pods and
//! requests join `allocating`; with resource models they are first placed on the model's
//! virtual nodes, node after node in grade order, each taking as many as fit.
//!
//! Upstream: `pkg/estimator/client/general.go` (`GeneralEstimator.maxAvailableReplicas`,
//! `getAllowedPodNumber`, `getMaximumReplicasBasedOnClusterSummary`,
//! `getMaximumReplicasBasedOnResourceModels`, `deductAssumedWorkloadsFromSummary`,
//! `buildModelNodes`), `pkg/estimator/scheduling_simulator_components.go`
//! (`SchedulingSimulator.scheduleComponent`: first fit over the nodes in order).
//! Conformance: `general_estimate`.
//! Karmada: master f8fdd02.

use std::collections::BTreeMap;

pub mod accurate;
pub mod node_match;

pub use accurate::MemberNodes;
use node_match::NodeFilter;

use crate::api::cluster::Cluster;
use crate::api::{Quantity, ReplicaRequirements, ResourceList};

use super::quantity::Amount;
use crate::api::names::is_qualified_name;

/// Pods one virtual node of a resource model can hold (Kubernetes' default).
pub const MODEL_NODE_PODS: i64 = 110;

/// Maximum replicas `cluster` can take for one replica needing `requirements` (family
/// `general_estimate`).
pub fn general_estimate(cluster: &Cluster, requirements: Option<&ReplicaRequirements>) -> i32 {
    ClusterCapacity::new(cluster).max_replicas(&ReplicaRequest::new(requirements))
}

/// What a cluster has left, precomputed from its resource summary and models.
#[derive(Clone, Debug, Default)]
pub struct ClusterCapacity {
    has_summary: bool,
    allowed_pods: i64,
    /// allocatable - allocated - allocating for every allocatable resource.
    available: Vec<Left>,
    /// Virtual nodes of the customized resource models, when they apply.
    model_nodes: Option<Vec<ModelNode>>,
    /// The member's real nodes, when its scheduler-estimator answers too.
    accurate: Option<MemberNodes>,
}

/// One resource left on a cluster, with the whole and milli units the estimator divides
/// by worked out once (not on every estimate).
#[derive(Clone, Debug)]
struct Left {
    name: String,
    /// `name` as [`Named`] compares it.
    key: Named,
    amount: Amount,
    /// `amount.value()`.
    value: i64,
    /// `amount.milli_value()`.
    milli: i64,
}

impl Left {
    fn new(name: String, amount: Amount) -> Self {
        Left {
            key: Named::of(&name),
            name,
            amount,
            value: amount.value(),
            milli: amount.milli_value(),
        }
    }

    fn set(&mut self, amount: Amount) {
        *self = Left::new(std::mem::take(&mut self.name), amount);
    }

    /// What the estimator reports left: CPU in milli-units, the others whole.
    fn reported(&self) -> i64 {
        if self.key == Named::Cpu {
            self.milli
        } else {
            self.value
        }
    }

    fn is(&self, request: &SummaryRequest) -> bool {
        self.key == request.key && (self.key != Named::Other || self.name == request.name)
    }
}

/// The resources every estimate reads, told apart without comparing their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Cpu,
    Memory,
    Pods,
    Other,
}

impl Named {
    fn of(name: &str) -> Named {
        match name {
            "cpu" => Named::Cpu,
            "memory" => Named::Memory,
            "pods" => Named::Pods,
            _ => Named::Other,
        }
    }
}

#[derive(Clone, Debug, Default)]
struct ModelNode {
    count: i64,
    res: NodeResources,
}

/// Resources in the units the upstream simulator uses.
#[derive(Clone, Debug, Default)]
struct NodeResources {
    milli_cpu: i64,
    memory: i64,
    ephemeral: i64,
    pods: i64,
    scalars: Vec<(String, i64)>,
}

impl NodeResources {
    fn from_list<'a>(list: impl Iterator<Item = (&'a String, &'a Quantity)>) -> Self {
        let mut r = NodeResources::default();
        for (name, q) in list {
            let a = amount(q);
            match name.as_str() {
                "cpu" => r.milli_cpu = r.milli_cpu.saturating_add(a.milli_value()),
                "memory" => r.memory = r.memory.saturating_add(a.value()),
                "pods" => r.pods = r.pods.saturating_add(a.value()),
                "ephemeral-storage" => r.ephemeral = r.ephemeral.saturating_add(a.value()),
                other if is_scalar_resource_name(other) => {
                    if let Some(e) = r.scalars.iter_mut().find(|(n, _)| n == other) {
                        e.1 = e.1.saturating_add(a.value());
                    } else {
                        r.scalars.push((other.to_string(), a.value()));
                    }
                }
                _ => {}
            }
        }
        r
    }

    /// What is left after `n` times `req`.
    fn minus(&self, req: &NodeResources, n: i64) -> NodeResources {
        let mut left = self.clone();
        left.milli_cpu -= req.milli_cpu.saturating_mul(n);
        left.memory -= req.memory.saturating_mul(n);
        left.ephemeral -= req.ephemeral.saturating_mul(n);
        left.pods -= req.pods.saturating_mul(n);
        for (name, want) in &req.scalars {
            if let Some(have) = left.scalars.iter_mut().find(|(n2, _)| n2 == name) {
                have.1 -= want.saturating_mul(n);
            }
        }
        left
    }

    /// How many times `req` fits (the simulator's `MaxDivided`), never negative.
    fn max_divided(&self, req: &NodeResources) -> i64 {
        let mut res = i64::MAX;
        let mut bound = |have: i64, want: i64| {
            if want > 0 {
                res = res.min(have / want);
            }
        };
        bound(self.milli_cpu, req.milli_cpu);
        bound(self.memory, req.memory);
        bound(self.ephemeral, req.ephemeral);
        for (name, want) in &req.scalars {
            let have = self
                .scalars
                .iter()
                .find(|(n, _)| n == name)
                .map_or(0, |(_, v)| *v);
            bound(have, *want);
        }
        res.min(self.pods).max(0)
    }
}

/// Extended, hugepage, `kubernetes.io/`-prefixed and attachable-volume resource names:
/// the ones the upstream simulator tracks besides cpu, memory, pods and ephemeral storage.
fn is_scalar_resource_name(name: &str) -> bool {
    let prefixed_native = name.contains("kubernetes.io/");
    let native = !name.contains('/') || prefixed_native;
    let extended =
        !native && !name.starts_with("requests.") && is_qualified_name(&format!("requests.{name}"));
    extended
        || name.starts_with("hugepages-")
        || prefixed_native
        || name.starts_with("attachable-volumes-")
}

fn amount(q: &Quantity) -> Amount {
    Amount::of(q).unwrap_or(Amount::ZERO)
}

fn list_amount(list: &ResourceList, name: &str) -> Option<Amount> {
    list.get(name).map(amount)
}

impl ClusterCapacity {
    /// Precompute what `cluster` has left.
    pub fn new(cluster: &Cluster) -> Self {
        let Some(summary) = cluster
            .status
            .as_ref()
            .and_then(|s| s.resource_summary.as_ref())
        else {
            return ClusterCapacity::default();
        };
        let pods = |l: &ResourceList| list_amount(l, "pods").unwrap_or(Amount::ZERO).value();
        let allowed_pods = pods(&summary.allocatable)
            .saturating_sub(pods(&summary.allocated))
            .saturating_sub(pods(&summary.allocating))
            .max(0);
        let available = summary
            .allocatable
            .iter()
            .map(|(name, q)| {
                let mut a = amount(q);
                if let Some(used) = list_amount(&summary.allocated, name) {
                    a = a.saturating_sub(used);
                }
                if let Some(used) = list_amount(&summary.allocating, name) {
                    a = a.saturating_sub(used);
                }
                Left::new(name.clone(), a)
            })
            .collect();
        let model_nodes = if summary.allocatable_modelings.is_empty() {
            None
        } else {
            model_nodes(cluster)
        };
        ClusterCapacity {
            has_summary: true,
            allowed_pods,
            available,
            model_nodes,
            accurate: None,
        }
    }

    /// Whether `a` and `b` give the same capacity: the same resource summary and models.
    pub fn same_inputs(a: &Cluster, b: &Cluster) -> bool {
        let (sa, sb) = (a.status.as_ref(), b.status.as_ref());
        sa.map(|s| &s.resource_summary) == sb.map(|s| &s.resource_summary)
            && a.spec.resource_models == b.spec.resource_models
    }

    /// The same, with the scheduler-estimator's answer of `other` (if it has one).
    pub fn keeping_nodes(mut self, other: &ClusterCapacity) -> Self {
        self.accurate = other.accurate.clone();
        self
    }

    /// The same, with the member's scheduler-estimator answering from `nodes` too.
    pub fn with_nodes(mut self, nodes: MemberNodes) -> Self {
        self.accurate = Some(nodes);
        self
    }

    /// Whether the member's scheduler-estimator answers too.
    pub fn has_nodes(&self) -> bool {
        self.accurate.is_some()
    }

    /// Pods the cluster can still take (allocatable - allocated - allocating, >= 0).
    pub fn allowed_pods(&self) -> i64 {
        self.allowed_pods
    }

    /// Whether the customized resource models are used for this cluster.
    pub fn uses_resource_models(&self) -> bool {
        self.model_nodes.is_some()
    }

    /// Take `replicas` of `request` off what is left (an in-flight workload).
    pub fn assume(&mut self, request: &ReplicaRequest, replicas: i64) {
        if replicas <= 0 {
            return;
        }
        if let Some(nodes) = self.accurate.as_mut() {
            nodes.assume(request, replicas);
        }
        if !self.has_summary {
            return;
        }
        self.allowed_pods = self.allowed_pods.saturating_sub(replicas);
        for r in &request.summary {
            let taken = if r.is_cpu {
                Amount::from_nano(i128::from(r.per_replica) * 1_000_000 * i128::from(replicas))
            } else {
                Amount::from_units(r.per_replica.saturating_mul(replicas))
            };
            match self.available.iter_mut().find(|l| l.is(r)) {
                Some(l) => l.set(l.amount.saturating_sub(taken)),
                None => self.available.push(Left::new(
                    r.name.clone(),
                    Amount::ZERO.saturating_sub(taken),
                )),
            }
        }
        if let Some(nodes) = self.model_nodes.as_mut() {
            place_first_fit(nodes, &request.model, replicas);
        }
    }

    /// The resources left (allocatable - allocated - allocating, less what was assumed),
    /// by name: CPU in milli-units, the others in whole units.
    pub fn left(&self) -> Vec<(String, i64)> {
        let mut out: Vec<(String, i64)> = self
            .available
            .iter()
            .map(|l| (l.name.clone(), l.reported()))
            .collect();
        if let Some(p) = out.iter_mut().find(|(n, _)| n == "pods") {
            p.1 = self.allowed_pods;
        }
        out
    }

    /// What [`Self::left`] gives for the resource `name` (0 when the cluster has none),
    /// without building the list.
    pub fn left_of(&self, name: &str) -> i64 {
        if name == "pods" && self.available.iter().any(|l| l.key == Named::Pods) {
            return self.allowed_pods;
        }
        self.available
            .iter()
            .find(|l| l.name == name)
            .map_or(0, Left::reported)
    }

    /// Maximum replicas of `request` this cluster can take: the general estimator's
    /// answer, or the member's scheduler-estimator's where that is smaller.
    pub fn max_replicas(&self, request: &ReplicaRequest) -> i32 {
        let general = self.general_max_replicas(request);
        match &self.accurate {
            Some(nodes) => general.min(nodes.max_replicas(request)),
            None => general,
        }
    }

    /// The general estimator's answer alone.
    pub fn general_max_replicas(&self, request: &ReplicaRequest) -> i32 {
        if !self.has_summary || self.allowed_pods <= 0 {
            return 0;
        }
        let mut max = self.allowed_pods;
        if !request.present {
            return clamp_i32(max);
        }
        if let Some(nodes) = &self.model_nodes {
            let mut total: i64 = 0;
            for node in nodes {
                let fit = node.res.max_divided(&request.model);
                total = total.saturating_add(node.count.saturating_mul(fit));
            }
            return clamp_i32(max.min(total.min(i32::MAX as i64)));
        }
        for r in &request.summary {
            let Some(avail) = self.available.iter().find(|l| l.is(r)) else {
                return 0;
            };
            if avail.value <= 0 {
                return 0;
            }
            let have = if r.is_cpu { avail.milli } else { avail.value };
            max = max.min(have / r.per_replica);
        }
        clamp_i32(max)
    }
}

/// Place `replicas` of `req` on `nodes` as upstream's simulator does: node after node in
/// order, each taking as many as fit. Alike nodes are held as one group with a count; a
/// group is split where the placement stops part way.
fn place_first_fit(nodes: &mut Vec<ModelNode>, req: &NodeResources, replicas: i64) {
    let mut remaining = replicas;
    let mut out: Vec<ModelNode> = Vec::with_capacity(nodes.len() + 2);
    for group in nodes.drain(..) {
        let fit = group.res.max_divided(req);
        if remaining == 0 || fit == 0 {
            out.push(group);
            continue;
        }
        // Nodes filled with `fit` each, then one with the rest, then the untouched.
        let full = (remaining / fit).min(group.count);
        if full > 0 {
            out.push(ModelNode {
                count: full,
                res: group.res.minus(req, fit),
            });
            remaining -= full * fit;
        }
        let mut left = group.count - full;
        if left > 0 && remaining > 0 {
            out.push(ModelNode {
                count: 1,
                res: group.res.minus(req, remaining),
            });
            remaining = 0;
            left -= 1;
        }
        if left > 0 {
            out.push(ModelNode {
                count: left,
                res: group.res,
            });
        }
    }
    *nodes = out;
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(0, i32::MAX as i64) as i32
}

/// Virtual nodes per grade; `None` when the models cannot be used (no models, negative
/// counts), in which case the summary is used instead, as upstream does.
fn model_nodes(cluster: &Cluster) -> Option<Vec<ModelNode>> {
    let models = &cluster.spec.resource_models;
    let modelings = &cluster
        .status
        .as_ref()?
        .resource_summary
        .as_ref()?
        .allocatable_modelings;
    if models.is_empty() {
        return None;
    }
    // Grade -> node template; a repeated grade or resource name: the last one wins.
    let mut templates: BTreeMap<u32, BTreeMap<&String, &Quantity>> = BTreeMap::new();
    for m in models {
        let t: BTreeMap<&String, &Quantity> = m.ranges.iter().map(|r| (&r.name, &r.min)).collect();
        templates.insert(m.grade, t);
    }
    let mut counts: BTreeMap<u32, i64> = BTreeMap::new();
    for m in modelings {
        if m.count < 0 {
            return None;
        }
        *counts.entry(m.grade).or_default() += m.count;
    }
    let mut nodes = Vec::new();
    for (grade, template) in templates {
        let count = counts.get(&grade).copied().unwrap_or(0);
        if count == 0 {
            continue;
        }
        let mut res =
            NodeResources::from_list(template.into_iter().filter(|(n, _)| n.as_str() != "pods"));
        res.pods = MODEL_NODE_PODS;
        nodes.push(ModelNode { count, res });
    }
    Some(nodes)
}

/// One replica's resource request, prepared for [`ClusterCapacity::max_replicas`].
#[derive(Clone, Debug, Default)]
pub struct ReplicaRequest {
    present: bool,
    summary: Vec<SummaryRequest>,
    model: NodeResources,
    /// The nodes a replica may land on (the accurate estimator's filter).
    nodes: NodeFilter,
}

#[derive(Clone, Debug)]
struct SummaryRequest {
    name: String,
    key: Named,
    is_cpu: bool,
    /// Milli-units for CPU, whole units otherwise; always > 0.
    per_replica: i64,
}

impl ReplicaRequest {
    /// Prepare `requirements` (`None`: the workload declared none).
    pub fn new(requirements: Option<&ReplicaRequirements>) -> Self {
        let Some(req) = requirements else {
            return ReplicaRequest::default();
        };
        let summary = req
            .resource_request
            .iter()
            .filter_map(|(name, q)| {
                let a = amount(q);
                if a.value() <= 0 {
                    return None;
                }
                let is_cpu = name == "cpu";
                let per_replica = if is_cpu { a.milli_value() } else { a.value() };
                Some(SummaryRequest {
                    key: Named::of(name),
                    name: name.clone(),
                    is_cpu,
                    per_replica,
                })
            })
            .collect();
        let mut model = NodeResources::from_list(req.resource_request.iter());
        model.pods = 1;
        model.scalars.retain(|(_, v)| *v > 0);
        ReplicaRequest {
            present: true,
            summary,
            model,
            nodes: NodeFilter::new(req.node_claim.as_ref()),
        }
    }

    /// Whether the workload declared replica requirements at all.
    pub fn is_present(&self) -> bool {
        self.present
    }

    /// What one replica requests of CPU (millicores) and memory (bytes).
    pub fn per_replica(&self) -> PerReplica {
        let of = |name: &str| {
            self.summary
                .iter()
                .find(|r| r.name == name)
                .map_or(0, |r| r.per_replica)
        };
        PerReplica {
            cpu_milli: of("cpu"),
            memory_bytes: of("memory"),
        }
    }
}

/// One replica's request of the two resources reports show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerReplica {
    pub cpu_milli: i64,
    pub memory_bytes: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cluster(json: serde_json::Value) -> Cluster {
        serde_json::from_value(json).unwrap()
    }

    fn req(json: serde_json::Value) -> ReplicaRequirements {
        serde_json::from_value(json).unwrap()
    }

    fn guide_cluster(allocated_cpu: &str, allocated_pods: &str) -> Cluster {
        cluster(serde_json::json!({
            "metadata": {"name": "m"},
            "spec": {},
            "status": {"resourceSummary": {
                "allocatable": {"cpu": "4", "ephemeral-storage": "206291924Ki", "memory": "16265856Ki", "pods": "110"},
                "allocated": {"cpu": allocated_cpu, "memory": "290Mi", "pods": allocated_pods}
            }}
        }))
    }

    /// The general-model table of the resource-model scheduling guide: 6, 4, 0.
    #[test]
    fn guide_general_model_table() {
        let r = req(serde_json::json!({"resourceRequest": {"cpu": "500m"}}));
        assert_eq!(general_estimate(&guide_cluster("950m", "11"), Some(&r)), 6);
        assert_eq!(general_estimate(&guide_cluster("2", "11"), Some(&r)), 4);
        assert_eq!(general_estimate(&guide_cluster("2", "110"), Some(&r)), 0);
    }

    #[test]
    fn no_requirements_gives_pod_count() {
        assert_eq!(general_estimate(&guide_cluster("2", "11"), None), 99);
        let empty = req(serde_json::json!({}));
        assert_eq!(
            general_estimate(&guide_cluster("2", "11"), Some(&empty)),
            99
        );
    }

    #[test]
    fn missing_resource_or_summary_gives_zero() {
        let r = req(serde_json::json!({"resourceRequest": {"nvidia.com/gpu": "1"}}));
        assert_eq!(general_estimate(&guide_cluster("2", "11"), Some(&r)), 0);
        let bare = cluster(serde_json::json!({"metadata": {"name": "m"}, "spec": {}}));
        assert_eq!(general_estimate(&bare, None), 0);
    }

    #[test]
    fn memory_uses_whole_units() {
        let c = cluster(serde_json::json!({
            "metadata": {"name": "m"}, "spec": {},
            "status": {"resourceSummary": {"allocatable": {"memory": "10Gi", "pods": "100"}, "allocating": {"memory": "1Gi"}}}
        }));
        let r = req(serde_json::json!({"resourceRequest": {"memory": "2Gi"}}));
        assert_eq!(general_estimate(&c, Some(&r)), 4);
    }

    fn model_cluster(modelings: serde_json::Value) -> Cluster {
        cluster(serde_json::json!({
            "metadata": {"name": "m"},
            "spec": {"resourceModels": [
                {"grade": 0, "ranges": [{"name": "cpu", "min": "0", "max": "1"}, {"name": "memory", "min": "0", "max": "4Gi"}]},
                {"grade": 1, "ranges": [{"name": "cpu", "min": "1", "max": "2"}, {"name": "memory", "min": "4Gi", "max": "16Gi"}]},
                {"grade": 2, "ranges": [{"name": "cpu", "min": "2", "max": "4"}, {"name": "memory", "min": "16Gi", "max": "32Gi"}]},
                {"grade": 3, "ranges": [{"name": "cpu", "min": "4", "max": "8"}, {"name": "memory", "min": "32Gi", "max": "64Gi"}]},
                {"grade": 6, "ranges": [{"name": "cpu", "min": "32", "max": "64"}, {"name": "memory", "min": "256Gi", "max": "512Gi"}]}
            ]},
            "status": {"resourceSummary": {"allocatable": {"cpu": "1k", "memory": "4000Gi", "pods": "1k"}, "allocatableModelings": modelings}}
        }))
    }

    /// The guide's customized model examples, as today's upstream computes them.
    #[test]
    fn customized_models() {
        let small = req(serde_json::json!({"resourceRequest": {"cpu": "3", "memory": "20Gi"}}));
        let big = req(serde_json::json!({"resourceRequest": {"cpu": "3", "memory": "60Gi"}}));
        let m1 =
            model_cluster(serde_json::json!([{"grade": 2, "count": 1}, {"grade": 3, "count": 6}]));
        assert_eq!(general_estimate(&m1, Some(&small)), 6);
        assert_eq!(general_estimate(&m1, Some(&big)), 0);
        let m3 = model_cluster(serde_json::json!([{"grade": 6, "count": 1}]));
        assert_eq!(general_estimate(&m3, Some(&small)), 10);
        assert_eq!(general_estimate(&m3, Some(&big)), 4);
        // A negative count makes upstream fall back to the summary (1000 pods, 333 by CPU).
        let bad = model_cluster(serde_json::json!([{"grade": 6, "count": -1}]));
        assert_eq!(general_estimate(&bad, Some(&small)), 200);
    }

    #[test]
    fn scalar_names() {
        assert!(is_scalar_resource_name("nvidia.com/gpu"));
        assert!(is_scalar_resource_name("hugepages-2Mi"));
        assert!(is_scalar_resource_name("kubernetes.io/foo"));
        assert!(!is_scalar_resource_name("foo"));
        assert!(!is_scalar_resource_name("cpu"));
    }
}
