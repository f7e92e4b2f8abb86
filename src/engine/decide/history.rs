//! `history`: a binding's failover record as one timeline, oldest first, built from what
//! the binding carries (its graceful eviction tasks, the tool's records of the placement
//! before and of the drain's moment) and
//! from the Kubernetes Events about it: the tool's own (`ops::events`) and those of
//! upstream Karmada's controllers. Pure: the caller reads the Events and hands them in as
//! plain [`EventRecord`]s.
//!
//! Upstream's reasons, from karmada-io/karmada `pkg/events/events.go` and their emitters:
//! - `EvictWorkloadFromClusterSucceed` (Normal): emitted only by the graceful eviction
//!   controller, when it removes a task (the old copy goes): `eviction-cleared`;
//! - `EvictWorkloadFromClusterFailed` (Warning): the taint manager, the application
//!   failover controllers or the graceful eviction controller failed to write an
//!   eviction: `eviction-failed`. (The taint manager and the application failover
//!   controllers emit nothing when the eviction succeeds: the task is the record.)
//! - `ScheduleBindingSucceed` / `ScheduleBindingFailed` (karmada-scheduler, message
//!   `Binding has been scheduled successfully. Result: {member1:1, member2:2}`):
//!   `scheduled` / `schedule-failed`;
//! - `DescheduleBindingSucceed` / `DescheduleBindingFailed` (karmada-descheduler):
//!   `descheduled` / `deschedule-failed`.
//!
//! Every message names its cluster as `cluster NAME` (upstream: `Evict from cluster NAME
//! succeed.`; the tool: [`tool_message`]), which is how an event is tied to a cluster.

use std::collections::{BTreeMap, BTreeSet};

use jiff::Timestamp;
use serde::Serialize;

use crate::engine::decide::evictions::TaskCause;

use crate::api::{GracefulEvictionTask, TargetCluster};
use crate::engine::decide::records::{drains, reasons, records, unrecorded};
use crate::engine::karmada::events::{reasons as upstream, schedule_result};
use crate::fleet::Binding;

/// What happened, in one word.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ActionKind {
    /// A graceful eviction task exists: the binding is leaving a cluster.
    Eviction,
    /// The graceful eviction controller removed a task: the old copy goes.
    EvictionCleared,
    /// An eviction could not be written.
    EvictionFailed,
    /// The scheduler placed the binding.
    Scheduled,
    /// The scheduler could not place the binding.
    ScheduleFailed,
    /// The descheduler moved replicas away.
    Descheduled,
    /// The descheduler failed.
    DescheduleFailed,
    /// `karmadactl drain` evicted the binding from a cluster.
    Drain,
    /// `karmadactl evictions abort` took an eviction back.
    Abort,
    /// `karmadactl failback` returned the binding to a cluster.
    Failback,
    /// An eviction was confirmed with karmadactl.
    Confirm,
    /// An eviction's grace period was extended with karmadactl.
    Extend,
    /// A stale eviction task was pruned with karmadactl.
    Prune,
    /// An Event whose reason `history` does not know (only with `--all-events`).
    Other,
}

impl ActionKind {
    /// The word tables print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Order among entries of the same second: cause before effect (a drain writes the
    /// eviction, the scheduler places anew, then the task clears).
    fn rank(self) -> u8 {
        match self {
            ActionKind::Drain => 0,
            ActionKind::Eviction | ActionKind::EvictionFailed => 1,
            ActionKind::Scheduled
            | ActionKind::ScheduleFailed
            | ActionKind::Descheduled
            | ActionKind::DescheduleFailed => 2,
            ActionKind::EvictionCleared => 3,
            _ => 4,
        }
    }
}

/// The action an Event's reason stands for; `None` for reasons `history` does not know.
pub fn classify(reason: &str) -> Option<ActionKind> {
    use ActionKind::*;
    Some(match reason {
        reasons::DRAINED => Drain,
        reasons::ABORTED => Abort,
        reasons::FAILED_BACK => Failback,
        reasons::CONFIRMED => Confirm,
        reasons::EXTENDED => Extend,
        reasons::PRUNED => Prune,
        upstream::EVICT_SUCCEEDED => EvictionCleared,
        upstream::EVICT_FAILED => EvictionFailed,
        upstream::SCHEDULE_SUCCEEDED => Scheduled,
        upstream::SCHEDULE_FAILED => ScheduleFailed,
        upstream::DESCHEDULE_SUCCEEDED => Descheduled,
        upstream::DESCHEDULE_FAILED => DescheduleFailed,
        _ => return None,
    })
}

