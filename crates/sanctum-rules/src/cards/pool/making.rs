//! Making: Making cards beyond the first sixty (costs in order and will). Texts are ours.

use super::super::*;

/// The Making cards added to the pool, in id order.
pub const MAKING: &[CardDef] = &[
    card(
        "belvarios_horn",
        "Belvario's Horn",
        House::Making,
        3,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::All {
            effects: &[
                Effect::Horn,
                Effect::Grant {
                    ability: crate::groups::Ability::NoEnterStructures,
                },
            ],
        },
        "Cast on a recruit of yours outside every structure: it sounds Belvario's Horn, and every monster group the computer moves, anyone's, heads for it instead of the nearest foe. Its group may not enter structures. Only one Horn may be in play at a time; it falls silent if the recruit changes sides or stands in a structure.",
    )
    .requiring(&[
        persistent(Need::Friendly),
        persistent(Need::NotInStructure),
    ])
    .unique(),
    card(
        "ogi",
        "Ogi",
        House::Making,
        4,
        2,
        SpellType::Hero,
        TargetType::Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Archer,
            nation: crate::groups::Nation::Dwarves,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 9,
                hand: 0,
                missile: 3,
                armor: 2,
                attacks: 1,
            },
        },
        "Hero. Cast on a town or colony of yours: Ogi, a Dwarven archer (M3 A2 HP9 L2), joins the group there or forms one. Once a game. While Ogi is on the board, Ogi's Armor costs you less.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "ogis_armor",
        "Ogi's Armor",
        House::Making,
        4,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::Modify {
            by: Modifier::armor(2),
        },
        "Cast on a recruit: it wears armor of Ogi's forging, 2 more armor. Costs 2 Order less while your Ogi is on the board.",
    )
    .cheaper_with("ogi", 2),
    card(
        "master_smith",
        "Master Smith",
        House::Making,
        3,
        1,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::Forge,
        "Cast on a town or colony of yours: a master smith sets up his forge there. Every recruit trained or created there from now on comes out armed with an item of his making: a swordsman a Dwarven Blade (+1 hand damage), an archer Dwarven Arrows (+1 missile damage), a Djinni archer a Djinni Bow (+1 attack a round). The items are visible and can be dispelled.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "blinding_orb",
        "Blinding Orb",
        House::Making,
        2,
        1,
        SpellType::Conjuration { turns: 1 },
        TargetType::Globe,
        Effect::Blind,
        "Cast on the globe: a blinding orb rises. Until the end of next turn all your minions are hidden from the other player's individual spells, as if in forest.",
    ),
    card(
        "adriels_timepiece",
        "Adriel's Timepiece",
        House::Making,
        2,
        1,
        SpellType::Manifestation,
        TargetType::Globe,
        Effect::SwapInitiative,
        "Cast on the globe: Adriel's timepiece turns back, and initiative passes to the other player at once.",
    ),
    card(
        "domed_city",
        "Domed City",
        House::Making,
        3,
        1,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::Dome,
        "Cast on a town or colony: a dome closes over it, and no structure spell may be cast on it any more.",
    ),
    card(
        "beoboghs_helm",
        "Beobogh's Helm",
        House::Making,
        2,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::Helm,
        "Cast on a recruit of yours: Beobogh's helm guards its whole group. While it lasts, no group spell of the other player and no Unmaking individual spell may be cast on the group or its minions. It falls away if the recruit changes sides.",
    )
    .requiring(&[persistent(Need::Friendly)]),
];
