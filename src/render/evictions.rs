//! The `evictions list` table and the `evictions abort` report.

use colored::Colorize;
use jiff::SignedDuration;
use serde::Serialize;

use crate::engine::predict::pipeline::PipelineStep;

use super::OUTPUT_API_VERSION;
use crate::engine::decide::abort::{AbortDecision, AbortStep};
use crate::engine::decide::evictions::{TaskCause, TaskState, TaskView};
use crate::fleet::BindingKind;
use crate::ops::evictions::Aborted;

/// `4m`, `1h2m`, `35s` (at most two units).
pub fn short_duration(seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m, sec) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60, s % 60);
    let parts: Vec<String> = [(d, "d"), (h, "h"), (m, "m"), (sec, "s")]
        .into_iter()
        .skip_while(|(n, _)| *n == 0)
        .take(2)
        .filter(|(n, _)| *n > 0)
        .map(|(n, u)| format!("{n}{u}"))
        .collect();
    if parts.is_empty() {
        "0s".into()
    } else {
        parts.join("")
    }
}

/// The STATE cell: the state and its detail.
pub fn state_text(t: &TaskView) -> String {
    let a = &t.assessment;
    match a.state {
        TaskState::WaitingHealthy => format!("waiting-healthy ({})", a.waiting_for.join(",")),
        TaskState::TimesOutIn => format!(
            "times-out-in {}",
            short_duration(a.times_out_in_seconds.unwrap_or(0))
        ),
        other => other.as_str().to_string(),
    }
}

fn paint(t: &TaskView) -> String {
    let text = state_text(t);
    match t.assessment.state {
        TaskState::ClearsNow => text.green().to_string(),
        TaskState::TimedOut | TaskState::Directly => text.yellow().to_string(),
        TaskState::Suppressed => text.magenta().to_string(),
        _ => text,
    }
}

/// The table (`wide` adds grace period, message and clusters before failover).
pub fn list_text(rows: &[TaskView], wide: bool) -> String {
    if rows.is_empty() {
        return "No graceful eviction task.\n".into();
    }
    let mut header = vec![
        "KIND",
        "NAMESPACE/NAME",
        "FROM",
        "REPLICAS",
        "PURGE",
        "PRODUCER",
        "REASON",
        "AGE",
        "STATE",
    ];
    if wide {
        header.extend(["GRACE", "MESSAGE", "BEFORE"]);
    }
    let mut table = super::table(header);
    for r in rows {
        let t = &r.task;
        let name = r
            .binding
            .split_once('/')
            .map_or(r.binding.as_str(), |(_, rest)| rest)
            .to_string();
        let mut row = vec![
            match r.kind {
                BindingKind::ResourceBinding => "rb".to_string(),
                BindingKind::ClusterResourceBinding => "crb".to_string(),
            },
            name,
            t.from_cluster.clone(),
            t.replicas
                .map(|n| n.to_string())
                .unwrap_or_else(|| "-".into()),
            t.purge_mode.clone().unwrap_or_default(),
            t.producer.clone(),
            t.reason.clone(),
            r.age_seconds
                .map(short_duration)
                .unwrap_or_else(|| "-".into()),
            paint(r),
        ];
        if wide {
            row.push(
                t.grace_period_seconds
                    .map(|s| format!("{:#}", SignedDuration::from_secs(i64::from(s))))
                    .unwrap_or_else(|| "-".into()),
            );
            row.push(t.message.clone().unwrap_or_default());
            row.push(t.clusters_before_failover.join(","));
        }
        table.add_row(row);
    }
    let mut out = table.trim_fmt() + "\n";
    // Application failover's tasks, named as such, and what confirming a held one does.
    for r in rows
        .iter()
        .filter(|r| r.cause == TaskCause::ApplicationFailure)
    {
        let held = r.assessment.state == TaskState::Suppressed;
        let back = r
            .returns_at
            .map(|at| {
                format!("; left unplaced, the binding is placed back here when the task times out ({at}), and evicted again a toleration later if still Unhealthy")
            })
            .unwrap_or_default();
        out += &format!(
            "  {} from {}: {}{}{back}\n",
            r.binding,
            r.task.from_cluster,
            r.cause.words(),
            if held {
                "; the old copy is held beside the new replicas: `karmadactl evictions confirm` lets it go"
            } else {
                ""
            }
        );
    }
    // The state a task carries to the new cluster (statePreservation).
    for r in rows {
        if let Some(state) = r
            .task
            .preserved_label_state
            .as_ref()
            .filter(|s| !s.is_empty())
        {
            let labels: Vec<String> = state.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out += &format!(
                "  {} from {} carries {}\n",
                r.binding,
                r.task.from_cluster,
                labels.join(", ")
            );
        }
    }
    out
}

