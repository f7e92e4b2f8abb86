//! One `karmadactl` on the PATH: a command this binary does not have (`get`, `join`,
//! `init`, ...) runs upstream's karmadactl with the same arguments, environment and
//! standard streams, and its exit code becomes ours.
//!
//! Upstream is `$KARMADACTL_UPSTREAM` when set, else the next `karmadactl` on `PATH` that
//! is not this binary. A loop is impossible: a candidate that is this very file is
//! skipped, and the hand-over marks the environment (`KARMADACTL_PASSTHROUGH_FROM`), so
//! a second copy of this tool that receives a passed-through command refuses instead of
//! passing it on again.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use clap::CommandFactory;

use crate::cli::{Cli, UPSTREAM_ONLY_COMMANDS};
use crate::error::{Error, Result};

/// The variable naming upstream's karmadactl explicitly.
pub const UPSTREAM_VAR: &str = "KARMADACTL_UPSTREAM";
/// Set on the hand-over: the path of the binary that passed the command on.
pub const MARKER_VAR: &str = "KARMADACTL_PASSTHROUGH_FROM";

/// The command word of `args` (program name first) when it is not one of this tool's
/// commands: the first word that is neither a flag nor the value of one of the global
/// flags that take a value. `None` for this tool's commands, `help`, or when a flag such
/// as `--help` or `--version` comes first (clap answers those).
pub fn foreign_command(args: &[OsString]) -> Option<String> {
    let cli = Cli::command();
    let valued: Vec<String> = cli
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .flat_map(|a| {
            a.get_long()
                .map(|l| format!("--{l}"))
                .into_iter()
                .chain(a.get_short().map(|s| format!("-{s}")))
        })
        .collect();
    let ours: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        if word == "--" {
            return None;
        }
        if word.starts_with('-') {
            if valued.iter().any(|v| v == word) {
                words.next();
            } else if !valued.iter().any(|v| {
                word.starts_with(&format!("{v}=")) || (v.len() == 2 && word.starts_with(v.as_str()))
            }) {
                // A flag of no global option (`--help`, `--version`, a typo): clap's.
                return None;
            }
            continue;
        }
        return (!ours.contains(&word) && word != "help").then(|| word.to_string());
    }
    None
}

/// Whether two paths are the same file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// Upstream's karmadactl: `$KARMADACTL_UPSTREAM`, else the first `karmadactl` on `path`
/// that is not `me`. An explicit variable that names this binary is an error.
pub fn find_upstream(
    explicit: Option<&OsStr>,
    path: Option<&OsStr>,
    me: &Path,
) -> Result<Option<PathBuf>> {
    if let Some(explicit) = explicit.filter(|v| !v.is_empty()) {
        let p = PathBuf::from(explicit);
        if same_file(&p, me) {
            return Err(Error::usage(format!(
                "{UPSTREAM_VAR}={} names this binary, not upstream's karmadactl",
                p.display()
            )));
        }
        if !executable(&p) {
            return Err(Error::usage(format!(
                "{UPSTREAM_VAR}={} is not an executable file",
                p.display()
            )));
        }
        return Ok(Some(p));
    }
    let name = if cfg!(windows) {
        "karmadactl.exe"
    } else {
        "karmadactl"
    };
    Ok(path
        .map(std::env::split_paths)
        .into_iter()
        .flatten()
        .map(|dir| dir.join(name))
        .find(|p| executable(p) && !same_file(p, me)))
}

/// The hint when upstream's karmadactl is not found.
fn not_found(command: &str) -> Error {
    if UPSTREAM_ONLY_COMMANDS.contains(&command) {
        Error::usage(format!(
            "'{command}' is an upstream karmadactl command and no upstream karmadactl was found \
             (set {UPSTREAM_VAR}, or put it on PATH after this one); install it from \
             https://karmada.io/docs/installation/install-cli-tools"
        ))
    } else {
        Error::usage(format!(
            "unknown command '{command}'; run 'karmadactl --help' for the list"
        ))
    }
}

/// Hand `args` over to upstream's karmadactl when their command is not this tool's.
/// Returns `None` when the command is ours (parse and run it), else the outcome: on
/// Unix the process becomes upstream's (its exit code is ours), so only a failure to
/// hand over returns.
pub fn hand_over(args: &[OsString]) -> Option<Result<u8>> {
    let command = foreign_command(args)?;
    Some(run_upstream(&command, args))
}

fn run_upstream(command: &str, args: &[OsString]) -> Result<u8> {
    let me = std::env::current_exe()
        .map_err(|e| Error::failure(format!("cannot tell where this binary is: {e}")))?;
    if let Some(from) = std::env::var_os(MARKER_VAR) {
        return Err(Error::usage(format!(
            "'{command}' was handed over by {} to {}, which is this tool again, not upstream's \
             karmadactl: refusing to loop (set {UPSTREAM_VAR} to upstream's binary)",
            Path::new(&from).display(),
            me.display()
        )));
    }
    let upstream = find_upstream(
        std::env::var_os(UPSTREAM_VAR).as_deref(),
        std::env::var_os("PATH").as_deref(),
        &me,
    )?
    .ok_or_else(|| not_found(command))?;
    let mut child = std::process::Command::new(&upstream);
    child.args(&args[1..]).env(MARKER_VAR, &me);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let err = child.exec();
        Err(Error::failure(format!(
            "cannot run upstream karmadactl {}: {err}",
            upstream.display()
        )))
    }
    #[cfg(not(unix))]
    {
        let status = child.status().map_err(|e| {
            Error::failure(format!(
                "cannot run upstream karmadactl {}: {e}",
                upstream.display()
            ))
        })?;
        Ok(status.code().unwrap_or(1) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<OsString> {
        s.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn finds_the_command_word_past_global_flags() {
        assert_eq!(
            foreign_command(&words(
                "karmadactl --kubeconfig k -v 2 get clusters -o yaml"
            )),
            Some("get".into())
        );
        assert_eq!(
            foreign_command(&words("karmadactl --karmada-context=prod join m1")),
            Some("join".into())
        );
        assert_eq!(
            foreign_command(&words("karmadactl -v2 init")),
            Some("init".into())
        );
        assert_eq!(
            foreign_command(&words(
                "karmadactl --kubeconfig k taint clusters m1 a:NoSchedule"
            )),
            None
        );
        assert_eq!(foreign_command(&words("karmadactl failover doctor")), None);
        assert_eq!(foreign_command(&words("karmadactl help get")), None);
        assert_eq!(foreign_command(&words("karmadactl --help get")), None);
        assert_eq!(foreign_command(&words("karmadactl")), None);
        assert_eq!(
            foreign_command(&words("karmadactl drian m1")),
            Some("drian".into())
        );
    }

    #[test]
    fn never_finds_itself() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let me = a.join("karmadactl");
        let other = b.join("karmadactl");
        for p in [&me, &other] {
            std::fs::write(p, "#!/bin/sh\n").unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
        }
        let path = std::env::join_paths([&a, &b]).unwrap();
        assert_eq!(
            find_upstream(None, Some(&path), &me).unwrap(),
            Some(other.clone())
        );
        let only_me = std::env::join_paths([&a]).unwrap();
        assert_eq!(find_upstream(None, Some(&only_me), &me).unwrap(), None);
        assert!(find_upstream(Some(me.as_os_str()), Some(&path), &me).is_err());
        assert_eq!(
            find_upstream(Some(other.as_os_str()), None, &me).unwrap(),
            Some(other)
        );
    }
}
