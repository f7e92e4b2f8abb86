//! Upstream's eviction-queue rate limiter, modelled to the nanosecond (family
//! `eviction_queue_delay`): the maximum of a dynamic limiter (`1/rate` computed in
//! float32; 1800 s when the rate is 0), a per-key exponential back-off
//! (`base * 2^failures`, capped) and a token bucket (`qps`, `burst`).
//!
//! Hand-written on purpose: the point is upstream's exact arithmetic (float32 division,
//! the token bucket's float64 bookkeeping, integer truncation to nanoseconds).
//!
//! Upstream: `pkg/util/ratelimiter.go` (`NewGracefulEvictionRateLimiter`,
//! `DynamicRateLimiter`), client-go's `ItemExponentialFailureRateLimiter` and
//! `BucketRateLimiter` (golang.org/x/time/rate).
//! Conformance: `eviction_queue_delay`.
//! Karmada: master f8fdd02.

use std::collections::HashMap;

pub use crate::engine::vocabulary::settings::LimiterOptions;

/// Nanoseconds.
pub type Ns = i64;

pub(crate) const SECOND: Ns = 1_000_000_000;
/// The dynamic limiter's delay when the eviction rate is 0.
pub const ZERO_RATE_DELAY: Ns = 1800 * SECOND;

/// The dynamic limiter's delay for `rate` bindings per second: `1/rate` seconds computed
/// in float32 and truncated to nanoseconds.
pub fn dynamic_delay(rate: f32) -> Ns {
    if rate == 0.0 {
        return ZERO_RATE_DELAY;
    }
    let seconds = 1.0f32 / rate;
    let ns = seconds * (SECOND as f32);
    go_duration(f64::from(ns))
}

/// Go's `time.Duration(float)`: truncation toward zero, saturating.
fn go_duration(x: f64) -> Ns {
    if x.is_nan() {
        return 0;
    }
    if x >= i64::MAX as f64 {
        return i64::MAX;
    }
    if x <= i64::MIN as f64 {
        return i64::MIN;
    }
    x as i64
}

/// The token bucket (`golang.org/x/time/rate`), reserving one token per call.
#[derive(Clone, Debug)]
struct Bucket {
    limit: f64,
    burst: f64,
    tokens: f64,
    last: Option<Ns>,
}

impl Bucket {
    fn new(qps: i64, burst: i64) -> Self {
        Bucket {
            limit: qps as f64,
            burst: burst as f64,
            tokens: burst as f64,
            last: None,
        }
    }

    /// Whether the bucket is full at `now`.
    fn full_at(&self, now: Ns) -> bool {
        let elapsed = self.last.map_or(0, |l| (now - l).max(0));
        self.tokens + (elapsed as f64 / SECOND as f64) * self.limit >= self.burst
    }

    /// Reserve a token at `now`: the wait before it may be used.
    fn reserve(&mut self, now: Ns) -> Ns {
        let last = self.last.map_or(now, |l| l.min(now));
        let elapsed = now - last;
        let delta = (elapsed as f64 / SECOND as f64) * self.limit;
        let mut tokens = (self.tokens + delta).min(self.burst);
        tokens -= 1.0;
        let wait = if tokens < 0.0 {
            go_duration((-tokens / self.limit) * SECOND as f64)
        } else {
            0
        };
        self.last = Some(now);
        self.tokens = tokens;
        wait
    }
}

/// The combined limiter of one eviction queue.
#[derive(Clone, Debug)]
pub struct Limiter {
    dynamic: Ns,
    options: LimiterOptions,
    failures: HashMap<u64, u32>,
    bucket: Bucket,
}

impl Limiter {
    /// A limiter for `rate` bindings per second and the `--rate-limiter-*` options.
    pub fn new(rate: f32, options: LimiterOptions) -> Self {
        let options = options.with_defaults();
        Limiter {
            dynamic: dynamic_delay(rate),
            options,
            failures: HashMap::new(),
            bucket: Bucket::new(options.qps, options.bucket_size),
        }
    }

    /// `When(key)` at `now`: every limiter is consulted (the exponential one counts a
    /// failure for `key`, the bucket spends a token) and the longest delay wins.
    pub fn when(&mut self, key: u64, now: Ns) -> Ns {
        let failures = self.failures.entry(key).or_insert(0);
        let exp = *failures;
        *failures += 1;
        let backoff = self.options.base_delay_ns as f64 * 2f64.powi(exp.min(1100) as i32);
        let exponential =
            if backoff > i64::MAX as f64 || go_duration(backoff) > self.options.max_delay_ns {
                self.options.max_delay_ns
            } else {
                go_duration(backoff)
            };
        let bucket = self.bucket.reserve(now);
        self.dynamic.max(exponential).max(bucket)
    }

    /// Whether nothing of the limiter's state carries over from the past at `now`: no
    /// key has failures and the bucket has refilled.
    pub fn at_rest(&self, now: Ns) -> bool {
        self.failures.is_empty() && self.bucket.full_at(now)
    }

    /// `Forget(key)`: the key's failures start over.
    pub fn forget(&mut self, key: u64) {
        self.failures.remove(&key);
    }
}

/// `When()` for `n` distinct keys at one instant.
pub fn when_delays(rate: f32, options: LimiterOptions, n: usize) -> Vec<Ns> {
    let mut limiter = Limiter::new(rate, options);
    (0..n as u64).map(|k| limiter.when(k, 0)).collect()
}

/// The key every worker paces on (upstream's sentinel).
pub const PACER_KEY: u64 = u64::MAX;

/// When each of `n` bindings added at once starts processing on `workers` goroutines
/// that pace themselves: after each item a goroutine sleeps `When(sentinel)`, then
/// `Forget(sentinel)`. Processing takes no time; goroutines are served in time order,
/// ties by index.
pub fn paced_starts(rate: f32, options: LimiterOptions, n: usize, workers: usize) -> Vec<Ns> {
    let mut limiter = Limiter::new(rate, options);
    let workers = workers.max(1);
    // (free at, index) of each goroutine.
    let mut free: Vec<(Ns, usize)> = (0..workers).map(|i| (0, i)).collect();
    let mut starts = Vec::with_capacity(n);
    let mut slept = vec![false; workers];
    for _ in 0..n {
        let (at, w) = *free.iter().min().expect("a goroutine");
        if slept[w] {
            limiter.forget(PACER_KEY);
        }
        starts.push(at);
        let delay = limiter.when(PACER_KEY, at);
        slept[w] = true;
        free[w] = (at.saturating_add(delay), w);
    }
    starts
}
