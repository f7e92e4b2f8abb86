//! The failover as a timeline (`dry-run --outage`, `dry-run --cluster`, `failover
//! report`): x is time from the failure; a strip per failing cluster (answering, `Ready`,
//! each taint from when it comes), then a row per binding (tolerating, evicted and
//! re-placed, the old copy kept, the old copy gone), each predicted moment a band from
//! its earliest to its latest; the eviction queue's depth; for the report, the observed
//! moments as dots, in the band or outside it. Beyond [`ROW_LIMIT`] bindings the rows
//! are aggregated by namespace (by decision when the namespaces are too many too), and
//! the picture says so.

use std::collections::BTreeMap;

use jiff::Timestamp;

use super::scale::{offset, TimeScale};
use super::svg::{clip, num, text_width, Anchor, Rect, Svg};
use super::{capacity, Picture};
use crate::engine::decide::failover_report::Report;
use crate::engine::karmada::cluster_health::{Happens, Interval};
use crate::engine::predict::outage::BindingTimeline;
use crate::engine::predict::simulate::{Simulation, Verdict};
use crate::render::dry_run::DryRunReport;

/// Binding rows drawn one by one; beyond, they are aggregated.
pub const ROW_LIMIT: usize = 60;

/// Picture width.
const WIDTH: f64 = 1100.0;
const ROW: f64 = 20.0;
const BAND: f64 = 15.0;
const LABEL_MAX: usize = 44;

/// A stretch of time on a row.
#[derive(Clone, Debug)]
pub struct Band {
    pub from: Timestamp,
    /// `None`: to the right edge (it goes on).
    pub to: Option<Timestamp>,
    pub class: &'static str,
    pub mark: &'static str,
    /// Lane in the row: 0 the whole height, 1..=3 a third each, top to bottom.
    pub lane: u8,
    pub title: String,
}

/// An observed moment.
#[derive(Clone, Debug)]
pub struct Dot {
    pub at: Timestamp,
    pub class: &'static str,
    pub mark: &'static str,
    pub lane: u8,
    pub title: String,
}

/// One row.
#[derive(Clone, Debug, Default)]
pub struct Row {
    pub label: String,
    pub bands: Vec<Band>,
    pub dots: Vec<Dot>,
    /// Words after the row's last mark (a placement, the time away).
    pub note: String,
}

/// A titled group of rows.
#[derive(Clone, Debug, Default)]
pub struct Section {
    pub title: String,
    pub rows: Vec<Row>,
}

/// Everything the picture shows.
#[derive(Clone, Debug)]
pub struct Timeline {
    pub title: String,
    pub subtitle: Vec<String>,
    pub origin: Timestamp,
    /// The last moment worth showing.
    pub end: Timestamp,
    pub sections: Vec<Section>,
    /// The eviction queue's depth after each change.
    pub queue: Vec<(Timestamp, usize)>,
    /// Whether the queue strip is drawn (the predictions have a queue).
    pub queue_shown: bool,
    pub notes: Vec<String>,
    pub legend: Vec<(&'static str, &'static str)>,
}

fn band(i: &Interval, class: &'static str, mark: &'static str, lane: u8, title: String) -> Band {
    Band {
        from: i.earliest,
        to: Some(i.latest),
        class,
        mark,
        lane,
        title,
    }
}

fn between(i: &Interval, origin: Timestamp) -> String {
    let s = |t: Timestamp| offset(t.as_second() - origin.as_second());
    if i.earliest == i.latest {
        format!(
            "at {} ({})",
            crate::render::time::instant(i.earliest),
            s(i.earliest)
        )
    } else {
        format!(
            "between {} and {} ({} .. {})",
            crate::render::time::instant(i.earliest),
            crate::render::time::instant(i.latest),
            s(i.earliest),
            s(i.latest)
        )
    }
}

/// The namespace of `rb/NS/NAME`, `cluster-scoped` for `crb/NAME`.
fn namespace(binding: &str) -> String {
    let mut parts = binding.splitn(3, '/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("rb"), Some(ns), Some(_)) => ns.to_string(),
        _ => "cluster-scoped".into(),
    }
}

