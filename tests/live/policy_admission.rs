//! `policy apply`'s offline verdict held against a real control plane: kube-apiserver
//! with upstream's CRDs and karmada-webhook with upstream's configurations. For every
//! document of `tests/policy_corpus/` and every spec of the shared `policy_validation`
//! vectors, a dry-run create is sent as is; the server's answer (allowed or not; the
//! fields a schema rejection names; the webhook's message; the spec it would store) must
//! be the one the tool computes without asking (`engine::karmada::admission::server`).

use crate::support;

use std::collections::BTreeSet;
use std::path::Path;

use karmadactl::engine::karmada::admission::{self, PolicyKind, Verdict, WebhookSettings};
use kube::api::{Api, DynamicObject, PostParams};
use serde_json::{json, Value};
use support::fixtures::resource_for;

/// One policy to ask about.
struct Case {
    id: String,
    kind: PolicyKind,
    namespace: String,
    spec: Value,
}

fn corpus() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/policy_corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, doc) in serde_saphyr::from_multiple::<Value>(&text)
            .unwrap()
            .into_iter()
            .enumerate()
        {
            let Some(kind) = doc["kind"].as_str().and_then(PolicyKind::parse) else {
                continue;
            };
            out.push(Case {
                id: format!("{}#{i}", file.file_name().unwrap().to_string_lossy()),
                kind,
                namespace: doc["metadata"]["namespace"]
                    .as_str()
                    .unwrap_or("default")
                    .to_string(),
                spec: doc["spec"].clone(),
            });
        }
    }
    out
}

fn vectors() -> Vec<Case> {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/policy_validation.jsonl");
    let Ok(text) = std::fs::read_to_string(&file) else {
        assert!(
            std::env::var_os("CI").is_none_or(|v| v.is_empty()),
            "CI is set but {} is missing",
            file.display()
        );
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let kind = PolicyKind::parse(v["input"]["kind"].as_str()?)?;
            // A spec that is not an object cannot be sent as one.
            v["input"]["spec"].is_object().then(|| Case {
                id: v["id"].as_str().unwrap().to_string(),
                kind,
                namespace: v["input"]["namespace"]
                    .as_str()
                    .filter(|s| !s.is_empty())
                    .unwrap_or("default")
                    .to_string(),
                spec: v["input"]["spec"].clone(),
            })
        })
        .collect()
}

/// What the real control plane answered.
enum Answer {
    Allowed(Value),
    Rejected {
        code: u16,
        message: String,
        fields: BTreeSet<String>,
    },
}

