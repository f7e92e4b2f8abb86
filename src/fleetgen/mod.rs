//! Deterministic generator of realistic Karmada fleets, for benchmarks and tests.
//!
//! [`write_fleet`] writes a JSON kubectl `List` with the snapshot header that
//! [`crate::state::parse_documents`] reads: member clusters (some faulty, some cordoned),
//! ResourceBindings and ClusterResourceBindings placed on them, a few PropagationPolicies
//! and ClusterTaintPolicies. The output depends only on the [`FleetSpec`] (seeded PRNG, no
//! clock, no hash-map iteration order), and items are written one at a time, so a fleet
//! of a million bindings never needs the whole document in memory.
//!
//! ```
//! use karmadactl::fleetgen::{write_fleet, FleetSpec};
//!
//! let mut out = Vec::new();
//! let summary = write_fleet(&FleetSpec::new(10, 100, 7), &mut out).unwrap();
//! assert_eq!(summary.resource_bindings + summary.cluster_resource_bindings, 100);
//! let mut state = karmadactl::fleet::FleetState::default();
//! karmadactl::state::parse_documents("gen", std::str::from_utf8(&out).unwrap(), &mut state).unwrap();
//! assert_eq!(state.clusters.len(), 10);
//! ```

mod bindings;
mod clusters;
#[cfg(test)]
mod tests;

use clusters::*;

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::binding::{AggregatedStatusItem, ClusterResourceBindingSpec};
use crate::api::cluster::{
    AllocatableModeling, ApiEnablement, ApiResourceRef, NodeSummary, ResourceModel,
    ResourceModelRange,
};
use crate::api::policy::{
    ClusterFailoverBehavior, ClusterPreferences, FieldSelector, FieldSelectorRequirement,
    MatchCondition, PolicyTaint, ReplicaSchedulingStrategy, ResourceSelector, SpreadConstraint,
    StaticClusterWeight,
};
use crate::api::taint::{NOT_READY_TAINT_KEY, UNREACHABLE_TAINT_KEY, UNSCHEDULABLE_TAINT_KEY};
use crate::api::{
    BindingSpec, BindingStatus, Cluster, ClusterAffinity, ClusterResourceBinding, ClusterSpec,
    ClusterStatus, ClusterTaintPolicy, ClusterTaintPolicySpec, Condition, FailoverBehavior,
    LabelSelector, LabelSelectorRequirement, ObjectMeta, ObjectReference, Placement,
    PropagationPolicy, PropagationSpec, Quantity, ReplicaRequirements, ResourceBinding,
    ResourceBindingSpec, ResourceList, ResourceSummary, Taint, TargetCluster, Time, Toleration,
    APPLIED_PLACEMENT_ANNOTATION,
};

/// What fleet to generate. Build one with [`FleetSpec::new`] and adjust the fields.
#[derive(Clone, Debug, PartialEq)]
pub struct FleetSpec {
    /// Number of member clusters (`member-0001`, `member-0002`, ...).
    pub clusters: usize,
    /// Number of bindings (ResourceBindings and ClusterResourceBindings together).
    pub bindings: usize,
    /// PRNG seed: the same spec always gives the same bytes.
    pub seed: u64,
    /// Share of clusters that are faulty: `Ready=False` and tainted
    /// `cluster.karmada.io/not-ready` with `NoSchedule` and `NoExecute`
    /// (rounded to the nearest whole cluster).
    pub faulty_fraction: f64,
    /// Share of (non-faulty) clusters that are cordoned (`cluster.karmada.io/unschedulable:NoSchedule`).
    pub cordoned_fraction: f64,
    /// Share of bindings that are ClusterResourceBindings (cluster-scoped workloads).
    pub cluster_binding_fraction: f64,
    /// Number of namespaces the ResourceBindings are spread over.
    pub namespaces: usize,
    /// Number of PropagationPolicies.
    pub propagation_policies: usize,
    /// Number of ClusterTaintPolicies (at most 2 distinct ones; more are numbered copies).
    pub taint_policies: usize,
    /// Capture time written in the snapshot header; every timestamp is relative to it.
    pub captured_at: Timestamp,
    /// Context name written in the snapshot header.
    pub context: String,
}

impl FleetSpec {
    /// A fleet of `clusters` clusters and `bindings` bindings with the default mix:
    /// 5% faulty, 2% cordoned, 5% ClusterResourceBindings, 20 namespaces, 4
    /// PropagationPolicies, 2 ClusterTaintPolicies, captured at 2026-11-22T12:00:00Z.
    pub fn new(clusters: usize, bindings: usize, seed: u64) -> Self {
        FleetSpec {
            clusters,
            bindings,
            seed,
            faulty_fraction: 0.05,
            cordoned_fraction: 0.02,
            cluster_binding_fraction: 0.05,
            namespaces: 20,
            propagation_policies: 4,
            taint_policies: 2,
            captured_at: "2026-11-22T12:00:00Z".parse().expect("valid timestamp"),
            context: "karmada-apiserver".to_string(),
        }
    }
}

impl Default for FleetSpec {
    fn default() -> Self {
        FleetSpec::new(10, 100, 1)
    }
}

/// Counts of what [`write_fleet`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FleetSummary {
    /// Clusters written.
    pub clusters: usize,
    /// Clusters with the `not-ready` `NoExecute` taint and `Ready=False`.
    pub faulty_clusters: usize,
    /// Clusters with the `unschedulable` taint.
    pub cordoned_clusters: usize,
    /// ResourceBindings written.
    pub resource_bindings: usize,
    /// ClusterResourceBindings written.
    pub cluster_resource_bindings: usize,
    /// PropagationPolicies written.
    pub propagation_policies: usize,
    /// ClusterTaintPolicies written.
    pub taint_policies: usize,
    /// Bytes written.
    pub bytes: u64,
}