/// One Kubernetes Event about a binding, as `history` reads it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventRecord {
    /// `reason`.
    pub reason: String,
    /// `type`: `Normal` or `Warning`.
    #[serde(rename = "type")]
    pub type_: String,
    /// `message`.
    pub message: String,
    /// Who reported it: `reportingComponent`, else `source.component`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub component: String,
    /// How many times it happened (`count`, at least 1).
    pub count: i32,
    /// When it first happened (`firstTimestamp`, else `eventTime`, else the object's
    /// creation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_time: Option<Timestamp>,
    /// When it last happened (`lastTimestamp`, else the series' last observation, else
    /// the first time).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_time: Option<Timestamp>,
}

/// Where an entry's facts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// A task of `spec.gracefulEvictionTasks`.
    Task,
    /// The tool's records `karmadactl.karmada.io/pre-eviction-clusters`,
    /// `karmadactl.karmada.io/drains` and `karmadactl.karmada.io/unrecorded-events`.
    Annotation,
    /// A Kubernetes Event.
    Event,
}

/// One line of the timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// `rb/NS/NAME` or `crb/NAME`.
    pub binding: String,
    /// When it happened; absent when nothing says (a drain record without its task or
    /// Event).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<Timestamp>,
    /// What happened.
    pub action: ActionKind,
    /// The cluster it is about, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<String>,
    /// Where the facts come from.
    pub from: Vec<Origin>,
    /// `eviction`: the task as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<GracefulEvictionTask>,
    /// `eviction`: why the task exists, from its producer and reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<TaskCause>,
    /// `drain` (from the tool's record): `spec.clusters` before the drain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement_before: Option<Vec<TargetCluster>>,
    /// `drain` (from the tool's drain log): what drained it; an action whose Event is
    /// not recorded yet (from its announcement): what happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `scheduled`: the result the scheduler reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<Vec<TargetCluster>>,
    /// The Event, when the entry comes from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<EventRecord>,
}

/// What to build.
#[derive(Clone, Copy, Debug, Default)]
pub struct HistoryOptions<'a> {
    /// Only entries about this cluster (and those about the binding as a whole, such as
    /// scheduling).
    pub cluster: Option<&'a str>,
    /// Keep Events whose reason is not known, as `other`.
    pub all_events: bool,
}

/// The history of one binding.
#[derive(Clone, Debug, PartialEq)]
pub struct BindingHistory {
    /// `rb/NS/NAME` or `crb/NAME`.
    pub binding: String,
    /// Oldest first; entries without a time last.
    pub entries: Vec<Entry>,
    /// Events left out because their reason is not known (shown with `all_events`).
    pub hidden_events: usize,
    /// Whether the binding is, or was, on `options.cluster` (always true without one).
    pub concerns_cluster: bool,
}

