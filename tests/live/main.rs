//! The live suite: the tool against a real kube-apiserver on a real etcd serving
//! Karmada's own Cluster API and webhook, and, where a test holds a prediction or a
//! write to what Karmada then does, the real upstream controllers with member clusters
//! (`support/`). Tests share one plane where they do not interfere (distinct names,
//! namespaces, clusters: [`support::env`]); a test that acts on a whole fleet
//! ([`support::own_env`]) or needs its own controllers, members or releases
//! ([`support::karmada`]) starts its own, which ends with it.

#[path = "../support/mod.rs"]
mod support;

mod access;
mod app_failover;
mod capacity;
mod chaos;
mod controllers;
mod doctor;
mod doctor_discovery;
mod drain;
mod drain_controllers;
mod estimator;
mod failback;
mod failback_controllers;
mod fleet_maintenance;
mod history;
mod hostile_input;
mod interrupt;
mod members;
mod mirror;
mod outage;
mod paging;
mod policy_admission;
mod policy_apply;
mod pull;
mod readonly;
mod requeue;
mod requeue_master;
mod settings;
mod state;
mod state_members;
mod taint;
mod taint_all;
mod taint_policy;
mod taint_policy_controllers;
mod taint_rules;
mod watching;
