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
//! let mut state = karmadactl::state::FleetState::default();
//! karmadactl::state::parse_documents("gen", std::str::from_utf8(&out).unwrap(), &mut state).unwrap();
//! assert_eq!(state.clusters.len(), 10);
//! ```

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

impl<'a> Generator<'a> {
    fn new(spec: &'a FleetSpec) -> Self {
        let clusters: Vec<ClusterInfo> = (0..spec.clusters)
            .map(|i| {
                let mut rng = SplitMix64::for_item(spec.seed, STREAM_CLUSTER, i as u64);
                ClusterInfo {
                    name: cluster_name(i),
                    region: rng.below(REGIONS.len()),
                    provider: rng.below(PROVIDERS.len()),
                    tier: rng.below(TIERS.len()),
                }
            })
            .collect();
        // Faulty and cordoned clusters: the first ones of a seeded permutation, so the
        // counts are exact and the choice is spread over the fleet.
        let mut order: Vec<usize> = (0..spec.clusters).collect();
        let mut rng = SplitMix64::for_item(spec.seed, STREAM_LAYOUT, 0);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let n = spec.clusters as f64;
        let faulty_n =
            ((n * spec.faulty_fraction.clamp(0.0, 1.0)).round() as usize).min(spec.clusters);
        let cordoned_n = ((n * spec.cordoned_fraction.clamp(0.0, 1.0)).round() as usize)
            .min(spec.clusters - faulty_n);
        let mut faulty = vec![false; spec.clusters];
        let mut cordoned = vec![false; spec.clusters];
        for &i in &order[..faulty_n] {
            faulty[i] = true;
        }
        for &i in &order[faulty_n..faulty_n + cordoned_n] {
            cordoned[i] = true;
        }
        let mut by_region = vec![Vec::new(); REGIONS.len()];
        let mut by_tier = vec![Vec::new(); TIERS.len()];
        for (i, c) in clusters.iter().enumerate() {
            by_region[c.region].push(i);
            by_tier[c.tier].push(i);
        }
        Generator {
            spec,
            clusters,
            faulty,
            cordoned,
            by_region,
            by_tier,
        }
    }

    fn time_before(&self, seconds: i64) -> Time {
        Time(self.spec.captured_at - SignedDuration::from_secs(seconds))
    }

