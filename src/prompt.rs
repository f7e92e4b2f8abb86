//! Confirmation of destructive changes: ask on a terminal, demand `--yes` otherwise.

use std::io::IsTerminal;

use crate::error::{Error, Result};

/// Go ahead only if the operator agrees. `yes` skips the question. Without a terminal
/// to ask on, refuse with a usage error that names `--yes`.
pub fn confirm(question: &str, yes: bool) -> Result<()> {
    if yes {
        return Ok(());
    }
    if !(std::io::stdin().is_terminal() && std::io::stderr().is_terminal()) {
        return Err(Error::usage(format!(
            "{question}: refusing without confirmation (no terminal to ask on); pass --yes to proceed"
        )));
    }
    let agreed = dialoguer::Confirm::new()
        .with_prompt(question)
        .default(false)
        .interact()
        .map_err(|e| Error::failure(format!("cannot read the answer: {e}")))?;
    if agreed {
        Ok(())
    } else {
        Err(Error::usage("aborted: nothing was written"))
    }
}
