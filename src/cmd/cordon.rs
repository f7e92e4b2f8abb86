//! `karmadactl cordon NAME...` and `karmadactl uncordon NAME...`: the
//! `cluster.karmada.io/unschedulable:NoSchedule` taint, idempotently.

use jiff::Timestamp;

use super::common;
use super::taint::{run_job, TaintJob};
use crate::api::taint::UNSCHEDULABLE_TAINT_KEY;
use crate::api::taint_spec::{TaintChanges, TaintRemoval, TaintSpec};
use crate::api::{Taint, TaintEffect};
use crate::cli::{CordonArgs, GlobalArgs};
use crate::client;
use crate::engine::taint_edit::{edit_taints, EditError, EditOutcome, TaintEdit};
use crate::error::{ExitCode, Result};

/// Run `cordon` (`cordon == true`) or `uncordon`.
pub async fn run(global: &GlobalArgs, args: &CordonArgs, cordon: bool) -> Result<ExitCode> {
    let targets = common::targets(&args.names, &args.selection)?;
    let edit = if cordon { cordon_edit } else { uncordon_edit };
    let job = TaintJob {
        edit: &edit,
        word: if cordon { cordon_word } else { uncordon_word },
        evicting: None,
    };
    let cp = client::connect(&global.connect_options()).await?;
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

/// Add the unschedulable taint unless present (any value counts as cordoned).
pub fn cordon_edit(current: &[Taint], now: Timestamp) -> Result<TaintEdit, EditError> {
    if current.iter().any(is_cordon_taint) {
        return edit_taints(current, &TaintChanges::default(), false, now);
    }
    let add = TaintSpec {
        key: UNSCHEDULABLE_TAINT_KEY.into(),
        value: None,
        effect: TaintEffect::NoSchedule,
    };
    edit_taints(
        current,
        &TaintChanges {
            add: vec![add],
            remove: vec![],
        },
        false,
        now,
    )
}

/// Remove the unschedulable taint if present.
pub fn uncordon_edit(current: &[Taint], now: Timestamp) -> Result<TaintEdit, EditError> {
    let remove = if current.iter().any(is_cordon_taint) {
        vec![TaintRemoval {
            key: UNSCHEDULABLE_TAINT_KEY.into(),
            effect: Some(TaintEffect::NoSchedule),
        }]
    } else {
        vec![]
    };
    edit_taints(
        current,
        &TaintChanges {
            add: vec![],
            remove,
        },
        false,
        now,
    )
}

fn is_cordon_taint(t: &Taint) -> bool {
    t.key == UNSCHEDULABLE_TAINT_KEY && t.effect == TaintEffect::NoSchedule.as_str()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cordon_is_idempotent() {
        let now = Timestamp::UNIX_EPOCH;
        let once = cordon_edit(&[], now).unwrap();
        assert_eq!(once.outcome, EditOutcome::Tainted);
        let twice = cordon_edit(&once.taints, now).unwrap();
        assert_eq!(twice.outcome, EditOutcome::Unchanged);
        let off = uncordon_edit(&once.taints, now).unwrap();
        assert_eq!(off.outcome, EditOutcome::Untainted);
        assert!(off.taints.is_empty());
        assert_eq!(
            uncordon_edit(&[], now).unwrap().outcome,
            EditOutcome::Unchanged
        );
    }
}
