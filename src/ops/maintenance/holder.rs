//! Who drives a run: this process (host, pid and start time), and whether a process of
//! this host still runs. Linux's `/proc` tells a live process from a pid reused by a new
//! one (`/proc/PID/stat`, field 22: the start time in clock ticks since boot); where there
//! is no `/proc`, every process counts as alive and a claim waits for its lease to run
//! out.

use jiff::Timestamp;

use crate::engine::decide::maintenance_run::Holder;

/// This host's name (`/proc/sys/kernel/hostname`, else `$HOSTNAME`, else `unknown`).
pub fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".into())
}

/// The start time of process `pid` as `/proc` counts it (`None`: no such process, or no
/// `/proc`).
fn start_of(pid: &str) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(19).map(str::to_string)
}

/// This process as the holder of a run.
pub fn me(now: Timestamp) -> Holder {
    let pid = std::process::id();
    let host = host();
    Holder {
        id: format!("{host}/{pid}/{}", now.as_nanosecond()),
        host,
        pid,
        process_start: start_of("self").unwrap_or_default(),
        since: now,
        renewed_at: now,
    }
}

/// Whether process `pid`, started at `start` (empty: unknown), still runs on this host.
pub fn alive(pid: u32, start: &str) -> bool {
    if !std::path::Path::new("/proc/self/stat").exists() {
        return true;
    }
    match start_of(&pid.to_string()) {
        None => false,
        Some(s) => start.is_empty() || s == start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_and_a_reused_pid_is_not() {
        let me = me(Timestamp::now());
        assert!(alive(me.pid, &me.process_start));
        if !me.process_start.is_empty() {
            assert!(!alive(me.pid, "1"), "another start time is another process");
            assert!(!alive(u32::MAX - 1, ""), "no such pid");
        }
    }
}
