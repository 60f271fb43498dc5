//! `sanctum deck validate FILE`, and the decks `sanctum play` takes (a starter deck's
//! name or a deck file).

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use clap::Subcommand;
use sanctum_rules::decks::{self, Deck, DeckCheck, DeckError, DeckSummary};
use serde_json::json;

use crate::resolve::BadInput;

/// What `sanctum deck` does.
#[derive(Subcommand, Debug)]
pub enum DeckCommand {
    /// Check a deck file: exit 0 valid (with a summary), 1 invalid (every problem), 2
    /// unreadable or malformed.
    Validate {
        /// The deck file (TOML: name, house, cards).
        file: PathBuf,
        /// Print a JSON report instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// A deck that breaks a rule: the report is printed on standard output and the binary
/// exits with code 1.
#[derive(Debug)]
pub struct Invalid(pub String);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid deck")
    }
}

impl std::error::Error for Invalid {}

pub fn run(command: &DeckCommand) -> anyhow::Result<String> {
    match command {
        DeckCommand::Validate { file, json } => validate(file, *json),
    }
}

/// `sanctum deck validate FILE [--json]`.
fn validate(file: &Path, json: bool) -> anyhow::Result<String> {
    let text = crate::input::read(file).map_err(BadInput)?;
    let check = decks::check(&text).map_err(|e| BadInput(format!("{}: {e}", file.display())))?;
    let report = if json {
        format!(
            "{}\n",
            serde_json::to_string_pretty(&json_report(file, &check))?
        )
    } else {
        text_report(file, &check)
    };
    if check.is_valid() {
        Ok(report)
    } else {
        Err(Invalid(report).into())
    }
}

fn json_report(file: &Path, check: &DeckCheck) -> serde_json::Value {
    let problems: Vec<_> = check
        .problems
        .iter()
        .map(|p| json!({"line": p.line(), "rule": p.rule(), "message": p.to_string()}))
        .collect();
    let warnings: Vec<_> = check
        .warnings
        .iter()
        .map(|w| json!({"line": w.line, "card": w.card, "message": w.to_string()}))
        .collect();
    json!({
        "file": file.display().to_string(),
        "valid": check.is_valid(),
        "name": check.shown_name(),
        "house": check.house,
        "summary": check.summary(),
        "cards": check.cards,
        "problems": problems,
        "warnings": warnings,
    })
}

fn text_report(file: &Path, check: &DeckCheck) -> String {
    let mut out = String::new();
    let sanctum = check.house.map_or("an unknown house".to_string(), |h| {
        format!(
            "{} Sanctum: {}, {}",
            h.name(),
            h.primary().name(),
            h.secondary().name()
        )
    });
    let verdict = if check.is_valid() {
        "valid deck".to_string()
    } else {
        let n = check.problems.len();
        format!("INVALID deck, {n} problem{}", if n == 1 { "" } else { "s" })
    };
    let _ = writeln!(
        out,
        "{}: {verdict} '{}' ({sanctum})",
        file.display(),
        check.shown_name()
    );
    for p in &check.problems {
        let _ = writeln!(out, "  problem: {p}");
    }
    summary_lines(&mut out, &check.summary());
    for w in &check.warnings {
        let _ = writeln!(out, "  warning: {w}");
    }
    out
}

fn summary_lines(out: &mut String, s: &DeckSummary) {
    if s.cards == 0 {
        return;
    }
    let join = |parts: Vec<String>| parts.join(", ");
    let _ = writeln!(out, "  cards: {} ({} different)", s.cards, s.distinct);
    let curve = join(s.curve.iter().map(|(c, n)| format!("{c}: {n}")).collect());
    let _ = writeln!(out, "  curve (total cost: cards): {curve}");
    let houses = join(
        s.houses
            .iter()
            .map(|(h, n)| format!("{} {n}", h.name()))
            .collect(),
    );
    let _ = writeln!(out, "  houses: {houses}");
    let types = join(
        s.mana_types
            .iter()
            .map(|(t, n)| format!("{} {n}", t.name()))
            .collect(),
    );
    let _ = writeln!(out, "  mana types needed (cards): {types}");
    if !s.town_types.is_empty() {
        let towns = join(s.town_types.iter().map(|t| t.name().to_string()).collect());
        let _ = writeln!(out, "  from towns: {towns}");
    }
}

/// A deck for `sanctum play`: a starter deck's name, or a deck file. An invalid deck is
/// refused in one line naming the file, the line and the rule.
pub fn load(arg: &str, flag: &str) -> anyhow::Result<Deck> {
    if let Some(deck) = Deck::starter(arg) {
        return deck.map_err(|e| anyhow::anyhow!("starter deck '{arg}': {e}"));
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(BadInput(format!(
            "{flag} '{arg}': no such starter deck or file (starter decks: {})",
            decks::starter_names().join(", ")
        ))
        .into());
    }
    let text = crate::input::read(path).map_err(BadInput)?;
    Deck::parse(&text).map_err(|e| {
        let more = match &e {
            DeckError::Invalid(all) if all.len() > 1 => format!(
                " (and {} more: `sanctum deck validate {arg}` lists every problem)",
                all.len() - 1
            ),
            _ => String::new(),
        };
        BadInput(format!("{}: {e}{more}", path.display())).into()
    })
}
