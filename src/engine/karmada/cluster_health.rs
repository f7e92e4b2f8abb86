//! How Karmada notices that a member stopped answering, and that it answers again: when
//! the `Ready` condition of its Cluster changes, and the scheduling taint the cluster
//! controller then puts on it. Everything after (ClusterTaintPolicies, the taint manager,
//! the scheduler) starts from that moment.
//!
//! - **Push clusters** (and **Pull** clusters whose agent is up while the member is
//!   down): the cluster-status controller probes the member's `/readyz` (`/healthz` only
//!   on 404) and requeues `--cluster-status-update-frequency` (F, 10 s) after each sync
//!   ends. A probe of a member that refuses connections fails at once; one of a member
//!   that never answers (a black hole) fails at the client timeout, 32 s. A changed
//!   observation starts a threshold at the end of the probe that saw it; `Ready` follows
//!   the first probe that ends at or after `start + --cluster-failure-threshold` (30 s;
//!   `--cluster-success-threshold` back to True). A Push cluster never becomes Unknown.
//! - **Pull clusters whose agent stops** (or its link): the agent renews a Lease every
//!   `--cluster-lease-duration × --cluster-lease-renew-interval-fraction` (40 s × 0.25);
//!   the cluster controller's monitor, every `--cluster-monitor-period` (5 s), notes the
//!   time it saw a renewal and sets `Ready` Unknown (`ClusterStatusUnknown`) once that is
//!   older than `--cluster-monitor-grace-period` (40 s).
//! - The cluster controller then adds `cluster.karmada.io/not-ready:NoSchedule` (False)
//!   or `cluster.karmada.io/unreachable:NoSchedule` (Unknown) at once, and removes both on
//!   True. `NoExecute` comes only from ClusterTaintPolicies.
//!
//! The moment a member fails is not in step with the probes: the first probe after it
//! comes anywhere up to F later, so every moment here is an interval. Probes are taken to
//! take no time beyond their timeout; each sync's own processing (milliseconds) comes on
//! top, and a stored `lastTransitionTime` is truncated to the second.
//!
//! Upstream: `pkg/controllers/status/cluster_status_controller.go` (`Reconcile`,
//! `syncClusterStatus`, `getClusterHealthStatus`), `cluster_condition_cache.go`
//! (`thresholdAdjustedReadyCondition`), `pkg/util/membercluster_client.go`
//! (`defaultTimeout`), `pkg/controllers/cluster/cluster_controller.go`
//! (`monitorClusterHealth`, `tryUpdateClusterHealth`, `taintClusterByCondition`), the
//! flags of `cmd/controller-manager/app/options/options.go` and `cmd/agent`.
//! Checked: `tests/live/outage.rs` (refused, frozen) and `tests/live/pull.rs` (agent-down,
//! with upstream's real karmada-agent) (no conformance family: held against the real
//! controllers and members that really fail).
//! Karmada: master f8fdd02.

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::engine::vocabulary::reason::{Reason, ReasonCode};
use crate::engine::vocabulary::settings::HealthSettings;
use crate::engine::vocabulary::version::{Behaviour, Handling, KarmadaVersion as V, Range};

/// Ready=False at once when the member's client cannot be built.
pub const CLIENT_ERROR_READY_FALSE: Behaviour = Behaviour {
    id: "client-error-ready-false",
    what: "when the cluster-status controller cannot build the member's client (its Secret missing or unreadable), Ready turns False at once instead of after --cluster-failure-threshold",
    holds: &[
        Range::between(V::release(15, 0), V::release(15, 9)),
        Range::between(V::release(16, 0), V::release(16, 6)),
        Range::between(V::release(17, 0), V::release(17, 3)),
    ],
    upstream: "karmada#7426 (fixed in v1.15.9, v1.16.6, v1.17.3, v1.18.0)",
    handling: Handling::LeftOut(
        "the outages the tool predicts (refused, frozen, agent-down) build the client and fail the probe; a broken Secret is not one of them",
    ),
};

/// The client timeout of every request to a member (`defaultTimeout`): how long a probe
/// of a member that never answers takes.
pub const PROBE_TIMEOUT: SignedDuration = SignedDuration::from_secs(32);

/// The scheduling taint for `Ready` False.
pub const NOT_READY_TAINT: &str = "cluster.karmada.io/not-ready";
/// The scheduling taint for `Ready` Unknown.
pub const UNREACHABLE_TAINT: &str = "cluster.karmada.io/unreachable";

/// A moment known to lie in `[earliest, latest]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Interval {
    pub earliest: Timestamp,
    pub latest: Timestamp,
}

impl Interval {
    /// The interval `[at + lo, at + hi]`.
    pub fn after(at: Timestamp, lo: SignedDuration, hi: SignedDuration) -> Interval {
        Interval {
            earliest: at.saturating_add(lo).unwrap_or(at),
            latest: at.saturating_add(hi).unwrap_or(at),
        }
    }

