//! Room against arrivals: per cluster replicas land on, three bars (pods, CPU, memory),
//! each the room before the arrivals (grey) with what arrives over it (blue where it
//! fits, red past the room), and the replicas left Pending said in words. `failover
//! capacity` draws one row per loss (the clusters' room and arrivals summed), the
//! losses the fleet does not carry first.

use super::svg::{clip, Anchor, Rect, Svg};
use super::timeline::legend;
use super::Picture;
use crate::engine::predict::capacity::{CapacityReport, ClusterFit, Resources};
use crate::engine::predict::losses::FleetCapacity;
use crate::render::capacity::{cpu, memory};

/// Rows drawn one by one; beyond, the fullest (most Pending, then most arriving) and a
/// line saying how many more.
pub const ROW_LIMIT: usize = 40;

const WIDTH: f64 = 1100.0;
const ROW: f64 = 22.0;
const LABEL_W: f64 = 220.0;
const BAR_W: f64 = 220.0;
const GAP: f64 = 30.0;

const LEGEND: &[(&str, &str)] = &[
    ("room", "room before the arrivals"),
    ("arriving", "arriving, fits"),
    ("pending", "arriving past the room: stays Pending"),
];

/// One row: a label, the three measures, a note.
struct Line {
    label: String,
    room: Resources,
    arriving: Resources,
    pending: i64,
    note: String,
    title: String,
}

fn fit_line(c: &ClusterFit) -> Line {
    let whose: Vec<&str> = c
        .at_risk
        .iter()
        .take(5)
        .map(|a| a.binding.as_str())
        .collect();
    Line {
        label: c.cluster.clone(),
        room: c.room.clone(),
        arriving: c.arriving.clone(),
        pending: c.pending_replicas,
        note: if c.pending_replicas > 0 {
            format!("{} of {} Pending", c.pending_replicas, c.arriving_replicas)
        } else {
            format!("{} arriving, all fit", c.arriving_replicas)
        },
        title: if whose.is_empty() {
            String::new()
        } else {
            format!("; at risk: {}", whose.join(", "))
        },
    }
}

/// The fullest first, at most [`ROW_LIMIT`].
fn fullest(fits: &[ClusterFit]) -> (Vec<&ClusterFit>, usize) {
    let mut v: Vec<&ClusterFit> = fits.iter().collect();
    if v.len() > ROW_LIMIT {
        v.sort_by(|a, b| {
            b.pending_replicas
                .cmp(&a.pending_replicas)
                .then(b.arriving_replicas.cmp(&a.arriving_replicas))
                .then(a.cluster.cmp(&b.cluster))
        });
        let more = v.len() - ROW_LIMIT;
        v.truncate(ROW_LIMIT);
        return (v, more);
    }
    (v, 0)
}

fn measures(r: &Resources) -> [(f64, String); 3] {
    [
        (r.pods as f64, r.pods.to_string()),
        (r.cpu_milli as f64, cpu(r.cpu_milli)),
        (r.memory_bytes as f64, memory(r.memory_bytes)),
    ]
}

fn add(sum: &mut Resources, r: &Resources) {
    sum.pods = sum.pods.saturating_add(r.pods);
    sum.cpu_milli = sum.cpu_milli.saturating_add(r.cpu_milli);
    sum.memory_bytes = sum.memory_bytes.saturating_add(r.memory_bytes);
}

const NAMES: [&str; 3] = ["pods", "cpu", "memory"];

fn draw_lines(svg: &mut Svg, lines: &[Line], mut y: f64) -> f64 {
    for (k, name) in NAMES.iter().enumerate() {
        svg.text(
            LABEL_W + k as f64 * (BAR_W + GAP),
            y + 12.0,
            Anchor::Start,
            "muted small",
            &format!("{name}: room / arriving"),
        );
    }
    y += 18.0;
    for (i, l) in lines.iter().enumerate() {
        if i % 2 == 0 {
            svg.rect_plain(12.0, y, WIDTH - 24.0, ROW, "row");
        }
        svg.text(24.0, y + 15.0, Anchor::Start, "fg", &clip(&l.label, 30));
        let room = measures(&l.room);
        let arriving = measures(&l.arriving);
        for k in 0..3 {
            let x = LABEL_W + k as f64 * (BAR_W + GAP);
            let (rv, rs) = (&room[k].0, &room[k].1);
            let (av, as_) = (&arriving[k].0, &arriving[k].1);
            let max = rv.max(*av).max(1.0);
            let rw = super::scale::length(rv.max(0.0), max, BAR_W);
            let aw = super::scale::length(*av, max, BAR_W);
            let what = format!(
                "{}: {}: room {rs}, arriving {as_}{}",
                l.label, NAMES[k], l.title
            );
            svg.rect(&Rect {
                x,
                y: y + 3.0,
                w: rw,
                h: ROW - 6.0,
                class: "room",
                title: &what,
                mark: "room",
            });
            let fits = aw.min(rw);
            if fits > 0.0 {
                svg.rect(&Rect {
                    x,
                    y: y + 7.0,
                    w: fits,
                    h: ROW - 14.0,
                    class: "arriving",
                    title: &what,
                    mark: "arriving",
                });
            }
            if aw > rw {
                svg.rect(&Rect {
                    x: x + rw,
                    y: y + 5.0,
                    w: aw - rw,
                    h: ROW - 10.0,
                    class: "pending",
                    title: &format!("{what}: past the room"),
                    mark: "over",
                });
            }
        }
        svg.text(
            LABEL_W + 3.0 * (BAR_W + GAP) - GAP + 8.0,
            y + 15.0,
            Anchor::Start,
            if l.pending > 0 {
                "pending small"
            } else {
                "muted small"
            },
            &clip(&l.note, 24),
        );
        y += ROW;
    }
    y
}

