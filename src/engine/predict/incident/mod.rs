//! A failover as it happens (`failover watch`; the report after it is
//! [`decide::failover_report`](crate::engine::decide::failover_report)): what the control plane shows of it step by step
//! (`Ready` changing, taints, evictions, new placements, health there, old copies
//! going), each step beside the interval the twin predicted for it.
//!
//! The eviction queue lives in the controller-manager's memory; what the API keeps are
//! its effects. So the watch reads effects and replays the queue from the taints it
//! sees: when a cluster's `Ready` changes, the steps after are predicted as `dry-run
//! --outage` strings them together from that moment
//! ([`outage::simulate_after_ready`](super::outage::simulate_after_ready)); when its
//! `NoExecute` taint is seen, the evictions are predicted again from the taint as it is
//! ([`simulate`](super::simulate::simulate)).
//!
//! - [`observe`]: one object's change read as steps (pure diffs).
//! - [`track`]: the tracker behind `failover watch` (stages, counts, predictions, steps
//!   outside their interval).
//!
//! The tool's own composition (upstream has no such record: karmada#5251, #7553); held
//! against the real controllers by `tests/live/outage.rs` and `tests/live/pull.rs`.

pub mod observe;
pub mod track;
