//! Hot paths of the decision engine on generated fleets (1000 clusters).
//!
//! Each group runs a small and a ten-times larger input in the same run; criterion's
//! throughput (elements/s) is equal at both sizes when the cost is linear, and the
//! small size is the baseline the larger one is compared against.
//!
//! `cargo bench --bench engine`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use jiff::Timestamp;
use karmadactl::engine::decide::drain::{drained_spec, DrainOptions};
use karmadactl::engine::decide::failback::{plan_binding, FailbackMode, FailbackOptions};
use karmadactl::engine::decide::records::record;
use karmadactl::engine::karmada::eviction_queue::{ClusterFault, QueueItem};
use karmadactl::engine::karmada::scheduler::FleetIndex;
use karmadactl::engine::karmada::toleration::BindingRef;
use karmadactl::engine::predict::cluster_decision::decide_cluster;
use karmadactl::engine::predict::losses::losses;
use karmadactl::engine::predict::queue::simulate_queue;
use karmadactl::engine::predict::simulate::{simulate, Scenario};
use karmadactl::engine::proposal::queue::PreCheck;
use karmadactl::engine::vocabulary::settings::ControllerSettings;
use karmadactl::engine::vocabulary::settings::PurgeMode;
use karmadactl::engine::vocabulary::settings::{QueueModel, QueueSettings};
use karmadactl::engine::vocabulary::version::KarmadaVersion;
use karmadactl::fleet::BindingKind;
use karmadactl::fleet::FleetState;
use karmadactl::fleetgen::{write_fleet, FleetSpec};
use karmadactl::state::parse_documents;

fn fleet(bindings: usize) -> FleetState {
    let mut bytes = Vec::new();
    write_fleet(&FleetSpec::new(1000, bindings, 7), &mut bytes).expect("generate");
    let mut state = FleetState::default();
    parse_documents(
        "bench.json",
        std::str::from_utf8(&bytes).unwrap(),
        &mut state,
    )
    .expect("parse");
    state.sort();
    state
}

/// The cluster with the most bindings placed on it (the first by name among equals).
fn busiest(state: &FleetState) -> String {
    let mut per_cluster = std::collections::HashMap::<&str, usize>::new();
    for b in &state.bindings {
        for t in &b.spec.clusters {
            *per_cluster.entry(t.name.as_str()).or_default() += 1;
        }
    }
    per_cluster
        .iter()
        .max_by_key(|(name, n)| (**n, std::cmp::Reverse(**name)))
        .map(|(name, _)| name.to_string())
        .unwrap()
}

fn settings() -> ControllerSettings {
    ControllerSettings {
        failover_feature_gate: true,
        enable_no_execute_taint_eviction: true,
        ..Default::default()
    }
}

fn now(state: &FleetState) -> Timestamp {
    state.source.captured_at.unwrap_or(Timestamp::UNIX_EPOCH)
}

