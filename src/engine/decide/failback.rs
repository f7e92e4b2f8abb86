//! `failback`'s plan: whether a recovered cluster may take its workloads back (the
//! health gate), which bindings left it, and how each returns — its recorded placement
//! put back exactly (`restore`), or a fresh decision of the scheduler asked for with
//! `spec.rescheduleTriggeredAt` (`reschedule`, what upstream's WorkloadRebalancer
//! writes). Clusters a binding leaves entirely on the way back get a graceful eviction
//! task (the same write as `drain`), so their copy runs until the returned one is healthy.
//!
//! Upstream has no failback: this is the tool's own operator action, built from the
//! scheduler's rules (`placement`) and the graceful eviction controller's.

use std::collections::{BTreeMap, BTreeSet};

use jiff::fmt::friendly::{Designator, Spacing, SpanPrinter};
use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::api::taint::{describe_taint, effect_of, TaintEffect, UNSCHEDULABLE_TAINT_KEY};
use crate::api::{AggregatedStatusItem, BindingSpec, Cluster, GracefulEvictionTask, TargetCluster};
use crate::engine::decide::records::records;
use crate::engine::decide::records::PRODUCER as PRODUCER_KARMADACTL;
use crate::engine::karmada::cluster_affinity::CompiledAffinity;
use crate::engine::karmada::graceful_eviction::{graceful_evict_cluster, EvictOptions};
use crate::engine::karmada::scheduler::{
    passes_filters, FleetIndex, PlacementError, Prediction, AFFINITIES_FAILBACK,
};
use crate::engine::proposal::prescheduling::{scheduling_type, SchedulingType};
use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::PurgeMode;
use crate::engine::vocabulary::version::KarmadaVersion;
use crate::fleet::Binding;

/// `reason` of the graceful eviction tasks a failback writes.
pub const REASON_CLUSTER_FAILBACK: &str = "ClusterFailback";

/// How bindings return.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FailbackMode {
    /// The placement recorded before the eviction, put back exactly.
    #[default]
    Restore,
    /// A fresh scheduling decision (`spec.rescheduleTriggeredAt`).
    Reschedule,
}

