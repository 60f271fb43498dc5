//! Cards the sources name that closed the checked list (`tests/data/spell_names.txt`):
//! the cards that create seed 002's helpers no card made before (S34), and the others
//! that followed. Appended after every older card so no card id moves. Texts are ours.

use super::super::*;
use crate::game::state::Trophy;
use SpellType::{Alteration, Manifestation, Summoning};
use TargetType::{Archer, Group, Recruit, RecruitGroup, Square, Structure, Swordsman};

/// Salamanders: two small fire lizards whose bites leave Thermite Damage burning (ours:
/// research §11 names them among War's cards; numbers fitted to the curve's first
/// rank, C12).
pub const SALAMANDERS: MonsterDef = MonsterDef {
    hits_give: Some(Trophy::ThermiteDamage),
    ..monster("salamander", 2, 0, 8, 1, 1, 2)
};

/// The cards added to close the checked list, in id order.
pub const NAMED: &[CardDef] = &[
    card(
        "nihils_minion",
        "Nihil's Minion",
        House::Despair,
        3,
        1,
        Manifestation,
        Recruit,
        Effect::Give {
            item: Trophy::NihilsCurse,
        },
        "Cast on a recruit: Nihil lays his curse on it. Until the end of next turn it deals no damage and has no armor (the visible helper Nihil's Curse).",
    ),
    card(
        "pantogars_curse",
        "Pantogar's Curse",
        House::Despair,
        2,
        1,
        Manifestation,
        Group,
        Effect::Give {
            item: Trophy::ShadowsChill,
        },
        "Cast on a group: a shadow's chill falls on every member. Until the end of next turn each has 1 level and 1 hand damage less (the visible helper Shadow's Chill).",
    ),
    card(
        "venomd_arrow",
        "Venom'd Arrow",
        House::Justice,
        2,
        1,
        Alteration,
        Archer,
        Effect::Combat {
            ability: CombatAbility::HitsGive {
                item: Trophy::KarillianVenom,
            },
        },
        "Cast on an archer: its arrows are dipped in Karillian venom. Every minion it hits in combat and does not kill is poisoned when the combat ends: 1 hand and 1 missile damage less until the end of next turn.",
    ),
    card(
        "salamanders",
        "Salamanders",
        House::War,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: SALAMANDERS,
        },
        "Summons two Salamanders (H2 A0 HP8 L1 each). Their bites leave Thermite Damage on every minion they hit and do not kill: 1 magical damage at each start of turn until it is dispelled.",
    ),
    card(
        "fae_gift",
        "Fae Gift",
        House::Life,
        2,
        1,
        Manifestation,
        Swordsman,
        Effect::Give {
            item: Trophy::FaerieBlessing,
        },
        "Cast on a swordsman: the fae bless it for good with the visible helper Faerie Blessing: +1 armor and +2 hit points.",
    ),
    card(
        "changelings",
        "Changelings",
        House::Despair,
        3,
        1,
        Alteration,
        Structure,
        Effect::Endow {
            item: Trophy::Changelings,
        },
        "Cast on a town or colony of another player: shadows swap its children in the cradle. Every recruit trained or created there from now on is a changeling (a visible helper): 1 level and 1 hand damage less.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "fertility",
        "Fertility",
        House::Body,
        2,
        1,
        Alteration,
        Structure,
        Effect::Endow {
            item: Trophy::FarmBoy,
        },
        "Cast on a town or colony of yours: its fields grow rich. Every recruit trained or created there from now on is a sturdy farm-boy (a visible helper): +2 hit points.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "blindness",
        "Blindness",
        House::Mind,
        2,
        1,
        Manifestation,
        RecruitGroup,
        Effect::Around {
            each: &Effect::Overwrite {
                order: Overwrite::Random,
            },
        },
        "Cast on a recruit group of yours: a blinding flash bursts from it, and every group of another player orthogonally next to it stumbles off in a random legal direction this turn.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
];
