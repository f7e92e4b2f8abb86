//! Presentation conventions: colour, structured output, progress.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::cli::OutputFormat;
use crate::error::{Error, Result};

/// API version stamped on every structured document this tool prints.
pub const OUTPUT_API_VERSION: &str = "karmadactl.karmada.io/v1alpha1";

/// Turn colour off unless stdout is a terminal and `NO_COLOR` is unset.
pub fn init_color() {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if no_color || !std::io::stdout().is_terminal() {
        colored::control::set_override(false);
    }
}

/// Print `doc` as JSON or YAML (for the structured formats), streamed to stdout so a
/// large report is never held in memory as one string.
pub fn print_structured<T: Serialize>(doc: &T, format: OutputFormat) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = match format {
        OutputFormat::Json => serde_json::to_writer_pretty(&mut out, doc)
            .map_err(std::io::Error::from)
            .and_then(|_| out.write_all(b"\n")),
        OutputFormat::Yaml => serde_yaml::to_writer(&mut out, doc).map_err(std::io::Error::other),
        _ => unreachable!("print_structured is for json and yaml"),
    };
    match written.and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Error::from),
    }
}

/// Write to stdout, treating a closed pipe (`| head`) as success.
pub fn write_stdout(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Error::from),
    }
}

/// Whether `format` is JSON or YAML.
pub fn is_structured(format: OutputFormat) -> bool {
    matches!(format, OutputFormat::Json | OutputFormat::Yaml)
}

/// A progress bar on stderr for `len` steps; hidden when stderr is not a terminal or
/// the work is short.
pub fn progress(len: usize, what: &str) -> ProgressBar {
    if len < 20 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Print a warning line on stderr.
pub fn warn(message: &str) {
    use colored::Colorize;
    eprintln!("{} {message}", "warning:".yellow().bold());
}
