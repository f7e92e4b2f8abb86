//! The table of differences between Karmada releases in `docs/semantics.md` and the
//! twin's `karmada::BEHAVIOURS` say the same: every behaviour has a row with its id, the
//! versions it holds in and how the tool handles it, and every row is a behaviour.

use karmadactl::engine::karmada::BEHAVIOURS;
use karmadactl::engine::vocabulary::version::Handling;

#[test]
fn the_semantics_table_lists_every_behaviour_with_its_versions() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/semantics.md"),
    )
    .unwrap();
    let section = doc
        .split("## Karmada releases")
        .nth(1)
        .expect("docs/semantics.md has a Karmada releases section");
    let rows: Vec<Vec<String>> = section
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.split(" | ")
                .map(|c| c.trim_matches(['|', ' ']).to_string())
                .collect()
        })
        .collect();
    let mut problems = Vec::new();
    for b in BEHAVIOURS {
        let Some(row) = rows.iter().find(|r| r[0] == format!("`{}`", b.id)) else {
            problems.push(format!("{}: no row", b.id));
            continue;
        };
        if row[2] != b.ranges() {
            problems.push(format!(
                "{}: the table says {:?}, the twin {:?}",
                b.id,
                row[2],
                b.ranges()
            ));
        }
        let handled = match b.handling {
            Handling::Modelled(m) => row[4].starts_with("modelled") && row[4].contains(m),
            Handling::Finding(code) => row[4].contains("doctor finding") && row[4].contains(code),
            Handling::LeftOut(_) => row[4].starts_with("left out"),
        };
        if !handled {
            problems.push(format!(
                "{}: the table says {:?}, the twin {:?}",
                b.id, row[4], b.handling
            ));
        }
    }
    for row in &rows {
        if !BEHAVIOURS.iter().any(|b| row[0] == format!("`{}`", b.id)) {
            problems.push(format!("{}: a row without a behaviour", row[0]));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
