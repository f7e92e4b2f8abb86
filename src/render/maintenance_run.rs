//! `maintenance run`, `resume`, `status` and `abort` as text and JSON: a line per step
//! (JSON Lines with `-o json`, a spinner while a wait goes on at a terminal), and where
//! the run and each of its clusters stand.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::time::Duration;

use colored::Colorize;
use indicatif::ProgressBar;
use jiff::Timestamp;

use super::time::{ago, clock};
use crate::engine::decide::maintenance_run::{Phase, RunState, Step};
use crate::engine::decide::maintenance_status::{standing, Standing, StatusView};
use crate::ops::maintenance::{Outcome, RunEvent};

/// Transitions `status` shows.
const RECENT: usize = 8;

/// The run's progress as it goes: lines on stdout, a spinner on a terminal's stderr
/// while a wait goes on.
pub struct Progress {
    json: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Lines (`json`: JSON Lines); a spinner when stderr is a terminal.
    pub fn new(json: bool) -> Self {
        let bar = (!json && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new_spinner();
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress { json, bar }
    }

    fn out(&self, line: &str) {
        let print = || {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        };
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// One event: a line (a wait's line only sets the spinner's message on a terminal).
    pub fn event(&self, e: &RunEvent) {
        if self.json {
            let doc = super::Document::new("MaintenanceEvent", e);
            self.out(&serde_json::to_string(&doc).expect("events serialize"));
            return;
        }
        match (&self.bar, e.outcome) {
            (Some(bar), Outcome::Waiting) => bar.set_message(event_line(e)),
            (Some(bar), outcome) => {
                self.out(&event_line(e));
                // The spinner says what goes on now: the step just entered, or nothing.
                let now = match (outcome, &e.cluster) {
                    (Outcome::Started, Some(c)) => format!("{c}: {}", e.step),
                    _ => String::new(),
                };
                bar.set_message(now);
            }
            (None, _) => self.out(&event_line(e)),
        }
    }

    /// A line the hook printed, on stderr.
    pub fn hook_line(&self, cluster: &str, line: &str) {
        let text = format!("[hook {cluster}] {line}");
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None => eprintln!("{text}"),
        }
    }

    /// Clear the spinner.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// One event as a line.
pub fn event_line(e: &RunEvent) -> String {
    let t = e.time.strftime("%H:%M:%S");
    let wave = format!("wave {}/{}", e.wave, e.waves);
    let said = |m: &str| {
        if m.is_empty() {
            String::new()
        } else {
            format!(": {m}")
        }
    };
    match e.outcome {
        Outcome::Run if e.step == "wave" => format!("{t}  {}", e.message.bold()),
        Outcome::Run => format!("{t}  run {}{}", e.step.bold(), said(&e.message)),
        Outcome::Waiting => format!("{t}  {wave}  {} waiting{}", e.step, said(&e.message))
            .dimmed()
            .to_string(),
        outcome => {
            let word = match outcome {
                Outcome::Started => e.step.clone(),
                Outcome::Done => format!("{} {}", e.step, "done".green()),
                _ => format!("{} {}", e.step, "FAILED".red().bold()),
            };
            format!(
                "{t}  {wave}  {}  {word}{}",
                e.cluster.as_deref().unwrap_or("-"),
                said(&e.message)
            )
        }
    }
}

fn phase_word(run: &RunState) -> String {
    let phase: &str = run.phase.into();
    match phase {
        "succeeded" => phase.green().to_string(),
        "running" => phase.bold().to_string(),
        _ => phase.yellow().bold().to_string(),
    }
}

/// The status as text.
pub fn status_text(v: &StatusView<'_>, now: Timestamp) -> String {
    let run = v.run;
    let mut s = String::new();
    let _ = write!(
        s,
        "Run {}: {} (wave {} of {})",
        run.id,
        phase_word(run),
        v.wave,
        v.waves
    );
    match (&v.held.holder, v.held.state) {
        (Some(h), state) => {
            let _ = writeln!(
                s,
                ", {} {} pid {} (renewed {})",
                if state == "held" {
                    "held by"
                } else {
                    "was held by"
                },
                h.host,
                h.pid,
                ago(h.renewed_at, now)
            );
            if state != "held" {
                let _ = writeln!(
                    s,
                    "  its holder is gone ({state}): `karmadactl maintenance resume` takes it over"
                );
            }
        }
        (None, _) => s.push('\n'),
    }
    if !run.reason.is_empty() {
        let _ = writeln!(s, "  {}", run.reason);
    }
    if let Some(a) = &run.abort {
        let _ = writeln!(s, "  abort asked by {} at {}", a.by, clock(a.at, now));
    }
    let how = match &run.settings.hook {
        Some(h) => format!("hook `{h}`"),
        None => "approval by `karmadactl maintenance approve`".into(),
    };
    let _ = writeln!(
        s,
        "  started {}; at most {} out; {how}; soak {}s",
        clock(run.created_at, now),
        run.settings.max_unavailable,
        run.settings.soak_seconds
    );
    let mut t = super::table(["CLUSTER", "WAVE", "STEP", "SINCE", "NOW", "MESSAGE"]);
    for c in &v.clusters {
        let now_is = format!(
            "Ready={}{}",
            c.ready.as_deref().unwrap_or("?"),
            if c.cordoned_now { ", cordoned" } else { "" }
        );
        t.add_row([
            c.standing.cluster.clone(),
            c.wave.to_string(),
            c.standing.step.as_str().to_string(),
            clock(c.since, now),
            now_is,
            c.message.clone(),
        ]);
    }
    let _ = writeln!(s, "\n{t}");
    let heading = if run.phase == Phase::Running {
        "Out of service now:"
    } else {
        "Left out of service:"
    };
    let standings: Vec<Standing> = v.clusters.iter().map(|c| c.standing.clone()).collect();
    s += &left_text(heading, &standings);
    let recent = &run.record[run.record.len().saturating_sub(RECENT)..];
    if !recent.is_empty() {
        let _ = writeln!(s, "\nRecent:");
        for r in recent {
            let who = r.cluster.as_deref().unwrap_or("run");
            let msg = if r.message.is_empty() {
                String::new()
            } else {
                format!(": {}", r.message)
            };
            let _ = writeln!(s, "  {}  {who} {}{msg}", clock(r.at, now), r.to);
        }
    }
    s
}

/// Where the clusters not back in service are left, with the commands that put each back.
fn left_text(heading: &str, all: &[Standing]) -> String {
    let mut s = String::new();
    let out: Vec<&Standing> = all
        .iter()
        .filter(|c| !c.to_return.is_empty() || c.state.starts_with("failed"))
        .collect();
    if out.is_empty() {
        return s;
    }
    let _ = writeln!(s, "\n{heading}");
    for c in out {
        let _ = writeln!(s, "  {}: {}", c.cluster, c.state);
        if !c.to_return.is_empty() {
            let _ = writeln!(s, "    to put it back: {}", c.to_return.join(" && "));
        }
    }
    s
}

/// How a drive ended, as text.
pub fn ended_text(run: &RunState) -> String {
    let mut s = format!("\nRun {}: {}", run.id, phase_word(run));
    if !run.reason.is_empty() {
        let _ = write!(s, ": {}", run.reason);
    }
    s.push('\n');
    let all: Vec<Standing> = run.clusters.iter().map(standing).collect();
    let done = run.clusters.iter().filter(|c| c.step == Step::Done).count();
    let _ = writeln!(
        s,
        "{done} of {} cluster(s) maintained and back in service",
        run.clusters.len()
    );
    s + &left_text("Left out of service:", &all)
}
