//! `karmadactl failover doctor`: gather the fleet and the controller settings (the
//! components' real flags on the host cluster, else the flags, the remembered settings,
//! the snapshot header, upstream's defaults, each with where it came from), diagnose,
//! render; the exit code says how bad it is (0 healthy, 3 warnings, 1 errors). A
//! component that cannot be found or read makes its settings unknown, never the run.

use std::collections::BTreeMap;

use super::common;
use super::settings::{self as resolve, Layers, Settings};
use crate::cli::settings::{self as declared, Component as Of};
use crate::cli::{DoctorArgs, GlobalArgs};
use crate::engine::decide::doctor::upgrade::compare;
use crate::engine::decide::doctor::{diagnose, ComponentSource, DoctorInput, Severity, Unknown};
use crate::engine::karmada::admission::WebhookSettings;
use crate::engine::vocabulary::settings::{Origin, Setting};
use crate::error::{ExitCode, Result};
use crate::fleet::FleetState;
use crate::ops::doctor::{read_host, Component, HostReading, Lookup};
use crate::render::{self, doctor as report, Format};

/// Run `failover doctor`.
pub async fn run(global: &GlobalArgs, args: &DoctorArgs) -> Result<ExitCode> {
    // Options.
    let format: Format = args.read.output.into();

    // Gather.
    let started = std::time::Instant::now();
    let g = gather(global, args).await?;
    tracing::debug!(elapsed = ?started.elapsed(), bindings = g.state.bindings.len(), memory = %crate::logging::memory(), "gathered");
    let (sources, short_sources) = (g.sources(false), g.sources(true));
    let components = components(
        &g.host.as_ref(),
        g.settings.remembered.as_ref(),
        g.from_snapshot,
    );
    let now = common::reference_time(&g.state);
    let estimators = estimators_found(g.host.as_ref());

    // Decide.
    let input = DoctorInput {
        state: &g.state,
        settings: &g.settings.controller,
        queue: &g.settings.queue,
        health: &g.settings.health,
        webhook: WebhookSettings {
            allow_no_execute_taint_policy: g.settings.allow_no_execute_taint_policy,
            version: g.settings.controller.karmada_version,
        },
        sources: &sources,
        short_sources: &short_sources,
        components: &components,
        unknown: &g.unknown,
        estimators: estimators.as_ref(),
        now,
    };
    let source = &g.state.source.description;
    if let Some(to) = args.upgrade_to {
        let upgrade = compare(&input, to);
        match format {
            Format::Json | Format::Yaml => {
                render::print_structured(&report::upgrade_document(source, now, &upgrade), format)?
            }
            _ => render::write_stdout(&report::upgrade_text(source, &upgrade))?,
        }
        return Ok(exit_code(upgrade.worst()));
    }
    let diagnosis = diagnose(&input);
    tracing::debug!(elapsed = ?started.elapsed(), memory = %crate::logging::memory(), "diagnosed");

    // Render.
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&report::document(source, now, &diagnosis), format)?
        }
        Format::Wide => render::write_stdout(&report::text(source, &diagnosis, true))?,
        _ => render::write_stdout(&report::text(source, &diagnosis, false))?,
    }
    let code = exit_code(diagnosis.worst());
    common::leave_for_exit((diagnosis, g));
    Ok(code)
}

/// What the doctor reads before it diagnoses.
struct Gathered {
    state: FleetState,
    /// The components read on the host, with `--host-kubeconfig`.
    host: Option<HostReading>,
    /// The settings assumed, each with where it came from.
    settings: Settings,
    /// The components whose settings could not be read.
    unknown: Vec<Unknown>,
    from_snapshot: bool,
}

