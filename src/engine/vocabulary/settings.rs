//! The controller settings a prediction depends on: karmada-controller-manager's flags
//! with upstream's defaults (`cmd/controller-manager/app/options/options.go`), the purge
//! modes, the eviction-queue flags (upstream's and the proposal's), and where each
//! assumed value came from. Shared by both rooms of the engine: the twin of upstream
//! (`karmada/`) is parameterised by these values, the tool's decisions report them.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::engine::vocabulary::version::{KarmadaVersion, Unchecked};

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
    /// `--feature-gates=StatefulFailoverInjection=...` (alpha, upstream default off): the
    /// taint manager extracts `statePreservation` labels when it evicts, and the binding
    /// controller injects them on the new cluster.
    pub stateful_failover_injection: bool,
    /// The Karmada release that runs (default: the newest release the tool knows). The
    /// twin's rules that differ between releases follow it.
    pub karmada_version: KarmadaVersion,
    /// The release named, when it was one the tool was not checked against and
    /// `karmada_version` stands for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub karmada_version_unchecked: Option<Unchecked>,
    /// karmada-scheduler's `SchedulingOvercommitProtection` (v1.18, alpha, default off):
    /// placements in flight are taken off the room later ones see.
    pub scheduling_overcommit_protection: bool,
    /// karmada-scheduler's `PriorityBasedScheduling`, when set (`None`: the release's
    /// default, on only on master).
    pub priority_based_scheduling: Option<bool>,
    /// karmada-scheduler's `--enable-scheduler-estimator` (default off): each member's
    /// karmada-scheduler-estimator answers beside the general estimator.
    pub scheduler_estimator: bool,
    /// karmada-scheduler's `--disable-scheduler-estimator-in-pull-mode` (default off):
    /// Pull clusters are estimated by the general estimator alone.
    pub scheduler_estimator_off_in_pull_mode: bool,
    /// karmada-descheduler: whether it runs, and its timing.
    pub descheduler: DeschedulerSettings,
    /// `--feature-gates=GracefulEviction=...` (beta, upstream default on): application
    /// failover with purge mode `Gracefully` fails without it.
    pub graceful_eviction: bool,
    /// Whether `--controllers` runs the `applicationFailover` controllers (upstream
    /// default `*`: on).
    pub application_failover_controller: bool,
}

/// karmada-descheduler, which takes replicas that stay unschedulable off their cluster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeschedulerSettings {
    /// Whether it runs, with the members' scheduler-estimators (not by default).
    pub running: bool,
    /// `--unschedulable-threshold` in seconds (default 300).
    pub unschedulable_threshold_seconds: i64,
    /// `--descheduling-interval` in seconds (default 120).
    pub descheduling_interval_seconds: i64,
}

impl Default for DeschedulerSettings {
    fn default() -> Self {
        DeschedulerSettings {
            running: false,
            unschedulable_threshold_seconds: 300,
            descheduling_interval_seconds: 120,
        }
    }
}

impl Default for ControllerSettings {
    fn default() -> Self {
        ControllerSettings {
            failover_feature_gate: false,
            enable_no_execute_taint_eviction: false,
            no_execute_taint_eviction_purge_mode: PurgeMode::Gracefully,
            graceful_eviction_timeout_seconds: DEFAULT_GRACEFUL_EVICTION_TIMEOUT_SECONDS,
            stateful_failover_injection: false,
            karmada_version: KarmadaVersion::NEWEST_RELEASE,
            karmada_version_unchecked: None,
            scheduling_overcommit_protection: false,
            priority_based_scheduling: None,
            scheduler_estimator: false,
            scheduler_estimator_off_in_pull_mode: false,
            descheduler: DeschedulerSettings::default(),
            graceful_eviction: true,
            application_failover_controller: true,
        }
    }
}

/// Every setting a prediction can assume, named as the flag that sets it
/// (`Setting::FeatureGates` is `feature-gates`), in the order `failover settings` lists
/// them. Where each flag is declared, parsed and resolved is the command line's business
/// (`cli::settings`); this is the name every layer speaks.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    strum::IntoStaticStr,
    strum::EnumIter,
    strum::EnumString,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Setting {
    FeatureGates,
    SchedulerFeatureGates,
    EnableSchedulerEstimator,
    DisableSchedulerEstimatorInPullMode,
    Descheduler,
    UnschedulableThreshold,
    DeschedulingInterval,
    EnableNoExecuteTaintEviction,
    NoExecuteTaintEvictionPurgeMode,
    GracefulEvictionTimeout,
    ResourceEvictionRate,
    RateLimiterBaseDelay,
    RateLimiterMaxDelay,
    RateLimiterQps,
    RateLimiterBucketSize,
    SecondaryResourceEvictionRate,
    UnhealthyClusterThreshold,
    LargeClusterNumThreshold,
    ClusterStatusUpdateFrequency,
    ClusterFailureThreshold,
    ClusterSuccessThreshold,
    ClusterMonitorPeriod,
    ClusterMonitorGracePeriod,
    ClusterLeaseDuration,
    ClusterLeaseRenewIntervalFraction,
    KarmadaVersion,
    Controllers,
    /// karmada-webhook's flag; reports list it apart from the controller's.
    AllowNoExecuteTaintPolicy,
    /// Not a flag of any component: the tool's own choice of eviction queue.
    QueueModel,
}

