//! The user's settings file: controller settings remembered per kubeconfig context, so
//! that predictions use a control plane's real settings without repeating flags.
//!
//! The file is `$XDG_CONFIG_HOME/karmadactl/settings.yaml` (else
//! `~/.config/karmadactl/settings.yaml`). Each context keeps the API server it was
//! remembered for (an entry applies only to that server), the last discovery (when, and
//! from which host cluster and Deployments) and, per controller flag, its value and
//! where it came from: discovered on a component (a flag the component does not set is
//! remembered as such: upstream's default), or set by hand. It holds no credential: the
//! host kubeconfig is kept as a path, never read into the file.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// `apiVersion` of the file.
pub const API_VERSION: &str = "karmadactl.karmada.io/v1alpha1";
/// `kind` of the file.
pub const KIND: &str = "RememberedSettings";

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsFile {
    #[serde(default = "api_version")]
    pub api_version: String,
    #[serde(default = "kind")]
    pub kind: String,
    /// Context name to what is remembered for it.
    #[serde(default)]
    pub contexts: BTreeMap<String, ContextSettings>,
}

impl Default for SettingsFile {
    fn default() -> Self {
        SettingsFile {
            api_version: api_version(),
            kind: kind(),
            contexts: BTreeMap::new(),
        }
    }
}

fn api_version() -> String {
    API_VERSION.into()
}

fn kind() -> String {
    KIND.into()
}

/// What is remembered for one context.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContextSettings {
    /// The API server of the context when remembered: the entry applies to it only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The last discovery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discovery: Option<Discovery>,
    /// Controller flag name to its remembered value.
    #[serde(default)]
    pub settings: BTreeMap<String, Remembered>,
}

/// One discovery: where the components were read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Discovery {
    /// When.
    pub at: Timestamp,
    /// The host cluster's kubeconfig (a path; the file is never copied here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_kubeconfig: Option<String>,
    /// Its context, when one was named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_context: Option<String>,
    /// The namespace searched.
    pub namespace: String,
    /// Component (`controller-manager`, `webhook`, `scheduler`) to where it was found, or
    /// why not.
    #[serde(default)]
    pub components: BTreeMap<String, String>,
}

/// One remembered setting.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Remembered {
    /// The value as the flag takes it; absent: the component does not set the flag, so
    /// upstream's default applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Discovered on this component (`deploy/NS/NAME (container C)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discovered: Option<String>,
    /// Set by hand at this time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_at: Option<Timestamp>,
}

/// The settings file's path: `$XDG_CONFIG_HOME/karmadactl/settings.yaml`, else
/// `$HOME/.config/karmadactl/settings.yaml`; `None` without either variable.
pub fn path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some(base.join("karmadactl").join("settings.yaml"))
}

/// Read the file at `path`; a missing file is an empty one.
pub fn load(path: &Path) -> Result<SettingsFile> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(SettingsFile::default()),
        Err(e) => {
            return Err(Error::failure(format!(
                "cannot read the settings file {}: {e}",
                path.display()
            )))
        }
    };
    let file: SettingsFile = serde_saphyr::from_str(&text).map_err(|e| {
        Error::usage(format!(
            "the settings file {} is not valid: {e}",
            path.display()
        ))
    })?;
    if file.kind != KIND {
        return Err(Error::usage(format!(
            "the settings file {} has kind {:?}, not {KIND}",
            path.display(),
            file.kind
        )));
    }
    Ok(file)
}

/// The settings file, when there is one to read (no `HOME` and no `XDG_CONFIG_HOME`:
/// nothing is remembered).
pub fn load_default() -> Result<Option<(PathBuf, SettingsFile)>> {
    match path() {
        None => Ok(None),
        Some(p) => {
            let f = load(&p)?;
            Ok(Some((p, f)))
        }
    }
}

/// Write `file` to `path`: readable by its owner only, replaced whole (a reader sees the
/// old file or the new one).
pub fn save(path: &Path, file: &SettingsFile) -> Result<()> {
    let fail = |e: &dyn std::fmt::Display| {
        Error::failure(format!(
            "cannot write the settings file {}: {e}",
            path.display()
        ))
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    let text = serde_saphyr::to_string(file).map_err(|e| fail(&e))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| fail(&e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o600))
            .map_err(|e| fail(&e))?;
    }
    tmp.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    tmp.as_file().sync_all().map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}

impl SettingsFile {
    /// The entry of `context` when it was remembered for `server` (an entry without a
    /// server applies to none).
    pub fn for_server(&self, context: &str, server: &str) -> Option<&ContextSettings> {
        self.contexts
            .get(context)
            .filter(|c| c.server.as_deref() == Some(server))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_keeps_to_its_owner() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("karmadactl/settings.yaml");
        assert_eq!(load(&p).unwrap(), SettingsFile::default());
        let mut f = SettingsFile::default();
        let mut ctx = ContextSettings {
            server: Some("https://127.0.0.1:6443".into()),
            ..Default::default()
        };
        ctx.settings.insert(
            "feature-gates".into(),
            Remembered {
                value: Some("Failover=true".into()),
                discovered: Some("deploy/karmada-system/karmada-controller-manager".into()),
                set_at: None,
            },
        );
        f.contexts.insert("prod".into(), ctx);
        save(&p, &f).unwrap();
        assert_eq!(load(&p).unwrap(), f);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(f.for_server("prod", "https://127.0.0.1:6443").is_some());
        assert!(f.for_server("prod", "https://elsewhere:6443").is_none());
        assert!(f.for_server("other", "https://127.0.0.1:6443").is_none());
    }

    #[test]
    fn refuses_another_kind() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("s.yaml");
        std::fs::write(&p, "apiVersion: v1\nkind: Config\ncontexts: {}\n").unwrap();
        assert!(load(&p).is_err());
    }
}