    fn cluster(&self, index: usize) -> Cluster {
        let info = &self.clusters[index];
        // Skip the draws ClusterInfo used so the rest of the stream is independent of them.
        let mut rng = SplitMix64::for_item(self.spec.seed, STREAM_CLUSTER, index as u64);
        rng.next_u64();
        rng.next_u64();
        rng.next_u64();
        let region = REGIONS[info.region];
        let zone_count = rng.range(1, 3) as usize;
        let zones: Vec<String> = (0..zone_count)
            .map(|z| format!("{region}{}", (b'a' + z as u8) as char))
            .collect();

        let mut taints = Vec::new();
        let faulty = self.faulty[index];
        let down_since = self.time_before(rng.range(60, 600));
        if faulty {
            for effect in ["NoSchedule", "NoExecute"] {
                taints.push(Taint {
                    key: NOT_READY_TAINT_KEY.to_string(),
                    effect: effect.to_string(),
                    time_added: (effect == "NoExecute").then(|| down_since.clone()),
                    ..Default::default()
                });
            }
        }
        if self.cordoned[index] {
            taints.push(Taint {
                key: UNSCHEDULABLE_TAINT_KEY.to_string(),
                effect: "NoSchedule".to_string(),
                ..Default::default()
            });
        }

        // Capacity: nodes of 16 cores / 64Gi / 110 pods.
        let nodes = match info.tier {
            0 => rng.range(20, 80),
            1 => rng.range(8, 30),
            _ => rng.range(3, 12),
        };
        let used = rng.range(20, 85);
        let cpu_m = nodes * 16_000;
        let mem_mi = nodes * 64 * 1024;
        let pods = nodes * 110;
        let allocatable = resources(&[
            ("cpu", (nodes * 16).to_string()),
            ("memory", format!("{}Gi", nodes * 64)),
            ("pods", pods.to_string()),
        ]);
        let allocated = resources(&[
            ("cpu", format!("{}m", cpu_m * used / 100)),
            ("memory", format!("{}Mi", mem_mi * used / 100)),
            ("pods", (pods * used / 100).to_string()),
        ]);
        let with_models = rng.chance(0.1);
        let (resource_models, allocatable_modelings) = if with_models {
            resource_models(nodes, &mut rng)
        } else {
            (Vec::new(), Vec::new())
        };

        let ready_reason = if faulty {
            "ClusterNotReady"
        } else {
            "ClusterReady"
        };
        let ready_time = if faulty {
            down_since
        } else {
            self.time_before(rng.range(3_600, 30 * 86_400))
        };
        let conditions = vec![
            Condition {
                type_: "Ready".to_string(),
                status: if faulty { "False" } else { "True" }.to_string(),
                reason: ready_reason.to_string(),
                message: if faulty {
                    "cluster is not reachable".to_string()
                } else {
                    "cluster is healthy and ready to accept workloads".to_string()
                },
                last_transition_time: ready_time,
                observed_generation: None,
            },
            Condition {
                type_: "CompleteAPIEnablements".to_string(),
                status: "True".to_string(),
                reason: "Complete".to_string(),
                message: String::new(),
                last_transition_time: self.time_before(30 * 86_400),
                observed_generation: None,
            },
        ];
        let ready_nodes = if faulty {
            0
        } else {
            nodes - rng.range(0, 1).min(nodes)
        };

        let labels = BTreeMap::from([
            ("provider".to_string(), PROVIDERS[info.provider].to_string()),
            ("region".to_string(), region.to_string()),
            ("tier".to_string(), TIERS[info.tier].to_string()),
        ]);
        let mut cluster = Cluster::new(
            &info.name,
            ClusterSpec {
                id: Some(uuid(&mut rng, index as u64)),
                sync_mode: Some(if rng.chance(0.8) { "Push" } else { "Pull" }.to_string()),
                api_endpoint: Some(format!("https://{}.{}.example.net:6443", info.name, region)),
                provider: Some(PROVIDERS[info.provider].to_string()),
                region: Some(region.to_string()),
                zones,
                taints,
                resource_models,
                ..Default::default()
            },
        );
        cluster.metadata.labels = Some(labels);
        cluster.metadata.uid = Some(uuid(&mut rng, index as u64));
        cluster.metadata.resource_version = Some((1000 + index).to_string());
        cluster.metadata.creation_timestamp =
            Some(self.time_before(rng.range(30 * 86_400, 400 * 86_400)));
        cluster.status = Some(ClusterStatus {
            kubernetes_version: Some(rng.pick(&K8S_VERSIONS).to_string()),
            api_enablements: api_enablements(),
            conditions,
            node_summary: Some(NodeSummary {
                total_num: Some(nodes as i32),
                ready_num: Some(ready_nodes as i32),
            }),
            resource_summary: Some(ResourceSummary {
                allocatable,
                allocated,
                allocatable_modelings,
                ..Default::default()
            }),
        });
        cluster
    }

