//! `policy apply`: read the documents, check each as a real control plane would (and
//! lint its failover), preview the evictions the change causes, ask, then server-side
//! apply. Any invalid document: exit 2 and nothing is sent.

use serde_json::Value;

use std::sync::atomic::AtomicBool;

use super::settings::{self, Settings};
use super::{common, signals};
use crate::cli::{ApplyArgs, DryRunArg, GlobalArgs};
use crate::client::ControlPlane;
use crate::engine::decide::policy_check::{
    changes_failover, check_policy, failover_preview, update_problem, CheckedPolicy, PreviewChange,
};
use crate::engine::karmada::admission::WebhookSettings;
use crate::engine::predict::simulate::{Scenario, Verdict};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::FleetState;
use crate::ops::policies::{self, comparable, Applied};
use crate::ops::write::NOT_STARTED;
use crate::render::{self, policy as out, Document, Format};
use crate::state;

struct Item {
    location: String,
    policy: CheckedPolicy,
    live: Option<Value>,
    preview: Vec<PreviewChange>,
    result: Option<Applied>,
    error: Option<String>,
}

pub async fn run(global: &GlobalArgs, args: &ApplyArgs) -> Result<ExitCode> {
    // Options.
    let format = Format::from(args.output);
    let offline = args.write.dry_run == DryRunArg::Client;

    // Gather: the documents, the control plane (unless a client dry run), the fleet and
    // the settings it runs with (flag, remembered, snapshot header, default).
    let docs = state::read_documents(&args.files, args.recursive)
        .map_err(|e| Error::usage(e.to_string()))?;
    if docs.is_empty() {
        return Err(Error::usage("no objects found in the given files"));
    }
    let cp = if offline {
        None
    } else {
        Some(common::connect(global).await?)
    };
    let fleet = match (&args.source.snapshot, &cp) {
        (Some(_), _) => Some(common::load_state(global, &args.source).await?),
        (None, Some(cp)) => Some(state::load_live(cp).await?),
        (None, None) => None,
    };
    let settings = match &fleet {
        Some(f) => Some(settings::for_source(&args.controller.given(), &f.source)?),
        None => None,
    };

    // Decide: every document checked before anything is sent, then the failover preview.
    let mut items = check_all(args, &docs, fleet.as_ref(), settings.as_ref(), cp.as_ref()).await?;
    let evicting = match (&fleet, &settings) {
        (Some(fleet), Some(settings)) => preview(&mut items, fleet, settings, format),
        _ => 0,
    };
    if evicting > 0 && args.write.dry_run == DryRunArg::None {
        crate::prompt::confirm(
            &format!("Apply, starting {evicting} eviction(s)?"),
            args.write.yes,
        )?;
    }

    // Apply.
    let stop = signals::stop_flag(signals::WRITES_STOP);
    apply_all(cp.as_ref(), &mut items, args, format, &stop).await?;

    // Render.
    if format.is_structured() {
        render::print_structured(
            &Document::new("PolicyApplyResult", &report(args, &items)),
            format,
        )?;
    }
    let failed = items.iter().filter(|i| i.error.is_some()).count();
    let not_started = items
        .iter()
        .filter(|i| i.error.as_deref() == Some(NOT_STARTED))
        .count();
    common::batch_end(
        items.len(),
        failed,
        not_started,
        signals::stopped(&stop),
        "policies",
    )
}

/// Check every document as the release that runs would admit it (and lint its
/// failover), against its live object when there is a control plane; any invalid
/// document (or, with --strict, any finding) stops the run before anything is sent.
async fn check_all(
    args: &ApplyArgs,
    docs: &[state::Document],
    fleet: Option<&FleetState>,
    settings: Option<&Settings>,
    cp: Option<&ControlPlane>,
) -> Result<Vec<Item>> {
    // The webhook of the release that runs.
    let version = match settings {
        Some(s) => s.controller.karmada_version,
        None => args
            .controller
            .karmada_version
            .map(|r| r.version)
            .unwrap_or_default(),
    };
    let webhook = WebhookSettings {
        allow_no_execute_taint_policy: args.webhook.allow_no_execute_taint_policy.unwrap_or(false),
        version,
    };
    let mut items = Vec::new();
    let mut refusals = 0usize;
    for doc in docs {
        match check_policy(
            &doc.object,
            args.namespace.as_deref(),
            "default",
            fleet,
            webhook,
            settings.map(|s| &s.controller),
        ) {
            Ok(policy) => items.push(Item {
                location: doc.location(),
                policy,
                live: None,
                preview: vec![],
                result: None,
                error: None,
            }),
            Err(not) => {
                refusals += 1;
                out::refusal(&doc.location(), &not.0);
            }
        }
    }
    if let Some(cp) = cp {
        for item in &mut items {
            if item.policy.problems.is_empty() {
                item.live = policies::read_live(cp, &item.policy).await?;
                if let Some(p) = item
                    .live
                    .as_ref()
                    .and_then(|l| update_problem(&item.policy, &l["spec"]))
                {
                    item.policy.problems.push(p);
                }
            }
        }
    }
    let invalid = refusals
        + items
            .iter()
            .filter(|i| !i.policy.problems.is_empty())
            .count();
    for item in &items {
        let subject = out::subject(&item.location, Some(&item.policy));
        out::problems(&subject, &item.policy);
        out::findings(&subject, &item.policy.findings, args.strict);
    }
    if invalid > 0 {
        return Err(Error::usage(format!(
            "{invalid} invalid document(s) of {}; nothing was sent",
            docs.len()
        )));
    }
    let flagged = items
        .iter()
        .filter(|i| !i.policy.findings.is_empty())
        .count();
    if args.strict && flagged > 0 {
        return Err(Error::usage(format!(
            "--strict: {flagged} document(s) with lint findings; nothing was sent"
        )));
    }
    Ok(items)
}

