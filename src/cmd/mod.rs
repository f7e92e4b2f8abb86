//! One module per command: options (typed flags to what the command needs), gather,
//! decide (the engine), apply (ops), render. Wiring only: no rule and no text lives here.

pub mod capacity;
mod cluster_taints;
mod common;
pub mod completion;
pub mod cordon;
pub mod doctor;
pub mod drain;
pub mod dry_run;
pub mod evaluate_taints;
pub mod evictions;
pub mod explain;
pub mod failback;
pub mod failover_report;
pub mod failover_settings;
pub mod failover_watch;
pub mod history;
pub mod maintenance;
mod outages;
pub mod passthrough;
pub mod policy_apply;
pub mod settings;
mod signals;
pub mod snapshot;
pub mod taint;
mod target;

use crate::cli::{Cli, Command, FailoverCommand, PolicyCommand, UPSTREAM_ONLY_COMMANDS};
use crate::error::{Error, ExitCode, Result};

/// Run the parsed command line.
pub async fn run(cli: Cli) -> Result<ExitCode> {
    match &cli.command {
        Command::Taint(args) => taint::run(&cli.global, args).await,
        Command::Cordon(args) => cordon::run(&cli.global, args, true).await,
        Command::Uncordon(args) => cordon::run(&cli.global, args, false).await,
        Command::Snapshot(args) => snapshot::run(&cli.global, args).await,
        Command::Drain(args) => drain::run(&cli.global, args).await,
        Command::Evictions(cmd) => evictions::run(&cli.global, cmd).await,
        Command::Failback(args) => failback::run(&cli.global, args).await,
        Command::Failover(FailoverCommand::Doctor(args)) => doctor::run(&cli.global, args).await,
        Command::Failover(FailoverCommand::Capacity(args)) => {
            capacity::run(&cli.global, args).await
        }
        Command::Maintenance(cmd) => maintenance::run(&cli.global, cmd).await,
        Command::Failover(FailoverCommand::Watch(args)) => {
            failover_watch::run(&cli.global, args).await
        }
        Command::Failover(FailoverCommand::Report(args)) => {
            failover_report::run(&cli.global, args).await
        }
        Command::Failover(FailoverCommand::Settings(cmd)) => {
            failover_settings::run(&cli.global, cmd).await
        }
        Command::History(args) => history::run(&cli.global, args).await,
        Command::DryRun(args) => dry_run::run(&cli.global, args).await,
        Command::Policy(PolicyCommand::Explain(args)) => explain::run(&cli.global, args).await,
        Command::Policy(PolicyCommand::Apply(args)) => policy_apply::run(&cli.global, args).await,
        Command::Policy(PolicyCommand::EvaluateTaints(args)) => {
            evaluate_taints::run(&cli.global, args).await
        }
        Command::Completion(args) => completion::run(args.shell),
        Command::External(words) => Err(unknown_command(
            words.first().map(String::as_str).unwrap_or(""),
        )),
    }
}

fn unknown_command(name: &str) -> Error {
    if UPSTREAM_ONLY_COMMANDS.contains(&name) {
        Error::usage(format!(
            "'{name}' is an upstream karmadactl command; this karmadactl covers cluster failover only. \
             Use upstream karmadactl (https://karmada.io/docs/reference/karmadactl/) for '{name}'"
        ))
    } else {
        Error::usage(format!(
            "unknown command '{name}'; run 'karmadactl --help' for the list"
        ))
    }
}
