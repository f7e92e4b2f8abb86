//! Access: secrets and trust against the real kube-apiserver. (Named to sort first: the
//! test harness starts tests in name order, and two of these run one at a time for over a
//! minute each, which at the end of the run would be its tail.)
//!
//! - every command, at the highest verbosity, with each kind of credential (a bearer
//!   token, a client certificate and key, an exec plugin's output, a password), prints
//!   none of it, and `snapshot` files hold none of it;
//! - TLS is verified unless the kubeconfig says `insecure-skip-tls-verify`, which is
//!   warned about; exec credential plugins work;
//! - a 403 names the user, the verb and the resource, for every write command;
//! - the ClusterRoles of `docs/rbac/` are exactly enough: bound to fresh users, the
//!   read-only one runs every read command and no write, the operator one runs all.

use crate::support;

use std::path::{Path, PathBuf};

use base64::Engine as _;
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding, Role, RoleBinding};
use kube::api::{Api, PostParams};
use serde_json::json;

use support::fixtures::*;
use support::fleets::create_drain_fleet;

fn run(kubeconfig: &Path, args: &[&str]) -> (String, String, i32) {
    let out = std::process::Command::new(binary())
        .env_remove("KUBECONFIG")
        .env("NO_COLOR", "1")
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    parts(&out)
}

fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// A policy file for `policy apply`, in namespace `p`.
fn policy_file(dir: &Path, p: &str) -> PathBuf {
    let path = dir.join(format!("{p}-policy.yaml"));
    std::fs::write(
        &path,
        format!(
            "apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {{name: {p}-web, namespace: {p}}}
spec:
  resourceSelectors:
  - {{apiVersion: apps/v1, kind: Deployment, name: web}}
  placement:
    clusterAffinity: {{clusterNames: [{p}-m1, {p}-m2]}}
"
        ),
    )
    .unwrap();
    path
}

/// Every command of the tool on fleet `p`: read-only first, then the writes.
fn every_command(p: &str, dir: &Path) -> Vec<Vec<String>> {
    let (m1, m2, m3) = (format!("{p}-m1"), format!("{p}-m2"), format!("{p}-m3"));
    let snapshot = dir.join(format!("{p}-snapshot.yaml"));
    let policy = policy_file(dir, p);
    let b = format!("rb/{p}/{p}-app-00");
    [
        vec!["dry-run", "--cluster", &m1],
        vec!["failover", "capacity", "--lose", &m1],
        vec!["policy", "explain", "-n", p, &b],
        vec!["evictions", "list", "-A"],
        vec!["history", "--cluster", &m1],
        vec!["failover", "report", "--cluster", &m1],
        vec!["snapshot", "-o", snapshot.to_str().unwrap()],
        vec!["policy", "evaluate-taints", "--dry-run"],
        vec![
            "policy",
            "apply",
            "-f",
            policy.to_str().unwrap(),
            "--dry-run=server",
        ],
        vec!["taint", "clusters", &m2, "sec=1:NoSchedule"],
        vec!["cordon", &m3],
        vec!["uncordon", &m3],
        vec!["drain", &m1, "--yes"],
        vec![
            "evictions",
            "extend",
            "--all",
            "--cluster",
            &m1,
            "--grace-period",
            "30m",
            "--yes",
        ],
        vec!["evictions", "confirm", "--all", "--cluster", &m1, "--yes"],
        vec!["evictions", "prune", "--recovered", "--all", "--yes"],
        vec!["uncordon", &m1],
        vec![
            "failback",
            &m1,
            "--stable-for",
            "0s",
            "--progress-deadline",
            "1s",
            "--max-concurrent",
            "20",
            "--yes",
        ],
        vec![
            "evictions",
            "abort",
            "--cluster",
            &m1,
            "--all",
            "--force",
            "--yes",
        ],
        vec!["policy", "apply", "-f", policy.to_str().unwrap(), "--yes"],
        vec!["policy", "evaluate-taints", "--yes"],
    ]
    .into_iter()
    .map(|a| a.into_iter().map(str::to_string).collect())
    .collect()
}

