//! The tool's actions recorded as Kubernetes Events on the objects they changed, for
//! `history` and `kubectl describe`: core/v1 Events, as upstream Karmada's recorders
//! (client-go's `record` package) write them.
//!
//! Each Event has type `Normal`, `source.component` and `reportingComponent`
//! `karmadactl`, `involvedObject` = the binding (`work.karmada.io/v1alpha2`) or, for a
//! drain, the Cluster (`cluster.karmada.io/v1alpha1`), `count` 1 and `firstTimestamp` =
//! `lastTimestamp` = the moment of recording. Events of cluster-scoped objects go to the
//! `default` namespace, as client-go puts them.
//!
//! A drain records one Event on each drained Cluster, not one per binding: the binding's
//! own write carries its record (the task, the placement before, the moment), as
//! upstream's taint manager leaves its task as the only record of an eviction, so a drain
//! of N bindings costs N writes, not 2N. `eventTime` stays unset (a "legacy" Event, like
//! upstream's): with `eventTime` set, API servers before 1.22 accept an Event of a
//! cluster-scoped object only in `kube-system`, and the Event would need
//! `reportingInstance` too.
//!
//! Messages name their cluster as `cluster NAME: ...` ([`Action::about`]), which is how
//! `history` ties an Event to a cluster.
//!
//! Recording is best effort: a bounded wait, one line on failure; the caller's write has
//! already succeeded and is never undone. Each Event has a name of its own (the binding's
//! name and the moment, as client-go names them), so a create whose answer was lost is
//! sent again safely: the second one finds the first (409) and nothing is recorded twice.
//! A failback's Events are announced on the binding by its own write and caught up by
//! the next failback when a run ends between the two (`records::UNRECORDED_ANNOTATION`).

use std::time::Duration;

use futures::StreamExt;
use jiff::Timestamp;
use k8s_openapi::api::core::v1::{Event, EventSource, ObjectReference};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, Time};
use kube::api::{Api, PostParams};

use crate::client::ControlPlane;
pub use crate::engine::decide::records::reasons::{
    ABORTED, CONFIRMED, DRAINED, EXTENDED, FAILED_BACK, PRUNED,
};
use crate::engine::decide::records::tool_message;
use crate::fleet::BindingKind;

/// The component named in the tool's Events.
pub const COMPONENT: &str = "karmadactl";

/// The namespace of Events about cluster-scoped objects.
pub const CLUSTER_SCOPED_EVENT_NAMESPACE: &str = "default";

/// The longest message the API server takes for a new-style Event (legacy ones are not
/// limited; kept short either way).
const MESSAGE_LIMIT: usize = 1024;

/// How long one Event may take before it is given up.
const RECORD_TIMEOUT: Duration = Duration::from_secs(10);

/// What the tool did to a binding, for `history` and `kubectl describe`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action<'a> {
    /// One of the reasons of this module ([`DRAINED`], [`ABORTED`], ...).
    pub reason: &'a str,
    /// What happened, for people; name the cluster as `cluster NAME` ([`Action::about`]).
    pub message: String,
}

impl<'a> Action<'a> {
    /// `reason` about `cluster`: the message is `cluster CLUSTER: TEXT`.
    pub fn about(reason: &'a str, cluster: &str, text: &str) -> Self {
        Action {
            reason,
            message: tool_message(cluster, text),
        }
    }
}

/// The kinds of object the tool records Events on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubjectKind {
    Binding(BindingKind),
    Cluster,
}

impl From<BindingKind> for SubjectKind {
    fn from(kind: BindingKind) -> Self {
        SubjectKind::Binding(kind)
    }
}

/// The object the event is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subject<'a> {
    pub kind: SubjectKind,
    pub namespace: Option<&'a str>,
    pub name: &'a str,
    pub uid: Option<&'a str>,
}

impl<'a> Subject<'a> {
    /// The Karmada Cluster `name`.
    pub fn cluster(name: &'a str, uid: Option<&'a str>) -> Self {
        Subject {
            kind: SubjectKind::Cluster,
            namespace: None,
            name,
            uid,
        }
    }

