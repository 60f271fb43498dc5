//! Decks: the TOML deck format, the deck-building rules, and the shipped starter decks.
//!
//! Pure: this module turns text into a checked deck and never reads a file (the starter
//! decks are compiled in). A deck file names the deck, the house of its Sanctum and its
//! cards with their counts:
//!
//! ```toml
//! name = "War and Mind"
//! house = "war"
//! cards = { fireball = 5, hellion = 4, berserker_blade = 6 }   # or a [cards] table
//! ```
//!
//! A file that is not a deck at all (bad TOML, a missing or unknown key, a count that is
//! not a whole number) is a [`MalformedDeck`]; a deck that breaks a deck-building rule has
//! [`DeckProblem`]s, every one of them listed, each naming the TOML line, the card and the
//! rule. The rules, and the questions behind them, are in `docs/rules/decks.md` (D1–D7).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::cards::{CATALOGUE, CardId};
use crate::game::DeckChoice;
use crate::mana::{House, ManaType};
use crate::scenario::{line_col, spanless_line};
use crate::stats;

/// Most characters of a deck's name (D7).
pub const MAX_NAME: usize = 60;

/// The starter decks, by name: a Sanctum house and the second house it is paired with
/// (D6). Each file is `crates/sanctum-rules/decks/NAME.toml`.
pub const STARTER_DECKS: [(&str, &str); 6] = [
    ("war_mind", include_str!("../decks/war_mind.toml")),
    ("unmaking_life", include_str!("../decks/unmaking_life.toml")),
    ("making_death", include_str!("../decks/making_death.toml")),
    ("body_justice", include_str!("../decks/body_justice.toml")),
    (
        "abomination_despair",
        include_str!("../decks/abomination_despair.toml"),
    ),
    ("nature_hope", include_str!("../decks/nature_hope.toml")),
];

/// A deck file that is not a deck: bad TOML, a missing or unknown key, a value of the
/// wrong kind. The column is unknown for the few errors the TOML parser reports without
/// a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct MalformedDeck {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

/// A deck-building rule that a deck breaks, with the TOML line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckProblem {
    #[error(
        "line {line}: the name has {chars} characters (rule name: 1 to {max} characters, none of them control characters)"
    )]
    Name {
        line: usize,
        chars: usize,
        max: usize,
    },
    #[error("line {line}: unknown house '{house}'{} (rule house: the Sanctum's house is one of {})", did_you_mean(*.nearest), house_names())]
    UnknownHouse {
        line: usize,
        house: String,
        nearest: Option<&'static str>,
    },
    #[error("line {line}: unknown card '{card}'{} (rule known_card: every card must be in the card pool; `sanctum cards` lists them)", did_you_mean(*.nearest))]
    UnknownCard {
        line: usize,
        card: String,
        nearest: Option<&'static str>,
    },
    #[error(
        "line {line}: card '{card}': {count} copies (rule copies: 1 to {max} copies of a card)"
    )]
    Copies {
        line: usize,
        card: String,
        count: i64,
        max: i64,
    },
    #[error("line {line}: the deck holds {cards} cards (rule deck_size: {min} to {max} cards)")]
    Size {
        line: usize,
        cards: i64,
        min: usize,
        max: usize,
    },
    #[error("line {line}: the cards need {} mana types that its {} Sanctum does not make: {} (rule mana: at most {max} types beyond the Sanctum's two, one town each)", .needs.len(), .house.name(), needs_list(.needs))]
    Mana {
        line: usize,
        house: House,
        /// Each type the Sanctum does not make, with the cards that need it.
        needs: Vec<(ManaType, Vec<&'static str>)>,
        max: usize,
    },
}

