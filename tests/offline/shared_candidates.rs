//! `failover capacity`'s single losses share each binding's candidates
//! (`evict_each_and_predict`): for every eviction of every binding, on a generated fleet
//! and on the example fleets, the shared path gives what the whole prediction gives.

use karmadactl::engine::karmada::scheduler::FleetIndex;
use karmadactl::engine::predict::eviction::{evict_and_predict, evict_each_and_predict};
use karmadactl::engine::vocabulary::settings::PurgeMode;
use karmadactl::fleet::FleetState;

/// Every binding of `state`, evicted from each cluster of its result in turn: the
/// shared candidates give what the whole prediction of each eviction gives. Returns how
/// many evictions were held.
fn each_agrees_with_one_by_one(state: &FleetState) -> usize {
    let index = FleetIndex::new(&state.clusters);
    let mut checked = 0;
    for b in &state.bindings {
        let each: Vec<usize> = b
            .spec
            .clusters
            .iter()
            .filter_map(|t| index.position(&t.name))
            .collect();
        let shared = evict_each_and_predict(&index, b, &each);
        for (&p, got) in each.iter().zip(shared) {
            let gone = [(index.name(p), PurgeMode::Gracefully)];
            let want = evict_and_predict(&index, b, &gone).map(|p| p.clusters);
            assert_eq!(got, want, "{} without {}", b.display_name(), index.name(p));
            checked += 1;
        }
    }
    checked
}

#[test]
fn evictions_one_at_a_time_share_candidates_exactly_on_a_generated_fleet() {
    let spec = karmadactl::fleetgen::FleetSpec::new(60, 3_000, 11);
    let text = karmadactl::fleetgen::fleet_to_vec(&spec);
    let mut state = FleetState::default();
    karmadactl::state::parse_documents("gen.json", std::str::from_utf8(&text).unwrap(), &mut state)
        .unwrap();
    // A second copy of 500 bindings spread over regions (whole regions chosen by score),
    // so selection by region is held too.
    let regional: Vec<_> = state
        .bindings
        .iter()
        .take(500)
        .filter_map(|b| {
            let mut b = b.clone();
            let placement = std::sync::Arc::make_mut(b.spec.placement.as_mut()?);
            placement.spread_constraints = serde_json::from_value(serde_json::json!([
                {"spreadByField": "region", "minGroups": 1, "maxGroups": 2},
                {"spreadByField": "cluster", "minGroups": 1, "maxGroups": 4}
            ]))
            .unwrap();
            Some(b)
        })
        .collect();
    state.bindings.extend(regional);
    assert!(each_agrees_with_one_by_one(&state) > 3_000);
}

#[test]
fn evictions_one_at_a_time_share_candidates_exactly_on_the_examples() {
    let mut checked = 0;
    for entry in std::fs::read_dir("examples").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let state = karmadactl::state::load_snapshot(&path).unwrap();
        checked += each_agrees_with_one_by_one(&state);
    }
    assert!(checked > 10, "{checked}");
}
