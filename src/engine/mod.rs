//! The failover decision engine: pure functions over [`crate::api`] types.
//!
//! Nothing here performs I/O or reads a clock: every function that depends on time takes
//! `now` as a parameter. Each decision carries the rule that produced it, so commands can
//! explain themselves.
