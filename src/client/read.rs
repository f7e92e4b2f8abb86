//! Reads that survive a struggling control plane: a tower service under the client that
//! repeats every `GET` (single gets, list pages, the lists a watch starts from) until it
//! has a whole answer, with the budget and backoff of [`super::retry`].
//!
//! A read counts as failed, and is sent again, when the server says "not now" (429,
//! 500, 502, 503, 504), when the connection fails (refused, reset, closed before an
//! answer, a read past `--request-timeout`), or when the answer itself is broken: the
//! body ends before its `Content-Length`, the connection drops mid-body, or a JSON
//! answer does not parse. The body is read here, whole, before kube sees it, so a cut
//! answer is repeated like a reset (kube would read it after any retry layer and fail).
//! A watch's stream (`watch=true`) is passed on as it comes: when it breaks, the watcher
//! starts again from a list, which is a read like any other.
//!
//! When the attempts run out, the error says what happened ([`ReadFailed`]): the fault
//! in words and the number of attempts; a status answer is handed back as it came, so
//! the caller reports the server's own message.

use std::error::Error as StdError;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::{HeaderMap, Method, Request, Response};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use kube::client::{Body, DynBody};
use tower::{BoxError, Layer, Service, ServiceExt};

use super::retry::{pauses, retryable_status, server_pause, MAX_ATTEMPTS};

/// What went wrong with one attempt of a read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadFault {
    /// The server answered with this status.
    Status(u16),
    /// The body ended early: `received` bytes of `expected` (when the server said).
    CutShort {
        received: u64,
        expected: Option<u64>,
    },
    /// A JSON answer that does not parse.
    Malformed { received: u64 },
    /// Nothing listens at the address: the server was not reached.
    Refused,
    /// The connection was reset or closed before an answer came.
    Reset,
    /// No answer within `--request-timeout`.
    TimedOut,
    /// The TLS session failed (a certificate, a handshake).
    Tls(String),
    /// Anything else, in the library's words (links removed).
    Other(String),
}

impl ReadFault {
    /// Whether another attempt may get past it.
    pub fn retryable(&self) -> bool {
        match self {
            ReadFault::Status(code) => retryable_status(*code),
            ReadFault::CutShort { .. }
            | ReadFault::Malformed { .. }
            | ReadFault::Refused
            | ReadFault::Reset
            | ReadFault::TimedOut => true,
            ReadFault::Tls(_) | ReadFault::Other(_) => false,
        }
    }

    /// Whether the server was never reached.
    pub fn unreached(&self) -> bool {
        matches!(self, ReadFault::Refused)
    }
}

impl fmt::Display for ReadFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadFault::Status(code) => write!(f, "the server answered {code}"),
            ReadFault::CutShort {
                received,
                expected: Some(total),
            } => write!(
                f,
                "the response was cut short after {received} of {total} bytes"
            ),
            ReadFault::CutShort {
                received,
                expected: None,
            } => write!(f, "the response was cut short after {received} bytes"),
            ReadFault::Malformed { received } => {
                write!(f, "the response ({received} bytes) is not valid JSON")
            }
            ReadFault::Refused => f.write_str("connection refused"),
            ReadFault::Reset => f.write_str("the connection was reset before an answer"),
            ReadFault::TimedOut => f.write_str("no answer within --request-timeout"),
            ReadFault::Tls(m) => write!(f, "TLS error: {m}"),
            ReadFault::Other(m) => f.write_str(m),
        }
    }
}

/// A read that failed every attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFailed {
    /// The last attempt's fault.
    pub fault: ReadFault,
    pub attempts: u32,
}

impl fmt::Display for ReadFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.attempts > 1 {
            write!(f, "{} ({} attempts)", self.fault, self.attempts)
        } else {
            fmt::Display::fmt(&self.fault, f)
        }
    }
}

impl StdError for ReadFailed {}

/// A library's message without links to its manual, on one line.
pub fn plain(message: &str) -> String {
    let words: Vec<&str> = message
        .split_whitespace()
        .filter(|w| !w.starts_with("http://") && !w.starts_with("https://"))
        .collect();
    words.join(" ").trim_end_matches([':', ' ']).to_string()
}

