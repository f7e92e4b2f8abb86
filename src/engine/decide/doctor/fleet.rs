//! The doctor's checks of the fleet itself (the policy lint over the live policies,
//! bindings with nowhere to go, stale tasks) and the answer, per cluster, to "if it
//! failed now", from the same simulation as `dry-run`.

use std::collections::HashMap;

use super::health::{covering, failure_modes, is_pull};
use super::*;
use crate::engine::karmada::cluster_health::Happens;
use crate::engine::karmada::scheduler::FleetIndex;
use crate::engine::karmada::toleration::ReadOnce;
use crate::engine::predict::outage::{simulate_outage_with, ClusterTimeline, Outage};
use crate::engine::predict::simulate::{Depth, Memo, Simulation};
use crate::engine::proposal::prescheduling::required_candidates;
use std::sync::Arc;

/// The `policy apply` lint over every propagation policy of the fleet.
pub(super) fn lint_policies(input: &DoctorInput, out: &mut Vec<Finding>) {
    let state = input.state;
    let mut evidence = Vec::new();
    let pps = state.propagation_policies.iter().map(|p| {
        (
            PolicyKind::PropagationPolicy,
            p.metadata.name.as_deref().unwrap_or_default(),
            p.metadata.namespace.as_deref().unwrap_or_default(),
            serde_json::to_value(&p.spec).unwrap_or_default(),
        )
    });
    let cpps = state.cluster_propagation_policies.iter().map(|p| {
        (
            PolicyKind::ClusterPropagationPolicy,
            p.metadata.name.as_deref().unwrap_or_default(),
            "",
            serde_json::to_value(&p.spec).unwrap_or_default(),
        )
    });
    for (kind, name, namespace, spec) in pps.chain(cpps) {
        let found = policy_lint::lint(&LintInput {
            kind,
            name,
            namespace,
            raw: &spec,
            admitted: &spec,
            fleet: Some(state),
            webhook: input.webhook,
            // The doctor reports these itself, per binding.
            controller: None,
        });
        let who = if namespace.is_empty() {
            format!("clusterpropagationpolicy/{name}")
        } else {
            format!("propagationpolicy/{namespace}/{name}")
        };
        evidence.extend(
            found
                .iter()
                .map(|f| format!("{who}: {}: {}", f.code, f.message)),
        );
    }
    if !evidence.is_empty() {
        out.push(Finding {
            code: FindingCode::PolicyNeverFailsOver,
            severity: Severity::Warning,
            message: format!(
                "{} lint finding(s) on the live propagation policies: failover that never triggers or deletes what it should keep",
                evidence.len()
            ),
            evidence: named(&evidence),
            fix: "run `karmadactl policy apply -f` with the fixed policies; each finding names its fix".into(),
        });
    }
}

