//! Phase 3: where each binding that loses clusters goes, as the scheduler would place
//! it after its evictions, and the proposal's pre-scheduling check on the same
//! candidates. Each binding's prediction is independent of the others': on every core.

use crate::engine::karmada::toleration::ReadOnce;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::pairs::Pending;
use super::scenario::Faults;
use super::{BindingPrediction, PredictedClusters};
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::predict::eviction::evict_and_predict;
use crate::engine::proposal::prescheduling::{pre_scheduling_verdict, required_candidates};
use crate::engine::proposal::queue::PreCheck;
use crate::engine::vocabulary::settings::PurgeMode;
use crate::fleet::Binding;

/// The predictions of every binding that loses clusters.
pub(super) struct Placements<'b, 'c> {
    /// In binding order.
    pub predictions: Vec<BindingPrediction>,
    /// The pre-scheduling check of each, by binding.
    pub prechecks: HashMap<String, PreCheck>,
    /// Each predicted binding, by key.
    pub bindings: HashMap<String, &'b Binding>,
    /// The clusters each predicted binding leaves, and how, by key.
    pub gone: HashMap<String, Vec<(String, PurgeMode)>>,
    /// The index the predictions were made with (positions, names).
    pub index: FleetIndex<'c>,
    /// Each cluster's name by position, shared by every [`PredictedClusters`].
    pub names: Arc<[String]>,
}

/// Predictions already made, by binding and the evictions it undergoes, for simulations
/// of one fleet that differ only in the clusters those bindings leave (the doctor's
/// ways and moments of one cluster's failure). A leaving binding's prediction reads no
/// state of the clusters it leaves: each is out of its result and fails its filters (the
/// eviction's task, or the untolerated taint that evicts it).
///
/// It may also carry the fleet's index (estimated as the simulations' settings say),
/// which every simulation of the fleet then shares instead of indexing it again.
#[derive(Default)]
pub struct Memo<'f> {
    made: Mutex<HashMap<Leaves, (PreCheck, BindingPrediction)>>,
    fleet: Option<FleetIndex<'f>>,
    /// Each binding's tolerations, by key (they read nothing a scenario changes).
    read: std::sync::Arc<ReadOnce<String>>,
}

impl<'f> Memo<'f> {
    /// A memo whose simulations share `fleet`: the index of the state's clusters, as
    /// they are before any scenario, estimated with the state's estimators.
    pub fn over(fleet: FleetIndex<'f>) -> Self {
        Memo {
            made: Mutex::default(),
            fleet: Some(fleet),
            read: Default::default(),
        }
    }

    /// The same memo, reading tolerations through `read`, which memos of other
    /// sub-fleets of the same fleet share (a binding's key names one binding there).
    pub fn reading(self, read: std::sync::Arc<ReadOnce<String>>) -> Self {
        Memo { read, ..self }
    }

    /// The bindings' tolerations, read once for every simulation of the memo.
    pub(super) fn read(&self) -> &ReadOnce<String> {
        &self.read
    }

    /// The fleet's index, when the memo carries it.
    pub fn fleet(&self) -> Option<&FleetIndex<'f>> {
        self.fleet.as_ref()
    }
}

/// A binding (by key) and the evictions it undergoes.
type Leaves = (String, Vec<(String, PurgeMode)>);

/// Predict where every binding of `pending` that leaves a cluster goes (from `memo`
/// when it has the binding's prediction already).
pub(super) fn predict_leaving<'b, 'c>(
    index: FleetIndex<'c>,
    faults: &Faults,
    pending: &[Pending<'b>],
    memo: Option<&Memo>,
) -> Placements<'b, 'c> {
    // binding -> (cluster, purge mode) of every eviction it will undergo
    let mut leaving: BTreeMap<&str, Vec<(&str, PurgeMode)>> = BTreeMap::new();
    let mut bindings: HashMap<String, &'b Binding> = HashMap::new();
    for p in pending.iter().filter(|p| p.leaves()) {
        leaving.entry(p.key.as_str()).or_default().push((
            p.decision.cluster.as_str(),
            p.decision.purge_mode.unwrap_or(PurgeMode::Gracefully),
        ));
        bindings.insert(p.key.clone(), p.binding);
    }
    let fleet = Fleet {
        index: &index,
        is_faulty: (0..index.len())
            .map(|i| faults.is_faulty(index.name(i)))
            .collect(),
        names: index.names(),
    };
    let list: Vec<(&str, &Vec<(&str, PurgeMode)>)> = leaving.iter().map(|(k, g)| (*k, g)).collect();
    let predicted: Vec<(PreCheck, BindingPrediction)> = list
        .par_iter()
        .with_min_len(64)
        .map(|(key, gone)| {
            let Some(memo) = memo else {
                return fleet.predict(key, bindings[*key], gone);
            };
            let id = (
                key.to_string(),
                gone.iter().map(|(c, m)| (c.to_string(), *m)).collect(),
            );
            if let Some(made) = memo.made.lock().ok().and_then(|m| m.get(&id).cloned()) {
                return made;
            }
            let made = fleet.predict(key, bindings[*key], gone);
            if let Ok(mut m) = memo.made.lock() {
                m.insert(id, made.clone());
            }
            made
        })
        .collect();
    let mut prechecks = HashMap::with_capacity(list.len());
    let mut predictions = Vec::with_capacity(list.len());
    for ((key, _), (precheck, prediction)) in list.iter().zip(predicted) {
        prechecks.insert(key.to_string(), precheck);
        predictions.push(prediction);
    }
    let gone = leaving
        .iter()
        .map(|(k, g)| {
            let g = g.iter().map(|(c, m)| (c.to_string(), *m)).collect();
            (k.to_string(), g)
        })
        .collect();
    Placements {
        predictions,
        prechecks,
        bindings,
        gone,
        names: Arc::clone(&fleet.names),
        index,
    }
}

/// What every binding's prediction reads.
struct Fleet<'i, 'c> {
    index: &'i FleetIndex<'c>,
    is_faulty: Vec<bool>,
    names: Arc<[String]>,
}

impl Fleet<'_, '_> {
    /// The prediction of one binding leaving `gone`, and the pre-scheduling check.
    fn predict(
        &self,
        key: &str,
        binding: &Binding,
        gone: &[(&str, PurgeMode)],
    ) -> (PreCheck, BindingPrediction) {
        let prediction = evict_and_predict(self.index, binding, gone);
        // The pre-scheduling check: healthy clusters that pass the filters. Their names
        // are only spelled out when there are too few (the reason of an abandon).
        let candidates = match &prediction {
            Ok(p) => p.feasible.as_slice(),
            Err(_) => &[],
        };
        let healthy = || candidates.iter().filter(|&&i| !self.is_faulty[i as usize]);
        let precheck = if healthy().count() >= required_candidates(&binding.spec) {
            PreCheck::Feasible
        } else {
            let names = healthy().map(|&i| self.names[i as usize].clone()).collect();
            PreCheck::from(&pre_scheduling_verdict(&binding.spec, names))
        };
        let (clusters, error) = match prediction {
            Ok(p) => {
                let targets = p
                    .clusters
                    .iter()
                    .filter_map(|t| Some((self.index.position(&t.name)? as u32, t.replicas)))
                    .collect();
                let names = Arc::clone(&self.names);
                (Some(PredictedClusters { names, targets }), None)
            }
            Err(e) => (None, Some(e.reason())),
        };
        let prediction = BindingPrediction {
            binding: key.to_string(),
            leaves: gone.iter().map(|(c, _)| c.to_string()).collect(),
            clusters,
            error,
        };
        (precheck, prediction)
    }
}