    /// Shifted by `d`, both ends.
    pub fn shift(self, d: SignedDuration) -> Interval {
        Interval::after(
            self.earliest,
            d,
            d + (self.latest.duration_since(self.earliest)),
        )
    }

    /// Whether `t` lies inside.
    pub fn contains(&self, t: Timestamp) -> bool {
        self.earliest <= t && t <= self.latest
    }
}

/// How a member fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::Display, strum::EnumString)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FailureMode {
    /// Its API server is down: connections are refused, each probe fails at once.
    Refused,
    /// It never answers (a black hole, a frozen process, a dropped route): each probe
    /// fails at the 32 s client timeout.
    Frozen,
    /// Pull mode: the karmada-agent (or its link to the control plane) is down: its
    /// lease stops.
    AgentDown,
}

/// A change of the `Ready` condition.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadyChange {
    /// `False`, `Unknown` or `True`.
    pub status: &'static str,
    /// `ClusterNotReachable`, `ClusterStatusUnknown`, `ClusterReady`.
    pub reason: &'static str,
    /// When.
    pub at: Interval,
    /// The rule, with its numbers.
    pub rule: Reason,
}

/// Whether a change happens, for a failure that may end before it would.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "happens", rename_all = "kebab-case")]
pub enum Happens {
    /// It does, in this interval.
    Yes(ReadyChange),
    /// It does only if the probes fell one way: the member came back inside the
    /// window where the threshold may or may not have run out.
    Maybe(ReadyChange),
    /// It does not: the member answered again before the threshold could run out.
    No(Reason),
}

fn secs(d: SignedDuration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}s", s as i64)
    } else {
        format!("{s:.1}s")
    }
}

/// `ceil(a / b)` for durations (`0` when `a` is zero; `b` is positive).
fn periods(a: SignedDuration, b: SignedDuration) -> i64 {
    let (a, b) = (a.as_nanos(), b.as_nanos().max(1));
    if a <= 0 {
        0
    } else {
        ((a + b - 1) / b) as i64
    }
}

/// The probe arithmetic of a member that fails in `mode` (not `AgentDown`): how long a
/// failed probe takes, the period of failed probes, and the offsets (from the failure) of
/// the earliest and latest end of the probe that flips `Ready` to False.
struct Probes {
    duration: SignedDuration,
    period: SignedDuration,
    flips: i64,
    lo: SignedDuration,
    hi: SignedDuration,
}

fn probes(mode: FailureMode, s: &HealthSettings) -> Probes {
    let f = s.status_update_frequency;
    let duration = if mode == FailureMode::Frozen {
        PROBE_TIMEOUT
    } else {
        SignedDuration::ZERO
    };
    let period = f + duration;
    let flips = periods(s.failure_threshold, period);
    // The first probe after the failure starts within (0, F] and ends `duration` later;
    // `flips` periods after it, Ready is False.
    let to_flip = duration + period * (flips as i32);
    Probes {
        duration,
        period,
        flips,
        lo: to_flip,
        hi: f + to_flip,
    }
}

