//! Karmada releases: the versions the tool knows, and the shape of a behaviour that holds
//! in some of them only. Shared vocabulary of the engine: the twin (`karmada/`) defines
//! each [`Behaviour`] next to the rule it changes and lists them all in
//! `karmada::BEHAVIOURS`; settings carry the version a prediction assumes.
//!
//! Known: the release tags of karmada-io/karmada v1.15.0 to v1.18.2, v1.19.0-rc.0, and
//! master f8fdd02 (what `../shared/conformance/` and the binaries of `../shared` were
//! made from). A release the tool was not checked against is read as the nearest known
//! one ([`KarmadaVersion::read`]): a newer patch (or any release of the v1.19 line) as its
//! line's newest known, a newer line (and an image tagged `latest`, which karmada-io
//! builds from its main branch) as master; an older one is refused.

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
    /// `…@sha256:…` after it, `latest`), when it names a release the tool can read
    /// ([`KarmadaVersion::read`]); `None` for an image pinned by digest alone or a tag of
    /// another kind.
    pub fn image_tag(image: &str) -> Option<&str> {
        let without_digest = image.split('@').next().unwrap_or(image);
        let last = without_digest.rsplit('/').next().unwrap_or(without_digest);
        let (_, tag) = last.split_once(':')?;
        KarmadaVersion::read(tag).ok().map(|_| tag)
    }

    /// The version an image's tag names, as read (see [`KarmadaVersion::image_tag`]).
    pub fn from_image(image: &str) -> Option<VersionReading> {
        KarmadaVersion::read(Self::image_tag(image)?).ok()
    }

    /// The newest known version of the line `v1.MINOR` (its newest patch, or the release
    /// candidate the tool knows of a line not released when it was made).
    fn newest_of_line(minor: u16) -> Option<KarmadaVersion> {
        Self::known()
            .into_iter()
            .filter(|v| !v.is_master() && v.minor == minor)
            .max()
    }

    /// Read a version named on the command line, remembered, recorded or in an image tag:
    /// `v1.17.4` (the `v` optional), `v1.19.0-rc.0`, `master`, `latest`. A known version is
    /// itself; a release the tool was not checked against is read as the nearest known
    /// one and says so ([`VersionReading::unchecked`]): a newer patch of a known line, or
    /// any release of the line the tool knows only a candidate of, as that line's newest
    /// known; a newer line, or `latest`, as master. Anything else (an older or malformed
    /// version) is refused with the list the tool knows.
    pub fn read(text: &str) -> Result<VersionReading, String> {
        let text = text.trim();
        let refuse = || {
            format!(
                "{text:?} is not a Karmada version this tool knows ({})",
                KarmadaVersion::known_list()
            )
        };
        let checked = |version| VersionReading {
            version,
            unchecked: None,
        };
        match text {
            "master" => return Ok(checked(KarmadaVersion::MASTER)),
            "latest" => {
                return Ok(VersionReading {
                    version: KarmadaVersion::MASTER,
                    unchecked: Some(Unchecked::Latest),
                })
            }
            _ => {}
        }
        let (minor, patch, pre) = numbers(text).ok_or_else(refuse)?;
        let exact = match pre {
            None => Some(KarmadaVersion::release(minor, patch)),
            Some("rc.0") if patch == 0 => Some(KarmadaVersion::rc(minor)),
            Some(_) => None,
        };
        if let Some(v) = exact.filter(|v| KarmadaVersion::known().contains(v)) {
            return Ok(checked(v));
        }
        let asked = Unchecked::Release { minor, patch };
        let newest_line = Self::known()
            .into_iter()
            .filter(|v| !v.is_master())
            .map(|v| v.minor)
            .max()
            .unwrap_or(0);
        let version = match Self::newest_of_line(minor) {
            _ if minor > newest_line => KarmadaVersion::MASTER,
            // The line the tool knows only a release candidate of: every release of it.
            Some(newest) if newest.stage == 0 => newest,
            Some(newest) if patch > newest.patch => newest,
            _ => return Err(refuse()),
        };
        Ok(VersionReading {
            version,
            unchecked: Some(asked),
        })
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

    /// [`KarmadaVersion::read`], without the note of a release read as another.
    fn from_str(s: &str) -> Result<KarmadaVersion, String> {
        KarmadaVersion::read(s).map(|r| r.version)
    }
}

/// `v1.MINOR.PATCH[-PRE]` (the `v` optional) as its numbers and pre-release label.
fn numbers(text: &str) -> Option<(u16, u16, Option<&str>)> {
    let bare = text.strip_prefix('v').unwrap_or(text);
    let (numbers, pre) = match bare.split_once('-') {
        Some((n, pre)) => (n, Some(pre)),
        None => (bare, None),
    };
    let parts: Vec<&str> = numbers.split('.').collect();
    let [major, minor, patch] = parts[..] else {
        return None;
    };
    match (major.parse::<u16>(), minor.parse(), patch.parse()) {
        (Ok(1), Ok(minor), Ok(patch)) => Some((minor, patch, pre)),
        _ => None,
    }
}

