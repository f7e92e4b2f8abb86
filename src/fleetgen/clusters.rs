//! Generated member clusters: names, topology, taints, conditions, capacity.

use super::*;

impl<'a> Generator<'a> {
    pub(super) fn new(spec: &'a FleetSpec) -> Self {
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

    pub(super) fn time_before(&self, seconds: i64) -> Time {
        Time(self.spec.captured_at - SignedDuration::from_secs(seconds))
    }

    pub(super) fn cluster(&self, index: usize) -> Cluster {
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

        let faulty = self.faulty[index];
        let down_since = self.time_before(rng.range(60, 600));
        let taints = taints(faulty, self.cordoned[index], &down_since);

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

        let ready_time = if faulty {
            down_since
        } else {
            self.time_before(rng.range(3_600, 30 * 86_400))
        };
        let conditions = self.conditions(faulty, ready_time);
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
}

impl Generator<'_> {
    /// `Ready` (False since the outage on a faulty cluster) and `CompleteAPIEnablements`.
    fn conditions(&self, faulty: bool, ready_time: Time) -> Vec<Condition> {
        vec![
            Condition {
                type_: "Ready".to_string(),
                status: if faulty { "False" } else { "True" }.to_string(),
                reason: if faulty {
                    "ClusterNotReady"
                } else {
                    "ClusterReady"
                }
                .to_string(),
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
        ]
    }
}

/// A faulty cluster's not-ready taints (NoExecute since `down_since`), and a cordon.
fn taints(faulty: bool, cordoned: bool, down_since: &Time) -> Vec<Taint> {
    let mut taints = Vec::new();
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
    if cordoned {
        taints.push(Taint {
            key: UNSCHEDULABLE_TAINT_KEY.to_string(),
            effect: "NoSchedule".to_string(),
            ..Default::default()
        });
    }
    taints
}

pub(super) fn api_enablements() -> Vec<ApiEnablement> {
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
pub(super) fn resource_models(
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

pub(super) fn resources(pairs: &[(&str, String)]) -> ResourceList {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), Quantity(v.clone())))
        .collect()
}

/// `member-0001` for index 0.
pub(super) fn cluster_name(index: usize) -> String {
    format!("member-{:04}", index + 1)
}

/// A version-4-shaped UUID whose last group encodes `unique`, so ids never collide.
pub(super) fn uuid(rng: &mut SplitMix64, unique: u64) -> String {
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

pub(super) fn format_time(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}
