//! The pure taint edit: current taints + requested changes + now -> new taints.

use jiff::Timestamp;
use serde::Serialize;

use crate::api::taint::describe_taint as describe;
use crate::api::taint::UNSCHEDULABLE_TAINT_KEY;
use crate::api::taint_spec::{TaintChanges, TaintRemoval, TaintSpec};
use crate::api::{Taint, TaintEffect, Time};
use crate::engine::karmada::karmadactl_taint::{self, Operation};

/// What an edit does to one cluster.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintEdit {
    /// The complete taint list after the edit.
    pub taints: Vec<Taint>,
    /// Overall result: upstream karmadactl's word, or `unchanged`.
    pub outcome: EditOutcome,
    /// Specs of taints added.
    pub added: Vec<String>,
    /// Specs of taints whose value changed (`--overwrite`).
    pub updated: Vec<String>,
    /// Specs of taints removed.
    pub removed: Vec<String>,
}

/// The overall result of an edit on one cluster: the word upstream karmadactl prints for
/// the same change (decided by list lengths, see [`upstream_word`]), or `Unchanged` when
/// nothing is written. What changed is in [`TaintEdit`]'s `added`, `updated`, `removed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum EditOutcome {
    /// Upstream's `tainted`.
    Tainted,
    /// Upstream's `modified`.
    Modified,
    /// Upstream's `untainted`.
    Untainted,
    /// The cluster already looked as asked: nothing is written.
    Unchanged,
}

impl EditOutcome {
    /// The word printed after the cluster name.
    pub fn as_str(self) -> &'static str {
        match self {
            EditOutcome::Tainted => "tainted",
            EditOutcome::Modified => "modified",
            EditOutcome::Untainted => "untainted",
            EditOutcome::Unchanged => "unchanged",
        }
    }
}

/// Why an edit cannot be applied to a cluster (a validation error: nothing is written).
#[derive(Clone, Debug, PartialEq)]
pub enum EditError {
    /// Taints with these keys and effects exist with other values and `--overwrite` was
    /// not given.
    NeedsOverwrite { existing: Vec<String> },
    /// These removals matched no taint. `satisfied` is the edit with them taken as done:
    /// what a retry applies when its own earlier write (or another writer) already removed
    /// them after the first read found them.
    NotFound {
        removals: Vec<String>,
        satisfied: Box<TaintEdit>,
    },
    /// Karmada's API would reject the resulting taint list (the broken rules).
    Rejected { rules: Vec<String> },
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NeedsOverwrite { existing } => write!(
                f,
                "already has taint(s) {} with another value; pass --overwrite to replace",
                existing.join(", ")
            ),
            EditError::NotFound { removals, .. } => {
                let list: Vec<String> = removals.iter().map(|r| format!("{r:?}")).collect();
                write!(f, "taint {} not found", list.join(", "))
            }
            EditError::Rejected { rules } => write!(
                f,
                "Karmada's API would reject the resulting taints: {}",
                rules.join("; ")
            ),
        }
    }
}

