//! The failover proposal's models (`seeds/000_...`, "Optimize Cluster Failover") that
//! upstream Karmada never built: its `PreferNoExecute` taint effect, its rate-limited
//! eviction queue with the unhealthy-threshold slow-down, and its pre-scheduling check.
//!
//! None of this describes a real control plane. A prediction uses these models only
//! when asked (`--queue-model proposal`, a `PreferNoExecute` taint in a snapshot or
//! `--taint`), and every report that does says so. `drain` runs the pre-scheduling check
//! as one of its own checks, whatever the model. The models may use the twin of upstream
//! (`engine::karmada`); the twin never uses them.

pub mod prefer_no_execute;
pub mod prescheduling;
pub mod queue;
