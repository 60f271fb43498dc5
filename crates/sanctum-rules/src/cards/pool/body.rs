//! Body: Body cards beyond the first sixty (costs in world and mystery). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Summoning};

/// The Body cards added to the pool, in id order.
pub const BODY: &[CardDef] = &[
    card(
        "fortitude",
        "Fortitude",
        House::Body,
        3,
        1,
        Alteration,
        TargetType::Group,
        Effect::Modify {
            by: Modifier::armor(1),
        },
        "Every minion of the target group stands firm: 1 more armor for the rest of the game.",
    ),
    card(
        "strength_of_body",
        "Strength of Body",
        House::Body,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                hit_points: 2,
                hand: 1,
                ..Modifier::NONE
            },
        },
        "The target minion grows strong: 1 more hand damage and 2 more maximum hit points.",
    ),
    card(
        "weapon_master",
        "Weapon Master",
        House::Body,
        3,
        1,
        Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                level: 1,
                hand: 1,
                ..Modifier::NONE
            },
        },
        "The target swordsman becomes a master of arms: it fights a level higher with 1 more hand damage.",
    ),
    card(
        "werewolf",
        "Werewolf",
        House::Body,
        3,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon { monster: WEREWOLF },
        "Summons a Werewolf (H5 A0 HP15 L2) that hunts the nearest foe.",
    ),
    card(
        "syzygy",
        "Syzygy",
        House::Body,
        2,
        1,
        SpellType::Conjuration { turns: 2 },
        TargetType::Globe,
        Effect::Price {
            delta: -1,
            caster: true,
        },
        "Cast on the globe: the heavens align for you. Until the end of the turn after next, your spells cost 1 less mana of their house's first type (never below nothing).",
    ),
    card(
        "gorgon",
        "Gorgon",
        House::Body,
        3,
        1,
        SpellType::Summoning,
        TargetType::Square,
        Effect::Summon { monster: GORGON },
        "Summons a Gorgon (H6 A0 HP16 L2) that hunts the nearest foe. Each of its hits leaves a Gorgon's Gaze (1 less damage, 1 more armor; three Gazes of any kind kill). Its killer takes Gorgon's Head: 1 more hand damage and 1 more armor.",
    ),
];
