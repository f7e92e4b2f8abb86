//! `failover doctor --upgrade-to`: what moving the control plane from the release that
//! runs to another changes for this fleet, from the twin's release differences
//! (`karmada::BEHAVIOURS`): the policies the new release refuses or reads differently,
//! the graceful eviction tasks whose meaning changes, the findings that appear or go,
//! and, per cluster, whether its loss would be handled differently (how many bindings
//! move, when, and where they land).

use std::collections::BTreeSet;

use serde::Serialize;
use serde_json::Value;

use super::{diagnose_with_placements, ClusterAnswer, Diagnosis, DoctorInput, Finding, Severity};
use crate::api::policy_schema::structural::newer_fields;
use crate::engine::karmada::admission::{
    self, PolicyKind, WebhookSettings, LEGACY_PURGE_MODES_REMOVED,
};
use crate::engine::karmada::BEHAVIOURS;
use crate::engine::vocabulary::version::{Handling, KarmadaVersion};
use crate::fleet::FleetState;

/// How many placements a changed cluster names before it counts the rest.
const PLACEMENTS_SHOWN: usize = 5;

/// What an upgrade (or a downgrade) changes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpgradeReport {
    pub from: KarmadaVersion,
    pub to: KarmadaVersion,
    /// One sentence: whether anything changes, and the worst of it.
    pub verdict: String,
    /// The release differences between the two (the table of `docs/semantics.md`).
    pub differences: Vec<Difference>,
    /// Policies the new release refuses or reads differently.
    pub policies: Vec<PolicyChange>,
    /// Graceful eviction tasks whose meaning changes.
    pub tasks: Vec<TaskChange>,
    /// Doctor findings under the new release that the old one does not give.
    pub findings_appear: Vec<Finding>,
    /// Doctor findings that go with the upgrade.
    pub findings_go: Vec<Finding>,
    /// Clusters whose loss would be handled differently.
    pub clusters: Vec<ClusterChange>,
}

impl UpgradeReport {
    /// The worst of it: a refused policy or a new error finding is an error; any other
    /// change a warning; nothing, a clean bill.
    pub fn worst(&self) -> Option<Severity> {
        let refused = self
            .policies
            .iter()
            .any(|p| p.change == PolicyChangeKind::Refused);
        let new_error = self
            .findings_appear
            .iter()
            .any(|f| f.severity == Severity::Error);
        if refused || new_error {
            Some(Severity::Error)
        } else if self.policies.is_empty()
            && self.tasks.is_empty()
            && self.findings_appear.is_empty()
            && self.findings_go.is_empty()
            && self.clusters.is_empty()
        {
            None
        } else {
            Some(Severity::Warning)
        }
    }
}

/// One release difference between the two versions.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    pub id: &'static str,
    pub what: &'static str,
    /// Whether it holds before and after the upgrade.
    pub holds_before: bool,
    pub holds_after: bool,
    pub handling: Handling,
}

/// How a policy fares under the new release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PolicyChangeKind {
    /// The new release's API or webhook refuses the spec: the policy stays as stored,
    /// but no update of it is admitted until it is fixed.
    Refused,
    /// The new release does not have some of its fields: they are lost without a word.
    FieldsDropped,
    /// The new release admits a spec the old one refused.
    AdmittedNow,
}

/// One policy the upgrade affects.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyChange {
    /// `propagationpolicy/NS/NAME`, `clusterpropagationpolicy/NAME`, `clustertaintpolicy/NAME`.
    pub policy: String,
    pub change: PolicyChangeKind,
    /// What the new release says or does.
    pub detail: String,
}

/// One graceful eviction task whose meaning changes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskChange {
    /// `rb/NS/NAME` or `crb/NAME`.
    pub binding: String,
    pub cluster: String,
    pub purge_mode: String,
    /// Before and after, in words.
    pub before: String,
    pub after: String,
}

/// A cluster whose loss the two releases handle differently.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterChange {
    pub cluster: String,
    /// What changes, in words (`moving 12 -> 10`, `last eviction +40s -> +18s`).
    pub changes: Vec<String>,
    /// Bindings that land elsewhere: `BINDING: before -> after`, the first few.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<String>,
    /// How many bindings land elsewhere in all.
    pub placements_changed: usize,
}