/// The number of read-only commands at the head of [`every_command`].
const READ_ONLY: usize = 8;

/// Tests that run `policy evaluate-taints --yes` (which acts on every policy of the
/// server) run one at a time.
static EVALUATES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Work for every write command on fleet `p`: failover tasks from `{p}-m1` to abort (a
/// drain with `drain_args`), and a ClusterTaintPolicy that would taint `{p}-m3`.
async fn work_for_every_write(client: &kube::Client, p: &str, drain_args: &[&str]) {
    let env = support::env();
    let m1 = format!("{p}-m1");
    let mut args = vec!["drain", &m1, "--yes"];
    args.extend(drain_args);
    let (_, stderr, code) = run(&env.kubeconfig, &args);
    assert_eq!(code, 3, "{stderr}");
    create_items(
        client,
        &[json!({
            "apiVersion": "policy.karmada.io/v1alpha1", "kind": "ClusterTaintPolicy",
            "metadata": {"name": format!("{p}-ready")},
            "spec": {
                "targetClusters": {"clusterNames": [format!("{p}-m3")]},
                "addOnConditions": [{"conditionType": "Ready", "operator": "In", "statusValues": ["True"]}],
                "taints": [{"key": format!("{p}-ready"), "effect": "NoSchedule"}]
            }
        })],
    )
    .await;
}

/// Every command at `-v 9`, with each kind of credential; none of them shows up.
#[tokio::test(flavor = "multi_thread")]
async fn credentials_never_appear_at_the_highest_verbosity() {
    let _serial = EVALUATES.lock().await;
    let env = support::env();
    let client = env.admin().await;
    let p = "sec";
    create_drain_fleet(&client, p).await;
    let dir = tempfile::tempdir().unwrap();

    // An exec plugin that prints an ExecCredential with its own token.
    let plugin = dir.path().join("credential-plugin");
    std::fs::write(
        &plugin,
        format!(
            "#!/bin/sh\necho '{{\"apiVersion\": \"client.authentication.k8s.io/v1\", \"kind\": \"ExecCredential\", \"status\": {{\"token\": \"{}\"}}}}'\n",
            env.admin_token
        ),
    )
    .unwrap();
    std::fs::set_permissions(&plugin, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let password = "pa55-karmadactl-test-word";
    let credentials = [
        (
            "token",
            format!("{{token: {}}}", env.admin_token),
            vec![env.admin_token.clone()],
        ),
        (
            "client certificate",
            format!(
                "{{client-certificate-data: {}, client-key-data: {}}}",
                b64(&env.client_cert_pem),
                b64(&env.client_key_pem)
            ),
            // The key as PEM, each of its lines, and as the kubeconfig holds it.
            env.client_key_pem
                .lines()
                .filter(|l| !l.starts_with("-----"))
                .map(str::to_string)
                .chain([b64(&env.client_key_pem)])
                .collect(),
        ),
        (
            "exec plugin",
            format!(
                "{{exec: {{apiVersion: client.authentication.k8s.io/v1, command: {}, interactiveMode: Never}}}}",
                plugin.display()
            ),
            vec![env.admin_token.clone()],
        ),
        (
            "password",
            format!("{{username: admin, password: {password}}}"),
            vec![password.to_string(), b64(&format!("admin:{password}"))],
        ),
    ];
    for (kind, user, secrets) in &credentials {
        let kubeconfig = env.kubeconfig_with_user(dir.path(), user);
        // And `failover watch`, which runs until it settles: two seconds of it; and
        // `maintenance status`, which reads the run's ConfigMap.
        let watch: Vec<String> = ["failover", "watch", &format!("{p}-m1"), "--timeout", "2s"]
            .map(String::from)
            .to_vec();
        let status: Vec<String> = ["maintenance", "status"].map(String::from).to_vec();
        for args in every_command(p, dir.path())
            .into_iter()
            .chain([watch, status])
        {
            let mut full = vec!["-v", "9"];
            full.extend(args.iter().map(String::as_str));
            let (stdout, stderr, code) = run(&kubeconfig, &full);
            if *kind == "password" {
                // The server takes no passwords: refused, and the password not echoed.
                assert_eq!(code, 1, "{kind} {args:?}: {stderr}");
            } else {
                assert!(code == 0 || code == 3, "{kind} {args:?}: {code}\n{stderr}");
            }
            assert!(!stderr.is_empty(), "-v 9 logs something");
            for secret in secrets {
                assert!(
                    !stdout.contains(secret.as_str()) && !stderr.contains(secret.as_str()),
                    "{kind}: a secret leaked from {args:?}"
                );
            }
        }
        let snapshot = dir.path().join(format!("{p}-snapshot.yaml"));
        if let Ok(text) = std::fs::read_to_string(&snapshot) {
            for secret in secrets {
                assert!(!text.contains(secret.as_str()), "{kind}: in the snapshot");
            }
            assert!(!text.contains(&env.admin_token) && !text.contains(&env.viewer_token));
            std::fs::remove_file(&snapshot).unwrap();
        } else {
            assert_eq!(*kind, "password", "{kind}: the snapshot was written");
        }
    }
}

/// TLS is verified: a kubeconfig without the CA fails (exit 1, one line); with
/// `insecure-skip-tls-verify` it works and says that verification is off.
#[tokio::test(flavor = "multi_thread")]
async fn tls_is_verified_unless_the_kubeconfig_says_otherwise() {
    let env = support::env();
    create_cluster(&env.admin().await, "tls-1", json!({}), json!({})).await;
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, cluster: &str| {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {cluster}\n\
                 users:\n- name: u\n  user: {{token: {}}}\ncontexts:\n- name: x\n  context: {{cluster: c, user: u}}\ncurrent-context: x\n",
                env.admin_token
            ),
        )
        .unwrap();
        path
    };
    let no_ca = write("no-ca", &format!("{{server: {}}}", env.server));
    let (stdout, stderr, code) = run(&no_ca, &["cordon", "tls-1", "--dry-run=server"]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.to_lowercase().contains("certificate"), "{stderr}");

    let insecure = write(
        "insecure",
        &format!("{{server: {}, insecure-skip-tls-verify: true}}", env.server),
    );
    let (stdout, stderr, code) = run(&insecure, &["cordon", "tls-1", "--dry-run=server"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "cluster.cluster.karmada.io/tls-1 cordoned (server dry run)\n"
    );
    assert!(
        stderr.starts_with("warning: TLS verification is off for https://127.0.0.1:"),
        "{stderr}"
    );

    // The verified kubeconfig prints no such warning.
    let (_, stderr, code) = run(&env.kubeconfig, &["cordon", "tls-1", "--dry-run=server"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("TLS verification"), "{stderr}");
}

/// The read-only test user runs every write command: each is refused with one line
/// naming the user, the verb and the resource, and nothing changes.
#[tokio::test(flavor = "multi_thread")]
async fn forbidden_writes_name_user_verb_and_resource() {
    let _serial = EVALUATES.lock().await;
    let env = support::env();
    let client = env.admin().await;
    let p = "frb";
    create_drain_fleet(&client, p).await;
    let dir = tempfile::tempdir().unwrap();
    let viewer = env.kubeconfig_with_user(dir.path(), &format!("{{token: {}}}", env.viewer_token));
    work_for_every_write(&client, p, &["--no-cordon"]).await;
    let before = support::fleets::bindings(&client, p).await;
    let cluster_before = cluster_json(&client, &format!("{p}-m2")).await;
    let policy = policy_file(dir.path(), p);
    let (m1, m2, m3) = (format!("{p}-m1"), format!("{p}-m2"), format!("{p}-m3"));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["taint", "clusters", &m2, "k:NoSchedule"],
            "patch resource \"clusters\"",
        ),
        (vec!["cordon", &m2], "patch resource \"clusters\""),
        (vec!["drain", &m2, "--yes"], "patch resource \"clusters\""),
        (
            vec!["drain", &m3, "--yes", "--no-cordon", "--force"],
            "patch resource \"resourcebindings\"",
        ),
        (
            vec![
                "evictions",
                "abort",
                "--cluster",
                &m1,
                "--all",
                "--force",
                "--yes",
            ],
            "patch resource \"",
        ),
        (
            vec!["policy", "apply", "-f", policy.to_str().unwrap(), "--yes"],
            "resource \"propagationpolicies\"",
        ),
        (
            vec!["policy", "evaluate-taints", "--yes"],
            "patch resource \"clusters\"",
        ),
    ];
    for (args, names) in cases {
        let (stdout, stderr, code) = run(&viewer, &args);
        assert!(
            code == 1 || code == 3,
            "{args:?}: {code}\n{stdout}\n{stderr}"
        );
        assert!(
            stderr.contains("User \"viewer\" cannot") && stderr.contains(names),
            "{args:?}: the line names user, verb and resource:\n{stdout}\n{stderr}"
        );
        let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert!(!errors.is_empty(), "{stderr}");
    }
    assert_eq!(support::fleets::bindings(&client, p).await, before);
    let mut after = cluster_json(&client, &m2).await;
    let mut want = cluster_before;
    for v in [&mut after, &mut want] {
        v["metadata"]
            .as_object_mut()
            .unwrap()
            .remove("managedFields");
    }
    assert_eq!(after, want);
}

