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
/// each replacing every match. They read a line with its quoted parts
/// (`…` and "…") taken out ([`protect`]): `{Q}` stands for one of them,
/// put back as it was, so a key or value is never translated.
static PHRASES: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        (
            r"^TOML parse error at line (\d+), column (\d+)$",
            "błąd w pliku TOML w wierszu $1, kolumnie $2",
        ),
        (
            r"unknown field ({Q}), expected one of ",
            "nieznane pole $1, oczekiwano jednego z: ",
        ),
        (
            r"unknown field ({Q}), expected ",
            "nieznane pole $1, oczekiwano ",
        ),
        (
            r"unknown field ({Q}), there are no fields",
            "nieznane pole $1, tu nie ma żadnych pól",
        ),
        (r"missing field ({Q})", "brak pola $1"),
        (
            r"unknown variant ({Q}), expected one of ",
            "nieznana wartość $1, oczekiwano jednej z: ",
        ),
        (
            r"unknown variant ({Q}), expected ",
            "nieznana wartość $1, oczekiwano ",
        ),
        (
            r"unknown (\w+) ({Q}) \(expected one of: ",
            "nieznana nazwa ($1) $2 (oczekiwano jednej z: ",
        ),
        (r"invalid type: ", "zły typ: "),
        (r"invalid value: ", "zła wartość: "),
        (
            r"invalid length (\d+), expected ",
            "zła długość $1, oczekiwano ",
        ),
        (r"duplicate key ({Q})", "powtórzony klucz $1"),
        (r"duplicate field ({Q})", "powtórzone pole $1"),
        (
            r"({Q}) = (\S+) is out of range \(allowed: (\S+) to (\S+)\)",
            "$1 = $2 jest poza zakresem (dozwolone: od $3 do $4)",
        ),
        (
            r"({Q}) = (\S+) is not a whole number \(allowed: (\S+) to (\S+)\)",
            "$1 = $2 nie jest liczbą całkowitą (dozwolone: od $3 do $4)",
        ),
        (
            r"({Q}): a number of inches from (\S+) to (\S+)",
            "$1: liczba cali od $2 do $3",
        ),
        (
            r"({Q}): a whole number from (\S+) to (\S+)",
            "$1: liczba całkowita od $2 do $3",
        ),
        (r"\binteger ({Q})", "liczba całkowita $1"),
        (r"\bfloating point ({Q})", "liczba $1"),
        (r"\bstring ({Q})", "napis $1"),
        (r"\bboolean ({Q})", "wartość logiczna $1"),
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
        (r"({Q}) or ({Q})", "$1 lub $2"),
        (r"\bkey with no value\b", "klucz bez wartości"),
        (
            r"\bunexpected key or value\b",
            "nieoczekiwany klucz lub wartość",
        ),
        (r"\bunclosed array table\b", "niedomknięty nagłówek `[[…]]`"),
        (r"\bunclosed table\b", "niedomknięta tabela"),
        (r"\bunclosed array\b", "niedomknięta lista"),
        (r"\bduplicate key\b", "powtórzony klucz"),
        (r"\ban array of length (\d+)", "listy o długości $1"),
        (r"\bliteral string\b", "napisu"),
        (
            r"\bstring values must be quoted\b",
            "napisy muszą być w cudzysłowie",
        ),
        (
            r"\bwanted string or table\b",
            "oczekiwano napisu lub tabeli",
        ),
        (r"\binvalid basic string\b", "zły napis"),
        (r"\binvalid string\b", "zły napis"),
        (r"^invalid key$", "zły klucz"),
        (r"\bexpected newline\b", "oczekiwano końca wiersza"),
        (r"\bexpected ", "oczekiwano "),
    ]
    .into_iter()
    .map(|(re, pl)| {
        let re = re.replace("{Q}", r"\x01\d+\x02");
        (Regex::new(&re).expect("a fixed pattern"), pl)
    })
    .collect()
});

/// A line of the TOML reader's excerpt of the file (`  |` or `12 | …`):
/// left as it is.
static EXCERPT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*\d*\s*\|").expect("a fixed pattern"));

