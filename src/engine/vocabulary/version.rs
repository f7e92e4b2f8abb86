//! Karmada releases: the versions the tool knows, and the shape of a behaviour that holds
//! in some of them only. Shared vocabulary of the engine: the twin (`karmada/`) defines
//! each [`Behaviour`] next to the rule it changes and lists them all in
//! `karmada::BEHAVIOURS`; settings carry the version a prediction assumes.
//!
//! Known: the release tags of karmada-io/karmada v1.15.0 to v1.18.2, v1.19.0-rc.0, and
//! master f8fdd02 (what `../shared/conformance/` and the binaries of `../shared` were
//! made from).

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::api::policy_schema::ApiRelease;

/// One Karmada release (or master, newer than every tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KarmadaVersion {
    minor: u16,
    patch: u16,
    /// 0 for a release candidate, 1 for a release, 2 for master.
    stage: u8,
}

/// The minor lines the tool knows (all of them 1.x) and their newest patch level.
const LINES: &[(u16, u16)] = &[(15, 9), (16, 8), (17, 5), (18, 2)];

impl KarmadaVersion {
    /// master f8fdd02, what the conformance vectors and the binaries of `../shared`
    /// were made from.
    pub const MASTER: KarmadaVersion = KarmadaVersion::release(99, 0).with_stage(2);
    /// The newest release the tool knows: what a prediction assumes when nothing says
    /// which release runs.
    pub const NEWEST_RELEASE: KarmadaVersion = KarmadaVersion::release(18, 2);

    /// `v1.MINOR.PATCH`.
    pub const fn release(minor: u16, patch: u16) -> KarmadaVersion {
        KarmadaVersion {
            minor,
            patch,
            stage: 1,
        }
    }

    const fn with_stage(self, stage: u8) -> KarmadaVersion {
        KarmadaVersion { stage, ..self }
    }

    /// `v1.MINOR.0-rc.0`.
    pub const fn rc(minor: u16) -> KarmadaVersion {
        KarmadaVersion::release(minor, 0).with_stage(0)
    }

    /// Every version the tool knows, oldest first.
    pub fn known() -> Vec<KarmadaVersion> {
        let mut all: Vec<KarmadaVersion> = LINES
            .iter()
            .flat_map(|&(minor, newest)| (0..=newest).map(move |p| Self::release(minor, p)))
            .collect();
        all.push(Self::rc(19));
        all.push(Self::MASTER);
        all
    }

    /// The known versions, in words for an error: `v1.15.0-v1.15.9, …, master`.
    pub fn known_list() -> String {
        let mut parts: Vec<String> = LINES
            .iter()
            .map(|(minor, newest)| format!("v1.{minor}.0-v1.{minor}.{newest}"))
            .collect();
        parts.push(Self::rc(19).to_string());
        parts.push(Self::MASTER.to_string());
        parts.join(", ")
    }

    /// Whether this is master.
    pub fn is_master(self) -> bool {
        self.stage == 2
    }

    /// The policy API this release serves (its CRDs' fields and enum values).
    pub fn api_release(self) -> ApiRelease {
        if self.is_master() {
            ApiRelease::NEWEST
        } else {
            ApiRelease::minor(self.minor)
        }
    }

    /// The tag of a container image (`docker.io/karmada/karmada-controller-manager:v1.17.4`,
    /// `…@sha256:…` after it, `latest`): the version when it names one the tool knows.
    pub fn from_image(image: &str) -> Option<KarmadaVersion> {
        let without_digest = image.split('@').next().unwrap_or(image);
        let last = without_digest.rsplit('/').next().unwrap_or(without_digest);
        let (_, tag) = last.split_once(':')?;
        tag.parse().ok()
    }
}

impl Default for KarmadaVersion {
    /// The newest release the tool knows: what is assumed when nothing says otherwise.
    fn default() -> Self {
        KarmadaVersion::NEWEST_RELEASE
    }
}

impl fmt::Display for KarmadaVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stage {
            2 => f.write_str("master"),
            0 => write!(f, "v1.{}.{}-rc.0", self.minor, self.patch),
            _ => write!(f, "v1.{}.{}", self.minor, self.patch),
        }
    }
}

impl Serialize for KarmadaVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for KarmadaVersion {
    type Err = String;