async fn bind(client: &kube::Client, role_file: &str, user: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/rbac")
        .join(role_file);
    let text = std::fs::read_to_string(&path).unwrap();
    let role: ClusterRole = serde_saphyr::from_str(&text).expect("one ClusterRole");
    let name = role.metadata.name.clone().unwrap();
    Api::<ClusterRole>::all(client.clone())
        .create(&PostParams::default(), &role)
        .await
        .unwrap();
    let binding: ClusterRoleBinding = serde_json::from_value(json!({
        "metadata": {"name": format!("{name}-{user}")},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}]
    }))
    .unwrap();
    Api::<ClusterRoleBinding>::all(client.clone())
        .create(&PostParams::default(), &binding)
        .await
        .unwrap();
}

/// Bind the Role of `docs/rbac/ROLE_FILE` (in its namespace) to `user`.
async fn bind_role(client: &kube::Client, role_file: &str, user: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/rbac")
        .join(role_file);
    let text = std::fs::read_to_string(&path).unwrap();
    let role: Role = serde_saphyr::from_str(&text).expect("one Role");
    let name = role.metadata.name.clone().unwrap();
    let ns = role.metadata.namespace.clone().unwrap();
    Api::<Role>::namespaced(client.clone(), &ns)
        .create(&PostParams::default(), &role)
        .await
        .unwrap();
    let binding: RoleBinding = serde_json::from_value(json!({
        "metadata": {"name": format!("{name}-{user}"), "namespace": ns},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": name},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}]
    }))
    .unwrap();
    Api::<RoleBinding>::namespaced(client.clone(), &ns)
        .create(&PostParams::default(), &binding)
        .await
        .unwrap();
}

