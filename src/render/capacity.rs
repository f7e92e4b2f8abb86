//! Whether moved replicas fit where they land, for people: one line per cluster they
//! arrive on (what arrives, the room before it, what will not fit and whose).

use std::collections::BTreeMap;

use crate::engine::predict::capacity::{BurstModel, CapacityReport, ClusterFit, Resources};
use crate::engine::predict::descheduling::Descheduling;
use crate::engine::predict::losses::FleetCapacity;

/// CPU in cores (`3`, `2.5`, `500m`).
pub fn cpu(milli: i64) -> String {
    if milli.abs() < 1000 && milli % 1000 != 0 {
        format!("{milli}m")
    } else {
        one_decimal(milli, 1000, "")
    }
}

/// Memory in Gi (`6Gi`, `1.5Gi`), Mi below a Gi.
pub fn memory(bytes: i64) -> String {
    const GI: i64 = 1 << 30;
    const MI: i64 = 1 << 20;
    if bytes.abs() >= GI {
        one_decimal(bytes, GI, "Gi")
    } else if bytes % MI == 0 {
        format!("{}Mi", bytes / MI)
    } else {
        bytes.to_string()
    }
}

/// `value / unit` with at most one decimal (rounded down), then `suffix`.
fn one_decimal(value: i64, unit: i64, suffix: &str) -> String {
    let tenths = value.saturating_mul(10) / unit;
    if tenths % 10 == 0 {
        format!("{}{suffix}", tenths / 10)
    } else {
        format!("{}.{}{suffix}", tenths / 10, (tenths % 10).abs())
    }
}

fn resources(r: &Resources) -> String {
    format!(
        "cpu {}, memory {}, pods {}",
        cpu(r.cpu_milli),
        memory(r.memory_bytes),
        r.pods
    )
}

/// How many bindings a line names before it counts the rest.
const NAMED: usize = 3;

/// One cluster's line.
pub fn cluster_line(c: &ClusterFit, model: BurstModel) -> String {
    let mut line = format!(
        "{}: {} arriving ({}), room {}{}",
        c.cluster,
        c.arriving_replicas,
        resources(&c.arriving),
        resources(&c.room),
        if c.node_level {
            " (node by node, resource models)"
        } else {
            ""
        }
    );
    if c.pending_replicas == 0 {
        line += ": all fit";
        return line;
    }
    let names: Vec<&str> = c
        .at_risk
        .iter()
        .take(NAMED)
        .map(|a| a.binding.as_str())
        .collect();
    let more = c.at_risk.len().saturating_sub(NAMED);
    let whose = if more > 0 {
        format!("{} (+{more} more)", names.join(", "))
    } else {
        names.join(", ")
    };
    line += &format!(
        ": {} will not fit and stay Pending; {}",
        c.pending_replicas,
        match model {
            BurstModel::Tracked => format!("those taken up last: {whose}"),
            _ => format!("every binding that arrived shares the risk: {whose}"),
        }
    );
    line
}

/// Clusters a report shows: every one where replicas stay Pending (first), and of those
/// where all fit, all when few arrive anywhere, else the three fullest by CPU.
fn shown(clusters: &[ClusterFit]) -> Vec<&ClusterFit> {
    const FEW: usize = 5;
    let mut short: Vec<&ClusterFit> = clusters.iter().filter(|c| c.pending_replicas > 0).collect();
    short.sort_by_key(|c| std::cmp::Reverse(c.pending_replicas));
    let mut fit: Vec<&ClusterFit> = clusters
        .iter()
        .filter(|c| c.pending_replicas == 0)
        .collect();
    if clusters.len() > FEW {
        // Fullest first: arriving CPU over room, compared without division.
        fit.sort_by(|a, b| {
            let lhs = i128::from(a.arriving.cpu_milli) * i128::from(b.room.cpu_milli.max(1));
            let rhs = i128::from(b.arriving.cpu_milli) * i128::from(a.room.cpu_milli.max(1));
            rhs.cmp(&lhs).then_with(|| a.cluster.cmp(&b.cluster))
        });
        fit.truncate(3);
        fit.sort_by(|a, b| a.cluster.cmp(&b.cluster));
    }
    short.extend(fit);
    short
}

