//! Arguments of `failover doctor`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::policy::WebhookArgs;
use super::shared::ReadArgs;

pub(crate) const DOCTOR_EXAMPLES: &str = "\
Examples:
  # Offline, on a snapshot: the settings come from its header (or the flags)
  karmadactl failover doctor --snapshot examples/quickstart.yaml

  # Live, reading the controllers' real flags from their Deployments on the host cluster
  karmadactl failover doctor --host-kubeconfig ~/.kube/host.config

  # For monitoring: exit 0 healthy, 3 warnings, 1 errors
  karmadactl failover doctor --host-kubeconfig ~/.kube/host.config -o json";

/// `failover` subcommands.
#[derive(Debug, Subcommand)]
pub enum FailoverCommand {
    /// Will cluster failover actually happen? Checks the controller switches, the
    /// ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its
    /// failure would move.
    #[command(after_help = DOCTOR_EXAMPLES)]
    Doctor(DoctorArgs),
}

/// Arguments of `failover doctor`.
#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Kubeconfig of the host cluster Karmada runs on: the controller settings are read
    /// from the karmada-controller-manager and karmada-webhook Deployments there.
    #[arg(long, value_name = "PATH", conflicts_with = "snapshot")]
    pub host_kubeconfig: Option<PathBuf>,
    /// Context of --host-kubeconfig (default: its current context).
    #[arg(long, value_name = "NAME", requires = "host_kubeconfig")]
    pub host_context: Option<String>,
    /// Namespace of the Karmada components on the host cluster.
    #[arg(long, value_name = "NAMESPACE", default_value = "karmada-system")]
    pub karmada_namespace: String,
    #[command(flatten)]
    pub webhook: WebhookArgs,
    #[command(flatten)]
    pub read: ReadArgs,
}
