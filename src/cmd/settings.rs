//! The controller settings a prediction assumes, resolved from four layers: the
//! command-line flag, the settings remembered for the context (`failover settings`),
//! the snapshot header, else upstream's default. Every value says which layer gave it.

use std::collections::BTreeMap;
use std::time::Duration;

use jiff::Timestamp;

use crate::cli::values::{self, FeatureGates};
use crate::cli::{ControllerArgs, EvictionPurgeMode, QueueModelArg};
use crate::config::{self, ContextSettings};
use crate::engine::vocabulary::settings::{
    ControllerSettings, HealthSettings, Origin, Provenance, PurgeMode, QueueModel, QueueSettings,
    RememberedFrom,
};
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::error::{Error, Result};
use crate::fleet::SourceInfo;

/// Which component of Karmada a setting is a flag of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// karmada-controller-manager.
    ControllerManager,
    /// karmada-webhook.
    Webhook,
    /// karmada-agent (Pull clusters).
    Agent,
    /// Not a flag of a real component: the failover proposal's model only.
    Proposal,
}

/// A check of a value as a flag takes it.
pub type Check = fn(&str) -> std::result::Result<(), String>;

/// Every setting a prediction can assume: its flag name, the component it is a flag of,
/// and a check of a value as the flag takes it.
pub const SETTINGS: &[(&str, Component, Check)] = &[
    ("feature-gates", Component::ControllerManager, |s| {
        values::feature_gates(s).map(drop)
    }),
    (
        "enable-no-execute-taint-eviction",
        Component::ControllerManager,
        |s| values::go_bool(s).map(drop),
    ),
    (
        "no-execute-taint-eviction-purge-mode",
        Component::ControllerManager,
        |s| purge_mode(s).map(drop),
    ),
    (
        "graceful-eviction-timeout",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "resource-eviction-rate",
        Component::ControllerManager,
        |s| values::rate(s).map(drop),
    ),
    (
        "rate-limiter-base-delay",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "rate-limiter-max-delay",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    ("rate-limiter-qps", Component::ControllerManager, |s| {
        integer(s).map(drop)
    }),
    (
        "rate-limiter-bucket-size",
        Component::ControllerManager,
        |s| integer(s).map(drop),
    ),
    (
        "secondary-resource-eviction-rate",
        Component::Proposal,
        |s| values::rate(s).map(drop),
    ),
    ("unhealthy-cluster-threshold", Component::Proposal, |s| {
        values::fraction(s).map(drop)
    }),
    ("large-cluster-num-threshold", Component::Proposal, |s| {
        s.trim()
            .parse::<usize>()
            .map(drop)
            .map_err(|e| e.to_string())
    }),
    (
        "cluster-status-update-frequency",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "cluster-failure-threshold",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "cluster-success-threshold",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "cluster-monitor-period",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    (
        "cluster-monitor-grace-period",
        Component::ControllerManager,
        |s| values::duration(s).map(drop),
    ),
    ("cluster-lease-duration", Component::Agent, |s| {
        values::duration(s).map(drop)
    }),
    (
        "cluster-lease-renew-interval-fraction",
        Component::Agent,
        |s| values::fraction(s).map(drop),
    ),
    ("karmada-version", Component::ControllerManager, |s| {
        s.parse::<KarmadaVersion>().map(drop)
    }),
    ("allow-no-execute-taint-policy", Component::Webhook, |s| {
        values::go_bool(s).map(drop)
    }),
];

/// The webhook's flag that admits NoExecute ClusterTaintPolicies.
pub const WEBHOOK_FLAG: &str = "allow-no-execute-taint-policy";

fn purge_mode(s: &str) -> std::result::Result<PurgeMode, String> {
    match s {
        "Gracefully" => Ok(PurgeMode::Gracefully),
        "Directly" => Ok(PurgeMode::Directly),
        other => Err(format!("{other:?} is not Gracefully or Directly")),
    }
}

fn integer(s: &str) -> std::result::Result<i64, String> {
    s.trim().parse::<i64>().map_err(|e| e.to_string())
}

/// The layers below the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Layers<'a> {
    /// The context's remembered settings, when they apply.
    pub remembered: Option<(&'a str, &'a ContextSettings)>,
    /// Recorded values (the snapshot header, or what a doctor read on the host).
    pub recorded: Option<&'a BTreeMap<String, String>>,
}

/// The settings a prediction assumes, and where each came from.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub controller: ControllerSettings,
    pub queue: QueueSettings,
    pub health: HealthSettings,
    pub from: Provenance,
    /// The remembered entry, when any value came from it.
    pub remembered: Option<RememberedFrom>,
    /// The webhook's `--allow-no-execute-taint-policy`, and where it came from.
    pub allow_no_execute_taint_policy: bool,
    pub webhook_origin: Origin,
}

