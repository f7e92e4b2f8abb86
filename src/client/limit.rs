//! The client's own pace: a token bucket every request waits on, as client-go's
//! `--kube-api-qps`/`--kube-api-burst` (a full bucket of `burst` requests, refilled at
//! `qps` a second), so a drain of thousands of bindings or a fleet-wide read never asks
//! the API server for more than an operator allowed. Watches take a token to start, as
//! in client-go; the server's own `429`/`Retry-After` are obeyed on top
//! ([`super::retry`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::time::Instant;
use tower::{Layer, Service};

/// Requests a second and the burst above it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ApiRate {
    pub qps: f64,
    pub burst: u32,
}

#[derive(Debug)]
struct Bucket {
    rate: ApiRate,
    /// Tokens now (negative: reserved by waiting requests).
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// Take a token: how long to wait for it (zero when one is there).
    fn reserve(&mut self, now: Instant) -> Duration {
        let burst = f64::from(self.rate.burst.max(1));
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate.qps).min(burst);
        self.at = now;
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.rate.qps)
        }
    }
}

/// The layer that paces every request.
#[derive(Clone, Debug)]
pub struct LimitLayer {
    bucket: Arc<Mutex<Bucket>>,
}

impl LimitLayer {
    /// A bucket for `rate`, full.
    pub fn new(rate: ApiRate) -> Self {
        LimitLayer {
            bucket: Arc::new(Mutex::new(Bucket {
                rate,
                tokens: f64::from(rate.burst.max(1)),
                at: Instant::now(),
            })),
        }
    }
}

impl<S> Layer<S> for LimitLayer {
    type Service = Limited<S>;

    fn layer(&self, inner: S) -> Limited<S> {
        Limited {
            inner,
            bucket: self.bucket.clone(),
        }
    }
}

/// See the module doc.
#[derive(Clone, Debug)]
pub struct Limited<S> {
    inner: S,
    bucket: Arc<Mutex<Bucket>>,
}

impl<S, R> Service<R> for Limited<S>
where
    S: Service<R> + Clone + Send + 'static,
    S::Future: Send + 'static,
    R: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: R) -> Self::Future {
        let wait = self
            .bucket
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .reserve(Instant::now());
        // The clone made ready serves this call.
        let fresh = self.inner.clone();
        let mut ready = std::mem::replace(&mut self.inner, fresh);
        Box::pin(async move {
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
            ready.call(req).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_then_qps() {
        let start = Instant::now();
        let mut b = Bucket {
            rate: ApiRate {
                qps: 10.0,
                burst: 3,
            },
            tokens: 3.0,
            at: start,
        };
        for _ in 0..3 {
            assert_eq!(b.reserve(start), Duration::ZERO);
        }
        // Then one every 100 ms, reserved in turn.
        assert_eq!(b.reserve(start), Duration::from_millis(100));
        assert_eq!(b.reserve(start), Duration::from_millis(200));
        // A second later the bucket has refilled (never above the burst).
        let later = start + Duration::from_secs(5);
        assert_eq!(b.reserve(later), Duration::ZERO);
        assert!((b.tokens - 2.0).abs() < 1e-9, "{}", b.tokens);
    }
}
