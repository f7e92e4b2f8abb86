//! Arguments of `drain` and `evictions`.

use std::time::Duration;

use clap::{Args, Subcommand, ValueEnum};

use super::shared::{SourceArgs, WriteArgs};
use super::values;
use crate::api::selector::Selector;
use crate::render::Format;

pub(crate) const DRAIN_EXAMPLES: &str = "\
Examples:
  # See what draining member1 would do, without writing anything
  karmadactl drain member1 --dry-run

  # Drain it (asks on a terminal; --yes in scripts), then wait until the old copies are gone
  karmadactl drain member1 --yes --wait --timeout 15m

  # Only the ResourceBindings of one namespace, keeping every workload on 2 clusters
  karmadactl drain member1 -n shop --min-available-clusters 2

  # Take it back: every eviction from member1, then uncordon
  karmadactl evictions abort --cluster member1 --all --yes
  karmadactl uncordon member1";

/// Which bindings a command acts on.
#[derive(Debug, Args, Clone, Default)]
pub struct BindingScopeArgs {
    /// Only ResourceBindings of this namespace (ClusterResourceBindings are skipped).
    #[arg(
        short = 'n',
        long,
        value_name = "NAMESPACE",
        conflicts_with = "all_namespaces"
    )]
    pub namespace: Option<String>,
    /// Every namespace, and ClusterResourceBindings (the default).
    #[arg(short = 'A', long)]
    pub all_namespaces: bool,
    /// Only bindings whose labels match this selector.
    #[arg(long, value_name = "SELECTOR")]
    pub binding_selector: Option<Selector>,
    /// Only bindings of this kind: `rb`, `crb`, or a workload kind (`Deployment`,
    /// `statefulsets`, ...).
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
}

/// Purge modes `drain` may write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "PascalCase")]
pub enum DrainPurgeMode {
    /// The old copy stays until the new placement is healthy (or the grace period ends).
    Gracefully,
    /// The old copy goes at once: downtime until the new one runs.
    Directly,
    /// The old copy stays until someone removes it.
    Never,
}

impl From<DrainPurgeMode> for crate::engine::vocabulary::settings::PurgeMode {
    fn from(m: DrainPurgeMode) -> Self {
        use crate::engine::vocabulary::settings::PurgeMode;
        match m {
            DrainPurgeMode::Gracefully => PurgeMode::Gracefully,
            DrainPurgeMode::Directly => PurgeMode::Directly,
            DrainPurgeMode::Never => PurgeMode::Never,
        }
    }
}

/// Output formats of the commands that report a plan (`drain`, `evictions abort`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum PlanOutput {
    /// A table and a summary.
    #[default]
    Table,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}

impl From<PlanOutput> for Format {
    fn from(o: PlanOutput) -> Format {
        match o {
            PlanOutput::Table => Format::Table,
            PlanOutput::Json => Format::Json,
            PlanOutput::Yaml => Format::Yaml,
        }
    }
}

/// Arguments of `drain`.
#[derive(Debug, Args)]
pub struct DrainArgs {
    /// Clusters to drain.
    #[arg(value_name = "CLUSTER")]
    pub clusters: Vec<String>,
    /// Drain the clusters matching this label selector.
    #[arg(short = 'l', long = "selector", value_name = "SELECTOR")]
    pub selector: Option<Selector>,
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// Do not cordon the clusters first.
    #[arg(long)]
    pub no_cordon: bool,
    /// Purge mode of the evictions (default: each binding's spec.failover.cluster.purgeMode,
    /// else Gracefully).
    #[arg(long, value_enum, value_name = "MODE")]
    pub purge_mode: Option<DrainPurgeMode>,
    /// How long an old copy may wait for its new placement (the task's gracePeriodSeconds;
    /// default: the controller's --graceful-eviction-timeout).
    #[arg(long, value_name = "DURATION", value_parser = values::duration)]
    pub grace_period: Option<Duration>,
    /// Refuse to evict a binding that would then run on fewer clusters.
    #[arg(long, value_name = "N", value_parser = values::count)]
    pub min_available_clusters: Option<usize>,
    /// Evict even bindings with nowhere to go (they disappear), drain even when most of
    /// the fleet is down or when replicas would not fit where they land.
    #[arg(long)]
    pub force: bool,
    /// Drain even when the replicas it moves would not all fit where the scheduler
    /// sends them (they stay Pending there); without it such a drain is refused.
    #[arg(long)]
    pub allow_pending: bool,
    /// Share of clusters drained or carrying a NoExecute taint above which the drain is
    /// refused without --force.
    #[arg(long, value_name = "FRACTION", value_parser = values::fraction, default_value = "0.55")]
    pub unhealthy_cluster_threshold: f64,
    /// Writes in flight at once.
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "8")]
    pub max_in_flight: usize,
    /// Evictions started per second, at most (default: as fast as the server takes them).
    #[arg(long, value_name = "RATE", value_parser = values::positive_rate)]
    pub eviction_rate: Option<f64>,
    /// After writing, watch until every eviction this drain wrote has cleared.
    #[arg(long)]
    pub wait: bool,
    /// How long --wait waits.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub timeout: Duration,
    /// karmada-controller-manager's feature gates the drain assumes: with
    /// StatefulFailoverInjection=true each eviction carries the state of the binding's
    /// statePreservation rules, as the taint manager's would (default: the settings
    /// remembered for the context, else upstream's: off).
    #[arg(long, value_name = "GATES", value_parser = values::feature_gates)]
    pub feature_gates: Option<values::FeatureGates>,
    /// karmada-scheduler's feature gates the capacity check assumes, e.g.
    /// SchedulingOvercommitProtection=true (default: the settings remembered for the
    /// context, else upstream's).
    #[arg(long, value_name = "GATES", value_parser = values::feature_gates)]
    pub scheduler_feature_gates: Option<values::FeatureGates>,
    #[command(flatten)]
    pub release: super::shared::ReleaseArg,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
}

