//! The impact preview shown before an evicting taint is added: which bindings on the
//! target clusters would be evicted, and when, by the same simulation as `dry-run`.

use jiff::Timestamp;

use crate::api::{Cluster, Taint};
use crate::client::ControlPlane;
use crate::engine::predict::capacity::CapacityReport;
use crate::engine::predict::simulate::{simulate, PairOutcome, Scenario, Verdict};
use crate::engine::vocabulary::settings::ControllerSettings;
use crate::engine::vocabulary::settings::QueueSettings;
use crate::error::Result;
use crate::state;

/// What adding the taints would do to the bindings on the target clusters.
#[derive(Debug)]
pub struct ImpactPreview {
    /// The clusters that get the taints.
    pub targets: Vec<String>,
    /// The settings the prediction assumed.
    pub assumed: ControllerSettings,
    /// The queue it assumed.
    pub queue: QueueSettings,
    /// Every binding placement on a target cluster, and its fate.
    pub placements: Vec<PairOutcome>,
    /// How many of them are evicted (now or later).
    pub evicted: usize,
    /// Whether the replicas the evictions move fit where they land.
    pub capacity: CapacityReport,
    /// The reference time.
    pub now: Timestamp,
}

/// Preview adding `taints` to `targets` on the fleet of `clusters` (already read: the
/// whole fleet) and the bindings read now.
pub async fn preview(
    cp: &ControlPlane,
    clusters: Vec<Cluster>,
    targets: &[String],
    taints: &[Taint],
    settings: ControllerSettings,
    queue: QueueSettings,
    now: Timestamp,
) -> Result<ImpactPreview> {
    let fleet = state::load_with_clusters(cp, clusters).await?;
    let scenario = Scenario {
        targets: targets.to_vec(),
        taints: taints.to_vec(),
        now,
        until: now,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings,
        queue,
    };
    let mut sim = simulate(&fleet, &scenario);
    let capacity = std::mem::take(&mut sim.capacity);
    let placements: Vec<PairOutcome> = sim
        .outcomes
        .into_iter()
        .filter(|o| targets.contains(&o.cluster))
        .collect();
    let evicted = placements
        .iter()
        .filter(|o| matches!(o.verdict, Verdict::Evict | Verdict::EvictLater))
        .count();
    Ok(ImpactPreview {
        targets: targets.to_vec(),
        assumed: sim.assumed,
        queue: sim.queue_settings,
        placements,
        evicted,
        capacity,
        now,
    })
}
