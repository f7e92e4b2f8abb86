//! `policy evaluate-taints`: every ClusterTaintPolicy against every cluster's current
//! conditions, as the cluster-taint-policy controller evaluates them; the taints each
//! cluster gains or loses; the blast radius of NoExecute taints; then (with consent) the
//! writes, through the shared cluster-taint writer.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use jiff::Timestamp;
use serde::Serialize;

use super::settings::Settings;
use super::{common, signals};
use crate::api::Taint;
use crate::cli::{EvaluateOutput, EvaluateTaintsArgs, GlobalArgs};
use crate::engine::decide::evaluate_taints::{blast_radius, policy_edit, BlastRadius};
use crate::engine::decide::taint_edit::{EditError, EditOutcome, TaintEdit};
use crate::engine::predict::simulate::Scenario;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::ops::taints::{self as taint_ops, EditFn, TaintPlan};
use crate::ops::write::NOT_STARTED;
use crate::ops::DryRun;
use crate::render::{self, Document, Format};

/// One cluster whose taints the policies change.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClusterChange {
    name: String,
    added: Vec<String>,
    removed: Vec<String>,
    taints: Vec<Taint>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    policies: usize,
    clusters: usize,
    changes: Vec<ClusterChange>,
    blast_radius: BlastRadius,
    dry_run: bool,
}

/// What the writes did: each cluster's outcome, why each failed one failed, and whether
/// a signal stopped them.
#[derive(Default)]
struct Written {
    results: BTreeMap<String, String>,
    errors: BTreeMap<String, String>,
    /// Set when a signal stops new writes (none without writes).
    stop: Option<Arc<AtomicBool>>,
}

pub async fn run(global: &GlobalArgs, args: &EvaluateTaintsArgs) -> Result<ExitCode> {
    // Options.
    let format = match args.output {
        EvaluateOutput::Table => Format::Table,
        EvaluateOutput::Json => Format::Json,
        EvaluateOutput::Yaml => Format::Yaml,
    };
    let offline = args.source.snapshot.is_some();
    let dry_run: DryRun = if offline {
        DryRun::Client
    } else {
        args.write.dry_run.into()
    };

    // Gather.
    let fleet = common::load_state(global, &args.source).await?;
    let settings = super::settings::for_source(&args.controller.given(), &fleet.source)?;
    let now = common::reference_time(&fleet);
    let policies = fleet.taint_policies.clone();

    // Decide: the controller's evaluation on every cluster (refused as a whole when a
    // result would be rejected by Karmada's API).
    let edit = |c: &crate::api::Cluster, now| -> Result<TaintEdit, EditError> {
        Ok(policy_edit(&policies, c, now))
    };
    let plans = taint_ops::plan(fleet.clusters.clone(), &edit, now)
        .map_err(|refused| Error::usage(format!("{}; nothing was written", refused.join("; "))))?;
    let threshold = settings.queue.unhealthy_cluster_threshold;
    let blast = blast(&fleet, &plans, settings, now);
    let changed: Vec<&TaintPlan> = plans
        .iter()
        .filter(|p| p.edit.outcome != EditOutcome::Unchanged)
        .collect();
    if !format.is_structured() {
        render::policy::evaluation_plan(&changed, &blast, policies.len(), fleet.clusters.len());
    }
    if !blast.clusters_gaining_no_execute.is_empty() && blast.share_no_execute > threshold {
        let why = format!(
            "{:.0}% of clusters would carry a NoExecute taint, above the unhealthy threshold {:.0}%",
            blast.share_no_execute * 100.0,
            threshold * 100.0
        );
        if !args.force && dry_run == DryRun::None {
            return Err(Error::failure(format!(
                "{why}: refusing without --force; nothing was written"
            )));
        }
        render::warn(&why);
    }

    // Apply.
    let mut changes: Vec<ClusterChange> = changed
        .iter()
        .map(|p| ClusterChange {
            name: p.name().to_string(),
            added: p.edit.added.clone(),
            removed: p.edit.removed.clone(),
            taints: p.edit.taints.clone(),
            result: None,
        })
        .collect();
    let written = if !changed.is_empty() && dry_run != DryRun::Client {
        if dry_run == DryRun::None {
            crate::prompt::confirm(
                &format!("Write the taints of {} cluster(s)?", changed.len()),
                args.write.yes,
            )?;
        }
        write(global, plans, &edit, dry_run, now).await?
    } else {
        Written::default()
    };
    for c in &mut changes {
        c.result = written.results.get(&c.name).cloned();
    }

    // Render.
    if format.is_structured() {
        let report = Report {
            policies: policies.len(),
            clusters: fleet.clusters.len(),
            changes,
            blast_radius: blast,
            dry_run: dry_run != DryRun::None,
        };
        render::print_structured(&Document::new("TaintPolicyEvaluation", &report), format)?;
    } else {
        render_text(&changes, &written.errors)?;
    }
    let not_started = written
        .errors
        .values()
        .filter(|e| *e == NOT_STARTED)
        .count();
    common::batch_end(
        written.results.len(),
        written.errors.len(),
        not_started,
        written.stop.as_deref().is_some_and(signals::stopped),
        "cluster(s)",
    )
}