impl FailbackMode {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What the operator asked of the failback.
#[derive(Clone, Debug, Default)]
pub struct FailbackOptions {
    /// The recovered clusters.
    pub clusters: Vec<String>,
    /// How bindings return.
    pub mode: FailbackMode,
    /// `--all`: also bindings without a record whose placement admits the clusters.
    pub all: bool,
    /// The graceful eviction tasks' `gracePeriodSeconds`.
    pub grace_period_seconds: Option<i32>,
    /// The tasks' `message`.
    pub message: String,
    /// The Karmada release that runs (where a reschedule starts among
    /// `clusterAffinities`).
    pub karmada_version: KarmadaVersion,
}

// ---------------------------------------------------------------------------------------
// Health gate

/// Whether `cluster` may take workloads back at `now`: Ready (condition True) for at
/// least `stable_for`, no `NoExecute` taint, not cordoned, not being deleted. Every
/// failing condition is returned, each saying since when.
pub fn health_gate(
    cluster: &Cluster,
    stable_for: SignedDuration,
    now: Timestamp,
) -> Result<(), Vec<Reason>> {
    let name = cluster.metadata.name.as_deref().unwrap_or("?");
    let mut out = Vec::new();
    match cluster.condition("Ready") {
        None => out.push(Reason::new(
            ReasonCode::FailbackGateNotReady,
            format!("{name} has no Ready condition: its health is unknown"),
        )),
        Some(c) if c.status != "True" => out.push(Reason::new(
            ReasonCode::FailbackGateNotReady,
            format!(
                "{name} is not Ready: Ready={} since {} ({} ago){}",
                c.status,
                c.last_transition_time.0,
                span(now.duration_since(c.last_transition_time.0)),
                detail(&c.reason, &c.message)
            ),
        )),
        Some(c) => {
            let since = c.last_transition_time.0;
            let ready_for = now.duration_since(since);
            if ready_for < stable_for {
                out.push(Reason::new(
                    ReasonCode::FailbackGateNotStable,
                    format!(
                        "{name} has been Ready only since {since} ({}); --stable-for is {}: it qualifies in {}",
                        span(ready_for),
                        span(stable_for),
                        span(stable_for - ready_for)
                    ),
                ));
            }
        }
    }
    for t in cluster.taints() {
        let since = t
            .time_added
            .as_ref()
            .map(|a| format!(" since {} ({} ago)", a.0, span(now.duration_since(a.0))))
            .unwrap_or_default();
        if effect_of(t) == Some(TaintEffect::NoExecute) {
            out.push(Reason::new(
                ReasonCode::FailbackGateTainted,
                format!(
                    "{name} carries {}{since}: the taint manager would evict again what returns",
                    describe_taint(t)
                ),
            ));
        } else if t.key == UNSCHEDULABLE_TAINT_KEY && t.effect == "NoSchedule" {
            out.push(Reason::new(
                ReasonCode::FailbackGateCordoned,
                format!("{name} is cordoned{since}: run `karmadactl uncordon {name}` first"),
            ));
        }
    }
    if let Some(at) = &cluster.metadata.deletion_timestamp {
        out.push(Reason::new(
            ReasonCode::FailbackGateNotReady,
            format!("{name} is being deleted (since {})", at.0),
        ));
    }
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

fn detail(reason: &str, message: &str) -> String {
    match (reason.is_empty(), message.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(", reason {reason}"),
        (true, false) => format!(": {message}"),
        (false, false) => format!(", reason {reason}: {message}"),
    }
}

/// `10m`, `1h2m` (whole seconds, never negative).
pub fn span(d: SignedDuration) -> String {
    let secs = d.as_secs().max(0);
    SpanPrinter::new()
        .designator(Designator::Compact)
        .spacing(Spacing::None)
        .duration_to_string(&SignedDuration::from_secs(secs))
}

// ---------------------------------------------------------------------------------------
// Per-binding plan

/// How one binding ends.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FailbackDecision {
    /// The recorded placement is put back exactly.
    Restore,
    /// The scheduler is asked for a fresh decision, predicted to return it.
    Reschedule,
    /// It is on the cluster already: nothing to do.
    AlreadyBack,
    /// `restore`: no placement was recorded before its eviction.
    NoRecord,
    /// The cluster can no longer take the replicas (estimator).
    NoLongerFits,
    /// The placement rules exclude the cluster now.
    Excluded,
    /// Scheduled by a later `clusterAffinities` term the scheduler will not leave.
    TermOrder,
    /// `reschedule`: the scheduler is predicted to place it elsewhere.
    NotReturned,
}

impl FailbackDecision {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Whether the failback writes the binding.
    pub fn writes(self) -> bool {
        matches!(
            self,
            FailbackDecision::Restore | FailbackDecision::Reschedule
        )
    }

    /// Whether it keeps the failback from being complete (exit 3).
    pub fn blocked(self) -> bool {
        !self.writes() && self != FailbackDecision::AlreadyBack
    }
}

/// The plan for one binding.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BindingFailback {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// The named clusters it returns to (or would).
    pub clusters: Vec<String>,
    /// How it ends.
    pub decision: FailbackDecision,
    /// Why.
    pub reason: Reason,
    /// `spec.clusters` now.
    pub before: Vec<TargetCluster>,
    /// `spec.clusters` after: written (`restore`) or predicted (`reschedule`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Vec<TargetCluster>>,
    /// Clusters it leaves entirely: each gets a graceful eviction task.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub leaving: Vec<TargetCluster>,
    /// Clusters that keep fewer replicas: scaled down at once (Karmada keeps one Work
    /// per cluster, so a partial move cannot wait for the new copy).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scaled_down: Vec<TargetCluster>,
    /// Tasks from the named clusters the write removes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tasks_removed: Vec<String>,
}

impl BindingFailback {
    /// Replicas the named clusters get back.
    pub fn returning(&self) -> i32 {
        self.after
            .iter()
            .flatten()
            .filter(|t| self.clusters.contains(&t.name))
            .map(|t| t.replicas)
            .sum()
    }
}

