//! Life: Life cards beyond the first sixty (costs in clarity and world). Texts are ours.

use super::super::*;
use SpellType::{Alteration, Manifestation};

/// The Life cards added to the pool, in id order.
pub const LIFE: &[CardDef] = &[
    card(
        "leechwood",
        "Leechwood",
        House::Life,
        3,
        1,
        Manifestation,
        TargetType::RecruitGroup,
        Effect::Dispel {
            scope: DispelScope::GroupAndMembers,
        },
        "The leechwood drinks the magic of a recruit group: every enchantment on it and on each of its minions is dispelled.",
    ),
    card(
        "redeemers_sword",
        "Redeemer's Sword",
        House::Life,
        3,
        1,
        Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hit_points: 2,
                hand: 1,
                ..Modifier::NONE
            },
        },
        "The target swordsman bears the Redeemer's sword: 1 more hand damage and 2 more maximum hit points.",
    ),
    card(
        "immersion",
        "Immersion",
        House::Life,
        2,
        1,
        Alteration,
        TargetType::Recruit,
        Effect::Modify {
            by: Modifier::armor(3),
        },
        "The target recruit is steeped in protection: 3 more armor for the rest of the game.",
    ),
    card(
        "ring_of_light",
        "Ring of Light",
        House::Life,
        4,
        2,
        Alteration,
        TargetType::Globe,
        Effect::ManaEachTurn {
            mana: ManaType::Clarity,
            amount: 2,
        },
        "For the rest of the game you make 2 more Clarity mana each turn.",
    ),
    card(
        "vivant",
        "Vivant",
        House::Life,
        3,
        1,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                attacks: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a minion that attacks: it fights with quickened life, 1 more attack each round. The spell fades if the minion no longer attacks by its own nature.",
    )
    .requiring(&[persistent(Need::Attacks {
        kind: AttackKind::Any,
    })]),
    card(
        "kumatru_academy",
        "Kumatru Academy",
        House::Life,
        3,
        1,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::ModifyRecruits {
            by: Modifier {
                level: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a town or colony of yours: Kumatru's masters teach there, and every recruit standing in it fights 1 level higher. The academy stays if the structure changes hands.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "auberols_grace",
        "Auberol's Grace",
        House::Life,
        3,
        2,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::All {
            effects: &[Effect::MakeTown, Effect::Grace],
        },
        "Cast on a colony of yours: Auberol's grace makes it a town for good, and every recruit trained or created there from now on has 4 more hit points. The grace lasts while the structure stays a town.",
    )
    .requiring(&[
        at_casting(Need::Friendly),
        at_casting(Need::Colony),
        afterwards(Need::Town),
    ]),
    card(
        "adriels_glamour",
        "Adriel's Glamour",
        House::Life,
        3,
        1,
        SpellType::Conjuration { turns: 4 },
        TargetType::Globe,
        Effect::NoGlobeSpells,
        "Cast on the globe: Adriel's glamour veils the sky. Until the end of the fourth turn after this one nobody may cast a globe spell, and globe spells already targeted squander.",
    ),
    card(
        "adriels_mantle",
        "Adriel's Mantle",
        House::Life,
        2,
        1,
        SpellType::Conjuration { turns: 1 },
        TargetType::Group,
        Effect::Mantle,
        "Cast on a group: Adriel's mantle covers it. Until the end of next turn no group or individual spell of any player, yours included, may be cast on the group or its minions.",
    ),
];
