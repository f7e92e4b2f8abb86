//! `policy apply` on the real kube-apiserver: every document of the invalid corpus is
//! rejected with upstream's field path, exit 2 and no write; valid policies are applied
//! with server-side apply, re-applied without a write, and fields another manager owns
//! survive our apply.

use crate::support;

use std::path::PathBuf;

use kube::api::{Api, ApiResource, DynamicObject, Patch, PatchParams};
use serde_json::json;
use support::fixtures::*;
use support::proxy::Proxy;

fn corpus() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/policy_corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let field = text
                .lines()
                .find_map(|l| l.strip_prefix("# expect: "))
                .unwrap_or_else(|| panic!("{}: no '# expect:' line", f.display()))
                .to_string();
            (f, field)
        })
        .collect()
}

fn writes(proxy: &Proxy) -> usize {
    ["POST", "PUT", "PATCH", "DELETE"]
        .iter()
        .map(|m| proxy.count(m, "/"))
        .sum()
}

/// `spec.a[0].b` -> `spec.a.b`, as the corpus (kube-apiserver 1.20) writes paths.
fn without_indices(line: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for c in line.chars() {
        match c {
            '[' => skip = true,
            ']' => skip = false,
            _ if !skip => out.push(c),
            _ => {}
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_documents_are_rejected_with_their_field_and_nothing_is_written() {
    let env = support::env();
    let proxy = Proxy::start(env);
    let files = corpus();
    assert!(files.len() >= 40, "{} documents in the corpus", files.len());
    for (file, field) in &files {
        let (_, stderr, code) = parts(&karmadactl(
            &proxy.kubeconfig,
            "admin",
            &["policy", "apply", "-f", file.to_str().unwrap()],
        ));
        assert_eq!(code, 2, "{}: {stderr}", file.display());
        let named = stderr
            .lines()
            .filter(|l| l.starts_with("error: ") && l.contains(file.to_str().unwrap()))
            .any(|l| without_indices(l).contains(&format!(": {field}: ")));
        assert!(
            named,
            "{}: expected an error at {field}:\n{stderr}",
            file.display()
        );
        assert!(stderr.contains("nothing was sent"), "{stderr}");
    }
    assert_eq!(
        writes(&proxy),
        0,
        "an invalid document must not cause a write"
    );
    // The whole directory at once: the same, in one run.
    let dir = files[0].0.parent().unwrap().to_str().unwrap().to_string();
    let (_, stderr, code) = parts(&karmadactl(
        &proxy.kubeconfig,
        "admin",
        &["policy", "apply", "-f", &dir],
    ));
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!("{n} invalid document(s) of {n}", n = files.len())),
        "{stderr}"
    );
    assert_eq!(writes(&proxy), 0);
}

fn pp() -> ApiResource {
    ApiResource::erase::<karmadactl::api::PropagationPolicy>(&())
}

#[tokio::test(flavor = "multi_thread")]
async fn apply_reapply_and_other_managers_fields() {
    let env = support::env();
    let client = env.admin().await;
    let proxy = Proxy::start(env);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("policy.yaml");
    std::fs::write(
        &file,
        "apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata:
  name: web
  labels: {app: web}
spec:
  resourceSelectors:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
  placement:
    clusterAffinity:
      clusterNames: [m1, m2]
    clusterTolerations:
    - key: cluster.karmada.io/not-ready
      operator: Exists
      effect: NoExecute
      tolerationSeconds: 60
",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let run = |args: &[&str]| parts(&karmadactl(&proxy.kubeconfig, "admin", args));
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), "default", &pp());

    // A server dry run stores nothing.
    let (stdout, stderr, code) = run(&["policy", "apply", "-f", f, "--dry-run=server"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "propagationpolicy.policy.karmada.io/web created (server dry run)\n"
    );
    assert!(api.get_opt("web").await.unwrap().is_none());

    let (stdout, stderr, code) = run(&["policy", "apply", "-f", f]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "propagationpolicy.policy.karmada.io/web created\n");
    let first = api.get("web").await.unwrap();
    let managers: Vec<String> = first
        .metadata
        .managed_fields
        .iter()
        .flatten()
        .filter_map(|m| m.manager.clone())
        .collect();
    assert_eq!(managers, ["karmadactl"]);
    assert_eq!(
        first.data["spec"]["placement"]["clusterTolerations"][0]["tolerationSeconds"],
        60
    );

    // Re-applied: no change, no write.
    let real_patches =
        || proxy.count("PATCH", "/propagationpolicies/web") - proxy.count("PATCH", "dryRun=All");
    let before = real_patches();
    let (stdout, stderr, code) = run(&["policy", "apply", "-f", f]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "propagationpolicy.policy.karmada.io/web unchanged\n"
    );
    assert_eq!(real_patches(), before);
    assert_eq!(
        api.get("web").await.unwrap().metadata.resource_version,
        first.metadata.resource_version
    );

    // Another field manager adds a label and a field of its own.
    let theirs = json!({
        "apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
        "metadata": {"name": "web", "labels": {"owner": "team-a"}},
        "spec": {"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}],
                 "preserveResourcesOnDeletion": true},
    });
    api.patch(
        "web",
        &PatchParams::apply("other").force(),
        &Patch::Apply(&theirs),
    )
    .await
    .unwrap();
    // Our change (a longer toleration) applies; their fields stay.
    std::fs::write(
        &file,
        std::fs::read_to_string(&file)
            .unwrap()
            .replace("tolerationSeconds: 60", "tolerationSeconds: 120"),
    )
    .unwrap();
    let (stdout, stderr, code) = run(&["policy", "apply", "-f", f, "--diff"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("-      tolerationSeconds: 60")
            && stdout.contains("+      tolerationSeconds: 120"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("propagationpolicy.policy.karmada.io/web configured\n"),
        "{stdout}"
    );
    let after = api.get("web").await.unwrap();
    assert_eq!(after.metadata.labels.as_ref().unwrap()["owner"], "team-a");
    assert_eq!(after.metadata.labels.as_ref().unwrap()["app"], "web");
    assert_eq!(after.data["spec"]["preserveResourcesOnDeletion"], true);
    assert_eq!(
        after.data["spec"]["placement"]["clusterTolerations"][0]["tolerationSeconds"],
        120
    );
}
