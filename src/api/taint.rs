//! Taints and tolerations (Karmada uses the core Kubernetes shapes), their effects,
//! the key and value rules, and how they are written for people.

use std::fmt;
use std::str::FromStr;

pub use k8s_openapi::api::core::v1::{Taint, Toleration};

use super::names;

/// Key of the taint `cordon` manages (upstream `cluster.karmada.io/unschedulable`).
pub const UNSCHEDULABLE_TAINT_KEY: &str = "cluster.karmada.io/unschedulable";
/// Key of the taint the controllers add to a cluster whose Ready condition is False.
pub const NOT_READY_TAINT_KEY: &str = "cluster.karmada.io/not-ready";
/// Key of the taint the controllers add to a cluster whose Ready condition is Unknown.
pub const UNREACHABLE_TAINT_KEY: &str = "cluster.karmada.io/unreachable";

/// A taint effect. `PreferNoExecute` comes from the failover proposal; upstream's
/// webhook does not accept it yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaintEffect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute,
    PreferNoExecute,
}

impl TaintEffect {
    /// Every effect, in documentation order.
    pub const ALL: [TaintEffect; 4] = [
        TaintEffect::NoSchedule,
        TaintEffect::PreferNoSchedule,
        TaintEffect::NoExecute,
        TaintEffect::PreferNoExecute,
    ];

    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            TaintEffect::NoSchedule => "NoSchedule",
            TaintEffect::PreferNoSchedule => "PreferNoSchedule",
            TaintEffect::NoExecute => "NoExecute",
            TaintEffect::PreferNoExecute => "PreferNoExecute",
        }
    }

    /// Whether adding a taint with this effect can evict workloads.
    pub fn evicts(self) -> bool {
        matches!(self, TaintEffect::NoExecute | TaintEffect::PreferNoExecute)
    }

    /// Whether the effect carries a `timeAdded` stamp.
    pub fn is_timed(self) -> bool {
        self.evicts()
    }
}

impl fmt::Display for TaintEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TaintEffect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TaintEffect::ALL
            .into_iter()
            .find(|e| e.as_str() == s)
            .ok_or_else(|| {
                format!(
                    "unsupported taint effect {s:?}: must be one of NoSchedule, PreferNoSchedule, NoExecute, PreferNoExecute"
                )
            })
    }
}

/// The parsed effect of a taint, `None` for a spelling this tool does not know.
pub fn effect_of(taint: &Taint) -> Option<TaintEffect> {
    taint.effect.parse().ok()
}

/// A taint without `timeAdded`; `value` `None` for none.
pub fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
    Taint {
        key: key.into(),
        value: value.map(Into::into),
        effect: effect.into(),
        time_added: None,
    }
}

/// A short human rendering of a taint: `key=value:Effect`.
pub fn describe_taint(taint: &Taint) -> String {
    match taint.value.as_deref() {
        Some(v) if !v.is_empty() => format!("{}={}:{}", taint.key, v, taint.effect),
        _ => format!("{}:{}", taint.key, taint.effect),
    }
}

/// `KEY[=VALUE]:EFFECT` of each taint, comma-separated (empty for none).
pub fn describe_taints(taints: &[Taint]) -> String {
    taints
        .iter()
        .map(describe_taint)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A short human rendering of a toleration.
pub fn describe_toleration(t: &Toleration) -> String {
    let key = t.key.as_deref().filter(|k| !k.is_empty()).unwrap_or("*");
    let op = t
        .operator
        .as_deref()
        .filter(|o| !o.is_empty())
        .unwrap_or("Equal");
    let effect = t.effect.as_deref().filter(|e| !e.is_empty()).unwrap_or("*");
    let mut s = if op == "Exists" {
        format!("{key} Exists :{effect}")
    } else {
        format!("{key}={}:{effect}", t.value.as_deref().unwrap_or_default())
    };
    if let Some(secs) = t.toleration_seconds {
        s.push_str(&format!(" for {secs}s"));
    }
    s
}

/// A qualified name: optional DNS-subdomain prefix and `/`, then a name of at most 63
/// characters (alphanumerics, `-`, `_`, `.`; alphanumeric at both ends).
pub fn validate_key(key: &str) -> Result<(), String> {
    if key.is_empty() {
        return Err("the key is empty".into());
    }
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    if let Some(prefix) = prefix {
        if !names::is_dns_subdomain(prefix) {
            return Err(format!(
                "key prefix {prefix:?} must be a DNS subdomain (lower-case alphanumerics, '-' and '.')"
            ));
        }
    }
    if name.len() > 63 {
        return Err(format!("key name {name:?} is longer than 63 characters"));
    }
    if !names::is_name_token(name) {
        return Err(format!(
            "key name {name:?} must be alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric"
        ));
    }
    Ok(())
}

/// A label value: empty, or at most 63 label characters.
pub fn validate_value(value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Ok(());
    }
    if value.len() > 63 {
        return Err(format!("value {value:?} is longer than 63 characters"));
    }
    if !names::is_name_token(value) {
        return Err(format!(
            "value {value:?} must be alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric"
        ));
    }
    Ok(())
}

/// The effects Karmada's API accepts on a cluster.
pub const CLUSTER_EFFECTS: [TaintEffect; 2] = [TaintEffect::NoSchedule, TaintEffect::NoExecute];

