//! The snapshot reader (`parse_documents`, what `load_snapshot` runs on each file's text):
//! multi-document YAML, JSON objects and streams, `List`s. No input may panic, run away
//! (alias bombs, huge expansions: run with `-rss_limit_mb` and `-timeout`), or fail
//! without naming the origin and document.
#![no_main]

use karmadactl::fleet::FleetState;
use karmadactl::state::{parse_documents, SnapshotError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut state = FleetState::default();
    match parse_documents("fuzz.yaml", &text, &mut state) {
        Ok(()) => state.sort(),
        Err(e @ SnapshotError::Malformed { .. }) => {
            let message = e.to_string();
            assert!(message.starts_with("fuzz.yaml: document "), "{message}");
            // The stream's node budget is for expanded aliases: YAML without any is
            // never refused by it.
            if message.ends_with("refused as a YAML bomb") {
                assert!(text.contains('*'), "{message}");
            }
        }
        Err(e) => panic!("parse_documents does no I/O, yet: {e}"),
    }
});
