//! The health Karmada gives a member cluster's copy of a workload: the built-in
//! interpreters of Kubernetes kinds and the customizations shipped for third-party kinds.
//! (Filled in by the health interpreter work.)

use serde_json::Value;

use super::HealthInterpreter;
use crate::engine::vocabulary::version::KarmadaVersion;

/// A workload's health as the work status controller records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, strum::IntoStaticStr)]
pub enum Health {
    /// `Healthy`.
    Healthy,
    /// `Unhealthy`.
    Unhealthy,
    /// `Unknown`: the interpreter failed.
    Unknown,
}

/// What interpreting one object gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpreted {
    /// Who interpreted it.
    pub interpreter: HealthInterpreter,
    /// The health recorded.
    pub health: Health,
    /// Why the interpreter failed, when it did (`Unknown`).
    pub error: Option<String>,
}

/// The health of `object` (a member cluster's object, as JSON) at `version`.
pub fn interpret_health(object: &Value, version: KarmadaVersion) -> Interpreted {
    let _ = (object, version);
    Interpreted {
        interpreter: HealthInterpreter::None,
        health: Health::Healthy,
        error: None,
    }
}
