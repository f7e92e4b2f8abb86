//! The helper behind `taint`, `cordon` and `uncordon`: plan an edit of every target
//! cluster's taints, confirm destructive ones, apply with optimistic locking, report.

use futures::stream::{self, StreamExt};
use jiff::Timestamp;
use kube::api::Api;
use serde::Serialize;
use serde_json::json;

use crate::api::{Cluster, Taint, TaintEffect};
use crate::cli::{ControllerArgs, DryRun, OutputFormat, WriteArgs};
use crate::client::{patch_with_retry, ControlPlane, Plan};
use crate::error::{Error, ExitCode, Result};
use crate::output::{self, OUTPUT_API_VERSION};
use crate::prompt;
use crate::taints::{EditError, EditOutcome, TaintEdit};

/// Writes in flight at once.
const PARALLEL_WRITES: usize = 8;

/// The pure edit of one cluster's taints at a given time.
pub type EditFn<'f> =
    dyn Fn(&[Taint], Timestamp) -> std::result::Result<TaintEdit, EditError> + Sync + 'f;

/// A taint edit to run over clusters.
pub struct TaintJob<'a> {
    /// The pure edit of one cluster's taints.
    pub edit: &'a EditFn<'a>,
    /// Word printed for each outcome (`tainted`, `cordoned`, `already cordoned`, ...).
    pub word: fn(EditOutcome) -> &'static str,
    /// The evicting effect this job adds, if any: asks for confirmation.
    pub evicting: Option<TaintEffect>,
    /// Taints this job adds and the settings to assume, for the impact preview of
    /// evicting taints.
    pub preview: Option<(Vec<Taint>, &'a ControllerArgs)>,
}

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

/// Plan, confirm, apply and report `job` on `clusters`.
pub async fn run(
    cp: &ControlPlane,
    clusters: Vec<Cluster>,
    job: &TaintJob<'_>,
    write: &WriteArgs,
    format: OutputFormat,
    now: Timestamp,
) -> Result<ExitCode> {
    // Decide for every cluster first: one invalid target means nothing is written.
    let mut plans = Vec::with_capacity(clusters.len());
    let mut invalid = Vec::new();
    for cluster in clusters {
        let name = cluster.metadata.name.clone().unwrap_or_default();
        match (job.edit)(cluster.taints(), now) {
            Ok(edit) => plans.push((cluster, edit)),
            Err(e) => invalid.push(format!("cluster {name:?}: {e}")),
        }
    }
    if !invalid.is_empty() {
        let first = invalid.remove(0);
        let more = if invalid.is_empty() {
            String::new()
        } else {
            format!(" (and {} more)", invalid.len())
        };
        return Err(Error::usage(format!("{first}{more}; nothing was written"))
            .with_detail(invalid.join("\n")));
    }

    if let Some(effect) = job.evicting {
        let hit: Vec<&str> = plans
            .iter()
            .filter(|(_, e)| {
                e.added
                    .iter()
                    .chain(&e.updated)
                    .any(|s| s.ends_with(effect.as_str()))
            })
            .map(|(c, _)| c.metadata.name.as_deref().unwrap_or_default())
            .collect();
        let hit: Vec<String> = hit.into_iter().map(str::to_string).collect();
        if let (false, Some((taints, controller))) = (hit.is_empty(), &job.preview) {
            if let Err(e) = super::impact::print_impact(cp, &hit, taints, controller, now).await {
                output::warn(&format!("impact preview unavailable: {}", e.message));
            }
        }
        if !hit.is_empty() && write.dry_run == DryRun::None {
            eprintln!(
                "A {effect} taint on {} cluster(s) ({}) can evict their workloads.",
                hit.len(),
                hit.join(", ")
            );
            prompt::confirm(
                &format!("Add the {effect} taint to {} cluster(s)?", hit.len()),
                write.yes,
            )?;
        }
    }

    let items: Vec<ClusterTaintItem> = match write.dry_run {
        DryRun::Client => plans
            .into_iter()
            .map(|(c, e)| item(&c, Ok((e, false)), job))
            .collect(),
        DryRun::None | DryRun::Server => {
            apply(cp, plans, job, write.dry_run == DryRun::Server, now).await
        }
    };
    report(items, write.dry_run, format)
}

