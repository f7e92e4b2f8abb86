//! Wall time of `karmadactl taint clusters NAME k=v:NoSchedule` against the real test
//! kube-apiserver (started here as the tests start it), median of N runs, with the
//! process start-up (`karmadactl --version`) measured in the same run as the baseline.
//!
//!   cargo build --release && cargo run --release --example bench_taint -- [RUNS]
//!
//! Needs the test assets (`export KUBEBUILDER_ASSETS=$(hack/test-env.sh)`).

#[path = "../tests/support/mod.rs"]
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time(cmd: &mut Command) -> Duration {
    let start = Instant::now();
    let out = cmd.output().expect("run karmadactl");
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

#[tokio::main]
async fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let bin = support::fixtures::binary();
    assert!(bin.exists(), "build the binary first: {}", bin.display());
    let env = support::env();
    let client = env.admin().await;
    let mut taint = Vec::new();
    let mut baseline = Vec::new();
    for i in 0..runs {
        let name = format!("bench-{i}");
        support::fixtures::create_cluster(
            &client,
            &name,
            serde_json::json!({}),
            serde_json::json!({}),
        )
        .await;
        baseline.push(time(Command::new(&bin).arg("--version")));
        taint.push(time(
            Command::new(&bin)
                .arg("--kubeconfig")
                .arg(&env.kubeconfig)
                .args(["taint", "clusters", &name, "k=v:NoSchedule"]),
        ));
    }
    let (t, b) = (median(taint), median(baseline));
    println!("binary: {}", bin.display());
    println!("taint clusters NAME k=v:NoSchedule: median {t:?} over {runs} runs");
    println!("baseline (karmadactl --version):    median {b:?} over {runs} runs");
    println!(
        "ratio: {:.1}x the process start-up",
        t.as_secs_f64() / b.as_secs_f64()
    );
}
