//! The work of each step of a maintenance run, on the live control plane: the drain
//! (`ops::drain`, every check of `drain`), the waits (what moved Healthy where it went,
//! the health gate, the soak), the hook or the approval, and the return (`uncordon`,
//! then `ops::failback` with its pacing). Each step ends per cluster ([`Ended`]); a
//! cluster missing from the answer was interrupted (Ctrl-C, an abort) and stays in its
//! step, which a `resume` enters again: every step can be entered twice.

use crate::ops::mirror::View;
use std::collections::BTreeMap;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use tokio::io::{AsyncBufReadExt, BufReader};

use super::context::{Outcome, RunContext};
use crate::client::Targets;
use crate::engine::decide::drain::DrainOptions;
use crate::engine::decide::failback::{span, FailbackMode, FailbackOptions};
use crate::engine::decide::maintenance_checks::{
    gate_refusals, healthy_on, moved_off, not_evacuated, not_healthy_on, summary, turned_unhealthy,
    Unhealthy, Waiting, NAMED, SOAK_UNHEALTHY_FOR,
};
use crate::engine::decide::maintenance_run::{Ended, RunSettings, RunState, Step};
use crate::engine::decide::taint_edit::uncordon_edit;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::error::Result;
use crate::ops::bindings::{BindingScope, Source};
use crate::ops::drain::{self as drain_ops, DrainRequest, Planned};
use crate::ops::failback::{self as failback_ops, FailbackRequest, ReturnEnd, Rollout};
use crate::ops::write::WriteControl;
use crate::ops::DryRun;
use crate::state;

/// How a step ended for the clusters it ended for.
pub type Results = Vec<(String, Ended)>;

fn secs(s: u64) -> SignedDuration {
    SignedDuration::from_secs(i64::try_from(s).unwrap_or(i64::MAX))
}

/// When each of `clusters` entered its step.
fn entered(s: &RunState, clusters: &[String]) -> BTreeMap<String, Timestamp> {
    s.clusters
        .iter()
        .filter(|c| clusters.contains(&c.name))
        .map(|c| (c.name.clone(), c.since))
        .collect()
}

/// Plan the drain of the wave's `clusters` (nothing written).
pub async fn plan_drain(
    ctx: &RunContext<'_>,
    s: &RunState,
    clusters: &[String],
) -> Result<(Planned, DrainRequest)> {
    let settings = &s.settings;
    let purge_mode = settings
        .purge_mode
        .as_deref()
        .and_then(|m| m.parse::<PurgeMode>().ok());
    let mut req = DrainRequest {
        options: DrainOptions {
            purge_mode,
            min_available_clusters: settings.min_available_clusters,
            stateful_failover_injection: ctx.controller.stateful_failover_injection,
            message: format!(
                "evicted by `karmadactl maintenance run` (run {}, wave {})",
                s.id,
                s.current_wave()
            ),
            ..Default::default()
        },
        cordon: true,
        scope: BindingScope::default(),
        unhealthy_threshold: settings.unhealthy_cluster_threshold,
        settings: ctx.controller.clone(),
    };
    let mirror = ctx.fresh().await?;
    let targets = Targets::Names(clusters.to_vec());
    let planned = drain_ops::plan_from(ctx.cp, Source::Mirror(&mirror), &targets, &mut req).await?;
    Ok((planned, req))
}

