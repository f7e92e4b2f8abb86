//! The Karmada components as they really run: their Deployments on the host cluster,
//! found however Karmada was installed, and the flags of their containers.
//!
//! Each component (controller manager, webhook, scheduler) is found, in order: by the
//! Deployment a flag pins (`--controller-manager NS/NAME`, ...); by the names each
//! installer gives it in the namespace (`karmadactl init`, the Helm chart,
//! karmada-operator); by a Deployment of the namespace whose container runs the
//! component's binary. A component that is not found, or cannot be read, is reported as
//! such (what was looked for, why it failed), never as an error that hides the others:
//! the doctor goes on and says what it could not know.

use std::collections::BTreeMap;
use std::path::Path;

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Container;
use kube::api::{Api, ListParams};

use crate::client::{self, ConnectOptions};

/// A Karmada component the doctor reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Component {
    ControllerManager,
    Webhook,
    Scheduler,
    /// Optional: most installs run none.
    Descheduler,
}

impl Component {
    /// Every component, in report order.
    pub const ALL: [Component; 4] = [
        Component::ControllerManager,
        Component::Webhook,
        Component::Scheduler,
        Component::Descheduler,
    ];

    /// The upstream binary (and the Deployment name `karmadactl init` gives it).
    pub fn binary(self) -> &'static str {
        match self {
            Component::ControllerManager => "karmada-controller-manager",
            Component::Webhook => "karmada-webhook",
            Component::Scheduler => "karmada-scheduler",
            Component::Descheduler => "karmada-descheduler",
        }
    }

    /// The suffix of its Deployment name: what follows `karmada-` in the binary's name.
    fn suffix(self) -> &'static str {
        &self.binary()["karmada-".len()..]
    }

    /// The flag that pins its Deployment.
    pub fn pin_flag(self) -> &'static str {
        match self {
            Component::ControllerManager => "--controller-manager",
            Component::Webhook => "--webhook",
            Component::Scheduler => "--scheduler",
            Component::Descheduler => "--descheduler-deployment",
        }
    }
}

/// Flags that take a value in the next word when written without `=`.
const VALUED: &[&str] = &[
    "feature-gates",
    "unschedulable-threshold",
    "descheduling-interval",
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
    "cluster-status-update-frequency",
    "cluster-failure-threshold",
    "cluster-success-threshold",
    "cluster-monitor-period",
    "cluster-monitor-grace-period",
    "cluster-startup-grace-period",
    "kubeconfig",
    "cluster-name",
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

/// How a component's Deployment was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoundBy {
    /// Named by its pin flag.
    Pinned,
    /// Its name is the one this installer gives it.
    Installer(&'static str),
    /// A container of it runs the component's binary.
    Binary,
}

impl FoundBy {
    /// Words for reports.
    pub fn describe(&self, c: Component) -> String {
        match self {
            FoundBy::Pinned => format!("named by {}", c.pin_flag()),
            FoundBy::Installer(i) => format!("the name {i} gives it"),
            FoundBy::Binary => format!("its container runs {}", c.binary()),
        }
    }
}

/// A component found on the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub namespace: String,
    pub deployment: String,
    pub container: String,
    /// Every flag of the container's command and arguments.
    pub flags: BTreeMap<String, String>,
    /// The container's image, when set.
    pub image: Option<String>,
    pub by: FoundBy,
}

impl Found {
    /// The value of a setting on this component: its flag, or for `karmada-version` the
    /// release its image's tag names, as the tag says it (`v1.19.0`, `latest`: read as the
    /// nearest known release, which the reports name; `None`: not set, pinned by digest
    /// alone, or a tag the tool cannot read).
    pub fn setting(&self, flag: &str) -> Option<String> {
        if flag == "karmada-version" {
            return self
                .image
                .as_deref()
                .and_then(crate::engine::vocabulary::version::KarmadaVersion::image_tag)
                .map(str::to_string);
        }
        self.flags.get(flag).cloned()
    }

    /// `deploy/NS/NAME (container C)`.
    pub fn describe(&self) -> String {
        format!(
            "deploy/{}/{} (container {})",
            self.namespace, self.deployment, self.container
        )
    }
}

/// A component the doctor could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// What was looked for, in words.
    pub looked_for: String,
    /// Why it failed: `None` when nothing matched, else the error (forbidden, ...).
    pub error: Option<String>,
}

