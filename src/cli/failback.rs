//! Arguments of `failback`.

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::evictions::{BindingScopeArgs, PlanOutput};
use super::shared::WriteArgs;
use super::values;
use crate::engine::vocabulary::version::VersionReading;

pub(crate) const FAILBACK_EXAMPLES: &str = "\
Examples:
  # member1 is back: what would return, and how (nothing is written)
  karmadactl failback member1 --dry-run

  # Return the drained placements two bindings at a time; each must stay healthy on
  # member1 for 30s before the next starts, and the first failure stops the rollout
  karmadactl failback member1 --max-concurrent 2 --min-success-time 30s --yes

  # Ask the scheduler for a fresh decision instead (what a WorkloadRebalancer does),
  # for every binding whose placement admits member1 again
  karmadactl failback member1 --mode reschedule --all -n shop --yes -o json";

/// How bindings return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum FailbackModeArg {
    /// Put back the placement recorded before the drain, exactly, where it still fits.
    #[default]
    Restore,
    /// Ask the scheduler for a fresh decision (spec.rescheduleTriggeredAt).
    Reschedule,
}

/// Arguments of `failback`.
#[derive(Debug, Args)]
pub struct FailbackArgs {
    /// The recovered clusters.
    #[arg(value_name = "CLUSTER", required = true)]
    pub clusters: Vec<String>,
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// Also every binding without a record whose placement admits the clusters (with
    /// --mode reschedule; restore needs a record).
    #[arg(long)]
    pub all: bool,
    /// How bindings return.
    #[arg(long, value_enum, default_value_t, value_name = "MODE")]
    pub mode: FailbackModeArg,
    /// How long each cluster must have been Ready (from the condition's
    /// lastTransitionTime).
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub stable_for: Duration,
    /// gracePeriodSeconds of the eviction tasks for the clusters a binding leaves
    /// (default: the controller's --graceful-eviction-timeout).
    #[arg(long, value_name = "DURATION", value_parser = values::duration)]
    pub grace_period: Option<Duration>,
    /// Bindings in flight at once (written and not yet healthy long enough).
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "5")]
    pub max_concurrent: usize,
    /// How long a returned binding must stay healthy on the cluster before it counts
    /// as done and the next may start.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "0s")]
    pub min_success_time: Duration,
    /// How long a returned binding may take to become healthy before it counts as
    /// failed.
    #[arg(long, value_name = "DURATION", value_parser = values::duration, default_value = "10m")]
    pub progress_deadline: Duration,
    /// Stop starting new returns once this many have failed.
    #[arg(long, value_name = "N", value_parser = values::count, default_value = "1")]
    pub max_failures: usize,
    /// The Karmada release that runs, e.g. v1.17.4 (default: remembered for the
    /// context, else the newest release this tool knows): where a reschedule starts
    /// among clusterAffinities terms.
    #[arg(long, value_name = "VERSION", value_parser = values::karmada_version)]
    pub karmada_version: Option<VersionReading>,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: PlanOutput,
}