/// Write the fleet described by `spec` to `out` as one JSON kubectl `List` with a
/// `snapshot` header. Items are serialized one by one through an internal buffer; `out`
/// is flushed at the end.
pub fn write_fleet<W: Write>(spec: &FleetSpec, out: W) -> io::Result<FleetSummary> {
    let mut w = CountingWriter {
        inner: BufWriter::with_capacity(1 << 16, out),
        bytes: 0,
    };
    let gen = Generator::new(spec);
    let mut summary = FleetSummary::default();

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Header<'a> {
        captured_at: String,
        context: &'a str,
        controller_settings: BTreeMap<&'static str, &'static str>,
    }
    let header = Header {
        captured_at: format_time(spec.captured_at),
        context: &spec.context,
        controller_settings: BTreeMap::from([
            ("feature-gates", "Failover=true"),
            ("enable-no-execute-taint-eviction", "true"),
        ]),
    };
    w.write_all(br#"{"apiVersion":"v1","kind":"List","metadata":{},"snapshot":"#)?;
    serde_json::to_writer(&mut w, &header)?;
    w.write_all(br#","items":["#)?;
    let mut first = true;
    let mut item = |w: &mut CountingWriter<_>, value: &dyn erased::Item| -> io::Result<()> {
        w.write_all(if first { b"\n" } else { b",\n" })?;
        first = false;
        value.write_json(w)
    };

    for index in 0..spec.clusters {
        let cluster = gen.cluster(index);
        if gen.faulty[index] {
            summary.faulty_clusters += 1;
        }
        if gen.cordoned[index] {
            summary.cordoned_clusters += 1;
        }
        item(&mut w, &cluster)?;
        summary.clusters += 1;
    }
    for index in 0..spec.bindings {
        match gen.binding(index) {
            GeneratedBinding::Namespaced(rb) => {
                item(&mut w, &rb)?;
                summary.resource_bindings += 1;
            }
            GeneratedBinding::ClusterScoped(crb) => {
                item(&mut w, &crb)?;
                summary.cluster_resource_bindings += 1;
            }
        }
    }
    for index in 0..spec.propagation_policies {
        item(&mut w, &gen.propagation_policy(index))?;
        summary.propagation_policies += 1;
    }
    for index in 0..spec.taint_policies {
        item(&mut w, &gen.taint_policy(index))?;
        summary.taint_policies += 1;
    }
    w.write_all(b"\n]}\n")?;
    w.flush()?;
    summary.bytes = w.bytes;
    Ok(summary)
}

/// The fleet as bytes (convenience for tests and benchmarks of small fleets).
pub fn fleet_to_vec(spec: &FleetSpec) -> Vec<u8> {
    let mut out = Vec::new();
    write_fleet(spec, &mut out).expect("writing to a Vec cannot fail");
    out
}

mod erased {
    use std::io::{self, Write};

    /// Object-safe "serialize as JSON to a writer".
    pub trait Item {
        fn write_json(&self, w: &mut dyn Write) -> io::Result<()>;
    }

    impl<T: serde::Serialize> Item for T {
        fn write_json(&self, w: &mut dyn Write) -> io::Result<()> {
            serde_json::to_writer(w, self).map_err(io::Error::from)
        }
    }
}

struct CountingWriter<W: Write> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// SplitMix64: tiny, fast, good enough for synthetic data (not for cryptography).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// An independent stream for item `index` of kind `stream` under `seed`: the same
    /// item is generated the same way whatever else the fleet holds.
    pub fn for_item(seed: u64, stream: u64, index: u64) -> Self {
        let mut base = SplitMix64(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        let s = base.next_u64() ^ index.wrapping_mul(0xE703_7ED1_A0B4_28DB);
        SplitMix64(SplitMix64(s).next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const REGIONS: [&str; 8] = [
    "us-east-1",
    "us-west-2",
    "eu-west-1",
    "eu-central-1",
    "ap-southeast-1",
    "ap-northeast-1",
    "cn-north-1",
    "sa-east-1",
];
const PROVIDERS: [&str; 5] = ["aws", "gcp", "azure", "huawei", "alibaba"];
const TIERS: [&str; 3] = ["gold", "silver", "bronze"];
const K8S_VERSIONS: [&str; 4] = ["v1.29.4", "v1.30.2", "v1.31.1", "v1.32.0"];

const STREAM_CLUSTER: u64 = 1;
const STREAM_BINDING: u64 = 2;
const STREAM_POLICY: u64 = 3;
const STREAM_LAYOUT: u64 = 4;

/// Static attributes of one cluster, computed once and shared by the binding generator.
struct ClusterInfo {
    name: String,
    region: usize,
    provider: usize,
    tier: usize,
}

enum GeneratedBinding {
    Namespaced(ResourceBinding),
    ClusterScoped(ClusterResourceBinding),
}

struct Generator<'a> {
    spec: &'a FleetSpec,
    clusters: Vec<ClusterInfo>,
    faulty: Vec<bool>,
    cordoned: Vec<bool>,
    /// Cluster indices per region, for label-selector placements.
    by_region: Vec<Vec<usize>>,
    /// Cluster indices per tier, for `tier In (...)` placements.
    by_tier: Vec<Vec<usize>>,
}
