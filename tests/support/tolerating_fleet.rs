//! A fleet where bindings that tolerate the taint outnumber those that must leave: the
//! case where releases before karmada#7613 (v1.16.0-.7, v1.17.0-.4, v1.18.0-.1) make
//! the leaving bindings wait behind the tolerated ones. Run against whichever
//! controller-manager the test binary started.

use std::time::Duration;

use serde_json::{json, Value};

use super::fixtures::*;
use super::karmada::Karmada;
use super::upstream_fleet::{
    binding, cluster, scheduled, taint_not_ready, wait_for, watch_evictions, Spread,
};

pub const FAILING: &str = "member1";
/// Bindings that tolerate the taint forever, and bindings that must leave.
pub const TOLERATING: usize = 24;
pub const LEAVING: usize = 6;

/// One binding's predicted eviction: the time for the input order, and the interval
/// every order of upstream's listing falls in (seconds after the reference time).
#[derive(Clone, Copy, Debug)]
pub struct Predicted {
    pub at: f64,
    pub earliest: f64,
    pub latest: f64,
}

/// What happened: per leaving binding, its prediction and when it was seen leaving
/// (seconds after the taint).
pub struct Run {
    pub evictions: Vec<(String, Predicted, f64)>,
    /// Predictions of the same fleet under other versions: the latest eviction.
    pub latest_under: Vec<(String, f64)>,
    /// When the taint was written (the anchor of every prediction).
    pub taint: super::timing::Window,
}

/// Create the fleet, predict with `--karmada-version version` (`None`: the tool's
/// default, no flag) and the latest eviction under each of `others`, taint `member1`,
/// and watch the real evictions.
pub async fn run(k: &Karmada, version: Option<&str>, others: &[&str]) -> Run {
    let client = k.env.admin().await;
    let mut items: Vec<Value> = ["member1", "member2", "member3"]
        .into_iter()
        .map(cluster)
        .collect();
    let forever = json!([{"key": "cluster.karmada.io/not-ready", "operator": "Exists",
                          "effect": "NoExecute"}]);
    for i in 0..TOLERATING + LEAVING {
        let name = format!("app-{i:02}");
        let mut b = binding("ResourceBinding", &name, 3, Spread::Static([1, 1, 1]));
        if i < TOLERATING {
            b["spec"]["placement"]["clusterTolerations"] = forever.clone();
            b["metadata"]["annotations"]["policy.karmada.io/applied-placement"] =
                b["spec"]["placement"].to_string().into();
        }
        items.push(b);
    }
    create_items(&client, &items).await;
    wait_for(&client, k, 90, "the first scheduling", scheduled).await;

    let predict = |v: Option<&str>| match v {
        None => k.predict(&["--cluster", FAILING, "--at", "5m"]),
        Some(v) => k.predict(&["--cluster", FAILING, "--at", "5m", "--karmada-version", v]),
    };
    let prediction = predict(version);
    let reference: jiff::Timestamp = prediction["now"].as_str().unwrap().parse().unwrap();
    let secs = |o: &Value| -> f64 {
        let t: jiff::Timestamp = o.as_str().unwrap().parse().unwrap();
        t.duration_since(reference).as_secs_f64()
    };
    let predicted: Vec<(String, Predicted)> = prediction["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["verdict"] == "evict")
        .map(|o| {
            let at = secs(&o["at"]);
            let (earliest, latest) = match o.get("atBetween") {
                Some(b) => (secs(&b["earliest"]), secs(&b["latest"])),
                None => (at, at),
            };
            (
                o["binding"].as_str().unwrap().to_string(),
                Predicted {
                    at,
                    earliest,
                    latest,
                },
            )
        })
        .collect();
    assert_eq!(predicted.len(), LEAVING, "{prediction}");
    let latest_under = others
        .iter()
        .map(|v| {
            let p = predict(Some(v));
            let now: jiff::Timestamp = p["now"].as_str().unwrap().parse().unwrap();
            let latest = p["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|o| o["verdict"] == "evict")
                .map(|o| {
                    let b = o.get("atBetween").map_or(&o["at"], |b| &b["latest"]);
                    let t: jiff::Timestamp = b.as_str().unwrap().parse().unwrap();
                    t.duration_since(now).as_secs_f64()
                })
                .fold(f64::MIN, f64::max);
            (v.to_string(), latest)
        })
        .collect();

    // The taint lands as `taint` writes it; the real taint manager evicts.
    let taint = taint_not_ready(&client, FAILING).await;
    let seen = tokio::time::timeout(
        Duration::from_secs(90),
        watch_evictions(&client, FAILING, taint.by, LEAVING),
    )
    .await
    .unwrap_or_else(|_| {
        panic!(
            "not every leaving binding was evicted in 90 s\n{}",
            k.log_tail("karmada-controller-manager.log")
        )
    });
    let evictions = predicted
        .into_iter()
        .map(|(key, p)| {
            let t = *seen
                .get(&key)
                .unwrap_or_else(|| panic!("{key} was not seen leaving: {seen:?}"));
            (key, p, t)
        })
        .collect();
    Run {
        evictions,
        latest_under,
        taint,
    }
}

/// Every real eviction of `r` in its predicted interval (the controller's own lag on
/// the taint allowed once, `support::timing`), each printed; the latest predicted.
pub fn assert_each_in_its_interval(r: &Run) -> f64 {
    let mut latest: f64 = 0.0;
    for (key, p, seen) in &r.evictions {
        eprintln!(
            "{key}: predicted {:.1} s in [{:.1}, {:.1}], seen {seen:.2} s after the taint",
            p.at, p.earliest, p.latest
        );
        assert!(
            super::timing::seconds_meet(*seen, (p.earliest, p.latest), r.taint),
            "{key}: seen {seen:.2} s, predicted [{:.1}, {:.1}]",
            p.earliest,
            p.latest
        );
        latest = latest.max(p.latest);
    }
    latest
}
