//! Arguments of `maintenance`.

use std::time::Duration;

use clap::{Args, Subcommand};

use super::doctor::WatchOutput;
use super::evictions::PlanOutput;
use super::shared::{DryRunArg, ReadArgs, ReleaseArg};
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
    /// Run the maintenance: per wave, drain the clusters (every check of `drain`), wait
    /// until what moved is Healthy where it went, run --hook per cluster (or wait for
    /// `maintenance approve`), hold each to the health gate, uncordon, fail back, soak;
    /// then the next wave. The run's state lives on the control plane
    /// (configmap karmada-system/karmadactl-maintenance): one run at a time.
    #[command(after_help = MAINTENANCE_RUN_EXAMPLES)]
    Run(Box<MaintenanceRunArgs>),
    /// Go on with a stopped run, or one whose process died, from the step it was in
    /// (from any machine).
    Resume(MaintenanceResumeArgs),
    /// Where the run and every one of its clusters stand.
    Status(MaintenanceStatusArgs),
    /// Say the maintenance of clusters is done (a run without --hook waits for this).
    Approve(MaintenanceApproveArgs),
    /// Stop the run after its current step; every cluster is left as the report says,
    /// with the commands that put it back in service.
    Abort(MaintenanceAbortArgs),
}

pub(crate) const MAINTENANCE_RUN_EXAMPLES: &str = "\
Examples:
  # Upgrade every member one at a time; the hook does the upgrade and returns when the
  # member's API server answers again
  karmadactl maintenance run --all --hook './upgrade-member.sh' --yes

  # Two at a time, a person says when each is done; watch from another terminal
  karmadactl maintenance run -l env=prod --max-unavailable 2 --yes
  karmadactl maintenance status
  karmadactl maintenance approve member3

  # The process was killed, or Ctrl-C: go on from the step it was in
  karmadactl maintenance resume --yes

Exit codes: 0 every cluster maintained and back; 3 stopped, aborted or a cluster
failed (`maintenance status` says where each stands); 2 bad input; 1 API failure or the
run is held by another process.";

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

/// The clusters of a maintenance and how they go out, wave by wave.
#[derive(Debug, Args)]
pub struct WaveArgs {
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
}

/// Arguments of `maintenance plan`.
#[derive(Debug, Args)]
pub struct MaintenancePlanArgs {
    #[command(flatten)]
    pub waves: WaveArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub plot: super::shared::PlotArgs,
}

/// Arguments of `maintenance run`.
#[derive(Debug, Args)]
pub struct MaintenanceRunArgs {
    #[command(flatten)]
    pub waves: WaveArgs,
    #[command(flatten)]
    pub release: ReleaseArg,
    /// The maintenance itself, run per cluster with `sh -c` once its workloads have moved
    /// away; its environment names the cluster (KARMADACTL_CLUSTER, KARMADACTL_CLUSTER_CONTEXT,
    /// KARMADACTL_KARMADA_CONTEXT, KARMADACTL_RUN, KARMADACTL_WAVE, KUBECONFIG). Exit 0:
    /// done. Without --hook the run waits for `karmadactl maintenance approve CLUSTER`.
    #[arg(long, value_name = "COMMAND")]
    pub hook: Option<String>,
    /// The member's kubeconfig context given to the hook; {cluster} stands for its name.
    #[arg(long, value_name = "TEMPLATE", default_value = "{cluster}")]
    pub cluster_context: String,
    /// How long one hook may run before it is killed (the cluster fails).
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "1h")]
    pub hook_timeout: Duration,
    /// How long the moved workloads may take to be Healthy where they went.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub timeout: Duration,
    /// Health gate: how long a maintained cluster must have been Ready (with no NoExecute
    /// taint) before its workloads return.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub stable_for: Duration,
    /// How long the health gate may take to pass.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "30m")]
    pub gate_timeout: Duration,
    /// How long what returned must stay Healthy before the next wave starts.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub soak: Duration,
    /// Failed clusters to tolerate before the run stops (a failed cluster stays as its
    /// step left it, and counts as out while cordoned).
    #[arg(long, value_name = "N", default_value = "0")]
    pub max_failures: usize,
    /// Evictions in flight at once (drain).
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "8")]
    pub max_in_flight: usize,
    /// At most this many evictions a second (drain).
    #[arg(long, value_name = "PER_SECOND", value_parser = values::rate)]
    pub eviction_rate: Option<f64>,
    /// Refuse a wave when this share of clusters or more would be cordoned or carry a
    /// NoExecute taint (drain).
    #[arg(long, value_name = "FRACTION", value_parser = values::fraction, default_value = "0.55")]
    pub unhealthy_cluster_threshold: f64,
    /// Returns in flight at once (failback).
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "5")]
    pub max_concurrent: usize,
    /// How long a returned binding must stay Healthy before it counts (failback).
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "0s")]
    pub min_success_time: Duration,
    /// How long a returned binding may take to be Healthy (failback).
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub progress_deadline: Duration,
    /// Preview: `client` prints the plan and writes nothing.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_value = "none", default_missing_value = "client", value_name = "MODE")]
    pub dry_run: DryRunArg,
    /// Do not ask for confirmation (required without a terminal).
    #[arg(short = 'y', long)]
    pub yes: bool,
    /// Progress: lines (on a terminal, with a spinner while waiting), or JSON Lines.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: WatchOutput,
}

/// Arguments of `maintenance resume`.
#[derive(Debug, Args)]
pub struct MaintenanceResumeArgs {
    #[command(flatten)]
    pub release: ReleaseArg,
    /// Failed clusters to tolerate from now on (default: as the run was started).
    #[arg(long, value_name = "N")]
    pub max_failures: Option<usize>,
    /// Do not ask for confirmation (required without a terminal).
    #[arg(short = 'y', long)]
    pub yes: bool,
    /// Progress: lines, or JSON Lines.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: WatchOutput,
}

/// Arguments of `maintenance status`.
#[derive(Debug, Args)]
pub struct MaintenanceStatusArgs {
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
    #[command(flatten)]
    pub plot: super::shared::PlotArgs,
}

/// Arguments of `maintenance approve`.
#[derive(Debug, Args)]
pub struct MaintenanceApproveArgs {
    /// The clusters whose maintenance is done.
    #[arg(value_name = "CLUSTER", required = true)]
    pub clusters: Vec<String>,
}

/// Arguments of `maintenance abort`.
#[derive(Debug, Args)]
pub struct MaintenanceAbortArgs {
    /// Return at once instead of waiting until the run has stopped.
    #[arg(long)]
    pub no_wait: bool,
    /// How long to wait for the run to stop after its current step.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub timeout: Duration,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
}