/// Apply `changes` to `current`, as upstream karmadactl's `taint` does (family
/// `taint_args`), with these deliberate differences (`docs/semantics.md`):
/// - an addition identical to a present taint (key, value, effect) leaves it alone,
///   `timeAdded` included, instead of needing `--overwrite`: repeating a command never
///   restarts a toleration clock;
/// - `--overwrite` changes the value in place and keeps `timeAdded` for the same reason;
/// - a new `NoExecute` (or the proposal's `PreferNoExecute`) taint gets `timeAdded = now`
///   (UTC, whole seconds), as Karmada's own Cluster API would stamp it;
/// - the order of the present taints is kept and new ones are appended.
///
/// As upstream: without `--overwrite`, an addition whose key and effect exist with
/// another value is an error; the additions replace every present taint with their key
/// and effect; then each removal (`KEY:EFFECT-` or every effect with `KEY-`) removes its
/// matches from the list as it stands, and every removal that removes nothing is named
/// in one error (once). A taint with the key and effect of an earlier one is dropped.
pub fn edit_taints(
    current: &[Taint],
    changes: &TaintChanges,
    overwrite: bool,
    now: Timestamp,
) -> Result<TaintEdit, EditError> {
    let same = |t: &Taint, s: &TaintSpec| t.key == s.key && t.effect == s.effect.as_str();
    let value_of = |t: &Taint| t.value.clone().unwrap_or_default();
    if !overwrite {
        let existing: Vec<String> = changes
            .add
            .iter()
            .flat_map(|s| {
                current.iter().filter(move |t| {
                    same(t, s) && value_of(t) != s.value.clone().unwrap_or_default()
                })
            })
            .map(describe)
            .collect();
        if !existing.is_empty() {
            return Err(EditError::NeedsOverwrite { existing });
        }
    }

    let mut taints: Vec<Taint> = current.to_vec();
    let (mut added, mut updated, mut removed) = (Vec::new(), Vec::new(), Vec::new());
    for spec in &changes.add {
        match taints.iter().position(|t| same(t, spec)) {
            Some(first) => {
                let wanted = spec.value.clone().unwrap_or_default();
                if value_of(&taints[first]) != wanted {
                    taints[first].value = spec.value.clone();
                    updated.push(spec.to_string());
                }
                // Any further taint with the same key and effect is replaced too.
                let mut i = 0;
                taints.retain(|t| {
                    let keep = i <= first || !same(t, spec);
                    if !keep {
                        removed.push(describe(t));
                    }
                    i += 1;
                    keep
                });
            }
            None => {
                taints.push(new_taint(spec, now));
                added.push(spec.to_string());
            }
        }
    }

    // As upstream rebuilds the list, a later taint with the key and effect of an earlier
    // one is dropped (Karmada's API would reject the pair anyway).
    let mut seen: Vec<(String, String)> = Vec::with_capacity(taints.len());
    taints.retain(|t| {
        let id = (t.key.clone(), t.effect.clone());
        if seen.contains(&id) {
            removed.push(describe(t));
            false
        } else {
            seen.push(id);
            true
        }
    });

    let mut missing: Vec<String> = Vec::new();
    for r in &changes.remove {
        let before = taints.len();
        taints.retain(|t| {
            let hit = removal_matches(r, t);
            if hit {
                removed.push(describe(t));
            }
            !hit
        });
        let name = match r.effect {
            Some(e) => format!("{}:{e}", r.key),
            None => r.key.clone(),
        };
        if taints.len() == before && !missing.contains(&name) {
            missing.push(name);
        }
    }
    let outcome = if added.is_empty() && updated.is_empty() && removed.is_empty() {
        EditOutcome::Unchanged
    } else {
        upstream_word(current, changes, overwrite)
    };
    let edit = TaintEdit {
        taints,
        outcome,
        added,
        updated,
        removed,
    };
    if missing.is_empty() {
        Ok(edit)
    } else {
        Err(EditError::NotFound {
            removals: missing,
            satisfied: Box::new(edit),
        })
    }
}

