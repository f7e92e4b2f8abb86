//! The parser of client-go's JSONPath templates (`k8s.io/client-go/util/jsonpath`,
//! `parser.go`): text outside `{…}` is literal, each action a list of nodes. Its error
//! texts are upstream's, since they end up in what Karmada reports.

/// One node of a parsed template.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Literal text (outside actions, or a quoted string inside one).
    Text(String),
    /// An action `{…}`: its nodes, applied in turn.
    List(Vec<Node>),
    /// `.key`.
    Field(String),
    /// `[start:end:step]`, `[i]`, `[*]`.
    Array([Param; 3]),
    /// `[?(left OP right)]`, or `[?(left)]` (`exists`).
    Filter {
        left: Vec<Node>,
        right: Vec<Node>,
        op: String,
    },
    Int(i64),
    Float(f64),
    Bool(bool),
    /// `.*`.
    Wildcard,
    /// `..`.
    Recursive,
    /// `[a,b]`: each part an action of its own.
    Union(Vec<Vec<Node>>),
    /// A bare word: `range`, `end`, or an error when evaluated.
    Identifier(String),
}

/// A slice parameter: whether given, its value, and whether derived (`[i]` ends at i+1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Param {
    pub known: bool,
    pub value: i64,
    pub derived: bool,
}

/// Go's `eof` (-1): a character no template holds.
const EOF: char = '\u{10FFFF}';

struct Parser<'a> {
    input: &'a str,
    pos: usize,
    start: usize,
    width: usize,
}

/// Parse `text` into the root's nodes (each a `Text` or a `List`).
pub fn parse(text: &str) -> Result<Vec<Node>, String> {
    let mut p = Parser {
        input: text,
        pos: 0,
        start: 0,
        width: 0,
    };
    let mut root = Vec::new();
    p.parse_text(&mut root)?;
    Ok(root)
}

/// `{text}` parsed, its action's nodes (upstream's `parseAction`).
fn parse_action(text: &str) -> Result<Vec<Node>, String> {
    let root = parse(&format!("{{{text}}}"))?;
    match root.into_iter().next() {
        Some(Node::List(nodes)) => Ok(nodes),
        _ => Ok(Vec::new()),
    }
}

fn is_space(r: char) -> bool {
    r == ' ' || r == '\t'
}

fn is_end_of_line(r: char) -> bool {
    r == '\r' || r == '\n'
}

fn is_alphanumeric(r: char) -> bool {
    r != EOF && (r == '_' || r.is_alphabetic() || r.is_numeric())
}

fn is_terminator(r: char) -> bool {
    is_space(r)
        || is_end_of_line(r)
        || matches!(r, '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}')
        || r == EOF
}

