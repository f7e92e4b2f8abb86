//! The `history` timeline: a table (oldest first) and the `FailoverHistory` document.

use colored::Colorize;
use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::engine::predict::pipeline::PipelineStep;

use super::time::{ago, clock};
use super::{placement, OUTPUT_API_VERSION};
use crate::engine::decide::evictions::TaskCause;
use crate::engine::decide::history::{ActionKind, Entry};

/// Characters of DETAIL a table shows (`-o wide`: all).
const DETAIL_WIDTH: usize = 100;

/// The DETAIL cell of an entry, untruncated, on one line.
pub fn detail(e: &Entry, now: Timestamp) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(t) = &e.task {
        if e.cause == Some(TaskCause::ApplicationFailure) {
            parts.push("application failover".into());
        }
        let mut words = format!(
            "by {}",
            if t.producer.is_empty() {
                "?"
            } else {
                &t.producer
            }
        );
        if !t.reason.is_empty() {
            words += &format!(" ({})", t.reason);
        }
        parts.push(words);
        if let Some(m) = &t.purge_mode {
            parts.push(m.clone());
        }
        if let Some(n) = t.replicas {
            parts.push(format!("{n} replica(s)"));
        }
        if let Some(g) = t.grace_period_seconds {
            parts.push(format!(
                "grace {:#}",
                SignedDuration::from_secs(i64::from(g))
            ));
        }
        if let Some(s) = t.suppress_deletion {
            parts.push(format!("suppressDeletion={s}"));
        }
        if !t.clusters_before_failover.is_empty() {
            parts.push(format!("before {}", t.clusters_before_failover.join(",")));
        }
        if let Some(state) = t.preserved_label_state.as_ref().filter(|s| !s.is_empty()) {
            let labels: Vec<String> = state.iter().map(|(k, v)| format!("{k}={v}")).collect();
            parts.push(format!("carries {}", labels.join(",")));
        }
        if let Some(m) = t.message.as_deref().filter(|m| !m.is_empty()) {
            parts.push(format!("\"{m}\""));
        }
    }
    if let Some(m) = e.message.as_deref().filter(|m| !m.is_empty()) {
        parts.push(format!("\"{m}\""));
    }
    if let Some(before) = &e.placement_before {
        parts.push(format!("placement before: {}", placement(before)));
    }
    if let Some(after) = &e.placement {
        parts.push(format!("placement: {}", placement(after)));
    }
    if let Some(ev) = &e.event {
        let reason = match e.action {
            ActionKind::Other => format!("{} ", ev.reason),
            _ => String::new(),
        };
        // The scheduler's message only repeats the placement.
        if e.placement.is_none() || e.action != ActionKind::Scheduled {
            parts.push(format!("{reason}{}", ev.message.trim()));
        }
        if ev.count > 1 {
            let since = ev
                .first_time
                .map(|t| format!(" since {}", clock(t, now)))
                .unwrap_or_default();
            parts.push(format!("x{}{since}", ev.count));
        }
    }
    let mut text = parts.join(", ");
    if let Some(c) = e
        .event
        .as_ref()
        .map(|ev| ev.component.as_str())
        .filter(|c| !c.is_empty() && *c != "karmadactl")
    {
        text += &format!(" [{c}]");
    }
    one_line(&text)
}

/// `text` with control characters escaped: messages come from anyone who may create
/// Events, and a table cell is one line.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

