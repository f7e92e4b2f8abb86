//! `karmadactl taint clusters NAME... KEY[=VALUE]:EFFECT... [KEY:EFFECT-] [KEY-]`: the
//! changes as upstream reads them, then the flow every cluster-taint command shares
//! ([`super::cluster_taints`]).

use jiff::Timestamp;

use super::cluster_taints::{run_job, TaintJob};
use super::common;
use crate::api::taint_spec::parse_taint_args;
use crate::api::{Cluster, Taint};
use crate::cli::{GlobalArgs, TaintArgs};
use crate::engine::decide::taint_edit::{adds_evicting_taint, edit_taints, EditOutcome};
use crate::error::{Error, ExitCode, Result};

/// Run `taint`.
pub async fn run(global: &GlobalArgs, args: &TaintArgs) -> Result<ExitCode> {
    // Options: read the command line as upstream karmadactl reads it; validate
    // everything before touching the server.
    let words: Vec<&str> = std::iter::once(args.resource.as_str())
        .chain(args.args.iter().map(String::as_str))
        .collect();
    let selected = args.selection.all || args.selection.selector.is_some();
    let parsed = parse_taint_args(&words, selected).map_err(|e| Error::usage(e.message))?;
    let targets = common::targets(&parsed.names, &args.selection)?;
    let changes = parsed.changes;
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
    let edit = |c: &Cluster, now| edit_taints(c.taints(), &changes, overwrite, now);
    let job = TaintJob {
        edit: &edit,
        word: EditOutcome::as_str,
        evicting: adds_evicting_taint(&changes)
            .map(|e| (e, evicting_taints, args.controller.given())),
        allow_pending: args.allow_pending,
    };

    // Gather, decide, apply.
    let cp = common::connect(global).await?;
    run_job(
        &cp,
        &targets,
        &job,
        &args.write,
        args.output.into(),
        Timestamp::now(),
    )
    .await
}
