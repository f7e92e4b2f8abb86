//! A release with the re-queue of tolerated bindings (v1.17.4, before karmada#7613),
//! against the prediction for it: bindings that tolerate the taint outnumber those that
//! must leave, and take the workers' turns before them in an order upstream leaves to
//! its informer's map. Every real eviction falls in its predicted interval, and the
//! latest one comes well after master's.

use crate::support;

use support::karmada::{karmada_with, Options};
use support::tolerating_fleet::{assert_each_in_its_interval, run, LEAVING};

#[tokio::test(flavor = "multi_thread")]
async fn v1_17_4_evicts_within_the_predicted_intervals() {
    let mut options = Options::new("cluster,binding,gracefulEviction");
    options.controller_manager = "v1.17.4/karmada-controller-manager".into();
    let Some(k) = karmada_with(options) else {
        return;
    };
    let k = &k;
    let r = run(k, Some("v1.17.4"), &["master"]).await;
    assert_eq!(r.evictions.len(), LEAVING);
    let latest = assert_each_in_its_interval(&r);
    let master = r.latest_under[0].1;
    eprintln!("latest predicted eviction: v1.17.4 {latest:.1} s, master {master:.1} s");
    assert!(
        latest > master + 10.0,
        "v1.17.4's latest {latest:.1} s is not more than 10 s after master's {master:.1} s"
    );
}
