//! Whether a member cluster's object survives the conversion into its typed Go struct
//! (`runtime.DefaultUnstructuredConverter.FromUnstructured`), which every native health
//! interpreter runs first. The struct's shape is read from the kind's OpenAPI schema
//! (k8s-openapi's); the conversion's rules are Go's:
//!
//! - `null` or an absent field is the zero value; a field the struct lacks is ignored;
//! - a struct or a map needs a JSON object, a list a JSON list (`null` items are zero);
//! - a string field takes only a string, a boolean only a boolean; an integer field any
//!   integral number (`4.0` too, wider values wrap), a float field any number;
//! - `metav1.Time` takes an RFC 3339 string as Go's lenient `time.Parse` reads it,
//!   `resource.Quantity` a number or a quantity string, `intstr.IntOrString` a string or
//!   an integer within int32; `FieldsV1` anything.
//!
//! Upstream: `k8s.io/apimachinery/pkg/runtime/converter.go` (`fromUnstructured`),
//! `pkg/apis/meta/v1/time.go` (`Time.UnmarshalJSON`), `pkg/api/resource/quantity.go`
//! (`Quantity.UnmarshalJSON`, `ParseQuantity`), `pkg/util/intstr/intstr.go`, as vendored
//! by Karmada (apimachinery v0.34.1 at v1.16.8 to v0.36.2 at master).

use std::collections::HashMap;
use std::sync::LazyLock;

use k8s_openapi::api::apps::v1::{DaemonSet, Deployment, ReplicaSet, StatefulSet};
use k8s_openapi::api::core::v1::{PersistentVolumeClaim, Pod, Service};
use k8s_openapi::api::networking::v1::Ingress;
use k8s_openapi::api::policy::v1::PodDisruptionBudget;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::Value;

/// The OpenAPI schema of each kind the native interpreters convert to, by kind.
static SCHEMAS: LazyLock<HashMap<&'static str, Value>> = LazyLock::new(|| {
    HashMap::from([
        ("Deployment", schema::<Deployment>()),
        ("StatefulSet", schema::<StatefulSet>()),
        ("ReplicaSet", schema::<ReplicaSet>()),
        ("DaemonSet", schema::<DaemonSet>()),
        ("Service", schema::<Service>()),
        ("Ingress", schema::<Ingress>()),
        ("PersistentVolumeClaim", schema::<PersistentVolumeClaim>()),
        ("Pod", schema::<Pod>()),
        ("PodDisruptionBudget", schema::<PodDisruptionBudget>()),
    ])
});

fn schema<T: JsonSchema>() -> Value {
    SchemaGenerator::default()
        .into_root_schema_for::<T>()
        .to_value()
}

/// Go types that convert through their own `UnmarshalJSON`, by OpenAPI definition name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Custom {
    Time,
    Quantity,
    IntOrString,
    Anything,
}

fn custom(definition: &str) -> Option<Custom> {
    Some(match definition {
        "io.k8s.apimachinery.pkg.apis.meta.v1.Time" => Custom::Time,
        "io.k8s.apimachinery.pkg.api.resource.Quantity" => Custom::Quantity,
        "io.k8s.apimachinery.pkg.util.intstr.IntOrString" => Custom::IntOrString,
        "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1" => Custom::Anything,
        _ => return None,
    })
}

/// Why `object` does not convert into the typed struct of `kind` (one of the nine
/// native kinds), if it does not.
pub(super) fn conversion_error(object: &Value, kind: &str) -> Option<String> {
    let root = SCHEMAS.get(kind)?;
    let defs = root.get("$defs").unwrap_or(&Value::Null);
    convert(object, root, defs).err()
}

/// Go's `fromUnstructured` of `v` into the type that `schema` describes.
fn convert(v: &Value, schema: &Value, defs: &Value) -> Result<(), String> {
    if v.is_null() {
        return Ok(());
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.rsplit('/').next().unwrap_or_default();
        return match custom(name) {
            Some(c) => convert_custom(v, c),
            None => convert(v, &defs[name], defs),
        };
    }
    let format = schema.get("format").and_then(Value::as_str);
    match schema.get("type").and_then(Value::as_str) {
        Some("string") if format == Some("byte") => convert_bytes(v),
        Some("string") => simple(v.is_string(), v, "string"),
        Some("boolean") => simple(v.is_boolean(), v, "bool"),
        Some("integer") => simple(is_integral(v), v, format.unwrap_or("int64")),
        Some("number") => simple(v.is_number(), v, "float64"),
        Some("array") => convert_list(v, &schema["items"], defs),
        Some("object") => convert_object(v, schema, defs),
        _ => Ok(()),
    }
}

