//! The doctor's findings about the Karmada release that runs: upstream bugs and
//! behaviours of that release (`karmada::BEHAVIOURS` handled as findings) that this
//! fleet is exposed to, each with the release that fixes it.

use super::{named, source, DoctorInput, Finding, FindingCode, Severity};
use crate::api::{TaintEffect, Toleration};
use crate::engine::karmada::eviction_queue::REQUEUE_TOLERATED;
use crate::engine::karmada::graceful_eviction::UNLOCKED_EVICTION_PATCH;
use crate::engine::karmada::scheduler::{replica_scheduling_type, ReplicaSchedulingType};
use crate::engine::karmada::scheduler::{
    RANDOM_APPORTIONMENT, SPREAD_PANIC, ZERO_REPLICA_WORKLOADS,
};
use crate::engine::karmada::toleration::applied_placement;
use crate::engine::vocabulary::version::Behaviour;
use crate::fleet::Binding;

/// Every version finding for `input`'s fleet, appended to `out`.
pub(super) fn version_findings(input: &DoctorInput, out: &mut Vec<Finding>) {
    let v = input.settings.karmada_version;
    let from = source(input, "karmada-version");
    let bindings = &input.state.bindings;
    let mut exposed = |b: &Behaviour, code, severity, which: Vec<String>, effect: String| {
        if b.holds_in(v) && !which.is_empty() {
            out.push(Finding {
                code,
                severity,
                message: format!("Karmada {v} ({from}): {effect} ({}: {})", b.id, b.upstream),
                evidence: named(&which),
                fix: format!("upgrade Karmada past {} ({})", b.ranges(), b.upstream),
            });
        }
    };
    exposed(
        &REQUEUE_TOLERATED,
        FindingCode::VersionRequeueTolerated,
        Severity::Warning,
        names(bindings, tolerates_no_execute),
        "these bindings tolerate NoExecute taints; every 10 s the taint manager queues them again and each costs a worker its pause, so the evictions that must happen wait behind them (dry-run shows each eviction's span)".into(),
    );
    exposed(
        &SPREAD_PANIC,
        FindingCode::VersionSchedulerSpreadPanic,
        Severity::Error,
        names(bindings, |b| duplicated(b) && spreads_by_group(b)),
        "the scheduler can panic on these Duplicated bindings with region, zone or provider spread constraints, and then re-places nothing".into(),
    );
    exposed(
        &ZERO_REPLICA_WORKLOADS,
        FindingCode::VersionZeroReplicaWorkload,
        Severity::Warning,
        names(bindings, |b| {
            !duplicated(b) && b.spec.replicas.unwrap_or(0) == 0 && b.spec.replica_requirements.is_some()
        }),
        "these workloads are scaled to zero: the scheduler treats them as non-workloads and places them on every feasible cluster, where the tool predicts an assignment".into(),
    );
    exposed(
        &RANDOM_APPORTIONMENT,
        FindingCode::VersionRandomApportionment,
        Severity::Warning,
        names(bindings, static_weights),
        "static-weight division breaks ties at random: a re-placement can differ from the one predicted by one replica per tie".into(),
    );
    let evicting =
        input.settings.failover_feature_gate && input.settings.enable_no_execute_taint_eviction;
    exposed(
        &UNLOCKED_EVICTION_PATCH,
        FindingCode::VersionUnlockedEvictionPatch,
        Severity::Warning,
        if evicting {
            vec![format!("{} binding(s)", bindings.len())]
        } else {
            Vec::new()
        },
        "the graceful eviction controllers patch bindings without optimistic locking: an eviction task can be lost or come back when two controllers write at once".into(),
    );
}

fn names(bindings: &[Binding], keep: impl Fn(&Binding) -> bool) -> Vec<String> {
    bindings
        .iter()
        .filter(|b| keep(b))
        .map(|b| b.display_name())
        .collect()
}

/// The tolerations the taint manager reads (the applied placement's).
fn tolerations(b: &Binding) -> Vec<Toleration> {
    applied_placement(b.annotations())
        .ok()
        .flatten()
        .map(|p| p.cluster_tolerations.to_vec())
        .unwrap_or_default()
}

fn tolerates_no_execute(b: &Binding) -> bool {
    tolerations(b).iter().any(|t| {
        t.effect.is_none()
            || t.effect.as_deref() == Some("")
            || t.effect.as_deref() == Some(TaintEffect::NoExecute.as_str())
    })
}

fn scheduling_type(b: &Binding) -> ReplicaSchedulingType {
    replica_scheduling_type(b.spec.placement.as_deref())
}

fn duplicated(b: &Binding) -> bool {
    scheduling_type(b) == ReplicaSchedulingType::Duplicated
}

fn spreads_by_group(b: &Binding) -> bool {
    b.spec.placement.as_ref().is_some_and(|p| {
        p.spread_constraints.iter().any(|s| {
            matches!(
                s.spread_by_field.as_deref(),
                Some("region" | "zone" | "provider")
            )
        })
    })
}

fn static_weights(b: &Binding) -> bool {
    scheduling_type(b) == ReplicaSchedulingType::Divided
        && b.spec
            .placement
            .as_ref()
            .and_then(|p| p.replica_scheduling.as_ref())
            .and_then(|r| r.weight_preference.as_ref())
            .is_some_and(|w| !w.static_weight_list.is_empty())
}
