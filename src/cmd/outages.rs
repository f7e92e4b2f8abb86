//! The outage a command line describes (`--outage CLUSTER`, `--outage-mode`,
//! `--outage-at`, `--recover-after`), as `dry-run --outage` and `policy explain
//! --outage` read it.

use jiff::Timestamp;

use crate::cli::values::TimeSpec;
use crate::cli::OutageMode;
use crate::engine::karmada::cluster_health::FailureMode;
use crate::engine::predict::outage::Outage;
use crate::error::{Error, Result};
use crate::fleet::FleetState;

/// The engine's failure mode of a `--outage-mode` value.
pub fn failure_mode(m: OutageMode) -> FailureMode {
    match m {
        OutageMode::Refused => FailureMode::Refused,
        OutageMode::Frozen => FailureMode::Frozen,
        OutageMode::AgentDown => FailureMode::AgentDown,
    }
}

/// The outage of cluster `name` from the command line: when (`--outage-at`, from the
/// reference time `now`), how, and when it answers again (`--recover-after`, from the
/// failure); a cluster that is not there, or agent-down for a Push cluster, is a usage
/// error.
pub fn outage_of(
    state: &FleetState,
    name: &str,
    mode: FailureMode,
    now: Timestamp,
    outage_at: Option<TimeSpec>,
    recover_after: Option<TimeSpec>,
) -> Result<Outage> {
    let at = match outage_at {
        Some(t) => t
            .resolve(now)
            .map_err(|e| Error::usage(format!("invalid --outage-at: {e}")))?,
        None => now,
    };
    let back = match recover_after {
        Some(t) => {
            let b = t
                .resolve(at)
                .map_err(|e| Error::usage(format!("invalid --recover-after: {e}")))?;
            if b < at {
                return Err(Error::usage(format!(
                    "--recover-after {b} is before the outage at {at}"
                )));
            }
            Some(b)
        }
        None => None,
    };
    let Some(c) = state.cluster(name) else {
        return Err(Error::usage(format!(
            "cluster {name:?} not found in {}",
            state.source.description
        )));
    };
    if mode == FailureMode::AgentDown && c.spec.sync_mode.as_deref() != Some("Pull") {
        return Err(Error::usage(format!(
            "--outage-mode agent-down is for Pull clusters; {name} is {} (its failure is refused or frozen)",
            c.spec.sync_mode.as_deref().unwrap_or("Push")
        )));
    }
    Ok(Outage {
        cluster: name.to_string(),
        at,
        mode,
        back,
    })
}