/// What a transport error was, read from its chain.
pub fn classify(err: &(dyn StdError + 'static)) -> ReadFault {
    use std::io::ErrorKind::*;
    let mut cur = Some(err);
    while let Some(e) = cur {
        if let Some(done) = e.downcast_ref::<ReadFailed>() {
            return done.fault.clone();
        }
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            return match io.kind() {
                ConnectionRefused => ReadFault::Refused,
                ConnectionReset | ConnectionAborted | NotConnected | BrokenPipe | UnexpectedEof => {
                    ReadFault::Reset
                }
                TimedOut => ReadFault::TimedOut,
                InvalidData => ReadFault::Tls(plain(&io.to_string())),
                _ => ReadFault::Other(plain(&io.to_string())),
            };
        }
        if let Some(h) = e.downcast_ref::<hyper::Error>() {
            if h.is_timeout() {
                return ReadFault::TimedOut;
            }
            if h.is_incomplete_message() || h.is_canceled() || h.is_closed() {
                // A cause below (an io error) says more, when there is one.
                if e.source().is_none() {
                    return ReadFault::Reset;
                }
            }
        }
        if e.is::<tokio::time::error::Elapsed>() {
            return ReadFault::TimedOut;
        }
        cur = e.source();
    }
    ReadFault::Other(plain(&err.to_string()))
}

/// The layer that makes reads whole (see the module doc).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadLayer;

impl<S> Layer<S> for ReadLayer {
    type Service = ReadService<S>;

    fn layer(&self, inner: S) -> ReadService<S> {
        ReadService { inner }
    }
}

/// See the module doc.
#[derive(Clone, Debug)]
pub struct ReadService<S> {
    inner: S,
}

type Answer = Response<Box<DynBody>>;

impl<S> Service<Request<Body>> for ReadService<S>
where
    S: Service<Request<Body>, Response = Answer, Error = BoxError> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Answer;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Answer, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        // The clone that was made ready serves this call; the new one the next.
        let fresh = self.inner.clone();
        let ready = std::mem::replace(&mut self.inner, fresh);
        if req.method() != Method::GET {
            let mut ready = ready;
            return Box::pin(ready.call(req));
        }
        Box::pin(read(ready, req))
    }
}

/// Whether a request starts a watch (its answer is a stream, never whole).
fn is_watch(req: &Request<Body>) -> bool {
    req.uri()
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "watch=true" || kv == "watch=1"))
}

fn copy_of(req: &Request<Body>) -> Request<Body> {
    let mut copy = Request::builder()
        .method(Method::GET)
        .uri(req.uri().clone())
        .version(req.version())
        .body(Body::empty())
        .expect("a copy of a valid request");
    *copy.headers_mut() = req.headers().clone();
    *copy.extensions_mut() = req.extensions().clone();
    copy
}

fn retry_after(headers: &HeaderMap) -> Option<std::time::Duration> {
    let seconds = headers.get(http::header::RETRY_AFTER)?.to_str().ok()?;
    server_pause(seconds.trim().parse().ok()?)
}

fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(http::header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"))
}

/// The whole body of a successful answer, checked; the fault when it is not whole.
async fn whole(resp: Answer) -> Result<Answer, ReadFault> {
    let (parts, mut body) = resp.into_parts();
    let expected = content_length(&parts.headers);
    let mut buf: Vec<u8> = Vec::with_capacity(expected.unwrap_or(0).min(1 << 26) as usize);
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => {
                if let Ok(data) = frame.into_data() {
                    buf.extend_from_slice(&data);
                }
            }
            Err(e) => {
                let received = buf.len() as u64;
                return Err(match classify(e.as_ref()) {
                    ReadFault::TimedOut => ReadFault::TimedOut,
                    _ => ReadFault::CutShort { received, expected },
                });
            }
        }
    }
    let received = buf.len() as u64;
    if expected.is_some_and(|total| received < total) {
        return Err(ReadFault::CutShort { received, expected });
    }
    if is_json(&parts.headers) && serde_json::from_slice::<serde::de::IgnoredAny>(&buf).is_err() {
        return Err(ReadFault::Malformed { received });
    }
    let body: Box<DynBody> = Box::new(Full::new(Bytes::from(buf)).map_err(|never| match never {}));
    Ok(Response::from_parts(parts, body))
}

