//! `maintenance plan` as text: the verdict, then each wave with what it moves where,
//! whether it fits, and what refuses it; the clusters that cannot leave at all.

use std::fmt::Write as _;

use colored::Colorize;

use crate::engine::decide::maintenance::{MaintenancePlan, Wave};

pub use super::maintenance_run::{ended_text, status_text, Progress};

/// Moves listed per wave unless wide.
const MOVES_SHOWN: usize = 10;

/// One wave of the plan as text (appended to `s`).
pub fn wave_text(s: &mut String, w: &Wave, wide: bool) {
    let state = if w.safe() {
        "safe".green().to_string()
    } else {
        "REFUSED".red().bold().to_string()
    };
    let _ = writeln!(
        s,
        "\nWave {}: {} ({} replicas placed there)  {state}",
        w.number,
        w.clusters.join(", "),
        w.replicas_placed
    );
    if w.moves.is_empty() {
        let _ = writeln!(s, "  moves nothing");
    } else {
        let _ = writeln!(
            s,
            "  moves {} binding(s), {} replicas; {} replicas Pending where they land",
            w.moves.len(),
            w.replicas_moving,
            w.capacity.pending_replicas
        );
    }
    let shown = if wide { w.moves.len() } else { MOVES_SHOWN };
    for m in w.moves.iter().take(shown) {
        let to =
            m.to.as_ref()
                .map_or("(no placement predicted)".to_string(), |t| {
                    super::placement(t)
                });
        let _ = writeln!(s, "    {}  {} -> {to}", m.binding, m.from.join(","));
    }
    if w.moves.len() > shown {
        let _ = writeln!(s, "    ... and {} more (-o wide)", w.moves.len() - shown);
    }
    for r in &w.refusals {
        let _ = writeln!(s, "  {} {}", "refused:".red(), r.message);
    }
}

/// The plan as text.
pub fn text(source: &str, p: &MaintenancePlan, wide: bool) -> String {
    let mut waves = String::new();
    for w in &p.waves {
        wave_text(&mut waves, w, wide);
    }
    text_around(source, p, &waves)
}

/// The plan as text around its waves, already written ([`wave_text`]) as they were
/// planned.
pub fn text_around(source: &str, p: &MaintenancePlan, waves: &str) -> String {
    let mut s = text_head(source, p);
    s.push_str(waves);
    s.push_str(&text_tail(p));
    s
}

/// What the text says before its waves: the source and the verdict.
fn text_head(source: &str, p: &MaintenancePlan) -> String {
    format!("Maintenance plan for {source}\nVerdict: {}\n", p.verdict)
}

/// What the text says after its waves: the clusters that cannot leave at all.
fn text_tail(p: &MaintenancePlan) -> String {
    let mut s = String::new();
    if !p.cannot_leave.is_empty() {
        let _ = writeln!(s, "\nCannot be taken out even alone:");
        for (c, reasons) in &p.cannot_leave {
            for r in reasons {
                let _ = writeln!(s, "  {c}: {}", r.message);
            }
        }
    }
    s
}

/// `maintenance plan`'s text, wave by wave: each wave's text is appended to a temporary
/// file as it is planned and written after the verdict once that is known ([`text_around`]
/// byte for byte). `-o wide` lists every move: hundreds of megabytes on a large fleet,
/// never held in memory.
pub struct TextWaves {
    spool: std::io::BufWriter<std::fs::File>,
}

impl TextWaves {
    pub fn new() -> std::io::Result<Self> {
        Ok(TextWaves {
            spool: std::io::BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
        })
    }

    /// Spool a wave's text ([`wave_text`]), after the ones before it.
    pub fn push(&mut self, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        self.spool.write_all(text.as_bytes())
    }

    /// Write the text of `p` (whose own waves are ignored: the spooled ones are written)
    /// to `out`.
    pub fn finish(
        self,
        source: &str,
        p: &MaintenancePlan,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        use std::io::Seek;
        out.write_all(text_head(source, p).as_bytes())?;
        let mut file = self.spool.into_inner().map_err(|e| e.into_error())?;
        file.rewind()?;
        std::io::copy(&mut file, out)?;
        out.write_all(text_tail(p).as_bytes())
    }
}

