//! The fleet of `requeue_live` (bindings that tolerate the taint outnumber those that
//! must leave) on master's controller-manager: the tolerated bindings take no turns, and
//! the prediction for master matches the real eviction times per queue.

use crate::support;

use support::karmada::{karmada, karmada_with, Options};
use support::tolerating_fleet::{assert_each_in_its_interval, run, LEAVING};
use support::upstream_fleet::assert_same_cadence;

#[tokio::test(flavor = "multi_thread")]
async fn master_evicts_the_leaving_bindings_first() {
    let Some(k) = karmada("cluster,binding,gracefulEviction") else {
        return;
    };
    let k = &k;
    let r = run(k, Some("master"), &[]).await;
    let predicted: Vec<f64> = r.evictions.iter().map(|(_, p, _)| p.at).collect();
    let seen: Vec<f64> = r.evictions.iter().map(|(_, _, s)| *s).collect();
    assert_eq!(predicted.len(), LEAVING);
    assert_same_cadence("rb/", &predicted, &seen, r.taint);
    // Every leaving binding goes in the first two turns of the 3 workers.
    assert!(predicted.iter().all(|t| *t <= 2.5), "{predicted:?}");
    // Each binding's interval holds its time in any order of the listing.
    for (key, p, _) in &r.evictions {
        assert!(p.earliest <= p.at && p.at <= p.latest, "{key}: {p:?}");
    }
}

/// The same fleet on v1.18.2's controller-manager and scheduler (which has karmada#7613:
/// tolerated bindings take no turns), predicted with the tool's default release: the
/// same cadence, every eviction in its interval.
#[tokio::test(flavor = "multi_thread")]
async fn the_default_release_evicts_as_predicted_without_naming_it() {
    let Some(k) = karmada_with(Options::new("cluster,binding,gracefulEviction").release("v1.18.2"))
    else {
        return;
    };
    let k = &k;
    let r = run(k, None, &[]).await;
    let predicted: Vec<f64> = r.evictions.iter().map(|(_, p, _)| p.at).collect();
    let seen: Vec<f64> = r.evictions.iter().map(|(_, _, s)| *s).collect();
    assert_eq!(predicted.len(), LEAVING);
    assert_same_cadence("rb/", &predicted, &seen, r.taint);
    assert!(predicted.iter().all(|t| *t <= 2.5), "{predicted:?}");
    assert_each_in_its_interval(&r);
}
