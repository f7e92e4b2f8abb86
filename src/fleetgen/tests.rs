use super::*;
use crate::fleet::{BindingKind, FleetState};
use crate::state::parse_documents;
use std::collections::HashSet;

fn parse(bytes: &[u8]) -> FleetState {
    let mut state = FleetState::default();
    parse_documents("gen.json", std::str::from_utf8(bytes).unwrap(), &mut state).unwrap();
    state
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let spec = FleetSpec::new(40, 500, 42);
    let a = fleet_to_vec(&spec);
    let b = fleet_to_vec(&spec);
    assert_eq!(a, b);
    let c = fleet_to_vec(&FleetSpec { seed: 43, ..spec });
    assert_ne!(a, c);
}

#[test]
fn parses_into_exactly_the_requested_counts() {
    let mut spec = FleetSpec::new(50, 1000, 3);
    spec.cluster_binding_fraction = 0.1;
    spec.faulty_fraction = 0.1;
    spec.cordoned_fraction = 0.04;
    let mut bytes = Vec::new();
    let summary = write_fleet(&spec, &mut bytes).unwrap();
    assert_eq!(summary.bytes, bytes.len() as u64);
    let state = parse(&bytes);
    assert_eq!(state.clusters.len(), 50);
    assert_eq!(state.bindings.len(), 1000);
    let crbs = state
        .bindings
        .iter()
        .filter(|b| b.kind == BindingKind::ClusterResourceBinding)
        .count();
    assert_eq!(crbs, summary.cluster_resource_bindings);
    assert!(crbs > 0 && crbs < 1000, "{crbs}");
    assert_eq!(summary.resource_bindings + crbs, 1000);
    assert_eq!(state.propagation_policies.len(), 4);
    assert_eq!(state.taint_policies.len(), 2);
    assert!(state.ignored.is_empty(), "{:?}", state.ignored);
    assert_eq!(state.source.context.as_deref(), Some("karmada-apiserver"));
    assert_eq!(state.source.captured_at, Some(spec.captured_at));
    assert_eq!(
        state.source.controller_settings["feature-gates"],
        "Failover=true"
    );
    assert_eq!(
        state.source.controller_settings["enable-no-execute-taint-eviction"],
        "true"
    );

    // Exactly 5 faulty (not-ready NoExecute, Ready=False) and 2 cordoned clusters.
    let faulty: Vec<_> = state
        .clusters
        .iter()
        .filter(|c| {
            c.taints()
                .iter()
                .any(|t| t.key == NOT_READY_TAINT_KEY && t.effect == "NoExecute")
        })
        .collect();
    assert_eq!(faulty.len(), 5);
    assert_eq!(summary.faulty_clusters, 5);
    for c in &faulty {
        assert_eq!(c.condition("Ready").unwrap().status, "False");
        let added = c
            .taints()
            .iter()
            .find(|t| t.effect == "NoExecute")
            .unwrap()
            .time_added
            .as_ref()
            .unwrap()
            .0;
        let ago = spec.captured_at.duration_since(added).as_secs();
        assert!((60..=600).contains(&ago), "{ago}");
    }
    let cordoned = state
        .clusters
        .iter()
        .filter(|c| c.taints().iter().any(|t| t.key == UNSCHEDULABLE_TAINT_KEY))
        .count();
    assert_eq!(cordoned, 2);
    assert_eq!(
        state.clusters[0].metadata.name.as_deref(),
        Some("member-0001")
    );
    assert_eq!(
        state.clusters[49].metadata.name.as_deref(),
        Some("member-0050")
    );
}

