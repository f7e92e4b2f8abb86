//! Arguments of `failover doctor` and `failover settings`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::settings::WebhookArgs;
use super::shared::ReadArgs;
use super::values;
use crate::engine::vocabulary::version::KarmadaVersion;

pub(crate) const DOCTOR_EXAMPLES: &str = "\
Examples:
  # Offline, on a snapshot: the settings come from its header (or the flags)
  karmadactl failover doctor --snapshot examples/quickstart.yaml

  # Live, reading the controllers' real flags from their Deployments on the host cluster
  karmadactl failover doctor --host-kubeconfig ~/.kube/host.config

  # For monitoring: exit 0 healthy, 3 warnings, 1 errors
  karmadactl failover doctor --host-kubeconfig ~/.kube/host.config -o json

  # Before an upgrade: what v1.19.0-rc.0 changes for this fleet (exit 1: it refuses a
  # policy or brings an error finding; 3: other changes; 0: nothing changes)
  karmadactl failover doctor --snapshot examples/legacy-purge.yaml --karmada-version v1.18.2 --upgrade-to v1.19.0-rc.0";

pub(crate) const CAPACITY_EXAMPLES: &str = "\
Examples:
  # Does the fleet survive the loss of any one cluster?
  karmadactl failover capacity --snapshot examples/quickstart.yaml

  # Two clusters at once, and a whole region
  karmadactl failover capacity --lose member1,member2 --lose-selector region=eu-west

  # As the scheduler places a burst with in-flight tracking (v1.18, alpha gate)
  karmadactl failover capacity --scheduler-feature-gates SchedulingOvercommitProtection=true -o json";

/// Arguments of `failover capacity`.
#[derive(Debug, Args)]
pub struct CapacityArgs {
    /// Clusters lost at once, comma-separated (repeatable: each is one loss). Without
    /// --lose or --lose-selector, every cluster is lost on its own, one loss each.
    #[arg(long, value_name = "CLUSTER[,CLUSTER...]")]
    pub lose: Vec<String>,
    /// The clusters matching this label selector are lost at once (one more loss).
    #[arg(long, value_name = "SELECTOR")]
    pub lose_selector: Option<crate::api::selector::Selector>,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub plot: super::shared::PlotArgs,
}

/// `NAMESPACE/NAME` of a Deployment.
pub fn namespaced_name(text: &str) -> Result<(String, String), String> {
    match text.split_once('/') {
        Some((ns, name))
            if ns.len() <= 63
                && crate::api::names::is_dns_label(ns)
                && crate::api::names::is_dns_subdomain(name) =>
        {
            Ok((ns.to_string(), name.to_string()))
        }
        _ => Err("expected NAMESPACE/NAME of a Deployment".into()),
    }
}

/// `failover` subcommands.
#[derive(Debug, Subcommand)]
pub enum FailoverCommand {
    /// Will cluster failover actually happen? Checks the controller switches, the
    /// ClusterTaintPolicies, the webhook and the fleet, and answers per cluster what its
    /// failure would move.
    #[command(after_help = DOCTOR_EXAMPLES)]
    Doctor(Box<DoctorArgs>),
    /// Will it fit? For the loss of every cluster (or of the sets named), what leaves,
    /// where it lands, what stays Pending for want of room and what has nowhere to go:
    /// the fleet's N-1 answer.
    #[command(after_help = CAPACITY_EXAMPLES)]
    Capacity(Box<CapacityArgs>),
    /// The controller settings remembered for a kubeconfig context, which every
    /// prediction uses unless a flag says otherwise: view, set, unset, or refresh them
    /// from the components on the host cluster.
    #[command(subcommand)]
    Settings(Box<SettingsCommand>),
    /// Follow a failover as it happens: each failing cluster's stage, the fleet's moves
    /// against the predicted totals, the queue as the twin replays it, and every step
    /// beside the interval predicted for it. Ends once the failover settles (or Ctrl-C).
    #[command(after_help = WATCH_EXAMPLES)]
    Watch(Box<WatchArgs>),
    /// A failover after the fact, from what the control plane still holds: per binding
    /// the time from the failure to the eviction, the new placement and the old copy's
    /// removal, each beside its predicted interval; the time away (p50/p95/max).
    #[command(after_help = REPORT_EXAMPLES)]
    Report(Box<ReportArgs>),
}

