//! The dice as rolled and the answers behind a recorded loot roll. The log
//! keeps the final dice and, in `note`, every die a skill changed
//! (`tech_hunter 2->5`: a die of a pair rerolled; `searching 4->5`: a single
//! die moved by one), in the order the sequence rolls them; from these the
//! dice as rolled and the answers are rebuilt. Where a note could belong to
//! two dice, either reading gives the same event.

use crate::campaign::tables::{self, LootKind, SpecialKind};

/// Dice in the order the sequence asks for them, and the answers to its
/// `loot.N.*` questions (`reroll`, `medicine_reroll`, `searchK`).
#[derive(Debug, Clone, Default)]
pub(super) struct Script {
    pub(super) raw: Vec<u8>,
    answers: Vec<(String, String)>,
}

/// One change noted: (a tech hunter's reroll, old value, new value).
type Change = (bool, u8, u8);

fn parse(note: &str) -> Option<Change> {
    let (skill, values) = note.trim().split_once(' ')?;
    let (old, new) = values.split_once("->")?;
    let hunter = match skill {
        "tech_hunter" => true,
        "searching" => false,
        _ => return None,
    };
    Some((hunter, old.parse().ok()?, new.parse().ok()?))
}

impl Script {
    /// Rebuild from the final dice (each 1 to 6) and the note.
    pub(super) fn new(dice: &[u8], note: Option<&str>) -> Self {
        let changes: Vec<Change> = note
            .map(|n| n.split(',').filter_map(parse).collect())
            .unwrap_or_default();
        let mut changes = changes.into_iter().peekable();
        let mut s = Script::default();
        let Some(first) = dice.get(..2) else {
            s.raw = dice.to_vec();
            return s;
        };
        let medicine = dice.len() >= 3
            && tables::loot(dice[0] + dice[1]) == LootKind::Special
            && tables::special_kind(dice[2]) == SpecialKind::Medicine;
        s.pair(first, "reroll", &mut changes);
        let mut pos = 2;
        while let Some(&d) = dice.get(pos) {
            if medicine && pos == 3 {
                let end = dice.len().min(5);
                s.pair(&dice[3..end], "medicine_reroll", &mut changes);
                pos = end;
                continue;
            }
            let key = format!("search{pos}");
            match changes.peek() {
                Some(&(false, old, new)) if new == d && old.abs_diff(new) == 1 => {
                    changes.next();
                    s.raw.push(old);
                    s.answers
                        .push((key, if old > new { "-1" } else { "+1" }.to_string()));
                }
                _ => {
                    s.raw.push(d);
                    s.answers.push((key, "0".into()));
                }
            }
            pos += 1;
        }
        s
    }

    /// A pair of dice, one of which a tech hunter may have rerolled.
    fn pair(
        &mut self,
        pair: &[u8],
        key: &str,
        changes: &mut std::iter::Peekable<std::vec::IntoIter<Change>>,
    ) {
        let start = self.raw.len();
        self.raw.extend_from_slice(pair);
        let hit = match changes.peek() {
            Some(&(true, old, new)) if (1..=6).contains(&old) => {
                pair.iter().position(|&x| x == new).map(|k| (k, old, new))
            }
            _ => None,
        };
        let answer = match hit {
            Some((k, old, new)) => {
                changes.next();
                self.raw[start + k] = old;
                self.raw.push(new);
                (k + 1).to_string()
            }
            None => "keep".to_string(),
        };
        self.answers.push((key.to_string(), answer));
    }

    /// The answer to `loot.N.<last>`.
    pub(super) fn answer(&self, last: &str) -> Option<String> {
        self.answers
            .iter()
            .find(|(k, _)| k == last)
            .map(|(_, a)| a.clone())
    }
}
