//! Live operations: an engine plan carried out with client writes. Typed inputs, no
//! clap, nothing printed; progress is reported through callbacks and every object ends
//! with an outcome the command renders.

pub mod bindings;
pub mod doctor;
pub mod drain;
pub mod events;
pub mod evictions;
pub mod failback;
pub mod follow;
pub mod history;
pub mod impact;
pub mod maintenance;
pub mod members;
pub mod mirror;
pub mod policies;
pub mod taints;
pub mod task_actions;
pub mod watch;
pub mod write;

/// How a command that writes runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DryRun {
    /// Write for real.
    #[default]
    None,
    /// Compute locally; send nothing.
    Client,
    /// Send the writes with `dryRun=All`: the server validates, nothing is stored.
    Server,
}

impl DryRun {
    /// The word JSON reports use (`none`, `client`, `server`).
    pub fn as_str(self) -> &'static str {
        match self {
            DryRun::None => "none",
            DryRun::Client => "client",
            DryRun::Server => "server",
        }
    }
}
