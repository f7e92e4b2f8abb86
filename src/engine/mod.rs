//! The failover decision engine: pure functions over [`crate::api`] types.
//!
//! Nothing here performs I/O or reads a clock: every function that depends on time takes
//! `now` as a parameter. Each decision carries the rule that produced it, so commands can
//! explain themselves.

use serde::Serialize;

/// One step of a decision's reasoning: a stable machine-readable code (kebab-case,
/// never renamed once released) and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// Stable identifier, e.g. `noexecute-untolerated`.
    pub code: &'static str,
    /// Human explanation naming the taint, toleration, rule or number involved.
    pub message: String,
}

impl Reason {
    /// A reason with the given code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Reason {
            code,
            message: message.into(),
        }
    }
}

pub mod affinity;
pub mod division;
pub mod estimate;
pub mod eviction;
pub mod noexecute;
pub mod placement;
pub mod prescheduling;
pub mod quantity;
pub mod queue;
pub mod simulate;
pub mod taint_policy;
pub mod toleration;
