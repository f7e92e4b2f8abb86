//! `karmadactl snapshot -o FILE`: capture the live fleet into one file that every
//! read-only command accepts with `--snapshot`.

use std::io::Write;
use std::path::Path;

use serde_json::json;

use super::common;
use crate::cli::{GlobalArgs, SnapshotArgs};
use crate::error::{Error, ExitCode, Result};
use crate::render;
use crate::state::{list_raw, snapshot_resources};

/// Run `snapshot`.
pub async fn run(global: &GlobalArgs, args: &SnapshotArgs) -> Result<ExitCode> {
    // Gather.
    let cp = common::connect(global).await?;
    let resources = snapshot_resources();
    let bar = render::progress::bar(resources.len() * 25, "reading the fleet");
    let mut items = Vec::new();
    let mut counts = Vec::new();
    for resource in &resources {
        let objects = list_raw(&cp, resource).await?;
        counts.push(format!("{} {}", objects.len(), resource.plural));
        items.extend(objects);
        bar.inc(25);
    }
    bar.finish_and_clear();

    // Render: a kubectl List plus the header saying when and from where, and the
    // controller settings: those given here, else those remembered for the context.
    let mut settings = serde_json::Map::new();
    let mut sources = serde_json::Map::new();
    let live = crate::fleet::SourceInfo {
        context: Some(cp.context.clone()),
        server: Some(cp.server.clone()),
        ..Default::default()
    };
    if let Some((context, entry)) = super::settings::remembered_for(&live)? {
        for (flag, r) in &entry.settings {
            let Some(value) = &r.value else {
                continue;
            };
            let how = match (r.set_at, &r.discovered) {
                (Some(at), _) => format!("set by hand {}", render::time::instant(at)),
                (None, Some(d)) => format!(
                    "discovered {} on {d}",
                    entry
                        .discovery
                        .as_ref()
                        .map(|x| render::time::instant(x.at))
                        .unwrap_or_default()
                ),
                (None, None) => "remembered".into(),
            };
            settings.insert(flag.clone(), value.clone().into());
            sources.insert(
                flag.clone(),
                format!("remembered for context {context}: {how}").into(),
            );
        }
    }
    for (flag, value) in &args.controller_settings {
        settings.insert(flag.clone(), value.clone().into());
        sources.insert(flag.clone(), "snapshot --controller-setting".into());
    }
    let members = member_objects(&cp, &settings).await?;
    if !members.is_empty() {
        counts.push(format!("{} member Nodes and Pods", members.len()));
        items.extend(members);
    }
    let doc = json!({
        "apiVersion": "v1",
        "kind": "List",
        "metadata": {},
        "snapshot": {
            "capturedAt": jiff::Timestamp::now().to_string(),
            "context": cp.context,
            "server": cp.server,
            "tool": format!("karmadactl {}", env!("CARGO_PKG_VERSION")),
            "controllerSettings": settings,
            "controllerSettingsSources": sources,
        },
        "items": items,
    });
    let yaml = args.file.ends_with(".yaml") || args.file.ends_with(".yml");
    let text = if yaml {
        serde_saphyr::to_string(&doc).map_err(|e| Error::failure(e.to_string()))?
    } else {
        serde_json::to_string(&doc).map_err(|e| Error::failure(e.to_string()))? + "\n"
    };
    if args.file == "-" {
        render::write_stdout(&text)?;
    } else {
        write_atomically(Path::new(&args.file), text.as_bytes())
            .map_err(|e| Error::failure(format!("cannot write {}: {e}", args.file)))?;
        eprintln!("wrote {} ({})", args.file, counts.join(", "));
    }
    Ok(ExitCode::Success)
}

/// With `enable-scheduler-estimator` in the header, the members' Nodes and bound Pods
/// (trimmed to what the estimator reads), each annotated with its member, so predictions
/// on the snapshot see what the scheduler-estimators see.
async fn member_objects(
    cp: &crate::client::ControlPlane,
    header: &serde_json::Map<String, serde_json::Value>,
) -> Result<Vec<serde_json::Value>> {
    let on = |flag: &str| header.get(flag).and_then(|v| v.as_str()) == Some("true");
    if !on("enable-scheduler-estimator") {
        return Ok(Vec::new());
    }
    let settings = crate::engine::vocabulary::settings::ControllerSettings {
        scheduler_estimator: true,
        scheduler_estimator_off_in_pull_mode: on("disable-scheduler-estimator-in-pull-mode"),
        ..Default::default()
    };
    let clusters = crate::state::load_clusters(cp).await?;
    let members = common::read_members(cp, &clusters, &settings).await;
    let mut out = Vec::new();
    for (member, inventory) in members {
        let annotate = |mut v: serde_json::Value| {
            v["metadata"]["annotations"][crate::state::MEMBER_ANNOTATION] = json!(member);
            v
        };
        for n in inventory.nodes {
            out.push(annotate(serde_json::to_value(n).unwrap_or_default()));
        }
        for p in inventory.pods {
            out.push(annotate(serde_json::to_value(p).unwrap_or_default()));
        }
    }
    Ok(out)
}

/// Write `bytes` to `path` so that a reader sees the old file or the whole new one,
/// never a part: a temporary file in the same directory, synced, then renamed.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
