//! A small fault-injection proxy between the CLI and the real test server.
//!
//! It listens on plain HTTP on loopback and forwards every request, with the caller's
//! own Authorization header, to the real kube-apiserver over TLS. Rules can fail a
//! matching request with a status code, or run an action (e.g. a concurrent write)
//! before forwarding it.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use http_body_util::{BodyExt, Full};
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
    /// Every request seen, as "METHOD path?query".
    pub seen: Arc<Mutex<Vec<String>>>,
}

impl Proxy {
    /// Start a proxy in front of `env`'s server.
    pub fn start(env: &TestEnv) -> Proxy {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let rules: Arc<Mutex<Vec<Rule>>> = Arc::default();
        let seen: Arc<Mutex<Vec<String>>> = Arc::default();
        let kubeconfig_path = env.kubeconfig.clone();
        let (r, s) = (rules.clone(), seen.clone());
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(serve(listener, kubeconfig_path, r, s));
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
            rules,
            seen,
        }
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
}

async fn serve(
    listener: std::net::TcpListener,
    kubeconfig: std::path::PathBuf,
    rules: Arc<Mutex<Vec<Rule>>>,
    seen: Arc<Mutex<Vec<String>>>,
) {
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
        let (upstream, rules, seen) = (upstream.clone(), rules.clone(), seen.clone());
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                handle(req, upstream.clone(), rules.clone(), seen.clone())
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

async fn handle(
    req: Request<Incoming>,
    upstream: Client,
    rules: Arc<Mutex<Vec<Rule>>>,
    seen: Arc<Mutex<Vec<String>>>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let path = req
        .uri()
        .path_and_query()
        .map(|p| p.to_string())
        .unwrap_or_default();
    seen.lock()
        .unwrap()
        .push(format!("{} {path}", req.method()));
    let fault = {
        let mut rules = rules.lock().unwrap();
        rules
            .iter_mut()
            .find(|r| {
                r.remaining > 0 && r.method == req.method() && path.contains(&r.path_contains)
            })
            .and_then(|r| {
                r.remaining -= 1;
                match &r.fault {
                    Some(Fault::Fail(code)) => Some(Fault::Fail(*code)),
                    Some(Fault::Delay(d)) => Some(Fault::Delay(*d)),
                    Some(Fault::Before(_)) => r.fault.take(),
                    None => None,
                }
            })
    };
    match fault {
        Some(Fault::Fail(code)) => {
            let body = serde_json::json!({
                "kind": "Status", "apiVersion": "v1", "status": "Failure",
                "message": format!("injected failure {code}"), "reason": "InternalError", "code": code
            });
            return Ok(Response::builder()
                .status(code)
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from(body.to_string())))
                .unwrap());
        }
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
    let mut forward = http::Request::builder().method(parts.method).uri(path);
    for (name, value) in parts.headers.iter() {
        if name != http::header::HOST {
            forward = forward.header(name, value);
        }
    }
    let forward = forward
        .body(kube::client::Body::from(bytes.to_vec()))
        .unwrap();
    match upstream.send(forward).await {
        Ok(resp) => {
            let (parts, body) = resp.into_parts();
            let bytes = body
                .collect()
                .await
                .map(|b| b.to_bytes())
                .unwrap_or_default();
            Ok(Response::from_parts(parts, Full::new(bytes)))
        }
        Err(e) => Ok(Response::builder()
            .status(502)
            .body(Full::new(Bytes::from(e.to_string())))
            .unwrap()),
    }
}