/// What the host says of one component.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentReading {
    pub component: Component,
    pub outcome: Result<Found, Missing>,
}

/// What the doctor read on the host cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct HostReading {
    /// The host kubeconfig context used (empty when the kubeconfig was unusable).
    pub context: String,
    pub namespace: String,
    pub components: Vec<ComponentReading>,
    /// The `karmada-scheduler-estimator` Deployments of the namespace, each with the
    /// member it serves (its `--cluster-name`); why not, when the namespace could not be
    /// listed.
    pub estimators: Result<Vec<Estimator>, String>,
}

/// A member's karmada-scheduler-estimator found on the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimator {
    /// The member it serves (`--cluster-name`; empty when not set).
    pub cluster: String,
    /// `deploy/NS/NAME (container C)`.
    pub source: String,
    pub image: Option<String>,
}

/// The estimators among `deployments`: each Deployment whose container runs
/// `karmada-scheduler-estimator`.
fn estimators_in(deployments: &[Deployment]) -> Vec<Estimator> {
    const BINARY: &str = "karmada-scheduler-estimator";
    deployments
        .iter()
        .filter_map(|d| {
            let containers = d.spec.template.spec.as_ref()?.containers.as_slice();
            let k = containers
                .iter()
                .find(|k| words(k).any(|w| w.rsplit('/').next() == Some(BINARY)))?;
            Some(Estimator {
                cluster: parse_flags(&words(k).cloned().collect::<Vec<_>>())
                    .get("cluster-name")
                    .cloned()
                    .unwrap_or_default(),
                source: format!(
                    "deploy/{}/{} (container {})",
                    d.metadata.namespace.as_deref().unwrap_or_default(),
                    d.metadata.name.as_deref().unwrap_or_default(),
                    k.name
                ),
                image: k.image.clone(),
            })
        })
        .collect()
}

impl HostReading {
    /// The reading of `c`.
    pub fn get(&self, c: Component) -> &Result<Found, Missing> {
        &self
            .components
            .iter()
            .find(|r| r.component == c)
            .expect("every component is read")
            .outcome
    }
}

/// Where to look: the namespace, and Deployments pinned by flag.
#[derive(Clone, Debug, Default)]
pub struct Lookup {
    pub namespace: String,
    /// Component to `(namespace, name)`.
    pub pinned: BTreeMap<Component, (String, String)>,
}

/// The container of `d` that runs `c`: the one whose command or arguments name its
/// binary, else the one named like the Deployment, else the first.
fn container_of<'d>(d: &'d Deployment, c: Component, prefer_name: &str) -> Option<&'d Container> {
    let containers = d
        .spec
        .template
        .spec
        .as_ref()
        .map(|s| s.containers.as_slice())
        .unwrap_or_default();
    containers
        .iter()
        .find(|k| runs(k, c))
        .or_else(|| containers.iter().find(|k| k.name == prefer_name))
        .or_else(|| containers.first())
}

/// Whether a container's command or arguments name `c`'s binary (as a path's last
/// part, or as a whole word).
fn runs(k: &Container, c: Component) -> bool {
    words(k).any(|w| w.rsplit('/').next() == Some(c.binary()))
}

/// A container's command line: its command, then its arguments.
fn words(k: &Container) -> impl Iterator<Item = &String> {
    k.command.iter().flatten().chain(k.args.iter().flatten())
}

fn found(d: &Deployment, c: Component, by: FoundBy) -> Result<Found, Missing> {
    let namespace = d.metadata.namespace.clone().unwrap_or_default();
    let name = d.metadata.name.clone().unwrap_or_default();
    let Some(k) = container_of(d, c, &name) else {
        return Err(Missing {
            looked_for: format!("deploy/{namespace}/{name}"),
            error: Some("it has no container".into()),
        });
    };
    let line: Vec<String> = words(k).cloned().collect();
    Ok(Found {
        namespace,
        deployment: name,
        container: k.name.clone(),
        flags: parse_flags(&line),
        image: k.image.clone(),
        by,
    })
}