impl DeckProblem {
    /// The rule's short name, as the messages and the JSON report give it.
    pub fn rule(&self) -> &'static str {
        match self {
            DeckProblem::Name { .. } => "name",
            DeckProblem::UnknownHouse { .. } => "house",
            DeckProblem::UnknownCard { .. } => "known_card",
            DeckProblem::Copies { .. } => "copies",
            DeckProblem::Size { .. } => "deck_size",
            DeckProblem::Mana { .. } => "mana",
        }
    }

    /// The TOML line it names.
    pub fn line(&self) -> usize {
        match self {
            DeckProblem::Name { line, .. }
            | DeckProblem::UnknownHouse { line, .. }
            | DeckProblem::UnknownCard { line, .. }
            | DeckProblem::Copies { line, .. }
            | DeckProblem::Size { line, .. }
            | DeckProblem::Mana { line, .. } => *line,
        }
    }
}

/// Something a valid deck's player should know: a card that waits for a town (D4).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: card '{card}' needs {}, which its {} Sanctum does not make: it waits for a town giving it", type_list(.types), .house.name())]
pub struct DeckWarning {
    pub line: usize,
    pub card: &'static str,
    pub house: House,
    pub types: Vec<ManaType>,
}

/// Why a deck text cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("{0}")]
    Malformed(#[from] MalformedDeck),
    /// Every problem, in line order (never empty).
    #[error("{}", .0.first().map(ToString::to_string).unwrap_or_default())]
    Invalid(Vec<DeckProblem>),
}

/// One line of a deck's card list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DeckEntry {
    pub card: CardId,
    pub copies: u16,
    /// The TOML line of the entry.
    #[serde(skip)]
    pub line: usize,
}

/// A valid deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub house: House,
    /// In file order.
    pub cards: Vec<DeckEntry>,
    /// Cards that wait for a town's mana (D4).
    pub warnings: Vec<DeckWarning>,
}

/// A deck file read and checked, valid or not: what could be understood of it, every
/// problem and every warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckCheck {
    pub name: String,
    /// `None` when the house is unknown (a problem).
    pub house: Option<House>,
    /// The known cards with counts in range, in file order.
    pub cards: Vec<DeckEntry>,
    /// In line order; empty for a valid deck.
    pub problems: Vec<DeckProblem>,
    pub warnings: Vec<DeckWarning>,
}

/// What a deck holds, for `sanctum deck validate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeckSummary {
    /// Cards in all.
    pub cards: u32,
    /// Different cards.
    pub distinct: usize,
    /// Cards by total casting cost (primary + secondary).
    pub curve: BTreeMap<u32, u32>,
    /// Cards by the house of the card.
    pub houses: BTreeMap<House, u32>,
    /// For each mana type, the cards that need some of it.
    pub mana_types: BTreeMap<ManaType, u32>,
    /// The types needed that the Sanctum does not make (each needs a town).
    pub town_types: Vec<ManaType>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    name: Spanned<String>,
    house: Spanned<String>,
    cards: Spanned<BTreeMap<Spanned<String>, Spanned<i64>>>,
}

/// Reads a deck text and checks every rule; `Err` only when the text is not a deck.
pub fn check(text: &str) -> Result<DeckCheck, MalformedDeck> {
    let raw: RawDeck = toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map_or((spanless_line(text), None), |s| {
            let (line, column) = line_col(text, s.start);
            (line, Some(column))
        });
        MalformedDeck {
            line,
            column,
            message: e.message().trim().to_string(),
        }
    })?;
    let line = |offset: usize| line_col(text, offset).0;
    let mut problems = Vec::new();
    let name = raw.name.get_ref();
    let chars = name.trim().chars().count();
    if chars == 0 || chars > MAX_NAME || name.chars().any(char::is_control) {
        problems.push(DeckProblem::Name {
            line: line(raw.name.span().start),
            chars,
            max: MAX_NAME,
        });
    }
    let house = House::from_name(raw.house.get_ref());
    if house.is_none() {
        problems.push(DeckProblem::UnknownHouse {
            line: line(raw.house.span().start),
            house: shown(raw.house.get_ref()),
            nearest: nearest(raw.house.get_ref(), House::ALL.iter().map(|h| h.name())),
        });
    }
    let (cards, total) = read_cards(&raw, &line, &mut problems);
    if !(stats::MIN_DECK as i64..=stats::MAX_DECK as i64).contains(&total) {
        problems.push(DeckProblem::Size {
            line: line(raw.cards.span().start),
            cards: total,
            min: stats::MIN_DECK,
            max: stats::MAX_DECK,
        });
    }
    let mut warnings = Vec::new();
    if let Some(house) = house {
        let l = line(raw.house.span().start);
        warnings = mana_rule(house, &cards, l, &mut problems);
    }
    problems.sort_by_key(DeckProblem::line);
    Ok(DeckCheck {
        name: name.clone(),
        house,
        cards,
        problems,
        warnings,
    })
}