/// The queue's depth over time: a pair is queued from when its eviction is due until
/// the queue takes it.
fn queue_depth(sim: &Simulation) -> Vec<(Timestamp, usize)> {
    let mut changes: BTreeMap<Timestamp, i64> = BTreeMap::new();
    for o in &sim.outcomes {
        if let (Some(due), Some(at)) = (o.due, o.at) {
            if at > due {
                *changes.entry(due).or_default() += 1;
                *changes.entry(at).or_default() -= 1;
            }
        }
    }
    let mut depth = 0i64;
    changes
        .into_iter()
        .map(|(t, d)| {
            depth += d;
            (t, depth.max(0) as usize)
        })
        .collect()
}

fn placements(sim: &Simulation) -> BTreeMap<&str, String> {
    sim.predictions
        .iter()
        .filter_map(|p| {
            let c = p.clusters.as_ref()?;
            let s: Vec<String> = c.iter().map(|(n, r)| format!("{n}={r}")).collect();
            Some((p.binding.as_str(), s.join(",")))
        })
        .collect()
}

/// The rows of one binding on one cluster (outage mode).
fn outage_row(
    b: &BindingTimeline,
    from: Timestamp,
    placed: Option<&String>,
    origin: Timestamp,
) -> Row {
    let mut row = Row {
        label: format!("{} @ {}", b.binding, b.cluster),
        ..Row::default()
    };
    let tolerating_to = b.evicted.map(|e| e.earliest);
    row.bands.push(Band {
        from,
        to: tolerating_to,
        class: "tolerating",
        mark: "tolerating",
        lane: 0,
        title: match tolerating_to {
            Some(_) => format!(
                "{}: on {} until the eviction ({})",
                b.binding, b.cluster, b.rule.message
            ),
            None => format!(
                "{}: stays on {}: {} ({})",
                b.binding,
                b.cluster,
                b.verdict.as_str(),
                b.rule.message
            ),
        },
    });
    if let Some(e) = &b.evicted {
        row.bands.push(band(
            e,
            "evicted",
            "evicted",
            1,
            format!(
                "{} evicted from {} {}",
                b.binding,
                b.cluster,
                between(e, origin)
            ),
        ));
        let to = placed.map_or("no placement predicted".to_string(), |p| {
            format!("re-placed on {p}")
        });
        row.bands.push(band(
            e,
            "placed",
            "placed",
            2,
            format!(
                "{}: {to}, as the scheduler takes the eviction {}",
                b.binding,
                between(e, origin)
            ),
        ));
        match &b.old_copy_removed {
            Some(g) => {
                if g.earliest > e.latest {
                    row.bands.push(Band {
                        from: e.latest,
                        to: Some(g.earliest),
                        class: "oldcopy",
                        mark: "old-copy-kept",
                        lane: 3,
                        title: format!(
                            "{}: the old copy on {} stays until the new clusters report it Healthy (or the graceful timeout){}",
                            b.binding,
                            b.cluster,
                            b.old_copy.as_ref().map_or(String::new(), |r| format!(": {}", r.message))
                        ),
                    });
                }
                row.bands.push(band(
                    g,
                    "gone",
                    "old-copy-gone",
                    3,
                    format!(
                        "{}: old copy on {} gone {}",
                        b.binding,
                        b.cluster,
                        between(g, origin)
                    ),
                ));
                if b.capacity_dip {
                    row.bands.push(Band {
                        from: g.earliest,
                        to: Some(g.latest),
                        class: "dip",
                        mark: "capacity-dip",
                        lane: 1,
                        title: format!("capacity dip: the old copy of {} goes before the replicas added elsewhere exist", b.binding),
                    });
                }
            }
            None => row.bands.push(Band {
                from: e.latest,
                to: None,
                class: "oldcopy",
                mark: "old-copy-kept",
                lane: 3,
                title: format!(
                    "{}: the old copy on {} stays{}",
                    b.binding,
                    b.cluster,
                    b.old_copy
                        .as_ref()
                        .map_or(String::new(), |r| format!(": {}", r.message))
                ),
            }),
        }
        row.note = placed.map_or(String::new(), |p| format!("→ {p}"));
        if b.capacity_dip {
            row.note.push_str(" (capacity dip)");
        }
    } else {
        row.note = b.verdict.as_str().to_string();
    }
    row
}

