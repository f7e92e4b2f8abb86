//! The controller settings a prediction assumes, resolved once from four layers: the
//! command-line flag, the settings remembered for the context (`failover settings`:
//! discovered on the components, or set by hand), the snapshot header, else upstream's
//! default. Every value says which layer gave it. The settings themselves are declared
//! once, in [`crate::cli::settings`]; this module reads the layers below the flags.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use jiff::Timestamp;

pub use crate::cli::settings::Settings;
use crate::cli::settings::{self as declared, Component, Given, Layered, SettingSpec};
use crate::config::{self, ContextSettings};
use crate::engine::vocabulary::settings::{Origin, RememberedFrom, Setting};
use crate::engine::vocabulary::version::VersionReading;
use crate::error::{Error, Result};
use crate::fleet::SourceInfo;

/// A check of a value as a flag takes it.
pub type Check = fn(&str) -> std::result::Result<(), String>;

/// Every setting `failover settings` remembers: its flag name, the component it is a flag
/// of, and a check of a value as the flag takes it (a view of the declaration in
/// [`crate::cli::settings`], in the order `failover settings` lists them).
pub static SETTINGS: LazyLock<Vec<(&'static str, Component, Check)>> = LazyLock::new(|| {
    declared::specs()
        .map(|s| (s.setting.name(), s.component, s.check))
        .collect()
});

/// The layers below the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Layers<'a> {
    /// The context's remembered settings, when they apply.
    pub remembered: Option<(&'a str, &'a ContextSettings)>,
    /// Recorded values (the snapshot header, or what a doctor read on the host).
    pub recorded: Option<&'a BTreeMap<String, String>>,
}

/// Reads one setting at a time, layer by layer, noting the remembered ones it used.
struct Resolver<'a> {
    layers: Layers<'a>,
    used_remembered: Vec<Setting>,
}

impl Layered for Resolver<'_> {
    /// The flag's typed value, else the remembered value, else the recorded one (both
    /// parsed as the flag is), else `None` (the default stays). The tool's own choices
    /// come from the flag or the default only.
    fn pick<T>(
        &mut self,
        spec: &SettingSpec,
        given: Option<T>,
        parse: fn(&str) -> std::result::Result<T, String>,
    ) -> Result<(Option<T>, Origin)> {
        if let Some(v) = given {
            return Ok((Some(v), Origin::Flag));
        }
        if spec.component == Component::Prediction {
            return Ok((None, Origin::Default));
        }
        let flag = spec.setting.name();
        if let Some((context, entry)) = self.layers.remembered {
            if let Some(r) = entry.settings.get(flag) {
                self.used_remembered.push(spec.setting);
                let value = match &r.value {
                    None => None,
                    Some(text) => Some(parse(text).map_err(|e| {
                        Error::usage(format!(
                            "remembered setting {flag} of context {context}: invalid value {text:?}: {e} \
                             (karmadactl failover settings set|unset {flag})"
                        ))
                    })?),
                };
                return Ok((value, Origin::Remembered));
            }
        }
        if let Some(text) = self.layers.recorded.and_then(|r| r.get(flag)) {
            let v = parse(text)
                .map_err(|e| Error::usage(format!("snapshot header: invalid {flag} value: {e}")))?;
            return Ok((Some(v), Origin::Snapshot));
        }
        Ok((None, Origin::Default))
    }
}

/// Resolve every setting once: the values `given` on the command line, then the
/// remembered settings, then the recorded ones, then upstream's defaults.
pub fn resolve(given: &[Given], layers: Layers<'_>) -> Result<Settings> {
    let mut r = Resolver {
        layers,
        used_remembered: Vec::new(),
    };
    let mut settings = declared::resolve(given, &mut r)?;
    warn_unchecked(&settings);
    settings.remembered = layers
        .remembered
        .filter(|_| !r.used_remembered.is_empty())
        .map(|(context, entry)| remembered_from(context, entry, &r.used_remembered));
    Ok(settings)
}

/// One warning line when the release named is one the tool was not checked against
/// (the reports name it beside the version predictions follow).
fn warn_unchecked(settings: &Settings) {
    let reading = VersionReading {
        version: settings.controller.karmada_version,
        unchecked: settings.controller.karmada_version_unchecked,
    };
    if let Some(note) = reading.note() {
        crate::render::warn(&note);
    }
}

/// What a report says of the remembered settings it used.
fn remembered_from(context: &str, entry: &ContextSettings, used: &[Setting]) -> RememberedFrom {
    let mut from = RememberedFrom {
        context: context.to_string(),
        ..Default::default()
    };
    for flag in used.iter().map(|s| s.name()) {
        let Some(r) = entry.settings.get(flag) else {
            continue;
        };
        if let Some(d) = &r.discovered {
            if !from.discovered_from.contains(d) {
                from.discovered_from.push(d.clone());
            }
            from.discovered_at = entry.discovery.as_ref().map(|d| d.at);
        }
        if let Some(at) = r.set_at {
            from.set_by_hand.insert(flag.to_string(), at);
        }
    }
    from.discovered_ago = from
        .discovered_at
        .map(|at| Timestamp::now().duration_since(at));
    from
}