/// A rule of Karmada's API that a cluster's taint list breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintRuleViolation {
    /// Position in `spec.taints`.
    pub index: usize,
    /// The field (`key`, `value`, `effect`), or `None` for the whole taint.
    pub field: Option<&'static str>,
    /// What is wrong.
    pub rule: String,
}

impl fmt::Display for TaintRuleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            Some(field) => write!(f, "spec.taints[{}].{field}: {}", self.index, self.rule),
            None => write!(f, "spec.taints[{}]: {}", self.index, self.rule),
        }
    }
}

/// Check a cluster's whole taint list as Karmada's aggregated apiserver does when a
/// Cluster is written (upstream `ValidateClusterTaints`): each key a qualified name,
/// each value a label value, each effect `NoSchedule` or `NoExecute`, and no two taints
/// with the same key and effect. Every violation is returned, in list order.
pub fn validate_cluster_taints(taints: &[Taint]) -> Result<(), Vec<TaintRuleViolation>> {
    let mut violations = Vec::new();
    let mut seen: Vec<(&str, &str)> = Vec::with_capacity(taints.len());
    for (index, t) in taints.iter().enumerate() {
        if let Err(rule) = validate_key(&t.key) {
            violations.push(TaintRuleViolation {
                index,
                field: Some("key"),
                rule: format!("{:?} is not a qualified name: {rule}", t.key),
            });
        }
        let value = t.value.as_deref().unwrap_or("");
        if let Err(rule) = validate_value(value) {
            violations.push(TaintRuleViolation {
                index,
                field: Some("value"),
                rule: format!("{value:?} is not a label value: {rule}"),
            });
        }
        if t.effect.is_empty() {
            violations.push(TaintRuleViolation {
                index,
                field: Some("effect"),
                rule: "an effect is required".into(),
            });
        } else if !CLUSTER_EFFECTS.iter().any(|e| e.as_str() == t.effect) {
            violations.push(TaintRuleViolation {
                index,
                field: Some("effect"),
                rule: format!(
                    "{} is not accepted on a cluster: Karmada's API takes only NoSchedule and NoExecute{}",
                    t.effect,
                    effect_remark(&t.effect)
                ),
            });
        }
        if seen.contains(&(t.key.as_str(), t.effect.as_str())) {
            violations.push(TaintRuleViolation {
                index,
                field: None,
                rule: format!(
                    "a second taint with key {} and effect {}: taints must be unique by key and effect",
                    t.key, t.effect
                ),
            });
            continue;
        }
        seen.push((t.key.as_str(), t.effect.as_str()));
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}

/// Why an effect that looks plausible is refused.
pub fn effect_remark(effect: &str) -> &'static str {
    match effect {
        "PreferNoSchedule" => {
            " (upstream karmadactl's help lists PreferNoSchedule, but Karmada's API rejects it)"
        }
        "PreferNoExecute" => {
            " (PreferNoExecute is the failover proposal's effect, never merged upstream; `dry-run --taint KEY:PreferNoExecute` simulates it)"
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions() {
        assert_eq!(
            describe_taint(&taint("a", Some("v"), "NoExecute")),
            "a=v:NoExecute"
        );
        assert_eq!(
            describe_taint(&taint("a", None, "NoSchedule")),
            "a:NoSchedule"
        );
        let t = Toleration {
            operator: Some("Exists".into()),
            toleration_seconds: Some(30),
            ..Default::default()
        };
        assert_eq!(describe_toleration(&t), "* Exists :* for 30s");
    }

    #[test]
    fn keys_and_values() {
        assert!(validate_key("example.com/k_1").is_ok());
        assert!(validate_key("").is_err());
        assert!(validate_key("Bad.Prefix/k").is_err());
        assert!(validate_key(&"k".repeat(64)).is_err());
        assert!(validate_value("").is_ok());
        assert!(validate_value("-v").is_err());
        assert!(validate_value(&"v".repeat(64)).is_err());
        // The prefix may be as long as a DNS subdomain: no limit on the whole key.
        let long = format!("{}/{}", "a".repeat(250), "k".repeat(63));
        assert!(validate_key(&long).is_ok());
    }

    #[test]
    fn cluster_taint_lists_follow_karmadas_api() {
        let ok = [
            taint("a", Some("v"), "NoSchedule"),
            taint("a", None, "NoExecute"),
        ];
        assert!(validate_cluster_taints(&ok).is_ok());
        let bad = [
            taint("a", None, "NoSchedule"),
            taint("Bad_", Some("-x"), "PreferNoSchedule"),
            taint("a", Some("other"), "NoSchedule"),
            taint("b", None, ""),
            taint("c", None, "PreferNoExecute"),
        ];
        let v = validate_cluster_taints(&bad).unwrap_err();
        let lines: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(v.len(), 6, "{lines:#?}");
        assert!(lines[0].starts_with("spec.taints[1].key:"));
        assert!(lines[1].starts_with("spec.taints[1].value:"));
        assert!(lines[2].starts_with("spec.taints[1].effect:") && lines[2].contains("rejects it"));
        assert!(lines[3].starts_with("spec.taints[2]: a second taint"));
        assert!(lines[4].starts_with("spec.taints[3].effect: an effect is required"));
        assert!(lines[5].contains("proposal"));
    }
}
