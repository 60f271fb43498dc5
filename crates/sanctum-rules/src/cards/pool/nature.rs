//! Nature: Nature cards beyond the first sixty (costs in world and order). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Manifestation, Summoning};

/// The Nature cards added to the pool, in id order.
pub const NATURE: &[CardDef] = &[
    card(
        "water_breathing",
        "Water Breathing",
        House::Nature,
        2,
        1,
        Alteration,
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::Waterwalk,
        },
        "The target group breathes water: it may enter water squares.",
    ),
    card(
        "shamans_walk",
        "Shaman's Walk",
        House::Nature,
        1,
        1,
        Alteration,
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::Mountainwalk,
        },
        "A shaman shows the target group the mountain paths: it may enter mountains.",
    ),
    card(
        "simian_warriors",
        "Simian Warriors",
        House::Nature,
        2,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: SIMIAN_WARRIORS,
        },
        "Summons two Simian Warriors (H2 A0 HP8 L1 each) that hunt the nearest foe.",
    ),
    card(
        "abatement",
        "Abatement",
        House::Nature,
        2,
        0,
        Manifestation,
        TargetType::Square,
        Effect::Dispel {
            scope: DispelScope::Square,
        },
        "Every enchantment on the target empty square is dispelled.",
    ),
    card(
        "protective_cover",
        "Protective Cover",
        House::Nature,
        2,
        1,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier::armor(2),
        },
        "Cast on a minion with missile attacks: it shoots from behind cover, 2 more armor. The cover falls if it no longer shoots by its own nature.",
    )
    .requiring(&[persistent(Need::Attacks {
        kind: AttackKind::Missile,
    })]),
    card(
        "oasis",
        "Oasis",
        House::Nature,
        2,
        1,
        SpellType::Alteration,
        TargetType::Square,
        Effect::HealOnSquare { amount: 3 },
        "Cast on an empty desert square: a spring rises. At each start of turn a group of yours standing there heals 3 damage on every minion. It dries up when the square stops being desert.",
    )
    .requiring(&[persistent(Need::Terrain {
        terrain: crate::terrain::Terrain::Desert,
    })]),
    card(
        "back_to_nature",
        "Back to Nature",
        House::Nature,
        2,
        1,
        SpellType::Manifestation,
        TargetType::Globe,
        Effect::Dispel {
            scope: DispelScope::Globe,
        },
        "Cast on the globe: the world returns to its nature, and every enchantment on the globe is dispelled, whoever cast it.",
    ),
    card(
        "diomesia",
        "Diomesia",
        House::Nature,
        4,
        2,
        SpellType::Hero,
        TargetType::Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Archer,
            nation: crate::groups::Nation::Satyrs,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 7,
                hand: 0,
                missile: 3,
                armor: 0,
                attacks: 1,
            },
        },
        "Hero. Cast on a town or colony of yours: Diomesia, a Satyr archer (M3 A0 HP7 L2), joins the group there or forms one. Once a game.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "earthquake",
        "Earthquake",
        House::Nature,
        3,
        1,
        SpellType::Manifestation,
        TargetType::Square,
        Effect::All {
            effects: &[
                Effect::SetTerrain {
                    terrain: crate::terrain::Terrain::BarrenLand,
                },
                Effect::Quake,
            ],
        },
        "Cast on an empty square: the ground splits, and it becomes barren land. Every colony orthogonally next to it is destroyed, and every minion standing next to it takes 0 to 4 magical damage.",
    ),
];