async fn ask(client: &kube::Client, case: &Case) -> Answer {
    let ar = resource_for(case.kind.as_str()).unwrap();
    let api: Api<DynamicObject> = if case.kind.namespaced() {
        Api::namespaced_with(client.clone(), &case.namespace, &ar)
    } else {
        Api::all_with(client.clone(), &ar)
    };
    let mut metadata = json!({"name": "admission-probe"});
    if case.kind.namespaced() {
        metadata["namespace"] = json!(case.namespace);
    }
    let obj: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "policy.karmada.io/v1alpha1",
        "kind": case.kind.as_str(),
        "metadata": metadata,
        "spec": case.spec,
    }))
    .unwrap();
    let pp = PostParams {
        dry_run: true,
        ..Default::default()
    };
    match api.create(&pp, &obj).await {
        Ok(o) => Answer::Allowed(o.data["spec"].clone()),
        Err(kube::Error::Api(status)) => Answer::Rejected {
            code: status.code,
            message: status.message,
            fields: status
                .details
                .map(|d| {
                    d.causes
                        .into_iter()
                        .map(|c| c.field)
                        .filter(|f| !f.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
        },
        Err(e) => panic!("{}: {e}", case.id),
    }
}

/// The field paths of the schema errors, as a 1.20 apiserver names them (no indices).
fn schema_fields(answer: &admission::ServerAnswer) -> BTreeSet<String> {
    answer
        .schema
        .iter()
        .map(|e| e.path_without_indices())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_offline_verdict_is_the_real_control_planes() {
    let env = support::karmada::upstream_env();
    assert!(env.real_karmada || std::env::var_os("CI").is_none_or(|v| v.is_empty()));
    if !env.real_karmada {
        eprintln!("note: no karmada-webhook here: nothing to compare");
        return;
    }
    let client = env.admin().await;
    let namespaces: Api<k8s_openapi::api::core::v1::Namespace> = Api::all(client.clone());
    let cases: Vec<Case> = corpus().into_iter().chain(vectors()).collect();
    for ns in cases
        .iter()
        .map(|c| c.namespace.clone())
        .collect::<BTreeSet<_>>()
    {
        let _ = namespaces
            .create(
                &PostParams::default(),
                &serde_json::from_value(json!({"metadata": {"name": ns}})).unwrap(),
            )
            .await;
    }
    // The harness's webhook runs with --allow-no-execute-taint-policy=true.
    let settings = WebhookSettings {
        allow_no_execute_taint_policy: true,
        // The webhook binary of ../shared is master's.
        version: karmadactl::engine::vocabulary::version::KarmadaVersion::MASTER,
    };
    let mut differences = Vec::new();
    // Differences explained (both reject; the messages differ), listed on every run.
    let mut explained = Vec::new();
    let (mut allowed, mut rejected) = (0, 0);
    for case in &cases {
        let ours = admission::server(case.kind, &case.namespace, &case.spec, settings);
        let theirs = ask(&client, case).await;
        let id = &case.id;
        match (&theirs, ours.allowed()) {
            (Answer::Allowed(stored), true) => {
                allowed += 1;
                if stored != &ours.admitted {
                    differences.push(format!(
                        "{id}: stored spec {stored}, ours {}",
                        ours.admitted
                    ));
                }
            }
            (
                Answer::Rejected {
                    message,
                    fields,
                    code,
                },
                false,
            ) => {
                rejected += 1;
                let decode = message.contains("json: cannot unmarshal");
                if decode && !ours.schema.is_empty() {
                    // A value of the wrong JSON type: the mutating webhook fails to
                    // decode it before the schema is checked; the tool names the field
                    // with the schema's type rule. Both reject; the field must agree.
                    let field = schema_fields(&ours);
                    if field.iter().any(|f| message.contains(&f["spec.".len()..])) {
                        explained.push(format!(
                            "{id}: both reject; the real plane with Go's decode error ({message}), the tool with the schema's type rule at {field:?}"
                        ));
                    } else {
                        differences.push(format!("{id}: {message}; ours at {field:?}"));
                    }
                } else if !ours.schema.is_empty() {
                    // The schema rejects: 422, naming the same fields.
                    if *code != 422 || *fields != schema_fields(&ours) {
                        differences.push(format!(
                            "{id}: the server rejects {fields:?} ({code}: {message}), ours the schema at {:?}",
                            schema_fields(&ours)
                        ));
                    }
                } else {
                    let want = match &ours.verdict {
                        Some(v @ (Verdict::Denied(_) | Verdict::Panicked)) => v.message(),
                        _ => String::new(),
                    };
                    if !message.ends_with(&want) || !message.contains("denied the request") {
                        differences
                            .push(format!("{id}: the webhook says {message:?}; ours {want:?}"));
                    }
                }
            }
            (Answer::Allowed(_), false) => differences.push(format!(
                "{id}: the server allows it; ours rejects: schema {:?}, webhook {:?}",
                schema_fields(&ours),
                ours.verdict.as_ref().map(Verdict::message)
            )),
            (Answer::Rejected { message, .. }, true) => differences.push(format!(
                "{id}: the server rejects it ({message}); ours allows it"
            )),
        }
    }
    eprintln!(
        "policy admission: {} documents asked ({allowed} allowed, {rejected} rejected), {} differ, {} explained:",
        cases.len(),
        differences.len(),
        explained.len()
    );
    for e in &explained {
        eprintln!("  {e}");
    }
    assert!(cases.len() > 40, "only {} documents", cases.len());
    assert!(allowed > 0 && rejected > 0);
    assert!(
        differences.is_empty(),
        "{} differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert_eq!(explained.len(), 1, "the known difference is exercised once");
}
