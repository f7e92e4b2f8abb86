//! `taint`, `cordon` and `uncordon` against a real kube-apiserver + etcd.

use crate::support;

use http::Method;
use serde_json::json;
use support::fixtures::*;
use support::proxy::{Fault, Proxy};

fn kc() -> &'static std::path::Path {
    &support::env().kubeconfig
}

#[tokio::test(flavor = "multi_thread")]
async fn adds_a_taint() {
    let client = support::env().admin().await;
    create_cluster(&client, "add-1", json!({}), json!({})).await;
    let out = karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "add-1", "k=v:NoSchedule"],
    );
    let (stdout, stderr, code) = parts(&out);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/add-1 tainted\n");
    assert_eq!(taint_specs(&client, "add-1").await, ["k=v:NoSchedule"]);
    let c = cluster_json(&client, "add-1").await;
    assert!(
        c["spec"]["taints"][0].get("timeAdded").is_none(),
        "NoSchedule carries no timeAdded"
    );

    // Repeating it changes nothing and writes nothing.
    let rv = resource_version(&client, "add-1").await;
    let (stdout, _, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "add-1", "k=v:NoSchedule"],
    ));
    assert_eq!(
        (stdout.as_str(), code),
        ("cluster.cluster.karmada.io/add-1 unchanged\n", 0)
    );
    assert_eq!(resource_version(&client, "add-1").await, rv);
}

