//! Taint specs as operators type them (`KEY[=VALUE]:EFFECT`, `KEY:EFFECT-`, `KEY-`),
//! parsed and validated with upstream's rules.

use std::fmt;

use super::taint::{validate_key, validate_value, TaintEffect};

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

/// Whether a command-line word is a taint spec rather than a cluster name (a cluster
/// name never contains `=` or `:` and never ends with `-`).
pub fn looks_like_spec(word: &str) -> bool {
    word.contains('=') || word.contains(':') || word.ends_with('-')
}

/// Parse and validate the taint specs of one command.
pub fn parse_changes<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<TaintChanges, String> {
    let mut changes = TaintChanges::default();
    for word in words {
        if let Some(body) = word.strip_suffix('-') {
            changes.remove.push(
                parse_removal(body).map_err(|e| format!("invalid taint spec {word:?}: {e}"))?,
            );
        } else {
            changes.add.push(
                parse_addition(word).map_err(|e| format!("invalid taint spec {word:?}: {e}"))?,
            );
        }
    }
    for (i, a) in changes.add.iter().enumerate() {
        if changes.add[..i]
            .iter()
            .any(|b| b.key == a.key && b.effect == a.effect)
        {
            return Err(format!(
                "taint {}:{} is given more than once",
                a.key, a.effect
            ));
        }
        if let Some(r) = changes
            .remove
            .iter()
            .find(|r| r.key == a.key && r.effect.is_none_or(|e| e == a.effect))
        {
            return Err(format!("cannot both add {a} and remove {r} in one command"));
        }
    }
    for (i, r) in changes.remove.iter().enumerate() {
        if changes.remove[..i].contains(r) {
            return Err(format!("taint removal {r} is given more than once"));
        }
    }
    Ok(changes)
}

fn parse_addition(spec: &str) -> Result<TaintSpec, String> {
    let (kv, effect) = spec
        .rsplit_once(':')
        .ok_or("an added taint needs an effect: KEY[=VALUE]:EFFECT")?;
    let effect: TaintEffect = effect.parse()?;
    let (key, value) = match kv.split_once('=') {
        Some((k, v)) => (k, Some(v)),
        None => (kv, None),
    };
    validate_key(key)?;
    if let Some(v) = value {
        validate_value(v)?;
    }
    Ok(TaintSpec {
        key: key.to_string(),
        value: value.filter(|v| !v.is_empty()).map(str::to_string),
        effect,
    })
}

fn parse_removal(body: &str) -> Result<TaintRemoval, String> {
    let (key, effect) = match body.split_once(':') {
        Some((k, e)) => (k, Some(e.parse::<TaintEffect>()?)),
        None => (body, None),
    };
    if key.contains('=') {
        return Err("a removal names KEY or KEY:EFFECT, not a value".into());
    }
    validate_key(key)?;
    Ok(TaintRemoval {
        key: key.to_string(),
        effect,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<TaintChanges, String> {
        parse_changes(words.iter().copied())
    }

    #[test]
    fn parses_the_four_forms() {
        let c = parse(&[
            "a=b:NoSchedule",
            "example.com/k:NoExecute",
            "c:PreferNoExecute-",
            "d-",
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
                effect: Some(TaintEffect::PreferNoExecute)
            }
        );
        assert_eq!(
            c.remove[1],
            TaintRemoval {
                key: "d".into(),
                effect: None
            }
        );
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
            "a=b:NoSchedule-",
            "a:Bogus-",
        ] {
            assert!(parse(&[bad]).is_err(), "{bad} should be rejected");
        }
        let long_name = "k".repeat(64);
        assert!(parse(&[&format!("{long_name}:NoSchedule")]).is_err());
        let long_value = "v".repeat(64);
        assert!(parse(&[&format!("k={long_value}:NoSchedule")]).is_err());
        let ok_name = "k".repeat(63);
        assert!(parse(&[&format!("example.com/{ok_name}=v:NoSchedule")]).is_ok());
    }

    #[test]
    fn rejects_duplicates_and_contradictions() {
        assert!(parse(&["a=1:NoSchedule", "a=2:NoSchedule"]).is_err());
        assert!(parse(&["a=1:NoSchedule", "a:NoSchedule-"]).is_err());
        assert!(parse(&["a=1:NoSchedule", "a-"]).is_err());
        assert!(parse(&["a-", "a-"]).is_err());
        assert!(parse(&["a=1:NoSchedule", "a=1:NoExecute"]).is_ok());
        assert!(parse(&["a=1:NoSchedule", "a:NoExecute-"]).is_ok());
    }

    #[test]
    fn tells_specs_from_names() {
        assert!(looks_like_spec("k:NoSchedule"));
        assert!(looks_like_spec("k-"));
        assert!(looks_like_spec("k=v:NoSchedule"));
        assert!(!looks_like_spec("member-1"));
    }
}
