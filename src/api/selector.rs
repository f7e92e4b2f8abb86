//! kubectl label selectors (`a=b,c!=d,e in (x,y),f notin (z),g,!h`) parsed and matched
//! against label maps, for commands that filter a snapshot locally.

use super::meta::Lookup;

/// One requirement of a selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Requirement {
    Equals(String, String),
    NotEquals(String, String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

impl Requirement {
    /// The values the requirement compares with (none for `Exists`/`DoesNotExist`).
    pub fn values(&self) -> &[String] {
        match self {
            Requirement::Equals(_, v) | Requirement::NotEquals(_, v) => std::slice::from_ref(v),
            Requirement::In(_, vs) | Requirement::NotIn(_, vs) => vs,
            Requirement::Exists(_) | Requirement::DoesNotExist(_) => &[],
        }
    }
}

impl std::fmt::Display for Requirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Requirement::Equals(k, v) => write!(f, "{k}={v}"),
            Requirement::NotEquals(k, v) => write!(f, "{k}!={v}"),
            Requirement::In(k, vs) => write!(f, "{k} in ({})", vs.join(",")),
            Requirement::NotIn(k, vs) => write!(f, "{k} notin ({})", vs.join(",")),
            Requirement::Exists(k) => write!(f, "{k}"),
            Requirement::DoesNotExist(k) => write!(f, "!{k}"),
        }
    }
}

/// A parsed selector: every requirement must hold.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Selector(pub Vec<Requirement>);

impl Selector {
    /// Parse kubectl's selector syntax.
    pub fn parse(text: &str) -> Result<Selector, String> {
        if text.trim().is_empty() {
            return Err(format!("invalid selector {text:?}: it is empty"));
        }
        let mut reqs = Vec::new();
        for part in split_top_level(text) {
            let part = part.trim();
            if part.is_empty() {
                // As Kubernetes' parser: a comma must be followed by a requirement.
                return Err(format!(
                    "invalid selector {text:?}: an empty requirement (a stray comma)"
                ));
            }
            let req = if let Some(key) = part.strip_prefix('!') {
                Requirement::DoesNotExist(key.trim().to_string())
            } else if let Some((k, v)) = part.split_once("!=") {
                Requirement::NotEquals(k.trim().into(), v.trim().into())
            } else if let Some((k, v)) = part.split_once("==").or_else(|| part.split_once('=')) {
                Requirement::Equals(k.trim().into(), v.trim().into())
            } else if let Some((k, vs)) = split_set(part, " notin ") {
                Requirement::NotIn(k, vs)
            } else if let Some((k, vs)) = split_set(part, " in ") {
                Requirement::In(k, vs)
            } else {
                Requirement::Exists(part.to_string())
            };
            if let Requirement::In(_, values) | Requirement::NotIn(_, values) = &req {
                if values.is_empty() {
                    return Err(format!(
                        "invalid selector {text:?}: in and notin need at least one value"
                    ));
                }
            }
            let key = match &req {
                Requirement::Equals(k, _)
                | Requirement::NotEquals(k, _)
                | Requirement::In(k, _)
                | Requirement::NotIn(k, _)
                | Requirement::Exists(k)
                | Requirement::DoesNotExist(k) => k,
            };
            super::taint::validate_key(key)
                .map_err(|e| format!("invalid selector {text:?}: {e}"))?;
            for value in req.values() {
                super::taint::validate_value(value)
                    .map_err(|e| format!("invalid selector {text:?}: {e}"))?;
            }
            reqs.push(req);
        }
        Ok(Selector(reqs))
    }

    /// Whether `labels` satisfy every requirement.
    pub fn matches(&self, labels: Option<&impl Lookup>) -> bool {
        let get = |k: &str| labels.and_then(|l| l.lookup(k));
        self.0.iter().all(|r| match r {
            Requirement::Equals(k, v) => get(k) == Some(v.as_str()),
            Requirement::NotEquals(k, v) => get(k) != Some(v.as_str()),
            Requirement::In(k, vs) => get(k).is_some_and(|x| vs.iter().any(|v| v == x)),
            Requirement::NotIn(k, vs) => get(k).is_none_or(|x| !vs.iter().any(|v| v == x)),
            Requirement::Exists(k) => get(k).is_some(),
            Requirement::DoesNotExist(k) => get(k).is_none(),
        })
    }
}

/// The selector in kubectl's syntax, as the API server's `labelSelector` takes it.
impl std::fmt::Display for Selector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl std::str::FromStr for Selector {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Selector::parse(s)
    }
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, ch) in text.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

fn split_set(part: &str, op: &str) -> Option<(String, Vec<String>)> {
    let (k, rest) = part.split_once(op)?;
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((
        k.trim().to_string(),
        inner
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parses_and_matches_every_form() {
        let s = Selector::parse("region in (eu, us),tier!=edge,env=prod,!legacy,team").unwrap();
        assert_eq!(s.0.len(), 5);
        assert!(s.matches(Some(&labels(&[
            ("region", "eu"),
            ("env", "prod"),
            ("team", "a")
        ]))));
        assert!(!s.matches(Some(&labels(&[
            ("region", "ap"),
            ("env", "prod"),
            ("team", "a")
        ]))));
        assert!(!s.matches(Some(&labels(&[
            ("region", "eu"),
            ("env", "prod"),
            ("team", "a"),
            ("legacy", "")
        ]))));
        assert!(Selector::parse("a notin (x)")
            .unwrap()
            .matches(None::<&BTreeMap<String, String>>));
        assert!(Selector::parse("").is_err());
        assert!(Selector::parse("bad key=1").is_err());
    }

    #[test]
    fn values_are_label_values() {
        assert!(Selector::parse("region=eu west").is_err());
        assert!(Selector::parse("region in (eu, us west)").is_err());
        assert!(Selector::parse("region=-eu").is_err());
        assert!(Selector::parse("region=").is_ok());
        assert!(Selector::parse(&format!("k={}", "v".repeat(64))).is_err());
    }

    #[test]
    fn renders_what_it_parsed() {
        let s = Selector::parse("a in (x, y),b!=c,!d,e").unwrap();
        assert_eq!(s.to_string(), "a in (x,y),b!=c,!d,e");
        assert_eq!(Selector::parse(&s.to_string()).unwrap(), s);
    }
}
