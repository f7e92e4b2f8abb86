//! A small fault-injection proxy between the CLI and the real test server.
//!
//! It listens on plain HTTP on loopback and forwards every request, with the caller's
//! own Authorization header, to the real kube-apiserver over TLS. Rules fault the next
//! N matching requests ([`Proxy::on`]); chaos faults a share of all matching requests,
//! drawn from a seeded generator ([`Proxy::chaos`]). Faults: a status (409, 500, 503),
//! 429 with `Retry-After`, a connection closed before the request reaches the server or
//! after the server applied it (the response is lost), a body cut short (its full
//! `Content-Length` announced, half of it sent, then the connection closed), a watch
//! that stops in the middle of an event, added latency, a hang, or an action run first
//! (e.g. a concurrent write). Watches are streamed through as they come.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Frame;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response};
use hyper_util::rt::TokioIo;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};

use super::TestEnv;

type Action = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

/// What a rule does to the request it matches.
pub enum Fault {
    /// Answer with this HTTP status and a Kubernetes Status body; do not forward.
    Fail(u16),
    /// Run this first (once), then forward the request.
    Before(Action),
    /// Hold the request this long, then forward it (a slow server).
    Delay(std::time::Duration),
    /// Answer 429 with `Retry-After: SECONDS` (header and Status details).
    Busy(u32),
    /// Close the connection without forwarding: the server never sees the request.
    ResetBefore,
    /// Forward, let the server apply it, then close the connection: the response is lost.
    ResetAfter,
    /// Never answer (until the client gives up).
    Hang,
    /// Forward, then answer with the full `Content-Length` but only half the body, and
    /// close the connection.
    CutShort,
    /// A watch: stream the server's events, and stop in the middle of the first one.
    WatchCut,
}

impl Fault {
    fn name(&self) -> String {
        match self {
            Fault::Fail(code) => format!("status {code}"),
            Fault::Before(_) => "action".into(),
            Fault::Delay(_) => "latency".into(),
            Fault::Busy(_) => "429 Retry-After".into(),
            Fault::ResetBefore => "reset before".into(),
            Fault::ResetAfter => "reset after (response lost)".into(),
            Fault::Hang => "hang".into(),
            Fault::CutShort => "body cut short".into(),
            Fault::WatchCut => "watch cut mid-event".into(),
        }
    }

    /// A copy of a fault that carries no action.
    fn copied(&self) -> Option<Fault> {
        Some(match self {
            Fault::Fail(code) => Fault::Fail(*code),
            Fault::Delay(d) => Fault::Delay(*d),
            Fault::Busy(s) => Fault::Busy(*s),
            Fault::ResetBefore => Fault::ResetBefore,
            Fault::ResetAfter => Fault::ResetAfter,
            Fault::Hang => Fault::Hang,
            Fault::CutShort => Fault::CutShort,
            Fault::WatchCut => Fault::WatchCut,
            Fault::Before(_) => return None,
        })
    }
}

/// Fault a share of the matching requests, each with one of `faults` at random.
pub struct Chaos {
    /// Share of matching requests faulted (0.0 to 1.0).
    pub rate: f64,
    /// Only requests whose path contains this (e.g. `karmada.io`).
    pub path_contains: String,
    /// The faults to draw from (no `Before`).
    pub faults: Vec<Fault>,
    /// Seed of the generator, printed by the test so that a failure can be replayed.
    pub seed: u64,
}

impl Chaos {
    /// Every fault kind of issue 10 at `rate`, a hang lasting past a short
    /// `--request-timeout` included.
    pub fn all(rate: f64, seed: u64) -> Chaos {
        Chaos {
            rate,
            path_contains: "karmada.io".into(),
            faults: vec![
                Fault::Fail(409),
                Fault::Busy(1),
                Fault::Fail(500),
                Fault::Fail(503),
                Fault::ResetBefore,
                Fault::ResetAfter,
                Fault::Delay(std::time::Duration::from_millis(300)),
                Fault::Hang,
                Fault::CutShort,
                Fault::WatchCut,
            ],
            seed,
        }
    }

    /// Only the faults of a read: bodies cut short (watches cut mid-event), resets,
    /// 503s, at `rate` of the reads whose path contains `path_contains`.
    pub fn reads(rate: f64, path_contains: &str, seed: u64) -> Chaos {
        Chaos {
            rate,
            path_contains: path_contains.into(),
            faults: vec![
                Fault::CutShort,
                Fault::CutShort,
                Fault::WatchCut,
                Fault::ResetBefore,
                Fault::Fail(503),
            ],
            seed,
        }
    }
}

struct ChaosState {
    chaos: Chaos,
    rng: u64,
}