/// The word upstream's `updateTaints` prints for this change (the twin,
/// [`karmadactl_taint::update_taints`]): `modified` with `--overwrite`, else by comparing
/// list lengths, which on a cluster holding two taints of one key and effect can read
/// `tainted` for a removal or `untainted` for an addition. An addition identical to a
/// present taint, which upstream refuses without `--overwrite` and this tool leaves alone,
/// is left out of upstream's lists.
fn upstream_word(current: &[Taint], changes: &TaintChanges, overwrite: bool) -> EditOutcome {
    let identical = |s: &TaintSpec| {
        current.iter().any(|t| {
            t.key == s.key
                && t.effect == s.effect.as_str()
                && t.value.clone().unwrap_or_default() == s.value.clone().unwrap_or_default()
        })
    };
    let add: Vec<Taint> = changes
        .add
        .iter()
        .filter(|s| overwrite || !identical(s))
        .map(|s| new_taint(s, Timestamp::UNIX_EPOCH))
        .collect();
    let remove: Vec<Taint> = changes
        .remove
        .iter()
        .map(|r| Taint {
            key: r.key.clone(),
            value: None,
            effect: r.effect.map(|e| e.as_str().to_string()).unwrap_or_default(),
            time_added: None,
        })
        .collect();
    match karmadactl_taint::update_taints("", current, &add, &remove, overwrite) {
        Ok(up) => match up.operation {
            Operation::Modified => EditOutcome::Modified,
            Operation::Tainted => EditOutcome::Tainted,
            Operation::Untainted => EditOutcome::Untainted,
        },
        // Not reached for an edit this tool accepts; say what it does.
        Err(_) if changes.add.is_empty() => EditOutcome::Untainted,
        Err(_) => EditOutcome::Modified,
    }
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

/// Add the unschedulable taint unless present (any value counts as cordoned).
pub fn cordon_edit(current: &[Taint], now: Timestamp) -> Result<TaintEdit, EditError> {
    if current.iter().any(is_cordon_taint) {
        return edit_taints(current, &TaintChanges::default(), false, now);
    }
    let add = TaintSpec {
        key: UNSCHEDULABLE_TAINT_KEY.into(),
        value: None,
        effect: TaintEffect::NoSchedule,
    };
    edit_taints(
        current,
        &TaintChanges {
            add: vec![add],
            remove: vec![],
        },
        false,
        now,
    )
}

/// Remove the unschedulable taint if present.
pub fn uncordon_edit(current: &[Taint], now: Timestamp) -> Result<TaintEdit, EditError> {
    let remove = if current.iter().any(is_cordon_taint) {
        vec![TaintRemoval {
            key: UNSCHEDULABLE_TAINT_KEY.into(),
            effect: Some(TaintEffect::NoSchedule),
        }]
    } else {
        vec![]
    };
    edit_taints(
        current,
        &TaintChanges {
            add: vec![],
            remove,
        },
        false,
        now,
    )
}

/// Whether `t` is the cordon taint.
pub fn is_cordon_taint(t: &Taint) -> bool {
    t.key == UNSCHEDULABLE_TAINT_KEY && t.effect == TaintEffect::NoSchedule.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::taint_spec::{parse_changes, Effects};

    fn now() -> Timestamp {
        "2026-11-22T12:00:00.750Z".parse().unwrap()
    }

    fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
        crate::api::taint::taint(key, value, effect)
    }

    fn edit(current: &[Taint], words: &[&str], overwrite: bool) -> Result<TaintEdit, EditError> {
        edit_taints(
            current,
            &parse_changes(words.iter().copied(), Effects::WithProposal).unwrap(),
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
    fn the_word_is_upstreams_by_list_lengths() {
        // Karmada's Cluster API accepts two taints with one key and effect; the edit
        // keeps the first, and says it removed the second.
        let cur = [
            taint("d", Some("1"), "NoSchedule"),
            taint("d", Some("2"), "NoSchedule"),
        ];
        let e = edit(&cur, &["new:NoSchedule"], false).unwrap();
        assert_eq!(e.added, vec!["new:NoSchedule"]);
        assert_eq!(e.removed, vec!["d=2:NoSchedule"]);
        // Upstream: the merged list is as long as the old one, so nothing was "added".
        assert_eq!(e.outcome, EditOutcome::Untainted);
        assert_eq!(
            edit(&cur, &["new:NoSchedule"], true).unwrap().outcome,
            EditOutcome::Modified
        );
        let alone = edit(&cur[..1], &["new:NoSchedule"], false).unwrap();
        assert_eq!(alone.outcome, EditOutcome::Tainted);
        // A removal beside a dropped duplicate: the lengths differ and it removed.
        let mut with_other = cur.to_vec();
        with_other.push(taint("o", None, "NoExecute"));
        let e = edit(&with_other, &["o:NoExecute-"], false).unwrap();
        assert_eq!(e.outcome, EditOutcome::Modified);
        // Dropping an identical duplicate only (an identical addition, which upstream
        // refuses): upstream's word for the command without it, "tainted".
        let same = [cur[0].clone(), cur[0].clone()];
        let e = edit(&same, &["d=1:NoSchedule"], false).unwrap();
        assert_eq!(e.taints, same[..1].to_vec());
        assert_eq!(e.outcome, EditOutcome::Tainted);
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
        let missing = |r: Result<TaintEdit, EditError>| match r {
            Err(EditError::NotFound {
                removals,
                satisfied,
            }) => (removals, satisfied.taints),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            missing(edit(&cur, &["a:NoExecute-"], false)),
            (vec!["a:NoExecute".into()], cur.to_vec())
        );
        assert!(edit(&[], &["a-"], false).is_err());
        // Removals apply in turn: the second finds nothing; every miss is named once.
        assert_eq!(
            missing(edit(&cur, &["a-", "a-", "a-", "b:NoSchedule-"], false)),
            (vec!["a".into(), "b:NoSchedule".into()], vec![])
        );
    }

    #[test]
    fn an_addition_replaces_every_taint_with_its_key_and_effect() {
        let cur = [
            taint("a", Some("1"), "NoSchedule"),
            taint("x", None, "NoExecute"),
            taint("a", Some("2"), "NoSchedule"),
        ];
        let e = edit(&cur, &["a=3:NoSchedule"], true).unwrap();
        assert_eq!(
            e.taints.iter().map(describe).collect::<Vec<_>>(),
            ["a=3:NoSchedule", "x:NoExecute"]
        );
        // A duplicate no change names is dropped too, the first one kept.
        let cur = [
            taint("d", Some("1"), "NoExecute"),
            taint("d", Some("2"), "NoExecute"),
        ];
        let e = edit(&cur, &["z:NoSchedule"], false).unwrap();
        assert_eq!(
            e.taints.iter().map(describe).collect::<Vec<_>>(),
            ["d=1:NoExecute", "z:NoSchedule"]
        );
    }

    #[test]
    fn cordon_is_idempotent() {
        let now = Timestamp::UNIX_EPOCH;
        let once = cordon_edit(&[], now).unwrap();
        assert_eq!(once.outcome, EditOutcome::Tainted);
        let twice = cordon_edit(&once.taints, now).unwrap();
        assert_eq!(twice.outcome, EditOutcome::Unchanged);
        let off = uncordon_edit(&once.taints, now).unwrap();
        assert_eq!(off.outcome, EditOutcome::Untainted);
        assert!(off.taints.is_empty());
        assert_eq!(
            uncordon_edit(&[], now).unwrap().outcome,
            EditOutcome::Unchanged
        );
    }
}
