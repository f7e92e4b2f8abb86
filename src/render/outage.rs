//! The report of `dry-run --outage`: the timeline from the failure first (when `Ready`
//! changes, each taint and who adds it), then every binding's eviction as an interval,
//! where it goes and when its old copy is removed, then the way back.

use colored::Colorize;
use jiff::Timestamp;

use super::dry_run::{queue_line, DryRunReport};
use super::time::{clock, instant, offset};
use crate::engine::karmada::cluster_health::{FailureMode, Happens, Interval};
use crate::engine::predict::outage::{BindingTimeline, ClusterTimeline, OutageResult, TaintEvent};
use crate::engine::predict::simulate::{Simulation, Verdict};
use crate::engine::vocabulary::settings::{HealthSettings, Setting};

fn span(i: Interval, from: Timestamp) -> String {
    format!(
        "{} .. {} ({} .. {})",
        clock(i.earliest, from),
        clock(i.latest, from),
        offset(i.earliest, from),
        offset(i.latest, from)
    )
}

fn mode_text(m: FailureMode) -> &'static str {
    match m {
        FailureMode::Refused => "refused: its API server refuses connections",
        FailureMode::Frozen => "frozen: it never answers",
        FailureMode::AgentDown => "agent down: its karmada-agent (or the agent's link) is down",
    }
}

fn taint_line(verb: &str, t: &TaintEvent, from: Timestamp) -> String {
    format!("    {}  {verb} {} ({})\n", span(t.at, from), t.taint, t.by)
}

/// The report for people.
pub fn text(doc: &DryRunReport, result: &OutageResult, wide: bool) -> String {
    let sim = doc.simulation;
    let mut out = String::new();
    let Some(outage) = &doc.outage else {
        return out;
    };
    let from = result
        .clusters
        .first()
        .map(|c| c.failed_at)
        .unwrap_or(sim.now);
    for c in &result.clusters {
        out += &format!(
            "Outage:   {} stops answering at {} ({}); {} cluster\n",
            c.cluster,
            instant(c.failed_at),
            mode_text(c.mode),
            c.sync_mode
        );
    }
    out += &format!("Source:   {}\n", doc.source.description);
    out += &settings_text(doc, outage.health);
    out += &timeline_text(result, from, wide);
    if !result.bindings.is_empty() {
        out += &bindings_text(sim, result, from, wide);
    }
    out += &recovery_text(result, from);
    out += "\nSummary:\n";
    out += &super::dry_run::summary_head(&sim.summary, "the failing");
    let dips = result.bindings.iter().filter(|b| b.capacity_dip).count();
    if dips > 0 {
        out += &format!("  capacity dips: {dips}\n");
    }
    out
}

/// The settings assumed, the health flags among them, and where each came from.
fn settings_text(doc: &DryRunReport, h: &HealthSettings) -> String {
    let sim = doc.simulation;
    let mut out = String::new();
    let s = &sim.assumed;
    let src = |k: Setting| doc.settings_source.of(k).as_str();
    out += &format!(
        "Assumed:  Failover={} ({}), enable-no-execute-taint-eviction={} ({}), purge mode {} ({}), graceful eviction timeout {}s ({})\n",
        s.failover_feature_gate,
        src(Setting::FeatureGates),
        s.enable_no_execute_taint_eviction,
        src(Setting::EnableNoExecuteTaintEviction),
        s.no_execute_taint_eviction_purge_mode,
        src(Setting::NoExecuteTaintEvictionPurgeMode),
        s.graceful_eviction_timeout_seconds,
        src(Setting::GracefulEvictionTimeout),
    );
    out += &format!(
        "Karmada:  {}\n",
        super::karmada_line(s, doc.settings_source.of(Setting::KarmadaVersion))
    );
    out += &format!(
        "Health:   probes every {}s ({}), Ready False after {}s of failures ({}), True after {}s of successes ({}), a probe of a silent member times out after 32s; Pull: lease {}s x {}, monitor every {}s, grace {}s\n",
        h.status_update_frequency.as_secs(),
        src(Setting::ClusterStatusUpdateFrequency),
        h.failure_threshold.as_secs(),
        src(Setting::ClusterFailureThreshold),
        h.success_threshold.as_secs(),
        src(Setting::ClusterSuccessThreshold),
        h.lease_duration.as_secs(),
        h.lease_renew_interval_fraction,
        h.monitor_period.as_secs(),
        h.monitor_grace_period.as_secs(),
    );
    if let Some(r) = doc.settings_remembered {
        out += &format!("Remembered: {}\n", super::remembered_line(r));
    }
    out += &format!(
        "Queue:    {}\n",
        queue_line(&sim.queue_settings, sim.assumed.karmada_version)
    );

    out
}

