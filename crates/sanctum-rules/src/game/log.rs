//! Game logs: the setup and every turn's orders, with a hash of the state after each
//! turn, so that a game replays to the same state on every machine.

use serde::{Deserialize, Serialize};

use crate::game::events::Event;
use crate::game::orders::Rejected;
use crate::game::state::{GameState, Setup, SetupError};
use crate::game::turn::TurnOrders;

/// The log format version written by this crate.
pub const LOG_FORMAT: u32 = 1;

/// One turn of a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Red's orders, then blue's.
    pub orders: TurnOrders,
    /// [`state_hash`] of the state after the turn, as 16 hex digits.
    pub hash: String,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog {
    pub format: u32,
    pub setup: Setup,
    /// Hash of the state after setup and the first start of turn.
    pub start_hash: String,
    pub turns: Vec<TurnRecord>,
}

/// Why a log does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("log format {0} is not supported (this build reads format {LOG_FORMAT})")]
    Format(u32),
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    #[error("the state after setup has hash {found}, the log says {expected}")]
    StartHash { expected: String, found: String },
    #[error("turn {turn}: {error}")]
    Orders { turn: u32, error: Rejected },
    #[error("turn {turn}: the state has hash {found}, the log says {expected}")]
    Hash {
        turn: u32,
        expected: String,
        found: String,
    },
    #[error("turn {turn}: the game was already over")]
    AfterEnd { turn: u32 },
}

/// FNV-1a over the state's JSON form: the same state gives the same hash on every
/// machine (the JSON writer's output depends only on the values).
pub fn state_hash(state: &GameState) -> u64 {
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

pub fn hash_hex(state: &GameState) -> String {
    format!("{:016x}", state_hash(state))
}

impl GameLog {
    /// A log of a game that has just started.
    pub fn new(setup: Setup, start: &GameState) -> GameLog {
        GameLog {
            format: LOG_FORMAT,
            setup,
            start_hash: hash_hex(start),
            turns: Vec::new(),
        }
    }

    /// Records a turn just played, with the state it led to.
    pub fn record(&mut self, orders: TurnOrders, after: &GameState) {
        self.turns.push(TurnRecord {
            orders,
            hash: hash_hex(after),
        });
    }

    /// Replays the log, calling `each` with the turn number played, the events and the
    /// state after it (turn 0: the start). Stops after `stop_after` turns when given.
    pub fn replay(
        &self,
        stop_after: Option<usize>,
        mut each: impl FnMut(u32, &[Event], &GameState),
    ) -> Result<GameState, ReplayError> {
        if self.format != LOG_FORMAT {
            return Err(ReplayError::Format(self.format));
        }
        let (mut state, events) = GameState::start(&self.setup)?;
        let found = hash_hex(&state);
        if found != self.start_hash {
            return Err(ReplayError::StartHash {
                expected: self.start_hash.clone(),
                found,
            });
        }
        each(0, &events, &state);
        for (i, rec) in self.turns.iter().enumerate() {
            if stop_after.is_some_and(|n| i >= n) {
                break;
            }
            let turn = state.turn;
            if state.outcome.is_some() {
                return Err(ReplayError::AfterEnd { turn });
            }
            let events = state
                .play_turn(&rec.orders)
                .map_err(|error| ReplayError::Orders { turn, error })?;
            let found = hash_hex(&state);
            if found != rec.hash {
                return Err(ReplayError::Hash {
                    turn,
                    expected: rec.hash.clone(),
                    found,
                });
            }
            each(turn, &events, &state);
        }
        Ok(state)
    }
}
