//! The card pool: every card as data, and the monsters summonings create. Texts are
//! our own words; `docs/rules/spells.md` lists each card's source.

use super::*;

/// Boggart: the rules site's example of a 3-mana monster (H3 A0 HP15 L1).
pub const BOGGART: MonsterDef = monster("boggart", 3, 0, 15, 1, 1, 1);
/// A 4–5 mana monster that should usually kill a group of two (our numbers, C12).
pub const STALKING_BLYK: MonsterDef = monster("stalking_blyk", 5, 0, 16, 2, 1, 1);
/// A 6–7 mana monster that should usually kill a group of three (our numbers, C12).
pub const HUNTSMAN: MonsterDef = monster("huntsman", 3, 2, 24, 2, 2, 1);
/// Cockatrice: H3 A0 HP12 L1 (stated), its hits give a Gaze.
pub const COCKATRICE: MonsterDef = MonsterDef {
    gaze: true,
    ..monster("cockatrice", 3, 0, 12, 1, 1, 1)
};
/// Tree Man: a 3-mana monster of the curve's first rank (our numbers).
pub const TREE_MAN: MonsterDef = monster("tree_man", 3, 1, 13, 1, 1, 1);
/// Blue Auk: H3 A0 HP16 L1 with Waterwalk (stated).
pub const BLUE_AUK: MonsterDef = MonsterDef {
    walk: Some(crate::groups::Ability::Waterwalk),
    ..monster("blue_auk", 3, 0, 16, 1, 1, 1)
};
/// Combustioneers: three of M2 A0 HP2 L1 that burst for 2 on their killer (stated).
pub const COMBUSTIONEERS: MonsterDef = MonsterDef {
    hand: 0,
    missile: 2,
    explodes: 2,
    ..monster("combustioneer", 0, 0, 2, 1, 1, 3)
};
/// Minotaur: a horde-crusher with a drawback (our reading): it answers to nobody, a
/// neutral group hostile to all; its killer takes Minotaur's Axe.
pub const MINOTAUR: MonsterDef = MonsterDef {
    trophy: Some(crate::game::state::Trophy::MinotaursAxe),
    wild: true,
    ..monster("minotaur", 4, 2, 30, 1, 2, 1)
};
/// Wyrmling: a small dragon whose killer takes its hide (our numbers).
pub const WYRMLING: MonsterDef = MonsterDef {
    trophy: Some(crate::game::state::Trophy::WyrmlingHide),
    ..monster("wyrmling", 3, 1, 10, 1, 1, 1)
};
/// A "horde-crusher" that should kill most of a group of four and live (our numbers, C12).
pub const HELLION: MonsterDef = monster("hellion", 4, 2, 30, 1, 2, 1);

use SpellType::{Alteration, Conjuration, Manifestation, Summoning};
use TargetType::Structure;
use TargetType::{Archer, Globe, Group, Minion, Recruit, RecruitGroup, Square, Swordsman};

