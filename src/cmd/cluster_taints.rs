//! The flow every cluster-taint command (`taint`, `cordon`, `uncordon`) shares: gather
//! the targets, plan every edit, preview and confirm an evicting change, apply, report.

use jiff::Timestamp;

use super::{common, settings, signals};
use crate::api::{Cluster, Taint, TaintEffect};
use crate::cli::settings::Given;
use crate::cli::WriteArgs;
use crate::client::{self, ControlPlane, Targets};
use crate::engine::decide::drain::pending_refusal;
use crate::engine::decide::taint_edit::EditOutcome;
use crate::engine::predict::pipeline;
use crate::engine::vocabulary::reason::ReasonCode;
use crate::error::{Error, ExitCode, Result};
use crate::ops::taints::{self as taint_ops, EditFn, TaintPlan};
use crate::ops::write::NOT_STARTED;
use crate::ops::{impact, DryRun};
use crate::prompt;
use crate::render::{self, Format};

/// A change of cluster taints, as `taint`, `cordon` and `uncordon` describe it.
pub struct TaintJob<'a> {
    /// The pure edit of one cluster's taints.
    pub edit: &'a EditFn<'a>,
    /// Word printed for each outcome (`tainted`, `cordoned`, `already cordoned`, ...).
    pub word: fn(EditOutcome) -> &'static str,
    /// The evicting effect this job adds, the taints with it, and the controller
    /// settings the impact preview assumes: such a job previews and asks first.
    pub evicting: Option<(TaintEffect, Vec<Taint>, Vec<Given>)>,
    /// `--allow-pending`: go ahead although moved replicas would not fit.
    pub allow_pending: bool,
}

/// Gather the targets, plan every edit (one refusal writes nothing), preview and
/// confirm an evicting change, apply, report.
pub async fn run_job(
    cp: &ControlPlane,
    targets: &Targets,
    job: &TaintJob<'_>,
    write: &WriteArgs,
    format: Format,
    now: Timestamp,
) -> Result<ExitCode> {
    let dry_run: DryRun = write.dry_run.into();
    // An evicting change previews on the whole fleet: read every cluster once.
    let fleet: Option<Vec<Cluster>> = match &job.evicting {
        Some(_) => Some(crate::state::load_clusters(cp).await?),
        None => None,
    };
    let clusters = match &fleet {
        Some(all) => client::select_clusters(all, targets)?,
        None => client::resolve_clusters(cp, targets).await?,
    };
    let plans = taint_ops::plan(clusters, job.edit, now).map_err(|mut refused| {
        let first = refused.remove(0);
        let more = if refused.is_empty() {
            String::new()
        } else {
            format!(" (and {} more)", refused.len())
        };
        Error::usage(format!("{first}{more}; nothing was written")).with_detail(refused.join("\n"))
    })?;

    where_they_stand(cp, &plans, now).await;

    if let (Some((effect, taints, controller)), Some(fleet)) = (&job.evicting, fleet) {
        let hit: Vec<String> = plans
            .iter()
            .filter(|p| p.adds(*effect))
            .map(|p| TaintPlan::name(p).to_string())
            .collect();
        if !hit.is_empty() {
            match settings::for_live(controller, &cp.context, &cp.server) {
                Ok(resolved) => {
                    let (settings, queue) = (resolved.controller.clone(), resolved.queue.clone());
                    match impact::preview(cp, fleet, &hit, taints, settings, queue, now).await {
                        Ok(p) => {
                            eprint!(
                                "{}",
                                render::impact::text(
                                    &p,
                                    &resolved.from,
                                    resolved.remembered.as_ref()
                                )
                            );
                            room_check(&p, job.allow_pending)?;
                        }
                        Err(e) => {
                            render::warn(&format!("impact preview unavailable: {}", e.message))
                        }
                    }
                }
                Err(e) => render::warn(&format!("impact preview unavailable: {}", e.message)),
            }
        }
        if !hit.is_empty() && dry_run == DryRun::None {
            eprintln!(
                "A {effect} taint on {} cluster(s) ({}) can evict their workloads.",
                hit.len(),
                hit.join(", ")
            );
            prompt::confirm(
                &format!("Add the {effect} taint to {} cluster(s)?", hit.len()),
                write.yes,
            )?;
        }
    }

    let bar = render::progress::bar(plans.len(), "patching clusters");
    let tick = || bar.inc(1);
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let outcomes = taint_ops::apply(cp, plans, job.edit, dry_run, now, Some(&stop), &tick).await;
    bar.finish_and_clear();
    let total = outcomes.len();
    let failed = outcomes.iter().filter(|o| o.result.is_err()).count();
    let not_started = outcomes
        .iter()
        .filter(|o| o.result.as_ref().is_err_and(|e| e == NOT_STARTED))
        .count();
    render::taints::print(render::taints::items(outcomes, job.word), dry_run, format)?;
    common::batch_end(
        total,
        failed,
        not_started,
        signals::stopped(&stop),
        "cluster(s)",
    )
}

/// A taint whose evictions leave replicas Pending is refused without `--allow-pending`
/// (code `taint-leaves-pending`), before anything is written.
fn room_check(p: &impact::ImpactPreview, allow_pending: bool) -> Result<()> {
    let Some(refusal) = pending_refusal(&p.capacity, ReasonCode::TaintLeavesPending) else {
        return Ok(());
    };
    if allow_pending {
        render::warn(&format!("--allow-pending: {}", refusal.message));
        return Ok(());
    }
    Err(Error::failure(format!(
        "{} [{}]; nothing was written",
        refusal.message, refusal.code
    )))
}

/// Before the change: the targets that are not Ready and where each stands, and taints
/// the edit removes that a ClusterTaintPolicy puts back at once.
async fn where_they_stand(cp: &ControlPlane, plans: &[TaintPlan], now: Timestamp) {
    let policies = crate::state::load_taint_policies(cp).await;
    let steps = pipeline::steps_of(plans.iter().map(|p| &p.cluster), policies.as_deref(), now);
    eprint!(
        "{}",
        render::pipeline::section("Where these clusters stand now:", &steps, now)
    );
    for plan in plans {
        for back in policies
            .iter()
            .flat_map(|p| pipeline::put_back(&plan.cluster, &plan.edit.taints, p, now))
        {
            render::warn(&format!(
                "{}: ClusterTaintPolicy {back} back at once: its conditions still match",
                plan.name()
            ));
        }
    }
}
