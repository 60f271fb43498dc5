//! File errors in Polish: the TOML reader's messages (its frame, serde's
//! usual complaints and the table file's range checks) and the table
//! file's own checks. Keys, values and the excerpt of the file stay as the
//! file has them; a message this does not know keeps its English words.

use std::sync::LazyLock;

use mortalis_battle::TableError;
use mortalis_battle::file::{FileError, MAX_CORNERS, MAX_PIECES, PieceError};
use mortalis_battle::table::{MAX_SIZE, MIN_SIZE};
use regex::Regex;

/// The known English phrasings and their Polish ones, tried in order,
/// each replacing every match.
static PHRASES: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        (
            r"TOML parse error at line (\d+), column (\d+)",
            "błąd w pliku TOML w wierszu $1, kolumnie $2",
        ),
        (
            r"unknown field `([^`]*)`, expected one of ",
            "nieznane pole `$1`, oczekiwano jednego z: ",
        ),
        (
            r"unknown field `([^`]*)`, expected ",
            "nieznane pole `$1`, oczekiwano ",
        ),
        (
            r"unknown field `([^`]*)`, there are no fields",
            "nieznane pole `$1`, tu nie ma żadnych pól",
        ),
        (r"missing field `([^`]*)`", "brak pola `$1`"),
        (
            r"unknown variant `([^`]*)`, expected one of ",
            "nieznana wartość `$1`, oczekiwano jednej z: ",
        ),
        (
            r"unknown variant `([^`]*)`, expected ",
            "nieznana wartość `$1`, oczekiwano ",
        ),
        (r"invalid type: ", "zły typ: "),
        (r"invalid value: ", "zła wartość: "),
        (
            r"invalid length (\d+), expected ",
            "zła długość $1, oczekiwano ",
        ),
        (r"duplicate key `([^`]*)`", "powtórzony klucz `$1`"),
        (r"duplicate field `([^`]*)`", "powtórzone pole `$1`"),
        (
            r"`([^`]*)` = (\S+) is out of range \(allowed: (\S+) to (\S+)\)",
            "`$1` = $2 jest poza zakresem (dozwolone: od $3 do $4)",
        ),
        (
            r"`([^`]*)`: a number of inches from (\S+) to (\S+)",
            "`$1`: liczba cali od $2 do $3",
        ),
        (r"\binteger `", "liczba całkowita `"),
        (r"\bfloating point `", "liczba `"),
        (r"\bstring \x22", "napis \x22"),
        (r"\bboolean `", "wartość logiczna `"),
        (
            r", expected an array of (\d+) elements\b",
            ", oczekiwano listy $1 elementów",
        ),
        (r", expected a sequence\b", ", oczekiwano listy"),
        (r", expected a string\b", ", oczekiwano napisu"),
        (r", expected a boolean\b", ", oczekiwano wartości logicznej"),
        (
            r", expected (u32|u64|i64|usize|an integer)\b",
            ", oczekiwano liczby całkowitej",
        ),
        (r", expected (f64|a number)\b", ", oczekiwano liczby"),
        (r"\bsequence\b", "lista"),
        (r"\ba map\b", "tabela"),
        (r"^invalid key$", "zły klucz"),
        (r"\binvalid string\b", "zły napis"),
        (r"\bexpected `=`", "oczekiwano `=`"),
        (r"\bexpected newline, `#`", "oczekiwano końca wiersza, `#`"),
        (
            r"\bunclosed table, expected `\]`",
            "niedomknięta tabela, oczekiwano `]`",
        ),
        (
            r"\bunclosed array, expected `\]`",
            "niedomknięta lista, oczekiwano `]`",
        ),
        (
            r"\bstring values must be quoted\b",
            "napisy muszą być w cudzysłowie",
        ),
        (r"(`[^`]*`) or (`[^`]*`)", "$1 lub $2"),
        (r"\bkey with no value\b", "klucz bez wartości"),
        (r"\bunclosed array table\b", "niedomknięty nagłówek `[[…]]`"),
        (r"\bduplicate key\b", "powtórzony klucz"),
        (r"\ban array of length (\d+)", "listy o długości $1"),
        (r"\bliteral string\b", "napisu"),
        (r"\bexpected ", "oczekiwano "),
    ]
    .into_iter()
    .map(|(re, pl)| {
        let re = Regex::new(&format!("(?m){re}")).expect("a fixed pattern");
        (re, pl)
    })
    .collect()
});

/// A message from the TOML reader in Polish, as far as its phrasing is
/// known.
pub fn toml_message(message: &str) -> String {
    PHRASES.iter().fold(message.to_string(), |text, (re, pl)| {
        re.replace_all(&text, *pl).into_owned()
    })
}