/// Cordon and evict as `planned` says, recording an Event per binding written.
pub async fn write_drain(
    ctx: &RunContext<'_>,
    s: &RunState,
    mut planned: Planned,
    req: &DrainRequest,
    clusters: &[String],
) -> Results {
    let fail_all = |why: String| {
        clusters
            .iter()
            .map(|c| (c.clone(), Ended::Failed(why.clone())))
            .collect()
    };
    let cordoned = drain_ops::cordon(ctx.cp, &planned, DryRun::None).await;
    let refused: Vec<String> = cordoned
        .into_iter()
        .filter_map(|o| o.result.err().map(|e| format!("{}: {e}", o.name)))
        .collect();
    if !refused.is_empty() {
        return fail_all(format!(
            "cannot cordon ({}); nothing was evicted",
            refused.join("; ")
        ));
    }
    let to_write = planned
        .bindings
        .iter()
        .filter(|b| b.plan.evicted().next().is_some())
        .count();
    let control = WriteControl {
        max_in_flight: s.settings.max_in_flight,
        rate: s.settings.eviction_rate,
        stop: Some(ctx.stop),
        server_dry_run: false,
    };
    let written = drain_ops::evict(ctx.cp, &mut planned, &req.options, control, &|_| {}).await;
    ctx.mirror.expect(
        written
            .iter()
            .filter_map(|w| Some((w.binding.clone(), w.resource_version.clone()?))),
    );
    let events = drain_ops::drained_events(&planned, &written, &req.options.message);
    let _ = crate::ops::events::record_all(ctx.cp, events, 8).await;
    let failed: Vec<Waiting> = written
        .iter()
        .filter_map(|w| w.error.clone().map(|e| (w.binding.clone(), e)))
        .collect();
    if ctx.stopped() && !failed.is_empty() {
        return Vec::new();
    }
    if !failed.is_empty() {
        return fail_all(format!("evictions failed: {}", summary(&failed, NAMED)));
    }
    let done = format!(
        "cordoned; {} of {to_write} binding(s) evicted",
        written.iter().filter(|w| w.written).count()
    );
    clusters
        .iter()
        .map(|c| (c.clone(), Ended::Done(done.clone())))
        .collect()
}

/// How one cluster stands at one read of a wait.
enum Check {
    Done(String),
    /// Still waiting, and for what.
    Waiting(String),
}

/// Wait until `check` says each of `clusters` is done, looking at the run's mirror at
/// every change; a cluster still waiting `timeout` after it
/// entered the step fails, `late` saying why from what it waits for.
async fn wait_each(
    ctx: &RunContext<'_>,
    s: &RunState,
    clusters: &[String],
    (step, timeout): (Step, SignedDuration),
    check: impl Fn(&View<'_>, &str, Timestamp) -> Check,
    late: impl Fn(&str) -> String,
) -> Result<Results> {
    let since = entered(s, clusters);
    let mut left: Vec<String> = clusters.to_vec();
    let mut out = Vec::new();
    let mut said = String::new();
    let mut mirror = ctx.fresh().await?;
    loop {
        let now = Timestamp::now();
        let mut lines = Vec::new();
        mirror.view(|v| {
            left.retain(|c| match check(&v, c, now) {
                Check::Done(m) => {
                    out.push((c.clone(), Ended::Done(m)));
                    false
                }
                Check::Waiting(why) if now >= since[c] + timeout => {
                    out.push((c.clone(), Ended::Failed(late(&why))));
                    false
                }
                Check::Waiting(why) => {
                    lines.push(format!("{c}: {why}"));
                    true
                }
            })
        });
        if left.is_empty() {
            return Ok(out);
        }
        ctx.say_if_changed(&mut said, &lines.join("; "), step);
        if !ctx.next_change(&mut mirror).await {
            return Ok(out);
        }
    }
}

/// Wait until what the drain moved off each of `clusters` is Healthy where it went and
/// its old copy is gone, or until `--timeout` after the cluster entered the step.
pub async fn evacuate(ctx: &RunContext<'_>, s: &RunState, clusters: &[String]) -> Result<Results> {
    let timeout = secs(s.settings.evacuate_timeout_seconds);
    let check = |v: &View<'_>, c: &str, _| {
        let one = [c.to_string()];
        let waiting = not_evacuated(v.bindings.values(), &one);
        if waiting.is_empty() {
            let moved = v.bindings.values().filter(|b| moved_off(b, &one)).count();
            Check::Done(format!(
                "{moved} binding(s) moved off, Healthy where they went"
            ))
        } else {
            Check::Waiting(format!(
                "not yet Healthy where they went {}",
                summary(&waiting, NAMED)
            ))
        }
    };
    let late = |why: &str| format!("after {}, {why}", span(timeout));
    wait_each(ctx, s, clusters, (Step::Evacuating, timeout), check, late).await
}

