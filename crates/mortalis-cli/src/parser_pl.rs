//! The TOML parser's syntax errors in Polish: a line of the form
//! "WHAT, expected A, B, …", where WHAT is one of the parser's own
//! descriptions and each of A, B, … a description or a quoted literal
//! (left as it is). Used by `file_pl::toml_message` before its general
//! phrases; a line whose WHAT is not known here is left to them.

/// The parser's descriptions of what is wrong, and their Polish.
const WHAT: &[(&str, &str)] = &[
    ("duplicate key", "powtórzony klucz"),
    ("extra `=`", "nadmiarowy `=`"),
    (
        "extra assignment between key-value pairs",
        "nadmiarowe przypisanie między parami klucz–wartość",
    ),
    ("extra comma in array", "nadmiarowy przecinek w liście"),
    (
        "extra comma in inline table",
        "nadmiarowy przecinek w tabeli w wierszu",
    ),
    ("invalid basic string", "zły napis"),
    ("invalid binary number", "zła liczba dwójkowa"),
    ("invalid boolean", "zła wartość logiczna"),
    (
        "invalid comment character",
        "niedozwolony znak w komentarzu",
    ),
    ("invalid date-time", "zła data lub godzina"),
    ("invalid exponent", "zły wykładnik"),
    ("invalid float", "zła liczba"),
    ("invalid fraction", "zła część ułamkowa"),
    ("invalid hexadecimal number", "zła liczba szesnastkowa"),
    (
        "invalid inline table element",
        "zły element tabeli w wierszu",
    ),
    ("invalid integer number", "zła liczba całkowita"),
    ("invalid key", "zły klucz"),
    ("invalid key-value pair", "zła para klucz–wartość"),
    ("invalid literal string", "zły napis"),
    ("invalid mantissa", "zła mantysa"),
    (
        "invalid multi-line basic string",
        "zły napis wielowierszowy",
    ),
    (
        "invalid multi-line literal string",
        "zły napis wielowierszowy",
    ),
    ("invalid octal number", "zła liczba ósemkowa"),
    ("invalid string", "zły napis"),
    ("invalid table", "zła tabela"),
    ("invalid unquoted key", "zły klucz bez cudzysłowu"),
    ("invalid value", "zła wartość"),
    ("missing array opening", "brak początku listy"),
    (
        "missing assignment between key-value pairs",
        "brak `=` między kluczem a wartością",
    ),
    (
        "missing comma between array elements",
        "brak przecinka między elementami listy",
    ),
    (
        "missing comma between key-value pairs",
        "brak przecinka między parami klucz–wartość",
    ),
    ("missing comment start", "brak początku komentarza"),
    ("missing escaped value", "brak znaku po `\\`"),
    (
        "missing inline table opening",
        "brak początku tabeli w wierszu",
    ),
    (
        "missing key for inline table element",
        "brak klucza elementu tabeli w wierszu",
    ),
    ("missing opening quote", "brak otwierającego cudzysłowu"),
    ("missing table open", "brak początku tabeli"),
    ("missing value for key", "brak wartości klucza"),
    ("missing value", "brak wartości"),
    ("unclosed array table", "niedomknięty nagłówek `[[…]]`"),
    ("unclosed array", "niedomknięta lista"),
    ("unclosed inline table", "niedomknięta tabela w wierszu"),
    ("unclosed table", "niedomknięta tabela"),
    ("unexpected `=` in array", "nieoczekiwany `=` w liście"),
    (
        "unexpected content between comment and newline",
        "nieoczekiwana treść między komentarzem a końcem wiersza",
    ),
    ("unexpected content", "nieoczekiwana treść"),
    ("unexpected key or value", "nieoczekiwany klucz lub wartość"),
    (
        "unexpected leading zero",
        "nieoczekiwane zero na początku liczby",
    ),
    ("unexpected sign", "nieoczekiwany znak liczby"),
    (
        "unquoted keys cannot be empty",
        "klucz bez cudzysłowu nie może być pusty",
    ),
];

/// The parser's descriptions of what it expected, in the genitive that
/// follows "oczekiwano".
const EXPECTED: &[(&str, &str)] = &[
    ("newline", "końca wiersza"),
    ("key", "klucza"),
    ("value", "wartości"),
    ("numbers", "cyfr"),
    ("digits", "cyfr"),
    ("letters", "liter"),
    ("literal string", "napisu"),
    ("basic string", "napisu"),
    ("multi-line basic string", "napisu wielowierszowego"),
    ("unicode hexadecimal value", "szesnastkowego kodu Unicode"),
    ("printable characters", "znaków drukowalnych"),
    ("characters", "znaków"),
    (
        "non-single-quote visible characters",
        "widocznych znaków innych niż `'`",
    ),
    ("non-single-quote characters", "znaków innych niż `'`"),
    (
        "non-double-quote visible characters",
        "widocznych znaków innych niż `\"`",
    ),
    ("nothing", "niczego"),
    ("etc", "itd."),
];

/// `line` in Polish when it is one of the parser's syntax errors: the
/// known description, then ", oczekiwano" and each expected item (a
/// description translated, anything else as it is). Quoted literals come
/// already taken out of `line` (`file_pl::protect`), so a comma inside one
/// does not split the list. `None` when the description is not known.
pub fn syntax_line(line: &str) -> Option<String> {
    let (what, expected) = match line.split_once(", expected ") {
        Some((what, expected)) => (what, Some(expected)),
        None => (line, None),
    };
    let what = WHAT.iter().find(|(en, _)| *en == what)?.1;
    let Some(expected) = expected else {
        return Some(what.to_string());
    };
    let items: Vec<&str> = expected
        .split(", ")
        .map(|item| {
            EXPECTED
                .iter()
                .find(|(en, _)| *en == item)
                .map_or(item, |(_, pl)| pl)
        })
        .collect();
    Some(format!("{what}, oczekiwano {}", items.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_error_and_its_expected_items_are_said_in_polish() {
        assert_eq!(
            syntax_line("invalid exponent, expected digits").as_deref(),
            Some("zły wykładnik, oczekiwano cyfr")
        );
        assert_eq!(
            syntax_line("unexpected key or value, expected newline, \x010\x02").as_deref(),
            Some("nieoczekiwany klucz lub wartość, oczekiwano końca wiersza, \x010\x02")
        );
        assert_eq!(
            syntax_line("missing value").as_deref(),
            Some("brak wartości")
        );
    }

    #[test]
    fn an_unknown_error_is_left_to_the_general_phrases() {
        assert_eq!(syntax_line("something new, expected digits"), None);
        assert_eq!(syntax_line("invalid type: integer"), None);
    }

    #[test]
    fn an_unknown_expected_item_keeps_its_words() {
        assert_eq!(
            syntax_line("missing value, expected a brand new thing").as_deref(),
            Some("brak wartości, oczekiwano a brand new thing")
        );
    }
}