impl ChaosState {
    /// splitmix64: small, seedable, good enough to pick faults.
    fn next(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn pick(&mut self, method: &Method, path: &str, apply: bool) -> Option<Fault> {
        if !path.contains(&self.chaos.path_contains) || self.chaos.faults.is_empty() {
            return None;
        }
        let roll = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        if roll >= self.chaos.rate {
            return None;
        }
        let i = (self.next() % self.chaos.faults.len() as u64) as usize;
        let watch = path.contains("watch=true") || path.contains("watch=1");
        match &self.chaos.faults[i] {
            // A conflict answers a write that names a resourceVersion; a read or a
            // server-side apply (conflicts there are about field owners) cannot meet one.
            Fault::Fail(409) if method == Method::GET || apply => None,
            // A watch is cut mid-event, never mid-body: it has no length.
            Fault::CutShort if watch || method != Method::GET => None,
            Fault::WatchCut if !watch => None,
            f => f.copied(),
        }
    }
}

struct Rule {
    method: Method,
    path_contains: String,
    remaining: usize,
    fault: Option<Fault>,
}

/// A running proxy; `kubeconfig` points the CLI at it.
pub struct Proxy {
    pub url: String,
    pub kubeconfig: std::path::PathBuf,
    rules: Arc<Mutex<Vec<Rule>>>,
    chaos: Arc<Mutex<Option<ChaosState>>>,
    /// Every request seen, as "METHOD path?query".
    pub seen: Arc<Mutex<Vec<String>>>,
    /// Every fault injected, as "fault: #INDEX METHOD path?query" (INDEX into `seen`).
    pub injected: Arc<Mutex<Vec<String>>>,
    /// When each request of `seen` arrived.
    arrived: Arc<Mutex<Vec<std::time::Instant>>>,
    /// The body of every forwarded write, as "METHOD path?query" and the body's text.
    pub sent: Arc<Mutex<Vec<(String, String)>>>,
}

/// What the connection handler shares.
#[derive(Clone)]
struct Shared {
    rules: Arc<Mutex<Vec<Rule>>>,
    chaos: Arc<Mutex<Option<ChaosState>>>,
    seen: Arc<Mutex<Vec<String>>>,
    injected: Arc<Mutex<Vec<String>>>,
    arrived: Arc<Mutex<Vec<std::time::Instant>>>,
    sent: Arc<Mutex<Vec<(String, String)>>>,
}

impl Proxy {
    /// Start a proxy in front of `env`'s server.
    pub fn start(env: &TestEnv) -> Proxy {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let shared = Shared {
            rules: Arc::default(),
            chaos: Arc::default(),
            seen: Arc::default(),
            injected: Arc::default(),
            arrived: Arc::default(),
            sent: Arc::default(),
        };
        let kubeconfig_path = env.kubeconfig.clone();
        let for_server = shared.clone();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(serve(listener, kubeconfig_path, for_server));
        });
        let dir = tempfile::Builder::new()
            .prefix("karmadactl-proxy-")
            .tempdir()
            .unwrap()
            .keep();
        let kubeconfig = dir.join("kubeconfig");
        std::fs::write(
            &kubeconfig,
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: proxy\n  cluster:\n    server: {url}\n\
                 users:\n- name: admin\n  user:\n    token: {}\n- name: viewer\n  user:\n    token: {}\n\
                 contexts:\n- name: admin\n  context: {{cluster: proxy, user: admin}}\n\
                 - name: viewer\n  context: {{cluster: proxy, user: viewer}}\ncurrent-context: admin\n",
                env.admin_token, env.viewer_token
            ),
        )
        .unwrap();
        Proxy {
            url,
            kubeconfig,
            rules: shared.rules,
            chaos: shared.chaos,
            seen: shared.seen,
            injected: shared.injected,
            arrived: shared.arrived,
            sent: shared.sent,
        }
    }

    /// Fault a share of all matching requests from now on (replacing earlier chaos).
    pub fn chaos(&self, chaos: Chaos) {
        let rng = chaos.seed;
        *self.chaos.lock().unwrap() = Some(ChaosState { chaos, rng });
    }

    /// Stop the chaos.
    pub fn calm(&self) {
        *self.chaos.lock().unwrap() = None;
    }

    /// The time between the first request (`method`, path containing `path_contains`)
    /// answered with the fault named `fault` and the next such request.
    pub fn gap_after_fault(
        &self,
        method: &str,
        path_contains: &str,
        fault: &str,
    ) -> std::time::Duration {
        let seen = self.seen.lock().unwrap().clone();
        let arrived = self.arrived.lock().unwrap().clone();
        let prefix = format!("{method} ");
        let matches = |i: usize| seen[i].starts_with(&prefix) && seen[i].contains(path_contains);
        let faulted: usize = self
            .injected
            .lock()
            .unwrap()
            .iter()
            .filter_map(|l| l.strip_prefix(&format!("{fault}: #")))
            .filter_map(|rest| rest.split(' ').next()?.parse().ok())
            .find(|&i| matches(i))
            .expect("the fault was injected");
        let next = (faulted + 1..seen.len())
            .find(|&i| matches(i))
            .expect("a request followed the fault");
        arrived[next] - arrived[faulted]
    }

    /// How many faults of each kind were injected so far.
    pub fn injected_by_kind(&self) -> std::collections::BTreeMap<String, usize> {
        let mut out = std::collections::BTreeMap::new();
        for line in self.injected.lock().unwrap().iter() {
            let kind = line.split(": ").next().unwrap_or_default().to_string();
            *out.entry(kind).or_insert(0) += 1;
        }
        out
    }

    /// Apply `fault` to the next `times` requests with `method` whose path contains
    /// `path_contains`.
    pub fn on(&self, method: Method, path_contains: &str, times: usize, fault: Fault) {
        self.rules.lock().unwrap().push(Rule {
            method,
            path_contains: path_contains.into(),
            remaining: times,
            fault: Some(fault),
        });
    }

    /// Requests seen so far with `method` whose path contains `path_contains`.
    pub fn count(&self, method: &str, path_contains: &str) -> usize {
        let prefix = format!("{method} ");
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.starts_with(&prefix) && l.contains(path_contains))
            .count()
    }

    /// Requests seen so far with `method` whose path contains `path_contains`, each with
    /// the moment it arrived, in order of arrival.
    #[allow(dead_code)]
    pub fn arrivals(&self, method: &str, path_contains: &str) -> Vec<(String, std::time::Instant)> {
        let prefix = format!("{method} ");
        let seen = self.seen.lock().unwrap().clone();
        let arrived = self.arrived.lock().unwrap().clone();
        seen.into_iter()
            .zip(arrived)
            .filter(|(l, _)| l.starts_with(&prefix) && l.contains(path_contains))
            .collect()
    }
}