/// The installers' names for `c`'s Deployment, in the order they are tried, each with
/// the installer: `karmadactl init` and the Helm chart (release `karmada`) name it
/// `karmada-SUFFIX`; karmada-operator names it `NAME-SUFFIX` after its Karmada object
/// when that name holds `karmada`, else `NAME-karmada-SUFFIX`; the Helm chart names it
/// `RELEASE-SUFFIX` for other releases.
fn installer_match(name: &str, c: Component) -> Option<&'static str> {
    let suffix = c.suffix();
    if name == c.binary() {
        return Some("karmadactl init (and the Helm chart)");
    }
    let stem = name.strip_suffix(suffix)?.strip_suffix('-')?;
    if stem.ends_with("-karmada") || stem.contains("karmada") {
        return Some("karmada-operator (or the Helm chart)");
    }
    // `RELEASE-SUFFIX`, where SUFFIX is specific enough (`-controller-manager`,
    // `-webhook`, `-scheduler`) and the release is a plain name.
    (!stem.is_empty()).then_some("the Helm chart")
}

/// Find `c` among `deployments` (the namespace's, in name order).
fn find_in(deployments: &[Deployment], c: Component) -> Option<Result<Found, Missing>> {
    let by_name = |d: &&Deployment| {
        let name = d.metadata.name.as_deref().unwrap_or_default();
        installer_match(name, c).map(|i| (name == c.binary(), i))
    };
    // The exact name first, then the other installer names.
    let mut named: Vec<(&Deployment, bool, &'static str)> = deployments
        .iter()
        .filter_map(|d| by_name(&d).map(|(exact, i)| (d, exact, i)))
        .collect();
    named.sort_by_key(|(_, exact, _)| !exact);
    if let Some((d, _, installer)) = named.into_iter().find(|(d, _, _)| {
        container_of(d, c, "").is_some_and(|k| runs(k, c))
            || d.metadata.name.as_deref() == Some(c.binary())
    }) {
        return Some(found(d, c, FoundBy::Installer(installer)));
    }
    deployments
        .iter()
        .find(|d| container_of(d, c, "").is_some_and(|k| runs(k, c)))
        .map(|d| found(d, c, FoundBy::Binary))
}

/// Read every component on the host cluster of `kubeconfig`. Never fails: a host that
/// cannot be reached, or a component that cannot be found or read, is in the reading.
pub async fn read_host(
    kubeconfig: &Path,
    context: Option<&str>,
    lookup: &Lookup,
    request_timeout: Option<std::time::Duration>,
) -> HostReading {
    let every = |why: String| HostReading {
        context: context.unwrap_or_default().to_string(),
        namespace: lookup.namespace.clone(),
        components: Component::ALL
            .iter()
            .map(|&c| ComponentReading {
                component: c,
                outcome: Err(Missing {
                    looked_for: format!("{} on the host cluster", c.binary()),
                    error: Some(why.clone()),
                }),
            })
            .collect(),
        estimators: Err(why.clone()),
    };
    let host = match client::connect(&ConnectOptions {
        kubeconfig: Some(kubeconfig.to_path_buf()),
        context: context.map(str::to_string),
        request_timeout,
        rate: None,
    })
    .await
    {
        Ok(h) => h,
        Err(e) => return every(format!("the host cluster cannot be read: {}", e.message)),
    };
    let ns = &lookup.namespace;
    let in_ns: Api<Deployment> = Api::namespaced(host.client.clone(), ns);
    // One list of the namespace serves every component that is not pinned.
    let listed = in_ns.list(&ListParams::default()).await.map(|l| {
        let mut items = l.items;
        items.sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
        items
    });
    let mut components = Vec::new();
    for c in Component::ALL {
        let outcome = if let Some((pns, pname)) = lookup.pinned.get(&c) {
            let api: Api<Deployment> = Api::namespaced(host.client.clone(), pns);
            let what = format!("deploy/{pns}/{pname} ({})", c.pin_flag());
            match api.get_opt(pname).await {
                Ok(Some(d)) => found(&d, c, FoundBy::Pinned),
                Ok(None) => Err(Missing {
                    looked_for: what,
                    error: None,
                }),
                Err(e) => Err(Missing {
                    looked_for: what.clone(),
                    error: Some(client::api_error(&e, &what, &host.server).message),
                }),
            }
        } else {
            let looked_for = format!(
                "a Deployment in {ns} named as an installer names {} ({}, RELEASE-{}, NAME-karmada-{}) or whose container runs {}",
                c.binary(),
                c.binary(),
                c.suffix(),
                c.suffix(),
                c.binary()
            );
            match &listed {
                Ok(items) => find_in(items, c).unwrap_or(Err(Missing {
                    looked_for,
                    error: None,
                })),
                Err(e) => {
                    let what = format!("deployments in {ns}");
                    Err(Missing {
                        looked_for,
                        error: Some(client::api_error(e, &what, &host.server).message),
                    })
                }
            }
        };
        components.push(ComponentReading {
            component: c,
            outcome,
        });
    }
    let estimators = match &listed {
        Ok(items) => Ok(estimators_in(items)),
        Err(e) => Err(client::api_error(e, &format!("deployments in {ns}"), &host.server).message),
    };
    HostReading {
        context: host.context,
        namespace: ns.clone(),
        components,
        estimators,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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

    #[test]
    fn the_version_of_an_image_tag_is_read_as_the_flag_would_be() {
        use crate::engine::vocabulary::version::KarmadaVersion;
        let found = |image: &str| Found {
            namespace: "ns".into(),
            deployment: "d".into(),
            container: "c".into(),
            flags: BTreeMap::new(),
            image: Some(image.into()),
            by: FoundBy::Binary,
        };
        let read = |image: &str| {
            found(image).setting("karmada-version").map(|t| {
                let r = KarmadaVersion::read(&t).unwrap();
                (r.version.to_string(), r.unchecked.map(|u| u.to_string()))
            })
        };
        let cm = "docker.io/karmada/karmada-controller-manager";
        assert_eq!(
            read(&format!("{cm}:v1.18.2")),
            Some(("v1.18.2".into(), None))
        );
        assert_eq!(
            read(&format!("{cm}:v1.19.0")),
            Some(("v1.19.0-rc.0".into(), Some("v1.19.0".into())))
        );
        assert_eq!(
            read(&format!("{cm}:v1.20.1@sha256:0a1b")),
            Some(("master".into(), Some("v1.20.1".into())))
        );
        assert_eq!(
            read(&format!("{cm}:latest")),
            Some(("master".into(), Some("latest".into())))
        );
        // Pinned by digest alone, or a tag of another kind: not read (the default is
        // assumed, and the reports say so).
        assert_eq!(read(&format!("{cm}@sha256:0a1b")), None);
        assert_eq!(read(&format!("{cm}:nightly")), None);
    }

    fn deployment(name: &str, container: &str, command: &[&str]) -> Deployment {
        serde_json::from_value(json!({
            "metadata": {"name": name, "namespace": "ns"},
            "spec": {"selector": {}, "template": {"spec": {"containers": [
                {"name": "sidecar", "image": "busybox"},
                {"name": container, "image": format!("docker.io/karmada/{container}:v1.18.2"), "command": command}
            ]}}}
        }))
        .unwrap()
    }

    #[test]
    fn finds_each_installer_layout_and_by_binary() {
        let cm = Component::ControllerManager;
        let init = deployment(
            "karmada-controller-manager",
            "karmada-controller-manager",
            &["/bin/karmada-controller-manager", "--v=4"],
        );
        let f = find_in(std::slice::from_ref(&init), cm).unwrap().unwrap();
        assert_eq!(
            f.by,
            FoundBy::Installer("karmadactl init (and the Helm chart)")
        );
        assert_eq!(f.container, "karmada-controller-manager");
        assert_eq!(
            f.image.as_deref(),
            Some("docker.io/karmada/karmada-controller-manager:v1.18.2")
        );
        let operator = deployment(
            "demo-karmada-controller-manager",
            "karmada-controller-manager",
            &["karmada-controller-manager"],
        );
        let f = find_in(std::slice::from_ref(&operator), cm)
            .unwrap()
            .unwrap();
        assert!(matches!(f.by, FoundBy::Installer(i) if i.starts_with("karmada-operator")));
        let odd = deployment(
            "failover-brain",
            "manager",
            &["/usr/local/bin/karmada-controller-manager"],
        );
        let f = find_in(std::slice::from_ref(&odd), cm).unwrap().unwrap();
        assert_eq!((f.by, f.container.as_str()), (FoundBy::Binary, "manager"));
        // A webhook Deployment is not the controller manager, and nothing is invented.
        let webhook = deployment(
            "karmada-webhook",
            "karmada-webhook",
            &["/bin/karmada-webhook"],
        );
        assert!(find_in(std::slice::from_ref(&webhook), cm).is_none());
        let f = find_in(std::slice::from_ref(&webhook), Component::Webhook)
            .unwrap()
            .unwrap();
        assert_eq!(f.deployment, "karmada-webhook");
    }
}