    /// `v1.17.4` (the `v` optional), `v1.19.0-rc.0`, `master`; anything else, or a
    /// version the tool does not know, is refused with the list it knows.
    fn from_str(s: &str) -> Result<KarmadaVersion, String> {
        let text = s.trim();
        let refuse = || {
            format!(
                "{text:?} is not a Karmada version this tool knows ({})",
                KarmadaVersion::known_list()
            )
        };
        if text == "master" {
            return Ok(KarmadaVersion::MASTER);
        }
        let bare = text.strip_prefix('v').unwrap_or(text);
        let (numbers, pre) = match bare.split_once('-') {
            Some((n, pre)) => (n, Some(pre)),
            None => (bare, None),
        };
        let parts: Vec<&str> = numbers.split('.').collect();
        let [major, minor, patch] = parts[..] else {
            return Err(refuse());
        };
        let (Ok(1), Ok(minor), Ok(patch)) = (
            major.parse::<u16>(),
            minor.parse::<u16>(),
            patch.parse::<u16>(),
        ) else {
            return Err(refuse());
        };
        let v = match pre {
            None => KarmadaVersion::release(minor, patch),
            Some("rc.0") if patch == 0 => KarmadaVersion::rc(minor),
            Some(_) => return Err(refuse()),
        };
        if KarmadaVersion::known().contains(&v) {
            Ok(v)
        } else {
            Err(refuse())
        }
    }
}

/// Versions `from` (inclusive) up to `until` (exclusive; `None`: every later one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub from: KarmadaVersion,
    pub until: Option<KarmadaVersion>,
}

impl Range {
    /// `from` up to, not including, `until`.
    pub const fn between(from: KarmadaVersion, until: KarmadaVersion) -> Range {
        Range {
            from,
            until: Some(until),
        }
    }

    /// `from` and every later version.
    pub const fn since(from: KarmadaVersion) -> Range {
        Range { from, until: None }
    }
    /// Whether `v` lies in the range.
    pub fn contains(&self, v: KarmadaVersion) -> bool {
        v >= self.from && self.until.is_none_or(|u| v < u)
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.until {
            None if self.from.is_master() => write!(f, "master"),
            None => write!(f, "{} and later", self.from),
            Some(u) => {
                // The last known version before `until`, for people.
                let last = KarmadaVersion::known()
                    .into_iter()
                    .filter(|v| *v < u && *v >= self.from)
                    .max()
                    .unwrap_or(self.from);
                if last == self.from {
                    write!(f, "{}", self.from)
                } else {
                    write!(f, "{}-{}", self.from, last)
                }
            }
        }
    }
}

/// How the tool handles a difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "where")]
pub enum Handling {
    /// The twin follows it: the named module asks for the version.
    Modelled(&'static str),
    /// `failover doctor` reports it as the named finding when the fleet is exposed.
    Finding(&'static str),
    /// Neither, for the reason given.
    LeftOut(&'static str),
}

/// A behaviour of upstream that holds in some releases only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// Short name (also the doctor's finding code suffix where it is one).
    pub id: &'static str,
    /// What upstream does in the versions of `holds`.
    pub what: &'static str,
    /// The versions it holds in.
    pub holds: &'static [Range],
    /// The upstream pull requests that changed it.
    pub upstream: &'static str,
    /// What the tool does with it.
    pub handling: Handling,
}

impl Behaviour {
    /// Whether the behaviour holds in `v`.
    pub fn holds_in(&self, v: KarmadaVersion) -> bool {
        self.holds.iter().any(|r| r.contains(v))
    }

    /// The ranges, in words: `v1.16.0-v1.16.7, v1.17.0-v1.17.4` (none: `before v1.15.0`).
    pub fn ranges(&self) -> String {
        if self.holds.is_empty() {
            return "before v1.15.0".into();
        }
        self.holds
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> KarmadaVersion {
        s.parse().unwrap()
    }

    #[test]
    fn parses_orders_and_refuses_what_it_does_not_know() {
        assert_eq!(at("v1.17.4").to_string(), "v1.17.4");
        assert_eq!(at("1.17.4"), at("v1.17.4"));
        assert_eq!(at("v1.19.0-rc.0").to_string(), "v1.19.0-rc.0");
        assert!(at("v1.18.2") < at("v1.19.0-rc.0"));
        assert!(at("v1.19.0-rc.0") < at("master"));
        assert!(at("v1.16.8") < at("v1.17.0"));
        for bad in [
            "v1.14.10",
            "v1.17.6",
            "v2.0.0",
            "v1.18",
            "latest",
            "v1.18.0-rc.0",
        ] {
            let e = bad.parse::<KarmadaVersion>().unwrap_err();
            assert!(e.contains("v1.15.0-v1.15.9"), "{e}");
        }
        assert_eq!(KarmadaVersion::known().len(), 10 + 9 + 6 + 3 + 2);
    }

    #[test]
    fn reads_the_tag_of_an_image() {
        let tag = |s| KarmadaVersion::from_image(s).map(|v| v.to_string());
        assert_eq!(
            tag("docker.io/karmada/karmada-controller-manager:v1.17.4").as_deref(),
            Some("v1.17.4")
        );
        assert_eq!(
            tag("registry:5000/karmada/karmada-controller-manager:v1.16.8@sha256:ab").as_deref(),
            Some("v1.16.8")
        );
        assert_eq!(
            tag("registry:5000/karmada/karmada-controller-manager"),
            None
        );
        assert_eq!(tag("karmada/karmada-controller-manager:latest"), None);
    }
}
