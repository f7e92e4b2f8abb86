//! Application failover as reports print it: per binding, each cluster's health, whether
//! the controllers are armed there, the eviction's window and the task; where the
//! replicas go and what becomes of the old copy; the rules that decided.

use jiff::Timestamp;
use serde::Serialize;

use super::time::{clock, offset};
use crate::engine::predict::app_failover::{
    AppClusterView, AppFailoverPrediction, EvictionWindow, OldCopy,
};
use crate::engine::vocabulary::settings::{ControllerSettings, Provenance};
use crate::fleet::SourceInfo;

/// The structured result of `dry-run --app-unhealthy`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppFailoverReport<'a> {
    pub source: &'a SourceInfo,
    pub now: Timestamp,
    pub unhealthy_since: Timestamp,
    pub assumed: &'a ControllerSettings,
    pub settings_source: &'a Provenance,
    pub predictions: Vec<AppFailoverPrediction>,
}

/// The text report of `dry-run --app-unhealthy`.
pub fn prediction_text(report: &AppFailoverReport) -> String {
    let mut out = format!(
        "Source: {}\nReference time: {}; Unhealthy since {}\n",
        report.source.description,
        super::time::instant(report.now),
        super::time::instant(report.unhealthy_since),
    );
    for p in &report.predictions {
        out.push('\n');
        out.push_str(&binding_text(p, report.now));
    }
    out
}

/// One binding's application failover, as `dry-run --app-unhealthy` and `policy explain`
/// print it.
pub fn binding_text(p: &AppFailoverPrediction, now: Timestamp) -> String {
    let mut out = String::new();
    if !p.configured {
        out.push_str(&format!(
            "Application failover of {}: not configured (no spec.failover.application)\n",
            p.binding
        ));
        return out;
    }
    out.push_str(&format!(
        "Application failover of {} (tolerationSeconds {}, purgeMode {}):\n",
        p.binding,
        p.toleration_seconds.unwrap_or_default(),
        p.purge_mode.as_deref().unwrap_or_default()
    ));
    let mut table = super::table(["CLUSTER", "REPLICAS", "HEALTH", "ARMED", "EVICTION", "TASK"]);
    for c in &p.clusters {
        table.add_row([
            c.cluster.clone(),
            c.replicas.to_string(),
            health(c),
            if c.armed { "yes" } else { "no" }.to_string(),
            eviction(c, now),
            task(c),
        ]);
    }
    out.push_str(&format!("{table}\n"));
    if !p.evicted.is_empty() {
        let to = match (&p.predicted, &p.prediction_error) {
            (Some(clusters), _) => super::placement(clusters),
            (None, Some(e)) => format!("nowhere: {}", e.message),
            (None, None) => "nowhere".into(),
        };
        out.push_str(&format!("Leaves {}; goes to {to}\n", p.evicted.join(", ")));
    }
    if let Some(old) = p.old_copy {
        out.push_str(&format!("Old copy: {}\n", old_copy(old)));
    }
    if let Some(r) = &p.returns {
        out.push_str(&format!("Then: {}\n", r.message));
    }
    if let Some(at) = &p.returns_at {
        let to = p
            .returns_to
            .as_ref()
            .map(|c| super::placement(c))
            .unwrap_or_else(|| "its clusters".into());
        out.push_str(&format!("Back: {to} at {}\n", window(at, now, "")));
    }
    out.push_str("Why:\n");
    for c in &p.clusters {
        for r in &c.reasons {
            out.push_str(&format!("  {}: {}: {}\n", c.cluster, r.code, r.message));
        }
    }
    out
}

fn health(c: &AppClusterView) -> String {
    match (&c.health, c.unhealthy) {
        (Some(h), true) if h != "Unhealthy" => format!("{h} -> Unhealthy"),
        (None, true) => "Unhealthy".into(),
        (Some(h), _) => h.clone(),
        (None, false) => "-".into(),
    }
}

fn eviction(c: &AppClusterView, now: Timestamp) -> String {
    match &c.eviction {
        None => "-".into(),
        Some(w) => window(w, now, " (next event)"),
    }
}

/// `12:00:30 .. 12:00:32 (+32s)`, or `after 12:00:30{open}` without a latest moment.
fn window(w: &EvictionWindow, now: Timestamp, open: &str) -> String {
    match w.latest {
        Some(latest) => format!(
            "{} .. {} ({})",
            clock(w.earliest, now),
            clock(latest, now),
            offset(latest, now)
        ),
        None => format!("after {}{open}", clock(w.earliest, now)),
    }
}

fn task(c: &AppClusterView) -> String {
    let Some(t) = &c.task else { return "-".into() };
    let mut s = format!("{} {}", t.reason, t.purge_mode.as_deref().unwrap_or("-"));
    if t.suppress_deletion == Some(true) {
        s.push_str(", old copy held");
    }
    if let Some(g) = t.grace_period_seconds {
        s.push_str(&format!(", grace {g}s"));
    }
    if let Some(labels) = &t.preserved_label_state {
        s.push_str(&format!(", {} label(s) carried", labels.len()));
    }
    s
}

/// What happens to the old copy, in words.
pub fn old_copy(old: OldCopy) -> &'static str {
    match old {
        OldCopy::DeletedAtOnce => "deleted at once, before the new copy exists (Directly)",
        OldCopy::KeptUntilHealthyElsewhere => {
            "kept until the new placement is Healthy, or the grace period (else --graceful-eviction-timeout) passes (Gracefully)"
        }
        OldCopy::HeldUntilConfirmed => {
            "kept beside the new replicas indefinitely (Never: suppressDeletion); `karmadactl evictions confirm` removes it"
        }
    }
}