/// The named clusters `binding` left: recorded by a drain, the source of one of its
/// eviction tasks, or in a task's `clustersBeforeFailover`; with `--all`, every named
/// cluster it is not on whose placement rules admit it (a binding whose affinity leaves
/// the cluster out never left it).
fn left(binding: &Binding, index: &FleetIndex, options: &FailbackOptions) -> Vec<String> {
    let spec = &binding.spec;
    let recorded = records(binding.annotations());
    options
        .clusters
        .iter()
        .filter(|c| {
            recorded.contains_key(*c)
                || spec
                    .graceful_eviction_tasks
                    .iter()
                    .any(|t| &t.from_cluster == *c || t.clusters_before_failover.contains(*c))
                || (options.all
                    && !spec.clusters.iter().any(|t| &t.name == *c)
                    && index
                        .position(c)
                        .is_some_and(|i| passes_filters(index.cluster(i), spec).is_ok()))
        })
        .cloned()
        .collect()
}

/// The plan for `binding` (`None`: it never left the named clusters). `index` is the
/// fleet as the scheduler sees it now.
pub fn plan_binding(
    binding: &Binding,
    index: &FleetIndex,
    options: &FailbackOptions,
) -> Option<BindingFailback> {
    let touched = left(binding, index, options);
    if touched.is_empty() {
        return None;
    }
    let spec = &binding.spec;
    let mut plan = BindingFailback {
        binding: binding.display_name(),
        clusters: touched.clone(),
        decision: FailbackDecision::AlreadyBack,
        reason: Reason::new(ReasonCode::FailbackAlreadyBack, String::new()),
        before: spec.clusters.clone(),
        after: None,
        leaving: Vec::new(),
        scaled_down: Vec::new(),
        tasks_removed: Vec::new(),
    };
    let away: Vec<String> = touched
        .iter()
        .filter(|c| !spec.clusters.iter().any(|t| &&t.name == c))
        .cloned()
        .collect();
    if away.is_empty() {
        plan.reason.message = format!(
            "on {} already: nothing to do (its record is dropped)",
            touched.join(", ")
        );
        return Some(plan);
    }
    plan.clusters = away;
    let outcome = match options.mode {
        FailbackMode::Restore => restore(binding, index, &plan.clusters, options),
        FailbackMode::Reschedule => reschedule(binding, index, &plan.clusters, options),
    };
    match outcome {
        Ok((decision, after, reason)) => {
            plan.decision = decision;
            plan.reason = reason;
            plan.tasks_removed = spec
                .graceful_eviction_tasks
                .iter()
                .filter(|t| plan.clusters.contains(&t.from_cluster))
                .map(|t| t.from_cluster.clone())
                .collect();
            plan.leaving = spec
                .clusters
                .iter()
                .filter(|t| !after.iter().any(|a| a.name == t.name))
                .cloned()
                .collect();
            plan.scaled_down = spec
                .clusters
                .iter()
                .filter_map(|t| {
                    let a = after.iter().find(|a| a.name == t.name)?;
                    (a.replicas < t.replicas).then(|| a.clone())
                })
                .collect();
            plan.after = Some(after);
        }
        Err((decision, reason)) => {
            plan.decision = decision;
            plan.reason = reason;
        }
    }
    Some(plan)
}

type Outcome = Result<(FailbackDecision, Vec<TargetCluster>, Reason), (FailbackDecision, Reason)>;

/// `spec` without the tasks from `returning` (what the write removes).
fn without_tasks(spec: &BindingSpec, returning: &[String]) -> BindingSpec {
    let mut s = spec.clone();
    s.graceful_eviction_tasks
        .retain(|t| !returning.contains(&t.from_cluster));
    s
}

