//! `karmadactl evictions ...`: one file per subcommand; the parsing of the binding a
//! subcommand names is shared here.

mod abort;
mod actions;
mod list;

use super::common;
use crate::cli::{EvictionsCommand, GlobalArgs};
use crate::engine::decide::task_actions::TaskAction;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::BindingKind;
use crate::ops::evictions::AbortTargets;

/// Run an `evictions` subcommand.
pub async fn run(global: &GlobalArgs, cmd: &EvictionsCommand) -> Result<ExitCode> {
    match cmd {
        EvictionsCommand::List(args) => list::run(global, args).await,
        EvictionsCommand::Abort(args) => abort::run(global, args).await,
        EvictionsCommand::Confirm(args) => actions::run(global, args, TaskAction::Confirm).await,
        EvictionsCommand::Extend(args) => {
            let more = jiff::SignedDuration::try_from(args.grace_period)
                .map_err(|_| Error::usage("--grace-period is too long"))?;
            actions::run(global, &args.action, TaskAction::Extend(more)).await
        }
        EvictionsCommand::Prune(args) => {
            actions::run(global, &args.action, TaskAction::PruneRecovered).await
        }
    }
}

/// `rb NS/NAME`, `rb NAME -n NS`, `crb NAME`, `rb/NS/NAME`, `crb/NAME`.
pub(super) fn abort_target(
    words: &[String],
    namespace: Option<&str>,
) -> Result<(BindingKind, Option<String>, String)> {
    let usage =
        || Error::usage("name one binding (`rb NAMESPACE/NAME` or `crb NAME`), or use --all");
    let joined = words.join("/");
    let (kind, rest) = joined.split_once('/').ok_or_else(usage)?;
    match kind.to_ascii_lowercase().as_str() {
        "rb" | "resourcebinding" | "resourcebindings" => match (rest.split_once('/'), namespace) {
            (Some((ns, name)), _) => {
                Ok((BindingKind::ResourceBinding, Some(ns.into()), name.into()))
            }
            (None, Some(ns)) => Ok((BindingKind::ResourceBinding, Some(ns.into()), rest.into())),
            (None, None) => Err(Error::usage(
                "a ResourceBinding needs a namespace: NAMESPACE/NAME or -n",
            )),
        },
        "crb" | "clusterresourcebinding" | "clusterresourcebindings" if !rest.contains('/') => {
            Ok((BindingKind::ClusterResourceBinding, None, rest.into()))
        }
        _ => Err(usage()),
    }
}

/// One named binding, or `--all` in scope.
pub(super) fn task_targets(
    target: &[String],
    all: bool,
    scope: &crate::cli::BindingScopeArgs,
) -> Result<AbortTargets> {
    match (all, target.is_empty()) {
        (true, true) => Ok(AbortTargets::All(common::binding_scope(scope)?)),
        (false, false) => {
            let (kind, namespace, name) = abort_target(target, scope.namespace.as_deref())?;
            Ok(AbortTargets::One {
                kind,
                namespace,
                name,
            })
        }
        (true, false) => Err(Error::usage("name one binding or use --all, not both")),
        (false, true) => Err(Error::usage(
            "name one binding (`rb NAMESPACE/NAME` or `crb NAME`), or use --all",
        )),
    }
}