/// Run the hook for `cluster`: `sh -c HOOK` with the cluster's name and contexts in its
/// environment, its output passed on line by line, killed at `--hook-timeout`.
pub async fn hook(ctx: &RunContext<'_>, s: &RunState, hook: &str, cluster: &str) -> Option<Ended> {
    let settings = &s.settings;
    let mut child = match hook_command(ctx, s, hook, cluster).spawn() {
        Ok(c) => c,
        Err(e) => return Some(Ended::Failed(format!("the hook could not start: {e}"))),
    };
    let last = std::sync::Mutex::new(String::new());
    let pass = |stream: Option<Box<dyn tokio::io::AsyncRead + Unpin + Send>>| {
        let last = &last;
        async move {
            let Some(stream) = stream else { return };
            let mut lines = BufReader::new(stream).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                (ctx.on_hook_line)(cluster, &line);
                *last.lock().unwrap() = line;
            }
        }
    };
    let stdout = child
        .stdout
        .take()
        .map(|s| Box::new(s) as Box<dyn tokio::io::AsyncRead + Unpin + Send>);
    let stderr = child
        .stderr
        .take()
        .map(|s| Box::new(s) as Box<dyn tokio::io::AsyncRead + Unpin + Send>);
    let timeout = Duration::from_secs(settings.hook_timeout_seconds);
    // Its output is read while it runs; once it exits, what is left in the pipes gets a
    // second (a child it left in the background may hold them open).
    let pumping = futures::future::join(pass(stdout), pass(stderr));
    tokio::pin!(pumping);
    let waited = tokio::time::timeout(timeout, async {
        let mut pumped = false;
        let status = loop {
            tokio::select! {
                _ = &mut pumping, if !pumped => pumped = true,
                status = child.wait() => break status,
            }
        };
        if !pumped {
            let _ = tokio::time::timeout(Duration::from_secs(1), &mut pumping).await;
        }
        status
    })
    .await;
    if waited.is_err() {
        let _ = child.start_kill();
    }
    let last = last.lock().map(|l| l.clone()).unwrap_or_default();
    hook_ended(ctx, s, waited.ok(), &last)
}

/// `sh -c HOOK` with the run's environment, output piped, killed when dropped.
fn hook_command(
    ctx: &RunContext<'_>,
    s: &RunState,
    hook: &str,
    cluster: &str,
) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new("sh");
    cmd.arg("-c")
        .arg(hook)
        .env("KARMADACTL_CLUSTER", cluster)
        .env(
            "KARMADACTL_CLUSTER_CONTEXT",
            s.settings.cluster_context.replace("{cluster}", cluster),
        )
        .env("KARMADACTL_KARMADA_CONTEXT", &ctx.karmada_context)
        .env("KARMADACTL_RUN", &s.id)
        .env("KARMADACTL_WAVE", s.current_wave().to_string())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    if let Some(kc) = &ctx.kubeconfig {
        cmd.env("KUBECONFIG", kc);
    }
    cmd
}

/// How a hook ended: `waited` is `None` when it outlived `--hook-timeout` (and was
/// killed); `last` its last line of output. `None`: the run was stopped while it ran.
fn hook_ended(
    ctx: &RunContext<'_>,
    s: &RunState,
    waited: Option<std::io::Result<std::process::ExitStatus>>,
    last: &str,
) -> Option<Ended> {
    let tail = if last.is_empty() {
        String::new()
    } else {
        format!(": {last}")
    };
    match waited {
        None => Some(Ended::Failed(format!(
            "the hook did not end within {}; it was killed{tail}",
            span(secs(s.settings.hook_timeout_seconds))
        ))),
        Some(Err(e)) => Some(Ended::Failed(format!(
            "the hook could not be waited for: {e}"
        ))),
        Some(Ok(status)) if status.success() => {
            Some(Ended::Done("the hook ended well (exit 0)".into()))
        }
        // Stopped while it ran: the hook most likely got the same signal.
        Some(Ok(_)) if ctx.stopped() => None,
        Some(Ok(status)) => Some(Ended::Failed(match status.code() {
            Some(code) => format!("the hook exited with {code}{tail}"),
            None => format!("the hook was ended by a signal{tail}"),
        })),
    }
}