/// A release named that the tool was not checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unchecked {
    /// `v1.MINOR.PATCH` (a pre-release of it too).
    Release { minor: u16, patch: u16 },
    /// An image tagged `latest`.
    Latest,
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unchecked::Release { minor, patch } => write!(f, "v1.{minor}.{patch}"),
            Unchecked::Latest => f.write_str("latest"),
        }
    }
}

impl Serialize for Unchecked {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A version as read: the known version predictions follow, and the release named when
/// that was one the tool was not checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionReading {
    pub version: KarmadaVersion,
    pub unchecked: Option<Unchecked>,
}

impl VersionReading {
    /// One line saying which known version stands for the release named, when it is
    /// one the tool was not checked against.
    pub fn note(&self) -> Option<String> {
        let named = self.unchecked?;
        let what = match named {
            Unchecked::Latest => format!(
                "Karmada {named} (an image tag karmada-io builds from its main branch) is not a release"
            ),
            Unchecked::Release { .. } => format!("Karmada {named} is newer than the releases"),
        };
        let follows = match self.version {
            v if v.is_master() => "master f8fdd02".to_string(),
            v => v.to_string(),
        };
        Some(format!(
            "{what} this tool was checked against ({}, master f8fdd02): predictions follow {follows}",
            KarmadaVersion::known_list().trim_end_matches(", master")
        ))
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
            "v2.0.0",
            "v1.18",
            "v1.18.0-rc.0",
            "v1.17.4-custom",
        ] {
            let e = bad.parse::<KarmadaVersion>().unwrap_err();
            assert!(e.contains("v1.15.0-v1.15.9"), "{e}");
        }
        assert_eq!(KarmadaVersion::known().len(), 10 + 9 + 6 + 3 + 2);
    }

    #[test]
    fn reads_the_tag_of_an_image() {
        let tag = |s| KarmadaVersion::from_image(s).map(|v| v.version.to_string());
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
        assert_eq!(
            tag("registry:5000/karmada/karmada-controller-manager@sha256:ab"),
            None
        );
        assert_eq!(
            tag("karmada/karmada-controller-manager:latest").as_deref(),
            Some("master")
        );
        let v119 = KarmadaVersion::from_image("karmada/karmada-scheduler:v1.19.0").unwrap();
        assert_eq!(v119.version, KarmadaVersion::rc(19));
        assert_eq!(v119.unchecked.unwrap().to_string(), "v1.19.0");
    }

    #[test]
    fn a_release_not_checked_against_is_read_as_the_nearest_known() {
        let read = |s: &str| {
            let r = KarmadaVersion::read(s).unwrap();
            (r.version.to_string(), r.unchecked.map(|u| u.to_string()))
        };
        let known = |v: &str| (v.to_string(), None);
        let as_ = |v: &str, named: &str| (v.to_string(), Some(named.to_string()));
        assert_eq!(read("v1.18.2"), known("v1.18.2"));
        assert_eq!(read("v1.19.0-rc.0"), known("v1.19.0-rc.0"));
        assert_eq!(read("master"), known("master"));
        // A newer patch of a known line: that line's newest.
        assert_eq!(read("v1.18.5"), as_("v1.18.2", "v1.18.5"));
        assert_eq!(read("1.17.6"), as_("v1.17.5", "v1.17.6"));
        // The line known only by its candidate: every release of it.
        assert_eq!(read("v1.19.0"), as_("v1.19.0-rc.0", "v1.19.0"));
        assert_eq!(read("v1.19.3"), as_("v1.19.0-rc.0", "v1.19.3"));
        // A newer line, and `latest`: master, the newest the tool was checked against.
        assert_eq!(read("v1.20.0"), as_("master", "v1.20.0"));
        assert_eq!(read("v1.20.0-rc.1"), as_("master", "v1.20.0"));
        assert_eq!(read("latest"), as_("master", "latest"));
        let note = KarmadaVersion::read("v1.19.0").unwrap().note().unwrap();
        assert!(
            note.starts_with("Karmada v1.19.0 is newer than the releases this tool was checked against (v1.15.0-v1.15.9"),
            "{note}"
        );
        assert!(
            note.ends_with("master f8fdd02): predictions follow v1.19.0-rc.0"),
            "{note}"
        );
        assert_eq!(KarmadaVersion::read("v1.18.2").unwrap().note(), None);
    }
}
