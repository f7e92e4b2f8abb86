//! Replica division: the Webster (Sainte-Laguë) method upstream uses for weighted
//! division (family `webster_division`) and the replica assignment over selected clusters
//! (family `replica_assignment`).
//!
//! Webster: seats go one at a time to the party with the highest `votes / (2 × seats + 1)`;
//! ties go to the party with fewer seats, then by name, ascending, or descending when the
//! FNV-32a hash of the binding's UID is odd. Results are listed by name, ascending.
//!
//! Upstream: `pkg/util/helper/binding.go` (`Dispenser.AllocateByWeight`,
//! `GetStaticWeightInfoListByTargetClusters`), `pkg/scheduler/core/assignment.go` and
//! `division_algorithm.go`.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use serde::Serialize;

use crate::api::TargetCluster;

/// FNV-1a, 32 bits.
pub fn fnv32a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Direction of the final, by-name tie break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TieBreak {
    /// Smaller names win ties.
    Ascending,
    /// Larger names win ties.
    Descending,
}

impl TieBreak {
    /// The direction upstream derives from a binding's UID (empty: ascending).
    pub fn from_uid(uid: &str) -> TieBreak {
        if !uid.is_empty() && fnv32a(uid.as_bytes()) & 1 == 1 {
            TieBreak::Descending
        } else {
            TieBreak::Ascending
        }
    }
}

#[derive(Clone, Debug)]
struct Party<'a> {
    name: &'a str,
    votes: i64,
    seats: i64,
}

impl Party<'_> {
    fn priority(&self) -> f64 {
        priority(self.votes, self.seats)
    }
}

fn priority(votes: i64, seats: i64) -> f64 {
    votes as f64 / (2 * seats + 1) as f64
}

/// Heap entry: `Ord` says which party deserves the next seat (greater = first).
struct Entry<'a> {
    party: Party<'a>,
    tie: TieBreak,
}

impl PartialEq for Entry<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry<'_> {}
impl PartialOrd for Entry<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (&self.party, &other.party);
        let (pa, pb) = (a.priority(), b.priority());
        if pa != pb {
            return pa.partial_cmp(&pb).unwrap_or(Ordering::Equal);
        }
        if a.seats != b.seats {
            return b.seats.cmp(&a.seats);
        }
        match self.tie {
            TieBreak::Ascending => b.name.cmp(a.name),
            TieBreak::Descending => a.name.cmp(b.name),
        }
    }
}

/// Distribute `new_seats` more seats over the parties by Webster, starting from `init`
/// (a party only in `init` has no votes but keeps its seats; a repeated name: the last
/// entry wins). Returns every party with its seats, by name ascending.
pub fn webster(
    new_seats: i32,
    votes: &[(&str, i64)],
    init: &[(&str, i32)],
    tie: TieBreak,
) -> Vec<TargetCluster> {
    by_name(apportion(new_seats, votes, init, tie), true)
}

