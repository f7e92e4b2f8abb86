//! Taint specs as operators type them (`KEY[=VALUE]:EFFECT`, `KEY:EFFECT-`, `KEY-`), and
//! the argument list of `taint`, read the way upstream karmadactl reads it (family
//! `taint_args`): the same grammar, the same checks in the same order and at the same
//! stage, in this tool's own words. Deliberate differences are listed in
//! `docs/semantics.md`.

use std::fmt;

use super::taint::{effect_remark, validate_key, validate_value, TaintEffect, CLUSTER_EFFECTS};

/// A taint to add: `KEY[=VALUE]:EFFECT`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintSpec {
    pub key: String,
    pub value: Option<String>,
    pub effect: TaintEffect,
}

/// A taint to remove: `KEY:EFFECT-` (one effect) or `KEY-` (every effect).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintRemoval {
    pub key: String,
    pub effect: Option<TaintEffect>,
}

/// Everything one command asks to change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaintChanges {
    pub add: Vec<TaintSpec>,
    pub remove: Vec<TaintRemoval>,
}

impl fmt::Display for TaintSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={}:{}", self.key, v, self.effect),
            None => write!(f, "{}:{}", self.key, self.effect),
        }
    }
}

impl fmt::Display for TaintRemoval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.effect {
            Some(e) => write!(f, "{}:{}-", self.key, e),
            None => write!(f, "{}-", self.key),
        }
    }
}

/// Which effects a parser takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effects {
    /// What upstream karmadactl's parser takes: `NoSchedule`, `PreferNoSchedule`,
    /// `NoExecute` (Karmada's API then rejects `PreferNoSchedule` on a cluster).
    Karmadactl,
    /// Those and the proposal's `PreferNoExecute`, for simulations.
    WithProposal,
}

impl Effects {
    fn allows(self, e: TaintEffect) -> bool {
        e != TaintEffect::PreferNoExecute || self == Effects::WithProposal
    }
}

/// Whether a command-line word is a taint spec rather than a cluster name: it contains
/// `=` or `:`, or ends with `-`.
pub fn looks_like_spec(word: &str) -> bool {
    word.contains('=') || word.contains(':') || word.ends_with('-')
}

/// The parts of one spec: key, value, effect (`None` when the spec has no `:`).
fn parse_spec(
    spec: &str,
    effects: Effects,
) -> Result<(String, String, Option<TaintEffect>), String> {
    let invalid = || format!("invalid taint spec {spec:?}");
    let parts: Vec<&str> = spec.split(':').collect();
    let (key, value, effect) = match parts.as_slice() {
        [key] => (*key, "", None),
        [kv, effect] => {
            let effect = match effect.parse::<TaintEffect>() {
                Ok(e) if effects.allows(e) => e,
                _ => {
                    return Err(format!(
                    "invalid taint effect {effect:?} in {spec:?}: use NoSchedule or NoExecute{}",
                    effect_remark(effect)
                ))
                }
            };
            let kv: Vec<&str> = kv.split('=').collect();
            let (key, value) = match kv.as_slice() {
                [key] => (*key, ""),
                [key, value] => (*key, *value),
                _ => return Err(format!("{}: more than one '='", invalid())),
            };
            validate_value(value).map_err(|e| format!("{}: {e}", invalid()))?;
            (key, value, Some(effect))
        }
        _ => return Err(format!("{}: more than one ':'", invalid())),
    };
    validate_key(key).map_err(|e| format!("{}: {e}", invalid()))?;
    Ok((key.to_string(), value.to_string(), effect))
}

/// Parse and validate taint specs in order: each word ending in `-` is a removal (its
/// value, if any, is checked and dropped), any other is an addition, which needs an
/// effect; two additions with the same key and effect are an error.
pub fn parse_changes<'a>(
    words: impl IntoIterator<Item = &'a str>,
    effects: Effects,
) -> Result<TaintChanges, String> {
    let mut changes = TaintChanges::default();
    for word in words {
        if let Some(body) = word.strip_suffix('-') {
            let (key, _, effect) = parse_spec(body, effects)?;
            changes.remove.push(TaintRemoval { key, effect });
        } else {
            let (key, value, effect) = parse_spec(word, effects)?;
            let Some(effect) = effect else {
                return Err(format!(
                    "invalid taint spec {word:?}: a taint to add needs an effect (KEY[=VALUE]:EFFECT)"
                ));
            };
            if changes
                .add
                .iter()
                .any(|a| a.key == key && a.effect == effect)
            {
                return Err(format!(
                    "taint {key}:{effect} is given more than once in this command"
                ));
            }
            changes.add.push(TaintSpec {
                key,
                value: (!value.is_empty()).then_some(value),
                effect,
            });
        }
    }
    Ok(changes)
}

