//! `karmadactl failover watch`: options, gather (the fleet once, then the control
//! plane's changes as they come), decide (the tracker: each change read as steps,
//! judged against their predictions), render (a screen on a terminal, a line per step
//! piped, JSON Lines), until the failover settles, the timeout, or Ctrl-C. Writes
//! nothing.

use std::io::IsTerminal;
use std::time::Instant;

use futures::StreamExt;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jiff::Timestamp;

use super::{common, settings};
use crate::cli::{GlobalArgs, WatchArgs, WatchOutput};
use crate::engine::predict::incident::track::{Context, Tracker, View, WatchEvent};
use crate::error::{Error, ExitCode, Result};
use crate::ops::watch::{changes, Change};
use crate::render::incident as show;

/// Where the steps go.
enum Sink {
    Json,
    Lines,
    Screen(ProgressBar),
}

impl Sink {
    fn new(output: WatchOutput) -> Sink {
        match output {
            WatchOutput::Json => Sink::Json,
            WatchOutput::Table if std::io::stdout().is_terminal() => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stdout());
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                Sink::Screen(bar)
            }
            WatchOutput::Table => Sink::Lines,
        }
    }

    fn show(&self, events: &[WatchEvent], view: &View, now: Timestamp) -> Result<()> {
        match self {
            Sink::Json => {
                let text: String = events.iter().map(|e| show::json_line(e) + "\n").collect();
                crate::render::write_stdout(&text)
            }
            Sink::Lines => {
                let text: String = events.iter().map(|e| show::line(e) + "\n").collect();
                crate::render::write_stdout(&text)
            }
            Sink::Screen(bar) => {
                for e in events {
                    bar.println(show::line(e));
                }
                bar.set_message(show::screen(view, now));
                bar.tick();
                Ok(())
            }
        }
    }

    fn finish(&self) {
        if let Sink::Screen(bar) = self {
            bar.finish();
        }
    }
}

/// Run `failover watch`.
pub async fn run(global: &GlobalArgs, args: &WatchArgs) -> Result<ExitCode> {
    // Options and gather: the fleet as it is, the settings to assume.
    let cp = common::connect(global).await?;
    // One read of each kind: the watches' first lists are the fleet as it is.
    let mut stream = changes(&cp);
    let state = crate::ops::watch::first_state(&cp, &mut stream).await?;
    for name in &args.clusters {
        if state.cluster(name).is_none() {
            return Err(Error::usage(format!("cluster {name:?} not found")));
        }
    }
    let resolved = settings::for_source(&args.controller.given(), &state.source)?;
    let ctx = Context {
        settings: resolved.controller.clone(),
        queue: resolved.queue.clone(),
    };
    let sink = Sink::new(args.output);
    let mut tracker = Tracker::new(state, &args.clusters, ctx, Timestamp::now());
    let started = Instant::now();
    if !matches!(sink, Sink::Json) {
        eprintln!(
            "watching {} (Ctrl-C stops; ends once the failover settles)",
            tracker.clusters().join(", ")
        );
    }
    sink.show(&[], &tracker.view(Timestamp::now()), Timestamp::now())?;
    let mut outside = false;

    // Decide and render, change by change.
    let settled = loop {
        let change = tokio::select! {
            c = stream.next() => c,
            _ = tokio::signal::ctrl_c() => break false,
        };
        let now = Timestamp::now();
        let events = match change {
            None => break false,
            Some(Err(e)) => return Err(e),
            Some(Ok(Change::Cluster(c))) => tracker.cluster(*c, now),
            Some(Ok(Change::Binding(b))) => {
                // An eviction may come before the Cluster change behind it: that first.
                let mut events = Vec::new();
                for name in tracker.unseen_failures(&b) {
                    if let Some(c) = crate::ops::watch::read_cluster(&cp, &name).await? {
                        events.extend(tracker.cluster(c, Timestamp::now()));
                    }
                }
                events.extend(tracker.binding(*b, Timestamp::now()));
                events
            }
            Some(Ok(Change::Tick)) => tracker.tick(now),
            Some(Ok(Change::Listed)) => Vec::new(),
        };
        outside |= events.iter().any(|e| e.held == Some(false));
        sink.show(&events, &tracker.view(now), now)?;
        if tracker.settled() {
            break true;
        }
        if args.timeout.is_some_and(|t| started.elapsed() >= t) {
            break false;
        }
    };
    sink.finish();
    Ok(match (settled, outside) {
        (true, false) => ExitCode::Success,
        _ => ExitCode::Partial,
    })
}