impl Setting {
    /// The flag's name.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Where each assumed setting came from. A setting never resolved reads as upstream's
/// default. Serialized as a map from flag name to origin, by name, of the controller's
/// settings (the webhook's is the doctor's and `policy apply`'s, kept out of reports).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Provenance(BTreeMap<Setting, Origin>);

impl Provenance {
    /// Where `setting` came from.
    pub fn of(&self, setting: Setting) -> Origin {
        self.0.get(&setting).copied().unwrap_or(Origin::Default)
    }

    /// Note where `setting` came from.
    pub fn insert(&mut self, setting: Setting, origin: Origin) {
        self.0.insert(setting, origin);
    }

    /// Every resolved setting and where it came from, by flag name.
    pub fn iter(&self) -> impl Iterator<Item = (Setting, Origin)> + '_ {
        let mut all: Vec<(Setting, Origin)> = self.0.iter().map(|(s, o)| (*s, *o)).collect();
        all.sort_by_key(|(s, _)| s.name());
        all.into_iter()
    }

    /// How many settings were resolved.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Provenance {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let shown: Vec<(Setting, Origin)> = self
            .iter()
            .filter(|(k, _)| *k != Setting::AllowNoExecuteTaintPolicy)
            .collect();
        let mut m = s.serialize_map(Some(shown.len()))?;
        for (k, v) in shown {
            m.serialize_entry(k.name(), &v)?;
        }
        m.end()
    }
}

/// Where the remembered settings a prediction used come from: the context, its last
/// discovery, and the settings set by hand.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RememberedFrom {
    /// The kubeconfig context they are remembered for.
    pub context: String,
    /// When the discovery that gave any of them ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discovered_at: Option<jiff::Timestamp>,
    /// The components it read them from (`deploy/NS/NAME (container C)`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub discovered_from: Vec<String>,
    /// Settings used that were set by hand, with when.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub set_by_hand: BTreeMap<String, jiff::Timestamp>,
    /// How long ago the discovery ran, by the wall clock (for people; scripts read
    /// `discoveredAt`).
    #[serde(skip)]
    pub discovered_ago: Option<jiff::SignedDuration>,
}

/// The origin of one assumed setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Origin {
    /// A command-line flag.
    Flag,
    /// The settings remembered for the context (`failover settings`): discovered on the
    /// control plane's components, or set by hand.
    Remembered,
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

/// Which eviction queue a prediction assumes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, strum::Display, strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum QueueModel {
    /// Upstream's taint manager: two paced queues of 3 workers.
    #[default]
    Upstream,
    /// The failover proposal's rate-limited queue (not built upstream).
    Proposal,
}

/// The eviction-queue flags of karmada-controller-manager, with their defaults, and the
/// model they are read under.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueSettings {
    /// Which queue the prediction assumes.
    pub model: QueueModel,
    /// `--resource-eviction-rate`, bindings per second (0.5). Upstream: each worker
    /// sleeps `1/rate` after every binding it processes.
    pub resource_eviction_rate: f64,
    /// `--secondary-resource-eviction-rate`, bindings per second (0.1; proposal only).
    pub secondary_resource_eviction_rate: f64,
    /// `--unhealthy-cluster-threshold`, share of faulty clusters (0.55; proposal only).
    pub unhealthy_cluster_threshold: f64,
    /// `--large-cluster-num-threshold`, fleet size (10; proposal only).
    pub large_cluster_num_threshold: usize,
    /// `--rate-limiter-*` (upstream only).
    pub rate_limiter: LimiterOptions,
    /// Workers per queue (upstream: 3).
    pub workers_per_queue: usize,
    /// Seconds between the taint manager's re-lists of a tainted cluster (upstream: 10).
    pub relist_seconds: i64,
}