fn simple(ok: bool, v: &Value, go_type: &str) -> Result<(), String> {
    if ok {
        return Ok(());
    }
    Err(format!("cannot convert {} to {go_type}", go_kind(v)))
}

/// The Go type the unstructured decoder gives `v`.
fn go_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "nil",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "slice",
        Value::Object(_) => "map",
    }
}

/// An integer field takes an integer, or a float without a fractional part.
fn is_integral(v: &Value) -> bool {
    match v {
        Value::Number(n) if n.is_i64() || n.is_u64() => true,
        Value::Number(n) => n.as_f64().is_some_and(|f| f == f.trunc()),
        _ => false,
    }
}

fn convert_list(v: &Value, items: &Value, defs: &Value) -> Result<(), String> {
    let Some(list) = v.as_array() else {
        return Err(format!("cannot restore slice from {}", go_kind(v)));
    };
    list.iter().try_for_each(|item| convert(item, items, defs))
}

/// A struct (`properties`) or a map (`additionalProperties`); both need an object.
fn convert_object(v: &Value, schema: &Value, defs: &Value) -> Result<(), String> {
    let Some(map) = v.as_object() else {
        let what = if schema.get("properties").is_some() {
            "struct from:"
        } else {
            "map from"
        };
        return Err(format!("cannot restore {what} {}", go_kind(v)));
    };
    if let Some(fields) = schema.get("properties").and_then(Value::as_object) {
        for (name, field) in fields {
            if let Some(value) = map.get(name) {
                convert(value, field, defs)?;
            }
        }
    } else if let Some(values) = schema.get("additionalProperties") {
        map.values()
            .try_for_each(|value| convert(value, values, defs))?;
    }
    Ok(())
}

/// `[]byte`: a base64 string, or a list of integral numbers.
fn convert_bytes(v: &Value) -> Result<(), String> {
    match v {
        Value::String(s) if s.is_empty() || is_base64(s) => Ok(()),
        Value::String(_) => Err("error decoding from json: illegal base64 data".into()),
        Value::Array(items) if items.iter().all(|i| i.is_null() || is_integral(i)) => Ok(()),
        _ => Err(format!("cannot restore slice from {}", go_kind(v))),
    }
}

/// Standard padded base64, as `encoding/json` decodes `[]byte` (line breaks ignored).
fn is_base64(s: &str) -> bool {
    let body: Vec<u8> = s.bytes().filter(|b| *b != b'\r' && *b != b'\n').collect();
    if !body.len().is_multiple_of(4) {
        return false;
    }
    let pad = body.iter().rev().take_while(|b| **b == b'=').count();
    let data = &body[..body.len() - pad];
    pad <= 2
        && (pad == 0 || data.len() % 4 != 1)
        && data
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'+' || *b == b'/')
}

