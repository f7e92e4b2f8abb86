//! Turning client errors into one clear line for the operator.

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
            Error::failure(format!("cannot reach the Karmada API server at {server}: {}", root_cause(err)))
        }
        other => Error::failure(format!("request on {what} failed: {}", root_cause(other))),
    }
}

fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut cur = err;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}
