//! Command-line definition (clap). Parsing only: no behaviour lives here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exit codes, shown at the end of `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success
  1  API or runtime failure (unreachable server, forbidden, retries exhausted)
  2  usage or validation error; nothing was written
  3  partial success: some targets failed, a summary was printed";

/// Cluster failover for Karmada: taint, cordon, and explain or simulate evictions.
///
/// This binary shares its name with upstream karmadactl and covers its cluster-failover
/// subset; use upstream karmadactl for everything else (join, init, get, ...).
#[derive(Debug, Parser)]
#[command(name = "karmadactl", version, after_help = EXIT_CODES_HELP, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Flags every command accepts.
#[derive(Debug, Args, Clone, Default)]
pub struct GlobalArgs {
    /// Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG,
    /// then ~/.kube/config).
    #[arg(long, global = true, value_name = "PATH")]
    pub kubeconfig: Option<PathBuf>,
    /// Name of the kubeconfig context to use (default: the current context).
    #[arg(long = "karmada-context", global = true, value_name = "NAME")]
    pub context: Option<String>,
    /// Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace.
    #[arg(
        short = 'v',
        long = "v",
        global = true,
        value_name = "LEVEL",
        default_value_t = 0
    )]
    pub verbosity: u8,
    /// Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout.
    #[arg(long, global = true, value_name = "DURATION", default_value = "0")]
    pub request_timeout: String,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Add, change or remove taints on member clusters.
    #[command(after_help = TAINT_EXAMPLES)]
    Taint(TaintArgs),
    /// Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule).
    Cordon(CordonArgs),
    /// Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule).
    Uncordon(CordonArgs),
    /// Simulate a cluster failure: what would be evicted, when, and where it would go.
    #[command(name = "dry-run", after_help = DRY_RUN_EXAMPLES)]
    DryRun(DryRunArgs),
    /// Explain failover decisions for a binding or a ClusterTaintPolicy.
    #[command(subcommand)]
    Policy(PolicyCommand),
    /// Capture the live fleet (clusters, bindings, policies) into a snapshot file.
    Snapshot(SnapshotArgs),
    /// Print a shell completion script.
    Completion(CompletionArgs),
    /// Commands of upstream karmadactl that this tool does not cover.
    #[command(external_subcommand)]
    External(Vec<String>),
}

const TAINT_EXAMPLES: &str = "\
Examples:
  # Stop new placements on member1
  karmadactl taint clusters member1 maintenance=planned:NoSchedule

  # Evict workloads from member1 and member2 (asks for confirmation on a terminal)
  karmadactl taint clusters member1 member2 outage:NoExecute

  # Change the value of an existing taint
  karmadactl taint clusters member1 maintenance=extended:NoSchedule --overwrite

  # Remove a taint by key and effect, or every taint with a key
  karmadactl taint clusters member1 maintenance:NoSchedule-
  karmadactl taint clusters member1 maintenance-

  # Every cluster with a label; preview without writing
  karmadactl taint clusters -l region=eu maintenance:NoSchedule --dry-run";

const DRY_RUN_EXAMPLES: &str = "\
Examples:
  # member1 goes NotReady now: what is evicted, when, and where does it land?
  karmadactl dry-run --snapshot examples/quickstart.yaml --cluster member1

  # What happens within 10 minutes with the taints clusters already carry?
  karmadactl dry-run --snapshot examples/mixed-fleet.yaml --at 10m

  # A planned maintenance taint on every cluster of a region, against the live fleet
  karmadactl dry-run -l region=eu --taint maintenance=planned:NoExecute -o json";

/// Where read-only commands get the fleet from.
#[derive(Debug, Args, Clone, Default)]
pub struct SourceArgs {
    /// Read the fleet from a snapshot (file, directory, or - for stdin) instead of the
    /// control plane. Times are relative to the snapshot's capture time when it has one.
    #[arg(long, value_name = "PATH")]
    pub snapshot: Option<PathBuf>,
}