/// `maintenance plan -o json`, wave by wave: each wave is rendered to a temporary file
/// of its own as soon as it is planned (and can then be dropped), and spooled after the
/// ones before it; the document is written once the verdict is known, byte for byte what
/// the whole plan serialized at once writes. No wave's text is ever held in memory.
pub struct JsonWaves {
    spool: std::fs::File,
    count: usize,
}

/// One wave rendered ([`JsonWaves::render`]): its text in a temporary file, read from
/// the start.
pub struct RenderedWave(std::fs::File);

/// The document's `waves` when there are none, as the pretty printer writes it.
const NO_WAVES: &str = "\n  \"waves\": []";

/// An element of the document's `waves`: each line of the pretty-printed wave indented
/// by two levels (the pretty printer writes a line break only between lines: one inside
/// a string is escaped).
const ELEMENT_INDENT: &[u8] = b"    ";

/// A writer that starts every line it is given with [`ELEMENT_INDENT`] (given large
/// pieces: the serializer writes into a buffer in front of it).
struct Indented<W> {
    out: W,
    line_start: bool,
}

impl<W: std::io::Write> std::io::Write for Indented<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            if self.line_start {
                self.out.write_all(ELEMENT_INDENT)?;
            }
            let (line, more) = match memchr::memchr(b'\n', rest) {
                Some(i) => rest.split_at(i + 1),
                None => (rest, &[][..]),
            };
            self.out.write_all(line)?;
            self.line_start = line.ends_with(b"\n");
            rest = more;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl JsonWaves {
    pub fn new() -> std::io::Result<Self> {
        Ok(JsonWaves {
            spool: tempfile::tempfile()?,
            count: 0,
        })
    }

    /// Spool `w`, indented as an element of the document's `waves`.
    pub fn push(&mut self, w: &Wave) -> std::io::Result<()> {
        let rendered = Self::render(w)?;
        self.push_rendered(rendered)
    }

    /// `w` as an element of the document's `waves`, in a temporary file (any thread may
    /// render).
    pub fn render(w: &Wave) -> std::io::Result<RenderedWave> {
        use std::io::{Seek, Write};
        let indented = Indented {
            out: std::io::BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
            line_start: true,
        };
        let mut out = std::io::BufWriter::with_capacity(1 << 16, indented);
        serde_json::to_writer_pretty(&mut out, w)?;
        out.flush()?;
        let indented = out.into_inner().map_err(|e| e.into_error())?;
        let mut file = indented.out.into_inner().map_err(|e| e.into_error())?;
        file.rewind()?;
        Ok(RenderedWave(file))
    }

    /// Spool a wave [`Self::render`]ed, after the ones before it.
    pub fn push_rendered(&mut self, mut rendered: RenderedWave) -> std::io::Result<()> {
        use std::io::Write;
        if self.count > 0 {
            self.spool.write_all(b",\n")?;
        }
        // File to file: the kernel copies it where it can.
        std::io::copy(&mut rendered.0, &mut self.spool)?;
        self.count += 1;
        Ok(())
    }

    /// Write the document of `p` (whose own waves are ignored: the spooled ones are
    /// written) to `out`.
    pub fn finish(self, p: &MaintenancePlan, out: &mut impl std::io::Write) -> std::io::Result<()> {
        use std::io::{Read, Seek};
        let head = MaintenancePlan {
            verdict: p.verdict.clone(),
            max_unavailable: p.max_unavailable,
            blast_radius: p.blast_radius.clone(),
            waves: Vec::new(),
            cannot_leave: p.cannot_leave.clone(),
        };
        let doc = serde_json::to_string_pretty(&super::Document::new("MaintenancePlan", &head))?;
        let at = doc
            .find(NO_WAVES)
            .ok_or_else(|| std::io::Error::other("the plan document has no waves field"))?;
        let (before, after) = doc.split_at(at);
        let after = &after[NO_WAVES.len()..];
        out.write_all(before.as_bytes())?;
        if self.count == 0 {
            out.write_all(NO_WAVES.as_bytes())?;
        } else {
            out.write_all(b"\n  \"waves\": [\n")?;
            let mut file = self.spool;
            file.rewind()?;
            std::io::copy(&mut (&mut file).take(u64::MAX), out)?;
            out.write_all(b"\n  ]")?;
        }
        out.write_all(after.as_bytes())?;
        out.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::TargetCluster;
    use crate::engine::decide::maintenance::Move;
    use crate::engine::vocabulary::reason::{Reason, ReasonCode};

    fn wave(number: usize, moves: usize) -> Wave {
        Wave {
            number,
            clusters: vec![format!("m{number}"), "odd \"name\"\nhere".into()],
            replicas_placed: 7,
            moves: (0..moves)
                .map(|i| Move {
                    binding: format!("rb/ns/app-{i}"),
                    from: vec![format!("m{number}")],
                    to: Some(vec![TargetCluster::new("m9", 2)]),
                })
                .collect(),
            replicas_moving: 2 * moves as i64,
            blocked: Vec::new(),
            capacity: Default::default(),
            refusals: vec![Reason::new(ReasonCode::MaintenanceLeavesPending, "full")],
            moved: 0,
        }
    }

    fn streamed(p: &MaintenancePlan) -> String {
        let mut j = JsonWaves::new().unwrap();
        for w in &p.waves {
            j.push(w).unwrap();
        }
        let mut out = Vec::new();
        j.finish(p, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_line_is_indented_however_the_text_is_cut() {
        use std::io::Write;
        let text = b"{\n  \"a\": \"x\\ny\"\n\n}";
        let want = b"    {\n      \"a\": \"x\\ny\"\n    \n    }".to_vec();
        for size in [1, 2, 3, 5, text.len()] {
            let mut out = Indented {
                out: Vec::new(),
                line_start: true,
            };
            for piece in text.chunks(size) {
                out.write_all(piece).unwrap();
            }
            assert_eq!(
                String::from_utf8_lossy(&out.out),
                String::from_utf8_lossy(&want),
                "pieces of {size}"
            );
        }
    }

    #[test]
    fn a_streamed_plan_is_the_plan_serialized_at_once() {
        for waves in [
            vec![],
            vec![wave(1, 0)],
            vec![wave(1, 3), wave(2, 0), wave(3, 1)],
        ] {
            let p = MaintenancePlan {
                verdict: "refused: \"waves\": []".into(),
                max_unavailable: 2,
                blast_radius: [("waves".to_string(), 3)].into_iter().collect(),
                waves,
                cannot_leave: Default::default(),
            };
            let whole =
                serde_json::to_string_pretty(&crate::render::Document::new("MaintenancePlan", &p))
                    .unwrap()
                    + "\n";
            assert_eq!(streamed(&p), whole);
        }
    }

    #[test]
    fn a_spooled_text_is_the_text_written_at_once() {
        let reason = Reason::new(ReasonCode::MaintenanceBlocked, "nowhere to go".to_string());
        for (waves, cannot_leave) in [
            (vec![], Default::default()),
            (
                vec![wave(1, 12), wave(2, 0)],
                [("m1".to_string(), vec![reason.clone()])]
                    .into_iter()
                    .collect(),
            ),
        ] {
            let p = MaintenancePlan {
                verdict: "refused".into(),
                max_unavailable: 1,
                blast_radius: Default::default(),
                waves,
                cannot_leave,
            };
            for wide in [false, true] {
                let mut spool = TextWaves::new().unwrap();
                for w in &p.waves {
                    let mut text = String::new();
                    wave_text(&mut text, w, wide);
                    spool.push(&text).unwrap();
                }
                let mut out = Vec::new();
                spool.finish("snapshot s.json", &p, &mut out).unwrap();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    text("snapshot s.json", &p, wide)
                );
            }
        }
    }
}