/// A table file's error in Polish.
pub fn file_error(e: &FileError) -> String {
    match e {
        FileError::Format(message) => toml_message(message),
        FileError::TooManyPieces(n) => {
            format!("elementów terenu: {n}, dozwolone najwyżej {MAX_PIECES}")
        }
        FileError::Piece { line, index, error } => {
            format!(
                "wiersz {line}: element {}: {}",
                index + 1,
                piece_error(*error)
            )
        }
        FileError::Table { line, error } => format!("wiersz {line}: {}", table_error(error)),
    }
}

/// What is wrong with a piece's keys, in Polish.
fn piece_error(e: PieceError) -> String {
    match e {
        PieceError::NeedsHeight(kind) => format!("{} wymaga `height`", kind_name(kind)),
        PieceError::Climbable => "`climbable` dotyczy tylko murów, bloków i pięter".into(),
        PieceError::Height(kind) => {
            format!("`height` nie dotyczy elementu typu {}", kind_name(kind))
        }
        PieceError::Corners => format!("`points` wymaga od 3 do {MAX_CORNERS} rogów"),
        PieceError::Footprint => "element wymaga dokładnie jednego z `rect` i `points`".into(),
    }
}

/// A table's failed check, in Polish (the English one for a check no
/// table file reaches).
pub fn table_error(e: &TableError) -> String {
    match e {
        TableError::Size(size) => {
            format!(
                "rozmiar stołu {size}\" jest poza zakresem od {MIN_SIZE}\" do {MAX_SIZE}\" (B1)"
            )
        }
        TableError::Shape { piece, kind } => format!(
            "element {} ({}): jego obrys nie jest prostym wielokątem o niezerowym polu",
            piece + 1,
            kind_name(kind)
        ),
        TableError::Outside { piece, kind, size } => format!(
            "element {} ({}): jeden z rogów leży poza stołem {size}\"",
            piece + 1,
            kind_name(kind)
        ),
        TableError::Height {
            piece,
            kind,
            height,
            min,
            max,
            above,
        } => format!(
            "element {} ({}): wysokość {height}\" musi być {}",
            piece + 1,
            kind_name(kind),
            if *above {
                format!("większa niż {min}\" i najwyżej {max}\"")
            } else {
                format!("od {min}\" do {max}\"")
            }
        ),
        TableError::LooseLadder(piece) => {
            format!(
                "element {} (drabina): nie dotyka żadnego muru ani bloku",
                piece + 1
            )
        }
        _ => e.to_string(),
    }
}

/// A kind of terrain by its file name, in Polish.
pub fn kind_name(name: &str) -> &'static str {
    match name {
        "open" => "otwarty teren",
        "difficult" => "trudny teren",
        "low" => "niska przeszkoda",
        "wall" => "mur",
        "block" => "budynek/blok",
        "ladder" => "drabina",
        "impassable" => "teren niedostępny",
        "gap" => "przepaść",
        "dangerous" => "teren niebezpieczny",
        "floor" => "piętro",
        _ => "element",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readers_usual_complaints_come_out_in_polish() {
        for (english, polish) in [
            (
                "TOML parse error at line 1, column 8\n  |\n1 | size = 20\n  |        ^^\n`size` = 20 is out of range (allowed: 28 to 48)\n",
                "błąd w pliku TOML w wierszu 1, kolumnie 8\n  |\n1 | size = 20\n  |        ^^\n`size` = 20 jest poza zakresem (dozwolone: od 28 do 48)\n",
            ),
            (
                "unknown field `faction`, expected one of `name`, `budget`, `model`",
                "nieznane pole `faction`, oczekiwano jednego z: `name`, `budget`, `model`",
            ),
            ("missing field `size`", "brak pola `size`"),
            (
                "unknown field `colour`, expected `size` or `piece`",
                "nieznane pole `colour`, oczekiwano `size` lub `piece`",
            ),
            (
                "invalid type: string \"big\", expected `size`: a number of inches from 28 to 48",
                "zły typ: napis \"big\", oczekiwano `size`: liczba cali od 28 do 48",
            ),
            (
                "unknown variant `tower`, expected one of `open`, `wall`",
                "nieznana wartość `tower`, oczekiwano jednej z: `open`, `wall`",
            ),
            (
                "invalid type: integer `3`, expected a string",
                "zły typ: liczba całkowita `3`, oczekiwano napisu",
            ),
        ] {
            assert_eq!(toml_message(english), polish);
        }
    }

    #[test]
    fn every_kind_of_terrain_has_its_own_polish_name() {
        let kinds = [
            "open",
            "difficult",
            "low",
            "wall",
            "block",
            "ladder",
            "impassable",
            "gap",
            "dangerous",
            "floor",
        ];
        let names: std::collections::BTreeSet<_> = kinds.iter().map(|k| kind_name(k)).collect();
        assert_eq!(names.len(), kinds.len());
        assert!(!names.contains("element"));
    }
}
