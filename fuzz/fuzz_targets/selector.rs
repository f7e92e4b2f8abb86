//! `Selector::parse` on arbitrary text, and `matches` against label maps: one read from
//! the input's other lines (`KEY=VALUE` or `KEY`), one built from the selector's own keys
//! and values. An accepted selector has valid keys and values and round-trips through its
//! Display form (what the API server is sent); matching is the conjunction of its
//! requirements, each the exact complement of its negation.
#![no_main]

use std::collections::BTreeMap;

use karmadactl::api::selector::{Requirement, Selector};
use karmadactl::api::taint::{validate_key, validate_value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let labels: BTreeMap<String, String> = rest
        .lines()
        .map(|l| match l.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect();

    for source in [first, &*text] {
        let selector = match Selector::parse(source) {
            Ok(s) => s,
            Err(e) => {
                assert!(e.starts_with("invalid selector "), "{e}");
                continue;
            }
        };
        check_accepted(source, &selector);
        check_matches(&selector, None);
        check_matches(&selector, Some(&labels));
        check_matches(&selector, Some(&own_labels(&selector, false)));
        check_matches(&selector, Some(&own_labels(&selector, true)));
    }
});

fn key(r: &Requirement) -> &str {
    match r {
        Requirement::Equals(k, _)
        | Requirement::NotEquals(k, _)
        | Requirement::In(k, _)
        | Requirement::NotIn(k, _)
        | Requirement::Exists(k)
        | Requirement::DoesNotExist(k) => k,
    }
}

fn negation(r: &Requirement) -> Requirement {
    match r.clone() {
        Requirement::Equals(k, v) => Requirement::NotEquals(k, v),
        Requirement::NotEquals(k, v) => Requirement::Equals(k, v),
        Requirement::In(k, vs) => Requirement::NotIn(k, vs),
        Requirement::NotIn(k, vs) => Requirement::In(k, vs),
        Requirement::Exists(k) => Requirement::DoesNotExist(k),
        Requirement::DoesNotExist(k) => Requirement::Exists(k),
    }
}

fn check_accepted(source: &str, selector: &Selector) {
    assert!(
        !selector.0.is_empty(),
        "an empty selector was accepted: {source:?}"
    );
    for r in &selector.0 {
        assert!(validate_key(key(r)).is_ok(), "{r:?} from {source:?}");
        for v in r.values() {
            assert!(validate_value(v).is_ok(), "{r:?} from {source:?}");
        }
        if let Requirement::In(_, vs) | Requirement::NotIn(_, vs) = r {
            assert!(vs.iter().all(|v| !v.is_empty()), "{r:?} from {source:?}");
        }
    }
    let text = selector.to_string();
    assert_eq!(
        Selector::parse(&text).as_ref(),
        Ok(selector),
        "{source:?} does not round-trip through {text:?}"
    );
}

/// Labels with every key the selector names: its first value, or the last value
/// (`last`), or empty when it names none.
fn own_labels(selector: &Selector, last: bool) -> BTreeMap<String, String> {
    let mut labels = BTreeMap::new();
    for r in &selector.0 {
        let values = r.values();
        let value = if last { values.last() } else { values.first() };
        labels.insert(key(r).to_string(), value.cloned().unwrap_or_default());
    }
    labels
}

fn check_matches(selector: &Selector, labels: Option<&BTreeMap<String, String>>) {
    let all = selector.matches(labels);
    let each = selector
        .0
        .iter()
        .all(|r| Selector(vec![r.clone()]).matches(labels));
    assert_eq!(all, each, "{selector} on {labels:?}");
    for r in &selector.0 {
        let holds = Selector(vec![r.clone()]).matches(labels);
        let negated = Selector(vec![negation(r)]).matches(labels);
        assert_ne!(holds, negated, "{r} and its negation on {labels:?}");
    }
    if labels.is_none() {
        assert_eq!(all, selector.matches(Some(&BTreeMap::new())), "{selector}");
    }
}
