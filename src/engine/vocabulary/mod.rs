//! What every room of the engine speaks: the reason codes each decision names
//! ([`reason`]), the controller settings predictions are parameterised by
//! ([`settings`]), the Karmada releases the tool knows and the behaviours that differ
//! between them ([`version`]), and the findings of the policy lint ([`lint_finding`]).

pub mod lint_finding;
pub mod reason;
pub mod settings;
pub mod version;
