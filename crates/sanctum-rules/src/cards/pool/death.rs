//! Death: Death cards beyond the first sixty (costs in mystery and will). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Conjuration, Manifestation, Summoning};

/// The Death cards added to the pool, in id order.
pub const DEATH: &[CardDef] = &[
    card(
        "burst_of_mystery",
        "Burst of Mystery",
        House::Death,
        1,
        0,
        Manifestation,
        TargetType::Globe,
        Effect::ManaNextTurn {
            mana: ManaType::Mystery,
            amount: 2,
        },
        "Next turn you gain 2 extra Mystery mana.",
    ),
    card(
        "grave_chill",
        "Grave Chill",
        House::Death,
        3,
        1,
        Manifestation,
        TargetType::Group,
        Effect::DamageEach { amount: 3 },
        "The cold of the grave: every minion of the target group takes 3 magical damage.",
    ),
    card(
        "wasting",
        "Wasting",
        House::Death,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier {
                hit_points: -3,
                ..Modifier::NONE
            },
        },
        "The target minion wastes away: 3 less maximum hit points for the rest of the game.",
    ),
    card(
        "ghoul",
        "Ghoul",
        House::Death,
        2,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon { monster: GHOUL },
        "Summons a Ghoul (H3 A0 HP14 L1) that hunts the nearest foe.",
    ),
    card(
        "barrow_wight",
        "Barrow Wight",
        House::Death,
        3,
        2,
        Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: BARROW_WIGHT,
        },
        "Summons a Barrow Wight (H5 A1 HP10 L2) that hunts the nearest foe.",
    ),
    card(
        "reapers_due",
        "Reaper's Due",
        House::Death,
        4,
        1,
        Manifestation,
        TargetType::Recruit,
        Effect::Kill,
        "The reaper collects: the target recruit dies.",
    ),
    card(
        "deathly_pall",
        "Deathly Pall",
        House::Death,
        2,
        1,
        Conjuration { turns: 1 },
        TargetType::Group,
        Effect::Modify {
            by: Modifier {
                level: -1, hand: -1,
                ..Modifier::NONE
            },
        },
        "For this turn and the next, every minion of the target group fights a level lower and deals 1 less hand damage.",
    ),
    card(
        "keepers_vigil",
        "Keepers' Vigil",
        House::Death,
        3,
        2,
        Alteration,
        TargetType::RecruitGroup,
        Effect::Modify {
            by: Modifier {
                level: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a recruit group of yours: the dead keep watch with it, and every member fights a level higher.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "grave_warden",
        "Grave Warden",
        House::Death,
        4,
        2,
        SpellType::Hero,
        TargetType::Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Keepers,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 9,
                hand: 3,
                missile: 0,
                armor: 1,
                attacks: 1,
            },
        },
        "Hero. Cast on a town or colony of yours: the Grave Warden, a Keeper swordsman (H3 A1 HP9 L2), joins the group there or forms one. Once a game.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "raven_shroud",
        "Raven Shroud",
        House::Death,
        3,
        1,
        SpellType::Alteration,
        TargetType::Group,
        Effect::Ward,
        "Cast on a group of yours: a shroud of raven feathers hides it, and the other player's spells may not be cast on the group or its minions (the engine's own helpers still reach it). It falls away if the group changes sides.",
    )
    .requiring(&[persistent(Need::Friendly)]),
    card(
        "ghost_town",
        "Ghost Town",
        House::Death,
        3,
        1,
        SpellType::Alteration,
        TargetType::Structure,
        Effect::NoNovices,
        "Cast on a town (not a colony): its streets empty, and it produces no novices while the spell lasts. It ends if the town stops being a town.",
    )
    .requiring(&[persistent(Need::Town)]),
    card(
        "touch_of_death",
        "Touch of Death",
        House::Death,
        4,
        1,
        SpellType::Alteration,
        TargetType::Swordsman,
        Effect::Combat {
            ability: CombatAbility::DeathTouch,
        },
        "Cast on a swordsman of yours: any recruit its blow wounds in combat dies. The touch leaves it if it changes sides.",
    )
    .requiring(&[persistent(Need::Friendly)]),
];
