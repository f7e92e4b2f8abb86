//! Kubernetes toleration matching and where a binding's tolerations come from.
//!
//! Matching follows the core Kubernetes rule with the comparison operators (`Lt`, `Gt`)
//! disabled, as upstream Karmada calls it: an empty toleration effect matches every
//! effect, an empty key matches every key, an empty operator means `Equal`, `Equal`
//! compares values, `Exists` ignores the value, and any other operator never matches.
//!
//! Upstream: `k8s.io/api/core/v1` (`Toleration.ToleratesTaint`) as Karmada calls it
//! (`pkg/util/helper/taint.go`: `TolerationExists`, `GetMatchingTolerations`), and
//! `pkg/util/helper/policy.go` (`GetAppliedPlacement`: the taint manager's source of
//! tolerations).
//! Conformance: `noexecute_eviction`, `schedule_after_eviction`.
//! Karmada: master f8fdd02.

use serde::Serialize;

use crate::api::{
    BindingSpec, MetaMap, Placement, Taint, Toleration, APPLIED_PLACEMENT_ANNOTATION,
};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::version::{Behaviour, Handling};

/// v1.14 and earlier: the webhook added 300 s tolerations to every policy.
pub const DEFAULT_TOLERATIONS_INJECTED: Behaviour = Behaviour {
    id: "default-tolerations-injected",
    what: "the webhook added tolerations of cluster.karmada.io/not-ready and cluster.karmada.io/unreachable NoExecute for 300 s to every policy without them; policies written then keep them after an upgrade, so each failover waits 5 minutes",
    holds: &[],
    upstream: "karmada#6444 (removed in v1.15.0)",
    handling: Handling::LeftOut(
        "the tolerations are read from each binding's applied placement like any other, so predictions count their 300 s; who wrote them cannot be told apart (upstream's own examples write the same two)",
    ),
};

/// The parts of a ResourceBinding or ClusterResourceBinding the failover engine reads.
#[derive(Clone, Copy, Debug)]
pub struct BindingRef<'a> {
    /// The binding's spec.
    pub spec: &'a BindingSpec,
    /// The binding's annotations (`None` when it has none).
    pub annotations: Option<&'a MetaMap>,
    /// Its tolerations as [`tolerations_of`] reads them from `annotations`, when a sweep
    /// read them already ([`ReadOnce`]).
    read: Option<&'a TolerationsRead>,
}

impl<'a> BindingRef<'a> {
    /// A view of `spec` with the given annotations.
    pub fn new(spec: &'a BindingSpec, annotations: Option<&'a MetaMap>) -> Self {
        BindingRef {
            spec,
            annotations,
            read: None,
        }
    }

    /// The same view, its tolerations already read (`read` must be what
    /// [`tolerations_of`] reads from its annotations).
    pub fn with_read(self, read: &'a TolerationsRead) -> Self {
        BindingRef {
            read: Some(read),
            ..self
        }
    }
}

/// What [`tolerations_of`] reads for one binding.
pub type TolerationsRead = Result<BindingTolerations, Reason>;

/// Each binding's tolerations read once for a sweep that decides it many times (every
/// loss of a cluster it is on, every way a cluster fails), by a key that names one
/// binding for the sweep's length (its address while the fleet is borrowed, or its
/// name within one fleet). Bindings reading alike share one answer, so a sweep holds a
/// pointer per binding, not a copy of its tolerations.
pub struct ReadOnce<K> {
    read: std::sync::Mutex<foldhash::HashMap<K, std::sync::Arc<TolerationsRead>>>,
    alike: std::sync::Mutex<foldhash::HashMap<String, std::sync::Arc<TolerationsRead>>>,
}

impl<K> Default for ReadOnce<K> {
    fn default() -> Self {
        ReadOnce {
            read: Default::default(),
            alike: Default::default(),
        }
    }
}

impl<K: std::hash::Hash + Eq> ReadOnce<K> {
    /// The tolerations of the binding `key` names (`binding`), read on first use.
    pub fn get(&self, key: K, binding: BindingRef<'_>) -> std::sync::Arc<TolerationsRead> {
        if let Some(r) = lock(&self.read).get(&key) {
            return r.clone();
        }
        let read = tolerations_of(binding);
        // Alike: the same tolerations and reason (or the same error).
        let same = serde_json::to_string(&read).unwrap_or_default();
        let shared = lock(&self.alike)
            .entry(same)
            .or_insert_with(|| std::sync::Arc::new(read))
            .clone();
        lock(&self.read).insert(key, shared.clone());
        shared
    }
}

