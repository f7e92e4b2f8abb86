//! The doctor's application failover findings: every way `spec.failover.application`
//! is off or surprising on this control plane, from the bindings that carry it (the
//! predictions of `predict::app_failover`, the twin's filter and task options).

use super::{named, source, DoctorInput, Finding, FindingCode, Severity};
use crate::api::GracefulEvictionTask;
use crate::engine::decide::evictions::TaskCause;
use crate::engine::decide::task_actions::holds_old_copy;
use crate::engine::karmada::application_failover::{toleration_seconds, unmet_needs, Unmet};
use crate::engine::karmada::scheduler::rescheduled_on_every_change;
use crate::engine::predict::app_failover::{predict_app_failover, returns, AppFailoverInputs};
use crate::engine::vocabulary::reason::ReasonCode;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::Binding;

/// What the bindings with `failover.application` show, gathered once.
#[derive(Default)]
struct Seen {
    configured: Vec<String>,
    no_controller: Vec<String>,
    graceful: Vec<String>,
    stateful: Vec<String>,
    skipped: Vec<String>,
    zero: Vec<String>,
    unhealthy: Vec<String>,
    held: Vec<String>,
    looping: Vec<String>,
}

/// Application failover findings (the controller manager's settings are known).
pub(super) fn application_findings(input: &DoctorInput, out: &mut Vec<Finding>) {
    let seen = gather(input);
    if seen.configured.is_empty() && seen.held.is_empty() && seen.looping.is_empty() {
        return;
    }
    let mut push = |code, severity, message: String, evidence: &[String], fix: &str| {
        if !evidence.is_empty() {
            out.push(Finding {
                code,
                severity,
                message,
                evidence: named(evidence),
                fix: fix.into(),
            });
        }
    };
    push(
        FindingCode::AppFailoverControllerOff,
        Severity::Error,
        format!(
            "{} binding(s) ask for application failover but --controllers does not run applicationFailover ({})",
            seen.no_controller.len(),
            source(input, "controllers")
        ),
        &seen.no_controller,
        "run karmada-controller-manager with --controllers=* (or list applicationFailover), or drop failover.application",
    );
    push(
        FindingCode::AppFailoverGracefulGateOff,
        Severity::Error,
        format!(
            "{} binding(s) fail over Gracefully (a purge mode that takes the grace period) but the GracefulEviction gate is off ({}): the controller fails on every sync and never evicts them",
            seen.graceful.len(),
            source(input, "feature-gates")
        ),
        &seen.graceful,
        "turn GracefulEviction on (it is on by default), or use purgeMode Directly or Never",
    );
    push(
        FindingCode::AppFailoverStateGateOff,
        Severity::Warning,
        format!(
            "{} binding(s) have application statePreservation rules but StatefulFailoverInjection is off ({}): they fail over without their state",
            seen.stateful.len(),
            source(input, "feature-gates")
        ),
        &seen.stateful,
        "turn StatefulFailoverInjection on in karmada-controller-manager's --feature-gates",
    );
    push(
        FindingCode::AppFailoverSkipped,
        Severity::Warning,
        format!(
            "{} binding(s) ask for application failover but the controller skips them",
            seen.skipped.len()
        ),
        &seen.skipped,
        "set propagateDeps: true on their policy (and re-apply it), or give the kind a health interpretation (ResourceInterpreterCustomization)",
    );
    push(
        FindingCode::AppFailoverZeroToleration,
        Severity::Warning,
        format!(
            "{} binding(s) have tolerationSeconds 0: an Unhealthy workload is evicted only at the next event on its binding, not at once",
            seen.zero.len()
        ),
        &seen.zero,
        "give a toleration longer than the workload's rollouts stay Unhealthy (e.g. 60s or more)",
    );
    push(
        FindingCode::AppFailoverUnhealthyNow,
        Severity::Warning,
        format!(
            "{} binding(s) are Unhealthy now on a cluster where application failover is armed: they leave it within their toleration unless they recover",
            seen.unhealthy.len()
        ),
        &seen.unhealthy,
        "karmadactl policy explain BINDING shows when; fix the workload there to keep it",
    );
    push(
        FindingCode::AppFailoverCopiesHeld,
        Severity::Warning,
        format!(
            "{} application failover task(s) hold the old copy beside the new replicas (purgeMode Never) until someone confirms",
            seen.held.len()
        ),
        &seen.held,
        "karmadactl evictions confirm --producer resource-binding-application-failover-controller (after checking the new copies), or keep them on purpose",
    );
    push(
        FindingCode::AppFailoverLoop,
        Severity::Warning,
        format!(
            "{} binding(s) were evicted by application failover and will be placed back on the same clusters when their tasks go (left unplaced, or Duplicated): while the workload stays Unhealthy there, it is evicted again a toleration later, in a loop",
            seen.looping.len()
        ),
        &seen.looping,
        "fix the workload on those clusters, or give the binding somewhere else to go (more clusters in its placement, room on them); karmadactl evictions list shows when the tasks go",
    );
}

