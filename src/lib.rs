//! karmadactl: cluster failover for Karmada.
//!
//! The library holds everything; the `karmadactl` binary only parses arguments and
//! dispatches. Layers, from the bottom up (an arrow never points up):
//! - [`api`]: Karmada API types (upstream field names and JSON shapes) and their pure
//!   helpers (names, taint specs, label selectors);
//! - [`fleet`]: the model the engine reads;
//! - [`engine`]: pure decisions (no I/O; the clock is a parameter);
//! - [`state`]: loaders of the fleet model (snapshot files, the live control plane);
//! - [`client`]: the kube connection, paging, optimistic-lock writes, error mapping;
//! - [`ops`]: live operations from an engine plan and client writes, progress by callback;
//! - [`render`]: everything a person or a script reads;
//! - [`config`]: the user's settings file (controller settings remembered per context);
//! - [`cli`] and [`cmd`]: flags to typed options, then one module per command.

pub mod api;
pub mod cli;
pub mod client;
pub mod cmd;
pub mod config;
pub mod engine;
pub mod error;
pub mod fleet;
#[cfg(feature = "fleetgen")]
pub mod fleetgen;
pub mod logging;
pub mod ops;
pub mod prompt;
pub mod render;
pub mod state;