/// Compare the fleet under the release `input` assumes with `to`.
pub fn compare(input: &DoctorInput, to: KarmadaVersion) -> UpgradeReport {
    let from = input.settings.karmada_version;
    let before = diagnose_with_placements(input);
    let mut settings = input.settings.clone();
    settings.karmada_version = to;
    let webhook = WebhookSettings {
        version: to,
        ..input.webhook
    };
    let after = diagnose_with_placements(&DoctorInput {
        settings: &settings,
        webhook,
        ..*input
    });
    let differences = BEHAVIOURS
        .iter()
        .filter(|b| b.holds_in(from) != b.holds_in(to))
        .map(|b| Difference {
            id: b.id,
            what: b.what,
            holds_before: b.holds_in(from),
            holds_after: b.holds_in(to),
            handling: b.handling,
        })
        .collect();
    let (findings_appear, findings_go) = finding_changes(&before, &after);
    let mut report = UpgradeReport {
        from,
        to,
        verdict: String::new(),
        differences,
        policies: policy_changes(input.state, input.webhook, from, to),
        tasks: task_changes(input.state, from, to),
        findings_appear,
        findings_go,
        clusters: cluster_changes(&before.clusters, &after.clusters),
    };
    report.verdict = verdict(&report);
    report
}

fn verdict(r: &UpgradeReport) -> String {
    let refused = r
        .policies
        .iter()
        .filter(|p| p.change == PolicyChangeKind::Refused)
        .count();
    let mut parts = Vec::new();
    if refused > 0 {
        parts.push(format!("{refused} polic(ies) refused"));
    }
    let other = r.policies.len() - refused;
    if other > 0 {
        parts.push(format!("{other} polic(ies) read differently"));
    }
    if !r.tasks.is_empty() {
        parts.push(format!("{} eviction task(s) change meaning", r.tasks.len()));
    }
    if !r.findings_appear.is_empty() || !r.findings_go.is_empty() {
        parts.push(format!(
            "{} finding(s) appear, {} go",
            r.findings_appear.len(),
            r.findings_go.len()
        ));
    }
    if !r.clusters.is_empty() {
        parts.push(format!(
            "{} cluster(s) whose loss is handled differently",
            r.clusters.len()
        ));
    }
    if parts.is_empty() {
        format!("{} -> {}: nothing changes for this fleet", r.from, r.to)
    } else {
        format!("{} -> {}: {}", r.from, r.to, parts.join(", "))
    }
}

/// Every policy of the fleet, as the API and webhook of each release take it.
fn policy_changes(
    state: &FleetState,
    webhook: WebhookSettings,
    from: KarmadaVersion,
    to: KarmadaVersion,
) -> Vec<PolicyChange> {
    let mut out = Vec::new();
    for (kind, who, namespace, spec) in policies(state) {
        let at = |version| {
            admission::server(
                kind,
                &namespace,
                &spec,
                WebhookSettings { version, ..webhook },
            )
        };
        let (old, new) = (at(from), at(to));
        let problems = |a: &admission::ServerAnswer| -> String {
            let mut said: Vec<String> = a
                .schema
                .iter()
                .map(|e| format!("{}: {}", e.field, e.detail))
                .collect();
            if let Some(v) = &a.verdict {
                let m = v.message();
                if !m.is_empty() {
                    said.push(m);
                }
            }
            said.join("; ")
        };
        match (old.allowed(), new.allowed()) {
            (true, false) => out.push(PolicyChange {
                policy: who.clone(),
                change: PolicyChangeKind::Refused,
                detail: format!(
                    "{to} refuses it: {} (it stays as stored; no update of it is admitted until it is fixed)",
                    problems(&new)
                ),
            }),
            (false, true) => out.push(PolicyChange {
                policy: who.clone(),
                change: PolicyChangeKind::AdmittedNow,
                detail: format!("{from} refuses it ({}); {to} admits it", problems(&old)),
            }),
            _ => {}
        }
        let dropped_after = newer_fields(kind.schema(), &spec, "spec", to.api_release());
        let dropped_before: BTreeSet<String> =
            newer_fields(kind.schema(), &spec, "spec", from.api_release())
                .into_iter()
                .collect();
        let lost: Vec<String> = dropped_after
            .into_iter()
            .filter(|f| !dropped_before.contains(f))
            .collect();
        if !lost.is_empty() {
            out.push(PolicyChange {
                policy: who,
                change: PolicyChangeKind::FieldsDropped,
                detail: format!(
                    "{to} does not have {}: the field(s) are lost without a word",
                    lost.join(", ")
                ),
            });
        }
    }
    out
}