    /// The namespace of the object, when it has one.
    fn own_namespace(&self) -> Option<&'a str> {
        match self.kind {
            SubjectKind::Binding(BindingKind::ResourceBinding) => self.namespace,
            _ => None,
        }
    }

    /// The namespace the Event goes to.
    pub fn event_namespace(&self) -> &str {
        self.own_namespace()
            .unwrap_or(CLUSTER_SCOPED_EVENT_NAMESPACE)
    }

    /// `apiVersion` and `kind` of the object.
    fn type_meta(&self) -> (&'static str, &'static str) {
        match self.kind {
            SubjectKind::Binding(BindingKind::ResourceBinding) => {
                ("work.karmada.io/v1alpha2", "ResourceBinding")
            }
            SubjectKind::Binding(BindingKind::ClusterResourceBinding) => {
                ("work.karmada.io/v1alpha2", "ClusterResourceBinding")
            }
            SubjectKind::Cluster => ("cluster.karmada.io/v1alpha1", "Cluster"),
        }
    }

    /// `rb/NS/NAME`, `crb/NAME` or `cluster/NAME`.
    pub fn describe(&self) -> String {
        match (self.kind, self.own_namespace()) {
            (_, Some(ns)) => format!("rb/{ns}/{}", self.name),
            (SubjectKind::Binding(kind), None) => format!("{}/{}", kind.short(), self.name),
            (SubjectKind::Cluster, None) => format!("cluster/{}", self.name),
        }
    }
}

/// A name for the Event of `action` on the binding `name` at `now`: the binding's name,
/// then the moment in nanoseconds and a digest of the action, in hex (client-go names
/// Events `NAME.UNIXNANO`), cut to fit the 253 characters of a name.
fn event_name(name: &str, action: &Action<'_>, now: Timestamp) -> String {
    let digest = action
        .reason
        .bytes()
        .chain(action.message.bytes())
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    let suffix = format!("{:x}{:04x}", now.as_nanosecond(), digest & 0xffff);
    let mut base = name.to_string();
    base.truncate(253 - 1 - suffix.len());
    format!("{}.{suffix}", base.trim_end_matches(['.', '-']))
}

/// How many times one Event is sent when its answer is lost or the server is busy.
const RECORD_ATTEMPTS: u32 = 3;

/// The Event recording `action` on `subject` at `now`.
pub fn event(subject: &Subject<'_>, action: &Action<'_>, now: Timestamp) -> Event {
    let (api_version, kind) = subject.type_meta();
    let mut message = action.message.clone();
    if message.len() > MESSAGE_LIMIT {
        let mut end = MESSAGE_LIMIT - '…'.len_utf8();
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push('…');
    }
    let verb = action
        .reason
        .strip_prefix("Karmadactl")
        .filter(|v| !v.is_empty())
        .unwrap_or(action.reason);
    Event {
        metadata: ObjectMeta {
            name: Some(event_name(subject.name, action, now)),
            namespace: Some(subject.event_namespace().to_string()),
            ..Default::default()
        },
        involved_object: ObjectReference {
            api_version: Some(api_version.into()),
            kind: Some(kind.into()),
            namespace: subject.own_namespace().map(str::to_string),
            name: Some(subject.name.to_string()),
            uid: subject.uid.map(str::to_string),
            ..Default::default()
        },
        reason: Some(action.reason.to_string()),
        message: Some(message),
        type_: Some("Normal".into()),
        action: Some(verb.to_string()),
        count: Some(1),
        first_timestamp: Some(Time(now)),
        last_timestamp: Some(Time(now)),
        source: Some(EventSource {
            component: Some(COMPONENT.into()),
            host: None,
        }),
        reporting_component: Some(COMPONENT.into()),
        ..Default::default()
    }
}

/// Record `action` on `subject` as a core/v1 Event shaped as the module says, now. Best
/// effort: returns Err(one-line reason) and never panics.
pub async fn record(
    cp: &ControlPlane,
    subject: &Subject<'_>,
    action: &Action<'_>,
) -> Result<(), String> {
    record_at(cp, subject, action, Timestamp::now()).await
}

/// [`record`] at the moment `at`: the same action at the same moment is the same Event,
/// so recording it again (an earlier run's, caught up) finds it and adds nothing.
pub async fn record_at(
    cp: &ControlPlane,
    subject: &Subject<'_>,
    action: &Action<'_>,
    at: Timestamp,
) -> Result<(), String> {
    let ev = event(subject, action, at);
    let api: Api<Event> = Api::namespaced(cp.client.clone(), subject.event_namespace());
    let what = format!("event {} on {}", action.reason, subject.describe());
    let create = async {
        let mut pauses = crate::client::retry::pauses();
        let mut attempt = 1;
        loop {
            match api.create(&PostParams::default(), &ev).await {
                // The same name exists: an earlier attempt landed (its answer was lost,
                // or an earlier run recorded it).
                Err(kube::Error::Api(status)) if status.code == 409 => return Ok(ev.clone()),
                Err(e)
                    if attempt < RECORD_ATTEMPTS
                        && crate::client::retry::transient(&e).is_some() =>
                {
                    let asked = crate::client::retry::transient(&e).flatten();
                    let pause = asked.or_else(|| pauses.next()).unwrap_or_default();
                    attempt += 1;
                    tokio::time::sleep(pause).await;
                }
                other => return other,
            }
        }
    };
    match tokio::time::timeout(RECORD_TIMEOUT, create).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(kube::Error::Api(status))) => Err(crate::error::fit_line(&format!(
            "recording {what}: {} ({})",
            status.message, status.code
        ))),
        Ok(Err(e)) => Err(crate::error::fit_line(&format!(
            "recording {what}: {}",
            crate::client::api_error(&e, &what, &cp.server).message
        ))),
        Err(_) => Err(format!(
            "recording {what}: no answer in {}s",
            RECORD_TIMEOUT.as_secs()
        )),
    }
}

