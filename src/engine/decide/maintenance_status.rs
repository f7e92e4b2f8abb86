//! Where a maintenance run and each of its clusters stand: what the run did to a
//! cluster it stopped at (and the commands that put it back in service), joined with the
//! cluster as it is now, and who holds the run. What `maintenance status` and `abort`
//! report; the renderers only print it.

use jiff::Timestamp;
use serde::Serialize;

use super::maintenance_run::{Claim, ClusterRun, Holder, RunState, Step};
use super::taint_edit::is_cordon_taint;
use crate::api::Cluster;

/// Where a cluster is left when the run stops or ends there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    pub cluster: String,
    pub step: Step,
    /// Whether it counts as out ([`ClusterRun::out`]): the run cordoned it and has not
    /// put it back in service.
    pub out: bool,
    /// What that means.
    pub state: String,
    /// The commands that put it back in service, when it is not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub to_return: Vec<String>,
}

/// Where `c` stands: what the run did to it, and how to put it back.
pub fn standing(c: &ClusterRun) -> Standing {
    let at = c.failed_in.unwrap_or(c.step);
    let name = &c.name;
    let back = || {
        vec![
            format!("karmadactl uncordon {name}"),
            format!("karmadactl failback {name}"),
        ]
    };
    let (state, to_return) = match at {
        // Not "untouched": the replicas drained off the run's other clusters may have
        // landed here, so its placements can differ from before the run.
        Step::Pending => (
            "not maintained: the run took no step on it (workloads drained off the run's other clusters may run here now)".to_string(),
            Vec::new(),
        ),
        Step::Draining => (
            "cordoned; its drain may be partly written".to_string(),
            back(),
        ),
        Step::Evacuating => (
            "cordoned, drained; its workloads may still be moving".to_string(),
            back(),
        ),
        Step::Maintaining => (
            "cordoned, drained; its maintenance may not be finished".to_string(),
            back(),
        ),
        Step::Gating => (
            "cordoned, drained; maintained, not yet through the health gate".to_string(),
            back(),
        ),
        Step::Returning => (
            "cordoned or uncordoned; its workloads may be partly returned".to_string(),
            back(),
        ),
        Step::Soaking => (
            "back in service; its soak did not finish".to_string(),
            Vec::new(),
        ),
        Step::Done | Step::Failed => ("maintained and back in service".to_string(), Vec::new()),
    };
    let state = match c.failed_in {
        Some(f) => format!("failed while {}: {} ({state})", f.as_str(), c.message),
        None => state,
    };
    Standing {
        cluster: name.clone(),
        step: c.step,
        out: c.out(),
        state,
        to_return,
    }
}

/// Who holds the run.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HolderView {
    /// `held` (a live process drives it), `free`, `expired` (its holder stopped
    /// renewing), `holder-gone` (its holder's process ended on this host).
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holder: Option<Holder>,
}

/// One cluster of the run, with the cluster as it is now.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterView {
    #[serde(flatten)]
    pub standing: Standing,
    pub wave: usize,
    pub since: Timestamp,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub message: String,
    pub approved: bool,
    /// The cluster now: `Ready` status (`None`: not registered or no condition).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready: Option<String>,
    /// Whether it carries the cordon taint now.
    pub cordoned_now: bool,
}

/// `status`: the run, who holds it, and each cluster.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusView<'a> {
    pub run: &'a RunState,
    /// The wave in progress (from 1) and how many there are.
    pub wave: usize,
    pub waves: usize,
    pub held: HolderView,
    pub clusters: Vec<ClusterView>,
}

/// The view of `run` held as `held`, with the clusters as they are.
pub fn status<'a>(run: &'a RunState, held: &Claim, clusters: &[Cluster]) -> StatusView<'a> {
    let (state, holder) = match held {
        Claim::Free => ("free", None),
        Claim::Mine => ("held", run.holder.clone()),
        Claim::Expired => ("expired", run.holder.clone()),
        Claim::HolderGone => ("holder-gone", run.holder.clone()),
        Claim::Held { holder, .. } => ("held", Some(holder.clone())),
    };
    let views = run
        .clusters
        .iter()
        .map(|c| {
            let live = clusters
                .iter()
                .find(|x| x.metadata.name.as_deref() == Some(&c.name));
            ClusterView {
                standing: standing(c),
                wave: c.wave,
                since: c.since,
                message: c.message.clone(),
                approved: c.approved,
                ready: live
                    .and_then(|x| x.condition("Ready"))
                    .map(|r| r.status.clone()),
                cordoned_now: live.is_some_and(|x| x.taints().iter().any(is_cordon_taint)),
            }
        })
        .collect();
    StatusView {
        run,
        wave: run.current_wave(),
        waves: run.wave_count(),
        held: HolderView { state, holder },
        clusters: views,
    }
}