/// Wait until `maintenance approve CLUSTER` is recorded (`None`: interrupted first).
pub async fn approval(ctx: &RunContext<'_>, cluster: &str) -> Option<Ended> {
    ctx.emit(
        Some(cluster),
        Step::Maintaining.as_str(),
        Outcome::Waiting,
        &format!("waiting for `karmadactl maintenance approve {cluster}`"),
    );
    loop {
        let s = ctx.store.state().await;
        if s.clusters.iter().any(|c| c.name == cluster && c.approved) {
            return Some(Ended::Done("approved: the maintenance is done".into()));
        }
        if !ctx.pause(Duration::ZERO).await {
            return None;
        }
    }
}

/// Wait until each of `clusters` passes the health gate, or `--gate-timeout` after it
/// entered the step.
pub async fn gate(ctx: &RunContext<'_>, s: &RunState, clusters: &[String]) -> Result<Results> {
    let stable_for = secs(s.settings.stable_for_seconds);
    let timeout = secs(s.settings.gate_timeout_seconds);
    let check = |v: &View<'_>, name: &str, now| {
        let why = match v.clusters.get(name) {
            Some(c) => gate_refusals(c, stable_for, now),
            None => vec![format!("{name} is no longer registered")],
        };
        if why.is_empty() {
            Check::Done("through the health gate".into())
        } else {
            Check::Waiting(why.join("; "))
        }
    };
    let late = |why: &str| {
        format!(
            "the health gate did not pass within {}: {why}",
            span(timeout)
        )
    };
    wait_each(ctx, s, clusters, (Step::Gating, timeout), check, late).await
}

/// Uncordon `clusters`, then return what left them (`failback`, restore mode, with the
/// run's pacing), each return watched until Healthy there.
pub async fn give_back(ctx: &RunContext<'_>, s: &RunState, clusters: &[String]) -> Result<Results> {
    let fail_all = |why: String| {
        clusters
            .iter()
            .map(|c| (c.clone(), Ended::Failed(why.clone())))
            .collect()
    };
    if let Some(refused) = uncordon(ctx, clusters).await? {
        return Ok(fail_all(format!("cannot uncordon: {refused}")));
    }
    let (req, mut planned) = match plan_return(ctx, s, clusters).await? {
        Ok(p) => p,
        Err(why) => return Ok(fail_all(why)),
    };
    let stays: Vec<Waiting> = planned
        .bindings
        .iter()
        .filter(|b| b.plan.decision.blocked())
        .map(|b| (b.plan.binding.clone(), b.plan.reason.message.clone()))
        .collect();
    let already = planned
        .bindings
        .iter()
        .filter(|b| !b.plan.decision.writes() && !b.plan.decision.blocked())
        .count();
    let settings: &RunSettings = &s.settings;
    let rollout = Rollout {
        max_concurrent: settings.failback_max_concurrent,
        min_success: Duration::from_secs(settings.failback_min_success_seconds),
        progress_deadline: Duration::from_secs(settings.failback_progress_deadline_seconds),
        max_failures: 1,
        poll: Duration::from_secs(1),
        server_dry_run: false,
    };
    let returned = failback_ops::roll_out(
        ctx.cp,
        &mut planned,
        &req.options,
        rollout,
        ctx.stop,
        &|_| {},
        Source::Mirror(&ctx.mirror),
    )
    .await;
    // Each return's Events were recorded as its write was accepted (a run killed while
    // it follows the returns keeps them).
    if ctx.stopped() {
        return Ok(Vec::new());
    }
    let mut failed = failed_returns(&returned, clusters);
    let deadline = Timestamp::now() + secs(settings.failback_progress_deadline_seconds);
    if !wait_placed_healthy(ctx, clusters, &mut failed, deadline).await? {
        return Ok(Vec::new());
    }
    let back = returned
        .iter()
        .filter(|r| r.end == ReturnEnd::Succeeded)
        .count();
    Ok(returned_results(clusters, &failed, back, already, &stays))
}

