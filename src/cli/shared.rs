//! Flag groups several commands share, and the output formats each command offers.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::values::{self, FeatureGates};
use crate::api::selector::Selector;
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::render::Format;

/// Where read-only commands get the fleet from.
#[derive(Debug, Args, Clone, Default)]
pub struct SourceArgs {
    /// Read the fleet from a snapshot (file, directory, or - for stdin) instead of the
    /// control plane. Times are relative to the snapshot's capture time when it has one.
    #[arg(long, value_name = "PATH")]
    pub snapshot: Option<PathBuf>,
}

/// `--no-execute-taint-eviction-purge-mode` values (upstream accepts these two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "PascalCase")]
pub enum EvictionPurgeMode {
    /// The old copy stays until the new placement is healthy or the timeout passes.
    Gracefully,
    /// The old copy goes at once.
    Directly,
}

/// karmada-controller-manager settings that failover predictions depend on. Unset flags
/// take the value recorded in the snapshot header, else upstream's default.
#[derive(Debug, Args, Clone, Default)]
pub struct ControllerArgs {
    /// The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool
    /// knows); predictions follow that release's behaviour.
    #[arg(long, value_name = "VERSION", value_parser = values::karmada_version,
          help_heading = "Controller settings")]
    pub karmada_version: Option<KarmadaVersion>,
    /// Controller feature gates, e.g. `Failover=true` (upstream default: Failover=false).
    #[arg(long, value_name = "GATES", value_parser = values::feature_gates,
          help_heading = "Controller settings")]
    pub feature_gates: Option<FeatureGates>,
    /// Whether NoExecute taints evict (upstream default: false).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", value_parser = values::go_bool,
          help_heading = "Controller settings")]
    pub enable_no_execute_taint_eviction: Option<bool>,
    /// Purge mode of evictions of bindings without failover.cluster (default: Gracefully).
    #[arg(
        long,
        value_name = "MODE",
        value_enum,
        help_heading = "Controller settings"
    )]
    pub no_execute_taint_eviction_purge_mode: Option<EvictionPurgeMode>,
    /// How long a graceful eviction waits for the new placement (default: 10m).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Controller settings")]
    pub graceful_eviction_timeout: Option<Duration>,
    /// Bindings per second each eviction worker paces itself to (default: 0.5).
    #[arg(long, value_name = "RATE", value_parser = values::rate,
          help_heading = "Controller settings")]
    pub resource_eviction_rate: Option<f64>,
    /// Bindings evicted per second when too many clusters are faulty (default: 0.1;
    /// proposal model only).
    #[arg(long, value_name = "RATE", value_parser = values::rate,
          help_heading = "Controller settings")]
    pub secondary_resource_eviction_rate: Option<f64>,
    /// Faulty share of clusters above which the secondary rate applies (default: 0.55;
    /// proposal model only).
    #[arg(long, value_name = "FRACTION", value_parser = values::fraction,
          help_heading = "Controller settings")]
    pub unhealthy_cluster_threshold: Option<f64>,
    /// Fleets up to this size stop evicting instead of slowing down (default: 10; proposal
    /// model only).
    #[arg(long, value_name = "N", help_heading = "Controller settings")]
    pub large_cluster_num_threshold: Option<usize>,
    /// Base delay of the rate limiter's per-item back-off (default: 5ms).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Controller settings")]
    pub rate_limiter_base_delay: Option<Duration>,
    /// Longest delay of the rate limiter's per-item back-off (default: 1000s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Controller settings")]
    pub rate_limiter_max_delay: Option<Duration>,
    /// Token-bucket refill of the rate limiter, per second (default: 10).
    #[arg(long, value_name = "N", help_heading = "Controller settings")]
    pub rate_limiter_qps: Option<i64>,
    /// Token-bucket size of the rate limiter (default: 100).
    #[arg(long, value_name = "N", help_heading = "Controller settings")]
    pub rate_limiter_bucket_size: Option<i64>,
    /// How often the cluster-status controller probes each member (default: 10s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_status_update_frequency: Option<Duration>,
    /// How long probes must fail before a cluster is Ready=False (default: 30s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_failure_threshold: Option<Duration>,
    /// How long probes must succeed before a cluster is Ready=True again (default: 30s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_success_threshold: Option<Duration>,
    /// The cluster controller's monitor tick, for Pull clusters' leases (default: 5s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_monitor_period: Option<Duration>,
    /// How old a Pull cluster's lease may get before Ready=Unknown (default: 40s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_monitor_grace_period: Option<Duration>,
    /// karmada-agent's lease duration (default: 40s).
    #[arg(long, value_name = "DURATION", value_parser = values::duration,
          help_heading = "Health settings")]
    pub cluster_lease_duration: Option<Duration>,
    /// karmada-agent's lease renew interval, as a fraction of the duration (default: 0.25).
    #[arg(long, value_name = "FRACTION", value_parser = values::fraction,
          help_heading = "Health settings")]
    pub cluster_lease_renew_interval_fraction: Option<f64>,
    /// Which eviction queue to assume: `upstream` (what karmada-controller-manager runs:
    /// two paced queues of 3 workers) or `proposal` (the failover proposal's queue, which
    /// slows down above the unhealthy threshold and abandons evictions with nowhere to go;
    /// not built upstream).
    #[arg(long, value_name = "MODEL", value_enum, help_heading = "Prediction")]
    pub queue_model: Option<QueueModelArg>,
}

