//! The Karmada settings a prediction depends on, each declared once: its flag (help,
//! value name, heading, parser), the component it is a flag of, how a remembered or
//! recorded value is read, and where the value lands in the settings the engine takes.
//! From that one table come the clap flag groups ([`ControllerArgs`], [`WebhookArgs`]),
//! the typed values given on the command line ([`Given`]), the names `failover settings`
//! knows ([`specs`]) and the resolution into one [`Settings`] value with its typed
//! provenance ([`resolve`]). Which layer a value comes from (flag, remembered, snapshot
//! header, default) is the command's business, behind [`Layered`].

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::values::{self, FeatureGates};
use crate::engine::vocabulary::settings::{
    ControllerSettings, HealthSettings, Origin, Provenance, PurgeMode, QueueModel, QueueSettings,
    RememberedFrom, Setting,
};
use crate::engine::vocabulary::version::VersionReading;
use crate::error::Result;

/// Which component of Karmada a setting is a flag of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// karmada-controller-manager.
    ControllerManager,
    /// karmada-webhook.
    Webhook,
    /// karmada-agent (Pull clusters).
    Agent,
    /// karmada-scheduler.
    Scheduler,
    /// karmada-descheduler.
    Descheduler,
    /// Not a flag of a real component: the failover proposal's model only.
    Proposal,
    /// Not a flag of any component: the tool's own choice, from the flag or the default
    /// only (never remembered nor recorded).
    Prediction,
}

/// One declared setting: its name, the component it is a flag of, and a check of a
/// value as the flag takes it.
#[derive(Clone, Copy, Debug)]
pub struct SettingSpec {
    pub setting: Setting,
    pub component: Component,
    pub check: fn(&str) -> std::result::Result<(), String>,
}

impl SettingSpec {
    /// Whether `failover settings` remembers it (every flag of a component or of the
    /// proposal's model).
    pub fn remembered(&self) -> bool {
        self.component != Component::Prediction
    }

    /// The flag as its component spells it, where that is not the setting's own name
    /// (`scheduler-feature-gates` is the scheduler's `feature-gates`); `None` for a
    /// setting that is no flag but whether the component runs (`descheduler`).
    pub fn component_flag(&self) -> Option<&'static str> {
        match self.setting {
            Setting::SchedulerFeatureGates => Some("feature-gates"),
            Setting::Descheduler => None,
            other => Some(other.name()),
        }
    }
}

/// The settings a prediction assumes, resolved once, and where each came from.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub controller: ControllerSettings,
    pub queue: QueueSettings,
    pub health: HealthSettings,
    /// The webhook's `--allow-no-execute-taint-policy`.
    pub allow_no_execute_taint_policy: bool,
    /// Where each setting came from.
    pub from: Provenance,
    /// The remembered entry, when any value came from it.
    pub remembered: Option<RememberedFrom>,
}

/// The layers below the command line, as the command reads them: one setting at a time,
/// the flag's typed value (if given) and a parser of the text the lower layers hold.
pub trait Layered {
    /// The value of one setting (`None`: upstream's default stays) and where it came
    /// from.
    fn pick<T>(
        &mut self,
        spec: &SettingSpec,
        given: Option<T>,
        parse: fn(&str) -> std::result::Result<T, String>,
    ) -> Result<(Option<T>, Origin)>;
}

/// Declares the settings: each flag group with its rows, in the order `--help` shows
/// them. A row reads
/// `field: Type => Setting of Component, read by PARSER, sets |settings, value| ...;`.
macro_rules! declare_settings {
    ($(
        $(#[$smeta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                $field:ident: $ty:ty => $setting:ident of $component:ident,
                    read by $parse:expr, sets $apply:expr;
            )*
        }
    )*) => {
        $(
            $(#[$smeta])*
            #[derive(Debug, Args, Clone, Default)]
            pub struct $name {
                $( $(#[$fmeta])* pub $field: Option<$ty>, )*
            }

            impl $name {
                /// The values given on the command line.
                pub fn given(&self) -> Vec<Given> {
                    let mut given = Vec::new();
                    $( if let Some(v) = self.$field { given.push(Given::$setting(v)); } )*
                    given
                }
            }
        )*

        /// A setting's value as its flag gives it.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Given {
            $( $( $setting($ty), )* )*
        }

        /// Every declared setting, in declaration order.
        pub const SPECS: &[SettingSpec] = &[
            $( $( SettingSpec {
                setting: Setting::$setting,
                component: Component::$component,
                check: |s| {
                    let parse: fn(&str) -> std::result::Result<$ty, String> = $parse;
                    parse(s).map(drop)
                },
            }, )* )*
        ];

        /// Resolve every setting, in declaration order: the value `given` on the command
        /// line, else what `layers` hold, else upstream's default; each value lands where
        /// its row says, each origin in the provenance.
        pub fn resolve(given: &[Given], layers: &mut impl Layered) -> Result<Settings> {
            let mut into = Settings::default();
            $( $( {
                let parse: fn(&str) -> std::result::Result<$ty, String> = $parse;
                let apply: fn(&mut Settings, $ty) = $apply;
                let flag = given.iter().find_map(|g| match g {
                    Given::$setting(v) => Some(*v),
                    _ => None,
                });
                let (value, origin) = layers.pick(spec(Setting::$setting), flag, parse)?;
                into.from.insert(Setting::$setting, origin);
                if let Some(v) = value {
                    apply(&mut into, v);
                }
            } )* )*
            Ok(into)
        }
    };
}

/// The declaration of `setting`.
pub fn spec(setting: Setting) -> &'static SettingSpec {
    SPECS
        .iter()
        .find(|s| s.setting == setting)
        .expect("every setting is declared")
}

