//! Arguments of `maintenance`.

use clap::{Args, Subcommand};

use super::shared::ReadArgs;
use super::values;
use crate::api::selector::Selector;

pub(crate) const MAINTENANCE_PLAN_EXAMPLES: &str = "\
Examples:
  # Upgrade every member one at a time, the smallest blast radius first: the waves, what
  # each moves where, and whether it fits (offline, on a snapshot)
  karmadactl maintenance plan --all --order blast-radius --snapshot examples/mixed-fleet.yaml

  # Two at a time, zone by zone
  karmadactl maintenance plan -l env=prod --max-unavailable 2 --order label=topology.kubernetes.io/zone

  # For a pipeline: exit 0 safe, 3 refused (a wave leaves replicas Pending or workloads
  # with nowhere to go), 2 bad input
  karmadactl maintenance plan member1 member2 member3 -o json";

/// `maintenance` subcommands.
#[derive(Debug, Subcommand)]
pub enum MaintenanceCommand {
    /// Plan the maintenance of a set of clusters in waves: per wave what its drain moves
    /// where and whether it fits there, and the clusters that cannot be taken out at all.
    /// Refuses (exit 3) a plan whose wave leaves replicas Pending or workloads with
    /// nowhere to go, naming them.
    #[command(after_help = MAINTENANCE_PLAN_EXAMPLES)]
    Plan(Box<MaintenancePlanArgs>),
}

/// `--order` values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WaveOrder {
    /// By name.
    Name,
    /// The fewest replicas first.
    BlastRadius,
    /// By the value of a label, then by name.
    Label(String),
}

/// `name`, `blast-radius` or `label=KEY`.
pub fn wave_order(text: &str) -> Result<WaveOrder, String> {
    match text {
        "name" => Ok(WaveOrder::Name),
        "blast-radius" => Ok(WaveOrder::BlastRadius),
        _ => match text.strip_prefix("label=") {
            Some(key) if !key.is_empty() => Ok(WaveOrder::Label(key.to_string())),
            _ => Err("expected name, blast-radius or label=KEY".into()),
        },
    }
}

/// Arguments of `maintenance plan`.
#[derive(Debug, Args)]
pub struct MaintenancePlanArgs {
    /// The clusters to maintain.
    #[arg(value_name = "CLUSTER")]
    pub clusters: Vec<String>,
    /// The clusters matching this label selector.
    #[arg(short = 'l', long = "selector", value_name = "SELECTOR")]
    pub selector: Option<Selector>,
    /// Every cluster of the fleet.
    #[arg(long)]
    pub all: bool,
    /// At most this many clusters out at once (one wave).
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "1")]
    pub max_unavailable: usize,
    /// The order clusters are taken out in: name, blast-radius (the fewest replicas
    /// first) or label=KEY.
    #[arg(long, value_name = "ORDER", value_parser = wave_order, default_value = "name")]
    pub order: WaveOrder,
    /// Purge mode of the drains (default: each binding's spec.failover.cluster.purgeMode,
    /// else Gracefully).
    #[arg(long, value_enum, value_name = "MODE")]
    pub purge_mode: Option<super::DrainPurgeMode>,
    /// Refuse to move a binding that would then run on fewer clusters.
    #[arg(long, value_name = "N", value_parser = values::count)]
    pub min_available_clusters: Option<usize>,
    #[command(flatten)]
    pub read: ReadArgs,
}
