//! The offline suite: everything that needs no server (the CLI on example fleets and
//! snapshots, the golden outputs, the layering and the reason codes, generated files,
//! the policy schema against upstream's CRDs, fuzz regressions, the API round trip).

#[path = "../support/mod.rs"]
mod support;

mod api_roundtrip;
mod app_failover;
mod capacity;
mod cli_offline;
mod dry_run_golden;
mod estimator;
mod fuzz_regressions;
mod generated_files;
mod layers;
mod newer_release;
mod passthrough;
mod plot;
mod policy_schema;
mod reason_codes;
mod release_table;
mod shared_candidates;
