//! Conformance checks for this module's families (see tests/conformance.rs).

use serde_json::Value;

/// Check one vector; `None` when `family` is not handled here.
pub fn check(_family: &str, _input: &Value, _expected: &Value) -> super::Check {
    None
}