/// Go's `%#U`: `U+007B '{'`.
fn go_sharp_u(r: char) -> String {
    if r.is_control() {
        format!("U+{:04X}", r as u32)
    } else {
        format!("U+{:04X} '{r}'", r as u32)
    }
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.input[self.pos..]
    }

    fn consume(&mut self) -> String {
        let v = self.input[self.start..self.pos].to_string();
        self.start = self.pos;
        v
    }

    fn next(&mut self) -> char {
        match self.rest().chars().next() {
            None => {
                self.width = 0;
                EOF
            }
            Some(r) => {
                self.width = r.len_utf8();
                self.pos += self.width;
                r
            }
        }
    }

    fn peek(&mut self) -> char {
        let r = self.next();
        self.backup();
        r
    }

    fn backup(&mut self) {
        self.pos -= self.width;
    }

    fn parse_text(&mut self, root: &mut Vec<Node>) -> Result<(), String> {
        loop {
            if self.rest().starts_with('{') {
                if self.pos > self.start {
                    root.push(Node::Text(self.consume()));
                }
                return self.parse_left_delim(root);
            }
            if self.next() == EOF {
                break;
            }
        }
        if self.pos > self.start {
            root.push(Node::Text(self.consume()));
        }
        Ok(())
    }

    fn parse_left_delim(&mut self, root: &mut Vec<Node>) -> Result<(), String> {
        self.pos += 1;
        self.consume();
        let mut cur = Vec::new();
        let r = self.parse_inside_action(&mut cur);
        root.push(Node::List(cur));
        match r? {
            // The action closed: go on with the text after it.
            true => self.parse_text(root),
            false => Ok(()),
        }
    }

    /// Parse an action's nodes up to its `}`; `Ok(true)` when it closed.
    fn parse_inside_action(&mut self, cur: &mut Vec<Node>) -> Result<bool, String> {
        loop {
            if self.rest().starts_with('}') {
                self.pos += 1;
                self.consume();
                return Ok(true);
            }
            if self.rest().starts_with("[?(") {
                self.parse_filter(cur)?;
                continue;
            }
            if self.rest().starts_with("..") {
                if matches!(cur.last(), Some(Node::Recursive)) {
                    return Err("invalid multiple recursive descent".into());
                }
                self.pos += 2;
                self.consume();
                cur.push(Node::Recursive);
                if is_alphanumeric(self.peek()) {
                    self.parse_field(cur);
                }
                continue;
            }
            let r = self.next();
            match r {
                _ if r == EOF || is_end_of_line(r) => return Err("unclosed action".into()),
                ' ' | '@' | '$' => {
                    self.consume();
                }
                '[' => self.parse_array(cur)?,
                '"' | '\'' => self.parse_quote(cur, r)?,
                '.' => self.parse_field(cur),
                _ if r == '+'
                    || r == '-'
                    || r.is_ascii_digit()
                    || (r.is_numeric() && !r.is_ascii()) =>
                {
                    self.backup();
                    self.parse_number(cur)?;
                }
                _ if is_alphanumeric(r) => {
                    self.backup();
                    self.parse_identifier(cur);
                }
                _ => {
                    return Err(format!(
                        "unrecognized character in action: {}",
                        go_sharp_u(r)
                    ))
                }
            }
        }
    }

    fn parse_identifier(&mut self, cur: &mut Vec<Node>) {
        loop {
            let r = self.next();
            if is_terminator(r) {
                self.backup();
                break;
            }
        }
        let value = self.consume();
        cur.push(match value.as_str() {
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            _ => Node::Identifier(value),
        });
    }

    fn parse_number(&mut self, cur: &mut Vec<Node>) -> Result<(), String> {
        let r = self.peek();
        if r == '+' || r == '-' {
            self.next();
        }
        loop {
            let r = self.next();
            if r != '.' && !(r != EOF && r.is_numeric()) {
                self.backup();
                break;
            }
        }
        let value = self.consume();
        if let Some(i) = go_atoi(&value) {
            cur.push(Node::Int(i));
        } else if let Some(f) = go_parse_float(&value) {
            cur.push(Node::Float(f));
        } else {
            return Err(format!("cannot parse number {value}"));
        }
        Ok(())
    }

    fn parse_array(&mut self, cur: &mut Vec<Node>) -> Result<(), String> {
        loop {
            match self.next() {
                EOF | '\n' => return Err("unterminated array".into()),
                ']' => break,
                _ => {}
            }
        }
        let text = self.consume();
        let mut text = text[1..text.len() - 1].to_string();
        if text == "*" {
            text = ":".into();
        }
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() > 1 {
            let mut union = Vec::new();
            for part in parts {
                union.push(parse_action(&format!("[{}]", part.trim_matches(' ')))?);
            }
            cur.push(Node::Union(union));
            return Ok(());
        }
        if let Some(key) = text
            .strip_prefix('\'')
            .and_then(|t| t.strip_suffix('\''))
            .filter(|k| !k.contains('\'') && text.len() >= 2)
        {
            cur.extend(parse_action(&format!(".{key}"))?);
            return Ok(());
        }
        let Some(groups) = slice_groups(&text) else {
            return Err(format!("invalid array index {text}"));
        };
        let mut params = [Param::default(); 3];
        for i in 0..3 {
            let mut v = groups[i].clone();
            if !v.is_empty() {
                if i > 0 {
                    v = v[1..].to_string();
                }
                if i > 0 && v.is_empty() {
                    params[i].known = false;
                } else {
                    params[i].known = true;
                    params[i].value =
                        go_atoi(&v).ok_or_else(|| format!("array index {v} is not a number"))?;
                }
            } else if i == 1 {
                params[i] = Param {
                    known: true,
                    value: params[0].value + 1,
                    derived: true,
                };
            }
        }
        cur.push(Node::Array(params));
        Ok(())
    }

    fn parse_filter(&mut self, cur: &mut Vec<Node>) -> Result<(), String> {
        self.pos += 3;
        self.consume();
        let (mut begin, mut end) = (false, false);
        let mut pair = '\0';
        loop {
            let r = self.next();
            match r {
                EOF | '\n' => return Err("unterminated filter".into()),
                '"' | '\'' => {
                    if !begin {
                        begin = true;
                        pair = r;
                        continue;
                    }
                    if self.input.as_bytes()[self.pos - 2] != b'\\' && r == pair {
                        end = true;
                    }
                }
                ')' if begin == end => break,
                _ => {}
            }
        }
        if self.next() != ']' {
            return Err("unclosed array expect ]".into());
        }
        let text = self.consume();
        let text = &text[..text.len() - 2];
        match filter_parts(text) {
            None => cur.push(Node::Filter {
                left: parse_action(text)?,
                right: Vec::new(),
                op: "exists".into(),
            }),
            Some((left, op, right)) => {
                let left = parse_action(left)?;
                let right = parse_action(right)?;
                cur.push(Node::Filter {
                    left,
                    right,
                    op: op.to_string(),
                });
            }
        }
        Ok(())
    }

    fn parse_quote(&mut self, cur: &mut Vec<Node>, end: char) -> Result<(), String> {
        loop {
            match self.next() {
                EOF | '\n' => return Err("unterminated quoted string".into()),
                '\\' => {
                    let r = self.next();
                    if r != EOF && r != '\n' {
                        continue;
                    }
                    break;
                }
                r if r == end => break,
                _ => {}
            }
        }
        let value = self.consume();
        let s = unquote_extend(&value).map_err(|e| format!("unquote string {value} error {e}"))?;
        cur.push(Node::Text(s));
        Ok(())
    }

    fn parse_field(&mut self, cur: &mut Vec<Node>) {
        self.consume();
        while self.advance() {}
        let value = self.consume();
        cur.push(if value == "*" {
            Node::Wildcard
        } else {
            Node::Field(value.replace('\\', ""))
        });
    }

    fn advance(&mut self) -> bool {
        let r = self.next();
        if r == '\\' {
            self.next();
        } else if is_terminator(r) {
            self.backup();
            return false;
        }
        true
    }
}

