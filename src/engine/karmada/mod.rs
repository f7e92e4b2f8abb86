//! The twin of upstream Karmada: what a real control plane's components decide, run
//! locally. Every module mirrors one component or function family, and its doc comment
//! names the upstream files and functions, the conformance families
//! (`../shared/conformance/`, produced by upstream's own functions) that hold it to
//! them, and the Karmada versions it describes. A line here is a promise about Karmada:
//! where it differs from upstream, it is a bug.
//!
//! The twin imports only the API types, the fleet model and the engine's shared
//! vocabulary (reason codes, controller settings); never the tool's own decisions nor
//! the proposal's models (`tests/layers.rs` checks both).
//!
//! Versions: master f8fdd02 (November 2026).

pub mod admission;
pub mod cluster_affinity;
pub mod cluster_health;
pub mod cluster_taint_policy;
pub mod estimator;
pub mod eviction_queue;
pub mod graceful_eviction;
pub mod jsonpath;
pub mod karmadactl_taint;
pub mod quantity;
pub mod scheduler;
pub mod state_preservation;
pub mod taint_manager;
pub mod toleration;
