//! Loopback ports for the servers a test starts.
//!
//! Asking the kernel for port 0 and passing the number on races: between the probe's
//! close and the server's bind, any process may take the port (CI once lost a plane's
//! kube-apiserver to "address already in use"). Ports here come from below the kernel's
//! ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`), which outgoing
//! connections and `bind(0)` never use, and each is claimed by an advisory lock on a file
//! under the temp dir, held until this process exits (the kernel drops it then, even on a
//! kill), so two test binaries running at once never hand out the same port.

use std::fs::{File, OpenOptions};
use std::net::TcpListener;
use std::sync::Mutex;

/// The range handed out: below the ephemeral range, above the well-known services.
const FIRST: u16 = 20000;
const LAST: u16 = 32000;

/// Locks this process holds, one per port handed out.
static HELD: Mutex<Vec<File>> = Mutex::new(Vec::new());

/// A loopback port no other process (and no other test binary) will take.
pub fn reserve() -> u16 {
    let dir = std::env::temp_dir().join("karmadactl-test-ports");
    std::fs::create_dir_all(&dir).expect("create the port lock directory");
    let span = u32::from(LAST - FIRST);
    let start = (std::process::id() * 7919) % span;
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    for step in 0..span {
        let port = FIRST + ((start + step) % span) as u16;
        let Ok(lock) = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(port.to_string()))
        else {
            continue;
        };
        if lock.try_lock().is_err() {
            continue;
        }
        // Held by nobody in the test runs; still check nothing else listens there.
        if TcpListener::bind(("127.0.0.1", port)).is_err() {
            continue;
        }
        held.push(lock);
        return port;
    }
    panic!("no free loopback port in {FIRST}..{LAST}");
}

#[test]
fn ports_are_distinct_and_outside_the_ephemeral_range() {
    let ports: Vec<u16> = (0..20).map(|_| reserve()).collect();
    let mut sorted = ports.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        ports.len(),
        "a port was handed out twice: {ports:?}"
    );
    let range = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range").unwrap();
    let low: u16 = range.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        ports.iter().all(|p| *p < low),
        "{ports:?} reach the ephemeral range from {low}"
    );
}