/// `restore`: the record of the drain whose placement holds most of `returning`.
fn restore(
    binding: &Binding,
    index: &FleetIndex,
    returning: &[String],
    options: &FailbackOptions,
) -> Outcome {
    let spec = &binding.spec;
    let recorded = records(binding.annotations());
    let Some((from, record)) = returning
        .iter()
        .filter_map(|c| recorded.get(c).map(|r| (c, r)))
        .max_by_key(|(_, r)| r.iter().filter(|t| returning.contains(&t.name)).count())
    else {
        let names: BTreeSet<&str> = spec
            .graceful_eviction_tasks
            .iter()
            .filter(|t| returning.contains(&t.from_cluster))
            .flat_map(|t| t.clusters_before_failover.iter().map(String::as_str))
            .collect();
        let known = if names.is_empty() {
            String::new()
        } else {
            format!(
                " (its task names the clusters before, {}, but not their replicas)",
                names.into_iter().collect::<Vec<_>>().join(", ")
            )
        };
        return Err((
            FailbackDecision::NoRecord,
            Reason::new(
                ReasonCode::FailbackNoRecord,
                format!(
                    "no placement was recorded before it left {}{known}: --mode reschedule asks the scheduler",
                    returning.join(", ")
                ),
            ),
        ));
    };
    // Every recorded cluster must be back or placed now; one still away and not returning
    // would make the placement short of replicas.
    let elsewhere: Vec<&str> = record
        .iter()
        .filter(|t| !returning.contains(&t.name) && !spec.clusters.iter().any(|c| c.name == t.name))
        .map(|t| t.name.as_str())
        .collect();
    if !elsewhere.is_empty() {
        return Err((
            FailbackDecision::Excluded,
            Reason::new(
                ReasonCode::FailbackRecordElsewhere,
                format!(
                    "the placement recorded before the drain of {from} also has {}, which this failback does not return to: fail it back too, or use --mode reschedule",
                    elsewhere.join(", ")
                ),
            ),
        ));
    }
    let mut after_spec = without_tasks(spec, returning);
    after_spec.clusters = record.clone();
    let prediction = index.predict(&after_spec, binding.observed_affinity());
    for c in returning
        .iter()
        .filter(|c| record.iter().any(|t| &t.name == *c))
    {
        if let Some(why) = excluded(index, &after_spec, &prediction, c) {
            return Err(why);
        }
    }
    if let Some(why) = term_order(binding, index, returning, options.karmada_version) {
        return Err(why);
    }
    for t in record {
        let now_on = spec
            .clusters
            .iter()
            .find(|c| c.name == t.name)
            .map_or(0, |c| c.replicas);
        let more = t.replicas - now_on;
        if more <= 0 {
            continue;
        }
        let room = index.allocatable(&t.name, spec).unwrap_or(0);
        if room < more {
            return Err((
                FailbackDecision::NoLongerFits,
                Reason::new(
                    ReasonCode::FailbackNoLongerFits,
                    format!(
                        "{} can take {room} more replica(s) of this workload by its resource summary; the recorded placement puts {more} back there",
                        t.name
                    ),
                ),
            ));
        }
    }
    let mut reason =
        format!("the placement recorded before the drain of {from} is put back exactly");
    if scheduling_type(spec) == SchedulingType::Duplicated {
        if let Ok(p) = &prediction {
            if !same_placement(&p.clusters, record) {
                reason += &format!(
                    "; duplicated: the scheduler recomputes it at once and is predicted to choose {}",
                    names(&p.clusters)
                );
            }
        }
    }
    Ok((
        FailbackDecision::Restore,
        record.clone(),
        Reason::new(ReasonCode::FailbackRestore, reason),
    ))
}

/// `reschedule`: a fresh decision, predicted with the tasks the write adds for the
/// clusters the binding leaves (the scheduler excludes them).
fn reschedule(
    binding: &Binding,
    index: &FleetIndex,
    returning: &[String],
    options: &FailbackOptions,
) -> Outcome {
    let spec = &binding.spec;
    let fresh = without_tasks(spec, returning);
    let observed = binding.observed_affinity();
    let version = options.karmada_version;
    let first = index
        .predict_fresh(&fresh, observed, version)
        .map_err(|e| not_returned(&e))?;
    let leaving: Vec<&str> = spec
        .clusters
        .iter()
        .filter(|t| !first.clusters.iter().any(|p| p.name == t.name))
        .map(|t| t.name.as_str())
        .collect();
    let mut with_tasks = fresh.clone();
    for c in &leaving {
        graceful_evict_cluster(&mut with_tasks, c, &EvictOptions::default());
    }
    with_tasks.clusters = fresh.clusters.clone();
    let predicted = index
        .predict_fresh(&with_tasks, observed, version)
        .map_err(|e| not_returned(&e))?;
    let back: Vec<&String> = returning
        .iter()
        .filter(|c| {
            predicted.replicas_for(c) > 0 || predicted.clusters.iter().any(|t| &&t.name == c)
        })
        .collect();
    if back.is_empty() {
        let c = &returning[0];
        if let Some(why) = excluded(index, &with_tasks, &Ok(predicted.clone()), c) {
            return Err(why);
        }
        return Err((
            FailbackDecision::NotReturned,
            Reason::new(
                ReasonCode::FailbackNotReturned,
                format!(
                    "a fresh scheduling is predicted to choose {}, not {}",
                    names(&predicted.clusters),
                    returning.join(", ")
                ),
            ),
        ));
    }
    Ok((
        FailbackDecision::Reschedule,
        predicted.clusters.clone(),
        Reason::new(
            ReasonCode::FailbackReschedule,
            format!(
                "a fresh scheduling (spec.rescheduleTriggeredAt) is predicted to choose {}",
                names(&predicted.clusters)
            ),
        ),
    ))
}

