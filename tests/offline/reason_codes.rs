//! The reason codes are a contract: the enum, the catalogue in `docs/json-output.md` and
//! the golden list of released codes must agree. A code may be added (to all three); a
//! released code is never renamed or removed.

use std::collections::BTreeSet;

use karmadactl::engine::ReasonCode;
use strum::IntoEnumIterator;

fn enum_codes() -> BTreeSet<String> {
    ReasonCode::iter().map(|c| c.as_str().to_string()).collect()
}

/// Codes in the first column of the tables of the "Reason codes" section.
fn catalogue_codes() -> BTreeSet<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json-output.md"))
        .unwrap();
    let start = doc
        .find("\n## Reason codes")
        .expect("a Reason codes section");
    let section = &doc[start..];
    let end = section
        .find("\n### Other enumerated values")
        .unwrap_or(section.len());
    section[..end]
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_enum_matches_the_documented_catalogue() {
    let (code, doc) = (enum_codes(), catalogue_codes());
    let undocumented: Vec<_> = code.difference(&doc).collect();
    let unknown: Vec<_> = doc.difference(&code).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty(),
        "codes not in docs/json-output.md: {undocumented:?}; documented codes the enum lacks: {unknown:?}"
    );
}

#[test]
fn released_codes_are_never_renamed_or_removed() {
    let golden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/reason-codes.txt"
    ))
    .unwrap();
    let released: BTreeSet<String> = golden
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    assert!(released.len() >= 59, "the golden list lost codes");
    let current = enum_codes();
    let missing: Vec<_> = released.difference(&current).collect();
    assert!(
        missing.is_empty(),
        "released reason codes were renamed or removed: {missing:?}"
    );
    for code in &released {
        assert_eq!(code.parse::<ReasonCode>().unwrap().as_str(), code);
    }
}
