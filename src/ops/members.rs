//! The members' Nodes and Pods, read where the scheduler asks their
//! scheduler-estimators (`--enable-scheduler-estimator`), so placements are predicted as
//! those estimators answer.

use std::collections::BTreeMap;

use crate::api::Cluster;
use crate::client::ControlPlane;
use crate::engine::karmada::estimator::accurate::asks_estimator;
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::fleet::MemberInventory;
use crate::state;

/// The inventory of every member of `clusters` whose estimator the scheduler asks under
/// `settings` (none without `--enable-scheduler-estimator`; no Pull cluster under
/// `--disable-scheduler-estimator-in-pull-mode`), read through the cluster proxy; and
/// each member that could not be read, with why (the general estimator's answer stands
/// for it).
pub async fn read(
    cp: &ControlPlane,
    clusters: &[Cluster],
    settings: &ControllerSettings,
) -> (BTreeMap<String, MemberInventory>, Vec<(String, String)>) {
    let names: Vec<String> = clusters
        .iter()
        .filter(|c| asks_estimator(c, settings))
        .filter_map(|c| c.metadata.name.clone())
        .collect();
    if names.is_empty() {
        return Default::default();
    }
    state::load_members(cp, &names).await
}
