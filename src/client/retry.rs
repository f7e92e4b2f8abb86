//! When a request is worth repeating, and how long to wait first: one policy for the
//! whole tool.
//!
//! - Reads (`GET`: get, list, the start of a watch) are repeated by a tower service
//!   under the client ([`super::read`]) on 429, 500, 502, 503 and 504, on transport
//!   failures (connection refused or reset, a read past `--request-timeout`) and on
//!   answers that are not whole (a body cut short, malformed JSON). kube's own retry
//!   layer is switched off so that retries do not multiply.
//! - Writes are repeated one level up, where the decision lives
//!   ([`super::patch_with_retry`], the server-side apply of `policy apply`): a write
//!   whose response was lost may have been applied, so it is read back and decided again
//!   rather than sent blindly.
//!
//! Both wait with exponential backoff and jitter, or for the server's `Retry-After`
//! (capped), and give up after [`MAX_ATTEMPTS`].

use std::error::Error as StdError;
use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};

use super::api_error;
use crate::error::Error;

/// Attempts of one request (or one write loop) before the tool gives up.
pub const MAX_ATTEMPTS: u32 = 8;

/// The longest `Retry-After` honoured; a server asking for more gets this.
pub const MAX_SERVER_PAUSE: Duration = Duration::from_secs(30);

/// Pauses between attempts: 100 ms doubling to at most 1 s, each plus a random share of
/// itself so that concurrent clients do not retry in lockstep. Worst case about 9 s in
/// all.
pub fn pauses() -> impl Iterator<Item = Duration> {
    ExponentialBuilder::default()
        .with_min_delay(Duration::from_millis(100))
        .with_max_delay(Duration::from_secs(1))
        .with_factor(2.0)
        .with_max_times((MAX_ATTEMPTS - 1) as usize)
        .with_jitter()
        .build()
}

/// Statuses that say "not now" rather than "no".
pub fn retryable_status(code: u16) -> bool {
    matches!(code, 429 | 500 | 502 | 503 | 504)
}

/// The pause a server asked for in seconds, capped at [`MAX_SERVER_PAUSE`]; `None` for 0.
pub fn server_pause(seconds: u64) -> Option<Duration> {
    (seconds > 0).then(|| Duration::from_secs(seconds).min(MAX_SERVER_PAUSE))
}

/// Whether a transport error is one a second attempt may get past: the connection was
/// refused, reset or closed early, or a read or connect timed out. Certificate and
/// configuration errors are not.
pub fn retryable_transport(err: &(dyn StdError + 'static)) -> bool {
    use std::io::ErrorKind::*;
    let mut cur = Some(err);
    while let Some(e) = cur {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            // TLS failures arrive wrapped in an io::Error of kind InvalidData/Other.
            return matches!(
                io.kind(),
                ConnectionRefused
                    | ConnectionReset
                    | ConnectionAborted
                    | NotConnected
                    | BrokenPipe
                    | TimedOut
                    | UnexpectedEof
            );
        }
        if let Some(h) = e.downcast_ref::<hyper::Error>() {
            if h.is_incomplete_message() || h.is_canceled() || h.is_closed() || h.is_timeout() {
                return true;
            }
        }
        cur = e.source();
    }
    false
}

/// Whether a retried write that failed this way may nevertheless have been applied (its
/// response was lost): then the next attempt reads back before deciding.
pub fn maybe_applied(err: &kube::Error) -> bool {
    match err {
        kube::Error::Api(status) => matches!(status.code, 500 | 504),
        kube::Error::HyperError(_) | kube::Error::Service(_) => true,
        _ => false,
    }
}

/// Whether a failed write is worth repeating, and the pause the server asked for.
pub fn transient(err: &kube::Error) -> Option<Option<Duration>> {
    match err {
        kube::Error::Api(status) if retryable_status(status.code) => Some(
            status
                .details
                .as_ref()
                .and_then(|d| server_pause(u64::from(d.retry_after_seconds))),
        ),
        kube::Error::HyperError(e) => retryable_transport(e).then_some(None),
        kube::Error::Service(e) => retryable_transport(e.as_ref()).then_some(None),
        _ => None,
    }
}

/// The end of a failure line after an attempt whose answer was lost.
pub const LOST: &str =
    "; an earlier attempt's response was lost, so it may have been applied (read the object to see)";

/// The one line for a write that ran out of attempts, saying whether it may have landed.
pub fn gave_up(err: &kube::Error, what: &str, server: &str, in_doubt: bool) -> Error {
    let last = match err {
        kube::Error::Api(status) if status.code == 409 => {
            format!("{what} kept changing under us (conflict)")
        }
        e => api_error(e, what, server).message,
    };
    let landed = if in_doubt { LOST } else { "; not written" };
    Error::failure(format!(
        "gave up on {what} after {MAX_ATTEMPTS} attempts: {last}{landed}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_are_bounded_and_grow() {
        let all: Vec<Duration> = pauses().collect();
        assert_eq!(all.len(), (MAX_ATTEMPTS - 1) as usize);
        assert!(all.iter().all(|p| *p <= Duration::from_secs(2)), "{all:?}");
        assert!(all[0] < Duration::from_millis(200));
        assert!(all.iter().sum::<Duration>() < Duration::from_secs(12));
    }

    #[test]
    fn server_pause_is_capped() {
        assert_eq!(server_pause(0), None);
        assert_eq!(server_pause(2), Some(Duration::from_secs(2)));
        assert_eq!(server_pause(u64::MAX), Some(MAX_SERVER_PAUSE));
    }

    #[test]
    fn which_transport_errors_are_retried() {
        use std::io::{Error, ErrorKind};
        for kind in [
            ErrorKind::ConnectionReset,
            ErrorKind::TimedOut,
            ErrorKind::ConnectionRefused,
        ] {
            assert!(retryable_transport(&Error::from(kind)), "{kind:?}");
        }
        let tls = Error::new(
            ErrorKind::InvalidData,
            "invalid peer certificate: UnknownIssuer",
        );
        assert!(!retryable_transport(&tls));
        assert!(!retryable_transport(&std::fmt::Error));
    }
}
