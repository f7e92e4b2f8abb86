//! `maintenance run`: the run as a state machine over plain data. The run's state is a
//! document the tool stores on the control plane ([`RunState`]); this module decides
//! what comes next from it ([`next`]), records how a step ended ([`advance`]), judges who
//! may drive it ([`claim`]) and says where every cluster is left ([`standing`]). The
//! work of each step (the drain, the wait, the hook, the gate, the return, the soak) is
//! done by `ops::maintenance`; nothing here reads a clock or the network.
//!
//! Per wave, its clusters go through the steps together:
//!
//! ```text
//! pending → draining → evacuating → maintaining → gating → returning → soaking → done
//!                 (any step) → failed
//! ```
//!
//! The tool's own decision (upstream Karmada has no staged maintenance); each step is
//! one of the tool's commands (`drain`, `uncordon`, `failback`) or a wait on what Karmada
//! reports.

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

/// The version of the stored document this build writes and reads.
pub const STATE_VERSION: u32 = 1;

/// How long a holder's claim lasts without renewal.
pub const LEASE: SignedDuration = SignedDuration::from_secs(30);

/// Transitions the stored record keeps (the oldest go first).
pub const RECORD_LIMIT: usize = 400;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Phase {
    /// A process drives it (or did, until it was killed: see [`claim`]).
    Running,
    /// Stopped before the end (Ctrl-C, a refused wave, too many failures); `resume`
    /// continues it.
    Stopped,
    /// Every cluster is done.
    Succeeded,
    /// Ended by `maintenance abort`; clusters are left where [`standing`] says.
    Aborted,
}

impl Phase {
    /// Whether the run is over (a new run may replace it).
    pub fn finished(self) -> bool {
        matches!(self, Phase::Succeeded | Phase::Aborted)
    }
}

/// Where one cluster stands in the run.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Step {
    /// Its wave has not started.
    Pending,
    /// Cordoned, its bindings being evicted (`drain`).
    Draining,
    /// Waiting until what left it is Healthy where it went and the old copies are gone.
    Evacuating,
    /// The maintenance itself: the hook runs, or the run waits for `maintenance approve`.
    Maintaining,
    /// Waiting until it is Ready for `--stable-for` with no NoExecute taint.
    Gating,
    /// Uncordoned, its bindings returned (`failback`).
    Returning,
    /// Watching that what returned stays Healthy for `--soak`.
    Soaking,
    /// Maintained and back in service.
    Done,
    /// A step failed; it is left where that step left it.
    Failed,
}

impl Step {
    /// The step after this one when it ends well.
    pub fn after(self) -> Step {
        match self {
            Step::Pending => Step::Draining,
            Step::Draining => Step::Evacuating,
            Step::Evacuating => Step::Maintaining,
            Step::Maintaining => Step::Gating,
            Step::Gating => Step::Returning,
            Step::Returning => Step::Soaking,
            Step::Soaking | Step::Done => Step::Done,
            Step::Failed => Step::Failed,
        }
    }

    /// The word for it (`draining`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What the operator asked of the run (kept with it, so `resume` goes on the same way).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunSettings {
    /// At most this many clusters out (cordoned by the run) at once.
    pub max_unavailable: usize,
    /// Failed clusters the run tolerates before it stops.
    pub max_failures: usize,
    /// The maintenance command, run per cluster with `sh -c`; `None`: wait for
    /// `maintenance approve CLUSTER`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    /// The member's kubeconfig context given to the hook (`{cluster}` is its name).
    pub cluster_context: String,
    pub hook_timeout_seconds: u64,
    /// How long the moved workloads may take to be Healthy where they went.
    pub evacuate_timeout_seconds: u64,
    /// How long a cluster must have been Ready before it returns.
    pub stable_for_seconds: u64,
    /// How long the health gate may take to pass.
    pub gate_timeout_seconds: u64,
    /// How long what returned must stay Healthy before the next wave.
    pub soak_seconds: u64,
    /// The drain's purge mode (`Gracefully`, `Directly`, `Never`); `None`: each
    /// binding's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purge_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_available_clusters: Option<usize>,
    /// The drain's pacing and its fleet check (`drain`'s flags of the same names).
    pub max_in_flight: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eviction_rate: Option<f64>,
    pub unhealthy_cluster_threshold: f64,
    /// The failback's pacing.
    pub failback_max_concurrent: usize,
    pub failback_min_success_seconds: u64,
    pub failback_progress_deadline_seconds: u64,
}

