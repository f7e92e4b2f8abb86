//! `policy evaluate-taints` on the real kube-apiserver: the taints it writes equal what
//! the ClusterTaintPolicy rules predict (hand-written in `support::taint_policy_fleet`,
//! the same expectation the real controller is held to in
//! `taint_policy_controllers_live.rs`), and a second run writes nothing.

use crate::support;

use std::collections::BTreeMap;

use support::fixtures::*;
use support::proxy::Proxy;
use support::taint_policy_fleet;

#[tokio::test(flavor = "multi_thread")]
async fn evaluate_taints_writes_what_the_policies_say_once() {
    let env = support::own_env("taint_policy");
    let client = env.admin().await;
    let p = "etp";
    taint_policy_fleet::create(&client, p).await;
    let proxy = Proxy::start(env);
    let run = |args: &[&str]| parts(&karmadactl(&proxy.kubeconfig, "admin", args));

    // A preview writes nothing.
    let (_, stderr, code) = run(&["policy", "evaluate-taints", "--dry-run"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("4 cluster(s) change"), "{stderr}");
    assert_eq!(proxy.count("PATCH", "/clusters/"), 0);

    // Without a terminal, --yes is required.
    let (_, stderr, code) = run(&["policy", "evaluate-taints"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(proxy.count("PATCH", "/clusters/"), 0);

    let (stdout, stderr, code) = run(&["policy", "evaluate-taints", "--yes"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 4, "{stdout}");
    let mut got = BTreeMap::new();
    for name in taint_policy_fleet::expected(p).keys() {
        got.insert(name.clone(), taint_specs(&client, name).await);
    }
    assert_eq!(got, taint_policy_fleet::expected(p));
    let added = cluster_json(&client, &format!("{p}-a")).await;
    assert!(
        added["spec"]["taints"][0]["timeAdded"].is_string(),
        "new taints carry timeAdded, as the controller writes them"
    );

    // Idempotent: a second run changes nothing and sends no write.
    let patches = proxy.count("PATCH", "/clusters/");
    let (_, stderr, code) = run(&["policy", "evaluate-taints", "--yes"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("0 cluster(s) change"), "{stderr}");
    assert_eq!(proxy.count("PATCH", "/clusters/"), patches);
}
