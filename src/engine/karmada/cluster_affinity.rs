//! Whether a cluster matches a `ClusterAffinity` (placement, spread, static-weight
//! targets, ClusterTaintPolicy `targetClusters`), exactly as upstream Karmada decides:
//!
//! - a cluster listed in `exclude` never matches;
//! - `labelSelector` is a Kubernetes label selector on the cluster's labels (an invalid
//!   selector, e.g. `In` without values or a malformed key, matches nothing);
//! - `fieldSelector`: keys `provider` and `region` are label-style requirements on
//!   `spec.provider` / `spec.region` (an empty field is an absent label); key `zone`
//!   compares with the list `spec.zones` (`In`: any overlap, `NotIn`: no overlap,
//!   `Exists`: non-empty, `DoesNotExist`: empty; `spec.zone` is not consulted);
//! - `clusterNames` empty means any name;
//! - every present part must match.
//!
//! Upstream: `pkg/util/selector.go` (`ClusterMatches`, `extractClusterFields`).
//! Conformance: `cluster_affinity_match`.
//! Karmada: master f8fdd02.

use crate::api::names::{is_label_value, is_qualified_name};
use std::collections::BTreeMap;

use crate::api::cluster::Cluster;
use crate::api::policy::{FieldSelector, FieldSelectorRequirement};
use crate::api::{ClusterAffinity, LabelSelector};

/// Whether `cluster` matches `affinity` (see the module documentation).
pub fn cluster_matches_affinity(cluster: &Cluster, affinity: &ClusterAffinity) -> bool {
    CompiledAffinity::new(affinity).matches(cluster)
}

/// A `ClusterAffinity` validated once, to test many clusters quickly.
#[derive(Clone, Debug)]
pub struct CompiledAffinity<'a> {
    affinity: &'a ClusterAffinity,
    /// `Some(false)` when the label selector is invalid (matches nothing).
    labels_valid: bool,
    /// False when the non-zone field requirements are invalid (match nothing).
    fields_valid: bool,
}

impl<'a> CompiledAffinity<'a> {
    /// Validate `affinity` for repeated matching.
    pub fn new(affinity: &'a ClusterAffinity) -> Self {
        let labels_valid = affinity
            .label_selector
            .as_ref()
            .is_none_or(label_selector_valid);
        let fields_valid = affinity
            .field_selector
            .as_ref()
            .is_none_or(field_selector_valid);
        CompiledAffinity {
            affinity,
            labels_valid,
            fields_valid,
        }
    }

    /// The affinity this was compiled from.
    pub fn affinity(&self) -> &'a ClusterAffinity {
        self.affinity
    }

    /// Whether `cluster` matches.
    pub fn matches(&self, cluster: &Cluster) -> bool {
        let name = cluster.metadata.name.as_deref().unwrap_or("");
        let a = self.affinity;
        if a.exclude.iter().any(|n| n == name) {
            return false;
        }
        if let Some(selector) = &a.label_selector {
            if !self.labels_valid {
                return false;
            }
            let empty = BTreeMap::new();
            let labels = cluster.metadata.labels.as_ref().unwrap_or(&empty);
            if !selector_matches_unchecked(selector, labels) {
                return false;
            }
        }
        if let Some(fields) = &a.field_selector {
            if !field_selector_matches(fields, self.fields_valid, cluster) {
                return false;
            }
        }
        a.cluster_names.is_empty() || a.cluster_names.iter().any(|n| n == name)
    }
}

/// Whether `labels` satisfy `selector`: `matchLabels` and `matchExpressions` ANDed; an
/// empty selector matches everything; an invalid selector matches nothing.
pub fn label_selector_matches(selector: &LabelSelector, labels: &BTreeMap<String, String>) -> bool {
    label_selector_valid(selector) && selector_matches_unchecked(selector, labels)
}

