//! Family `eviction_queue_delay`: upstream's eviction-queue limiter and pacing.

use karmadactl::engine::karmada::eviction_queue::limiter::{
    paced_starts, when_delays, LimiterOptions,
};
use karmadactl::engine::karmada::eviction_queue::UNPACED_EVICTION;
use karmadactl::engine::vocabulary::version::KarmadaVersion;
use serde_json::Value;

use super::Check;

/// Check one vector of the queue families; `None` for other families.
pub fn check(family: &str, version: KarmadaVersion, input: &Value, expected: &Value) -> Check {
    match family {
        "eviction_queue_delay" => Some(delays(version, input, expected)),
        _ => None,
    }
}

fn delays(version: KarmadaVersion, input: &Value, expected: &Value) -> Result<(), String> {
    if UNPACED_EVICTION.holds_in(version) {
        return Err(format!(
            "{version} has no paced eviction worker (karmada#6675): the family has no function there"
        ));
    }
    let rate = input["resourceEvictionRate"]
        .as_f64()
        .ok_or("missing resourceEvictionRate")? as f32;
    let o = &input["rateLimiterOptions"];
    let ms = |k: &str| o[k].as_i64().unwrap_or(0);
    let options = LimiterOptions {
        base_delay_ns: ms("baseDelayMs").saturating_mul(1_000_000),
        max_delay_ns: ms("maxDelayMs").saturating_mul(1_000_000),
        qps: ms("qps"),
        bucket_size: ms("bucketSize"),
    };
    let n = input["n"].as_u64().ok_or("missing n")? as usize;
    let workers = input["workers"].as_u64().ok_or("missing workers")? as usize;
    let want = |k: &str| -> Result<Vec<i64>, String> {
        serde_json::from_value(expected[k].clone()).map_err(|e| format!("{k}: {e}"))
    };
    let got = when_delays(rate, options, n);
    if got != want("whenDelaysNs")? {
        return Err(format!(
            "whenDelaysNs: got {got:?}, want {:?}",
            want("whenDelaysNs")?
        ));
    }
    let got = paced_starts(rate, options, n, workers);
    if got != want("pacedStartNs")? {
        return Err(format!(
            "pacedStartNs: got {got:?}, want {:?}",
            want("pacedStartNs")?
        ));
    }
    Ok(())
}
