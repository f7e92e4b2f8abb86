//! One scenario under two Karmada releases (`dry-run --compare-version`): the pairs
//! whose verdict or eviction time differs, and the bindings that land elsewhere.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::Serialize;

use crate::engine::predict::simulate::{PairOutcome, Simulation};
use crate::engine::vocabulary::version::KarmadaVersion;

/// How a scenario's outcome differs under another release.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseComparison {
    /// The other release.
    pub version: KarmadaVersion,
    /// Pairs compared.
    pub pairs: usize,
    /// Pairs whose verdict or time differs.
    pub changed: Vec<PairChange>,
    /// Bindings whose predicted placement differs.
    pub placements: Vec<PlacementChange>,
}

/// One binding on one cluster, under both releases.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairChange {
    pub binding: String,
    pub cluster: String,
    pub before: PairView,
    pub after: PairView,
}

/// What a release does with one pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairView {
    pub verdict: String,
    /// When it is evicted: the earliest and latest over upstream's listing orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub earliest: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latest: Option<Timestamp>,
}

/// One binding's predicted placement under both releases (`nowhere`: none predicted).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacementChange {
    pub binding: String,
    pub before: String,
    pub after: String,
}

fn view(o: &PairOutcome) -> PairView {
    let (earliest, latest) = match &o.at_between {
        Some(i) => (Some(i.earliest), Some(i.latest)),
        None => (o.at, o.at),
    };
    PairView {
        verdict: o.verdict.as_str().to_string(),
        earliest,
        latest,
    }
}

fn placements(s: &Simulation) -> BTreeMap<&str, String> {
    s.predictions
        .iter()
        .map(|p| {
            let lands = match &p.clusters {
                Some(c) => c
                    .iter()
                    .map(|(n, r)| format!("{n} x{r}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                None => "nowhere".into(),
            };
            (p.binding.as_str(), lands)
        })
        .collect()
}

/// `after` (the scenario under `version`) against `before` (the release assumed).
pub fn compare(
    before: &Simulation,
    after: &Simulation,
    version: KarmadaVersion,
) -> ReleaseComparison {
    let keyed: BTreeMap<(&str, &str), &PairOutcome> = after
        .outcomes
        .iter()
        .map(|o| ((o.binding.as_str(), o.cluster.as_str()), o))
        .collect();
    let changed = before
        .outcomes
        .iter()
        .filter_map(|o| {
            let other = keyed.get(&(o.binding.as_str(), o.cluster.as_str()))?;
            let (a, b) = (view(o), view(other));
            (a != b).then(|| PairChange {
                binding: o.binding.clone(),
                cluster: o.cluster.clone(),
                before: a,
                after: b,
            })
        })
        .collect();
    let (was, is) = (placements(before), placements(after));
    let placements = was
        .iter()
        .filter_map(|(binding, a)| {
            let b = is.get(binding)?;
            (a != b).then(|| PlacementChange {
                binding: binding.to_string(),
                before: a.clone(),
                after: b.clone(),
            })
        })
        .collect();
    ReleaseComparison {
        version,
        pairs: before.outcomes.len(),
        changed,
        placements,
    }
}
