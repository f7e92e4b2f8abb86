//! The `karmadactl` binary: parse, dispatch, exit. Everything else is in the library.

use clap::Parser;
use colored::Colorize;
use karmadactl::cli::Cli;
use karmadactl::error::ExitCode;

// Snapshots of large fleets are millions of small allocations; mimalloc makes parsing
// them markedly faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    karmadactl::output::init_color();
    karmadactl::logging::init(cli.global.verbosity);
    let verbosity = cli.global.verbosity;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
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
            eprintln!("{} {}", "error:".red().bold(), err.message);
            if let (Some(detail), true) = (&err.detail, verbosity >= 1) {
                eprintln!("{detail}");
            }
            err.code
        }
    };
    std::process::ExitCode::from(code as u8)
}