/// The failover preview of each item that changes failover, from the same simulation as
/// dry-run; how many evictions the change starts.
fn preview(items: &mut [Item], fleet: &FleetState, settings: &Settings, format: Format) -> usize {
    let scenario = base_scenario(fleet, settings);
    let mut evicting = 0usize;
    for item in items {
        let live_spec = item.live.as_ref().map(|l| &l["spec"]);
        if !changes_failover(&item.policy, live_spec) {
            continue;
        }
        let (governed, changes) = failover_preview(fleet, &item.policy, &scenario);
        if governed > 0 && !format.is_structured() {
            out::preview(&item.policy, governed, &changes, scenario.now);
        }
        evicting += changes
            .iter()
            .filter(|c| matches!(c.after, Some(Verdict::Evict | Verdict::EvictLater)))
            .count();
        item.preview = changes;
    }
    evicting
}

/// Apply each item in turn, a line per outcome; once `stop` is set, none starts.
async fn apply_all(
    cp: Option<&ControlPlane>,
    items: &mut [Item],
    args: &ApplyArgs,
    format: Format,
    stop: &AtomicBool,
) -> Result<()> {
    let mode = match args.write.dry_run {
        DryRunArg::None => "",
        DryRunArg::Client => "dry run",
        DryRunArg::Server => "server dry run",
    };
    for item in items {
        if signals::stopped(stop) {
            item.error = Some(NOT_STARTED.into());
            continue;
        }
        match apply_one(cp, item, args).await {
            Ok((applied, diff)) => {
                if let Some(diff) = diff.filter(|d| !d.is_empty() && !format.is_structured()) {
                    render::write_stdout(&diff)?;
                }
                if !format.is_structured() {
                    render::write_stdout(&format!(
                        "{}\n",
                        out::outcome_line(&item.policy, applied, mode)
                    ))?;
                }
                item.result = Some(applied);
            }
            Err(e) => {
                eprintln!(
                    "error: {}: {}",
                    item.location,
                    crate::error::fit_line(&e.message)
                );
                item.error = Some(e.message);
            }
        }
    }
    Ok(())
}

/// The structured report of the run.
fn report<'a>(args: &ApplyArgs, items: &'a [Item]) -> out::ApplyReport<'a> {
    out::ApplyReport {
        dry_run: match args.write.dry_run {
            DryRunArg::None => "none",
            DryRunArg::Client => "client",
            DryRunArg::Server => "server",
        },
        items: items
            .iter()
            .map(|i| out::ApplyItem {
                location: i.location.clone(),
                policy: &i.policy,
                result: i.result,
                error: i.error.clone(),
                preview: i.preview.clone(),
            })
            .collect(),
    }
}

/// Apply one policy; the outcome and, with `--diff`, the diff against the live object.
async fn apply_one(
    cp: Option<&ControlPlane>,
    item: &Item,
    args: &ApplyArgs,
) -> Result<(Applied, Option<String>)> {
    let Some(cp) = cp else {
        // Client dry run: what would be sent, compared locally.
        let diff = args
            .diff
            .then(|| out::diff(&item.policy, None, &item.policy.object));
        return Ok((Applied::Created, diff));
    };
    let force = args.force_conflicts;
    // The server's own answer first (dryRun=All): nothing is written when it equals the
    // live object.
    let result = policies::preview(cp, &item.policy, force).await?;
    let diff = args.diff.then(|| {
        out::diff(
            &item.policy,
            item.live.as_ref().map(comparable).as_ref(),
            &comparable(&result),
        )
    });
    let applied = match &item.live {
        Some(live) if comparable(live) == comparable(&result) => {
            return Ok((Applied::Unchanged, diff))
        }
        Some(_) => Applied::Configured,
        None => Applied::Created,
    };
    if args.write.dry_run == DryRunArg::None {
        policies::apply(cp, &item.policy, force).await?;
    }
    Ok((applied, diff))
}

fn base_scenario(fleet: &FleetState, settings: &Settings) -> Scenario {
    let now = common::reference_time(fleet);
    Scenario {
        targets: vec![],
        taints: vec![],
        now,
        until: now,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: settings.controller.clone(),
        queue: settings.queue.clone(),
    }
}
