//! The failover decision engine: pure functions over [`crate::api`] types.
//!
//! Nothing here performs I/O or reads a clock: every function that depends on time takes
//! `now` as a parameter. Each decision carries the rule that produced it, so commands can
//! explain themselves.

mod reason;
pub use reason::{Reason, ReasonCode};

pub mod abort;
pub mod admission;
pub mod affinity;
pub mod division;
pub mod doctor;
pub mod drain;
pub mod estimate;
pub mod eviction;
pub mod evictions;
pub mod explain;
pub mod failback;
pub mod history;
pub mod noexecute;
pub mod placement;
pub mod policy_check;
pub mod policy_lint;
pub mod prescheduling;
pub mod quantity;
pub mod queue;
pub mod settings;
pub mod simulate;
pub mod taint_edit;
pub mod taint_policy;
pub mod task_actions;
pub mod toleration;
