//! Splitting a stream of JSON documents into objects, and lists into their items, read
//! chunk by chunk from any reader: a snapshot is never held whole, only the chunk being
//! read (a few MiB) and what the sink keeps of it.
//!
//! Written by hand on purpose: it only finds where each value ends (strings, escapes and
//! nesting), at byte speed, so the items of a chunk can be parsed in parallel.
//! serde_json's reader-based parser goes one byte at a time on one thread, and its
//! borrowed `RawValue` needs the whole text in memory. Every item is still parsed by
//! serde_json, which rejects whatever malformed input the splitter lets through.

use std::io::{ErrorKind, Read};
use std::ops::Range;

use super::error::SnapshotError;

/// Bytes read from the input at a time, at most: reads start at [`FIRST_CHUNK`] and
/// double, so a small input costs a small buffer.
const CHUNK: usize = 8 << 20;
#[cfg(not(test))]
const FIRST_CHUNK: usize = 64 << 10;
/// Tests read in tiny chunks first, so values straddle chunk borders at every position.
#[cfg(test)]
const FIRST_CHUNK: usize = 7;

/// Where the documents of a stream go.
pub(super) trait Sink {
    /// A top-level object that is not a list.
    fn object(&mut self, doc: usize, json: &str) -> Result<(), SnapshotError>;
    /// The next items of a list (a `List` object's `items`, or a top-level array).
    fn items(&mut self, doc: usize, items: &[&str]) -> Result<(), SnapshotError>;
    /// The end of a `List` object: its other fields (`kind`, `metadata`, a snapshot
    /// header), as one object.
    fn list_end(&mut self, doc: usize, fields: &str) -> Result<(), SnapshotError>;
}

/// Read every JSON document of `input` into `sink`. `Ok(false)`, with nothing handed to
/// the sink, when the input does not start with `{` or `[` (YAML, or empty).
pub(super) fn read_json(
    origin: &str,
    input: impl Read,
    sink: &mut impl Sink,
) -> Result<bool, SnapshotError> {
    let mut reader = Reader {
        input,
        buf: Vec::new(),
        pos: 0,
        eof: false,
        chunk: FIRST_CHUNK,
        origin,
        doc: 0,
    };
    loop {
        match reader.next_byte()? {
            None => return Ok(reader.doc > 0),
            Some(b'[') => {
                reader.pos += 1;
                reader.items(sink)?;
            }
            Some(b'{') => reader.object(sink)?,
            Some(_) if reader.doc == 0 => return Ok(false),
            Some(_) => return Err(reader.error("expected a JSON object or array")),
        }
        reader.doc += 1;
    }
}

struct Reader<'o, R> {
    input: R,
    buf: Vec<u8>,
    /// Bytes of `buf` before this are consumed.
    pos: usize,
    eof: bool,
    /// Bytes the next read asks for.
    chunk: usize,
    origin: &'o str,
    /// Index of the document being read.
    doc: usize,
}

/// What a list expects next.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    FirstItem,
    Item,
    Separator,
}