/// Matching of a selector already known to be valid.
fn selector_matches_unchecked(selector: &LabelSelector, labels: &BTreeMap<String, String>) -> bool {
    if let Some(ml) = &selector.match_labels {
        for (k, v) in ml {
            if labels.get(k) != Some(v) {
                return false;
            }
        }
    }
    for e in selector.match_expressions.iter().flatten() {
        let values = e.values.as_deref().unwrap_or(&[]);
        let got = labels.get(&e.key);
        let ok = match e.operator.as_str() {
            "In" => got.is_some_and(|v| values.contains(v)),
            "NotIn" => got.is_none_or(|v| !values.contains(v)),
            "Exists" => got.is_some(),
            "DoesNotExist" => got.is_none(),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

fn label_selector_valid(selector: &LabelSelector) -> bool {
    if let Some(ml) = &selector.match_labels {
        if !ml
            .iter()
            .all(|(k, v)| is_qualified_name(k) && is_label_value(v))
        {
            return false;
        }
    }
    selector.match_expressions.iter().flatten().all(|e| {
        let values = e.values.as_deref().unwrap_or(&[]);
        requirement_valid(&e.key, &e.operator, values, false)
    })
}

/// Validation of one requirement as `labels.NewRequirement` does it. `numeric_ops`
/// allows `Gt`/`Lt` (node-selector style requirements).
fn requirement_valid(key: &str, op: &str, values: &[String], numeric_ops: bool) -> bool {
    if !is_qualified_name(key) {
        return false;
    }
    let count_ok = match op {
        "In" | "NotIn" => !values.is_empty(),
        "Exists" | "DoesNotExist" => values.is_empty(),
        "Gt" | "Lt" if numeric_ops => values.len() == 1 && values[0].parse::<i64>().is_ok(),
        _ => false,
    };
    count_ok && values.iter().all(|v| is_label_value(v))
}

fn field_selector_valid(fields: &FieldSelector) -> bool {
    fields
        .match_expressions
        .iter()
        .filter(|e| e.key != "zone")
        .all(|e| requirement_valid(&e.key, &e.operator, &e.values, true))
}

fn field_selector_matches(fields: &FieldSelector, valid: bool, cluster: &Cluster) -> bool {
    let mut has_other = false;
    for e in &fields.match_expressions {
        if e.key == "zone" {
            if !zones_match(e, &cluster.spec.zones) {
                return false;
            }
        } else {
            has_other = true;
        }
    }
    if !has_other {
        return true;
    }
    if !valid {
        return false;
    }
    let provider = cluster.spec.provider.as_deref().filter(|s| !s.is_empty());
    let region = cluster.spec.region.as_deref().filter(|s| !s.is_empty());
    fields
        .match_expressions
        .iter()
        .filter(|e| e.key != "zone")
        .all(|e| {
            let got = match e.key.as_str() {
                "provider" => provider,
                "region" => region,
                _ => None,
            };
            field_requirement_matches(e, got)
        })
}

fn field_requirement_matches(e: &FieldSelectorRequirement, got: Option<&str>) -> bool {
    let has = |v: &str| e.values.iter().any(|x| x == v);
    match e.operator.as_str() {
        "In" => got.is_some_and(has),
        "NotIn" => got.is_none_or(|v| !has(v)),
        "Exists" => got.is_some(),
        "DoesNotExist" => got.is_none(),
        "Gt" | "Lt" => {
            let (Some(got), Some(bound)) = (got, e.values.first()) else {
                return false;
            };
            let (Ok(got), Ok(bound)) = (got.parse::<i64>(), bound.parse::<i64>()) else {
                return false;
            };
            if e.operator == "Gt" {
                got > bound
            } else {
                got < bound
            }
        }
        _ => false,
    }
}

fn zones_match(e: &FieldSelectorRequirement, zones: &[String]) -> bool {
    let listed = |z: &String| e.values.contains(z);
    match e.operator.as_str() {
        "In" => zones.iter().any(listed),
        "NotIn" => !zones.iter().any(listed),
        "Exists" => !zones.is_empty(),
        "DoesNotExist" => zones.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::LabelSelectorRequirement;

    fn cluster(json: serde_json::Value) -> Cluster {
        serde_json::from_value(json).unwrap()
    }

    fn member1() -> Cluster {
        cluster(serde_json::json!({
            "metadata": {"name": "member1", "labels": {"env": "prod", "tier": "gold"}},
            "spec": {"provider": "aws", "region": "east", "zones": ["z1", "z2"]}
        }))
    }

    fn affinity(json: serde_json::Value) -> ClusterAffinity {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn empty_affinity_matches_everything() {
        assert!(cluster_matches_affinity(
            &member1(),
            &ClusterAffinity::default()
        ));
    }

    #[test]
    fn exclude_wins() {
        let a = affinity(serde_json::json!({"clusterNames": ["member1"], "exclude": ["member1"]}));
        assert!(!cluster_matches_affinity(&member1(), &a));
    }

    #[test]
    fn cluster_names() {
        assert!(cluster_matches_affinity(
            &member1(),
            &affinity(serde_json::json!({"clusterNames": ["member1", "x"]}))
        ));
        assert!(!cluster_matches_affinity(
            &member1(),
            &affinity(serde_json::json!({"clusterNames": ["x"]}))
        ));
    }

    #[test]
    fn label_selector_operators() {
        let sel = |op: &str, vals: &[&str]| LabelSelector {
            match_expressions: Some(vec![LabelSelectorRequirement {
                key: "env".into(),
                operator: op.into(),
                values: Some(vals.iter().map(|s| s.to_string()).collect()),
            }]),
            ..Default::default()
        };
        let labels: BTreeMap<String, String> = [("env".to_string(), "prod".to_string())].into();
        assert!(label_selector_matches(
            &sel("In", &["prod", "dev"]),
            &labels
        ));
        assert!(!label_selector_matches(&sel("In", &["dev"]), &labels));
        assert!(!label_selector_matches(&sel("NotIn", &["prod"]), &labels));
        assert!(label_selector_matches(
            &sel("NotIn", &["prod"]),
            &BTreeMap::new()
        ));
        assert!(label_selector_matches(&sel("Exists", &[]), &labels));
        assert!(!label_selector_matches(&sel("DoesNotExist", &[]), &labels));
        // Invalid: In without values, Exists with values, unknown operator.
        assert!(!label_selector_matches(&sel("In", &[]), &labels));
        assert!(!label_selector_matches(&sel("Exists", &["x"]), &labels));
        assert!(!label_selector_matches(&sel("Gt", &["1"]), &labels));
        let ml = LabelSelector {
            match_labels: Some([("env".into(), "prod".into())].into()),
            ..Default::default()
        };
        assert!(label_selector_matches(&ml, &labels));
        assert!(label_selector_matches(&LabelSelector::default(), &labels));
    }

    #[test]
    fn field_selector_provider_region_zone() {
        let m = member1();
        let f = |e: serde_json::Value| {
            affinity(serde_json::json!({"fieldSelector": {"matchExpressions": [e]}}))
        };
        assert!(cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "provider", "operator": "In", "values": ["aws"]}))
        ));
        assert!(!cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "region", "operator": "NotIn", "values": ["east"]}))
        ));
        assert!(cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "zone", "operator": "In", "values": ["z2", "z9"]}))
        ));
        assert!(!cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "zone", "operator": "NotIn", "values": ["z1"]}))
        ));
        assert!(cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "zone", "operator": "Exists"}))
        ));
        assert!(!cluster_matches_affinity(
            &m,
            &f(serde_json::json!({"key": "zone", "operator": "DoesNotExist"}))
        ));
        let bare =
            cluster(serde_json::json!({"metadata": {"name": "b"}, "spec": {"provider": ""}}));
        assert!(cluster_matches_affinity(
            &bare,
            &f(serde_json::json!({"key": "provider", "operator": "DoesNotExist"}))
        ));
        assert!(cluster_matches_affinity(
            &bare,
            &f(serde_json::json!({"key": "region", "operator": "NotIn", "values": ["east"]}))
        ));
        assert!(!cluster_matches_affinity(
            &bare,
            &f(serde_json::json!({"key": "zone", "operator": "In", "values": ["z1"]}))
        ));
    }

    #[test]
    fn name_validation() {
        assert!(is_qualified_name("example.com/team"));
        assert!(is_qualified_name("env"));
        assert!(!is_qualified_name("/env"));
        assert!(!is_qualified_name("Example.com/env"));
        assert!(!is_qualified_name("-env"));
        assert!(is_label_value(""));
        assert!(!is_label_value("a b"));
    }
}
