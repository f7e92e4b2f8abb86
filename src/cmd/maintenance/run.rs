//! `karmadactl maintenance run` and `resume`: options (the waves, the hook, the waits,
//! the pacing), gather (the fleet, the stored run), decide (the plan, refused when a
//! wave is not safe; who may hold the run), apply (store the run, drive it step by
//! step), render (a line per step, JSON Lines with `-o json`, and where every cluster
//! is left).

use std::time::Duration;

use jiff::Timestamp;

use super::plan::{decide, options};
use crate::cli::ReleaseArg;
use crate::cli::{GlobalArgs, MaintenanceResumeArgs, MaintenanceRunArgs, WatchOutput};
use crate::client::ControlPlane;
use crate::cmd::{common, settings, signals};
use crate::engine::decide::maintenance_checks::cordoned_already;
use crate::engine::decide::maintenance_run::{
    claim, new_run, set_phase, Claim, Phase, RunSettings, RunState,
};
use crate::engine::predict::capacity::Ends;
use crate::error::{Error, ExitCode, Result};
use crate::ops::maintenance::{
    self as ops, holder, store, RunContext, RunEvent, Shared, FIRST_LIST,
};
use crate::ops::mirror::Mirror;
use crate::prompt;
use crate::render::{self, maintenance as report};

/// What the run does when a Ctrl-C comes.
const STOP_NOTICE: &str =
    "interrupted: the writes in flight finish, the run stops where it is (`karmadactl maintenance resume` goes on)";

fn seconds(d: Duration) -> u64 {
    d.as_secs()
}

/// The run's settings from the flags.
fn run_settings(args: &MaintenanceRunArgs) -> Result<RunSettings> {
    if args.hook.as_deref().is_some_and(|h| h.trim().is_empty()) {
        return Err(Error::usage("--hook is empty"));
    }
    Ok(RunSettings {
        max_unavailable: args.waves.max_unavailable.max(1),
        max_failures: args.max_failures,
        hook: args.hook.clone(),
        cluster_context: args.cluster_context.clone(),
        hook_timeout_seconds: seconds(args.hook_timeout),
        evacuate_timeout_seconds: seconds(args.timeout),
        stable_for_seconds: seconds(args.stable_for),
        gate_timeout_seconds: seconds(args.gate_timeout),
        soak_seconds: seconds(args.soak),
        purge_mode: args
            .waves
            .purge_mode
            .map(|m| crate::engine::vocabulary::settings::PurgeMode::from(m).to_string()),
        min_available_clusters: args.waves.min_available_clusters,
        max_in_flight: args.max_in_flight,
        eviction_rate: args.eviction_rate,
        unhealthy_cluster_threshold: args.unhealthy_cluster_threshold,
        failback_max_concurrent: args.max_concurrent,
        failback_min_success_seconds: seconds(args.min_success_time),
        failback_progress_deadline_seconds: seconds(args.progress_deadline),
    })
}

/// Run `maintenance run`.
pub async fn run(global: &GlobalArgs, args: &MaintenanceRunArgs) -> Result<ExitCode> {
    // Options.
    let settings_ = run_settings(args)?;
    if args.dry_run == crate::cli::DryRunArg::Server {
        return Err(Error::usage(
            "maintenance run takes --dry-run=client (the plan, nothing written); the server has nothing to validate before the first wave",
        ));
    }

    // Gather and decide: the plan, refused when a wave is not safe.
    let cp = common::connect(global).await?;
    if let Some(old) = store::read(&cp).await? {
        if !old.state.phase.finished() {
            return Err(store::in_progress(&old.state));
        }
    }
    let controller = settings::for_live(&args.release.given(), &cp.context, &cp.server)?.controller;
    // The run's mirror lists every binding and Cluster once; the plan and every step
    // after read it.
    let mut mirror = Mirror::for_run(&cp, None);
    mirror.ready(FIRST_LIST).await?;
    let state = crate::state::live_fleet(&cp, mirror.clusters_now(), mirror.bindings_now()).await?;
    let mut plan_options = options(&state, &args.waves, &controller)?;
    // The run shows the plan as text and reads its verdict.
    plan_options.capacity = Ends::First;
    let cordoned = cordoned_already(&state, &plan_options.clusters);
    if !cordoned.is_empty() {
        return Err(Error::partial(format!(
            "already cordoned: {} (the run uncordons what it maintains: uncordon first, or leave them out); nothing was written",
            cordoned.join(", ")
        )));
    }
    let plan = decide(&state, &plan_options, &controller, Timestamp::now());
    drop(state);
    let text = report::text(&cp.context, &plan, false);
    match args.output {
        WatchOutput::Table => render::write_stdout(&text)?,
        WatchOutput::Json => eprint!("{text}"),
    }
    if !plan.safe() {
        return Err(Error::partial(format!(
            "the plan is refused: {}; nothing was written",
            plan.verdict
        )));
    }
    if args.dry_run == crate::cli::DryRunArg::Client {
        render::write_stdout("\n(dry run: nothing was written)\n")?;
        return Ok(ExitCode::Success);
    }
    let waves: Vec<Vec<String>> = plan.waves.iter().map(|w| w.clusters.clone()).collect();
    let clusters: usize = waves.iter().map(Vec::len).sum();
    let how = match &settings_.hook {
        Some(h) => format!("running `{h}` on each"),
        None => "waiting for `maintenance approve` of each".to_string(),
    };
    prompt::confirm(
        &format!(
            "Take {clusters} cluster(s) out for maintenance in {} wave(s), {how}?",
            waves.len()
        ),
        args.yes,
    )?;

    // Apply: store the run (one per control plane), then drive it.
    let now = Timestamp::now();
    let me = holder::me(now);
    let id = format!("{}-{}", now.strftime("%Y%m%dT%H%M%SZ"), me.host);
    let fresh = new_run(id, waves, settings_, me.clone(), now);
    let stored = store::create(&cp, &fresh).await?;
    let run = (me.id, stored, mirror);
    drive_and_render(global, &cp, args.release, args.output, run).await
}

