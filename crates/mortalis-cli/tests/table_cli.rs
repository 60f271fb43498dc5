//! End-to-end tests of `mortalis table`: generation, checking, drawing.

use assert_cmd::Command;
use predicates::prelude::*;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

#[test]
fn generate_is_reproducible_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let a = mortalis()
        .args(["table", "generate", "--seed", "5", "--size", "30"])
        .output()
        .unwrap();
    let b = mortalis()
        .args(["table", "generate", "--seed", "5", "--size", "30"])
        .output()
        .unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let file = dir.path().join("t.toml");
    std::fs::write(&file, &a.stdout).unwrap();
    let svg = dir.path().join("t.svg");
    mortalis()
        .args(["table", "show"])
        .arg(&file)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::contains("Table 30\" × 30\""));
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.contains("<polygon"));
}

#[test]
fn show_describes_a_hand_made_table_in_both_languages() {
    mortalis()
        .args(["table", "show", "tests/data/tables/corner.toml"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Terrain pieces: 5").and(predicate::str::contains("gap: 1")),
        );
    mortalis()
        .args([
            "--lang",
            "pl",
            "table",
            "show",
            "tests/data/tables/corner.toml",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Elementy terenu: 5")
                .and(predicate::str::contains("przepaść: 1")),
        );
    let out = mortalis()
        .args(["table", "show", "tests/data/tables/corner.toml", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["pieces"][2]["kind"]["kind"], "wall");
    assert_eq!(v["pieces"][2]["kind"]["climbable"], false);
}

#[test]
fn a_bad_table_names_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(
        &file,
        "size = 30\n\n[[piece]]\nkind = \"low\"\nheight = 3\nrect = [1, 1, 2, 2]\n",
    )
    .unwrap();
    mortalis()
        .args(["table", "show"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad.toml: line 3: piece 1 (low): height 3\"",
        ));
    std::fs::write(&file, "size = 60\n").unwrap();
    mortalis()
        .args(["table", "show"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`size` = 60 is out of range"));
    mortalis()
        .args(["table", "generate", "--size", "50"])
        .assert()
        .code(2);
}

/// The same checks in Polish: the reader's frame, the range, the piece's
/// keys and the table's checks, each still naming the file and the line.
#[test]
fn a_bad_table_is_explained_in_polish() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("zły.toml");
    for (text, says) in [
        (
            "size = 30\n\n[[piece]]\nkind = \"low\"\nheight = 3\nrect = [1, 1, 2, 2]\n",
            "zły.toml: wiersz 3: element 1 (niska przeszkoda): wysokość 3\" musi być większa niż 0\" i najwyżej 1\"",
        ),
        ("size = 60\n", "błąd w pliku TOML w wierszu 1, kolumnie 8"),
        (
            "size = 60\n",
            "`size` = 60 jest poza zakresem (dozwolone: od 28 do 48)",
        ),
        (
            "size = 30\n[[piece]]\nkind = \"floor\"\nrect = [1, 1, 2, 2]\n",
            "zły.toml: wiersz 2: element 1: piętro wymaga `height`",
        ),
        (
            "size = 30\n[[piece]]\nkind = \"tower\"\n",
            "nieznana wartość `tower`, oczekiwano jednej z: `open`",
        ),
        (
            "size = 30\n[[piece]]\nkind = \"ladder\"\nrect = [1, 1, 1, 1]\n",
            "wiersz 2: element 1 (drabina): nie dotyka żadnego muru ani bloku",
        ),
        ("size = 30\ncolour = 1\n", "nieznane pole `colour`"),
        // The parser's own syntax errors (session 38: these kept their
        // English words).
        ("size = 3e\n", "zły wykładnik, oczekiwano cyfr"),
        ("size = 30\n[[piece]\n", "niedomknięty nagłówek `[[…]]`"),
        (
            "size = 30\n[[piece]]\nrect = [1,, 2]\n",
            "nadmiarowy przecinek w liście, oczekiwano wartości",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = mortalis()
            .args(["--lang", "pl", "table", "show"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{text}: {err}");
        for english in [
            "line",
            "error",
            "unknown",
            "expected",
            "out of range",
            "needs",
        ] {
            assert!(!err.contains(english), "{text}: {err}");
        }
    }
}