async fn read<S>(mut inner: S, req: Request<Body>) -> Result<Answer, BoxError>
where
    S: Service<Request<Body>, Response = Answer, Error = BoxError> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let watch = is_watch(&req);
    let mut attempt = 1;
    loop {
        let answer = inner.ready().await?.call(copy_of(&req)).await;
        let (fault, asked, last) = match answer {
            Ok(resp) if retryable_status(resp.status().as_u16()) => (
                ReadFault::Status(resp.status().as_u16()),
                retry_after(resp.headers()),
                Some(resp),
            ),
            Ok(resp) if watch || !resp.status().is_success() => return Ok(resp),
            Ok(resp) => match whole(resp).await {
                Ok(resp) => return Ok(resp),
                Err(fault) => (fault, None, None),
            },
            Err(e) => {
                let fault = classify(e.as_ref());
                if !fault.retryable() {
                    return Err(e);
                }
                (fault, None, None)
            }
        };
        let pause = asked.or_else(|| pauses().nth(attempt as usize - 1));
        let Some(pause) = pause.filter(|_| attempt < MAX_ATTEMPTS) else {
            // Out of attempts: a status goes back as it came (the caller reads the
            // server's message); anything else is said in words.
            return match last {
                Some(resp) => Ok(resp),
                None => Err(Box::new(ReadFailed {
                    fault,
                    attempts: attempt,
                })),
            };
        };
        tracing::info!(path = %req.uri().path(), attempt, ?pause, %fault, "read failed: retrying");
        attempt += 1;
        inner = inner.clone();
        tokio::time::sleep(pause).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// One scripted answer.
    type Scripted = fn() -> Result<Answer, BoxError>;

    /// A server that answers from a script, one entry per attempt.
    #[derive(Clone)]
    struct Script {
        answers: Arc<Vec<Scripted>>,
        calls: Arc<AtomicUsize>,
    }

    impl Service<Request<Body>> for Script {
        type Response = Answer;
        type Error = BoxError;
        type Future = Pin<Box<dyn Future<Output = Result<Answer, BoxError>> + Send>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, _: Request<Body>) -> Self::Future {
            let i = self.calls.fetch_add(1, Ordering::SeqCst);
            let answer = self.answers[i.min(self.answers.len() - 1)]();
            Box::pin(async move { answer })
        }
    }

    fn json(status: u16, body: &'static str, length: Option<usize>) -> Answer {
        let mut b = Response::builder()
            .status(status)
            .header("content-type", "application/json");
        if let Some(n) = length {
            b = b.header("content-length", n.to_string());
        }
        let body: Box<DynBody> = Box::new(
            Full::new(Bytes::from_static(body.as_bytes())).map_err(|never| match never {}),
        );
        b.body(body).unwrap()
    }

    fn ok() -> Result<Answer, BoxError> {
        Ok(json(200, r#"{"kind":"Cluster"}"#, Some(18)))
    }
    fn cut() -> Result<Answer, BoxError> {
        Ok(json(200, r#"{"kind":"Clu"#, Some(18)))
    }
    fn malformed() -> Result<Answer, BoxError> {
        Ok(json(200, r#"{"kind":"Cl}"#, None))
    }
    fn reset() -> Result<Answer, BoxError> {
        Err(Box::new(std::io::Error::from(
            std::io::ErrorKind::ConnectionReset,
        )))
    }
    fn refused() -> Result<Answer, BoxError> {
        Err(Box::new(std::io::Error::from(
            std::io::ErrorKind::ConnectionRefused,
        )))
    }

    async fn get(
        answers: Vec<fn() -> Result<Answer, BoxError>>,
    ) -> (Result<Answer, BoxError>, usize) {
        let calls = Arc::new(AtomicUsize::new(0));
        let mut service = ReadLayer.layer(Script {
            answers: Arc::new(answers),
            calls: calls.clone(),
        });
        let req = Request::get("/apis/cluster.karmada.io/v1alpha1/clusters/m1")
            .body(Body::empty())
            .unwrap();
        let out = service.ready().await.unwrap().call(req).await;
        (out, calls.load(Ordering::SeqCst))
    }

    #[tokio::test(start_paused = true)]
    async fn a_cut_or_malformed_body_is_read_again() {
        let (out, calls) = get(vec![cut, malformed, reset, ok]).await;
        assert_eq!(calls, 4);
        let Ok(answer) = out else {
            panic!("the fourth attempt is whole")
        };
        let body = answer.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], br#"{"kind":"Cluster"}"#);
    }

    #[tokio::test(start_paused = true)]
    async fn out_of_attempts_the_fault_is_named() {
        let (out, calls) = get(vec![cut]).await;
        assert_eq!(calls, MAX_ATTEMPTS as usize);
        let Err(err) = out else {
            panic!("a cut body every time fails the read")
        };
        assert_eq!(
            err.to_string(),
            format!("the response was cut short after 12 of 18 bytes ({MAX_ATTEMPTS} attempts)")
        );
        let (out, _) = get(vec![refused]).await;
        let Err(err) = out else {
            panic!("refused every time fails the read")
        };
        let fault = classify(err.as_ref());
        assert!(fault.unreached(), "{fault:?}");
    }

    #[test]
    fn library_links_are_dropped() {
        assert_eq!(
            plain("peer closed connection without sending TLS close_notify: https://docs.rs/rustls/latest/rustls/manual/_03_howto/index.html#unexpected-eof"),
            "peer closed connection without sending TLS close_notify"
        );
        let eof = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "peer closed connection");
        assert_eq!(classify(&eof), ReadFault::Reset);
    }
}
