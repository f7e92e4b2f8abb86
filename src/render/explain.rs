//! The `policy explain` reports: a binding's clusters, decisions, queue and predicted
//! placement; what a ClusterTaintPolicy does to each cluster.

use colored::Colorize;
use serde::Serialize;

use super::time::{clock, instant, offset};
use super::OUTPUT_API_VERSION;
use crate::api::taint::describe_taints;
use crate::engine::predict::explain::{
    BindingExplanation, ConditionMatch, Sentence, TaintPolicyExplanation,
};
use crate::engine::vocabulary::settings::Setting;

/// The structured binding explanation (`-o json|yaml`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingDocument<'a> {
    pub api_version: &'static str,
    pub kind: &'static str,
    #[serde(flatten)]
    pub body: &'a BindingExplanation,
    /// The verdict as one sentence.
    pub verdict: String,
}

impl<'a> BindingDocument<'a> {
    /// The document of `body`.
    pub fn new(body: &'a BindingExplanation) -> Self {
        BindingDocument {
            api_version: OUTPUT_API_VERSION,
            kind: "BindingExplanation",
            body,
            verdict: sentence(&body.verdict),
        }
    }
}

/// The verdict as one sentence.
pub fn sentence(s: &Sentence) -> String {
    match s {
        Sentence::Stays(stuck) if stuck.is_empty() => {
            "stays where it is: none of its clusters carries an evicting taint".into()
        }
        Sentence::Stays(stuck) => {
            let parts: Vec<String> = stuck
                .iter()
                .map(|(v, c, r)| format!("{} on {c} ({})", v.as_str(), r.code))
                .collect();
            format!("stays where it is: {}", parts.join("; "))
        }
        Sentence::Migrates { moves, to, now } => {
            let moves: Vec<String> = moves
                .iter()
                .map(|(cluster, at, why)| {
                    let at = at.map(|t| clock(t, *now)).unwrap_or_default();
                    format!("from {cluster} at {at} ({why})")
                })
                .collect();
            let to = match to {
                Ok(p) => {
                    let list: Vec<String> = p
                        .iter()
                        .map(|t| format!("{}={}", t.name, t.replicas))
                        .collect();
                    format!("replicas to {}", list.join(","))
                }
                Err(e) => format!("but no new placement can be predicted: {}", e.message),
            };
            format!("would migrate {}, {to}", moves.join(" and "))
        }
        Sentence::LeavesUnhealthy {
            clusters,
            by,
            to,
            now,
        } => {
            let when = by
                .map(|t| format!(" by {} ({})", clock(t, *now), offset(t, *now)))
                .unwrap_or_else(|| " on the next event".into());
            let to = to
                .as_deref()
                .map_or_else(|| "nowhere predicted".into(), super::placement);
            format!(
                "leaves {} by application failover{when}, to {to}",
                clusters.join(", ")
            )
        }
    }
}