/// One cluster of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRun {
    pub name: String,
    /// Its wave, from 1.
    pub wave: usize,
    pub step: Step,
    /// When it entered the step.
    pub since: Timestamp,
    /// The step it failed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_in: Option<Step>,
    /// The last thing said about it (what moved, why it failed).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    /// `maintenance approve` said its maintenance is done.
    #[serde(default)]
    pub approved: bool,
}

impl ClusterRun {
    /// Whether it counts as out (cordoned by the run, or maybe): from entering
    /// `draining` until it leaves `returning` well; a cluster that failed in between
    /// stays out.
    pub fn out(&self) -> bool {
        let at = self.failed_in.unwrap_or(self.step);
        (Step::Draining..=Step::Returning).contains(&at)
    }
}

/// The process driving the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    /// Unique per process and run.
    pub id: String,
    pub host: String,
    pub pid: u32,
    /// The process's start time as the host counts it (with the pid, tells a live
    /// process from a new one that reused the pid).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub process_start: String,
    pub since: Timestamp,
    pub renewed_at: Timestamp,
}

/// An abort asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AbortRequest {
    pub at: Timestamp,
    /// Host and pid of the process that asked.
    pub by: String,
}

/// One transition, for the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    pub at: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster: Option<String>,
    /// The step entered (a cluster's), or the phase (the run's).
    pub to: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// The run, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunState {
    pub version: u32,
    /// The run's id (its start time and host).
    pub id: String,
    pub phase: Phase,
    /// Why it stopped or ended.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    pub created_at: Timestamp,
    pub settings: RunSettings,
    /// Every cluster, in wave order (each knows its wave).
    pub clusters: Vec<ClusterRun>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<Holder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abort: Option<AbortRequest>,
    /// The transitions, oldest first (at most [`RECORD_LIMIT`]).
    #[serde(default)]
    pub record: Vec<Transition>,
}

impl RunState {
    /// How many waves there are.
    pub fn wave_count(&self) -> usize {
        self.clusters.iter().map(|c| c.wave).max().unwrap_or(0)
    }

    /// The clusters of wave `n` (from 1).
    pub fn wave_clusters(&self, n: usize) -> Vec<&str> {
        self.clusters
            .iter()
            .filter(|c| c.wave == n)
            .map(|c| c.name.as_str())
            .collect()
    }

    /// The wave in progress: the first with a cluster neither done nor failed (the last
    /// wave once every cluster is).
    pub fn current_wave(&self) -> usize {
        self.clusters
            .iter()
            .filter(|c| !matches!(c.step, Step::Done | Step::Failed))
            .map(|c| c.wave)
            .min()
            .unwrap_or_else(|| self.wave_count())
    }
}

/// A new run over `waves`, held by `holder`.
pub fn new_run(
    id: String,
    waves: Vec<Vec<String>>,
    settings: RunSettings,
    holder: Holder,
    now: Timestamp,
) -> RunState {
    let clusters = waves
        .iter()
        .enumerate()
        .flat_map(|(i, w)| {
            w.iter().map(move |c| ClusterRun {
                name: c.clone(),
                wave: i + 1,
                step: Step::Pending,
                since: now,
                failed_in: None,
                message: String::new(),
                approved: false,
            })
        })
        .collect();
    let started = format!("started by {} pid {}", holder.host, holder.pid);
    let mut s = RunState {
        version: STATE_VERSION,
        id,
        phase: Phase::Running,
        reason: started.clone(),
        created_at: now,
        settings,
        clusters,
        holder: Some(holder),
        abort: None,
        record: Vec::new(),
    };
    note(&mut s, None, "running", &started, now);
    s
}

