//! Cards as data: the spells a deck holds, and the monsters summonings create.
//!
//! This is the engine's first card pool: enough spell types, targets and effects for
//! whole games (mana bursts, a damage spell, armor alterations and the monster curve of
//! the rules site). The full framework of seed 002 and the larger pool plug in here:
//! a card is a row of [`CATALOGUE`], its behaviour an [`Effect`] the spell executor
//! interprets. Card texts are our own words.

use serde::Serialize;

use crate::mana::{House, Mana, ManaType};

/// The five spell types, by how long a spell lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellType {
    /// Active for the rest of the game.
    Alteration,
    /// Active until the end of the given turn counted from casting ("turn of casting +N").
    Conjuration { turns: u8 },
    /// Instant; never active.
    Manifestation,
    /// Instant; creates a monster group.
    Summoning,
    /// Instant; creates a Hero recruit.
    Hero,
}

/// What a spell may be targeted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetType {
    /// Individual spells: a minion of the right kind, never a concealed enemy one.
    Minion,
    Recruit,
    Swordsman,
    Archer,
    Monster,
    /// Group spells.
    RecruitGroup,
    MonsterGroup,
    Group,
    /// An empty (no structure), unoccupied (no group) square.
    Square,
    /// A town or colony (never a Sanctum or an entrance).
    Structure,
    /// Cast by the engine only (terrain helpers).
    Terrain,
    /// The globe.
    Globe,
}

impl TargetType {
    pub const fn is_individual(self) -> bool {
        matches!(
            self,
            TargetType::Minion
                | TargetType::Recruit
                | TargetType::Swordsman
                | TargetType::Archer
                | TargetType::Monster
        )
    }

    pub const fn is_group(self) -> bool {
        matches!(
            self,
            TargetType::RecruitGroup | TargetType::MonsterGroup | TargetType::Group
        )
    }
}

/// A monster that a summoning creates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MonsterDef {
    pub kind: &'static str,
    pub hand: u8,
    pub missile: u8,
    pub armor: u8,
    pub hit_points: u8,
    pub level: u8,
    pub attacks: u8,
    /// How many minions the group starts with.
    pub count: u8,
    /// Its hits give a Cockatrice's Gaze (combat.md C15).
    pub gaze: bool,
    /// Its hits give a Gorgon's Gaze instead (the same family).
    pub gorgon: bool,
    /// Damage it heals on itself at each start of turn (Entrail Eater).
    pub regenerates: u8,
    /// A terrain walk (or Flight) the group has.
    pub walk: Option<crate::groups::Ability>,
    /// When killed in combat, it deals this much damage to its killer, ignoring armor.
    pub explodes: u8,
    /// The trophy its killer takes.
    pub trophy: Option<crate::game::state::Trophy>,
    /// Summoned for nobody: a neutral group, hostile to everyone (a drawback).
    pub wild: bool,
    /// A real spell (card id) the engine casts for it as a helper at the start of each
    /// combat, on the opposing group (Brimstone Dragon's Fireball, Yfreet's Cleansing
    /// Light).
    pub combat_spell: Option<&'static str>,
    /// Its hits give this helper item ("hits give": Salamanders' Thermite Damage).
    pub hits_give: Option<crate::game::state::Trophy>,
    /// The combat round at whose start it withdraws (0: never; Brown Striders: 3).
    pub withdraw: u8,
    /// Extra attacks in its first round of attacks in each combat (Slaver: 1).
    pub opening: u8,
    /// Will its owner gets at the next generation for each recruit of the other side
    /// dying in a combat it fights ("when any recruit is dying": Slaver).
    pub enslaves: u8,
    /// Takes no damage from the attacks of unaltered recruits (Sylph, Faerie Knight).
    pub shrugs_unaltered: bool,
}

/// Combat abilities an alteration gives its minion (combat.md C15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatAbility {
    /// +1 hand damage each time it is hit in a combat, until the combat ends.
    BerserkerBlade,
    /// Damage it takes after armor in combat is dealt back to the attacker, ignoring armor.
    Deflection,
    /// A recruit it damages in combat dies of it (Touch of Death).
    DeathTouch,
    /// A monster it damages in combat dies of it (Dragon Slayer).
    Slayer,
    /// On a group: each member gets 1 more hand damage whenever a member dies in
    /// combat, at most 3, until the combat ends (Berserkers).
    Berserkers,
    /// Its hits give the victim this helper item (Venom'd Arrow: Karillian Venom).
    HitsGive { item: crate::game::state::Trophy },
    /// On a group: its archers' missiles deal this much more to recruits of this
    /// class (Cadre: +1 against swordsmen).
    Bane {
        class: crate::groups::RecruitClass,
        missile: u8,
    },
}

