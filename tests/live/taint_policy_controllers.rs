//! The real cluster-taint-policy controller of `../shared/karmada/bin` on the fleet of
//! `support::taint_policy_fleet`: it sets the same taints `policy evaluate-taints`
//! writes on the same fleet without it (`taint_policy_live.rs`): both equal the same
//! expectation.

use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use support::fixtures::*;
use support::taint_policy_fleet;

#[tokio::test(flavor = "multi_thread")]
async fn the_real_controller_sets_the_predicted_taints() {
    let Some(k) = support::karmada::karmada("clustertaintpolicy") else {
        assert!(
            std::env::var_os("CI").is_none_or(|v| v.is_empty()),
            "CI is set but ../shared/karmada/bin is missing"
        );
        eprintln!("note: ../shared/karmada/bin not found; skipped");
        return;
    };
    let k = &k;
    let client = k.env.admin().await;
    let p = "ctl";
    taint_policy_fleet::create(&client, p).await;
    let want = taint_policy_fleet::expected(p);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut got = BTreeMap::new();
    loop {
        got.clear();
        for name in want.keys() {
            got.insert(name.clone(), taint_specs(&client, name).await);
        }
        if got == want || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(
        got,
        want,
        "{}",
        k.log_tail("karmada-controller-manager.log")
    );
    // And it stays so: the controller has nothing more to do.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for name in want.keys() {
        assert_eq!(taint_specs(&client, name).await, want[name]);
    }
    // evaluate-taints on the controller's result agrees there is nothing to change.
    let (_, stderr, code) = parts(&karmadactl(
        &k.env.kubeconfig,
        "admin",
        &["policy", "evaluate-taints", "--dry-run"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("0 cluster(s) change"), "{stderr}");
}