/// The height of [`section`] for `c`.
pub fn section_height(c: &CapacityReport) -> f64 {
    let (shown, more) = fullest(&c.clusters);
    40.0 + 18.0
        + ROW * shown.len().max(1) as f64
        + if more + c.omitted_clusters > 0 {
            18.0
        } else {
            0.0
        }
        + 40.0
}

/// The capacity of one burst, drawn from `y` (the dry-run picture's last part).
pub fn section(svg: &mut Svg, c: &CapacityReport, y: f64, title: &str) {
    let (shown, more) = fullest(&c.clusters);
    svg.text(12.0, y + 20.0, Anchor::Start, "fg", title);
    svg.text(
        12.0,
        y + 36.0,
        Anchor::Start,
        if c.pending_replicas > 0 {
            "pending small"
        } else {
            "muted small"
        },
        &format!(
            "{} replicas arrive on {} cluster(s); {} stay Pending",
            c.arriving_replicas, c.arriving_clusters, c.pending_replicas
        ),
    );
    let lines: Vec<Line> = shown.into_iter().map(fit_line).collect();
    let mut y = if lines.is_empty() {
        svg.text(
            24.0,
            y + 58.0,
            Anchor::Start,
            "muted",
            "nothing arrives anywhere",
        );
        y + 58.0 + ROW
    } else {
        draw_lines(svg, &lines, y + 40.0)
    };
    let left_out = more + c.omitted_clusters;
    if left_out > 0 {
        svg.text(
            24.0,
            y + 14.0,
            Anchor::Start,
            "muted small",
            &format!("{left_out} more cluster(s) not drawn: the {ROW_LIMIT} fullest are"),
        );
        y += 18.0;
    }
    legend(svg, LEGEND, y + 12.0);
}

/// `failover capacity`: one row per loss.
pub fn losses(fc: &FleetCapacity, source: &str) -> Picture {
    let mut order: Vec<usize> = (0..fc.losses.len()).collect();
    let more = order.len().saturating_sub(ROW_LIMIT);
    if more > 0 {
        order.sort_by_key(|&i| {
            let l = &fc.losses[i];
            (
                l.survives(),
                std::cmp::Reverse(l.capacity.pending_replicas),
                std::cmp::Reverse(l.replicas_moving),
                i,
            )
        });
        order.truncate(ROW_LIMIT);
    }
    let lines: Vec<Line> = order
        .iter()
        .map(|&i| {
            let l = &fc.losses[i];
            let mut room = Resources::default();
            let mut arriving = Resources::default();
            for c in &l.capacity.clusters {
                add(&mut room, &c.room);
                add(&mut arriving, &c.arriving);
            }
            Line {
                label: format!("lose {}", l.lost.join(",")),
                room,
                arriving,
                pending: l.capacity.pending_replicas,
                note: if l.survives() {
                    format!("carried: {} moved", l.replicas_moving)
                } else if !l.nowhere.is_empty() {
                    format!("{} nowhere, {} Pending", l.nowhere.len(), l.capacity.pending_replicas)
                } else {
                    format!("{} Pending", l.capacity.pending_replicas)
                },
                title: format!(
                    "; {} replicas move to {} cluster(s), {} Pending, {} binding(s) with nowhere to go",
                    l.replicas_moving,
                    l.capacity.arriving_clusters,
                    l.capacity.pending_replicas,
                    l.nowhere.len()
                ),
            }
        })
        .collect();
    let title = "failover capacity: each loss, room against arrivals".to_string();
    let height = 70.0 + 18.0 + ROW * lines.len().max(1) as f64 + 40.0 + 40.0;
    let mut svg = Svg::new(WIDTH, height, &title, &fc.verdict, &super::palette::css());
    let verdict_class = if fc.failing().next().is_some() {
        "pending"
    } else {
        "muted"
    };
    svg.heading(
        &title,
        &[
            ("muted", &format!("Source: {source}")),
            (verdict_class, &clip(&fc.verdict, 150)),
        ],
    );
    let mut y = draw_lines(&mut svg, &lines, 64.0);
    if more > 0 {
        svg.text(24.0, y + 14.0, Anchor::Start, "muted small", &format!("{more} more loss(es) not drawn: those not carried first, then the most moved; room and arrivals summed over the clusters replicas land on"));
    } else {
        svg.text(
            24.0,
            y + 14.0,
            Anchor::Start,
            "muted small",
            "room and arrivals summed over the clusters the replicas land on",
        );
    }
    y += 24.0;
    legend(&mut svg, LEGEND, y);
    Picture {
        title,
        svg: svg.finish(),
        legend: LEGEND.to_vec(),
    }
}
