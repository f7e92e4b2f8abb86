//! The per-cluster report of a taint change (`taint`, `cordon`, `uncordon`).

use serde::Serialize;

use super::{print_structured, write_stdout, Format, OUTPUT_API_VERSION};
use crate::api::taint::describe_taint;
use crate::api::Taint;
use crate::engine::decide::taint_edit::EditOutcome;
use crate::error::Result;
use crate::ops::taints::TaintOutcome;
use crate::ops::DryRun;

/// One cluster's line in the report.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTaintItem {
    pub name: String,
    pub result: String,
    pub written: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub updated: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    pub taints: Vec<Taint>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The structured report (`-o json|yaml`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTaintReport {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub dry_run: &'static str,
    pub items: Vec<ClusterTaintItem>,
}

/// The report's items: `word` names each outcome (`tainted`, `cordoned`, ...).
pub fn items(
    outcomes: Vec<TaintOutcome>,
    word: fn(EditOutcome) -> &'static str,
) -> Vec<ClusterTaintItem> {
    outcomes
        .into_iter()
        .map(|o| match o.result {
            Ok((e, written)) => ClusterTaintItem {
                name: o.name,
                result: word(e.outcome).to_string(),
                written,
                added: e.added,
                updated: e.updated,
                removed: e.removed,
                taints: e.taints,
                error: None,
            },
            Err(message) => ClusterTaintItem {
                name: o.name,
                result: "failed".into(),
                written: false,
                added: vec![],
                updated: vec![],
                removed: vec![],
                taints: o.before,
                error: Some(message),
            },
        })
        .collect()
}

/// Print the report to stdout and the failures to stderr.
pub fn print(items: Vec<ClusterTaintItem>, dry_run: DryRun, format: Format) -> Result<()> {
    let errors: Vec<String> = items
        .iter()
        .filter_map(|i| {
            i.error
                .as_ref()
                .map(|e| super::error_line(&format!("cluster.cluster.karmada.io/{}", i.name), e))
        })
        .collect();
    let suffix = match dry_run {
        DryRun::None => "",
        DryRun::Client => " (dry run)",
        DryRun::Server => " (server dry run)",
    };
    match format {
        Format::Json | Format::Yaml => {
            let doc = ClusterTaintReport {
                api_version: OUTPUT_API_VERSION,
                kind: "ClusterTaintResult",
                dry_run: dry_run.as_str(),
                items,
            };
            print_structured(&doc, format)?;
        }
        Format::Name => {
            let text: String = items
                .iter()
                .filter(|i| i.error.is_none())
                .map(|i| format!("cluster.cluster.karmada.io/{}\n", i.name))
                .collect();
            write_stdout(&text)?;
        }
        Format::Table | Format::Wide => {
            let mut text = String::new();
            for i in items.iter().filter(|i| i.error.is_none()) {
                text.push_str(&format!(
                    "cluster.cluster.karmada.io/{} {}{suffix}\n",
                    i.name, i.result
                ));
                if dry_run == DryRun::Client || format == Format::Wide {
                    let list: Vec<String> = i.taints.iter().map(describe_taint).collect();
                    let list = if list.is_empty() {
                        "<none>".to_string()
                    } else {
                        list.join(", ")
                    };
                    text.push_str(&format!("  taints: {list}\n"));
                }
            }
            write_stdout(&text)?;
        }
    }
    for line in &errors {
        eprint!("{line}");
    }
    Ok(())
}
