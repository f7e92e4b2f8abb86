//! Generated bindings and policies: placements of every kind, tolerations, failover.

use super::*;

impl<'a> Generator<'a> {
    pub(super) fn binding(&self, index: usize) -> GeneratedBinding {
        let mut rng = SplitMix64::for_item(self.spec.seed, STREAM_BINDING, index as u64);
        let cluster_scoped = rng.chance(self.spec.cluster_binding_fraction);
        let (api_version, kind, replicated) = resource_kind(cluster_scoped, &mut rng);
        let namespace =
            (!cluster_scoped).then(|| format!("ns-{:02}", rng.below(self.spec.namespaces.max(1))));
        let workload = format!("app-{index:07}");
        let binding_name = format!("{workload}-{}", kind.to_ascii_lowercase());

        let strategy = strategy_of(replicated, &mut rng);
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
            .map(|(i, r)| TargetCluster::new(self.clusters[i].name.clone(), r))
            .collect::<Vec<_>>();

        let placement = self.placement(strategy, affinity, &targets, &weights, &mut rng);
        let failover = failover_of(&mut rng);
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
        let status = self.status(metadata.generation, &clusters, &mut rng);
        let spec = BindingSpec {
            resource: ObjectReference {
                api_version: api_version.into(),
                kind: kind.into(),
                namespace: namespace.map(Into::into),
                name: workload,
                uid: Some(resource_uid),
                resource_version: Some(rng.range(1_000, 9_999_999).to_string()),
            },
            replicas,
            replica_requirements: replica_requirements.map(std::sync::Arc::new),
            clusters,
            placement: Some(std::sync::Arc::new(placement)),
            failover: failover.map(Box::new),
            scheduler_name: Some("default-scheduler".into()),
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

    /// A status as the scheduler and the status controllers leave it: scheduled, and
    /// healthy on each cluster (Unknown on a faulty one).
    fn status(
        &self,
        generation: Option<i64>,
        clusters: &[TargetCluster],
        rng: &mut SplitMix64,
    ) -> BindingStatus {
        BindingStatus {
            scheduler_observed_generation: generation,
            last_scheduled_time: Some(self.time_before(rng.range(600, 86_400))),
            aggregated_status: clusters
                .iter()
                .map(|tc| {
                    let i = self.index_of(&tc.name);
                    AggregatedStatusItem {
                        cluster_name: tc.name.as_str().into(),
                        applied: true,
                        health: Some(if self.faulty[i] { "Unknown" } else { "Healthy" }.into()),
                        ..Default::default()
                    }
                })
                .collect(),
            ..Default::default()
        }
    }

    pub(super) fn index_of(&self, name: &str) -> usize {
        // Names are `member-NNNN` with a 1-based number.
        name.trim_start_matches("member-")
            .parse::<usize>()
            .expect("generated name")
            - 1
    }

    /// A cluster affinity and up to `want` distinct clusters (indices) it selects.
    pub(super) fn affinity_and_targets(
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

    pub(super) fn placement(
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
            cluster_tolerations: tolerations(rng).into(),
            spread_constraints,
            replica_scheduling: Some(replica_scheduling.into()),
            ..Default::default()
        }
    }

    pub(super) fn propagation_policy(&self, index: usize) -> PropagationPolicy {
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

    pub(super) fn taint_policy(&self, index: usize) -> ClusterTaintPolicy {
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
pub(super) enum Strategy {
    Duplicated,
    StaticWeights,
    Dynamic,
    Aggregated,
}

/// The scheduling result: `(cluster index, replicas)`. Divided results sum to `replicas`
/// and give every target at least one; Duplicated gives every target `replicas`.
pub(super) fn assign(
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
pub(super) fn choose(pool: &[usize], k: usize, rng: &mut SplitMix64) -> Vec<usize> {
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
pub(super) fn tolerations(rng: &mut SplitMix64) -> Vec<Toleration> {
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

/// The resource a binding refers to: `(apiVersion, kind, replicated)`.
fn resource_kind(cluster_scoped: bool, rng: &mut SplitMix64) -> (&'static str, &'static str, bool) {
    if cluster_scoped {
        return *rng.pick(&[
            ("v1", "Namespace", false),
            ("rbac.authorization.k8s.io/v1", "ClusterRole", false),
        ]);
    }
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
}

/// The scheduling type: replica-less objects are always duplicated.
fn strategy_of(replicated: bool, rng: &mut SplitMix64) -> Strategy {
    if !replicated {
        return Strategy::Duplicated;
    }
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
}

/// A policy's cluster failover, for 15% of the bindings.
fn failover_of(rng: &mut SplitMix64) -> Option<FailoverBehavior> {
    rng.chance(0.15).then(|| FailoverBehavior {
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
    })
}
