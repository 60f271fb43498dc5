//! What happened in a turn, in order: what a client animates and a log explains.

use serde::Serialize;

use crate::cards::CardId;
use crate::game::orders::{Target, TrainAs};
use crate::game::state::EndReason;
use crate::mana::{Mana, ManaType};
use crate::map::StructureKind;
use crate::movement::{Outcome, Setback};
use crate::player::{Player, Side};
use crate::square::Square;

/// How an attack was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackMode {
    Hand,
    Missile,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        turn: u32,
    },
    LevelUp {
        group: u32,
        minion: u32,
        level: u8,
    },
    SpellExpired {
        spell: u32,
        card: CardId,
    },
    TerrainDamage {
        group: u32,
        at: Square,
        damage: u8,
        killed: usize,
    },
    /// A card drawn; `card` is `None` in the other player's view.
    Drew {
        side: Side,
        card: Option<CardId>,
    },
    DeckEmpty {
        side: Side,
    },
    Captured {
        at: Square,
        kind: StructureKind,
        by: Side,
        from: Player,
        mana: Option<ManaType>,
    },
    NoviceProduced {
        at: Square,
        owner: Side,
    },
    Initiative {
        side: Side,
        changed: bool,
        deltas: [i32; 2],
    },
    ManaGenerated {
        side: Side,
        mana: Mana,
    },
    Conceded {
        side: Side,
    },
    /// A card discarded to the Whirlpool; `None` in the other player's view.
    Discarded {
        side: Side,
        card: Option<CardId>,
    },
    Trained {
        side: Side,
        at: Square,
        into: TrainAs,
        /// The group the recruit joined or formed; `None` for mana.
        group: Option<u32>,
    },
    SpellCast {
        side: Side,
        card: CardId,
        target: Target,
    },
    SpellSquandered {
        side: Side,
        card: CardId,
        reason: String,
    },
    Summoned {
        side: Side,
        group: u32,
        at: Square,
    },
    /// Lienna's Steed carried a group into a structure.
    Leaped {
        group: u32,
        from: Square,
        to: Square,
    },
    /// A Chaos Feature had the engine cast a random spell on a minion (a helper).
    ChaosTwist {
        minion: u32,
        spell: u32,
        card: CardId,
    },
    /// A recruit joined another nation (three Chaos Features make a Misfit).
    NationChanged {
        minion: u32,
        nation: crate::groups::Nation,
    },
    /// Minions left the board without dying (a boardhop), to reappear at `at` from
    /// turn `back` on; `group` is gone when all of it left.
    Hopped {
        group: u32,
        minions: u8,
        at: Square,
        back: u32,
    },
    /// A group leaves the board without dying: an off-board group after all combat, or
    /// a group removed from the game (Shifting Sands, Cessao Spiral, Jumping Land).
    Vanished {
        group: u32,
    },
    /// A minion left its group and formed its own, `group`, on `at` (Ch'tai Exchange,
    /// S61); `from` is the group it left (gone when it was the last member).
    LeftGroup {
        minion: u32,
        from: u32,
        group: u32,
        at: Square,
    },
    /// A town moved to another square with its owner, novices and structure spells
    /// (Ancestral Home, S62).
    StructureMoved {
        from: Square,
        to: Square,
    },
    /// An Elven Piper plays for its group at the start of a combat (nothing else).
    Piped {
        group: u32,
    },
    ItemGenerated {
        minion: u32,
        item: crate::game::state::Trophy,
    },
    /// A structure changed type (Auberol's Grace: a colony becomes a town).
    StructureChanged {
        at: Square,
        kind: StructureKind,
    },
    /// A spell gave the other player initiative (Adriel's Timepiece).
    InitiativeSwapped {
        side: Side,
    },
    /// A recruit appeared in a structure (Dragon's Teeth).
    Recruited {
        side: Side,
        group: u32,
        at: Square,
    },
    /// A group was carried off to another square (Bolt of Somersaults).
    Teleported {
        group: u32,
        from: Square,
        to: Square,
    },
    /// A group changed hands (Renegades, Possession).
    OwnerChanged {
        group: u32,
        owner: Player,
    },
    /// A Hero recruit appeared in a structure (in a new group or joining one).
    HeroCreated {
        side: Side,
        group: u32,
        at: Square,
    },
    SpellDamage {
        group: u32,
        minion: u32,
        damage: u8,
        died: bool,
    },
    Enchanted {
        spell: u32,
        card: CardId,
    },
    /// An active spell left play before its time: dispelled, or a persistent
    /// requirement failed at a recheck.
    SpellDispelled {
        spell: u32,
        card: Option<CardId>,
        reason: String,
    },
    /// A square's terrain changed (its terrain helper was replaced).
    TerrainChanged {
        at: Square,
        terrain: crate::terrain::Terrain,
    },
    /// A structure was founded (Found City).
    StructureFounded {
        at: Square,
        kind: StructureKind,
    },
    /// A structure was destroyed (a colony whose Colony helper ended).
    StructureDestroyed {
        at: Square,
        kind: StructureKind,
    },
    /// A group healed at the start of a turn.
    Healed {
        group: u32,
        amount: u8,
    },
    Moved {
        group: u32,
        from: Square,
        to: Option<Square>,
        outcome: Outcome,
        into: Option<u32>,
        killed: usize,
        /// Why it bounced or was pushed out, naming the winning group by id; absent
        /// when nothing stood in its way. Both players see it: the turn is resolved.
        #[serde(skip_serializing_if = "Option::is_none")]
        setback: Option<Setback<u32>>,
    },
    CombatStarted {
        first: u32,
        second: u32,
    },
    CombatRound {
        round: u8,
    },
    Withdrew {
        group: u32,
        round: u8,
    },
    Attack {
        attacker: u32,
        victim: u32,
        mode: AttackMode,
        hit: bool,
        /// Damage before armor.
        damage: u8,
        /// Damage the victim's armor soaked.
        soaked: u8,
        /// Damage taken off hit points.
        taken: u8,
        killed: bool,
    },
    Forfeit {
        minion: u32,
    },
    /// A hit left a Cockatrice's Gaze; the third kills.
    Gazed {
        minion: u32,
        gazes: u8,
        killed: bool,
    },
    /// A minion burst as it died, hurting its killer (Combustioneers).
    Exploded {
        minion: u32,
        killer: u32,
        damage: u8,
        killed: bool,
    },
    /// The engine cast a real spell as a helper for a monster group, on another group.
    HelperCast {
        card: CardId,
        by: u32,
        on: u32,
    },
    /// A minion took a trophy from the monster it killed.
    TrophyTaken {
        minion: u32,
        trophy: crate::game::state::Trophy,
    },
    /// A spell passed from a dead minion to its killer.
    SpellTransferred {
        spell: u32,
        to: u32,
    },
    /// Deflection struck the attacker back.
    Deflected {
        minion: u32,
        attacker: u32,
        damage: u8,
        killed: bool,
    },
    CombatEnded {
        first: u32,
        second: u32,
        rounds: u8,
    },
    Experience {
        minion: u32,
        xp: u16,
    },
    MinionDied {
        group: u32,
        minion: u32,
    },
    GroupDied {
        group: u32,
    },
    GameEnded {
        winner: Option<Side>,
        reason: EndReason,
    },
}

impl Event {
    /// The event as `viewer` may see it: the other side's draws lose their card.
    pub fn seen_by(&self, viewer: Side) -> Event {
        match self {
            Event::Drew { side, .. } if *side != viewer => Event::Drew {
                side: *side,
                card: None,
            },
            Event::Discarded { side, .. } if *side != viewer => Event::Discarded {
                side: *side,
                card: None,
            },
            e => e.clone(),
        }
    }
}
