//! Abomination: Abomination cards beyond the first sixty (costs in will and strife). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Manifestation, Summoning};

/// The Abomination cards added to the pool, in id order.
pub const ABOMINATION: &[CardDef] = &[
    card(
        "bog_horror",
        "Bog Horror",
        House::Abomination,
        2,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon { monster: BOG_HORROR },
        "Summons a Bog Horror (H4 A0 HP12 L1) that hunts the nearest foe.",
    ),
    card(
        "maloch_horror",
        "Maloch Horror",
        House::Abomination,
        4,
        2,
        Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: MALOCH_HORROR,
        },
        "Summons a Maloch Horror (H3 x2 A1 HP28 L2) that hunts the nearest foe.",
    ),
    card(
        "rain_of_blood",
        "Rain of Blood",
        House::Abomination,
        3,
        2,
        Manifestation,
        TargetType::Group,
        Effect::DamageEach { amount: 7 },
        "Cast on a group of at most two minions: blood rains on it, and every minion takes 7 magical damage.",
    )
    .requiring(&[at_casting(Need::AtMost { minions: 2 })]),
    card(
        "cannibalism",
        "Cannibalism",
        House::Abomination,
        2,
        1,
        Alteration,
        TargetType::MonsterGroup,
        Effect::Modify {
            by: Modifier {
                hit_points: -4, hand: 2,
                ..Modifier::NONE
            },
        },
        "Cast on a monster group: its monsters feed on flesh, dealing 2 more hand damage but having 4 less maximum hit points.",
    ),
    card(
        "nullify",
        "Nullify",
        House::Abomination,
        3,
        1,
        Manifestation,
        TargetType::Group,
        Effect::Dispel {
            scope: DispelScope::GroupAndMembers,
        },
        "The magic is nullified: every enchantment on the target group and on each of its minions is dispelled.",
    ),
    card(
        "scars_of_kolekh",
        "Scars of Kolekh",
        House::Abomination,
        2,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::Modify {
            by: Modifier {
                hit_points: 2,
                armor: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a recruit of yours: Kolekh's scars harden it, 2 more maximum hit points and 1 more armor. The scars fade if it changes sides.",
    )
    .requiring(&[persistent(Need::Friendly)]),
    card(
        "accursed_minion",
        "Accursed Minion",
        House::Abomination,
        3,
        1,
        SpellType::Alteration,
        TargetType::RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier {
                        hand: 2,
                        ..Modifier::NONE
                    },
                },
                Effect::Grant {
                    ability: crate::groups::Ability::Driven,
                },
            ],
        },
        "Cast on a recruit group of at most 3: a curse drives it. Every member gets 2 more hand damage, and from now on the group moves as monsters do, toward the nearest foe, whatever its owner orders. On your own small group it is a raider that needs no orders; on an enemy group it charges your monsters.",
    )
    .requiring(&[at_casting(Need::AtMost { minions: 3 })]),
    card(
        "flying_carpet",
        "Flying Carpet",
        House::Abomination,
        2,
        1,
        SpellType::Conjuration { turns: 2 },
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::Flight,
        },
        "Cast on a group: a flying carpet carries it until the end of the turn after next. It has Flight: every terrain may be crossed.",
    ),
    card(
        "entrail_eater",
        "Entrail Eater",
        House::Abomination,
        3,
        2,
        SpellType::Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: ENTRAIL_EATER,
        },
        "Summons an Entrail Eater (H5 A0 HP16 L2) that hunts the nearest foe and kills small groups on its own. It feeds on its victims: at each start of turn it heals 4 damage.",
    ),
];
