//! Maintenance as a Gantt: `maintenance plan` a row per cluster with its wave as a bar
//! (x is the wave: the plan has no clock), `maintenance status` a row per cluster with
//! its steps over time from the run's record; under either, the clusters out of service
//! against `--max-unavailable`. Beyond [`ROW_LIMIT`] clusters, one row per wave.

use jiff::Timestamp;

use super::scale::{offset, TimeScale};
use super::svg::{clip, Anchor, Rect, Svg};
use super::timeline::legend;
use super::Picture;
use crate::engine::decide::maintenance::MaintenancePlan;
use crate::engine::decide::maintenance_run::{RunState, Step};

/// Cluster rows drawn one by one; beyond, a row per wave.
pub const ROW_LIMIT: usize = 60;

const WIDTH: f64 = 1100.0;
const ROW: f64 = 18.0;
const LABEL_W: f64 = 200.0;
const NOTE_W: f64 = 160.0;
const STRIP: f64 = 70.0;

const PLAN_LEGEND: &[(&str, &str)] = &[
    ("safe", "wave: safe"),
    ("refused", "wave: refused"),
    ("queue", "clusters out of service"),
    ("limit", "--max-unavailable"),
];

/// `maintenance plan` as a Gantt over the waves.
pub fn plan(p: &MaintenancePlan, source: &str) -> Picture {
    let waves = p.waves.len().max(1);
    let per_cluster = p.waves.iter().map(|w| w.clusters.len()).sum::<usize>() <= ROW_LIMIT;
    let rows: Vec<(String, usize)> = if per_cluster {
        p.waves
            .iter()
            .enumerate()
            .flat_map(|(i, w)| w.clusters.iter().map(move |c| (c.clone(), i)))
            .collect()
    } else {
        p.waves
            .iter()
            .enumerate()
            .map(|(i, w)| {
                (
                    format!("wave {} ({} clusters)", w.number, w.clusters.len()),
                    i,
                )
            })
            .collect()
    };
    let shown = rows.len().min(ROW_LIMIT * 4);
    let title = "maintenance plan: the waves".to_string();
    let head = 80.0;
    let height = head + ROW * (shown as f64 + 1.0) + STRIP + 60.0 + 40.0;
    let plot_w = WIDTH - LABEL_W - NOTE_W;
    let slot = plot_w / waves as f64;
    let mut svg = Svg::new(WIDTH, height, &title, &p.verdict, &super::palette::css());
    svg.facts(
        "wave-scale",
        &[
            ("left", super::svg::num(LABEL_W)),
            ("slot", super::svg::num(slot)),
            ("waves", waves.to_string()),
        ],
    );
    svg.heading(
        &title,
        &[
            (
                "muted",
                &format!(
                    "Source: {source}; at most {} out at once",
                    p.max_unavailable
                ),
            ),
            (
                if p.safe() { "muted" } else { "refused" },
                &clip(&p.verdict, 150),
            ),
        ],
    );
    let top = head;
    for i in 0..waves {
        let x = LABEL_W + slot * i as f64;
        svg.line(x, top - 4.0, x, top + ROW * shown as f64 + STRIP, "grid");
        if waves <= 40 || i % waves.div_ceil(40) == 0 {
            svg.text(
                x + slot / 2.0,
                top - 8.0,
                Anchor::Middle,
                "muted small",
                &format!("{}", i + 1),
            );
        }
    }
    svg.text(LABEL_W - 8.0, top - 8.0, Anchor::End, "muted small", "wave");
    let mut y = top;
    for (i, (label, wave)) in rows.iter().take(shown).enumerate() {
        let w = &p.waves[*wave];
        if i % 2 == 0 {
            svg.rect_plain(LABEL_W, y, plot_w, ROW, "row");
        }
        svg.text(24.0, y + 13.0, Anchor::Start, "fg", &clip(label, 28));
        let what = format!(
            "{label}: wave {} ({}), moves {} binding(s), {} replicas, {} Pending{}",
            w.number,
            if w.safe() { "safe" } else { "refused" },
            w.moving(),
            w.replicas_moving,
            w.capacity.pending_replicas,
            w.refusals
                .first()
                .map_or(String::new(), |r| format!("; refused: {}", r.message))
        );
        svg.rect(&Rect {
            x: LABEL_W + slot * *wave as f64 + 1.0,
            y: y + 3.0,
            w: (slot - 2.0).max(1.0),
            h: ROW - 6.0,
            class: if w.safe() { "safe" } else { "refused" },
            title: &what,
            mark: "wave",
        });
        svg.text(
            WIDTH - NOTE_W + 8.0,
            y + 13.0,
            Anchor::Start,
            "muted small",
            &format!("{} moves", w.moving()),
        );
        y += ROW;
    }
    if rows.len() > shown {
        svg.text(
            24.0,
            y + 13.0,
            Anchor::Start,
            "muted small",
            &format!("{} more rows not drawn", rows.len() - shown),
        );
    } else if !per_cluster {
        svg.text(
            24.0,
            y + 13.0,
            Anchor::Start,
            "muted small",
            &format!("more than {ROW_LIMIT} clusters: one row per wave"),
        );
    }
    y += ROW;
    // Out of service per wave against the limit.
    let max = p
        .waves
        .iter()
        .map(|w| w.clusters.len())
        .max()
        .unwrap_or(0)
        .max(p.max_unavailable)
        .max(1);
    let base = y + STRIP - 6.0;
    let h = STRIP - 16.0;
    svg.text(12.0, y + 20.0, Anchor::Start, "fg", "Out of service");
    for (i, w) in p.waves.iter().enumerate() {
        let bh = h * w.clusters.len() as f64 / max as f64;
        svg.rect(&Rect {
            x: LABEL_W + slot * i as f64 + 1.0,
            y: base - bh,
            w: (slot - 2.0).max(1.0),
            h: bh,
            class: "queue",
            title: &format!("wave {}: {} cluster(s) out", w.number, w.clusters.len()),
            mark: "out",
        });
    }
    let ly = base - h * p.max_unavailable as f64 / max as f64;
    svg.line(LABEL_W, ly, LABEL_W + plot_w, ly, "limit");
    svg.text(
        LABEL_W + plot_w + 8.0,
        ly + 4.0,
        Anchor::Start,
        "limit small",
        &format!("max {}", p.max_unavailable),
    );
    svg.line(LABEL_W, base, LABEL_W + plot_w, base, "axis");
    y += STRIP + 16.0;
    if !p.cannot_leave.is_empty() {
        let names: Vec<&str> = p.cannot_leave.keys().map(String::as_str).collect();
        svg.text(
            12.0,
            y,
            Anchor::Start,
            "refused small",
            &clip(
                &format!("cannot be taken out even alone: {}", names.join(", ")),
                170,
            ),
        );
    }
    y += 14.0;
    legend(&mut svg, PLAN_LEGEND, y);
    Picture {
        title,
        svg: svg.finish(),
        legend: PLAN_LEGEND.to_vec(),
    }
}

