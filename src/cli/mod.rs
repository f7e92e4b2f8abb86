//! Command-line definition (clap), with typed value parsers: flags become typed values
//! at parse time. Parsing only: no behaviour lives here.

mod commands;
mod doctor;
mod evictions;
mod failback;
mod history;
mod maintenance;
mod policy;
pub mod settings;
mod shared;
pub mod values;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

/// Shells with completion scripts.
pub use clap_complete::Shell;
pub use commands::*;
pub use doctor::*;
pub use evictions::*;
pub use failback::*;
pub use history::*;
pub use maintenance::*;
pub use policy::*;
pub use settings::{ControllerArgs, EvictionPurgeMode, QueueModelArg, WebhookArgs};
pub use shared::*;

/// Exit codes, shown at the end of `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success
  1  API or runtime failure (unreachable server, unusable kubeconfig, forbidden,
     retries used up, every write failed)
  2  usage or validation error; nothing was written
  3  partial success: some targets failed, a summary was printed

Other commands (get, describe, apply, join, init, token, ... every command of upstream
karmadactl not listed above) are passed to upstream's karmadactl with the same arguments,
environment and streams, and its exit code is returned: the binary named by
$KARMADACTL_UPSTREAM, else the next karmadactl on PATH that is not this one.";

/// Cluster failover for Karmada: taint, cordon, and explain or simulate evictions.
///
/// This binary shares its name with upstream karmadactl: it has the failover commands
/// below, and runs upstream's karmadactl for every other command (get, join, init, ...).
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
    /// Objects per page of a list, as kubectl's --chunk-size: memory holds about two pages
    /// at a time; 0 asks for everything in one response.
    #[arg(long, global = true, value_name = "N", default_value_t = crate::client::PAGE_SIZE)]
    pub chunk_size: u32,
    /// Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout.
    #[arg(long, global = true, value_name = "DURATION", default_value = "0",
          value_parser = values::duration)]
    pub request_timeout: Duration,
    /// Requests a second the tool sends at most, as client-go's --kube-api-qps (a
    /// burst of --kube-api-burst first; kubectl's defaults); 0 removes the limit.
    #[arg(long, global = true, value_name = "QPS", default_value_t = 50.0)]
    pub kube_api_qps: f64,
    /// Requests sent at once before --kube-api-qps paces them.
    #[arg(long, global = true, value_name = "N", default_value_t = 300)]
    pub kube_api_burst: u32,
}

impl GlobalArgs {
    /// The connection options these flags describe.
    pub fn connect_options(&self) -> crate::client::ConnectOptions {
        crate::client::ConnectOptions {
            kubeconfig: self.kubeconfig.clone(),
            context: self.context.clone(),
            request_timeout: (!self.request_timeout.is_zero()).then_some(self.request_timeout),
            rate: (self.kube_api_qps > 0.0 && self.kube_api_qps.is_finite()).then_some(
                crate::client::ApiRate {
                    qps: self.kube_api_qps,
                    burst: self.kube_api_burst,
                },
            ),
        }
    }
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
    /// Drain clusters for maintenance: cordon, then evict every binding that can move.
    #[command(after_help = evictions::DRAIN_EXAMPLES)]
    Drain(DrainArgs),
    /// List graceful evictions and where they stand, take them back, confirm, extend or
    /// prune them.
    #[command(subcommand)]
    Evictions(EvictionsCommand),
    /// Return workloads to recovered clusters: health-gated, a few at a time, each
    /// watched until healthy there.
    #[command(after_help = failback::FAILBACK_EXAMPLES)]
    Failback(FailbackArgs),
    /// Cluster failover as a whole: `failover doctor` checks whether it would happen.
    #[command(subcommand)]
    Failover(FailoverCommand),
    /// Take clusters out for maintenance in waves: `maintenance plan` says what each wave
    /// moves where and whether it fits.
    #[command(subcommand)]
    Maintenance(MaintenanceCommand),
    /// The failover record of a binding, or of every binding a cluster touched: evictions,
    /// drains, aborts and scheduling, oldest first.
    #[command(after_help = history::HISTORY_EXAMPLES)]
    History(HistoryArgs),
    /// Capture the live fleet (clusters, bindings, policies) into a snapshot file.
    Snapshot(SnapshotArgs),
    /// Print a shell completion script.
    Completion(CompletionArgs),
    /// Commands of upstream karmadactl that this tool does not cover (handed over to
    /// upstream's binary before parsing; this catches what cannot be handed over).
    #[command(external_subcommand)]
    External(Vec<String>),
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
