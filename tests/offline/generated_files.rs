//! The checked-in completion scripts and man pages must match the current CLI.
//! Regenerate with `hack/gen-docs.sh` (which sets KARMADACTL_REGENERATE=1).

use std::path::Path;

use karmadactl::cli::Shell;
use karmadactl::cmd::completion::{completion_file_name, completion_script, man_pages};

fn check(path: &Path, expected: &str, stale: &mut Vec<String>) {
    if std::env::var_os("KARMADACTL_REGENERATE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, expected).unwrap();
        return;
    }
    if std::fs::read_to_string(path).ok().as_deref() != Some(expected) {
        stale.push(path.display().to_string());
    }
}

#[test]
fn completions_and_man_pages_are_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        check(
            &root.join("completions").join(completion_file_name(shell)),
            &completion_script(shell),
            &mut stale,
        );
    }
    let pages = man_pages();
    assert!(pages.iter().any(|(n, _)| n == "karmadactl-taint.1"));
    for (name, text) in &pages {
        check(&root.join("docs/man").join(name), text, &mut stale);
    }
    // No page for a command that no longer exists.
    for entry in std::fs::read_dir(root.join("docs/man")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !pages.iter().any(|(n, _)| *n == name) {
            stale.push(format!("docs/man/{name} (no such command)"));
        }
    }
    assert!(
        stale.is_empty(),
        "out of date, run hack/gen-docs.sh: {stale:?}"
    );
}
