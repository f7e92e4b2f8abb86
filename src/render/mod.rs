//! Everything a person or a script reads: tables and text reports, time formatting,
//! JSON/YAML documents, colour, warnings and progress. Nothing here decides anything.

pub mod app_failover;
pub mod capacity;
pub mod doctor;
pub mod drain;
pub mod dry_run;
pub mod evictions;
pub mod explain;
pub mod failback;
pub mod history;
pub mod impact;
pub mod incident;
pub mod maintenance;
pub mod maintenance_run;
pub mod outage;
pub mod pipeline;
pub mod plot;
pub mod policy;
pub mod progress;
pub mod settings;
pub mod taints;
pub mod task_actions;
pub mod time;

use std::io::{IsTerminal, Write};

use serde::Serialize;

use crate::error::{Error, Result};

/// API version stamped on every structured document this tool prints.
pub const OUTPUT_API_VERSION: &str = "karmadactl.karmada.io/v1alpha1";

/// How a report is printed. Each command offers the subset it supports (see
/// [`crate::cli`]); renderers take this one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Human-readable lines or table.
    #[default]
    Table,
    /// Like table, with more detail.
    Wide,
    /// Stable JSON for scripts.
    Json,
    /// The same structure as JSON, in YAML.
    Yaml,
    /// Only resource/name, one per line.
    Name,
}

impl Format {
    /// JSON or YAML.
    pub fn is_structured(self) -> bool {
        matches!(self, Format::Json | Format::Yaml)
    }
}

/// A structured document: `apiVersion`, `kind`, then the body's fields.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Document<'a, T: Serialize> {
    pub api_version: &'static str,
    pub kind: &'static str,
    #[serde(flatten)]
    pub body: &'a T,
}

impl<'a, T: Serialize> Document<'a, T> {
    /// `body` as a document of `kind`.
    pub fn new(kind: &'static str, body: &'a T) -> Self {
        Document {
            api_version: OUTPUT_API_VERSION,
            kind,
            body,
        }
    }
}

/// Turn colour off unless stdout is a terminal and `NO_COLOR` is unset.
pub fn init_color() {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if no_color || !std::io::stdout().is_terminal() {
        colored::control::set_override(false);
    }
}

/// Print `doc` as JSON or YAML, streamed to stdout so a large report is never held in
/// memory as one string.
pub fn print_structured<T: Serialize>(doc: &T, format: Format) -> Result<()> {
    write_stdout_with(|out| match format {
        Format::Yaml => serde_saphyr::to_io_writer(out, doc).map_err(std::io::Error::other),
        _ => serde_json::to_writer_pretty(&mut *out, doc)
            .map_err(std::io::Error::from)
            .and_then(|_| out.write_all(b"\n")),
    })
}

/// Write to stdout, treating a closed pipe (`| head`) as success.
pub fn write_stdout(text: &str) -> Result<()> {
    write_stdout_with(|out| out.write_all(text.as_bytes()))
}

/// Write to stdout through a buffer with `write`, treating a closed pipe (`| head`) as
/// success.
pub fn write_stdout_with(
    write: impl FnOnce(&mut std::io::BufWriter<std::io::StdoutLock>) -> std::io::Result<()>,
) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match write(&mut out).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Error::from),
    }
}

/// A placement as reports print it: `member1=1,member2=2` (`-` for none).
pub fn placement(clusters: &[crate::api::TargetCluster]) -> String {
    crate::api::binding::describe_placement(clusters)
}

/// A borderless table with `header`, as kubectl prints its tables.
pub fn table<T: Into<comfy_table::Cell>>(
    header: impl IntoIterator<Item = T>,
) -> comfy_table::Table {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::NOTHING)
        .set_header(header);
    t
}

/// One `error: SUBJECT: MESSAGE` line (newline included) for a failed object, its message
/// fit for one line ([`crate::error::fit_line`]).
pub fn error_line(subject: &str, message: &str) -> String {
    use colored::Colorize;
    format!(
        "{} {subject}: {}\n",
        "error:".red().bold(),
        crate::error::fit_line(message)
    )
}

/// What a report says of the remembered settings it used: the context, the discovery
/// (how long ago, by the wall clock, and from which components) and what was set by hand.
/// The Karmada release a report assumes and where it came from; the default says what
/// it is and how to name the real one.
pub fn karmada_line(
    settings: &crate::engine::vocabulary::settings::ControllerSettings,
    origin: crate::engine::vocabulary::settings::Origin,
) -> String {
    use crate::engine::vocabulary::settings::Origin;
    let version = settings.karmada_version;
    match (origin, settings.karmada_version_unchecked) {
        (Origin::Default, _) => format!(
            "{version} (assumed: the newest release this tool knows; --karmada-version names yours)"
        ),
        (o, Some(named)) => format!(
            "{version} (standing for {named}, {}: not a release this tool was checked against)",
            o.as_str()
        ),
        (o, None) => format!("{version} ({})", o.as_str()),
    }
}

pub fn remembered_line(r: &crate::engine::vocabulary::settings::RememberedFrom) -> String {
    let mut parts = vec![format!("context {}", r.context)];
    if let Some(at) = r.discovered_at {
        let ago = r
            .discovered_ago
            .map(|d| {
                let secs = d.as_secs().max(0);
                let printer = jiff::fmt::friendly::SpanPrinter::new()
                    .designator(jiff::fmt::friendly::Designator::Compact)
                    .spacing(jiff::fmt::friendly::Spacing::None);
                let coarse = match secs {
                    s if s >= 86_400 => s - s % 86_400,
                    s if s >= 3_600 => s - s % 3_600,
                    s if s >= 60 => s - s % 60,
                    s => s,
                };
                format!(
                    "{} ago",
                    printer.duration_to_string(&jiff::SignedDuration::from_secs(coarse))
                )
            })
            .unwrap_or_default();
        parts.push(format!(
            "discovered {ago} ({}) from {}",
            time::instant(at),
            r.discovered_from.join(", ")
        ));
    }
    if !r.set_by_hand.is_empty() {
        let hand: Vec<String> = r
            .set_by_hand
            .iter()
            .map(|(flag, at)| format!("{flag} ({})", time::instant(*at)))
            .collect();
        parts.push(format!("set by hand: {}", hand.join(", ")));
    }
    parts.join("; ")
}

/// Print a warning line on stderr.
pub fn warn(message: &str) {
    use colored::Colorize;
    eprintln!("{} {message}", "warning:".yellow().bold());
}
