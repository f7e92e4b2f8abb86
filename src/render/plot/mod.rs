//! Pictures of a failover (`--plot FILE`): one self-contained SVG (or an HTML page
//! holding it, its legend and the text summary) per command, drawn from the same
//! results the text and JSON renderers read. No script, no fetched font or style;
//! light and dark (see [`palette`]); the same input gives the same bytes (no clock, a
//! fixed number format, the results' own order); every mark has a `<title>`.
//!
//! One module per picture: [`timeline`] (`dry-run`, `failover report`), [`capacity`]
//! (`failover capacity`, the capacity part of `dry-run`), [`maintenance`] (`maintenance
//! plan` and `status`); [`svg`], [`scale`], [`palette`] and [`html`] are shared.

pub mod capacity;
pub mod html;
pub mod maintenance;
pub mod palette;
pub mod scale;
pub mod svg;
pub mod timeline;

use std::path::Path;

/// The file forms `--plot` writes, by the name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotFormat {
    /// The picture alone.
    Svg,
    /// A page: the picture, its legend, the text summary.
    Html,
}

impl PlotFormat {
    /// The form `path`'s extension names (`.svg`, `.html`, `.htm`, any case).
    pub fn of(path: &Path) -> Option<PlotFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(PlotFormat::Svg),
            "html" | "htm" => Some(PlotFormat::Html),
            _ => None,
        }
    }
}

/// A drawn picture.
#[derive(Clone, Debug)]
pub struct Picture {
    pub title: String,
    /// The SVG document.
    pub svg: String,
    /// What each colour means (the HTML page lists it).
    pub legend: Vec<(&'static str, &'static str)>,
}

impl Picture {
    /// The file's bytes in `format`, with `summary` (the command's text report) in the
    /// HTML page.
    pub fn bytes(&self, format: PlotFormat, summary: &str) -> String {
        match format {
            PlotFormat::Svg => self.svg.clone(),
            PlotFormat::Html => html::page(&self.title, &self.svg, &self.legend, summary),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_names_the_form() {
        assert_eq!(PlotFormat::of(Path::new("a/b.SVG")), Some(PlotFormat::Svg));
        assert_eq!(PlotFormat::of(Path::new("b.htm")), Some(PlotFormat::Html));
        assert_eq!(PlotFormat::of(Path::new("b.png")), None);
        assert_eq!(PlotFormat::of(Path::new("b")), None);
    }
}
