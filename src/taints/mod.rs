//! Taint specs as operators type them (`KEY[=VALUE]:EFFECT`, `KEY:EFFECT-`, `KEY-`) and
//! the pure edit that applies them to a cluster's taint list.

mod edit;
mod spec;

pub use edit::{adds_evicting_taint, describe, edit_taints, EditError, EditOutcome, TaintEdit};
pub use spec::{
    looks_like_spec, parse_changes, validate_key, validate_value, TaintChanges, TaintRemoval,
    TaintSpec,
};