    fn binding(&self, index: usize) -> GeneratedBinding {
        let mut rng = SplitMix64::for_item(self.spec.seed, STREAM_BINDING, index as u64);
        let cluster_scoped = rng.chance(self.spec.cluster_binding_fraction);
        let (api_version, kind, replicated) = if cluster_scoped {
            *rng.pick(&[
                ("v1", "Namespace", false),
                ("rbac.authorization.k8s.io/v1", "ClusterRole", false),
            ])
        } else {
            let roll = rng.unit();
            if roll < 0.70 {
                ("apps/v1", "Deployment", true)
            } else if roll < 0.85 {
                ("apps/v1", "StatefulSet", true)
            } else if roll < 0.90 {
                ("batch/v1", "Job", true)
            } else {
                ("v1", "ConfigMap", false)
            }
        };
        let namespace =
            (!cluster_scoped).then(|| format!("ns-{:02}", rng.below(self.spec.namespaces.max(1))));
        let workload = format!("app-{index:07}");
        let binding_name = format!("{workload}-{}", kind.to_ascii_lowercase());

        // Scheduling type: replica-less objects are always duplicated.
        let strategy = if !replicated {
            Strategy::Duplicated
        } else {
            let roll = rng.unit();
            if roll < 0.30 {
                Strategy::Duplicated
            } else if roll < 0.60 {
                Strategy::StaticWeights
            } else if roll < 0.85 {
                Strategy::Dynamic
            } else {
                Strategy::Aggregated
            }
        };
        let want = if self.clusters.is_empty() {
            0
        } else if strategy == Strategy::Aggregated {
            2
        } else {
            rng.range(2, 4) as usize
        };
        let (affinity, targets) = self.affinity_and_targets(want, &mut rng);

        let replicas = if replicated {
            Some(rng.range(targets.len().max(1) as i64, 24) as i32)
        } else {
            None
        };
        let weights: Vec<i64> = targets.iter().map(|_| rng.range(1, 3)).collect();
        let clusters = assign(strategy, replicas, &targets, &weights, &mut rng)
            .into_iter()
            .map(|(i, r)| TargetCluster {
                name: self.clusters[i].name.clone(),
                replicas: r,
            })
            .collect::<Vec<_>>();

        let placement = self.placement(strategy, affinity, &targets, &weights, &mut rng);
        let failover = rng.chance(0.15).then(|| FailoverBehavior {
            cluster: Some(ClusterFailoverBehavior {
                purge_mode: Some(
                    if rng.chance(0.5) {
                        "Gracefully"
                    } else {
                        "Directly"
                    }
                    .to_string(),
                ),
                toleration_seconds: rng.chance(0.5).then(|| *rng.pick(&[0, 60, 300, 600])),
                ..Default::default()
            }),
            ..Default::default()
        });
        let replica_requirements = replicated.then(|| ReplicaRequirements {
            resource_request: resources(&[
                ("cpu", format!("{}m", rng.range(1, 20) * 100)),
                ("memory", format!("{}Mi", rng.range(1, 32) * 128)),
            ]),
            namespace: namespace.clone(),
            ..Default::default()
        });

        let mut annotations = BTreeMap::new();
        if rng.chance(0.9) {
            annotations.insert(
                APPLIED_PLACEMENT_ANNOTATION.to_string(),
                serde_json::to_string(&placement).expect("placement serializes"),
            );
        }
        let resource_uid = uuid(&mut rng, index as u64);
        let metadata = ObjectMeta {
            name: Some(binding_name),
            namespace: namespace.clone(),
            uid: Some(uuid(&mut rng, (1 << 40) | index as u64)),
            resource_version: Some((100_000 + index).to_string()),
            generation: Some(rng.range(1, 5)),
            creation_timestamp: Some(self.time_before(rng.range(86_400, 200 * 86_400))),
            labels: Some(BTreeMap::from([(
                "resourcebinding.karmada.io/permanent-id".to_string(),
                uuid(&mut rng, (2 << 40) | index as u64),
            )])),
            annotations: (!annotations.is_empty()).then_some(annotations),
            ..Default::default()
        };
        let status = BindingStatus {
            scheduler_observed_generation: metadata.generation,
            last_scheduled_time: Some(self.time_before(rng.range(600, 86_400))),
            aggregated_status: clusters
                .iter()
                .map(|tc| {
                    let i = self.index_of(&tc.name);
                    AggregatedStatusItem {
                        cluster_name: tc.name.clone(),
                        applied: true,
                        health: Some(
                            if self.faulty[i] { "Unknown" } else { "Healthy" }.to_string(),
                        ),
                        ..Default::default()
                    }
                })
                .collect(),
            ..Default::default()
        };
        let spec = BindingSpec {
            resource: ObjectReference {
                api_version: api_version.to_string(),
                kind: kind.to_string(),
                namespace,
                name: workload,
                uid: Some(resource_uid),
                resource_version: Some(rng.range(1_000, 9_999_999).to_string()),
            },
            replicas,
            replica_requirements,
            clusters,
            placement: Some(placement),
            failover,
            scheduler_name: Some("default-scheduler".to_string()),
            ..Default::default()
        };
        if cluster_scoped {
            GeneratedBinding::ClusterScoped(ClusterResourceBinding {
                metadata,
                spec: ClusterResourceBindingSpec { inner: spec },
                status: Some(status),
            })
        } else {
            GeneratedBinding::Namespaced(ResourceBinding {
                metadata,
                spec: ResourceBindingSpec { inner: spec },
                status: Some(status),
            })
        }
    }

    fn index_of(&self, name: &str) -> usize {
        // Names are `member-NNNN` with a 1-based number.
        name.trim_start_matches("member-")
            .parse::<usize>()
            .expect("generated name")
            - 1
    }