/// Record many, at most `max_in_flight` at once; returns how many failed and the first error, so a caller prints one warning, not one per binding.
pub async fn record_all(
    cp: &ControlPlane,
    items: Vec<(Subject<'_>, Action<'_>)>,
    max_in_flight: usize,
) -> (usize, Option<String>) {
    record_all_at(cp, items, None, max_in_flight).await
}

/// [`record_all`], every Event at the moment `at` when one is given ([`record_at`]).
pub async fn record_all_at(
    cp: &ControlPlane,
    items: Vec<(Subject<'_>, Action<'_>)>,
    at: Option<Timestamp>,
    max_in_flight: usize,
) -> (usize, Option<String>) {
    let results: Vec<Result<(), String>> = futures::stream::iter(items)
        .map(|(subject, action)| async move {
            record_at(cp, &subject, &action, at.unwrap_or_else(Timestamp::now)).await
        })
        .buffered(max_in_flight.max(1))
        .collect()
        .await;
    let mut failed = 0;
    let mut first = None;
    for r in results {
        if let Err(e) = r {
            failed += 1;
            first.get_or_insert(e);
        }
    }
    (failed, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_of_cluster_scoped_bindings_go_to_default() {
        let now: Timestamp = "2026-11-22T12:00:00Z".parse().unwrap();
        let crb = Subject {
            kind: BindingKind::ClusterResourceBinding.into(),
            namespace: None,
            name: "cfg",
            uid: Some("u-1"),
        };
        let ev = event(&crb, &Action::about(DRAINED, "m1", "drained"), now);
        assert_eq!(ev.metadata.namespace.as_deref(), Some("default"));
        let name = ev.metadata.name.clone().unwrap();
        assert!(name.starts_with("cfg."), "{name}");
        // The same action at the same moment has the same name: sent twice, it is one
        // Event; another action gets another name.
        let again = event(&crb, &Action::about(DRAINED, "m1", "drained"), now);
        assert_eq!(again.metadata.name.as_deref(), Some(name.as_str()));
        let other = event(&crb, &Action::about(ABORTED, "m1", "aborted"), now);
        assert_ne!(other.metadata.name.as_deref(), Some(name.as_str()));
        let long = "n".repeat(253);
        let named = event(
            &Subject { name: &long, ..crb },
            &Action::about(DRAINED, "m1", "drained"),
            now,
        );
        assert!(named.metadata.name.unwrap().len() <= 253);
        assert_eq!(ev.involved_object.namespace, None);
        assert_eq!(
            ev.involved_object.kind.as_deref(),
            Some("ClusterResourceBinding")
        );
        assert_eq!(ev.action.as_deref(), Some("Drain"));
        assert_eq!(ev.message.as_deref(), Some("cluster m1: drained"));
        assert!(ev.event_time.is_none());
        let rb = Subject {
            kind: BindingKind::ResourceBinding.into(),
            namespace: Some("shop"),
            name: "web",
            uid: None,
        };
        let long = Action {
            reason: ABORTED,
            message: "é".repeat(2000),
        };
        let ev = event(&rb, &long, now);
        assert_eq!(ev.metadata.namespace.as_deref(), Some("shop"));
        assert_eq!(ev.involved_object.namespace.as_deref(), Some("shop"));
        assert!(ev.message.as_ref().unwrap().len() <= MESSAGE_LIMIT);
        assert_eq!(ev.action.as_deref(), Some("EvictionAbort"));
        let cluster = event(
            &Subject::cluster("m1", Some("u-2")),
            &Action::about(DRAINED, "m1", "drained 3 binding(s)"),
            now,
        );
        assert_eq!(cluster.metadata.namespace.as_deref(), Some("default"));
        let o = &cluster.involved_object;
        assert_eq!(
            (
                o.api_version.as_deref(),
                o.kind.as_deref(),
                o.namespace.as_deref()
            ),
            (Some("cluster.karmada.io/v1alpha1"), Some("Cluster"), None)
        );
    }
}