fn cut(text: String, width: usize) -> String {
    if text.chars().count() <= width {
        return text;
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('…');
    out
}

/// The TIME cell: clock time and how long ago, or `time unknown`.
pub fn time_cell(t: Option<Timestamp>, now: Timestamp) -> String {
    match t {
        Some(t) => format!("{} ({})", clock(t, now), ago(t, now)),
        None => "time unknown".into(),
    }
}

/// The timeline as a table; `with_binding` adds the BINDING column, `wide` shows every
/// detail in full.
pub fn text(entries: &[Entry], now: Timestamp, with_binding: bool, wide: bool) -> String {
    let mut header = vec!["TIME"];
    if with_binding {
        header.push("BINDING");
    }
    header.extend(["ACTION", "CLUSTER", "DETAIL"]);
    let mut table = super::table(header);
    for e in entries {
        let mut row = vec![time_cell(e.time, now)];
        if with_binding {
            row.push(e.binding.clone());
        }
        row.push(match e.action {
            ActionKind::EvictionFailed
            | ActionKind::ScheduleFailed
            | ActionKind::DescheduleFailed => e.action.as_str().red().to_string(),
            _ => e.action.as_str().to_string(),
        });
        row.push(
            e.cluster
                .as_deref()
                .map(one_line)
                .unwrap_or_else(|| "-".into()),
        );
        let d = detail(e, now);
        row.push(if wide { d } else { cut(d, DETAIL_WIDTH) });
        table.add_row(row);
    }
    table.trim_fmt() + "\n"
}

/// The structured timeline.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    /// `snapshot FILE` or `live context NAME`.
    pub source: &'a str,
    /// The reference time (`time unknown` and ages are relative to it).
    pub now: Timestamp,
    /// Whether Events were read (not from a snapshot).
    pub events_read: bool,
    /// `--cluster`, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<&'a str>,
    /// The bindings with at least one entry, sorted.
    pub bindings: Vec<String>,
    /// Events left out because their reason is not known (0 with `--all-events`).
    pub hidden_events: usize,
    /// The timeline, oldest first, entries without a time last.
    pub entries: &'a [Entry],
    /// The clusters of the history that are not Ready now, and where each stands.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub clusters_not_ready: &'a [PipelineStep],
}

/// The document of a timeline.
pub fn document<'a>(
    source: &'a str,
    now: Timestamp,
    events_read: bool,
    cluster: Option<&'a str>,
    hidden_events: usize,
    entries: &'a [Entry],
    steps: &'a [PipelineStep],
) -> HistoryDocument<'a> {
    let mut bindings: Vec<String> = entries.iter().map(|e| e.binding.clone()).collect();
    bindings.sort();
    bindings.dedup();
    HistoryDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "FailoverHistory",
        source,
        now,
        events_read,
        cluster,
        bindings,
        hidden_events,
        entries,
        clusters_not_ready: steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::TargetCluster;
    use crate::engine::decide::history::{EventRecord, Origin};

    fn entry(action: ActionKind) -> Entry {
        Entry {
            binding: "rb/ns/w".into(),
            time: None,
            action,
            cluster: Some("m1".into()),
            from: vec![Origin::Event],
            task: None,
            cause: None,
            placement_before: None,
            message: None,
            placement: None,
            event: None,
        }
    }

    #[test]
    fn details_are_one_clean_line() {
        let now: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let mut e = entry(ActionKind::Other);
        e.event = Some(EventRecord {
            reason: "Weird".into(),
            type_: "Warning".into(),
            message: "line one\n\x1b[31mred".into(),
            component: "x".into(),
            count: 3,
            first_time: Some("2026-11-22T11:00:00Z".parse().unwrap()),
            last_time: None,
        });
        let d = detail(&e, now);
        assert!(!d.contains('\n') && !d.contains('\x1b'), "{d}");
        assert!(d.starts_with("Weird line one"), "{d}");
        assert!(d.contains("x3 since 11:00:00"), "{d}");
        let mut drained = entry(ActionKind::Drain);
        drained.placement_before = Some(vec![
            TargetCluster::new("m1", 2),
            TargetCluster::new("m2", 1),
        ]);
        assert_eq!(detail(&drained, now), "placement before: m1=2,m2=1");
        let table = text(&[drained], now, false, false);
        assert!(
            table.contains("time unknown") && !table.contains("BINDING"),
            "{table}"
        );
    }
}
