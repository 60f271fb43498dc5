//! The card pool: every card as data, and the monsters summonings create. Texts are
//! our own words; `docs/rules/spells.md` lists each card's source. The cards live in a
//! file per house (the first sixty in the order they were introduced); [`CATALOGUE`]
//! joins them into one ordered list, so a card's index, its [`CardId`], never moves.

use super::*;

mod abomination;
mod body;
mod death;
mod designed;
mod despair;
mod first;
mod hope;
mod justice;
mod later;
mod life;
mod making;
mod mechanisms;
mod mind;
mod monsters;
mod named;
mod nature;
mod unmaking;
mod war;

pub use later::{BRIMSTONE_DRAGON, YFREET};
pub use monsters::*;
pub use named::{
    ARBORIADS, BROWN_STRIDERS, FIREWYRM, HOMUNCULI, MAN_OF_IRON, SALAMANDERS, SPAWN_OF_TOGANNI,
    VOLGARIS,
};

/// Joins lists of cards into one array of `N` cards (checked when compiling).
const fn join<const N: usize>(parts: &[&[CardDef]]) -> [CardDef; N] {
    let mut out = [parts[0][0]; N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N, "CATALOGUE's length must be the sum of its parts");
    out
}

/// Every card, in id order of introduction. A card's index here is its [`CardId`].
pub static CATALOGUE: [CardDef; 269] = join(&[
    first::FIRST,
    death::DEATH,
    justice::JUSTICE,
    hope::HOPE,
    mind::MIND,
    despair::DESPAIR,
    abomination::ABOMINATION,
    body::BODY,
    life::LIFE,
    nature::NATURE,
    war::WAR,
    unmaking::UNMAKING,
    making::MAKING,
    later::LATER,
    named::NAMED,
    designed::DESIGNED,
    mechanisms::MECHANISMS,
]);