/// `-o name`: one line per binding with a task listed.
pub fn names(rows: &[TaskView]) -> String {
    let mut out: Vec<String> = rows
        .iter()
        .map(|r| {
            let (kind, rest) = r.binding.split_once('/').unwrap_or(("rb", &r.binding));
            let resource = if kind == "rb" {
                "resourcebinding.work.karmada.io"
            } else {
                "clusterresourcebinding.work.karmada.io"
            };
            // kubectl's `-o name` has no namespace.
            let name = rest.rsplit('/').next().unwrap_or(rest);
            format!("{resource}/{name}")
        })
        .collect();
    out.dedup();
    out.join("\n") + if out.is_empty() { "" } else { "\n" }
}

/// The structured list.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub items: &'a [TaskView],
    /// Clusters that are not Ready, and where each stands.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub clusters_not_ready: &'a [PipelineStep],
}

/// The document of `rows`.
pub fn list_document<'a>(rows: &'a [TaskView], steps: &'a [PipelineStep]) -> ListDocument<'a> {
    ListDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "EvictionTaskList",
        items: rows,
        clusters_not_ready: steps,
    }
}

/// The abort plan as a table.
pub fn abort_plan_text(cluster: &str, steps: &[&AbortStep]) -> String {
    if steps.is_empty() {
        return format!("No eviction from {cluster} to abort.\n");
    }
    let mut table = super::table([
        "BINDING",
        "CLUSTER",
        "DECISION",
        "PLACEMENT AFTER",
        "REASON",
    ]);
    let mut notes = Vec::new();
    for s in steps {
        let after = s
            .clusters
            .as_ref()
            .map(|c| {
                c.iter()
                    .map(|t| format!("{}={}", t.name, t.replicas))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .unwrap_or_default();
        let decision = match s.decision {
            AbortDecision::Refused => s.decision.as_str().red().bold().to_string(),
            AbortDecision::NoTask => s.decision.as_str().to_string(),
            _ => s.decision.as_str().green().to_string(),
        };
        table.add_row([
            s.binding.clone(),
            s.cluster.clone(),
            decision,
            after,
            s.reason.code.to_string(),
        ]);
        if s.decision == AbortDecision::Refused {
            notes.push(format!("{}: {}", s.binding, s.reason.message));
        }
        for f in &s.forced {
            notes.push(format!("{} (--force): {}", s.binding, f.message));
        }
    }
    let mut out = table.trim_fmt() + "\n";
    for n in notes {
        out += &format!("  {n}\n");
    }
    // Notes about the cluster, once however many bindings they concern.
    let mut said: Vec<&str> = Vec::new();
    for n in steps.iter().flat_map(|s| &s.notes) {
        if !said.contains(&n.message.as_str()) {
            said.push(&n.message);
            out += &format!("Note: {}\n", n.message);
        }
    }
    out
}

/// The structured abort report.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AbortDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub dry_run: &'static str,
    pub cluster: &'a str,
    pub plan: Vec<&'a AbortStep>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<&'a [Aborted]>,
}

/// The document of an abort.
pub fn abort_document<'a>(
    dry_run: &'static str,
    cluster: &'a str,
    plan: Vec<&'a AbortStep>,
    written: Option<&'a [Aborted]>,
) -> AbortDocument<'a> {
    AbortDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "EvictionAbortResult",
        dry_run,
        cluster,
        plan,
        written,
    }
}

/// One `error:` line per abort whose write failed, for stderr in every output format.
pub fn failure_lines(failed: &[&Aborted]) -> String {
    failed
        .iter()
        .map(|f| super::error_line(&f.binding, f.error.as_deref().unwrap_or_default()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_short() {
        assert_eq!(short_duration(0), "0s");
        assert_eq!(short_duration(35), "35s");
        assert_eq!(short_duration(240), "4m");
        assert_eq!(short_duration(3725), "1h2m");
        assert_eq!(short_duration(90_061), "1d1h");
    }
}