/// A message from the TOML reader in Polish, as far as its phrasing is
/// known: its header and its message lines, never the excerpt of the file
/// nor a quoted key or value.
pub fn toml_message(message: &str) -> String {
    let lines: Vec<String> = message.lines().map(translate_line).collect();
    let mut out = lines.join("\n");
    if message.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// One line of a message ([`toml_message`]).
fn translate_line(line: &str) -> String {
    if EXCERPT.is_match(line) {
        return line.to_string();
    }
    let (skeleton, quoted) = protect(line);
    // The parser's own syntax errors first (crate::parser_pl), word for
    // word; the rest by the phrases.
    let text = crate::parser_pl::syntax_line(&skeleton).unwrap_or_else(|| {
        PHRASES.iter().fold(skeleton, |text, (re, pl)| {
            re.replace_all(&text, *pl).into_owned()
        })
    });
    restore(&text, &quoted)
}

/// A line with each quoted part (between backticks or double quotes) put
/// aside: the line with a mark `\x01N\x02` for the Nth, and the parts.
fn protect(line: &str) -> (String, Vec<String>) {
    let (mut out, mut parts) = (String::new(), Vec::new());
    let mut rest = line;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest[open..].chars().next().unwrap_or('`');
        let Some(len) = rest[open + 1..].find(quote) else {
            break;
        };
        let close = open + 1 + len + 1;
        out.push_str(&rest[..open]);
        out.push_str(&format!("\x01{}\x02", parts.len()));
        parts.push(rest[open..close].to_string());
        rest = &rest[close..];
    }
    out.push_str(rest);
    (out, parts)
}

/// The line [`protect`] took apart, its quoted parts put back.
fn restore(text: &str, parts: &[String]) -> String {
    static MARK: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\x01(\d+)\x02").expect("a fixed pattern"));
    MARK.replace_all(text, |c: &regex::Captures| {
        c[1].parse::<usize>()
            .ok()
            .and_then(|i| parts.get(i))
            .cloned()
            .unwrap_or_default()
    })
    .into_owned()
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

    /// The excerpt of the file and every quoted key or value stay as the
    /// file has them, even when they read like the reader's words.
    #[test]
    fn the_file_and_its_quoted_words_are_never_translated() {
        let english = "TOML parse error at line 2, column 1\n  |\n2 | \"a map or sequence\" = 1 # expected a sequence\n  | ^^^^^^^^^^^^^^^^^^^\nunknown field `a map or sequence`, expected `size` or `piece`\n";
        let polish = "błąd w pliku TOML w wierszu 2, kolumnie 1\n  |\n2 | \"a map or sequence\" = 1 # expected a sequence\n  | ^^^^^^^^^^^^^^^^^^^\nnieznane pole `a map or sequence`, oczekiwano `size` lub `piece`\n";
        assert_eq!(toml_message(english), polish);
        assert_eq!(
            toml_message("unknown variant `expected a map`, expected one of `open`, `wall`"),
            "nieznana wartość `expected a map`, oczekiwano jednej z: `open`, `wall`"
        );
        assert_eq!(
            toml_message("invalid type: string \"integer `3` or a map\", expected a boolean"),
            "zły typ: napis \"integer `3` or a map\", oczekiwano wartości logicznej"
        );
    }

    /// The rules' own range and name checks, as the warband and query
    /// files give them.
    #[test]
    fn the_rules_checks_come_out_in_polish() {
        for (english, polish) in [
            (
                "`budget` = 1.5 is not a whole number (allowed: 0 to 10000)",
                "`budget` = 1.5 nie jest liczbą całkowitą (dozwolone: od 0 do 10000)",
            ),
            (
                "invalid type: string \"x\", expected `budget`: a whole number from 0 to 10000",
                "zły typ: napis \"x\", oczekiwano `budget`: liczba całkowita od 0 do 10000",
            ),
            (
                "unknown archetype `wizard` (expected one of: savage, bruiser)",
                "nieznana nazwa (archetype) `wizard` (oczekiwano jednej z: savage, bruiser)",
            ),
            (
                "unexpected key or value, expected newline, `#`",
                "nieoczekiwany klucz lub wartość, oczekiwano końca wiersza, `#`",
            ),
            ("wanted string or table", "oczekiwano napisu lub tabeli"),
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