/// Go's `strconv.Atoi` (decimal, optional sign, no spaces or underscores).
fn go_atoi(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// Go's `strconv.ParseFloat` on what the number scanner collects (signs, digits, dots).
fn go_parse_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.is_empty() || body == "." || body.matches('.').count() > 1 {
        return None;
    }
    if !body.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    s.parse::<f64>().ok()
}

/// `^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$`, each group as matched (empty when absent).
fn slice_groups(text: &str) -> Option<[String; 3]> {
    fn number(s: &str) -> usize {
        let neg = usize::from(s.starts_with('-'));
        neg + s[neg..].bytes().take_while(u8::is_ascii_digit).count()
    }
    let mut out: [String; 3] = Default::default();
    let first = number(text);
    out[0] = text[..first].to_string();
    let mut rest = &text[first..];
    for slot in out.iter_mut().skip(1) {
        if let Some(after) = rest.strip_prefix(':') {
            let n = number(after);
            *slot = format!(":{}", &after[..n]);
            rest = &after[n..];
        }
    }
    rest.is_empty().then_some(out)
}

/// `^([^!<>=]+)([!<>=]+)(.+?)$`: the left side up to the first operator character, the
/// run of operator characters, and a right side of at least one character (the run
/// gives its last character back when nothing follows it).
fn filter_parts(text: &str) -> Option<(&str, &str, &str)> {
    let is_op = |c: char| matches!(c, '!' | '<' | '>' | '=');
    let left_end = text.find(is_op)?;
    if left_end == 0 {
        return None;
    }
    let after = &text[left_end..];
    let mut op_len = after.find(|c: char| !is_op(c)).unwrap_or(after.len());
    if op_len == after.len() {
        if op_len < 2 {
            return None;
        }
        op_len -= 1;
    }
    Some((&text[..left_end], &after[..op_len], &after[op_len..]))
}

/// Upstream's `UnquoteExtend`: Go's `strconv.Unquote`, with single quotes for strings.
fn unquote_extend(s: &str) -> Result<String, &'static str> {
    const SYNTAX: &str = "invalid syntax";
    let bytes = s.as_bytes();
    if bytes.len() < 2 || bytes[0] != bytes[bytes.len() - 1] {
        return Err(SYNTAX);
    }
    let quote = bytes[0] as char;
    if quote != '"' && quote != '\'' {
        return Err(SYNTAX);
    }
    let inner = &s[1..s.len() - 1];
    if !inner.contains('\\') && !inner.contains(quote) {
        return Ok(inner.to_string());
    }
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == quote {
            return Err(SYNTAX);
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            return Err(SYNTAX);
        };
        let hex = |chars: &mut std::iter::Peekable<std::str::Chars>,
                   n: usize|
         -> Result<u32, &'static str> {
            let mut v = 0u32;
            for _ in 0..n {
                let d = chars.next().and_then(|c| c.to_digit(16)).ok_or(SYNTAX)?;
                v = v * 16 + d;
            }
            Ok(v)
        };
        match e {
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\u{b}'),
            '\\' => out.push('\\'),
            '\'' | '"' if e == quote => out.push(e),
            'x' => {
                let v = hex(&mut chars, 2)?;
                // A byte: only ASCII is representable in a Rust string.
                out.push(char::from_u32(v).filter(|_| v < 0x80).ok_or(SYNTAX)?);
            }
            'u' => out.push(char::from_u32(hex(&mut chars, 4)?).ok_or(SYNTAX)?),
            'U' => out.push(char::from_u32(hex(&mut chars, 8)?).ok_or(SYNTAX)?),
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or_default();
                for _ in 0..2 {
                    v = v * 8 + chars.next().and_then(|c| c.to_digit(8)).ok_or(SYNTAX)?;
                }
                if v > 255 || v >= 0x80 {
                    return Err(SYNTAX);
                }
                out.push(char::from_u32(v).ok_or(SYNTAX)?);
            }
            _ => return Err(SYNTAX),
        }
    }
    Ok(out)
}
