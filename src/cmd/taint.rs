//! `karmadactl taint clusters NAME... KEY[=VALUE]:EFFECT... [KEY:EFFECT-] [KEY-]`

use jiff::Timestamp;

use super::cluster_taints::{self, TaintJob};
use crate::api::{Taint, TaintEffect};
use crate::cli::{GlobalArgs, TaintArgs};
use crate::client;
use crate::error::{Error, ExitCode, Result};
use crate::output;
use crate::taints::{self, edit_taints, EditOutcome};

/// Resource names `taint` accepts, as kubectl spells resource types.
const CLUSTER_RESOURCE_NAMES: &[&str] = &[
    "clusters",
    "cluster",
    "clusters.cluster.karmada.io",
    "cluster.cluster.karmada.io",
];

/// Run `taint`.
pub async fn run(global: &GlobalArgs, args: &TaintArgs) -> Result<ExitCode> {
    // Gather: validate everything the operator typed before touching the server.
    if !CLUSTER_RESOURCE_NAMES.contains(&args.resource.as_str()) {
        return Err(Error::usage(format!(
            "unsupported resource type {:?}: only clusters can be tainted",
            args.resource
        )));
    }
    let (specs, names): (Vec<&String>, Vec<&String>) =
        args.args.iter().partition(|a| taints::looks_like_spec(a));
    if specs.is_empty() {
        return Err(Error::usage(
            "at least one taint update is required (KEY[=VALUE]:EFFECT, KEY:EFFECT- or KEY-)",
        ));
    }
    let changes = taints::parse_changes(specs.iter().map(|s| s.as_str())).map_err(Error::usage)?;
    if changes
        .add
        .iter()
        .any(|s| s.effect == TaintEffect::PreferNoExecute)
    {
        output::warn("PreferNoExecute comes from the failover proposal; upstream Karmada's webhook does not accept it yet");
    }
    let names: Vec<String> = names.into_iter().cloned().collect();

    let cp = client::connect(global).await?;
    let clusters = client::resolve_clusters(&cp, &names, &args.selection).await?;

    // Decide and apply.
    let evicting_taints: Vec<Taint> = changes
        .add
        .iter()
        .filter(|s| s.effect.evicts())
        .map(|s| Taint {
            key: s.key.clone(),
            value: s.value.clone(),
            effect: s.effect.as_str().into(),
            time_added: None,
        })
        .collect();
    let overwrite = args.overwrite;
    let edit = |current: &[_], now| edit_taints(current, &changes, overwrite, now);
    let job = TaintJob {
        edit: &edit,
        word: EditOutcome::as_str,
        evicting: taints::adds_evicting_taint(&changes),
        preview: Some((evicting_taints, &args.controller)),
    };
    cluster_taints::run(
        &cp,
        clusters,
        &job,
        &args.write,
        args.output,
        Timestamp::now(),
    )
    .await
}
