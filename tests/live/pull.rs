//! A **Pull** member held against its prediction: member2 registered by upstream's real
//! `karmada-agent`, a ClusterTaintPolicy that adds `unreachable:NoExecute` on Ready
//! Unknown, the controller-manager with upstream's monitor grace period (40 s). Before
//! the failure the test takes `dry-run --outage member2 --outage-mode agent-down` and
//! starts `failover watch member2`; then the agent is killed at the predicted moment. The
//! lease-based `Ready=Unknown`, the taint, the eviction and the new placement must meet
//! the timeline; the watch must report them as the API's own stream showed them, end by
//! itself once settled, and `failover report` must give the same moments.

use crate::outage::{
    binding_line_on, interval, outage_prediction, predicted, sleep_until, wait_placed, workload, NS,
};
use crate::support;
use crate::watching;

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;
use support::fixtures::*;
use support::karmada::{karmada_with, Options, WITH_MEMBERS};
use support::timing::{assert_meets, Anchor, Window};

const UNREACHABLE_NOEXECUTE: &str = "cluster.karmada.io/unreachable:NoExecute";

fn step<'a>(events: &'a [Value], object: &str, step: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["object"] == object && e["step"] == step)
        .unwrap_or_else(|| panic!("no {step} of {object}"))
}

fn recorded(e: &Value) -> Timestamp {
    e["recordedAt"]
        .as_str()
        .unwrap_or_else(|| panic!("no recorded moment: {e:#}"))
        .parse()
        .unwrap()
}

/// When a step happened: its recorded moment (to the second), else the second before
/// the watch received it.
fn moment(e: &Value) -> Window {
    match e["recordedAt"].as_str() {
        Some(t) => Window::stamp(t.parse().unwrap()),
        None => {
            let seen: Timestamp = e["observedAt"].as_str().unwrap().parse().unwrap();
            Window::between(seen - SignedDuration::from_secs(1), seen)
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pull_member_whose_agent_stops_fails_as_predicted() {
    let Some(mut k) = karmada_with(Options {
        members: 1,
        flags: vec!["--cluster-monitor-grace-period=40s".into()],
        ..Options::new(WITH_MEMBERS)
    }) else {
        return;
    };
    let agent = support::agent::add_pull_member(&mut k, "member2").await;
    let k = &k;
    let client = k.env.admin().await;
    ensure_namespace(&client, NS).await;
    noexecute_policy(
        &client,
        "unreachable",
        "Unknown",
        "cluster.karmada.io/unreachable",
    )
    .await;
    workload(&client, "pulled", None).await;
    wait_placed(&client, &["pulled"], "member2", 120).await;

    // The agent killed at T0.
    let t0 = Timestamp::now() + SignedDuration::from_secs(5);
    let doc = outage_prediction(k, "member2", "agent-down", t0, &[]);
    let cluster = &doc["outage"]["clusters"][0];
    assert_eq!(cluster["syncMode"], "Pull", "{doc:#}");
    assert_eq!(cluster["ready"]["status"], "Unknown", "{doc:#}");
    let (arrivals, api_stream) = watching::follow_api(&client, NS);
    let tool = watching::start_watch(k, "member2");
    sleep_until(t0).await;
    let down = Anchor::new(t0, agent.kill());
    let events = watching::ended(tool, 150);
    api_stream.abort();
    watching::check_events(&events, &arrivals, UNREACHABLE_NOEXECUTE, &["pulled"], NS);

    // The timeline of `dry-run --outage agent-down`, held against what followed.
    let ready = step(&events, "cluster/member2", "ready-unknown");
    assert_meets(
        "Ready=Unknown (recorded lastTransitionTime)",
        Window::stamp(recorded(ready)),
        interval(&cluster["ready"]["at"]),
        &down,
        t0,
    );
    let predicted_taint = cluster["taints"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["taint"] == UNREACHABLE_NOEXECUTE)
        .unwrap_or_else(|| panic!("{doc:#}"));
    let taint = events
        .iter()
        .find(|e| e["step"] == "taint-added" && e["detail"] == UNREACHABLE_NOEXECUTE)
        .unwrap();
    assert_meets(
        "the NoExecute taint's timeAdded",
        Window::stamp(recorded(taint)),
        interval(&predicted_taint["at"]),
        &down,
        t0,
    );
    let object = format!("rb/{NS}/pulled-deployment");
    let evicted = step(&events, &object, "evicted");
    eprintln!("the eviction as the watch saw it: {evicted}");
    assert_meets(
        "the eviction",
        moment(evicted),
        interval(&binding_line_on(&doc, "pulled", "member2")["evicted"]),
        &down,
        t0,
    );
    let replaced = step(&events, &object, "replaced");
    let placed: BTreeMap<String, i64> = replaced["detail"]
        .as_str()
        .unwrap()
        .split(',')
        .map(|p| {
            let (c, r) = p.split_once('=').unwrap();
            (c.to_string(), r.parse().unwrap())
        })
        .collect();
    assert_eq!(
        placed,
        predicted(&doc, "pulled"),
        "placed elsewhere than predicted"
    );
    watching::check_report(k, &events, "member2", &["pulled"], NS).await;
}