/// The card list in file order: known cards with counts in range, and the number of
/// cards in all (unknown cards included, so that a misspelt id is one problem, not two).
fn read_cards(
    raw: &RawDeck,
    line: &dyn Fn(usize) -> usize,
    problems: &mut Vec<DeckProblem>,
) -> (Vec<DeckEntry>, i64) {
    let mut items: Vec<_> = raw.cards.get_ref().iter().collect();
    items.sort_by_key(|(id, _)| id.span().start);
    let mut cards = Vec::new();
    let mut total: i64 = 0;
    for (id, count) in items {
        let l = line(id.span().start);
        let n = *count.get_ref();
        let in_range = (1..=stats::MAX_COPIES).contains(&n);
        if in_range {
            total += n;
        } else {
            problems.push(DeckProblem::Copies {
                line: line(count.span().start),
                card: shown(id.get_ref()),
                count: n,
                max: stats::MAX_COPIES,
            });
        }
        match CardId::from_name(id.get_ref()) {
            Some(card) if in_range => cards.push(DeckEntry {
                card,
                copies: n as u16,
                line: l,
            }),
            Some(_) => {}
            None => problems.push(DeckProblem::UnknownCard {
                line: l,
                card: shown(id.get_ref()),
                nearest: nearest_card(id.get_ref()),
            }),
        }
    }
    (cards, total)
}

/// The types a card's cost needs.
fn needed_types(card: CardId) -> impl Iterator<Item = ManaType> {
    let cost = card.def().cost();
    ManaType::ALL.into_iter().filter(move |t| cost.get(*t) > 0)
}

/// D4: every type a card needs that the Sanctum does not make gives a warning; more
/// than [`stats::MAX_TOWN_TYPES`] such types in the deck is a problem.
fn mana_rule(
    house: House,
    cards: &[DeckEntry],
    house_line: usize,
    problems: &mut Vec<DeckProblem>,
) -> Vec<DeckWarning> {
    let mut warnings = Vec::new();
    let mut needs: BTreeMap<ManaType, Vec<&'static str>> = BTreeMap::new();
    for e in cards {
        let types: Vec<ManaType> = needed_types(e.card).filter(|t| !house.has(*t)).collect();
        for t in &types {
            needs.entry(*t).or_default().push(e.card.key());
        }
        if !types.is_empty() {
            warnings.push(DeckWarning {
                line: e.line,
                card: e.card.key(),
                house,
                types,
            });
        }
    }
    if needs.len() > stats::MAX_TOWN_TYPES {
        problems.push(DeckProblem::Mana {
            line: house_line,
            house,
            needs: needs.into_iter().collect(),
            max: stats::MAX_TOWN_TYPES,
        });
    }
    warnings
}

impl DeckCheck {
    /// Whether the deck breaks no rule.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// The deck, if it is valid; otherwise every problem.
    pub fn into_deck(self) -> Result<Deck, Vec<DeckProblem>> {
        match self.house {
            Some(house) if self.problems.is_empty() => Ok(Deck {
                name: self.name,
                house,
                cards: self.cards,
                warnings: self.warnings,
            }),
            _ => Err(self.problems),
        }
    }

    /// The deck's name as a report shows it: on one line, at most [`MAX_NAME`]
    /// characters.
    pub fn shown_name(&self) -> String {
        clipped(&self.name, MAX_NAME)
    }

    /// What the deck holds, counting the cards that could be understood.
    pub fn summary(&self) -> DeckSummary {
        summarize(self.house, &self.cards)
    }
}

impl Deck {
    /// Reads and checks a deck text.
    pub fn parse(text: &str) -> Result<Deck, DeckError> {
        check(text)?.into_deck().map_err(DeckError::Invalid)
    }

