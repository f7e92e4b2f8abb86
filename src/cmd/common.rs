//! What the read-only commands share: loading the fleet (live or snapshot), the
//! controller settings to assume, and the reference time.

use std::collections::BTreeMap;

use jiff::Timestamp;

use crate::cli::{ControllerArgs, GlobalArgs, SourceArgs};
use crate::client;
use crate::engine::noexecute::ControllerSettings;
use crate::engine::queue::QueueSettings;
use crate::error::{Error, Result};
use crate::state::{self, FleetState};

/// Load the fleet from `--snapshot`, else from the control plane.
pub async fn load_state(global: &GlobalArgs, source: &SourceArgs) -> Result<FleetState> {
    let state = match &source.snapshot {
        Some(path) => state::load_snapshot(path).map_err(|e| Error::usage(e.to_string()))?,
        None => {
            let cp = client::connect(global).await?;
            state::load_live(&cp).await?
        }
    };
    if !state.ignored.is_empty() {
        let skipped: Vec<String> = state
            .ignored
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        eprintln!(
            "note: ignored objects of other kinds: {}",
            skipped.join(", ")
        );
    }
    Ok(state)
}

/// The instant decisions are taken at: when the state was captured (a snapshot's
/// header, or the moment a live fleet was read), else now.
pub fn reference_time(state: &FleetState) -> Timestamp {
    state.source.captured_at.unwrap_or_else(Timestamp::now)
}

/// Parse `--at`: a duration after `now` (`10m`, `1h30m`, `90s`) or an RFC 3339 time.
pub fn parse_at(text: &str, now: Timestamp) -> Result<Timestamp> {
    if let Ok(t) = text.parse::<Timestamp>() {
        return Ok(t);
    }
    let d = client::parse_duration(text)
        .map_err(|e| {
            Error::usage(format!(
                "invalid --at {text:?}: expected a duration (10m) or an RFC 3339 time ({e})"
            ))
        })?
        .unwrap_or_default();
    let d = jiff::SignedDuration::try_from(d)
        .map_err(|e| Error::usage(format!("invalid --at: {e}")))?;
    now.checked_add(d)
        .map_err(|e| Error::usage(format!("invalid --at: {e}")))
}

/// Where each assumed setting came from, for explanations (`flag`, `snapshot`, `default`).
pub type Provenance = BTreeMap<&'static str, &'static str>;

/// Resolve controller and queue settings: command-line flags, then the values recorded
/// in the snapshot header, then upstream's defaults.
pub fn resolve_settings(
    args: &ControllerArgs,
    recorded: &BTreeMap<String, String>,
) -> Result<(ControllerSettings, QueueSettings, Provenance)> {
    let mut c = ControllerSettings::default();
    let mut q = QueueSettings::default();
    let mut from: Provenance = BTreeMap::new();
    let bad = |flag: &str, v: &str| Error::usage(format!("invalid --{flag} value {v:?}"));

    macro_rules! setting {
        ($flag:literal, $field:expr, $arg:expr, $parse:expr) => {{
            let value: Option<(String, &'static str)> = match ($arg, recorded.get($flag)) {
                (Some(v), _) => Some((v, "flag")),
                (None, Some(v)) => Some((v.clone(), "snapshot")),
                (None, None) => None,
            };
            if let Some((v, origin)) = value {
                #[allow(clippy::redundant_closure_call)]
                let parsed = ($parse)(v.as_str()).ok_or_else(|| bad($flag, &v))?;
                $field = parsed;
                from.insert($flag, origin);
            } else {
                from.insert($flag, "default");
            }
        }};
    }
    setting!(
        "feature-gates",
        c.failover_feature_gate,
        args.feature_gates.clone(),
        |v: &str| { failover_gate(v).map(|g| g.unwrap_or(false)) }
    );
    setting!(
        "enable-no-execute-taint-eviction",
        c.enable_no_execute_taint_eviction,
        args.enable_no_execute_taint_eviction.map(|b| b.to_string()),
        |v: &str| v.parse::<bool>().ok()
    );
    setting!(
        "no-execute-taint-eviction-purge-mode",
        c.no_execute_taint_eviction_purge_mode,
        args.no_execute_taint_eviction_purge_mode.clone(),
        |v: &str| matches!(v, "Gracefully" | "Directly").then(|| v.to_string())
    );
    setting!(
        "graceful-eviction-timeout",
        c.graceful_eviction_timeout_seconds,
        args.graceful_eviction_timeout.clone(),
        |v: &str| client::parse_duration(v)
            .ok()
            .map(|d| d.map_or(0, |d| d.as_secs() as i64))
    );
    let rate = |v: &str| v.parse::<f64>().ok().filter(|r| r.is_finite() && *r >= 0.0);
    setting!(
        "resource-eviction-rate",
        q.resource_eviction_rate,
        args.resource_eviction_rate.map(|r| r.to_string()),
        rate
    );
    setting!(
        "secondary-resource-eviction-rate",
        q.secondary_resource_eviction_rate,
        args.secondary_resource_eviction_rate.map(|r| r.to_string()),
        rate
    );
    setting!(
        "unhealthy-cluster-threshold",
        q.unhealthy_cluster_threshold,
        args.unhealthy_cluster_threshold.map(|r| r.to_string()),
        |v: &str| v.parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r))
    );
    setting!(
        "large-cluster-num-threshold",
        q.large_cluster_num_threshold,
        args.large_cluster_num_threshold.map(|r| r.to_string()),
        |v: &str| v.parse::<usize>().ok()
    );
    Ok((c, q, from))
}

/// The value of `Failover` in a `--feature-gates` list (`None` when not mentioned).
fn failover_gate(gates: &str) -> Option<Option<bool>> {
    let mut found = None;
    for item in gates.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, value) = item.split_once('=')?;
        let value: bool = value.trim().parse().ok()?;
        if name.trim() == "Failover" {
            found = Some(value);
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_snapshot_which_overrides_defaults() {
        let recorded: BTreeMap<String, String> = [
            ("feature-gates".to_string(), "Failover=true".to_string()),
            ("resource-eviction-rate".to_string(), "2".to_string()),
        ]
        .into();
        let args = ControllerArgs {
            resource_eviction_rate: Some(1.0),
            ..Default::default()
        };
        let (c, q, from) = resolve_settings(&args, &recorded).unwrap();
        assert!(c.failover_feature_gate);
        assert_eq!(from["feature-gates"], "snapshot");
        assert_eq!(q.resource_eviction_rate, 1.0);
        assert_eq!(from["resource-eviction-rate"], "flag");
        assert!(!c.enable_no_execute_taint_eviction);
        assert_eq!(from["enable-no-execute-taint-eviction"], "default");
    }

    #[test]
    fn rejects_bad_values() {
        let args = ControllerArgs {
            feature_gates: Some("Failover=maybe".into()),
            ..Default::default()
        };
        assert!(resolve_settings(&args, &BTreeMap::new()).is_err());
        let args = ControllerArgs {
            unhealthy_cluster_threshold: Some(1.5),
            ..Default::default()
        };
        assert!(resolve_settings(&args, &BTreeMap::new()).is_err());
    }

    #[test]
    fn at_takes_durations_and_times() {
        let now: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        assert_eq!(
            parse_at("10m", now).unwrap().to_string(),
            "2026-11-22T12:10:00Z"
        );
        assert_eq!(
            parse_at("2026-11-22T13:00:00Z", now).unwrap().to_string(),
            "2026-11-22T13:00:00Z"
        );
        assert!(parse_at("soon", now).is_err());
    }
}