/// karmada-controller-manager settings that failover predictions depend on. Unset flags
/// take the value recorded in the snapshot header, else upstream's default.
#[derive(Debug, Args, Clone, Default)]
pub struct ControllerArgs {
    /// Controller feature gates, e.g. `Failover=true` (upstream default: Failover=false).
    #[arg(long, value_name = "GATES", help_heading = "Controller settings")]
    pub feature_gates: Option<String>,
    /// Whether NoExecute taints evict (upstream default: false).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", help_heading = "Controller settings")]
    pub enable_no_execute_taint_eviction: Option<bool>,
    /// Purge mode of evictions of bindings without failover.cluster (default: Gracefully).
    #[arg(long, value_name = "MODE", help_heading = "Controller settings")]
    pub no_execute_taint_eviction_purge_mode: Option<String>,
    /// How long a graceful eviction waits for the new placement (default: 10m).
    #[arg(long, value_name = "DURATION", help_heading = "Controller settings")]
    pub graceful_eviction_timeout: Option<String>,
    /// Bindings evicted per second while the fleet is healthy (default: 0.5).
    #[arg(long, value_name = "RATE", help_heading = "Controller settings")]
    pub resource_eviction_rate: Option<f64>,
    /// Bindings evicted per second when too many clusters are faulty (default: 0.1).
    #[arg(long, value_name = "RATE", help_heading = "Controller settings")]
    pub secondary_resource_eviction_rate: Option<f64>,
    /// Faulty share of clusters above which the secondary rate applies (default: 0.55).
    #[arg(long, value_name = "FRACTION", help_heading = "Controller settings")]
    pub unhealthy_cluster_threshold: Option<f64>,
    /// Fleets up to this size stop evicting instead of slowing down (default: 10).
    #[arg(long, value_name = "N", help_heading = "Controller settings")]
    pub large_cluster_num_threshold: Option<usize>,
}

/// What every read-only analysis command takes: where the fleet comes from, the
/// controller settings to assume, and the output format.
#[derive(Debug, Args)]
pub struct ReadArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub controller: ControllerArgs,
    /// Output format: table (default), wide, json or yaml.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: OutputFormat,
}

/// Arguments of `dry-run`.
#[derive(Debug, Args)]
pub struct DryRunArgs {
    /// Clusters that get the taint (repeatable). Without --cluster or -l, only the
    /// taints clusters already carry are simulated.
    #[arg(long = "cluster", value_name = "NAME")]
    pub clusters: Vec<String>,
    /// Clusters matching this label selector get the taint.
    #[arg(
        short = 'l',
        long = "selector",
        value_name = "SELECTOR",
        conflicts_with = "clusters"
    )]
    pub selector: Option<String>,
    /// The taint to add (default: cluster.karmada.io/not-ready:NoExecute, what the
    /// controllers add to a NotReady cluster).
    #[arg(long, value_name = "KEY[=VALUE]:EFFECT")]
    pub taint: Option<String>,
    /// Look at the state this long after now (e.g. 10m) or at this RFC 3339 time.
    #[arg(long, value_name = "DURATION|TIME")]
    pub at: Option<String>,
    /// The tainted clusters recover this long after now (or at this time): evictions
    /// the queue has not processed by then are dropped.
    #[arg(long, value_name = "DURATION|TIME")]
    pub recover_after: Option<String>,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// `policy` subcommands.
#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Explain, for a binding, every cluster's taints, tolerations, gates, queue position,
    /// predicted placement and verdict; or what a ClusterTaintPolicy does now.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
}

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  karmadactl policy explain rb default/nginx-deployment --snapshot examples/quickstart.yaml
  karmadactl policy explain deployment/nginx -n default --cluster member1
  karmadactl policy explain crb platform-config-configmap --snapshot examples/mixed-fleet.yaml
  karmadactl policy explain clustertaintpolicy/not-ready-noexecute --snapshot examples/mixed-fleet.yaml";

/// Arguments of `policy explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// What to explain: `rb NAMESPACE/NAME`, `crb NAME`, `KIND/NAME` of a workload (with
    /// -n), or `clustertaintpolicy/NAME`.
    #[arg(value_name = "TARGET", num_args = 1..=2, required = true)]
    pub target: Vec<String>,
    /// Namespace of a workload or ResourceBinding.
    #[arg(short = 'n', long, value_name = "NAMESPACE")]
    pub namespace: Option<String>,
    /// Only this cluster of the placement.
    #[arg(long, value_name = "NAME")]
    pub cluster: Option<String>,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// Arguments of `snapshot`.