/// The ClusterRoles of `docs/rbac/`, bound to two fresh users: the read-only one runs
/// every read-only command and is refused every write; the operator one runs them all.
#[tokio::test(flavor = "multi_thread")]
async fn the_documented_cluster_roles_are_exactly_enough() {
    let _serial = EVALUATES.lock().await;
    let env = support::env();
    let client = env.admin().await;
    let p = "rbc";
    create_drain_fleet(&client, p).await;
    bind(&client, "karmadactl-readonly.yaml", "ops-reader").await;
    bind(&client, "karmadactl-failover-operator.yaml", "ops-operator").await;
    bind_role(&client, "karmadactl-maintenance-reader.yaml", "ops-reader").await;
    bind_role(
        &client,
        "karmadactl-maintenance-operator.yaml",
        "ops-operator",
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let reader = env.kubeconfig_with_user(dir.path(), &format!("{{token: {}}}", env.reader_token));
    let operator =
        env.kubeconfig_with_user(dir.path(), &format!("{{token: {}}}", env.operator_token));
    // RBAC is cached by the authorizer: wait until both users can list clusters.
    for kc in [&reader, &operator] {
        let started = std::time::Instant::now();
        while run(kc, &["evictions", "list", "-A"]).2 != 0 {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(30),
                "RBAC not effective"
            );
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }

    work_for_every_write(&client, p, &[]).await;
    let commands = every_command(p, dir.path());
    for args in &commands[..READ_ONLY] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, stderr, code) = run(&reader, &args);
        assert_eq!(code, 0, "read-only role, {args:?}: {stderr}");
    }
    let (m1, m2, m3) = (format!("{p}-m1"), format!("{p}-m2"), format!("{p}-m3"));
    // `failover watch` lists and watches with the read-only role (exit 3: two seconds do
    // not settle anything, or 0 when nothing is failing; never 1, a refused watch).
    let (_, stderr, code) = run(&reader, &["failover", "watch", &m1, "--timeout", "2s"]);
    assert!(
        code == 0 || code == 3,
        "read-only role, failover watch: {code} {stderr}"
    );
    let policy = policy_file(dir.path(), p);
    let writes: Vec<Vec<&str>> = vec![
        vec!["taint", "clusters", &m2, "k:NoSchedule"],
        vec!["cordon", &m3],
        vec!["drain", &m2, "--yes"],
        vec![
            "evictions",
            "extend",
            "--all",
            "--cluster",
            &m1,
            "--grace-period",
            "30m",
            "--yes",
        ],
        vec![
            "evictions",
            "abort",
            "--cluster",
            &m1,
            "--all",
            "--force",
            "--yes",
        ],
        vec!["policy", "apply", "-f", policy.to_str().unwrap(), "--yes"],
        vec!["policy", "evaluate-taints", "--yes"],
        vec!["maintenance", "run", &m3, "--hook", "true", "--yes"],
    ];
    for args in &writes {
        let (stdout, stderr, code) = run(&reader, args);
        assert!(
            (code == 1 || code == 3) && stderr.contains("User \"ops-reader\" cannot"),
            "read-only role refused {args:?}: {code}\n{stdout}\n{stderr}"
        );
    }
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, stderr, code) = run(&operator, &args);
        // 3 where the fleet has a binding that cannot move, or (failback) no member cluster
        // reports the returned copies healthy, by design.
        assert!(
            code == 0 || (code == 3 && ["drain", "failback"].contains(&args[0])),
            "operator role, {args:?}: {code} {stderr}"
        );
        assert!(
            !stderr.contains("forbidden"),
            "operator role, {args:?}: {stderr}"
        );
    }

    // The maintenance run's ConfigMap: the read-only role reads it, the operator's
    // writes it (create, then replace at each step). The hook fails, so the run stops
    // with member3 failed (exit 3), and the abort ends it (exit 0).
    let (_, stderr, code) = run(&reader, &["maintenance", "status"]);
    assert_eq!(code, 0, "read-only role, maintenance status: {stderr}");
    let (stdout, stderr, code) = run(
        &operator,
        &[
            "maintenance",
            "run",
            &m3,
            "--hook",
            "exit 4",
            "--timeout",
            "2s",
            "--stable-for",
            "0s",
            "--soak",
            "0s",
            "--yes",
        ],
    );
    assert_eq!(
        code, 3,
        "operator role, maintenance run: {stdout}\n{stderr}"
    );
    assert!(!stderr.contains("forbidden"), "{stderr}");
    for args in [
        vec!["maintenance", "status", "-o", "json"],
        vec!["maintenance", "abort"],
    ] {
        let (stdout, stderr, code) = run(&operator, &args);
        assert_eq!(code, 0, "operator role, {args:?}: {stdout}\n{stderr}");
    }
    let (stdout, stderr, code) = run(&reader, &["maintenance", "status", "-o", "json"]);
    assert_eq!(code, 0, "read-only role, maintenance status: {stderr}");
    assert!(stdout.contains("\"phase\": \"aborted\""), "{stdout}");
    let (_, stderr, code) = run(&reader, &["maintenance", "abort"]);
    assert_eq!(code, 2, "nothing to abort: {stderr}");
    let (_, stderr, code) = run(&operator, &["uncordon", &m3]);
    assert_eq!(code, 0, "{stderr}");
}
