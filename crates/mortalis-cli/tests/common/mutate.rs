//! Mutations of the shipped example files for the fuzz-style tests of every
//! file format, and the checks every run must pass. Shared by the tests of
//! both binaries (`sanctum-cli` includes this file with `#[path]`).

use std::path::Path;
use std::process::Output;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};

/// Numbers that break careless arithmetic: zero, negative, 2^31, 2^32 - 1,
/// 2^32, 2^63 - 1, 2^63, 2^64 - 1, and floats.
pub const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "1e9",
    "1e300",
    "-0.5",
    "nan",
    "inf",
];

/// One change to a file's bytes.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// XOR one byte (the position is taken modulo the length).
    FlipByte { at: usize, xor: u8 },
    /// Cut the file at a position.
    Truncate { at: usize },
    /// Delete one line.
    DeleteLine { line: usize },
    /// Write one line twice.
    DuplicateLine { line: usize },
    /// Replace one number with an extreme.
    Number { which: usize, value: &'static str },
    /// Replace the text of one quoted string with a long run of letters.
    HugeString { which: usize, len: usize },
}

/// Any single mutation.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(at, xor)| Mutation::FlipByte { at, xor }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
        any::<usize>().prop_map(|line| Mutation::DeleteLine { line }),
        any::<usize>().prop_map(|line| Mutation::DuplicateLine { line }),
        (any::<usize>(), proptest::sample::select(EXTREMES))
            .prop_map(|(which, value)| Mutation::Number { which, value }),
        (
            any::<usize>(),
            proptest::sample::select(&[300, 70_000, 1 << 20][..])
        )
            .prop_map(|(which, len)| Mutation::HugeString { which, len }),
    ]
}

/// One to three mutations in a row.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec(mutation(), 1..=3)
}

/// The byte ranges of `items` in `text` picked by `which`, or `None`.
fn pick(items: &[(usize, usize)], which: usize) -> Option<(usize, usize)> {
    (!items.is_empty()).then(|| items[which % items.len()])
}

/// How many numbers `text` holds (for [`Mutation::Number`] sweeps).
pub fn number_count(text: &[u8]) -> usize {
    numbers(text).len()
}

/// Byte ranges of the numbers (digit runs with sign, point and exponent).
fn numbers(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_digit() {
            let start = if i > 0 && text[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'.') {
                i += 1;
            }
            out.push((start, i));
        }
        i += 1;
    }
    out
}

/// Byte ranges of the insides of double-quoted strings.
fn strings(text: &[u8]) -> Vec<(usize, usize)> {
    let quotes: Vec<usize> = (0..text.len()).filter(|&i| text[i] == b'"').collect();
    quotes.chunks_exact(2).map(|q| (q[0] + 1, q[1])).collect()
}

/// Line ranges, each with its newline.
fn lines(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push((start, text.len()));
    }
    out
}

fn splice(text: &[u8], (a, b): (usize, usize), with: &[u8]) -> Vec<u8> {
    [&text[..a], with, &text[b..]].concat()
}

/// Every file made from `text` by replacing one number with one extreme.
pub fn every_number_at_every_extreme(text: &[u8]) -> impl Iterator<Item = Vec<u8>> + '_ {
    (0..number_count(text)).flat_map(move |which| {
        EXTREMES
            .iter()
            .map(move |&value| apply(text, &Mutation::Number { which, value }))
    })
}

/// Applies one mutation.
pub fn apply(text: &[u8], m: &Mutation) -> Vec<u8> {
    let len = text.len().max(1);
    match *m {
        Mutation::FlipByte { at, xor } => {
            let mut out = text.to_vec();
            if let Some(b) = out.get_mut(at % len) {
                *b ^= xor;
            }
            out
        }
        Mutation::Truncate { at } => text[..(at % len).min(text.len())].to_vec(),
        Mutation::DeleteLine { line } => match pick(&lines(text), line) {
            Some(r) => splice(text, r, b""),
            None => text.to_vec(),
        },
        Mutation::DuplicateLine { line } => match pick(&lines(text), line) {
            Some((a, b)) => splice(text, (a, a), &text[a..b]),
            None => text.to_vec(),
        },
        Mutation::Number { which, value } => match pick(&numbers(text), which) {
            Some(r) => splice(text, r, value.as_bytes()),
            None => text.to_vec(),
        },
        Mutation::HugeString { which, len } => match pick(&strings(text), which) {
            Some(r) => splice(text, r, "x".repeat(len).as_bytes()),
            None => text.to_vec(),
        },
    }
}

/// The test runner's settings: `FUZZ_CASES` cases (default `default`), no
/// regression files in the tree.
pub fn config(default: u32) -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// What every run on a mutated file must show: no panic, exit code 0, 1 or
/// 2, and on exit 2 an error naming one of `files`.
pub fn check(out: &Output, files: &[&Path]) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&out.stderr);
    prop_assert!(!err.contains("panicked"), "panic: {err}");
    let code = out.status.code();
    prop_assert!(matches!(code, Some(0..=2)), "exit code {code:?}: {err}");
    if code == Some(2) {
        prop_assert!(
            files.iter().any(|f| err.contains(&f.display().to_string())),
            "the error names none of {files:?}: {err}"
        );
    }
    Ok(())
}
