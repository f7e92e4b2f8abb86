//! Family `taint_args`: upstream karmadactl `taint` up to its API call. The tool accepts
//! and rejects what upstream does at the same stage and produces the same set of taints,
//! except for the deliberate differences of `docs/semantics.md`, which are asserted
//! where they apply:
//!
//! - D1: an addition identical to a present taint is left alone (upstream: an error
//!   without `--overwrite`, and a rewrite with it);
//! - D2: an effect Karmada's API rejects on a cluster is refused before anything is sent
//!   (upstream's parser takes `PreferNoSchedule`), and so is any result Karmada's API
//!   would reject;
//! - D3: `--overwrite` keeps `timeAdded`, and new `NoExecute` taints get `timeAdded`;
//! - D4: the word is upstream's (by list lengths, `modified` with `--overwrite`) wherever
//!   the tool writes, and `unchanged` where it writes nothing; where upstream refuses an
//!   identical addition (D1), the word upstream prints for the command without it;
//! - D7: as an identical addition is no conflict (D1), a command that also removes a
//!   taint that is not there fails with `not found` (upstream: the `--overwrite` error,
//!   which it checks first).
//!
//! Upstream's own answer is computed by the twin, `engine::karmada::karmadactl_taint`,
//! from upstream's parsed lists, and must equal the vector exactly (list order, word,
//! output line, error text).

use std::collections::BTreeMap;

use jiff::Timestamp;
use karmadactl::api::taint::validate_cluster_taints;
use karmadactl::api::taint_spec::{parse_taint_args, ArgsStage, TaintChanges};
use karmadactl::api::{Taint, Time};
use karmadactl::engine::decide::taint_edit::{edit_taints, EditError, EditOutcome, TaintEdit};
use karmadactl::engine::karmada::karmadactl_taint::{update_taints, UpdateError};
use serde_json::Value;

use super::Check;

/// Check one vector of this family; `None` for other families.
pub fn check(family: &str, input: &Value, expected: &Value) -> Check {
    (family == "taint_args").then(|| twin(input, expected).and_then(|()| vector(input, expected)))
}

/// The twin of upstream's `updateTaints`, fed upstream's parsed lists, gives the
/// vector's answer exactly.
fn twin(input: &Value, expected: &Value) -> Result<(), String> {
    let stage = expected["stage"].as_str();
    if matches!(stage, Some("complete" | "validate")) {
        return Ok(());
    }
    let existing = taints(&input["existingTaints"])?;
    let add = taints(&expected["taintsToAdd"])?;
    let remove = taints(&expected["taintsToRemove"])?;
    let overwrite = input["overwrite"].as_bool().unwrap_or(false);
    let name = first_name(input);
    match (
        stage,
        update_taints(&name, &existing, &add, &remove, overwrite),
    ) {
        (Some(_), Err(e)) if e.to_string() == expected["error"].as_str().unwrap_or_default() => {
            Ok(())
        }
        (None, Ok(up)) => {
            let want = taints(&expected["taints"])?;
            let output = format!("cluster/{name} {}", up.operation.as_str());
            if up.taints != want {
                Err(format!("twin taints {:?}, upstream {want:?}", up.taints))
            } else if Some(up.operation.as_str()) != expected["operation"].as_str() {
                Err(format!(
                    "twin word {:?}, upstream {}",
                    up.operation, expected["operation"]
                ))
            } else if Some(output.as_str()) != expected["output"].as_str() {
                Err(format!(
                    "twin prints {output:?}, upstream {}",
                    expected["output"]
                ))
            } else {
                Ok(())
            }
        }
        (_, other) => Err(format!("twin answers {other:?}; upstream {expected}")),
    }
}

