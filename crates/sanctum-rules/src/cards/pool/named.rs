//! Cards the sources name that closed the checked list (`tests/data/spell_names.txt`):
//! the cards that create seed 002's helpers no card made before (S34), and the others
//! that followed. Appended after every older card so no card id moves. Texts are ours.

use super::super::*;
use crate::game::state::Trophy;
use SpellType::{Alteration, Conjuration, Manifestation, Summoning};
use TargetType::{
    Archer, Globe, Group, Monster, MonsterGroup, Recruit, RecruitGroup, Square, Structure,
    Swordsman,
};

/// Salamanders: two small fire lizards whose bites leave Thermite Damage burning (ours:
/// research §11 names them among War's cards; numbers fitted to the curve's first
/// rank, C12).
pub const SALAMANDERS: MonsterDef = MonsterDef {
    hits_give: Some(Trophy::ThermiteDamage),
    ..monster("salamander", 2, 0, 8, 1, 1, 2)
};

/// Volgaris: the most powerful monster (research §6), raised by sacrificing a monster
/// group of the caster's; numbers ours, a horde-crusher that survives (C12).
pub const VOLGARIS: MonsterDef = monster("volgaris", 5, 2, 36, 2, 2, 1);

/// Arboriads: two tree spirits that step out of a forest beside a recruit group before
/// combat (research §6: H3 A1 HP7 x2 L1, off-board).
pub const ARBORIADS: MonsterDef = monster("arboriad", 3, 1, 7, 1, 1, 2);

/// Brown Striders: three swift hunters out of a forest (research §6: H2 A0 HP3 x3 L2,
/// off-board); their hits give Strider's Venom and they withdraw at the start of
/// combat round 3.
pub const BROWN_STRIDERS: MonsterDef = MonsterDef {
    hits_give: Some(Trophy::StridersVenom),
    withdraw: 3,
    ..monster("brown_strider", 2, 0, 3, 2, 1, 3)
};

/// Firewyrm: a fire serpent out of lava or barren land beside a group (research §6:
/// H2 x2 A0 HP12 L1, off-board), its square turning to lava.
pub const FIREWYRM: MonsterDef = monster("firewyrm", 2, 0, 12, 1, 2, 1);

/// Man of Iron: a walking engine of the curve's third rank, 6–7 mana (research §6 names
/// it with the Huntsman); numbers ours, pinned in `tests/monster_curve.rs`.
pub const MAN_OF_IRON: MonsterDef = monster("man_of_iron", 3, 3, 20, 2, 2, 1);

/// Homunculi: three little made men of the first rank (ours).
pub const HOMUNCULI: MonsterDef = monster("homunculus", 2, 0, 4, 1, 1, 3);