/// The parties with the seats they end with, in no particular order.
fn apportion<'a>(
    new_seats: i32,
    votes: &[(&'a str, i64)],
    init: &[(&'a str, i32)],
    tie: TieBreak,
) -> Vec<Party<'a>> {
    let mut index: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    index.reserve(votes.len() + init.len());
    let mut parties: Vec<Party> = Vec::with_capacity(votes.len() + init.len());
    for &(name, seats) in init {
        match index.get(name) {
            Some(&i) => parties[i].seats = seats as i64,
            None => {
                index.insert(name, parties.len());
                parties.push(Party {
                    name,
                    votes: 0,
                    seats: seats as i64,
                });
            }
        }
    }
    for &(name, v) in votes {
        match index.get(name) {
            Some(&i) => parties[i].votes = v,
            None => {
                index.insert(name, parties.len());
                parties.push(Party {
                    name,
                    votes: v,
                    seats: 0,
                });
            }
        }
    }
    if parties.is_empty() {
        return parties;
    }
    let mut remaining = new_seats.max(0) as i64;
    if remaining > 4 * parties.len() as i64 + 64
        && parties.iter().all(|p| p.votes >= 0 && p.seats >= 0)
    {
        remaining -= fast_forward(&mut parties, remaining);
    }
    let mut heap: BinaryHeap<Entry> = parties
        .into_iter()
        .map(|party| Entry { party, tie })
        .collect();
    while remaining > 0 {
        let Some(mut top) = heap.peek_mut() else {
            break;
        };
        top.party.seats += 1;
        drop(top);
        remaining -= 1;
    }
    heap.into_iter().map(|e| e.party).collect()
}

/// `parties` as targets by name ascending; those without seats only with `zeros`.
fn by_name(mut parties: Vec<Party>, zeros: bool) -> Vec<TargetCluster> {
    if !zeros {
        parties.retain(|p| p.seats != 0);
    }
    parties.sort_by(|a, b| a.name.cmp(b.name));
    parties
        .into_iter()
        .map(|p| TargetCluster::new(p.name.to_string(), clamp_i32(p.seats)))
        .collect()
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// Give every seat whose priority is strictly above a threshold at once, choosing the
/// lowest threshold that hands out at most `budget` seats. Seats are awarded in decreasing
/// priority, so this is exactly what the one-by-one procedure does first; the few seats
/// left are then awarded one by one with the exact tie breaks. Returns the seats given.
fn fast_forward(parties: &mut [Party], budget: i64) -> i64 {
    // Seats party `p` would win with priority > t (at most budget + 1).
    let wins = |p: &Party, t: f64| -> i64 {
        if p.votes <= 0 || p.priority() <= t {
            return 0;
        }
        let (mut lo, mut hi) = (0i64, budget + 1); // lo wins for sure; find the largest
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if priority(p.votes, p.seats + mid - 1) > t {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    };
    let total = |t: f64| -> i64 {
        parties
            .iter()
            .map(|p| wins(p, t))
            .fold(0i64, |a, b| a.saturating_add(b))
    };
    // Non-negative f64 order equals the order of their bit patterns.
    let (mut lo, mut hi) = (0u64, f64::MAX.to_bits());
    if total(0.0) <= budget {
        hi = 0;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if total(f64::from_bits(mid)) <= budget {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let t = f64::from_bits(hi);
    let mut given = 0;
    for p in parties.iter_mut() {
        let w = wins(p, t);
        p.seats += w;
        given += w;
    }
    given
}

/// Upstream's dispenser: divide `replicas` by `weights` with Webster starting from `init`.
/// When `replicas` is 0 and `init` is not empty, `init` is returned unchanged; when the
/// weights sum to 0, the result is `init` unchanged.
pub fn dispense(
    replicas: i32,
    weights: &[(&str, i64)],
    init: &[TargetCluster],
    uid: &str,
) -> Vec<TargetCluster> {
    dispense_keeping(replicas, weights, init, uid, true)
}

/// [`dispense`], leaving out the clusters it gives no replicas to unless `zeros` (those
/// are dropped from every assignment in the end; at hundreds of candidates and a few
/// replicas they are most of the list).
fn dispense_keeping(
    replicas: i32,
    weights: &[(&str, i64)],
    init: &[TargetCluster],
    uid: &str,
    zeros: bool,
) -> Vec<TargetCluster> {
    if replicas == 0 && !init.is_empty() {
        return init.to_vec();
    }
    if weight_sum(weights) == 0 {
        return init.to_vec();
    }
    let init: Vec<(&str, i32)> = init.iter().map(|t| (t.name.as_str(), t.replicas)).collect();
    by_name(
        apportion(replicas, weights, &init, TieBreak::from_uid(uid)),
        zeros,
    )
}

/// The weights' sum as the dispenser adds them (saturating): 0 hands out nothing.
fn weight_sum(weights: &[(&str, i64)]) -> i64 {
    weights.iter().fold(0i64, |a, (_, w)| a.saturating_add(*w))
}

/// How a binding's replicas are split (from `placement.replicaScheduling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// Every cluster gets all replicas.
    Duplicated,
    /// Divided + Aggregated: as few clusters as possible.
    Aggregated,
    /// Divided + Weighted with static weights (or no weight preference).
    StaticWeight,
    /// Divided + Weighted with `dynamicWeight: AvailableReplicas`.
    DynamicWeight,
}

impl Strategy {
    /// The strategy of `placement`, `None` when upstream does not support it (e.g.
    /// Divided without a division preference).
    pub fn of(placement: Option<&crate::api::Placement>) -> Option<Strategy> {
        use super::ReplicaSchedulingType as Type;
        let kind = super::replica_scheduling_type(placement);
        let Some(rs) = placement.and_then(|p| p.replica_scheduling.as_ref()) else {
            return Some(Strategy::Duplicated);
        };
        match kind {
            Type::Duplicated => Some(Strategy::Duplicated),
            Type::Divided => match rs.replica_division_preference.as_deref().unwrap_or("") {
                "Aggregated" => Some(Strategy::Aggregated),
                "Weighted" => {
                    let dynamic = rs
                        .weight_preference
                        .as_ref()
                        .and_then(|w| w.dynamic_weight.as_deref());
                    Some(if dynamic.is_some_and(|d| !d.is_empty()) {
                        Strategy::DynamicWeight
                    } else {
                        Strategy::StaticWeight
                    })
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// One selected cluster, as replica assignment sees it.
#[derive(Clone, Debug)]
pub struct Candidate<'a> {
    /// Cluster name.
    pub name: &'a str,
    /// Static weight (largest weight of the matching static rules; 0 when none).
    pub weight: i64,
    /// Replicas the estimator says the cluster can still take.
    pub allocatable_replicas: i32,
}

/// Why replicas could not be assigned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum AssignError {
    /// No candidate cluster at all.
    #[error("no clusters available to schedule")]
    NoCandidates,
    /// The replica scheduling strategy is not one upstream supports.
    #[error("unsupported replica scheduling strategy")]
    UnsupportedStrategy,
    /// The candidates cannot take the replicas still to place.
    #[error("clusters can take {available} more replicas, {needed} are needed")]
    InsufficientCapacity {
        /// Replicas the candidates can take.
        available: i64,
        /// Replicas that must be placed.
        needed: i64,
    },
}

/// Upstream's replica assignment over selected `candidates` (steady mode): see the
/// module and `replica_assignment` documentation. `previous` is the binding's current
/// `spec.clusters`. Zero-replica entries are dropped, except for a non-workload
/// (`replicas == 0` and no requirements), which gets every candidate with 0.
pub fn assign_replicas(
    candidates: &[Candidate],
    strategy: Option<Strategy>,
    replicas: i32,
    has_requirements: bool,
    previous: &[TargetCluster],
    uid: &str,
) -> Result<Vec<TargetCluster>, AssignError> {
    assign_replicas_in(
        AssignmentMode::Steady,
        candidates,
        strategy,
        replicas,
        has_requirements,
        previous,
        uid,
    )
}

/// How the scheduler treats the previous result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AssignmentMode {
    /// Keep what is placed; place only the difference (the default).
    #[default]
    Steady,
    /// A complete recalculation (after `spec.rescheduleTriggeredAt`): the previous
    /// replicas only add to each cluster's available replicas.
    Fresh,
}

/// [`assign_replicas`] in `mode`.
pub fn assign_replicas_in(
    mode: AssignmentMode,
    candidates: &[Candidate],
    strategy: Option<Strategy>,
    replicas: i32,
    has_requirements: bool,
    previous: &[TargetCluster],
    uid: &str,
) -> Result<Vec<TargetCluster>, AssignError> {
    if candidates.is_empty() {
        return Err(AssignError::NoCandidates);
    }
    if replicas <= 0 && !has_requirements {
        return Ok(candidates
            .iter()
            .map(|c| TargetCluster::new(c.name.to_string(), 0))
            .collect());
    }
    let strategy = strategy.ok_or(AssignError::UnsupportedStrategy)?;
    let mut result = match strategy {
        Strategy::Duplicated => candidates
            .iter()
            .map(|c| TargetCluster::new(c.name.to_string(), replicas))
            .collect(),
        Strategy::StaticWeight => {
            let mut weights: Vec<(&str, i64)> = candidates
                .iter()
                .filter(|c| c.weight > 0)
                .map(|c| (c.name, c.weight))
                .collect();
            if weights.is_empty() {
                weights = candidates.iter().map(|c| (c.name, 1)).collect();
            }
            dispense_keeping(replicas, &weights, &[], uid, false)
        }
        Strategy::Aggregated | Strategy::DynamicWeight => dynamic_assign(
            candidates,
            strategy == Strategy::Aggregated,
            replicas,
            previous,
            mode,
            uid,
        )?,
    };
    result.retain(|t| t.replicas > 0);
    Ok(result)
}

fn dynamic_assign(
    candidates: &[Candidate],
    aggregated: bool,
    replicas: i32,
    previous: &[TargetCluster],
    mode: AssignmentMode,
    uid: &str,
) -> Result<Vec<TargetCluster>, AssignError> {
    let scheduled: Vec<TargetCluster> = previous
        .iter()
        .filter(|t| candidates.iter().any(|c| c.name == t.name))
        .cloned()
        .collect();
    let assigned: i64 = scheduled.iter().map(|t| t.replicas as i64).sum();
    let replicas64 = replicas as i64;
    if assigned == replicas64 && mode == AssignmentMode::Steady {
        return Ok(scheduled);
    }
    let (target, mut available, keep): (i64, Vec<(&str, i64)>, Vec<TargetCluster>) =
        if mode == AssignmentMode::Fresh {
            // As a first scheduling, each cluster's previous replicas counted as available.
            let available = candidates
                .iter()
                .map(|c| {
                    let placed: i64 = scheduled
                        .iter()
                        .filter(|t| t.name == c.name)
                        .map(|t| t.replicas as i64)
                        .sum();
                    (c.name, c.allocatable_replicas as i64 + placed)
                })
                .collect();
            (replicas64, available, Vec::new())
        } else if assigned > replicas64 {
            // Scale down: divide the new total over the previous result, by its replicas.
            let available = scheduled
                .iter()
                .map(|t| (t.name.as_str(), t.replicas as i64))
                .collect();
            (replicas64, available, Vec::new())
        } else {
            // Scale up: keep what is placed, place the rest by allocatable replicas.
            let available = candidates
                .iter()
                .map(|c| (c.name, c.allocatable_replicas as i64))
                .collect();
            (replicas64 - assigned, available, scheduled.clone())
        };
    // Largest first; ties keep their order (upstream's sort is stable at these sizes).
    available.sort_by_key(|a| std::cmp::Reverse(a.1));
    let total: i64 = available.iter().map(|a| a.1).sum();
    if total < target {
        return Err(AssignError::InsufficientCapacity {
            available: total,
            needed: target,
        });
    }
    if aggregated {
        // Clusters that already hold replicas come first, then as few as possible.
        let prior = |n: &str| keep.iter().any(|t| t.name == n && t.replicas > 0);
        let (mut front, back): (Vec<_>, Vec<_>) = available.into_iter().partition(|a| prior(a.0));
        front.extend(back);
        let mut sum = 0;
        let mut cut = front.len();
        for (i, a) in front.iter().enumerate() {
            sum += a.1;
            if sum >= target {
                cut = i + 1;
                break;
            }
        }
        front.truncate(cut);
        available = front;
    }
    let target32 = target.clamp(0, i32::MAX as i64) as i32;
    if weight_sum(&available) == 0 {
        return Ok(keep); // the dispenser hands out nothing
    }
    let new = dispense_keeping(target32, &available, &[], uid, false);
    let dispensed = |name: &str| available.iter().any(|a| a.0 == name);
    Ok(merge(keep, new, dispensed))
}

/// Add `old` replicas into `new` (by name ascending, without the clusters dispensed no
/// replicas) by name, as upstream adds them into the whole dispensed list: an old entry
/// of a cluster that was `dispensed` none goes where that cluster stood in the whole
/// list (by name), one of a cluster never dispensed is appended, in their order.
fn merge(
    old: Vec<TargetCluster>,
    mut new: Vec<TargetCluster>,
    dispensed: impl Fn(&str) -> bool,
) -> Vec<TargetCluster> {
    if old.is_empty() {
        return new;
    }
    let mut rest = Vec::new();
    for o in old {
        match new.iter_mut().find(|n| n.name == o.name) {
            Some(n) => n.replicas = n.replicas.saturating_add(o.replicas),
            None if dispensed(&o.name) => {
                let at = new.partition_point(|n| n.name < o.name);
                new.insert(at, o);
            }
            None => rest.push(o),
        }
    }
    new.extend(rest);
    new
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upstream's merge over the whole dispensed list (every cluster, those given none
    /// included), as the assignment did before it left those out.
    fn merge_whole(old: Vec<TargetCluster>, mut new: Vec<TargetCluster>) -> Vec<TargetCluster> {
        if old.is_empty() {
            return new;
        }
        if new.is_empty() {
            return old;
        }
        let mut rest = Vec::new();
        for o in old {
            match new.iter_mut().find(|n| n.name == o.name) {
                Some(n) => n.replicas = n.replicas.saturating_add(o.replicas),
                None => rest.push(o),
            }
        }
        new.extend(rest);
        new
    }

    proptest::proptest! {
        /// Leaving out the clusters dispensed no replicas, then merging the kept ones in
        /// by name, ends as the whole list merged (once those without replicas go).
        #[test]
        fn dispensing_without_the_empty_ends_as_the_whole_list(
            votes in proptest::collection::vec((0usize..8, 0i64..6), 0..8),
            old in proptest::collection::vec((0usize..10, -1i32..4), 0..5),
            seats in 0i32..12,
            uid in "[a-f0-9]{0,4}",
        ) {
            let names: Vec<String> = (0..10).map(|i| format!("m{i}")).collect();
            let votes: Vec<(&str, i64)> = votes.iter().map(|&(n, v)| (names[n].as_str(), v)).collect();
            let old: Vec<TargetCluster> = old.iter().map(|&(n, r)| tc(&names[n], r)).collect();
            let whole = dispense(seats, &votes, &[], &uid);
            let mut expected = merge_whole(old.clone(), whole);
            expected.retain(|t| t.replicas > 0);
            let mut got = if weight_sum(&votes) == 0 {
                old
            } else {
                let new = dispense_keeping(seats, &votes, &[], &uid, false);
                merge(old, new, |n| votes.iter().any(|v| v.0 == n))
            };
            got.retain(|t| t.replicas > 0);
            proptest::prop_assert_eq!(got, expected);
        }
    }

    fn tc(name: &str, replicas: i32) -> TargetCluster {
        TargetCluster::new(name, replicas)
    }

    #[test]
    fn fnv_known_values() {
        assert_eq!(fnv32a(b""), 0x811c9dc5);
        assert_eq!(fnv32a(b"a"), 0xe40c292c);
        assert_eq!(fnv32a(b"foobar"), 0xbf9cf968);
    }

    #[test]
    fn webster_static_weights() {
        // 9 replicas at 1:2 -> 3:6; 1:3 -> 2:7 (upstream's documented examples).
        let r = dispense(9, &[("A", 1), ("B", 2)], &[], "");
        assert_eq!(r, vec![tc("A", 3), tc("B", 6)]);
        let r = dispense(9, &[("A", 1), ("B", 3)], &[], "");
        assert_eq!(r, vec![tc("A", 2), tc("B", 7)]);
    }

    #[test]
    fn webster_ties_follow_uid() {
        let w = [("a", 1), ("b", 1)];
        assert_eq!(
            webster(1, &w, &[], TieBreak::Ascending),
            vec![tc("a", 1), tc("b", 0)]
        );
        assert_eq!(
            webster(1, &w, &[], TieBreak::Descending),
            vec![tc("a", 0), tc("b", 1)]
        );
    }

    #[test]
    fn webster_fast_forward_matches_one_by_one() {
        let w = [("a", 7), ("b", 3), ("c", 1), ("d", 0)];
        let big = webster(100_000, &w, &[("b", 5)], TieBreak::Descending);
        let mut slow: Vec<Party> = vec![
            Party {
                name: "a",
                votes: 7,
                seats: 0,
            },
            Party {
                name: "b",
                votes: 3,
                seats: 5,
            },
            Party {
                name: "c",
                votes: 1,
                seats: 0,
            },
            Party {
                name: "d",
                votes: 0,
                seats: 0,
            },
        ];
        for _ in 0..100_000 {
            let best = (0..slow.len())
                .max_by(|&i, &j| {
                    Entry {
                        party: slow[i].clone(),
                        tie: TieBreak::Descending,
                    }
                    .cmp(&Entry {
                        party: slow[j].clone(),
                        tie: TieBreak::Descending,
                    })
                })
                .unwrap();
            slow[best].seats += 1;
        }
        let slow: Vec<TargetCluster> = slow.iter().map(|p| tc(p.name, p.seats as i32)).collect();
        assert_eq!(big, slow);
        assert_eq!(big.iter().map(|t| t.replicas as i64).sum::<i64>(), 100_005);
    }

    #[test]
    fn huge_replica_counts_are_fast() {
        let r = webster(i32::MAX, &[("a", 1), ("b", 2)], &[], TieBreak::Ascending);
        assert_eq!(
            r.iter().map(|t| t.replicas as i64).sum::<i64>(),
            i32::MAX as i64
        );
    }

    fn cand(name: &str, weight: i64, alloc: i32) -> Candidate<'_> {
        Candidate {
            name,
            weight,
            allocatable_replicas: alloc,
        }
    }

    #[test]
    fn assignment_strategies() {
        let c = [cand("m1", 1, 10), cand("m2", 2, 10)];
        let dup = assign_replicas(&c, Some(Strategy::Duplicated), 3, false, &[], "").unwrap();
        assert_eq!(dup, vec![tc("m1", 3), tc("m2", 3)]);
        let st = assign_replicas(&c, Some(Strategy::StaticWeight), 3, false, &[], "").unwrap();
        assert_eq!(st, vec![tc("m1", 1), tc("m2", 2)]);
        // Seed walkthrough: member1 evicted, member2 alone takes all 3.
        let only2 = [cand("member2", 2, 10)];
        let r = assign_replicas(
            &only2,
            Some(Strategy::StaticWeight),
            3,
            false,
            &[tc("member2", 2)],
            "",
        )
        .unwrap();
        assert_eq!(r, vec![tc("member2", 3)]);
        let r = assign_replicas(
            &only2,
            Some(Strategy::DynamicWeight),
            3,
            false,
            &[tc("member2", 2)],
            "",
        )
        .unwrap();
        assert_eq!(r, vec![tc("member2", 3)]);
    }

    #[test]
    fn dynamic_scale_up_keeps_existing_and_checks_capacity() {
        let c = [cand("a", 0, 1), cand("b", 0, 4)];
        let r = assign_replicas(
            &c,
            Some(Strategy::DynamicWeight),
            5,
            true,
            &[tc("a", 2)],
            "",
        )
        .unwrap();
        let total: i32 = r.iter().map(|t| t.replicas).sum();
        assert_eq!(total, 5);
        assert!(r.iter().any(|t| t.name == "a" && t.replicas >= 2));
        let err = assign_replicas(
            &c,
            Some(Strategy::DynamicWeight),
            9,
            true,
            &[tc("a", 2)],
            "",
        )
        .unwrap_err();
        assert_eq!(
            err,
            AssignError::InsufficientCapacity {
                available: 5,
                needed: 7
            }
        );
    }

    #[test]
    fn aggregated_packs_and_scales_down() {
        let c = [cand("a", 0, 3), cand("b", 0, 10), cand("c", 0, 2)];
        let r = assign_replicas(&c, Some(Strategy::Aggregated), 6, true, &[], "").unwrap();
        assert_eq!(r, vec![tc("b", 6)]);
        let r = assign_replicas(
            &c,
            Some(Strategy::Aggregated),
            2,
            true,
            &[tc("a", 3), tc("c", 2)],
            "",
        )
        .unwrap();
        assert_eq!(r, vec![tc("a", 2)]);
    }

    #[test]
    fn non_workload_gets_every_candidate() {
        let c = [cand("a", 0, 0)];
        let r = assign_replicas(&c, None, 0, false, &[], "").unwrap();
        assert_eq!(r, vec![tc("a", 0)]);
        assert_eq!(
            assign_replicas(&[], None, 1, false, &[], ""),
            Err(AssignError::NoCandidates)
        );
    }
}
