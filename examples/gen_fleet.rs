//! Generate a synthetic Karmada fleet snapshot (JSON kubectl `List`).
//!
//! ```text
//! cargo run --release --example gen_fleet -- --clusters 1000 --bindings 100000 --seed 1 -o fleet.json
//! ```

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use karmadactl::fleetgen::{write_fleet, FleetSpec};

/// Write a deterministic synthetic fleet (clusters, bindings, policies) as a snapshot.
#[derive(Parser, Debug)]
#[command(name = "gen_fleet")]
struct Args {
    /// Number of member clusters.
    #[arg(long, default_value_t = 1000)]
    clusters: usize,
    /// Number of ResourceBindings and ClusterResourceBindings together.
    #[arg(long, default_value_t = 10_000)]
    bindings: usize,
    /// PRNG seed: the same arguments always give the same bytes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of clusters that are faulty (not-ready NoExecute taint, Ready=False).
    #[arg(long, default_value_t = 0.05)]
    faulty_fraction: f64,
    /// Share of clusters that are cordoned.
    #[arg(long, default_value_t = 0.02)]
    cordoned_fraction: f64,
    /// Share of bindings that are ClusterResourceBindings.
    #[arg(long, default_value_t = 0.05)]
    cluster_binding_fraction: f64,
    /// Output file, `-` for stdout.
    #[arg(short = 'o', long = "output", default_value = "-")]
    output: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut spec = FleetSpec::new(args.clusters, args.bindings, args.seed);
    spec.faulty_fraction = args.faulty_fraction;
    spec.cordoned_fraction = args.cordoned_fraction;
    spec.cluster_binding_fraction = args.cluster_binding_fraction;
    let start = Instant::now();
    let summary = if args.output.as_os_str() == "-" {
        write_fleet(&spec, std::io::stdout().lock())?
    } else {
        let mut file = File::create(&args.output)?;
        let s = write_fleet(&spec, &mut file)?;
        file.flush()?;
        s
    };
    eprintln!(
        "wrote {} clusters ({} faulty, {} cordoned), {} rb + {} crb, {} pp, {} ctp: {} bytes in {:.2?}",
        summary.clusters,
        summary.faulty_clusters,
        summary.cordoned_clusters,
        summary.resource_bindings,
        summary.cluster_resource_bindings,
        summary.propagation_policies,
        summary.taint_policies,
        summary.bytes,
        start.elapsed()
    );
    Ok(())
}
