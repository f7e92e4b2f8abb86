//! Running a parsed template over a value Go decoded from JSON (`jsonpath.go`:
//! `FindResults`, `walk` and the `eval*` functions, with missing keys as errors), and
//! printing the results (`PrintResults`).

use serde_json::Value;

use super::parse::{Node, Param};
use super::print::{go_float, go_json, go_v};

/// A value a template step yields: part of the document (numbers are float64, as Go
/// decodes them), or a literal of the template, or an element of a string.
#[derive(Clone, Debug)]
enum Val<'a> {
    Json(&'a Value),
    Text(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    /// An element of a string (`.*` or `..` over it): a `uint8`.
    Byte(u8),
    /// Nothing at all: what a range over an empty list runs its body on.
    Invalid,
}

/// The comparison kinds of Go's `text/template` (`basicKind`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bool,
    Int,
    Uint,
    Float,
    String,
    Other,
}

impl<'a> Val<'a> {
    fn is_nil(&self) -> bool {
        matches!(self, Val::Json(Value::Null))
    }

    /// Go's type name, as `value.Type()` prints it.
    fn type_name(&self) -> &'static str {
        match self {
            Val::Json(Value::Object(_)) => "map[string]interface {}",
            Val::Json(Value::Array(_)) => "[]interface {}",
            Val::Json(Value::String(_)) | Val::Text(_) => "string",
            Val::Json(Value::Number(_)) | Val::Float(_) => "float64",
            Val::Json(Value::Bool(_)) | Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::Byte(_) => "uint8",
            Val::Json(Value::Null) => "interface {}",
            Val::Invalid => "<invalid reflect.Value>",
        }
    }

    fn kind(&self) -> Kind {
        match self {
            Val::Json(Value::Bool(_)) | Val::Bool(_) => Kind::Bool,
            Val::Json(Value::Number(_)) | Val::Float(_) => Kind::Float,
            Val::Json(Value::String(_)) | Val::Text(_) => Kind::String,
            Val::Int(_) => Kind::Int,
            Val::Byte(_) => Kind::Uint,
            _ => Kind::Other,
        }
    }

    fn float(&self) -> f64 {
        match self {
            Val::Json(Value::Number(n)) => n.as_f64().unwrap_or_default(),
            Val::Float(f) => *f,
            _ => 0.0,
        }
    }

    fn string(&self) -> &str {
        match self {
            Val::Json(Value::String(s)) => s,
            Val::Text(s) => s,
            _ => "",
        }
    }

    fn boolean(&self) -> bool {
        matches!(self, Val::Json(Value::Bool(true)) | Val::Bool(true))
    }

    fn int(&self) -> i64 {
        match self {
            Val::Int(i) => *i,
            Val::Byte(b) => i64::from(*b),
            _ => 0,
        }
    }

    /// The elements of a list, or of a string (its bytes).
    fn elements(&self) -> Option<Vec<Val<'a>>> {
        match self {
            Val::Json(Value::Array(a)) => Some(a.iter().map(Val::Json).collect()),
            Val::Json(Value::String(s)) => Some(s.bytes().map(Val::Byte).collect()),
            Val::Text(s) => Some(s.bytes().map(Val::Byte).collect()),
            _ => None,
        }
    }

    /// What `range` hands its body: a JSON `null` element is no value at all.
    fn into_data(self) -> Val<'a> {
        if self.is_nil() {
            Val::Invalid
        } else {
            self
        }
    }

    /// `fmt`'s `%v`.
    fn go_v(&self) -> String {
        match self {
            Val::Json(v) => go_v(v),
            Val::Text(s) => s.clone(),
            Val::Int(i) => i.to_string(),
            Val::Float(f) => go_float(*f),
            Val::Bool(b) => b.to_string(),
            Val::Byte(b) => b.to_string(),
            Val::Invalid => "<invalid reflect.Value>".into(),
        }
    }

    /// `PrintResults` of one value: objects and lists as JSON, the rest as text.
    fn print(&self) -> String {
        match self {
            Val::Json(v @ (Value::Object(_) | Value::Array(_))) => go_json(v),
            Val::Json(Value::Null) => "null".into(),
            Val::Invalid => "<no value>".into(),
            other => other.go_v(),
        }
    }
}

/// An evaluation error, with the values upstream's function returned beside it (an
/// existence filter counts them, error or not).
#[derive(Debug)]
struct Fail<'a> {
    message: String,
    returned: Vec<Val<'a>>,
}

fn fail<'a>(message: impl Into<String>, returned: Vec<Val<'a>>) -> Fail<'a> {
    Fail {
        message: message.into(),
        returned,
    }
}

type Step<'a> = Result<Vec<Val<'a>>, Fail<'a>>;

const BAD_TYPE: &str = "invalid type for comparison";
const BAD_COMPARISON: &str = "incompatible types for comparison";

fn basic(v: &Val) -> Result<Kind, String> {
    match v.kind() {
        Kind::Other => Err(BAD_TYPE.into()),
        k => Ok(k),
    }
}