/// A change to a minion's numbers while a spell is active on it (or on its group).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub level: i8,
    pub hit_points: i8,
    pub hand: i8,
    pub missile: i8,
    pub armor: i8,
    pub attacks: i8,
}

impl Modifier {
    pub const NONE: Modifier = Modifier {
        level: 0,
        hit_points: 0,
        hand: 0,
        missile: 0,
        armor: 0,
        attacks: 0,
    };

    pub const fn armor(n: i8) -> Modifier {
        Modifier {
            armor: n,
            ..Modifier::NONE
        }
    }
}

/// A condition a card puts on its target ("Cast on …").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// The target (a minion's or group's owner, a structure's owner) is the caster.
    Friendly,
    /// Every recruit of the target is of this nation.
    Nation { nation: crate::groups::Nation },
    /// The target stands on (or is) a square of this terrain.
    Terrain { terrain: crate::terrain::Terrain },
    /// The target does not stand in a structure.
    NotInStructure,
    /// The target group has at most this many minions.
    AtMost { minions: u8 },
    /// The target square is of one of these terrains.
    TerrainOneOf {
        terrains: &'static [crate::terrain::Terrain],
    },
    /// The target square is within this many orthogonal steps of a square of this
    /// terrain (0: on it).
    Near {
        terrain: crate::terrain::Terrain,
        steps: u8,
    },
    /// An unoccupied structure of the other player stands next to the target group
    /// (orthogonally or diagonally).
    BesideEnemyStructure,
    /// The target minion (every minion of a target group) attacks in this way by its
    /// own numbers: at least one attack a round and damage of that kind (seed 002: "on
    /// minion with attack types").
    Attacks { kind: AttackKind },
    /// The target minion (every minion of a target group) is a recruit of this class.
    Class { class: crate::groups::RecruitClass },
    /// The target structure is a town, not a colony.
    Town,
    /// The target structure is a colony.
    Colony,
    /// The target belongs to the other player (not the caster, not the neutral player).
    Enemy,
}

/// The attack types a requirement asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Hand or missile.
    Any,
    Hand,
    Missile,
}

/// A requirement and when it is checked: casting-time ones only when targeting and
/// just before executing; persistent ones also at every recheck of the active spell,
/// which dispels itself when one fails (seed 002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Requirement {
    pub need: Need,
    pub persistent: bool,
    /// Checked only once the spell is active, at its rechecks (seed 002: "some are
    /// checked only afterwards", as for spells that change what they require).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub afterwards: bool,
}

/// A casting-time requirement.
pub const fn at_casting(need: Need) -> Requirement {
    Requirement {
        need,
        persistent: false,
        afterwards: false,
    }
}

/// A persistent requirement.
pub const fn persistent(need: Need) -> Requirement {
    Requirement {
        need,
        persistent: true,
        afterwards: false,
    }
}

/// A persistent requirement checked only once the spell is active (Auberol's Grace
/// makes the town it then requires).
pub const fn afterwards(need: Need) -> Requirement {
    Requirement {
        need,
        persistent: true,
        afterwards: true,
    }
}

/// How a spell writes over a movement order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Overwrite {
    Cancel,
    Random,
}

/// What a dispel removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DispelScope {
    /// Every enchantment on the target group and on each of its minions.
    GroupAndMembers,
    /// Every enchantment on the target square (Abatement).
    Square,
    /// Every enchantment on the globe (Back to Nature).
    Globe,
}