/// The timeline of `binding` from its tasks, the tool's record and `events` (the Events
/// whose involvedObject is the binding).
pub fn history(
    binding: &Binding,
    events: &[EventRecord],
    options: &HistoryOptions<'_>,
) -> BindingHistory {
    let name = binding.display_name();
    let tasks = &binding.spec.graceful_eviction_tasks;
    let recorded = records(binding.annotations());
    let log = drains(binding.annotations());
    let drained: BTreeMap<&str, Timestamp> = log.iter().map(|(c, d)| (c.as_str(), d.at)).collect();
    let known = known_clusters(binding, &recorded);
    let task_time = |cluster: &str| {
        tasks
            .iter()
            .find(|t| t.from_cluster == cluster)
            .and_then(|t| t.creation_timestamp.as_ref())
            .map(|t| t.0)
    };
    let entry = |action, time, cluster: Option<String>, from| Entry {
        binding: name.clone(),
        time,
        action,
        cluster,
        from: vec![from],
        task: None,
        cause: None,
        placement_before: None,
        message: None,
        placement: None,
        event: None,
    };

    let (mut from_events, hidden_events) = event_entries(events, options, &known, &entry);
    // The tool writes its tasks without creationTimestamp (the graceful eviction
    // controller stamps them): such a task takes the moment its drain recorded on the
    // binding, or the time of a drain Event about it (as drains before that record did).
    let drain_time = |cluster: &str| {
        drained.get(cluster).copied().or_else(|| {
            from_events
                .iter()
                .filter(|e| e.action == ActionKind::Drain && e.cluster.as_deref() == Some(cluster))
                .filter_map(|e| e.time)
                .max()
        })
    };
    let mut out: Vec<Entry> = Vec::new();
    for t in tasks {
        let mut e = entry(
            ActionKind::Eviction,
            t.creation_timestamp
                .as_ref()
                .map(|t| t.0)
                .or_else(|| drain_time(&t.from_cluster)),
            Some(t.from_cluster.clone()),
            Origin::Task,
        );
        e.cause = Some(TaskCause::of(t));
        e.task = Some(t.clone());
        out.push(e);
    }
    // The tool's record of each drained cluster joins the latest drain Event about that
    // cluster, or stands alone.
    for (cluster, before) in &recorded {
        let latest = from_events
            .iter_mut()
            .filter(|e| {
                e.action == ActionKind::Drain
                    && e.cluster.as_deref() == Some(cluster.as_str())
                    && e.placement_before.is_none()
            })
            .max_by_key(|e| e.time);
        match latest {
            Some(e) => {
                e.placement_before = Some(before.clone());
                e.from.insert(0, Origin::Annotation);
                if let Some(t) =
                    task_time(cluster).or_else(|| drained.get(cluster.as_str()).copied())
                {
                    e.time = Some(t);
                }
            }
            None => {
                let mut e = entry(
                    ActionKind::Drain,
                    task_time(cluster).or_else(|| drained.get(cluster.as_str()).copied()),
                    Some(cluster.clone()),
                    Origin::Annotation,
                );
                e.placement_before = Some(before.clone());
                out.push(e);
            }
        }
    }
    // The drain log: it joins the record's entry of its cluster, or stands alone once
    // the record is gone (the binding returned, or the eviction was taken back).
    for (cluster, d) in &log {
        let recorded_entry = out.iter_mut().chain(from_events.iter_mut()).find(|e| {
            e.action == ActionKind::Drain
                && e.cluster.as_deref() == Some(cluster.as_str())
                && e.placement_before.is_some()
        });
        match recorded_entry {
            Some(e) => {
                e.message = Some(d.message.clone());
                e.time.get_or_insert(d.at);
            }
            None => {
                let mut e = entry(
                    ActionKind::Drain,
                    Some(d.at),
                    Some(cluster.clone()),
                    Origin::Annotation,
                );
                e.message = Some(d.message.clone());
                out.push(e);
            }
        }
    }
    // Events a return announced and did not record yet (the run ended between its write
    // and them): they join their Event once recorded, or stand alone.
    if let Some(u) = unrecorded(binding.annotations()) {
        let action = classify(&u.reason).unwrap_or(ActionKind::Other);
        // An Event's time is read back to the second.
        let at = Timestamp::from_second(u.at.as_second()).unwrap_or(u.at);
        for cluster in &u.clusters {
            let recorded = from_events.iter_mut().find(|e| {
                e.action == action && e.cluster.as_deref() == Some(cluster) && e.time == Some(at)
            });
            match recorded {
                Some(e) => e.from.insert(0, Origin::Annotation),
                None => {
                    let mut e = entry(
                        action,
                        Some(u.at),
                        Some(cluster.clone()),
                        Origin::Annotation,
                    );
                    e.message = Some(u.text.clone());
                    out.push(e);
                }
            }
        }
    }
    out.extend(from_events);
    let concerns_cluster = match options.cluster {
        None => true,
        Some(c) => known.contains(c) || out.iter().any(|e| e.cluster.as_deref() == Some(c)),
    };
    if let Some(c) = options.cluster {
        out.retain(|e| e.cluster.as_deref().is_none_or(|x| x == c));
    }
    sort(&mut out);
    BindingHistory {
        binding: name,
        entries: out,
        hidden_events,
        concerns_cluster,
    }
}

/// Every cluster a binding's record names: placed, evicted from, before a failover,
/// recorded by the tool.
fn known_clusters<'b>(
    binding: &'b Binding,
    recorded: &'b BTreeMap<String, Vec<TargetCluster>>,
) -> BTreeSet<&'b str> {
    let tasks = &binding.spec.graceful_eviction_tasks;
    binding
        .spec
        .clusters
        .iter()
        .map(|c| c.name.as_str())
        .chain(tasks.iter().map(|t| t.from_cluster.as_str()))
        .chain(
            tasks
                .iter()
                .flat_map(|t| t.clusters_before_failover.iter().map(String::as_str)),
        )
        .chain(recorded.keys().map(String::as_str))
        .collect()
}

