//! `karmadactl completion SHELL`, and the generators behind the checked-in completion
//! scripts and man pages.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::error::{ExitCode, Result};
use crate::render;

/// Print the completion script for `shell`.
pub fn run(shell: Shell) -> Result<ExitCode> {
    render::write_stdout(&completion_script(shell))?;
    Ok(ExitCode::Success)
}

/// The completion script for `shell`, as text.
pub fn completion_script(shell: Shell) -> String {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "karmadactl", &mut buf);
    String::from_utf8(buf).expect("completion scripts are UTF-8")
}

/// File name of the checked-in script for `shell` under `completions/`.
pub fn completion_file_name(shell: Shell) -> &'static str {
    match shell {
        Shell::Bash => "karmadactl.bash",
        Shell::Zsh => "_karmadactl",
        Shell::Fish => "karmadactl.fish",
        Shell::PowerShell => "_karmadactl.ps1",
        Shell::Elvish => "karmadactl.elv",
        _ => "karmadactl.completion",
    }
}

/// Man pages: (file name, roff text) for the top command and every visible subcommand.
pub fn man_pages() -> Vec<(String, String)> {
    let mut pages = Vec::new();
    let root = Cli::command();
    collect_pages(&root, "karmadactl", &mut pages);
    pages
}

fn collect_pages(cmd: &clap::Command, name: &str, pages: &mut Vec<(String, String)>) {
    let cmd = cmd.clone().name(name.to_string());
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone())
        .render(&mut buf)
        .expect("render man page");
    pages.push((
        format!("{name}.1"),
        String::from_utf8(buf).expect("man pages are UTF-8"),
    ));
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        collect_pages(sub, &format!("{name}-{}", sub.get_name()), pages);
    }
}