/// The settings `failover settings` remembers, in the order it lists them.
pub fn specs() -> impl Iterator<Item = &'static SettingSpec> {
    use strum::IntoEnumIterator;
    Setting::iter().map(spec).filter(|s| s.remembered())
}

declare_settings! {
    /// karmada-controller-manager settings that failover predictions depend on. Unset flags
    /// take the value recorded in the snapshot header, else upstream's default.
    pub struct ControllerArgs {
        /// The Karmada release that runs, e.g. v1.17.4 (default: the newest release this tool
        /// knows); predictions follow that release's behaviour.
        #[arg(long, value_name = "VERSION", value_parser = values::karmada_version,
              help_heading = "Controller settings")]
        karmada_version: VersionReading => KarmadaVersion of ControllerManager,
            read by values::karmada_version,
            sets |s, v| {
                s.controller.karmada_version = v.version;
                s.controller.karmada_version_unchecked = v.unchecked;
            };
        /// Controller feature gates, e.g. `Failover=true` (upstream defaults: Failover=false,
        /// GracefulEviction=true, StatefulFailoverInjection=false).
        #[arg(long, value_name = "GATES", value_parser = values::feature_gates,
              help_heading = "Controller settings")]
        feature_gates: FeatureGates => FeatureGates of ControllerManager,
            read by values::feature_gates,
            sets |s, g| {
                s.controller.failover_feature_gate = g.failover.unwrap_or(false);
                s.controller.stateful_failover_injection =
                    g.stateful_failover_injection.unwrap_or(false);
                s.controller.graceful_eviction = g.graceful_eviction.unwrap_or(true);
            };
        /// The controllers karmada-controller-manager runs, as its --controllers list
        /// (upstream default: `*`); predictions read whether `applicationFailover` runs.
        #[arg(long, value_name = "LIST", value_parser = values::controllers,
              help_heading = "Controller settings")]
        controllers: values::Controllers => Controllers of ControllerManager,
            read by values::controllers,
            sets |s, c| s.controller.application_failover_controller = c.application_failover;
        /// karmada-scheduler's feature gates, e.g. `SchedulingOvercommitProtection=true`
        /// (upstream defaults: SchedulingOvercommitProtection=false; PriorityBasedScheduling
        /// true on master, false before): how a failover burst is placed.
        #[arg(long, value_name = "GATES", value_parser = values::feature_gates,
              help_heading = "Scheduler settings")]
        scheduler_feature_gates: FeatureGates => SchedulerFeatureGates of Scheduler,
            read by values::feature_gates,
            sets |s, g| {
                s.controller.scheduling_overcommit_protection =
                    g.scheduling_overcommit_protection.unwrap_or(false);
                s.controller.priority_based_scheduling = g.priority_based_scheduling;
            };
        /// karmada-scheduler's --enable-scheduler-estimator (default: false): each member's
        /// karmada-scheduler-estimator counts its real nodes and pods, and the scheduler
        /// takes the smaller of its answer and the general estimator's. Predictions then
        /// read the members' Nodes and Pods through Karmada's cluster proxy.
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", value_parser = values::go_bool,
              help_heading = "Scheduler settings")]
        enable_scheduler_estimator: bool => EnableSchedulerEstimator of Scheduler,
            read by values::go_bool,
            sets |s, v| s.controller.scheduler_estimator = v;
        /// karmada-scheduler's --disable-scheduler-estimator-in-pull-mode (default:
        /// false): Pull clusters keep the general estimator's answer alone.
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", value_parser = values::go_bool,
              help_heading = "Scheduler settings")]
        disable_scheduler_estimator_in_pull_mode: bool
            => DisableSchedulerEstimatorInPullMode of Scheduler,
            read by values::go_bool,
            sets |s, v| s.controller.scheduler_estimator_off_in_pull_mode = v;
        /// Whether karmada-descheduler runs beside the members' scheduler-estimators
        /// (default: false; the doctor finds it): it takes replicas that stay Pending off
        /// their cluster so the scheduler places them elsewhere.
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", value_parser = values::go_bool,
              help_heading = "Scheduler settings")]
        descheduler: bool => Descheduler of Descheduler,
            read by values::go_bool,
            sets |s, v| s.controller.descheduler.running = v;
        /// karmada-descheduler's --unschedulable-threshold: how long a pod stays
        /// unschedulable before it is moved (default: 5m).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Scheduler settings")]
        unschedulable_threshold: Duration => UnschedulableThreshold of Descheduler,
            read by values::duration,
            sets |s, v| s.controller.descheduler.unschedulable_threshold_seconds = v.as_secs() as i64;
        /// karmada-descheduler's --descheduling-interval (default: 2m).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Scheduler settings")]
        descheduling_interval: Duration => DeschedulingInterval of Descheduler,
            read by values::duration,
            sets |s, v| s.controller.descheduler.descheduling_interval_seconds = v.as_secs() as i64;
        /// Whether NoExecute taints evict (upstream default: false).
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", value_parser = values::go_bool,
              help_heading = "Controller settings")]
        enable_no_execute_taint_eviction: bool => EnableNoExecuteTaintEviction of ControllerManager,
            read by values::go_bool,
            sets |s, v| s.controller.enable_no_execute_taint_eviction = v;
        /// Purge mode of evictions of bindings without failover.cluster (default: Gracefully).
        #[arg(
            long,
            value_name = "MODE",
            value_enum,
            help_heading = "Controller settings"
        )]
        no_execute_taint_eviction_purge_mode: EvictionPurgeMode
            => NoExecuteTaintEvictionPurgeMode of ControllerManager,
            read by purge_mode,
            sets |s, m| s.controller.no_execute_taint_eviction_purge_mode = match m {
                EvictionPurgeMode::Gracefully => PurgeMode::Gracefully,
                EvictionPurgeMode::Directly => PurgeMode::Directly,
            };
        /// How long a graceful eviction waits for the new placement (default: 10m).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Controller settings")]
        graceful_eviction_timeout: Duration => GracefulEvictionTimeout of ControllerManager,
            read by values::duration,
            sets |s, v| s.controller.graceful_eviction_timeout_seconds = v.as_secs() as i64;
        /// Bindings per second each eviction worker paces itself to (default: 0.5).
        #[arg(long, value_name = "RATE", value_parser = values::rate,
              help_heading = "Controller settings")]
        resource_eviction_rate: f64 => ResourceEvictionRate of ControllerManager,
            read by values::rate,
            sets |s, v| s.queue.resource_eviction_rate = v;
        /// Bindings evicted per second when too many clusters are faulty (default: 0.1;
        /// proposal model only).
        #[arg(long, value_name = "RATE", value_parser = values::rate,
              help_heading = "Controller settings")]
        secondary_resource_eviction_rate: f64 => SecondaryResourceEvictionRate of Proposal,
            read by values::rate,
            sets |s, v| s.queue.secondary_resource_eviction_rate = v;
        /// Faulty share of clusters above which the secondary rate applies (default: 0.55;
        /// proposal model only).
        #[arg(long, value_name = "FRACTION", value_parser = values::fraction,
              help_heading = "Controller settings")]
        unhealthy_cluster_threshold: f64 => UnhealthyClusterThreshold of Proposal,
            read by values::fraction,
            sets |s, v| s.queue.unhealthy_cluster_threshold = v;
        /// Fleets up to this size stop evicting instead of slowing down (default: 10; proposal
        /// model only).
        #[arg(long, value_name = "N", help_heading = "Controller settings")]
        large_cluster_num_threshold: usize => LargeClusterNumThreshold of Proposal,
            read by |s| s.trim().parse::<usize>().map_err(|e| e.to_string()),
            sets |s, v| s.queue.large_cluster_num_threshold = v;
        /// Base delay of the rate limiter's per-item back-off (default: 5ms).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Controller settings")]
        rate_limiter_base_delay: Duration => RateLimiterBaseDelay of ControllerManager,
            read by values::duration,
            sets |s, v| s.queue.rate_limiter.base_delay_ns = nanos(v);
        /// Longest delay of the rate limiter's per-item back-off (default: 1000s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Controller settings")]
        rate_limiter_max_delay: Duration => RateLimiterMaxDelay of ControllerManager,
            read by values::duration,
            sets |s, v| s.queue.rate_limiter.max_delay_ns = nanos(v);
        /// Token-bucket refill of the rate limiter, per second (default: 10).
        #[arg(long, value_name = "N", help_heading = "Controller settings")]
        rate_limiter_qps: i64 => RateLimiterQps of ControllerManager,
            read by integer,
            sets |s, v| s.queue.rate_limiter.qps = v;
        /// Token-bucket size of the rate limiter (default: 100).
        #[arg(long, value_name = "N", help_heading = "Controller settings")]
        rate_limiter_bucket_size: i64 => RateLimiterBucketSize of ControllerManager,
            read by integer,
            sets |s, v| s.queue.rate_limiter.bucket_size = v;
        /// How often the cluster-status controller probes each member (default: 10s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_status_update_frequency: Duration => ClusterStatusUpdateFrequency of ControllerManager,
            read by values::duration,
            sets |s, v| s.health.status_update_frequency = signed(v);
        /// How long probes must fail before a cluster is Ready=False (default: 30s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_failure_threshold: Duration => ClusterFailureThreshold of ControllerManager,
            read by values::duration,
            sets |s, v| s.health.failure_threshold = signed(v);
        /// How long probes must succeed before a cluster is Ready=True again (default: 30s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_success_threshold: Duration => ClusterSuccessThreshold of ControllerManager,
            read by values::duration,
            sets |s, v| s.health.success_threshold = signed(v);
        /// The cluster controller's monitor tick, for Pull clusters' leases (default: 5s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_monitor_period: Duration => ClusterMonitorPeriod of ControllerManager,
            read by values::duration,
            sets |s, v| s.health.monitor_period = signed(v);
        /// How old a Pull cluster's lease may get before Ready=Unknown (default: 40s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_monitor_grace_period: Duration => ClusterMonitorGracePeriod of ControllerManager,
            read by values::duration,
            sets |s, v| s.health.monitor_grace_period = signed(v);
        /// karmada-agent's lease duration (default: 40s).
        #[arg(long, value_name = "DURATION", value_parser = values::duration,
              help_heading = "Health settings")]
        cluster_lease_duration: Duration => ClusterLeaseDuration of Agent,
            read by values::duration,
            sets |s, v| s.health.lease_duration = signed(v);
        /// karmada-agent's lease renew interval, as a fraction of the duration (default: 0.25).
        #[arg(long, value_name = "FRACTION", value_parser = values::fraction,
              help_heading = "Health settings")]
        cluster_lease_renew_interval_fraction: f64 => ClusterLeaseRenewIntervalFraction of Agent,
            read by values::fraction,
            sets |s, v| s.health.lease_renew_interval_fraction = v;
        /// Which eviction queue to assume: `upstream` (what karmada-controller-manager runs:
        /// two paced queues of 3 workers) or `proposal` (the failover proposal's queue, which
        /// slows down above the unhealthy threshold and abandons evictions with nowhere to go;
        /// not built upstream).
        #[arg(long, value_name = "MODEL", value_enum, help_heading = "Prediction")]
        queue_model: QueueModelArg => QueueModel of Prediction,
            read by |s| QueueModelArg::from_str(s, false),
            sets |s, m| s.queue.model = match m {
                QueueModelArg::Proposal => QueueModel::Proposal,
                QueueModelArg::Upstream => QueueModel::Upstream,
            };
    }

    /// karmada-webhook settings that change what it accepts.
    pub struct WebhookArgs {
        /// karmada-webhook's --allow-no-execute-taint-policy: whether it accepts
        /// ClusterTaintPolicies with NoExecute taints (upstream default: false).
        #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true,
              default_missing_value = "true", value_parser = values::go_bool,
              help_heading = "Webhook settings")]
        allow_no_execute_taint_policy: bool => AllowNoExecuteTaintPolicy of Webhook,
            read by values::go_bool,
            sets |s, v| s.allow_no_execute_taint_policy = v;
    }
}

/// `--no-execute-taint-eviction-purge-mode` values (upstream accepts these two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "PascalCase")]
pub enum EvictionPurgeMode {
    /// The old copy stays until the new placement is healthy or the timeout passes.
    Gracefully,
    /// The old copy goes at once.
    Directly,
}

/// `--queue-model` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum QueueModelArg {
    /// Upstream's taint manager (the default).
    Upstream,
    /// The failover proposal's queue (not built upstream).
    Proposal,
}

/// A purge mode as the controller's flag takes it.
fn purge_mode(s: &str) -> std::result::Result<EvictionPurgeMode, String> {
    match s {
        "Gracefully" => Ok(EvictionPurgeMode::Gracefully),
        "Directly" => Ok(EvictionPurgeMode::Directly),
        other => Err(format!("{other:?} is not Gracefully or Directly")),
    }
}

fn integer(s: &str) -> std::result::Result<i64, String> {
    s.trim().parse::<i64>().map_err(|e| e.to_string())
}

fn nanos(d: Duration) -> i64 {
    i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)
}

fn signed(d: Duration) -> jiff::SignedDuration {
    jiff::SignedDuration::try_from(d).unwrap_or(jiff::SignedDuration::MAX)
}
