//! The object as the shipped Lua scripts see it, and the few Lua operations they use.
//!
//! Karmada's VM hands a script the object re-encoded as JSON and decoded by
//! gopher-json: objects and lists both become tables (`[]` and `{}` alike: empty), a
//! `null` list item is skipped (the list closes up), a `null` field is absent, every
//! number is a float64. In gopher-lua, indexing `nil`, a number or a boolean is an
//! error; indexing a string looks into the string library (none of the keys the scripts
//! read is one of its functions, so the answer is `nil`); `<` needs two numbers or two
//! strings; `#` needs a string (its bytes) or a table (a list's items, an object's 0).
//!
//! Upstream: `pkg/resourceinterpreter/customized/declarative/luavm/lua.go`
//! (`RunScript`, `decodeValue`, `InterpretHealth`), `vendor/layeh.com/gopher-json`,
//! `vendor/github.com/yuin/gopher-lua` (`getField`, `lessThan`, `equals`, `OP_LEN`).

use serde_json::Value;

/// A script's failure: the run ends and the health is `Unknown`.
pub(super) type LuaResult<T> = Result<T, String>;

/// A Lua value made from the object's JSON.
#[derive(Clone, Copy, Debug)]
pub(super) enum Lua<'a> {
    Nil,
    Bool(bool),
    Number(f64),
    Str(&'a str),
    /// A table, from a JSON object or list (the node itself: its identity).
    Table(&'a Value),
}

impl<'a> Lua<'a> {
    /// The Lua value JSON `v` decodes to.
    pub(super) fn of(v: &'a Value) -> Lua<'a> {
        match v {
            Value::Null => Lua::Nil,
            Value::Bool(b) => Lua::Bool(*b),
            Value::Number(n) => Lua::Number(n.as_f64().unwrap_or_default()),
            Value::String(s) => Lua::Str(s),
            Value::Array(_) | Value::Object(_) => Lua::Table(v),
        }
    }

    /// gopher-lua's type name.
    pub(super) fn type_name(self) -> &'static str {
        match self {
            Lua::Nil => "nil",
            Lua::Bool(_) => "boolean",
            Lua::Number(_) => "number",
            Lua::Str(_) => "string",
            Lua::Table(_) => "table",
        }
    }

    /// gopher-lua's type code (`LValueType`), as Karmada's "result type N" prints it.
    pub(super) fn type_code(self) -> u8 {
        match self {
            Lua::Nil => 0,
            Lua::Bool(_) => 1,
            Lua::Number(_) => 2,
            Lua::Str(_) => 3,
            Lua::Table(_) => 7,
        }
    }

    pub(super) fn is_nil(self) -> bool {
        matches!(self, Lua::Nil)
    }

    /// Anything but `nil` and `false`.
    pub(super) fn truthy(self) -> bool {
        !matches!(self, Lua::Nil | Lua::Bool(false))
    }

    /// `a or b`.
    pub(super) fn or(self, other: Lua<'a>) -> Lua<'a> {
        if self.truthy() {
            self
        } else {
            other
        }
    }

    /// `v.key`.
    pub(super) fn field(self, key: &str) -> LuaResult<Lua<'a>> {
        match self {
            Lua::Table(Value::Object(map)) => Ok(map.get(key).map_or(Lua::Nil, Lua::of)),
            Lua::Table(_) | Lua::Str(_) => Ok(Lua::Nil),
            _ => Err(format!(
                "attempt to index a non-table object({}) with key '{key}'",
                self.type_name()
            )),
        }
    }

    /// `v[i]` (1-based).
    pub(super) fn item(self, i: usize) -> LuaResult<Lua<'a>> {
        match self {
            Lua::Table(Value::Array(list)) => Ok(items(list).nth(i - 1).map_or(Lua::Nil, Lua::of)),
            Lua::Table(_) | Lua::Str(_) => Ok(Lua::Nil),
            _ => Err(format!(
                "attempt to index a non-table object({}) with key '{i}'",
                self.type_name()
            )),
        }
    }

    /// `#v`.
    pub(super) fn len(self) -> LuaResult<usize> {
        match self {
            Lua::Str(s) => Ok(s.len()),
            Lua::Table(Value::Array(list)) => Ok(items(list).count()),
            Lua::Table(_) => Ok(0),
            _ => Err("__len undefined".into()),
        }
    }

    /// The values `ipairs(v)` visits.
    pub(super) fn ipairs(self) -> LuaResult<Vec<Lua<'a>>> {
        match self {
            Lua::Table(Value::Array(list)) => Ok(items(list).map(Lua::of).collect()),
            Lua::Table(_) => Ok(Vec::new()),
            _ => Err(format!(
                "bad argument #1 to ipairs (table expected, got {})",
                self.type_name()
            )),
        }
    }

    /// `v == "s"`.
    pub(super) fn is(self, s: &str) -> bool {
        matches!(self, Lua::Str(v) if v == s)
    }

    /// `v == n`.
    pub(super) fn is_number(self, n: f64) -> bool {
        matches!(self, Lua::Number(v) if v == n)
    }

    /// `a == b`: same type and value; tables only equal themselves.
    pub(super) fn equals(self, other: Lua) -> bool {
        match (self, other) {
            (Lua::Nil, Lua::Nil) => true,
            (Lua::Bool(a), Lua::Bool(b)) => a == b,
            (Lua::Number(a), Lua::Number(b)) => a == b,
            (Lua::Str(a), Lua::Str(b)) => a == b,
            (Lua::Table(a), Lua::Table(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    }

    /// `a < b`: numbers, or strings bytewise; anything else is an error.
    pub(super) fn less_than(self, other: Lua) -> LuaResult<bool> {
        match (self, other) {
            (Lua::Number(a), Lua::Number(b)) => Ok(a < b),
            (Lua::Str(a), Lua::Str(b)) => Ok(a.as_bytes() < b.as_bytes()),
            _ => Err(format!(
                "attempt to compare {} with {}",
                self.type_name(),
                other.type_name()
            )),
        }
    }
}

/// A list's items as the decoded table holds them: `null` ones skipped.
fn items(list: &[Value]) -> impl Iterator<Item = &Value> {
    list.iter().filter(|v| !v.is_null())
}