/// The first cluster name of the arguments (the one upstream's error names).
fn first_name(input: &Value) -> String {
    input["args"]
        .as_array()
        .and_then(|a| a.get(1))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

enum Ours {
    Refused(ArgsStage, String),
    Update(EditError),
    Rejected(Vec<String>),
    Done(TaintChanges, TaintEdit),
}

fn now() -> Timestamp {
    "2026-11-22T12:00:00Z".parse().unwrap()
}

fn taints(v: &Value) -> Result<Vec<Taint>, String> {
    if v.is_null() {
        return Ok(Vec::new());
    }
    serde_json::from_value(v.clone()).map_err(|e| e.to_string())
}

fn run(args: &[&str], existing: &[Taint], overwrite: bool) -> Ours {
    let parsed = match parse_taint_args(args, false) {
        Ok(p) => p,
        Err(e) => return Ours::Refused(e.stage, e.message),
    };
    match edit_taints(existing, &parsed.changes, overwrite, now()) {
        Err(e) => Ours::Update(e),
        Ok(edit) => {
            if edit.outcome != EditOutcome::Unchanged {
                if let Err(v) = validate_cluster_taints(&edit.taints) {
                    return Ours::Rejected(v.iter().map(ToString::to_string).collect());
                }
            }
            Ours::Done(parsed.changes, edit)
        }
    }
}

/// `(key, value, effect)` of each taint, in order.
fn triples(list: &[Taint]) -> Vec<(String, String, String)> {
    list.iter()
        .map(|t| {
            (
                t.key.clone(),
                t.value.clone().unwrap_or_default(),
                t.effect.clone(),
            )
        })
        .collect()
}

/// The list as a multiset.
fn set(list: &[Taint]) -> Vec<(String, String, String)> {
    let mut v = triples(list);
    v.sort();
    v
}

fn vector(input: &Value, expected: &Value) -> Result<(), String> {
    let args: Vec<String> =
        serde_json::from_value(input["args"].clone()).map_err(|e| e.to_string())?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let existing = taints(&input["existingTaints"])?;
    let overwrite = input["overwrite"].as_bool().unwrap_or(false);
    let ours = run(&args, &existing, overwrite);
    let stage = expected["stage"].as_str();
    let error = expected["error"].as_str().unwrap_or_default();
    let up_add = taints(&expected["taintsToAdd"])?;

    match (stage, ours) {
        // Refused while reading or checking the arguments: the same stage.
        (Some("complete"), Ours::Refused(ArgsStage::Complete, _))
        | (Some("validate"), Ours::Refused(ArgsStage::Validate, _)) => Ok(()),
        (Some(s @ ("complete" | "validate")), other) => Err(format!(
            "upstream refuses at {s} ({error}); we {}",
            describe(&other)
        )),
        // D2: an addition with an effect Karmada's API refuses on a cluster.
        (_, Ours::Refused(ArgsStage::Validate, msg)) if msg.contains("accepts only") => {
            if up_add.iter().any(|t| t.effect == "PreferNoSchedule") {
                Ok(())
            } else {
                Err(format!(
                    "we refuse ({msg}) but nothing to add is PreferNoSchedule"
                ))
            }
        }
        (_, Ours::Refused(stage, msg)) => Err(format!(
            "upstream accepts the arguments; we refuse at {stage:?}: {msg}"
        )),
        // Update stage, upstream: a present key and effect without --overwrite.
        (Some("update"), Ours::Update(EditError::NeedsOverwrite { .. }))
            if error.contains("--overwrite is false") =>
        {
            Ok(())
        }
        (Some("update"), Ours::Done(changes, edit)) if error.contains("--overwrite is false") => {
            // D1: every clashing addition is identical to the taint present.
            let identical = changes.add.iter().all(|a| {
                existing
                    .iter()
                    .filter(|t| t.key == a.key && t.effect == a.effect.as_str())
                    .all(|t| {
                        t.value.clone().unwrap_or_default() == a.value.clone().unwrap_or_default()
                    })
            });
            let same = edit_taints(&existing, &changes, true, now())
                .map(|e| e.taints == edit.taints)
                .unwrap_or(false);
            if !(identical && same) {
                return Err(format!(
                    "upstream: {error}; we accept a change that is not D1"
                ));
            }
            d1_word(
                &existing,
                &expected["taintsToAdd"],
                &expected["taintsToRemove"],
                &edit,
            )
        }
        (Some("update"), Ours::Rejected(_)) if error.contains("--overwrite is false") => Ok(()),
        // D7: every clash is identical (D1), so our error is upstream's next one.
        (Some("update"), Ours::Update(EditError::NotFound { removals, .. }))
            if error.contains("--overwrite is false") =>
        {
            let identical = parsed_adds(&args).iter().all(|a| {
                let wanted = a.value.clone().unwrap_or_default();
                clashes(&existing, a).all(|t| value(t) == wanted)
            });
            let remove = taints(&expected["taintsToRemove"])?;
            let next = update_taints("", &existing, &up_add, &remove, true);
            match next {
                Err(UpdateError::NotFound { removals: up }) if identical && up == removals => {
                    Ok(())
                }
                other => Err(format!(
                    "upstream: {error}; we: not found {removals:?} (not D7: {other:?})"
                )),
            }
        }
        // Update stage, upstream: removals that remove nothing.
        (Some("update"), Ours::Update(EditError::NotFound { removals, .. })) => {
            let named: Vec<String> = removals
                .iter()
                .map(|r| format!("taint {r:?} not found"))
                .collect();
            let want: Vec<&str> = error
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(", ")
                .collect();
            (named == want)
                .then_some(())
                .ok_or_else(|| format!("not found: upstream {want:?}, we {named:?}"))
        }
        (Some(other), ours) => Err(format!(
            "upstream fails at {other} ({error}); we {}",
            describe(&ours)
        )),
        // Accepted upstream.
        (None, Ours::Rejected(rules)) => {
            // D2: upstream's own result would be rejected by Karmada's API.
            let up = taints(&expected["taints"])?;
            validate_cluster_taints(&up)
                .is_err()
                .then_some(())
                .ok_or_else(|| format!("we reject a result Karmada would accept: {rules:?}"))
        }
        (None, Ours::Done(changes, edit)) => accepted(&existing, &changes, &edit, expected),
        (None, ours) => Err(format!("upstream accepts; we {}", describe(&ours))),
    }
}

fn accepted(
    existing: &[Taint],
    changes: &TaintChanges,
    edit: &TaintEdit,
    expected: &Value,
) -> Result<(), String> {
    let up = taints(&expected["taints"])?;
    if set(&edit.taints) != set(&up) {
        return Err(format!(
            "taints: upstream {:?}, we {:?}",
            set(&up),
            set(&edit.taints)
        ));
    }
    // The parsed changes are upstream's.
    let up_add = taints(&expected["taintsToAdd"])?;
    let ours_add: Vec<Taint> = changes
        .add
        .iter()
        .map(|a| Taint {
            key: a.key.clone(),
            value: a.value.clone(),
            effect: a.effect.to_string(),
            time_added: None,
        })
        .collect();
    let (ours_add, up_add) = (triples(&ours_add), triples(&up_add));
    if ours_add != up_add {
        return Err(format!("taintsToAdd: upstream {up_add:?}, we {ours_add:?}"));
    }
    // D3: timeAdded. Present taints keep theirs (also when overwritten); new NoExecute
    // taints are stamped now.
    let mut before: BTreeMap<(&str, &str), Option<&Time>> = BTreeMap::new();
    for t in existing {
        before
            .entry((t.key.as_str(), t.effect.as_str()))
            .or_insert(t.time_added.as_ref());
    }
    for t in &edit.taints {
        let want = match before.get(&(t.key.as_str(), t.effect.as_str())) {
            Some(time) => time.cloned(),
            None if t.effect == "NoExecute" => Some(Time(now())),
            None => None,
        };
        if t.time_added != want {
            return Err(format!(
                "timeAdded of {}:{}: {:?}, want {want:?}",
                t.key, t.effect, t.time_added
            ));
        }
    }
    // The word is upstream's (by list lengths), wherever the tool writes.
    if edit.outcome == EditOutcome::Unchanged {
        if edit.taints != existing {
            return Err("we say unchanged but the taints change".into());
        }
    } else if Some(edit.outcome.as_str()) != expected["operation"].as_str() {
        return Err(format!(
            "operation: we say {}, upstream {}",
            edit.outcome.as_str(),
            expected["operation"]
        ));
    }
    Ok(())
}

/// D1: where upstream refuses an identical addition, our word is the one upstream prints
/// for the same command without it (`unchanged` when nothing is written).
fn d1_word(
    existing: &[Taint],
    add: &Value,
    remove: &Value,
    edit: &TaintEdit,
) -> Result<(), String> {
    if edit.outcome == EditOutcome::Unchanged {
        return (edit.taints == existing)
            .then_some(())
            .ok_or_else(|| "we say unchanged but the taints change".to_string());
    }
    let add: Vec<Taint> = taints(add)?
        .into_iter()
        .filter(|a| !clashes_taint(existing, a).any(|t| value(t) == value(a)))
        .collect();
    let remove = taints(remove)?;
    match update_taints("", existing, &add, &remove, false) {
        Ok(up) if up.operation.as_str() == edit.outcome.as_str() => Ok(()),
        other => Err(format!(
            "D1: we say {}, upstream without the identical additions {other:?}",
            edit.outcome.as_str()
        )),
    }
}

fn clashes_taint<'a>(existing: &'a [Taint], add: &'a Taint) -> impl Iterator<Item = &'a Taint> {
    existing
        .iter()
        .filter(move |t| t.key == add.key && t.effect == add.effect)
}

/// Our parsed additions (the arguments parsed as far as the update stage).
fn parsed_adds(args: &[&str]) -> Vec<karmadactl::api::taint_spec::TaintSpec> {
    parse_taint_args(args, false)
        .map(|p| p.changes.add)
        .unwrap_or_default()
}

/// The present taints an addition clashes with (same key and effect).
fn clashes<'a>(
    existing: &'a [Taint],
    add: &'a karmadactl::api::taint_spec::TaintSpec,
) -> impl Iterator<Item = &'a Taint> {
    existing
        .iter()
        .filter(move |t| t.key == add.key && t.effect == add.effect.as_str())
}

fn value(t: &Taint) -> String {
    t.value.clone().unwrap_or_default()
}

fn describe(o: &Ours) -> String {
    match o {
        Ours::Refused(stage, m) => format!("refuse at {stage:?}: {m}"),
        Ours::Update(e) => format!("fail the update: {e}"),
        Ours::Rejected(r) => format!("reject the result: {r:?}"),
        Ours::Done(_, e) => format!("accept ({:?})", e.outcome),
    }
}
