//! Value parsers: every flag becomes a typed value when the command line is parsed, so
//! nothing downstream sees a raw string and a bad value is one clear line from clap.

use std::time::Duration;

use jiff::{SignedDuration, Timestamp};

use crate::api::taint::{effect_remark, TaintEffect};
use crate::api::taint_spec::{parse_changes, Effects, TaintSpec};

/// A kubectl-style duration: `0` (none), `30` (seconds), `30s`, `1m30s`, `500ms`, `1h`.
pub fn duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<u64>() {
        return Ok(Duration::from_secs(secs));
    }
    let d: SignedDuration = text
        .parse()
        .map_err(|_| "not a duration (examples: 30s, 5m, 1h30m)".to_string())?;
    Duration::try_from(d).map_err(|_| "a duration cannot be negative".to_string())
}

/// A point in time given on the command line: a duration after the reference time, or
/// an RFC 3339 timestamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeSpec {
    /// This long after the reference time.
    After(Duration),
    /// This instant.
    At(Timestamp),
}

impl TimeSpec {
    /// The instant this names, relative to `reference`.
    pub fn resolve(self, reference: Timestamp) -> Result<Timestamp, String> {
        match self {
            TimeSpec::At(t) => Ok(t),
            TimeSpec::After(d) => SignedDuration::try_from(d)
                .ok()
                .and_then(|d| reference.checked_add(d).ok())
                .ok_or_else(|| format!("{d:?} after {reference} is out of range")),
        }
    }
}

/// `--at` and friends: `10m`, `1h30m`, `90s`, or `2026-11-22T13:00:00Z`.
pub fn time_spec(text: &str) -> Result<TimeSpec, String> {
    if let Ok(t) = text.parse::<Timestamp>() {
        return Ok(TimeSpec::At(t));
    }
    duration(text)
        .map(TimeSpec::After)
        .map_err(|_| "expected a duration (10m) or an RFC 3339 time".to_string())
}

/// A Karmada release (`v1.17.4`, `v1.19.0-rc.0`, `master`, `latest`), as read: one the
/// tool was not checked against stands for the nearest known, and says so.
pub fn karmada_version(
    text: &str,
) -> Result<crate::engine::vocabulary::version::VersionReading, String> {
    crate::engine::vocabulary::version::KarmadaVersion::read(text)
}

/// A Karmada release to compare with (`--compare-version`, `--upgrade-to`): the nearest
/// known version of what is named.
pub fn known_karmada_version(
    text: &str,
) -> Result<crate::engine::vocabulary::version::KarmadaVersion, String> {
    text.parse()
}

/// Bindings per second: a finite number, zero or more.
pub fn rate(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|r| r.is_finite() && *r >= 0.0)
        .ok_or_else(|| "not a rate (a number >= 0)".to_string())
}

/// Writes per second: a finite number above zero.
pub fn positive_rate(text: &str) -> Result<f64, String> {
    rate(text)
        .ok()
        .filter(|r| *r > 0.0)
        .ok_or_else(|| "not a rate (a number > 0)".to_string())
}

/// A count of one or more.
pub fn count(text: &str) -> Result<usize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| "not a count (a whole number >= 1)".to_string())
}

/// A share between 0 and 1.
pub fn fraction(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| "not a fraction between 0 and 1".to_string())
}

/// A boolean as Go's flag package spells it.
pub fn go_bool(text: &str) -> Result<bool, String> {
    match text.trim() {
        "true" | "True" | "TRUE" | "1" | "t" | "T" => Ok(true),
        "false" | "False" | "FALSE" | "0" | "f" | "F" => Ok(false),
        _ => Err("not a boolean (true or false)".to_string()),
    }
}

/// karmada-controller-manager `--feature-gates`: `Name=bool,...`. Only `Failover` and
/// `StatefulFailoverInjection` matter to predictions; `None` when the list does not
/// mention one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FeatureGates {
    /// The value of the `Failover` gate, if given.
    pub failover: Option<bool>,
    /// The value of the `StatefulFailoverInjection` gate, if given.
    pub stateful_failover_injection: Option<bool>,
    /// karmada-scheduler's `SchedulingOvercommitProtection` (v1.18, alpha), if given.
    pub scheduling_overcommit_protection: Option<bool>,
    /// karmada-scheduler's `PriorityBasedScheduling` (on by default on master), if given.
    pub priority_based_scheduling: Option<bool>,
    /// The value of the `GracefulEviction` gate (beta, default on), if given.
    pub graceful_eviction: Option<bool>,
}

