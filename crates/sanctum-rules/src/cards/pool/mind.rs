//! Mind: Mind cards beyond the first sixty (costs in will and clarity). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Conjuration, Manifestation, Summoning};

/// The Mind cards added to the pool, in id order.
pub const MIND: &[CardDef] = &[
    card(
        "mind_lock",
        "Mind Lock",
        House::Mind,
        3,
        1,
        Conjuration { turns: 1 },
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::NoMove,
        },
        "For this turn and the next, the group's minds are locked: it cannot move at all.",
    ),
    card(
        "befuddle",
        "Befuddle",
        House::Mind,
        1,
        1,
        Manifestation,
        TargetType::Group,
        Effect::Overwrite {
            order: Overwrite::Random,
        },
        "This turn the group forgets where it was going: it steps in a random legal direction instead.",
    ),
    card(
        "trance",
        "Trance",
        House::Mind,
        3,
        2,
        Conjuration { turns: 2 },
        TargetType::Group,
        Effect::BeforeMovement {
            order: Overwrite::Cancel,
        },
        "For this turn and the next two, the group stands in a trance: its movement orders are cancelled before each movement.",
    ),
    card(
        "lost_in_thought",
        "Lost in Thought",
        House::Mind,
        2,
        1,
        Alteration,
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::NoEnterStructures,
        },
        "The group wanders lost in thought: for the rest of the game it cannot enter a structure.",
    ),
    card(
        "djinn",
        "Djinn",
        House::Mind,
        2,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon { monster: DJINN },
        "Summons a Djinn (H3 A0 HP13 L1) that flies over any terrain and hunts the nearest foe.",
    ),
    card(
        "focus_of_will",
        "Focus of Will",
        House::Mind,
        2,
        1,
        Alteration,
        TargetType::Globe,
        Effect::ManaEachTurn {
            mana: ManaType::Will,
            amount: 1,
        },
        "For the rest of the game you make 1 more Will mana each turn. More than one may be cast.",
    )
    .stacking(),
    card(
        "oblivion",
        "Oblivion",
        House::Mind,
        2,
        1,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                level: -5,
                ..Modifier::NONE
            },
        },
        "Cast on a minion that attacks: it forgets all its training, and its level falls to 0. The spell fades if the minion no longer attacks by its own nature.",
    )
    .requiring(&[persistent(Need::Attacks {
        kind: AttackKind::Any,
    })]),
    card(
        "possession",
        "Possession",
        House::Mind,
        4,
        1,
        SpellType::Conjuration { turns: 1 },
        TargetType::RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Possess,
                Effect::Grant {
                    ability: crate::groups::Ability::NoEnterStructures,
                },
            ],
        },
        "Cast on another player's recruit group outside every structure: you possess it until the end of next turn. It does not move this turn; next turn you order it, though it cannot enter structures. When the spell ends, or fails because the group stands in a structure, it goes back to its owner.",
    )
    .requiring(&[
        at_casting(Need::Enemy),
        persistent(Need::NotInStructure),
    ]),
];