const STATUS_LEGEND: &[(&str, &str)] = &[
    ("evicted", "draining, evacuating"),
    ("down", "maintaining"),
    ("unknown", "gating"),
    ("placed", "returning, soaking"),
    ("up", "done"),
    ("outside", "failed"),
    ("queue", "clusters out of service"),
    ("limit", "--max-unavailable"),
];

fn step_class(s: &str) -> Option<(&'static str, &'static str)> {
    Some(match s {
        "draining" => ("evicted", "draining"),
        "evacuating" => ("evicted", "evacuating"),
        "maintaining" => ("down", "maintaining"),
        "gating" => ("unknown", "gating"),
        "returning" => ("placed", "returning"),
        "soaking" => ("placed", "soaking"),
        "done" => ("up", "done"),
        "failed" => ("outside", "failed"),
        _ => return None,
    })
}

/// Each cluster's steps over time, from the run's record (and its current step since
/// its `since`), up to `now`.
/// A step a cluster was in: from, to, the step's word.
type Span = (Timestamp, Timestamp, String);

fn spans(run: &RunState, now: Timestamp) -> Vec<(String, Vec<Span>)> {
    run.clusters
        .iter()
        .map(|c| {
            let mut moments: Vec<(Timestamp, String)> = run
                .record
                .iter()
                .filter(|t| t.cluster.as_deref() == Some(c.name.as_str()))
                .map(|t| (t.at, t.to.clone()))
                .collect();
            if c.step != Step::Pending
                && !moments
                    .iter()
                    .any(|(at, to)| *at == c.since && to == c.step.as_str())
            {
                moments.push((c.since, c.step.as_str().to_string()));
            }
            moments.sort();
            let mut out = Vec::new();
            for (i, (at, to)) in moments.iter().enumerate() {
                let end = moments.get(i + 1).map_or(now, |m| m.0).max(*at);
                out.push((*at, end, to.clone()));
            }
            (c.name.clone(), out)
        })
        .collect()
}