impl<R: Read> Reader<'_, R> {
    fn error(&self, message: impl std::fmt::Display) -> SnapshotError {
        SnapshotError::Malformed {
            path: self.origin.to_string(),
            index: self.doc,
            message: message.to_string(),
        }
    }

    /// Drop the consumed bytes and read up to one more chunk; false at the end of input.
    fn fill(&mut self) -> Result<bool, SnapshotError> {
        if self.eof {
            return Ok(false);
        }
        self.buf.drain(..self.pos);
        self.pos = 0;
        let old = self.buf.len();
        let chunk = self.chunk;
        self.chunk = (chunk * 2).min(CHUNK);
        self.buf.resize(old + chunk, 0);
        let mut read = 0;
        while read < chunk {
            match self.input.read(&mut self.buf[old + read..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => read += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(SnapshotError::Io {
                        path: self.origin.to_string(),
                        source: e,
                    })
                }
            }
        }
        self.buf.truncate(old + read);
        Ok(read > 0)
    }

    /// The next byte that is not whitespace, not consumed; `None` at the end of input.
    fn next_byte(&mut self) -> Result<Option<u8>, SnapshotError> {
        loop {
            if let Some(at) = skip_whitespace(&self.buf, self.pos) {
                self.pos = at;
                return Ok(Some(self.buf[at]));
            }
            self.pos = self.buf.len();
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// The next byte that is not whitespace, which must exist.
    fn expect_byte(&mut self) -> Result<u8, SnapshotError> {
        self.next_byte()?
            .ok_or_else(|| self.error("unexpected end of input"))
    }

    /// The whole value at the next non-whitespace byte, consumed: its range in `buf`,
    /// valid until the next read.
    fn value(&mut self) -> Result<Range<usize>, SnapshotError> {
        self.expect_byte()?;
        loop {
            match value_end(&self.buf, self.pos).map_err(|e| self.error(e))? {
                Some(end) => {
                    let range = self.pos..end;
                    self.pos = end;
                    return Ok(range);
                }
                None if self.fill()? => {}
                None => return Err(self.error("unexpected end of input")),
            }
        }
    }

    /// A top-level object (at its `{`): a list's items are streamed, anything else is
    /// handed over whole.
    fn object(&mut self, sink: &mut impl Sink) -> Result<(), SnapshotError> {
        self.pos += 1;
        // The object, rebuilt without the items of a list.
        let mut fields = b"{".to_vec();
        let mut kind: Option<String> = None;
        let mut streamed = false;
        if self.expect_byte()? == b'}' {
            self.pos += 1;
        } else {
            loop {
                if self.expect_byte()? != b'"' {
                    return Err(self.error("expected a field name"));
                }
                let name = self.value()?;
                let name_raw = self.buf[name].to_vec();
                let name: String = serde_json::from_slice(&name_raw).map_err(|e| self.error(e))?;
                if self.expect_byte()? != b':' {
                    return Err(self.error(format!("expected ':' after field {name:?}")));
                }
                self.pos += 1;
                let is_list = kind.as_deref().is_none_or(|k| k.ends_with("List"));
                if name == "items" && is_list && self.expect_byte()? == b'[' {
                    self.pos += 1;
                    self.items(sink)?;
                    streamed = true;
                } else {
                    let value = self.value()?;
                    if name == "kind" {
                        kind = serde_json::from_slice(&self.buf[value.clone()]).ok();
                    }
                    if fields.len() > 1 {
                        fields.push(b',');
                    }
                    fields.extend_from_slice(&name_raw);
                    fields.push(b':');
                    fields.extend_from_slice(&self.buf[value]);
                }
                match self.expect_byte()? {
                    b',' => self.pos += 1,
                    b'}' => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(self.error("expected ',' or '}' after a field")),
                }
            }
        }
        fields.push(b'}');
        let fields = std::str::from_utf8(&fields).map_err(|e| self.error(e))?;
        if streamed {
            sink.list_end(self.doc, fields)
        } else {
            sink.object(self.doc, fields)
        }
    }

    /// The items of a list (after its `[`), handed over a chunk at a time.
    fn items(&mut self, sink: &mut impl Sink) -> Result<(), SnapshotError> {
        let mut expect = Expect::FirstItem;
        loop {
            let mut ranges: Vec<Range<usize>> = Vec::new();
            let mut at = self.pos;
            let ended = loop {
                let Some(next) = skip_whitespace(&self.buf, at) else {
                    break false;
                };
                match (expect, self.buf[next]) {
                    (Expect::FirstItem | Expect::Separator, b']') => {
                        at = next + 1;
                        break true;
                    }
                    (Expect::Separator, b',') => {
                        at = next + 1;
                        expect = Expect::Item;
                    }
                    (Expect::Separator, _) => {
                        return Err(self.error("expected ',' or ']' after a list item"))
                    }
                    (Expect::FirstItem | Expect::Item, _) => {
                        match value_end(&self.buf, next).map_err(|e| self.error(e))? {
                            Some(end) => {
                                ranges.push(next..end);
                                at = end;
                                expect = Expect::Separator;
                            }
                            None => break false,
                        }
                    }
                }
            };
            if let (Some(first), Some(last)) = (ranges.first(), ranges.last()) {
                let base = first.start;
                let text =
                    std::str::from_utf8(&self.buf[base..last.end]).map_err(|e| self.error(e))?;
                let items: Vec<&str> = ranges
                    .iter()
                    .map(|r| &text[r.start - base..r.end - base])
                    .collect();
                sink.items(self.doc, &items)?;
            }
            self.pos = at;
            if ended {
                return Ok(());
            }
            if !self.fill()? {
                return Err(self.error("unexpected end of input inside a list"));
            }
        }
    }
}

/// The first byte at or after `at` that is not JSON whitespace.
fn skip_whitespace(buf: &[u8], at: usize) -> Option<usize> {
    buf.get(at..)?
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        .map(|n| at + n)
}

/// One past the end of the JSON value starting at `buf[at]`, or `None` when `buf` ends
/// first. Only strings and nesting are followed; the value is not validated.
fn value_end(buf: &[u8], at: usize) -> Result<Option<usize>, String> {
    let mut depth = 0usize;
    let mut i = at;
    while i < buf.len() {
        match buf[i] {
            b'"' => {
                let Some(end) = string_end(buf, i + 1) else {
                    return Ok(None);
                };
                if depth == 0 {
                    return Ok(Some(end));
                }
                i = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' if depth == 0 => {
                return Err(format!("unexpected '{}'", buf[i] as char));
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(Some(i + 1));
                }
            }
            _ if depth == 0 => {
                // A number, `true`, `false` or `null`: up to the next delimiter.
                return match buf[i..]
                    .iter()
                    .position(|c| matches!(c, b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r'))
                {
                    Some(0) => Err(format!("expected a value at '{}'", buf[i] as char)),
                    found => Ok(found.map(|n| i + n)),
                };
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

/// One past the closing quote of the string whose content starts at `from`.
fn string_end(buf: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let n = memchr::memchr2(b'"', b'\\', buf.get(i..)?)?;
        if buf[i + n] == b'\\' {
            i += n + 2; // the escaped byte cannot end the string
        } else {
            return Some(i + n + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Events(Vec<String>);

    impl Sink for Events {
        fn object(&mut self, doc: usize, json: &str) -> Result<(), SnapshotError> {
            self.0.push(format!("{doc} object {json}"));
            Ok(())
        }
        fn items(&mut self, doc: usize, items: &[&str]) -> Result<(), SnapshotError> {
            self.0
                .extend(items.iter().map(|i| format!("{doc} item {i}")));
            Ok(())
        }
        fn list_end(&mut self, doc: usize, fields: &str) -> Result<(), SnapshotError> {
            self.0.push(format!("{doc} end {fields}"));
            Ok(())
        }
    }

    fn events(text: &str) -> Result<Vec<String>, String> {
        let mut sink = Events::default();
        match read_json("t", text.as_bytes(), &mut sink) {
            Ok(true) => Ok(sink.0),
            Ok(false) => Err("not json".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    #[test]
    fn splits_lists_objects_and_arrays() {
        let text = r#" {"kind":"List","items":[ {"a":"x,]}\"{"} ,{"b":[1,{"c":2}]}],"snapshot":{"n":1}}
            {"kind":"Cluster","items":[1]} [{"d":true}] {} []"#;
        assert_eq!(
            events(text).unwrap(),
            [
                r#"0 item {"a":"x,]}\"{"}"#,
                r#"0 item {"b":[1,{"c":2}]}"#,
                r#"0 end {"kind":"List","snapshot":{"n":1}}"#,
                r#"1 object {"kind":"Cluster","items":[1]}"#,
                r#"2 item {"d":true}"#,
                "3 object {}",
            ]
        );
    }

    #[test]
    fn items_split_across_chunks_arrive_whole_and_in_order() {
        let item = format!(r#"{{"name":"{}","esc":"\\\"\\\\"}}"#, "x".repeat(1000));
        let n = 3 * CHUNK / item.len();
        let text = format!(
            r#"{{"kind":"List","items":[{}]}}"#,
            vec![item.as_str(); n].join(",")
        );
        let got = events(&text).unwrap();
        assert_eq!(got.len(), n + 1);
        assert!(got[..n].iter().all(|e| e == &format!("0 item {item}")));
        // One item larger than a chunk.
        let big = format!(r#"[{{"big":"{}"}}]"#, "y".repeat(CHUNK + 10));
        assert_eq!(events(&big).unwrap().len(), 1);
    }

    /// Any JSON value, strings full of what the splitter must not mistake for structure.
    fn any_json() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        use serde_json::Value;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            "[\\\\\"{}\\[\\],: a-zé\\u{1F600}\\n\\t]{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z\\\\\"]{0,5}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// Whatever the items hold and however they are spaced, each arrives whole, in
        /// order, equal to what was written.
        #[test]
        fn every_item_arrives_whole(
            items in proptest::collection::vec(any_json(), 0..12),
            pretty in proptest::bool::ANY,
        ) {
            let list = serde_json::json!({"kind": "List", "items": items, "metadata": {}});
            let text = if pretty {
                serde_json::to_string_pretty(&list).unwrap()
            } else {
                serde_json::to_string(&list).unwrap()
            };
            let got = events(&text).unwrap();
            proptest::prop_assert_eq!(got.len(), items.len() + 1);
            for (event, item) in got.iter().zip(&items) {
                let json = event.strip_prefix("0 item ").unwrap();
                let back: serde_json::Value = serde_json::from_str(json).unwrap();
                proptest::prop_assert_eq!(&back, item);
            }
            let end = got.last().unwrap().strip_prefix("0 end ").unwrap();
            let fields: serde_json::Value = serde_json::from_str(end).unwrap();
            proptest::prop_assert_eq!(fields, serde_json::json!({"kind": "List", "metadata": {}}));
        }
    }

    #[test]
    fn yaml_is_not_json_and_broken_json_is_an_error() {
        assert_eq!(events("kind: List\n").unwrap_err(), "not json");
        assert_eq!(events("  \n").unwrap_err(), "not json");
        for (text, want) in [
            (
                r#"{"kind":"List","items":[{"a":1}"#,
                "unexpected end of input inside a list",
            ),
            (
                r#"{"kind":"List","items":[{"a":1} {"b":2}]}"#,
                "expected ',' or ']'",
            ),
            (r#"{"kind" "List"}"#, "expected ':'"),
            (r#"{"a":1 "b":2}"#, "expected ',' or '}'"),
            (r#"{"a":"open"#, "unexpected end of input"),
            (r#"{} x"#, "document 1: expected a JSON object or array"),
            (r#"[}]"#, "unexpected '}'"),
            (r#"[{"a":1},]"#, "unexpected ']'"),
            (r#"[,{"a":1}]"#, "expected a value at ','"),
        ] {
            let err = events(text).unwrap_err();
            assert!(
                err.starts_with("t: document ") && err.contains(want),
                "{text}: {err}"
            );
        }
    }
}
