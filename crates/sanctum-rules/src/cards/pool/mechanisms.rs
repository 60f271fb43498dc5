//! Named cards that waited for a mechanism of their own (S42–S49): novices of another
//! nation, conditional mana, a capture hook, a price paid every turn, a fog, a ward
//! against houses, and the others that followed. Appended after every older card so no
//! card id moves. Texts are ours.

use super::super::*;
use crate::groups::{Ability, Nation, RecruitClass, Stats};
use crate::mana::ManaType::{Order, Strife, Will, World};
use crate::terrain::Terrain;
use SpellType::{Alteration, Conjuration, Manifestation, Summoning};
use TargetType::{Archer, Globe, Group, Recruit, RecruitGroup, Square, Structure};

/// Sylph: an air spirit of the 8–9 mana rank (research §6) that no unaltered recruit
/// can hurt; numbers ours, a horde-crusher's.
pub const SYLPH: MonsterDef = MonsterDef {
    shrugs_unaltered: true,
    ..monster("sylph", 4, 1, 26, 2, 2, 1)
};

/// Faerie Knight: the same immunity on a knight of the curve's first ranks; numbers
/// ours.
pub const FAERIE_KNIGHT: MonsterDef = MonsterDef {
    shrugs_unaltered: true,
    ..monster("faerie_knight", 3, 2, 12, 1, 1, 1)
};

/// A companion's numbers (no missile): level, hit points, hand, armor, attacks.
const fn companion(level: u8, hit_points: u8, hand: u8, armor: u8, attacks: u8) -> Stats {
    Stats {
        level,
        hit_points,
        hand,
        missile: 0,
        armor,
        attacks,
    }
}

