//! `-v` levels mapped to tracing filters, on stderr.
//!
//! Only this crate and kube's client are raised above `warn`: the HTTP and TLS layers
//! stay quiet at every level, so request headers (tokens) are never logged.

use tracing_subscriber::EnvFilter;

/// Install the subscriber for verbosity `level`.
pub fn init(level: u8) {
    let ours = match level {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    // kube's client (and the TLS verifier under it) log their own view of failures; at
    // level 0 our one-line error says it.
    let kube = match level {
        0 => "off",
        1 => "warn",
        2 => "info",
        _ => "debug",
    };
    let filter = EnvFilter::new(format!(
        "warn,karmadactl={ours},kube_client={kube},kube={kube},rustls_platform_verifier={kube}"
    ));
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr)
        .with_target(level >= 2)
        .try_init();
}

/// Peak and current resident memory of this process (`VmHWM`, `VmRSS`), for debug logs;
/// empty where `/proc` is not available.
pub fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(", ")
}
