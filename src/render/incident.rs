//! `failover watch` and `failover report` as people and scripts read them: a step per
//! line (piped), a screen redrawn in place (a terminal), one JSON object per step; the
//! report as text, JSON/YAML and OpenMetrics.

use std::fmt::Write as _;

use colored::Colorize;
use jiff::Timestamp;
use serde::Serialize;

use super::time::clock;
use super::OUTPUT_API_VERSION;
use crate::engine::decide::failover_report::{Report, Spread, StepRecord};
use crate::engine::karmada::cluster_health::Interval;
use crate::engine::predict::incident::track::{View, WatchEvent};

/// A step as a JSON line: `apiVersion`, `kind: FailoverEvent`, then the step.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    #[serde(flatten)]
    pub event: &'a WatchEvent,
}

/// One JSON line.
pub fn json_line(e: &WatchEvent) -> String {
    let doc = EventDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "FailoverEvent",
        event: e,
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

fn interval(i: &Interval, reference: Timestamp) -> String {
    format!(
        "{}..{}",
        clock(i.earliest, reference),
        clock(i.latest, reference)
    )
}

/// One step as a line (and its hint on the next).
pub fn line(e: &WatchEvent) -> String {
    let at = e.recorded_at.unwrap_or(e.observed_at);
    let mut s = format!(
        "{}  {:<10} {:<14} {:<40} {}",
        clock(e.observed_at, e.observed_at),
        e.cluster,
        e.step.as_str(),
        e.object,
        e.detail
    );
    if let Some(i) = &e.predicted {
        let _ = write!(s, "  [at {}, predicted {}]", clock(at, at), interval(i, at));
    }
    if let Some(p) = &e.predicted_placement {
        let _ = write!(s, "  [predicted {p}]");
    }
    match e.held {
        Some(true) => s += &format!("  {}", "as predicted".green()),
        Some(false) => s += &format!("  {}", "OUTSIDE THE PREDICTION".red().bold()),
        None => {}
    }
    if let Some(h) = &e.hint {
        let _ = write!(s, "\n          {} {}", "→".yellow(), h.message);
    }
    s
}

fn bar(done: usize, of: usize) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH).checked_div(of).unwrap_or(WIDTH).min(WIDTH);
    format!(
        "[{}{}] {done}/{of}",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled)
    )
}

/// The screen: each cluster's stage, the moves against the predicted total, the queue.
pub fn screen(v: &View, now: Timestamp) -> String {
    let mut s = String::new();
    let stages: Vec<String> = v
        .clusters
        .iter()
        .map(|(c, st)| format!("{c}: {}", st.as_str().bold()))
        .collect();
    let _ = writeln!(s, "clusters   {}", stages.join("   "));
    let p = &v.progress;
    let of = p.predicted.max(p.evicted);
    let _ = writeln!(s, "evicted    {}", bar(p.evicted, of));
    let _ = writeln!(s, "re-placed  {}", bar(p.replaced, of));
    let _ = writeln!(s, "healthy    {}", bar(p.healthy, of));
    let _ = writeln!(
        s,
        "old copies {}{}",
        bar(p.old_copies_gone, of),
        if p.old_copies_held > 0 {
            format!("  ({} held: purge mode Never)", p.old_copies_held)
        } else {
            String::new()
        }
    );
    let next: Vec<String> = v
        .next
        .iter()
        .map(|n| format!("{} at {}", n.binding, interval(&n.at, now)))
        .collect();
    let _ = write!(
        s,
        "queue      {} due{}",
        v.queue_depth,
        if next.is_empty() {
            String::new()
        } else {
            format!("; next: {}", next.join(", "))
        }
    );
    s
}

fn seconds(v: Option<i64>) -> String {
    v.map_or("-".into(), |s| format!("{s}s"))
}

fn step_cell(r: &StepRecord) -> String {
    let Some(at) = r.at else {
        return "not kept".into();
    };
    let mut s = format!("{} (+{})", clock(at, at), seconds(r.after_seconds));
    match r.held {
        Some(true) => s += " ✓",
        Some(false) => s += " ✗",
        None => {}
    }
    s
}

fn spread_line(s: &Spread) -> String {
    format!(
        "{} moved: p50 {}, p95 {}, max {}",
        s.count,
        seconds(s.p50_seconds),
        seconds(s.p95_seconds),
        seconds(s.max_seconds)
    )
}

