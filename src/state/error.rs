//! Why a snapshot cannot be read.

/// A snapshot that cannot be read, naming the file and document.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: document {index}: {message}")]
    Malformed {
        path: String,
        index: usize,
        message: String,
    },
}

/// A malformed document `index` of `origin`.
pub(super) fn malformed(origin: &str, index: usize, e: impl std::fmt::Display) -> SnapshotError {
    SnapshotError::Malformed {
        path: origin.to_string(),
        index,
        message: e.to_string(),
    }
}