/// `maintenance status` as a Gantt over time.
pub fn status(run: &RunState, now: Timestamp) -> Picture {
    let spans = spans(run, now);
    let origin = run.created_at;
    let title = format!("maintenance status: run {}", run.id);
    let shown = spans.len().min(ROW_LIMIT * 4);
    let head = 80.0;
    let height = head + ROW * (shown as f64 + 1.0) + STRIP + 40.0 + 60.0;
    let plot_w = WIDTH - LABEL_W - NOTE_W;
    let scale = TimeScale::new(origin, now.max(origin), LABEL_W, plot_w);
    let mut svg = Svg::new(
        WIDTH,
        height,
        &title,
        &format!("{:?} at {}", run.phase, crate::render::time::instant(now)),
        &super::palette::css(),
    );
    svg.facts(
        "time-scale",
        &[
            ("origin", crate::render::time::instant(origin)),
            ("origin-ms", origin.as_millisecond().to_string()),
            ("span-seconds", super::svg::num(scale.span)),
            ("left", super::svg::num(scale.left)),
            ("width", super::svg::num(scale.width)),
        ],
    );
    let started = format!(
        "started {}, looked at {}; at most {} out at once",
        crate::render::time::instant(origin),
        crate::render::time::instant(now),
        run.settings.max_unavailable
    );
    let reason = clip(&run.reason, 150);
    let mut lines = vec![("muted", started.as_str())];
    if !run.reason.is_empty() {
        lines.push(("muted", reason.as_str()));
    }
    svg.heading(&title, &lines);
    let top = head;
    for s in scale.ticks(12) {
        let x = scale.x_secs(s as f64);
        svg.line(x, top - 4.0, x, top + ROW * shown as f64 + STRIP, "grid");
        svg.text(x, top - 8.0, Anchor::Middle, "muted small", &offset(s));
    }
    let mut y = top;
    for (i, (name, steps)) in spans.iter().take(shown).enumerate() {
        if i % 2 == 0 {
            svg.rect_plain(LABEL_W, y, plot_w, ROW, "row");
        }
        svg.text(24.0, y + 13.0, Anchor::Start, "fg", &clip(name, 28));
        for (from, to, step) in steps {
            let Some((class, mark)) = step_class(step) else {
                continue;
            };
            let (x0, x1) = (scale.x(*from), scale.x(*to));
            svg.rect(&Rect {
                x: x0,
                y: y + 3.0,
                w: (x1 - x0).max(2.0),
                h: ROW - 6.0,
                class,
                title: &format!(
                    "{name}: {step} from {} to {}",
                    crate::render::time::instant(*from),
                    crate::render::time::instant(*to)
                ),
                mark,
            });
        }
        let last = steps.last().map_or("pending", |s| s.2.as_str());
        svg.text(
            WIDTH - NOTE_W + 8.0,
            y + 13.0,
            Anchor::Start,
            "muted small",
            last,
        );
        y += ROW;
    }
    if spans.len() > shown {
        svg.text(
            24.0,
            y + 13.0,
            Anchor::Start,
            "muted small",
            &format!("{} more clusters not drawn", spans.len() - shown),
        );
    }
    y += ROW;
    // Out of service over time: from draining until it leaves returning, or failed in between.
    let mut changes: std::collections::BTreeMap<Timestamp, i64> = std::collections::BTreeMap::new();
    for (_, steps) in &spans {
        let out: Vec<&Span> = steps
            .iter()
            .filter(|s| {
                matches!(
                    s.2.as_str(),
                    "draining" | "evacuating" | "maintaining" | "gating" | "returning" | "failed"
                )
            })
            .collect();
        if let (Some(first), Some(last)) = (out.first(), out.last()) {
            *changes.entry(first.0).or_default() += 1;
            if last.2 != "failed" {
                *changes.entry(last.1).or_default() -= 1;
            }
        }
    }
    let mut depth = 0i64;
    let series: Vec<(Timestamp, i64)> = changes
        .into_iter()
        .map(|(t, d)| {
            depth += d;
            (t, depth.max(0))
        })
        .collect();
    let max = series
        .iter()
        .map(|s| s.1)
        .max()
        .unwrap_or(0)
        .max(run.settings.max_unavailable as i64)
        .max(1);
    let base = y + STRIP - 6.0;
    let h = STRIP - 16.0;
    svg.text(12.0, y + 20.0, Anchor::Start, "fg", "Out of service");
    let mut pts = vec![(scale.left, base)];
    let mut last = 0i64;
    for (at, d) in &series {
        let x = scale.x(*at);
        pts.push((x, base - h * last as f64 / max as f64));
        pts.push((x, base - h * *d as f64 / max as f64));
        last = *d;
    }
    pts.push((scale.x(now), base - h * last as f64 / max as f64));
    pts.push((scale.x(now), base));
    svg.polygon(
        &pts,
        "queue",
        "out",
        &format!(
            "clusters out of service over time, at most {} at once",
            series.iter().map(|s| s.1).max().unwrap_or(0)
        ),
    );
    let ly = base - h * run.settings.max_unavailable as f64 / max as f64;
    svg.line(LABEL_W, ly, LABEL_W + plot_w, ly, "limit");
    svg.text(
        LABEL_W + plot_w + 8.0,
        ly + 4.0,
        Anchor::Start,
        "limit small",
        &format!("max {}", run.settings.max_unavailable),
    );
    svg.line(LABEL_W, base, LABEL_W + plot_w, base, "axis");
    y += STRIP + 20.0;
    legend(&mut svg, STATUS_LEGEND, y);
    Picture {
        title,
        svg: svg.finish(),
        legend: STATUS_LEGEND.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::decide::maintenance_run::{
        advance, enter, new_run, Ended, Holder, RunSettings,
    };

    fn t(s: i64) -> Timestamp {
        Timestamp::from_second(1_800_000_000 + s).unwrap()
    }

    fn run() -> RunState {
        let settings = RunSettings {
            max_unavailable: 1,
            max_failures: 0,
            hook: Some("true".into()),
            cluster_context: "{cluster}".into(),
            hook_timeout_seconds: 60,
            evacuate_timeout_seconds: 60,
            stable_for_seconds: 0,
            gate_timeout_seconds: 60,
            soak_seconds: 30,
            purge_mode: None,
            min_available_clusters: None,
            max_in_flight: 8,
            eviction_rate: None,
            unhealthy_cluster_threshold: 0.55,
            failback_max_concurrent: 5,
            failback_min_success_seconds: 0,
            failback_progress_deadline_seconds: 60,
        };
        let holder = Holder {
            id: "a".into(),
            host: "ops-1".into(),
            pid: 42,
            process_start: "7".into(),
            since: t(0),
            renewed_at: t(0),
        };
        let waves = vec![vec!["m1".to_string()], vec!["m2".to_string()]];
        let mut s = new_run("r1".into(), waves, settings, holder, t(0));
        let m1 = ["m1".to_string()];
        enter(&mut s, &m1, Step::Draining, "cordoning", t(10));
        let mut at = 10;
        for step in [
            Step::Draining,
            Step::Evacuating,
            Step::Maintaining,
            Step::Gating,
            Step::Returning,
            Step::Soaking,
        ] {
            at += 60;
            advance(&mut s, "m1", step, &Ended::Done("ok".into()), t(at));
        }
        enter(
            &mut s,
            &["m2".to_string()],
            Step::Draining,
            "cordoning",
            t(at + 5),
        );
        s
    }

    #[test]
    fn a_run_is_drawn_step_by_step_and_the_same_every_time() {
        let s = run();
        let p = status(&s, t(600));
        let svg = &p.svg;
        for mark in ["draining", "maintaining", "gating", "done", "out"] {
            assert!(svg.contains(&format!("data-mark=\"{mark}\"")), "{mark}");
        }
        assert!(svg.contains("m1: maintaining from"));
        assert!(svg.contains("max 1"));
        assert_eq!(svg, &status(&s, t(600)).svg);
        assert!(!svg.contains("<script"));
    }
}
