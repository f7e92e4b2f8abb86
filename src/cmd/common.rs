//! What the commands share: loading the fleet (live or snapshot), the controller
//! settings to assume, and the reference time.

use std::collections::BTreeMap;

use jiff::Timestamp;

use crate::cli::values::{self, FeatureGates};
use crate::cli::{
    BindingScopeArgs, ClusterSelection, ControllerArgs, EvictionPurgeMode, GlobalArgs,
    QueueModelArg, SourceArgs,
};
use crate::client::{self, Targets};
use crate::engine::settings::{ControllerSettings, Origin, Provenance, PurgeMode};
use crate::engine::settings::{QueueModel, QueueSettings};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::{BindingKind, FleetState};
use crate::ops::bindings::BindingScope;
use crate::state;

/// Connect as the global flags say, warning when the kubeconfig turns TLS verification
/// off.
pub async fn connect(global: &GlobalArgs) -> Result<client::ControlPlane> {
    let mut cp = client::connect(&global.connect_options()).await?;
    cp.page_size = global.chunk_size;
    if !cp.tls_verified {
        crate::render::warn(&format!(
            "TLS verification is off for {} (insecure-skip-tls-verify in the kubeconfig): the server's identity is not checked",
            cp.server
        ));
    }
    Ok(cp)
}

/// Load the fleet from `--snapshot`, else from the control plane.
pub async fn load_state(global: &GlobalArgs, source: &SourceArgs) -> Result<FleetState> {
    load_state_keeping(global, source, None).await
}

/// [`load_state`], keeping only the bindings `keep` admits: a snapshot drops the others
/// as it parses them ([`state::load_snapshot_keeping`]), a live read as each page
/// arrives ([`state::load_live_keeping`]).
pub async fn load_state_keeping(
    global: &GlobalArgs,
    source: &SourceArgs,
    keep: Option<&state::KeepBuilder>,
) -> Result<FleetState> {
    let state = match &source.snapshot {
        Some(path) => {
            state::load_snapshot_keeping(path, keep).map_err(|e| Error::usage(e.to_string()))?
        }
        None => {
            let cp = connect(global).await?;
            match keep {
                Some(keep) => state::load_live_keeping(&cp, keep).await?,
                None => state::load_live(&cp).await?,
            }
        }
    };
    if !state.ignored.is_empty() {
        let skipped: Vec<String> = state
            .ignored
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        eprintln!(
            "note: ignored objects of other kinds: {}",
            skipped.join(", ")
        );
    }
    Ok(state)
}

/// The clusters a command names: positional names, `-l SELECTOR` or `--all` (exactly
/// one of them).
pub fn targets(names: &[String], selection: &ClusterSelection) -> Result<Targets> {
    let given = usize::from(!names.is_empty())
        + usize::from(selection.all)
        + usize::from(selection.selector.is_some());
    match given {
        0 => Err(Error::usage(
            "name at least one cluster, or use -l SELECTOR or --all",
        )),
        1 if selection.all => Ok(Targets::All),
        1 => Ok(match &selection.selector {
            Some(sel) => Targets::Selector(sel.clone()),
            None => Targets::Names(names.to_vec()),
        }),
        _ => Err(Error::usage(
            "cluster names, -l/--selector and --all are mutually exclusive",
        )),
    }
}

/// The bindings `-n`/`-A`/`--binding-selector`/`--kind` name.
pub fn binding_scope(args: &BindingScopeArgs) -> Result<BindingScope> {
    let (kind, workload_kind) = match args.kind.as_deref().map(str::to_ascii_lowercase) {
        None => (None, None),
        Some(k) => match k.as_str() {
            "rb" | "resourcebinding" | "resourcebindings" => {
                (Some(BindingKind::ResourceBinding), None)
            }
            "crb" | "clusterresourcebinding" | "clusterresourcebindings" => {
                (Some(BindingKind::ClusterResourceBinding), None)
            }
            "" => return Err(Error::usage("--kind is empty")),
            _ => (None, args.kind.clone()),
        },
    };
    if kind == Some(BindingKind::ClusterResourceBinding) && args.namespace.is_some() {
        return Err(Error::usage(
            "-n selects ResourceBindings; ClusterResourceBindings have no namespace",
        ));
    }
    Ok(BindingScope {
        namespace: args.namespace.clone(),
        selector: args.binding_selector.clone(),
        kind,
        workload_kind,
    })
}