#[derive(Debug, Args)]
pub struct SnapshotArgs {
    /// File to write (`.yaml`/`.yml` for YAML, anything else JSON; `-` for stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub file: String,
    /// Record a controller flag with the snapshot, e.g. feature-gates=Failover=true
    /// (repeatable); read-only commands use it unless overridden.
    #[arg(long = "controller-setting", value_name = "FLAG=VALUE", value_parser = parse_setting)]
    pub controller_settings: Vec<(String, String)>,
}

fn parse_setting(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.trim_start_matches('-').to_string(), v.to_string()))
        .ok_or_else(|| format!("expected FLAG=VALUE, got {s:?}"))
}

/// Output formats. Commands document which they support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum OutputFormat {
    /// Human-readable lines or table.
    #[default]
    Table,
    /// Like table, with more columns.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// Only resource/name, one per line.
    Name,
}

/// `--dry-run` modes, as kubectl spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum DryRun {
    /// Write for real.
    #[default]
    None,
    /// Compute and print the result locally; send nothing.
    Client,
    /// Send the writes with dryRun=All: the server validates, nothing is stored.
    Server,
}

/// Which clusters a command acts on.
#[derive(Debug, Args, Clone, Default)]
pub struct ClusterSelection {
    /// Act on every cluster.
    #[arg(long)]
    pub all: bool,
    /// Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`).
    #[arg(short = 'l', long = "selector", value_name = "SELECTOR")]
    pub selector: Option<String>,
}

/// Safety flags of commands that write.
#[derive(Debug, Args, Clone, Default)]
pub struct WriteArgs {
    /// Preview without writing: `client` (bare --dry-run) computes locally, `server`
    /// asks the API server to validate with dryRun=All.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_value = "none", default_missing_value = "client", value_name = "MODE")]
    pub dry_run: DryRun,
    /// Do not ask for confirmation (required for destructive changes without a terminal).
    #[arg(short = 'y', long)]
    pub yes: bool,
}

/// Arguments of `taint`.
#[derive(Debug, Args)]
pub struct TaintArgs {
    /// Resource type: `clusters` (also `cluster`, `clusters.cluster.karmada.io`).
    #[arg(value_name = "RESOURCE")]
    pub resource: String,
    /// Cluster names, then taint specs: KEY[=VALUE]:EFFECT to add, KEY:EFFECT- or KEY-
    /// to remove. EFFECT is NoSchedule, PreferNoSchedule, NoExecute or PreferNoExecute.
    #[arg(value_name = "NAME|TAINT")]
    pub args: Vec<String>,
    #[command(flatten)]
    pub selection: ClusterSelection,
    /// Replace the value of a taint whose key and effect already exist.
    #[arg(long)]
    pub overwrite: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format: table (default), json, yaml or name.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: OutputFormat,
    /// Settings the impact preview of evicting taints assumes.
    #[command(flatten)]
    pub controller: ControllerArgs,
}

/// Arguments of `cordon` and `uncordon`.
#[derive(Debug, Args)]
pub struct CordonArgs {
    /// Cluster names.
    #[arg(value_name = "NAME")]
    pub names: Vec<String>,
    #[command(flatten)]
    pub selection: ClusterSelection,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format: table (default), json, yaml or name.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: OutputFormat,
}

/// Shells with completion scripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

/// Arguments of `completion`.
#[derive(Debug, Args)]
pub struct CompletionArgs {
    /// The shell to generate the script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Upstream karmadactl commands this tool does not implement.
pub const UPSTREAM_ONLY_COMMANDS: &[&str] = &[
    "init",
    "deinit",
    "join",
    "unjoin",
    "register",
    "unregister",
    "token",
    "addons",
    "get",
    "describe",
    "apply",
    "create",
    "delete",
    "edit",
    "exec",
    "logs",
    "explain",
    "label",
    "annotate",
    "patch",
    "api-resources",
    "attach",
    "interpret",
    "promote",
    "top",
    "options",
    "version-upstream",
    "cluster-info",
    "config",
];