/// The entries of the Events `history` knows (all of them with `--all-events`), and how
/// many it left out.
fn event_entries(
    events: &[EventRecord],
    options: &HistoryOptions<'_>,
    known: &BTreeSet<&str>,
    entry: &dyn Fn(ActionKind, Option<Timestamp>, Option<String>, Origin) -> Entry,
) -> (Vec<Entry>, usize) {
    let mut hidden = 0;
    let mut out = Vec::new();
    for ev in events {
        let action = match (classify(&ev.reason), options.all_events) {
            (Some(a), _) => a,
            (None, true) => ActionKind::Other,
            (None, false) => {
                hidden += 1;
                continue;
            }
        };
        let mut e = entry(
            action,
            ev.last_time.or(ev.first_time),
            cluster_in_message(&ev.message, known),
            Origin::Event,
        );
        if action == ActionKind::Scheduled {
            e.placement = schedule_result(&ev.message);
        }
        e.event = Some(ev.clone());
        out.push(e);
    }
    (out, hidden)
}

/// Sort entries oldest first (those without a time last), cause before effect within a
/// second, then by binding and cluster.
pub fn sort(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        (
            a.time.is_none(),
            a.time,
            a.action.rank(),
            &a.binding,
            &a.cluster,
        )
            .cmp(&(
                b.time.is_none(),
                b.time,
                b.action.rank(),
                &b.binding,
                &b.cluster,
            ))
    });
}

/// The entries of several bindings as one timeline.
pub fn merge(histories: impl IntoIterator<Item = BindingHistory>) -> Vec<Entry> {
    let mut all: Vec<Entry> = histories.into_iter().flat_map(|h| h.entries).collect();
    sort(&mut all);
    all
}

