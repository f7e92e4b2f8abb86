//! Arguments of `history`.

use clap::{Args, ValueEnum};

use super::evictions::BindingScopeArgs;
use super::shared::SourceArgs;
use crate::render::Format;

pub(crate) const HISTORY_EXAMPLES: &str = "\
Examples:
  # What happened to one binding: evictions, drains, aborts, scheduling, oldest first
  karmadactl history rb default/nginx-deployment

  # Every binding that is, or was, on member1, in one namespace
  karmadactl history --cluster member1 -n shop

  # The same from a snapshot (tasks and drain records only: snapshots hold no Events)
  karmadactl history --cluster member1 --snapshot examples/mixed-fleet.yaml

  # For scripts, with the Events history does not classify
  karmadactl history crb platform-config-configmap --all-events -o json";

/// Output formats of `history`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum HistoryOutput {
    /// A table, oldest first.
    #[default]
    Table,
    /// The table with every detail in full.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}

impl From<HistoryOutput> for Format {
    fn from(o: HistoryOutput) -> Format {
        match o {
            HistoryOutput::Table => Format::Table,
            HistoryOutput::Wide => Format::Wide,
            HistoryOutput::Json => Format::Json,
            HistoryOutput::Yaml => Format::Yaml,
        }
    }
}

/// Arguments of `history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// `rb NAMESPACE/NAME` or `crb NAME` (or none, with --cluster).
    #[arg(value_name = "BINDING", num_args = 0..=2)]
    pub target: Vec<String>,
    /// Every binding that is or was on this cluster, or has an eviction, a drain record
    /// or an Event about it; only the entries about this cluster (and scheduling).
    #[arg(long, value_name = "NAME")]
    pub cluster: Option<String>,
    #[command(flatten)]
    pub scope: BindingScopeArgs,
    /// Also Events whose reason history does not classify (as `other`).
    #[arg(long)]
    pub all_events: bool,
    #[command(flatten)]
    pub source: SourceArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: HistoryOutput,
}
