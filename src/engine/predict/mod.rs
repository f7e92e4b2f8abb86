//! Predictions built from the twin of upstream (`super::karmada`) and, when asked, the
//! proposal's models: what a fleet's failure does, binding by binding and moment by
//! moment. Nothing here is the tool's own choice; every step names the upstream rule it
//! follows.
//!
//! - [`simulate`]: one scenario over the fleet, phase by phase (the decisions, the
//!   queue, the placements, the summary).
//! - [`outage`]: the timeline from a member that stops answering to its return.
//! - [`pipeline`]: where a cluster that is not Ready stands on its way to an eviction.
//! - [`queue`]: which eviction queue model a prediction uses.
//! - [`cluster_decision`]: the failover decision for one binding on one cluster.
//! - [`explain`]: one binding's decisions and placement, with every reason.
//! - [`state`]: the state a failover carries (extraction and injection).
//! - [`release_compare`]: one scenario under two Karmada releases.
//! - [`capacity`]: whether the replicas a failover moves fit where they land.
//! - [`descheduling`]: the descheduler's second move for those that do not.
//! - [`losses`]: the fleet's N-1 answer, every cluster's loss at once.
//! - [`app_failover`]: a binding leaving where its application stays Unhealthy.
//! - [`incident`]: a failover as it happens (`failover watch`) and after (`failover
//!   report`), each step beside its prediction.

pub mod app_failover;
pub mod burst;
pub mod capacity;
pub mod cluster_decision;
pub mod descheduling;
pub mod eviction;
pub mod explain;
pub mod fit;
pub mod incident;
pub mod losses;
pub mod outage;
pub mod pipeline;
pub mod queue;
pub mod release_compare;
pub mod simulate;
pub mod state;