/// Bindings whose eviction from one of their clusters would find no feasible cluster:
/// fewer healthy clusters (no `NoExecute` taint) pass its filters, that one aside, than
/// it needs (the pre-scheduling check's count). The filters run once per binding over an
/// index of the fleet, not once per binding, placed cluster and cluster.
pub(super) fn nowhere_to_go(state: &FleetState, out: &mut Vec<Finding>) {
    let index = FleetIndex::new(&state.clusters);
    let healthy: Vec<bool> = state
        .clusters
        .iter()
        .map(|c| !carries_noexecute(c))
        .collect();
    let found: Vec<(&str, String)> = state
        .bindings
        .par_iter()
        .flat_map_iter(|b| {
            let passing: Vec<usize> = index
                .passing(&b.spec)
                .into_iter()
                .filter(|&i| healthy[i])
                .collect();
            let required = required_candidates(&b.spec);
            b.spec
                .clusters
                .iter()
                .filter(|t| {
                    let own = index
                        .position(&t.name)
                        .is_some_and(|p| passing.binary_search(&p).is_ok());
                    passing.len() - usize::from(own) < required
                })
                .map(|t| (t.name.as_str(), b.display_name()))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut per_cluster: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (cluster, binding) in found {
        per_cluster.entry(cluster).or_default().push(binding);
    }
    if per_cluster.is_empty() {
        return;
    }
    let total: usize = per_cluster.values().map(Vec::len).sum();
    let evidence = per_cluster
        .iter()
        .map(|(c, bs)| format!("{c}: {} binding(s): {}", bs.len(), named(bs).join(", ")))
        .collect();
    out.push(Finding {
        code: FindingCode::NowhereToGo,
        severity: Severity::Warning,
        message: format!(
            "{total} binding-cluster pair(s) have nowhere to go if that cluster fails: upstream evicts them anyway and the workload disappears (karmada#7455)"
        ),
        evidence,
        fix: "widen the placements (more clusters in the affinity, fewer spread minGroups), or tolerate the failure taint for these workloads".into(),
    });
}

fn carries_noexecute(c: &Cluster) -> bool {
    c.taints()
        .iter()
        .any(|t| effect_of(t) == Some(TaintEffect::NoExecute))
}

/// Tasks from clusters that are Ready and untainted again.
pub(super) fn stale_tasks(state: &FleetState, out: &mut Vec<Finding>) {
    let ready = |name: &str| {
        state.cluster(name).is_some_and(|c| {
            c.condition("Ready").is_some_and(|r| r.status == "True") && !carries_noexecute(c)
        })
    };
    let stale: Vec<String> = state
        .bindings
        .iter()
        .flat_map(|b| {
            b.spec
                .graceful_eviction_tasks
                .iter()
                .filter(|t| ready(&t.from_cluster))
                .map(move |t| format!("{} from {}", b.display_name(), t.from_cluster))
        })
        .collect();
    if stale.is_empty() {
        return;
    }
    out.push(Finding {
        code: FindingCode::StaleEvictionTask,
        severity: Severity::Warning,
        message: format!(
            "{} graceful eviction task(s) from clusters that are Ready again: the scheduler keeps those clusters out of the bindings until the tasks go",
            stale.len()
        ),
        evidence: named(&stale),
        fix: "`karmadactl evictions list` shows where each stands; `karmadactl evictions prune --recovered --all` removes those whose binding is healthy elsewhere".into(),
    });
}

/// "If `cluster` stopped answering now": the outage timeline of `dry-run --outage`
/// (detection, the policies' taints as the new condition makes them fire, the taint
/// manager and its queue), once for each way a cluster of its sync mode fails.
#[allow(clippy::too_many_arguments)]
pub(super) fn answer(
    input: &DoctorInput,
    cluster: &Cluster,
    sub: &FleetState,
    index: &FleetIndex,
    read: &Arc<ReadOnce<String>>,
    names: &SharedNames,
    findings: &[Finding],
    placements: bool,
) -> ClusterAnswer {
    let name = name_of(cluster);
    let pull = is_pull(cluster);
    let mut out = ClusterAnswer {
        cluster: name.to_string(),
        policies: Vec::new(),
        sync_mode: if pull { "Pull" } else { "Push" },
        failures: failure_modes(pull).to_vec(),
        ready_after_seconds: None,
        bindings: sub.bindings.len(),
        moving: 0,
        first_after_seconds: None,
        last_after_seconds: None,
        staying: 0,
        blocked: 0,
        nothing_moves: None,
        caveats: Vec::new(),
        pending_replicas: 0,
        pending_on: PendingOn::default(),
        placements: BTreeMap::new(),
    };
    let off = findings.iter().find(|f| {
        matches!(
            f.code,
            FindingCode::FailoverGateOff | FindingCode::NoexecuteEvictionOff
        )
    });
    if let Some(f) = off {
        out.nothing_moves = Some(f.message.clone());
        return out;
    }
    let base = Scenario {
        targets: Vec::new(),
        taints: Vec::new(),
        now: input.now,
        until: input.now + HORIZON,
        recover_at: None,
        recoveries: Vec::new(),
        replaced: Vec::new(),
        settings: input.settings.clone(),
        queue: input.queue.clone(),
    };
    // Each way of failing moves the same bindings to the same places: predicted once.
    let memo = Memo::over(index.clone()).reading(read.clone());
    let mut evictions: Option<SecondsInterval> = None;
    let mut counted = false;
    let mut silent = Vec::new();
    for &mode in failure_modes(pull) {
        let outage = Outage {
            cluster: name.to_string(),
            at: input.now,
            mode,
            back: None,
        };
        // Only the latest simulation's verdicts and its burst's first end are read, and
        // only once: the ways after the one counted are read for their timing alone.
        let latest_depth = if counted {
            Depth::NoCapacity
        } else {
            Depth::FirstEnd
        };
        let depth = [Depth::NoCapacity, latest_depth];
        let result = simulate_outage_with(sub, &[outage], input.health, &base, depth, Some(&memo));
        let Some(timeline) = result.clusters.first() else {
            continue;
        };
        seen_ready(input, cluster, timeline, &mut out);
        let Some(latest) = result.latest.as_ref() else {
            let why = timeline
                .no_noexecute
                .as_ref()
                .map(|r| r.message.clone())
                .unwrap_or_else(|| "no NoExecute taint comes".into());
            silent.push((mode, why));
            continue;
        };
        for b in result.bindings.iter().filter(|b| b.cluster == name) {
            if let Some(e) = b.evicted {
                widen(
                    &mut evictions,
                    after(input, e.earliest),
                    after(input, e.latest),
                );
            }
        }
        // The verdicts do not depend on when the taint lands: count them once.
        if !counted {
            counted = true;
            count_verdicts(latest, name, names, placements, &mut out);
        }
    }
    out.first_after_seconds = evictions.map(|e| e.earliest);
    out.last_after_seconds = evictions.map(|e| e.latest);
    conclude(&mut out, counted, &silent);
    out
}

/// The fleet as one cluster's answer sees it: only the bindings its failure moves. The
/// answer is about this cluster, and on a fleet's scale it must not re-run every other
/// binding. Evictions from clusters failing already are `dry-run`'s to show: they would
/// share the queue, so with them this cluster's evictions can only come later.
///
/// [`without_bindings`] once per worker, then [`keep_bindings_on`] per cluster.
pub(super) fn without_bindings(state: &FleetState) -> FleetState {
    FleetState {
        clusters: state.clusters.clone(),
        taint_policies: state.taint_policies.clone(),
        ..Default::default()
    }
}

/// The index of the fleet every answer's simulations share, as the answers' fleet
/// ([`without_bindings`]) has it: no member inventories, so no scheduler-estimator.
pub(super) fn index(state: &FleetState) -> FleetIndex<'_> {
    FleetIndex::new(&state.clusters)
}

/// Each cluster's name, held once for every answer that names it.
pub(super) type SharedNames<'s> = HashMap<&'s str, Arc<str>>;

/// The fleet's cluster names, to share.
pub(super) fn shared_names(state: &FleetState) -> SharedNames<'_> {
    state
        .clusters
        .iter()
        .filter_map(|c| c.metadata.name.as_deref())
        .map(|n| (n, Arc::from(n)))
        .collect()
}