/// Render a binding explanation for people.
pub fn binding_text(r: &BindingExplanation, wide: bool) -> String {
    let mut out = format!("Binding:   {}\n", r.binding.bold());
    out += &format!("Time:      {} (reference)\n", instant(r.now));
    let src = |k: Setting| r.settings_source.of(k).as_str();
    out += &format!(
        "Assumed:   Failover={} ({}), enable-no-execute-taint-eviction={} ({})\nQueue:     {}\n",
        r.assumed.failover_feature_gate,
        src(Setting::FeatureGates),
        r.assumed.enable_no_execute_taint_eviction,
        src(Setting::EnableNoExecuteTaintEviction),
        super::dry_run::queue_line(&r.queue_settings, r.assumed.karmada_version)
    );
    out += &format!(
        "Karmada:   {}\n",
        super::karmada_line(&r.assumed, r.settings_source.of(Setting::KarmadaVersion))
    );
    if let Some(rem) = &r.settings_remembered {
        out += &format!("Remembered: {}\n", super::remembered_line(rem));
    }
    match &r.tolerations_error {
        None => {
            let list = &r.tolerations;
            let from = r
                .tolerations_source
                .as_ref()
                .map(|s| s.message.as_str())
                .unwrap_or_default();
            out += &format!("Tolerations: {from}\n");
            for t in list {
                out += &format!("  - {t}\n");
            }
        }
        Some(e) => out += &format!("Tolerations: unreadable: {} [{}]\n", e.message, e.code),
    }
    for c in &r.clusters {
        out += &format!(
            "\nCluster {} ({} replica(s))\n",
            c.cluster.bold(),
            c.replicas
        );
        let label = if r.proposal_effects.contains(&c.cluster) {
            format!(" (PreferNoExecute: {})", super::dry_run::PROPOSAL_LABEL)
        } else {
            String::new()
        };
        out += &format!(
            "  taints:   {}{label}\n",
            if c.taints.is_empty() {
                "none".into()
            } else {
                c.taints.join(", ")
            }
        );
        for reason in &c.decision.reasons {
            out += &format!("  - [{}] {}\n", reason.code, reason.message);
        }
        if let Some(q) = &c.queue {
            let at =
                q.at.map(|t| format!(" at {} ({})", clock(t, r.now), offset(t, r.now)))
                    .unwrap_or_default();
            let pos = q
                .position
                .map(|p| format!(", position {p} of {}", q.queued))
                .unwrap_or_default();
            let rate = q
                .rate
                .as_ref()
                .map(|p| {
                    format!(
                        ", rate {}/s ({}, {} of {} clusters faulty)",
                        p.rate, p.reason.code, p.faulty_clusters, p.total_clusters
                    )
                })
                .unwrap_or_default();
            out += &format!("  queue:    {}{at}{pos}{rate}\n", q.verdict.as_str());
        }
    }
    out += "\nPredicted placement";
    if !r.leaves.is_empty() {
        out += &format!(" after leaving {}", r.leaves.join(", "));
    }
    match (&r.predicted, &r.prediction_error) {
        (Some(p), _) => {
            let list: Vec<String> = p
                .iter()
                .map(|t| format!("{}={}", t.name, t.replicas))
                .collect();
            out += &format!(": {}\n", list.join(", "));
        }
        (None, Some(e)) => out += &format!(": none [{}] {}\n", e.code, e.message),
        _ => out += "\n",
    }
    for v in r
        .placement
        .iter()
        .filter(|v| wide || v.reason.code != "filtered-affinity")
    {
        out += &format!(
            "  {:<16} [{}] {}\n",
            v.cluster, v.reason.code, v.reason.message
        );
    }
    out.push('\n');
    out += &super::app_failover::binding_text(&r.application_failover, r.now);
    out += &format!("\nVerdict: {}\n", sentence(&r.verdict).bold());
    out
}

/// Render a ClusterTaintPolicy explanation for people.
pub fn policy_text(r: &TaintPolicyExplanation) -> String {
    let mut out = format!(
        "ClusterTaintPolicy {} at {}\n\n",
        r.policy.bold(),
        instant(r.now)
    );
    let mut table = super::table([
        "CLUSTER",
        "TARGETED",
        "ADD WHEN",
        "REMOVE WHEN",
        "WOULD ADD",
        "WOULD REMOVE",
    ]);
    let cond = |c: &ConditionMatch| match &c.why {
        None => "matches".to_string(),
        Some(why) => format!("no: {why}"),
    };
    for v in &r.clusters {
        let (added, removed) = v
            .outcome
            .as_ref()
            .map(|o| {
                let list = |ts: &[crate::api::Taint]| {
                    if ts.is_empty() {
                        "-".to_string()
                    } else {
                        describe_taints(ts)
                    }
                };
                (list(&o.added), list(&o.removed))
            })
            .unwrap_or_else(|| ("-".into(), "-".into()));
        if v.targeted {
            table.add_row([
                v.cluster.clone(),
                "yes".into(),
                cond(&v.add_conditions),
                cond(&v.remove_conditions),
                added,
                removed,
            ]);
        } else {
            table.add_row([
                v.cluster.clone(),
                "no".into(),
                String::new(),
                String::new(),
                "-".into(),
                "-".into(),
            ]);
        }
    }
    out += &table.trim_fmt();
    out.push('\n');
    out
}
