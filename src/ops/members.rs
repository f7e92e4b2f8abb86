//! The members' Nodes and Pods, read where the scheduler asks their
//! scheduler-estimators (`--enable-scheduler-estimator`), so placements are predicted as
//! those estimators answer.

use std::collections::BTreeMap;

use crate::api::Cluster;
use crate::client::ControlPlane;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::MemberInventory;
use crate::state;

/// The inventory of every member of `clusters` whose estimator the scheduler asks under
/// `settings` (none without `--enable-scheduler-estimator`; no Pull cluster under
/// `--disable-scheduler-estimator-in-pull-mode`), read through the cluster proxy with a
/// spinner; a member that cannot be read is left out (the general estimator's answer
/// stands for it), said in one warning.
pub async fn read(
    cp: &ControlPlane,
    clusters: &[Cluster],
    settings: &ControllerSettings,
) -> BTreeMap<String, MemberInventory> {
    if !settings.scheduler_estimator {
        return BTreeMap::new();
    }
    let names: Vec<String> = clusters
        .iter()
        .filter(|c| {
            !(settings.scheduler_estimator_off_in_pull_mode
                && c.spec.sync_mode.as_deref() == Some("Pull"))
        })
        .filter_map(|c| c.metadata.name.clone())
        .collect();
    if names.is_empty() {
        return BTreeMap::new();
    }
    let spinner = crate::render::progress::spinner(&format!(
        "reading the Nodes and Pods of {} member(s) through the cluster proxy, as their scheduler-estimators see them",
        names.len()
    ));
    let (read, failed) = state::load_members(cp, &names).await;
    spinner.finish_and_clear();
    if !failed.is_empty() {
        let named: Vec<String> = failed.iter().map(|(n, why)| format!("{n}: {why}")).collect();
        crate::render::warn(&format!(
            "{} member(s) could not be read, so their placements are predicted by the general estimator alone (their scheduler-estimator may answer fewer): {}",
            failed.len(),
            named.join("; ")
        ));
    }
    read
}
