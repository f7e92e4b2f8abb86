//! The karmada-controller-manager settings a prediction depends on, with upstream's
//! defaults, and the purge modes. Every prediction reports the values it assumed and
//! where each came from (a flag, the snapshot header, or the default).

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

/// Default of the controller's `--graceful-eviction-timeout` (10 minutes).
pub const DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS: i64 = 600;

/// How the old copy of an evicted workload is removed (upstream `PurgeMode`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
)]
pub enum PurgeMode {
    /// The old copy stays until the new placement is healthy or the timeout passes.
    Gracefully,
    /// The old copy goes at once.
    Directly,
    /// The old copy stays until a person acts (application failover).
    Never,
    /// Deprecated spelling of `Directly`.
    Immediately,
    /// Deprecated spelling of `Gracefully`.
    Graciously,
}

impl PurgeMode {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl Serialize for PurgeMode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The karmada-controller-manager settings a failover prediction depends on. The
/// defaults are upstream's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerSettings {
    /// `--feature-gates=Failover=...` (upstream default off): when off, taints migrate
    /// nothing.
    pub failover_feature_gate: bool,
    /// `--enable-no-execute-taint-eviction` (default false): required for NoExecute
    /// evictions.
    pub enable_no_execute_taint_eviction: bool,
    /// `--no-execute-taint-eviction-purge-mode` (default `Gracefully`): purge mode of
    /// evictions of bindings without `spec.failover.cluster`.
    pub no_execute_taint_eviction_purge_mode: PurgeMode,
    /// `--graceful-eviction-timeout` in seconds (default 600).
    pub graceful_eviction_timeout_seconds: i64,
}

impl Default for ControllerSettings {
    fn default() -> Self {
        ControllerSettings {
            failover_feature_gate: false,
            enable_no_execute_taint_eviction: false,
            no_execute_taint_eviction_purge_mode: PurgeMode::Gracefully,
            graceful_eviction_timeout_seconds: DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS,
        }
    }
}

/// Where each assumed setting came from, by controller flag name.
pub type Provenance = BTreeMap<&'static str, Origin>;

/// The origin of one assumed setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Origin {
    /// A command-line flag.
    Flag,
    /// The controller settings recorded in the snapshot header.
    Snapshot,
    /// Upstream's default.
    Default,
}

impl Origin {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}
