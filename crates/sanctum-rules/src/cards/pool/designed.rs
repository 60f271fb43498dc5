//! Names the sources give with little or nothing more — a name, perhaps a house, a
//! cost or a hint — designed from the house's strategy and the name (rulings S50–S59 of
//! `docs/rules/spells.md`). Appended after every older card so no card id moves. Texts
//! are ours.

use super::super::*;
use crate::game::state::Trophy;
use crate::terrain::Terrain;
use SpellType::{Alteration, Conjuration, Manifestation, Summoning};
use TargetType::{Archer, Group, Recruit, RecruitGroup, Square, Structure};

/// Karkara (Making; research §6: "one of the strongest monsters" for 1 Order + 1 Will):
/// a horde-crusher's numbers paid for by never moving — a guardian where it is
/// summoned (S52).
pub const KARKARA: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::NoMove),
    ..monster("karkara", 4, 2, 24, 2, 2, 1)
};

/// Siege Engine (Making, a monster name): a war machine that shoots (missile, not
/// hand) from behind thick planks (S52).
pub const SIEGE_ENGINE: MonsterDef = MonsterDef {
    hand: 0,
    missile: 5,
    ..monster("siege_engine", 0, 1, 12, 1, 1, 1)
};

/// Jade Dragon (Nature, a monster name): a flying dragon of living stone that heals
/// 2 damage at each start of turn (S52).
pub const JADE_DRAGON: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::Flight),
    regenerates: 2,
    ..monster("jade_dragon", 4, 2, 22, 2, 2, 1)
};

/// Slaver (Abomination; research §7: "+1 attack rate in first combat round of attacks"
/// and "during combat, when any recruit is dying"): one more attack in its first round
/// of attacks, and each recruit of the other side dying in its combats earns its
/// owner 1 Will (S53).
pub const SLAVER: MonsterDef = MonsterDef {
    opening: 1,
    enslaves: 1,
    ..monster("slaver", 3, 0, 12, 1, 1, 1)
};

/// A Husk: the small monster Husks breed (S54).
pub const HUSK: MonsterDef = monster("husk", 2, 0, 6, 1, 1, 1);

