//! Predictions held against what upstream Karmada itself does: the real taint manager
//! and scheduler of `../shared/karmada/bin` run on the test control plane.

use crate::support;

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Value};
use support::fixtures::*;
use support::upstream_fleet::{
    assert_same_cadence, binding, bindings, cluster, placed_on, scheduled, taint_not_ready,
    wait_for, watch_evictions, Spread,
};

const FAILING: &str = "member1";
const CONTROLLERS: &str = "cluster,binding,gracefulEviction,clustertaintpolicy";

#[tokio::test(flavor = "multi_thread")]
async fn dry_run_predicts_the_real_taint_manager_and_scheduler() {
    let Some(k) = support::karmada::karmada(CONTROLLERS) else {
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let mut items: Vec<Value> = ["member1", "member2", "member3"]
        .into_iter()
        .map(cluster)
        .collect();
    for i in 0..14 {
        let weights = match i % 3 {
            0 => Spread::Static([1, 1, 1]),
            1 => Spread::Static([2, 1, 1]),
            _ => Spread::Dynamic,
        };
        items.push(binding(
            "ResourceBinding",
            &format!("app-{i:02}"),
            3 + i % 4,
            weights,
        ));
    }
    for i in 0..5 {
        items.push(binding(
            "ClusterResourceBinding",
            &format!("shared-{i:02}"),
            4,
            Spread::Static([1, 2, 1]),
        ));
    }
    create_items(&client, &items).await;
    // The scheduler places every binding; all are then on the failing cluster.
    wait_for(&client, k, 90, "the first scheduling", scheduled).await;
    for (key, b) in bindings(&client).await {
        assert!(
            placed_on(&b).contains_key(FAILING),
            "{key} is not on {FAILING}: {b}"
        );
    }

    // The prediction, taken live before the taint lands.
    let prediction = k.predict(&["--cluster", FAILING, "--at", "5m"]);
    let reference: jiff::Timestamp = prediction["now"].as_str().unwrap().parse().unwrap();

    // The taint lands, written as `taint` writes it; the real taint manager evicts.
    let taint = taint_not_ready(&client, FAILING).await;
    let total = items.len() - 3;
    let evicted_at = tokio::time::timeout(
        Duration::from_secs(60),
        watch_evictions(&client, FAILING, taint.by, total),
    )
    .await
    .unwrap_or_else(|_| {
        panic!(
            "not every binding was evicted in 60 s\n{}",
            k.log_tail("karmada-controller-manager.log")
        )
    });

    // Per queue, the sorted eviction times agree: the same cadence, after the
    // controller's reaction lag.
    for prefix in ["rb/", "crb/"] {
        let predicted: Vec<f64> = prediction["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["binding"].as_str().unwrap().starts_with(prefix))
            .map(|o| {
                assert_eq!(o["verdict"], "evict", "{o}");
                let at: jiff::Timestamp = o["at"].as_str().unwrap().parse().unwrap();
                at.duration_since(reference).as_secs_f64()
            })
            .collect();
        let seen: Vec<f64> = evicted_at
            .iter()
            .filter(|(k, _)| k.starts_with(prefix))
            .map(|(_, t)| *t)
            .collect();
        assert_same_cadence(prefix, &predicted, &seen, taint);
    }

    // The real scheduler's new placements are the predicted ones.
    wait_for(&client, k, 60, "the rescheduling", |b| {
        scheduled(b) && !placed_on(b).contains_key(FAILING)
    })
    .await;
    let predicted: BTreeMap<String, BTreeMap<String, i64>> = prediction["predictions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["binding"].as_str().unwrap().to_string(),
                placed_on(&json!({"spec": {"clusters": p["clusters"]}})),
            )
        })
        .collect();
    for (key, b) in bindings(&client).await {
        assert_eq!(
            Some(&placed_on(&b)),
            predicted.get(&key),
            "{key}: the scheduler placed it elsewhere"
        );
    }
}