impl Default for QueueSettings {
    fn default() -> Self {
        QueueSettings {
            model: QueueModel::Upstream,
            resource_eviction_rate: 0.5,
            secondary_resource_eviction_rate: 0.1,
            unhealthy_cluster_threshold: 0.55,
            large_cluster_num_threshold: 10,
            rate_limiter: LimiterOptions::default(),
            workers_per_queue: 3,
            relist_seconds: 10,
        }
    }
}

/// The rate limiter flags of karmada-controller-manager (`--rate-limiter-*`); values of
/// 0 or less take upstream's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LimiterOptions {
    /// `--rate-limiter-base-delay` in ns (default 5 ms).
    pub base_delay_ns: i64,
    /// `--rate-limiter-max-delay` in ns (default 1000 s).
    pub max_delay_ns: i64,
    /// `--rate-limiter-qps` (default 10).
    pub qps: i64,
    /// `--rate-limiter-bucket-size` (default 100).
    pub bucket_size: i64,
}

impl Default for LimiterOptions {
    fn default() -> Self {
        LimiterOptions {
            base_delay_ns: 5_000_000,
            max_delay_ns: 1_000_000_000_000,
            qps: 10,
            bucket_size: 100,
        }
    }
}

impl LimiterOptions {
    /// These options with upstream's defaults for every value of 0 or less.
    pub fn with_defaults(self) -> Self {
        let d = LimiterOptions::default();
        LimiterOptions {
            base_delay_ns: if self.base_delay_ns <= 0 {
                d.base_delay_ns
            } else {
                self.base_delay_ns
            },
            max_delay_ns: if self.max_delay_ns <= 0 {
                d.max_delay_ns
            } else {
                self.max_delay_ns
            },
            qps: if self.qps <= 0 { d.qps } else { self.qps },
            bucket_size: if self.bucket_size <= 0 {
                d.bucket_size
            } else {
                self.bucket_size
            },
        }
    }
}

/// The flags that decide how fast Karmada notices a member that stopped answering (and
/// one that answers again): karmada-controller-manager's cluster-status controller and
/// cluster monitor, and karmada-agent's lease (Pull clusters). Upstream's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct HealthSettings {
    /// `--cluster-status-update-frequency` (10 s): the pause after each status sync.
    pub status_update_frequency: jiff::SignedDuration,
    /// `--cluster-failure-threshold` (30 s): how long failures last before Ready False.
    pub failure_threshold: jiff::SignedDuration,
    /// `--cluster-success-threshold` (30 s): how long successes last before Ready True.
    pub success_threshold: jiff::SignedDuration,
    /// `--cluster-monitor-period` (5 s): the cluster controller's monitor tick.
    pub monitor_period: jiff::SignedDuration,
    /// `--cluster-monitor-grace-period` (40 s): an unrenewed lease older than this makes
    /// a Pull cluster's Ready Unknown.
    pub monitor_grace_period: jiff::SignedDuration,
    /// karmada-agent's `--cluster-lease-duration` (40 s).
    pub lease_duration: jiff::SignedDuration,
    /// karmada-agent's `--cluster-lease-renew-interval-fraction` (0.25).
    pub lease_renew_interval_fraction: f64,
}

impl Default for HealthSettings {
    fn default() -> Self {
        HealthSettings {
            status_update_frequency: jiff::SignedDuration::from_secs(10),
            failure_threshold: jiff::SignedDuration::from_secs(30),
            success_threshold: jiff::SignedDuration::from_secs(30),
            monitor_period: jiff::SignedDuration::from_secs(5),
            monitor_grace_period: jiff::SignedDuration::from_secs(40),
            lease_duration: jiff::SignedDuration::from_secs(40),
            lease_renew_interval_fraction: 0.25,
        }
    }
}

impl HealthSettings {
    /// How often the agent renews its lease: duration × fraction.
    pub fn lease_renew_interval(&self) -> jiff::SignedDuration {
        jiff::SignedDuration::from_secs_f64(
            self.lease_duration.as_secs_f64() * self.lease_renew_interval_fraction,
        )
    }
}

impl Serialize for HealthSettings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("HealthSettings", 7)?;
        st.serialize_field(
            "clusterStatusUpdateFrequencySeconds",
            &self.status_update_frequency.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterFailureThresholdSeconds",
            &self.failure_threshold.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterSuccessThresholdSeconds",
            &self.success_threshold.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterMonitorPeriodSeconds",
            &self.monitor_period.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterMonitorGracePeriodSeconds",
            &self.monitor_grace_period.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterLeaseDurationSeconds",
            &self.lease_duration.as_secs_f64(),
        )?;
        st.serialize_field(
            "clusterLeaseRenewIntervalFraction",
            &self.lease_renew_interval_fraction,
        )?;
        st.end()
    }
}
