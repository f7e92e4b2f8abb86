//! The `dry-run` report: scenario, assumptions, one row per binding and faulty cluster,
//! the summary and the eviction-queue timeline.

use std::collections::BTreeMap;

use colored::Colorize;
use jiff::Timestamp;
use serde::Serialize;

use super::time::{clock, instant, offset};
use crate::api::taint::describe_taint;
use crate::api::Taint;
use crate::engine::karmada::eviction_queue::{REQUEUE_TOLERATED, UNPACED_EVICTION};
use crate::engine::predict::release_compare::{PairView, ReleaseComparison};
use crate::engine::predict::simulate::{BindingPrediction, Simulation, Verdict};
use crate::engine::vocabulary::settings::{Provenance, RememberedFrom, Setting};
use crate::engine::vocabulary::settings::{QueueModel, QueueSettings};
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::fleet::SourceInfo;

/// The structured result (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DryRunReport<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub source: &'a SourceInfo,
    pub scenario: ScenarioView,
    pub settings_source: &'a Provenance,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings_remembered: Option<&'a RememberedFrom>,
    /// The outage scenario's timeline (`--outage`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outage: Option<OutageView<'a>>,
    /// The same scenario under another release (`--compare-version`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparison: Option<&'a ReleaseComparison>,
    #[serde(flatten)]
    pub simulation: &'a Simulation,
}

/// The timeline of an outage scenario.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutageView<'a> {
    /// The health settings it assumed.
    pub health: &'a crate::engine::vocabulary::settings::HealthSettings,
    pub clusters: &'a [crate::engine::predict::outage::ClusterTimeline],
    pub bindings: &'a [crate::engine::predict::outage::BindingTimeline],
}

/// The scenario as printed.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioView {
    pub targets: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taint: Option<Taint>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recover_at: Option<Timestamp>,
}

fn placement_text(p: Option<&BindingPrediction>) -> String {
    match p {
        None => String::new(),
        Some(BindingPrediction {
            clusters: Some(c), ..
        }) if c.is_empty() => "<none>".into(),
        Some(BindingPrediction {
            clusters: Some(c), ..
        }) => {
            let show = |(name, replicas): (&str, i32)| {
                if replicas == 0 {
                    name.to_string()
                } else {
                    format!("{name}={replicas}")
                }
            };
            c.iter().map(show).collect::<Vec<_>>().join(",")
        }
        Some(BindingPrediction { error: Some(e), .. }) => format!("none: {}", e.code),
        Some(_) => String::new(),
    }
}

fn paint(verdict: Verdict) -> String {
    let text = verdict.as_str();
    match verdict {
        Verdict::Evict => text.red().bold().to_string(),
        Verdict::EvictLater => text.yellow().to_string(),
        Verdict::Tolerated => text.green().to_string(),
        Verdict::NotMigratedGateOff | Verdict::Halted => text.magenta().to_string(),
        Verdict::Abandoned => text.red().to_string(),
        Verdict::Recovered => text.green().to_string(),
        Verdict::Retrying | Verdict::Held => text.magenta().to_string(),
    }
}

/// The human report: scenario, assumptions, one row per binding and faulty cluster,
/// summary and the queue timeline.
pub fn render_text(report: &DryRunReport, wide: bool) -> String {
    let sim = report.simulation;
    let mut out = header_text(report);
    if sim.outcomes.is_empty() {
        out += "No binding is placed on a faulty cluster: nothing would move.\n";
        return out;
    }
    out += &outcomes_table(sim, wide);
    if sim.outcomes.iter().any(|o| o.at_between.is_some()) {
        out += "\n\nAT as a span: upstream lists a cluster's bindings in map order, so bindings listed together leave in any order; each leaves within its span (JSON atBetween; `at` is one such order).";
    }
    out += &state_lines(
        sim,
        report.settings_source.of(Setting::FeatureGates).as_str(),
    );
    out += &summary_text(sim);
    out += &timeline(sim);
    if let Some(c) = report.comparison {
        out += &comparison_text(c, sim.assumed.karmada_version, sim.now);
    }
    out
}

