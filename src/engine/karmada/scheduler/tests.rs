use super::filter::normalize_group_version;
use super::select::{go_f64_to_i64, select_groups, Group};
use super::*;
use crate::api::GracefulEvictionTask;
use crate::api::Toleration;
use crate::engine::karmada::toleration::tolerates;
use proptest::prelude::{prop, prop_assert, prop_assert_eq, proptest, Strategy as _};
use serde_json::json;

fn cluster(name: &str, extra: serde_json::Value) -> Cluster {
    let mut v = json!({
        "metadata": {"name": name},
        "spec": {"region": "east"},
        "status": {
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}
        }
    });
    merge(&mut v, extra);
    serde_json::from_value(v).unwrap()
}

fn merge(base: &mut serde_json::Value, extra: serde_json::Value) {
    match (base, extra) {
        (serde_json::Value::Object(b), serde_json::Value::Object(e)) => {
            for (k, v) in e {
                merge(b.entry(k).or_insert(serde_json::Value::Null), v);
            }
        }
        (b, e) => *b = e,
    }
}

fn spec(v: serde_json::Value) -> BindingSpec {
    let mut base = json!({
        "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "nginx", "uid": "u-1"},
    });
    merge(&mut base, v);
    serde_json::from_value(base).unwrap()
}

fn tc(name: &str, replicas: i32) -> TargetCluster {
    TargetCluster::new(name, replicas)
}

fn evicted(name: &str) -> GracefulEvictionTask {
    GracefulEvictionTask {
        from_cluster: name.into(),
        reason: "TaintUntolerated".into(),
        producer: "TaintManager".into(),
        ..Default::default()
    }
}

fn members() -> Vec<Cluster> {
    vec![
        cluster("member1", json!({})),
        cluster("member2", json!({})),
        cluster("member3", json!({})),
    ]
}

/// Seed walkthrough: nginx, 3 replicas, Divided with static weights 1:2 over
/// member1/member2; member1 fails and is evicted; member2 ends with 3.
#[test]
fn seed_walkthrough_static_weights() {
    let clusters = members();
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2"]},
        "replicaScheduling": {
            "replicaSchedulingType": "Divided",
            "replicaDivisionPreference": "Weighted",
            "weightPreference": {"staticWeightList": [
                {"targetCluster": {"clusterNames": ["member1"]}, "weight": 1},
                {"targetCluster": {"clusterNames": ["member2"]}, "weight": 2}
            ]}
        }
    });
    let before = spec(json!({"replicas": 3, "placement": placement.clone()}));
    let first = predict_placement(&clusters, &before).unwrap();
    assert_eq!(first.clusters, vec![tc("member1", 1), tc("member2", 2)]);

    let mut after = spec(
        json!({"replicas": 3, "placement": placement, "clusters": [{"name": "member2", "replicas": 2}]}),
    );
    after.graceful_eviction_tasks.push(evicted("member1"));
    let p = predict_placement(&clusters, &after).unwrap();
    assert_eq!(p.clusters, vec![tc("member2", 3)]);
    let fleet = FleetIndex::new(&clusters);
    let verdicts = p.explain(&fleet, &after);
    assert_eq!(verdicts[0].reason.code, "filtered-eviction");
    assert_eq!(verdicts[1].reason.code, "selected");
    assert_eq!(verdicts[1].replicas, 3);
    assert_eq!(verdicts[2].reason.code, "filtered-affinity");
}

#[test]
fn seed_walkthrough_dynamic_weights() {
    let clusters = members();
    let placement = json!({
        "clusterAffinity": {"clusterNames": ["member1", "member2"]},
        "replicaScheduling": {
            "replicaSchedulingType": "Divided",
            "replicaDivisionPreference": "Weighted",
            "weightPreference": {"dynamicWeight": "AvailableReplicas"}
        }
    });
    let mut after = spec(json!({
        "replicas": 3, "placement": placement,
        "replicaRequirements": {"resourceRequest": {"cpu": "100m"}},
        "clusters": [{"name": "member2", "replicas": 2}]
    }));
    after.graceful_eviction_tasks.push(evicted("member1"));
    assert_eq!(
        predict_placement(&clusters, &after).unwrap().clusters,
        vec![tc("member2", 3)]
    );
}

