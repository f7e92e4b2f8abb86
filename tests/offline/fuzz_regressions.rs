//! Inputs found by fuzzing the parsers (`fuzz/`, `hack/fuzz.sh`), each fed through the
//! entry point it was found on, with the behaviour it must have: an error with a clear
//! message, not a panic, a hang or a runaway allocation.

use karmadactl::fleet::FleetState;
use karmadactl::state::{parse_documents, read_documents};

/// One document of a few hundred bytes whose aliases expand to about 123,000 nodes, under
/// serde-saphyr's per-document limit of 250,000.
const ALIAS_DOCUMENT: &str = "kind: Foo
a: &a [x,x,x,x,x,x,x,x,x,x]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]
";

/// The snapshot target's timeout: 20 such documents (3,880 bytes) took 50 s under the
/// fuzzer (2.2 s in a release build; the time grows with every document), because each
/// document was read under a budget of its own. The stream now has one budget, and the
/// third document finds it spent.
#[test]
fn snapshot_alias_expansion_is_budgeted_across_documents() {
    let text = format!("---\n{ALIAS_DOCUMENT}").repeat(20);
    assert_eq!(text.len(), 3_880);
    let err = parse_documents("bomb.yaml", &text, &mut FleetState::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bomb.yaml: document 2: the documents of this stream expand to more than 265520 nodes \
         in all (YAML aliases): refused as a YAML bomb"
    );

    // Two of them are within the budget, and read as before.
    let mut state = FleetState::default();
    let two = format!("---\n{ALIAS_DOCUMENT}").repeat(2);
    parse_documents("two.yaml", &two, &mut state).unwrap();
    assert_eq!(state.ignored.get("Foo"), Some(&2));
}

/// Manifests (`policy apply -f`) are read by the same YAML stream reader.
#[test]
fn manifest_alias_expansion_is_budgeted_across_documents() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.yaml");
    std::fs::write(&path, format!("---\n{ALIAS_DOCUMENT}").repeat(20)).unwrap();
    let err = read_documents(std::slice::from_ref(&path), false)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "{}: document 3: the documents of this stream expand to more than 265520 nodes \
             in all (YAML aliases): refused as a YAML bomb",
            path.display()
        )
    );
}

/// The stream's budget grows with its text: documents without aliases are never refused
/// for their number, here 3 of 90,000 nodes (270,000 in all, more than one document may
/// hold).
#[test]
fn snapshot_streams_without_aliases_are_not_budgeted_away() {
    let doc = format!("kind: Foo\nitems: [{}]\n", vec!["1"; 90_000].join(","));
    let text = format!("---\n{doc}").repeat(3);
    let mut state = FleetState::default();
    parse_documents("big.yaml", &text, &mut state).unwrap();
    assert_eq!(state.ignored.get("Foo"), Some(&3));
}