/// A group's marks of one kind: the mark, the first start, the last end (none: goes
/// on), how many.
type GroupSpan = (&'static str, Timestamp, Option<Timestamp>, usize);

/// Aggregate rows: one per group, its bands the span of the group's moments.
fn aggregate(rows: Vec<(String, Row)>, what: &str) -> Vec<Row> {
    let mut groups: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for (key, row) in rows {
        groups.entry(key).or_default().push(row);
    }
    groups
        .into_iter()
        .map(|(key, rows)| {
            let n = rows.len();
            let moved = rows
                .iter()
                .filter(|r| r.bands.iter().any(|b| b.mark == "evicted"))
                .count();
            let mut spans: BTreeMap<(&'static str, u8), GroupSpan> = BTreeMap::new();
            for r in &rows {
                for b in &r.bands {
                    let e = spans
                        .entry((b.class, b.lane))
                        .or_insert((b.mark, b.from, b.to, 0));
                    e.1 = e.1.min(b.from);
                    e.2 = match (e.2, b.to) {
                        (Some(a), Some(b)) => Some(a.max(b)),
                        _ => None,
                    };
                    e.3 += 1;
                }
            }
            let bands = spans
                .into_iter()
                .map(|((class, lane), (mark, from, to, count))| Band {
                    from,
                    to,
                    class,
                    mark,
                    lane,
                    title: format!(
                        "{key}: {count} of {n} binding(s) {mark}, from the first to the last"
                    ),
                })
                .collect();
            Row {
                label: format!("{key} ({n} {what})"),
                bands,
                dots: rows.into_iter().flat_map(|r| r.dots).collect(),
                note: format!("{moved} of {n} evicted"),
            }
        })
        .collect()
}

/// Keep `rows`, or aggregate them by namespace (by `decision` when the namespaces are
/// too many), saying so in `notes`.
fn limit(rows: Vec<(String, String, Row)>, notes: &mut Vec<String>) -> Vec<Row> {
    if rows.len() <= ROW_LIMIT {
        return rows.into_iter().map(|(_, _, r)| r).collect();
    }
    let n = rows.len();
    let namespaces: std::collections::BTreeSet<&str> =
        rows.iter().map(|(ns, _, _)| ns.as_str()).collect();
    if namespaces.len() <= ROW_LIMIT {
        notes.push(format!("{n} binding rows: aggregated by namespace (more than {ROW_LIMIT}); each band spans the group's first to last moment"));
        aggregate(
            rows.into_iter().map(|(ns, _, r)| (ns, r)).collect(),
            "bindings",
        )
    } else {
        notes.push(format!("{n} binding rows over {} namespaces: aggregated by decision (more than {ROW_LIMIT} of either); each band spans the group's first to last moment", namespaces.len()));
        aggregate(
            rows.into_iter().map(|(_, d, r)| (d, r)).collect(),
            "bindings",
        )
    }
}

const PREDICTED_LEGEND: &[(&str, &str)] = &[
    ("up", "answering / Ready True"),
    ("down", "not answering / Ready False"),
    ("unknown", "Ready Unknown"),
    ("change", "when a change comes (earliest .. latest)"),
    ("taint", "taint on the cluster"),
    ("tolerating", "binding still on the cluster"),
    ("evicted", "evicted (earliest .. latest)"),
    ("placed", "re-placed by the scheduler"),
    (
        "oldcopy",
        "old copy kept (until Healthy where it went, or the timeout)",
    ),
    ("gone", "old copy gone"),
    ("dip", "capacity dip"),
    ("queue", "eviction queue depth"),
];

/// `dry-run` (`--outage` or `--cluster`) as a timeline.
pub fn dry_run(doc: &DryRunReport<'_>) -> Timeline {
    let sim = doc.simulation;
    let placed = placements(sim);
    let mut sections = Vec::new();
    let mut notes = Vec::new();
    let mut subtitle = vec![format!("Source: {}", doc.source.description)];
    let (origin, rows) = match &doc.outage {
        Some(o) => {
            let origin = o
                .clusters
                .iter()
                .map(|c| c.failed_at)
                .min()
                .unwrap_or(sim.now);
            for c in o.clusters {
                subtitle.push(format!(
                    "{} stops answering at {} ({}); {} cluster",
                    c.cluster,
                    crate::render::time::instant(c.failed_at),
                    c.mode,
                    c.sync_mode
                ));
                let back = c.recovery.as_ref().map(|r| r.back_at);
                let mut rows = vec![Row {
                    label: "answering".into(),
                    bands: vec![Band {
                        from: c.failed_at,
                        to: back,
                        class: "down",
                        mark: "not-answering",
                        lane: 0,
                        title: format!(
                            "{} not answering from {}{}",
                            c.cluster,
                            crate::render::time::instant(c.failed_at),
                            back.map_or(String::new(), |b| format!(
                                " to {}",
                                crate::render::time::instant(b)
                            ))
                        ),
                    }]
                    .into_iter()
                    .chain(back.map(|b| Band {
                        from: b,
                        to: None,
                        class: "up",
                        mark: "answering",
                        lane: 0,
                        title: format!(
                            "{} answering again from {}",
                            c.cluster,
                            crate::render::time::instant(b)
                        ),
                    }))
                    .collect(),
                    ..Row::default()
                }];
                let mut ready = Row {
                    label: "Ready".into(),
                    ..Row::default()
                };
                let back_ready = c
                    .recovery
                    .as_ref()
                    .and_then(|r| r.ready.as_ref())
                    .map(|r| r.at);
                match &c.ready {
                    Happens::Yes(ch) | Happens::Maybe(ch) => {
                        let maybe = matches!(c.ready, Happens::Maybe(_));
                        ready.bands.push(Band {
                            from: c.failed_at,
                            to: Some(ch.at.earliest),
                            class: "up",
                            mark: "ready-true",
                            lane: 0,
                            title: format!(
                                "{}: Ready True until the threshold runs out",
                                c.cluster
                            ),
                        });
                        ready.bands.push(band(
                            &ch.at,
                            "change",
                            "ready-change",
                            0,
                            format!(
                                "{}: Ready turns {} ({}) {}{}: {}",
                                c.cluster,
                                ch.status,
                                ch.reason,
                                between(&ch.at, origin),
                                if maybe {
                                    " (only if the probes fell that way)"
                                } else {
                                    ""
                                },
                                ch.rule.message
                            ),
                        ));
                        ready.bands.push(Band {
                            from: ch.at.latest,
                            to: back_ready.map(|i| i.earliest),
                            class: if ch.status == "Unknown" {
                                "unknown"
                            } else {
                                "down"
                            },
                            mark: if ch.status == "Unknown" {
                                "ready-unknown"
                            } else {
                                "ready-false"
                            },
                            lane: 0,
                            title: format!("{}: Ready {}", c.cluster, ch.status),
                        });
                        if let Some(i) = back_ready {
                            ready.bands.push(band(
                                &i,
                                "change",
                                "ready-change",
                                0,
                                format!("{}: Ready True again {}", c.cluster, between(&i, origin)),
                            ));
                            ready.bands.push(Band {
                                from: i.latest,
                                to: None,
                                class: "up",
                                mark: "ready-true",
                                lane: 0,
                                title: format!("{}: Ready True", c.cluster),
                            });
                        }
                    }
                    Happens::No(r) => ready.bands.push(Band {
                        from: c.failed_at,
                        to: None,
                        class: "up",
                        mark: "ready-true",
                        lane: 0,
                        title: format!("{}: Ready stays True: {}", c.cluster, r.message),
                    }),
                }
                rows.push(ready);
                for t in &c.taints {
                    let removed = c
                        .recovery
                        .as_ref()
                        .and_then(|r| r.removed.iter().find(|x| x.taint == t.taint))
                        .map(|x| x.at);
                    let mut row = Row {
                        label: clip(&t.taint, LABEL_MAX),
                        ..Row::default()
                    };
                    row.bands.push(band(
                        &t.at,
                        "change",
                        "taint-added",
                        0,
                        format!(
                            "{} gets {} (by {}) {}",
                            c.cluster,
                            t.taint,
                            t.by,
                            between(&t.at, origin)
                        ),
                    ));
                    row.bands.push(Band {
                        from: t.at.latest,
                        to: removed.map(|r| r.earliest),
                        class: "taint",
                        mark: "taint",
                        lane: 0,
                        title: format!("{} carries {} (by {})", c.cluster, t.taint, t.by),
                    });
                    if let Some(r) = removed {
                        row.bands.push(band(
                            &r,
                            "change",
                            "taint-removed",
                            0,
                            format!("{} loses {} {}", c.cluster, t.taint, between(&r, origin)),
                        ));
                    }
                    rows.push(row);
                }
                if let Some(r) = &c.no_noexecute {
                    notes.push(format!(
                        "{}: no NoExecute taint comes: {}",
                        c.cluster, r.message
                    ));
                }
                sections.push(Section {
                    title: format!("Cluster {}", c.cluster),
                    rows,
                });
            }
            let rows: Vec<(String, String, Row)> = o
                .bindings
                .iter()
                .map(|b| {
                    let from = o
                        .clusters
                        .iter()
                        .find(|c| c.cluster == b.cluster)
                        .map_or(origin, |c| c.failed_at);
                    (
                        namespace(&b.binding),
                        b.verdict.as_str().to_string(),
                        outage_row(b, from, placed.get(b.binding.as_str()), origin),
                    )
                })
                .collect();
            (origin, rows)
        }
        None => {
            let origin = sim.now;
            let taint = doc
                .scenario
                .taint
                .as_ref()
                .map(crate::api::taint::describe_taint);
            for c in &doc.scenario.targets {
                subtitle.push(format!(
                    "{c} tainted at {}{}",
                    crate::render::time::instant(origin),
                    taint
                        .as_ref()
                        .map_or(String::new(), |t| format!(" with {t}"))
                ));
                sections.push(Section {
                    title: format!("Cluster {c}"),
                    rows: vec![Row {
                        label: clip(taint.as_deref().unwrap_or("taint"), LABEL_MAX),
                        bands: vec![Band {
                            from: origin,
                            to: doc.scenario.recover_at,
                            class: "taint",
                            mark: "taint",
                            lane: 0,
                            title: format!(
                                "{c} carries {}",
                                taint.as_deref().unwrap_or("the scenario's taint")
                            ),
                        }],
                        ..Row::default()
                    }],
                });
            }
            let rows = sim
                .outcomes
                .iter()
                .map(|o| {
                    let mut row = Row {
                        label: format!("{} @ {}", o.binding, o.cluster),
                        ..Row::default()
                    };
                    let at = o.at_between.or(o.at.map(|a| Interval {
                        earliest: a,
                        latest: a,
                    }));
                    let evicted = matches!(o.verdict, Verdict::Evict | Verdict::EvictLater);
                    let until = if evicted {
                        at.map(|a| a.earliest)
                    } else {
                        None
                    };
                    row.bands.push(Band {
                        from: origin,
                        to: until,
                        class: "tolerating",
                        mark: "tolerating",
                        lane: 0,
                        title: format!(
                            "{}: on {}: {} ({})",
                            o.binding,
                            o.cluster,
                            o.verdict.as_str(),
                            o.rule().message
                        ),
                    });
                    if let (true, Some(a)) = (evicted, at) {
                        row.bands.push(band(
                            &a,
                            "evicted",
                            "evicted",
                            1,
                            format!(
                                "{} evicted from {} {}",
                                o.binding,
                                o.cluster,
                                between(&a, origin)
                            ),
                        ));
                        let p = placed.get(o.binding.as_str());
                        row.bands.push(band(
                            &a,
                            "placed",
                            "placed",
                            2,
                            format!(
                                "{}: {}",
                                o.binding,
                                p.map_or("no placement predicted".to_string(), |p| format!(
                                    "re-placed on {p}"
                                ))
                            ),
                        ));
                        row.note = p.map_or(String::new(), |p| format!("→ {p}"));
                    } else {
                        row.note = o.verdict.as_str().to_string();
                    }
                    (namespace(&o.binding), o.verdict.as_str().to_string(), row)
                })
                .collect();
            (origin, rows)
        }
    };
    let rows = limit(rows, &mut notes);
    sections.push(Section {
        title: "Bindings".into(),
        rows,
    });
    let end = last_moment(&sections).max(origin);
    Timeline {
        title: if doc.outage.is_some() {
            "dry-run --outage: the failover from the failure".into()
        } else {
            "dry-run: the failover from the taint".into()
        },
        subtitle,
        origin,
        end,
        sections,
        queue: queue_depth(sim),
        queue_shown: true,
        notes,
        legend: PREDICTED_LEGEND.to_vec(),
    }
}

/// The last finite moment of any band or dot.
fn last_moment(sections: &[Section]) -> Timestamp {
    sections
        .iter()
        .flat_map(|s| &s.rows)
        .flat_map(|r| {
            r.bands
                .iter()
                .flat_map(|b| [Some(b.from), b.to])
                .flatten()
                .chain(r.dots.iter().map(|d| d.at))
        })
        .max()
        .unwrap_or(Timestamp::UNIX_EPOCH)
}

const REPORT_LEGEND: &[(&str, &str)] = &[
    ("down", "cluster failed (Ready left True)"),
    ("change", "predicted taint moment"),
    ("taint", "NoExecute taint on the cluster"),
    ("evicted", "predicted eviction"),
    ("placed", "predicted re-placement"),
    ("gone", "predicted old copy gone"),
    ("held", "observed, inside the prediction"),
    ("outside", "observed, outside the prediction"),
    ("unmatched", "observed, nothing predicted"),
];

/// `failover report` as a timeline: predicted bands, observed dots.
pub fn report(r: &Report) -> Timeline {
    let c = &r.cluster;
    let observed = r
        .bindings
        .iter()
        .flat_map(|b| b.steps.iter().filter_map(|s| s.at));
    let origin = c
        .anchor
        .or(c.failed_at)
        .or(c.tainted_at)
        .or_else(|| observed.clone().min())
        .unwrap_or(Timestamp::UNIX_EPOCH);
    let mut cluster_rows = Vec::new();
    if let Some(f) = c.failed_at {
        cluster_rows.push(Row {
            label: "answering / Ready".into(),
            bands: vec![Band {
                from: f,
                to: c.untainted_at,
                class: "down",
                mark: "failed",
                lane: 0,
                title: format!(
                    "{}: Ready left True at {}",
                    c.cluster,
                    crate::render::time::instant(f)
                ),
            }],
            ..Row::default()
        });
    }
    let mut taint = Row {
        label: "NoExecute taint".into(),
        ..Row::default()
    };
    if let Some(p) = &c.taint_predicted {
        taint.bands.push(band(
            p,
            "change",
            "taint-predicted",
            0,
            format!(
                "{}: NoExecute taint predicted {}",
                c.cluster,
                between(p, origin)
            ),
        ));
    }
    if let Some(t) = c.tainted_at {
        taint.bands.push(Band {
            from: t,
            to: c.untainted_at,
            class: "taint",
            mark: "taint",
            lane: 2,
            title: format!(
                "{}: NoExecute taint from {}",
                c.cluster,
                crate::render::time::instant(t)
            ),
        });
        taint.dots.push(observed_dot(
            t,
            c.taint_held,
            "taint-added",
            0,
            format!(
                "{}: NoExecute taint added at {}",
                c.cluster,
                crate::render::time::instant(t)
            ),
        ));
    }
    if !taint.bands.is_empty() {
        cluster_rows.push(taint);
    }
    let mut sections = vec![Section {
        title: format!("Cluster {} (Ready {} now)", c.cluster, c.ready),
        rows: cluster_rows,
    }];
    let mut notes = Vec::new();
    let rows: Vec<(String, String, Row)> = r
        .bindings
        .iter()
        .map(|b| {
            let mut row = Row {
                label: b.binding.clone(),
                ..Row::default()
            };
            for (i, s) in b.steps.iter().enumerate() {
                let lane = (i as u8 % 3) + 1;
                let (class, mark) = match s.step {
                    "evicted" => ("evicted", "evicted"),
                    "replaced" => ("placed", "replaced"),
                    _ => ("gone", "old-copy-gone"),
                };
                if let Some(p) = &s.predicted {
                    row.bands.push(band(
                        p,
                        class,
                        mark,
                        lane,
                        format!("{}: {} predicted {}", b.binding, s.step, between(p, origin)),
                    ));
                }
                if let Some(at) = s.at {
                    let verdict = match s.held {
                        Some(true) => ", inside the prediction",
                        Some(false) => ", OUTSIDE the prediction",
                        None => "",
                    };
                    row.dots.push(observed_dot(
                        at,
                        s.held,
                        "observed",
                        lane,
                        format!(
                            "{}: {} at {} ({}){verdict}",
                            b.binding,
                            s.step,
                            crate::render::time::instant(at),
                            offset(at.as_second() - origin.as_second())
                        ),
                    ));
                }
            }
            row.note = match b.away_seconds {
                Some(a) => format!("away {}", super::scale::span(a.max(0) as u64)),
                None => String::new(),
            };
            let decision = if b.steps.iter().any(|s| s.held == Some(false)) {
                "outside the prediction"
            } else {
                "as predicted or unknown"
            };
            (
                b.namespace
                    .clone()
                    .unwrap_or_else(|| "cluster-scoped".into()),
                decision.to_string(),
                row,
            )
        })
        .collect();
    sections.push(Section {
        title: "Bindings (predicted bands, observed dots)".into(),
        rows: limit(rows, &mut notes),
    });
    if let Some(m) = r.away.max_seconds {
        notes.push(format!(
            "time away (failure to new placement) over {} binding(s): p50 {}, p95 {}, max {}",
            r.away.count,
            r.away
                .p50_seconds
                .map_or("-".into(), |s| super::scale::span(s.max(0) as u64)),
            r.away
                .p95_seconds
                .map_or("-".into(), |s| super::scale::span(s.max(0) as u64)),
            super::scale::span(m.max(0) as u64)
        ));
    }
    notes.extend(r.not_kept.iter().map(|n| format!("not kept: {n}")));
    let end = last_moment(&sections).max(origin);
    Timeline {
        title: format!("failover report: {}", c.cluster),
        subtitle: vec![format!(
            "Times from {}",
            crate::render::time::instant(origin)
        )],
        origin,
        end,
        sections,
        queue: Vec::new(),
        queue_shown: false,
        notes,
        legend: REPORT_LEGEND.to_vec(),
    }
}

fn observed_dot(
    at: Timestamp,
    held: Option<bool>,
    mark: &'static str,
    lane: u8,
    title: String,
) -> Dot {
    Dot {
        at,
        class: match held {
            Some(true) => "held",
            Some(false) => "outside",
            None => "unmatched",
        },
        mark,
        lane,
        title,
    }
}

/// The lane's top and height in a row starting at `y`.
fn lane(y: f64, lane: u8) -> (f64, f64) {
    let top = y + (ROW - BAND) / 2.0;
    match lane {
        0 => (top, BAND),
        n => (top + f64::from(n - 1) * BAND / 3.0, BAND / 3.0),
    }
}

/// Draw `t`, with the capacity section `cap` below when given.
pub fn draw(
    t: &Timeline,
    cap: Option<&crate::engine::predict::capacity::CapacityReport>,
) -> Picture {
    let label_w = t
        .sections
        .iter()
        .flat_map(|s| &s.rows)
        .map(|r| text_width(&clip(&r.label, LABEL_MAX), 12.0))
        .fold(120.0, f64::max)
        + 24.0;
    let note_w = 180.0;
    let plot_w = WIDTH - label_w - note_w;
    let scale = TimeScale::new(t.origin, t.end, label_w, plot_w);
    let rows: usize = t.sections.iter().map(|s| s.rows.len() + 1).sum();
    let head = 30.0 + 16.0 * t.subtitle.len() as f64 + 24.0;
    let queue_h = if t.queue_shown { 50.0 } else { 0.0 };
    let body = rows as f64 * ROW + queue_h;
    let notes_h = 16.0 * t.notes.len() as f64 + 10.0;
    let legend_h = 20.0 * t.legend.len().div_ceil(4) as f64 + 10.0;
    let cap_h = cap.map_or(0.0, capacity::section_height);
    let height = head + body + 30.0 + notes_h + legend_h + cap_h;
    let mut svg = Svg::new(
        WIDTH,
        height,
        &t.title,
        &t.subtitle.join("; "),
        &super::palette::css(),
    );
    svg.facts(
        "time-scale",
        &[
            ("origin", crate::render::time::instant(t.origin)),
            ("origin-ms", t.origin.as_millisecond().to_string()),
            ("span-seconds", num(scale.span)),
            ("left", num(scale.left)),
            ("width", num(scale.width)),
        ],
    );
    let lines: Vec<(&str, &str)> = t.subtitle.iter().map(|s| ("muted", s.as_str())).collect();
    svg.heading(&t.title, &lines);
    // The axis: ticks on top, grid lines down the body.
    let top = head;
    let bottom = head + body;
    for s in scale.ticks(12) {
        let x = scale.x_secs(s as f64);
        svg.line(x, top - 4.0, x, bottom, "grid");
        svg.text(x, top - 8.0, Anchor::Middle, "muted small", &offset(s));
    }
    // Under the marks, so a mark at the origin is seen whole.
    svg.line(label_w, top, label_w, bottom, "axis");
    let mut y = top;
    for section in &t.sections {
        svg.text(12.0, y + 13.0, Anchor::Start, "fg", &section.title);
        y += ROW;
        for (i, r) in section.rows.iter().enumerate() {
            if i % 2 == 0 {
                svg.rect_plain(label_w, y, plot_w, ROW, "row");
            }
            svg.text(
                24.0,
                y + 13.0,
                Anchor::Start,
                "fg",
                &clip(&r.label, LABEL_MAX),
            );
            let mut right: f64 = label_w;
            for b in &r.bands {
                let x0 = scale.x(b.from);
                let x1 = b.to.map_or(scale.right(), |to| scale.x(to));
                // A moment known to the second is still a visible mark.
                let (x0, x1) = if x1 - x0 < 2.0 {
                    (x0 - 1.0, x0 + 1.0)
                } else {
                    (x0, x1)
                };
                let (ly, lh) = lane(y, b.lane);
                svg.rect(&Rect {
                    x: x0,
                    y: ly,
                    w: x1 - x0,
                    h: lh,
                    class: b.class,
                    title: &b.title,
                    mark: b.mark,
                });
                if b.to.is_some() {
                    right = right.max(x1);
                }
            }
            for d in &r.dots {
                let (ly, lh) = lane(y, d.lane);
                let x = scale.x(d.at);
                svg.dot(
                    x,
                    ly + lh / 2.0,
                    if d.lane == 0 { 5.0 } else { 3.5 },
                    d.class,
                    d.mark,
                    &d.title,
                );
                right = right.max(x);
            }
            if !r.note.is_empty() {
                svg.text(
                    scale.right() + 8.0,
                    y + 13.0,
                    Anchor::Start,
                    "muted small",
                    &clip(&r.note, 30),
                );
            }
            y += ROW;
        }
    }
    if queue_h > 0.0 {
        let max = t.queue.iter().map(|(_, d)| *d).max().unwrap_or(1).max(1);
        let h = queue_h - 16.0;
        let base = y + queue_h - 6.0;
        svg.text(12.0, y + 20.0, Anchor::Start, "fg", "Eviction queue");
        svg.text(
            24.0,
            y + 34.0,
            Anchor::Start,
            "muted small",
            &if t.queue.iter().all(|(_, d)| *d == 0) {
                "no binding ever waits".to_string()
            } else {
                format!("depth, at most {max}")
            },
        );
        let mut pts = vec![(scale.left, base)];
        let mut last = 0usize;
        for (at, d) in &t.queue {
            let x = scale.x(*at);
            pts.push((x, base - h * last as f64 / max as f64));
            pts.push((x, base - h * *d as f64 / max as f64));
            last = *d;
        }
        pts.push((scale.right(), base - h * last as f64 / max as f64));
        pts.push((scale.right(), base));
        svg.polygon(
            &pts,
            "queue",
            "queue-depth",
            &format!("eviction queue depth over time, at most {max} waiting"),
        );
        svg.line(scale.left, base, scale.right(), base, "axis");
        y += queue_h;
    }
    y += 24.0;
    svg.text(
        label_w,
        y - 8.0,
        Anchor::Start,
        "muted small",
        &format!("time from {} →", crate::render::time::instant(t.origin)),
    );
    for n in &t.notes {
        svg.text(12.0, y + 4.0, Anchor::Start, "fg small", n);
        y += 16.0;
    }
    y += 10.0;
    legend(&mut svg, &t.legend, y);
    y += legend_h;
    if let Some(c) = cap {
        capacity::section(&mut svg, c, y, "Where the moved replicas land");
    }
    Picture {
        title: t.title.clone(),
        svg: svg.finish(),
        legend: t.legend.clone(),
    }
}

/// The legend: a swatch and its words, four to a line.
pub fn legend(svg: &mut Svg, items: &[(&'static str, &'static str)], y: f64) {
    for (i, (class, words)) in items.iter().enumerate() {
        let x = 12.0 + (i % 4) as f64 * 270.0;
        let y = y + (i / 4) as f64 * 20.0;
        svg.rect(&Rect {
            x,
            y,
            w: 14.0,
            h: 10.0,
            class,
            title: words,
            mark: "legend",
        });
        svg.text(
            x + 20.0,
            y + 9.0,
            Anchor::Start,
            "fg small",
            &clip(words, 44),
        );
    }
}
