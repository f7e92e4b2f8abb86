//! `karmadactl cordon NAME...` and `karmadactl uncordon NAME...`: the
//! `cluster.karmada.io/unschedulable:NoSchedule` taint, idempotently.

use jiff::Timestamp;

use super::cluster_taints::{run_job, TaintJob};
use super::common;
use crate::cli::{CordonArgs, GlobalArgs};
use crate::engine::decide::taint_edit::{cordon_edit, uncordon_edit, EditOutcome};
use crate::error::{ExitCode, Result};

/// Run `cordon` (`cordon == true`) or `uncordon`.
pub async fn run(global: &GlobalArgs, args: &CordonArgs, cordon: bool) -> Result<ExitCode> {
    let targets = common::targets(&args.names, &args.selection)?;
    let pick = if cordon { cordon_edit } else { uncordon_edit };
    let edit = |c: &crate::api::Cluster, now| pick(c.taints(), now);
    let job = TaintJob {
        edit: &edit,
        word: if cordon { cordon_word } else { uncordon_word },
        evicting: None,
        allow_pending: false,
    };
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

fn cordon_word(o: EditOutcome) -> &'static str {
    match o {
        EditOutcome::Unchanged => "already cordoned",
        _ => "cordoned",
    }
}

fn uncordon_word(o: EditOutcome) -> &'static str {
    match o {
        EditOutcome::Unchanged => "already uncordoned",
        _ => "uncordoned",
    }
}