/// Duplicated variant: the evicted cluster's copy lands on member3 when it matches.
#[test]
fn seed_walkthrough_duplicated_lands_on_member3() {
    let clusters = members();
    let mut after = spec(json!({
        "replicas": 3,
        "placement": {"clusterAffinity": {"clusterNames": ["member1", "member2", "member3"]},
                      "replicaScheduling": {"replicaSchedulingType": "Duplicated"}},
        "clusters": [{"name": "member2", "replicas": 3}]
    }));
    after.graceful_eviction_tasks.push(evicted("member1"));
    let p = predict_placement(&clusters, &after).unwrap();
    assert_eq!(sorted(p.clusters), vec![tc("member2", 3), tc("member3", 3)]);
    // Without member3 in the affinity there is nowhere else to go.
    let mut narrow = after.clone();
    std::sync::Arc::make_mut(narrow.placement.as_mut().unwrap())
        .cluster_affinity
        .as_mut()
        .unwrap()
        .cluster_names
        .pop();
    assert_eq!(
        predict_placement(&clusters, &narrow).unwrap().clusters,
        vec![tc("member2", 3)]
    );
}

fn sorted(mut v: Vec<TargetCluster>) -> Vec<TargetCluster> {
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v
}

#[test]
fn taint_filter_spares_clusters_in_result() {
    let tainted = json!({"spec": {"taints": [{"key": "cluster.karmada.io/not-ready", "effect": "NoSchedule"}]}});
    let clusters = vec![cluster("a", tainted.clone()), cluster("b", tainted)];
    let s = spec(json!({"replicas": 1, "clusters": [{"name": "a", "replicas": 1}]}));
    assert!(passes_filters(&clusters[0], &s).is_ok());
    assert_eq!(
        passes_filters(&clusters[1], &s).unwrap_err().code,
        "filtered-taint"
    );
    let p = predict_placement(&clusters, &s).unwrap();
    assert_eq!(p.clusters, vec![tc("a", 1)]);
    // Tolerated: both pass.
    let s = spec(json!({"replicas": 1, "placement": {"clusterTolerations": [
        {"key": "cluster.karmada.io/not-ready", "operator": "Exists", "effect": "NoSchedule"}]}}));
    assert!(passes_filters(&clusters[1], &s).is_ok());
    // PreferNoSchedule never filters.
    let soft = cluster(
        "c",
        json!({"spec": {"taints": [{"key": "k", "effect": "PreferNoSchedule"}]}}),
    );
    assert!(passes_filters(&soft, &spec(json!({}))).is_ok());
}

/// The proposal: a PreferNoExecute cluster takes no new placements unless tolerated,
/// but keeps the ones it has.
#[test]
fn prefer_no_execute_blocks_new_placements_only() {
    let soft = json!({"spec": {"taints": [{"key": "degraded", "effect": "PreferNoExecute"}]}});
    let clusters = vec![cluster("a", soft), cluster("b", json!({}))];
    let new = spec(json!({"replicas": 2}));
    assert_eq!(
        passes_filters(&clusters[0], &new).unwrap_err().code,
        "filtered-taint"
    );
    assert_eq!(
        predict_placement(&clusters, &new).unwrap().clusters,
        vec![tc("b", 2)]
    );
    let placed = spec(json!({"replicas": 2, "clusters": [{"name": "a", "replicas": 2}]}));
    assert!(passes_filters(&clusters[0], &placed).is_ok());
    let tolerated = spec(json!({"replicas": 2, "placement": {"clusterTolerations": [
        {"key": "degraded", "operator": "Exists", "effect": "PreferNoExecute"}]}}));
    assert!(passes_filters(&clusters[0], &tolerated).is_ok());
}