/// `--queue-model` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum QueueModelArg {
    /// Upstream's taint manager (the default).
    Upstream,
    /// The failover proposal's queue (not built upstream).
    Proposal,
}

/// Output formats of the analysis commands (`dry-run`, `policy explain`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum AnalysisOutput {
    /// Human-readable report.
    #[default]
    Table,
    /// The report with the reasons spelled out.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}

/// Output formats of the commands that change objects (`taint`, `cordon`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ChangeOutput {
    /// One line per object.
    #[default]
    Table,
    /// One line per object, with its resulting taints.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// Only resource/name, one per line.
    Name,
}

impl From<AnalysisOutput> for Format {
    fn from(o: AnalysisOutput) -> Format {
        match o {
            AnalysisOutput::Table => Format::Table,
            AnalysisOutput::Wide => Format::Wide,
            AnalysisOutput::Json => Format::Json,
            AnalysisOutput::Yaml => Format::Yaml,
        }
    }
}

impl From<ChangeOutput> for Format {
    fn from(o: ChangeOutput) -> Format {
        match o {
            ChangeOutput::Table => Format::Table,
            ChangeOutput::Wide => Format::Wide,
            ChangeOutput::Json => Format::Json,
            ChangeOutput::Yaml => Format::Yaml,
            ChangeOutput::Name => Format::Name,
        }
    }
}

/// What every read-only analysis command takes: where the fleet comes from, the
/// controller settings to assume, and the output format.
#[derive(Debug, Args)]
pub struct ReadArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub controller: ControllerArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: AnalysisOutput,
}

/// `--dry-run` modes, as kubectl spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum DryRunArg {
    /// Write for real.
    #[default]
    None,
    /// Compute and print the result locally; send nothing.
    Client,
    /// Send the writes with dryRun=All: the server validates, nothing is stored.
    Server,
}

impl From<DryRunArg> for crate::ops::DryRun {
    fn from(d: DryRunArg) -> Self {
        match d {
            DryRunArg::None => crate::ops::DryRun::None,
            DryRunArg::Client => crate::ops::DryRun::Client,
            DryRunArg::Server => crate::ops::DryRun::Server,
        }
    }
}

/// Which clusters a command acts on.
#[derive(Debug, Args, Clone, Default)]
pub struct ClusterSelection {
    /// Act on every cluster.
    #[arg(long)]
    pub all: bool,
    /// Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`).
    #[arg(short = 'l', long = "selector", value_name = "SELECTOR")]
    pub selector: Option<Selector>,
}

/// Safety flags of commands that write.
#[derive(Debug, Args, Clone, Default)]
pub struct WriteArgs {
    /// Preview without writing: `client` (bare --dry-run) computes locally, `server`
    /// asks the API server to validate with dryRun=All.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_value = "none", default_missing_value = "client", value_name = "MODE")]
    pub dry_run: DryRunArg,
    /// Do not ask for confirmation (required for destructive changes without a terminal).
    #[arg(short = 'y', long)]
    pub yes: bool,
}