fn engine(c: &mut Criterion) {
    let small = fleet(1_000);
    let large = fleet(10_000);

    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for (n, state) in [(1_000u64, &small), (10_000, &large)] {
        let scenario = Scenario {
            targets: vec![],
            taints: vec![],
            now: now(state),
            until: now(state),
            recover_at: None,
            recoveries: Vec::new(),
            replaced: Vec::new(),
            settings: settings(),
            queue: QueueSettings::default(),
        };
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::new("bindings", n), state, |b, s| {
            b.iter_with_large_drop(|| simulate(s, &scenario))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("predict_placement");
    for (n, state) in [(1_000u64, &small), (10_000, &large)] {
        let index = FleetIndex::new(&state.clusters);
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::new("bindings", n), state, |b, s| {
            b.iter(|| {
                s.bindings
                    .iter()
                    .filter(|x| index.predict(&x.spec, x.observed_affinity()).is_ok())
                    .count()
            })
        });
    }
    group.finish();

    // Failback planning over the bindings drained from the busiest cluster (the drain
    // applied and its tasks cleared), against the plain placement prediction of the same
    // bindings as the baseline of the run.
    let mut group = c.benchmark_group("failback_plan");
    let busiest = busiest(&large);
    let drained: Vec<_> = large
        .bindings
        .iter()
        .filter(|b| b.spec.clusters.iter().any(|t| t.name == busiest))
        .map(|b| {
            let mut after = b.clone();
            after.spec = drained_spec(
                &b.spec,
                &[busiest.as_str()],
                PurgeMode::Gracefully,
                &DrainOptions::default(),
            );
            after.spec.graceful_eviction_tasks.clear();
            let annotations = after.metadata.annotations.get_or_insert_default();
            annotations.insert(
                karmadactl::engine::decide::records::PRE_EVICTION_ANNOTATION,
                record(b.annotations(), &[busiest.as_str()], &b.spec.clusters),
            );
            after
        })
        .collect();
    let index = FleetIndex::new(&large.clusters);
    group.throughput(Throughput::Elements(drained.len() as u64));
    group.bench_function("predict (baseline)", |b| {
        b.iter(|| {
            drained
                .iter()
                .filter(|x| index.predict(&x.spec, x.observed_affinity()).is_ok())
                .count()
        })
    });
    for mode in [FailbackMode::Restore, FailbackMode::Reschedule] {
        let options = FailbackOptions {
            clusters: vec![busiest.clone()],
            mode,
            ..Default::default()
        };
        group.bench_function(mode.as_str(), |b| {
            b.iter(|| {
                drained
                    .iter()
                    .filter_map(|x| plan_binding(x, &index, &options))
                    .filter(|p| p.decision.writes())
                    .count()
            })
        });
    }
    group.finish();

    // The N-1 sweep (every cluster lost in turn, with the room where the replicas land)
    // against one simulated loss of the busiest cluster as the baseline of the run.
    let mut group = c.benchmark_group("capacity_losses");
    group.sample_size(10);
    let one = Scenario {
        targets: vec![busiest.clone()],
        taints: vec![],
        now: now(&large),
        until: now(&large),
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: settings(),
        queue: QueueSettings::default(),
    };
    group.bench_function("one simulated loss (baseline)", |b| {
        b.iter_with_large_drop(|| simulate(&large, &one))
    });
    let every: Vec<Vec<String>> = large
        .clusters
        .iter()
        .map(|c| vec![c.metadata.name.clone().unwrap_or_default()])
        .collect();
    group.bench_function("every cluster lost", |b| {
        b.iter_with_large_drop(|| losses(&large, &every, &settings(), now(&large)))
    });
    group.finish();

    let mut group = c.benchmark_group("decide_cluster");
    let state = &large;
    let pairs: Vec<_> = state
        .bindings
        .iter()
        .flat_map(|b| {
            b.spec
                .clusters
                .iter()
                .filter_map(move |t| state.cluster(&t.name).map(|c| (b, c)))
        })
        .take(10_000)
        .collect();
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("pairs", |b| {
        b.iter(|| {
            for (bd, c) in &pairs {
                let d = decide_cluster(
                    BindingRef::new(&bd.spec, bd.annotations()),
                    c,
                    &settings(),
                    now(state),
                );
                std::hint::black_box(d);
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("simulate_queue");
    let t0 = Timestamp::UNIX_EPOCH;
    let faults: Vec<ClusterFault> = (0..50)
        .map(|i| ClusterFault {
            cluster: format!("c{i}"),
            since: t0,
            recovered_at: None,
        })
        .collect();
    for n in [10_000u64, 100_000] {
        let items: Vec<QueueItem> = (0..n)
            .map(|i| QueueItem {
                binding: format!("ns/b{i}"),
                cluster: format!("c{}", i % 50),
                kind: if i % 10 == 0 {
                    BindingKind::ClusterResourceBinding
                } else {
                    BindingKind::ResourceBinding
                },
                due: Some(t0 + jiff::SignedDuration::from_secs((i * 7919 % 3600) as i64)),
                unreadable: false,
            })
            .collect();
        group.throughput(Throughput::Elements(n));
        // Upstream at the default release, at one that re-queues tolerated bindings
        // (three simulations: the input order and the two extreme orders), and the
        // proposal's queue.
        let requeue: KarmadaVersion = "v1.17.4".parse().unwrap();
        let upstream = QueueSettings::default();
        let proposal = QueueSettings {
            model: QueueModel::Proposal,
            ..Default::default()
        };
        for (label, settings, version) in [
            ("items-upstream", &upstream, KarmadaVersion::default()),
            ("items-upstream-v1.17.4", &upstream, requeue),
            ("items-proposal", &proposal, KarmadaVersion::default()),
        ] {
            group.bench_with_input(BenchmarkId::new(label, n), &items, |b, items| {
                b.iter_with_large_drop(|| {
                    simulate_queue(items, &faults, 1000, t0, settings, version, |_, _| {
                        PreCheck::Feasible
                    })
                })
            });
        }
    }
    group.finish();
}

/// The checks a maintenance run makes at every read of its waits, over every binding of
/// the large fleet for its busiest cluster, against one scan that only counts the
/// bindings placed there (the least a read can do) as the baseline of the run.
fn maintenance_waits(c: &mut Criterion) {
    use karmadactl::engine::decide::maintenance_checks::{
        healthy_on, not_evacuated, not_healthy_on, turned_unhealthy,
    };
    let state = fleet(10_000);
    let wave = vec![busiest(&state)];
    let mut group = c.benchmark_group("maintenance_waits");
    group.throughput(Throughput::Elements(state.bindings.len() as u64));
    group.bench_function("count placed (baseline)", |b| {
        b.iter(|| {
            state
                .bindings
                .iter()
                .filter(|x| x.spec.clusters.iter().any(|t| wave.contains(&t.name)))
                .count()
        })
    });
    group.bench_function("evacuating: not_evacuated", |b| {
        b.iter(|| not_evacuated(&state.bindings, &wave))
    });
    group.bench_function("returning: not_healthy_on", |b| {
        b.iter(|| not_healthy_on(&state.bindings, &wave))
    });
    group.bench_function("soaking: healthy_on + turned_unhealthy", |b| {
        b.iter(|| {
            let seen = healthy_on(&state.bindings, &wave);
            let turned = turned_unhealthy(&state.bindings, &wave, &seen);
            (seen, turned)
        })
    });
    group.finish();
}

criterion_group!(benches, engine, maintenance_waits);
criterion_main!(benches);