/// The positions of the bindings placed on each cluster, in fleet order.
pub(super) fn bindings_by_cluster(state: &FleetState) -> HashMap<&str, Vec<usize>> {
    let mut on: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, b) in state.bindings.iter().enumerate() {
        for t in &b.spec.clusters {
            let list = on.entry(t.name.as_str()).or_default();
            if list.last() != Some(&i) {
                list.push(i);
            }
        }
    }
    on
}

/// `sub` (a [`without_bindings`] of `state`) with the bindings placed on `cluster`.
pub(super) fn keep_bindings_on(
    sub: &mut FleetState,
    state: &FleetState,
    on: &HashMap<&str, Vec<usize>>,
    cluster: &Cluster,
) {
    sub.bindings = on
        .get(name_of(cluster))
        .into_iter()
        .flatten()
        .map(|&i| state.bindings[i].clone())
        .collect();
}

/// Seconds from the doctor's now to `t`.
fn after(input: &DoctorInput, t: Timestamp) -> i64 {
    t.as_second() - input.now.as_second()
}

/// `slot` widened to cover `lo ..= hi`.
fn widen(slot: &mut Option<SecondsInterval>, lo: i64, hi: i64) {
    *slot = Some(match *slot {
        None => SecondsInterval {
            earliest: lo,
            latest: hi,
        },
        Some(s) => SecondsInterval {
            earliest: s.earliest.min(lo),
            latest: s.latest.max(hi),
        },
    });
}

