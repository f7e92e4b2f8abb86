//! Ctrl-C and SIGTERM during a batch of writes (or a watch): the work in flight finishes,
//! no new one starts, and the command reports what was done (exit 3).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a batch of writes says when it is stopped.
pub const WRITES_STOP: &str = "interrupted: the writes in flight finish, no new one starts";

/// A flag set on the first SIGINT or SIGTERM, which prints `notice` on stderr.
pub fn stop_flag(notice: &'static str) -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = flag.clone();
    tokio::spawn(async move {
        let mut term =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        let terminated = async {
            match term.as_mut() {
                Some(t) => {
                    t.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminated => {}
        }
        set.store(true, Ordering::SeqCst);
        eprintln!("{notice}");
    });
    flag
}

/// Whether the flag was set.
pub fn stopped(flag: &AtomicBool) -> bool {
    flag.load(Ordering::SeqCst)
}