    /// A cluster affinity and up to `want` distinct clusters (indices) it selects.
    fn affinity_and_targets(
        &self,
        want: usize,
        rng: &mut SplitMix64,
    ) -> (ClusterAffinity, Vec<usize>) {
        let n = self.clusters.len();
        if n == 0 {
            return (ClusterAffinity::default(), Vec::new());
        }
        let roll = rng.unit();
        if roll < 0.40 {
            let region = rng.below(REGIONS.len());
            if self.by_region[region].len() >= want {
                let targets = choose(&self.by_region[region], want, rng);
                let affinity = ClusterAffinity {
                    label_selector: Some(LabelSelector {
                        match_labels: Some(BTreeMap::from([(
                            "region".to_string(),
                            REGIONS[region].to_string(),
                        )])),
                        ..Default::default()
                    }),
                    ..Default::default()
                };
                return (affinity, targets);
            }
        } else if roll < 0.55 {
            let tiers = [0, 1];
            let pool: Vec<usize> = tiers
                .iter()
                .flat_map(|&t| self.by_tier[t].iter().copied())
                .collect();
            if pool.len() >= want {
                let mut targets = choose(&pool, want, rng);
                targets.sort_unstable();
                let affinity = ClusterAffinity {
                    label_selector: Some(LabelSelector {
                        match_expressions: Some(vec![LabelSelectorRequirement {
                            key: "tier".to_string(),
                            operator: "In".to_string(),
                            values: Some(tiers.iter().map(|&t| TIERS[t].to_string()).collect()),
                        }]),
                        ..Default::default()
                    }),
                    ..Default::default()
                };
                return (affinity, targets);
            }
        } else if roll < 0.65 {
            let region = rng.below(REGIONS.len());
            if self.by_region[region].len() >= want {
                let targets = choose(&self.by_region[region], want, rng);
                let affinity = ClusterAffinity {
                    field_selector: Some(FieldSelector {
                        match_expressions: vec![FieldSelectorRequirement {
                            key: "region".to_string(),
                            operator: "In".to_string(),
                            values: vec![REGIONS[region].to_string()],
                        }],
                    }),
                    ..Default::default()
                };
                return (affinity, targets);
            }
        }
        // By name: the targets plus up to two spare clusters.
        let all: Vec<usize> = (0..n).collect();
        let extra = rng.below(3);
        let listed = choose(&all, (want + extra).min(n), rng);
        let targets = listed[..want.min(n)].to_vec();
        let mut names: Vec<String> = listed
            .iter()
            .map(|&i| self.clusters[i].name.clone())
            .collect();
        names.sort();
        (
            ClusterAffinity {
                cluster_names: names,
                ..Default::default()
            },
            targets,
        )
    }

    fn placement(
        &self,
        strategy: Strategy,
        affinity: ClusterAffinity,
        targets: &[usize],
        weights: &[i64],
        rng: &mut SplitMix64,
    ) -> Placement {
        let replica_scheduling = match strategy {
            Strategy::Duplicated => ReplicaSchedulingStrategy {
                replica_scheduling_type: Some("Duplicated".to_string()),
                ..Default::default()
            },
            Strategy::StaticWeights => ReplicaSchedulingStrategy {
                replica_scheduling_type: Some("Divided".to_string()),
                replica_division_preference: Some("Weighted".to_string()),
                weight_preference: Some(ClusterPreferences {
                    static_weight_list: targets
                        .iter()
                        .zip(weights)
                        .map(|(&i, &weight)| StaticClusterWeight {
                            target_cluster: ClusterAffinity {
                                cluster_names: vec![self.clusters[i].name.clone()],
                                ..Default::default()
                            },
                            weight,
                        })
                        .collect(),
                    ..Default::default()
                }),
            },
            Strategy::Dynamic => ReplicaSchedulingStrategy {
                replica_scheduling_type: Some("Divided".to_string()),
                replica_division_preference: Some("Weighted".to_string()),
                weight_preference: Some(ClusterPreferences {
                    dynamic_weight: Some("AvailableReplicas".to_string()),
                    ..Default::default()
                }),
            },
            Strategy::Aggregated => ReplicaSchedulingStrategy {
                replica_scheduling_type: Some("Divided".to_string()),
                replica_division_preference: Some("Aggregated".to_string()),
                ..Default::default()
            },
        };
        let spread_constraints =
            if strategy == Strategy::Duplicated && !targets.is_empty() && rng.chance(0.2) {
                vec![SpreadConstraint {
                    spread_by_field: Some("cluster".to_string()),
                    max_groups: Some(targets.len() as i32),
                    min_groups: Some(targets.len() as i32),
                    ..Default::default()
                }]
            } else {
                Vec::new()
            };
        Placement {
            cluster_affinity: Some(affinity),
            cluster_tolerations: tolerations(rng),
            spread_constraints,
            replica_scheduling: Some(replica_scheduling),
            ..Default::default()
        }
    }

