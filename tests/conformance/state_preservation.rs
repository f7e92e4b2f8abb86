//! Conformance checks of the `state_preservation` family (see tests/conformance/main.rs):
//! the taint manager's extraction of a workload's state (client-go's JSONPath over the
//! failing cluster's status) and the binding controller's injection of it as labels.
//! The status is passed as it is (its `null`s matter to JSONPath).

use std::collections::BTreeMap;

use karmadactl::api::binding::{AggregatedStatusItem, GracefulEvictionTask};
use karmadactl::api::policy::StatePreservation;
use karmadactl::engine::karmada::state_preservation::{
    extract_state_for_eviction, inject_reserved_label_state,
};
use karmadactl::engine::vocabulary::version::KarmadaVersion;
use serde_json::Value;

use super::read;

/// Check one vector; `None` when `family` is not handled here.
pub fn check(
    family: &str,
    version: KarmadaVersion,
    input: &Value,
    expected: &Value,
) -> super::Check {
    if family != "state_preservation" {
        return None;
    }
    Some(match input["case"].as_str() {
        Some("extract") => extract(input, expected),
        Some("inject") => inject(input, expected, version),
        other => Err(format!("unknown case {other:?}")),
    })
}

fn extract(input: &Value, expected: &Value) -> Result<(), String> {
    let preservation: Option<StatePreservation> = match input.get("statePreservation") {
        None | Some(Value::Null) => None,
        Some(p) => Some(serde_json::from_value(p.clone()).map_err(|e| e.to_string())?),
    };
    let items: Vec<AggregatedStatusItem> = read(input, "aggregatedStatus")?;
    let cluster = input["cluster"].as_str().unwrap_or_default();
    let got = extract_state_for_eviction(preservation.as_ref(), &items, cluster);
    match (expected.get("error").and_then(Value::as_bool), got) {
        (Some(true), Err(message)) => {
            let want = expected["errorMessage"].as_str().unwrap_or_default();
            (message == want)
                .then_some(())
                .ok_or_else(|| format!("error {message:?}, expected {want:?}"))
        }
        (Some(true), Ok(state)) => Err(format!("got {state:?}, expected an error")),
        (_, Err(message)) => Err(format!(
            "error {message:?}, expected {}",
            expected["preservedLabelState"]
        )),
        (_, Ok(state)) => {
            let want: Option<BTreeMap<String, String>> =
                serde_json::from_value(expected["preservedLabelState"].clone())
                    .map_err(|e| e.to_string())?;
            (state == want)
                .then_some(())
                .ok_or_else(|| format!("got {state:?}, expected {want:?}"))
        }
    }
}

fn inject(input: &Value, expected: &Value, version: KarmadaVersion) -> Result<(), String> {
    let tasks: Vec<GracefulEvictionTask> = read(input, "gracefulEvictionTasks")?;
    let labels: BTreeMap<String, String> = read(input, "workloadLabels")?;
    let target = input["moveToCluster"].as_str().unwrap_or_default();
    let targets = input["clustersLen"].as_u64().unwrap_or_default() as usize;
    let got = inject_reserved_label_state(&tasks, target, targets, labels, version);
    let want: BTreeMap<String, String> = read(expected, "labels")?;
    (got == want)
        .then_some(())
        .ok_or_else(|| format!("got {got:?}, expected {want:?}"))
}