/// The cards of this file, in id order.
pub const MECHANISMS: &[CardDef] = &[
    card(
        "allies",
        "Allies",
        House::Life,
        2,
        1,
        Manifestation,
        Structure,
        Effect::Novices {
            count: 2,
            nation: Nation::Elves,
        },
        "Cast on a town or colony of yours: two Elven novices come to wait there. They are \
         trained before your own novices, as Elves.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "willing_supplicants",
        "Willing Supplicants",
        House::Abomination,
        2,
        1,
        Alteration,
        Structure,
        Effect::All {
            effects: &[
                Effect::HeldMana {
                    mana: Will,
                    amount: 1,
                    recruits: 2,
                },
                Effect::HeldMana {
                    mana: Strife,
                    amount: 1,
                    recruits: 2,
                },
            ],
        },
        "Cast on a town or colony: each turn its owner gains 1 Will and 1 Strife, but only \
         while at least two of the owner's recruits stand in it.",
    ),
    card(
        "drachas_trade",
        "Dracha's Trade",
        House::Making,
        1,
        1,
        Alteration,
        Globe,
        Effect::CaptureMana {
            mana: Order,
            amount: 4,
        },
        "The next time you capture a town or colony, 4 Order comes with it, and the trade \
         is done.",
    ),
    card(
        "the_pact_is_sealed",
        "The Pact Is Sealed",
        House::Abomination,
        3,
        1,
        Alteration,
        Group,
        Effect::All {
            effects: &[
                Effect::DamageEach { amount: u8::MAX },
                Effect::Toll {
                    mana: Will,
                    amount: 2,
                },
                Effect::Toll {
                    mana: Strife,
                    amount: 2,
                },
            ],
        },
        "Every minion of the target group dies. The pact then stays on your globe for the \
         rest of the game: you gain 2 Will and 2 Strife less every turn. It cannot be \
         dispelled, and each pact you seal adds its price.",
    )
    .hidden()
    .stacking(),
    card(
        "revelers",
        "Revelers",
        House::Nature,
        2,
        1,
        Alteration,
        Group,
        Effect::Grant {
            ability: Ability::NoWaterwalk,
        },
        "The target group forgets how to cross water: it loses every waterwalk, its own \
         and any a spell gave it. Flight still carries it over.",
    ),
    card(
        "chaos_fog",
        "Chaos Fog",
        House::Unmaking,
        2,
        1,
        Alteration,
        Recruit,
        Effect::Fog,
        "A fog rises around the target recruit: every other member of its group is hidden \
         from the other player's individual spells. The recruit itself stays in plain view.",
    ),
    card(
        "druid",
        "Druid",
        House::Nature,
        2,
        1,
        Alteration,
        Archer,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier {
                        missile: 1,
                        ..Modifier::NONE
                    },
                },
                Effect::Shun {
                    houses: &[House::Abomination, House::Mind],
                },
                Effect::TerrainMana {
                    mana: World,
                    amount: 1,
                    terrain: Terrain::Forest,
                },
            ],
        },
        "The target archer becomes a druid: 1 more missile damage, and no individual spell \
         of Abomination or Mind may be cast on it. Each turn it stands in a forest, its \
         caster gains 1 World.",
    ),
    card(
        "fleetness",
        "Fleetness",
        House::Body,
        3,
        1,
        Alteration,
        Group,
        Effect::Grant {
            ability: Ability::MovesTwo,
        },
        "The target group grows fleet: it may be ordered two squares in a straight line, \
         as if it stood on ice, over any terrain it may cross.",
    ),
    card(
        "forced_march",
        "Forced March",
        House::War,
        1,
        1,
        Conjuration { turns: 1 },
        RecruitGroup,
        Effect::Grant {
            ability: Ability::MovesTwo,
        },
        "Until the end of next turn the target recruit group may be ordered two squares in \
         a straight line, over any terrain it may cross. Orders are given before spells \
         execute, so the march is next turn's.",
    ),
    card(
        "sylph",
        "Sylph",
        House::Life,
        6,
        2,
        Summoning,
        Square,
        Effect::Summon { monster: SYLPH },
        "Summons a Sylph (H4 x2 A1 HP26 L2). Recruits that carry no spell or item, nor \
         does their group, cannot hurt it.",
    ),
    card(
        "faerie_knight",
        "Faerie Knight",
        House::Life,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: FAERIE_KNIGHT,
        },
        "Summons a Faerie Knight (H3 A2 HP12 L1). Recruits that carry no spell or item, nor \
         does their group, cannot hurt it.",
    ),
    card(
        "crucible",
        "Crucible",
        House::Abomination,
        2,
        1,
        Alteration,
        RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Grant {
                    ability: Ability::Firewalk,
                },
                Effect::HealIn {
                    terrains: &[Terrain::Lava, Terrain::Volcano],
                    amount: 2,
                },
            ],
        },
        "Cast on a group of Imps: lava and volcanoes no longer hurt it, and at each start \
         of turn it stands in one, every member heals 2 damage.",
    )
    .requiring(&[at_casting(Need::Nation {
        nation: Nation::Imps,
    })]),
    card(
        "bellwether",
        "Bellwether",
        House::Nature,
        2,
        1,
        Alteration,
        RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Companion {
                    class: RecruitClass::Swordsman,
                    nation: Some(Nation::Satyrs),
                    stats: companion(0, 10, 0, 0, 0),
                },
                Effect::Fold,
            ],
        },
        "Cast on a recruit group of yours: a Pacified Cow joins it (a Satyr swordsman, HP10 \
         L0, no attacks). While the cow lives, the group may not join or be joined, and the \
         other player's group spells may not be cast on it.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "bard",
        "Bard",
        House::Life,
        2,
        1,
        Alteration,
        RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Companion {
                    class: RecruitClass::Swordsman,
                    nation: Some(Nation::Elves),
                    stats: companion(1, 7, 0, 3, 0),
                },
                Effect::Inspire {
                    class: Some(RecruitClass::Swordsman),
                    by: Modifier {
                        hand: 1,
                        ..Modifier::NONE
                    },
                },
            ],
        },
        "Cast on a recruit group of yours: a Bard joins it (an Elven swordsman, H0 A3 HP7 \
         L1, who deals no damage). While he lives, every other swordsman of the group deals \
         1 more hand damage. One Bard to a group.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "brother_wolf",
        "Brother Wolf",
        House::Body,
        3,
        1,
        Alteration,
        RecruitGroup,
        Effect::All {
            effects: &[
                Effect::Companion {
                    class: RecruitClass::Swordsman,
                    nation: None,
                    stats: companion(1, 10, 3, 0, 1),
                },
                Effect::Inspire {
                    class: None,
                    by: Modifier {
                        attacks: -100,
                        ..Modifier::NONE
                    },
                },
                Effect::Guard { bare: true },
            ],
        },
        "Cast on a recruit group of yours: a Wolf joins it (H3 A0 HP10 L1). While the wolf \
         lives the others stop attacking, and every hit aimed at them strikes the wolf \
         instead, before any armor. When the wolf dies, its group withdraws from the \
         combat at the start of the next round.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "whipping_boy",
        "Whipping Boy",
        House::Body,
        2,
        1,
        Alteration,
        Recruit,
        Effect::Guard { bare: false },
        "Cast on a recruit of yours: in combat every hit aimed at another member of its \
         group strikes the whipping boy instead, who keeps his own armor. A group that \
         runs with a Wolf has no room for a whipping boy, nor the other way round.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "soul_jar",
        "Soul Jar",
        House::Death,
        3,
        1,
        Alteration,
        RecruitGroup,
        Effect::Jar,
        "Cast on a recruit group of yours. When one of its members would die in combat, \
         the whole group vanishes into the jar, every member fully healed and every spell \
         on it gone, this one too; it returns as a new group at the next start of turn its \
         square is free.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "dryads_favors",
        "Dryad's Favors",
        House::Nature,
        2,
        1,
        Manifestation,
        Recruit,
        Effect::Rebirth { turns: 3 },
        "The dryads take a recruit of yours from the game. At the start of the third turn \
         after, a fresh recruit of its class and nation, unhurt and at level 1, steps out \
         on the square it left (later, while a group stands there).",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "encampment",
        "Encampment",
        House::War,
        3,
        1,
        Alteration,
        RecruitGroup,
        Effect::All {
            effects: &[Effect::Encamp { turns: 3 }, Effect::NoNovices, Effect::Dome],
        },
        "Cast on a recruit group of yours of two or more: it makes camp off the board, \
         hurt as it is and without its spells, and comes back as a new group at the third \
         start of turn after (later, while a group stands there). On open ground its camp \
         is a colony of yours that trains no novices and takes no structure spells; it is \
         razed when the group comes back, and a captured camp stays the captor's colony.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "chtai_exchange",
        "Ch'tai Exchange",
        House::Mind,
        3,
        1,
        Manifestation,
        Recruit,
        Effect::Exchange,
        "Cast on a recruit of the other player's: it leaves its group and comes over to \
         you, forming a group of its own on the nearest free square with no enemy beside \
         it. In return the lowest-level recruit of your recruit group nearest to it leaves \
         that group the same way and goes over to the other player. Each keeps its own \
         spells but none of its old group's. If either has nowhere to go, nothing happens.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "ancestral_home",
        "Ancestral Home",
        House::Body,
        3,
        1,
        Alteration,
        Structure,
        Effect::All {
            effects: &[Effect::Entropy, Effect::Homeward],
        },
        "Cast on a colony, it falls to ruin. Cast on a town, every spell on it is undone \
         and the town takes no more structure spells; from then on, whenever recruits are \
         created in it, the town moves to a free square beside it, toward its owner's \
         Sanctum, taking its novices and spells along and leaving plains behind.",
    ),
];
