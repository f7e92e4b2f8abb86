//! The controller settings as the Karmada components really run: the container flags of
//! the karmada-controller-manager and karmada-webhook Deployments on the host cluster.

use std::collections::BTreeMap;
use std::path::Path;

use k8s_openapi::api::apps::v1::Deployment;
use kube::api::Api;

use crate::client::{self, ConnectOptions};
use crate::error::{Error, Result};

/// The controller manager's Deployment.
pub const CONTROLLER_MANAGER: &str = "karmada-controller-manager";
/// The webhook's Deployment.
pub const WEBHOOK: &str = "karmada-webhook";

/// Flags that take a value in the next word when written without `=`.
const VALUED: &[&str] = &[
    "feature-gates",
    "no-execute-taint-eviction-purge-mode",
    "graceful-eviction-timeout",
    "resource-eviction-rate",
    "secondary-resource-eviction-rate",
    "unhealthy-cluster-threshold",
    "large-cluster-num-threshold",
    "rate-limiter-base-delay",
    "rate-limiter-max-delay",
    "rate-limiter-qps",
    "rate-limiter-bucket-size",
    "kubeconfig",
    "controllers",
    "bind-address",
    "secure-port",
    "cert-dir",
    "v",
];

/// The flags of a command line (`--name=value`, `--name value` for flags that take a
/// value, `--name` alone for a boolean), by name; the last one wins, as in pflag.
pub fn parse_flags(words: &[String]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        i += 1;
        let Some(flag) = word.strip_prefix("--").or_else(|| word.strip_prefix('-')) else {
            continue;
        };
        match flag.split_once('=') {
            Some((name, value)) => {
                out.insert(name.to_string(), value.to_string());
            }
            None if VALUED.contains(&flag) && i < words.len() => {
                out.insert(flag.to_string(), words[i].clone());
                i += 1;
            }
            None => {
                out.insert(flag.to_string(), "true".to_string());
            }
        }
    }
    out
}

/// The flags of `deployment`'s container (the one named like it, else the first), and
/// a description of where they came from.
fn container_flags(
    namespace: &str,
    name: &str,
    d: &Deployment,
) -> Result<(BTreeMap<String, String>, String)> {
    let containers = d
        .spec
        .template
        .spec
        .as_ref()
        .map(|s| s.containers.as_slice())
        .unwrap_or_default();
    let c = containers
        .iter()
        .find(|c| c.name == name)
        .or_else(|| containers.first())
        .ok_or_else(|| Error::failure(format!("deployment {namespace}/{name} has no container")))?;
    let words: Vec<String> = c
        .command
        .iter()
        .flatten()
        .chain(c.args.iter().flatten())
        .cloned()
        .collect();
    Ok((
        parse_flags(&words),
        format!("deployment {namespace}/{name} (container {})", c.name),
    ))
}

/// The settings read from the host: every flag of the two Deployments (flag name to
/// value) and, for each, where it came from.
pub struct HostSettings {
    pub flags: BTreeMap<String, String>,
    pub sources: BTreeMap<String, String>,
    /// `deployment NS/NAME (container C)` of the controller manager, for flags it does
    /// not set (then the upstream default applies).
    pub controller_manager: String,
    pub webhook: String,
}

/// Read the controller manager's and the webhook's flags from the host cluster.
pub async fn read_host(
    kubeconfig: &Path,
    context: Option<&str>,
    namespace: &str,
    request_timeout: Option<std::time::Duration>,
) -> Result<HostSettings> {
    let host = client::connect(&ConnectOptions {
        kubeconfig: Some(kubeconfig.to_path_buf()),
        context: context.map(str::to_string),
        request_timeout,
    })
    .await?;
    let api: Api<Deployment> = Api::namespaced(host.client.clone(), namespace);
    let mut flags = BTreeMap::new();
    let mut sources = BTreeMap::new();
    let mut described = Vec::new();
    for name in [CONTROLLER_MANAGER, WEBHOOK] {
        let what = format!("deployment {namespace}/{name} on the host cluster");
        let d = api
            .get_opt(name)
            .await
            .map_err(|e| client::api_error(&e, &what, &host.server))?
            .ok_or_else(|| {
                Error::failure(format!(
                    "{what} not found (context {}); --karmada-namespace names where Karmada runs",
                    host.context
                ))
            })?;
        let (found, from) = container_flags(namespace, name, &d)?;
        for (k, v) in found {
            sources.insert(k.clone(), from.clone());
            flags.insert(k, v);
        }
        described.push(from);
    }
    Ok(HostSettings {
        flags,
        sources,
        controller_manager: described[0].clone(),
        webhook: described[1].clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_as_pflag_reads_them() {
        let f = parse_flags(&words(
            "/bin/karmada-controller-manager --kubeconfig /etc/k --feature-gates=Failover=true,Foo=false \
             --enable-no-execute-taint-eviction --graceful-eviction-timeout 5m --v=4 \
             --enable-no-execute-taint-eviction=false",
        ));
        assert_eq!(f["feature-gates"], "Failover=true,Foo=false");
        assert_eq!(
            f["enable-no-execute-taint-eviction"], "false",
            "the last one wins"
        );
        assert_eq!(f["graceful-eviction-timeout"], "5m");
        assert_eq!(f["kubeconfig"], "/etc/k");
        assert_eq!(f["v"], "4");
        assert!(!f.contains_key("/bin/karmada-controller-manager"));
        let f = parse_flags(&words("--allow-no-execute-taint-policy --port 443"));
        assert_eq!(f["allow-no-execute-taint-policy"], "true");
    }
}
