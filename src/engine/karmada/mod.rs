//! The twin of upstream Karmada: what a real control plane's components decide, run
//! locally. Every module mirrors one component or function family, and its doc comment
//! names the upstream files and functions, the conformance families
//! (`../shared/conformance/`, produced by upstream's own functions) that hold it to
//! them, and the Karmada versions it describes. A line here is a promise about Karmada:
//! where it differs from upstream, it is a bug.
//!
//! The twin imports only the API types, the fleet model and the engine's shared
//! vocabulary (reason codes, controller settings); never the tool's own decisions nor
//! the proposal's models (`tests/offline/layers.rs` checks both).
//!
//! Versions: v1.15.0 to v1.18.2, v1.19.0-rc.0 and master f8fdd02 (November 2026). A
//! rule that differs between releases is a [`Behaviour`] defined next to it, with the
//! versions it holds in; [`BEHAVIOURS`] lists them all (the table of
//! `docs/semantics.md`). Where no behaviour says otherwise, a rule holds at every
//! known version.

pub mod admission;
pub mod application_failover;
pub mod cluster_affinity;
pub mod cluster_health;
pub mod cluster_taint_policy;
pub mod estimator;
pub mod events;
pub mod eviction_queue;
pub mod graceful_eviction;
pub mod jsonpath;
pub mod karmadactl_taint;
pub mod quantity;
pub mod scheduler;
pub mod state_preservation;
pub mod taint_manager;
pub mod toleration;

use crate::engine::vocabulary::version::Behaviour;

/// Every behaviour that differs between the releases the tool knows, in the order
/// `docs/semantics.md` lists them.
pub const BEHAVIOURS: &[Behaviour] = &[
    eviction_queue::UNPACED_EVICTION,
    eviction_queue::REQUEUE_TOLERATED,
    scheduler::RANDOM_APPORTIONMENT,
    scheduler::ZERO_REPLICA_WORKLOADS,
    toleration::DEFAULT_TOLERATIONS_INJECTED,
    scheduler::PRIORITY_SCHEDULING_DEFAULT,
    scheduler::OVERCOMMIT_PROTECTION_KNOWN,
    scheduler::AFFINITIES_FAILBACK,
    scheduler::OVERFLOW_AFFINITIES,
    cluster_health::CLIENT_ERROR_READY_FALSE,
    admission::SELECTOR_NAMESPACE_CHECKED,
    admission::LT_GT_TOLERATIONS_REJECTED,
    admission::LEGACY_PURGE_MODES_REMOVED,
    admission::WORKLOAD_AFFINITY_KNOWN,
    admission::OVERFLOW_AFFINITIES_KNOWN,
    admission::QUALIFIED_NAME_WORDING,
    scheduler::SPREAD_PANIC,
    graceful_eviction::UNLOCKED_EVICTION_PATCH,
    application_failover::health::WORKFLOW_ERROR_PHASE,
    application_failover::health::FLINK_STEADY_STATE_HEALTH,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::vocabulary::version::KarmadaVersion;

    fn holds(b: &Behaviour, v: &str) -> bool {
        b.holds_in(v.parse::<KarmadaVersion>().unwrap())
    }

    #[test]
    fn each_behaviour_on_both_sides_of_its_change() {
        use admission::*;
        use eviction_queue::*;
        use scheduler::*;
        assert!(holds(&UNPACED_EVICTION, "v1.15.9"));
        assert!(!holds(&UNPACED_EVICTION, "v1.16.0"));
        for (bug, fixed) in [
            ("v1.16.7", "v1.16.8"),
            ("v1.17.4", "v1.17.5"),
            ("v1.18.1", "v1.18.2"),
        ] {
            assert!(holds(&REQUEUE_TOLERATED, bug), "{bug}");
            assert!(!holds(&REQUEUE_TOLERATED, fixed), "{fixed}");
        }
        for v in ["v1.15.9", "v1.19.0-rc.0", "master"] {
            assert!(!holds(&REQUEUE_TOLERATED, v), "{v}");
        }
        for b in [&RANDOM_APPORTIONMENT, &ZERO_REPLICA_WORKLOADS] {
            assert!(holds(b, "v1.15.9") && !holds(b, "v1.16.0"), "{}", b.id);
        }
        assert!(holds(&SPREAD_PANIC, "v1.15.5") && !holds(&SPREAD_PANIC, "v1.15.6"));
        assert!(holds(&SPREAD_PANIC, "v1.16.2") && !holds(&SPREAD_PANIC, "v1.16.3"));
        assert!(!holds(&SPREAD_PANIC, "v1.17.0"));
        let unlocked = &graceful_eviction::UNLOCKED_EVICTION_PATCH;
        assert!(holds(unlocked, "v1.15.6") && !holds(unlocked, "v1.15.7"));
        assert!(holds(unlocked, "v1.16.3") && !holds(unlocked, "v1.16.4"));
        assert!(holds(unlocked, "v1.17.0") && !holds(unlocked, "v1.17.1"));
        assert!(!holds(unlocked, "v1.18.0"));
        let client = &cluster_health::CLIENT_ERROR_READY_FALSE;
        assert!(holds(client, "v1.15.8") && !holds(client, "v1.15.9"));
        assert!(holds(client, "v1.16.5") && !holds(client, "v1.16.6"));
        assert!(holds(client, "v1.17.2") && !holds(client, "v1.17.3"));
        assert!(!holds(&LT_GT_TOLERATIONS_REJECTED, "v1.17.5"));
        assert!(holds(&LT_GT_TOLERATIONS_REJECTED, "v1.18.0"));
        assert!(!holds(&SELECTOR_NAMESPACE_CHECKED, "v1.16.8"));
        assert!(holds(&SELECTOR_NAMESPACE_CHECKED, "v1.17.0"));
        assert!(!holds(&LEGACY_PURGE_MODES_REMOVED, "v1.18.2"));
        assert!(holds(&LEGACY_PURGE_MODES_REMOVED, "v1.19.0-rc.0"));
        assert!(!holds(&PRIORITY_SCHEDULING_DEFAULT, "v1.19.0-rc.0"));
        assert!(holds(&PRIORITY_SCHEDULING_DEFAULT, "master"));
        assert!(!holds(&OVERCOMMIT_PROTECTION_KNOWN, "v1.17.5"));
        assert!(holds(&OVERCOMMIT_PROTECTION_KNOWN, "v1.18.0"));
        assert!(
            !holds(&AFFINITIES_FAILBACK, "v1.18.2") && holds(&AFFINITIES_FAILBACK, "v1.19.0-rc.0")
        );
        assert!(!holds(&OVERFLOW_AFFINITIES, "v1.17.5") && holds(&OVERFLOW_AFFINITIES, "v1.18.0"));
        assert_eq!(
            REQUEUE_TOLERATED.ranges(),
            "v1.16.0-v1.16.7, v1.17.0-v1.17.4, v1.18.0-v1.18.1"
        );
        assert_eq!(UNPACED_EVICTION.ranges(), "v1.15.0-v1.15.9");
        assert_eq!(LT_GT_TOLERATIONS_REJECTED.ranges(), "v1.18.0 and later");
    }

    #[test]
    fn every_behaviour_is_listed_once() {
        let mut ids: Vec<&str> = BEHAVIOURS.iter().map(|b| b.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), BEHAVIOURS.len());
    }
}