/// The lines of a report, indented by `indent`, under a heading naming the model.
pub fn text(report: &CapacityReport, indent: &str) -> String {
    if report.clusters.is_empty() && report.unplaced.is_empty() {
        return format!("{indent}room where replicas arrive: nothing arrives\n");
    }
    let mut out = format!(
        "{indent}room where replicas arrive ({}{}):\n",
        report.model.describe(),
        if report.by_priority {
            "; taken up by priority"
        } else {
            ""
        }
    );
    for c in shown(&report.clusters) {
        out += &format!("{indent}  {}\n", cluster_line(c, report.model));
    }
    let hidden = report
        .clusters
        .len()
        .saturating_sub(shown(&report.clusters).len());
    if hidden > 0 {
        out += &format!("{indent}  (+{hidden} more where all fit; -o json lists every cluster)\n");
    }
    if report.omitted_clusters > 0 {
        out += &format!(
            "{indent}  (+{} more clusters replicas arrive on, {} Pending in all; a dry-run of this loss lists every one)\n",
            report.omitted_clusters, report.pending_replicas
        );
    }
    // Under stale summaries a binding placed nowhere has no feasible cluster at all,
    // which the prediction itself reports; under tracking, room can run out too.
    if report.model == BurstModel::Tracked && !report.unplaced.is_empty() {
        out += &format!(
            "{indent}  placed nowhere (no feasible cluster, or no room left): {}\n",
            report.unplaced.join(", ")
        );
    }
    if let Some(r) = &report.refreshed {
        out += &format!(
            "{indent}  with a status refresh between placements (the other end of the burst's timing): {} Pending{}\n",
            r.pending_replicas,
            if r.unplaced.is_empty() {
                String::new()
            } else {
                format!(", {} placed nowhere", r.unplaced.len())
            }
        );
    }
    if let Some(d) = &report.descheduling {
        out += &descheduling_text(d, report.pending_replicas, indent);
    }
    out
}

fn counts(m: &BTreeMap<String, i64>) -> String {
    m.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What becomes of the Pending replicas.
fn descheduling_text(d: &Descheduling, pending: i64, indent: &str) -> String {
    if !d.running {
        return format!(
            "{indent}  karmada-descheduler does not run: the {pending} Pending replica(s) wait until room frees up (with it and the scheduler-estimators, those of dynamically divided Deployments move)\n"
        );
    }
    let [from, to] = d.after_seconds;
    let mut out = format!(
        "{indent}  karmada-descheduler moves them {from}-{to} s after they go Pending ({} still Pending then):\n",
        d.still_pending
    );
    for m in d.moves.iter().take(NAMED * 2) {
        out += &format!(
            "{indent}    {}: {} -> {}{}\n",
            m.binding,
            counts(&m.from),
            if m.to.is_empty() {
                "nowhere".to_string()
            } else {
                counts(&m.to)
            },
            if m.still_pending > 0 {
                format!(" ({} still Pending)", m.still_pending)
            } else {
                String::new()
            }
        );
    }
    if d.moves.len() > NAMED * 2 {
        out += &format!("{indent}    (+{} more)\n", d.moves.len() - NAMED * 2);
    }
    if !d.untouched.is_empty() {
        out += &format!(
            "{indent}    not moved (not a dynamically divided Deployment): {}\n",
            counts(&d.untouched)
        );
    }
    out
}

/// The structured N-1 report (`failover capacity -o json|yaml`).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CapacityDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub source: &'a str,
    pub now: jiff::Timestamp,
    #[serde(flatten)]
    pub answer: &'a FleetCapacity,
}

/// The document of `answer`.
pub fn document<'a>(
    source: &'a str,
    now: jiff::Timestamp,
    answer: &'a FleetCapacity,
) -> CapacityDocument<'a> {
    CapacityDocument {
        api_version: super::OUTPUT_API_VERSION,
        kind: "FleetCapacity",
        source,
        now,
        answer,
    }
}

/// The N-1 report for people: the verdict, one row per loss, and (`wide`, or for a loss
/// the fleet does not carry) where its replicas land.
pub fn fleet_text(source: &str, answer: &FleetCapacity, wide: bool) -> String {
    use colored::Colorize;
    let verdict = if answer.failing().next().is_some() {
        answer.verdict.yellow().bold().to_string()
    } else {
        answer.verdict.green().bold().to_string()
    };
    let mut out = format!(
        "{verdict}\n\nSource: {source}\nBurst:  {}\n\n",
        answer.model.describe()
    );
    let mut table = super::table([
        "LOST", "BINDINGS", "MOVING", "REPLICAS", "STAYING", "PENDING", "NOWHERE", "MOST TO",
    ]);
    for l in &answer.losses {
        let most = l
            .capacity
            .clusters
            .iter()
            .max_by_key(|c| (c.pending_replicas, c.arriving_replicas))
            .map(|c| format!("{} (+{})", c.cluster, c.arriving_replicas))
            .unwrap_or_default();
        table.add_row([
            l.lost.join(","),
            l.bindings.to_string(),
            l.leaving.to_string(),
            l.replicas_moving.to_string(),
            l.staying.to_string(),
            l.capacity.pending_replicas.to_string(),
            l.nowhere.len().to_string(),
            most,
        ]);
    }
    out += &table.trim_fmt();
    out += "\n";
    for l in answer.losses.iter().filter(|l| wide || !l.survives()) {
        out += &format!("\nLosing {}:\n", l.lost.join(", "));
        out += &text(&l.capacity, "  ");
        if l.capacity.model == BurstModel::Stale && l.capacity.pending_replicas > 0 {
            let clusters: Vec<String> = l.lost.iter().map(|c| format!("--cluster {c}")).collect();
            out += &format!(
                "  the other end of the burst's timing (a status refresh between placements): `karmadactl dry-run {}`\n",
                clusters.join(" ")
            );
        }
        if !l.nowhere.is_empty() {
            out += &format!(
                "  nowhere to go (upstream evicts them all the same, karmada#7455): {}\n",
                l.nowhere.join(", ")
            );
        }
    }
    out
}
