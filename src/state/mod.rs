//! Loaders of the fleet model ([`crate::fleet::FleetState`]): a snapshot file or the live
//! control plane. Both produce the same state.

mod collect;
mod documents;
mod error;
mod intern;
mod json_stream;
mod live;
mod members;
mod snapshot;

pub use collect::{Keep, KeepBuilder};
pub use documents::{read_documents, Document, DocumentError};
pub use error::SnapshotError;
pub use live::{
    list_raw, live_fleet, load_bindings, load_clusters, load_health_view, load_live,
    load_live_keeping, load_taint_policies, load_with_clusters, snapshot_resources,
};
pub use members::{load_members, member_of, trim_node, trim_pod, MEMBER_ANNOTATION};
pub use snapshot::{load_snapshot, load_snapshot_keeping, parse_documents};
