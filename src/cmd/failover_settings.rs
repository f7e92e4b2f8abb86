//! `karmadactl failover settings view|set|unset|refresh`: the controller settings
//! remembered for a kubeconfig context (the settings file of [`crate::config`]).

use std::collections::BTreeMap;

use jiff::Timestamp;

use super::common;
use crate::cli::settings::{self as declared, Component as Of};
use crate::cli::{
    GlobalArgs, SettingsCommand, SettingsOutput, SettingsRefreshArgs, SettingsUnsetArgs,
};
use crate::config::{self, ContextSettings, Discovery, Remembered, SettingsFile};
use crate::error::{Error, ExitCode, Result};
use crate::ops::doctor::{read_host, Component, HostReading, Lookup};
use crate::render::{self, settings as report, Format};

/// Run `failover settings`.
pub async fn run(global: &GlobalArgs, cmd: &SettingsCommand) -> Result<ExitCode> {
    let path = config::path().ok_or_else(|| {
        Error::failure("no settings file: neither XDG_CONFIG_HOME nor HOME is set")
    })?;
    let mut file = config::load(&path)?;
    // The context in use, and its server (from the kubeconfig; nothing is sent).
    let cp = common::connect(global).await?;
    let (context, server) = (cp.context.clone(), cp.server.clone());
    let now = Timestamp::now();
    match cmd {
        SettingsCommand::View(args) => {
            let shown: BTreeMap<String, ContextSettings> = file
                .contexts
                .iter()
                .filter(|(name, _)| args.all_contexts || **name == context)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            print(&shown, &context, &server, now, args.output)?;
            Ok(ExitCode::Success)
        }
        SettingsCommand::Set(args) => {
            let mut parsed = Vec::new();
            for pair in &args.values {
                parsed.push(checked(pair)?);
            }
            let entry = entry_for(&mut file, &context, &server);
            for (flag, value) in parsed {
                entry.settings.insert(
                    flag,
                    Remembered {
                        value: Some(value),
                        discovered: None,
                        set_at: Some(now),
                    },
                );
            }
            config::save(&path, &file)?;
            print(
                &one(&file, &context),
                &context,
                &server,
                now,
                SettingsOutput::Table,
            )?;
            Ok(ExitCode::Success)
        }
        SettingsCommand::Unset(args) => unset(&path, &mut file, &context, &server, args, now),
        SettingsCommand::Refresh(args) => {
            refresh(global, &path, &mut file, &context, &server, args, now).await
        }
    }
}

/// `FLAG=VALUE`, the flag known and the value as the flag takes it.
fn checked(pair: &str) -> Result<(String, String)> {
    let (flag, value) = pair
        .split_once('=')
        .ok_or_else(|| Error::usage(format!("{pair:?}: expected FLAG=VALUE")))?;
    let flag = flag.trim_start_matches("--");
    let spec = declared::specs()
        .find(|s| s.setting.name() == flag)
        .ok_or_else(|| {
            let known: Vec<&str> = declared::specs().map(|s| s.setting.name()).collect();
            Error::usage(format!(
                "unknown setting {flag:?}; the settings are: {}",
                known.join(", ")
            ))
        })?;
    (spec.check)(value).map_err(|e| Error::usage(format!("{flag}: {e}")))?;
    Ok((flag.to_string(), value.to_string()))
}

/// The entry of `context`, started afresh when it was remembered for another server.
fn entry_for<'f>(
    file: &'f mut SettingsFile,
    context: &str,
    server: &str,
) -> &'f mut ContextSettings {
    let entry = file.contexts.entry(context.to_string()).or_default();
    if entry.server.as_deref() != Some(server) {
        if let Some(old) = &entry.server {
            render::warn(&format!(
                "context {context} was remembered for {old}; it now points at {server}: what was remembered is dropped"
            ));
        }
        *entry = ContextSettings {
            server: Some(server.to_string()),
            ..Default::default()
        };
    }
    entry
}

fn one(file: &SettingsFile, context: &str) -> BTreeMap<String, ContextSettings> {
    file.contexts
        .get(context)
        .map(|e| BTreeMap::from([(context.to_string(), e.clone())]))
        .unwrap_or_default()
}

