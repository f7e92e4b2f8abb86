use serde_json::json;

use super::*;
use crate::api::Cluster;
use crate::fleet::BindingKind;

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn cluster(name: &str, zone: &str) -> Cluster {
    serde_json::from_value(json!({"metadata": {"name": name, "labels": {"zone": zone}}, "spec": {},
        "status": {"conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": "2026-01-01T00:00:00Z", "reason": "r", "message": ""}],
            "apiEnablements": [{"groupVersion": "apps/v1", "resources": [{"name": "deployments", "kind": "Deployment"}]}],
            "resourceSummary": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}}}))
    .unwrap()
}

fn binding(name: &str, kind: &str, on: serde_json::Value) -> Binding {
    let placement = json!({"clusterAffinity": {"clusterNames": ["m1", "m2", "m3"]},
                           "replicaScheduling": {"replicaSchedulingType": kind, "replicaDivisionPreference": "Aggregated"}});
    let mut b: Binding = serde_json::from_value(json!({
        "metadata": {"name": name, "namespace": "shop",
                     "annotations": {"policy.karmada.io/applied-placement": placement.to_string()}},
        "spec": {
            "resource": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "namespace": "shop"},
            "replicas": 4,
            "placement": placement,
            "clusters": on,
        },
    }))
    .unwrap();
    b.kind = BindingKind::ResourceBinding;
    b
}

fn fleet() -> FleetState {
    FleetState {
        clusters: vec![cluster("m1", "b"), cluster("m2", "a"), cluster("m3", "c")],
        bindings: vec![
            binding(
                "web",
                "Divided",
                json!([{"name": "m1", "replicas": 3}, {"name": "m2", "replicas": 1}]),
            ),
            binding("api", "Divided", json!([{"name": "m1", "replicas": 4}])),
        ],
        ..Default::default()
    }
}

fn options(max: usize, order: Order) -> MaintenanceOptions {
    MaintenanceOptions {
        clusters: vec!["m1".into(), "m2".into(), "m3".into()],
        max_unavailable: max,
        order,
        drain: DrainOptions::default(),
        capacity: Ends::All,
    }
}

#[test]
fn one_at_a_time_every_wave_moves_its_workloads_elsewhere() {
    let p = plan(
        &fleet(),
        &options(1, Order::BlastRadius),
        &ControllerSettings::default(),
        ts("2026-01-02T00:00:00Z"),
    );
    assert!(p.safe(), "{p:#?}");
    // The smallest blast radius first: m3 (0 replicas), m2 (1), m1 (7).
    let order: Vec<&str> = p.waves.iter().map(|w| w.clusters[0].as_str()).collect();
    assert_eq!(order, ["m3", "m2", "m1"]);
    assert_eq!(p.blast_radius["m1"], 7);
    let m1 = &p.waves[2];
    assert_eq!(m1.replicas_moving, 7);
    assert_eq!(m1.moves.len(), 2);
    for m in &m1.moves {
        let to = m.to.as_ref().unwrap();
        assert!(to.iter().all(|t| t.name != "m1"), "{m:?}");
        assert_eq!(to.iter().map(|t| t.replicas).sum::<i32>(), 4);
    }
    assert!(p.waves[0].moves.is_empty());
}

#[test]
fn a_wave_that_takes_every_cluster_out_is_refused_naming_what_has_nowhere_to_go() {
    let p = plan(
        &fleet(),
        &options(3, Order::Name),
        &ControllerSettings::default(),
        ts("2026-01-02T00:00:00Z"),
    );
    assert!(!p.safe());
    assert_eq!(p.waves.len(), 1);
    let w = &p.waves[0];
    assert!(
        w.refusals
            .iter()
            .any(|r| r.code == ReasonCode::MaintenanceBlocked),
        "{w:#?}"
    );
    assert!(w
        .blocked
        .iter()
        .any(|b| b.binding == "rb/shop/web" && b.decision == DrainDecision::BlockedNoTarget));
    assert!(
        p.verdict.starts_with("refused: wave(s) 1 (m1, m2, m3)"),
        "{}",
        p.verdict
    );
    // Each cluster alone can leave.
    assert!(p.cannot_leave.is_empty(), "{:?}", p.cannot_leave);
}

