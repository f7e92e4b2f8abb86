//! The parse baseline of `hack/bench-e2e.sh`: read a snapshot file into a
//! `serde_json::Value` and count its items, nothing more. `dry-run` on the same file is
//! compared against it (its time and peak memory) in the same run.
//!
//! `cargo run --release --example parse_baseline -- FILE`

fn main() {
    let path = std::env::args().nth(1).expect("usage: parse_baseline FILE");
    // The whole file, then one parse (serde_json's fastest way to a Value).
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let value: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
    drop(bytes);
    let items = value["items"].as_array().map_or(0, Vec::len);
    println!("{items}");
}