async fn apply(
    cp: &ControlPlane,
    plans: Vec<(Cluster, TaintEdit)>,
    job: &TaintJob<'_>,
    server_dry_run: bool,
    now: Timestamp,
) -> Vec<ClusterTaintItem> {
    let api: Api<Cluster> = Api::all(cp.client.clone());
    let bar = output::progress(plans.len(), "patching clusters");
    let mut items: Vec<ClusterTaintItem> = stream::iter(plans)
        .map(|(cluster, planned)| {
            let api = api.clone();
            let bar = bar.clone();
            async move {
                let name = cluster.metadata.name.clone().unwrap_or_default();
                let result = if planned.outcome == EditOutcome::Unchanged {
                    Ok((planned, false))
                } else {
                    let decide = |c: &Cluster| {
                        (job.edit)(c.taints(), now).map(|e| {
                            if e.outcome == EditOutcome::Unchanged {
                                Plan::Keep(e)
                            } else {
                                let taints = if e.taints.is_empty() {
                                    json!(null)
                                } else {
                                    json!(e.taints)
                                };
                                Plan::Patch(json!({ "spec": { "taints": taints } }), e)
                            }
                        })
                    };
                    match patch_with_retry(
                        cp,
                        &api,
                        &name,
                        Some(cluster.clone()),
                        server_dry_run,
                        decide,
                    )
                    .await
                    {
                        Ok(Ok(w)) => Ok((w.decision, w.written)),
                        Ok(Err(edit_error)) => Err(edit_error.to_string()),
                        Err(api_error) => Err(api_error.message),
                    }
                };
                bar.inc(1);
                item(&cluster, result, job)
            }
        })
        .buffer_unordered(PARALLEL_WRITES)
        .collect()
        .await;
    bar.finish_and_clear();
    items.sort_by(|a, b| a.name.cmp(&b.name));
    items
}

fn item(
    cluster: &Cluster,
    result: std::result::Result<(TaintEdit, bool), String>,
    job: &TaintJob<'_>,
) -> ClusterTaintItem {
    let name = cluster.metadata.name.clone().unwrap_or_default();
    match result {
        Ok((e, written)) => ClusterTaintItem {
            name,
            result: (job.word)(e.outcome).to_string(),
            written,
            added: e.added,
            updated: e.updated,
            removed: e.removed,
            taints: e.taints,
            error: None,
        },
        Err(message) => ClusterTaintItem {
            name,
            result: "failed".into(),
            written: false,
            added: vec![],
            updated: vec![],
            removed: vec![],
            taints: cluster.taints().to_vec(),
            error: Some(message),
        },
    }
}

fn report(items: Vec<ClusterTaintItem>, dry_run: DryRun, format: OutputFormat) -> Result<ExitCode> {
    let errors: Vec<String> = items
        .iter()
        .filter_map(|i| {
            i.error
                .as_ref()
                .map(|e| format!("error: cluster.cluster.karmada.io/{}: {e}", i.name))
        })
        .collect();
    let (failed, total) = (errors.len(), items.len());
    let suffix = match dry_run {
        DryRun::None => "",
        DryRun::Client => " (dry run)",
        DryRun::Server => " (server dry run)",
    };
    match format {
        OutputFormat::Json | OutputFormat::Yaml => {
            let doc = ClusterTaintReport {
                api_version: OUTPUT_API_VERSION,
                kind: "ClusterTaintResult",
                dry_run: match dry_run {
                    DryRun::None => "none",
                    DryRun::Client => "client",
                    DryRun::Server => "server",
                },
                items,
            };
            output::print_structured(&doc, format)?;
        }
        OutputFormat::Name => {
            let text: String = items
                .iter()
                .filter(|i| i.error.is_none())
                .map(|i| format!("cluster.cluster.karmada.io/{}\n", i.name))
                .collect();
            output::write_stdout(&text)?;
        }
        OutputFormat::Table | OutputFormat::Wide => {
            let mut text = String::new();
            for i in items.iter().filter(|i| i.error.is_none()) {
                text.push_str(&format!(
                    "cluster.cluster.karmada.io/{} {}{suffix}\n",
                    i.name, i.result
                ));
                if dry_run == DryRun::Client || format == OutputFormat::Wide {
                    let list: Vec<String> = i.taints.iter().map(crate::taints::describe).collect();
                    let list = if list.is_empty() {
                        "<none>".to_string()
                    } else {
                        list.join(", ")
                    };
                    text.push_str(&format!("  taints: {list}\n"));
                }
            }
            output::write_stdout(&text)?;
        }
    }
    for line in &errors {
        eprintln!("{line}");
    }
    match failed {
        0 => Ok(ExitCode::Success),
        n if n == total => Err(Error::failure(format!("all {total} cluster(s) failed"))),
        n => {
            eprintln!("{} of {total} cluster(s) updated, {n} failed", total - n);
            Ok(ExitCode::Partial)
        }
    }
}
