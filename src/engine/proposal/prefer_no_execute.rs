//! The failover proposal's `PreferNoExecute` taint effect (not built upstream: the
//! proposal's `SelectiveNoExecute` was closed unmerged, and Karmada's Cluster API refuses
//! the effect). Simulated only when a snapshot or a `--taint` carries it, and labelled so.
//!
//! Rule: tolerations are not consulted; only a binding with `spec.failover.cluster`
//! moves, at the earliest `timeAdded + failover.cluster.tolerationSeconds` (300 when the
//! field is absent, 0 = at once); a taint without `timeAdded` counts from now.
//!
//! Source: the proposal (`seeds/000_...`, "PreferNoExecute").

use jiff::Timestamp;

use crate::api::taint::describe_taint;
use crate::api::{Taint, TaintEffect};
use crate::engine::karmada::taint_manager::{from_nanos, is, nanos, NANOS_PER_SECOND};
use crate::engine::karmada::toleration::BindingRef;
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use TaintEffect::PreferNoExecute;

/// Default of `failover.cluster.tolerationSeconds` for `PreferNoExecute`.
pub const DEFAULT_PREFER_NO_EXECUTE_TOLERATION_SECONDS: i64 = 300;

/// The eviction the `PreferNoExecute` taints call for (proposal): tolerations are not
/// consulted; only a binding with `spec.failover.cluster` moves, at the earliest
/// `timeAdded + tolerationSeconds` (300 when absent, 0 = at once).
pub fn prefer_no_execute_due(
    binding: BindingRef<'_>,
    taints: &[Taint],
    now: Timestamp,
    reasons: &mut Vec<Reason>,
) -> Option<i128> {
    let prefer: Vec<&Taint> = taints.iter().filter(|t| is(t, PreferNoExecute)).collect();
    if prefer.is_empty() {
        return None;
    }
    let names = prefer
        .iter()
        .map(|t| describe_taint(t))
        .collect::<Vec<_>>()
        .join(", ");
    let Some(cf) = binding
        .spec
        .failover
        .as_ref()
        .and_then(|f| f.cluster.as_ref())
    else {
        reasons.push(Reason::new(
            ReasonCode::PreferNoexecuteNoFailover,
            format!("PreferNoExecute taint(s) {names} move only bindings with spec.failover.cluster; this one has none and stays (tolerations are not consulted)"),
        ));
        return None;
    };
    let (seconds, origin) = match cf.toleration_seconds {
        Some(s) => (i64::from(s), "spec.failover.cluster.tolerationSeconds"),
        None => (DEFAULT_PREFER_NO_EXECUTE_TOLERATION_SECONDS, "the default"),
    };
    let mut earliest: Option<(i128, &Taint)> = None;
    for taint in &prefer {
        let added = match &taint.time_added {
            Some(t) => nanos(t.0),
            None => {
                reasons.push(Reason::new(
                    ReasonCode::TaintTimeAddedMissing,
                    format!(
                        "taint {} has no timeAdded: counting from now",
                        describe_taint(taint)
                    ),
                ));
                nanos(now)
            }
        };
        let due = added + i128::from(seconds.max(0)) * NANOS_PER_SECOND;
        if earliest.is_none_or(|(e, _)| due < e) {
            earliest = Some((due, taint));
        }
    }
    let (due, taint) = earliest?;
    let at = from_nanos(due);
    let code = if due <= nanos(now) {
        ReasonCode::PreferNoexecuteFailoverDue
    } else {
        ReasonCode::PreferNoexecuteFailoverScheduled
    };
    reasons.push(Reason::new(
        code,
        format!(
            "PreferNoExecute taint {} with spec.failover.cluster: tolerated {seconds}s ({origin}), eviction due at {at}",
            describe_taint(taint)
        ),
    ));
    Some(due)
}
