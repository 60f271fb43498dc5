//! Reading input files: every file argument goes through [`read`], which
//! refuses files over [`MAX_FILE_BYTES`] and text that is not UTF-8 (naming
//! the line and column of the first bad byte), and TOML files through
//! [`parse_toml`], whose errors always name the file and a line.

use std::io::Read;
use std::path::Path;

use anyhow::anyhow;
use mortalis_rules::Lang;

use crate::Failure;

/// The largest file read: 4 MiB, far above any real query, warband, report,
/// decisions or campaign file.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads a whole text file of at most [`MAX_FILE_BYTES`].
pub fn read(path: &Path, lang: Lang) -> Result<String, Failure> {
    let cannot = |e: std::io::Error| {
        Failure::from(anyhow!(e).context(format!(
            "{} {}",
            lang.pick("nie można odczytać", "cannot read"),
            path.display()
        )))
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Failure::from(anyhow!(
            "{}: {} {} MiB",
            path.display(),
            lang.pick(
                "plik jest większy niż dopuszczalne",
                "the file is larger than the limit of"
            ),
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // `valid` is UTF-8 up to the first bad byte.
        let before = std::str::from_utf8(valid).unwrap_or_default();
        let (line, column) = line_col(before);
        Failure::from(anyhow!(
            "{}: {} {line}, {} {column}: {}",
            path.display(),
            lang.pick("wiersz", "line"),
            lang.pick("kolumna", "column"),
            lang.pick("to nie jest poprawny tekst UTF-8", "not valid UTF-8 text")
        ))
    })
}

/// Line and column (from 1) of the position just after `before`.
fn line_col(before: &str) -> (usize, usize) {
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// Reads and parses a TOML file; a format error names the file and the line
/// (and the column where the parser knows it).
pub fn parse_toml<T: serde::de::DeserializeOwned>(path: &Path, lang: Lang) -> Result<T, Failure> {
    let text = read(path, lang)?;
    toml::from_str(&text).map_err(|e| {
        let message = match e.span() {
            Some(_) => e.to_string(),
            None => format!(
                "{} {}: {}",
                lang.pick("wiersz", "line"),
                spanless_line(&text),
                e.message()
            ),
        };
        let message = match lang {
            Lang::Pl => crate::file_pl::toml_message(&message),
            Lang::En => message,
        };
        Failure::from(anyhow!("{}: {}", path.display(), message.trim_end()))
    })
}

/// Whether a side's file is a campaign (JSON) rather than a warband
/// (TOML): by its extension, `.json` or `.toml`, and otherwise by its text
/// (a JSON object opens with `{`, which no TOML file does; only the first
/// few kilobytes of a regular file are read, so a huge file is no trap). A
/// pipe or a device (`<(…)`, `/dev/stdin`) is not read twice: it counts as
/// TOML, as does an unreadable file, whose reading then names the problem.
pub fn is_json(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("json") => true,
        Some(e) if e.eq_ignore_ascii_case("toml") => false,
        _ if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) => false,
        _ => {
            let mut head = Vec::new();
            let read = std::fs::File::open(path)
                .and_then(|f| f.take(SNIFF).read_to_end(&mut head))
                .is_ok();
            read && head
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b'{')
        }
    }
}

/// How much of a side's file [`is_json`] reads.
const SNIFF: u64 = 4096;

/// A seed given on the command line: a whole number from 0 to
/// 18446744073709551615 (a minus sign reaches here as part of the value, so
/// that the error says what a seed is rather than taking it for a flag).
pub fn seed_value(text: &str) -> Result<u64, SeedError> {
    text.trim().parse().map_err(|_| SeedError)
}

/// A seed that is not one ([`seed_value`]); `clap_pl` says it in Polish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedError;

impl std::fmt::Display for SeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a seed is a whole number from 0 to {}", u64::MAX)
    }
}

impl std::error::Error for SeedError {}

/// The line of a TOML error the parser reports without a position (such as
/// its recursion limit on a long dotted key): the first line whose text up
/// to and including it fails the same way, found by bisection. Line 1 when
/// the error is not a syntax error.
fn spanless_line(text: &str) -> usize {
    let fails =
        |end: usize| toml::from_str::<toml::Table>(&text[..end]).is_err_and(|e| e.span().is_none());
    let ends: Vec<usize> = (text.match_indices('\n').map(|(i, _)| i + 1))
        .chain([text.len()])
        .collect();
    match ends.partition_point(|&end| !fails(end)) {
        n if n == ends.len() => 1,
        n => n + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spanless_error_is_placed_on_its_line() {
        let header = format!("[{}]", vec!["a"; 100].join("."));
        let text = format!("kind = \"shoot\"\n[attacker]\n\n{header}\nx = 1\n");
        assert!(
            toml::from_str::<toml::Table>(&text)
                .unwrap_err()
                .span()
                .is_none()
        );
        assert_eq!(spanless_line(&text), 4);
        assert_eq!(spanless_line(&header), 1);
        assert_eq!(spanless_line("a = 1"), 1);
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(line_col(""), (1, 1));
        assert_eq!(line_col("ab\nżó"), (2, 3));
    }
}
