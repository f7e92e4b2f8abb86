//! The colours of the pictures, by class: one light set written as each mark's `fill`
//! (or `stroke`) attribute, and a dark set the style sheet applies under
//! `prefers-color-scheme: dark` (CSS overrides presentation attributes). The picture
//! draws its own background, so a viewer that ignores the media query (an image viewer,
//! an `<img>` in a dark page) still shows the light set on white: readable everywhere.
//! Each set keeps the hues of the other (green on time, red out or down, orange
//! evicted), a little brighter on dark.

/// `(class, light, dark)`.
pub const CLASSES: &[(&str, &str, &str)] = &[
    ("bg", "#ffffff", "#16181d"),
    ("fg", "#1f2328", "#e6edf3"),
    ("muted", "#57606a", "#9aa4ae"),
    ("grid", "#d8dee4", "#30363d"),
    ("axis", "#57606a", "#8b949e"),
    ("row", "#f6f8fa", "#1e2228"),
    ("up", "#2da44e", "#3fb950"),
    ("down", "#cf222e", "#f85149"),
    ("unknown", "#bf8700", "#d29922"),
    ("change", "#fd8c73", "#ffa198"),
    ("taint", "#8250df", "#a371f7"),
    ("tolerating", "#b6d7f2", "#1f4468"),
    ("evicted", "#e16f24", "#f0883e"),
    ("placed", "#0969da", "#58a6ff"),
    ("oldcopy", "#8c959f", "#6e7681"),
    ("gone", "#6639ba", "#bc8cff"),
    ("dip", "#bf3989", "#db61a2"),
    ("queue", "#54aeff", "#388bfd"),
    ("held", "#1a7f37", "#56d364"),
    ("outside", "#cf222e", "#ff7b72"),
    ("unmatched", "#57606a", "#9aa4ae"),
    ("room", "#d0d7de", "#3d444d"),
    ("arriving", "#0969da", "#58a6ff"),
    ("pending", "#cf222e", "#f85149"),
    ("safe", "#2da44e", "#3fb950"),
    ("refused", "#cf222e", "#f85149"),
    ("limit", "#cf222e", "#f85149"),
];

/// The light colour of `class` (the `fill` attribute); an unknown class is black.
pub fn light(class: &str) -> &'static str {
    let class = class.split_whitespace().next().unwrap_or("");
    CLASSES
        .iter()
        .find(|(c, _, _)| *c == class)
        .map_or("#000000", |(_, l, _)| l)
}

/// The style sheet: strokes and text weights, and the dark set.
pub fn css() -> String {
    let mut s = String::from(
        "line{stroke-width:1}line.limit{stroke-width:2;stroke-dasharray:6 3}text.title{font-size:15px;font-weight:bold}text.small{font-size:10px}",
    );
    s.push_str("@media (prefers-color-scheme: dark){");
    for (class, _, dark) in CLASSES {
        s.push_str(&format!(
            ".{class}{{fill:{dark}}}line.{class}{{stroke:{dark}}}"
        ));
    }
    s.push('}');
    s
}

/// The light colour as RGB (tests sample pixels against it).
pub fn rgb(class: &str) -> (u8, u8, u8) {
    let hex = light(class).trim_start_matches('#');
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    (byte(0), byte(2), byte(4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_two_colours() {
        for (c, l, d) in CLASSES {
            assert!(l.len() == 7 && d.len() == 7, "{c}");
        }
        assert_eq!(rgb("bg"), (255, 255, 255));
    }
}