/// The scenario, its source, the settings assumed (and where each came from), the
/// faulty clusters and the proposal's effects.
fn header_text(report: &DryRunReport) -> String {
    let sim = report.simulation;
    let (now, until) = (sim.now, sim.until);
    let mut out = String::new();
    let what = match (&report.scenario.taint, report.scenario.targets.is_empty()) {
        (Some(t), false) => format!(
            "{} get{} {} at {}",
            report.scenario.targets.join(", "),
            if report.scenario.targets.len() == 1 {
                "s"
            } else {
                ""
            },
            describe_taint(t),
            instant(now)
        ),
        _ => format!("the taints clusters carry at {}", instant(now)),
    };
    out += &format!(
        "Scenario: {what}; looking at {} ({}).\n",
        instant(until),
        offset(until, now)
    );
    out += &format!("Source:   {}\n", report.source.description);
    let s = &sim.assumed;
    let src = |k: Setting| report.settings_source.of(k).as_str();
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
        super::karmada_line(s, report.settings_source.of(Setting::KarmadaVersion))
    );
    if s.scheduler_estimator {
        out += &format!(
            "Estimator: each member's karmada-scheduler-estimator as well as the general one ({}): room counted node by node from the members' Nodes and Pods\n",
            src(Setting::EnableSchedulerEstimator)
        );
    }
    if let Some(r) = report.settings_remembered {
        out += &format!("Remembered: {}\n", super::remembered_line(r));
    }
    out += &format!(
        "Queue:    {}\n",
        queue_line(&sim.queue_settings, sim.assumed.karmada_version)
    );
    out += &format!(
        "Faulty:   {} of {} clusters ({})\n\n",
        sim.faulty_clusters.len(),
        sim.total_clusters,
        if sim.faulty_clusters.is_empty() {
            "none".to_string()
        } else {
            sim.faulty_clusters.join(", ")
        }
    );

    if !sim.proposal_effects.is_empty() {
        out = out.trim_end().to_string() + "\n";
        out += &format!(
            "Proposal: PreferNoExecute on {} is the failover proposal's effect ({PROPOSAL_LABEL}); simulated as the proposal describes\n\n",
            sim.proposal_effects.join(", ")
        );
    }
    out
}

/// One row per binding and faulty cluster: the decision, when, and where it goes.
fn outcomes_table(sim: &Simulation, wide: bool) -> String {
    let now = sim.now;
    let predictions: BTreeMap<&str, &BindingPrediction> = sim
        .predictions
        .iter()
        .map(|p| (p.binding.as_str(), p))
        .collect();
    let mut header = vec![
        "BINDING",
        "CLUSTER",
        "DECISION",
        "AT",
        "PURGE",
        "REPLICAS",
        "NEW PLACEMENT",
        "RULE",
    ];
    if wide {
        header.push("WHY");
    }
    let mut table = super::table(header);
    for o in &sim.outcomes {
        let at = match o.at_between {
            // Upstream takes bindings listed together in map order.
            Some(b) => format!(
                "{}-{} ({} to {})",
                clock(b.earliest, now),
                clock(b.latest, now),
                offset(b.earliest, now),
                offset(b.latest, now)
            ),
            None => {
                o.at.or(o.due)
                    .map(|t| format!("{} ({})", clock(t, now), offset(t, now)))
                    .unwrap_or_default()
            }
        };
        let moving = matches!(o.verdict, Verdict::Evict | Verdict::EvictLater);
        let mut row = vec![
            o.binding.clone(),
            o.cluster.clone(),
            paint(o.verdict),
            at,
            if moving {
                o.purge_mode.map(|m| m.to_string()).unwrap_or_default()
            } else {
                String::new()
            },
            o.replicas.to_string(),
            if moving {
                placement_text(predictions.get(o.binding.as_str()).copied())
            } else {
                String::new()
            },
            o.rule().code.to_string(),
        ];
        if wide {
            row.push(o.rule().message.clone());
        }
        table.add_row(row);
    }
    table.trim_fmt()
}