/// Where upstream karmadactl would stop on a bad `taint` command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgsStage {
    /// Reading the arguments (`Complete`).
    Complete,
    /// Checking what they say (`Validate`).
    Validate,
}

/// A `taint` command line that cannot be carried out, and where it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgsError {
    pub stage: ArgsStage,
    pub message: String,
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A `taint` command line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintArgs {
    /// The resource type as typed (`clusters`, ...).
    pub resource: String,
    /// The cluster names.
    pub names: Vec<String>,
    /// The changes.
    pub changes: TaintChanges,
}

/// Resource types `taint` accepts: upstream's `cluster`/`clusters` (any case), and the
/// full names kubectl users type.
fn is_cluster_resource(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "cluster" | "clusters" | "cluster.cluster.karmada.io" | "clusters.cluster.karmada.io"
    )
}

fn complete(message: impl Into<String>) -> ArgsError {
    ArgsError {
        stage: ArgsStage::Complete,
        message: message.into(),
    }
}

fn validate(message: impl Into<String>) -> ArgsError {
    ArgsError {
        stage: ArgsStage::Validate,
        message: message.into(),
    }
}

/// Read the positional arguments of `taint` (resource type, names, then taint specs) as
/// upstream karmadactl does, in its order of checks. `selected` says that the clusters
/// are chosen otherwise (`-l` or `--all`), so no name is needed. Beyond upstream, any
/// taint to add whose effect Karmada's API refuses on a cluster is refused here.
pub fn parse_taint_args(args: &[&str], selected: bool) -> Result<TaintArgs, ArgsError> {
    // Complete: resources first, then taint specs.
    let mut resources: Vec<&str> = Vec::new();
    let mut specs: Vec<&str> = Vec::new();
    for &word in args {
        match (specs.is_empty(), looks_like_spec(word)) {
            (_, true) => specs.push(word),
            (true, false) => resources.push(word),
            (false, false) => {
                return Err(complete(format!(
                    "cluster names must come before the taint changes: {word:?} follows one"
                )))
            }
        }
    }
    let Some((&resource, names)) = resources.split_first() else {
        return Err(complete(
            "name the resource type and the clusters: taint clusters NAME... KEY[=VALUE]:EFFECT",
        ));
    };
    if specs.is_empty() {
        return Err(complete(
            "at least one taint change is required (KEY[=VALUE]:EFFECT, KEY:EFFECT- or KEY-)",
        ));
    }
    let changes = parse_changes(specs.iter().copied(), Effects::Karmadactl).map_err(complete)?;

    // Validate: the resource type, changes that contradict each other, the names.
    if !is_cluster_resource(resource) {
        return Err(validate(format!(
            "unsupported resource type {resource:?}: only clusters can be tainted"
        )));
    }
    let conflicts: Vec<String> = changes
        .add
        .iter()
        .flat_map(|a| {
            changes
                .remove
                .iter()
                .filter(move |r| r.key == a.key && r.effect.is_none_or(|e| e == a.effect))
        })
        .map(ToString::to_string)
        .collect();
    if !conflicts.is_empty() {
        return Err(validate(format!(
            "a taint cannot be both added and removed in one command: {}",
            conflicts.join(", ")
        )));
    }
    if names.is_empty() && !selected {
        return Err(validate(
            "name at least one cluster, or use -l SELECTOR or --all",
        ));
    }
    // Beyond upstream: an effect Karmada's API refuses on a cluster is refused now.
    if let Some(a) = changes
        .add
        .iter()
        .find(|a| !CLUSTER_EFFECTS.contains(&a.effect))
    {
        return Err(validate(format!(
            "taint {a}: Karmada's API accepts only NoSchedule and NoExecute on a cluster{}",
            effect_remark(a.effect.as_str())
        )));
    }
    Ok(TaintArgs {
        resource: resource.to_string(),
        names: names.iter().map(|s| s.to_string()).collect(),
        changes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<TaintChanges, String> {
        parse_changes(words.iter().copied(), Effects::Karmadactl)
    }

    fn args(words: &[&str]) -> Result<TaintArgs, ArgsError> {
        parse_taint_args(words, false)
    }

    #[test]
    fn parses_the_four_forms() {
        let c = parse(&[
            "a=b:NoSchedule",
            "example.com/k:NoExecute",
            "c:NoExecute-",
            "d-",
            "e=ignored:NoSchedule-",
        ])
        .unwrap();
        assert_eq!(
            c.add[0],
            TaintSpec {
                key: "a".into(),
                value: Some("b".into()),
                effect: TaintEffect::NoSchedule
            }
        );
        assert_eq!(c.add[1].key, "example.com/k");
        assert_eq!(c.add[1].value, None);
        assert_eq!(
            c.remove[0],
            TaintRemoval {
                key: "c".into(),
                effect: Some(TaintEffect::NoExecute)
            }
        );
        assert_eq!(c.remove[1].effect, None);
        assert_eq!(c.remove[2].key, "e");
    }

    #[test]
    fn rejects_malformed_specs() {
        for bad in [
            "a=b",
            "a:Bogus",
            ":NoSchedule",
            "-a:NoSchedule",
            "a_:NoSchedule",
            "Upper.Case/k:NoSchedule",
            "k=v v:NoSchedule",
            "k=-v:NoSchedule",
            "k=v=w:NoSchedule",
            "a:NoSchedule:NoExecute",
            "a:Bogus-",
            "a:-",
            "a:PreferNoExecute",
            "a:PreferNoExecute-",
        ] {
            assert!(parse(&[bad]).is_err(), "{bad} should be rejected");
        }
        assert!(parse(&[&format!("{}:NoSchedule", "k".repeat(64))]).is_err());
        assert!(parse(&[&format!("k={}:NoSchedule", "v".repeat(64))]).is_err());
        assert!(parse(&[&format!("example.com/{}=v:NoSchedule", "k".repeat(63))]).is_ok());
        // A simulation may name the proposal's effect.
        assert!(parse_changes(["a:PreferNoExecute"], Effects::WithProposal).is_ok());
    }

    #[test]
    fn duplicate_additions_are_an_error_duplicate_removals_are_not() {
        assert!(parse(&["a=1:NoSchedule", "a=2:NoSchedule"]).is_err());
        assert!(parse(&["a=1:NoSchedule", "a=1:NoExecute"]).is_ok());
        // Upstream reads both; the second then finds nothing to remove.
        assert_eq!(parse(&["a-", "a-"]).unwrap().remove.len(), 2);
    }

    #[test]
    fn reads_the_command_line_in_upstreams_order() {
        let a = args(&["clusters", "m1", "m2", "k=v:NoSchedule", "x-"]).unwrap();
        assert_eq!(a.names, ["m1", "m2"]);
        assert_eq!(a.changes.add.len(), 1);
        let e = args(&["clusters", "k:NoSchedule", "m1"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Complete);
        let e = args(&["k:NoSchedule"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Complete);
        let e = args(&["clusters", "m1"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Complete);
        let e = args(&["nodes", "m1", "k:NoSchedule"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Validate);
        assert!(args(&["Cluster", "m1", "k:NoSchedule"]).is_ok());
        assert!(args(&["clusters.cluster.karmada.io", "m1", "k:NoSchedule"]).is_ok());
        let e = args(&["clusters", "m1", "a=1:NoSchedule", "a-"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Validate);
        assert!(args(&["clusters", "m1", "a=1:NoSchedule", "a:NoExecute-"]).is_ok());
        let e = args(&["clusters", "k:NoSchedule"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Validate);
        assert!(parse_taint_args(&["clusters", "k:NoSchedule"], true).is_ok());
    }

    #[test]
    fn effects_karmada_refuses_are_refused_before_anything_else_happens() {
        let e = args(&["clusters", "m1", "k:PreferNoSchedule"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Validate);
        assert!(e.message.contains("rejects it"), "{e}");
        let e = args(&["clusters", "m1", "k:PreferNoExecute"]).unwrap_err();
        assert_eq!(e.stage, ArgsStage::Complete);
        assert!(e.message.contains("proposal"), "{e}");
        // Removing one is fine (a taint with it may sit on a server that is not Karmada).
        assert!(args(&["clusters", "m1", "k:PreferNoSchedule-"]).is_ok());
    }
}