#[test]
fn toleration_matching() {
    let taint = Taint {
        key: "k".into(),
        value: Some("v".into()),
        effect: "NoExecute".into(),
        time_added: None,
    };
    let tol = |v: serde_json::Value| -> Toleration { serde_json::from_value(v).unwrap() };
    assert!(tolerates(
        &tol(json!({"key": "k", "operator": "Equal", "value": "v"})),
        &taint
    ));
    assert!(tolerates(&tol(json!({"key": "k", "value": "v"})), &taint));
    assert!(!tolerates(&tol(json!({"key": "k", "value": "w"})), &taint));
    assert!(tolerates(&tol(json!({"operator": "Exists"})), &taint));
    assert!(!tolerates(
        &tol(json!({"key": "k", "operator": "Exists", "effect": "NoSchedule"})),
        &taint
    ));
    assert!(!tolerates(
        &tol(json!({"key": "k", "operator": "Gt", "value": "1"})),
        &taint
    ));
}

#[test]
fn api_enablement_filter() {
    let no_api = cluster(
        "x",
        json!({"status": {"apiEnablements": [{"groupVersion": "v1", "resources": [{"name": "configmaps", "kind": "ConfigMap"}]}]}}),
    );
    let s = spec(json!({}));
    assert_eq!(
        passes_filters(&no_api, &s).unwrap_err().code,
        "filtered-api-enablement"
    );
    let s_in = spec(json!({"clusters": [{"name": "x"}]}));
    assert!(passes_filters(&no_api, &s_in).is_ok());
    let cm = spec(json!({"resource": {"apiVersion": "v1", "kind": "ConfigMap"}}));
    assert!(passes_filters(&no_api, &cm).is_ok());
    assert_eq!(normalize_group_version("apps/v1"), "apps/v1");
    assert_eq!(normalize_group_version("/v1"), "v1");
    assert_eq!(normalize_group_version("a/b/c"), "");
}

#[test]
fn spread_constraint_filter_and_region_selection() {
    let clusters = vec![
        cluster("a", json!({"spec": {"region": "east"}})),
        cluster("b", json!({"spec": {"region": "west"}})),
        cluster("c", json!({"spec": {"region": ""}})),
    ];
    let s = spec(json!({"replicas": 2, "placement": {
        "spreadConstraints": [{"spreadByField": "region", "minGroups": 2, "maxGroups": 2}],
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}}));
    assert_eq!(
        passes_filters(&clusters[2], &s).unwrap_err().code,
        "filtered-spread-constraint"
    );
    let p = predict_placement(&clusters, &s).unwrap();
    assert_eq!(sorted(p.clusters), vec![tc("a", 2), tc("b", 2)]);
    // Three regions needed, two exist.
    let s3 = spec(json!({"replicas": 2, "placement": {
        "spreadConstraints": [{"spreadByField": "region", "minGroups": 3, "maxGroups": 3}],
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}}));
    let err = predict_placement(&clusters, &s3).unwrap_err();
    assert_eq!(err.reason().code, "spread-constraint-unsatisfied");
    // Provider alone is not supported upstream.
    let sp = spec(
        json!({"placement": {"spreadConstraints": [{"spreadByField": "provider", "minGroups": 1, "maxGroups": 1}]}}),
    );
    let with_provider: Vec<Cluster> = vec![cluster("p", json!({"spec": {"provider": "aws"}}))];
    assert_eq!(
        predict_placement(&with_provider, &sp).unwrap_err(),
        PlacementError::UnsupportedSpreadConstraint
    );
}

#[test]
fn cluster_spread_constraint_prefers_capacity() {
    // Needs 80: the two best by score (40 + 30) cannot; swap in the roomiest (60).
    let cap = |cpu: &str| json!({"status": {"resourceSummary": {"allocatable": {"cpu": cpu, "pods": "1000"}}}});
    let clusters = [
        cluster("m1", cap("40")),
        cluster("m2", cap("30")),
        cluster("m3", cap("60")),
    ];
    let s = spec(
        json!({"replicas": 80, "replicaRequirements": {"resourceRequest": {"cpu": "1"}},
        "clusters": [{"name": "m1", "replicas": 0}, {"name": "m2", "replicas": 0}],
        "placement": {"spreadConstraints": [{"spreadByField": "cluster", "minGroups": 1, "maxGroups": 2}],
            "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Aggregated"}}}),
    );
    let scored: Vec<(&Cluster, i64)> =
        vec![(&clusters[0], 100), (&clusters[1], 100), (&clusters[2], 0)];
    assert_eq!(
        select_clusters(&scored, &s).unwrap(),
        vec!["m1".to_string(), "m3".to_string()]
    );
    // Not enough anywhere.
    let mut s2 = s.clone();
    s2.replicas = Some(200);
    assert_eq!(
        select_clusters(&scored, &s2).unwrap_err().reason().code,
        "insufficient-capacity"
    );
}