/// Parse a `--feature-gates` list.
pub fn feature_gates(text: &str) -> Result<FeatureGates, String> {
    let mut gates = FeatureGates::default();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("{item:?}: expected Name=true|false"))?;
        let value = go_bool(value).map_err(|e| format!("{item:?}: {e}"))?;
        match name.trim() {
            "Failover" => gates.failover = Some(value),
            "StatefulFailoverInjection" => gates.stateful_failover_injection = Some(value),
            "SchedulingOvercommitProtection" => {
                gates.scheduling_overcommit_protection = Some(value)
            }
            "PriorityBasedScheduling" => gates.priority_based_scheduling = Some(value),
            "GracefulEviction" => gates.graceful_eviction = Some(value),
            _ => {}
        }
    }
    Ok(gates)
}

/// What karmada-controller-manager's `--controllers` list runs, of the controllers
/// predictions depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Controllers {
    /// `applicationFailover` (on by default).
    pub application_failover: bool,
}

/// Parse a `--controllers` list the way upstream reads it (`IsControllerEnabled` in
/// `pkg/controllers/context/context.go`): the first entry naming the controller
/// (`name` or `-name`) decides; else `*` enables what is on by default; else it is off.
pub fn controllers(text: &str) -> Result<Controllers, String> {
    let items: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return Err("expected a list of controllers, e.g. *,-applicationFailover".into());
    }
    if let Some(bad) = items
        .iter()
        .find(|i| i.trim_start_matches('-').is_empty() || i.contains(char::is_whitespace))
    {
        return Err(format!("{bad:?}: expected a controller name, -name or *"));
    }
    let enabled = |name: &str| {
        for item in &items {
            if *item == name {
                return true;
            }
            if item.strip_prefix('-') == Some(name) {
                return false;
            }
        }
        items.contains(&"*")
    };
    Ok(Controllers {
        application_failover: enabled("applicationFailover"),
    })
}

/// One taint to simulate: `KEY[=VALUE]:EFFECT`, with an effect Karmada's API accepts on
/// a cluster or the proposal's `PreferNoExecute`.
pub fn taint_to_add(text: &str) -> Result<TaintSpec, String> {
    let changes = parse_changes([text], Effects::WithProposal)?;
    let spec = match (changes.add.into_iter().next(), changes.remove.is_empty()) {
        (Some(spec), true) => spec,
        _ => return Err("expected a taint to add: KEY[=VALUE]:EFFECT".into()),
    };
    if spec.effect == TaintEffect::PreferNoSchedule {
        return Err(format!(
            "Karmada's API accepts only NoSchedule and NoExecute on a cluster{}",
            effect_remark("PreferNoSchedule")
        ));
    }
    Ok(spec)
}

/// `FLAG=VALUE` of `snapshot --controller-setting`, leading dashes dropped.
pub fn setting(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(k, v)| (k.trim_start_matches('-').to_string(), v.to_string()))
        .ok_or_else(|| format!("expected FLAG=VALUE, got {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controllers_as_upstream_reads_them() {
        let app = |t: &str| controllers(t).unwrap().application_failover;
        assert!(app("*"));
        assert!(!app("*,-applicationFailover"));
        assert!(!app("-applicationFailover,*"));
        assert!(
            app("applicationFailover,-applicationFailover"),
            "the first entry decides"
        );
        assert!(
            !app("cluster,taintManager"),
            "without * only what is named runs"
        );
        assert!(app("cluster,applicationFailover"));
        assert!(controllers("").is_err());
        assert!(controllers("*,-").is_err());
    }

    #[test]
    fn durations_as_kubectl_takes_them() {
        assert_eq!(duration("0").unwrap(), Duration::ZERO);
        assert_eq!(duration("30").unwrap(), Duration::from_secs(30));
        assert_eq!(duration("1m30s").unwrap(), Duration::from_secs(90));
        assert_eq!(duration("500ms").unwrap(), Duration::from_millis(500));
        assert!(duration("soon").is_err());
        assert!(duration("-5s").is_err());
    }

    #[test]
    fn times_are_durations_or_timestamps() {
        let now: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let at = |s| time_spec(s).unwrap().resolve(now).unwrap().to_string();
        assert_eq!(at("10m"), "2026-11-22T12:10:00Z");
        assert_eq!(at("2026-11-22T13:00:00Z"), "2026-11-22T13:00:00Z");
        assert!(time_spec("soon").is_err());
    }

    #[test]
    fn numbers_and_gates() {
        assert_eq!(rate("0.5").unwrap(), 0.5);
        assert!(rate("-1").is_err() && rate("NaN").is_err());
        assert!(fraction("1.5").is_err());
        assert!(positive_rate("0").is_err() && positive_rate("2").is_ok());
        assert_eq!(count("8").unwrap(), 8);
        assert!(count("0").is_err() && count("-1").is_err());
        assert_eq!(
            feature_gates("Foo=false, Failover=true").unwrap().failover,
            Some(true)
        );
        assert_eq!(feature_gates("Foo=true").unwrap().failover, None);
        assert!(feature_gates("Failover=maybe").is_err());
        assert!(feature_gates("Failover").is_err());
    }
}
