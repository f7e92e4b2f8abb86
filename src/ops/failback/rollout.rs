//! The failback's rollout: at most `max_concurrent` returns in flight, each written with
//! optimistic locking and then read until it has been healthy for the minimum success
//! time, or its progress deadline passes; no new one starts once enough have failed.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use futures::stream::{self, StreamExt};
use jiff::{SignedDuration, Timestamp};
use kube::api::{Api, DynamicObject};
use kube::runtime::{watcher, WatchStreamExt};
use serde::Serialize;

use super::super::bindings::{kind_of, typed, Source};
use super::{failback_patch, records_dropped, BindingId, Planned};
use crate::api::MetaMap;
use crate::client::{patch_with_retry, ControlPlane, Plan};
use crate::engine::decide::failback::{
    plan_binding, returned_health, BindingFailback, FailbackDecision, FailbackMode,
    FailbackOptions, Returned,
};
use crate::engine::karmada::scheduler::FleetIndex;
use crate::fleet::Binding;
use crate::ops::events::Subject;
use crate::ops::mirror::{reached, Mirror};
use serde_json::json;

/// The pace of the rollout.
#[derive(Clone, Copy, Debug)]
pub struct Rollout {
    /// Bindings in flight (written and not yet done) at once.
    pub max_concurrent: usize,
    /// How long a returned binding must stay healthy before it is done.
    pub min_success: Duration,
    /// How long a returned binding may take to become healthy.
    pub progress_deadline: Duration,
    /// Failures after which no new binding starts.
    pub max_failures: usize,
    /// How often a binding in flight is read.
    pub poll: Duration,
    /// Send the patches with `dryRun=All` (nothing is watched).
    pub server_dry_run: bool,
}

/// How one binding's return ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ReturnEnd {
    /// Healthy on the cluster for the minimum success time.
    Succeeded,
    /// Written, but not healthy by the progress deadline (or placed elsewhere).
    Failed,
    /// The write failed.
    WriteFailed,
    /// Nothing to write on the last read.
    Skipped,
    /// Written; its health was not followed to the end (interrupted, or server dry run).
    Unconfirmed,
    /// Not started: the failure limit was reached.
    Halted,
    /// Not started: interrupted.
    NotStarted,
}

impl ReturnEnd {
    /// The word reports print.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One binding's return, as it ended.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnedBinding {
    /// `rb/NAMESPACE/NAME` or `crb/NAME`.
    pub binding: String,
    /// How it ended.
    pub end: ReturnEnd,
    /// Whether a patch was accepted.
    pub written: bool,
    /// The plan as of the write (`None`: not written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<BindingFailback>,
    /// Why it failed or was not started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// When the write was accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written_at: Option<Timestamp>,
    /// When it was first seen healthy (of the last healthy stretch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub healthy_at: Option<Timestamp>,
    /// When it ended.
    pub ended_at: Timestamp,
    /// Why its Events for `karmadactl history` were not recorded, if they were not.
    #[serde(skip)]
    pub events_error: Option<String>,
}

