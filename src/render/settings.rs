//! `failover settings`: what is remembered per context, and where each value came from.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::Serialize;

use super::time::{ago, instant};
use super::OUTPUT_API_VERSION;
use crate::config::ContextSettings;

/// The structured view (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub contexts: &'a BTreeMap<String, ContextSettings>,
}

/// The document of `contexts`.
pub fn document(contexts: &BTreeMap<String, ContextSettings>) -> SettingsDocument<'_> {
    SettingsDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "RememberedSettings",
        contexts,
    }
}

/// The view for people: per context, its server, the last discovery, and one row per
/// remembered flag with where it came from.
pub fn text(
    contexts: &BTreeMap<String, ContextSettings>,
    current: &str,
    server: &str,
    now: Timestamp,
) -> String {
    if contexts.is_empty() {
        return format!(
            "Nothing is remembered for context {current} ({server}): predictions use flags, snapshot headers and upstream's defaults.\n\
             `karmadactl failover settings refresh --host-kubeconfig PATH` discovers the real settings.\n"
        );
    }
    let mut out = String::new();
    for (name, entry) in contexts {
        let server = entry.server.as_deref().unwrap_or("?");
        out += &format!("Context {name} ({server})\n");
        if let Some(d) = &entry.discovery {
            out += &format!(
                "  discovered {} ({}) in namespace {} of {}{}\n",
                ago(d.at, now),
                instant(d.at),
                d.namespace,
                d.host_kubeconfig.as_deref().unwrap_or("?"),
                d.host_context
                    .as_deref()
                    .map(|c| format!(" (context {c})"))
                    .unwrap_or_default()
            );
            for (component, found) in &d.components {
                out += &format!("    {component}: {found}\n");
            }
        }
        let mut table = super::table(["FLAG", "VALUE", "SOURCE"]);
        for (flag, r) in &entry.settings {
            let value = r
                .value
                .clone()
                .unwrap_or_else(|| "(upstream default)".into());
            let source = match (&r.discovered, r.set_at) {
                (_, Some(at)) => format!("set by hand {} ({})", ago(at, now), instant(at)),
                (Some(d), None) if r.value.is_some() => format!("discovered on {d}"),
                (Some(d), None) => format!("discovered: not set on {d}"),
                (None, None) => "?".into(),
            };
            table.add_row([flag.as_str(), value.as_str(), source.as_str()]);
        }
        out += &table.trim_fmt();
        out += "\n";
    }
    out
}
