//! How Go prints what a template selects: `fmt`'s `%v` for scalars (a float64 in its
//! shortest form, exponent form below 1e-4 and from 1e6), `encoding/json`'s `Marshal`
//! for objects and lists (sorted keys, HTML characters escaped, its own float rule), and
//! `%v` of whole values in filter errors (`map[k:v]`, `[a b]`, `<nil>`).

use serde_json::Value;

use crate::api::policy_schema::go_json::write_str;

/// The shortest decimal digits of `f` and its decimal exponent (`d.ddd × 10^exp`).
fn digits(f: f64) -> (String, i32) {
    let e = format!("{:e}", f.abs());
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    (mantissa.replace('.', ""), exp.parse().unwrap_or(0))
}

fn exponent_form(f: f64, min_exp_digits: usize) -> String {
    let (d, exp) = digits(f);
    let sign = if f.is_sign_negative() { "-" } else { "" };
    let mantissa = if d.len() > 1 {
        format!("{}.{}", &d[..1], &d[1..])
    } else {
        d
    };
    let esign = if exp < 0 { '-' } else { '+' };
    format!(
        "{sign}{mantissa}e{esign}{:0width$}",
        exp.abs(),
        width = min_exp_digits
    )
}

/// Go's `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)`).
pub fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let (_, exp) = digits(f);
    if !(-4..6).contains(&exp) {
        exponent_form(f, 2)
    } else {
        format!("{f}")
    }
}

/// `encoding/json`'s float64: plain digits, exponent form below 1e-6 and from 1e21
/// (with an exponent of at least one digit).
fn json_float(f: f64) -> String {
    let a = f.abs();
    if a != 0.0 && !(1e-6..1e21).contains(&a) {
        exponent_form(f, 1)
    } else if f == 0.0 && f.is_sign_negative() {
        "-0".into()
    } else {
        format!("{f}")
    }
}

fn json_into(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&json_float(n.as_f64().unwrap_or_default())),
        Value::String(s) => write_str(s, out),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_into(x, out);
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(k, out);
                out.push(':');
                json_into(x, out);
            }
            out.push('}');
        }
    }
}

/// `json.Marshal` of a value Go decoded from JSON (keys in sorted order, as
/// `serde_json`'s map keeps them).
pub fn go_json(v: &Value) -> String {
    let mut out = String::new();
    json_into(v, &mut out);
    out
}

/// `fmt`'s `%v` of a value decoded from JSON.
pub fn go_v(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_float(n.as_f64().unwrap_or_default()),
        Value::String(s) => s.clone(),
        Value::Array(a) => format!("[{}]", a.iter().map(go_v).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => format!(
            "map[{}]",
            m.iter()
                .map(|(k, x)| format!("{k}:{}", go_v(x)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// Go's `%q` of a string (`strconv.Quote`).
pub fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => {
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", c as u32))
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32))
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_go_prints_them() {
        for (f, want) in [
            (3.0, "3"),
            (-7.0, "-7"),
            (0.5, "0.5"),
            (2.5, "2.5"),
            (1000.0, "1000"),
            (123456.789, "123456.789"),
            (1e6, "1e+06"),
            (1234567.0, "1.234567e+06"),
            (1.7953056e12, "1.7953056e+12"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (-0.0, "-0"),
            (9007199254740993.0, "9.007199254740992e+15"),
            (1.2345678901234567e19, "1.2345678901234567e+19"),
        ] {
            assert_eq!(go_float(f), want, "{f}");
        }
    }

    #[test]
    fn json_prints_as_encoding_json() {
        let v = serde_json::json!({"b": [1000000.0, 0.00001, 1e-7, 1e21, "<a&b>"], "a": -0.0});
        assert_eq!(
            go_json(&v),
            r#"{"a":-0,"b":[1000000,0.00001,1e-7,1e+21,"\u003ca\u0026b\u003e"]}"#
        );
        assert_eq!(
            go_v(&serde_json::json!({"k": [1, null], "j": "x"})),
            "map[j:x k:[1 <nil>]]"
        );
    }
}
