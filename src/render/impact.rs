//! The impact preview of an evicting taint, on stderr (stdout stays the command's report).

use super::time::{clock, offset};
use crate::engine::vocabulary::settings::{Provenance, RememberedFrom, Setting};
use crate::ops::impact::ImpactPreview;

/// Rows shown before the rest is summarized.
const MAX_ROWS: usize = 20;

/// The preview as lines for stderr, saying where each assumed setting came from.
pub fn text(p: &ImpactPreview, from: &Provenance, remembered: Option<&RememberedFrom>) -> String {
    if p.placements.is_empty() {
        return format!(
            "Impact: no binding is placed on {}.\n",
            p.targets.join(", ")
        );
    }
    let src = |k: Setting| from.of(k).as_str();
    let mut out = format!(
        "Impact (assuming Failover={} ({}), enable-no-execute-taint-eviction={} ({}), {} queue; see --feature-gates or `karmadactl failover settings`): {} of {} binding placement(s) would be evicted\n",
        p.assumed.failover_feature_gate,
        src(Setting::FeatureGates),
        p.assumed.enable_no_execute_taint_eviction,
        src(Setting::EnableNoExecuteTaintEviction),
        p.queue.model,
        p.evicted,
        p.placements.len()
    );
    out += &format!(
        "  Karmada: {}\n",
        super::karmada_line(&p.assumed, from.of(Setting::KarmadaVersion))
    );
    if let Some(r) = remembered {
        out += &format!("  remembered: {}\n", super::remembered_line(r));
    }
    for o in p.placements.iter().take(MAX_ROWS) {
        let when = match o.at_between {
            Some(b) => format!(
                " between {} and {} ({} to {}: upstream's listing order decides)",
                clock(b.earliest, p.now),
                clock(b.latest, p.now),
                offset(b.earliest, p.now),
                offset(b.latest, p.now)
            ),
            None => {
                o.at.or(o.due)
                    .map(|t| format!(" at {} ({})", clock(t, p.now), offset(t, p.now)))
                    .unwrap_or_default()
            }
        };
        out += &format!(
            "  {} on {}: {}{when} [{}]\n",
            o.binding,
            o.cluster,
            o.verdict.as_str(),
            o.rule().code
        );
    }
    if p.placements.len() > MAX_ROWS {
        out += &format!(
            "  ... and {} more (karmadactl dry-run shows them all)\n",
            p.placements.len() - MAX_ROWS
        );
    }
    if p.evicted > 0 {
        out += &super::capacity::text(&p.capacity, "  ");
    }
    out
}