#[test]
fn insufficient_capacity_is_an_error() {
    let small = json!({"status": {"resourceSummary": {"allocatable": {"cpu": "1", "pods": "10"}}}});
    let clusters = vec![cluster("a", small)];
    let s = spec(
        json!({"replicas": 5, "replicaRequirements": {"resourceRequest": {"cpu": "500m"}},
        "placement": {"replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Aggregated"}}}),
    );
    let err = predict_placement(&clusters, &s).unwrap_err();
    assert_eq!(
        err,
        PlacementError::InsufficientCapacity {
            available: 2,
            needed: 5
        }
    );
    assert_eq!(err.reason().code, "insufficient-capacity");
}

#[test]
fn no_feasible_cluster() {
    let clusters = members();
    let mut s = spec(
        json!({"replicas": 1, "placement": {"clusterAffinity": {"clusterNames": ["member1"]}}}),
    );
    s.graceful_eviction_tasks.push(evicted("member1"));
    let err = predict_placement(&clusters, &s).unwrap_err();
    assert_eq!(err.reason().code, "no-feasible-cluster");
}

#[test]
fn cluster_affinities_tried_in_order() {
    let clusters = members();
    let s = spec(json!({"replicas": 2, "placement": {
        "clusterAffinities": [
            {"affinityName": "primary", "clusterNames": ["member1"]},
            {"affinityName": "backup", "clusterNames": ["member3"]}
        ],
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}}));
    let p = predict_placement(&clusters, &s).unwrap();
    assert_eq!(p.affinity_name.as_deref(), Some("primary"));
    assert_eq!(p.clusters, vec![tc("member1", 2)]);
    let mut evicting = s.clone();
    evicting.graceful_eviction_tasks.push(evicted("member1"));
    let p = predict_placement(&clusters, &evicting).unwrap();
    assert_eq!(p.affinity_name.as_deref(), Some("backup"));
    assert_eq!(p.clusters, vec![tc("member3", 2)]);
    // Member3 matches a term, so it passes the pre-scheduling predicate.
    assert!(passes_filters(&clusters[2], &evicting).is_ok());
    assert_eq!(
        passes_filters(&clusters[1], &evicting).unwrap_err().code,
        "filtered-affinity"
    );
}

#[test]
fn scheduling_starts_from_the_observed_term() {
    // pkg/scheduler/helper.go getAffinityIndex: a binding placed by "backup" starts there
    // (member1 back on its feet does not pull it back); an unknown name is the first term.
    let clusters = members();
    let s = spec(json!({"replicas": 2, "placement": {
        "clusterAffinities": [
            {"affinityName": "primary", "clusterNames": ["member1"]},
            {"affinityName": "backup", "clusterNames": ["member3"]}
        ],
        "replicaScheduling": {"replicaSchedulingType": "Duplicated"}}}));
    let index = FleetIndex::new(&clusters);
    let p = index.predict(&s, Some("backup")).unwrap();
    assert_eq!(p.clusters, vec![tc("member3", 2)]);
    let p = index.predict(&s, Some("gone")).unwrap();
    assert_eq!(p.clusters, vec![tc("member1", 2)]);
    // A reschedule: from the observed term up to v1.18, from the first from v1.19.0-rc.0.
    let at = |v: &str| {
        index
            .predict_fresh(&s, Some("backup"), v.parse().unwrap())
            .unwrap()
    };
    assert_eq!(at("v1.18.2").clusters, vec![tc("member3", 2)]);
    assert_eq!(at("v1.19.0-rc.0").clusters, vec![tc("member1", 2)]);
}

