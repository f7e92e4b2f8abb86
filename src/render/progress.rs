//! Progress on stderr for long work: a bar on a terminal; otherwise a plain line every
//! few seconds, so a script's log never shows a silent wait. The summary that follows
//! says what was done.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often the plain lines come.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// A progress bar on stderr for `len` steps; hidden when stderr is not a terminal or
/// the work is short.
pub fn bar(len: usize, what: &str) -> ProgressBar {
    if len < 20 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// A spinner on stderr for one wait of unknown length (a terminal only; without one a
/// single line says what is being waited for).
pub fn spinner(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        eprintln!("{what} ...");
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// How long a list runs before its progress shows.
const LIST_QUIET: Duration = Duration::from_secs(1);

/// A list under way: when it started, its spinner, when its last plain line was.
type ListShown = (Instant, Option<ProgressBar>, Option<Instant>);

/// Told how a list goes (the client's page hook): the resource, the objects read so far,
/// whether it is complete.
pub type ListProgress = std::sync::Arc<dyn Fn(&str, usize, bool) + Send + Sync>;

/// Progress of long lists (the client's page hook): after a second, a spinner
/// on a terminal counting the objects read; without one, a line every few seconds. A
/// list shorter than that shows nothing.
pub fn list_hook() -> ListProgress {
    let terminal = std::io::stderr().is_terminal();
    let state: Mutex<Option<ListShown>> = Mutex::new(None);
    std::sync::Arc::new(move |what: &str, read: usize, done: bool| {
        let Ok(mut state) = state.lock() else { return };
        let now = Instant::now();
        let (started, bar, printed) = state.get_or_insert((now, None, None));
        if done {
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
            *state = None;
            return;
        }
        if read == 0 {
            *started = now;
            return;
        }
        if now.duration_since(*started) < LIST_QUIET {
            return;
        }
        let message = format!("reading {what}: {read} so far");
        if terminal {
            let bar = bar.get_or_insert_with(|| {
                let bar = ProgressBar::new_spinner();
                bar.enable_steady_tick(Duration::from_millis(120));
                bar
            });
            bar.set_message(message);
        } else if printed.is_none_or(|p| now.duration_since(p) >= PLAIN_EVERY) {
            *printed = Some(now);
            eprintln!("{message}");
        }
    })
}

/// How one unit of work ended, for the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Written.
    Done,
    /// Nothing to write.
    Skipped,
    /// Failed or not started.
    Failed,
}

impl Step {
    /// How a write ended: accepted, or else failed (with an error) or had nothing to do.
    pub fn of(written: bool, failed: bool) -> Step {
        match (written, failed) {
            (true, _) => Step::Done,
            (false, false) => Step::Skipped,
            (false, true) => Step::Failed,
        }
    }
}

#[derive(Default)]
struct Counts {
    done: usize,
    skipped: usize,
    failed: usize,
    printed: Option<Instant>,
}

/// Counts of work done, shown as it goes.
pub struct Tally {
    what: String,
    total: usize,
    started: Instant,
    bar: Option<ProgressBar>,
    counts: Mutex<Counts>,
}

impl Tally {
    /// A tally of `total` units of `what` (`evictions`, `aborts`).
    pub fn new(total: usize, what: &str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {per_sec} ETA {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar
        });
        Tally {
            what: what.to_string(),
            total,
            started: Instant::now(),
            bar,
            counts: Mutex::new(Counts::default()),
        }
    }

    /// Count one unit.
    pub fn record(&self, step: Step) {
        let Ok(mut c) = self.counts.lock() else {
            return;
        };
        match step {
            Step::Done => c.done += 1,
            Step::Skipped => c.skipped += 1,
            Step::Failed => c.failed += 1,
        }
        let line = self.line(&c);
        match &self.bar {
            Some(bar) => {
                bar.set_message(line);
                bar.inc(1);
            }
            None => {
                let due = c.printed.unwrap_or(self.started) + PLAIN_EVERY;
                if Instant::now() >= due {
                    eprintln!("{line}");
                    c.printed = Some(Instant::now());
                }
            }
        }
    }

    fn line(&self, c: &Counts) -> String {
        let n = c.done + c.skipped + c.failed;
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let rate = n as f64 / secs;
        let eta = if rate > 0.0 && n < self.total {
            format!(", ETA {}s", ((self.total - n) as f64 / rate).ceil() as u64)
        } else {
            String::new()
        };
        format!(
            "{}: {n}/{} ({} written, {} unchanged, {} failed), {rate:.1}/s{eta}",
            self.what, self.total, c.done, c.skipped, c.failed
        )
    }

    /// End the display; plain mode prints the last count when it printed any.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        } else if let Ok(c) = self.counts.lock() {
            if c.printed.is_some() {
                eprintln!("{}", self.line(&c));
            }
        }
    }
}