/// The cards designed from a name, in id order.
pub const DESIGNED: &[CardDef] = &[
    card(
        "kumatru_trance",
        "Kumatru Trance",
        House::Life,
        2,
        1,
        Alteration,
        Archer,
        Effect::Modify {
            by: Modifier {
                missile: 2,
                armor: -1,
                ..Modifier::NONE
            },
        },
        "The target archer shoots in the trance of the Kumatru school: 2 more missile damage, but 1 less armor while it lasts.",
    ),
    card(
        "fulligin",
        "Fulligin",
        House::Making,
        2,
        1,
        Alteration,
        Recruit,
        Effect::Modify {
            by: Modifier {
                level: 1,
                armor: 1,
                ..Modifier::NONE
            },
        },
        "The target recruit is clad in soot-black fulligin: it fights a level higher with 1 more armor.",
    ),
    card(
        "pyrrhic_victory",
        "Pyrrhic Victory",
        House::Justice,
        3,
        1,
        Manifestation,
        RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Around {
                    each: &Effect::DamageEach { amount: 4 },
                },
                Effect::DamageEach { amount: 2 },
            ],
        },
        "Cast on a recruit group of yours: every minion of each group of another player orthogonally next to it takes 4 magical damage; then every minion of your group takes 2. A victory, at a price.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "city_state",
        "City-State",
        House::Justice,
        4,
        2,
        Alteration,
        Structure,
        Effect::All {
            effects: &[
                Effect::ModifyRecruits {
                    by: Modifier {
                        level: 1,
                        armor: 1,
                        ..Modifier::NONE
                    },
                },
                Effect::Dome,
            ],
        },
        "Cast on a town of yours: it governs itself. Recruits standing in it fight a level higher with 1 more armor, and no structure spell may be cast on it.",
    )
    .requiring(&[at_casting(Need::Friendly), at_casting(Need::Town)]),
    card(
        "pyx",
        "Pyx",
        House::Hope,
        2,
        1,
        Alteration,
        Structure,
        Effect::HealOnSquare { amount: 2 },
        "Cast on a town or colony of yours: a holy vessel is kept there. At each start of turn a group of yours standing in it heals 2 damage on every minion.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "olotus",
        "Olotus",
        House::Body,
        4,
        2,
        SpellType::Hero,
        Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Cyclopes,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 12,
                hand: 4,
                missile: 0,
                armor: 0,
                attacks: 1,
            },
        },
        "Cast on a town or colony of yours: Olotus, a Cyclops swordsman Hero (H4 A0 HP12 L2), joins the group there or forms one. Once a game.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "karkara",
        "Karkara",
        House::Making,
        1,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: KARKARA },
        "Summons a Karkara (H4 x2 A2 HP24 L2), one of the strongest monsters, for almost nothing: it never moves from where it is summoned.",
    ),
    card(
        "siege_engine",
        "Siege Engine",
        House::Making,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: SIEGE_ENGINE,
        },
        "Summons a Siege Engine (M5 A1 HP12 L1) that rolls toward the nearest foe and shoots from the first round.",
    ),
    card(
        "jade_dragon",
        "Jade Dragon",
        House::Nature,
        6,
        2,
        Summoning,
        Square,
        Effect::Summon {
            monster: JADE_DRAGON,
        },
        "Summons a Jade Dragon (H4 x2 A2 HP22 L2, Flight) that hunts the nearest foe and heals 2 damage at each start of turn.",
    ),
    card(
        "slaver",
        "Slaver",
        House::Abomination,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: SLAVER },
        "Summons a Slaver (H3 A0 HP12 L1). It strikes once more in its first round of attacks, and each recruit of the other side dying in its combats earns you 1 Will next turn.",
    ),
    card(
        "elven_piper",
        "Elven Piper",
        House::Life,
        1,
        0,
        Alteration,
        RecruitGroup,
        Effect::Pipes,
        "Cast on a recruit group of yours: an Elven piper marches with it and plays the pipes at the start of each of its combats. It changes nothing else (a joke card).",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "regeneration",
        "Regeneration",
        House::Body,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::HealEachTurn { amount: 2 },
        "The target minion's wounds close by themselves: it heals 2 damage at each start of turn.",
    ),
    card(
        "will_o_the_wisp",
        "Will o' the Wisp",
        House::Nature,
        2,
        1,
        Conjuration { turns: 1 },
        Group,
        Effect::Beckon {
            terrains: &[Terrain::Water, Terrain::Swamp],
        },
        "A light over the marsh leads the target group astray: until the end of next turn, before each movement it is drawn one square toward the nearest water or swamp.",
    ),
    card(
        "parted_sea",
        "Parted Sea",
        House::Nature,
        0,
        1,
        Conjuration { turns: 1 },
        Square,
        Effect::Recede {
            during: Terrain::Plains,
            after: Terrain::Water,
        },
        "Cast on an empty water square: the waters part and it is dry plains until the end of next turn; then the sea closes over it again.",
    )
    .requiring(&[at_casting(Need::Terrain {
        terrain: Terrain::Water,
    })]),
    card(
        "pages_to_dust",
        "Pages to Dust",
        House::War,
        2,
        1,
        Manifestation,
        TargetType::Globe,
        Effect::Burn { count: 1 },
        "Cast on the globe: a page of your enemy's grimoire crumbles. A random card of the other player's hand goes to their Whirlpool.",
    ),
    card(
        "scrying_pool",
        "Scrying Pool",
        House::Nature,
        3,
        1,
        Alteration,
        Square,
        Effect::Foresight,
        "Cast on an empty water square: while the pool stays, you draw up to one card more at each start of turn (as after a discard).",
    )
    .requiring(&[persistent(Need::Terrain {
        terrain: Terrain::Water,
    })]),
    card(
        "savannah",
        "Savannah",
        House::Life,
        2,
        1,
        Manifestation,
        Square,
        Effect::Sweep {
            terrain: Terrain::Plains,
        },
        "Cast on an empty square: it and every square orthogonally next to it without a structure become open plains.",
    ),
    card(
        "seed_on_the_wind",
        "Seed on the Wind",
        House::Nature,
        3,
        1,
        Manifestation,
        TargetType::Globe,
        Effect::Spread {
            from: Terrain::Forest,
            onto: &[Terrain::Plains, Terrain::BarrenLand],
        },
        "Cast on the globe: seeds blow from every forest. Each plains or barren square without a structure orthogonally next to a forest becomes forest.",
    ),
    card(
        "jungle",
        "Jungle",
        House::Nature,
        2,
        1,
        Alteration,
        Square,
        Effect::All {
            effects: &[
                Effect::SetTerrain {
                    terrain: Terrain::Forest,
                },
                Effect::Nurture {
                    item: Trophy::JungleVigor,
                },
            ],
        },
        "Cast on an empty square: it becomes jungle (forest). While it stays, every monster summoned there gets Jungle Vigor: 3 more hit points and 1 more hand damage.",
    )
    .requiring(&[afterwards(Need::Terrain {
        terrain: Terrain::Forest,
    })]),
    card(
        "shifting_sands",
        "Shifting Sands",
        House::Unmaking,
        3,
        2,
        Manifestation,
        Group,
        Effect::Remove,
        "Cast on a group standing in desert: the sands swallow it. It is removed from the game.",
    )
    .requiring(&[at_casting(Need::Terrain {
        terrain: Terrain::Desert,
    })]),
    card(
        "cessao_spiral",
        "Cessao Spiral",
        House::Body,
        3,
        1,
        Alteration,
        Square,
        Effect::Swallow,
        "Cast on an empty square: a spiral opens there. The first group of another player standing on it at a start of turn is removed from the game, and the spiral closes.",
    ),
    card(
        "jumping_land",
        "Jumping Land",
        House::Nature,
        4,
        2,
        Manifestation,
        Group,
        Effect::JumpingLand,
        "Cast on a group outside every structure beside a mountain: the mountain leaps onto it. Its square becomes mountain and the one it left barren land; the group is removed from the game unless it can stand on mountains.",
    )
    .requiring(&[
        at_casting(Need::NotInStructure),
        at_casting(Need::Near {
            terrain: Terrain::Mountain,
            steps: 1,
        }),
    ]),
    card(
        "husks",
        "Husks",
        House::Abomination,
        3,
        1,
        Alteration,
        Square,
        Effect::All {
            effects: &[
                Effect::Brood { monster: HUSK },
                Effect::SetTerrain {
                    terrain: Terrain::Plains,
                },
            ],
        },
        "Cast on an empty square: it is flattened to plains and husks gather there. At each start of turn a Husk (H2 A0 HP6 L1) crawls out, joining your husks standing there or forming a group. A group of another player standing on it ends the spell.",
    ),
];