/// When `Ready` changes in this way of failing, and the policies that taint the
/// cluster then.
fn seen_ready(
    input: &DoctorInput,
    cluster: &Cluster,
    timeline: &ClusterTimeline,
    out: &mut ClusterAnswer,
) {
    if let Happens::Yes(c) | Happens::Maybe(c) = &timeline.ready {
        widen(
            &mut out.ready_after_seconds,
            after(input, c.at.earliest),
            after(input, c.at.latest),
        );
        // Policies whose taint is already there add nothing, but they cover it.
        for p in covering(input.state, cluster, c.status) {
            if !out.policies.iter().any(|x| x == p) {
                out.policies.push(p.to_string());
            }
        }
    }
    for t in &timeline.taints {
        if let Some(p) = t.by.strip_prefix("ClusterTaintPolicy ") {
            if !out.policies.iter().any(|x| x == p) {
                out.policies.push(p.to_string());
            }
        }
    }
}

/// What the failure does to each binding on the cluster, and where the moving ones land
/// (when `placements`).
fn count_verdicts(
    latest: &Simulation,
    name: &str,
    names: &SharedNames,
    placements: bool,
    out: &mut ClusterAnswer,
) {
    let nowhere: std::collections::HashSet<&str> = latest
        .predictions
        .iter()
        .filter(|p| p.clusters.is_none() && p.leaves.iter().any(|c| c == name))
        .map(|p| p.binding.as_str())
        .collect();
    if placements {
        out.placements = landing_places(latest, name);
    }
    out.pending_replicas = latest.capacity.pending_replicas;
    out.pending_on = latest
        .capacity
        .clusters
        .iter()
        .filter(|c| c.pending_replicas > 0)
        .map(|c| {
            let shared = names.get(c.cluster.as_str()).cloned();
            (
                shared.unwrap_or_else(|| c.cluster.as_str().into()),
                c.pending_replicas,
            )
        })
        .collect();
    for o in latest.outcomes.iter().filter(|o| o.cluster == name) {
        match o.verdict {
            Verdict::Evict | Verdict::EvictLater if nowhere.contains(o.binding.as_str()) => {
                out.blocked += 1
            }
            Verdict::Evict | Verdict::EvictLater => out.moving += 1,
            Verdict::Tolerated | Verdict::Recovered => out.staying += 1,
            _ => out.blocked += 1,
        }
    }
}

