//! The `karmadactl` binary: parse, dispatch, exit. Everything else is in the library.

use clap::error::ErrorKind;
use clap::Parser;
use colored::Colorize;
use karmadactl::cli::Cli;
use karmadactl::error::{fit_line, ExitCode};

// Snapshots of large fleets are millions of small allocations; mimalloc makes parsing
// them markedly faster than the system allocator. Built without its transparent huge
// pages (`no_thp`): with them, every arena it touched counted 2 MiB at a time, some
// 20 MiB more for a small fleet, and no faster on a large one.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // A command this tool does not have goes to upstream's karmadactl, untouched.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(outcome) = karmadactl::cmd::passthrough::hand_over(&args) {
        return match outcome {
            Ok(code) => std::process::ExitCode::from(code),
            Err(err) => {
                karmadactl::render::init_color();
                eprintln!("{} {}", "error:".red().bold(), fit_line(&err.message));
                std::process::ExitCode::from(err.code as u8)
            }
        };
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    karmadactl::render::init_color();
    karmadactl::logging::init(cli.global.verbosity);
    let verbosity = cli.global.verbosity;
    // One thread for the I/O: the tool waits on the API server, and its heavy work runs
    // on rayon's threads. Each extra runtime thread kept its own allocator heap, some
    // 5 MiB more at the peak of a small fleet's live read, and no faster on a big one.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!(
                "{} cannot start the async runtime: {e}",
                "error:".red().bold()
            );
            return std::process::ExitCode::from(ExitCode::Failure as u8);
        }
    };
    let code = match runtime.block_on(karmadactl::cmd::run(cli)) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("{} {}", "error:".red().bold(), fit_line(&err.message));
            if let (Some(detail), true) = (&err.detail, verbosity >= 1) {
                eprintln!("{detail}");
            }
            err.code
        }
    };
    std::process::ExitCode::from(code as u8)
}

/// Bad command lines get one line and exit 2 (help and version print as clap prints them).
fn usage_error(e: clap::Error) -> std::process::ExitCode {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    karmadactl::render::init_color();
    use clap::error::{ContextKind, ContextValue};
    if let (ErrorKind::ValueValidation, Some(ContextValue::String(arg)), Some(source)) = (
        e.kind(),
        e.get(ContextKind::InvalidArg),
        std::error::Error::source(&e),
    ) {
        let flag = arg.split_whitespace().next().unwrap_or(arg);
        let value = match e.get(ContextKind::InvalidValue) {
            Some(ContextValue::String(v)) => format!(" value {v:?}"),
            _ => String::new(),
        };
        let line = fit_line(&format!("invalid {flag}{value}: {source}"));
        eprintln!("{} {line}", "error:".red().bold());
        return std::process::ExitCode::from(ExitCode::Usage as u8);
    }
    let rendered = e.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    eprintln!(
        "{} {} (see --help)",
        "error:".red().bold(),
        fit_line(message)
    );
    std::process::ExitCode::from(ExitCode::Usage as u8)
}
