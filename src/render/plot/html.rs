//! The `.html` form: one page holding the picture inline, its legend as a list, and the
//! command's text summary. No script, no fetched font or style: it opens offline.

use super::palette;
use super::svg::escape;

/// Strip terminal colour sequences (`ESC [ ... letter`) from a text report.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// Lines of the text summary the page holds: a fleet's whole report can be millions of
/// lines, which no page shows usefully; the command's text output has them all.
pub const SUMMARY_LINES: usize = 400;

/// Bytes of the text summary the page holds at most (a few wide tables' lines).
pub const SUMMARY_BYTES: usize = 256 * 1024;

/// The first `max` lines of `text` (and no more than [`SUMMARY_BYTES`]), and a line
/// saying how many more there are.
fn first_lines(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let mut ends = text.match_indices('\n').map(|(i, _)| i);
    let by_lines = ends.nth(max.saturating_sub(1));
    let by_bytes = (text.len() > SUMMARY_BYTES)
        .then(|| text[..SUMMARY_BYTES].rfind('\n'))
        .flatten();
    let cut = match (by_lines, by_bytes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    match cut {
        Some(end) if end + 1 < text.len() => {
            let more = text[end + 1..].lines().count();
            std::borrow::Cow::Owned(format!(
                "{}\n... {more} more line(s): the command's text output has them all\n",
                &text[..end]
            ))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

/// The page: `title`, the picture, the legend (`(class, words)`), the summary.
pub fn page(title: &str, svg: &str, legend: &[(&str, &str)], summary: &str) -> String {
    let mut css = String::from(
        "body{margin:0;padding:0 16px 16px 0;background:#ffffff;color:#1f2328;font-family:sans-serif}\
         h1{font-size:18px;margin:12px 0 8px 16px}figure{margin:0}\
         ul.legend{list-style:none;padding:0;margin:8px 16px;display:flex;flex-wrap:wrap;gap:6px 18px}\
         .sw{display:inline-block;width:14px;height:10px;margin-right:6px;vertical-align:middle}\
         pre{margin:8px 16px;font-size:12px;white-space:pre-wrap}\
         @media (prefers-color-scheme: dark){body{background:#16181d;color:#e6edf3}",
    );
    for (class, _, dark) in palette::CLASSES {
        css.push_str(&format!(".sw.{class}{{background:{dark}!important}}"));
    }
    css.push('}');
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str(&format!("<title>{}</title>\n", escape(title)));
    s.push_str("<meta name=\"color-scheme\" content=\"light dark\">\n");
    s.push_str(&format!("<style>{css}</style>\n</head>\n<body>\n"));
    // The picture first, at the page's top left: its marks are where its coordinates
    // say, as in the `.svg` form.
    s.push_str("<figure>\n");
    s.push_str(svg.trim_end());
    s.push_str("\n</figure>\n");
    s.push_str(&format!(
        "<h1>{}</h1>\n<ul class=\"legend\">\n",
        escape(title)
    ));
    for (class, words) in legend {
        s.push_str(&format!(
            "<li><span class=\"sw {class}\" style=\"background:{}\"></span>{}</li>\n",
            palette::light(class),
            escape(words)
        ));
    }
    s.push_str("</ul>\n<pre>");
    s.push_str(&escape(&plain(&first_lines(summary, SUMMARY_LINES))));
    s.push_str("</pre>\n</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_sequences_are_stripped() {
        assert_eq!(plain("\u{1b}[1;31mREFUSED\u{1b}[0m ok"), "REFUSED ok");
    }

    #[test]
    fn a_long_summary_is_cut_and_says_so() {
        assert_eq!(first_lines("a\nb\n", 2), "a\nb\n");
        assert_eq!(
            first_lines("a\nb\nc\nd\n", 2),
            "a\nb\n... 2 more line(s): the command's text output has them all\n"
        );
    }

    #[test]
    fn the_page_has_no_script() {
        let p = page("t", "<svg/>", &[("up", "answering")], "a < b");
        assert!(!p.contains("<script"));
        assert!(p.contains("a &lt; b"));
    }
}