/// The blast radius of the taints the plans leave, from the same simulation as dry-run.
fn blast(
    fleet: &FleetState,
    plans: &[TaintPlan],
    settings: Settings,
    now: Timestamp,
) -> BlastRadius {
    let new_taints: Vec<(String, Vec<Taint>)> = plans
        .iter()
        .map(|p| (p.name().to_string(), p.edit.taints.clone()))
        .collect();
    let threshold = settings.queue.unhealthy_cluster_threshold;
    blast_radius(
        fleet,
        &new_taints,
        threshold,
        Scenario {
            targets: vec![],
            taints: vec![],
            now,
            until: now,
            recover_at: None,
            recoveries: Vec::new(),
            replaced: Vec::new(),
            settings: settings.controller,
            queue: settings.queue,
        },
    )
}

/// Write the changed clusters' taints through the shared writer, with progress; a
/// signal stops new writes.
async fn write(
    global: &GlobalArgs,
    plans: Vec<TaintPlan>,
    edit: &EditFn<'_>,
    dry_run: DryRun,
    now: Timestamp,
) -> Result<Written> {
    let cp = common::connect(global).await?;
    let to_write: Vec<TaintPlan> = plans
        .into_iter()
        .filter(|p| p.edit.outcome != EditOutcome::Unchanged)
        .collect();
    let bar = render::progress::bar(to_write.len(), "patching clusters");
    let tick = || bar.inc(1);
    let stop = signals::stop_flag(signals::WRITES_STOP);
    let mut written = Written::default();
    for o in taint_ops::apply(&cp, to_write, edit, dry_run, now, Some(&stop), &tick).await {
        let word = match o.result {
            Ok((e, true)) => e.outcome.as_str().to_string(),
            Ok((_, false)) => "unchanged".to_string(),
            Err(why) => {
                let word = format!("failed: {why}");
                written.errors.insert(o.name.clone(), why);
                word
            }
        };
        written.results.insert(o.name, word);
    }
    bar.finish_and_clear();
    written.stop = Some(stop);
    Ok(written)
}

/// A line per changed cluster on stdout, an error line per failed one on stderr.
fn render_text(changes: &[ClusterChange], errors: &BTreeMap<String, String>) -> Result<()> {
    let mut text = String::new();
    for c in changes {
        let subject = format!("cluster.cluster.karmada.io/{}", c.name);
        match (errors.get(&c.name), &c.result) {
            (Some(why), _) => eprint!("{}", render::error_line(&subject, why)),
            (None, word) => {
                text += &format!("{subject} {}\n", word.as_deref().unwrap_or("(dry run)"))
            }
        }
    }
    render::write_stdout(&text)
}
