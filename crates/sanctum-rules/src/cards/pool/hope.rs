//! Hope: Hope cards beyond the first sixty (costs in clarity and order). Texts are ours.

use super::super::*;
use SpellType::{Alteration, Conjuration, Manifestation};

/// The Hope cards added to the pool, in id order.
pub const HOPE: &[CardDef] = &[
    card(
        "army_of_light",
        "Army of Light",
        House::Hope,
        4,
        2,
        Alteration,
        TargetType::RecruitGroup,
        Effect::Modify {
            by: Modifier {
                level: 1, hand: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a recruit group of yours: it marches in the light, and every member fights a level higher with 1 more hand damage.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "citizens_militia",
        "Citizen's Militia",
        House::Hope,
        2,
        1,
        Alteration,
        TargetType::Structure,
        Effect::ModifyRecruits {
            by: Modifier {
                hand: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a town or colony: the townsfolk take up arms, and recruits standing in it deal 1 more hand damage.",
    ),
    card(
        "valiant_stand",
        "Valiant Stand",
        House::Hope,
        2,
        1,
        Conjuration { turns: 1 },
        TargetType::RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier::armor(2),
                },
                Effect::Grant {
                    ability: crate::groups::Ability::NoMove,
                },
            ],
        },
        "Cast on a recruit group of yours: for this turn and the next it holds its ground, every member with 2 more armor, and it does not move.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "sanctuary",
        "Sanctuary",
        House::Hope,
        3,
        1,
        Alteration,
        TargetType::Structure,
        Effect::ModifyRecruits {
            by: Modifier {
                hit_points: 3,
                ..Modifier::NONE
            },
        },
        "Cast on a town or colony: it becomes a sanctuary, and recruits standing in it have 3 more maximum hit points.",
    ),
    card(
        "settlement",
        "Settlement",
        House::Hope,
        3,
        2,
        Manifestation,
        TargetType::Square,
        Effect::FoundColony,
        "Settlers raise a neutral colony on the target empty square; the ground is cleared to plains and the spells on it are gone.",
    ),
    card(
        "atonement",
        "Atonement",
        House::Hope,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                hit_points: 2, hand: -1,
                ..Modifier::NONE
            },
        },
        "A penance: the target minion has 2 more maximum hit points but deals 1 less hand damage. When it is killed in combat, the Atonement passes to its killer.",
    )
    .transferring(),
    card(
        "chalice_of_hope",
        "Chalice of Hope",
        House::Hope,
        1,
        1,
        Manifestation,
        TargetType::Group,
        Effect::HealEach { amount: 3 },
        "Every minion of the target group drinks from the chalice and heals 3 damage.",
    ),
    card(
        "threshold_of_order",
        "Threshold of Order",
        House::Hope,
        2,
        1,
        Alteration,
        TargetType::Globe,
        Effect::ManaEachTurn {
            mana: ManaType::Order,
            amount: 1,
        },
        "For the rest of the game you make 1 more Order mana each turn. More than one may be cast.",
    )
    .stacking(),
    card(
        "pacifism",
        "Pacifism",
        House::Hope,
        3,
        1,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                attacks: -8,
                ..Modifier::NONE
            },
        },
        "Cast on a minion that attacks: it lays down its weapons and makes no attacks at all. The spell fades if the minion no longer attacks by its own nature.",
    )
    .requiring(&[persistent(Need::Attacks {
        kind: AttackKind::Any,
    })]),
    card(
        "visionary",
        "Visionary",
        House::Hope,
        2,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier {
                        level: 1,
                        ..Modifier::NONE
                    },
                },
                Effect::ManaEachTurn {
                    mana: ManaType::Clarity,
                    amount: 1,
                },
            ],
        },
        "Cast on a recruit of yours: it sees further, 1 more level, and while it lives you make 1 more Clarity mana each turn, whoever it later serves.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
];
