//! The tool's own decisions: what `drain`, `evictions abort|confirm|extend|prune`,
//! `failback`, `taint`, `history`, `failover doctor`, `failover report`, `maintenance plan`, `policy apply` and
//! `policy evaluate-taints` do, as pure functions over the fleet. They use the twin and
//! the predictions, never the reverse.

pub mod abort;
pub mod doctor;
pub mod drain;
pub mod evaluate_taints;
pub mod evictions;
pub mod failback;
pub mod failover_report;
pub mod history;
pub mod maintenance;
pub mod maintenance_checks;
pub mod maintenance_run;
pub mod maintenance_status;
pub mod policy_check;
pub mod policy_lint;
pub mod records;
pub mod state_lint;
pub mod taint_edit;
pub mod task_actions;
