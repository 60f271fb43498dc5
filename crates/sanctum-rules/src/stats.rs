//! Every number of the game that the sources do not fix, in one table.
//!
//! The recruit baseline, what levels and experience do, how combat rounds and hit
//! chances work, production, starting values and the turn limit. Each constant names
//! the ruling in `docs/rules/game.md` or `docs/rules/combat.md` that chose it; the tests
//! there pin them. Nothing else in the crate repeats these numbers.

use crate::groups::RecruitClass;

/// The fighting numbers of one recruit class before nation and level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassStats {
    pub class: RecruitClass,
    pub hand: u8,
    pub missile: u8,
    pub armor: u8,
    pub attacks: u8,
    pub hit_points: u8,
}

/// The recruit baseline (ruling G3): a swordsman is H2 A1 HP7, as the surviving card
/// stat lines imply; an archer trades the sword and the armor for a bow of 2 (ours).
pub const RECRUITS: [ClassStats; 2] = [
    ClassStats {
        class: RecruitClass::Swordsman,
        hand: 2,
        missile: 0,
        armor: 1,
        attacks: 1,
        hit_points: 7,
    },
    ClassStats {
        class: RecruitClass::Archer,
        hand: 0,
        missile: 2,
        armor: 0,
        attacks: 1,
        hit_points: 7,
    },
];

/// The baseline of a class.
pub const fn recruit(class: RecruitClass) -> ClassStats {
    match class {
        RecruitClass::Swordsman => RECRUITS[0],
        RecruitClass::Archer => RECRUITS[1],
    }
}

/// Hit points the "nine hit point" nations add (stated as "+2").
pub const NATION_HP_BONUS: u8 = 2;
/// Extra damage of the round-1 missile and round-2 hand nation abilities.
pub const NATION_DAMAGE_BONUS: u8 = 1;

/// Level of a newly trained recruit (stated).
pub const START_LEVEL: u8 = 1;
/// Highest level (stated); experience alone reaches [`MAX_EXPERIENCE_LEVEL`] (C9).
pub const MAX_LEVEL: u8 = 5;
/// Highest level experience alone can give: level 5 needs a spell (stated).
pub const MAX_EXPERIENCE_LEVEL: u8 = 4;
/// Experience needed for each level, by level (C9): level 2 at 2, 3 at 5, 4 at 9.
pub const LEVEL_XP: [u16; 5] = [0, 0, 2, 5, 9];
/// Experience for each enemy minion a recruit kills (C9).
pub const XP_PER_KILL: u16 = 1;
/// Experience for surviving a combat in which the recruit attacked (C9).
pub const XP_PER_COMBAT: u16 = 1;

/// The level that `xp` experience qualifies for.
pub fn level_for_xp(xp: u16) -> u8 {
    let mut level = 0;
    for (l, &need) in LEVEL_XP.iter().enumerate() {
        if xp >= need {
            level = l as u8;
        }
    }
    level.min(MAX_EXPERIENCE_LEVEL)
}

/// Combat rounds in one combat, at most (C3).
pub const MAX_ROUNDS: u8 = 8;
/// Chance to hit, in twelfths, between minions of equal level (C5).
pub const HIT_BASE: i32 = 8;
/// Twelfths added per level the attacker has above its victim (or taken, below) (C5).
pub const HIT_PER_LEVEL: i32 = 1;
/// Twelfths added per consecutive miss of the attacker: the misses counter (C6).
pub const HIT_PER_MISS: i32 = 2;
/// Bounds of the chance to hit, in twelfths (C5).
pub const HIT_MIN: i32 = 2;
pub const HIT_MAX: i32 = 12;

/// The chance to hit, in twelfths.
pub fn hit_twelfths(attacker_level: u8, victim_level: u8, misses: u8) -> u32 {
    let t = HIT_BASE
        + HIT_PER_LEVEL * (attacker_level as i32 - victim_level as i32)
        + HIT_PER_MISS * misses as i32;
    t.clamp(HIT_MIN, HIT_MAX) as u32
}

/// Gazes (of any kind) that kill a minion (stated for the Cockatrice).
pub const GAZES_TO_KILL: u8 = 3;

/// Cards in a full hand (stated).
pub const HAND_SIZE: usize = 5;
/// Fewest cards in a deck (stated).
pub const MIN_DECK: usize = 30;
/// Most cards in a deck: no limit is stated; this keeps files sane (G8).
pub const MAX_DECK: usize = 500;
/// Most copies of one card in a deck (docs/rules/decks.md D3): no limit is stated; 60, a
/// whole typical deck of one card, is far above any real deck and refuses typos.
pub const MAX_COPIES: i64 = 60;
/// Mana types beyond its Sanctum's two that a deck's cards may need (D4): one town of
/// each, and a player can count on the two towns of its own half of the smallest map.
pub const MAX_TOWN_TYPES: usize = 2;
/// Minions of the starting group in each Sanctum (G1: the in-game help's four).
pub const START_GROUP: usize = 4;
/// A Sanctum produces a novice every this many turns (stated), on turns 1, 5, 9, …
pub const SANCTUM_EVERY: u32 = 4;
/// A town or colony produces a novice every this many turns after its capture (stated).
pub const TOWN_EVERY: u32 = 2;
/// Mana a Sanctum generates each turn before any novice is trained as mana (G4):
/// two of the house's primary type and one of its secondary.
pub const SANCTUM_PRIMARY: u16 = 2;
pub const SANCTUM_SECONDARY: u16 = 1;
/// Mana a town or colony generates each turn (stated).
pub const TOWN_MANA: u16 = 1;
/// Most novices a structure holds; more are not produced (G6).
pub const MAX_NOVICES: u8 = 8;
/// The game ends after this turn if no Sanctum fell (G9).
pub const TURN_LIMIT: u32 = 100;