/// Take the cordon off `clusters`; the refusals, if any.
async fn uncordon(ctx: &RunContext<'_>, clusters: &[String]) -> Result<Option<String>> {
    let all = state::load_clusters(ctx.cp).await?;
    let targets = crate::client::select_clusters(&all, &Targets::Names(clusters.to_vec()))?;
    let now = Timestamp::now();
    let edit = |c: &crate::api::Cluster, now| uncordon_edit(c.taints(), now);
    let plans = match crate::ops::taints::plan(targets, &edit, now) {
        Ok(p) => p,
        Err(refused) => return Ok(Some(refused.join("; "))),
    };
    let refused: Vec<String> =
        crate::ops::taints::apply(ctx.cp, plans, &edit, DryRun::None, now, None, &|| {})
            .await
            .into_iter()
            .filter_map(|o| o.result.err().map(|e| format!("{}: {e}", o.name)))
            .collect();
    Ok((!refused.is_empty()).then(|| refused.join("; ")))
}

/// The failback (restore mode) of what left `clusters`, or why its health gate refuses.
async fn plan_return(
    ctx: &RunContext<'_>,
    s: &RunState,
    clusters: &[String],
) -> Result<std::result::Result<(FailbackRequest, failback_ops::Planned), String>> {
    let mut req = FailbackRequest {
        options: FailbackOptions {
            mode: FailbackMode::Restore,
            karmada_version: ctx.controller.karmada_version,
            message: format!(
                "returned by `karmadactl maintenance run` (run {}, wave {})",
                s.id,
                s.current_wave()
            ),
            ..Default::default()
        },
        scope: BindingScope::default(),
        stable_for: secs(s.settings.stable_for_seconds),
        settings: ctx.controller.clone(),
    };
    let mirror = ctx.fresh().await?;
    let planned = failback_ops::plan_from(
        ctx.cp,
        Source::Mirror(&mirror),
        &Targets::Names(clusters.to_vec()),
        &mut req,
        Timestamp::now(),
    )
    .await?;
    if let Some(g) = planned.gate.first() {
        let why: Vec<&str> = g.reasons.iter().map(|r| r.message.as_str()).collect();
        return Ok(Err(format!(
            "uncordoned; the failback's health gate refuses: {}",
            why.join("; ")
        )));
    }
    Ok(Ok((req, planned)))
}

/// The returns that did not succeed, by cluster.
fn failed_returns(
    returned: &[failback_ops::ReturnedBinding],
    clusters: &[String],
) -> BTreeMap<String, Vec<Waiting>> {
    let mut failed: BTreeMap<String, Vec<Waiting>> = BTreeMap::new();
    for r in returned
        .iter()
        .filter(|r| !matches!(r.end, ReturnEnd::Succeeded | ReturnEnd::Skipped))
    {
        let on = r
            .plan
            .as_ref()
            .map(|p| p.clusters.clone())
            .unwrap_or_else(|| clusters.to_vec());
        for c in on {
            let end: &str = r.end.into();
            failed.entry(c).or_default().push((
                r.binding.clone(),
                r.error.clone().unwrap_or_else(|| end.to_string()),
            ));
        }
    }
    failed
}

