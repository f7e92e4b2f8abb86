//! The taint manager's NoExecute decision over every input of
//! `../shared/conformance/noexecute_eviction.jsonl` (vectors produced by upstream's own
//! functions): the fast path (`noexecute_decision`, no explanation) against the
//! explaining path (`noexecute_eviction`, the baseline of the run). Criterion reports
//! time per pass over all inputs and elements per second; ns per decision is the pass
//! time divided by the number of inputs.
//!
//! Upstream's Go functions take 105 to 140 ns per decision on the same inputs (measured
//! outside this repository: no Go module source is reachable from CI).
//!
//! `cargo bench --bench decisions`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use jiff::Timestamp;
use karmadactl::api::{Taint, Toleration};
use karmadactl::engine::karmada::taint_manager::{noexecute_decision, noexecute_eviction};
use serde_json::Value;

type Input = (Vec<Taint>, Vec<Toleration>, Timestamp);

fn vectors() -> Vec<Input> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/conformance/noexecute_eviction.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("a JSON line");
            let input = &v["input"];
            let taints = serde_json::from_value(input["taints"].clone()).unwrap_or_default();
            let tolerations =
                serde_json::from_value(input["tolerations"].clone()).unwrap_or_default();
            let now = input["now"].as_str().unwrap().parse().unwrap();
            (taints, tolerations, now)
        })
        .collect()
}

fn decisions(c: &mut Criterion) {
    let inputs = vectors();
    assert!(!inputs.is_empty(), "no vectors");
    let mut group = c.benchmark_group("noexecute_vectors");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function("explained (baseline)", |b| {
        b.iter(|| {
            for (taints, tolerations, now) in &inputs {
                std::hint::black_box(noexecute_eviction(taints, tolerations, *now));
            }
        })
    });
    group.bench_function("fast path", |b| {
        b.iter(|| {
            for (taints, tolerations, now) in &inputs {
                std::hint::black_box(noexecute_decision(taints, tolerations, *now));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
