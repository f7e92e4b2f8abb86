//! client-go's JSONPath (`k8s.io/client-go/util/jsonpath`, kubectl's dialect), as
//! Karmada runs it on a workload's status to extract the state a failover carries
//! (`pkg/util/helper/failover.go`: `parseJSONValue`, with missing keys as errors).
//!
//! Written here rather than taken from a crate: the Rust JSONPath crates implement RFC
//! 9535 or Goessner's syntax (no `{…}` templates, no `range`, other filter typing, other
//! number and object printing), and what matters is exactly upstream's output and error
//! text, which end up as label values and in Karmada's reasons: Go's float64 printing
//! (`1.7953056e+12`), integer filter literals that never compare with JSON numbers,
//! `encoding/json` for objects and lists, upstream's parser messages.
//!
//! Upstream: client-go `util/jsonpath/{parser,jsonpath,node}.go` and
//! `third_party/forked/golang/template/funcs.go`.
//! Conformance: `state_preservation` (through the state-preservation twin beside it).
//! Karmada: master f8fdd02 (client-go v0.34).

mod eval;
mod parse;
mod print;

pub use print::go_quote;

/// A parsed template.
#[derive(Clone, Debug)]
pub struct JsonPath {
    nodes: Vec<parse::Node>,
}

impl JsonPath {
    /// Parse `template`; the error is upstream's parser text.
    pub fn parse(template: &str) -> Result<JsonPath, String> {
        parse::parse(template).map(|nodes| JsonPath { nodes })
    }

    /// Whether a filter compares with an integer literal (`[?(@.lag>10)]`): JSON numbers
    /// are float64 and an integer literal an int, so the comparison always fails.
    pub fn compares_integers(&self) -> bool {
        fn any(nodes: &[parse::Node]) -> bool {
            nodes.iter().any(|n| match n {
                parse::Node::Filter { left, right, op } => {
                    op != "exists"
                        && (left
                            .iter()
                            .chain(right)
                            .any(|x| matches!(x, parse::Node::Int(_)))
                            || any(left)
                            || any(right))
                }
                parse::Node::List(inner) => any(inner),
                parse::Node::Union(parts) => parts.iter().any(|p| any(p)),
                _ => false,
            })
        }
        any(&self.nodes)
    }

    /// Run it over `data` (a value as Go decodes JSON) and print the results; the error
    /// is the cause upstream's `Execute` returns.
    pub fn execute(&self, data: &serde_json::Value) -> Result<String, String> {
        eval::execute(&self.nodes, data)
    }
}
