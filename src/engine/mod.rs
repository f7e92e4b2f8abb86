//! The failover decision engine: pure functions over [`crate::api`] types.
//!
//! Nothing here performs I/O or reads a clock: every function that depends on time takes
//! `now` as a parameter. Each decision carries the rule that produced it, so commands can
//! explain themselves.
//!
//! Two rooms, and the vocabulary they share:
//! - [`karmada`]: the twin of upstream Karmada. Each module does exactly what one
//!   component or function family of a real control plane does, names the upstream
//!   files it mirrors and the conformance families that hold it to them, and imports
//!   nothing of the tool's own decisions.
//! - The tool's own decisions, at this level: drain, abort, failback, eviction actions,
//!   the doctor, history, the policy lint and check, the simulation that strings the
//!   twin's steps together, explanations, taint edits. Each uses the twin, never the
//!   reverse.
//! - [`proposal`]: the failover proposal's models that upstream never built (its queue,
//!   its pre-scheduling check, `PreferNoExecute`), apart from both, run only when asked
//!   and labelled wherever they appear.
//! - Shared vocabulary: [`reason`] (the reason codes every decision names),
//!   [`settings`] (the controller settings predictions are parameterised by) and
//!   [`version`] (the Karmada releases the tool knows).

pub mod reason;
pub use reason::{Reason, ReasonCode};
pub mod settings;
pub mod version;

pub mod karmada;
pub mod proposal;

pub mod abort;
pub mod cluster_decision;
pub mod doctor;
pub mod drain;
pub mod evaluate_taints;
pub mod evictions;
pub mod explain;
pub mod failback;
pub mod history;
pub mod lint_finding;
pub mod outage;
pub mod pipeline;
pub mod policy_check;
pub mod policy_lint;
pub mod queue;
pub mod release_compare;
pub mod simulate;
pub mod state;
pub mod state_lint;
pub mod taint_edit;
pub mod task_actions;