#[test]
fn clusters_are_ordered_by_label_then_name() {
    let p = plan(
        &fleet(),
        &options(2, Order::Label("zone".into())),
        &ControllerSettings::default(),
        ts("2026-01-02T00:00:00Z"),
    );
    let waves: Vec<Vec<String>> = p.waves.iter().map(|w| w.clusters.clone()).collect();
    assert_eq!(
        waves,
        [
            vec!["m2".to_string(), "m1".to_string()],
            vec!["m3".to_string()]
        ]
    );
}

#[test]
fn waves_come_one_by_one_in_order_and_a_lightened_plan_keeps_its_answer() {
    let state = fleet();
    let now = ts("2026-06-01T00:00:00Z");
    let settings = ControllerSettings::default();
    for max in [1, 2] {
        let whole = plan(&state, &options(max, Order::Name), &settings, now);
        let mut seen = Vec::new();
        let light = plan_each(
            &state,
            &options(max, Order::Name),
            &settings,
            now,
            |w| w.number,
            |mut w, number| {
                assert_eq!(number, w.number, "prepared with its own wave");
                seen.push(w.clone());
                w.lighten();
                w
            },
        );
        assert_eq!(seen, whole.waves, "every wave whole, in order");
        assert_eq!(
            seen.iter().map(|w| w.number).collect::<Vec<_>>(),
            (1..=whole.waves.len()).collect::<Vec<_>>()
        );
        assert_eq!(
            (&light.verdict, &light.cannot_leave, light.safe()),
            (&whole.verdict, &whole.cannot_leave, whole.safe())
        );
        for (l, w) in light.waves.iter().zip(&whole.waves) {
            assert_eq!(
                (
                    l.moving(),
                    l.replicas_moving,
                    l.capacity.pending_replicas,
                    &l.refusals
                ),
                (
                    w.moves.len(),
                    w.replicas_moving,
                    w.capacity.pending_replicas,
                    &w.refusals
                )
            );
            assert!(l.moves.is_empty() && l.blocked.is_empty() && l.capacity.clusters.is_empty());
        }
        assert!(whole.waves.iter().any(|w| !w.moves.is_empty()));
    }
}

#[test]
fn a_plan_for_the_text_works_out_the_first_end_alone_with_the_same_answer() {
    // Two bindings of 2 replicas, 3 CPUs each, on m1: drained, both land where the
    // most room is on paper (8 CPUs), and two of their four replicas stay Pending.
    let mut state = fleet();
    for b in &mut state.bindings {
        b.spec.replicas = Some(2);
        b.spec.clusters = serde_json::from_value(json!([{"name": "m1", "replicas": 2}])).unwrap();
        let request = json!({"resourceRequest": {"cpu": "3"}});
        b.spec.replica_requirements = Some(serde_json::from_value(request).unwrap());
    }
    let now = ts("2026-06-01T00:00:00Z");
    let settings = ControllerSettings::default();
    let whole = plan(&state, &options(1, Order::Name), &settings, now);
    let first = MaintenanceOptions {
        capacity: Ends::First,
        ..options(1, Order::Name)
    };
    let text = plan(&state, &first, &settings, now);
    assert!(
        whole
            .waves
            .iter()
            .any(|w| w.capacity.pending_replicas > 0 && w.capacity.refreshed.is_some()),
        "{whole:#?}"
    );
    assert!(text
        .waves
        .iter()
        .all(|w| w.capacity.refreshed.is_none() && w.capacity.descheduling.is_none()));
    assert_eq!(
        (&text.verdict, &text.cannot_leave, text.safe()),
        (&whole.verdict, &whole.cannot_leave, whole.safe())
    );
    for (t, w) in text.waves.iter().zip(&whole.waves) {
        assert_eq!(
            (&t.moves, &t.blocked, &t.refusals, t.replicas_moving),
            (&w.moves, &w.blocked, &w.refusals, w.replicas_moving)
        );
        assert_eq!(
            (t.capacity.pending_replicas, &t.capacity.clusters),
            (w.capacity.pending_replicas, &w.capacity.clusters)
        );
    }
}
