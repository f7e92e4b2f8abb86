//! Arguments of `policy apply` and `policy evaluate-taints`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::settings::{ControllerArgs, WebhookArgs};
use super::shared::{ChangeOutput, SourceArgs, WriteArgs};

pub(crate) const APPLY_EXAMPLES: &str = "\
Examples:
  # Check a policy offline: validation, failover lint, nothing sent
  karmadactl policy apply -f policy.yaml --dry-run=client --snapshot examples/quickstart.yaml

  # Apply every policy of a directory, showing what changes first
  karmadactl policy apply -f policies/ -R --diff

  # Treat lint warnings as errors (for CI)
  karmadactl policy apply -f policy.yaml --strict --dry-run=server";

pub(crate) const EVALUATE_EXAMPLES: &str = "\
Examples:
  # What the ClusterTaintPolicies would do to each cluster now, offline
  karmadactl policy evaluate-taints --snapshot examples/mixed-fleet.yaml

  # Write the taints on the live control plane, without a prompt
  karmadactl policy evaluate-taints --yes";

/// Arguments of `policy apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// Manifest file, directory, or - for stdin (repeatable).
    #[arg(
        short = 'f',
        long = "filename",
        value_name = "FILE|DIR|-",
        required = true
    )]
    pub files: Vec<PathBuf>,
    /// Read directories recursively.
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// Namespace of PropagationPolicies that name none (default: default); a document in
    /// another namespace is an error.
    #[arg(short = 'n', long, value_name = "NAMESPACE")]
    pub namespace: Option<String>,
    /// Lint warnings are errors (exit 2, nothing sent).
    #[arg(long)]
    pub strict: bool,
    /// Take over fields another field manager owns (server-side apply conflicts).
    #[arg(long)]
    pub force_conflicts: bool,
    /// Print what would change against the live objects before applying.
    #[arg(long)]
    pub diff: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Read the fleet for the lint and the failover preview from a snapshot (with
    /// --dry-run=client, nothing is read from a server).
    #[command(flatten)]
    pub source: SourceArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: ChangeOutput,
    #[command(flatten)]
    pub webhook: WebhookArgs,
    /// Settings the failover preview assumes.
    #[command(flatten)]
    pub controller: ControllerArgs,
}

/// Arguments of `policy evaluate-taints`.
#[derive(Debug, Args)]
pub struct EvaluateTaintsArgs {
    /// Write even when the clusters with NoExecute taints would pass the unhealthy
    /// threshold (--unhealthy-cluster-threshold, default 0.55).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: EvaluateOutput,
    /// Settings the blast-radius preview assumes.
    #[command(flatten)]
    pub controller: ControllerArgs,
}

/// Output formats of `policy evaluate-taints`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum EvaluateOutput {
    /// One block per cluster that changes.
    #[default]
    Table,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}
