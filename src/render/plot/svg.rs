//! A small typed SVG writer: elements are written in the order they are called, every
//! attribute value and every text is escaped, every number is printed with at most one
//! decimal (so the same input gives the same bytes on every machine).
//!
//! Hand-written rather than a crate: the pictures need a dozen element kinds, a fixed
//! number format and a `<title>` on every mark; a writer of this size is easier to hold
//! to those rules than a general one.

use std::fmt::Write as _;

/// Escape text for an XML element or attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 forbids most control characters, even escaped.
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or a length: one decimal at most, no `-0`, no trailing `.0`.
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let tenths = (v * 10.0).round() as i64;
    if tenths % 10 == 0 {
        format!("{}", tenths / 10)
    } else {
        let sign = if tenths < 0 { "-" } else { "" };
        let a = tenths.abs();
        format!("{sign}{}.{}", a / 10, a % 10)
    }
}

/// How a text is anchored at its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// A rectangle mark: where, which class (its colour), its tooltip and the name tests and
/// scripts find it by (`data-mark`).
#[derive(Clone, Debug)]
pub struct Rect<'a> {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// A palette class (see [`super::palette`]); its light colour is also written as the
    /// `fill` attribute, which the dark scheme's CSS overrides.
    pub class: &'a str,
    pub title: &'a str,
    pub mark: &'a str,
}

/// The document being written.
pub struct Svg {
    out: String,
    pub width: f64,
    pub height: f64,
}

impl Svg {
    /// Open a document of `width` x `height` user units (pixels at scale 1), with its
    /// accessible title and description and its style sheet.
    pub fn new(width: f64, height: f64, title: &str, desc: &str, css: &str) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{}</title>\n<desc>{}</desc>\n<style>{css}</style>\n",
            escape(title),
            escape(desc),
            w = num(width),
            h = num(height),
        );
        let mut svg = Svg { out, width, height };
        svg.rect_plain(0.0, 0.0, width, height, "bg");
        svg
    }

    /// A rectangle with no tooltip (backgrounds, grid).
    pub fn rect_plain(&mut self, x: f64, y: f64, w: f64, h: f64, class: &str) {
        let _ = writeln!(
            self.out,
            "<rect class=\"{class}\" fill=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            super::palette::light(class),
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
        );
    }

    /// A mark: a rectangle with its `<title>`.
    pub fn rect(&mut self, r: &Rect<'_>) {
        let _ = writeln!(
            self.out,
            "<rect class=\"{c}\" fill=\"{}\" data-mark=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}</title></rect>",
            super::palette::light(r.class),
            escape(r.mark),
            num(r.x),
            num(r.y),
            num(r.w.max(0.0)),
            num(r.h.max(0.0)),
            escape(r.title),
            c = r.class,
        );
    }

    /// A dot (an observed moment) with its `<title>`.
    #[allow(clippy::too_many_arguments)]
    pub fn dot(&mut self, cx: f64, cy: f64, r: f64, class: &str, mark: &str, title: &str) {
        let _ = writeln!(
            self.out,
            "<circle class=\"{class}\" fill=\"{}\" data-mark=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\"><title>{}</title></circle>",
            super::palette::light(class),
            escape(mark),
            num(cx),
            num(cy),
            num(r),
            escape(title),
        );
    }

    /// A line (axes, grid, limits).
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
        let _ = writeln!(
            self.out,
            "<line class=\"{class}\" stroke=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            super::palette::light(class),
            num(x1),
            num(y1),
            num(x2),
            num(y2),
        );
    }

    /// A filled polygon (a step area) with its `<title>`.
    pub fn polygon(&mut self, points: &[(f64, f64)], class: &str, mark: &str, title: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect();
        let _ = writeln!(
            self.out,
            "<polygon class=\"{class}\" fill=\"{}\" data-mark=\"{}\" points=\"{}\"><title>{}</title></polygon>",
            super::palette::light(class),
            escape(mark),
            pts.join(" "),
            escape(title),
        );
    }

    /// A picture's heading: its title, then one line per `(class, text)` under it.
    pub fn heading(&mut self, title: &str, lines: &[(&str, &str)]) {
        self.text(12.0, 22.0, Anchor::Start, "fg title", title);
        for (i, (class, text)) in lines.iter().enumerate() {
            self.text(12.0, 40.0 + 16.0 * i as f64, Anchor::Start, class, text);
        }
    }

    /// A text label.
    pub fn text(&mut self, x: f64, y: f64, anchor: Anchor, class: &str, text: &str) {
        let _ = writeln!(
            self.out,
            "<text class=\"{class}\" fill=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"{}\">{}</text>",
            super::palette::light(class),
            num(x),
            num(y),
            anchor.as_str(),
            escape(text),
        );
    }

    /// An empty element carrying facts about the picture (its time scale) as `data-`
    /// attributes, for tests and scripts that place the data themselves.
    pub fn facts(&mut self, id: &str, attrs: &[(&str, String)]) {
        let mut s = format!("<g id=\"{}\"", escape(id));
        for (k, v) in attrs {
            let _ = write!(s, " data-{k}=\"{}\"", escape(v));
        }
        s.push_str("/>\n");
        self.out.push_str(&s);
    }

    /// Close the document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A text's width in user units, roughly (12 px sans-serif): to fit labels, not to
/// measure them exactly.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// `text` cut to `max` characters, with an ellipsis.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_decimal_at_most() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.25), "1.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot; ");
    }

    #[test]
    fn clip_keeps_short_text() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 4), "abc…");
    }
}
