//! karmadactl: cluster failover for Karmada.
//!
//! The library holds everything; the `karmadactl` binary only parses arguments and
//! dispatches. Layers, from the inside out:
//! - [`api`]: Karmada API types (upstream field names and JSON shapes);
//! - [`engine`]: pure failover decisions (no I/O, the clock is a parameter);
//! - [`kube`]: talking to the control plane (client, reads, optimistic-lock writes);
//! - [`output`]: rendering and terminal conventions;
//! - [`cmd`]: one module per subcommand: gather, decide, render or apply.

pub mod api;
pub mod engine;