/// The report as text.
pub fn report_text(r: &Report) -> String {
    let c = &r.cluster;
    let mut s = String::new();
    let _ = writeln!(s, "Cluster {}: Ready={} now", c.cluster, c.ready);
    let moment = |t: Option<Timestamp>| t.map_or("not kept".to_string(), |t| t.to_string());
    let _ = writeln!(s, "  failed (Ready left True)  {}", moment(c.failed_at));
    let taint_check = match c.taint_held {
        Some(true) => " (as predicted)",
        Some(false) => " (OUTSIDE the prediction)",
        None => "",
    };
    let _ = writeln!(
        s,
        "  NoExecute taint added     {}{taint_check}",
        moment(c.tainted_at)
    );
    if let Some(t) = c.untainted_at {
        let _ = writeln!(s, "  NoExecute taint removed   {t}");
    }
    let _ = writeln!(s);
    let mut t = super::table([
        "BINDING",
        "EVICTED",
        "RE-PLACED",
        "OLD COPY GONE",
        "NOW ON",
        "HEALTHY",
    ]);
    for b in &r.bindings {
        t.add_row([
            b.binding.clone(),
            step_cell(&b.steps[0]),
            step_cell(&b.steps[1]),
            step_cell(&b.steps[2]),
            super::placement(&b.placement),
            if b.healthy_now {
                "yes".into()
            } else {
                "no".into()
            },
        ]);
    }
    let _ = writeln!(s, "{t}");
    let _ = writeln!(
        s,
        "\nTime away (failure to new placement): {}",
        spread_line(&r.away)
    );
    for (ns, sp) in &r.away_by_namespace {
        let _ = writeln!(s, "  {ns}: {}", spread_line(sp));
    }
    if !r.not_healthy.is_empty() {
        let _ = writeln!(
            s,
            "\nNot Healthy on their new clusters now: {}",
            r.not_healthy.join(", ")
        );
    }
    let _ = writeln!(s, "\nNot kept by the control plane:");
    for n in &r.not_kept {
        let _ = writeln!(s, "  - {n}");
    }
    s
}

fn label(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The report as OpenMetrics text (ends with `# EOF`).
pub fn openmetrics(r: &Report) -> String {
    let c = label(&r.cluster.cluster);
    let mut s = String::new();
    let _ = writeln!(s, "# TYPE karmadactl_failover_step_seconds gauge");
    let _ = writeln!(s, "# UNIT karmadactl_failover_step_seconds seconds");
    let _ = writeln!(s, "# HELP karmadactl_failover_step_seconds Seconds from the cluster's failure to the step, per binding.");
    for b in &r.bindings {
        for st in &b.steps {
            if let Some(v) = st.after_seconds {
                let _ = writeln!(
                    s,
                    "karmadactl_failover_step_seconds{{cluster=\"{c}\",binding=\"{}\",step=\"{}\"}} {v}",
                    label(&b.binding),
                    st.step
                );
            }
        }
    }
    let _ = writeln!(s, "# TYPE karmadactl_failover_step_prediction_held gauge");
    let _ = writeln!(s, "# HELP karmadactl_failover_step_prediction_held 1 when the step fell in its predicted interval, 0 when not.");
    for b in &r.bindings {
        for st in &b.steps {
            if let Some(h) = st.held {
                let _ = writeln!(
                    s,
                    "karmadactl_failover_step_prediction_held{{cluster=\"{c}\",binding=\"{}\",step=\"{}\"}} {}",
                    label(&b.binding),
                    st.step,
                    u8::from(h)
                );
            }
        }
    }
    let _ = writeln!(s, "# TYPE karmadactl_failover_time_away_seconds gauge");
    let _ = writeln!(s, "# UNIT karmadactl_failover_time_away_seconds seconds");
    let _ = writeln!(s, "# HELP karmadactl_failover_time_away_seconds Seconds from the failure to the new placement over the moved bindings (stat p50, p95, max).");
    let quantiles = |s: &mut String, ns: Option<&str>, sp: &Spread| {
        let ns = ns
            .map(|n| format!(",namespace=\"{}\"", label(n)))
            .unwrap_or_default();
        for (q, v) in [
            ("p50", sp.p50_seconds),
            ("p95", sp.p95_seconds),
            ("max", sp.max_seconds),
        ] {
            if let Some(v) = v {
                let _ = writeln!(
                    s,
                    "karmadactl_failover_time_away_seconds{{cluster=\"{c}\"{ns},stat=\"{q}\"}} {v}"
                );
            }
        }
    };
    quantiles(&mut s, None, &r.away);
    for (ns, sp) in &r.away_by_namespace {
        quantiles(&mut s, Some(ns), sp);
    }
    let _ = writeln!(s, "# TYPE karmadactl_failover_bindings gauge");
    let _ = writeln!(s, "# HELP karmadactl_failover_bindings Bindings the failover moved, and those not Healthy where they run now.");
    let _ = writeln!(
        s,
        "karmadactl_failover_bindings{{cluster=\"{c}\",state=\"moved\"}} {}",
        r.bindings.len()
    );
    let _ = writeln!(
        s,
        "karmadactl_failover_bindings{{cluster=\"{c}\",state=\"not_healthy\"}} {}",
        r.not_healthy.len()
    );
    s.push_str("# EOF\n");
    s
}