/// `template.Equal` of the forked `text/template` functions client-go uses.
fn equal(a: &Val, b: &Val) -> Result<bool, String> {
    let (ka, kb) = (basic(a)?, basic(b)?);
    if ka != kb {
        return match (ka, kb) {
            (Kind::Int, Kind::Uint) | (Kind::Uint, Kind::Int) => Ok(a.int() == b.int()),
            _ => Err(BAD_COMPARISON.into()),
        };
    }
    Ok(match ka {
        Kind::Bool => a.boolean() == b.boolean(),
        Kind::Float => a.float() == b.float(),
        Kind::String => a.string() == b.string(),
        _ => a.int() == b.int(),
    })
}

fn less(a: &Val, b: &Val) -> Result<bool, String> {
    let (ka, kb) = (basic(a)?, basic(b)?);
    if ka != kb {
        return match (ka, kb) {
            (Kind::Int, Kind::Uint) | (Kind::Uint, Kind::Int) => Ok(a.int() < b.int()),
            _ => Err(BAD_COMPARISON.into()),
        };
    }
    Ok(match ka {
        Kind::Bool => return Err(BAD_TYPE.into()),
        Kind::Float => a.float() < b.float(),
        Kind::String => a.string() < b.string(),
        _ => a.int() < b.int(),
    })
}

fn compare(op: &str, a: &Val, b: &Val) -> Result<bool, String> {
    match op {
        "<" => less(a, b),
        ">" => {
            let le = less(a, b)? || equal(a, b)?;
            Ok(!le)
        }
        "==" => equal(a, b),
        "!=" => equal(a, b).map(|e| !e),
        "<=" => Ok(less(a, b)? || equal(a, b)?),
        ">=" => less(a, b).map(|l| !l),
        _ => Err(format!("unrecognized filter operator {op}")),
    }
}

/// The evaluation state of ranges (upstream's `beginRange`, `inRange`, `endRange`,
/// `lastEndNode`, the last as an index into the template's top-level nodes).
#[derive(Default)]
struct Run {
    begin_range: usize,
    in_range: usize,
    end_range: usize,
    last_end: Option<usize>,
}

/// Run the template's top-level `nodes` over `data` and print the results as Go's
/// `Execute` does.
pub fn execute(nodes: &[Node], data: &Value) -> Result<String, String> {
    let mut run = Run::default();
    let results = run
        .find_results(nodes, 0, Val::Json(data))
        .map_err(|f| f.message)?;
    Ok(results
        .iter()
        .map(|r| r.iter().map(Val::print).collect::<Vec<_>>().join(" "))
        .collect())
}

impl Run {
    fn find_results<'a>(
        &mut self,
        nodes: &'a [Node],
        offset: usize,
        data: Val<'a>,
    ) -> Result<Vec<Vec<Val<'a>>>, Fail<'a>> {
        let cur = vec![data];
        let mut full = Vec::new();
        let mut i = 0;
        while i < nodes.len() {
            let results = self.walk(&cur, &nodes[i])?;
            if self.end_range > 0 && self.end_range <= self.in_range {
                self.end_range -= 1;
                self.last_end = Some(offset + i);
                break;
            }
            if self.begin_range > 0 {
                self.begin_range -= 1;
                self.in_range += 1;
                let body = &nodes[i + 1..];
                if results.is_empty() {
                    self.find_results(body, offset + i + 1, Val::Invalid)?;
                } else {
                    for v in results {
                        full.extend(self.find_results(body, offset + i + 1, v.into_data())?);
                    }
                }
                self.in_range -= 1;
                if let Some(end) = self.last_end.filter(|&e| e > offset + i) {
                    i = end - offset;
                }
                i += 1;
                continue;
            }
            full.push(results);
            i += 1;
        }
        Ok(full)
    }

    fn walk<'a>(&mut self, input: &[Val<'a>], node: &'a Node) -> Step<'a> {
        match node {
            Node::List(nodes) => self.eval_list(input, nodes),
            Node::Text(t) => Ok(vec![Val::Text(t.clone())]),
            Node::Field(name) => eval_field(input, name),
            Node::Array(params) => eval_array(input, params),
            Node::Filter { left, right, op } => self.eval_filter(input, left, right, op),
            Node::Int(i) => Ok(input.iter().map(|_| Val::Int(*i)).collect()),
            Node::Float(f) => Ok(input.iter().map(|_| Val::Float(*f)).collect()),
            Node::Bool(b) => Ok(input.iter().map(|_| Val::Bool(*b)).collect()),
            Node::Wildcard => Ok(eval_wildcard(input)),
            Node::Recursive => Ok(eval_recursive(input)),
            Node::Union(parts) => {
                let mut out = Vec::new();
                for part in parts {
                    let got = self
                        .eval_list(input, part)
                        .map_err(|f| fail(f.message, input.to_vec()))?;
                    out.extend(got);
                }
                Ok(out)
            }
            Node::Identifier(name) => match name.as_str() {
                "range" => {
                    self.begin_range += 1;
                    Ok(input.to_vec())
                }
                "end" if self.in_range > 0 => {
                    self.end_range += 1;
                    Ok(Vec::new())
                }
                "end" => Err(fail("not in range, nothing to end", Vec::new())),
                _ => Err(fail(
                    format!("unrecognized identifier {name}"),
                    input.to_vec(),
                )),
            },
        }
    }

    fn eval_list<'a>(&mut self, input: &[Val<'a>], nodes: &'a [Node]) -> Step<'a> {
        let mut cur = input.to_vec();
        for n in nodes {
            cur = self.walk(&cur, n)?;
        }
        Ok(cur)
    }

    fn eval_filter<'a>(
        &mut self,
        input: &[Val<'a>],
        left: &'a [Node],
        right: &'a [Node],
        op: &str,
    ) -> Step<'a> {
        let mut out = Vec::new();
        let back = |m: String| fail(m, input.to_vec());
        for value in input {
            let Val::Json(Value::Array(items)) = value else {
                return Err(back(format!(
                    "{} is not array or slice and cannot be filtered",
                    value.go_v()
                )));
            };
            for item in items {
                let temp = [Val::Json(item)];
                let lefts = self.eval_list(&temp, left);
                if op == "exists" {
                    let found = match &lefts {
                        Ok(l) => !l.is_empty(),
                        Err(f) => !f.returned.is_empty(),
                    };
                    if found {
                        out.push(Val::Json(item));
                    }
                    continue;
                }
                let lefts = lefts.map_err(|f| back(f.message))?;
                let l = match lefts.as_slice() {
                    [] => continue,
                    [one] => one.clone(),
                    _ => return Err(back("can only compare one element at a time".into())),
                };
                let rights = self.eval_list(&temp, right).map_err(|f| back(f.message))?;
                let r = match rights.as_slice() {
                    [] => continue,
                    [one] => one.clone(),
                    _ => return Err(back("can only compare one element at a time".into())),
                };
                match compare(op, &l, &r) {
                    Ok(true) => out.push(Val::Json(item)),
                    Ok(false) => {}
                    Err(m) => return Err(fail(m, out)),
                }
            }
        }
        Ok(out)
    }
}