    /// Cards in all.
    pub fn len(&self) -> usize {
        self.cards.iter().map(|e| e.copies as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every card, each as many times as its count, in file order.
    pub fn card_list(&self) -> Vec<CardId> {
        self.cards
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.card, e.copies as usize))
            .collect()
    }

    /// The deck as a game setup takes it.
    pub fn choice(&self) -> DeckChoice {
        DeckChoice {
            house: self.house,
            cards: self.card_list(),
        }
    }

    pub fn summary(&self) -> DeckSummary {
        summarize(Some(self.house), &self.cards)
    }

    /// A starter deck by name (`None`: no such starter deck). The shipped decks are
    /// valid (a test checks each), so `Err` never happens in a release.
    pub fn starter(name: &str) -> Option<Result<Deck, DeckError>> {
        STARTER_DECKS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| Deck::parse(text))
    }
}

/// The names of the starter decks.
pub fn starter_names() -> Vec<&'static str> {
    STARTER_DECKS.iter().map(|(n, _)| *n).collect()
}

fn summarize(house: Option<House>, cards: &[DeckEntry]) -> DeckSummary {
    let mut s = DeckSummary {
        cards: 0,
        distinct: cards.len(),
        curve: BTreeMap::new(),
        houses: BTreeMap::new(),
        mana_types: BTreeMap::new(),
        town_types: Vec::new(),
    };
    let mut town = BTreeSet::new();
    for e in cards {
        let n = u32::from(e.copies);
        let def = e.card.def();
        s.cards += n;
        *s.curve.entry(def.cost().total()).or_default() += n;
        *s.houses.entry(def.house).or_default() += n;
        for t in needed_types(e.card) {
            *s.mana_types.entry(t).or_default() += n;
            if house.is_some_and(|h| !h.has(t)) {
                town.insert(t);
            }
        }
    }
    s.town_types = town.into_iter().collect();
    s
}

/// A text from the file as a message shows it: control characters escaped, at most
/// 40 characters.
fn shown(s: &str) -> String {
    clipped(s, 40)
}

/// `s` on one line: control characters escaped, at most `max` characters and `…`.
fn clipped(s: &str, max: usize) -> String {
    let mut out: String = s
        .chars()
        .take(max)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if s.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

fn did_you_mean(nearest: Option<&str>) -> String {
    nearest.map_or(String::new(), |n| format!("; did you mean '{n}'?"))
}

fn house_names() -> String {
    let names: Vec<&str> = House::ALL.iter().map(|h| h.name()).collect();
    names.join(", ")
}

fn type_list(types: &[ManaType]) -> String {
    let names: Vec<&str> = types.iter().map(|t| t.name()).collect();
    names.join(" and ")
}

fn needs_list(needs: &[(ManaType, Vec<&'static str>)]) -> String {
    let parts: Vec<String> = needs
        .iter()
        .map(|(t, cards)| format!("{} ({})", t.name(), cards.join(", ")))
        .collect();
    parts.join(", ")
}

/// The known id nearest to a misspelt card id or name (`Belvario's Trap` finds
/// `belvarios_trap`).
pub fn nearest_card(word: &str) -> Option<&'static str> {
    let w = normalized(word);
    CATALOGUE
        .iter()
        .map(|c| {
            let d =
                edit_distance(&w, &normalized(c.id)).min(edit_distance(&w, &normalized(c.name)));
            (d, c.id)
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, id)| id)
}

/// The candidate nearest to `word`, the first of equals.
fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let w = normalized(word);
    candidates.min_by_key(|c| edit_distance(&w, &normalized(c)))
}

/// Lower case, apostrophes dropped, anything else that is not a letter or digit made
/// `_`; at most 64 characters (a huge id is compared by its start).
fn normalized(s: &str) -> Vec<char> {
    s.chars()
        .filter(|c| *c != '\'')
        .take(64)
        .flat_map(char::to_lowercase)
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect()
}

/// Levenshtein distance.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let swap = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + swap).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests;