pub(crate) const WATCH_EXAMPLES: &str = "\
Examples:
  # During an incident: follow member1 until its failover settles
  karmadactl failover watch member1

  # For a script or a log: one JSON object per step, as it happens
  karmadactl failover watch member1 -o json

  # Every cluster, at most ten minutes
  karmadactl failover watch --timeout 10m";

pub(crate) const REPORT_EXAMPLES: &str = "\
Examples:
  # After the incident: how long each workload was away from member1
  karmadactl failover report --cluster member1

  # For a Pushgateway or a node-exporter textfile collector
  karmadactl failover report --cluster member1 -o openmetrics > failover.prom

  # Offline, from a snapshot (no Events: the tasks and the tool's records only)
  karmadactl failover report --cluster member1 --snapshot examples/mixed-fleet.yaml";

/// Output formats of `failover watch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum WatchOutput {
    /// On a terminal a screen redrawn in place; piped, one line per step.
    #[default]
    Table,
    /// One JSON object per step (JSON Lines).
    Json,
}

/// Arguments of `failover watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The clusters to follow (every cluster when none is named).
    #[arg(value_name = "CLUSTER")]
    pub clusters: Vec<String>,
    /// Stop after this long even when the failover has not settled (exit 3): a step late
    /// on its prediction is followed until it comes or this ends the watch.
    #[arg(long, value_name = "DURATION", value_parser = values::duration)]
    pub timeout: Option<std::time::Duration>,
    #[command(flatten)]
    pub controller: super::settings::ControllerArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: WatchOutput,
}

/// Output formats of `failover report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ReportOutput {
    /// Human-readable report.
    #[default]
    Table,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// OpenMetrics text exposition (Pushgateway, node-exporter textfile collector).
    Openmetrics,
}

/// Arguments of `failover report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The cluster whose failover is reported.
    #[arg(long, value_name = "CLUSTER")]
    pub cluster: String,
    /// Only steps at or after this moment: a duration ago (2h) or an RFC 3339 time.
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec)]
    pub since: Option<values::TimeSpec>,
    /// Only steps at or before this moment: a duration ago (30m) or an RFC 3339 time.
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec)]
    pub until: Option<values::TimeSpec>,
    #[command(flatten)]
    pub source: super::shared::SourceArgs,
    #[command(flatten)]
    pub controller: super::settings::ControllerArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: ReportOutput,
    #[command(flatten)]
    pub plot: super::shared::PlotArgs,
}

pub(crate) const SETTINGS_EXAMPLES: &str = "\
Examples:
  # Discover the real settings of the current context's control plane and remember them
  karmadactl failover settings refresh --host-kubeconfig ~/.kube/host.config

  # What is remembered, and where each value came from
  karmadactl failover settings view

  # Set or forget a value by hand
  karmadactl failover settings set feature-gates=Failover=true enable-no-execute-taint-eviction=true
  karmadactl failover settings unset resource-eviction-rate";

/// `failover settings` subcommands.
#[derive(Debug, Subcommand)]
#[command(after_help = SETTINGS_EXAMPLES)]
pub enum SettingsCommand {
    /// Show what is remembered for the context (--karmada-context, else the current
    /// one), or for every context.
    View(SettingsViewArgs),
    /// Remember values by hand: FLAG=VALUE, as the component's flag takes it.
    Set(SettingsSetArgs),
    /// Forget remembered values, or everything remembered for the context (--all).
    Unset(SettingsUnsetArgs),
    /// Read the components' flags on the host cluster (as `failover doctor` does) and
    /// remember them, with the time of the discovery; a flag a component does not set is
    /// remembered as upstream's default.
    Refresh(Box<SettingsRefreshArgs>),
}