/// A type with its own `UnmarshalJSON`, handed `v` re-encoded as JSON.
fn convert_custom(v: &Value, c: Custom) -> Result<(), String> {
    let ok = match (c, v) {
        (Custom::Anything, _) => true,
        (Custom::Time, Value::String(s)) => go_parses_rfc3339(s),
        (Custom::Quantity, Value::Number(_)) => true,
        (Custom::Quantity, Value::String(s)) => quantity_text_parses(s),
        (Custom::IntOrString, Value::String(_)) => true,
        (Custom::IntOrString, Value::Number(n)) => n
            .as_f64()
            .is_some_and(|f| f == f.trunc() && (-2147483648.0..=2147483647.0).contains(&f)),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    Err(format!("cannot unmarshal {} into {c:?}", go_kind(v)))
}

/// `Quantity.UnmarshalJSON` of a JSON string: the text between the quotes as
/// `encoding/json` wrote it (escapes left in), trimmed, then `ParseQuantity`.
fn quantity_text_parses(s: &str) -> bool {
    let escaped = |c: char| {
        (c as u32) < 0x20 || matches!(c, '"' | '\\' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}')
    };
    !s.chars().any(escaped) && parse_quantity_ok(s.trim())
}

/// The parts `parseQuantityString` splits a quantity into.
struct QuantityParts<'a> {
    value: &'a str,
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

/// Whether `ParseQuantity` accepts `s`.
fn parse_quantity_ok(s: &str) -> bool {
    if s.is_empty() {
        return false;
    }
    if s == "0" {
        return true;
    }
    let Some(parts) = split_quantity(s) else {
        return false;
    };
    let Some((binary, exponent)) = suffix_exponent(parts.suffix) else {
        return false;
    };
    // The fast path (int64 arithmetic) takes any text; the slow one (`inf.Dec`) needs
    // a digit in the number.
    fast_path(&parts, binary, exponent) || parts.value.bytes().any(|b| b.is_ascii_digit())
}

/// Whether `ParseQuantity` stays on its int64 path (`precision >= 0`, scale >= nano).
fn fast_path(parts: &QuantityParts, binary: bool, exponent: i32) -> bool {
    let (num, denom) = (parts.num.len() as i32, parts.denom.len() as i32);
    if binary {
        let precision = 15 - num - (exponent as f32 * 3.0 / 10.0) as i32 - 1;
        return exponent >= 0 && denom == 0 && precision >= 0;
    }
    18 - (num + denom) >= 0 && exponent.wrapping_sub(denom) >= -9
}

/// `parseQuantityString`: sign, digits (leading zeros dropped), `.` digits, then a
/// suffix; `value` is the text before the suffix (all of it when the number runs to
/// the end, `0` when it is only a sign and zeros).
fn split_quantity(s: &str) -> Option<QuantityParts<'_>> {
    let b = s.as_bytes();
    let digits_from = |i: usize| i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut pos = usize::from(matches!(b[0], b'-' | b'+'));
    pos += b[pos..].iter().take_while(|c| **c == b'0').count();
    let mut parts = QuantityParts {
        value: s,
        num: "0",
        denom: "",
        suffix: "",
    };
    if pos >= b.len() {
        parts.value = "0";
        return Some(parts);
    }
    let num_end = digits_from(pos);
    if num_end > pos {
        parts.num = &s[pos..num_end];
    }
    pos = num_end;
    if pos < b.len() && b[pos] == b'.' {
        pos = digits_from(pos + 1);
        parts.denom = &s[num_end + 1..pos];
    }
    if pos >= b.len() {
        return Some(parts);
    }
    parts.value = &s[..pos];
    parts.suffix = suffix_at(s, pos)?;
    Some(parts)
}

/// The suffix from `start`: letters of `eEinumkKMGTP`, an optional sign, then digits to
/// the end (anything else: `ErrFormatWrong`).
fn suffix_at(s: &str, start: usize) -> Option<&str> {
    let b = s.as_bytes();
    let letters = b[start..]
        .iter()
        .take_while(|c| b"eEinumkKMGTP".contains(c));
    let mut pos = start + letters.count();
    if pos < b.len() && matches!(b[pos], b'-' | b'+') {
        pos += 1;
    }
    b[pos..]
        .iter()
        .all(u8::is_ascii_digit)
        .then_some(&s[start..])
}

/// The suffix's kind (binary or not) and exponent, if `ParseQuantity` knows it.
fn suffix_exponent(suffix: &str) -> Option<(bool, i32)> {
    const DECIMAL: [(&str, i32); 10] = [
        ("n", -9),
        ("u", -6),
        ("m", -3),
        ("", 0),
        ("k", 3),
        ("M", 6),
        ("G", 9),
        ("T", 12),
        ("P", 15),
        ("E", 18),
    ];
    const BINARY: [&str; 6] = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];
    if let Some((_, e)) = DECIMAL.iter().find(|(s, _)| *s == suffix) {
        return Some((false, *e));
    }
    if let Some(i) = BINARY.iter().position(|s| *s == suffix) {
        return Some((true, 10 * (i as i32 + 1)));
    }
    let rest = suffix.strip_prefix(['e', 'E']).filter(|r| !r.is_empty())?;
    go_parse_int(rest).map(|e| (false, e as i32))
}

