//! `karmadactl snapshot -o FILE`: capture the live fleet into one file that every
//! read-only command accepts with `--snapshot`.

use std::io::Write;

use serde_json::json;

use crate::cli::{GlobalArgs, SnapshotArgs};
use crate::client;
use crate::error::{Error, ExitCode, Result};
use crate::output;
use crate::state::{list_raw, snapshot_resources};

/// Run `snapshot`.
pub async fn run(global: &GlobalArgs, args: &SnapshotArgs) -> Result<ExitCode> {
    // Gather.
    let cp = client::connect(global).await?;
    let resources = snapshot_resources();
    let bar = output::progress(resources.len() * 25, "reading the fleet");
    let mut items = Vec::new();
    let mut counts = Vec::new();
    for resource in &resources {
        let objects = list_raw(&cp, resource).await?;
        counts.push(format!("{} {}", objects.len(), resource.plural));
        items.extend(objects);
        bar.inc(25);
    }
    bar.finish_and_clear();

    // Render: a kubectl List plus the header saying when and from where.
    let mut settings = serde_json::Map::new();
    for (flag, value) in &args.controller_settings {
        settings.insert(flag.clone(), value.clone().into());
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
        },
        "items": items,
    });
    let yaml = args.file.ends_with(".yaml") || args.file.ends_with(".yml");
    let text = if yaml {
        serde_yaml::to_string(&doc).map_err(|e| Error::failure(e.to_string()))?
    } else {
        serde_json::to_string(&doc).map_err(|e| Error::failure(e.to_string()))? + "\n"
    };
    if args.file == "-" {
        output::write_stdout(&text)?;
    } else {
        let tmp = format!("{}.tmp", args.file);
        std::fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .and_then(|_| std::fs::rename(&tmp, &args.file))
            .map_err(|e| Error::failure(format!("cannot write {}: {e}", args.file)))?;
        eprintln!("wrote {} ({})", args.file, counts.join(", "));
    }
    Ok(ExitCode::Success)
}
