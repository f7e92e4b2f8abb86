//! Phase 2: every binding on a faulty cluster, decided at the reference time: whether
//! and when its taints make it leave, whether the taint manager lists it, and what the
//! eviction does about the workload's state.

use super::scenario::{carries, Faults};
use super::Scenario;
use crate::api::TaintEffect;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::karmada::toleration::{BindingRef, ReadOnce};
use crate::engine::predict::cluster_decision::{decide_cluster, Action, ClusterDecision};
use crate::engine::predict::state::{extract as extract_state, Extraction};
use crate::fleet::{Binding, FleetState};

/// One binding on one faulty cluster, decided.
#[derive(Clone)]
pub(super) struct Pending<'b> {
    pub binding: &'b Binding,
    /// `rb/namespace/name` or `crb/name`.
    pub key: String,
    pub decision: ClusterDecision,
    pub replicas: i32,
    /// Upstream's taint manager lists the binding on this cluster (it takes queue
    /// slots whether or not it is evicted).
    pub listed: bool,
    /// What the eviction does about the workload's state.
    pub extraction: Extraction,
}

impl Pending<'_> {
    /// Whether the binding is to leave the cluster (now or later), its state allowing.
    pub fn leaves(&self) -> bool {
        !matches!(self.decision.action, Action::Stay)
            && !matches!(self.extraction, Extraction::Held(_))
    }
}

/// Every (binding, faulty cluster) pair of `state`, decided at `scenario.now`, and how
/// many bindings have at least one.
/// `read`: the bindings' tolerations, when simulations of one fleet share them.
pub(super) fn decide<'s>(
    state: &'s FleetState,
    index: &FleetIndex,
    faults: &Faults,
    scenario: &Scenario,
    read: Option<&ReadOnce<String>>,
) -> (Vec<Pending<'s>>, usize) {
    let mut pending = Vec::new();
    let mut affected_bindings = 0;
    for binding in &state.bindings {
        let mut affected = false;
        for target in &binding.spec.clusters {
            if !faults.is_faulty(&target.name) {
                continue;
            }
            let Some(cluster) = index.position(&target.name).map(|i| index.cluster(i)) else {
                continue;
            };
            affected = true;
            let key = binding.display_name();
            let bref = BindingRef::new(&binding.spec, binding.annotations());
            let shared = read.map(|r| r.get(key.clone(), bref));
            let decision = decide_cluster(
                match &shared {
                    Some(read) => bref.with_read(read),
                    None => bref,
                },
                cluster,
                &scenario.settings,
                scenario.now,
            );
            let gate_off = decision.reasons.iter().any(|r| r.code.is_gate_off());
            let listed = !matches!(decision.action, Action::Stay)
                || (carries(cluster, TaintEffect::NoExecute) && !gate_off);
            let extraction = match decision.action {
                Action::Stay => Extraction::NoRules,
                _ => extract_state(binding, &target.name, &scenario.settings),
            };
            pending.push(Pending {
                binding,
                key,
                decision,
                replicas: target.replicas,
                listed,
                extraction,
            });
        }
        affected_bindings += usize::from(affected);
    }
    (pending, affected_bindings)
}