fn not_returned(e: &PlacementError) -> (FailbackDecision, Reason) {
    let r = e.reason();
    (
        FailbackDecision::NotReturned,
        Reason::new(
            ReasonCode::FailbackNotReturned,
            format!("a fresh scheduling would fail: {}", r.message),
        ),
    )
}

/// Why the scheduler's filters keep `cluster` out of `spec`'s placement, if they do.
fn excluded(
    index: &FleetIndex,
    spec: &BindingSpec,
    prediction: &Result<Prediction, PlacementError>,
    cluster: &str,
) -> Option<(FailbackDecision, Reason)> {
    let why = match index.position(cluster) {
        None => format!("{cluster} is not in the fleet any more"),
        Some(i) => match passes_filters(index.cluster(i), spec) {
            Err(r) => r.message,
            Ok(()) => match prediction {
                Err(e) => format!(
                    "the placement rules place it nowhere now: {}",
                    e.reason().message
                ),
                Ok(_) => return None,
            },
        },
    };
    Some((
        FailbackDecision::Excluded,
        Reason::new(ReasonCode::FailbackExcluded, why),
    ))
}

/// With `clusterAffinities`, the scheduler starts from the term it last observed; a
/// cluster only in earlier terms is never returned to until something restarts it.
fn term_order(
    binding: &Binding,
    index: &FleetIndex,
    returning: &[String],
    version: KarmadaVersion,
) -> Option<(FailbackDecision, Reason)> {
    let placement = binding.spec.placement.as_ref()?;
    if placement.cluster_affinity.is_some() || placement.cluster_affinities.is_empty() {
        return None;
    }
    let observed = binding
        .status
        .as_ref()?
        .scheduler_observing_affinity_name
        .as_deref()?;
    let at = placement
        .cluster_affinities
        .iter()
        .position(|t| t.affinity_name == observed)?;
    let term = &placement.cluster_affinities[at];
    let compiled = CompiledAffinity::new(&term.affinity);
    let outside: Vec<&String> = returning
        .iter()
        .filter(|c| {
            index
                .position(c)
                .is_some_and(|i| !compiled.matches(index.cluster(i)))
        })
        .collect();
    let first = outside.first()?;
    let earlier: Vec<&str> = placement.cluster_affinities[..at]
        .iter()
        .filter(|t| {
            index
                .position(first)
                .is_some_and(|i| CompiledAffinity::new(&t.affinity).matches(index.cluster(i)))
        })
        .map(|t| t.affinity_name.as_str())
        .collect();
    let way_back = if AFFINITIES_FAILBACK.holds_in(version) {
        "--mode reschedule starts again from the first term"
    } else {
        "in Karmada {version} --mode reschedule starts from the observed term too (from v1.19.0-rc.0 it starts again from the first, karmada#5425)"
    }
    .replace("{version}", &version.to_string());
    Some((
        FailbackDecision::TermOrder,
        Reason::new(
            ReasonCode::FailbackTermOrder,
            format!(
                "scheduled by clusterAffinities term {observed:?}, which does not include {first}{}; the scheduler starts from the term it observed, so a restored placement would not last: {way_back}",
                if earlier.is_empty() {
                    String::new()
                } else {
                    format!(" (only the earlier term(s) {} do)", earlier.join(", "))
                }
            ),
        ),
    ))
}

