//! Flag groups several commands share, and the output formats each command offers.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::settings::ControllerArgs;
use crate::api::selector::Selector;
use crate::render::Format;

/// Where read-only commands get the fleet from.
#[derive(Debug, Args, Clone, Default)]
pub struct SourceArgs {
    /// Read the fleet from a snapshot (file, directory, or - for stdin) instead of the
    /// control plane. Times are relative to the snapshot's capture time when it has one.
    #[arg(long, value_name = "PATH")]
    pub snapshot: Option<PathBuf>,
}

/// Output formats of the analysis commands (`dry-run`, `policy explain`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum AnalysisOutput {
    /// Human-readable report.
    #[default]
    Table,
    /// The report with the reasons spelled out.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
}

/// Output formats of the commands that change objects (`taint`, `cordon`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ChangeOutput {
    /// One line per object.
    #[default]
    Table,
    /// One line per object, with its resulting taints.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// Only resource/name, one per line.
    Name,
}

impl From<AnalysisOutput> for Format {
    fn from(o: AnalysisOutput) -> Format {
        match o {
            AnalysisOutput::Table => Format::Table,
            AnalysisOutput::Wide => Format::Wide,
            AnalysisOutput::Json => Format::Json,
            AnalysisOutput::Yaml => Format::Yaml,
        }
    }
}

impl From<ChangeOutput> for Format {
    fn from(o: ChangeOutput) -> Format {
        match o {
            ChangeOutput::Table => Format::Table,
            ChangeOutput::Wide => Format::Wide,
            ChangeOutput::Json => Format::Json,
            ChangeOutput::Yaml => Format::Yaml,
            ChangeOutput::Name => Format::Name,
        }
    }
}

/// What every read-only analysis command takes: where the fleet comes from, the
/// controller settings to assume, and the output format.
#[derive(Debug, Args)]
pub struct ReadArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    #[command(flatten)]
    pub controller: ControllerArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t)]
    pub output: AnalysisOutput,
}

/// `--dry-run` modes, as kubectl spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum DryRunArg {
    /// Write for real.
    #[default]
    None,
    /// Compute and print the result locally; send nothing.
    Client,
    /// Send the writes with dryRun=All: the server validates, nothing is stored.
    Server,
}

impl From<DryRunArg> for crate::ops::DryRun {
    fn from(d: DryRunArg) -> Self {
        match d {
            DryRunArg::None => crate::ops::DryRun::None,
            DryRunArg::Client => crate::ops::DryRun::Client,
            DryRunArg::Server => crate::ops::DryRun::Server,
        }
    }
}

/// Which clusters a command acts on.
#[derive(Debug, Args, Clone, Default)]
pub struct ClusterSelection {
    /// Act on every cluster.
    #[arg(long)]
    pub all: bool,
    /// Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`).
    #[arg(short = 'l', long = "selector", value_name = "SELECTOR")]
    pub selector: Option<Selector>,
}

/// Safety flags of commands that write.
#[derive(Debug, Args, Clone, Default)]
pub struct WriteArgs {
    /// Preview without writing: `client` (bare --dry-run) computes locally, `server`
    /// asks the API server to validate with dryRun=All.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true,
          default_value = "none", default_missing_value = "client", value_name = "MODE")]
    pub dry_run: DryRunArg,
    /// Do not ask for confirmation (required for destructive changes without a terminal).
    #[arg(short = 'y', long)]
    pub yes: bool,
}

/// `--karmada-version` alone, for commands that read the other settings from what is
/// remembered for the context (`drain`, `maintenance run|resume`).
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct ReleaseArg {
    /// The Karmada release that runs, e.g. v1.17.4 (default: the settings remembered for
    /// the context, else the newest release this tool knows): the checks and predictions
    /// follow that release's rules.
    #[arg(long, value_name = "VERSION", value_parser = super::values::karmada_version)]
    pub karmada_version: Option<crate::engine::vocabulary::version::VersionReading>,
}

impl ReleaseArg {
    /// The setting as given on the command line, if it was.
    pub fn given(&self) -> Vec<super::settings::Given> {
        self.karmada_version
            .map(super::settings::Given::KarmadaVersion)
            .into_iter()
            .collect()
    }
}

/// A picture file asked for with `--plot`: where, and in which form (from its name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotFile {
    pub path: PathBuf,
    pub format: crate::render::plot::PlotFormat,
}

/// `--plot FILE`: `.svg` or `.html`; any other name is refused when the command line
/// is read (exit 2, nothing written).
pub fn plot_file(text: &str) -> Result<PlotFile, String> {
    let path = PathBuf::from(text);
    match crate::render::plot::PlotFormat::of(&path) {
        Some(format) => Ok(PlotFile { path, format }),
        None => Err("the picture's form comes from its name: FILE.svg or FILE.html".into()),
    }
}

/// `--plot`, for the commands that draw.
#[derive(Debug, Args, Clone, Default)]
pub struct PlotArgs {
    /// Also draw the answer to FILE: FILE.svg (the picture alone) or FILE.html (the
    /// picture, its legend and the text summary); self-contained, opens offline.
    #[arg(long, value_name = "FILE", value_parser = plot_file)]
    pub plot: Option<PlotFile>,
}