/// The instant decisions are taken at: when the state was captured (a snapshot's
/// header, or the moment a live fleet was read), else now.
pub fn reference_time(state: &FleetState) -> Timestamp {
    state.source.captured_at.unwrap_or_else(Timestamp::now)
}

/// Resolve controller and queue settings: command-line flags, then the values recorded
/// in the snapshot header (parsed as the flags are), then upstream's defaults.
pub fn resolve_settings(
    args: &ControllerArgs,
    recorded: &BTreeMap<String, String>,
) -> Result<(ControllerSettings, QueueSettings, Provenance)> {
    let mut c = ControllerSettings::default();
    let mut q = QueueSettings::default();
    let mut from = Provenance::new();

    /// One setting: the flag's typed value, else the recorded string parsed with the
    /// flag's parser, else the default (left in place).
    fn pick<T>(
        from: &mut Provenance,
        recorded: &BTreeMap<String, String>,
        flag: &'static str,
        given: Option<T>,
        parse: impl Fn(&str) -> std::result::Result<T, String>,
    ) -> Result<Option<T>> {
        if let Some(v) = given {
            from.insert(flag, Origin::Flag);
            return Ok(Some(v));
        }
        if let Some(text) = recorded.get(flag) {
            let v = parse(text)
                .map_err(|e| Error::usage(format!("snapshot header: invalid {flag} value: {e}")))?;
            from.insert(flag, Origin::Snapshot);
            return Ok(Some(v));
        }
        from.insert(flag, Origin::Default);
        Ok(None)
    }

    let gates: Option<FeatureGates> = pick(
        &mut from,
        recorded,
        "feature-gates",
        args.feature_gates,
        values::feature_gates,
    )?;
    if let Some(g) = gates {
        c.failover_feature_gate = g.failover.unwrap_or(false);
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "enable-no-execute-taint-eviction",
        args.enable_no_execute_taint_eviction,
        values::go_bool,
    )? {
        c.enable_no_execute_taint_eviction = v;
    }
    let purge = args.no_execute_taint_eviction_purge_mode.map(|m| match m {
        EvictionPurgeMode::Gracefully => PurgeMode::Gracefully,
        EvictionPurgeMode::Directly => PurgeMode::Directly,
    });
    if let Some(v) = pick(
        &mut from,
        recorded,
        "no-execute-taint-eviction-purge-mode",
        purge,
        |s: &str| match s {
            "Gracefully" => Ok(PurgeMode::Gracefully),
            "Directly" => Ok(PurgeMode::Directly),
            other => Err(format!("{other:?} is not Gracefully or Directly")),
        },
    )? {
        c.no_execute_taint_eviction_purge_mode = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "graceful-eviction-timeout",
        args.graceful_eviction_timeout,
        values::duration,
    )? {
        c.graceful_eviction_timeout_seconds = v.as_secs() as i64;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "resource-eviction-rate",
        args.resource_eviction_rate,
        values::rate,
    )? {
        q.resource_eviction_rate = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "secondary-resource-eviction-rate",
        args.secondary_resource_eviction_rate,
        values::rate,
    )? {
        q.secondary_resource_eviction_rate = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "unhealthy-cluster-threshold",
        args.unhealthy_cluster_threshold,
        values::fraction,
    )? {
        q.unhealthy_cluster_threshold = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "large-cluster-num-threshold",
        args.large_cluster_num_threshold,
        |s: &str| s.trim().parse::<usize>().map_err(|e| e.to_string()),
    )? {
        q.large_cluster_num_threshold = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "rate-limiter-base-delay",
        args.rate_limiter_base_delay,
        values::duration,
    )? {
        q.rate_limiter.base_delay_ns = nanos(v);
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "rate-limiter-max-delay",
        args.rate_limiter_max_delay,
        values::duration,
    )? {
        q.rate_limiter.max_delay_ns = nanos(v);
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "rate-limiter-qps",
        args.rate_limiter_qps,
        |s: &str| s.trim().parse::<i64>().map_err(|e| e.to_string()),
    )? {
        q.rate_limiter.qps = v;
    }
    if let Some(v) = pick(
        &mut from,
        recorded,
        "rate-limiter-bucket-size",
        args.rate_limiter_bucket_size,
        |s: &str| s.trim().parse::<i64>().map_err(|e| e.to_string()),
    )? {
        q.rate_limiter.bucket_size = v;
    }
    // The model is the tool's own choice, not a controller flag: flag or default only.
    q.model = match args.queue_model {
        Some(QueueModelArg::Proposal) => QueueModel::Proposal,
        Some(QueueModelArg::Upstream) | None => QueueModel::Upstream,
    };
    from.insert(
        "queue-model",
        if args.queue_model.is_some() {
            Origin::Flag
        } else {
            Origin::Default
        },
    );
    Ok((c, q, from))
}

