//! The report of `evictions confirm`, `extend` and `prune`: one row per task with the
//! decision, the change and the reason; then what was written.

use colored::Colorize;
use serde::Serialize;

use super::OUTPUT_API_VERSION;
use crate::engine::decide::task_actions::{ActionDecision, ActionStep, TaskEdit};
use crate::ops::task_actions::Acted;

fn change(edit: Option<&TaskEdit>) -> String {
    match edit {
        None => String::new(),
        Some(TaskEdit::ConfirmDeletion) => "suppressDeletion=false".into(),
        Some(TaskEdit::GracePeriod { seconds }) => format!("gracePeriodSeconds={seconds}"),
        Some(TaskEdit::Remove) => "task removed".into(),
    }
}

/// The plan as a table, with the reasons of what is skipped or refused.
pub fn plan_text(verb: &str, steps: &[&ActionStep]) -> String {
    if steps.is_empty() {
        return format!("No eviction task in scope to {verb}.\n");
    }
    let mut table = super::table(["BINDING", "CLUSTER", "DECISION", "CHANGE", "REASON"]);
    let mut notes = Vec::new();
    for s in steps {
        let decision = match s.decision {
            ActionDecision::Write => s.decision.as_str().green().to_string(),
            ActionDecision::Skip => s.decision.as_str().to_string(),
            ActionDecision::Refused => s.decision.as_str().red().bold().to_string(),
        };
        table.add_row([
            s.binding.clone(),
            s.cluster.clone(),
            decision,
            change(s.edit.as_ref()),
            s.reason.code.to_string(),
        ]);
        notes.push(format!(
            "  {} from {}: {}\n",
            s.binding, s.cluster, s.reason.message
        ));
    }
    let mut out = table.trim_fmt() + "\n";
    out += &notes.concat();
    out
}

/// The structured report.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub action: &'static str,
    pub dry_run: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<&'a str>,
    pub plan: Vec<&'a ActionStep>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<&'a [Acted]>,
}

/// The document of an action.
pub fn document<'a>(
    action: &'static str,
    dry_run: &'static str,
    cluster: Option<&'a str>,
    plan: Vec<&'a ActionStep>,
    written: Option<&'a [Acted]>,
) -> ActionDocument<'a> {
    ActionDocument {
        api_version: OUTPUT_API_VERSION,
        kind: "EvictionActionResult",
        action,
        dry_run,
        cluster,
        plan,
        written,
    }
}

/// One `error:` line per binding whose write failed, for stderr in every format.
pub fn failure_lines(written: &[Acted]) -> String {
    written
        .iter()
        .filter(|a| a.error.as_deref() != Some(crate::ops::write::NOT_STARTED))
        .filter_map(|a| a.error.as_deref().map(|e| super::error_line(&a.binding, e)))
        .collect()
}