#[tokio::test(flavor = "multi_thread")]
async fn overwrite_is_required_to_change_a_value() {
    let client = support::env().admin().await;
    create_cluster(
        &client,
        "ow-1",
        json!({}),
        json!({"taints": [{"key": "k", "value": "a", "effect": "NoSchedule"}]}),
    )
    .await;
    let rv = resource_version(&client, "ow-1").await;
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "ow-1", "k=b:NoSchedule"],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--overwrite"), "{stderr}");
    assert_eq!(
        resource_version(&client, "ow-1").await,
        rv,
        "nothing written"
    );

    let (stdout, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "ow-1", "k=b:NoSchedule", "--overwrite"],
    ));
    assert_eq!(code, 0, "{stderr}");
    // Upstream karmadactl's word: `modified` whenever --overwrite is given.
    assert_eq!(stdout, "cluster.cluster.karmada.io/ow-1 modified\n");
    assert_eq!(taint_specs(&client, "ow-1").await, ["k=b:NoSchedule"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn removes_by_effect_and_by_key() {
    let client = support::env().admin().await;
    let taints = json!({"taints": [
        {"key": "a", "effect": "NoSchedule"},
        {"key": "k", "value": "1", "effect": "NoSchedule"},
        {"key": "k", "effect": "NoExecute", "timeAdded": "2026-01-01T00:00:00Z"},
        {"key": "z", "effect": "NoExecute", "timeAdded": "2026-11-22T11:00:00Z"}
    ]});
    create_cluster(&client, "rm-1", json!({}), taints).await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "rm-1", "k:NoExecute-"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/rm-1 untainted\n");
    assert_eq!(
        taint_specs(&client, "rm-1").await,
        ["a:NoSchedule", "k=1:NoSchedule", "z:NoExecute"]
    );

    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "rm-1", "k-"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        taint_specs(&client, "rm-1").await,
        ["a:NoSchedule", "z:NoExecute"]
    );

    // Removing what is not there is an error for that cluster, and nothing is written.
    let rv = resource_version(&client, "rm-1").await;
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "rm-1", "k-"],
    ));
    assert_eq!(code, 2);
    assert!(stderr.contains("taint \"k\" not found"), "{stderr}");
    assert_eq!(resource_version(&client, "rm-1").await, rv);

    // Removing the last taints leaves no taint list behind.
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "rm-1", "a-", "z-"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(cluster_json(&client, "rm-1").await["spec"]
        .get("taints")
        .is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn selects_clusters_by_label() {
    let client = support::env().admin().await;
    create_cluster(&client, "sel-eu-1", json!({"sel-test": "eu"}), json!({})).await;
    create_cluster(&client, "sel-eu-2", json!({"sel-test": "eu"}), json!({})).await;
    create_cluster(&client, "sel-us-1", json!({"sel-test": "us"}), json!({})).await;
    let (stdout, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &[
            "taint",
            "clusters",
            "-l",
            "sel-test=eu",
            "maint:NoSchedule",
            "-o",
            "name",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "cluster.cluster.karmada.io/sel-eu-1\ncluster.cluster.karmada.io/sel-eu-2\n"
    );
    assert_eq!(taint_specs(&client, "sel-eu-2").await, ["maint:NoSchedule"]);
    assert!(taint_specs(&client, "sel-us-1").await.is_empty());

    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &[
            "taint",
            "clusters",
            "-l",
            "sel-test=nowhere",
            "m:NoSchedule",
        ],
    ));
    assert_eq!(code, 2);
    assert!(stderr.contains("no clusters match"), "{stderr}");
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "sel-us-1", "-l", "a=b", "m:NoSchedule"],
    ));
    assert_eq!(code, 2);
    assert!(stderr.contains("mutually exclusive"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn dry_run_client_and_server_write_nothing() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(
        &client,
        "dry-1",
        json!({}),
        json!({"taints": [{"key": "old", "effect": "NoSchedule"}]}),
    )
    .await;
    let rv = resource_version(&client, "dry-1").await;
    let proxy = Proxy::start(env);

    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["taint", "clusters", "dry-1", "new=1:NoExecute", "--dry-run"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("cluster.cluster.karmada.io/dry-1 tainted (dry run)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("taints: old:NoSchedule, new=1:NoExecute"),
        "{stdout}"
    );
    assert_eq!(
        proxy.count("PATCH", "/clusters/dry-1"),
        0,
        "client dry run sends no write"
    );

    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "dry-1",
            "new=1:NoExecute",
            "--dry-run=server",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["dryRun"], "server");
    assert_eq!(doc["items"][0]["result"], "tainted");
    assert_eq!(doc["items"][0]["written"], true);
    assert_eq!(
        proxy.count("PATCH", "dryRun=All"),
        1,
        "{:?}",
        proxy.seen.lock().unwrap()
    );
    assert_eq!(
        resource_version(&client, "dry-1").await,
        rv,
        "server dry run stores nothing"
    );
    assert_eq!(taint_specs(&client, "dry-1").await, ["old:NoSchedule"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_writer_loses_nothing() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(
        &client,
        "race-1",
        json!({}),
        json!({"taints": [{"key": "first", "effect": "NoSchedule"}]}),
    )
    .await;
    let proxy = Proxy::start(env);
    // Just before our PATCH reaches the server, another writer adds two taints.
    proxy.on(
        Method::PATCH,
        "/clusters/race-1",
        1,
        Fault::Before(Box::new(|| {
            Box::pin(async {
                let client = support::env().admin().await;
                let api: kube::Api<kube::api::DynamicObject> =
                    kube::Api::all_with(client, &cluster_resource());
                let patch = json!({"spec": {"taints": [
                    {"key": "first", "effect": "NoSchedule"},
                    {"key": "other-a", "effect": "NoSchedule"},
                    {"key": "other-b", "value": "x", "effect": "NoExecute", "timeAdded": "2026-11-22T11:00:00Z"}
                ]}});
                api.patch(
                    "race-1",
                    &Default::default(),
                    &kube::api::Patch::Merge(&patch),
                )
                .await
                .unwrap();
            })
        })),
    );
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "-v",
            "1",
            "taint",
            "clusters",
            "race-1",
            "mine=1:NoSchedule",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/race-1 tainted\n");
    assert!(
        stderr.contains("conflict"),
        "the first write must have met a conflict: {stderr}"
    );
    assert_eq!(
        proxy.count("PATCH", "/clusters/race-1"),
        2,
        "one conflicting and one successful patch"
    );
    assert_eq!(
        taint_specs(&client, "race-1").await,
        [
            "first:NoSchedule",
            "other-a:NoSchedule",
            "other-b=x:NoExecute",
            "mine=1:NoSchedule"
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn read_only_user_is_forbidden_and_nothing_changes() {
    let client = support::env().admin().await;
    create_cluster(&client, "ro-1", json!({}), json!({})).await;
    let rv = resource_version(&client, "ro-1").await;
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "viewer",
        &["taint", "clusters", "ro-1", "k:NoSchedule"],
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("forbidden"), "{stderr}");
    assert!(
        stderr.contains("User \"viewer\" cannot patch resource \"clusters\""),
        "{stderr}"
    );
    assert_eq!(
        stderr.lines().count(),
        2,
        "one error line per cluster plus the summary: {stderr}"
    );
    assert_eq!(resource_version(&client, "ro-1").await, rv);
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_cluster_and_malformed_specs_write_nothing() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "bad-1", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "bad-1",
            "no-such-cluster",
            "k:NoSchedule",
        ],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        stderr.trim(),
        "error: cluster \"no-such-cluster\" not found"
    );
    for bad in [
        "k=v",
        "k:Sometimes",
        "Bad_Prefix/k:NoSchedule",
        "k=v:NoSchedule k=w:NoSchedule",
    ] {
        let mut args = vec!["taint", "clusters", "bad-1"];
        args.extend(bad.split(' '));
        let (_, stderr, code) = parts(&karmadactl(&proxy.kubeconfig, "admin", &args));
        assert_eq!(code, 2, "{bad}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one clear line: {stderr}");
    }
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["taint", "nodes", "bad-1", "k:NoSchedule"],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        proxy.count("PATCH", ""),
        0,
        "nothing written: {:?}",
        proxy.seen.lock().unwrap()
    );
    assert!(taint_specs(&client, "bad-1").await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn evicting_taints_need_confirmation() {
    let client = support::env().admin().await;
    create_cluster(&client, "ne-1", json!({}), json!({})).await;
    let rv = resource_version(&client, "ne-1").await;
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &["taint", "clusters", "ne-1", "outage:NoExecute"],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--yes"), "{stderr}");
    assert_eq!(resource_version(&client, "ne-1").await, rv);

    let before = jiff::Timestamp::now().as_second();
    let (_, stderr, code) = parts(&karmadactl(
        kc(),
        "admin",
        &[
            "taint",
            "clusters",
            "ne-1",
            "outage:NoExecute",
            "hard:NoExecute",
            "--yes",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("Impact"), "previews the impact: {stderr}");
    let c = cluster_json(&client, "ne-1").await;
    for t in c["spec"]["taints"].as_array().unwrap() {
        let added: jiff::Timestamp = t["timeAdded"].as_str().unwrap().parse().unwrap();
        assert!(
            added.as_second() >= before - 1
                && added.as_second() <= jiff::Timestamp::now().as_second()
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn partial_failure_exits_3_with_a_summary() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "part-a", json!({"part-test": "x"}), json!({})).await;
    create_cluster(&client, "part-b", json!({"part-test": "x"}), json!({})).await;
    let proxy = Proxy::start(env);
    // A server error is retried; one that persists past every attempt fails that object.
    proxy.on(Method::PATCH, "/clusters/part-b", 100, Fault::Fail(500));
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["taint", "clusters", "-l", "part-test=x", "k:NoSchedule"],
    ));
    assert_eq!(code, 3, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/part-a tainted\n");
    assert!(
        stderr.contains("part-b")
            && stderr.contains(&format!(
                "gave up on cluster \"part-b\" after {} attempts",
                karmadactl::client::MAX_ATTEMPTS
            ))
            // A 500 may come after the write was applied: the message does not claim
            // either way.
            && stderr.contains("may have been applied")
            && stderr.contains("1 of 2 cluster(s) updated, 1 failed"),
        "{stderr}"
    );
    assert_eq!(
        proxy.count("PATCH", "/clusters/part-b"),
        karmadactl::client::MAX_ATTEMPTS as usize
    );
    assert_eq!(taint_specs(&client, "part-a").await, ["k:NoSchedule"]);
    assert!(taint_specs(&client, "part-b").await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn fields_the_tool_does_not_own_survive_a_write() {
    // Karmada's Cluster API keeps only the fields it knows (an unknown one is pruned on
    // create), so the check is on fields it stores and the tool never writes: the
    // proxy settings, the impersonator secret and the resource models it defaults.
    let client = support::env().admin().await;
    create_cluster(
        &client,
        "keep-1",
        json!({}),
        json!({"syncMode": "Push", "secretRef": {"namespace": "karmada-cluster", "name": "keep-1"},
               "proxyURL": "http://proxy.example:3128",
               "insecureSkipTLSVerification": true,
               "impersonatorSecretRef": {"namespace": "karmada-cluster", "name": "keep-1-impersonator"}}),
    )
    .await;
    let before = cluster_json(&client, "keep-1").await;
    let (_, stderr, code) = parts(&karmadactl(kc(), "admin", &["cordon", "keep-1"]));
    assert_eq!(code, 0, "{stderr}");
    let c = cluster_json(&client, "keep-1").await;
    assert_eq!(c["spec"]["secretRef"]["name"], "keep-1");
    assert_eq!(c["spec"]["syncMode"], "Push");
    assert_eq!(c["spec"]["proxyURL"], "http://proxy.example:3128");
    assert_eq!(c["spec"]["insecureSkipTLSVerification"], true);
    assert_eq!(
        c["spec"]["impersonatorSecretRef"]["name"],
        "keep-1-impersonator"
    );
    assert_eq!(
        c["spec"]["resourceModels"],
        before["spec"]["resourceModels"]
    );
    if support::env().real_karmada {
        assert_eq!(
            c["spec"]["resourceModels"].as_array().map(Vec::len),
            Some(9)
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cordon_and_uncordon_are_idempotent() {
    let client = support::env().admin().await;
    create_cluster(
        &client,
        "cord-1",
        json!({}),
        json!({"taints": [{"key": "x", "effect": "NoSchedule"}]}),
    )
    .await;
    let run = |args: &[&str]| parts(&karmadactl(kc(), "admin", args));
    assert_eq!(
        run(&["cordon", "cord-1"]).0,
        "cluster.cluster.karmada.io/cord-1 cordoned\n"
    );
    assert_eq!(
        taint_specs(&client, "cord-1").await,
        [
            "x:NoSchedule",
            "cluster.karmada.io/unschedulable:NoSchedule"
        ]
    );
    assert_eq!(
        run(&["cordon", "cord-1"]).0,
        "cluster.cluster.karmada.io/cord-1 already cordoned\n"
    );
    let (stdout, _, code) = run(&["uncordon", "cord-1", "--dry-run"]);
    assert_eq!(
        (stdout.lines().next().unwrap(), code),
        ("cluster.cluster.karmada.io/cord-1 uncordoned (dry run)", 0)
    );
    assert_eq!(taint_specs(&client, "cord-1").await.len(), 2);
    assert_eq!(
        run(&["uncordon", "cord-1"]).0,
        "cluster.cluster.karmada.io/cord-1 uncordoned\n"
    );
    assert_eq!(
        run(&["uncordon", "cord-1"]).0,
        "cluster.cluster.karmada.io/cord-1 already uncordoned\n"
    );
    assert_eq!(taint_specs(&client, "cord-1").await, ["x:NoSchedule"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn credentials_never_appear_in_output() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "cred-1", json!({}), json!({})).await;
    for (ctx, args) in [
        (
            "admin",
            vec!["-v", "9", "taint", "clusters", "cred-1", "k:NoSchedule"],
        ),
        (
            "viewer",
            vec!["-v", "9", "taint", "clusters", "cred-1", "k2:NoSchedule"],
        ),
        ("admin", vec!["-v", "9", "cordon", "nope-cluster"]),
    ] {
        let (stdout, stderr, _) = parts(&karmadactl(kc(), ctx, &args));
        for secret in [&env.admin_token, &env.viewer_token] {
            assert!(
                !stdout.contains(secret.as_str()) && !stderr.contains(secret.as_str()),
                "token leaked by {args:?}"
            );
        }
        assert!(!stderr.is_empty(), "-v 9 logs something");
    }
}

#[test]
fn unreachable_server_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kubeconfig");
    // Reserved and never listened on: nothing answers there.
    let port = support::ports::reserve();
    std::fs::write(
        &path,
        support::kubeconfig_text(
            &format!("https://127.0.0.1:{port}"),
            &support::env().ca_pem,
            "t",
            "t",
        ),
    )
    .unwrap();
    let (_, stderr, code) = parts(&karmadactl(&path, "admin", &["cordon", "x"]));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot reach the Karmada API server at https://127.0.0.1:"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_slow_read_is_repeated_after_the_request_timeout() {
    let env = support::env();
    let client = env.admin().await;
    create_cluster(&client, "slow-1", json!({}), json!({})).await;
    let proxy = Proxy::start(env);
    proxy.on(
        Method::GET,
        "/clusters/slow-1",
        1,
        Fault::Delay(std::time::Duration::from_secs(5)),
    );
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "--request-timeout",
            "1s",
            "taint",
            "clusters",
            "slow-1",
            "k:NoSchedule",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        proxy.count("GET", "/clusters/slow-1"),
        2,
        "timed out, then read again"
    );
    assert_eq!(taint_specs(&client, "slow-1").await, ["k:NoSchedule"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_noexecute_taint_gets_the_servers_time_added() {
    // The tool sends a new NoExecute taint without timeAdded: Karmada's Cluster API
    // stamps it with the control plane's clock, and the report shows what it stored.
    let env = support::env();
    let client = env.admin().await;
    create_cluster(
        &client,
        "ta-srv",
        json!({}),
        json!({"taints": [{"key": "old", "effect": "NoExecute", "timeAdded": "2026-01-01T00:00:00Z"}]}),
    )
    .await;
    let proxy = Proxy::start(env);
    let (stdout, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "ta-srv",
            "outage:NoExecute",
            "--yes",
            "-o",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let sent: Vec<serde_json::Value> = proxy
        .sent
        .lock()
        .unwrap()
        .iter()
        .filter(|(line, _)| line.starts_with("PATCH ") && line.contains("/clusters/ta-srv"))
        .map(|(_, body)| serde_json::from_str(body).unwrap())
        .collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let taints = sent[0]["spec"]["taints"].as_array().unwrap();
    let new = taints.iter().find(|t| t["key"] == "outage").unwrap();
    assert!(new.get("timeAdded").is_none(), "sent {new}");
    let old = taints.iter().find(|t| t["key"] == "old").unwrap();
    assert_eq!(
        old["timeAdded"], "2026-01-01T00:00:00Z",
        "a present taint keeps its own"
    );
    let stored = cluster_json(&client, "ta-srv").await;
    let stored_new = stored["spec"]["taints"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["key"] == "outage")
        .unwrap()
        .clone();
    if env.real_karmada {
        assert!(stored_new["timeAdded"].is_string(), "{stored_new}");
    }
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let reported = doc["items"][0]["taints"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["key"] == "outage")
        .unwrap()
        .clone();
    assert_eq!(reported["timeAdded"], stored_new["timeAdded"], "{doc:#}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_preview_says_where_a_failing_cluster_stands_and_what_a_policy_puts_back() {
    // tpb is Ready False and carries the NoExecute taint its ClusterTaintPolicy adds for
    // that condition: removing the taint by hand lasts until the policy controller acts.
    let env = support::env();
    let client = env.admin().await;
    create_items(
        &client,
        &[
            json!({"apiVersion": "cluster.karmada.io/v1alpha1", "kind": "Cluster",
                "metadata": {"name": "tpb"},
                "spec": {"syncMode": "Push", "taints": [
                    {"key": "cluster.karmada.io/not-ready", "effect": "NoExecute", "timeAdded": "2026-01-01T00:00:00Z"}]},
                "status": {"conditions": [{"type": "Ready", "status": "False", "reason": "ClusterNotReachable",
                    "message": "", "lastTransitionTime": "2026-01-01T00:00:00Z"}]}}),
            json!({"apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterTaintPolicy",
                "metadata": {"name": "tpb-evict"},
                "spec": {"targetClusters": {"clusterNames": ["tpb"]},
                    "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["False"]}],
                    "removeOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
                    "taints": [{"key": "cluster.karmada.io/not-ready", "effect": "NoExecute"}]}}),
        ],
    )
    .await;
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "tpb",
            "cluster.karmada.io/not-ready:NoExecute-",
            "--dry-run=client",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("Where these clusters stand now:\n  tpb: Ready False (ClusterNotReachable) since 2026-01-01 00:00:00")
            && stderr.contains("cluster.karmada.io/not-ready:NoExecute since 2026-01-01 00:00:00")
            && stderr.contains("the taint manager evicts"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tpb: ClusterTaintPolicy tpb-evict adds cluster.karmada.io/not-ready:NoExecute back at once: its conditions still match"),
        "{stderr}"
    );
    // A cordon changes nothing of the kind: the step is said, no warning.
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["cordon", "tpb", "--dry-run=client"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("  tpb: Ready False"), "{stderr}");
    assert!(!stderr.contains("back at once"), "{stderr}");
}
