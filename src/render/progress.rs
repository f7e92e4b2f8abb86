//! Progress on stderr for long work: a bar on a terminal, nothing otherwise (the summary
//! that follows says what was done).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

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
