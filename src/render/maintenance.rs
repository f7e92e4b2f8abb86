//! `maintenance plan` as text: the verdict, then each wave with what it moves where,
//! whether it fits, and what refuses it; the clusters that cannot leave at all.

use std::fmt::Write as _;

use colored::Colorize;

use crate::engine::decide::maintenance::{MaintenancePlan, Wave};

pub use super::maintenance_run::{ended_text, status_text, Progress};

/// Moves listed per wave unless wide.
const MOVES_SHOWN: usize = 10;

fn wave_text(s: &mut String, w: &Wave, wide: bool) {
    let state = if w.safe() {
        "safe".green().to_string()
    } else {
        "REFUSED".red().bold().to_string()
    };
    let _ = writeln!(
        s,
        "\nWave {}: {} ({} replicas placed there)  {state}",
        w.number,
        w.clusters.join(", "),
        w.replicas_placed
    );
    if w.moves.is_empty() {
        let _ = writeln!(s, "  moves nothing");
    } else {
        let _ = writeln!(
            s,
            "  moves {} binding(s), {} replicas; {} replicas Pending where they land",
            w.moves.len(),
            w.replicas_moving,
            w.capacity.pending_replicas
        );
    }
    let shown = if wide { w.moves.len() } else { MOVES_SHOWN };
    for m in w.moves.iter().take(shown) {
        let to =
            m.to.as_ref()
                .map_or("(no placement predicted)".to_string(), |t| {
                    super::placement(t)
                });
        let _ = writeln!(s, "    {}  {} -> {to}", m.binding, m.from.join(","));
    }
    if w.moves.len() > shown {
        let _ = writeln!(s, "    ... and {} more (-o wide)", w.moves.len() - shown);
    }
    for r in &w.refusals {
        let _ = writeln!(s, "  {} {}", "refused:".red(), r.message);
    }
}

/// The plan as text.
pub fn text(source: &str, p: &MaintenancePlan, wide: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Maintenance plan for {source}");
    let _ = writeln!(s, "Verdict: {}", p.verdict);
    for w in &p.waves {
        wave_text(&mut s, w, wide);
    }
    if !p.cannot_leave.is_empty() {
        let _ = writeln!(s, "\nCannot be taken out even alone:");
        for (c, reasons) in &p.cannot_leave {
            for r in reasons {
                let _ = writeln!(s, "  {c}: {}", r.message);
            }
        }
    }
    s
}
