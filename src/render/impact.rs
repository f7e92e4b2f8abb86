//! The impact preview of an evicting taint, on stderr (stdout stays the command's report).

use super::time::{clock, offset};
use crate::ops::impact::ImpactPreview;

/// Rows shown before the rest is summarized.
const MAX_ROWS: usize = 20;

/// The preview as lines for stderr.
pub fn text(p: &ImpactPreview) -> String {
    if p.placements.is_empty() {
        return format!(
            "Impact: no binding is placed on {}.\n",
            p.targets.join(", ")
        );
    }
    let mut out = format!(
        "Impact (assuming Failover={}, enable-no-execute-taint-eviction={}, {} queue; see --feature-gates): {} of {} binding placement(s) would be evicted\n",
        p.assumed.failover_feature_gate,
        p.assumed.enable_no_execute_taint_eviction,
        p.queue.model,
        p.evicted,
        p.placements.len()
    );
    for o in p.placements.iter().take(MAX_ROWS) {
        let when =
            o.at.or(o.due)
                .map(|t| format!(" at {} ({})", clock(t, p.now), offset(t, p.now)))
                .unwrap_or_default();
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
    out
}