/// Every card, in id order of introduction. A card's index here is its [`CardId`].
pub const CATALOGUE: [CardDef; 60] = [
    card(
        "burst_of_order",
        "Burst of Order",
        House::Making,
        1,
        0,
        Manifestation,
        Globe,
        Effect::ManaNextTurn {
            mana: ManaType::Order,
            amount: 2,
        },
        "Next turn you gain 2 extra Order mana.",
    ),
    card(
        "burst_of_strife",
        "Burst of Strife",
        House::Unmaking,
        1,
        0,
        Manifestation,
        Globe,
        Effect::ManaNextTurn {
            mana: ManaType::Strife,
            amount: 2,
        },
        "Next turn you gain 2 extra Strife mana.",
    ),
    card(
        "burst_of_world",
        "Burst of World",
        House::Body,
        1,
        0,
        Manifestation,
        Globe,
        Effect::ManaNextTurn {
            mana: ManaType::World,
            amount: 2,
        },
        "Next turn you gain 2 extra World mana.",
    ),
    card(
        "burst_of_will",
        "Burst of Will",
        House::Abomination,
        1,
        0,
        Manifestation,
        Globe,
        Effect::ManaNextTurn {
            mana: ManaType::Will,
            amount: 2,
        },
        "Next turn you gain 2 extra Will mana.",
    ),
    card(
        "boggart",
        "Boggart",
        House::Unmaking,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: BOGGART },
        "Summons a Boggart (H3 A0 HP15 L1), a wandering brute that hunts the nearest foe.",
    ),
    card(
        "stalking_blyk",
        "Stalking Blyk",
        House::Abomination,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: STALKING_BLYK,
        },
        "Summons a Stalking Blyk (H5 A0 HP16 L2) that hunts the nearest foe.",
    ),
    card(
        "huntsman",
        "Huntsman",
        House::Nature,
        4,
        2,
        Summoning,
        Square,
        Effect::Summon { monster: HUNTSMAN },
        "Summons a Huntsman (H3 x2 A2 HP24 L2) that hunts the nearest foe.",
    ),
    card(
        "hellion",
        "Hellion",
        House::War,
        5,
        2,
        Summoning,
        Square,
        Effect::Summon { monster: HELLION },
        "Summons a Hellion (H4 x2 A2 HP30 L1), a crusher of whole groups.",
    ),
    card(
        "fireball",
        "Fireball",
        House::War,
        5,
        1,
        Manifestation,
        Group,
        Effect::DamageEach { amount: 5 },
        "Every minion of the target group takes 5 magical damage.",
    ),
    card(
        "belvarios_trap",
        "Belvario's Trap",
        House::Making,
        4,
        2,
        Manifestation,
        Group,
        Effect::DamageEach { amount: 5 },
        "Every minion of the target group takes 5 magical damage.",
    ),
    card(
        "carapace",
        "Carapace",
        House::Unmaking,
        1,
        0,
        Alteration,
        Minion,
        Effect::Modify {
            by: Modifier::armor(1),
        },
        "The target minion gains 1 armor for the rest of the game.",
    ),
    card(
        "barkskin",
        "Barkskin",
        House::Nature,
        1,
        1,
        Alteration,
        Minion,
        Effect::Modify {
            by: Modifier::armor(1),
        },
        "The target minion gains 1 armor; more than one may be cast on it.",
    )
    .stacking(),
    card(
        "cockatrice",
        "Cockatrice",
        House::Unmaking,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon {
            monster: COCKATRICE,
        },
        "Summons a Cockatrice (H3 A0 HP12 L1). Each wounding hit leaves a Gaze on its victim: \
         1 less damage, 1 more armor; a third Gaze kills.",
    ),
    card(
        "berserker_blade",
        "Berserker Blade",
        House::War,
        2,
        0,
        Alteration,
        Swordsman,
        Effect::Combat {
            ability: CombatAbility::BerserkerBlade,
        },
        "Each time the swordsman is hit in a combat, its hand damage rises by 1 until the \
         combat ends.",
    ),
    card(
        "deflection",
        "Deflection",
        House::Making,
        3,
        1,
        Alteration,
        Recruit,
        Effect::Combat {
            ability: CombatAbility::Deflection,
        },
        "Combat damage the recruit takes past its armor strikes its attacker too, through \
         any armor.",
    ),
    card(
        "cleansing_light",
        "Cleansing Light",
        House::Hope,
        2,
        1,
        Manifestation,
        Group,
        Effect::Dispel {
            scope: DispelScope::GroupAndMembers,
        },
        "Dispels every enchantment on the target group and on each of its minions.",
    ),
    card(
        "big_rock",
        "Big Rock",
        House::Body,
        2,
        1,
        Alteration,
        Archer,
        Effect::Modify {
            by: Modifier {
                missile: 3,
                level: -1,
                ..Modifier::NONE
            },
        },
        "Cast on a Cyclops archer: it throws boulders for 3 more missile damage, but \
         fights a level lower.",
    )
    .requiring(&[at_casting(Need::Nation {
        nation: crate::groups::Nation::Cyclopes,
    })]),
    card(
        "sentinel",
        "Sentinel",
        House::Justice,
        3,
        1,
        Alteration,
        RecruitGroup,
        Effect::BeforeMovement {
            order: Overwrite::Cancel,
        },
        "Cast on a recruit group outside any structure: it stands guard, its movement \
         orders cancelled every turn. The spell ends if the group ever stands in a \
         structure.",
    )
    .requiring(&[persistent(Need::NotInStructure)]),
    card(
        "forestation",
        "Forestation",
        House::Nature,
        1,
        0,
        Manifestation,
        Square,
        Effect::SetTerrain {
            terrain: crate::terrain::Terrain::Forest,
        },
        "The target empty square becomes forest.",
    ),
    card(
        "plains",
        "Plains",
        House::Abomination,
        1,
        0,
        Manifestation,
        Square,
        Effect::SetTerrain {
            terrain: crate::terrain::Terrain::Plains,
        },
        "The target empty square becomes plains.",
    ),
    card(
        "faerie_circle",
        "Faerie Circle",
        House::Life,
        2,
        1,
        Alteration,
        Square,
        Effect::HealOnSquare { amount: 2 },
        "Cast on an empty forest square: at each start of turn a group of yours standing \
         there heals 2 damage on every minion. The circle fades if the square stops being \
         forest.",
    )
    .requiring(&[persistent(Need::Terrain {
        terrain: crate::terrain::Terrain::Forest,
    })]),
    card(
        "lienna",
        "Lienna",
        House::Life,
        4,
        2,
        SpellType::Hero,
        Structure,
        Effect::Hero {
            class: crate::groups::RecruitClass::Archer,
            nation: crate::groups::Nation::Elves,
            stats: crate::groups::Stats {
                level: 2,
                hit_points: 9,
                hand: 0,
                missile: 3,
                armor: 1,
                attacks: 1,
            },
        },
        "Hero. Cast on a town or colony of yours: Lienna, an Elven archer (M3 A1 HP9 L2), \
         joins the group there or forms one. Once a game.",
    )
    .requiring(&[at_casting(Need::Friendly)]),
    card(
        "amok",
        "Amok",
        House::War,
        3,
        0,
        Manifestation,
        RecruitGroup,
        Effect::Overwrite { order: Overwrite::Random },
        "This turn the recruit group runs amok: its movement order is replaced by a step in a random legal direction.",
    ),
    card(
        "disorient",
        "Disorient",
        House::Despair,
        2,
        0,
        Manifestation,
        Group,
        Effect::Overwrite { order: Overwrite::Random },
        "This turn the group loses its way: it steps in a random legal direction instead of where it was ordered.",
    ),
    card(
        "fear",
        "Fear",
        House::Despair,
        2,
        1,
        Manifestation,
        Group,
        Effect::Overwrite { order: Overwrite::Cancel },
        "This turn the group cowers: its movement order is cancelled.",
    ),
    card(
        "complacency",
        "Complacency",
        House::Body,
        2,
        0,
        Manifestation,
        Group,
        Effect::Overwrite { order: Overwrite::Cancel },
        "This turn the group sees no reason to go anywhere: its movement order is cancelled.",
    ),
    card(
        "binding_cube",
        "Binding Cube",
        House::Making,
        2,
        1,
        Manifestation,
        Group,
        Effect::Overwrite { order: Overwrite::Cancel },
        "The group is held in place this turn: its movement order is cancelled.",
    ),
    card(
        "sandstorm",
        "Sandstorm",
        House::Mind,
        3,
        0,
        Manifestation,
        Group,
        Effect::Overwrite { order: Overwrite::Cancel },
        "A storm pins the group down this turn: its movement order is cancelled.",
    ),
    card(
        "fingle",
        "Fingle",
        House::Mind,
        2,
        0,
        Conjuration { turns: 2 },
        Group,
        Effect::BeforeMovement { order: Overwrite::Random },
        "For this turn and the next two, before each movement the group staggers in a random legal direction, whatever it was ordered.",
    ),
    card(
        "zurzavar",
        "Zurzavar",
        House::Mind,
        4,
        1,
        Alteration,
        Group,
        Effect::BeforeMovement { order: Overwrite::Random },
        "For the rest of the game, before each movement the group staggers in a random legal direction.",
    ),
    card(
        "mirage",
        "Mirage",
        House::Abomination,
        2,
        1,
        Conjuration { turns: 2 },
        Square,
        Effect::Attract,
        "A false oasis on an empty square: for this turn and the next two, every other player's group orthogonally next to it is drawn into it before movement.",
    ),
    card(
        "siren_song",
        "Siren Song",
        House::Mind,
        3,
        1,
        Conjuration { turns: 1 },
        Group,
        Effect::Lure,
        "For this turn and the next, before movement the group is drawn one square toward the caster's nearest group.",
    ),
    card(
        "terrain_bind",
        "Terrain-Bind",
        House::Life,
        2,
        0,
        Alteration,
        Group,
        Effect::TerrainBind,
        "The group may from now on enter only squares of the terrain it stands on when the spell takes hold.",
    ),
    card(
        "ostracize",
        "Ostracize",
        House::Despair,
        2,
        0,
        Alteration,
        RecruitGroup,
        Effect::Grant { ability: crate::groups::Ability::NoJoin },
        "The recruit group can no longer join or be joined, and no recruit can be trained into it.",
    ),
    card(
        "liennas_steed",
        "Lienna's Steed",
        House::Life,
        3,
        2,
        Manifestation,
        RecruitGroup,
        Effect::Leap,
        "Cast on a recruit group of yours beside an empty enemy structure (diagonally too): it leaps into it at once, the enemy Sanctum first, and does not move again this turn.",
    )
    .requiring(&[at_casting(Need::Friendly), at_casting(Need::BesideEnemyStructure)]),
    card(
        "found_city",
        "Found City",
        House::Making,
        3,
        1,
        Manifestation,
        Square,
        Effect::FoundColony,
        "Settlers raise a neutral colony on the target empty square; the ground is cleared \
         to plains and the spells on it are gone.",
    ),
    card(
        "entropia",
        "Entropia",
        House::Unmaking,
        3,
        2,
        Manifestation,
        Structure,
        Effect::Entropy,
        "Cast on a colony, it falls to ruin; cast on a town, every spell on its square is \
         undone.",
    ),
    card(
        "inundate",
        "Inundate",
        House::Nature,
        2,
        0,
        Manifestation,
        Square,
        Effect::SetTerrain { terrain: crate::terrain::Terrain::Water },
        "The target empty square floods and becomes water.",
    ),
    card(
        "mountain",
        "Mountain",
        House::Making,
        2,
        1,
        Manifestation,
        Square,
        Effect::SetTerrain { terrain: crate::terrain::Terrain::Mountain },
        "The target empty square rises into a mountain.",
    ),
    card(
        "volcano",
        "Volcano",
        House::Unmaking,
        3,
        1,
        Manifestation,
        Square,
        Effect::SetTerrain { terrain: crate::terrain::Terrain::Volcano },
        "The target empty square erupts into a volcano.",
    ),
    card(
        "swamp_land",
        "Swamp Land",
        House::Abomination,
        1,
        1,
        Manifestation,
        Square,
        Effect::SetTerrain { terrain: crate::terrain::Terrain::Swamp },
        "The target empty square sinks into swamp.",
    ),
    card(
        "aura_of_world",
        "Aura of World",
        House::Life,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn { mana: ManaType::World, amount: 1 },
        "For the rest of the game you make 1 more World mana each turn. More than one may be cast.",
    ).stacking(),
    card(
        "balance_of_mystery",
        "Balance of Mystery",
        House::Body,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn { mana: ManaType::Mystery, amount: 1 },
        "For the rest of the game you make 1 more Mystery mana each turn. More than one may be cast.",
    ).stacking(),
    card(
        "focus_of_clarity",
        "Focus of Clarity",
        House::Hope,
        2,
        1,
        Alteration,
        Globe,
        Effect::ManaEachTurn { mana: ManaType::Clarity, amount: 1 },
        "For the rest of the game you make 1 more Clarity mana each turn. More than one may be cast.",
    ).stacking(),
    card(
        "call_to_arms",
        "Call to Arms",
        House::War,
        2,
        1,
        Alteration,
        Structure,
        Effect::StructureMana { mana: ManaType::Strife, amount: 2 },
        "Cast on a town or colony: whoever owns it makes 2 more Strife mana each turn.",
    ),
    card(
        "astronomic_clock",
        "Astronomic Clock",
        House::Making,
        2,
        0,
        Alteration,
        Structure,
        Effect::StructureMana { mana: ManaType::Will, amount: 1 },
        "Cast on a town: whoever owns it makes 1 more Will mana each turn.",
    ),
    card(
        "disintegrate",
        "Disintegrate",
        House::Unmaking,
        4,
        2,
        Manifestation,
        Minion,
        Effect::Kill,
        "The target minion is unmade and dies.",
    ),
    card(
        "armor_to_meat",
        "Armor to Meat",
        House::Unmaking,
        2,
        0,
        Alteration,
        Recruit,
        Effect::Modify { by: Modifier::armor(-2) },
        "The target recruit's armor rots: 2 less armor for the rest of the game.",
    ),
    card(
        "bloodlust",
        "BloodLust",
        House::War,
        2,
        1,
        Alteration,
        Swordsman,
        Effect::Modify { by: Modifier { attacks: 1, ..Modifier::NONE } },
        "The target swordsman attacks once more each combat round.",
    ),
    card(
        "bow_of_quickening",
        "Bow of Quickening",
        House::Making,
        2,
        1,
        Alteration,
        Archer,
        Effect::Modify { by: Modifier { attacks: 1, ..Modifier::NONE } },
        "The target archer shoots once more each combat round.",
    ),
    card(
        "biting_wind",
        "Biting Wind",
        House::Nature,
        1,
        0,
        Manifestation,
        Minion,
        Effect::RevolverDamage { per: 2 },
        "Revolver. A freezing gust deals 2 x M magical damage to the target minion, even a \
         concealed one. M is its cost: 1 when drawn, 1 more each turn it waits in your \
         hand, back to 1 after 10.",
    )
    .revolving_even_concealed(),
    card(
        "tree_man",
        "Tree Man",
        House::Nature,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: TREE_MAN },
        "Summons a Tree Man (H3 A1 HP13 L1) that hunts the nearest foe.",
    ),
    card(
        "blue_auk",
        "Blue Auk",
        House::Body,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: BLUE_AUK },
        "Cast on an empty square at most one step from water: summons a Blue Auk (H3 A0 HP16 L1) that swims across water.",
    ).requiring(&[at_casting(Need::Near { terrain: crate::terrain::Terrain::Water, steps: 1 })]),
    card(
        "combustioneers",
        "Combustioneers",
        House::Making,
        3,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: COMBUSTIONEERS },
        "Summons three Combustioneers (M2 A0 HP2 L1). Each one killed in combat bursts for 2 damage on its killer, through armor.",
    ),
    card(
        "plague",
        "Plague",
        House::Death,
        4,
        1,
        Alteration,
        Group,
        Effect::All {
            effects: &[
                Effect::Modify {
                    by: Modifier {
                        hit_points: -2,
                        ..Modifier::NONE
                    },
                },
                Effect::DamageEach { amount: 2 },
            ],
        },
        "Every minion of the target group loses 2 maximum hit points for the rest of the \
         game, then takes 2 magical damage.",
    ),
    card(
        "elixir_vitae",
        "Elixir Vitae",
        House::Life,
        5,
        2,
        Alteration,
        Globe,
        Effect::ModifyRecruits {
            by: Modifier {
                hit_points: 6,
                ..Modifier::NONE
            },
        },
        "For the rest of the game every recruit on the board, of either player, has 6 more \
         maximum hit points.",
    ),
    card(
        "fortify",
        "Fortify",
        House::Making,
        2,
        1,
        Alteration,
        Structure,
        Effect::ModifyRecruits {
            by: Modifier::armor(1),
        },
        "Cast on a town or colony: recruits standing in it have 1 more armor.",
    ),
    card(
        "jinx",
        "Jinx",
        House::Despair,
        2,
        1,
        Alteration,
        Minion,
        Effect::Modify {
            by: Modifier {
                level: -1,
                ..Modifier::NONE
            },
        },
        "A curse: the target minion fights a level lower. When it is killed in combat, the \
         Jinx passes to its killer.",
    )
    .transferring(),
    card(
        "minotaur",
        "Minotaur",
        House::Body,
        5,
        2,
        Summoning,
        Square,
        Effect::Summon { monster: MINOTAUR },
        "Summons a Minotaur (H4 x2 A2 HP30 L1) that answers to nobody: a neutral group, \
         hostile to every group, yours included. Its killer takes Minotaur's Axe (+2 hand \
         damage; one at most).",
    ),
    card(
        "wyrmling",
        "Wyrmling",
        House::War,
        2,
        1,
        Summoning,
        Square,
        Effect::Summon { monster: WYRMLING },
        "Summons a Wyrmling (H3 A1 HP10 L1). Its killer takes its hide: +1 armor.",
    ),
];
