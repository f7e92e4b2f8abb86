//! Equal parts of bindings held once. A fleet's bindings mostly come from a few
//! policies: their placements (with the static weights, tolerations and affinities in
//! them; the tolerations and replica scheduling repeat even between placements that
//! differ otherwise), their replicas' requirements, their label and annotation keys, the
//! applied-placement annotation, their workloads' kinds and namespaces, their scheduler
//! and the cluster names and health of their status repeat from binding to binding. Loading keeps one copy of each distinct value and points
//! every binding that carries it there. Values are compared whole ([`PartialEq`]), after
//! a hash of their JSON form narrows the candidates: a shared value is the same value, so
//! nothing that reads a binding can tell.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use crate::api::policy::ReplicaSchedulingStrategy;
use crate::api::{Placement, ReplicaRequirements, Toleration};
use crate::fleet::Binding;

/// The distinct values seen so far, by the hash of their JSON form.
#[derive(Default)]
pub(super) struct Interner {
    placements: Table<Placement>,
    requirements: Table<ReplicaRequirements>,
    /// The placements' tolerations and replica scheduling.
    tolerations: Table<[Toleration]>,
    scheduling: Table<ReplicaSchedulingStrategy>,
    /// Label and annotation keys and values, the workload's API version, kind and
    /// namespace, the scheduler's name, and the cluster names and health of the status's
    /// items.
    strings: HashSet<Arc<str>, foldhash::fast::RandomState>,
}

type Table<T> = HashMap<u64, Vec<Arc<T>>, foldhash::fast::RandomState>;

impl Interner {
    /// Point `binding`'s placement, requirements, label and annotation strings, its
    /// workload's API version, kind and namespace, its scheduler's name and its status's
    /// cluster names and health at the copies already held, or hold them as the first of
    /// their kind.
    pub(super) fn share(&mut self, binding: &mut Binding) {
        let keys = self.keys(binding);
        self.share_keyed(binding, keys);
    }

    /// [`Interner::share`] for each of `bindings`, their values hashed on every core.
    pub(super) fn share_all(&mut self, bindings: &mut [Binding]) {
        let keys: Vec<Keys> = bindings.par_iter().map(|b| self.keys(b)).collect();
        for (binding, keys) in bindings.iter_mut().zip(keys) {
            self.share_keyed(binding, keys);
        }
    }

    /// The hashes of `binding`'s placement and requirements.
    fn keys(&self, binding: &Binding) -> Keys {
        let spec = &binding.spec;
        (
            spec.placement
                .as_deref()
                .and_then(|p| fingerprint(p, self.placements.hasher())),
            spec.replica_requirements
                .as_deref()
                .and_then(|r| fingerprint(r, self.requirements.hasher())),
        )
    }

    fn share_keyed(&mut self, binding: &mut Binding, (placement, requirements): Keys) {
        let meta = &mut binding.metadata;
        for map in [meta.labels.as_mut(), meta.annotations.as_mut()]
            .into_iter()
            .flatten()
        {
            map.share_with(|s| self.string(s));
        }
        let resource = &mut binding.spec.resource;
        resource.api_version = self.string(&resource.api_version);
        resource.kind = self.string(&resource.kind);
        if let Some(ns) = resource.namespace.as_mut() {
            *ns = self.string(ns);
        }
        if let Some(name) = binding.spec.scheduler_name.as_mut() {
            *name = self.string(name);
        }
        let items = binding
            .status
            .iter_mut()
            .flat_map(|s| &mut s.aggregated_status);
        for item in items {
            item.cluster_name = self.string(&item.cluster_name);
            if let Some(health) = item.health.as_mut() {
                *health = self.string(health);
            }
        }
        if let (Some(p), Some(key)) = (binding.spec.placement.as_mut(), placement) {
            let same = self.placements.entry(key).or_default();
            match same.iter().find(|held| ***held == **p) {
                Some(held) => *p = Arc::clone(held),
                None => {
                    // The first of its kind: its tolerations and replica scheduling
                    // shared with other placements'.
                    if let Some(fresh) = Arc::get_mut(p) {
                        let list = &mut fresh.cluster_tolerations;
                        if let Some(key) = fingerprint(&**list, self.tolerations.hasher()) {
                            intern(&mut self.tolerations, key, list);
                        }
                        if let Some(rs) = fresh.replica_scheduling.as_mut() {
                            if let Some(key) = fingerprint(&**rs, self.scheduling.hasher()) {
                                intern(&mut self.scheduling, key, rs);
                            }
                        }
                    }
                    same.push(Arc::clone(p));
                }
            }
        }
        if let (Some(r), Some(key)) = (binding.spec.replica_requirements.as_mut(), requirements) {
            intern(&mut self.requirements, key, r);
        }
    }
}

impl Interner {
    /// The copy of `s` already held, or `s`, held from now on.
    fn string(&mut self, s: &Arc<str>) -> Arc<str> {
        match self.strings.get(s) {
            Some(held) => Arc::clone(held),
            None => {
                self.strings.insert(Arc::clone(s));
                Arc::clone(s)
            }
        }
    }
}

/// A binding's placement and requirements hashes, where it has them.
type Keys = (Option<u64>, Option<u64>);

fn intern<T: PartialEq + ?Sized>(table: &mut Table<T>, key: u64, value: &mut Arc<T>) {
    let same = table.entry(key).or_default();
    match same.iter().find(|held| ***held == **value) {
        Some(held) => *value = Arc::clone(held),
        None => same.push(Arc::clone(value)),
    }
}

