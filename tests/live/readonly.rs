//! Read-only commands against a real kube-apiserver: `snapshot` captures what
//! `dry-run` reads live, and the evicting-taint preview of `taint`.

use crate::support;

use serde_json::Value;
use support::fixtures::{karmadactl, load_fleet, parts};

fn verdicts(doc: &Value) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = doc["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["binding"].to_string(),
                o["cluster"].to_string(),
                o["verdict"].to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread")]
async fn snapshot_then_dry_run_agrees_with_live_and_taint_previews_impact() {
    let env = support::own_env("readonly");
    let client = env.admin().await;
    load_fleet(
        &client,
        std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/quickstart.yaml"
        )),
    )
    .await;
    let kc = &env.kubeconfig;

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fleet.json");
    let (_, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "snapshot",
            "-o",
            file.to_str().unwrap(),
            "--controller-setting",
            "feature-gates=Failover=true",
            "--controller-setting",
            "enable-no-execute-taint-eviction=true",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("3 clusters") && stderr.contains("3 resourcebindings"),
        "{stderr}"
    );
    let snap: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(snap["kind"], "List");
    assert_eq!(snap["snapshot"]["context"], "admin");
    assert!(snap["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["metadata"].get("managedFields").is_none()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains(&env.admin_token),
        "no credentials in snapshots"
    );

    let args = [
        "dry-run",
        "--cluster",
        "member1",
        "--at",
        "10m",
        "-o",
        "json",
    ];
    let (live, stderr, code) = parts(&karmadactl(
        kc,
        "viewer",
        &[
            &args[..],
            &[
                "--feature-gates",
                "Failover=true",
                "--enable-no-execute-taint-eviction",
            ],
        ]
        .concat(),
    ));
    assert_eq!(code, 0, "the read-only user can simulate: {stderr}");
    let (offline, stderr, code) = parts(&karmadactl(
        kc,
        "viewer",
        &[&args[..], &["--snapshot", file.to_str().unwrap()]].concat(),
    ));
    assert_eq!(code, 0, "{stderr}");
    let (live, offline): (Value, Value) = (
        serde_json::from_str(&live).unwrap(),
        serde_json::from_str(&offline).unwrap(),
    );
    assert_eq!(verdicts(&live), verdicts(&offline));
    assert_eq!(live["predictions"], offline["predictions"]);
    assert_eq!(live["summary"], offline["summary"]);
    assert_eq!(verdicts(&live).len(), 3);

    // Both reads keep only the bindings on the failing cluster (live: page by page) and
    // count the others: the same answer either way, whichever cluster fails.
    let mut not_affected = 0;
    for cluster in ["member2", "member3"] {
        let args = ["dry-run", "--cluster", cluster, "-o", "json"];
        let gates = [
            "--feature-gates",
            "Failover=true",
            "--enable-no-execute-taint-eviction",
        ];
        let (live, stderr, code) = parts(&karmadactl(
            kc,
            "viewer",
            &[&args[..], &gates[..], &["--chunk-size", "1"]].concat(),
        ));
        assert_eq!(code, 0, "{stderr}");
        let (offline, stderr, code) = parts(&karmadactl(
            kc,
            "viewer",
            &[
                &args[..],
                &gates[..],
                &["--snapshot", file.to_str().unwrap()],
            ]
            .concat(),
        ));
        assert_eq!(code, 0, "{stderr}");
        let (live, offline): (Value, Value) = (
            serde_json::from_str(&live).unwrap(),
            serde_json::from_str(&offline).unwrap(),
        );
        // The same decisions (times differ: each read is its own reference time).
        let decided = |doc: &Value| -> Vec<(Value, Value, Value, Value, Value)> {
            doc["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    let field = |k: &str| o[k].clone();
                    (
                        field("binding"),
                        field("cluster"),
                        field("verdict"),
                        o["rule"]["code"].clone(),
                        field("replicas"),
                    )
                })
                .collect()
        };
        assert_eq!(decided(&live), decided(&offline), "{cluster}");
        assert_eq!(live["predictions"], offline["predictions"], "{cluster}");
        assert_eq!(live["summary"], offline["summary"], "{cluster}");
        not_affected += offline["summary"]["bindingsNotAffected"].as_u64().unwrap();
    }
    assert!(
        not_affected > 0,
        "some binding is not on the failing cluster"
    );

    // The evicting taint previews what it would evict, then (with --yes) writes.
    let (stdout, stderr, code) = parts(&karmadactl(
        kc,
        "admin",
        &[
            "taint",
            "clusters",
            "member1",
            "outage:NoExecute",
            "--yes",
            "--feature-gates",
            "Failover=true",
            "--enable-no-execute-taint-eviction",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "cluster.cluster.karmada.io/member1 tainted\n");
    assert!(
        stderr.contains("3 of 3 binding placement(s) would be evicted"),
        "{stderr}"
    );
    assert!(
        stderr.contains("rb/streaming/flink-app-flinkdeployment on member1: evict"),
        "{stderr}"
    );
}
