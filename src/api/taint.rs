//! Taints and tolerations: Karmada uses the core Kubernetes shapes.

use std::fmt;
use std::str::FromStr;

pub use k8s_openapi::api::core::v1::{Taint, Toleration};

/// Key of the taint `cordon` manages (upstream `cluster.karmada.io/unschedulable`).
pub const UNSCHEDULABLE_TAINT_KEY: &str = "cluster.karmada.io/unschedulable";
/// Key of the taint the controllers add to a cluster whose Ready condition is False.
pub const NOT_READY_TAINT_KEY: &str = "cluster.karmada.io/not-ready";
/// Key of the taint the controllers add to a cluster whose Ready condition is Unknown.
pub const UNREACHABLE_TAINT_KEY: &str = "cluster.karmada.io/unreachable";

/// A taint effect. `PreferNoExecute` comes from the failover proposal; upstream's
/// webhook does not accept it yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaintEffect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute,
    PreferNoExecute,
}

impl TaintEffect {
    /// Every effect, in documentation order.
    pub const ALL: [TaintEffect; 4] = [
        TaintEffect::NoSchedule,
        TaintEffect::PreferNoSchedule,
        TaintEffect::NoExecute,
        TaintEffect::PreferNoExecute,
    ];

    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            TaintEffect::NoSchedule => "NoSchedule",
            TaintEffect::PreferNoSchedule => "PreferNoSchedule",
            TaintEffect::NoExecute => "NoExecute",
            TaintEffect::PreferNoExecute => "PreferNoExecute",
        }
    }

    /// Whether adding a taint with this effect can evict workloads.
    pub fn evicts(self) -> bool {
        matches!(self, TaintEffect::NoExecute | TaintEffect::PreferNoExecute)
    }

    /// Whether the effect carries a `timeAdded` stamp.
    pub fn is_timed(self) -> bool {
        self.evicts()
    }
}

impl fmt::Display for TaintEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TaintEffect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TaintEffect::ALL
            .into_iter()
            .find(|e| e.as_str() == s)
            .ok_or_else(|| {
                format!(
                    "unsupported taint effect {s:?}: must be one of NoSchedule, PreferNoSchedule, NoExecute, PreferNoExecute"
                )
            })
    }
}

/// The parsed effect of a taint, `None` for a spelling this tool does not know.
pub fn effect_of(taint: &Taint) -> Option<TaintEffect> {
    taint.effect.parse().ok()
}

/// A taint without `timeAdded`; `value` `None` for none.
pub fn taint(key: &str, value: Option<&str>, effect: &str) -> Taint {
    Taint {
        key: key.into(),
        value: value.map(Into::into),
        effect: effect.into(),
        time_added: None,
    }
}
