//! Despair: Despair cards beyond the first sixty (costs in mystery and strife). Texts are ours.

use super::super::*;
use SpellType::{Alteration, Conjuration, Manifestation};

/// The Despair cards added to the pool, in id order.
pub const DESPAIR: &[CardDef] = &[
    card(
        "forsaken",
        "Forsaken",
        House::Despair,
        3,
        1,
        Conjuration { turns: 2 },
        TargetType::Group,
        Effect::BeforeMovement {
            order: Overwrite::Cancel,
        },
        "For this turn and the next two, the group feels forsaken and will not go anywhere: its movement orders are cancelled before each movement.",
    ),
    card(
        "body_rot",
        "Body Rot",
        House::Despair,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                hit_points: -2,
                armor: -1,
                ..Modifier::NONE
            },
        },
        "The target minion's flesh rots: 2 less maximum hit points and 1 less armor for the rest of the game.",
    ),
    card(
        "weakness",
        "Weakness",
        House::Despair,
        2,
        0,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                hand: -1,
                missile: -1,
                ..Modifier::NONE
            },
        },
        "The target minion grows weak: 1 less hand and missile damage for the rest of the game.",
    ),
    card(
        "stupefy",
        "Stupefy",
        House::Despair,
        3,
        1,
        Conjuration { turns: 1 },
        TargetType::Group,
        Effect::Modify {
            by: Modifier {
                level: -2,
                ..Modifier::NONE
            },
        },
        "For this turn and the next, every minion of the target group is stupefied and fights two levels lower.",
    ),
    card(
        "despond",
        "Despond",
        House::Despair,
        3,
        1,
        Alteration,
        TargetType::Group,
        Effect::Modify {
            by: Modifier {
                hand: -1,
                ..Modifier::NONE
            },
        },
        "The target group loses heart: every member deals 1 less hand damage for the rest of the game.",
    ),
    card(
        "harrowing_cry",
        "Harrowing Cry",
        House::Despair,
        3,
        2,
        Manifestation,
        TargetType::Group,
        Effect::All {
            effects: &[
                Effect::DamageEach { amount: 2 },
                Effect::Overwrite {
                    order: Overwrite::Cancel,
                },
            ],
        },
        "A cry that harrows the soul: every minion of the target group takes 2 magical damage, and the group does not move this turn.",
    ),
    card(
        "cruel_whim",
        "Cruel Whim",
        House::Despair,
        2,
        1,
        SpellType::Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hand: -2,
                armor: -1,
                ..Modifier::NONE
            },
        },
        "Cast on a swordsman: a cruel whim twists its arm, 2 less hand damage and 1 less armor. It fades if the recruit stops being a swordsman.",
    )
    .requiring(&[persistent(Need::Class {
        class: crate::groups::RecruitClass::Swordsman,
    })]),
    card(
        "renegades",
        "Renegades",
        House::Despair,
        4,
        2,
        SpellType::Manifestation,
        TargetType::RecruitGroup,
        Effect::Seize,
        "Cast on another player's recruit group of at most 2, outside every structure: despairing of their cause, they desert to you for good. You order the group from now on; it does not move this turn.",
    )
    .requiring(&[
        at_casting(Need::Enemy),
        at_casting(Need::AtMost { minions: 2 }),
        at_casting(Need::NotInStructure),
    ]),
    card(
        "apocalypse",
        "Apocalypse",
        House::Despair,
        8,
        2,
        SpellType::Manifestation,
        TargetType::Globe,
        Effect::KillRecruits,
        "Cast on the globe: the end of days. Every recruit on the board dies, yours too; monsters and novices remain.",
    ),
    card(
        "insurrection",
        "Insurrection",
        House::Despair,
        4,
        2,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::NoNovices,
        "Cast on a town or colony: its people rise against every master, and it never produces novices again. The insurrection is hidden and cannot be dispelled.",
    )
    .hidden(),
    card(
        "haunted_forest",
        "Haunted Forest",
        House::Despair,
        2,
        1,
        SpellType::Alteration,
        TargetType::Square,
        Effect::All {
            effects: &[
                Effect::SetTerrain {
                    terrain: crate::terrain::Terrain::Forest,
                },
                Effect::ModifyRecruits {
                    by: Modifier {
                        level: -1,
                        ..Modifier::NONE
                    },
                },
            ],
        },
        "Cast on an empty square: a haunted forest grows there, and every recruit standing in it fights 1 level lower. The haunting ends when the square stops being forest.",
    )
    .requiring(&[afterwards(Need::Terrain {
        terrain: crate::terrain::Terrain::Forest,
    })]),
];