/// Gather the fleet, the host's components (when asked) and the settings: a host that
/// was read replaces the remembered settings and the snapshot header.
async fn gather(global: &GlobalArgs, args: &DoctorArgs) -> Result<Gathered> {
    let state = common::load_state(global, &args.read.source).await?;
    let host = match &args.host_kubeconfig {
        Some(path) => Some(
            read_host(
                path,
                args.host_context.as_deref(),
                &lookup(args),
                global.connect_options().request_timeout,
            )
            .await,
        ),
        None => None,
    };
    let read = host_flags(host.as_ref());
    let remembered = match host {
        Some(_) => None,
        None => resolve::remembered_for(&state.source)?,
    };
    let layers = Layers {
        remembered: remembered.as_ref().map(|(c, e)| (c.as_str(), e)),
        recorded: Some(match host {
            Some(_) => &read,
            None => &state.source.controller_settings,
        }),
    };
    let mut given = args.read.controller.given();
    given.extend(args.webhook.given());
    let mut settings = resolve::resolve(&given, layers)?;
    let mut state = state;
    common::read_member_nodes(global, &args.read.source, &settings.controller, &mut state).await?;
    let unknown = unknown(host.as_ref());
    // Unknown gates: the per-cluster answers say what would move were they on.
    if unknown
        .iter()
        .any(|u| u.component == Component::ControllerManager.binary())
    {
        settings.controller.failover_feature_gate = true;
        settings.controller.enable_no_execute_taint_eviction = true;
    }
    Ok(Gathered {
        state,
        host,
        settings,
        unknown,
        from_snapshot: args.read.source.snapshot.is_some(),
    })
}

impl Gathered {
    /// Where each setting came from, by flag name: in full for findings, short for the
    /// table (whose components say the rest).
    fn sources(&self, short: bool) -> BTreeMap<String, String> {
        self.settings
            .from
            .iter()
            .map(|(setting, origin)| {
                (
                    setting.name().to_string(),
                    self.describe(setting, origin, short),
                )
            })
            .collect()
    }

    /// The Deployment a flag of the host was read from.
    fn on_host(&self, setting: Setting) -> String {
        let c = match declared::spec(setting).component {
            Of::Webhook => Component::Webhook,
            _ => Component::ControllerManager,
        };
        self.host
            .as_ref()
            .and_then(|h| h.get(c).as_ref().ok())
            .map(|f| f.describe())
            .unwrap_or_default()
    }

    fn describe(&self, setting: Setting, origin: Origin, short: bool) -> String {
        let flag = setting.name();
        let host = self.host.is_some();
        match origin {
            Origin::Flag => format!("flag --{flag}"),
            Origin::Remembered if short => "remembered".into(),
            Origin::Remembered => match &self.settings.remembered {
                Some(r) => format!("remembered: {}", render::remembered_line(r)),
                None => "remembered".into(),
            },
            Origin::Snapshot if host && short => "set".into(),
            Origin::Snapshot if host => self.on_host(setting),
            Origin::Snapshot => self
                .state
                .source
                .controller_settings_sources
                .get(flag)
                .map(|s| format!("snapshot header ({s})"))
                .unwrap_or_else(|| "snapshot header".into()),
            Origin::Default if host && short => "not set: upstream default".into(),
            Origin::Default if short => "upstream default".into(),
            Origin::Default if host => {
                format!("upstream default (not set on {})", self.on_host(setting))
            }
            Origin::Default if self.from_snapshot => {
                "upstream default (not in the snapshot header)".into()
            }
            Origin::Default => "upstream default (--host-kubeconfig reads the real flags)".into(),
        }
    }
}

/// The doctor's exit code: 0 healthy, 3 warnings, 1 errors.
fn exit_code(worst: Option<Severity>) -> ExitCode {
    match worst {
        Some(Severity::Error) => ExitCode::Failure,
        Some(Severity::Warning) => ExitCode::Partial,
        None => ExitCode::Success,
    }
}

/// The members' scheduler-estimators the host runs, by the member each serves (`None`
/// unless the host's Deployments and its scheduler were read: without the scheduler's
/// flags, who asks them is unknown).
fn estimators_found(host: Option<&HostReading>) -> Option<BTreeMap<String, String>> {
    let h = host?;
    h.get(Component::Scheduler).as_ref().ok()?;
    let found = h.estimators.as_ref().ok()?;
    Some(
        found
            .iter()
            .map(|e| (e.cluster.clone(), e.source.clone()))
            .collect(),
    )
}

