//! Arguments of each command.

use clap::{Args, Subcommand};

use super::settings::ControllerArgs;
use super::shared::{ChangeOutput, ClusterSelection, ReadArgs, WriteArgs};
use super::values::{self, TimeSpec};
use crate::api::selector::Selector;
use crate::api::taint_spec::TaintSpec;
use crate::engine::vocabulary::version::KarmadaVersion;

pub(crate) const TAINT_EXAMPLES: &str = "\
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

pub(crate) const DRY_RUN_EXAMPLES: &str = "\
Examples:
  # member1 goes NotReady now: what is evicted, when, and where does it land?
  karmadactl dry-run --snapshot examples/quickstart.yaml --cluster member1

  # What happens within 10 minutes with the taints clusters already carry?
  karmadactl dry-run --snapshot examples/mixed-fleet.yaml --at 10m

  # A planned maintenance taint on every cluster of a region, against the live fleet
  karmadactl dry-run -l region=eu --taint maintenance=planned:NoExecute -o json

  # eu-1 stopped answering (it hangs): the timeline from that moment, and back after 20m
  karmadactl dry-run --snapshot examples/mixed-fleet.yaml --outage eu-1 --outage-mode frozen --recover-after 20m";

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
    pub selector: Option<Selector>,
    /// The taint to add (default: cluster.karmada.io/not-ready:NoExecute, what the
    /// controllers add to a NotReady cluster).
    #[arg(long, value_name = "KEY[=VALUE]:EFFECT", value_parser = values::taint_to_add)]
    pub taint: Option<TaintSpec>,
    /// Look at the state this long after now (e.g. 10m) or at this RFC 3339 time.
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec)]
    pub at: Option<TimeSpec>,
    /// The tainted clusters recover this long after now (or at this time): evictions
    /// the queue has not processed by then are dropped. With --outage: the members
    /// answer again this long after they stopped (or at this time).
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec)]
    pub recover_after: Option<TimeSpec>,
    /// Members that stop answering (repeatable): the timeline from the failure, through
    /// Ready, the taints and the evictions, to where the replicas go.
    #[arg(long = "outage", value_name = "NAME", conflicts_with_all = ["clusters", "selector", "taint"])]
    pub outages: Vec<String>,
    /// How they fail: refused (their API server is down), frozen (they never answer),
    /// agent-down (Pull clusters: karmada-agent or its link is down).
    #[arg(
        long,
        value_name = "MODE",
        value_enum,
        default_value_t,
        requires = "outages"
    )]
    pub outage_mode: OutageMode,
    /// When they stop answering: this long after the reference time, or this RFC 3339
    /// time, earlier ones included (default: the reference time).
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec, requires = "outages")]
    pub outage_at: Option<TimeSpec>,
    /// Run the scenario under this Karmada release too and show what differs: the
    /// pairs whose verdict or eviction time changes, the bindings that land elsewhere.
    #[arg(long, value_name = "VERSION", value_parser = values::known_karmada_version,
          conflicts_with = "outages")]
    pub compare_version: Option<KarmadaVersion>,
    /// A workload turns Unhealthy (repeatable): BINDING@CLUSTER[,CLUSTER...], BINDING as
    /// rb/NAMESPACE/NAME, crb/NAME or KIND/NAMESPACE/NAME. Shows whether application
    /// failover (spec.failover.application) evicts it, when, the task and where the
    /// replicas go; with --cluster or -l, the taint's evictions come first where they do.
    #[arg(long = "app-unhealthy", value_name = "BINDING@CLUSTERS",
          conflicts_with_all = ["outages", "compare_version"])]
    pub app_unhealthy: Vec<String>,
    /// When those workloads turned Unhealthy: this long ago (e.g. 20s) or at this RFC
    /// 3339 time (default: the reference time).
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec,
          requires = "app_unhealthy")]
    pub unhealthy_since: Option<TimeSpec>,
    /// The workloads' kind gets its health interpretation from a
    /// ResourceInterpreterCustomization or an interpreter webhook (Karmada's built-in
    /// interpreters cover Deployments, StatefulSets and a few more).
    #[arg(long, requires = "app_unhealthy")]
    pub health_interpreted: bool,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub plot: super::shared::PlotArgs,
}

