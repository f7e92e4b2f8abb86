//! `karmadactl history`: the failover record of one binding, or of every binding a
//! cluster touched, as one timeline.

use jiff::Timestamp;

use super::common;
use super::target::{parse_target, Target};
use crate::cli::{GlobalArgs, HistoryArgs};
use crate::engine::decide::history::{history, merge, BindingHistory, HistoryOptions};
use crate::engine::predict::pipeline::PipelineStep;
use crate::error::{Error, ExitCode, Result};
use crate::fleet::{Binding, BindingKind, FleetState};
use crate::ops::bindings::BindingScope;
use crate::ops::history as ops;
use crate::render::{self, history as report, Format};

/// What the history is of.
enum Subject {
    /// One binding.
    One {
        kind: BindingKind,
        namespace: Option<String>,
        name: String,
    },
    /// Every binding in scope that has or had to do with the cluster.
    Cluster {
        cluster: String,
        scope: BindingScope,
    },
}

fn subject(args: &HistoryArgs) -> Result<Subject> {
    let usage = || {
        Error::usage("name one binding (`rb NAMESPACE/NAME` or `crb NAME`), or use --cluster NAME")
    };
    match (&args.cluster, args.target.is_empty()) {
        (Some(_), false) => Err(Error::usage("name one binding or use --cluster, not both")),
        (None, true) => Err(usage()),
        (Some(cluster), true) => {
            if cluster.is_empty() {
                return Err(Error::usage("--cluster is empty"));
            }
            Ok(Subject::Cluster {
                cluster: cluster.clone(),
                scope: common::binding_scope(&args.scope)?,
            })
        }
        (None, false) => {
            let s = &args.scope;
            if s.all_namespaces || s.binding_selector.is_some() || s.kind.is_some() {
                return Err(Error::usage(
                    "-A, --binding-selector and --kind select bindings for --cluster; a named binding takes none of them",
                ));
            }
            match parse_target(&args.target, s.namespace.as_deref())? {
                Target::ResourceBinding { namespace, name } => Ok(Subject::One {
                    kind: BindingKind::ResourceBinding,
                    namespace: Some(namespace),
                    name,
                }),
                Target::ClusterResourceBinding { name } => Ok(Subject::One {
                    kind: BindingKind::ClusterResourceBinding,
                    namespace: None,
                    name,
                }),
                _ => Err(usage()),
            }
        }
    }
}

fn find<'s>(
    state: &'s FleetState,
    kind: BindingKind,
    namespace: Option<&str>,
    name: &str,
) -> Option<&'s Binding> {
    state.bindings.iter().find(|b| {
        b.kind == kind
            && b.metadata.name.as_deref() == Some(name)
            && (kind == BindingKind::ClusterResourceBinding
                || b.metadata.namespace.as_deref() == namespace)
    })
}

/// What the history reads: every binding's history, the reference time, where it was
/// read, whether Events were, and where the clusters concerned stand now.
struct Gathered {
    histories: Vec<BindingHistory>,
    now: Timestamp,
    source: String,
    events_read: bool,
    steps: Vec<PipelineStep>,
}

/// Run `history`.
pub async fn run(global: &GlobalArgs, args: &HistoryArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.output.into();
    let subject = subject(args)?;
    let cluster = match &subject {
        Subject::Cluster { cluster, .. } => Some(cluster.as_str()),
        Subject::One { .. } => None,
    };
    let options = HistoryOptions {
        cluster,
        all_events: args.all_events,
    };

    // Gather and decide.
    let g = match &args.source.snapshot {
        Some(_) => from_snapshot(global, args, &subject, &options).await?,
        None => from_live(global, &subject, &options).await?,
    };
    let hidden: usize = g.histories.iter().map(|h| h.hidden_events).sum();
    let single = match &subject {
        Subject::One {
            kind,
            namespace,
            name,
        } => Some(display(*kind, namespace.as_deref(), name)),
        Subject::Cluster { .. } => None,
    };
    let entries = merge(g.histories);

    // Render.
    if format.is_structured() {
        let doc = report::document(
            &g.source,
            g.now,
            g.events_read,
            cluster,
            hidden,
            &entries,
            &g.steps,
        );
        render::print_structured(&doc, format)?;
        return Ok(ExitCode::Success);
    }
    if entries.is_empty() {
        let text = match (&single, cluster) {
            (Some(b), _) => format!("No failover history for {b}.\n"),
            (None, Some(c)) => format!("No binding has a failover history with cluster {c}.\n"),
            (None, None) => "No failover history.\n".into(),
        };
        render::write_stdout(&text)?;
    } else {
        render::write_stdout(&report::text(
            &entries,
            g.now,
            single.is_none(),
            format == Format::Wide,
        ))?;
    }
    render::write_stdout(&render::pipeline::section(
        "Now (clusters not Ready, and where each stands):",
        &g.steps,
        g.now,
    ))?;
    if hidden > 0 {
        eprintln!("note: {hidden} other Event(s) left out; --all-events shows them");
    }
    Ok(ExitCode::Success)
}