/// Resolves one setting at a time, layer by layer, noting where each came from.
struct Resolver<'a> {
    layers: Layers<'a>,
    from: Provenance,
    used_remembered: Vec<&'static str>,
}

impl Resolver<'_> {
    /// One setting: the flag's typed value, else the remembered value, else the recorded
    /// one (both parsed as the flag is), else `None` (the default stays).
    fn pick<T>(
        &mut self,
        flag: &'static str,
        given: Option<T>,
        parse: impl Fn(&str) -> std::result::Result<T, String>,
    ) -> Result<Option<T>> {
        if let Some(v) = given {
            self.from.insert(flag, Origin::Flag);
            return Ok(Some(v));
        }
        if let Some((context, entry)) = self.layers.remembered {
            if let Some(r) = entry.settings.get(flag) {
                self.from.insert(flag, Origin::Remembered);
                self.used_remembered.push(flag);
                return match &r.value {
                    None => Ok(None),
                    Some(text) => parse(text).map(Some).map_err(|e| {
                        Error::usage(format!(
                            "remembered setting {flag} of context {context}: invalid value {text:?}: {e} \
                             (karmadactl failover settings set|unset {flag})"
                        ))
                    }),
                };
            }
        }
        if let Some(text) = self.layers.recorded.and_then(|r| r.get(flag)) {
            let v = parse(text)
                .map_err(|e| Error::usage(format!("snapshot header: invalid {flag} value: {e}")))?;
            self.from.insert(flag, Origin::Snapshot);
            return Ok(Some(v));
        }
        self.from.insert(flag, Origin::Default);
        Ok(None)
    }
}

