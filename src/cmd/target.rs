//! What the operator names on the command line: a binding (`rb NS/NAME`, `crb NAME`),
//! the binding of a workload (`KIND/NAME -n NS`), or a ClusterTaintPolicy; parsed as
//! `policy explain` and `history` take it, and found in a fleet.

use std::fmt;

use crate::error::{Error, Result};
use crate::fleet::{Binding, BindingKind, FleetState};

/// What the operator asked about.
#[derive(Debug, PartialEq, Eq)]
pub enum Target {
    /// A ResourceBinding by namespace and name.
    ResourceBinding { namespace: String, name: String },
    /// A ClusterResourceBinding by name.
    ClusterResourceBinding { name: String },
    /// The binding of a workload, by kind, namespace and name.
    Workload {
        kind: String,
        namespace: Option<String>,
        name: String,
    },
    /// A ClusterTaintPolicy by name.
    TaintPolicy { name: String },
}

/// Parse `rb NS/NAME`, `crb NAME`, `KIND/NAME` (with `-n`), `clustertaintpolicy/NAME`.
pub fn parse_target(words: &[String], namespace: Option<&str>) -> Result<Target> {
    let usage = || {
        Error::usage(
            "expected `rb NAMESPACE/NAME`, `crb NAME`, `KIND/NAME -n NAMESPACE` or `clustertaintpolicy/NAME`",
        )
    };
    let (kind, rest) = match words {
        [kind, name] => (kind.as_str(), name.as_str()),
        [one] => one.split_once('/').ok_or_else(usage)?,
        _ => return Err(usage()),
    };
    let kind_l = kind.to_ascii_lowercase();
    let split_ns = |rest: &str| -> Result<(String, String)> {
        match (rest.split_once('/'), namespace) {
            (Some((ns, name)), _) => Ok((ns.to_string(), name.to_string())),
            (None, Some(ns)) => Ok((ns.to_string(), rest.to_string())),
            (None, None) => Err(Error::usage(
                "a ResourceBinding needs a namespace: NAMESPACE/NAME or -n",
            )),
        }
    };
    Ok(match kind_l.as_str() {
        "rb" | "resourcebinding" | "resourcebindings" | "resourcebinding.work.karmada.io" => {
            let (namespace, name) = split_ns(rest)?;
            Target::ResourceBinding { namespace, name }
        }
        "crb" | "clusterresourcebinding" | "clusterresourcebindings" => {
            Target::ClusterResourceBinding {
                name: rest.to_string(),
            }
        }
        "clustertaintpolicy" | "clustertaintpolicies" | "ctp" => Target::TaintPolicy {
            name: rest.to_string(),
        },
        _ if rest.is_empty() => return Err(usage()),
        _ => Target::Workload {
            kind: kind.to_string(),
            namespace: namespace.map(str::to_string),
            name: rest.to_string(),
        },
    })
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::ResourceBinding { namespace, name } => write!(f, "rb/{namespace}/{name}"),
            Target::ClusterResourceBinding { name } => write!(f, "crb/{name}"),
            Target::Workload {
                kind,
                namespace: Some(ns),
                name,
            } => write!(f, "{kind}/{name} in namespace {ns}"),
            Target::Workload { kind, name, .. } => write!(f, "{kind}/{name}"),
            Target::TaintPolicy { name } => write!(f, "clustertaintpolicy/{name}"),
        }
    }
}

/// The binding `target` names in `state`.
pub fn find_binding<'s>(state: &'s FleetState, target: &Target) -> Result<&'s Binding> {
    let found = state.bindings.iter().find(|b| {
        let (ns, name) = (
            b.metadata.namespace.as_deref(),
            b.metadata.name.as_deref().unwrap_or(""),
        );
        match target {
            Target::ResourceBinding { namespace, name: n } => {
                b.kind == BindingKind::ResourceBinding && ns == Some(namespace) && name == n
            }
            Target::ClusterResourceBinding { name: n } => {
                b.kind == BindingKind::ClusterResourceBinding && name == n
            }
            Target::Workload {
                kind,
                namespace,
                name: n,
            } => {
                let r = &b.spec.resource;
                let k = kind.to_ascii_lowercase();
                let kind_ok = r.kind.eq_ignore_ascii_case(&k)
                    || format!("{}s", r.kind.to_ascii_lowercase()) == k
                    || k.split('.').next() == Some(&r.kind.to_ascii_lowercase());
                kind_ok && &r.name == n && r.namespace.as_deref() == namespace.as_deref()
            }
            Target::TaintPolicy { .. } => false,
        }
    });
    found.ok_or_else(|| {
        Error::usage(format!(
            "{target} not found in {}",
            state.source.description
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_every_target_form() {
        assert_eq!(
            parse_target(&words(&["rb", "default/nginx"]), None).unwrap(),
            Target::ResourceBinding {
                namespace: "default".into(),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["rb", "nginx"]), Some("web")).unwrap(),
            Target::ResourceBinding {
                namespace: "web".into(),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["crb", "x"]), None).unwrap(),
            Target::ClusterResourceBinding { name: "x".into() }
        );
        assert_eq!(
            parse_target(&words(&["deployment/nginx"]), Some("default")).unwrap(),
            Target::Workload {
                kind: "deployment".into(),
                namespace: Some("default".into()),
                name: "nginx".into()
            }
        );
        assert_eq!(
            parse_target(&words(&["clustertaintpolicy/p"]), None).unwrap(),
            Target::TaintPolicy { name: "p".into() }
        );
        assert!(parse_target(&words(&["rb", "nginx"]), None).is_err());
        assert!(parse_target(&words(&["nginx"]), None).is_err());
    }
}
