//! Building a client from a kubeconfig, as kubectl does.

use std::path::PathBuf;
use std::time::Duration;

use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};

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
}

/// Connect using `--kubeconfig` (else `$KUBECONFIG`, else `~/.kube/config`) and
/// `--karmada-context` (else the current context).
pub async fn connect(global: &ConnectOptions) -> Result<ControlPlane> {
    let options = KubeConfigOptions {
        context: global.context.clone(),
        cluster: None,
        user: None,
    };
    let kubeconfig = match &global.kubeconfig {
        Some(path) => Kubeconfig::read_from(path).map_err(|e| {
            Error::usage(format!(
                "cannot read kubeconfig {}: {}",
                path.display(),
                first_line(&e)
            ))
        })?,
        None => Kubeconfig::read().map_err(|e| {
            Error::usage(format!(
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
            return Err(Error::usage(format!(
                "context {wanted:?} not found in the kubeconfig"
            )));
        }
    }
    let mut config = Config::from_custom_kubeconfig(kubeconfig, &options)
        .await
        .map_err(|e| Error::usage(format!("bad kubeconfig: {}", first_line(&e))))?;
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
    tracing::debug!(%server, %context, "connecting");
    let client = Client::try_from(config).map_err(|e| {
        Error::failure(format!(
            "cannot set up a client for {server}: {}",
            first_line(&e)
        ))
    })?;
    Ok(ControlPlane {
        client,
        context,
        server,
    })
}

fn first_line(e: &dyn std::fmt::Display) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}
