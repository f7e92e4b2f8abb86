//! A scratch Karmada control plane for trying the tool by hand: the test harness's
//! etcd + kube-apiserver on loopback with the project's CRDs, optionally loaded with an
//! example fleet. Prints the kubeconfig path (contexts `admin` and `viewer`) and runs
//! until interrupted.
//!
//!   export KUBEBUILDER_ASSETS=$(hack/test-env.sh)
//!   cargo run --example test_server -- [examples/quickstart.yaml]

#[path = "../tests/support/mod.rs"]
mod support;

#[tokio::main]
async fn main() {
    let env = support::env();
    let client = env.admin().await;
    if let Some(path) = std::env::args().nth(1) {
        support::fixtures::load_fleet(&client, std::path::Path::new(&path)).await;
    }
    println!("kubeconfig: {}", env.kubeconfig.display());
    println!("server:     {}", env.server);
    println!(
        "try:        karmadactl --kubeconfig {} taint clusters member1 outage:NoExecute",
        env.kubeconfig.display()
    );
    println!("Ctrl-C stops the servers.");
    tokio::signal::ctrl_c().await.expect("wait for Ctrl-C");
}