/// `(kind, name for people, namespace, spec)` of every policy in the fleet.
fn policies(state: &FleetState) -> Vec<(PolicyKind, String, String, Value)> {
    let mut out = Vec::new();
    for p in &state.propagation_policies {
        let ns = p.metadata.namespace.clone().unwrap_or_default();
        let name = p.metadata.name.clone().unwrap_or_default();
        out.push((
            PolicyKind::PropagationPolicy,
            format!("propagationpolicy/{ns}/{name}"),
            ns,
            serde_json::to_value(&p.spec).unwrap_or_default(),
        ));
    }
    for p in &state.cluster_propagation_policies {
        let name = p.metadata.name.clone().unwrap_or_default();
        out.push((
            PolicyKind::ClusterPropagationPolicy,
            format!("clusterpropagationpolicy/{name}"),
            String::new(),
            serde_json::to_value(&p.spec).unwrap_or_default(),
        ));
    }
    for p in &state.taint_policies {
        let name = p.metadata.name.clone().unwrap_or_default();
        out.push((
            PolicyKind::ClusterTaintPolicy,
            format!("clustertaintpolicy/{name}"),
            String::new(),
            serde_json::to_value(&p.spec).unwrap_or_default(),
        ));
    }
    out
}

/// Tasks marked with the purge modes v1.19.0-rc.0 removed.
fn task_changes(state: &FleetState, from: KarmadaVersion, to: KarmadaVersion) -> Vec<TaskChange> {
    let removed = |v| LEGACY_PURGE_MODES_REMOVED.holds_in(v);
    if removed(from) == removed(to) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for b in &state.bindings {
        for t in &b.spec.graceful_eviction_tasks {
            let Some(mode) = t.purge_mode.as_deref() else {
                continue;
            };
            let (legacy, modern) = match mode {
                "Immediately" => (
                    "read as Directly: the old copy goes at once, and a preserved state (if any) is injected",
                    "no longer Directly: the old copy stays until the new placement is healthy or the task times out, and no state is injected",
                ),
                "Graciously" => (
                    "read as Gracefully",
                    "no longer a value the CRD lists: the binding keeps it, and the API server may refuse a write of the binding that carries it",
                ),
                _ => continue,
            };
            let (before, after) = if removed(to) {
                (legacy, modern)
            } else {
                (modern, legacy)
            };
            out.push(TaskChange {
                binding: b.display_name(),
                cluster: t.from_cluster.clone(),
                purge_mode: mode.to_string(),
                before: before.into(),
                after: after.into(),
            });
        }
    }
    out
}

/// Findings by code: those only after, and those only before.
fn finding_changes(before: &Diagnosis, after: &Diagnosis) -> (Vec<Finding>, Vec<Finding>) {
    let codes = |d: &Diagnosis| -> BTreeSet<_> { d.findings.iter().map(|f| f.code).collect() };
    let (b, a) = (codes(before), codes(after));
    let appear = after
        .findings
        .iter()
        .filter(|f| !b.contains(&f.code))
        .cloned()
        .collect();
    let go = before
        .findings
        .iter()
        .filter(|f| !a.contains(&f.code))
        .cloned()
        .collect();
    (appear, go)
}

fn seconds(s: Option<i64>) -> String {
    s.map(|s| format!("+{s}s")).unwrap_or_else(|| "none".into())
}

/// Per cluster: what its loss moves, when, and where it lands, before and after.
fn cluster_changes(before: &[ClusterAnswer], after: &[ClusterAnswer]) -> Vec<ClusterChange> {
    let mut out = Vec::new();
    for old in before {
        let Some(new) = after.iter().find(|c| c.cluster == old.cluster) else {
            continue;
        };
        let mut changes = Vec::new();
        for (what, a, b) in [
            ("moving", old.moving, new.moving),
            ("staying", old.staying, new.staying),
            ("blocked", old.blocked, new.blocked),
        ] {
            if a != b {
                changes.push(format!("{what} {a} -> {b}"));
            }
        }
        for (what, a, b) in [
            (
                "first eviction",
                old.first_after_seconds,
                new.first_after_seconds,
            ),
            (
                "last eviction",
                old.last_after_seconds,
                new.last_after_seconds,
            ),
        ] {
            if a != b {
                changes.push(format!("{what} {} -> {}", seconds(a), seconds(b)));
            }
        }
        if old.nothing_moves != new.nothing_moves {
            if let Some(why) = &new.nothing_moves {
                changes.push(format!("nothing moves: {why}"));
            }
        }
        let moved: Vec<String> = old
            .placements
            .iter()
            .filter_map(|(binding, was)| {
                let now = new.placements.get(binding)?;
                (now != was).then(|| format!("{binding}: {was} -> {now}"))
            })
            .collect();
        if changes.is_empty() && moved.is_empty() {
            continue;
        }
        out.push(ClusterChange {
            cluster: old.cluster.clone(),
            changes,
            placements_changed: moved.len(),
            placements: moved.into_iter().take(PLACEMENTS_SHOWN).collect(),
        });
    }
    out
}
