//! `karmadactl maintenance`: `plan` (the waves, offline or live), `run` and `resume`
//! (drive the run), `status`, `approve` and `abort` (read or change the stored run).

mod control;
mod plan;
mod run;

use crate::cli::{GlobalArgs, MaintenanceCommand};
use crate::error::{ExitCode, Result};

/// Run a `maintenance` subcommand.
pub async fn run(global: &GlobalArgs, cmd: &MaintenanceCommand) -> Result<ExitCode> {
    match cmd {
        MaintenanceCommand::Plan(args) => plan::run(global, args).await,
        MaintenanceCommand::Run(args) => run::run(global, args).await,
        MaintenanceCommand::Resume(args) => run::resume(global, args).await,
        MaintenanceCommand::Status(args) => control::status(global, args).await,
        MaintenanceCommand::Approve(args) => control::approve_clusters(global, args).await,
        MaintenanceCommand::Abort(args) => control::abort(global, args).await,
    }
}
