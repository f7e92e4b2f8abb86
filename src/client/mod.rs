//! Talking to the Karmada control plane: connection, reads, and optimistic-lock writes.
//! This is the imperative shell around the pure [`crate::engine`].

mod connect;
mod errors;
mod limit;
mod list;
pub mod read;
pub mod retry;
mod targets;
mod write;

pub use connect::{connect, ConnectOptions, ControlPlane};
pub use errors::api_error;
pub use limit::ApiRate;
pub use list::{for_each_page, list_paged, PageHook, PAGE_SIZE};
pub use retry::MAX_ATTEMPTS;
pub use targets::{resolve_clusters, select_clusters, Targets};
pub use write::{patch_with_retry, Plan, WriteOutcome};
