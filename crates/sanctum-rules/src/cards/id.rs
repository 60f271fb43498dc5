//! A card's identity: its index in [`CATALOGUE`], written in files as its string id;
//! decks drawn from the whole pool for bots and tests.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::*;

/// A card, by its index in [`CATALOGUE`]; written in files as its string id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(u16);

impl CardId {
    pub fn from_name(id: &str) -> Option<CardId> {
        CATALOGUE
            .iter()
            .position(|c| c.id == id)
            .map(|i| CardId(i as u16))
    }

    pub fn def(self) -> &'static CardDef {
        &CATALOGUE[self.0 as usize]
    }

    /// The card's id string, as files write it.
    pub fn key(self) -> &'static str {
        self.def().id
    }

    /// Every card id.
    pub fn all() -> impl Iterator<Item = CardId> + Clone {
        (0..CATALOGUE.len()).map(|i| CardId(i as u16))
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl Serialize for CardId {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<CardId, D::Error> {
        let s = String::deserialize(de)?;
        CardId::from_name(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown card '{s}' (known: {})",
                CATALOGUE
                    .iter()
                    .map(|c| c.id)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }
}

/// A deck of `n` cards drawn from the whole pool, cycling through it: a default deck
/// for bots and tests (decks may mix houses freely).
pub fn sample_deck(n: usize) -> Vec<CardId> {
    CardId::all().cycle().take(n).collect()
}

/// A deck of `n` cards drawn at random from the whole pool (each card alike, copies
/// allowed), by a generator of `seed`: the decks of the property tests and of the
/// engine benchmark, so that every card of the pool turns up in them.
pub fn pool_deck(n: usize, seed: u64) -> Vec<CardId> {
    let mut rng = crate::rng::GameRng::from_seed(seed);
    (0..n)
        .map(|_| CardId(rng.below(CATALOGUE.len() as u32) as u16))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        for id in CardId::all() {
            assert_eq!(CardId::from_name(id.key()), Some(id));
        }
        let mut names: Vec<_> = CATALOGUE.iter().map(|c| c.id).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CATALOGUE.len());
    }

    #[test]
    fn every_hero_card_makes_its_own_class_and_nation() {
        // `GameState::has_hero` knows a Hero on the board by its class and nation.
        let mut pairs: Vec<_> = CATALOGUE
            .iter()
            .filter_map(|c| match c.effect {
                Effect::Hero { class, nation, .. } => Some((class.name(), nation.name())),
                _ => None,
            })
            .collect();
        let n = pairs.len();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), n);
    }

    #[test]
    fn costs_use_only_the_house_types_and_primary_is_not_below_secondary() {
        // Parted Sea's cost is stated as 1 Order, Nature's second type (S51).
        const STATED_SECONDARY_ONLY: [&str; 1] = ["parted_sea"];
        for c in &CATALOGUE {
            assert!(
                c.primary >= c.secondary || STATED_SECONDARY_ONLY.contains(&c.id),
                "{}",
                c.id
            );
            let cost = c.cost();
            for t in ManaType::ALL {
                if cost.get(t) > 0 {
                    assert!(c.house.has(t), "{} costs {}", c.id, t.name());
                }
            }
        }
    }
}
