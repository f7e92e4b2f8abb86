//! Upstream `karmadactl taint` from its parsed arguments to the API call: the new taint
//! list, the word it prints, or the error it stops with. The argument reading itself
//! (`Complete`, `Validate`, kubectl's `ParseTaints`) is [`crate::api::taint_spec`]; the
//! tool's own taint edit ([`crate::engine::decide::taint_edit`]) differs from this on purpose
//! where `docs/semantics.md` says so, and the conformance checker holds each difference
//! against this module.
//!
//! - Without `--overwrite`, any addition whose key and effect a present taint has is an
//!   error naming their keys, checked before anything else (even when a removal would
//!   fail too).
//! - The new list is the additions, then the present taints no addition matches (key
//!   and effect), in order; then each removal deletes every taint with its key and
//!   effect (or, without an effect, its key). Removals that delete nothing are one
//!   aggregated error.
//! - The word: `modified` with `--overwrite`, or when the list length changed while
//!   merging and the last removal deleted something; `tainted` when the length changed;
//!   else `untainted`. The length test is upstream's own (`addTaints`), so an addition
//!   that replaces two taints of one key and effect can read `untainted`.
//!
//! Upstream: `pkg/karmadactl/taint/taint.go` (`updateTaints`, `checkIfTaintsAlreadyExists`,
//! `reorganizeTaints`, `addTaints`, `deleteTaints`, `deleteTaint`, `deleteTaintsByKey`).
//! Conformance: `taint_args`.
//! Karmada: master f8fdd02.

use std::fmt;

use super::admission::aggregate;
use crate::api::Taint;

/// The word upstream prints after `cluster/NAME`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Operation {
    /// `modified`.
    Modified,
    /// `tainted`.
    Tainted,
    /// `untainted`.
    Untainted,
}

impl Operation {
    /// The printed word.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What `updateTaints` leaves on the cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    /// The new `spec.taints`.
    pub taints: Vec<Taint>,
    /// The word printed.
    pub operation: Operation,
}

/// Why `updateTaints` stops (nothing is written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdateError {
    /// Additions whose key and effect exist, without `--overwrite`: the keys, joined
    /// with `,` (once per matching present taint).
    AlreadyExists { cluster: String, keys: String },
    /// Removals that removed nothing, as `KEY` or `KEY:EFFECT`.
    NotFound { removals: Vec<String> },
}

impl fmt::Display for UpdateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpdateError::AlreadyExists { cluster, keys } => write!(
                f,
                "cluster {cluster} already has {keys} taint(s) with same effect(s) and --overwrite is false"
            ),
            UpdateError::NotFound { removals } => f.write_str(&aggregate(
                removals.iter().map(|r| format!("taint {r:?} not found")),
            )),
        }
    }
}

fn same(a: &Taint, b: &Taint) -> bool {
    a.key == b.key && a.effect == b.effect
}

/// `corev1.Taint.ToString()` of a removal (its value is dropped when parsed).
fn removal_name(t: &Taint) -> String {
    if t.effect.is_empty() {
        t.key.clone()
    } else {
        format!("{}:{}", t.key, t.effect)
    }
}

/// Upstream's `updateTaints` on cluster `cluster` holding `existing`, with the parsed
/// `add` and `remove` lists (a removal without effect has an empty `effect`).
pub fn update_taints(
    cluster: &str,
    existing: &[Taint],
    add: &[Taint],
    remove: &[Taint],
    overwrite: bool,
) -> Result<Update, UpdateError> {
    if !overwrite {
        let keys: Vec<&str> = add
            .iter()
            .flat_map(|a| {
                existing
                    .iter()
                    .filter(move |o| same(a, o))
                    .map(|_| a.key.as_str())
            })
            .collect();
        if !keys.is_empty() {
            return Err(UpdateError::AlreadyExists {
                cluster: cluster.to_string(),
                keys: keys.join(","),
            });
        }
    }
    let mut taints: Vec<Taint> = add.to_vec();
    for old in existing {
        if !taints.iter().any(|t| same(t, old)) {
            taints.push(old.clone());
        }
    }
    let added = existing.len() != taints.len();
    let mut missing = Vec::new();
    let mut deleted = false;
    for r in remove {
        let before = taints.len();
        if r.effect.is_empty() {
            taints.retain(|t| t.key != r.key);
        } else {
            taints.retain(|t| !same(t, r));
        }
        // Upstream keeps only the last removal's answer.
        deleted = taints.len() != before;
        if !deleted {
            missing.push(removal_name(r));
        }
    }
    if !missing.is_empty() {
        return Err(UpdateError::NotFound { removals: missing });
    }
    let operation = if (added && deleted) || overwrite {
        Operation::Modified
    } else if added {
        Operation::Tainted
    } else {
        Operation::Untainted
    };
    Ok(Update { taints, operation })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(key: &str, value: &str, effect: &str) -> Taint {
        Taint {
            key: key.into(),
            value: (!value.is_empty()).then(|| value.into()),
            effect: effect.into(),
            time_added: None,
        }
    }

    #[test]
    fn the_overwrite_conflict_comes_before_a_failing_removal() {
        let existing = [t("a", "x", "NoSchedule")];
        let err = update_taints(
            "m1",
            &existing,
            &[t("a", "x", "NoSchedule")],
            &[t("zz", "", "")],
            false,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "cluster m1 already has a taint(s) with same effect(s) and --overwrite is false"
        );
    }

    #[test]
    fn an_addition_and_a_removal_can_read_untainted() {
        // A present duplicate (key and effect) is dropped while merging, so the merged
        // list is as long as the old one although `c` was added: upstream's length test
        // says nothing was added, and the removal makes it `untainted`.
        let existing = [
            t("a", "1", "NoSchedule"),
            t("a", "2", "NoSchedule"),
            t("b", "", "NoExecute"),
        ];
        let up = update_taints(
            "m1",
            &existing,
            &[t("c", "", "NoSchedule")],
            &[t("b", "", "")],
            false,
        )
        .unwrap();
        assert_eq!(up.operation, Operation::Untainted);
        let keys: Vec<&str> = up.taints.iter().map(|t| t.key.as_str()).collect();
        assert_eq!(keys, ["c", "a"]);
        // Without the duplicate, the same change is `modified`.
        let up = update_taints(
            "m1",
            &existing[1..],
            &[t("c", "", "NoSchedule")],
            &[t("b", "", "")],
            false,
        )
        .unwrap();
        assert_eq!(up.operation, Operation::Modified);
    }

    #[test]
    fn not_found_removals_are_aggregated_once() {
        let err = update_taints(
            "m1",
            &[],
            &[],
            &[t("a", "", ""), t("b", "", "NoSchedule"), t("a", "", "")],
            false,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"[taint "a" not found, taint "b:NoSchedule" not found]"#
        );
    }

    #[test]
    fn the_new_list_puts_additions_first() {
        let existing = [t("x", "", "NoSchedule"), t("y", "", "NoExecute")];
        let up = update_taints("m1", &existing, &[t("z", "1", "NoSchedule")], &[], false).unwrap();
        let keys: Vec<&str> = up.taints.iter().map(|t| t.key.as_str()).collect();
        assert_eq!(keys, ["z", "x", "y"]);
        assert_eq!(up.operation, Operation::Tainted);
    }
}