/// When `Ready` turns away from True for a member that fails at `at` in `mode`
/// (`pull`: the cluster's sync mode is Pull), and returns at `back` (if it does).
pub fn on_failure(
    pull: bool,
    mode: FailureMode,
    at: Timestamp,
    back: Option<Timestamp>,
    s: &HealthSettings,
) -> Happens {
    if mode == FailureMode::AgentDown {
        // The last renewal within a renew interval before the failure; the monitor sees a
        // renewal up to one period late, and acts at its first tick past the grace.
        let renew = s.lease_renew_interval();
        let lo = s.monitor_grace_period - renew;
        let hi = s.monitor_grace_period + s.monitor_period * 2;
        let change = ReadyChange {
            status: "Unknown",
            reason: "ClusterStatusUnknown",
            at: Interval::after(at, lo, hi),
            rule: Reason::new(
                ReasonCode::HealthLeaseExpired,
                format!(
                    "the agent renews its lease every {} (--cluster-lease-duration {} x {}); the cluster controller's monitor (every {}) sets Ready Unknown once the last renewal it saw is older than --cluster-monitor-grace-period {}",
                    secs(renew),
                    secs(s.lease_duration),
                    s.lease_renew_interval_fraction,
                    secs(s.monitor_period),
                    secs(s.monitor_grace_period)
                ),
            ),
        };
        return match back {
            Some(b) if b <= change.at.earliest => Happens::No(Reason::new(
                ReasonCode::HealthRecoveredInTime,
                format!(
                    "the agent is back before its lease can expire ({}): Ready never changes",
                    secs(lo)
                ),
            )),
            Some(b) if b < change.at.latest => Happens::Maybe(change),
            _ => Happens::Yes(change),
        };
    }
    let p = probes(mode, s);
    let how = match mode {
        FailureMode::Frozen => format!(
            "each probe of a member that never answers waits the {} client timeout, so failed probes come every {} (--cluster-status-update-frequency {} after each)",
            secs(p.duration),
            secs(p.period),
            secs(s.status_update_frequency)
        ),
        _ => format!(
            "a refused probe fails at once; probes come every {} (--cluster-status-update-frequency)",
            secs(p.period)
        ),
    };
    let change = ReadyChange {
        status: "False",
        reason: "ClusterNotReachable",
        at: Interval::after(at, p.lo, p.hi),
        rule: Reason::new(
            ReasonCode::HealthProbesFailed,
            format!(
                "{how}; the first failed probe ends {}..{} after the failure, and Ready turns False at the {} probe after it, once failures have lasted --cluster-failure-threshold {}{}",
                secs(p.duration),
                secs(s.status_update_frequency + p.duration),
                ordinal(p.flips),
                secs(s.failure_threshold),
                if pull { " (the agent probes its member with its own flags of these names)" } else { "" }
            ),
        ),
    };
    match back {
        // The flipping probe must itself fail: it ends before the member is back.
        Some(b) if b <= change.at.earliest => Happens::No(Reason::new(
            ReasonCode::HealthRecoveredInTime,
            format!(
                "the member answers again within the failure threshold ({} after the failure at most): Ready never changes",
                secs(p.lo)
            ),
        )),
        Some(b) if b < change.at.latest => Happens::Maybe(change),
        _ => Happens::Yes(change),
    }
}