/// `strconv.ParseInt(s, 10, 64)`.
fn go_parse_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.strip_prefix('+').unwrap_or(s).parse().ok()
}

/// Go's `time.Parse(time.RFC3339, s)` succeeds: `YYYY-MM-DDTH[H]:MM:SS`, an optional
/// `.` or `,` fraction, then `Z` or `±hh:mm` (hour ≤ 24, minute ≤ 60), nothing after;
/// month 1-12, hour < 24, minute and second < 60, the day within its month.
fn go_parses_rfc3339(s: &str) -> bool {
    let mut rest = s.as_bytes();
    let Some(year) = take_digits(&mut rest, 4, 4) else {
        return false;
    };
    let fields = [
        (b'-', 2, 2),
        (b'-', 2, 2),
        (b'T', 1, 2),
        (b':', 2, 2),
        (b':', 2, 2),
    ];
    let mut values = [0u32; 5];
    for (slot, (sep, min, max)) in values.iter_mut().zip(fields) {
        if !take(&mut rest, sep) {
            return false;
        }
        let Some(v) = take_digits(&mut rest, min, max) else {
            return false;
        };
        *slot = v;
    }
    let [month, day, hour, minute, second] = values;
    let in_range = (1..=12).contains(&month) && hour < 24 && minute < 60 && second < 60;
    if !in_range || !(1..=days_in(month, year)).contains(&day) {
        return false;
    }
    if rest.len() >= 2 && matches!(rest[0], b'.' | b',') && rest[1].is_ascii_digit() {
        let n = 1 + rest[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        rest = &rest[n..];
    }
    zone_parses(rest)
}

/// `Z`, or `±hh:mm` with hh ≤ 24 and mm ≤ 60, and nothing after.
fn zone_parses(rest: &[u8]) -> bool {
    if rest == b"Z" {
        return true;
    }
    if rest.len() != 6 || !matches!(rest[0], b'+' | b'-') || rest[3] != b':' {
        return false;
    }
    let two = |i: usize| {
        (rest[i].is_ascii_digit() && rest[i + 1].is_ascii_digit())
            .then(|| u32::from(rest[i] - b'0') * 10 + u32::from(rest[i + 1] - b'0'))
    };
    matches!((two(1), two(4)), (Some(h), Some(m)) if h <= 24 && m <= 60)
}

fn take(rest: &mut &[u8], byte: u8) -> bool {
    let ok = rest.first() == Some(&byte);
    if ok {
        *rest = &rest[1..];
    }
    ok
}

/// Between `min` and `max` leading digits (as many as there are, up to `max`).
fn take_digits(rest: &mut &[u8], min: usize, max: usize) -> Option<u32> {
    let n = rest
        .iter()
        .take(max)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if n < min {
        return None;
    }
    let v = rest[..n]
        .iter()
        .fold(0u32, |acc, b| acc * 10 + u32::from(b - b'0'));
    *rest = &rest[n..];
    Some(v)
}

fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_as_go_parses_them() {
        for ok in [
            "2026-11-22T14:43:47Z",
            "2026-11-22T4:43:47Z",
            "2024-02-29T00:00:00.123456789+24:00",
            "2026-11-22T14:43:47,5-05:30",
        ] {
            assert!(go_parses_rfc3339(ok), "{ok}");
        }
        for bad in [
            "",
            "2026-11-22",
            "2026-11-22T14:43:47",
            "2025-02-29T00:00:00Z",
            "2026-11-22T24:00:00Z",
            "2026-11-22t14:43:47Z",
            "2026-11-22T14:43:47+25:00",
            "2026-11-22T14:43:47Z ",
        ] {
            assert!(!go_parses_rfc3339(bad), "{bad}");
        }
    }

    #[test]
    fn quantities_as_parse_quantity_reads_them() {
        for ok in [
            "1Gi", "500m", "0", ".", "-", "1.", "1.5Gi", "2e3", "1E", " 1Ki ",
        ] {
            assert!(quantity_text_parses(ok), "{ok}");
        }
        for bad in ["", "1e", "1Gb", "abc", "1.5.5", "1k5", ".e-20", "\t1"] {
            assert!(!quantity_text_parses(bad), "{bad}");
        }
    }
}
