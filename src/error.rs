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

/// Result of a command.
pub type Result<T, E = Error> = std::result::Result<T, E>;