/// The cluster a message is about: the name after the word `cluster` (`Evict from
/// cluster member1 succeed.`, `cluster member1: ...`), else the first word that is one of
/// `known`.
pub fn cluster_in_message(message: &str, known: &BTreeSet<&str>) -> Option<String> {
    let is_name = |w: &str| {
        !w.is_empty()
            && w.len() <= 253
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
    };
    let trim = |w: &str| {
        w.trim_start_matches(['"', '\'', '(', '['])
            .trim_end_matches(['.', ',', ':', ';', ')', ']', '"', '\''])
            .to_string()
    };
    let words: Vec<&str> = message.split_whitespace().collect();
    for pair in words.windows(2) {
        if pair[0].eq_ignore_ascii_case("cluster") {
            let name = trim(pair[1]);
            if is_name(&name) {
                return Some(name);
            }
        }
    }
    words
        .iter()
        .map(|w| trim(w))
        .find(|w| known.contains(w.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ObjectMeta, Time};
    use crate::engine::decide::records::tool_message;
    use crate::engine::decide::records::PRE_EVICTION_ANNOTATION;
    use crate::fleet::BindingKind;
    use serde_json::json;

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    fn binding(spec: serde_json::Value, annotation: Option<&str>) -> Binding {
        let mut spec = spec;
        spec["resource"] =
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "w", "namespace": "ns"});
        Binding {
            kind: BindingKind::ResourceBinding,
            metadata: ObjectMeta {
                name: Some("w-deployment".into()),
                namespace: Some("ns".into()),
                annotations: annotation
                    .map(|a| [(PRE_EVICTION_ANNOTATION.to_string(), a.to_string())].into()),
                ..Default::default()
            }
            .into(),
            spec: serde_json::from_value(spec).unwrap(),
            status: None,
        }
    }

    fn event(reason: &str, message: &str, at: &str) -> EventRecord {
        EventRecord {
            reason: reason.into(),
            type_: "Normal".into(),
            message: message.into(),
            component: "test".into(),
            count: 1,
            first_time: Some(ts(at)),
            last_time: Some(ts(at)),
        }
    }

    fn actions(h: &BindingHistory) -> Vec<(&'static str, Option<&str>)> {
        h.entries
            .iter()
            .map(|e| (e.action.as_str(), e.cluster.as_deref()))
            .collect()
    }

    /// A drain of m1 (record, task, Event), the scheduler's new placement, an Event the
    /// tool does not know, and the old copy on m3 cleared earlier.
    fn drained() -> (Binding, Vec<EventRecord>) {
        let b = binding(
            json!({
                "clusters": [{"name": "m2", "replicas": 3}],
                "gracefulEvictionTasks": [{
                    "fromCluster": "m1", "producer": "karmadactl", "reason": "ClusterDrained",
                    "purgeMode": "Gracefully", "replicas": 1, "gracePeriodSeconds": 600,
                    "clustersBeforeFailover": ["m1", "m2"],
                    "creationTimestamp": "2026-11-22T12:00:00Z"
                }]
            }),
            Some(r#"{"m1":[{"name":"m1","replicas":1},{"name":"m2","replicas":2}]}"#),
        );
        let events = vec![
            event(
                upstream::SCHEDULE_SUCCEEDED,
                "Binding has been scheduled successfully. Result: {m2:3}",
                "2026-11-22T12:00:00Z",
            ),
            event(
                reasons::DRAINED,
                &tool_message("m1", "drained by karmadactl"),
                "2026-11-22T12:00:01Z",
            ),
            event(
                "SyncWorkSucceed",
                "Sync work of resourceBinding(ns/w-deployment) successful.",
                "2026-11-22T12:00:02Z",
            ),
            event(
                upstream::EVICT_SUCCEEDED,
                "Evict from cluster m3 succeed.",
                "2026-11-22T11:00:00Z",
            ),
        ];
        (b, events)
    }

    #[test]
    fn a_drain_reads_as_one_timeline_oldest_first() {
        let (b, events) = drained();
        let h = history(&b, &events, &HistoryOptions::default());
        assert_eq!(h.binding, "rb/ns/w-deployment");
        assert_eq!(
            actions(&h),
            vec![
                ("eviction-cleared", Some("m3")),
                ("drain", Some("m1")),
                ("eviction", Some("m1")),
                ("scheduled", None),
            ]
        );
        assert_eq!(h.hidden_events, 1);
        // The record joined the drain Event and took the task's time.
        let drain = &h.entries[1];
        assert_eq!(drain.from, vec![Origin::Annotation, Origin::Event]);
        assert_eq!(drain.time, Some(ts("2026-11-22T12:00:00Z")));
        assert_eq!(
            drain.placement_before.as_deref(),
            Some(&[TargetCluster::new("m1", 1), TargetCluster::new("m2", 2)][..])
        );
        assert_eq!(h.entries[2].task.as_ref().unwrap().producer, "karmadactl");
        assert_eq!(
            h.entries[3].placement.as_deref(),
            Some(&[TargetCluster::new("m2", 3)][..])
        );
    }

    #[test]
    fn unknown_reasons_only_with_all_events() {
        let (b, events) = drained();
        let options = HistoryOptions {
            all_events: true,
            ..Default::default()
        };
        let h = history(&b, &events, &options);
        assert_eq!(h.hidden_events, 0);
        assert_eq!(h.entries.last().unwrap().action, ActionKind::Other);
    }

    #[test]
    fn a_record_without_task_or_event_has_no_time_and_comes_last() {
        let b = binding(
            json!({"clusters": [{"name": "m2", "replicas": 1}]}),
            Some(r#"{"m1":[{"name":"m1","replicas":1}]}"#),
        );
        let events = vec![event(
            reasons::ABORTED,
            &tool_message("m2", "aborted"),
            "2026-11-22T12:00:00Z",
        )];
        let h = history(&b, &events, &HistoryOptions::default());
        assert_eq!(
            actions(&h),
            vec![("abort", Some("m2")), ("drain", Some("m1"))]
        );
        assert_eq!(h.entries[1].time, None);
        assert_eq!(h.entries[1].from, vec![Origin::Annotation]);
    }

    #[test]
    fn the_drains_own_record_times_its_task_and_record_without_an_event() {
        let mut b = binding(
            json!({
                "clusters": [{"name": "m2", "replicas": 1}],
                "gracefulEvictionTasks": [{
                    "fromCluster": "m1", "producer": "karmadactl", "reason": "ClusterDrained",
                    "purgeMode": "Gracefully", "replicas": 1
                }]
            }),
            Some(r#"{"m1":[{"name":"m1","replicas":1}]}"#),
        );
        b.metadata.annotations.as_mut().unwrap().insert(
            crate::engine::decide::records::DRAINS_ANNOTATION,
            r#"{"m1":{"at":"2026-11-22T09:30:00Z","message":"by drain m1"},"m3":{"at":"2026-11-20T08:00:00Z","message":"older"}}"#,
        );
        let h = history(&b, &[], &HistoryOptions::default());
        // m3's drain stands alone (its record went when it returned); m1's joins its
        // record and times it and its task.
        assert_eq!(
            actions(&h),
            vec![
                ("drain", Some("m3")),
                ("drain", Some("m1")),
                ("eviction", Some("m1"))
            ]
        );
        assert_eq!(h.entries[0].time, Some(ts("2026-11-20T08:00:00Z")));
        assert_eq!(h.entries[0].message.as_deref(), Some("older"));
        assert!(h.entries[1].placement_before.is_some());
        assert_eq!(h.entries[1].message.as_deref(), Some("by drain m1"));
        assert!(h.entries[1..]
            .iter()
            .all(|e| e.time == Some(ts("2026-11-22T09:30:00Z"))));
    }

    #[test]
    fn a_record_without_task_takes_the_drain_events_time() {
        let b = binding(
            json!({"clusters": [{"name": "m2", "replicas": 1}]}),
            Some(r#"{"m1":[{"name":"m1","replicas":1}]}"#),
        );
        let events = vec![
            event(
                reasons::DRAINED,
                &tool_message("m1", "first"),
                "2026-11-22T10:00:00Z",
            ),
            event(
                reasons::DRAINED,
                &tool_message("m1", "again"),
                "2026-11-22T11:00:00Z",
            ),
        ];
        let h = history(&b, &events, &HistoryOptions::default());
        let merged: Vec<_> = h
            .entries
            .iter()
            .filter(|e| e.placement_before.is_some())
            .collect();
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].time, Some(ts("2026-11-22T11:00:00Z")));
        assert_eq!(h.entries.len(), 2);
    }

    #[test]
    fn an_unstamped_task_takes_its_drain_events_time() {
        let b = binding(
            json!({
                "clusters": [{"name": "m2", "replicas": 1}],
                "gracefulEvictionTasks": [{"fromCluster": "m1", "producer": "karmadactl", "reason": "ClusterDrained"}]
            }),
            Some(r#"{"m1":[{"name":"m1","replicas":1}]}"#),
        );
        let events = vec![event(
            reasons::DRAINED,
            &tool_message("m1", "drained"),
            "2026-11-22T12:00:00Z",
        )];
        let h = history(&b, &events, &HistoryOptions::default());
        assert_eq!(
            actions(&h),
            vec![("drain", Some("m1")), ("eviction", Some("m1"))]
        );
        assert!(h
            .entries
            .iter()
            .all(|e| e.time == Some(ts("2026-11-22T12:00:00Z"))));
    }

    #[test]
    fn the_cluster_filter_keeps_its_entries_and_binding_wide_ones() {
        let (b, events) = drained();
        let only_m1 = HistoryOptions {
            cluster: Some("m1"),
            ..Default::default()
        };
        let h = history(&b, &events, &only_m1);
        assert!(h.concerns_cluster);
        assert_eq!(
            actions(&h),
            vec![
                ("drain", Some("m1")),
                ("eviction", Some("m1")),
                ("scheduled", None)
            ]
        );
        // m3 appears only in an Event: still a cluster the binding had to do with.
        let h = history(
            &b,
            &events,
            &HistoryOptions {
                cluster: Some("m3"),
                ..Default::default()
            },
        );
        assert!(h.concerns_cluster);
        assert_eq!(actions(&h)[0], ("eviction-cleared", Some("m3")));
        let h = history(
            &b,
            &events,
            &HistoryOptions {
                cluster: Some("m9"),
                ..Default::default()
            },
        );
        assert!(!h.concerns_cluster);
    }

    #[test]
    fn merged_timelines_interleave_by_time() {
        let (b, events) = drained();
        let mut other = b.clone();
        other.metadata.name = Some("other".into());
        other.spec.graceful_eviction_tasks[0].creation_timestamp =
            Some(Time(ts("2026-11-22T11:30:00Z")));
        other.metadata.annotations = None;
        let all = merge([
            history(&b, &events, &HistoryOptions::default()),
            history(&other, &[], &HistoryOptions::default()),
        ]);
        let order: Vec<(&str, &str)> = all
            .iter()
            .map(|e| (e.binding.as_str(), e.action.as_str()))
            .collect();
        assert_eq!(
            order,
            vec![
                ("rb/ns/w-deployment", "eviction-cleared"),
                ("rb/ns/other", "eviction"),
                ("rb/ns/w-deployment", "drain"),
                ("rb/ns/w-deployment", "eviction"),
                ("rb/ns/w-deployment", "scheduled"),
            ]
        );
    }

    #[test]
    fn messages_name_their_cluster() {
        let known: BTreeSet<&str> = ["member2"].into();
        let c = |m: &str| cluster_in_message(m, &known);
        assert_eq!(
            c("Evict from cluster member1 succeed.").as_deref(),
            Some("member1")
        );
        assert_eq!(c(&tool_message("m-1.eu", "x")).as_deref(), Some("m-1.eu"));
        assert_eq!(c("moved away from member2.").as_deref(), Some("member2"));
        assert_eq!(c("2 cluster(s) failed"), None);
        assert_eq!(c("cluster Bad_Name gone"), None);
    }

    #[test]
    fn scheduler_results_are_read() {
        assert_eq!(
            schedule_result(
                "Binding has been scheduled successfully. Result: {member1:1, member2:2}"
            ),
            Some(vec![
                TargetCluster::new("member1", 1),
                TargetCluster::new("member2", 2)
            ])
        );
        assert_eq!(
            schedule_result("Binding has been scheduled successfully. Result {member1:0}"),
            Some(vec![TargetCluster::new("member1", 0)])
        );
        assert_eq!(schedule_result("Result: {}"), Some(vec![]));
        assert_eq!(schedule_result("no result here"), None);
        assert_eq!(schedule_result("Result: {member1}"), None);
    }

    #[test]
    fn an_announced_return_stands_alone_until_its_event_is_recorded_then_joins_it() {
        let mut b = binding(json!({"clusters": [{"name": "m1", "replicas": 1}]}), None);
        let u = crate::engine::decide::records::Unrecorded {
            at: ts("2026-11-22T12:00:00.123456789Z"),
            reason: reasons::FAILED_BACK.into(),
            clusters: vec!["m1".into(), "m2".into()],
            text: "returned (restore)".into(),
        };
        b.metadata.annotations = Some(
            [(
                crate::engine::decide::records::UNRECORDED_ANNOTATION.to_string(),
                u.value(),
            )]
            .into(),
        );
        let alone = history(&b, &[], &HistoryOptions::default());
        assert_eq!(
            actions(&alone),
            vec![("failback", Some("m1")), ("failback", Some("m2"))]
        );
        let e = &alone.entries[0];
        assert_eq!(e.time, Some(u.at));
        assert_eq!(e.from, vec![Origin::Annotation]);
        assert_eq!(e.message.as_deref(), Some("returned (restore)"));

        // m1's Event recorded (its time read back to the second); m2's not yet.
        let events = vec![event(
            reasons::FAILED_BACK,
            &tool_message("m1", "returned (restore)"),
            "2026-11-22T12:00:00Z",
        )];
        let joined = history(&b, &events, &HistoryOptions::default());
        assert_eq!(
            actions(&joined),
            vec![("failback", Some("m1")), ("failback", Some("m2"))]
        );
        let m1 = &joined.entries[0];
        assert_eq!(m1.from, vec![Origin::Annotation, Origin::Event]);
        assert!(m1.event.is_some());
        assert_eq!(joined.entries[1].from, vec![Origin::Annotation]);
        let m2 = history(
            &b,
            &events,
            &HistoryOptions {
                cluster: Some("m2"),
                ..Default::default()
            },
        );
        assert!(m2.concerns_cluster);
        assert_eq!(actions(&m2), vec![("failback", Some("m2"))]);
    }

    #[test]
    fn every_tool_reason_is_classified() {
        for (reason, kind) in [
            (reasons::DRAINED, ActionKind::Drain),
            (reasons::ABORTED, ActionKind::Abort),
            (reasons::FAILED_BACK, ActionKind::Failback),
            (reasons::CONFIRMED, ActionKind::Confirm),
            (reasons::EXTENDED, ActionKind::Extend),
            (reasons::PRUNED, ActionKind::Prune),
            (upstream::EVICT_FAILED, ActionKind::EvictionFailed),
            (upstream::SCHEDULE_FAILED, ActionKind::ScheduleFailed),
            (upstream::DESCHEDULE_SUCCEEDED, ActionKind::Descheduled),
        ] {
            assert_eq!(classify(reason), Some(kind), "{reason}");
        }
        assert_eq!(classify("SyncWorkSucceed"), None);
    }
}