/// One row per binding evicted from a failing cluster: when, where to, when its old copy
/// goes; capacity dips, and (wide) each rule's message.
fn bindings_text(sim: &Simulation, result: &OutageResult, from: Timestamp, wide: bool) -> String {
    let mut out = String::from("\n");
    let mut table = super::table([
        "BINDING",
        "CLUSTER",
        "EVICTED",
        "PURGE",
        "NEW PLACEMENT",
        "OLD COPY GOES",
        "RULE",
    ]);
    for b in &result.bindings {
        let placement = sim
            .predictions
            .iter()
            .find(|p| p.binding == b.binding)
            .and_then(|p| p.clusters.as_ref())
            .map(|c| {
                c.iter()
                    .map(|(n, r)| format!("{n}={r}"))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .unwrap_or_default();
        let evicted = match (b.evicted, b.verdict) {
            (Some(e), _) => span(e, from),
            (None, v) => v.as_str().to_string(),
        };
        let old = match (b.old_copy_removed, b.capacity_dip) {
            (Some(i), true) => format!("{} (capacity dip)", span(i, from)),
            (Some(i), false) => span(i, from),
            (None, _) if b.evicted.is_some() => "stays (purge mode Never)".into(),
            (None, _) => String::new(),
        };
        let moving = matches!(b.verdict, Verdict::Evict | Verdict::EvictLater);
        table.add_row([
            b.binding.clone(),
            b.cluster.clone(),
            evicted,
            b.purge_mode.map(|m| m.to_string()).unwrap_or_default(),
            if moving { placement } else { String::new() },
            old,
            b.rule.code.to_string(),
        ]);
    }
    out += &table.trim_fmt();
    out += "\n";
    for b in result.bindings.iter().filter(|b| b.capacity_dip) {
        out += &format!(
            "  {} {} on {}: {}\n",
            "capacity dip:".yellow().bold(),
            b.binding,
            b.cluster,
            b.old_copy
                .as_ref()
                .map(|r| r.message.as_str())
                .unwrap_or_default()
        );
    }
    if wide {
        for b in &result.bindings {
            out += &format!("  {} on {}: {}\n", b.binding, b.cluster, b.rule.message);
            if let Some(o) = &b.old_copy {
                out += &format!("    old copy: {}\n", o.message);
            }
        }
    }
    out
}

/// The timeline of each failing cluster: when `Ready` changes, each taint and who adds
/// it, or why no eviction comes.
pub fn timeline_text(result: &OutageResult, from: Timestamp, wide: bool) -> String {
    let mut out = String::new();
    out += "\nTimeline from the failure (each moment an interval: earliest .. latest):\n";
    for c in &result.clusters {
        out += &format!("  {}\n", c.cluster.bold());
        match &c.ready {
            Happens::No(why) => {
                out += &format!("    Ready stays True: {}\n", why.message);
                out += "    nothing is predicted after it\n";
                continue;
            }
            Happens::Yes(r) | Happens::Maybe(r) => {
                let maybe = matches!(c.ready, Happens::Maybe(_));
                out += &format!(
                    "    {}  Ready={} ({}){}\n",
                    span(r.at, from),
                    r.status,
                    r.reason,
                    if maybe {
                        " — only if the probes fell so: the member is back inside this window"
                    } else {
                        ""
                    }
                );
                if wide {
                    out += &format!("        {}\n", r.rule.message);
                }
            }
        }
        for t in &c.taints {
            out += &taint_line("gets", t, from);
        }
        if let Some(why) = &c.no_noexecute {
            out += &format!("    {} {}\n", "no eviction:".yellow().bold(), why.message);
        }
    }
    out
}

/// The way back of each cluster that answers again.
pub fn recovery_text(result: &OutageResult, from: Timestamp) -> String {
    let mut out = String::new();
    for c in &result.clusters {
        let Some(r) = &c.recovery else {
            continue;
        };
        out += &format!(
            "\nRecovery: {} answers again at {} ({})\n",
            c.cluster,
            instant(r.back_at),
            offset(r.back_at, from)
        );
        match &r.ready {
            None => out += "    Ready never changed: nothing to undo\n",
            Some(ready) => {
                out += &format!(
                    "    {}  Ready={} ({})\n",
                    span(ready.at, from),
                    ready.status,
                    ready.reason
                );
                for t in &r.removed {
                    out += &taint_line("loses", t, from);
                }
                for t in &r.stays {
                    out += &format!(
                        "    {t} stays: no ClusterTaintPolicy removes it when Ready is True\n"
                    );
                }
            }
        }
        if !r.evicted_bindings.is_empty() {
            out += &format!(
                "    {} binding(s) evicted from {} stay where they went: Karmada does not move replicas back\n",
                r.evicted_bindings.len(),
                c.cluster
            );
            if let Some(f) = r.failback_from {
                out += &format!(
                    "    `karmadactl failback {}` returns them once it has been Ready for 10m (--stable-for): from {}\n",
                    c.cluster,
                    span(f, from)
                );
            }
        }
    }
    out
}

/// `policy explain --outage`: one binding in one cluster's outage.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingOutageDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub source: &'a str,
    pub binding: &'a str,
    /// The health settings assumed.
    pub health: &'a HealthSettings,
    /// The failing cluster's timeline.
    pub cluster: &'a ClusterTimeline,
    /// The binding's eviction from it (none when nothing is evicted).
    pub evictions: &'a [BindingTimeline],
    /// Where its replicas are predicted to be after the eviction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<Vec<(String, i32)>>,
}

/// The report for people of `policy explain --outage`.
pub fn binding_text(doc: &BindingOutageDocument, result: &OutageResult, wide: bool) -> String {
    let c = doc.cluster;
    let from = c.failed_at;
    let mut out = format!(
        "Outage:   {} stops answering at {} ({}); {} cluster\nBinding:  {}\nSource:   {}\n",
        c.cluster,
        instant(c.failed_at),
        mode_text(c.mode),
        c.sync_mode,
        doc.binding,
        doc.source
    );
    out += &timeline_text(result, from, wide);
    out += &format!("\n{} on {}:\n", doc.binding, c.cluster);
    match doc.evictions.first() {
        None => out += "  nothing is evicted: the timeline stops before any NoExecute taint\n",
        Some(b) => {
            match b.evicted {
                Some(e) => out += &format!("  evicted   {}\n", span(e, from)),
                None => out += &format!("  stays     {}\n", b.verdict.as_str()),
            }
            out += &format!("  rule      {}: {}\n", b.rule.code, b.rule.message);
            if let Some(p) = &doc.placement {
                let to: Vec<String> = p.iter().map(|(n, r)| format!("{n}={r}")).collect();
                out += &format!("  goes to   {}\n", to.join(","));
            }
            if let (Some(o), Some(why)) = (b.old_copy_removed, &b.old_copy) {
                let dip = if b.capacity_dip {
                    " (capacity dip)"
                } else {
                    ""
                };
                out += &format!("  old copy  {}{dip}: {}\n", span(o, from), why.message);
            } else if let Some(why) = &b.old_copy {
                out += &format!("  old copy  stays: {}\n", why.message);
            }
        }
    }
    out += &recovery_text(result, from);
    out
}
