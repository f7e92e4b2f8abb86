//! Errors and the process exit codes they map to.

use std::fmt;

/// Documented exit codes (README, `--help`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitCode {
    /// Everything asked for was done.
    Success = 0,
    /// An API or runtime failure (server unreachable, forbidden, conflict retries exhausted).
    Failure = 1,
    /// Usage or validation error; nothing was written.
    Usage = 2,
    /// Some targets succeeded, some failed; a summary was printed.
    Partial = 3,
}

/// A command failure: what to print (one line) and how to exit.
#[derive(Debug)]
pub struct Error {
    /// Exit code of the process.
    pub code: ExitCode,
    /// One clear line for the operator.
    pub message: String,
    /// More context, printed at `-v 1` and above.
    pub detail: Option<String>,
}

impl Error {
    /// A usage or validation error (exit 2): nothing was written.
    pub fn usage(message: impl Into<String>) -> Self {
        Error {
            code: ExitCode::Usage,
            message: message.into(),
            detail: None,
        }
    }

    /// A runtime or API failure (exit 1).
    pub fn failure(message: impl Into<String>) -> Self {
        Error {
            code: ExitCode::Failure,
            message: message.into(),
            detail: None,
        }
    }

    /// Partial success (exit 3); the summary has already been printed.
    pub fn partial(message: impl Into<String>) -> Self {
        Error {
            code: ExitCode::Partial,
            message: message.into(),
            detail: None,
        }
    }

    /// Attach detail shown at higher verbosity.
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<anyhow::Error> for Error {
    fn from(e: anyhow::Error) -> Self {
        Error::failure(format!("{e:#}"))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::failure(e.to_string())
    }
}

/// Quoted strings longer than this are shortened in error lines.
const QUOTE_LIMIT: usize = 60;

/// `message` fit for one terminal line: a double-quoted string longer than
/// [`QUOTE_LIMIT`] characters (an overlong or hostile input echoed back) keeps its start
/// and says how much was left out, and control characters outside quotes are escaped.
pub fn fit_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
            continue;
        }
        // A quoted string, with backslash escapes as `{:?}` writes them.
        let mut inner = String::new();
        let mut closed = false;
        while let Some(q) = chars.next() {
            match q {
                '\\' => {
                    inner.push(q);
                    if let Some(escaped) = chars.next() {
                        inner.push(escaped);
                    }
                }
                '"' => {
                    closed = true;
                    break;
                }
                _ => inner.push(q),
            }
        }
        let count = inner.chars().count();
        out.push('"');
        if count > QUOTE_LIMIT {
            let mut kept: String = inner.chars().take(QUOTE_LIMIT).collect();
            // Do not end inside an escape sequence.
            if let Some(at) = kept.rfind('\\') {
                if kept.len() - at < 12 {
                    kept.truncate(at);
                }
            }
            out.push_str(&kept);
            out.push_str(&format!("…\" ({count} characters)"));
        } else {
            out.push_str(&inner);
            if closed {
                out.push('"');
            }
        }
    }
    out
}

/// Result of a command.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_shortened_and_the_rest_kept() {
        let long = "x".repeat(300);
        let msg = format!("invalid taint spec {long:?}: key name {long:?} is too long");
        let fit = fit_line(&msg);
        assert!(fit.len() < 250, "{fit}");
        assert!(fit.starts_with("invalid taint spec \"xxx"));
        assert!(fit.contains("…\" (300 characters): key name \"x"));
        assert!(fit.ends_with("(300 characters) is too long"));
        assert_eq!(fit_line("short \"k=v\" stays"), "short \"k=v\" stays");
        assert_eq!(fit_line("quote \"a\\\"b\" kept"), "quote \"a\\\"b\" kept");
        assert_eq!(fit_line("line\nbreak"), "line\\nbreak");
    }
}