async fn serve(listener: std::net::TcpListener, kubeconfig: std::path::PathBuf, shared: Shared) {
    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
    // Upstream client without credentials: the caller's Authorization header is passed on.
    let kc = Kubeconfig::read_from(&kubeconfig).unwrap();
    let mut config = Config::from_custom_kubeconfig(
        kc,
        &KubeConfigOptions {
            context: Some("admin".into()),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    config.auth_info = Default::default();
    let upstream = Client::try_from(config).unwrap();
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let (upstream, shared) = (upstream.clone(), shared.clone());
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                handle(req, upstream.clone(), shared.clone())
            });
            // A handler error closes the connection without a response (the resets).
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// A connection closed on purpose; hyper drops the connection without answering.
#[derive(Debug)]
struct Reset;

impl std::fmt::Display for Reset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("injected connection reset")
    }
}

impl std::error::Error for Reset {}

/// The proxy's answers: whole, cut, or streamed.
type Answer = UnsyncBoxBody<Bytes, Box<dyn std::error::Error + Send + Sync>>;

fn whole(bytes: Bytes) -> Answer {
    Full::new(bytes)
        .map_err(|never| match never {})
        .boxed_unsync()
}

/// The first half of `bytes`, then (once it is on the wire) the connection dropped.
fn cut(bytes: Bytes) -> Answer {
    let half = bytes.slice(..bytes.len() / 2);
    let frames = futures::stream::unfold(0, move |step| {
        let half = half.clone();
        async move {
            match step {
                0 => Some((Ok(Frame::data(half)), 1)),
                1 => {
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    Some((
                        Err(Box::new(Reset) as Box<dyn std::error::Error + Send + Sync>),
                        2,
                    ))
                }
                _ => None,
            }
        }
    });
    StreamBody::new(frames).boxed_unsync()
}