fn same_placement(a: &[TargetCluster], b: &[TargetCluster]) -> bool {
    let map = |l: &[TargetCluster]| -> BTreeMap<String, i32> {
        l.iter().map(|t| (t.name.clone(), t.replicas)).collect()
    };
    map(a) == map(b)
}

fn names(l: &[TargetCluster]) -> String {
    if l.is_empty() {
        return "no cluster".into();
    }
    l.iter()
        .map(|t| format!("{}:{}", t.name, t.replicas))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The graceful eviction tasks the failback of `plan` adds: one per cluster the binding
/// leaves entirely, purge mode `Gracefully`, producer karmadactl.
pub fn leaving_tasks(
    spec: &BindingSpec,
    plan: &BindingFailback,
    options: &FailbackOptions,
) -> Vec<GracefulEvictionTask> {
    let mut scratch = spec.clone();
    scratch.graceful_eviction_tasks.clear();
    let evict = EvictOptions {
        purge_mode: Some(PurgeMode::Gracefully.as_str().to_string()),
        producer: PRODUCER_KARMADACTL.into(),
        reason: REASON_CLUSTER_FAILBACK.into(),
        message: options.message.clone(),
        grace_period_seconds: options.grace_period_seconds,
        clusters_before_failover: spec.clusters.iter().map(|c| c.name.clone()).collect(),
        ..Default::default()
    };
    for t in &plan.leaving {
        // A cluster with a task of its own keeps it (the scheduler excludes it anyway).
        if spec
            .graceful_eviction_tasks
            .iter()
            .any(|e| e.from_cluster == t.name)
        {
            continue;
        }
        graceful_evict_cluster(&mut scratch, &t.name, &evict);
    }
    scratch.graceful_eviction_tasks
}

/// `spec.rescheduleTriggeredAt` for a reschedule at `now`: after `lastScheduledTime`
/// (the scheduler compares them at whole seconds).
pub fn reschedule_at(binding: &Binding, now: Timestamp) -> Timestamp {
    let now = Timestamp::from_second(now.as_second()).unwrap_or(now);
    let last = binding
        .status
        .as_ref()
        .and_then(|s| s.last_scheduled_time.as_ref())
        .map(|t| t.0);
    match last {
        Some(l) if l >= now => Timestamp::from_second(l.as_second() + 1).unwrap_or(now),
        _ => now,
    }
}

// ---------------------------------------------------------------------------------------
// Rollout health

/// Where a returned binding stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "state", content = "detail")]
pub enum Returned {
    /// The returned clusters report the workload applied and healthy.
    Healthy,
    /// Not yet: what is missing.
    Pending(String),
    /// The scheduler did not return it (`reschedule`): it will not get there.
    Lost(String),
}

/// Whether `binding`, failed back to `clusters` by a write of `written_generation`, is
/// healthy there now: the scheduler has seen the write, the clusters are in its
/// placement, and its aggregated status says applied and `Healthy` on each.
pub fn returned_health(
    binding: &Binding,
    clusters: &[String],
    written_generation: Option<i64>,
) -> Returned {
    let status = binding.status.clone().unwrap_or_default();
    let observed = status.scheduler_observed_generation;
    if let (Some(w), o) = (written_generation, observed) {
        if o.is_none_or(|o| o < w) {
            return Returned::Pending("the scheduler has not seen the failback yet".into());
        }
    }
    for c in clusters {
        if !binding.spec.clusters.iter().any(|t| &t.name == c) {
            return Returned::Lost(format!("the scheduler placed it elsewhere than {c}"));
        }
        let item: Option<&AggregatedStatusItem> = status
            .aggregated_status
            .iter()
            .find(|a| *a.cluster_name == **c);
        match item {
            None => return Returned::Pending(format!("no status from {c} yet")),
            Some(a) if !a.applied => return Returned::Pending(format!("not applied on {c} yet")),
            Some(a) if a.health.as_deref() != Some("Healthy") => {
                return Returned::Pending(format!(
                    "{} on {c}",
                    a.health.as_deref().unwrap_or("health unknown")
                ))
            }
            Some(_) => {}
        }
    }
    Returned::Healthy
}

#[cfg(test)]
mod tests;
