//! Monsters whose spell-like abilities are real spells the engine casts as helpers.

use super::super::*;
use SpellType::Summoning;
use TargetType::Square;

/// Brimstone Dragon: H4 A1 HP16 L2 with Flight (stated); at the start of each combat it
/// breathes a Fireball on the opposing group (a real spell cast as a helper).
pub const BRIMSTONE_DRAGON: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::Flight),
    combat_spell: Some("fireball"),
    ..monster("brimstone_dragon", 4, 1, 16, 2, 1, 1)
};

/// Yfreet: a fire spirit that opens each combat with Cleansing Light on its foes
/// (seed 002 names Yfreet's Cleansing Light as a real spell cast as a helper); its
/// numbers are ours, a crusher of the 8–9 mana rank.
pub const YFREET: MonsterDef = MonsterDef {
    combat_spell: Some("cleansing_light"),
    ..monster("yfreet", 5, 2, 32, 2, 2, 1)
};

pub const LATER: &[CardDef] = &[
    card(
        "brimstone_dragon",
        "Brimstone Dragon",
        House::War,
        6,
        2,
        Summoning,
        Square,
        Effect::Summon {
            monster: BRIMSTONE_DRAGON,
        },
        "Cast on an empty mountain or volcano: summons a Brimstone Dragon (H4 A1 HP16 L2, \
         Flight). At the start of each of its combats it breathes a Fireball on the \
         opposing group.",
    )
    .requiring(&[at_casting(Need::TerrainOneOf {
        terrains: &[
            crate::terrain::Terrain::Mountain,
            crate::terrain::Terrain::Volcano,
        ],
    })]),
    card(
        "yfreet",
        "Yfreet",
        House::Mind,
        6,
        3,
        Summoning,
        Square,
        Effect::Summon { monster: YFREET },
        "Summons a Yfreet (H5 x2 A2 HP32 L2). At the start of each of its combats it casts \
         Cleansing Light on the opposing group, stripping every enchantment from it.",
    ),
];
