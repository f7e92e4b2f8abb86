//! The pure taint edit: current taints + requested changes + now -> new taints.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::describe_taint as describe;
use crate::api::taint_spec::{TaintChanges, TaintRemoval, TaintSpec};
use crate::api::{Taint, TaintEffect, Time};

/// What an edit does to one cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintEdit {
    /// The complete taint list after the edit.
    pub taints: Vec<Taint>,
    /// Overall result, kubectl's words.
    pub outcome: EditOutcome,
    /// Specs of taints added.
    pub added: Vec<String>,
    /// Specs of taints whose value changed (`--overwrite`).
    pub updated: Vec<String>,
    /// Specs of taints removed.
    pub removed: Vec<String>,
}

/// The overall result of an edit on one cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum EditOutcome {
    /// Taints were added or changed (possibly others removed).
    Tainted,
    /// Taints were only removed.
    Untainted,
    /// The cluster already looked as asked.
    Unchanged,
}

impl EditOutcome {
    /// The word printed after the cluster name.
    pub fn as_str(self) -> &'static str {
        match self {
            EditOutcome::Tainted => "tainted",
            EditOutcome::Untainted => "untainted",
            EditOutcome::Unchanged => "unchanged",
        }
    }
}

/// Why an edit cannot be applied to a cluster (a validation error: nothing is written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The key and effect exist with another value and `--overwrite` was not given.
    NeedsOverwrite { existing: String, requested: String },
    /// A removal matched no taint.
    NotFound { removal: String },
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NeedsOverwrite {
                existing,
                requested,
            } => write!(
                f,
                "already has taint {existing}; pass --overwrite to replace it with {requested}"
            ),
            EditError::NotFound { removal } => write!(f, "taint {removal} not found"),
        }
    }
}

/// Apply `changes` to `current`.
///
/// - An identical taint (key, value, effect) already present is left alone, `timeAdded`
///   included, so repeating a command never restarts a toleration clock.
/// - The same key and effect with another value needs `overwrite`; the value is replaced
///   and `timeAdded` kept for the same reason.
/// - New `NoExecute`/`PreferNoExecute` taints get `timeAdded = now` (UTC, whole seconds).
/// - `KEY:EFFECT-` removes that taint, `KEY-` every taint with the key; a removal that
///   matches nothing is an error, as in kubectl.
/// - The order of untouched taints is kept; new ones are appended in command order.
pub fn edit_taints(
    current: &[Taint],
    changes: &TaintChanges,
    overwrite: bool,
    now: Timestamp,
) -> Result<TaintEdit, EditError> {
    let mut taints: Vec<Taint> = current.to_vec();
    let (mut added, mut updated, mut removed) = (Vec::new(), Vec::new(), Vec::new());

    for r in &changes.remove {
        let before = taints.len();
        let mut gone = Vec::new();
        taints.retain(|t| {
            let hit = removal_matches(r, t);
            if hit {
                gone.push(describe(t));
            }
            !hit
        });
        if taints.len() == before {
            return Err(EditError::NotFound {
                removal: r.to_string(),
            });
        }
        removed.extend(gone);
    }

    for spec in &changes.add {
        let existing = taints
            .iter_mut()
            .find(|t| t.key == spec.key && t.effect == spec.effect.as_str());
        match existing {
            Some(t) if t.value.as_deref().unwrap_or("") == spec.value.as_deref().unwrap_or("") => {}
            Some(t) if overwrite => {
                t.value = spec.value.clone();
                updated.push(spec.to_string());
            }
            Some(t) => {
                return Err(EditError::NeedsOverwrite {
                    existing: describe(t),
                    requested: spec.to_string(),
                })
            }
            None => {
                taints.push(new_taint(spec, now));
                added.push(spec.to_string());
            }
        }
    }

    let outcome = if !added.is_empty() || !updated.is_empty() {
        EditOutcome::Tainted
    } else if !removed.is_empty() {
        EditOutcome::Untainted
    } else {
        EditOutcome::Unchanged
    };
    Ok(TaintEdit {
        taints,
        outcome,
        added,
        updated,
        removed,
    })
}