#[test]
fn label_and_field_affinity_and_deleting_clusters() {
    let gone = cluster(
        "d",
        json!({"metadata": {"labels": {"env": "prod"}, "deletionTimestamp": "2026-11-22T12:00:00Z"}}),
    );
    let clusters = vec![
        cluster("p", json!({"metadata": {"labels": {"env": "prod"}}})),
        cluster("q", json!({"metadata": {"labels": {"env": "dev"}}})),
        gone,
    ];
    let s = spec(
        json!({"replicas": 1, "placement": {"clusterAffinity": {"labelSelector": {"matchLabels": {"env": "prod"}}}}}),
    );
    let fleet = FleetIndex::new(&clusters);
    let p = fleet.predict(&s, None).unwrap();
    assert_eq!(p.clusters, vec![tc("p", 1)]);
    let codes: Vec<&str> = p
        .explain(&fleet, &s)
        .iter()
        .map(|v| v.reason.code.as_str())
        .collect();
    assert_eq!(
        codes,
        vec!["selected", "filtered-affinity", "filtered-deleting"]
    );
    let json = serde_json::to_value(&p).unwrap();
    assert_eq!(json["filtered"][0]["code"], "filtered-deleting");
    assert_eq!(json["allConsidered"], false);
}

#[test]
fn non_workload_lists_clusters_without_replicas() {
    let clusters = members();
    let s = spec(json!({"resource": {"apiVersion": "apps/v1", "kind": "Deployment"}}));
    let p = predict_placement(&clusters, &s).unwrap();
    assert_eq!(p.clusters.len(), 3);
    assert!(p.clusters.iter().all(|t| t.replicas == 0));
}

#[test]
fn group_selection_prefers_weight_then_prefix() {
    let g = |id, name, value, weight| Group {
        id,
        name,
        value,
        weight,
    };
    // target 3 clusters from 1..=2 regions: [a(2,w9), b(1,w5), c(3,w1)].
    let chosen = select_groups(
        vec![g(0, "a", 2, 9), g(1, "b", 1, 5), g(2, "c", 3, 1)],
        1,
        2,
        3,
    );
    assert_eq!(chosen, vec![0, 1]);
    assert!(select_groups(vec![g(0, "a", 1, 1)], 2, 2, 1).is_empty());
}

#[test]
fn go_float_conversion() {
    assert_eq!(go_f64_to_i64(f64::INFINITY), i64::MIN);
    assert_eq!(go_f64_to_i64(f64::NAN), i64::MIN);
    assert_eq!(go_f64_to_i64(2.9), 2);
}