/// What a spell does when it executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// The caster gets this much extra mana of one type at the next generation.
    ManaNextTurn { mana: ManaType, amount: u8 },
    /// Creates a monster group on the target square, owned by the caster and run by
    /// the computer.
    Summon { monster: MonsterDef },
    /// Magical damage to every minion of the target group (no attacker: "dies").
    DamageEach { amount: u8 },
    /// The target's numbers change while the spell is active (on a group: every member).
    Modify { by: Modifier },
    /// While active on the globe, every recruit on the board has its numbers changed;
    /// on a square (a town), every recruit standing there.
    ModifyRecruits { by: Modifier },
    /// The target group gains a movement ability while the spell is active.
    Grant { ability: crate::groups::Ability },
    /// The target minion has a combat ability while the spell is active.
    Combat { ability: CombatAbility },
    /// Dispels enchantments (visible active spells) on the target.
    Dispel { scope: DispelScope },
    /// The target square's terrain becomes this one (its terrain helper is replaced).
    SetTerrain { terrain: crate::terrain::Terrain },
    /// At each start of turn, a group of the caster's standing on the target square
    /// heals this much damage on every minion.
    HealOnSquare { amount: u8 },
    /// Heals this much damage on every minion of the target group at once (255: all).
    HealEach { amount: u8 },
    /// Writes over the target group's movement order this turn, at spell execution
    /// (seed 003: Amok and Disorient send it in a random legal direction; Fear,
    /// Complacency, Binding Cube and Sandstorm cancel it).
    Overwrite { order: Overwrite },
    /// While active, writes over its group's movement order before every movement
    /// phase (seed 003: Fingle and Zurzavar, a random legal direction; Sentinel, none).
    BeforeMovement { order: Overwrite },
    /// While active on a square, every group not of the caster's orthogonally next to
    /// it is drawn into it before movement (seed 003: Mirage).
    Attract,
    /// While active on a group, it is drawn one square toward the caster's nearest
    /// group before movement (seed 003: Siren Song).
    Lure,
    /// The group may enter only squares of the terrain it stands on when the spell
    /// executes (seed 003: Terrain-Bind).
    TerrainBind,
    /// The group leaps at once into an unoccupied enemy structure next to it
    /// (diagonally too), the enemy Sanctum first; its movement order is cancelled
    /// (Lienna's Steed, the end of the Flying Leap).
    Leap,
    /// A neutral colony is founded on the empty target square: the square's spells
    /// leave play, it becomes plains, and the colony carries the Colony helper.
    FoundColony,
    /// On a colony: it is destroyed. On a town: every spell on its square leaves play.
    Entropy,
    /// The target minion dies (no attacker: "dies").
    Kill,
    /// Magical damage to the target minion equal to its armor (Cruel Greaves).
    DamageByArmor,
    /// Magical damage to the target minion: this much times the Revolver's M.
    RevolverDamage { per: u8 },
    /// While active on the globe (or on a minion: Visionary), its caster gets this
    /// much more mana each turn.
    ManaEachTurn { mana: ManaType, amount: u8 },
    /// While active on a town or colony, its owner gets this much more mana each turn.
    StructureMana { mana: ManaType, amount: u8 },
    /// Several effects, in order, from one card.
    All { effects: &'static [Effect] },
    /// The target group changes hands for good: the caster owns and orders it from now
    /// on, and its movement order this turn is cancelled (Renegades).
    Seize,
    /// While active on the target group, the caster owns and orders it; its movement
    /// order this turn is cancelled, and when the spell leaves play the group goes back
    /// to the other player (Possession).
    Possess,
    /// While active on a group, the other players' spells may not be targeted on it or
    /// on its minions; helpers ignore it (Raven Shroud).
    Ward,
    /// While active on a minion, every computer-controlled monster group heads for its
    /// square instead of the nearest foe (Belvario's Horn).
    Horn,
    /// While active on the globe, the spells of its caster (`caster`) or of the other
    /// player (not `caster`) cost this much more of their house's primary type
    /// (negative: less, never below 0): Syzygy, Dissolution.
    Price { delta: i8, caster: bool },
    /// A Chaos Feature: on arrival the engine casts a random individual spell of the
    /// pool on the target minion as a helper; three make a recruit a Misfit.
    Chaos,
    /// The engine casts this many Chaos Features on the target minion as helpers
    /// (Wrack).
    ChaosFeatures { count: u8 },
    /// While active on a square, every minion of a group standing there gains a Chaos
    /// Feature at each start of turn (Bedlam).
    ChaosEachTurn,
    /// While active on a minion, players may not cast this card on it; helpers still
    /// arrive (Wrack keeps Chaos Features off).
    Block { card: &'static str },
    /// While active on a town or colony, every recruit created there gets a generated
    /// item by its class (Master Smith: Dwarven Blade, Dwarven Arrows, Djinni Bow).
    Forge,
    /// While active on a town, every recruit created there gets 4 more hit points
    /// (Auberol's Grace).
    Grace,
    /// A colony becomes a town (Auberol's Grace).
    MakeTown,
    /// While active on a recruit, its group may not be the target of the other
    /// player's group spells nor of Unmaking individual spells (Beobogh's Helm).
    Helm,
    /// While active on the globe, no combat takes place (Armistice).
    Truce,
    /// While active on the globe, no globe spell may be cast, and those targeted
    /// squander (Adriel's Glamour).
    NoGlobeSpells,
    /// While active on a group, no player's group or individual spell may target it
    /// or its minions, the caster's included (Adriel's Mantle).
    Mantle,
    /// While active on the globe, the caster's minions are concealed from the other
    /// player's individual spells (Blinding Orb).
    Blind,
    /// The other player takes initiative (Adriel's Timepiece).
    SwapInitiative,
    /// While active on a minion, it takes this much magical damage at each start of
    /// turn (Ergotism).
    DamageEachTurn { amount: u8 },
    /// Every recruit on the board dies (Apocalypse).
    KillRecruits,
    /// While active on a town or colony, no structure spell may be targeted on it
    /// (Domed City).
    Dome,
    /// The target group is carried to a random unoccupied square without a structure
    /// that it can enter safely; its movement order is cancelled (Bolt of Somersaults).
    Teleport,
    /// Colonies orthogonally next to the target square are destroyed, and every minion
    /// standing next to it takes 0 to 4 magical damage (Earthquake).
    Quake,
    /// Recruits of this class appear in the target structure, each of a random nation,
    /// joining the group there or forming one (Dragon's Teeth).
    Recruits {
        count: u8,
        class: crate::groups::RecruitClass,
    },
    /// While active on a square, before combat each turn its terrain becomes one of
    /// these, drawn at random (Changing Lands).
    ShiftingTerrain {
        terrains: &'static [crate::terrain::Terrain],
    },
    /// While active on a town, it produces no novices (Ghost Town).
    NoNovices,
    /// An effect on every group of another player orthogonally next to the target
    /// group (damage each, or a movement overwrite): Harmattan, Man-Catcher.
    Around { each: &'static Effect },
    /// The engine casts this helper item on the target minion, or on every minion of
    /// the target group (Nihil's Minion, Pantogar's Curse, Fae Gift); a temporary item
    /// lasts as long as the item says.
    Give { item: crate::game::state::Trophy },
    /// While active on a town or colony, every recruit created there gets this
    /// generated item (Changelings, Fertility).
    Endow { item: crate::game::state::Trophy },
    /// The cards left in the caster's hand go back into the deck, shuffled, and as many
    /// are drawn (Leap of Faith).
    Mulligan,
    /// While active on a minion, it heals this much damage at each start of turn
    /// (Regeneration).
    HealEachTurn { amount: u8 },
    /// While active on a group, before every movement it is drawn one square toward
    /// the nearest square of these terrains (Will o' the Wisp).
    Beckon {
        terrains: &'static [crate::terrain::Terrain],
    },
    /// The target square becomes `during` while the card stays on it, and `after` when
    /// the card leaves play (Parted Sea: dry land for a while, then water again).
    Recede {
        during: crate::terrain::Terrain,
        after: crate::terrain::Terrain,
    },
    /// This many random cards of the other player's hand go to its Whirlpool (Pages to
    /// Dust).
    Burn { count: u8 },
    /// While active, its caster draws up to one card more at each start of turn, as
    /// after a discard (Scrying Pool).
    Foresight,
    /// The target square and every square orthogonally next to it without a structure
    /// become this terrain (Savannah).
    Sweep { terrain: crate::terrain::Terrain },
    /// Every square of one of `onto` without a structure orthogonally next to a square
    /// of `from` becomes `from` (Seed on the Wind).
    Spread {
        from: crate::terrain::Terrain,
        onto: &'static [crate::terrain::Terrain],
    },
    /// While active on a square, every monster summoned there gets this item (Jungle:
    /// Jungle Vigor).
    Nurture { item: crate::game::state::Trophy },
    /// The target group is removed from the game: no death effects (Shifting Sands).
    Remove,
    /// While active on a square, the first group of another player standing there at
    /// a start of turn is removed from the game, and the spell ends (Cessao Spiral).
    Swallow,
    /// A mountain orthogonally next to the target group leaps onto its square: the
    /// mountain's square becomes barren land, the group's mountain, and the group is
    /// removed from the game unless it may stand on a mountain (Jumping Land).
    JumpingLand,
    /// While active on a square, at each start of turn a monster of this kind crawls
    /// out: it joins the caster's group of its kind standing there or forms one; a
    /// group of another player standing there ends the spell (Husks).
    Brood { monster: MonsterDef },
    /// No effect on the game: the pipes play at the start of its group's combats
    /// (Elven Piper).
    Pipes,
    /// The target monster group of the caster's is sacrificed and this monster rises
    /// on its square (Volgaris).
    Sacrifice { monster: MonsterDef },
    /// Every monster of the target group is replaced by a neutral Misfit recruit of a
    /// random class at level 0 (Devolution).
    Devolve,
    /// The target group belongs to nobody from now on: the neutral player's, hostile
    /// to all (Betrayal).
    Release,
    /// While active on a square, at each start of turn a group of strangers may step
    /// out onto it (Cessao Rift).
    Rift,
    /// An off-board monster: cast on the globe, it appears before combat this turn on
    /// an unoccupied square of one of these terrains next to a group of another player
    /// (a recruit group if `recruits_only`), the square turning to lava if `scorch`,
    /// and vanishes after all combat (Arboriads, Brown Striders, Firewyrm).
    Ambush {
        monster: MonsterDef,
        from: &'static [crate::terrain::Terrain],
        recruits_only: bool,
        scorch: bool,
    },
    /// Recruits of this nation and class join the target group, as training does: a
    /// group that may not be joined (Ostracize) takes none (Dark Minion, Nomadic
    /// Tribe).
    Enlist {
        count: u8,
        class: crate::groups::RecruitClass,
        nation: crate::groups::Nation,
    },
    /// While active on a minion, every other member of its group is at level 0
    /// (Obeisance).
    Obeisance,
    /// While active on a minion, at each start of turn it may change into its bear
    /// form or back (Bear Spirit).
    Shapeshift,
    /// A Dwarven swordsman of these numbers appears in the target structure; when he
    /// dies the members of his group gain Legacy (Ancient King).
    King { stats: crate::groups::Stats },
    /// Every square without a structure orthogonally next to water becomes water; the
    /// card stays on each as a conjuration, and the square becomes plains when it
    /// leaves (Deluge).
    Flood,
    /// Novices of this nation wait in the target town or colony, up to its limit; they
    /// are trained before its own (Allies).
    Novices {
        count: u8,
        nation: crate::groups::Nation,
    },
    /// While active on a town or colony, its owner gets this much more mana each turn
    /// while at least `recruits` recruits stand in it (Willing Supplicants).
    HeldMana {
        mana: ManaType,
        amount: u8,
        recruits: u8,
    },
    /// While active on the globe: when its caster next captures a town or colony, this
    /// much mana comes with the capture and the spell leaves play (Dracha's Trade).
    CaptureMana { mana: ManaType, amount: u8 },
    /// Active on its caster's globe whatever the card was cast on: the caster gets this
    /// much less mana each turn, never below none (the price of The Pact Is Sealed).
    Toll { mana: ManaType, amount: u8 },
    /// While active on a recruit, every other member of its group is concealed from the
    /// other player's individual spells (Chaos Fog).
    Fog,
    /// While active on a minion, no individual spell of these houses may target it
    /// (Druid).
    Shun { houses: &'static [House] },
    /// While active on a minion standing on this terrain, its caster gets this much
    /// more mana each turn (Druid in a forest).
    TerrainMana {
        mana: ManaType,
        amount: u8,
        terrain: crate::terrain::Terrain,
    },
    /// While active on a group standing on one of these terrains, every member heals
    /// this much at each start of turn (Crucible).
    HealIn {
        terrains: &'static [crate::terrain::Terrain],
        amount: u8,
    },
    /// A recruit of these numbers joins the target group (none when the group may not
    /// be joined or is full), and the card goes into play on that recruit: it lasts
    /// while the recruit lives (Bellwether's Pacified Cow, Bard).
    Companion {
        class: crate::groups::RecruitClass,
        nation: Option<crate::groups::Nation>,
        stats: crate::groups::Stats,
    },
    /// While active on a minion, its group may not join or be joined, and the other
    /// player's group spells may not target it (Bellwether).
    Fold,
    /// While active on a minion, every other member of its group of this class (of any
    /// class: `None`) has its numbers changed (the Bard's song; Brother Wolf's pack,
    /// which stops attacking).
    Inspire {
        class: Option<crate::groups::RecruitClass>,
        by: Modifier,
    },
    /// While active on a minion, it takes every hit aimed at another member of its group
    /// in combat, before armor; `bare`: ignoring its own armor too, and its group
    /// withdraws at the start of the round after it dies (Brother Wolf; Whipping Boy
    /// keeps its armor). One guard to a group.
    Guard { bare: bool },
    /// While active on a group: when a member would die in combat, the whole group
    /// leaves the board fully healed, every spell on it and its members leaves play
    /// (this one too), and it reappears at the next start of turn when its square is
    /// free (Soul Jar).
    Jar,
    /// The target recruit is removed from the game; this many turns later a fresh
    /// recruit of its class and nation appears on its square, or later when the square
    /// is taken (Dryad's Favors).
    Rebirth { turns: u8 },
    /// The target group of two or more leaves the board for `turns` turns; on its square,
    /// when it has no structure, its owner gets a camp colony (the card, hosted on the
    /// square, with `NoNovices` and `Dome` beside it), razed when the group returns and
    /// ended by a capture (Encampment, S60).
    Encamp { turns: u8 },
    /// The target recruit (the other player's) and the caster's lowest-level recruit of
    /// its recruit group nearest to it trade sides: each leaves its group and forms a
    /// group of its new owner's on the nearest free square with no hostile group
    /// beside it (Ch'tai Exchange, S61).
    Exchange,
    /// On a colony: nothing more (the card's `Entropy` destroyed it). On a town: the
    /// card stays on it, keeps structure spells off it, and whenever recruits are
    /// created in it the town moves to a free square next to it, toward its owner's
    /// Sanctum (Ancestral Home, S62).
    Homeward,
    /// Creates a Hero recruit in the target structure: it joins the group there or
    /// forms one.
    Hero {
        class: crate::groups::RecruitClass,
        nation: crate::groups::Nation,
        stats: crate::groups::Stats,
    },
}

/// One card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CardDef {
    pub id: &'static str,
    pub name: &'static str,
    pub house: House,
    /// Cost in the house's primary and secondary types.
    pub primary: u8,
    pub secondary: u8,
    pub spell_type: SpellType,
    pub target: TargetType,
    pub effect: Effect,
    /// Whether an active copy is shown to both players (an enchantment).
    pub visible: bool,
    /// Whether more than one copy may be active on the same host. Most alterations
    /// may not: a second copy on a host that has one squanders.
    pub stacks: bool,
    /// What the target must be ("Cast on …").
    pub requires: &'static [Requirement],
    /// May be cast only once per game by each player (every Hero); a squandered cast
    /// does not count.
    pub once_per_game: bool,
    /// A Revolver: its cost is M of the primary type, M starting at 1 when drawn and
    /// rising by 1 at each start of turn it stays in the hand, from 10 back to 1.
    pub revolver: bool,
    /// An individual spell that may name a concealed minion.
    pub even_concealed: bool,
    /// When its host is killed in combat, it passes to the killer (Jinx).
    pub transfers: bool,
    /// Only one copy may be in play at a time, anywhere (Belvario's Horn).
    pub unique: bool,
    /// Costs this much less of its primary type while the caster has the Hero of
    /// this card id on the board (Ogi's Armor, with Ogi).
    pub cheaper_with: Option<(&'static str, u8)>,
    /// Our own one-line text.
    pub text: &'static str,
}

mod build;

use build::{card, monster};

mod pool;

pub use pool::*;

/// Highest M of a Revolver before it wraps back to 1.
pub const REVOLVER_MAX: u8 = 10;

mod id;

pub use id::*;