#[test]
fn bindings_are_consistent() {
    let state = parse(&fleet_to_vec(&FleetSpec::new(30, 2000, 9)));
    let names: HashSet<&str> = state
        .clusters
        .iter()
        .filter_map(|c| c.metadata.name.as_deref())
        .collect();
    let mut uids = HashSet::new();
    let mut kinds = BTreeMap::<String, usize>::new();
    let mut with_failover = 0;
    let mut with_annotation = 0;
    for b in &state.bindings {
        let spec = &b.spec;
        assert!(
            uids.insert(spec.resource.uid.clone().unwrap()),
            "duplicate uid in {}",
            b.key()
        );
        assert!(
            (2..=4).contains(&spec.clusters.len()),
            "{}: {:?}",
            b.key(),
            spec.clusters
        );
        let targets: HashSet<&str> = spec.clusters.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            targets.len(),
            spec.clusters.len(),
            "{}: repeated target",
            b.key()
        );
        assert!(
            targets.iter().all(|t| names.contains(t)),
            "{}: unknown cluster",
            b.key()
        );
        let placement = spec.placement.as_ref().unwrap();
        let rs = placement.replica_scheduling.as_ref().unwrap();
        let kind = rs.replica_scheduling_type.clone().unwrap()
            + rs.replica_division_preference.as_deref().unwrap_or("")
            + rs.weight_preference
                .as_ref()
                .and_then(|w| w.dynamic_weight.as_deref())
                .unwrap_or("");
        *kinds.entry(kind).or_default() += 1;
        match (rs.replica_scheduling_type.as_deref(), spec.replicas) {
            (Some("Divided"), Some(total)) => {
                assert_eq!(
                    spec.clusters.iter().map(|c| c.replicas).sum::<i32>(),
                    total,
                    "{}",
                    b.key()
                );
                assert!(spec.clusters.iter().all(|c| c.replicas >= 1), "{}", b.key());
            }
            (Some("Duplicated"), Some(total)) => {
                assert!(
                    spec.clusters.iter().all(|c| c.replicas == total),
                    "{}",
                    b.key()
                )
            }
            (Some("Duplicated"), None) => {
                assert!(spec.clusters.iter().all(|c| c.replicas == 0))
            }
            other => panic!("{}: unexpected {other:?}", b.key()),
        }
        if let Some(list) = rs.weight_preference.as_ref().map(|w| &w.static_weight_list) {
            for w in list {
                assert!(targets.contains(w.target_cluster.cluster_names[0].as_str()));
            }
        }
        if let Some(json) = b
            .annotations()
            .and_then(|a| a.get(APPLIED_PLACEMENT_ANNOTATION))
        {
            with_annotation += 1;
            let applied: Placement = serde_json::from_str(json).unwrap();
            assert_eq!(&applied, &**placement);
        }
        with_failover += usize::from(spec.failover.is_some());
        if b.kind == BindingKind::ResourceBinding {
            assert!(b.metadata.namespace.is_some());
            assert!(spec.replica_requirements.is_some() == spec.replicas.is_some());
        } else {
            assert!(b.metadata.namespace.is_none() && spec.replicas.is_none());
        }
    }
    for k in [
        "Duplicated",
        "DividedWeighted",
        "DividedWeightedAvailableReplicas",
        "DividedAggregated",
    ] {
        assert!(kinds.get(k).copied().unwrap_or(0) > 50, "{k}: {kinds:?}");
    }
    assert!(
        with_annotation > 1600 && with_annotation < 2000,
        "{with_annotation}"
    );
    assert!(
        with_failover > 100 && with_failover < 600,
        "{with_failover}"
    );
}

#[test]
fn label_and_field_selectors_select_the_targets() {
    let state = parse(&fleet_to_vec(&FleetSpec::new(60, 400, 5)));
    let mut checked = 0;
    for b in &state.bindings {
        let affinity = b
            .spec
            .placement
            .as_ref()
            .unwrap()
            .cluster_affinity
            .as_ref()
            .unwrap();
        for t in &b.spec.clusters {
            let c = state.cluster(&t.name).unwrap();
            let labels = c.metadata.labels.as_ref().unwrap();
            if let Some(ml) = affinity
                .label_selector
                .as_ref()
                .and_then(|s| s.match_labels.as_ref())
            {
                assert_eq!(labels["region"], ml["region"]);
                checked += 1;
            }
            if let Some(fs) = &affinity.field_selector {
                assert_eq!(
                    c.spec.region.as_ref(),
                    Some(&fs.match_expressions[0].values[0])
                );
                checked += 1;
            }
            if !affinity.cluster_names.is_empty() {
                assert!(affinity.cluster_names.contains(&t.name));
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked}");
}

#[test]
fn tiny_and_empty_fleets_are_well_formed() {
    for (clusters, bindings) in [(0, 0), (0, 5), (1, 5), (3, 20)] {
        let state = parse(&fleet_to_vec(&FleetSpec::new(clusters, bindings, 1)));
        assert_eq!(state.clusters.len(), clusters);
        assert_eq!(state.bindings.len(), bindings);
    }
}

#[test]
fn splitmix_is_the_reference_sequence() {
    // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
    let mut r = SplitMix64::new(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    let mut r = SplitMix64::new(1);
    assert!((0..1000).all(|_| r.below(7) < 7));
}
