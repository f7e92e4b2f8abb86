//! What the commands share: loading the fleet (live or snapshot), the targets and scope
//! a command names, and the reference time. (The controller settings to assume are
//! `settings.rs`.)

use jiff::Timestamp;

use crate::cli::{BindingScopeArgs, ClusterSelection, GlobalArgs, SourceArgs};
use crate::client::{self, Targets};
use crate::error::{Error, ExitCode, Result};
use crate::fleet::{BindingKind, FleetState};
use crate::ops::bindings::BindingScope;
use crate::state;

/// Connect as the global flags say, warning when the kubeconfig turns TLS verification
/// off.
pub async fn connect(global: &GlobalArgs) -> Result<client::ControlPlane> {
    let mut cp = client::connect(&global.connect_options()).await?;
    cp.page_size = global.chunk_size;
    cp.on_page = Some(crate::render::progress::list_hook());
    if !cp.tls_verified {
        crate::render::warn(&format!(
            "TLS verification is off for {} (insecure-skip-tls-verify in the kubeconfig): the server's identity is not checked",
            cp.server
        ));
    }
    Ok(cp)
}

/// Leave `value` (a whole fleet, or an answer over one) for the process's exit to take
/// back, instead of freeing it allocation by allocation: a command calls it once it is
/// done with the fleet and returns next (freeing 100,000 bindings one by one is half a
/// second the operator waits for, on one core).
pub fn leave_for_exit<T>(value: T) {
    std::mem::forget(value);
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

/// With `--enable-scheduler-estimator` assumed and a live fleet, read each member's
/// Nodes and Pods through the cluster proxy, so placements are predicted as the
/// members' scheduler-estimators answer; a member that cannot be read keeps the general
/// estimator's answer, said in one warning. A snapshot carries its own.
pub async fn read_member_nodes(
    global: &GlobalArgs,
    source: &SourceArgs,
    settings: &crate::engine::vocabulary::settings::ControllerSettings,
    state: &mut FleetState,
) -> Result<()> {
    if source.snapshot.is_some() || !settings.scheduler_estimator {
        return Ok(());
    }
    let cp = connect(global).await?;
    state.members = read_members(&cp, &state.clusters, settings).await;
    Ok(())
}

/// [`crate::ops::members::read`] behind a spinner, each member that could not be read
/// said in one warning.
pub async fn read_members(
    cp: &client::ControlPlane,
    clusters: &[crate::api::Cluster],
    settings: &crate::engine::vocabulary::settings::ControllerSettings,
) -> std::collections::BTreeMap<String, crate::fleet::MemberInventory> {
    if !settings.scheduler_estimator {
        return Default::default();
    }
    let spinner = crate::render::progress::spinner(&format!(
        "reading the Nodes and Pods of {} member(s) through the cluster proxy, as their scheduler-estimators see them",
        clusters.len()
    ));
    let (read, failed) = crate::ops::members::read(cp, clusters, settings).await;
    spinner.finish_and_clear();
    warn_unread_members(&failed);
    read
}

/// One warning naming the members whose Nodes could not be read, if any.
pub fn warn_unread_members(failed: &[(String, String)]) {
    if failed.is_empty() {
        return;
    }
    let named: Vec<String> = failed
        .iter()
        .map(|(n, why)| format!("{n}: {why}"))
        .collect();
    crate::render::warn(&format!(
        "{} member(s) could not be read, so their placements are predicted by the general estimator alone (their scheduler-estimator may answer fewer): {}",
        failed.len(),
        named.join("; ")
    ));
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

/// Where the clusters `wanted` admits stand in the health pipeline, read live; a read
/// that fails leaves a warning and no lines (the command's own answer does not depend
/// on them).
pub async fn live_steps(
    cp: &client::ControlPlane,
    wanted: impl Fn(&str) -> bool,
    now: Timestamp,
) -> Vec<crate::engine::predict::pipeline::PipelineStep> {
    match crate::state::load_health_view(cp).await {
        Ok((clusters, policies)) => crate::engine::predict::pipeline::steps_of(
            clusters
                .iter()
                .filter(|c| wanted(c.metadata.name.as_deref().unwrap_or_default())),
            policies.as_deref(),
            now,
        ),
        Err(e) => {
            crate::render::warn(&format!(
                "the clusters could not be read ({}): where they stand is not shown",
                e.message
            ));
            Vec::new()
        }
    }
}

/// The same from a fleet already read (a snapshot).
pub fn state_steps(
    state: &FleetState,
    wanted: impl Fn(&str) -> bool,
    now: Timestamp,
) -> Vec<crate::engine::predict::pipeline::PipelineStep> {
    crate::engine::predict::pipeline::steps_of(
        state
            .clusters
            .iter()
            .filter(|c| wanted(c.metadata.name.as_deref().unwrap_or_default())),
        Some(&state.taint_policies),
        now,
    )
}

/// Write `picture` to `--plot`'s file, if asked: atomically (a temporary file beside it,
/// renamed over it), so a reader never sees half a picture and a failure leaves nothing.
/// `summary` is the text report the HTML page holds.
pub fn write_plot(
    plot: &crate::cli::PlotArgs,
    picture: impl FnOnce() -> crate::render::plot::Picture,
    summary: impl FnOnce() -> String,
) -> Result<()> {
    let Some(file) = &plot.plot else {
        return Ok(());
    };
    let started = std::time::Instant::now();
    let picture = picture();
    let bytes = match file.format {
        crate::render::plot::PlotFormat::Svg => picture.svg,
        crate::render::plot::PlotFormat::Html => crate::render::plot::html::page(
            &picture.title,
            &picture.svg,
            &picture.legend,
            &summary(),
        ),
    };
    let dir = match file.path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let fail = |e: &dyn std::fmt::Display| {
        crate::error::Error::failure(format!("--plot {}: {e}", file.path.display()))
    };
    let mut tmp = tempfile::NamedTempFile::new_in(&dir).map_err(|e| fail(&e))?;
    std::io::Write::write_all(&mut tmp, bytes.as_bytes()).map_err(|e| fail(&e))?;
    // A picture is for others to open: readable by all, as a file written plainly is.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o644))
            .map_err(|e| fail(&e))?;
    }
    tmp.persist(&file.path).map_err(|e| fail(&e.error))?;
    tracing::debug!(elapsed = ?started.elapsed(), bytes = bytes.len(), path = %file.path.display(), "plotted");
    Ok(())
}