/// Many predictions over a large fleet, as `explain` and `simulate` run them: the index
/// is reused and every result is complete (speed is measured by `benches/engine.rs`).
#[test]
fn large_fleet_smoke() {
    let clusters: Vec<Cluster> = (0..1000)
        .map(|i| {
            cluster(
                &format!("c{i:04}"),
                json!({"metadata": {"labels": {"env": if i % 2 == 0 { "prod" } else { "dev" }}},
                       "spec": {"region": format!("r{}", i % 7)}}),
            )
        })
        .collect();
    let fleet = FleetIndex::new(&clusters);
    let s = spec(
        json!({"replicas": 4, "replicaRequirements": {"resourceRequest": {"cpu": "250m"}},
        "clusters": [{"name": "c0002", "replicas": 2}],
        "placement": {"clusterAffinity": {"clusterNames": ["c0001", "c0002", "c0003"]},
            "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                "weightPreference": {"dynamicWeight": "AvailableReplicas"}}}}),
    );
    for _ in 0..2000 {
        let p = fleet.predict(&s, None).unwrap();
        assert_eq!(p.clusters.iter().map(|t| t.replicas).sum::<i32>(), 4);
    }
    let labels = spec(
        json!({"replicas": 4, "placement": {"clusterAffinity": {"labelSelector": {"matchLabels": {"env": "prod"}}},
        "spreadConstraints": [{"spreadByField": "cluster", "minGroups": 2, "maxGroups": 3}],
        "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Aggregated"}}}),
    );
    for _ in 0..20 {
        let p = fleet.predict(&labels, None).unwrap();
        assert_eq!(p.clusters.iter().map(|t| t.replicas).sum::<i32>(), 4);
    }
}

fn arb_weights() -> impl proptest::strategy::Strategy<Value = Vec<(String, i64)>> {
    prop::collection::btree_map("[a-e][0-9]", 0i64..20, 1..6).prop_map(|m| m.into_iter().collect())
}

proptest! {
    #[test]
    fn webster_sums_to_requested(weights in arb_weights(), replicas in 0i32..200, uid in "[a-f0-9-]{0,12}") {
        let w: Vec<(&str, i64)> = weights.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        let out = super::division::dispense(replicas, &w, &[], &uid);
        let sum: i64 = out.iter().map(|t| t.replicas as i64).sum();
        if w.iter().map(|x| x.1).sum::<i64>() > 0 {
            prop_assert_eq!(sum, replicas as i64);
            // Every party with zero votes gets nothing.
            for t in &out {
                let votes = w.iter().find(|x| x.0 == t.name).unwrap().1;
                prop_assert!(votes > 0 || t.replicas == 0);
            }
        } else {
            prop_assert!(out.is_empty());
        }
    }

    #[test]
    fn webster_is_deterministic_and_monotone(weights in arb_weights(), replicas in 0i32..150, uid in "[a-f0-9]{0,8}") {
        let w: Vec<(&str, i64)> = weights.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        let tie = super::division::TieBreak::from_uid(&uid);
        let a = super::division::webster(replicas, &w, &[], tie);
        let mut reversed = w.clone();
        reversed.reverse();
        let b = super::division::webster(replicas, &reversed, &[], tie);
        prop_assert_eq!(&a, &b);
        // House monotonicity: one more seat never takes a seat from anyone.
        let c = super::division::webster(replicas + 1, &w, &[], tie);
        for (x, y) in a.iter().zip(c.iter()) {
            prop_assert_eq!(&x.name, &y.name);
            prop_assert!(y.replicas >= x.replicas);
        }
    }

    #[test]
    fn division_strategies_sum_to_replicas(
        allocs in prop::collection::vec(0i32..30, 1..6),
        prev in prop::collection::vec(0i32..6, 0..6),
        replicas in 1i32..60,
        kind in 0usize..3,
    ) {
        use super::division::{assign_replicas, Candidate, Strategy, AssignError};
        let names: Vec<String> = (0..allocs.len()).map(|i| format!("m{i}")).collect();
        let candidates: Vec<Candidate> = names.iter().zip(&allocs)
            .map(|(n, a)| Candidate { name: n, weight: (a % 4) as i64, allocatable_replicas: *a }).collect();
        let previous: Vec<TargetCluster> = names.iter().zip(&prev).map(|(n, r)| tc(n, *r)).collect();
        let strategy = [Strategy::StaticWeight, Strategy::DynamicWeight, Strategy::Aggregated][kind];
        match assign_replicas(&candidates, Some(strategy), replicas, true, &previous, "uid") {
            Ok(out) => {
                prop_assert_eq!(out.iter().map(|t| t.replicas as i64).sum::<i64>(), replicas as i64);
                prop_assert!(out.iter().all(|t| t.replicas > 0));
            }
            Err(AssignError::InsufficientCapacity { available, needed }) => {
                prop_assert!(strategy != Strategy::StaticWeight);
                prop_assert!(available < needed);
            }
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
    }

    #[test]
    fn evicted_cluster_never_predicted(
        evict in 0usize..4,
        replicas in 1i32..20,
        kind in 0usize..4,
        held in prop::collection::vec(0i32..5, 4),
    ) {
        let clusters: Vec<Cluster> = (0..4).map(|i| cluster(&format!("m{i}"), json!({}))).collect();
        let scheduling = [
            json!({"replicaSchedulingType": "Duplicated"}),
            json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Aggregated"}),
            json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted"}),
            json!({"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                   "weightPreference": {"dynamicWeight": "AvailableReplicas"}}),
        ][kind].clone();
        let previous: Vec<serde_json::Value> = held.iter().enumerate()
            .filter(|(i, r)| *i != evict && **r > 0)
            .map(|(i, r)| json!({"name": format!("m{i}"), "replicas": r})).collect();
        let mut s = spec(json!({"replicas": replicas, "clusters": previous,
            "replicaRequirements": {"resourceRequest": {"cpu": "100m"}},
            "placement": {"replicaScheduling": scheduling}}));
        s.graceful_eviction_tasks.push(evicted(&format!("m{evict}")));
        let p = predict_placement(&clusters, &s).unwrap();
        let evicted_name = format!("m{evict}");
        prop_assert!(p.clusters.iter().all(|t| t.name != evicted_name));
        prop_assert!(!p.clusters.is_empty());
    }
}

/// A scenario's index (the fleet's, with the clusters it changes in place of theirs)
/// predicts exactly what an index of the changed fleet built whole predicts: a taint,
/// an API no longer served, labels an affinity reads, a smaller resource summary.
#[test]
fn an_index_with_changed_clusters_predicts_as_one_built_whole() {
    let fleet: Vec<Cluster> = (1..=4)
        .map(|i| {
            cluster(
                &format!("member{i}"),
                json!({"metadata": {"labels": {"tier": "gold"}}}),
            )
        })
        .collect();
    let changed = vec![
        cluster(
            "member1",
            json!({"spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]}, "metadata": {"labels": {"tier": "gold"}}}),
        ),
        cluster(
            "member2",
            json!({"status": {"apiEnablements": [], "resourceSummary": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}}, "metadata": {"labels": {"tier": "gold"}}}),
        ),
        cluster(
            "member3",
            json!({"metadata": {"labels": {"tier": "bronze"}}}),
        ),
        cluster(
            "member4",
            json!({"status": {"resourceSummary": {"allocatable": {"cpu": "1", "memory": "32Gi", "pods": "110"}}}, "metadata": {"labels": {"tier": "gold"}}}),
        ),
    ];
    let whole: Vec<Cluster> = changed.clone();
    let base = FleetIndex::new(&fleet);
    // The base's affinity cache is filled before the change, as a sweep fills it.
    let by_label = spec(json!({
        "replicas": 4,
        "replicaRequirements": {"resourceRequest": {"cpu": "1"}},
        "placement": {
            "clusterAffinity": {"labelSelector": {"matchLabels": {"tier": "gold"}}},
            "replicaScheduling": {"replicaSchedulingType": "Divided", "replicaDivisionPreference": "Weighted",
                "weightPreference": {"dynamicWeight": "AvailableReplicas"}}
        }
    }));
    let before = base.predict(&by_label, None).unwrap();
    assert_eq!(before.feasible, [0, 1, 2, 3]);
    let overlay = base.with_changed(&changed);
    let fresh = FleetIndex::new(&whole);
    let everywhere = spec(json!({"replicas": 2, "placement": {}}));
    for s in [&by_label, &everywhere] {
        let a = overlay.predict(s, None);
        let b = fresh.predict(s, None);
        assert_eq!(a, b, "{s:?}");
        assert_eq!(overlay.passing(s), fresh.passing(s));
    }
    // Only member4 is left for the label affinity (member1 tainted, member2 without the
    // API, member3 no longer gold), and its one core does not take four replicas.
    assert_eq!(overlay.passing(&by_label), [3]);
    assert_eq!(
        overlay.predict(&by_label, None),
        Err(PlacementError::InsufficientCapacity {
            available: 1,
            needed: 4
        })
    );
    assert_eq!(overlay.allocatable("member4", &by_label), Some(1));
    // The base is unchanged by its scenario.
    assert_eq!(base.predict(&by_label, None).unwrap(), before);
    assert_eq!(
        overlay.cluster(2).metadata.labels,
        changed[2].metadata.labels
    );
    assert_eq!(overlay.name(2), "member3");
}