/// The remembered settings that apply to `source`: those of its context, remembered for
/// its server. A snapshot names both in its header; a snapshot without them (the
/// examples) gets none.
pub fn remembered_for(source: &SourceInfo) -> Result<Option<(String, ContextSettings)>> {
    let (Some(context), Some(server)) = (&source.context, &source.server) else {
        return Ok(None);
    };
    let Some((_, file)) = config::load_default()? else {
        return Ok(None);
    };
    Ok(file
        .for_server(context, server)
        .map(|entry| (context.clone(), entry.clone())))
}

/// The settings for a prediction on `source`: the values `given`, then what is
/// remembered for its context, then its snapshot header, then upstream's defaults.
pub fn for_source(given: &[Given], source: &SourceInfo) -> Result<Settings> {
    let remembered = remembered_for(source)?;
    resolve(
        given,
        Layers {
            remembered: remembered.as_ref().map(|(c, e)| (c.as_str(), e)),
            recorded: Some(&source.controller_settings),
        },
    )
}

/// The settings for a live control plane reached through the context `context` at
/// `server`: the values `given`, then what is remembered for the context, then
/// upstream's defaults.
pub fn for_live(given: &[Given], context: &str, server: &str) -> Result<Settings> {
    let live = SourceInfo {
        context: Some(context.to_string()),
        server: Some(server.to_string()),
        ..Default::default()
    };
    for_source(given, &live)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Remembered;

    fn recorded(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn flags_override_remembered_which_override_the_snapshot_and_defaults() {
        let header = recorded(&[
            ("feature-gates", "Failover=false"),
            ("resource-eviction-rate", "2"),
            ("graceful-eviction-timeout", "5m"),
        ]);
        let mut entry = ContextSettings::default();
        entry.settings.insert(
            "feature-gates".into(),
            Remembered {
                value: Some("Failover=true".into()),
                discovered: Some("deploy/karmada-system/karmada-controller-manager".into()),
                set_at: None,
            },
        );
        // Discovered as not set on the component: upstream's default, over the header.
        entry.settings.insert(
            "graceful-eviction-timeout".into(),
            Remembered {
                value: None,
                discovered: Some("deploy/karmada-system/karmada-controller-manager".into()),
                set_at: None,
            },
        );
        let args = [Given::ResourceEvictionRate(1.0)];
        let r = resolve(
            &args,
            Layers {
                remembered: Some(("prod", &entry)),
                recorded: Some(&header),
            },
        )
        .unwrap();
        assert!(r.controller.failover_feature_gate);
        assert_eq!(r.from.of(Setting::FeatureGates), Origin::Remembered);
        assert_eq!(r.controller.graceful_eviction_timeout_seconds, 600);
        assert_eq!(
            r.from.of(Setting::GracefulEvictionTimeout),
            Origin::Remembered
        );
        assert_eq!(r.queue.resource_eviction_rate, 1.0);
        assert_eq!(r.from.of(Setting::ResourceEvictionRate), Origin::Flag);
        assert!(!r.controller.enable_no_execute_taint_eviction);
        assert_eq!(
            r.from.of(Setting::EnableNoExecuteTaintEviction),
            Origin::Default
        );
        let rem = r.remembered.unwrap();
        assert_eq!(rem.context, "prod");
        assert_eq!(
            rem.discovered_from,
            ["deploy/karmada-system/karmada-controller-manager"]
        );
        // Without the remembered entry the header speaks.
        let r = resolve(
            &[],
            Layers {
                remembered: None,
                recorded: Some(&header),
            },
        )
        .unwrap();
        assert!(!r.controller.failover_feature_gate);
        assert_eq!(r.from.of(Setting::FeatureGates), Origin::Snapshot);
        assert!(r.remembered.is_none());
    }

    #[test]
    fn rejects_bad_recorded_and_remembered_values() {
        let header = recorded(&[("feature-gates", "Failover=maybe")]);
        assert!(resolve(
            &[],
            Layers {
                remembered: None,
                recorded: Some(&header)
            }
        )
        .is_err());
        let header = recorded(&[("unhealthy-cluster-threshold", "1.5")]);
        assert!(resolve(
            &[],
            Layers {
                remembered: None,
                recorded: Some(&header)
            }
        )
        .is_err());
        let mut entry = ContextSettings::default();
        entry.settings.insert(
            "resource-eviction-rate".into(),
            Remembered {
                value: Some("fast".into()),
                ..Default::default()
            },
        );
        let err = resolve(
            &[],
            Layers {
                remembered: Some(("prod", &entry)),
                recorded: None,
            },
        )
        .unwrap_err();
        assert!(err
            .message
            .contains("remembered setting resource-eviction-rate of context prod"));
    }

    #[test]
    fn every_resolved_setting_is_known() {
        let r = resolve(&[], Layers::default()).unwrap();
        // Every declared setting, the webhook's and the model included, says where it
        // came from.
        assert_eq!(r.from.len(), declared::SPECS.len(), "{:?}", r.from);
        use strum::IntoEnumIterator;
        assert_eq!(Setting::iter().count(), declared::SPECS.len());
    }
}