    fn propagation_policy(&self, index: usize) -> PropagationPolicy {
        let mut rng = SplitMix64::for_item(self.spec.seed, STREAM_POLICY, index as u64);
        let strategy = *rng.pick(&[
            Strategy::Duplicated,
            Strategy::Dynamic,
            Strategy::Aggregated,
        ]);
        let want = rng.range(2, 4) as usize;
        let (affinity, targets) = self.affinity_and_targets(want, &mut rng);
        let weights = vec![1; targets.len()];
        let placement = self.placement(strategy, affinity, &targets, &weights, &mut rng);
        let namespace = format!("ns-{:02}", index % self.spec.namespaces.max(1));
        let mut pp = PropagationPolicy::new(
            &format!("policy-{index:03}"),
            PropagationSpec {
                resource_selectors: vec![ResourceSelector {
                    api_version: "apps/v1".to_string(),
                    kind: "Deployment".to_string(),
                    label_selector: Some(LabelSelector {
                        match_labels: Some(BTreeMap::from([(
                            "app.example.com/group".to_string(),
                            format!("g{index}"),
                        )])),
                        ..Default::default()
                    }),
                    ..Default::default()
                }],
                placement: Some(placement),
                failover: rng.chance(0.5).then(|| FailoverBehavior {
                    cluster: Some(ClusterFailoverBehavior {
                        purge_mode: Some("Gracefully".to_string()),
                        toleration_seconds: Some(300),
                        ..Default::default()
                    }),
                    ..Default::default()
                }),
                priority: Some(rng.range(0, 10) as i32),
                propagate_deps: Some(true),
                ..Default::default()
            },
        );
        pp.metadata.namespace = Some(namespace);
        pp.metadata.uid = Some(uuid(&mut rng, (3 << 40) | index as u64));
        pp.metadata.creation_timestamp = Some(self.time_before(rng.range(86_400, 400 * 86_400)));
        pp
    }