/// Where each binding leaving `name` lands (`member2 x2, member3 x1`, or why nowhere).
fn landing_places(latest: &Simulation, name: &str) -> BTreeMap<String, String> {
    latest
        .predictions
        .iter()
        .filter(|p| p.leaves.iter().any(|c| c == name))
        .map(|p| {
            let lands = match (&p.clusters, &p.error) {
                (Some(c), _) => c
                    .iter()
                    .map(|(n, r)| format!("{n} x{r}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                (None, Some(e)) => format!("nowhere ({})", e.code),
                (None, None) => "nowhere".into(),
            };
            (p.binding.clone(), lands)
        })
        .collect()
}

/// The clusters whose loss would leave replicas Pending where they land.
pub(super) fn capacity_findings(clusters: &[ClusterAnswer], out: &mut Vec<Finding>) {
    let short: Vec<&ClusterAnswer> = clusters.iter().filter(|c| c.pending_replicas > 0).collect();
    if short.is_empty() {
        return;
    }
    // Only the clusters the finding names are spelled out (each may list hundreds).
    let evidence = named_of(short.iter().map(|c| {
        let on: Vec<String> = c
            .pending_on
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!(
            "{}: {} Pending ({})",
            c.cluster,
            c.pending_replicas,
            on.join(", ")
        )
    }));
    out.push(Finding {
        code: FindingCode::LossLeavesPending,
        severity: Severity::Warning,
        message: format!(
            "the loss of {} of {} cluster(s) would leave replicas Pending where the scheduler sends them: the fleet does not carry every single loss",
            short.len(),
            clusters.len()
        ),
        evidence,
        fix: "`karmadactl failover capacity` shows each loss; make room where they land, spread the workloads over more clusters, turn on the scheduler's SchedulingOvercommitProtection (v1.18+) where the burst overcommits, or run karmada-descheduler with scheduler-estimators so Pending replicas move on".into(),
    });
}

/// Why nothing moves, when nothing does, and the ways of failing that move nothing.
fn conclude(out: &mut ClusterAnswer, counted: bool, silent: &[(FailureMode, String)]) {
    let said = |(mode, why): &(FailureMode, String)| format!("{mode}: {why}");
    if !counted {
        // One reason said once when every way of failing gives it.
        out.nothing_moves = Some(match silent {
            [] => "it is never tainted NoExecute".into(),
            [(_, first), rest @ ..] if rest.iter().all(|(_, w)| w == first) => first.clone(),
            all => all.iter().map(said).collect::<Vec<_>>().join("; "),
        });
        return;
    }
    out.caveats = silent.iter().map(said).collect();
    if out.moving == 0 {
        out.nothing_moves = Some(if out.bindings == 0 {
            "no binding is placed on it".into()
        } else {
            "every binding on it tolerates the taint or cannot be evicted".into()
        });
    }
}

/// Bindings with statePreservation rules: the gate off (nothing is carried), or, with
/// it on, a state that cannot be extracted now from one of their clusters (a failover
/// there would be held back: the taint manager does not evict them).
pub(super) fn state_findings(input: &DoctorInput, out: &mut Vec<Finding>) {
    let with_rules: Vec<&crate::fleet::Binding> = input
        .state
        .bindings
        .iter()
        .filter(|b| crate::engine::predict::state::rules_of(b).is_some())
        .collect();
    if with_rules.is_empty() {
        return;
    }
    if !input.settings.stateful_failover_injection {
        out.push(Finding {
            code: FindingCode::StateGateOff,
            severity: Severity::Warning,
            message: format!(
                "{} binding(s) have statePreservation rules, but StatefulFailoverInjection is off ({}): a failover carries none of their state",
                with_rules.len(),
                source(input, "feature-gates")
            ),
            evidence: named(&with_rules.iter().map(|b| b.display_name()).collect::<Vec<_>>()),
            fix: "run karmada-controller-manager with --feature-gates=StatefulFailoverInjection=true (alpha), or drop the rules".into(),
        });
        return;
    }
    let mut held = Vec::new();
    for b in with_rules {
        for t in &b.spec.clusters {
            if let crate::engine::predict::state::Extraction::Held(why) =
                crate::engine::predict::state::extract(b, &t.name, input.settings)
            {
                held.push(format!(
                    "{} on {}: {}",
                    b.display_name(),
                    t.name,
                    why.message
                ));
            }
        }
    }
    if !held.is_empty() {
        out.push(Finding {
            code: FindingCode::StateHeld,
            severity: Severity::Warning,
            message: format!(
                "{} binding-cluster pair(s) whose state cannot be extracted now: if that cluster fails, the taint manager does not evict them (it retries until the state can be read)",
                held.len()
            ),
            evidence: named(&held),
            fix: "check that Karmada collects the workload's status from the cluster (status.aggregatedStatus) and that every rule's JSONPath finds its field there".into(),
        });
    }
}