/// What the rollout reports as it goes.
pub enum Event<'a> {
    /// A write was accepted.
    Written(&'a str),
    /// A binding ended.
    Ended(&'a ReturnedBinding),
    /// The Events of a return an earlier run wrote were recorded (or why not).
    CaughtUp(&'a str, Option<&'a str>),
}

/// Record the Events of the returns earlier runs wrote and did not record.
async fn catch_up(cp: &ControlPlane, planned: &Planned, on_event: &(dyn Fn(Event) + Sync)) {
    for a in &planned.unrecorded {
        let subject = a.id.subject();
        let done = super::record_announced(cp, &a.id.api(cp), subject, &a.events).await;
        let why = done.as_ref().err().map(String::as_str);
        on_event(Event::CaughtUp(&subject.describe(), why));
    }
}

/// The bindings already back on the clusters keep the drain's record for them: those
/// planned so (the scheduler put a Duplicated one back by itself once its task went),
/// and those it put back while the return was under way (found back on the read before
/// the write). Drop the records, the annotation only, at the version read; a failure
/// leaves them for a later failback.
async fn drop_records_of_the_returned(
    cp: &ControlPlane,
    planned: &Planned,
    returned: &[ReturnedBinding],
    dry_run: bool,
) {
    let already = |p: &Option<BindingFailback>| {
        p.as_ref()
            .filter(|p| p.decision == FailbackDecision::AlreadyBack)
            .map(|p| p.clusters.clone())
    };
    let back = planned.bindings.iter().filter_map(|p| {
        let overtaken = returned
            .iter()
            .find(|r| r.binding == p.plan.binding && !r.written)
            .and_then(|r| already(&r.plan));
        let clusters = overtaken.or_else(|| already(&Some(p.plan.clone())))?;
        Some((p, clusters))
    });
    for (p, clusters) in back {
        let api = p.id.api(cp);
        let decide = |obj: &DynamicObject| -> std::result::Result<Plan<()>, String> {
            let annotations = obj.metadata.annotations.as_ref().map(MetaMap::from);
            Ok(match records_dropped(annotations.as_ref(), &clusters) {
                Some(metadata) => Plan::Patch(json!({ "metadata": metadata }), ()),
                None => Plan::Keep(()),
            })
        };
        let _ = patch_with_retry(cp, &api, &p.id.name, None, dry_run, decide).await;
    }
}

/// Roll out the returns `planned` writes: at most `rollout.max_concurrent` in flight,
/// each planned again on every re-read, watched until done; once
/// `rollout.max_failures` have failed, or `stop` is set, no new one starts.
pub async fn roll_out(
    cp: &ControlPlane,
    planned: &mut Planned,
    options: &FailbackOptions,
    rollout: Rollout,
    stop: &AtomicBool,
    on_event: &(dyn Fn(Event) + Sync),
    source: Source<'_>,
) -> Vec<ReturnedBinding> {
    if !rollout.server_dry_run {
        catch_up(cp, planned, on_event).await;
    }
    let index = FleetIndex::new(&planned.fleet).estimating(&planned.estimators);
    let failures = AtomicUsize::new(0);
    let items: Vec<(usize, Item)> = planned
        .bindings
        .iter_mut()
        .filter(|p| p.plan.decision.writes())
        .enumerate()
        .map(|(i, p)| {
            (
                i,
                Item {
                    id: p.id.clone(),
                    first: p.raw.take(),
                    key: p.plan.binding.clone(),
                },
            )
        })
        .collect();
    let index = &index;
    let failures = &failures;
    let mut ended: Vec<(usize, ReturnedBinding)> = stream::iter(items)
        .map(|(i, item)| async move {
            let Item { id, first, key } = item;
            let end = |end, written, plan, error: Option<String>| ReturnedBinding {
                binding: key.clone(),
                end,
                written,
                plan,
                error,
                written_at: None,
                healthy_at: None,
                ended_at: Timestamp::now(),
                events_error: None,
            };
            let done = if stop.load(Ordering::SeqCst) {
                end(
                    ReturnEnd::NotStarted,
                    false,
                    None,
                    Some(crate::ops::write::NOT_STARTED.into()),
                )
            } else if failures.load(Ordering::SeqCst) >= rollout.max_failures {
                end(
                    ReturnEnd::Halted,
                    false,
                    None,
                    Some(format!(
                        "not started: {} failure(s) reached --max-failures",
                        rollout.max_failures
                    )),
                )
            } else {
                let returned = return_one(
                    cp,
                    (&id.api(cp), id.subject(), &key, source),
                    first,
                    index,
                    options,
                    rollout,
                    stop,
                    &|| on_event(Event::Written(&key)),
                )
                .await;
                let mut r = returned;
                r.binding = key.clone();
                if matches!(r.end, ReturnEnd::Failed | ReturnEnd::WriteFailed) {
                    failures.fetch_add(1, Ordering::SeqCst);
                }
                r
            };
            on_event(Event::Ended(&done));
            (i, done)
        })
        .buffer_unordered(rollout.max_concurrent.max(1))
        .collect()
        .await;
    ended.sort_by_key(|(i, _)| *i);
    let ended: Vec<ReturnedBinding> = ended.into_iter().map(|(_, r)| r).collect();
    drop_records_of_the_returned(cp, planned, &ended, rollout.server_dry_run).await;
    ended
}

/// A binding the rollout writes.
struct Item {
    id: BindingId,
    first: Option<DynamicObject>,
    key: String,
}

/// Write one binding's return, then follow its health.
#[allow(clippy::too_many_arguments)]
async fn return_one(
    cp: &ControlPlane,
    (api, subject, key, source): (&Api<DynamicObject>, Subject<'_>, &str, Source<'_>),
    first: Option<DynamicObject>,
    index: &FleetIndex<'_>,
    options: &FailbackOptions,
    rollout: Rollout,
    stop: &AtomicBool,
    on_written: &(dyn Fn() + Sync),
) -> ReturnedBinding {
    let now = Timestamp::now();
    let decide =
        |obj: &DynamicObject| -> std::result::Result<Plan<Option<BindingFailback>>, String> {
            let kind = kind_of(obj);
            let b = typed(obj, kind).ok_or("the binding no longer reads as a binding")?;
            Ok(match plan_binding(&b, index, options) {
                Some(p) if p.decision.writes() => {
                    Plan::Patch(failback_patch(obj, &b, &p, options, now), Some(p))
                }
                other => Plan::Keep(other),
            })
        };
    let mut out = ReturnedBinding {
        binding: String::new(),
        end: ReturnEnd::Skipped,
        written: false,
        plan: None,
        error: None,
        written_at: None,
        healthy_at: None,
        ended_at: now,
        events_error: None,
    };
    let name = subject.name;
    let outcome = patch_with_retry(cp, api, name, first, rollout.server_dry_run, decide).await;
    let version;
    let plan = match outcome {
        Ok(Ok(w)) if w.written => {
            version = w.resource_version();
            w.decision
        }
        Ok(Ok(w)) => {
            out.plan = w.decision;
            out.ended_at = Timestamp::now();
            return out;
        }
        Ok(Err(refused)) => {
            out.end = ReturnEnd::WriteFailed;
            out.error = Some(refused);
            out.ended_at = Timestamp::now();
            return out;
        }
        Err(e) => {
            out.end = ReturnEnd::WriteFailed;
            out.error = Some(e.message);
            out.ended_at = Timestamp::now();
            return out;
        }
    };
    out.written = true;
    out.written_at = Some(Timestamp::now());
    on_written();
    // Its Events at once, not when the rollout ends: a run killed while it follows the
    // return's health must not lose the record of a write that was made (and one killed
    // before they are recorded leaves them announced on the binding, for the next run).
    if let (Some(p), false) = (&plan, rollout.server_dry_run) {
        let events = super::announced(p, options, now);
        out.events_error = super::record_announced(cp, api, subject, &events)
            .await
            .err();
    }
    let Some(plan) = plan else {
        out.end = ReturnEnd::Unconfirmed;
        out.ended_at = Timestamp::now();
        return out;
    };
    let clusters: Vec<String> = plan
        .clusters
        .iter()
        .filter(|c| {
            options.mode == FailbackMode::Reschedule
                || plan.after.iter().flatten().any(|t| &&t.name == c)
        })
        .cloned()
        .collect();
    out.plan = Some(plan);
    if rollout.server_dry_run {
        out.end = ReturnEnd::Unconfirmed;
        out.ended_at = Timestamp::now();
        return out;
    }
    let feed = match source {
        Source::Server => {
            let config = watcher::Config::default().fields(&format!("metadata.name={name}"));
            Feed::Watch {
                events: watcher::watcher(api.clone(), config)
                    .default_backoff()
                    .boxed(),
                listed: false,
            }
        }
        Source::Mirror(m) => Feed::Mirror {
            mirror: m.clone(),
            key: key.to_string(),
            version,
            looked: false,
        },
    };
    let (end, healthy_at, why) = follow(feed, &clusters, rollout, stop).await;
    out.end = end;
    out.healthy_at = healthy_at;
    out.error = why;
    out.ended_at = Timestamp::now();
    out
}

/// What the watch of one binding last said.
enum Seen {
    /// Its new version (`None`: it no longer reads as a binding).
    Binding(Option<Box<Binding>>),
    Deleted,
    /// The watch failed (the watcher retries), and why.
    Trouble(String),
}

/// The next thing the watch of one binding says, or `None` at `until` (or when the
/// stream ends, which the watcher never does on its own). A (re)list that does not
/// hold it says it is gone (`listed` tracks whether the current list held it).
async fn next_seen<S>(
    events: &mut S,
    listed: &mut bool,
    until: tokio::time::Instant,
) -> Option<Seen>
where
    S: futures::Stream<Item = Result<watcher::Event<DynamicObject>, watcher::Error>> + Unpin,
{
    loop {
        let event = tokio::time::timeout_at(until, events.next()).await.ok()??;
        return Some(match event {
            Ok(watcher::Event::Init) => {
                *listed = false;
                continue;
            }
            Ok(watcher::Event::InitApply(o)) => {
                *listed = true;
                Seen::Binding(typed(&o, kind_of(&o)).map(Box::new))
            }
            Ok(watcher::Event::InitDone) if !*listed => Seen::Deleted,
            Ok(watcher::Event::Apply(o)) => Seen::Binding(typed(&o, kind_of(&o)).map(Box::new)),
            Ok(watcher::Event::Delete(_)) => Seen::Deleted,
            Ok(_) => continue,
            Err(e) => Seen::Trouble(crate::client::read::plain(&e.to_string())),
        });
    }
}

/// Where a return's follow reads its binding.
enum Feed {
    /// A watch of it alone, by name.
    Watch {
        events: futures::stream::BoxStream<
            'static,
            Result<watcher::Event<DynamicObject>, watcher::Error>,
        >,
        listed: bool,
    },
    /// A mirror of every binding (a maintenance run's), from the version the write got.
    Mirror {
        mirror: Mirror,
        key: String,
        version: Option<String>,
        looked: bool,
    },
}

impl Feed {
    /// The next thing the feed says of the binding, or `None` at `until`.
    async fn next(&mut self, until: tokio::time::Instant) -> Option<Seen> {
        match self {
            Feed::Watch { events, listed } => next_seen(events, listed, until).await,
            Feed::Mirror {
                mirror,
                key,
                version,
                looked,
            } => {
                if std::mem::replace(looked, true) {
                    let left = until.saturating_duration_since(tokio::time::Instant::now());
                    if !mirror.changed_within(left).await {
                        return None;
                    }
                }
                mirror.view(|v| match v.bindings.get(key.as_str()) {
                    None => Some(Seen::Deleted),
                    // The mirror has not brought the write yet.
                    Some(b)
                        if version.as_deref().is_some_and(|w| {
                            !reached(b.metadata.resource_version.as_deref(), w)
                        }) =>
                    {
                        None
                    }
                    Some(b) => Some(Seen::Binding(Some(Box::new(b.clone())))),
                })
            }
        }
    }
}

/// Follow the binding (its own watch, or a mirror: `feed`) until it has been healthy on
/// `clusters` for the minimum success time, is lost, or its deadline passes (or `stop`
/// is set). The watch lists it once, then carries each change; `rollout.poll` is only
/// how often `stop` and the deadlines are looked at between changes.
async fn follow(
    mut feed: Feed,
    clusters: &[String],
    rollout: Rollout,
    stop: &AtomicBool,
) -> (ReturnEnd, Option<Timestamp>, Option<String>) {
    let started = tokio::time::Instant::now();
    let deadline = started + rollout.progress_deadline;
    let mut written_generation: Option<i64> = None;
    let mut healthy_since: Option<(tokio::time::Instant, Timestamp)> = None;
    let mut last = String::from("not read yet");
    loop {
        if stop.load(Ordering::SeqCst) {
            return (
                ReturnEnd::Unconfirmed,
                healthy_since.map(|h| h.1),
                Some(format!("interrupted while waiting: {last}")),
            );
        }
        let now = tokio::time::Instant::now();
        let next = match healthy_since {
            // A healthy stretch may end before the next change.
            Some((since, _)) => (now + rollout.poll).min(since + rollout.min_success),
            None => (now + rollout.poll).min(deadline),
        };
        let until = next.max(now + Duration::from_millis(50));
        match feed.next(until).await {
            Some(Seen::Binding(b)) => match b {
                Some(b) => {
                    let gen = *written_generation.get_or_insert(b.metadata.generation.unwrap_or(0));
                    match returned_health(&b, clusters, Some(gen)) {
                        Returned::Healthy => {
                            healthy_since
                                .get_or_insert((tokio::time::Instant::now(), Timestamp::now()));
                        }
                        Returned::Pending(why) => {
                            healthy_since = None;
                            last = why;
                        }
                        Returned::Lost(why) => return (ReturnEnd::Failed, None, Some(why)),
                    }
                }
                None => last = "the binding no longer reads as a binding".into(),
            },
            Some(Seen::Deleted) => {
                return (
                    ReturnEnd::Failed,
                    None,
                    Some("the binding was deleted".into()),
                )
            }
            Some(Seen::Trouble(e)) => last = format!("cannot read it: {e}"),
            None => {}
        }
        if let Some((since, at)) = healthy_since {
            if since.elapsed() >= rollout.min_success {
                return (ReturnEnd::Succeeded, Some(at), None);
            }
            last = format!(
                "healthy for {:.0} s of {:.0} s",
                since.elapsed().as_secs_f64(),
                rollout.min_success.as_secs_f64()
            );
        }
        // The deadline is for becoming healthy; a healthy stretch runs its course.
        if healthy_since.is_none() && tokio::time::Instant::now() >= deadline {
            return (
                ReturnEnd::Failed,
                None,
                Some(format!(
                    "not healthy within --progress-deadline {}: {last}",
                    crate::engine::decide::failback::span(
                        SignedDuration::try_from(rollout.progress_deadline).unwrap_or_default()
                    )
                )),
            );
        }
    }
}
