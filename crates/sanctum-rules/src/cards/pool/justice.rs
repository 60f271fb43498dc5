//! Justice: Justice cards beyond the first sixty (costs in order and mystery). Texts are ours.

use super::super::*;
use super::monsters::*;
use SpellType::{Alteration, Manifestation, Summoning};

/// The Justice cards added to the pool, in id order.
pub const JUSTICE: &[CardDef] = &[
    card(
        "intercession",
        "Intercession",
        House::Justice,
        3,
        3,
        Alteration,
        TargetType::RecruitGroup,
        Effect::Modify {
            by: Modifier {
                hit_points: 2, armor: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a recruit group of yours: a higher power stands between it and harm, and every member has 1 more armor and 2 more maximum hit points.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "restoration",
        "Restoration",
        House::Justice,
        2,
        1,
        Manifestation,
        TargetType::Group,
        Effect::HealEach { amount: 255 },
        "Every minion of the target group is healed of all its damage.",
    ),
    card(
        "shell_of_gold",
        "Shell of Gold",
        House::Justice,
        2,
        1,
        Alteration,
        TargetType::Minion,
        Effect::Modify {
            by: Modifier::armor(2),
        },
        "A shell of gold closes around the target minion: 2 more armor for the rest of the game.",
    ),
    card(
        "second_chance",
        "Second Chance",
        House::Justice,
        2,
        1,
        Manifestation,
        TargetType::Group,
        Effect::Dispel {
            scope: DispelScope::GroupAndMembers,
        },
        "Justice grants a second chance: every enchantment on the target group and on each of its minions is dispelled.",
    ),
    card(
        "true_aim",
        "True Aim",
        House::Justice,
        2,
        0,
        Alteration,
        TargetType::Archer,
        Effect::Modify {
            by: Modifier {
                level: 1,
                ..Modifier::NONE
            },
        },
        "The target archer's aim runs true: it fights a level higher.",
    ),
    card(
        "venomd_blade",
        "Venom'd Blade",
        House::Justice,
        2,
        1,
        Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hand: 2,
                ..Modifier::NONE
            },
        },
        "The target swordsman's blade drips venom: 2 more hand damage.",
    ),
    card(
        "tindelhunden",
        "Tindelhunden",
        House::Justice,
        2,
        1,
        Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: TINDELHUNDEN,
        },
        "Summons a Tindelhund (H3 A1 HP12 L1), a tracking hound that hunts the nearest foe.",
    ),
    card(
        "ebon_guardian",
        "Ebon Guardian",
        House::Justice,
        3,
        2,
        Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: EBON_GUARDIAN,
        },
        "Summons an Ebon Guardian (H5 A0 HP17 L2) that hunts the nearest foe.",
    ),
    card(
        "citadel",
        "Citadel",
        House::Justice,
        2,
        1,
        Alteration,
        TargetType::Structure,
        Effect::StructureMana {
            mana: ManaType::Order,
            amount: 1,
        },
        "Cast on a town or colony: a citadel rises, and whoever owns it makes 1 more Order mana each turn.",
    ),
    card(
        "alabaster_guardian",
        "Alabaster Guardian",
        House::Justice,
        2,
        1,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::Modify {
            by: Modifier {
                armor: 3,
                hand: -1,
                ..Modifier::NONE
            },
        },
        "Cast on a recruit outside every structure: it turns half to white stone, 3 more armor and 1 less hand damage. It keeps the stone if it later enters a structure.",
    )
    .requiring(&[at_casting(Need::NotInStructure)]),
    card(
        "man_catcher",
        "Man-Catcher",
        House::Justice,
        2,
        1,
        SpellType::Manifestation,
        TargetType::RecruitGroup,
        Effect::Around {
            each: &Effect::Overwrite {
                order: Overwrite::Cancel,
            },
        },
        "Cast on a recruit group of yours: its catchpoles throw their nets, and every group of another player orthogonally next to it does not move this turn.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "obsidian_dragon",
        "Obsidian Dragon",
        House::Justice,
        5,
        2,
        SpellType::Summoning,
        TargetType::Square,
        Effect::Summon {
            monster: OBSIDIAN_DRAGON,
        },
        "Summons an Obsidian Dragon (H4 x2 A2 HP30 L1), a crusher of hordes that never moves from where it was summoned: it fights whatever comes next to it. Its killer takes Obsidian Armor: 2 more armor.",
    ),
];
