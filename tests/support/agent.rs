//! A Pull member: upstream's unmodified `karmada-agent` (`../shared/karmada/bin`) run
//! against a harness member and the plane. It registers the Cluster with `syncMode: Pull`
//! itself, renews its Lease, reports the Cluster's status and applies its Works; stopping
//! it is the `agent-down` failure.
//!
//! Recipe (first run on this harness): `--kubeconfig` of the member,
//! `--karmada-kubeconfig`/`--karmada-context` of the plane (admin), `--cluster-name`,
//! `--cluster-api-endpoint`, `--report-secrets=None` (the member runs no token controller
//! to issue service-account credentials), `--controllers=clusterStatus,execution,workStatus`,
//! `--leader-elect=false`, `--metrics-bind-address=0`, a free `--health-probe-bind-address`;
//! upstream's defaults for the lease (40 s × 0.25) and the status period (10 s).

use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject};

use super::karmada::{shared_bin, Karmada};
use super::members::{start_member, Member};
use super::timing::Window;
use super::{ports, Proc};

/// A running karmada-agent.
pub struct Agent {
    child: Mutex<Child>,
    pub log: std::path::PathBuf,
}

impl Agent {
    /// Kill the agent (SIGKILL): the lease stops. Returns when: between sending the
    /// signal and the process being gone.
    pub fn kill(&self) -> Window {
        let mut child = self.child.lock().unwrap();
        let sent = jiff::Timestamp::now();
        let _ = child.kill();
        let _ = child.wait();
        Window::between(sent, jiff::Timestamp::now())
    }

    /// The tail of its log, for failures.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }
}

/// Start member `name` and its agent against `k`'s plane; wait until Karmada has the
/// Cluster Ready with its APIs and resources (as for Push members).
pub async fn add_pull_member(k: &mut Karmada, name: &str) -> Agent {
    let m: Member = start_member(name, &k.env.dir).await;
    let bin = shared_bin("karmada-agent").expect("karmada-agent in ../shared/karmada/bin");
    let log = k.dir.join(format!("karmada-agent-{name}.log"));
    let child = Command::new(bin)
        .arg(format!("--kubeconfig={}", m.kubeconfig.display()))
        .arg(format!(
            "--karmada-kubeconfig={}",
            k.env.kubeconfig.display()
        ))
        .arg("--karmada-context=admin")
        .arg(format!("--cluster-name={name}"))
        .arg(format!("--cluster-api-endpoint={}", m.server))
        .args([
            "--report-secrets=None",
            "--controllers=clusterStatus,execution,workStatus",
            "--leader-elect=false",
            "--metrics-bind-address=0",
        ])
        .arg(format!(
            "--health-probe-bind-address=127.0.0.1:{}",
            ports::reserve()
        ))
        .env("KUBE_FEATURE_WatchListClient", "false")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("start karmada-agent");
    super::end_with_this_binary(&Proc::of(child.id()).token(), "");
    let agent = Agent {
        child: Mutex::new(child),
        log,
    };
    let api: Api<DynamicObject> =
        Api::all_with(k.env.admin().await, &super::fixtures::cluster_resource());
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(c) = api.get_opt(name).await.unwrap() {
            let conditions = c.data["status"]["conditions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let ready = conditions
                .iter()
                .any(|c| c["type"] == "Ready" && c["status"] == "True");
            if c.data["spec"]["syncMode"] == "Pull"
                && ready
                && c.data["status"]["apiEnablements"].is_array()
                && c.data["status"]["resourceSummary"]["allocatable"].is_object()
            {
                break;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the Pull member {name} did not become Ready in 120 s\n--- agent\n{}",
            agent.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    k.members.push(m);
    agent
}