/// Wait until everything placed on `clusters` (also what the scheduler put back by
/// itself) is Healthy there; a cluster still waiting at `deadline` joins `failed`.
/// `false` when the run was stopped meanwhile.
async fn wait_placed_healthy(
    ctx: &RunContext<'_>,
    clusters: &[String],
    failed: &mut BTreeMap<String, Vec<Waiting>>,
    deadline: Timestamp,
) -> Result<bool> {
    let mut said = String::new();
    let mut mirror = ctx.fresh().await?;
    loop {
        let mut late = false;
        for c in clusters {
            if failed.contains_key(c) {
                continue;
            }
            let waiting =
                mirror.view(|v| not_healthy_on(v.bindings.values(), std::slice::from_ref(c)));
            if waiting.is_empty() {
                continue;
            }
            if Timestamp::now() >= deadline {
                failed.insert(c.clone(), waiting);
            } else {
                late = true;
                let line = format!("{c}: waiting for {}", summary(&waiting, NAMED));
                ctx.say_if_changed(&mut said, &line, Step::Returning);
            }
        }
        if !late {
            return Ok(true);
        }
        if !ctx.next_change(&mut mirror).await {
            return Ok(false);
        }
    }
}

/// How the returning step ended for each cluster.
fn returned_results(
    clusters: &[String],
    failed: &BTreeMap<String, Vec<Waiting>>,
    back: usize,
    already: usize,
    stays: &[Waiting],
) -> Results {
    let mut tail = String::new();
    if already > 0 {
        tail += &format!("; {already} already back");
    }
    if !stays.is_empty() {
        tail += &format!("; staying where they are {}", summary(stays, NAMED));
    }
    clusters
        .iter()
        .map(|c| match failed.get(c) {
            Some(f) => (
                c.clone(),
                Ended::Failed(format!("uncordoned; returns failed {}", summary(f, NAMED))),
            ),
            None => (
                c.clone(),
                Ended::Done(format!(
                    "uncordoned; {back} binding(s) returned, Healthy{tail}"
                )),
            ),
        })
        .collect()
}

/// Watch that nothing placed on `clusters` turns Unhealthy there until `until`.
pub async fn soak(
    ctx: &RunContext<'_>,
    s: &RunState,
    clusters: &[String],
    until: Timestamp,
) -> Result<Results> {
    let mut left: Vec<String> = clusters.to_vec();
    let mut out = Vec::new();
    let soak = secs(s.settings.soak_seconds);
    // What was Healthy on the clusters at some read of this soak, with its replicas
    // there: only those fail it by turning Unhealthy ([`turned_unhealthy`]), and only
    // once they have stayed so for [`SOAK_UNHEALTHY_FOR`] (each cluster's count).
    let mut seen = std::collections::BTreeSet::new();
    let mut unhealthy: BTreeMap<String, Unhealthy> = BTreeMap::new();
    let mut mirror = ctx.fresh().await?;
    loop {
        let now = Timestamp::now();
        mirror.view(|v| seen.extend(healthy_on(v.bindings.values(), &left)));
        left.retain(|c| {
            let turned = mirror
                .view(|v| turned_unhealthy(v.bindings.values(), std::slice::from_ref(c), &seen));
            let count = unhealthy.entry(c.clone()).or_default();
            let lasting = count.note(turned, now);
            let ended = if !lasting.is_empty() {
                Ended::Failed(format!(
                    "during the soak, Unhealthy for {} {}",
                    span(SOAK_UNHEALTHY_FOR),
                    summary(&lasting, NAMED)
                ))
            } else if now >= until && count.is_empty() {
                Ended::Done(format!(
                    "everything on it stayed Healthy for {}",
                    span(soak)
                ))
            } else {
                // Soaking, or past its end with a binding Unhealthy for less than
                // the count: it stays until that one is Healthy again or fails.
                return true;
            };
            out.push((c.clone(), ended));
            unhealthy.remove(c);
            false
        });
        if left.is_empty() {
            return Ok(out);
        }
        // Wake for the soak's end or the first count to run out, and at each change.
        let next = unhealthy
            .values()
            .filter_map(Unhealthy::deadline)
            .chain((now < until).then_some(until))
            .min();
        let to_next = next
            .and_then(|t| Duration::try_from(t.duration_since(now)).ok())
            .unwrap_or(ctx.poll);
        let wait = ctx.poll.min(to_next).max(Duration::from_millis(100));
        if !ctx.next_change_within(&mut mirror, wait).await {
            return Ok(out);
        }
    }
}