/// `evictions` subcommands.
#[derive(Debug, Subcommand)]
pub enum EvictionsCommand {
    /// List every graceful eviction task and where it stands now.
    List(EvictionsListArgs),
    /// Take evictions back: remove the task and put the cluster back into the placement.
    Abort(EvictionsAbortArgs),
    /// Let held old copies go now (tasks with suppressDeletion: true or purge mode Never).
    #[command(after_help = CONFIRM_EXAMPLES)]
    Confirm(TaskActionArgs),
    /// Give evictions more time before they time out (gracePeriodSeconds).
    #[command(after_help = EXTEND_EXAMPLES)]
    Extend(ExtendArgs),
    /// Remove evictions whose cluster is Ready again and whose binding is healthy
    /// everywhere else, so the cluster can be scheduled to again.
    #[command(after_help = PRUNE_EXAMPLES)]
    Prune(PruneArgs),
}

const CONFIRM_EXAMPLES: &str = "\
Examples:
  # The copy member1 kept after an application failover (purge mode Never) may go now
  karmadactl evictions confirm rb shop/checkout --cluster member1

  # Every held copy on member1, after a look at the preview
  karmadactl evictions confirm --all --cluster member1 --dry-run";

const EXTEND_EXAMPLES: &str = "\
Examples:
  # The new placement needs longer to become healthy: 30 more minutes for the old copies
  karmadactl evictions extend --all --cluster member1 --grace-period 30m --yes";

const PRUNE_EXAMPLES: &str = "\
Examples:
  # Clusters that recovered: drop their finished-with tasks everywhere
  karmadactl evictions prune --recovered --all --yes

  # Only member1's, only in one namespace
  karmadactl evictions prune --recovered --all --cluster member1 -n shop";

/// Which tasks an eviction action touches, and how it runs.
#[derive(Debug, Args)]
pub struct TaskActionArgs {
    /// `rb NAMESPACE/NAME` or `crb NAME` (or none, with --all).
    #[arg(value_name = "BINDING", num_args = 0..=2)]
    pub target: Vec<String>,
    /// Only the task from this cluster (default: every task of the binding).
    #[arg(long, value_name = "NAME")]
    pub cluster: Option<String>,
    /// Every binding in scope.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// The controller's --graceful-eviction-timeout, for tasks without a grace period.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub graceful_eviction_timeout: Duration,
    /// Writes in flight at once.
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "8")]
    pub max_in_flight: usize,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
}

/// Arguments of `evictions extend`.
#[derive(Debug, Args)]
pub struct ExtendArgs {
    /// How much longer from now the old copies may wait for the new placement.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, required = true)]
    pub grace_period: Duration,
    #[command(flatten)]
    pub action: TaskActionArgs,
}

/// Arguments of `evictions prune`.
#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Remove the tasks whose cluster is Ready again and whose binding is healthy on every
    /// cluster it is placed on (the only kind of prune there is; required so the intent
    /// is written out).
    #[arg(long, required = true)]
    pub recovered: bool,
    #[command(flatten)]
    pub action: TaskActionArgs,
}

/// Output formats of `evictions list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ListOutput {
    /// A table.
    #[default]
    Table,
    /// The table with grace period, message and clusters before failover.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// Only resource/name of each binding, one per line.
    Name,
}

impl From<ListOutput> for Format {
    fn from(o: ListOutput) -> Format {
        match o {
            ListOutput::Table => Format::Table,
            ListOutput::Wide => Format::Wide,
            ListOutput::Json => Format::Json,
            ListOutput::Yaml => Format::Yaml,
            ListOutput::Name => Format::Name,
        }
    }
}

/// Arguments of `evictions list`.
#[derive(Debug, Args)]
pub struct EvictionsListArgs {
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// Only tasks from this cluster.
    #[arg(long, value_name = "NAME")]
    pub cluster: Option<String>,
    /// Only tasks of this producer (e.g. TaintManager, karmadactl).
    #[arg(long, value_name = "NAME")]
    pub producer: Option<String>,
    /// Keep the list current from a watch until every task listed is gone (or Ctrl-C).
    #[arg(long, conflicts_with = "snapshot")]
    pub watch: bool,
    #[command(flatten)]
    pub source: SourceArgs,
    /// The controller's --graceful-eviction-timeout, for tasks without a grace period
    /// (default: the snapshot header's, else 10m).
    #[arg(long, value_name = "DURATION", value_parser = values::duration)]
    pub graceful_eviction_timeout: Option<Duration>,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: ListOutput,
}

/// Arguments of `evictions abort`.
#[derive(Debug, Args)]
pub struct EvictionsAbortArgs {
    /// `rb NAMESPACE/NAME` or `crb NAME` (or none, with --all).
    #[arg(value_name = "BINDING", num_args = 0..=2)]
    pub target: Vec<String>,
    /// The cluster whose eviction is taken back.
    #[arg(long, value_name = "NAME")]
    pub cluster: String,
    /// Every binding with an eviction from --cluster.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// Abort even when the taint manager would evict again or the old copy is already
    /// gone (a cordoned cluster needs no --force: it stays cordoned).
    #[arg(long)]
    pub force: bool,
    /// Writes in flight at once.
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "8")]
    pub max_in_flight: usize,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
}