fn gather(input: &DoctorInput) -> Seen {
    let mut seen = Seen::default();
    for binding in &input.state.bindings {
        held_copies(binding, &mut seen.held);
        looping(binding, input.settings, &mut seen.looping);
        let Some(app) = binding
            .spec
            .failover
            .as_ref()
            .and_then(|f| f.application.as_ref())
        else {
            continue;
        };
        let name = binding.display_name();
        seen.configured.push(name.clone());
        for unmet in unmet_needs(app, input.settings) {
            match unmet {
                Unmet::Controller => &mut seen.no_controller,
                Unmet::GracefulEviction => &mut seen.graceful,
                Unmet::StatefulFailoverInjection => &mut seen.stateful,
            }
            .push(name.clone());
        }
        if toleration_seconds(app) == 0 {
            seen.zero.push(name.clone());
        }
        // Whether it is armed, and why not: no placement needed.
        let prediction = predict_app_failover(AppFailoverInputs {
            index: None,
            binding,
            unhealthy: &[],
            now: input.now,
            settings: input.settings,
            custom_health: false,
            taint_evictions: &Default::default(),
        });
        let skipped = prediction
            .clusters
            .iter()
            .flat_map(|c| &c.reasons)
            .find(|r| {
                matches!(
                    r.code,
                    ReasonCode::AppFailoverPropagateDepsOff
                        | ReasonCode::AppFailoverNoHealthInterpreter
                )
            });
        if let Some(r) = skipped {
            seen.skipped.push(format!("{name}: {}", r.code));
        }
        for c in prediction
            .clusters
            .iter()
            .filter(|c| c.armed && c.unhealthy)
        {
            seen.unhealthy.push(format!("{name} on {}", c.cluster));
        }
    }
    seen
}

/// A binding with application failover tasks that go by themselves (not held) and that
/// the scheduler will place back on their clusters: a Duplicated binding or a
/// non-workload, or a Divided one the evictions left without its replicas
/// (`predict::app_failover::returns`).
fn looping(binding: &Binding, settings: &ControllerSettings, out: &mut Vec<String>) {
    let tasks: Vec<&GracefulEvictionTask> = binding
        .spec
        .graceful_eviction_tasks
        .iter()
        .filter(|t| TaskCause::of(t) == TaskCause::ApplicationFailure && !holds_old_copy(t))
        .collect();
    if tasks.is_empty() {
        return;
    }
    if !(rescheduled_on_every_change(&binding.spec) || returns::unplaced(&binding.spec)) {
        return;
    }
    let timeout = settings.graceful_eviction_timeout_seconds;
    let when: Vec<String> = tasks
        .iter()
        .map(|t| match returns::times_out_at(t, timeout) {
            Some(at) => format!("{} (task goes by {at})", t.from_cluster),
            None => t.from_cluster.clone(),
        })
        .collect();
    out.push(format!(
        "{}: back on {}",
        binding.display_name(),
        when.join(", ")
    ));
}

/// The binding's application failover tasks that hold their old copy.
fn held_copies(binding: &Binding, out: &mut Vec<String>) {
    for task in &binding.spec.graceful_eviction_tasks {
        if TaskCause::of(task) == TaskCause::ApplicationFailure && holds_old_copy(task) {
            out.push(format!(
                "{} from {}",
                binding.display_name(),
                task.from_cluster
            ));
        }
    }
}