/// Resolve controller and queue settings (and the webhook flag): flags, then the
/// remembered settings, then the recorded ones, then upstream's defaults.
pub fn resolve(
    args: &ControllerArgs,
    layers: Layers<'_>,
    allow_flag: Option<bool>,
) -> Result<Resolved> {
    let mut c = ControllerSettings::default();
    let mut q = QueueSettings::default();
    let mut r = Resolver {
        layers,
        from: Provenance::new(),
        used_remembered: Vec::new(),
    };
    let gates: Option<FeatureGates> =
        r.pick("feature-gates", args.feature_gates, values::feature_gates)?;
    if let Some(g) = gates {
        c.failover_feature_gate = g.failover.unwrap_or(false);
        c.stateful_failover_injection = g.stateful_failover_injection.unwrap_or(false);
    }
    if let Some(v) = r.pick(
        "enable-no-execute-taint-eviction",
        args.enable_no_execute_taint_eviction,
        values::go_bool,
    )? {
        c.enable_no_execute_taint_eviction = v;
    }
    let purge = args.no_execute_taint_eviction_purge_mode.map(|m| match m {
        EvictionPurgeMode::Gracefully => PurgeMode::Gracefully,
        EvictionPurgeMode::Directly => PurgeMode::Directly,
    });
    if let Some(v) = r.pick("no-execute-taint-eviction-purge-mode", purge, purge_mode)? {
        c.no_execute_taint_eviction_purge_mode = v;
    }
    if let Some(v) = r.pick(
        "graceful-eviction-timeout",
        args.graceful_eviction_timeout,
        values::duration,
    )? {
        c.graceful_eviction_timeout_seconds = v.as_secs() as i64;
    }
    if let Some(v) = r.pick(
        "resource-eviction-rate",
        args.resource_eviction_rate,
        values::rate,
    )? {
        q.resource_eviction_rate = v;
    }
    if let Some(v) = r.pick(
        "secondary-resource-eviction-rate",
        args.secondary_resource_eviction_rate,
        values::rate,
    )? {
        q.secondary_resource_eviction_rate = v;
    }
    if let Some(v) = r.pick(
        "unhealthy-cluster-threshold",
        args.unhealthy_cluster_threshold,
        values::fraction,
    )? {
        q.unhealthy_cluster_threshold = v;
    }
    if let Some(v) = r.pick(
        "large-cluster-num-threshold",
        args.large_cluster_num_threshold,
        |s: &str| s.trim().parse::<usize>().map_err(|e| e.to_string()),
    )? {
        q.large_cluster_num_threshold = v;
    }
    if let Some(v) = r.pick(
        "rate-limiter-base-delay",
        args.rate_limiter_base_delay,
        values::duration,
    )? {
        q.rate_limiter.base_delay_ns = nanos(v);
    }
    if let Some(v) = r.pick(
        "rate-limiter-max-delay",
        args.rate_limiter_max_delay,
        values::duration,
    )? {
        q.rate_limiter.max_delay_ns = nanos(v);
    }
    if let Some(v) = r.pick("rate-limiter-qps", args.rate_limiter_qps, integer)? {
        q.rate_limiter.qps = v;
    }
    if let Some(v) = r.pick(
        "rate-limiter-bucket-size",
        args.rate_limiter_bucket_size,
        integer,
    )? {
        q.rate_limiter.bucket_size = v;
    }
    if let Some(v) = r.pick("karmada-version", args.karmada_version, |s: &str| {
        s.parse::<KarmadaVersion>()
    })? {
        c.karmada_version = v;
    }
    let mut h = HealthSettings::default();
    let signed =
        |d: Duration| jiff::SignedDuration::try_from(d).unwrap_or(jiff::SignedDuration::MAX);
    for (flag, given, slot) in [
        (
            "cluster-status-update-frequency",
            args.cluster_status_update_frequency,
            &mut h.status_update_frequency,
        ),
        (
            "cluster-failure-threshold",
            args.cluster_failure_threshold,
            &mut h.failure_threshold,
        ),
        (
            "cluster-success-threshold",
            args.cluster_success_threshold,
            &mut h.success_threshold,
        ),
        (
            "cluster-monitor-period",
            args.cluster_monitor_period,
            &mut h.monitor_period,
        ),
        (
            "cluster-monitor-grace-period",
            args.cluster_monitor_grace_period,
            &mut h.monitor_grace_period,
        ),
        (
            "cluster-lease-duration",
            args.cluster_lease_duration,
            &mut h.lease_duration,
        ),
    ] {
        if let Some(v) = r.pick(flag, given, values::duration)? {
            *slot = signed(v);
        }
    }
    if let Some(v) = r.pick(
        "cluster-lease-renew-interval-fraction",
        args.cluster_lease_renew_interval_fraction,
        values::fraction,
    )? {
        h.lease_renew_interval_fraction = v;
    }
    // The webhook's flag is resolved alike, and kept apart from the controller's
    // provenance (reports list the controller's; the doctor and `policy apply` the
    // webhook's).
    let allow = r.pick(WEBHOOK_FLAG, allow_flag, values::go_bool)?;
    let webhook_origin = r.from.remove(WEBHOOK_FLAG).unwrap_or(Origin::Default);
    // The model is the tool's own choice, not a controller flag: flag or default only.
    q.model = match args.queue_model {
        Some(QueueModelArg::Proposal) => QueueModel::Proposal,
        Some(QueueModelArg::Upstream) | None => QueueModel::Upstream,
    };
    r.from.insert(
        "queue-model",
        if args.queue_model.is_some() {
            Origin::Flag
        } else {
            Origin::Default
        },
    );
    let remembered = layers
        .remembered
        .filter(|_| !r.used_remembered.is_empty())
        .map(|(context, entry)| remembered_from(context, entry, &r.used_remembered));
    Ok(Resolved {
        controller: c,
        queue: q,
        health: h,
        from: r.from,
        remembered,
        allow_no_execute_taint_policy: allow.unwrap_or(false),
        webhook_origin,
    })
}

fn nanos(d: Duration) -> i64 {
    i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)
}

/// What a report says of the remembered settings it used.
fn remembered_from(context: &str, entry: &ContextSettings, used: &[&str]) -> RememberedFrom {
    let mut from = RememberedFrom {
        context: context.to_string(),
        ..Default::default()
    };
    for flag in used {
        let Some(r) = entry.settings.get(*flag) else {
            continue;
        };
        if let Some(d) = &r.discovered {
            if !from.discovered_from.contains(d) {
                from.discovered_from.push(d.clone());
            }
            from.discovered_at = entry.discovery.as_ref().map(|d| d.at);
        }
        if let Some(at) = r.set_at {
            from.set_by_hand.insert(flag.to_string(), at);
        }
    }
    from.discovered_ago = from
        .discovered_at
        .map(|at| Timestamp::now().duration_since(at));
    from
}

/// The remembered settings that apply to `source`: those of its context, remembered for
/// its server. A snapshot names both in its header; a snapshot without them (the
/// examples) gets none.
pub fn remembered_for(source: &SourceInfo) -> Result<Option<(String, ContextSettings)>> {
    let (Some(context), Some(server)) = (&source.context, &source.server) else {
        return Ok(None);
    };
    let Some((_, file)) = config::load_default()? else {
        return Ok(None);
    };
    Ok(file
        .for_server(context, server)
        .map(|entry| (context.clone(), entry.clone())))
}