/// Where to look on the host.
fn lookup(args: &DoctorArgs) -> Lookup {
    let mut pinned = BTreeMap::new();
    for (c, pin) in [
        (Component::ControllerManager, &args.controller_manager),
        (Component::Webhook, &args.webhook_deployment),
        (Component::Scheduler, &args.scheduler),
        (Component::Descheduler, &args.descheduler_deployment),
    ] {
        if let Some(p) = pin {
            pinned.insert(c, p.clone());
        }
    }
    Lookup {
        namespace: args.karmada_namespace.clone(),
        pinned,
    }
}

/// The settings the host's components set (none without a host), by setting name: each
/// component's flags, and whether the descheduler runs.
fn host_flags(host: Option<&HostReading>) -> BTreeMap<String, String> {
    let mut flags = BTreeMap::new();
    if let Some(h) = host {
        for (c, wanted) in [
            (Component::ControllerManager, Of::ControllerManager),
            (Component::Webhook, Of::Webhook),
            (Component::Scheduler, Of::Scheduler),
            (Component::Descheduler, Of::Descheduler),
        ] {
            if let Ok(found) = h.get(c) {
                for spec in declared::SPECS.iter().filter(|s| s.component == wanted) {
                    let value = match spec.component_flag() {
                        Some(flag) => found.setting(flag),
                        None => Some("true".to_string()),
                    };
                    if let Some(v) = value {
                        flags.insert(spec.setting.name().to_string(), v);
                    }
                }
            }
        }
    }
    flags
}

/// The components whose settings could not be read (only with a host: without one, the
/// flags and upstream's defaults are assumed, and the report says so).
fn unknown(host: Option<&HostReading>) -> Vec<Unknown> {
    let Some(h) = host else {
        return Vec::new();
    };
    [Component::ControllerManager, Component::Webhook]
        .into_iter()
        .filter_map(|c| {
            let missing = h.get(c).as_ref().err()?;
            let why = match &missing.error {
                None => format!("not found: looked for {}", missing.looked_for),
                Some(e) => format!("{} could not be read: {e}", missing.looked_for),
            };
            Some(Unknown {
                component: c.binary(),
                why,
                fix: format!(
                    "name its Deployment with {} NAMESPACE/NAME (or the namespace with --karmada-namespace), and let the host kubeconfig's identity get and list deployments there",
                    c.pin_flag()
                ),
            })
        })
        .collect()
}

/// Where each component's settings came from, said once.
fn components(
    host: &Option<&HostReading>,
    remembered: Option<&crate::engine::vocabulary::settings::RememberedFrom>,
    from_snapshot: bool,
) -> Vec<ComponentSource> {
    Component::ALL
        .into_iter()
        .map(|c| match host {
            Some(h) => match h.get(c) {
                Ok(f) => ComponentSource {
                    component: c.binary(),
                    state: "found",
                    source: format!("{}, found by {}", f.describe(), f.by.describe(c)),
                    image: f.image.clone(),
                },
                Err(m) => ComponentSource {
                    component: c.binary(),
                    state: if m.error.is_some() {
                        "unreadable"
                    } else {
                        "not-found"
                    },
                    source: match &m.error {
                        None => format!("not found: looked for {}", m.looked_for),
                        Some(e) => format!("{}: {e}", m.looked_for),
                    },
                    image: None,
                },
            },
            None => ComponentSource {
                component: c.binary(),
                state: "not-read",
                source: match (remembered, from_snapshot) {
                    (Some(r), _) => format!("remembered: {}", render::remembered_line(r)),
                    (None, true) => "the snapshot header, else upstream defaults".into(),
                    (None, false) => {
                        "flags, else upstream defaults (--host-kubeconfig reads the real flags)"
                            .into()
                    }
                },
                image: None,
            },
        })
        .chain(estimator_sources(host))
        .collect()
}

/// One row per member's karmada-scheduler-estimator found on the host.
fn estimator_sources(host: &Option<&HostReading>) -> Vec<ComponentSource> {
    let Some(Ok(found)) = host.map(|h| &h.estimators) else {
        return Vec::new();
    };
    found
        .iter()
        .map(|e| ComponentSource {
            component: "karmada-scheduler-estimator",
            state: "found",
            source: format!("{}, serves {}", e.source, e.cluster),
            image: e.image.clone(),
        })
        .collect()
}
