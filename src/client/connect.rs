//! Building a client from a kubeconfig, as kubectl does.

use std::path::PathBuf;
use std::time::Duration;

use kube::client::ClientBuilder;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};
use tower::buffer::BufferLayer;
use tower::ServiceBuilder;

use super::read;

use crate::error::{Error, Result};

/// How to reach the control plane (kubectl's `--kubeconfig`, `--context`,
/// `--request-timeout`).
#[derive(Clone, Debug, Default)]
pub struct ConnectOptions {
    /// The kubeconfig file (default: `$KUBECONFIG`, then `~/.kube/config`).
    pub kubeconfig: Option<PathBuf>,
    /// The context (default: the current one).
    pub context: Option<String>,
    /// Timeout of one request (`None`: none).
    pub request_timeout: Option<Duration>,
    /// The client's own pace (`None`: unpaced).
    pub rate: Option<super::ApiRate>,
}

/// A connected client plus what to call it in messages (never credentials).
#[derive(Clone)]
pub struct ControlPlane {
    /// The API client.
    pub client: Client,
    /// Context name used (for messages and snapshot headers).
    pub context: String,
    /// Server URL (for messages).
    pub server: String,
    /// Whether the server's certificate is verified (not when the kubeconfig says
    /// `insecure-skip-tls-verify`).
    pub tls_verified: bool,
    /// Objects per list page (`--chunk-size`; 0: one response).
    pub page_size: u32,
    /// Told of every page a list reads, so a long read can show its progress.
    pub on_page: Option<super::PageHook>,
}

/// Connect using `--kubeconfig` (else `$KUBECONFIG`, else `~/.kube/config`) and
/// `--karmada-context` (else the current context). A kubeconfig that cannot be used
/// (unreadable, no such context, bad certificate data) is exit 1: the environment is
/// wrong, not the command line.
pub async fn connect(global: &ConnectOptions) -> Result<ControlPlane> {
    let options = KubeConfigOptions {
        context: global.context.clone(),
        cluster: None,
        user: None,
    };
    let kubeconfig = match &global.kubeconfig {
        Some(path) => Kubeconfig::read_from(path).map_err(|e| {
            Error::failure(format!(
                "cannot read kubeconfig {}: {}",
                path.display(),
                first_line(&e)
            ))
        })?,
        None => Kubeconfig::read().map_err(|e| {
            Error::failure(format!(
                "no usable kubeconfig ({}); pass --kubeconfig or set KUBECONFIG",
                first_line(&e)
            ))
        })?,
    };
    let context = global
        .context
        .clone()
        .or_else(|| kubeconfig.current_context.clone())
        .unwrap_or_default();
    if let Some(wanted) = &global.context {
        if !kubeconfig.contexts.iter().any(|c| &c.name == wanted) {
            return Err(Error::failure(format!(
                "context {wanted:?} not found in the kubeconfig"
            )));
        }
    }
    // A context naming a user or cluster the file lacks is a broken kubeconfig (kube
    // would go on without credentials, or without a server).
    if let Some(ctx) = kubeconfig
        .contexts
        .iter()
        .find(|c| c.name == context)
        .and_then(|c| c.context.as_ref())
    {
        if let Some(user) = ctx.user.as_deref().filter(|u| !u.is_empty()) {
            if !kubeconfig.auth_infos.iter().any(|a| a.name == user) {
                return Err(Error::failure(format!(
                    "context {context:?} names user {user:?}, which the kubeconfig does not define"
                )));
            }
        }
        if !kubeconfig.clusters.iter().any(|c| c.name == ctx.cluster) {
            return Err(Error::failure(format!(
                "context {context:?} names cluster {:?}, which the kubeconfig does not define",
                ctx.cluster
            )));
        }
    }
    let mut config = Config::from_custom_kubeconfig(kubeconfig, &options)
        .await
        .map_err(|e| Error::failure(format!("bad kubeconfig: {}", first_line(&e))))?;
    // Off only where the kubeconfig itself says so (the caller warns).
    let tls_verified = !config.accept_invalid_certs;
    if let Some(timeout) = global.request_timeout {
        config.connect_timeout = Some(timeout);
        config.read_timeout = Some(timeout);
        config.write_timeout = Some(timeout);
    }
    let server = config
        .cluster_url
        .to_string()
        .trim_end_matches('/')
        .to_string();
    // One retry policy for the tool (`super::retry`), not kube's as well.
    config.default_retry = false;
    tracing::debug!(%server, %context, "connecting");
    let base = ClientBuilder::try_from(config).map_err(|e| {
        Error::failure(format!(
            "cannot set up a client for {server}: {}",
            first_line(&e)
        ))
    })?;
    // The read layer re-sends a request, so the stack under it must be cloneable: a
    // buffer in front of kube's boxed service.
    let stack = ServiceBuilder::new()
        .layer(read::ReadLayer)
        .option_layer(global.rate.map(super::limit::LimitLayer::new))
        .layer(BufferLayer::new(256));
    let client = base.with_layer(&stack).build();
    Ok(ControlPlane {
        client,
        context,
        server,
        tls_verified,
        page_size: super::PAGE_SIZE,
        on_page: None,
    })
}

fn first_line(e: &dyn std::fmt::Display) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}