/// `m` locked (a panic elsewhere leaves the maps whole: entries are only added).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether `toleration` tolerates `taint`.
pub fn tolerates(toleration: &Toleration, taint: &Taint) -> bool {
    let effect = toleration.effect.as_deref().unwrap_or_default();
    if !effect.is_empty() && effect != taint.effect {
        return false;
    }
    let key = toleration.key.as_deref().unwrap_or_default();
    if !key.is_empty() && key != taint.key {
        return false;
    }
    match toleration.operator.as_deref().unwrap_or_default() {
        "" | "Equal" => {
            toleration.value.as_deref().unwrap_or_default()
                == taint.value.as_deref().unwrap_or_default()
        }
        "Exists" => true,
        _ => false,
    }
}

/// The first toleration of `tolerations` that tolerates `taint`, with its index.
pub fn first_tolerating<'t>(
    tolerations: &'t [Toleration],
    taint: &Taint,
) -> Option<(usize, &'t Toleration)> {
    tolerations
        .iter()
        .enumerate()
        .find(|(_, t)| tolerates(t, taint))
}

/// Where a binding's tolerations were read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum TolerationSource {
    /// The `policy.karmada.io/applied-placement` annotation (the only source upstream's
    /// taint manager reads).
    AppliedPlacement,
}

/// A binding's cluster tolerations and the reason naming their source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BindingTolerations {
    /// The tolerations, in declaration order.
    pub tolerations: std::sync::Arc<[Toleration]>,
    /// Where they came from.
    pub source: TolerationSource,
    /// Why that source was used.
    pub reason: Reason,
}

/// Reads the placement recorded in the applied-placement annotation: `Ok(None)` when the
/// annotation is absent or empty, `Err` (a reason) when it is not a valid Placement.
pub fn applied_placement(annotations: Option<&MetaMap>) -> Result<Option<Placement>, Reason> {
    let Some(text) = annotations.and_then(|a| a.get(APPLIED_PLACEMENT_ANNOTATION)) else {
        return Ok(None);
    };
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_json::from_str::<Placement>(text)
        .map(Some)
        .map_err(|e| {
            Reason::new(
                ReasonCode::AppliedPlacementInvalid,
                format!("annotation {APPLIED_PLACEMENT_ANNOTATION} is not a valid Placement: {e}"),
            )
        })
}

