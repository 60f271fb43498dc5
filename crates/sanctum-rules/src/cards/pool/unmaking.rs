//! Unmaking: Unmaking cards beyond the first sixty (costs in strife and world). Texts are ours.

use super::super::*;
use SpellType::Manifestation;

/// The Unmaking cards added to the pool, in id order.
pub const UNMAKING: &[CardDef] = &[
    card(
        "cruel_greaves",
        "Cruel Greaves",
        House::Unmaking,
        2,
        1,
        Manifestation,
        TargetType::Recruit,
        Effect::DamageByArmor,
        "The target recruit's armor turns on it: it takes magical damage equal to its armor.",
    ),
    card(
        "ritual_cleansing",
        "Ritual Cleansing",
        House::Unmaking,
        4,
        1,
        Manifestation,
        TargetType::Recruit,
        Effect::Kill,
        "A ritual removes the target recruit, however it was strengthened: it dies.",
    ),
    card(
        "harmattan",
        "Harmattan",
        House::Unmaking,
        3,
        1,
        SpellType::Manifestation,
        TargetType::Group,
        Effect::Around {
            each: &Effect::DamageEach { amount: 2 },
        },
        "Cast on a group of yours: a scorching wind blows out from it, and every minion of each other player's group orthogonally next to it takes 2 magical damage.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "dissolution",
        "Dissolution",
        House::Unmaking,
        3,
        1,
        SpellType::Conjuration { turns: 2 },
        TargetType::Globe,
        Effect::Price {
            delta: 1,
            caster: false,
        },
        "Cast on the globe: the bonds of magic loosen. Until the end of the turn after next, the other player's spells cost 1 more mana of their house's first type.",
    ),
];