/// Output formats of `failover settings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum SettingsOutput {
    /// A table.
    #[default]
    Table,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}

/// Arguments of `failover settings view`.
#[derive(Debug, Args)]
pub struct SettingsViewArgs {
    /// Every context in the settings file, not only the one in use.
    #[arg(long)]
    pub all_contexts: bool,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: SettingsOutput,
}

/// Arguments of `failover settings set`.
#[derive(Debug, Args)]
pub struct SettingsSetArgs {
    /// FLAG=VALUE pairs, e.g. feature-gates=Failover=true (`karmadactl failover
    /// settings view` lists the flags).
    #[arg(required = true, value_name = "FLAG=VALUE")]
    pub values: Vec<String>,
}

/// Arguments of `failover settings unset`.
#[derive(Debug, Args)]
pub struct SettingsUnsetArgs {
    /// Flags to forget.
    #[arg(
        value_name = "FLAG",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    pub flags: Vec<String>,
    /// Forget everything remembered for the context.
    #[arg(long)]
    pub all: bool,
}

/// Arguments of `failover settings refresh`.
#[derive(Debug, Args)]
pub struct SettingsRefreshArgs {
    /// Kubeconfig of the host cluster Karmada runs on (default: the one of the last
    /// discovery of this context).
    #[arg(long, value_name = "PATH")]
    pub host_kubeconfig: Option<PathBuf>,
    /// Context of the host kubeconfig (default: the last discovery's, else its current
    /// context).
    #[arg(long, value_name = "NAME")]
    pub host_context: Option<String>,
    /// Namespace of the Karmada components (default: the last discovery's, else
    /// karmada-system).
    #[arg(long, value_name = "NAMESPACE")]
    pub karmada_namespace: Option<String>,
    /// The karmada-controller-manager Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name)]
    pub controller_manager: Option<(String, String)>,
    /// The karmada-webhook Deployment, when the search does not find it.
    #[arg(long = "webhook", value_name = "NAMESPACE/NAME", value_parser = namespaced_name)]
    pub webhook_deployment: Option<(String, String)>,
    /// The karmada-scheduler Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name)]
    pub scheduler: Option<(String, String)>,
    /// The karmada-descheduler Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name)]
    pub descheduler_deployment: Option<(String, String)>,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: SettingsOutput,
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
    /// Namespace of the Karmada components on the host cluster: searched for the
    /// Deployments every installer (karmadactl init, the Helm chart, karmada-operator)
    /// creates, and for containers running the Karmada binaries.
    #[arg(long, value_name = "NAMESPACE", default_value = "karmada-system")]
    pub karmada_namespace: String,
    /// The karmada-controller-manager Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name,
          requires = "host_kubeconfig")]
    pub controller_manager: Option<(String, String)>,
    /// The karmada-webhook Deployment, when the search does not find it.
    #[arg(long = "webhook", value_name = "NAMESPACE/NAME", value_parser = namespaced_name,
          requires = "host_kubeconfig")]
    pub webhook_deployment: Option<(String, String)>,
    /// The karmada-scheduler Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name,
          requires = "host_kubeconfig")]
    pub scheduler: Option<(String, String)>,
    /// The karmada-descheduler Deployment, when the search does not find it.
    #[arg(long, value_name = "NAMESPACE/NAME", value_parser = namespaced_name,
          requires = "host_kubeconfig")]
    pub descheduler_deployment: Option<(String, String)>,
    /// Compare with another Karmada release instead: the policies it refuses or reads
    /// differently, the eviction tasks whose meaning changes, the findings that appear
    /// or go, and per cluster whether its loss would be handled differently.
    #[arg(long, value_name = "VERSION", value_parser = values::known_karmada_version)]
    pub upgrade_to: Option<KarmadaVersion>,
    #[command(flatten)]
    pub webhook: WebhookArgs,
    #[command(flatten)]
    pub read: ReadArgs,
}