/// A watch's stream as the server sends it; with `stop`, cut in the middle of the first
/// event.
fn streamed(body: kube::client::Body, stop: bool) -> Answer {
    let state = (body, stop, false);
    let stream = futures::stream::unfold(state, |(mut body, stop, done)| async move {
        if done {
            return None;
        }
        match body.frame().await? {
            Ok(frame) => match frame.into_data() {
                Ok(data) if stop => {
                    let half = data.slice(..(data.len() / 2).max(1).min(data.len()));
                    Some((Ok(Frame::data(half)), (body, stop, true)))
                }
                Ok(data) => Some((Ok(Frame::data(data)), (body, stop, false))),
                Err(_) => Some((Ok(Frame::data(Bytes::new())), (body, stop, false))),
            },
            Err(e) => Some((
                Err(Box::new(e) as Box<dyn std::error::Error + Send + Sync>),
                (body, stop, true),
            )),
        }
    });
    // After the half event is on the wire, the connection drops.
    let tail = futures::stream::unfold(stop, |stop| async move {
        if !stop {
            return None;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        Some((
            Err(Box::new(Reset) as Box<dyn std::error::Error + Send + Sync>),
            false,
        ))
    });
    let stream = futures::StreamExt::chain(stream, tail);
    StreamBody::new(stream).boxed_unsync()
}

fn status(code: u16, retry_after: Option<u32>) -> Response<Answer> {
    let mut body = serde_json::json!({
        "kind": "Status", "apiVersion": "v1", "status": "Failure",
        "message": format!("injected failure {code}"),
        "reason": match code { 409 => "Conflict", 429 => "TooManyRequests", 503 => "ServiceUnavailable", _ => "InternalError" },
        "code": code
    });
    let mut resp = Response::builder()
        .status(code)
        .header("content-type", "application/json");
    if let Some(s) = retry_after {
        body["details"] = serde_json::json!({ "retryAfterSeconds": s });
        resp = resp.header("retry-after", s.to_string());
    }
    resp.body(whole(Bytes::from(body.to_string()))).unwrap()
}

async fn handle(
    req: Request<Incoming>,
    upstream: Client,
    shared: Shared,
) -> Result<Response<Answer>, Reset> {
    let path = req
        .uri()
        .path_and_query()
        .map(|p| p.to_string())
        .unwrap_or_default();
    let line = format!("{} {path}", req.method());
    let index = {
        // Both under the lock of `seen`, so that their indices agree.
        let mut seen = shared.seen.lock().unwrap();
        seen.push(line.clone());
        shared
            .arrived
            .lock()
            .unwrap()
            .push(std::time::Instant::now());
        seen.len() - 1
    };
    let fault = {
        let mut rules = shared.rules.lock().unwrap();
        let ruled = rules
            .iter_mut()
            .find(|r| {
                r.remaining > 0 && r.method == req.method() && path.contains(&r.path_contains)
            })
            .and_then(|r| {
                r.remaining -= 1;
                match &r.fault {
                    Some(Fault::Before(_)) => r.fault.take(),
                    Some(f) => f.copied(),
                    None => None,
                }
            });
        ruled.or_else(|| {
            shared.chaos.lock().unwrap().as_mut().and_then(|c| {
                let apply = req
                    .headers()
                    .get(http::header::CONTENT_TYPE)
                    .is_some_and(|t| t.as_bytes().starts_with(b"application/apply-patch"));
                c.pick(req.method(), &path, apply)
            })
        })
    };
    if let Some(f) = &fault {
        shared
            .injected
            .lock()
            .unwrap()
            .push(format!("{}: #{index} {line}", f.name()));
    }
    let mut lose_response = false;
    let mut cut_body = false;
    let mut cut_watch = false;
    match fault {
        Some(Fault::Fail(code)) => return Ok(status(code, None)),
        Some(Fault::Busy(s)) => return Ok(status(429, Some(s))),
        Some(Fault::ResetBefore) => return Err(Reset),
        Some(Fault::Hang) => {
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
            return Err(Reset);
        }
        Some(Fault::ResetAfter) => lose_response = true,
        Some(Fault::CutShort) => cut_body = true,
        Some(Fault::WatchCut) => cut_watch = true,
        Some(Fault::Before(action)) => action().await,
        Some(Fault::Delay(d)) => tokio::time::sleep(d).await,
        None => {}
    }
    let (parts, body) = req.into_parts();
    let bytes = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    if !bytes.is_empty() {
        shared
            .sent
            .lock()
            .unwrap()
            .push((line.clone(), String::from_utf8_lossy(&bytes).into_owned()));
    }
    let watch = path.contains("watch=true") || path.contains("watch=1");
    let mut forward = http::Request::builder().method(parts.method).uri(path);
    for (name, value) in parts.headers.iter() {
        if name != http::header::HOST {
            forward = forward.header(name, value);
        }
    }
    let forward = forward
        .body(kube::client::Body::from(bytes.to_vec()))
        .unwrap();
    let response = match upstream.send(forward).await {
        Ok(resp) if watch => {
            let (parts, body) = resp.into_parts();
            Response::from_parts(parts, streamed(body, cut_watch))
        }
        Ok(resp) => {
            let (mut parts, body) = resp.into_parts();
            let bytes = body
                .collect()
                .await
                .map(|b| b.to_bytes())
                .unwrap_or_default();
            if cut_body {
                // The whole length announced, half of it sent.
                parts.headers.insert(
                    http::header::CONTENT_LENGTH,
                    http::HeaderValue::from(bytes.len()),
                );
                parts.headers.remove(http::header::TRANSFER_ENCODING);
                Response::from_parts(parts, cut(bytes))
            } else {
                Response::from_parts(parts, whole(bytes))
            }
        }
        Err(e) => Response::builder()
            .status(502)
            .body(whole(Bytes::from(e.to_string())))
            .unwrap(),
    };
    if lose_response {
        return Err(Reset);
    }
    Ok(response)
}