fn removal_matches(r: &TaintRemoval, t: &Taint) -> bool {
    t.key == r.key && r.effect.is_none_or(|e| t.effect == e.as_str())
}

fn new_taint(spec: &TaintSpec, now: Timestamp) -> Taint {
    let time_added = spec.effect.is_timed().then(|| Time(whole_seconds(now)));
    Taint {
        key: spec.key.clone(),
        value: spec.value.clone(),
        effect: spec.effect.as_str().to_string(),
        time_added,
    }
}

fn whole_seconds(t: Timestamp) -> Timestamp {
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}

/// Whether the edit adds (not just keeps) a taint that can evict workloads.
pub fn adds_evicting_taint(changes: &TaintChanges) -> Option<TaintEffect> {
    changes.add.iter().map(|s| s.effect).find(|e| e.evicts())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::taint_spec::parse_changes;

    fn now() -> Timestamp {
        "2026-11-22T12:00:00.750Z".parse().unwrap()
    }

    fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
        crate::api::taint::taint(key, value, effect)
    }

    fn edit(current: &[Taint], words: &[&str], overwrite: bool) -> Result<TaintEdit, EditError> {
        edit_taints(
            current,
            &parse_changes(words.iter().copied()).unwrap(),
            overwrite,
            now(),
        )
    }

    #[test]
    fn adds_with_time_for_evicting_effects_only() {
        let e = edit(
            &[],
            &["a=1:NoSchedule", "b:NoExecute", "c:PreferNoExecute"],
            false,
        )
        .unwrap();
        assert_eq!(e.outcome, EditOutcome::Tainted);
        assert_eq!(e.taints[0].time_added, None);
        let stamped = e.taints[1].time_added.as_ref().unwrap().0;
        assert_eq!(stamped.to_string(), "2026-11-22T12:00:00Z");
        assert!(e.taints[2].time_added.is_some());
    }

    #[test]
    fn identical_taint_is_unchanged_and_keeps_its_time() {
        let mut t = taint("a", Some("1"), "NoExecute");
        t.time_added = Some(Time("2026-11-22T11:00:00Z".parse().unwrap()));
        let e = edit(std::slice::from_ref(&t), &["a=1:NoExecute"], false).unwrap();
        assert_eq!(e.outcome, EditOutcome::Unchanged);
        assert_eq!(e.taints, vec![t]);
    }

    #[test]
    fn changing_a_value_needs_overwrite() {
        let cur = [taint("a", Some("1"), "NoSchedule")];
        assert!(matches!(
            edit(&cur, &["a=2:NoSchedule"], false),
            Err(EditError::NeedsOverwrite { .. })
        ));
        let e = edit(&cur, &["a=2:NoSchedule"], true).unwrap();
        assert_eq!(e.taints, vec![taint("a", Some("2"), "NoSchedule")]);
        assert_eq!(e.updated, vec!["a=2:NoSchedule"]);
    }

    #[test]
    fn removes_by_effect_or_by_key_and_keeps_order() {
        let cur = [
            taint("x", None, "NoSchedule"),
            taint("a", None, "NoSchedule"),
            taint("a", None, "NoExecute"),
            taint("y", None, "NoSchedule"),
        ];
        let e = edit(&cur, &["a:NoExecute-"], false).unwrap();
        assert_eq!(e.outcome, EditOutcome::Untainted);
        assert_eq!(
            e.taints.iter().map(describe).collect::<Vec<_>>(),
            ["x:NoSchedule", "a:NoSchedule", "y:NoSchedule"]
        );
        let e = edit(&cur, &["a-"], false).unwrap();
        assert_eq!(
            e.taints.iter().map(describe).collect::<Vec<_>>(),
            ["x:NoSchedule", "y:NoSchedule"]
        );
        assert_eq!(e.removed.len(), 2);
    }

    #[test]
    fn removing_a_missing_taint_is_an_error() {
        let cur = [taint("a", None, "NoSchedule")];
        assert_eq!(
            edit(&cur, &["a:NoExecute-"], false),
            Err(EditError::NotFound {
                removal: "a:NoExecute-".into()
            })
        );
        assert!(edit(&[], &["a-"], false).is_err());
    }
}
