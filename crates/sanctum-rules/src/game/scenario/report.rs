//! The state after a turn, as `sanctum turn --json` prints it.

use super::*;

/// One minion in a [`TurnReport`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct MinionReport {
    pub id: u32,
    #[serde(rename = "type")]
    pub kind: String,
    pub level: u8,
    pub hit_points: u8,
    pub damage: u8,
    pub xp: u16,
    pub armor: u8,
    pub hand: u8,
    pub missile: u8,
    pub attacks: u8,
}

/// One group in a [`TurnReport`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct GroupReport {
    pub id: String,
    pub uid: u32,
    pub at: Square,
    pub owner: Player,
    pub size: usize,
    pub minions: Vec<MinionReport>,
}

/// One structure in a [`TurnReport`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct StructureReport {
    pub at: Square,
    pub kind: StructureKind,
    pub owner: Player,
    pub novices: u8,
    pub mana: Option<ManaType>,
}

/// One player in a [`TurnReport`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayerReport {
    pub mana: Mana,
    pub sanctum_mana: Mana,
    pub next_turn_mana: Mana,
    pub hand: Vec<CardId>,
    pub hand_size: usize,
    pub deck_size: usize,
    pub whirlpool: Vec<CardId>,
    pub initiative: bool,
}

/// The state after a turn, as `sanctum turn --json` prints it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TurnReport {
    pub turn: u32,
    pub initiative: Side,
    pub groups: Vec<GroupReport>,
    pub structures: Vec<StructureReport>,
    pub players: BTreeMap<&'static str, PlayerReport>,
    pub winner: Option<Side>,
    pub outcome: Option<crate::game::GameOutcome>,
    pub events: Vec<crate::game::Event>,
}

impl TurnReport {
    pub fn new(state: &GameState, events: Vec<crate::game::Event>) -> TurnReport {
        let groups = state
            .units
            .iter()
            .map(|u| GroupReport {
                id: u.group.name.clone(),
                uid: u.id,
                at: u.at,
                owner: u.group.owner,
                size: u.group.size(),
                minions: u
                    .group
                    .minions()
                    .iter()
                    .map(|m| MinionReport {
                        id: m.id,
                        kind: m.type_name().to_string(),
                        level: m.level,
                        hit_points: m.hit_points,
                        damage: m.damage,
                        xp: m.xp,
                        armor: m.armor,
                        hand: m.hand,
                        missile: m.missile,
                        attacks: m.attacks,
                    })
                    .collect(),
            })
            .collect();
        let structures = state
            .field
            .board()
            .squares()
            .iter()
            .filter_map(|&at| {
                let s = state.field.structure(at)?;
                Some(StructureReport {
                    at,
                    kind: s.kind,
                    owner: s.owner,
                    novices: state.field.novices(at),
                    mana: state.town(at).and_then(|t| t.mana),
                })
            })
            .collect();
        let players = Side::BOTH
            .into_iter()
            .map(|side| {
                let p = state.player(side);
                (
                    side.name(),
                    PlayerReport {
                        mana: p.mana,
                        sanctum_mana: p.sanctum_mana,
                        next_turn_mana: p.next_turn_mana,
                        hand: p.hand.clone(),
                        hand_size: p.hand.len(),
                        deck_size: p.deck.len(),
                        whirlpool: p.whirlpool.clone(),
                        initiative: state.initiative == side,
                    },
                )
            })
            .collect();
        TurnReport {
            turn: state.turn,
            initiative: state.initiative,
            groups,
            structures,
            players,
            winner: state.outcome.and_then(|o| o.winner),
            outcome: state.outcome,
            events,
        }
    }
}
