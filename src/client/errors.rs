//! Turning client errors into one clear line for the operator.

use super::read::{classify, plain, ReadFailed};
use crate::error::Error;

/// Describe a failed API call on `what` (e.g. `cluster "member1"`), choosing the exit
/// code: a missing object is a usage error (the operator named it), the rest are failures.
pub fn api_error(err: &kube::Error, what: &str, server: &str) -> Error {
    match err {
        kube::Error::Api(status) => match status.code {
            404 => Error::usage(format!("{what} not found")),
            403 => Error::failure(format!("forbidden: {}", status.message)),
            401 => Error::failure(format!(
                "unauthorized: the API server at {server} rejected the credentials of the kubeconfig"
            )),
            409 => Error::failure(format!("conflict on {what}: {}", status.message)),
            _ => Error::failure(format!("API error on {what} ({}): {}", status.code, status.message)),
        },
        kube::Error::HyperError(_) | kube::Error::Service(_) => {
            let fault = classify(err);
            let said = attempts_of(err)
                .map(|n| format!("{fault} ({n} attempts)"))
                .unwrap_or_else(|| fault.to_string());
            if fault.unreached() {
                Error::failure(format!("cannot reach the Karmada API server at {server}: {said}"))
            } else {
                Error::failure(format!("request on {what} to {server} failed: {said}"))
            }
        }
        other => Error::failure(format!("request on {what} failed: {}", plain(&root_cause(other)))),
    }
}

/// How many attempts a read made, when it ran out of them.
fn attempts_of(err: &(dyn std::error::Error + 'static)) -> Option<u32> {
    let mut cur = Some(err);
    while let Some(e) = cur {
        if let Some(done) = e.downcast_ref::<ReadFailed>() {
            return Some(done.attempts).filter(|n| *n > 1);
        }
        cur = e.source();
    }
    None
}

fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut cur = err;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}