fn unset(
    path: &std::path::Path,
    file: &mut SettingsFile,
    context: &str,
    server: &str,
    args: &SettingsUnsetArgs,
    now: Timestamp,
) -> Result<ExitCode> {
    if args.all {
        file.contexts.remove(context);
    } else {
        let Some(entry) = file.contexts.get_mut(context) else {
            return Err(Error::usage(format!(
                "nothing is remembered for context {context}"
            )));
        };
        let missing: Vec<&String> = args
            .flags
            .iter()
            .filter(|f| !entry.settings.contains_key(f.trim_start_matches("--")))
            .collect();
        if !missing.is_empty() {
            return Err(Error::usage(format!(
                "not remembered for context {context}: {}; nothing was changed",
                missing
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        for f in &args.flags {
            entry.settings.remove(f.trim_start_matches("--"));
        }
    }
    config::save(path, file)?;
    print(
        &one(file, context),
        context,
        server,
        now,
        SettingsOutput::Table,
    )?;
    Ok(ExitCode::Success)
}

async fn refresh(
    global: &GlobalArgs,
    path: &std::path::Path,
    file: &mut SettingsFile,
    context: &str,
    server: &str,
    args: &SettingsRefreshArgs,
    now: Timestamp,
) -> Result<ExitCode> {
    // Options: where to read, from the flags, else the last discovery.
    let last = file
        .for_server(context, server)
        .and_then(|e| e.discovery.clone());
    let (kubeconfig, host_context, namespace) = host_of(args, last.as_ref(), context)?;

    // Gather.
    let bar = render::progress::spinner("reading the Karmada components on the host cluster");
    let reading = read_host(
        std::path::Path::new(&kubeconfig),
        host_context.as_deref(),
        &Lookup {
            namespace: namespace.clone(),
            pinned: pinned(args),
        },
        global.connect_options().request_timeout,
    )
    .await;
    bar.finish_and_clear();

    // Decide: what each component found says of its settings.
    let entry = entry_for(file, context, server);
    let (components, missing) = remember(entry, &reading);
    entry.discovery = Some(Discovery {
        at: now,
        host_kubeconfig: Some(kubeconfig),
        host_context: host_context
            .or_else(|| (!reading.context.is_empty()).then(|| reading.context.clone())),
        namespace,
        components,
    });
    if missing.len() == 2 {
        return Err(Error::failure(format!(
            "neither karmada-controller-manager nor karmada-webhook could be read ({}); nothing was changed",
            missing.join("; ")
        )));
    }

    // Apply and render.
    config::save(path, file)?;
    print(&one(file, context), context, server, now, args.output)?;
    for m in &missing {
        render::warn(&format!(
            "{m}; its settings were not refreshed (--controller-manager or --webhook NAMESPACE/NAME names a Deployment)"
        ));
    }
    Ok(if missing.is_empty() {
        ExitCode::Success
    } else {
        ExitCode::Partial
    })
}

/// The host kubeconfig (absolute), its context and Karmada's namespace: the flags, else
/// the last discovery's.
fn host_of(
    args: &SettingsRefreshArgs,
    last: Option<&Discovery>,
    context: &str,
) -> Result<(String, Option<String>, String)> {
    let kubeconfig = args
        .host_kubeconfig
        .as_ref()
        .map(|p| p.display().to_string())
        .or_else(|| last.and_then(|d| d.host_kubeconfig.clone()))
        .ok_or_else(|| {
            Error::usage(format!(
                "no earlier discovery for context {context}: --host-kubeconfig names the host cluster Karmada runs on"
            ))
        })?;
    // The host kubeconfig is kept as given, made absolute so a later refresh from
    // another directory finds it.
    let kubeconfig = std::path::absolute(&kubeconfig)
        .map(|p| p.display().to_string())
        .unwrap_or(kubeconfig);
    let host_context = args
        .host_context
        .clone()
        .or_else(|| last.and_then(|d| d.host_context.clone()));
    let namespace = args
        .karmada_namespace
        .clone()
        .or_else(|| last.map(|d| d.namespace.clone()))
        .unwrap_or_else(|| "karmada-system".into());
    Ok((kubeconfig, host_context, namespace))
}

/// The Deployments named on the command line.
fn pinned(args: &SettingsRefreshArgs) -> BTreeMap<Component, (String, String)> {
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
    pinned
}

/// Remember the settings of each component found (every one of its flags, set or not);
/// where each component was found, or why not, and the ones missing.
fn remember(
    entry: &mut ContextSettings,
    reading: &HostReading,
) -> (BTreeMap<String, String>, Vec<String>) {
    let mut components = BTreeMap::new();
    let mut missing = Vec::new();
    for c in Component::ALL {
        let (key, of) = match c {
            Component::ControllerManager => ("controller-manager", Of::ControllerManager),
            Component::Webhook => ("webhook", Of::Webhook),
            Component::Scheduler => ("scheduler", Of::Scheduler),
            Component::Descheduler => ("descheduler", Of::Descheduler),
        };
        let specs = || declared::specs().filter(move |s| s.component == of);
        match reading.get(c) {
            Ok(found) => {
                let from = found.describe();
                components.insert(
                    key.to_string(),
                    format!("{from}, found by {}", found.by.describe(c)),
                );
                for spec in specs() {
                    let value = match spec.component_flag() {
                        Some(flag) => found.setting(flag),
                        None => Some("true".to_string()),
                    };
                    entry.settings.insert(
                        spec.setting.name().to_string(),
                        Remembered {
                            value,
                            discovered: Some(from.clone()),
                            set_at: None,
                        },
                    );
                }
            }
            Err(m) => {
                let why = match &m.error {
                    None => format!("not found: looked for {}", m.looked_for),
                    Some(e) => format!("{}: {e}", m.looked_for),
                };
                components.insert(key.to_string(), why.clone());
                match c {
                    Component::ControllerManager | Component::Webhook => {
                        missing.push(format!("{}: {why}", c.binary()))
                    }
                    // Searched and not there: it does not run (most installs run none).
                    Component::Descheduler if m.error.is_none() => {
                        entry.settings.insert(
                            crate::engine::vocabulary::settings::Setting::Descheduler
                                .name()
                                .to_string(),
                            Remembered {
                                value: Some("false".to_string()),
                                discovered: Some(format!("not found: looked for {}", m.looked_for)),
                                set_at: None,
                            },
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    (components, missing)
}

fn print(
    shown: &BTreeMap<String, ContextSettings>,
    context: &str,
    server: &str,
    now: Timestamp,
    output: SettingsOutput,
) -> Result<()> {
    match output {
        SettingsOutput::Json => render::print_structured(&report::document(shown), Format::Json),
        SettingsOutput::Yaml => render::print_structured(&report::document(shown), Format::Yaml),
        SettingsOutput::Table => render::write_stdout(&report::text(shown, context, server, now)),
    }
}