fn eval_field<'a>(input: &[Val<'a>], name: &str) -> Step<'a> {
    if input.is_empty() {
        return Ok(Vec::new());
    }
    let out: Vec<Val> = input
        .iter()
        .filter(|v| !v.is_nil())
        .filter_map(|v| match v {
            Val::Json(Value::Object(m)) => m.get(name).map(Val::Json),
            _ => None,
        })
        .collect();
    if out.is_empty() {
        return Err(fail(format!("{name} is not found"), Vec::new()));
    }
    Ok(out)
}

fn eval_array<'a>(input: &[Val<'a>], node: &[Param; 3]) -> Step<'a> {
    let mut out = Vec::new();
    let back = |m: String| fail(m, input.to_vec());
    for value in input.iter().filter(|v| !v.is_nil()) {
        let items = match value {
            Val::Json(Value::Array(a)) => a,
            other => return Err(back(format!("{} is not array or slice", other.type_name()))),
        };
        let len = items.len() as i64;
        let mut p = *node;
        if !p[0].known {
            p[0].value = 0;
        }
        if p[0].value < 0 {
            p[0].value += len;
        }
        if !p[1].known {
            p[1].value = len;
        }
        if p[1].value < 0 || (p[1].value == 0 && p[1].derived) {
            p[1].value += len;
        }
        if p[1].value == p[0].value {
            // Zero elements asked for: upstream returns what it has so far.
            return Ok(out);
        }
        if p[0].value >= len || p[0].value < 0 {
            return Err(back(format!(
                "array index out of bounds: index {}, length {len}",
                p[0].value
            )));
        }
        if p[1].value > len || p[1].value < 0 {
            return Err(back(format!(
                "array index out of bounds: index {}, length {len}",
                p[1].value - 1
            )));
        }
        if p[0].value > p[1].value {
            return Err(back(format!(
                "starting index {} is greater than ending index {}",
                p[0].value, p[1].value
            )));
        }
        let step = if p[2].known {
            if p[2].value <= 0 {
                return Err(back("step must be > 0".into()));
            }
            p[2].value as usize
        } else {
            1
        };
        let slice = &items[p[0].value as usize..p[1].value as usize];
        out.extend(slice.iter().step_by(step).map(Val::Json));
    }
    Ok(out)
}

fn children<'a>(v: &Val<'a>) -> Vec<Val<'a>> {
    match v {
        Val::Json(Value::Object(m)) => m.values().map(Val::Json).collect(),
        other => other.elements().unwrap_or_default(),
    }
}

fn eval_wildcard<'a>(input: &[Val<'a>]) -> Vec<Val<'a>> {
    input
        .iter()
        .filter(|v| !v.is_nil())
        .flat_map(children)
        .collect()
}

fn eval_recursive<'a>(input: &[Val<'a>]) -> Vec<Val<'a>> {
    let mut out = Vec::new();
    for v in input.iter().filter(|v| !v.is_nil()) {
        let kids = children(v);
        if !kids.is_empty() {
            out.push(v.clone());
            out.extend(eval_recursive(&kids));
        }
    }
    out
}
