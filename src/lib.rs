//! karmadactl: cluster failover for Karmada.
//!
//! The library holds everything; the `karmadactl` binary only parses arguments and
//! dispatches. Layers, from the inside out:
//! - [`api`]: Karmada API types (upstream field names and JSON shapes);
//! - [`engine`] and [`taints`]: pure decisions (no I/O; the clock is a parameter);
//! - [`client`]: the control plane (connection, reads, optimistic-lock writes);
//! - [`output`] and [`prompt`]: rendering and terminal conventions;
//! - [`cmd`]: one module per subcommand: gather, decide, render or apply.
//! - [`fleetgen`]: deterministic synthetic fleets for benchmarks and tests.

pub mod api;
pub mod cli;
pub mod client;
pub mod cmd;
pub mod engine;
pub mod error;
pub mod fleetgen;
pub mod logging;
pub mod output;
pub mod prompt;
pub mod selector;
pub mod state;
pub mod taints;
