//! Which member nodes a replica may land on, as the accurate estimator decides it: the
//! replica's `nodeSelector`, its required node affinity and its tolerations against the
//! node's labels, name, `NoSchedule`/`NoExecute` taints and `spec.unschedulable`.
//!
//! Exact upstream behaviour is the point, so the Kubernetes matching rules are written
//! out here: a node selector term with no expressions matches nothing; a term whose
//! requirements do not parse (a bad operator, a missing or extra value, a non-integer
//! for `Gt`/`Lt`, an invalid label key or value) matches nothing and the other terms
//! still count; `Gt`/`Lt` tolerations (the comparison operators) match no taint.
//!
//! Upstream: `pkg/estimator/server/nodes/filter.go` (`GetRequiredNodeAffinity`,
//! `IsTolerationMatched`), `pkg/estimator/scheduling_simulator_components.go`
//! (`MatchNode`), Kubernetes' `component-helpers/scheduling/corev1/nodeaffinity`
//! (`NewLazyErrorNodeSelector`, `nodeSelectorRequirementsAsSelector`,
//! `nodeSelectorRequirementsAsFieldSelector`) and `apimachinery/pkg/labels`
//! (`NewRequirement`, `Requirement.Matches`). Karmada: v1.18.2, master f8fdd02.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{NodeSelector, NodeSelectorRequirement};

use crate::api::binding::NodeClaim;
use crate::api::names::{is_label_value, is_qualified_name};
use crate::api::{Taint, Toleration};
use crate::engine::karmada::toleration::tolerates;

/// A replica's node constraints, compiled once per workload.
#[derive(Clone, Debug, Default)]
pub struct NodeFilter {
    selector: BTreeMap<String, String>,
    /// `None`: no required node affinity.
    terms: Option<Vec<Term>>,
    tolerations: Vec<Toleration>,
}

/// One node selector term: matches when every requirement does.
#[derive(Clone, Debug)]
enum Term {
    /// Empty or unparsable: matches no node.
    Never,
    Requirements {
        labels: Vec<LabelRequirement>,
        /// `metadata.name` equal (`true`) or not equal to the value.
        fields: Vec<(String, bool, String)>,
    },
}

#[derive(Clone, Debug)]
enum LabelRequirement {
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
    Gt(String, i64),
    Lt(String, i64),
}

/// A node as the filter reads it.
#[derive(Clone, Debug, Default)]
pub struct NodeFacts {
    pub name: String,
    pub labels: BTreeMap<String, String>,
    /// Its `NoSchedule` and `NoExecute` taints (the others never keep a replica off).
    pub taints: Vec<Taint>,
    pub unschedulable: bool,
}

impl NodeFilter {
    /// Compile a replica's node claim (`None`: any node that is not cordoned or
    /// tainted).
    pub fn new(claim: Option<&NodeClaim>) -> Self {
        let Some(claim) = claim else {
            return NodeFilter::default();
        };
        NodeFilter {
            selector: claim.node_selector.clone(),
            terms: claim.hard_node_affinity.as_ref().map(compile_terms),
            tolerations: claim.tolerations.clone(),
        }
    }

    /// Whether a replica may land on `node`.
    pub fn admits(&self, node: &NodeFacts) -> bool {
        self.affinity_matches(node) && self.tolerated(node)
    }

    fn affinity_matches(&self, node: &NodeFacts) -> bool {
        let selected = self
            .selector
            .iter()
            .all(|(k, v)| node.labels.get(k) == Some(v));
        if !selected {
            return false;
        }
        match &self.terms {
            None => true,
            Some(terms) => terms.iter().any(|t| t.matches(node)),
        }
    }

    fn tolerated(&self, node: &NodeFacts) -> bool {
        let tolerated = |taint: &Taint| self.tolerations.iter().any(|t| tolerates(t, taint));
        if node.unschedulable {
            let cordon =
                crate::api::taint::taint("node.kubernetes.io/unschedulable", None, "NoSchedule");
            if !tolerated(&cordon) {
                return false;
            }
        }
        node.taints.iter().all(tolerated)
    }
}

fn compile_terms(selector: &NodeSelector) -> Vec<Term> {
    selector
        .node_selector_terms
        .iter()
        .map(compile_term)
        .collect()
}

fn compile_term(term: &k8s_openapi::api::core::v1::NodeSelectorTerm) -> Term {
    let exprs = term.match_expressions.as_deref().unwrap_or_default();
    let fields = term.match_fields.as_deref().unwrap_or_default();
    if exprs.is_empty() && fields.is_empty() {
        return Term::Never;
    }
    let labels: Option<Vec<LabelRequirement>> = exprs.iter().map(label_requirement).collect();
    let fields: Option<Vec<(String, bool, String)>> =
        fields.iter().map(field_requirement).collect();
    match (labels, fields) {
        (Some(labels), Some(fields)) => Term::Requirements { labels, fields },
        _ => Term::Never,
    }
}

/// `nodeSelectorRequirementsAsSelector` and `labels.NewRequirement`: `None` on an error.
fn label_requirement(r: &NodeSelectorRequirement) -> Option<LabelRequirement> {
    let values = r.values.clone().unwrap_or_default();
    if !is_qualified_name(&r.key) || !values.iter().all(|v| is_label_value(v)) {
        return None;
    }
    let key = r.key.clone();
    let one_integer = || match values.as_slice() {
        [v] => v.parse::<i64>().ok(),
        _ => None,
    };
    Some(match r.operator.as_str() {
        "In" if !values.is_empty() => LabelRequirement::In(key, values),
        "NotIn" if !values.is_empty() => LabelRequirement::NotIn(key, values),
        "Exists" if values.is_empty() => LabelRequirement::Exists(key),
        "DoesNotExist" if values.is_empty() => LabelRequirement::DoesNotExist(key),
        "Gt" => LabelRequirement::Gt(key, one_integer()?),
        "Lt" => LabelRequirement::Lt(key, one_integer()?),
        _ => return None,
    })
}