fn nanos(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)
}

/// Record the tool's actions as Events on the bindings, best effort: one warning when
/// some could not be recorded (the writes stand either way).
pub async fn record_events(
    cp: &client::ControlPlane,
    items: Vec<(
        crate::ops::events::Subject<'_>,
        crate::ops::events::Action<'_>,
    )>,
) {
    let total = items.len();
    if total == 0 {
        return;
    }
    let (failed, first) = crate::ops::events::record_all(cp, items, 8).await;
    if let Some(e) = first {
        crate::render::warn(&format!(
            "{failed} of {total} event(s) for `karmadactl history` were not recorded: {e}"
        ));
    }
}

/// How a batch of writes over `total` objects (`noun`, e.g. `cluster(s)`) ends: all done
/// is exit 0; interrupted, or some failed, is exit 3 with the count on stderr; every one
/// failed is exit 1.
pub fn batch_end(
    total: usize,
    failed: usize,
    not_started: usize,
    interrupted: bool,
    noun: &str,
) -> Result<ExitCode> {
    if interrupted {
        eprintln!(
            "Interrupted: {} of {total} {noun} done, {not_started} not started. Run the same command again to finish.",
            total - failed
        );
        return Ok(ExitCode::Partial);
    }
    match failed {
        0 => Ok(ExitCode::Success),
        n if n == total => Err(Error::failure(format!("all {total} {noun} failed"))),
        n => {
            eprintln!("{} of {total} {noun} updated, {n} failed", total - n);
            Ok(ExitCode::Partial)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_snapshot_which_overrides_defaults() {
        let recorded: BTreeMap<String, String> = [
            ("feature-gates".to_string(), "Failover=true".to_string()),
            ("resource-eviction-rate".to_string(), "2".to_string()),
        ]
        .into();
        let args = ControllerArgs {
            resource_eviction_rate: Some(1.0),
            ..Default::default()
        };
        let (c, q, from) = resolve_settings(&args, &recorded).unwrap();
        assert!(c.failover_feature_gate);
        assert_eq!(from["feature-gates"], Origin::Snapshot);
        assert_eq!(q.resource_eviction_rate, 1.0);
        assert_eq!(from["resource-eviction-rate"], Origin::Flag);
        assert!(!c.enable_no_execute_taint_eviction);
        assert_eq!(from["enable-no-execute-taint-eviction"], Origin::Default);
    }

    #[test]
    fn rejects_bad_recorded_values() {
        let recorded: BTreeMap<String, String> =
            [("feature-gates".to_string(), "Failover=maybe".to_string())].into();
        assert!(resolve_settings(&ControllerArgs::default(), &recorded).is_err());
        let recorded: BTreeMap<String, String> =
            [("unhealthy-cluster-threshold".to_string(), "1.5".to_string())].into();
        assert!(resolve_settings(&ControllerArgs::default(), &recorded).is_err());
    }
}
