//! The monsters summonings create (numbers: stated where the research gives them,
//! otherwise ours, fitted to the monster curve of combat.md C12).

use super::super::*;

/// Boggart: the rules site's example of a 3-mana monster (H3 A0 HP15 L1).
pub const BOGGART: MonsterDef = monster("boggart", 3, 0, 15, 1, 1, 1);
/// A 4–5 mana monster that should usually kill a group of two (our numbers, C12).
pub const STALKING_BLYK: MonsterDef = monster("stalking_blyk", 5, 0, 16, 2, 1, 1);
/// A 6–7 mana monster that should usually kill a group of three (our numbers, C12).
pub const HUNTSMAN: MonsterDef = monster("huntsman", 3, 2, 24, 2, 2, 1);
/// Cockatrice: H3 A0 HP12 L1 (stated), its hits give a Gaze.
pub const COCKATRICE: MonsterDef = MonsterDef {
    gaze: true,
    ..monster("cockatrice", 3, 0, 12, 1, 1, 1)
};
/// Tree Man: a 3-mana monster of the curve's first rank (our numbers).
pub const TREE_MAN: MonsterDef = monster("tree_man", 3, 1, 13, 1, 1, 1);
/// Blue Auk: H3 A0 HP16 L1 with Waterwalk (stated).
pub const BLUE_AUK: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::Waterwalk),
    ..monster("blue_auk", 3, 0, 16, 1, 1, 1)
};
/// Combustioneers: three of M2 A0 HP2 L1 that burst for 2 on their killer (stated).
pub const COMBUSTIONEERS: MonsterDef = MonsterDef {
    hand: 0,
    missile: 2,
    explodes: 2,
    ..monster("combustioneer", 0, 0, 2, 1, 1, 3)
};
/// Minotaur: a horde-crusher with a drawback (our reading): it answers to nobody, a
/// neutral group hostile to all; its killer takes Minotaur's Axe.
pub const MINOTAUR: MonsterDef = MonsterDef {
    trophy: Some(crate::game::state::Trophy::MinotaursAxe),
    wild: true,
    ..monster("minotaur", 4, 2, 30, 1, 2, 1)
};
/// Wyrmling: a small dragon whose killer takes its hide (our numbers).
pub const WYRMLING: MonsterDef = MonsterDef {
    trophy: Some(crate::game::state::Trophy::WyrmlingHide),
    ..monster("wyrmling", 3, 1, 10, 1, 1, 1)
};
/// A "horde-crusher" that should kill most of a group of four and live (our numbers, C12).
pub const HELLION: MonsterDef = monster("hellion", 4, 2, 30, 1, 2, 1);
/// Ghoul (Death, 3 mana): the curve's first rank (our numbers).
pub const GHOUL: MonsterDef = monster("ghoul", 3, 0, 14, 1, 1, 1);
/// Barrow Wight (Death, 5 mana): the curve's second rank; armored but frail, it kills
/// a pair of swordsmen about as often as a Stalking Blyk (our numbers).
pub const BARROW_WIGHT: MonsterDef = monster("barrow_wight", 5, 1, 10, 2, 1, 1);
/// Tindelhunden (Justice, 3 mana): a tracking hound of the curve's first rank (our
/// numbers).
pub const TINDELHUNDEN: MonsterDef = monster("tindelhund", 3, 1, 12, 1, 1, 1);
/// Ebon Guardian (Justice, 5 mana): the curve's second rank, sturdier than a Stalking
/// Blyk (our numbers).
pub const EBON_GUARDIAN: MonsterDef = monster("ebon_guardian", 5, 0, 17, 2, 1, 1);
/// Djinn (Mind, 3 mana): the curve's first rank, flying (our numbers).
pub const DJINN: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::Flight),
    ..monster("djinn", 3, 0, 13, 1, 1, 1)
};
/// Bog Horror (Abomination, 3 mana): the curve's first rank, hitting hard and dying
/// fast (our numbers).
pub const BOG_HORROR: MonsterDef = monster("bog_horror", 4, 0, 12, 1, 1, 1);
/// Maloch Horror (Abomination, 6 mana): the curve's third rank, two attacks a round
/// (our numbers, next to the Huntsman's).
pub const MALOCH_HORROR: MonsterDef = monster("maloch_horror", 3, 1, 28, 2, 2, 1);
/// Werewolf (Body, 4 mana): the curve's second rank (our numbers).
pub const WEREWOLF: MonsterDef = monster("werewolf", 5, 0, 15, 2, 1, 1);
/// Simian Warriors (Nature, 3 mana): a pair of apes that together kill about one
/// recruit (our numbers).
pub const SIMIAN_WARRIORS: MonsterDef = monster("simian_warrior", 2, 0, 8, 1, 1, 2);
/// Gorgon (4–5 mana, research §6): the curve's second rank; its hits give Gorgon's
/// Gaze, and its killer takes its head (our numbers).
pub const GORGON: MonsterDef = MonsterDef {
    gorgon: true,
    trophy: Some(crate::game::state::Trophy::GorgonsHead),
    ..monster("gorgon", 6, 0, 16, 2, 1, 1)
};
/// Obsidian Dragon (7 mana, research §6: a horde-crusher with a drawback): it is
/// Immobile, a guardian that never moves; its killer takes Obsidian Armor (our
/// numbers and drawback).
pub const OBSIDIAN_DRAGON: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::NoMove),
    trophy: Some(crate::game::state::Trophy::ObsidianArmor),
    ..monster("obsidian_dragon", 4, 2, 30, 1, 2, 1)
};
/// Entrail Eater (Abomination, research §6: kills small groups alone, heals itself
/// every turn): the curve's second rank, healing 4 damage at each start of turn (our
/// numbers).
pub const ENTRAIL_EATER: MonsterDef = MonsterDef {
    regenerates: 4,
    ..monster("entrail_eater", 5, 0, 16, 2, 1, 1)
};