/// The summary: what is faulty, the replicas leaving and arriving, shortfalls and
/// evictions with nowhere to go.
fn summary_text(sim: &Simulation) -> String {
    let mut out = String::new();
    out += "\n\nSummary:\n";
    let sum = &sim.summary;
    out += &summary_head(sum, "faulty");
    let list = |m: &BTreeMap<String, i64>| {
        if m.is_empty() {
            "none".to_string()
        } else {
            m.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    out += &format!("  replicas leaving:  {}\n", list(&sum.replicas_leaving));
    out += &format!("  replicas arriving: {}\n", list(&sum.replicas_arriving));
    out += &super::capacity::text(&sim.capacity, "  ");
    let pending = sim.capacity.pending_replicas;
    if sum.capacity_shortfalls.is_empty() && pending == 0 {
        out += "  capacity shortfalls: none\n";
    } else if sum.capacity_shortfalls.is_empty() {
        out += &format!("  capacity shortfalls: {pending} replica(s) Pending where they land\n");
    } else {
        out += &format!(
            "  capacity shortfalls: {} binding(s) cannot be placed{}\n",
            sum.capacity_shortfalls.len(),
            if pending > 0 {
                format!(", {pending} replica(s) Pending where they land")
            } else {
                String::new()
            }
        );
        for p in sum.capacity_shortfalls.iter().take(10) {
            let why = p
                .error
                .as_ref()
                .map(|e| e.message.as_str())
                .unwrap_or_default();
            out += &format!("    {}: {why}\n", p.binding);
        }
    }
    if sum.evictions_without_target > 0 {
        out += &format!(
            "  {} {} eviction(s) with nowhere to go, {} workload(s) would disappear: upstream evicts anyway and then removes the old copy (karmada#7455); rule eviction-without-target\n",
            "WARNING:".red().bold(),
            sum.evictions_without_target,
            sum.workloads_lost
        );
    }
    out
}

/// The same scenario under another release, what differs.
fn comparison_text(c: &ReleaseComparison, assumed: KarmadaVersion, now: Timestamp) -> String {
    let mut out = format!(
        "\nUnder {} instead of {assumed}: {} of {} pair(s) change, {} binding(s) land elsewhere\n",
        c.version,
        c.changed.len(),
        c.pairs,
        c.placements.len()
    );
    let when = |v: &PairView| match (v.earliest, v.latest) {
        (Some(a), Some(b)) if a == b => offset(a, now),
        (Some(a), Some(b)) => format!("{} .. {}", offset(a, now), offset(b, now)),
        _ => "-".into(),
    };
    if !c.changed.is_empty() {
        let mut table = super::table([
            "BINDING".to_string(),
            "CLUSTER".to_string(),
            assumed.to_string().to_uppercase(),
            c.version.to_string().to_uppercase(),
        ]);
        for p in &c.changed {
            table.add_row([
                p.binding.clone(),
                p.cluster.clone(),
                format!("{} {}", p.before.verdict, when(&p.before)),
                format!("{} {}", p.after.verdict, when(&p.after)),
            ]);
        }
        out += &table.trim_fmt();
        out += "\n";
    }
    for p in &c.placements {
        out += &format!("  {}: {} -> {}\n", p.binding, p.before, p.after);
    }
    out
}

/// The label of everything that exists only in the failover proposal.
pub const PROPOSAL_LABEL: &str = "proposal: not accepted by Karmada's API";

/// The queue model and its settings, in one line.
pub fn queue_line(q: &QueueSettings, version: KarmadaVersion) -> String {
    match q.model {
        QueueModel::Upstream if UNPACED_EVICTION.holds_in(version) => format!(
            "upstream {}: one queue for ResourceBindings and one for ClusterResourceBindings, {} workers each, no pause (paced eviction came in v1.16): every binding due leaves as soon as its cluster is listed",
            version, q.workers_per_queue
        ),
        QueueModel::Upstream => {
            let pause = crate::engine::karmada::eviction_queue::limiter::dynamic_delay(q.resource_eviction_rate as f32);
            let pause = jiff::SignedDuration::from_nanos(pause);
            let w = q.workers_per_queue;
            let requeue = if REQUEUE_TOLERATED.holds_in(version) {
                "; every 10 s tolerated bindings are queued again and take turns too (karmada#7612)"
            } else {
                ""
            };
            format!(
                "upstream {}: one queue for ResourceBindings and one for ClusterResourceBindings, {w} workers each, a {pause:#} pause after every binding ({}/s): {w} at once, then {w} every {pause:#}{requeue}",
                version,
                q.resource_eviction_rate
            )
        }
        QueueModel::Proposal => format!(
            "proposal model (not built upstream): {}/s, {}/s above {} faulty share in fleets over {} clusters, else stop; evictions with nowhere to go are abandoned",
            q.resource_eviction_rate,
            q.secondary_resource_eviction_rate,
            q.unhealthy_cluster_threshold,
            q.large_cluster_num_threshold
        ),
    }
}

/// An ASCII histogram of queue processing times, with the rate periods.
fn timeline(sim: &Simulation) -> String {
    let mut times: Vec<i64> = sim
        .outcomes
        .iter()
        .filter(|o| {
            matches!(
                o.verdict,
                Verdict::Evict | Verdict::EvictLater | Verdict::Abandoned
            )
        })
        .filter_map(|o| o.at.map(|t| t.as_second()))
        .collect();
    let mut out = String::from("\nEviction queue:\n");
    // Periods that ended before the reference time are history: skip them.
    let current = sim
        .rates
        .iter()
        .rposition(|r| r.from <= sim.now)
        .unwrap_or(0);
    for r in &sim.rates[current..] {
        let from = if r.from.as_second() <= sim.now.as_second() {
            "start".to_string()
        } else {
            format!("{} ({})", clock(r.from, sim.now), offset(r.from, sim.now))
        };
        out += &match sim.queue_settings.model {
            QueueModel::Upstream => format!(
                "  from {from}: {} workers per queue at {}/s each, {} of {} clusters faulty ({})\n",
                sim.queue_settings.workers_per_queue,
                r.rate,
                r.faulty_clusters,
                r.total_clusters,
                r.reason.code
            ),
            QueueModel::Proposal => format!(
                "  from {from}: {}/s with {} of {} clusters faulty ({})\n",
                r.rate, r.faulty_clusters, r.total_clusters, r.reason.code
            ),
        };
    }
    if times.is_empty() {
        out += "  nothing is processed\n";
        return out;
    }
    times.sort_unstable();
    let (first, last) = (times[0], times[times.len() - 1]);
    let width = ((last - first) / 12).max(1);
    // bucket -> (earliest time in it, count)
    let mut buckets: BTreeMap<i64, (i64, usize)> = BTreeMap::new();
    for &t in &times {
        let entry = buckets.entry((t - first) / width).or_insert((t, 0));
        entry.1 += 1;
    }
    let max = buckets.values().map(|b| b.1).max().unwrap_or(1);
    for (earliest, n) in buckets.values() {
        let start = Timestamp::from_second(*earliest).unwrap_or(sim.now);
        let bar = "#".repeat((n * 40).div_ceil(max));
        out += &format!(
            "  {:>8} {:>9} |{bar} {n}\n",
            clock(start, sim.now),
            offset(start, sim.now)
        );
    }
    out
}

/// The state each eviction carries (statePreservation), or why it is held or carries
/// none; nothing when no binding has rules.
fn state_lines(sim: &crate::engine::predict::simulate::Simulation, gate_from: &str) -> String {
    use crate::engine::ReasonCode;
    let mut lines = Vec::new();
    for o in &sim.outcomes {
        let about = |code: ReasonCode| o.reasons().find(|r| r.code == code).cloned();
        let line = if let Some(s) = &o.state {
            let labels: Vec<String> = s.labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let inject = match &s.injection.on {
                Some(c) => format!("injected on {c}"),
                None => format!("not injected: {}", s.injection.reason.message),
            };
            let invalid = if s.invalid_values.is_empty() {
                String::new()
            } else {
                format!(
                    "; rejected as labels by the member: {}",
                    s.invalid_values.join(", ")
                )
            };
            format!("carries {}; {inject}{invalid}", labels.join(", "))
        } else if let Some(r) =
            about(ReasonCode::StateNotCollected).or(about(ReasonCode::StateRuleFailed))
        {
            format!("held: {}", r.message)
        } else if let Some(r) = about(ReasonCode::StateGateOff) {
            r.message
        } else {
            continue;
        };
        lines.push(format!("  {} from {}: {line}\n", o.binding, o.cluster));
    }
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "\n\nState (statePreservation; StatefulFailoverInjection={} ({gate_from})):\n{}",
        sim.assumed.stateful_failover_injection,
        lines.concat().trim_end()
    )
}

/// The summary's first lines: bindings on the `whose` clusters, and the decisions.
pub fn summary_head(
    sum: &crate::engine::predict::simulate::SimulationSummary,
    whose: &str,
) -> String {
    let counts: Vec<String> = sum
        .verdicts
        .iter()
        .map(|(v, n)| format!("{} {n}", v.as_str()))
        .collect();
    format!(
        "  {} binding(s) on {whose} clusters, {} not affected\n  decisions: {}\n",
        sum.bindings_affected,
        sum.bindings_not_affected,
        counts.join(", ")
    )
}
