//! The kube-apiserver's own count of the requests it served
//! (`apiserver_request_total`), for tests and benchmarks that hold the tool to the
//! requests it makes.

use std::collections::BTreeMap;

/// `apiserver_request_total` summed by (verb, resource), for the resources `keep` admits.
pub async fn request_counts(
    client: &kube::Client,
    keep: impl Fn(&str) -> bool,
) -> BTreeMap<(String, String), f64> {
    let text = client
        .request_text(http::Request::get("/metrics").body(Vec::new()).unwrap())
        .await
        .unwrap();
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| l.starts_with("apiserver_request_total{"))
    {
        let label = |name: &str| {
            line.split(&format!("{name}=\""))
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or_default()
                .to_string()
        };
        let resource = label("resource");
        if !keep(&resource) {
            continue;
        }
        let n: f64 = line.rsplit(' ').next().unwrap().parse().unwrap_or(0.0);
        *out.entry((label("verb"), resource)).or_default() += n;
    }
    out
}