/// The tolerations upstream's taint manager uses for a binding: those of the placement
/// in its applied-placement annotation, and nothing else. Without the annotation (or
/// with one that is not a Placement) the taint manager fails on the binding and retries
/// forever, without evicting it: that is the `Err` here.
pub fn tolerations_of(binding: BindingRef<'_>) -> Result<BindingTolerations, Reason> {
    if let Some(read) = binding.read {
        return read.clone();
    }
    match applied_placement(binding.annotations)? {
        Some(placement) => {
            let n = placement.cluster_tolerations.len();
            Ok(BindingTolerations {
                tolerations: placement.cluster_tolerations,
                source: TolerationSource::AppliedPlacement,
                reason: Reason::new(
                    ReasonCode::TolerationsFromAppliedPlacement,
                    format!("{n} toleration(s) read from annotation {APPLIED_PLACEMENT_ANNOTATION}"),
                ),
            })
        }
        None => Err(Reason::new(
            ReasonCode::AppliedPlacementMissing,
            format!(
                "the binding has no {APPLIED_PLACEMENT_ANNOTATION} annotation: upstream's taint manager reads tolerations only from it, fails on the binding and retries without evicting (spec.placement is not consulted)"
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
        crate::api::taint::taint(key, value, effect)
    }

    fn tol(
        key: Option<&str>,
        op: Option<&str>,
        value: Option<&str>,
        effect: Option<&str>,
    ) -> Toleration {
        Toleration {
            key: key.map(Into::into),
            operator: op.map(Into::into),
            value: value.map(Into::into),
            effect: effect.map(Into::into),
            toleration_seconds: None,
        }
    }

    #[test]
    fn empty_key_exists_matches_every_key() {
        let t = tol(None, Some("Exists"), None, None);
        assert!(tolerates(&t, &taint("a", Some("x"), "NoExecute")));
        assert!(tolerates(&t, &taint("b", None, "NoSchedule")));
    }

    #[test]
    fn empty_effect_matches_every_effect() {
        let t = tol(Some("a"), Some("Exists"), None, Some(""));
        assert!(tolerates(&t, &taint("a", None, "NoExecute")));
        assert!(tolerates(&t, &taint("a", None, "PreferNoExecute")));
    }

    #[test]
    fn effect_must_match_when_set() {
        let t = tol(Some("a"), Some("Exists"), None, Some("NoSchedule"));
        assert!(!tolerates(&t, &taint("a", None, "NoExecute")));
    }

    #[test]
    fn key_must_match_when_set() {
        let t = tol(Some("a"), Some("Exists"), None, None);
        assert!(!tolerates(&t, &taint("b", None, "NoExecute")));
    }

    #[test]
    fn empty_operator_is_equal_and_compares_values() {
        let t = tol(Some("a"), None, Some("x"), None);
        assert!(tolerates(&t, &taint("a", Some("x"), "NoExecute")));
        assert!(!tolerates(&t, &taint("a", Some("y"), "NoExecute")));
        assert!(!tolerates(&t, &taint("a", None, "NoExecute")));
        let none = tol(Some("a"), Some("Equal"), None, None);
        assert!(tolerates(&none, &taint("a", None, "NoExecute")));
        assert!(tolerates(&none, &taint("a", Some(""), "NoExecute")));
    }

    #[test]
    fn exists_ignores_value() {
        let t = tol(Some("a"), Some("Exists"), Some("ignored"), None);
        assert!(tolerates(&t, &taint("a", Some("x"), "NoExecute")));
    }

    #[test]
    fn unknown_operators_never_match() {
        for op in ["Lt", "Gt", "exists", "bogus"] {
            let t = tol(Some("a"), Some(op), Some("1"), None);
            assert!(!tolerates(&t, &taint("a", Some("1"), "NoExecute")), "{op}");
        }
    }

    #[test]
    fn empty_key_with_equal_matches_only_empty_values() {
        let t = tol(None, Some("Equal"), None, None);
        assert!(tolerates(&t, &taint("a", None, "NoExecute")));
        assert!(!tolerates(&t, &taint("a", Some("v"), "NoExecute")));
    }

    #[test]
    fn first_tolerating_returns_the_first_match() {
        let ts = vec![
            tol(Some("b"), Some("Exists"), None, None),
            tol(Some("a"), Some("Exists"), None, None),
            tol(None, Some("Exists"), None, None),
        ];
        assert_eq!(
            first_tolerating(&ts, &taint("a", None, "NoExecute")).map(|p| p.0),
            Some(1)
        );
        assert_eq!(
            first_tolerating(&ts, &taint("c", None, "NoExecute")).map(|p| p.0),
            Some(2)
        );
        assert!(first_tolerating(&[], &taint("c", None, "NoExecute")).is_none());
    }

    fn spec_with(tolerations: Vec<Toleration>) -> BindingSpec {
        BindingSpec {
            placement: Some(std::sync::Arc::new(Placement {
                cluster_tolerations: tolerations.into(),
                ..Default::default()
            })),
            ..Default::default()
        }
    }

    #[test]
    fn annotation_wins_over_spec_placement() {
        let spec = spec_with(vec![tol(Some("spec"), Some("Exists"), None, None)]);
        let mut ann = MetaMap::default();
        ann.insert(
            APPLIED_PLACEMENT_ANNOTATION,
            r#"{"clusterTolerations":[{"key":"ann","operator":"Exists"}]}"#,
        );
        let got = tolerations_of(BindingRef::new(&spec, Some(&ann))).unwrap();
        assert_eq!(got.source, TolerationSource::AppliedPlacement);
        assert_eq!(got.tolerations[0].key.as_deref(), Some("ann"));
        assert_eq!(got.reason.code, "tolerations-from-applied-placement");
    }

    #[test]
    fn without_the_annotation_the_tolerations_are_unreadable() {
        // spec.placement is not consulted: upstream's taint manager fails on the binding.
        let spec = spec_with(vec![tol(Some("spec"), Some("Exists"), None, None)]);
        let err = tolerations_of(BindingRef::new(&spec, None)).unwrap_err();
        assert_eq!(err.code, "applied-placement-missing");
        let empty = MetaMap::from([(APPLIED_PLACEMENT_ANNOTATION.to_string(), " ".to_string())]);
        let err = tolerations_of(BindingRef::new(&spec, Some(&empty))).unwrap_err();
        assert_eq!(err.code, "applied-placement-missing");
        let err = tolerations_of(BindingRef::new(&BindingSpec::default(), None)).unwrap_err();
        assert_eq!(err.code, "applied-placement-missing");
    }

    #[test]
    fn invalid_annotation_is_a_reason_not_a_panic() {
        let spec = spec_with(vec![]);
        let ann = MetaMap::from([(
            APPLIED_PLACEMENT_ANNOTATION.to_string(),
            "{not json".to_string(),
        )]);
        let err = tolerations_of(BindingRef::new(&spec, Some(&ann))).unwrap_err();
        assert_eq!(err.code, "applied-placement-invalid");
    }
}