/// Run `maintenance resume`.
pub async fn resume(global: &GlobalArgs, args: &MaintenanceResumeArgs) -> Result<ExitCode> {
    let cp = common::connect(global).await?;
    let Some(mut stored) = store::read(&cp).await? else {
        return Err(Error::failure(format!(
            "no maintenance run on {}: nothing to resume",
            cp.context
        )));
    };
    let s = &stored.state;
    if let Some(e) = store::ended(s, "resume") {
        return Err(e);
    }
    let now = Timestamp::now();
    let me = holder::me(now);
    match claim(s, (&me.id, &me.host), &holder::alive, now) {
        Claim::Held { holder, expires_in } => {
            return Err(Error::failure(format!(
                "run {} is held by {} (pid {}), renewed at {}: it runs there; it can be taken over when that process ends or in {:#} without renewal",
                s.id,
                holder.host,
                holder.pid,
                holder.renewed_at,
                expires_in.round(jiff::Unit::Second).unwrap_or(expires_in)
            )))
        }
        Claim::Free | Claim::Mine | Claim::Expired | Claim::HolderGone => {}
    }
    let at = s
        .clusters
        .iter()
        .filter(|c| c.wave == s.current_wave())
        .map(|c| format!("{} {}", c.name, c.step.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    prompt::confirm(
        &format!(
            "Resume run {} at wave {} of {} ({at})?",
            s.id,
            s.current_wave(),
            s.wave_count()
        ),
        args.yes,
    )?;
    let max_failures = args.max_failures;
    let mine = me.clone();
    store::update(&cp, &mut stored, |s| {
        // Taken by someone else meanwhile: the resume must not steal it.
        if !claim(s, (&mine.id, &mine.host), &holder::alive, Timestamp::now()).takeable() {
            return Err(Error::failure(
                "another process took the run meanwhile; nothing was changed",
            ));
        }
        let previous = s.holder.take();
        s.holder = Some(mine.clone());
        if let Some(n) = max_failures {
            s.settings.max_failures = n;
        }
        let from = previous
            .map(|h| format!(" (from {} pid {})", h.host, h.pid))
            .unwrap_or_default();
        set_phase(
            s,
            Phase::Running,
            &format!("resumed by {} pid {}{from}", mine.host, mine.pid),
            Timestamp::now(),
        );
        Ok(())
    })
    .await?;
    let mut mirror = Mirror::for_run(&cp, None);
    mirror.ready(FIRST_LIST).await?;
    let run = (me.id, stored, mirror);
    drive_and_render(global, &cp, args.release, args.output, run).await
}

/// Drive the stored run, rendering each step, and end with where every cluster is.
async fn drive_and_render(
    global: &GlobalArgs,
    cp: &ControlPlane,
    release: ReleaseArg,
    output: WatchOutput,
    (me, stored, mirror): (String, store::Stored, Mirror),
) -> Result<ExitCode> {
    let controller = settings::for_live(&release.given(), &cp.context, &cp.server)?.controller;
    let stop = signals::stop_flag(STOP_NOTICE);
    if output == WatchOutput::Table {
        render::write_stdout("\n")?;
    }
    let lines = report::Progress::new(output == WatchOutput::Json);
    let on_event = |e: &RunEvent| lines.event(e);
    let on_hook_line = |cluster: &str, line: &str| lines.hook_line(cluster, line);
    let ctx = RunContext {
        cp,
        controller,
        karmada_context: cp.context.clone(),
        kubeconfig: global.kubeconfig.clone(),
        poll: Duration::from_secs(2),
        stop: &stop,
        on_event: &on_event,
        on_hook_line: &on_hook_line,
        store: Shared::new(cp, me, stored),
        mirror,
    };
    let ended: RunState = ops::drive(&ctx).await?;
    lines.finish();
    if output == WatchOutput::Table {
        render::write_stdout(&report::ended_text(&ended))?;
    }
    Ok(match ended.phase {
        Phase::Succeeded => ExitCode::Success,
        _ => ExitCode::Partial,
    })
}