    fn taint_policy(&self, index: usize) -> ClusterTaintPolicy {
        let (name, status, key) = if index.is_multiple_of(2) {
            ("not-ready", "False", NOT_READY_TAINT_KEY)
        } else {
            ("unreachable", "Unknown", UNREACHABLE_TAINT_KEY)
        };
        let name = if index < 2 {
            format!("{name}-noexecute")
        } else {
            format!("{name}-noexecute-{index}")
        };
        let cond = |values: &[&str]| {
            vec![MatchCondition {
                condition_type: "Ready".to_string(),
                operator: "In".to_string(),
                status_values: values.iter().map(|v| v.to_string()).collect(),
            }]
        };
        let mut ctp = ClusterTaintPolicy::new(
            &name,
            ClusterTaintPolicySpec {
                add_on_conditions: cond(&[status]),
                remove_on_conditions: cond(&["True"]),
                taints: vec![PolicyTaint {
                    key: key.to_string(),
                    effect: "NoExecute".to_string(),
                    ..Default::default()
                }],
                ..Default::default()
            },
        );
        ctp.metadata.creation_timestamp = Some(self.time_before(400 * 86_400 - index as i64 * 60));
        ctp
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strategy {
    Duplicated,
    StaticWeights,
    Dynamic,
    Aggregated,
}

/// The scheduling result: `(cluster index, replicas)`. Divided results sum to `replicas`
/// and give every target at least one; Duplicated gives every target `replicas`.
fn assign(
    strategy: Strategy,
    replicas: Option<i32>,
    targets: &[usize],
    weights: &[i64],
    rng: &mut SplitMix64,
) -> Vec<(usize, i32)> {
    let Some(total) = replicas else {
        return targets.iter().map(|&i| (i, 0)).collect();
    };
    if targets.is_empty() {
        return Vec::new();
    }
    let n = targets.len() as i32;
    let mut shares = match strategy {
        Strategy::Duplicated => return targets.iter().map(|&i| (i, total)).collect(),
        Strategy::StaticWeights => weights.iter().map(|&w| w as u64).collect::<Vec<_>>(),
        Strategy::Dynamic => targets.iter().map(|_| rng.range(1, 10) as u64).collect(),
        Strategy::Aggregated => {
            let mut v = vec![1u64; targets.len()];
            v[0] = 8;
            v
        }
    };
    if shares.iter().all(|&s| s == 0) {
        shares.iter_mut().for_each(|s| *s = 1);
    }
    // One each, then the rest by largest remainder over the shares.
    let rest = (total - n).max(0) as u64;
    let sum: u64 = shares.iter().sum();
    let mut out: Vec<i32> = shares
        .iter()
        .map(|&s| 1 + (rest * s / sum) as i32)
        .collect();
    let mut left = total - out.iter().sum::<i32>();
    let mut by_remainder: Vec<usize> = (0..shares.len()).collect();
    by_remainder.sort_by_key(|&k| std::cmp::Reverse(rest * shares[k] % sum));
    for &k in by_remainder.iter().cycle() {
        if left <= 0 {
            break;
        }
        out[k] += 1;
        left -= 1;
    }
    targets.iter().copied().zip(out).collect()
}

/// `k` distinct elements of `pool` (k <= pool.len()), in draw order.
fn choose(pool: &[usize], k: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(k);
    while out.len() < k.min(pool.len()) {
        let c = *rng.pick(pool);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The usual not-ready/unreachable tolerations: mostly 300s, some 0s or 60s, some
/// without seconds (tolerate forever), some none at all.
fn tolerations(rng: &mut SplitMix64) -> Vec<Toleration> {
    let roll = rng.unit();
    let seconds = if roll < 0.70 {
        Some(300)
    } else if roll < 0.80 {
        Some(0)
    } else if roll < 0.90 {
        Some(60)
    } else if roll < 0.95 {
        None
    } else {
        return Vec::new();
    };
    [NOT_READY_TAINT_KEY, UNREACHABLE_TAINT_KEY]
        .into_iter()
        .map(|key| Toleration {
            key: Some(key.to_string()),
            operator: Some("Exists".to_string()),
            effect: Some("NoExecute".to_string()),
            toleration_seconds: seconds,
            ..Default::default()
        })
        .collect()
}

fn api_enablements() -> Vec<ApiEnablement> {
    let group = |gv: &str, resources: &[(&str, &str)]| ApiEnablement {
        group_version: gv.to_string(),
        resources: resources
            .iter()
            .map(|(name, kind)| ApiResourceRef {
                name: name.to_string(),
                kind: kind.to_string(),
            })
            .collect(),
    };
    vec![
        group(
            "apps/v1",
            &[
                ("deployments", "Deployment"),
                ("statefulsets", "StatefulSet"),
            ],
        ),
        group("batch/v1", &[("jobs", "Job")]),
        group(
            "rbac.authorization.k8s.io/v1",
            &[("clusterroles", "ClusterRole")],
        ),
        group(
            "v1",
            &[("configmaps", "ConfigMap"), ("namespaces", "Namespace")],
        ),
    ]
}

/// Customized resource models (grades 0..4 by CPU and memory) and a node count per grade
/// summing to `nodes`.
fn resource_models(
    nodes: i64,
    rng: &mut SplitMix64,
) -> (Vec<ResourceModel>, Vec<AllocatableModeling>) {
    let bounds = [
        (0, 1, "0", "4Gi"),
        (1, 2, "4Gi", "16Gi"),
        (2, 4, "16Gi", "32Gi"),
        (4, 16, "32Gi", "64Gi"),
        (16, 64, "64Gi", "256Gi"),
    ];
    let models = bounds
        .iter()
        .enumerate()
        .map(|(grade, &(cmin, cmax, mmin, mmax))| ResourceModel {
            grade: grade as u32,
            ranges: vec![
                ResourceModelRange {
                    name: "cpu".to_string(),
                    min: Quantity(cmin.to_string()),
                    max: Quantity(cmax.to_string()),
                },
                ResourceModelRange {
                    name: "memory".to_string(),
                    min: Quantity(mmin.to_string()),
                    max: Quantity(mmax.to_string()),
                },
            ],
        })
        .collect();
    let mut left = nodes;
    let mut modelings = Vec::new();
    for grade in 0..bounds.len() as u32 {
        let count = if grade as usize == bounds.len() - 1 {
            left
        } else {
            rng.range(0, left) / 2
        };
        left -= count;
        modelings.push(AllocatableModeling { grade, count });
    }
    (models, modelings)
}

fn resources(pairs: &[(&str, String)]) -> ResourceList {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), Quantity(v.clone())))
        .collect()
}

/// `member-0001` for index 0.
fn cluster_name(index: usize) -> String {
    format!("member-{:04}", index + 1)
}

/// A version-4-shaped UUID whose last group encodes `unique`, so ids never collide.
fn uuid(rng: &mut SplitMix64, unique: u64) -> String {
    let a = rng.next_u64();
    format!(
        "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
        (a >> 32) as u32,
        (a >> 16) as u16,
        (a >> 4) & 0xfff,
        (rng.next_u64() >> 52) & 0xfff,
        unique & 0xffff_ffff_ffff
    )
}

fn format_time(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{parse_documents, BindingKind, FleetState};
    use std::collections::HashSet;

    fn parse(bytes: &[u8]) -> FleetState {
        let mut state = FleetState::default();
        parse_documents("gen.json", std::str::from_utf8(bytes).unwrap(), &mut state).unwrap();
        state
    }

    #[test]
    fn same_seed_same_bytes_other_seed_other_bytes() {
        let spec = FleetSpec::new(40, 500, 42);
        let a = fleet_to_vec(&spec);
        let b = fleet_to_vec(&spec);
        assert_eq!(a, b);
        let c = fleet_to_vec(&FleetSpec { seed: 43, ..spec });
        assert_ne!(a, c);
    }

    #[test]
    fn parses_into_exactly_the_requested_counts() {
        let mut spec = FleetSpec::new(50, 1000, 3);
        spec.cluster_binding_fraction = 0.1;
        spec.faulty_fraction = 0.1;
        spec.cordoned_fraction = 0.04;
        let mut bytes = Vec::new();
        let summary = write_fleet(&spec, &mut bytes).unwrap();
        assert_eq!(summary.bytes, bytes.len() as u64);
        let state = parse(&bytes);
        assert_eq!(state.clusters.len(), 50);
        assert_eq!(state.bindings.len(), 1000);
        let crbs = state
            .bindings
            .iter()
            .filter(|b| b.kind == BindingKind::ClusterResourceBinding)
            .count();
        assert_eq!(crbs, summary.cluster_resource_bindings);
        assert!(crbs > 0 && crbs < 1000, "{crbs}");
        assert_eq!(summary.resource_bindings + crbs, 1000);
        assert_eq!(state.propagation_policies.len(), 4);
        assert_eq!(state.taint_policies.len(), 2);
        assert!(state.ignored.is_empty(), "{:?}", state.ignored);
        assert_eq!(state.source.context.as_deref(), Some("karmada-apiserver"));
        assert_eq!(state.source.captured_at, Some(spec.captured_at));
        assert_eq!(
            state.source.controller_settings["feature-gates"],
            "Failover=true"
        );
        assert_eq!(
            state.source.controller_settings["enable-no-execute-taint-eviction"],
            "true"
        );

        // Exactly 5 faulty (not-ready NoExecute, Ready=False) and 2 cordoned clusters.
        let faulty: Vec<_> = state
            .clusters
            .iter()
            .filter(|c| {
                c.taints()
                    .iter()
                    .any(|t| t.key == NOT_READY_TAINT_KEY && t.effect == "NoExecute")
            })
            .collect();
        assert_eq!(faulty.len(), 5);
        assert_eq!(summary.faulty_clusters, 5);
        for c in &faulty {
            assert_eq!(c.condition("Ready").unwrap().status, "False");
            let added = c
                .taints()
                .iter()
                .find(|t| t.effect == "NoExecute")
                .unwrap()
                .time_added
                .as_ref()
                .unwrap()
                .0;
            let ago = spec.captured_at.duration_since(added).as_secs();
            assert!((60..=600).contains(&ago), "{ago}");
        }
        let cordoned = state
            .clusters
            .iter()
            .filter(|c| c.taints().iter().any(|t| t.key == UNSCHEDULABLE_TAINT_KEY))
            .count();
        assert_eq!(cordoned, 2);
        assert_eq!(
            state.clusters[0].metadata.name.as_deref(),
            Some("member-0001")
        );
        assert_eq!(
            state.clusters[49].metadata.name.as_deref(),
            Some("member-0050")
        );
    }

    #[test]
    fn bindings_are_consistent() {
        let state = parse(&fleet_to_vec(&FleetSpec::new(30, 2000, 9)));
        let names: HashSet<&str> = state
            .clusters
            .iter()
            .filter_map(|c| c.metadata.name.as_deref())
            .collect();
        let mut uids = HashSet::new();
        let mut kinds = BTreeMap::<String, usize>::new();
        let mut with_failover = 0;
        let mut with_annotation = 0;
        for b in &state.bindings {
            let spec = &b.spec;
            assert!(
                uids.insert(spec.resource.uid.clone().unwrap()),
                "duplicate uid in {}",
                b.key()
            );
            assert!(
                (2..=4).contains(&spec.clusters.len()),
                "{}: {:?}",
                b.key(),
                spec.clusters
            );
            let targets: HashSet<&str> = spec.clusters.iter().map(|c| c.name.as_str()).collect();
            assert_eq!(
                targets.len(),
                spec.clusters.len(),
                "{}: repeated target",
                b.key()
            );
            assert!(
                targets.iter().all(|t| names.contains(t)),
                "{}: unknown cluster",
                b.key()
            );
            let placement = spec.placement.as_ref().unwrap();
            let rs = placement.replica_scheduling.as_ref().unwrap();
            let kind = rs.replica_scheduling_type.clone().unwrap()
                + rs.replica_division_preference.as_deref().unwrap_or("")
                + rs.weight_preference
                    .as_ref()
                    .and_then(|w| w.dynamic_weight.as_deref())
                    .unwrap_or("");
            *kinds.entry(kind).or_default() += 1;
            match (rs.replica_scheduling_type.as_deref(), spec.replicas) {
                (Some("Divided"), Some(total)) => {
                    assert_eq!(
                        spec.clusters.iter().map(|c| c.replicas).sum::<i32>(),
                        total,
                        "{}",
                        b.key()
                    );
                    assert!(spec.clusters.iter().all(|c| c.replicas >= 1), "{}", b.key());
                }
                (Some("Duplicated"), Some(total)) => {
                    assert!(
                        spec.clusters.iter().all(|c| c.replicas == total),
                        "{}",
                        b.key()
                    )
                }
                (Some("Duplicated"), None) => {
                    assert!(spec.clusters.iter().all(|c| c.replicas == 0))
                }
                other => panic!("{}: unexpected {other:?}", b.key()),
            }
            if let Some(list) = rs.weight_preference.as_ref().map(|w| &w.static_weight_list) {
                for w in list {
                    assert!(targets.contains(w.target_cluster.cluster_names[0].as_str()));
                }
            }
            if let Some(json) = b
                .annotations()
                .and_then(|a| a.get(APPLIED_PLACEMENT_ANNOTATION))
            {
                with_annotation += 1;
                let applied: Placement = serde_json::from_str(json).unwrap();
                assert_eq!(&applied, placement);
            }
            with_failover += usize::from(spec.failover.is_some());
            if b.kind == BindingKind::ResourceBinding {
                assert!(b.metadata.namespace.is_some());
                assert!(spec.replica_requirements.is_some() == spec.replicas.is_some());
            } else {
                assert!(b.metadata.namespace.is_none() && spec.replicas.is_none());
            }
        }
        for k in [
            "Duplicated",
            "DividedWeighted",
            "DividedWeightedAvailableReplicas",
            "DividedAggregated",
        ] {
            assert!(kinds.get(k).copied().unwrap_or(0) > 50, "{k}: {kinds:?}");
        }
        assert!(
            with_annotation > 1600 && with_annotation < 2000,
            "{with_annotation}"
        );
        assert!(
            with_failover > 100 && with_failover < 600,
            "{with_failover}"
        );
    }

    #[test]
    fn label_and_field_selectors_select_the_targets() {
        let state = parse(&fleet_to_vec(&FleetSpec::new(60, 400, 5)));
        let mut checked = 0;
        for b in &state.bindings {
            let affinity = b
                .spec
                .placement
                .as_ref()
                .unwrap()
                .cluster_affinity
                .as_ref()
                .unwrap();
            for t in &b.spec.clusters {
                let c = state.cluster(&t.name).unwrap();
                let labels = c.metadata.labels.as_ref().unwrap();
                if let Some(ml) = affinity
                    .label_selector
                    .as_ref()
                    .and_then(|s| s.match_labels.as_ref())
                {
                    assert_eq!(labels["region"], ml["region"]);
                    checked += 1;
                }
                if let Some(fs) = &affinity.field_selector {
                    assert_eq!(
                        c.spec.region.as_ref(),
                        Some(&fs.match_expressions[0].values[0])
                    );
                    checked += 1;
                }
                if !affinity.cluster_names.is_empty() {
                    assert!(affinity.cluster_names.contains(&t.name));
                    checked += 1;
                }
            }
        }
        assert!(checked > 400, "{checked}");
    }

    #[test]
    fn tiny_and_empty_fleets_are_well_formed() {
        for (clusters, bindings) in [(0, 0), (0, 5), (1, 5), (3, 20)] {
            let state = parse(&fleet_to_vec(&FleetSpec::new(clusters, bindings, 1)));
            assert_eq!(state.clusters.len(), clusters);
            assert_eq!(state.bindings.len(), bindings);
        }
    }

    #[test]
    fn splitmix_is_the_reference_sequence() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut r = SplitMix64::new(1);
        assert!((0..1000).all(|_| r.below(7) < 7));
    }
}
