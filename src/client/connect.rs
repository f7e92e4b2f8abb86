//! Building a client from a kubeconfig, as kubectl does.

use std::time::Duration;

use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};

use crate::cli::GlobalArgs;
use crate::error::{Error, Result};

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
pub async fn connect(global: &GlobalArgs) -> Result<ControlPlane> {
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
    if let Some(timeout) = parse_duration(&global.request_timeout)
        .map_err(|e| Error::usage(format!("invalid --request-timeout: {e}")))?
    {
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

/// Parse kubectl-style durations: `0` (none), `30` (seconds), `30s`, `1m30s`, `500ms`.
pub fn parse_duration(text: &str) -> std::result::Result<Option<Duration>, String> {
    let text = text.trim();
    if text.is_empty() || text == "0" {
        return Ok(None);
    }
    if let Ok(secs) = text.parse::<u64>() {
        return Ok(Some(Duration::from_secs(secs)));
    }
    humantime::parse_duration(text)
        .map(|d| (!d.is_zero()).then_some(d))
        .map_err(|e| format!("{text:?}: {e}"))
}

fn first_line(e: &dyn std::fmt::Display) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}
