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
