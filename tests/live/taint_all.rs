//! `taint clusters --all` gets its own server: it touches every cluster there is.

use crate::support;

use serde_json::json;
use support::fixtures::*;

#[tokio::test(flavor = "multi_thread")]
async fn all_clusters_are_tainted_and_paged_through() {
    let env = support::own_env("taint_all");
    let client = env.admin().await;
    for i in 0..7 {
        create_cluster(&client, &format!("all-{i}"), json!({}), json!({})).await;
    }
    let (stdout, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &[
            "taint",
            "clusters",
            "--all",
            "fleet:NoSchedule",
            "-o",
            "name",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let expected: String = (0..7)
        .map(|i| format!("cluster.cluster.karmada.io/all-{i}\n"))
        .collect();
    assert_eq!(stdout, expected);
    for i in 0..7 {
        assert_eq!(
            taint_specs(&client, &format!("all-{i}")).await,
            ["fleet:NoSchedule"]
        );
    }
    let (_, stderr, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["taint", "clusters", "--all", "all-1", "x:NoSchedule"],
    ));
    assert_eq!(code, 2, "{stderr}");
    let (stdout, _, code) = parts(&karmadactl(
        &env.kubeconfig,
        "admin",
        &["uncordon", "--all"],
    ));
    assert_eq!(code, 0);
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.ends_with("already uncordoned"))
            .count(),
        7
    );
}
