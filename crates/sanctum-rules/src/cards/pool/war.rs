//! War: War cards beyond the first sixty (costs in strife and clarity). Texts are ours.

use super::super::*;
use SpellType::Alteration;

/// The War cards added to the pool, in id order.
pub const WAR: &[CardDef] = &[
    card(
        "field_surgery",
        "Field Surgery",
        House::War,
        2,
        1,
        Alteration,
        TargetType::RecruitGroup,
        Effect::All {
            effects: &[
                Effect::HealEach { amount: 255 },
                Effect::Modify {
                    by: Modifier {
                        hit_points: -1,
                        ..Modifier::NONE
                    },
                },
            ],
        },
        "Cast on a recruit group of yours: its wounded are patched up, every minion healed of all damage, at the price of 1 maximum hit point each.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "veteran",
        "Veteran",
        House::War,
        2,
        1,
        Alteration,
        TargetType::Recruit,
        Effect::Modify {
            by: Modifier {
                level: 1,
                ..Modifier::NONE
            },
        },
        "The target recruit has seen many battles: it fights a level higher.",
    ),
    card(
        "spirit_sword",
        "Spirit Sword",
        House::War,
        2,
        1,
        Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hand: 1, armor: 1,
                ..Modifier::NONE
            },
        },
        "A spirit guides the target swordsman's blade: 1 more hand damage and 1 more armor.",
    ),
    card(
        "sword_of_zana_i",
        "Sword of Zana I",
        House::War,
        2,
        0,
        SpellType::Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hand: 2,
                ..Modifier::NONE
            },
        },
        "Cast on a swordsman outside every structure: it takes up the first sword of Zana, 2 more hand damage. It keeps the sword if it later enters a structure.",
    )
    .requiring(&[at_casting(Need::NotInStructure)]),
    card(
        "sword_of_zana_ii",
        "Sword of Zana II",
        House::War,
        3,
        1,
        SpellType::Alteration,
        TargetType::Swordsman,
        Effect::Modify {
            by: Modifier {
                hand: 2,
                attacks: 1,
                ..Modifier::NONE
            },
        },
        "Cast on a swordsman outside every structure: the second, lighter sword of Zana gives 2 more hand damage and 1 more attack each round. It keeps the sword if it later enters a structure.",
    )
    .requiring(&[at_casting(Need::NotInStructure)]),
    card(
        "armistice",
        "Armistice",
        House::War,
        3,
        1,
        SpellType::Conjuration { turns: 2 },
        TargetType::Globe,
        Effect::Truce,
        "Cast on the globe: both sides lay down their arms. Until the end of the turn after next, no combat takes place anywhere.",
    ),
    card(
        "dragon_slayer",
        "Dragon Slayer",
        House::War,
        2,
        1,
        SpellType::Alteration,
        TargetType::Archer,
        Effect::Combat {
            ability: CombatAbility::Slayer,
        },
        "Cast on an archer: it shoots dragon-slaying shafts, and any monster it wounds in combat dies.",
    ),
    card(
        "dragons_teeth",
        "Dragon's Teeth",
        House::War,
        3,
        1,
        SpellType::Manifestation,
        TargetType::Structure,
        Effect::Recruits {
            count: 2,
            class: crate::groups::RecruitClass::Swordsman,
        },
        "Cast on a town or colony of yours: dragon's teeth sown there spring up as two level-1 swordsmen, each of a random nation, who join the group there or form one.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "mountain_climb",
        "Mountain Climb",
        House::War,
        2,
        0,
        SpellType::Alteration,
        TargetType::Group,
        Effect::Grant {
            ability: crate::groups::Ability::Mountainwalk,
        },
        "Cast on a group: it learns to climb, and may enter mountains and volcanoes from now on.",
    ),
    card(
        "fingles_folly",
        "Fingle's Folly",
        House::War,
        3,
        1,
        SpellType::Manifestation,
        TargetType::Group,
        Effect::DamageEach { amount: 3 },
        "Fingle's foolish fire bursts over the target group: every minion takes 3 magical damage. A smaller Fireball.",
    ),
    card(
        "berserkers",
        "Berserkers",
        House::War,
        3,
        1,
        SpellType::Alteration,
        TargetType::RecruitGroup,
        Effect::Combat {
            ability: CombatAbility::Berserkers,
        },
        "Cast on a recruit group: its members fight as berserkers. Whenever one of them dies in combat, every member still standing gets 1 more hand damage, at most 3 more, until that combat ends.",
    ),
];