/// A hash of `value`'s JSON form, written straight into the hasher (nothing is
/// allocated); `None` if it does not serialize.
fn fingerprint<T: Serialize + ?Sized>(value: &T, state: &impl BuildHasher) -> Option<u64> {
    struct Feed<H>(H);
    impl<H: Hasher> std::io::Write for Feed<H> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.write(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut feed = Feed(state.build_hasher());
    serde_json::to_writer(&mut feed, value).ok()?;
    Some(feed.0.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{BindingSpec, ClusterAffinity};

    fn binding(names: &[&str]) -> Binding {
        let placement = Placement {
            cluster_affinity: Some(ClusterAffinity {
                cluster_names: names.iter().map(|n| n.to_string()).collect(),
                ..Default::default()
            }),
            replica_scheduling: Some(Arc::new(ReplicaSchedulingStrategy {
                replica_scheduling_type: Some("Divided".into()),
                ..Default::default()
            })),
            cluster_tolerations: vec![Toleration {
                key: Some("cluster.karmada.io/not-ready".into()),
                operator: Some("Exists".into()),
                effect: Some("NoExecute".into()),
                ..Default::default()
            }]
            .into(),
            ..Default::default()
        };
        Binding {
            kind: crate::fleet::BindingKind::ResourceBinding,
            metadata: Default::default(),
            spec: BindingSpec {
                placement: Some(Arc::new(placement)),
                replica_requirements: Some(Arc::new(ReplicaRequirements {
                    namespace: Some("ns".into()),
                    ..Default::default()
                })),
                ..Default::default()
            },
            status: None,
        }
    }

    #[test]
    fn equal_placements_are_held_once_and_different_ones_apart() {
        let mut bindings = vec![binding(&["a", "b"]), binding(&["a", "b"]), binding(&["b"])];
        Interner::default().share_all(&mut bindings);
        let placement = |i: usize| bindings[i].spec.placement.as_ref().unwrap();
        assert!(Arc::ptr_eq(placement(0), placement(1)));
        assert!(!Arc::ptr_eq(placement(0), placement(2)));
        // Different placements, equal tolerations: one list.
        let tolerations = |i: usize| &placement(i).cluster_tolerations;
        assert!(Arc::ptr_eq(tolerations(0), tolerations(2)));
        let scheduling = |i: usize| placement(i).replica_scheduling.as_ref().unwrap();
        assert!(Arc::ptr_eq(scheduling(0), scheduling(2)));
        let requirements = |i: usize| bindings[i].spec.replica_requirements.as_ref().unwrap();
        assert!(Arc::ptr_eq(requirements(0), requirements(2)));
        assert_eq!(bindings[2], binding(&["b"]), "a value is never changed");
    }

    #[test]
    fn equal_label_and_annotation_strings_are_held_once() {
        let mut bindings = vec![binding(&["a"]), binding(&["a"])];
        for (i, b) in bindings.iter_mut().enumerate() {
            let labels = [("permanent-id".to_string(), format!("id-{i}"))].into();
            b.metadata.labels = Some(labels);
            let annotations = [("applied".to_string(), "{}".to_string())].into();
            b.metadata.annotations = Some(annotations);
        }
        let before = bindings.clone();
        Interner::default().share_all(&mut bindings);
        let label = |i: usize| bindings[i].metadata.labels.as_ref().unwrap();
        let annotation = |i: usize| bindings[i].metadata.annotations.as_ref().unwrap();
        let key = |m: &crate::api::MetaMap| m.iter().next().unwrap().0.as_ptr();
        assert_eq!(key(label(0)), key(label(1)));
        assert!(std::ptr::eq(
            annotation(0).get("applied").unwrap(),
            annotation(1).get("applied").unwrap()
        ));
        assert_ne!(label(0).get("permanent-id"), label(1).get("permanent-id"));
        assert_eq!(bindings, before, "a value is never changed");
    }

    #[test]
    fn the_workload_kind_and_the_status_cluster_names_and_health_are_held_once() {
        let mut bindings = vec![binding(&["a"]), binding(&["a"])];
        for (i, b) in bindings.iter_mut().enumerate() {
            b.spec.resource.api_version = "apps/v1".into();
            b.spec.resource.kind = "Deployment".into();
            b.spec.resource.namespace = Some("ns".into());
            let item = |cluster: &str, health: &str| crate::api::AggregatedStatusItem {
                cluster_name: cluster.into(),
                health: Some(health.into()),
                applied: true,
                ..Default::default()
            };
            let other = if i == 0 { "m2" } else { "m3" };
            b.status = Some(crate::api::BindingStatus {
                aggregated_status: vec![item("m1", "Healthy"), item(other, "Healthy")],
                ..Default::default()
            });
        }
        let before = bindings.clone();
        Interner::default().share_all(&mut bindings);
        let item = |b: usize, i: usize| &bindings[b].status.as_ref().unwrap().aggregated_status[i];
        assert!(Arc::ptr_eq(
            &item(0, 0).cluster_name,
            &item(1, 0).cluster_name
        ));
        let health = |b, i| item(b, i).health.clone().unwrap();
        assert!(Arc::ptr_eq(&health(0, 0), &health(0, 1)));
        assert!(Arc::ptr_eq(&health(0, 0), &health(1, 1)));
        assert!(!Arc::ptr_eq(
            &item(0, 1).cluster_name,
            &item(1, 1).cluster_name
        ));
        let resource = |b: usize| &bindings[b].spec.resource;
        assert!(Arc::ptr_eq(&resource(0).kind, &resource(1).kind));
        assert!(Arc::ptr_eq(
            &resource(0).api_version,
            &resource(1).api_version
        ));
        let ns = |b: usize| resource(b).namespace.clone().unwrap();
        assert!(Arc::ptr_eq(&ns(0), &ns(1)));
        assert_eq!(bindings, before, "a value is never changed");
    }
}
