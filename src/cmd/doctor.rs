//! `karmadactl failover doctor`: gather the fleet and the controller settings (from the
//! host cluster's Deployments, the flags, the snapshot header, else upstream's
//! defaults, each with where it came from), diagnose, render; the exit code says how
//! bad it is (0 healthy, 3 warnings, 1 errors).

use std::collections::BTreeMap;

use super::common;
use crate::cli::{DoctorArgs, GlobalArgs};
use crate::engine::doctor::{diagnose, DoctorInput, Severity};
use crate::engine::karmada::admission::WebhookSettings;
use crate::engine::settings::Origin;
use crate::error::{Error, ExitCode, Result};
use crate::ops::doctor::read_host;
use crate::render::{self, doctor as report, Format};

const WEBHOOK_FLAG: &str = "allow-no-execute-taint-policy";

/// Run `failover doctor`.
pub async fn run(global: &GlobalArgs, args: &DoctorArgs) -> Result<ExitCode> {
    // Gather.
    let format: Format = args.read.output.into();
    let state = common::load_state(global, &args.read.source).await?;
    let host = match &args.host_kubeconfig {
        Some(path) => Some(
            read_host(
                path,
                args.host_context.as_deref(),
                &args.karmada_namespace,
                global.connect_options().request_timeout,
            )
            .await?,
        ),
        None => None,
    };
    let recorded = host.as_ref().map_or_else(
        || state.source.controller_settings.clone(),
        |h| h.flags.clone(),
    );
    let (settings, queue, origins) = common::resolve_settings(&args.read.controller, &recorded)?;
    let from_snapshot = args.read.source.snapshot.is_some();
    let describe = |flag: &str, origin: Origin| -> String {
        match (origin, &host) {
            (Origin::Flag, _) => format!("flag --{flag}"),
            (Origin::Snapshot, Some(h)) => h.sources.get(flag).cloned().unwrap_or_default(),
            (Origin::Snapshot, None) => "snapshot header".into(),
            (Origin::Default, Some(h)) => {
                let on = if flag == WEBHOOK_FLAG {
                    &h.webhook
                } else {
                    &h.controller_manager
                };
                format!("upstream default (not set on {on})")
            }
            (Origin::Default, None) if from_snapshot => {
                "upstream default (not in the snapshot header)".into()
            }
            (Origin::Default, None) => {
                "upstream default (--host-kubeconfig reads the real flags)".into()
            }
        }
    };
    let mut sources: BTreeMap<String, String> = origins
        .iter()
        .map(|(flag, origin)| (flag.to_string(), describe(flag, *origin)))
        .collect();
    let (allow, origin) = match (
        args.webhook.allow_no_execute_taint_policy,
        recorded.get(WEBHOOK_FLAG),
    ) {
        (Some(v), _) => (v, Origin::Flag),
        (None, Some(text)) => (
            crate::cli::values::go_bool(text)
                .map_err(|e| Error::usage(format!("{WEBHOOK_FLAG}: {e}")))?,
            Origin::Snapshot,
        ),
        (None, None) => (false, Origin::Default),
    };
    sources.insert(WEBHOOK_FLAG.into(), describe(WEBHOOK_FLAG, origin));
    let now = common::reference_time(&state);

    // Decide.
    let diagnosis = diagnose(&DoctorInput {
        state: &state,
        settings: &settings,
        queue: &queue,
        webhook: WebhookSettings {
            allow_no_execute_taint_policy: allow,
        },
        sources: &sources,
        now,
    });

    // Render.
    let source = &state.source.description;
    match format {
        Format::Json | Format::Yaml => {
            render::print_structured(&report::document(source, now, &diagnosis), format)?
        }
        Format::Wide => render::write_stdout(&report::text(source, &diagnosis, true))?,
        _ => render::write_stdout(&report::text(source, &diagnosis, false))?,
    }
    Ok(match diagnosis.worst() {
        Some(Severity::Error) => ExitCode::Failure,
        Some(Severity::Warning) => ExitCode::Partial,
        None => ExitCode::Success,
    })
}