/// Spawn of Toganni: a Justice beast of the first rank (ours).
pub const SPAWN_OF_TOGANNI: MonsterDef = monster("spawn_of_toganni", 3, 1, 12, 1, 1, 1);

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

    card(
        "lycanthropy",
        "Lycanthropy",
        House::Body,
        3,
        1,
        Alteration,
        Group,
        Effect::All {
            effects: &[
                Effect::Dispel {
                    scope: DispelScope::GroupAndMembers,
                },
                Effect::Grant {
                    ability: crate::groups::Ability::Driven,
                },
            ],
        },
        "Cast on a group of another player: the moon takes it. Every enchantment on it and its minions is dispelled, and from now on the movement AI moves it as it moves monsters; its owner still owns it. Dispelling Lycanthropy gives it back.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "rogue_monster",
        "Rogue Monster",
        House::Abomination,
        3,
        1,
        Manifestation,
        MonsterGroup,
        Effect::Seize,
        "Cast on a monster group of another player: it goes rogue and serves you from now on (the movement AI still moves it). Its movement this turn is cancelled.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "betrayal",
        "Betrayal",
        House::Abomination,
        2,
        1,
        Manifestation,
        MonsterGroup,
        Effect::Release,
        "Cast on a monster group of another player: it turns on its master and belongs to nobody from now on, hostile to everyone. Its movement this turn is cancelled.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "volgaris",
        "Volgaris",
        House::Abomination,
        5,
        3,
        Summoning,
        MonsterGroup,
        Effect::Sacrifice { monster: VOLGARIS },
        "Cast on a monster group of yours: its monsters are sacrificed, and Volgaris (H5 x2 A2 HP36 L2) rises on their square.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "devolution",
        "Devolution",
        House::Unmaking,
        3,
        1,
        Manifestation,
        MonsterGroup,
        Effect::Devolve,
        "Cast on a monster group: each monster shrinks into a Misfit recruit of a random class at level 0. The Misfits belong to nobody, hostile to everyone.",
    ),
    card(
        "cessao_rift",
        "Cessao Rift",
        House::Body,
        2,
        1,
        Alteration,
        Square,
        Effect::Rift,
        "Cast on an empty square: a rift opens there. At each start of turn, while nothing stands on the square, one time in five a neutral group of one to four recruits of a random nation steps out, some wounded, some enchanted.",
    ),
    card(
        "ascension",
        "Ascension",
        House::Hope,
        4,
        1,
        Manifestation,
        Recruit,
        Effect::Kill,
        "Cast on a recruit: it ascends and is removed from the game. Nothing happens as if it had died or been killed.",
    ),
    card(
        "leap_of_faith",
        "Leap of Faith",
        House::Hope,
        1,
        0,
        Manifestation,
        Globe,
        Effect::Mulligan,
        "Cast on the globe: the cards left in your hand go back into your deck, it is shuffled, and you draw as many.",
    ),
    card(
        "slay_monster",
        "Slay Monster",
        House::Death,
        4,
        0,
        Manifestation,
        Monster,
        Effect::Kill,
        "Cast on a monster: it dies.",
    ),
    card(
        "pestilence",
        "Pestilence",
        House::Despair,
        3,
        2,
        Conjuration { turns: 2 },
        Structure,
        Effect::NoNovices,
        "Cast on a town or colony of another player: a pestilence empties its cradles. Until the end of the turn after next it produces no novices.",
    )
    .requiring(&[at_casting(Need::Enemy)]),
    card(
        "skirmish",
        "Skirmish",
        House::War,
        1,
        0,
        Manifestation,
        Group,
        Effect::Overwrite {
            order: Overwrite::Cancel,
        },
        "Cast on a group: skirmishers harry it, and it does not move this turn.",
    ),
    card(
        "healing_hands",
        "Healing Hands",
        House::Life,
        2,
        0,
        Manifestation,
        Group,
        Effect::HealEach { amount: 4 },
        "Cast on a group: every minion heals 4 damage.",
    ),

    card(
        "caravan",
        "Caravan",
        House::Life,
        1,
        1,
        Alteration,
        RecruitGroup,
        Effect::Grant {
            ability: crate::groups::Ability::Desertwalk,
        },
        "Cast on a recruit group: it travels as a caravan, and desert no longer hurts it (Desertwalk), neither entering nor standing there.",
    ),
    card(
        "deluge",
        "Deluge",
        House::Nature,
        3,
        1,
        Conjuration { turns: 1 },
        Globe,
        Effect::Flood,
        "Cast on the globe: the waters rise. Every square without a structure next to water (orthogonally) becomes water until the end of next turn, and then dries to plains.",
    ),
    card(
        "cadre",
        "Cadre",
        House::Life,
        2,
        1,
        Alteration,
        RecruitGroup,
        Effect::Combat {
            ability: CombatAbility::Bane {
                class: crate::groups::RecruitClass::Swordsman,
                missile: 1,
            },
        },
        "Cast on a recruit group: its archers drill as a cadre. Their missiles deal 1 more damage to swordsmen.",
    ),

    card(
        "clandestin",
        "Clandestin",
        House::Life,
        2,
        1,
        Alteration,
        Structure,
        Effect::Endow {
            item: Trophy::Greymantle,
        },
        "Cast on a town or colony of yours: every recruit trained or created there from now on wears a Greymantle (a visible helper) until the end of the fourth turn after: hidden from the other player's individual spells, as in forest.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "bear_spirit",
        "Bear Spirit",
        House::Body,
        2,
        1,
        Alteration,
        Swordsman,
        Effect::Shapeshift,
        "Cast on a swordsman: a bear spirit dwells in it. At each start of turn, one time in four, it changes into a bear (+1 hand damage, +1 attack a round, 1 armor less) or back; hit points, levels and spells stay.",
    ),
    card(
        "ancient_king",
        "Ancient King",
        House::Making,
        4,
        2,
        Manifestation,
        Structure,
        Effect::King {
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 9,
                hand: 3,
                missile: 0,
                armor: 2,
                attacks: 1,
            },
        },
        "Cast on a town or colony of yours: an Ancient King of the Dwarves takes the field there (H3 A2 HP9 L2), joining the group there or forming one. When he dies, every member of the group he was in gains Legacy (+1 level).",
    )
    .requiring(&[at_casting(Need::Friendly)]),

    card(
        "arboriads",
        "Arboriads",
        House::Life,
        3,
        1,
        Conjuration { turns: 0 },
        Globe,
        Effect::Ambush {
            monster: ARBORIADS,
            from: &[crate::terrain::Terrain::Forest],
            recruits_only: true,
            scorch: false,
        },
        "Cast on the globe: before combat this turn two Arboriads (H3 A1 HP7 L1 each) step out of a forest square next to a recruit group of another player and fight there; after all combat they are gone.",
    ),
    card(
        "brown_striders",
        "Brown Striders",
        House::Body,
        2,
        1,
        Conjuration { turns: 0 },
        Globe,
        Effect::Ambush {
            monster: BROWN_STRIDERS,
            from: &[crate::terrain::Terrain::Forest],
            recruits_only: true,
            scorch: false,
        },
        "Cast on the globe: before combat this turn three Brown Striders (H2 A0 HP3 L2 each) come out of a forest square next to a recruit group of another player. Each hit leaves Strider's Venom (1 hand damage less, for good); they withdraw at the start of round 3 and are gone after all combat. May be cast more than once.",
    )
    .stacking(),
    card(
        "firewyrm",
        "Firewyrm",
        House::War,
        4,
        1,
        Conjuration { turns: 0 },
        Globe,
        Effect::Ambush {
            monster: FIREWYRM,
            from: &[
                crate::terrain::Terrain::Lava,
                crate::terrain::Terrain::BarrenLand,
            ],
            recruits_only: false,
            scorch: true,
        },
        "Cast on the globe: before combat this turn a Firewyrm (H2 x2 A0 HP12 L1) bursts out of lava or barren land next to a group of another player, turning its square to lava; after all combat it is gone.",
    ),

    card(
        "rite_of_mystery",
        "Rite of Mystery",
        House::Death,
        1,
        1,
        Manifestation,
        Globe,
        Effect::ManaNextTurn {
            mana: ManaType::Mystery,
            amount: 3,
        },
        "Cast on the globe: you get 3 more Mystery at the next mana generation.",
    ),
    card(
        "pact_of_mystery",
        "Pact of Mystery",
        House::Despair,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn {
            mana: ManaType::Mystery,
            amount: 1,
        },
        "Cast on the globe: you get 1 more Mystery each turn. May be cast more than once.",
    )
    .stacking(),
    card(
        "codex_of_order",
        "Codex of Order",
        House::Making,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn {
            mana: ManaType::Order,
            amount: 1,
        },
        "Cast on the globe: you get 1 more Order each turn. May be cast more than once.",
    )
    .stacking(),
    card(
        "world_dance",
        "World Dance",
        House::Nature,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn {
            mana: ManaType::World,
            amount: 1,
        },
        "Cast on the globe: you get 1 more World each turn. May be cast more than once.",
    )
    .stacking(),
    card(
        "the_star_chamber",
        "The Star Chamber",
        House::Justice,
        2,
        1,
        Alteration,
        Structure,
        Effect::StructureMana {
            mana: ManaType::Mystery,
            amount: 1,
        },
        "Cast on a town or colony: a star chamber sits there. Its owner gets 1 more Mystery each turn.",
    ),
    card(
        "man_of_iron",
        "Man of Iron",
        House::Making,
        4,
        2,
        Summoning,
        Square,
        Effect::Summon {
            monster: MAN_OF_IRON,
        },
        "Summons a Man of Iron (H3 x2 A3 HP20 L2).",
    ),
    card(
        "homunculi",
        "Homunculi",
        House::Making,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: HOMUNCULI },
        "Summons three Homunculi (H2 A0 HP4 L1 each).",
    ),
    card(
        "spawn_of_toganni",
        "Spawn of Toganni",
        House::Justice,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: SPAWN_OF_TOGANNI,
        },
        "Summons a Spawn of Toganni (H3 A1 HP12 L1).",
    ),
    card(
        "dracha",
        "Dracha",
        House::Making,
        4,
        2,
        SpellType::Hero,
        Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Dwarves,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 9,
                hand: 4,
                missile: 0,
                armor: 1,
                attacks: 1,
            },
        },
        "Cast on a town or colony of yours: Dracha, a Dwarven swordsman Hero (H4 A1 HP9 L2), joins the group there or forms one. Once a game.",
    )
    .requiring(&[at_casting(Need::Friendly)]),

    card(
        "dark_minion",
        "Dark Minion",
        House::Despair,
        2,
        1,
        Manifestation,
        RecruitGroup,
        Effect::Enlist {
            count: 1,
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Shadows,
        },
        "Cast on a recruit group of yours: a Shadow swordsman (level 1) joins it, as a trained recruit would. A group that may not be joined takes none.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "nomadic_tribe",
        "Nomadic Tribe",
        House::Body,
        3,
        1,
        Manifestation,
        RecruitGroup,
        Effect::Enlist {
            count: 2,
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Cyclopes,
        },
        "Cast on a recruit group of yours: two Cyclops swordsmen of a wandering tribe (level 1) join it, as trained recruits would. A group that may not be joined takes none.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "obeisance",
        "Obeisance",
        House::Despair,
        3,
        1,
        Alteration,
        Recruit,
        Effect::Obeisance,
        "Cast on a recruit: every other member of its group bows to it and fights at level 0 while the spell lasts; the recruit keeps its own level.",
    ),
    card(
        "albatross",
        "Albatross",
        House::Despair,
        2,
        1,
        Alteration,
        Group,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier {
                        level: -1,
                        ..Modifier::NONE
                    },
                },
                Effect::Grant {
                    ability: crate::groups::Ability::NoEnterStructures,
                },
            ],
        },
        "Cast on a group: an albatross hangs about its neck. Each member has 1 level less, and the group may not enter structures.",
    ),

    card(
        "pixie_dust",
        "Pixie Dust",
        House::Nature,
        2,
        1,
        Alteration,
        Group,
        Effect::Modify {
            by: Modifier {
                hand: -1,
                missile: -1,
                ..Modifier::NONE
            },
        },
        "Cast on a group: pixie dust in their eyes. Each member deals 1 less hand and missile damage.",
    ),
    card(
        "ill_winds",
        "Ill Winds",
        House::Nature,
        2,
        1,
        Alteration,
        Structure,
        Effect::ModifyRecruits {
            by: Modifier {
                missile: -2,
                ..Modifier::NONE
            },
        },
        "Cast on a town or colony: ill winds blow about it. Recruits standing in it deal 2 less missile damage.",
    ),
    card(
        "legionnaires",
        "Legionnaires",
        House::War,
        3,
        1,
        Manifestation,
        RecruitGroup,
        Effect::Enlist {
            count: 2,
            class: crate::groups::RecruitClass::Swordsman,
            nation: crate::groups::Nation::Humans,
        },
        "Cast on a recruit group of yours: two Human legionnaires (swordsmen, level 1) join it, as trained recruits would. A group that may not be joined takes none.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "justicars",
        "Justicars",
        House::Justice,
        3,
        1,
        Manifestation,
        RecruitGroup,
        Effect::Enlist {
            count: 1,
            class: crate::groups::RecruitClass::Archer,
            nation: crate::groups::Nation::Gargoyles,
        },
        "Cast on a recruit group of yours: a Gargoyle justicar (an archer, level 1) joins it, as a trained recruit would. A group that may not be joined takes none.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "tornado",
        "Tornado",
        House::Life,
        3,
        2,
        Manifestation,
        Group,
        Effect::Teleport,
        "Cast on a group: a tornado lifts it and sets it down on a random unoccupied square without a structure that it can enter unharmed. Its movement this turn is cancelled.",
    ),
    card(
        "stone_circle",
        "Stone Circle",
        House::Nature,
        2,
        1,
        Alteration,
        Square,
        Effect::HealOnSquare { amount: 3 },
        "Cast on an empty square: a ring of standing stones rises. At each start of turn a group of yours standing there heals 3 damage on every minion.",
    ),
];
