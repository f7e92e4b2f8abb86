//! The failover decision engine: pure functions over [`crate::api`] types.
//!
//! Nothing here performs I/O or reads a clock: every function that depends on time takes
//! `now` as a parameter. Each decision carries the rule that produced it, so commands can
//! explain themselves.
//!
//! Five rooms; each line of the engine is one of three things, and its room says which:
//! - [`karmada`]: **a promise about Karmada.** The twin of upstream: each module does
//!   exactly what one component or function family of a real control plane does, names
//!   the upstream files it mirrors and the conformance families that hold it to them.
//! - [`proposal`]: the failover proposal's models that upstream never built (its queue,
//!   its pre-scheduling check, `PreferNoExecute`), run only when asked and labelled
//!   wherever they appear.
//! - [`predict`]: **a prediction built from the twin.** The simulation of a fleet's
//!   failure phase by phase, the outage timeline, where a failing cluster stands, the
//!   queue a prediction uses, explanations of one binding, the state a failover
//!   carries, one scenario under two releases.
//! - [`decide`]: **the tool's own decisions.** Drain, abort, failback, eviction actions,
//!   the eviction list, taint edits, history, the doctor, the policy check and lints,
//!   taint policy evaluation, and the tool's own records.
//! - [`vocabulary`]: what the others share: reason codes, controller settings, Karmada
//!   versions, lint findings.
//!
//! Arrows point one way: `decide` may use `predict`, both use the twin and the
//! proposal, everything uses the vocabulary; the twin uses only the vocabulary
//! (`tests/offline/layers.rs`).

pub mod vocabulary;
pub use vocabulary::reason::{Reason, ReasonCode};

pub mod karmada;
pub mod proposal;

pub mod decide;
pub mod predict;
