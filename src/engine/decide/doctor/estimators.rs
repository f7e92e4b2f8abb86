//! Whether the scheduler and the members' scheduler-estimators agree: a member the
//! scheduler asks with no estimator to answer, or estimators nobody asks.
//!
//! With `--enable-scheduler-estimator` the scheduler looks up one estimator per member
//! (a Service `karmada-scheduler-estimator-NAME`, `pkg/estimator/client/service.go`); a
//! member whose estimator cannot be reached keeps the general estimator's answer alone
//! (`pkg/scheduler/core/util.go`, `mergeReplicaResults`), which cannot see how its room
//! is split over nodes. karmada-descheduler asks the estimators whatever the scheduler
//! does. Karmada: v1.18.2, master f8fdd02.

use crate::engine::karmada::estimator::accurate::asks_estimator;

use super::{named, source, DoctorInput, Finding, FindingCode, Severity};

/// The estimator findings (the estimators were read on the host).
pub(super) fn estimator_findings(input: &DoctorInput, out: &mut Vec<Finding>) {
    let Some(found) = input.estimators else {
        return;
    };
    let s = input.settings;
    let flag = source(input, "enable-scheduler-estimator");
    if s.scheduler_estimator {
        let missing: Vec<String> = input
            .state
            .clusters
            .iter()
            .filter(|c| asks_estimator(c, s))
            .filter_map(|c| c.metadata.name.clone())
            .filter(|name| !found.contains_key(name))
            .collect();
        if !missing.is_empty() {
            out.push(Finding {
                code: FindingCode::EstimatorMissing,
                severity: Severity::Warning,
                message: format!(
                    "karmada-scheduler asks each member's scheduler-estimator (--enable-scheduler-estimator, {flag}), but {} member(s) have none on the host: the general estimator alone places replicas there, from summed resources that may not fit any one node",
                    missing.len()
                ),
                evidence: named(&missing),
                fix: "run a karmada-scheduler-estimator for each of them (`karmadactl addons enable karmada-scheduler-estimator -C NAME`)".into(),
            });
        }
    } else if !found.is_empty() && !s.descheduler.running {
        let serving: Vec<String> = found
            .iter()
            .map(|(cluster, from)| format!("{cluster}: {from}"))
            .collect();
        out.push(Finding {
            code: FindingCode::EstimatorUnused,
            severity: Severity::Warning,
            message: format!(
                "{} karmada-scheduler-estimator(s) run, but karmada-scheduler runs without --enable-scheduler-estimator ({flag}) and no karmada-descheduler asks them: placements ignore what they count",
                found.len()
            ),
            evidence: named(&serving),
            fix: "run karmada-scheduler with --enable-scheduler-estimator=true, or stop the estimators".into(),
        });
    }
}