/// The settings for a prediction on `source`: flags, then what is remembered for its
/// context, then its snapshot header, then upstream's defaults.
pub fn for_source(args: &ControllerArgs, source: &SourceInfo) -> Result<Resolved> {
    let remembered = remembered_for(source)?;
    resolve(
        args,
        Layers {
            remembered: remembered.as_ref().map(|(c, e)| (c.as_str(), e)),
            recorded: Some(&source.controller_settings),
        },
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Remembered;

    fn recorded(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn flags_override_remembered_which_override_the_snapshot_and_defaults() {
        let header = recorded(&[
            ("feature-gates", "Failover=false"),
            ("resource-eviction-rate", "2"),
            ("graceful-eviction-timeout", "5m"),
        ]);
        let mut entry = ContextSettings::default();
        entry.settings.insert(
            "feature-gates".into(),
            Remembered {
                value: Some("Failover=true".into()),
                discovered: Some("deploy/karmada-system/karmada-controller-manager".into()),
                set_at: None,
            },
        );
        // Discovered as not set on the component: upstream's default, over the header.
        entry.settings.insert(
            "graceful-eviction-timeout".into(),
            Remembered {
                value: None,
                discovered: Some("deploy/karmada-system/karmada-controller-manager".into()),
                set_at: None,
            },
        );
        let args = ControllerArgs {
            resource_eviction_rate: Some(1.0),
            ..Default::default()
        };
        let r = resolve(
            &args,
            Layers {
                remembered: Some(("prod", &entry)),
                recorded: Some(&header),
            },
            None,
        )
        .unwrap();
        assert!(r.controller.failover_feature_gate);
        assert_eq!(r.from["feature-gates"], Origin::Remembered);
        assert_eq!(r.controller.graceful_eviction_timeout_seconds, 600);
        assert_eq!(r.from["graceful-eviction-timeout"], Origin::Remembered);
        assert_eq!(r.queue.resource_eviction_rate, 1.0);
        assert_eq!(r.from["resource-eviction-rate"], Origin::Flag);
        assert!(!r.controller.enable_no_execute_taint_eviction);
        assert_eq!(r.from["enable-no-execute-taint-eviction"], Origin::Default);
        let rem = r.remembered.unwrap();
        assert_eq!(rem.context, "prod");
        assert_eq!(
            rem.discovered_from,
            ["deploy/karmada-system/karmada-controller-manager"]
        );
        // Without the remembered entry the header speaks.
        let r = resolve(
            &ControllerArgs::default(),
            Layers {
                remembered: None,
                recorded: Some(&header),
            },
            None,
        )
        .unwrap();
        assert!(!r.controller.failover_feature_gate);
        assert_eq!(r.from["feature-gates"], Origin::Snapshot);
        assert!(r.remembered.is_none());
    }

    #[test]
    fn rejects_bad_recorded_and_remembered_values() {
        let header = recorded(&[("feature-gates", "Failover=maybe")]);
        assert!(resolve(
            &ControllerArgs::default(),
            Layers {
                remembered: None,
                recorded: Some(&header)
            },
            None
        )
        .is_err());
        let header = recorded(&[("unhealthy-cluster-threshold", "1.5")]);
        assert!(resolve(
            &ControllerArgs::default(),
            Layers {
                remembered: None,
                recorded: Some(&header)
            },
            None
        )
        .is_err());
        let mut entry = ContextSettings::default();
        entry.settings.insert(
            "resource-eviction-rate".into(),
            Remembered {
                value: Some("fast".into()),
                ..Default::default()
            },
        );
        let err = resolve(
            &ControllerArgs::default(),
            Layers {
                remembered: Some(("prod", &entry)),
                recorded: None,
            },
            None,
        )
        .unwrap_err();
        assert!(err
            .message
            .contains("remembered setting resource-eviction-rate of context prod"));
    }

    #[test]
    fn every_resolved_setting_is_known() {
        let r = resolve(&ControllerArgs::default(), Layers::default(), None).unwrap();
        for flag in r.from.keys().filter(|f| **f != "queue-model") {
            assert!(
                SETTINGS.iter().any(|(n, _, _)| n == flag),
                "{flag} is not in SETTINGS"
            );
        }
        // The controller's flags and the model; SETTINGS also has the webhook's flag.
        assert_eq!(r.from.len(), SETTINGS.len(), "{:?}", r.from.keys());
    }
}