/// What the run does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The run is not running: nothing.
    Finished,
    /// An abort was asked for: end the run as aborted.
    Abort,
    /// The run cannot go on: stop it, saying why.
    Stop(String),
    /// Every wave is done.
    Succeed,
    /// Do `step` for these clusters of the current wave. For [`Step::Soaking`], `until`
    /// is when the soak ends.
    Do {
        step: Step,
        clusters: Vec<String>,
        until: Option<Timestamp>,
    },
}

/// What comes next for `s`.
pub fn next(s: &RunState) -> Next {
    if s.phase != Phase::Running {
        return Next::Finished;
    }
    if s.abort.is_some() {
        return Next::Abort;
    }
    let failed: Vec<&ClusterRun> = s
        .clusters
        .iter()
        .filter(|c| c.step == Step::Failed)
        .collect();
    if failed.len() > s.settings.max_failures {
        return Next::Stop(format!(
            "{} cluster(s) failed ({}); --max-failures is {}",
            failed.len(),
            failed
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            s.settings.max_failures
        ));
    }
    let wave = s.current_wave();
    let active: Vec<&ClusterRun> = s
        .clusters
        .iter()
        .filter(|c| c.wave == wave && !matches!(c.step, Step::Done | Step::Failed))
        .collect();
    let Some(step) = active.iter().map(|c| c.step).min() else {
        return Next::Succeed;
    };
    // A wave not started yet starts only within the budget, with the failed clusters
    // still out counted.
    if step == Step::Pending {
        let out: Vec<&str> = s
            .clusters
            .iter()
            .filter(|c| c.out())
            .map(|c| c.name.as_str())
            .collect();
        let coming = active.iter().filter(|c| c.step == Step::Pending).count();
        if out.len() + coming > s.settings.max_unavailable {
            return Next::Stop(format!(
                "wave {wave} cannot start: {} still out ({}) and --max-unavailable is {}",
                out.len(),
                out.join(", "),
                s.settings.max_unavailable
            ));
        }
    }
    let clusters: Vec<String> = active
        .iter()
        .filter(|c| c.step == step)
        .map(|c| c.name.clone())
        .collect();
    let until = (step == Step::Soaking).then(|| {
        let started = active
            .iter()
            .filter(|c| c.step == step)
            .map(|c| c.since)
            .max()
            .unwrap_or(s.created_at);
        started + SignedDuration::from_secs(s.settings.soak_seconds as i64)
    });
    // A pending wave starts with its drain.
    let step = if step == Step::Pending {
        Step::Draining
    } else {
        step
    };
    Next::Do {
        step,
        clusters,
        until,
    }
}

/// How a step ended for one cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Done: on to the next step, with what to say.
    Done(String),
    /// Failed: the cluster stays where the step left it.
    Failed(String),
}

fn note(s: &mut RunState, cluster: Option<&str>, to: &str, message: &str, now: Timestamp) {
    s.record.push(Transition {
        at: now,
        cluster: cluster.map(str::to_string),
        to: to.to_string(),
        message: message.to_string(),
    });
    let over = s.record.len().saturating_sub(RECORD_LIMIT);
    s.record.drain(..over);
}

/// Whether draining `clusters` starts their wave (none of them has started yet).
pub fn starts_wave(s: &RunState, clusters: &[String]) -> bool {
    s.clusters
        .iter()
        .filter(|c| clusters.contains(&c.name))
        .all(|c| c.step == Step::Pending)
}

/// Put `clusters` into `step` (entering it), saying `message`. Entering
/// [`Step::Draining`] counts them out ([`ClusterRun::out`]), before anything is written,
/// and records the start of their wave.
pub fn enter(s: &mut RunState, clusters: &[String], step: Step, message: &str, now: Timestamp) {
    if step == Step::Draining && starts_wave(s, clusters) {
        let n = s.current_wave();
        let text = format!("wave {n} of {}: {}", s.wave_count(), clusters.join(", "));
        note(s, None, "wave", &text, now);
    }
    for name in clusters {
        if let Some(c) = s.clusters.iter_mut().find(|c| &c.name == name) {
            if c.step == step {
                continue;
            }
            c.step = step;
            c.since = now;
            c.message = message.to_string();
        }
        note(s, Some(name), step.as_str(), message, now);
    }
}

