//! Snapshot parsing throughput on generated fleets of 1k and 10k bindings.
//!
//! Throughput is reported in elements (objects in the snapshot), so equal elements/s at
//! both sizes means parsing is linear in the fleet size.
//!
//! `cargo bench --bench snapshot`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use karmadactl::fleet::FleetState;
use karmadactl::fleetgen::{write_fleet, FleetSpec};
use karmadactl::state::parse_documents;

fn parse_snapshot(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse_documents");
    group.sample_size(20);
    for bindings in [1_000usize, 10_000] {
        let spec = FleetSpec::new(100, bindings, 1);
        let mut bytes = Vec::new();
        let summary = write_fleet(&spec, &mut bytes).expect("generate fleet");
        let text = String::from_utf8(bytes).expect("generated JSON is UTF-8");
        let elements = summary.clusters
            + summary.resource_bindings
            + summary.cluster_resource_bindings
            + summary.propagation_policies
            + summary.taint_policies;
        group.throughput(Throughput::Elements(elements as u64));
        group.bench_with_input(BenchmarkId::new("bindings", bindings), &text, |b, text| {
            b.iter_with_large_drop(|| {
                let mut state = FleetState::default();
                parse_documents("bench.json", std::hint::black_box(text), &mut state)
                    .expect("parses");
                assert_eq!(state.bindings.len(), bindings);
                state
            })
        });
    }
    group.finish();
}

criterion_group!(benches, parse_snapshot);
criterion_main!(benches);