/// `nodeSelectorRequirementsAsFieldSelector`: `In` or `NotIn` with exactly one value.
fn field_requirement(r: &NodeSelectorRequirement) -> Option<(String, bool, String)> {
    let [value] = r.values.as_deref().unwrap_or_default() else {
        return None;
    };
    match r.operator.as_str() {
        "In" => Some((r.key.clone(), true, value.clone())),
        "NotIn" => Some((r.key.clone(), false, value.clone())),
        _ => None,
    }
}

impl Term {
    fn matches(&self, node: &NodeFacts) -> bool {
        let Term::Requirements { labels, fields } = self else {
            return false;
        };
        labels.iter().all(|r| r.matches(&node.labels))
            && fields.iter().all(|(key, equal, value)| {
                // The only field a node offers is its name; any other reads as "".
                let have = if key == "metadata.name" {
                    node.name.as_str()
                } else {
                    ""
                };
                (have == value) == *equal
            })
    }
}

impl LabelRequirement {
    fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let int = |k: &str| labels.get(k).and_then(|v| v.parse::<i64>().ok());
        match self {
            LabelRequirement::In(k, vs) => labels.get(k).is_some_and(|v| vs.contains(v)),
            LabelRequirement::NotIn(k, vs) => labels.get(k).is_none_or(|v| !vs.contains(v)),
            LabelRequirement::Exists(k) => labels.contains_key(k),
            LabelRequirement::DoesNotExist(k) => !labels.contains_key(k),
            LabelRequirement::Gt(k, n) => int(k).is_some_and(|v| v > *n),
            LabelRequirement::Lt(k, n) => int(k).is_some_and(|v| v < *n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn filter(claim: serde_json::Value) -> NodeFilter {
        let claim: NodeClaim = serde_json::from_value(claim).unwrap();
        NodeFilter::new(Some(&claim))
    }

    fn node(name: &str, labels: &[(&str, &str)]) -> NodeFacts {
        NodeFacts {
            name: name.into(),
            labels: labels
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..NodeFacts::default()
        }
    }

    fn affinity(terms: serde_json::Value) -> NodeFilter {
        filter(json!({"hardNodeAffinity": {"nodeSelectorTerms": terms}}))
    }

    #[test]
    fn no_claim_admits_every_untainted_node() {
        assert!(NodeFilter::new(None).admits(&node("n", &[])));
    }

    #[test]
    fn node_selector_needs_every_label() {
        let f = filter(json!({"nodeSelector": {"zone": "a", "disk": "ssd"}}));
        assert!(f.admits(&node("n", &[("zone", "a"), ("disk", "ssd"), ("x", "y")])));
        assert!(!f.admits(&node("n", &[("zone", "a")])));
    }

    #[test]
    fn terms_are_ored_and_requirements_anded() {
        let f = affinity(json!([
            {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]},
                                  {"key": "gpu", "operator": "DoesNotExist"}]},
            {"matchExpressions": [{"key": "cores", "operator": "Gt", "values": ["8"]}]}
        ]));
        assert!(f.admits(&node("n", &[("zone", "a")])));
        assert!(!f.admits(&node("n", &[("zone", "a"), ("gpu", "1")])));
        assert!(f.admits(&node("n", &[("cores", "16")])));
        assert!(!f.admits(&node("n", &[("cores", "8")])));
        assert!(!f.admits(&node("n", &[("cores", "many")])));
    }

    #[test]
    fn empty_and_unparsable_terms_match_nothing_but_others_still_count() {
        assert!(!affinity(json!([])).admits(&node("n", &[])));
        assert!(!affinity(json!([{}])).admits(&node("n", &[])));
        let f = affinity(json!([
            {"matchExpressions": [{"key": "zone", "operator": "In"}]},
            {"matchExpressions": [{"key": "zone", "operator": "Gt", "values": ["x"]}]},
            {"matchExpressions": [{"key": "zone", "operator": "Exists"}]}
        ]));
        assert!(f.admits(&node("n", &[("zone", "b")])));
        assert!(!f.admits(&node("n", &[])));
    }

    #[test]
    fn match_fields_read_the_node_name() {
        let f = affinity(json!([{"matchFields": [
            {"key": "metadata.name", "operator": "In", "values": ["n1"]}]}]));
        assert!(f.admits(&node("n1", &[])));
        assert!(!f.admits(&node("n2", &[])));
        let two_values = affinity(json!([{"matchFields": [
            {"key": "metadata.name", "operator": "In", "values": ["n1", "n2"]}]}]));
        assert!(!two_values.admits(&node("n1", &[])));
    }

    #[test]
    fn taints_and_cordons_keep_replicas_off_unless_tolerated() {
        let mut n = node("n", &[]);
        n.taints = vec![crate::api::taint::taint(
            "dedicated",
            Some("db"),
            "NoSchedule",
        )];
        assert!(!NodeFilter::new(None).admits(&n));
        let f = filter(
            json!({"tolerations": [{"key": "dedicated", "operator": "Equal", "value": "db"}]}),
        );
        assert!(f.admits(&n));
        let mut cordoned = node("n", &[]);
        cordoned.unschedulable = true;
        assert!(!f.admits(&cordoned));
        let all = filter(json!({"tolerations": [{"operator": "Exists"}]}));
        assert!(all.admits(&cordoned));
        let gt =
            filter(json!({"tolerations": [{"key": "dedicated", "operator": "Gt", "value": "1"}]}));
        assert!(!gt.admits(&n));
    }
}