/// `--outage-mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum OutageMode {
    /// The member's API server is down: connections are refused.
    #[default]
    Refused,
    /// The member never answers: each probe waits its 32 s timeout.
    Frozen,
    /// Pull clusters: karmada-agent (or its link to the control plane) is down.
    AgentDown,
}

/// `policy` subcommands.
#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Explain, for a binding, every cluster's taints, tolerations, gates, queue position,
    /// predicted placement and verdict; or what a ClusterTaintPolicy does now.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Apply PropagationPolicies, ClusterPropagationPolicies and ClusterTaintPolicies
    /// after checking them as a real control plane does, with a failover lint and a
    /// preview of the evictions they cause.
    #[command(after_help = super::policy::APPLY_EXAMPLES)]
    Apply(super::policy::ApplyArgs),
    /// Evaluate every ClusterTaintPolicy against every cluster's conditions now, as the
    /// cluster-taint-policy controller does, and (with consent) write the taints.
    #[command(after_help = super::policy::EVALUATE_EXAMPLES)]
    EvaluateTaints(super::policy::EvaluateTaintsArgs),
}

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  karmadactl policy explain rb default/nginx-deployment --snapshot examples/quickstart.yaml
  karmadactl policy explain deployment/nginx -n default --cluster member1
  karmadactl policy explain crb platform-config-configmap --snapshot examples/mixed-fleet.yaml
  karmadactl policy explain clustertaintpolicy/not-ready-noexecute --snapshot examples/mixed-fleet.yaml
  karmadactl policy explain rb shop/cart-deployment --outage eu-1 --snapshot examples/mixed-fleet.yaml";

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
    /// What happens to the binding when this cluster of its placement stops answering:
    /// when Ready changes, which taint lands, when the binding is evicted, where it goes,
    /// and when its old copy is removed (the timeline of `dry-run --outage`).
    #[arg(long, value_name = "NAME", conflicts_with = "cluster")]
    pub outage: Option<String>,
    /// How it fails: refused, frozen, or agent-down (Pull clusters).
    #[arg(
        long,
        value_name = "MODE",
        value_enum,
        default_value_t,
        requires = "outage"
    )]
    pub outage_mode: OutageMode,
    /// When it stops answering: this long after the reference time, or this RFC 3339
    /// time (default: the reference time).
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec, requires = "outage")]
    pub outage_at: Option<TimeSpec>,
    /// With --outage: it answers again this long after it stopped (or at this time).
    #[arg(long, value_name = "DURATION|TIME", value_parser = values::time_spec, requires = "outage")]
    pub recover_after: Option<TimeSpec>,
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
    #[arg(long = "controller-setting", value_name = "FLAG=VALUE", value_parser = values::setting)]
    pub controller_settings: Vec<(String, String)>,
}

/// Arguments of `taint`.
#[derive(Debug, Args)]
pub struct TaintArgs {
    /// Resource type: `clusters` (also `cluster`, `clusters.cluster.karmada.io`).
    #[arg(value_name = "RESOURCE")]
    pub resource: String,
    /// Cluster names, then taint specs: KEY[=VALUE]:EFFECT to add, KEY:EFFECT- or KEY-
    /// to remove. EFFECT is NoSchedule or NoExecute, the two Karmada's API accepts on a
    /// cluster.
    #[arg(value_name = "NAME|TAINT")]
    pub args: Vec<String>,
    #[command(flatten)]
    pub selection: ClusterSelection,
    /// Replace the value of a taint whose key and effect already exist.
    #[arg(long)]
    pub overwrite: bool,
    /// Add an evicting taint even when the replicas it moves would not all fit where
    /// the scheduler sends them (they stay Pending there); without it such a taint is
    /// refused.
    #[arg(long)]
    pub allow_pending: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: ChangeOutput,
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
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: ChangeOutput,
}

/// Arguments of `completion`.
#[derive(Debug, Args)]
pub struct CompletionArgs {
    /// The shell to generate the script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
