//! What Go's `encoding/json` makes of a policy spec: decoded into upstream's structs and
//! encoded again. The webhooks answer with that encoding (a mutated object drops its
//! empty lists and zero values), and their error messages print values that way, fields
//! in struct order.

use serde_json::Value;

use super::{Field, Hold, Ty};

/// A value as Go encodes it: objects keep their field order.
#[derive(Clone, Debug, PartialEq)]
pub enum GoVal {
    Null,
    Bool(bool),
    Num(serde_json::Number),
    Str(String),
    List(Vec<GoVal>),
    Obj(Vec<(String, GoVal)>),
}

impl GoVal {
    /// As a JSON value (key order is lost).
    pub fn to_value(&self) -> Value {
        match self {
            GoVal::Null => Value::Null,
            GoVal::Bool(b) => Value::Bool(*b),
            GoVal::Num(n) => Value::Number(n.clone()),
            GoVal::Str(s) => Value::String(s.clone()),
            GoVal::List(items) => Value::Array(items.iter().map(GoVal::to_value).collect()),
            GoVal::Obj(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_value()))
                    .collect(),
            ),
        }
    }

    /// Compact JSON text as `json.Marshal` writes it (struct order, `<`, `>` and `&`
    /// escaped).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            GoVal::Null => out.push_str("null"),
            GoVal::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            GoVal::Num(n) => out.push_str(&n.to_string()),
            GoVal::Str(s) => write_str(s, out),
            GoVal::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            GoVal::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// A string as `encoding/json` writes it (HTML-safe: `<`, `>`, `&` escaped).
pub fn write_str(s: &str, out: &mut String) {
    let json = serde_json::to_string(s).unwrap_or_default();
    out.push_str(
        &json
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026")
            .replace('\u{2028}', "\\u2028")
            .replace('\u{2029}', "\\u2029"),
    );
}

/// `v` (JSON of type `ty`) decoded into the Go type and encoded again.
pub fn encode(ty: &Ty, v: Option<&Value>) -> GoVal {
    let v = v.filter(|v| !v.is_null());
    match ty {
        Ty::Str => GoVal::Str(v.and_then(Value::as_str).unwrap_or_default().to_string()),
        Ty::Int => GoVal::Num(
            v.and_then(|v| v.as_number().cloned())
                .unwrap_or_else(|| 0.into()),
        ),
        Ty::Bool => GoVal::Bool(v.and_then(Value::as_bool).unwrap_or_default()),
        Ty::Map => match v.and_then(Value::as_object) {
            // Go writes map keys sorted.
            Some(map) => {
                let mut entries: Vec<_> = map
                    .iter()
                    .map(|(k, v)| (k.clone(), encode(&Ty::Str, Some(v))))
                    .collect();
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                GoVal::Obj(entries)
            }
            None => GoVal::Null,
        },
        Ty::List(item) => match v.and_then(Value::as_array) {
            Some(items) => GoVal::List(items.iter().map(|i| encode(item, Some(i))).collect()),
            None => GoVal::Null,
        },
        Ty::Obj(fields) => encode_struct(fields, v),
    }
}

/// A struct's fields in order, each emitted or left out as its Go holding says.
pub fn encode_struct(fields: &[Field], v: Option<&Value>) -> GoVal {
    let mut out = Vec::new();
    for field in fields {
        let raw = v.and_then(|v| v.get(field.name)).filter(|x| !x.is_null());
        let emit = match field.hold {
            Hold::Always => true,
            Hold::Pointer => raw.is_some(),
            Hold::OmitEmpty => raw.is_some_and(|x| !is_empty(&field.ty, x)),
        };
        if emit {
            out.push((field.name.to_string(), encode(&field.ty, raw)));
        }
    }
    GoVal::Obj(out)
}

/// Go's `omitempty` test. A non-pointer struct is never empty.
fn is_empty(ty: &Ty, v: &Value) -> bool {
    match ty {
        Ty::Str => v.as_str().is_none_or(str::is_empty),
        Ty::Int => v.as_f64().is_none_or(|n| n == 0.0),
        Ty::Bool => !v.as_bool().unwrap_or_default(),
        Ty::Map => v.as_object().is_none_or(|m| m.is_empty()),
        Ty::List(_) => v.as_array().is_none_or(Vec::is_empty),
        Ty::Obj(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::api::policy_schema::{PLACEMENT, SPREAD_CONSTRAINT};

    #[test]
    fn struct_order_and_omitempty() {
        let v = json!({"minGroups": -1, "maxGroups": -2, "spreadByField": "cluster", "spreadByLabel": ""});
        assert_eq!(
            encode_struct(SPREAD_CONSTRAINT, Some(&v)).to_text(),
            r#"{"spreadByField":"cluster","maxGroups":-2,"minGroups":-1}"#
        );
        // An empty list is dropped, an empty struct behind a pointer is kept.
        let p = json!({"clusterAffinity": {}, "clusterAffinities": []});
        assert_eq!(
            encode_struct(PLACEMENT, Some(&p)).to_text(),
            r#"{"clusterAffinity":{}}"#
        );
        assert_eq!(
            GoVal::Str("<a&b>".into()).to_text(),
            r#""\u003ca\u0026b\u003e""#
        );
    }
}