fn ordinal(n: i64) -> String {
    match n {
        0 => "same".into(),
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// When `Ready` turns True again for a member that answers again at `back` after
/// failing in `mode`.
pub fn on_recovery(mode: FailureMode, back: Timestamp, s: &HealthSettings) -> ReadyChange {
    if mode == FailureMode::AgentDown {
        // A restarted agent has no threshold to wait for: its first sync reports True.
        return ReadyChange {
            status: "True",
            reason: "ClusterReady",
            at: Interval::after(back, SignedDuration::ZERO, s.status_update_frequency),
            rule: Reason::new(
                ReasonCode::HealthAgentBack,
                format!(
                    "a restarted agent reports Ready at its first sync (within --cluster-status-update-frequency {}), without a success threshold",
                    secs(s.status_update_frequency)
                ),
            ),
        };
    }
    let f = s.status_update_frequency;
    let flips = periods(s.success_threshold, f);
    // The first probe that succeeds comes within F of the member answering again (a
    // probe hanging on a frozen member returns as soon as it answers); successful probes
    // come every F.
    let to_flip = f * (flips as i32);
    ReadyChange {
        status: "True",
        reason: "ClusterReady",
        at: Interval::after(back, to_flip, f + to_flip),
        rule: Reason::new(
            ReasonCode::HealthProbesSucceeded,
            format!(
                "the first successful probe comes within {} of the member answering, and Ready turns True once successes have lasted --cluster-success-threshold {} ({} probe(s) later)",
                secs(f),
                secs(s.success_threshold),
                flips
            ),
        ),
    }
}

/// The scheduling taint the cluster controller puts on a cluster whose `Ready` is
/// `status` (none for True): `not-ready` for False, `unreachable` for Unknown.
pub fn scheduling_taint(status: &str) -> Option<&'static str> {
    match status {
        "False" => Some(NOT_READY_TAINT),
        "Unknown" => Some(UNREACHABLE_TAINT),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> Timestamp {
        "2026-11-22T12:00:00Z".parse().unwrap()
    }

    fn at(secs: i64) -> Timestamp {
        t0() + SignedDuration::from_secs(secs)
    }

    fn yes(h: Happens) -> ReadyChange {
        match h {
            Happens::Yes(c) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_refused_member_is_not_ready_after_the_threshold_counted_from_the_first_failed_probe() {
        let s = HealthSettings::default();
        let c = yes(on_failure(false, FailureMode::Refused, t0(), None, &s));
        assert_eq!((c.status, c.reason), ("False", "ClusterNotReachable"));
        // First failed probe in (0, 10]; the 3rd after it is 30 s later.
        assert_eq!(
            c.at,
            Interval {
                earliest: at(30),
                latest: at(40)
            }
        );
        // The harness saw +35 (first failed probe +5): inside.
        assert!(c.at.contains(at(35)));
    }

    #[test]
    fn a_frozen_member_takes_the_probe_timeout_per_probe() {
        let s = HealthSettings::default();
        let c = yes(on_failure(false, FailureMode::Frozen, t0(), None, &s));
        // First probe ends 32..42 s after; probes every 42 s; one more is past 30 s.
        assert_eq!(
            c.at,
            Interval {
                earliest: at(74),
                latest: at(84)
            }
        );
        assert!(c.at.contains(at(79)), "the harness saw +79");
    }

    #[test]
    fn a_threshold_reached_exactly_at_a_probe_flips_there() {
        // 20 s of failures with probes every 10 s: the 2nd probe after the first failed one
        // ends exactly 20 s later, and `now >= start + threshold` holds there.
        let s = HealthSettings {
            failure_threshold: SignedDuration::from_secs(20),
            ..HealthSettings::default()
        };
        let c = yes(on_failure(false, FailureMode::Refused, t0(), None, &s));
        assert_eq!(
            c.at,
            Interval {
                earliest: at(20),
                latest: at(30)
            }
        );
        // One nanosecond more needs a third probe.
        let s = HealthSettings {
            failure_threshold: SignedDuration::from_secs(20) + SignedDuration::from_nanos(1),
            ..HealthSettings::default()
        };
        let c = yes(on_failure(false, FailureMode::Refused, t0(), None, &s));
        assert_eq!(c.at.earliest, at(30));
        // No threshold: the first failed probe itself.
        let s = HealthSettings {
            failure_threshold: SignedDuration::ZERO,
            ..HealthSettings::default()
        };
        let c = yes(on_failure(false, FailureMode::Refused, t0(), None, &s));
        assert_eq!(
            c.at,
            Interval {
                earliest: at(0),
                latest: at(10)
            }
        );
    }

    #[test]
    fn slow_probes_stretch_the_period() {
        // A threshold shorter than one black-holed probe: the probe after the first failed
        // one, a whole period later.
        let s = HealthSettings {
            failure_threshold: SignedDuration::from_secs(5),
            ..HealthSettings::default()
        };
        let c = yes(on_failure(false, FailureMode::Frozen, t0(), None, &s));
        assert_eq!(
            c.at,
            Interval {
                earliest: at(32 + 42),
                latest: at(42 + 42)
            }
        );
        // A threshold of two periods.
        let s = HealthSettings {
            failure_threshold: SignedDuration::from_secs(84),
            ..HealthSettings::default()
        };
        let c = yes(on_failure(false, FailureMode::Frozen, t0(), None, &s));
        assert_eq!(c.at.earliest, at(32 + 84));
    }

    #[test]
    fn a_recovery_inside_the_threshold_changes_nothing() {
        let s = HealthSettings::default();
        // Back 25 s after: before the earliest flip (30 s): never.
        assert!(matches!(
            on_failure(false, FailureMode::Refused, t0(), Some(at(25)), &s),
            Happens::No(_)
        ));
        // Exactly at the earliest flip: the flipping probe would have to end before it.
        assert!(matches!(
            on_failure(false, FailureMode::Refused, t0(), Some(at(30)), &s),
            Happens::No(_)
        ));
        // Inside the window: depends on the probes' phase.
        assert!(matches!(
            on_failure(false, FailureMode::Refused, t0(), Some(at(35)), &s),
            Happens::Maybe(_)
        ));
        // After it: certain.
        assert!(matches!(
            on_failure(false, FailureMode::Refused, t0(), Some(at(41)), &s),
            Happens::Yes(_)
        ));
    }

    #[test]
    fn recovery_waits_the_success_threshold() {
        let s = HealthSettings::default();
        let c = on_recovery(FailureMode::Refused, at(100), &s);
        assert_eq!((c.status, c.reason), ("True", "ClusterReady"));
        assert_eq!(
            c.at,
            Interval {
                earliest: at(130),
                latest: at(140)
            }
        );
        // Shorter probes, shorter wait: 15 s of successes, probes every 5 s.
        let s = HealthSettings {
            status_update_frequency: SignedDuration::from_secs(5),
            success_threshold: SignedDuration::from_secs(15),
            ..HealthSettings::default()
        };
        let c = on_recovery(FailureMode::Frozen, at(100), &s);
        assert_eq!(
            c.at,
            Interval {
                earliest: at(115),
                latest: at(120)
            }
        );
    }

    #[test]
    fn an_agent_that_stops_leaves_the_cluster_unknown_after_the_grace_period() {
        let s = HealthSettings::default();
        let c = yes(on_failure(true, FailureMode::AgentDown, t0(), None, &s));
        assert_eq!((c.status, c.reason), ("Unknown", "ClusterStatusUnknown"));
        assert_eq!(
            c.at,
            Interval {
                earliest: at(30),
                latest: at(50)
            }
        );
        assert_eq!(scheduling_taint("Unknown"), Some(UNREACHABLE_TAINT));
        assert_eq!(scheduling_taint("False"), Some(NOT_READY_TAINT));
        assert_eq!(scheduling_taint("True"), None);
    }
}
