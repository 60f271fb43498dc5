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
    card(
        "chaos_feature",
        "Chaos Feature",
        House::Unmaking,
        2,
        0,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::Chaos,
        "Cast on a minion: chaos marks it, and the engine casts a random individual spell of the pool on it (a blessing or a curse, whoever the minion serves). Features pile up; a recruit with three becomes a Misfit.",
    )
    .stacking(),
    card(
        "wrack",
        "Wrack",
        House::Unmaking,
        3,
        1,
        SpellType::Alteration,
        TargetType::Minion,
        Effect::All {
            effects: &[
                Effect::ChaosFeatures { count: 2 },
                Effect::Block {
                    card: "chaos_feature",
                },
            ],
        },
        "Cast on a minion: chaos racks it, and it gains two Chaos Features at once. While Wrack lasts no player may cast Chaos Feature on it, though Bedlam's still reach it.",
    ),
    card(
        "bedlam",
        "Bedlam",
        House::Unmaking,
        1,
        1,
        SpellType::Alteration,
        TargetType::Square,
        Effect::ChaosEachTurn,
        "Cast on an empty square: madness takes the place. At each start of turn every minion standing there gains a Chaos Feature.",
    ),
    card(
        "ergotism",
        "Ergotism",
        House::Unmaking,
        2,
        0,
        SpellType::Alteration,
        TargetType::Recruit,
        Effect::DamageEachTurn { amount: 1 },
        "Cast on a recruit: a creeping rot takes it, 1 magical damage at each start of turn for the rest of the game.",
    ),
    card(
        "bolt_of_somersaults",
        "Bolt of Somersaults",
        House::Unmaking,
        3,
        1,
        SpellType::Manifestation,
        TargetType::Group,
        Effect::Teleport,
        "Cast on a group: a bolt tumbles it head over heels to a random unoccupied square without a structure, one it can safely stand on. Its movement order this turn is cancelled.",
    ),
];