/// The clusters the history is about: the one named, or the binding's (placed on it, or
/// evicted from it); those not Ready say where they stand now.
fn concerned(cluster: Option<&str>, binding: Option<&Binding>) -> Vec<String> {
    let mut concerned: Vec<String> = cluster.map(str::to_string).into_iter().collect();
    if let Some(b) = binding {
        concerned.extend(b.spec.clusters.iter().map(|t| t.name.clone()));
        concerned.extend(
            b.spec
                .graceful_eviction_tasks
                .iter()
                .map(|t| t.from_cluster.clone()),
        );
    }
    concerned
}

/// The history from a snapshot: eviction tasks and drain records, no Events.
async fn from_snapshot(
    global: &GlobalArgs,
    args: &HistoryArgs,
    subject: &Subject,
    options: &HistoryOptions<'_>,
) -> Result<Gathered> {
    let state = common::load_state(global, &args.source).await?;
    eprintln!(
        "note: snapshots hold no Events: the history shows eviction tasks and drain records only"
    );
    let (histories, concerned) = match subject {
        Subject::One {
            kind,
            namespace,
            name,
        } => {
            let b = find(&state, *kind, namespace.as_deref(), name).ok_or_else(|| {
                Error::usage(format!(
                    "{} not found in {}",
                    display(*kind, namespace.as_deref(), name),
                    state.source.description
                ))
            })?;
            (vec![history(b, &[], options)], concerned(None, Some(b)))
        }
        Subject::Cluster { cluster, scope } => (
            state
                .bindings
                .iter()
                .filter(|b| scope.includes(b))
                .map(|b| history(b, &[], options))
                .filter(|h| h.concerns_cluster && !h.entries.is_empty())
                .collect(),
            concerned(Some(cluster), None),
        ),
    };
    let now = common::reference_time(&state);
    let steps = common::state_steps(&state, |c| concerned.iter().any(|x| x == c), now);
    Ok(Gathered {
        histories,
        now,
        source: state.source.description.clone(),
        events_read: false,
        steps,
    })
}

/// The history from the control plane, its Events included.
async fn from_live(
    global: &GlobalArgs,
    subject: &Subject,
    options: &HistoryOptions<'_>,
) -> Result<Gathered> {
    let cp = common::connect(global).await?;
    let (histories, concerned) = match subject {
        Subject::One {
            kind,
            namespace,
            name,
        } => {
            let (b, events) = ops::one(&cp, *kind, namespace.as_deref(), name).await?;
            (
                vec![history(&b, &events, options)],
                concerned(None, Some(&b)),
            )
        }
        Subject::Cluster { cluster, scope } => (
            ops::histories(&cp, scope, options).await?,
            concerned(Some(cluster), None),
        ),
    };
    let now = Timestamp::now();
    let steps = common::live_steps(&cp, |c| concerned.iter().any(|x| x == c), now).await;
    Ok(Gathered {
        histories,
        now,
        source: format!("live context {}", cp.context),
        events_read: true,
        steps,
    })
}

fn display(kind: BindingKind, namespace: Option<&str>, name: &str) -> String {
    match (kind, namespace) {
        (BindingKind::ResourceBinding, Some(ns)) => format!("rb/{ns}/{name}"),
        _ => format!("{}/{name}", kind.short()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(words: &[&str]) -> HistoryArgs {
        let mut argv = vec!["karmadactl", "history"];
        argv.extend(words);
        match crate::cli::Cli::try_parse_from(argv).unwrap().command {
            crate::cli::Command::History(a) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn one_binding_or_a_cluster() {
        assert!(matches!(
            subject(&args(&["rb", "default/nginx"])).unwrap(),
            Subject::One { kind: BindingKind::ResourceBinding, ref name, .. } if name == "nginx"
        ));
        assert!(matches!(
            subject(&args(&["rb", "nginx", "-n", "web"])).unwrap(),
            Subject::One { namespace: Some(ref ns), .. } if ns == "web"
        ));
        assert!(matches!(
            subject(&args(&["crb/cfg"])).unwrap(),
            Subject::One {
                kind: BindingKind::ClusterResourceBinding,
                ..
            }
        ));
        assert!(matches!(
            subject(&args(&["--cluster", "m1", "-n", "shop"])).unwrap(),
            Subject::Cluster { ref scope, .. } if scope.namespace.as_deref() == Some("shop")
        ));
        for bad in [
            &[][..],
            &["rb", "default/nginx", "--cluster", "m1"][..],
            &["rb", "default/nginx", "-A"][..],
            &["deployment/nginx", "-n", "default"][..],
            &["rb", "nginx"][..],
        ] {
            let e = subject(&args(bad))
                .err()
                .unwrap_or_else(|| panic!("{bad:?}"));
            assert_eq!(e.code, ExitCode::Usage, "{bad:?}");
        }
    }
}