/// Record how `step` ended for `cluster`: on to the next step, or failed.
pub fn advance(s: &mut RunState, cluster: &str, step: Step, ended: &Ended, now: Timestamp) {
    let Some(c) = s.clusters.iter_mut().find(|c| c.name == cluster) else {
        return;
    };
    if c.step != step {
        return;
    }
    let (to, message) = match ended {
        Ended::Done(m) => (step.after(), m.clone()),
        Ended::Failed(m) => {
            c.failed_in = Some(step);
            (Step::Failed, m.clone())
        }
    };
    c.step = to;
    c.since = now;
    c.message = message.clone();
    note(s, Some(cluster), to.as_str(), &message, now);
}

/// Put the run into `phase` (stopped, succeeded, aborted, or running again), saying why.
pub fn set_phase(s: &mut RunState, phase: Phase, reason: &str, now: Timestamp) {
    s.phase = phase;
    s.reason = reason.to_string();
    note(s, None, phase.into(), reason, now);
}

/// Whether a process may drive the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Nobody holds it.
    Free,
    /// This process holds it.
    Mine,
    /// Its holder stopped renewing the claim (the lease ran out).
    Expired,
    /// Its holder ran on this host and is no longer running.
    HolderGone,
    /// Held by a live process (or one this host cannot see), for this long at least.
    Held {
        holder: Holder,
        expires_in: SignedDuration,
    },
}

impl Claim {
    /// Whether the caller may take the run.
    pub fn takeable(&self) -> bool {
        !matches!(self, Claim::Held { .. })
    }
}

/// Who may drive `s`: `me` is the caller's id and host; `alive` says whether a process of
/// this host (pid, start time) still runs.
pub fn claim(
    s: &RunState,
    me: (&str, &str),
    alive: &dyn Fn(u32, &str) -> bool,
    now: Timestamp,
) -> Claim {
    let Some(h) = &s.holder else {
        return Claim::Free;
    };
    if h.id == me.0 {
        return Claim::Mine;
    }
    let expires = h.renewed_at + LEASE;
    if expires <= now {
        return Claim::Expired;
    }
    if h.host == me.1 && !alive(h.pid, &h.process_start) {
        return Claim::HolderGone;
    }
    Claim::Held {
        holder: h.clone(),
        expires_in: expires.duration_since(now),
    }
}

/// Record `maintenance abort` by `by`: the request is kept (the first one), and a run
/// nobody holds any more (see [`claim`]; `me` is the caller's id and host) ends here as
/// aborted. A live holder sees the request and stops after its current step.
pub fn request_abort(
    s: &mut RunState,
    by: &str,
    me: (&str, &str),
    alive: &dyn Fn(u32, &str) -> bool,
    now: Timestamp,
) {
    s.abort.get_or_insert(AbortRequest {
        at: now,
        by: by.to_string(),
    });
    if !s.phase.finished() && claim(s, me, alive, now).takeable() {
        s.holder = None;
        set_phase(s, Phase::Aborted, &format!("aborted by {by}"), now);
    }
}

/// Record `maintenance approve` of `clusters`: each must be in the run and not yet past
/// its maintenance. Errors name the first that is not.
pub fn approve(s: &mut RunState, clusters: &[String], now: Timestamp) -> Result<(), String> {
    for name in clusters {
        let c = s
            .clusters
            .iter()
            .find(|c| &c.name == name)
            .ok_or_else(|| format!("cluster {name:?} is not in the run"))?;
        if c.step > Step::Maintaining {
            return Err(format!(
                "cluster {name} is past its maintenance ({})",
                c.step.as_str()
            ));
        }
    }
    for name in clusters {
        if let Some(c) = s.clusters.iter_mut().find(|c| &c.name == name) {
            c.approved = true;
        }
        note(s, Some(name), "approved", "maintenance approved", now);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
