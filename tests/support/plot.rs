//! Pictures in a real browser: Debian's `chromium`, headless, takes a screenshot of an
//! SVG or HTML file at scale 1; the PNG is decoded and its pixels compared with the
//! marks the picture's own SVG says it drew (`data-mark`, position, `fill`).
//!
//! `hack/test-env.sh` installs chromium; without it the tests fail, naming the script.

use std::path::Path;
use std::process::Command;

/// Where Debian puts the browser.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// A decoded screenshot, RGB.
pub struct Shot {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Shot {
    pub fn pixel(&self, x: f64, y: f64) -> (u8, u8, u8) {
        let (x, y) = (x.floor() as u32, y.floor() as u32);
        assert!(
            x < self.width && y < self.height,
            "({x},{y}) outside the shot"
        );
        let i = ((y * self.width + x) * 3) as usize;
        (self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// Pixels that are not the background's colour.
    pub fn inked(&self, background: (u8, u8, u8)) -> usize {
        self.rgb
            .chunks(3)
            .filter(|p| (p[0], p[1], p[2]) != background)
            .count()
    }
}

/// Render `file` in headless chromium in a `width` x `height` window; decode the PNG.
pub fn screenshot(file: &Path, width: u32, height: u32) -> Shot {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: run hack/test-env.sh (it installs Debian's chromium)"
    );
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let profile = dir.path().join("profile");
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--force-color-profile=srgb",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", file.canonicalize().unwrap().display()))
        .output()
        .expect("run chromium");
    assert!(
        png.exists(),
        "chromium wrote no screenshot of {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bytes = &buf[..info.buffer_size()];
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgb = bytes
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Shot {
        width: info.width,
        height: info.height,
        rgb,
    }
}

/// A mark the SVG drew: a rectangle or a dot, with its colour.
#[derive(Clone, Debug)]
pub struct Mark {
    pub mark: String,
    pub class: String,
    pub fill: (u8, u8, u8),
    /// Rectangle: x, y, width, height; dot: cx, cy, r, r.
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub dot: bool,
    pub title: String,
}

impl Mark {
    pub fn centre(&self) -> (f64, f64) {
        if self.dot {
            (self.x, self.y)
        } else {
            (self.x + self.w / 2.0, self.y + self.h / 2.0)
        }
    }

    pub fn covers(&self, (px, py): (f64, f64)) -> bool {
        if self.dot {
            (px - self.x).powi(2) + (py - self.y).powi(2) <= self.w.powi(2)
        } else {
            px >= self.x && px <= self.x + self.w && py >= self.y && py <= self.y + self.h
        }
    }
}

/// The value of `name="..."` in an element's text.
pub fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    let end = element[start..].find('"')? + start;
    Some(&element[start..end])
}

fn hex(s: &str) -> (u8, u8, u8) {
    let s = s.trim_start_matches('#');
    let b = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
    (b(0), b(2), b(4))
}

/// Every rectangle and dot of `svg`, in drawing order (later ones on top), the
/// background included.
pub fn marks(svg: &str) -> Vec<Mark> {
    let mut out = Vec::new();
    for line in svg.lines() {
        let dot = line.starts_with("<circle ");
        if !(dot || line.starts_with("<rect ")) {
            continue;
        }
        let f = |n: &str| attr(line, n).map_or(0.0, |v| v.parse::<f64>().unwrap());
        let title = line
            .split_once("<title>")
            .map_or("", |(_, t)| t.split_once("</title>").map_or("", |(t, _)| t));
        let (x, y, w, h) = if dot {
            (f("cx"), f("cy"), f("r"), f("r"))
        } else {
            (f("x"), f("y"), f("width"), f("height"))
        };
        out.push(Mark {
            mark: attr(line, "data-mark").unwrap_or("").to_string(),
            class: attr(line, "class").unwrap_or("").to_string(),
            fill: hex(attr(line, "fill").unwrap_or("#000000")),
            x,
            y,
            w,
            h,
            dot,
            title: title.to_string(),
        });
    }
    out
}

/// The picture's size from its root element.
pub fn size(svg: &str) -> (u32, u32) {
    let root = svg
        .lines()
        .find(|l| l.starts_with("<svg "))
        .expect("an <svg> root");
    let n = |a: &str| attr(root, a).unwrap().parse::<f64>().unwrap().ceil() as u32;
    (n("width"), n("height"))
}

fn near(a: (u8, u8, u8), b: (u8, u8, u8)) -> bool {
    let d = |x: u8, y: u8| (i16::from(x) - i16::from(y)).abs();
    d(a.0, b.0) <= 6 && d(a.1, b.1) <= 6 && d(a.2, b.2) <= 6
}

/// Render `file` (whose picture is `svg`, drawn at the page's top left) and check: the
/// shot is not blank, and at the centre of every named mark large enough to sample,
/// the pixel has the colour of the topmost mark there. Returns the shot and how many
/// marks were sampled.
pub fn check_rendered(file: &Path, svg: &str) -> (Shot, usize) {
    let (w, h) = size(svg);
    let shot = screenshot(file, w, h);
    assert_eq!((shot.width, shot.height), (w, h));
    let all = marks(svg);
    let bg = all.first().expect("a background").fill;
    let inked = shot.inked(bg);
    assert!(
        inked > (w * h / 50) as usize,
        "{}: the shot is (nearly) blank: {inked} inked pixels",
        file.display()
    );
    let mut sampled = 0;
    for (i, m) in all.iter().enumerate() {
        if m.mark.is_empty() || m.mark == "legend" || (!m.dot && (m.w < 4.0 || m.h < 4.0)) {
            continue;
        }
        let p = m.centre();
        let top = all[i..].iter().rev().find(|o| o.covers(p)).unwrap_or(m);
        let got = shot.pixel(p.0, p.1);
        assert!(
            near(got, top.fill),
            "{}: at ({:.1},{:.1}) the {} mark ({}) should be {:?}, the browser drew {:?}",
            file.display(),
            p.0,
            p.1,
            top.mark,
            top.title,
            top.fill,
            got
        );
        sampled += 1;
    }
    (shot, sampled)
}
