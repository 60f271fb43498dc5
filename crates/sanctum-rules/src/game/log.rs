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

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Whether a JSON value is what a field holds before anything is put in it.
fn is_default(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Bool(true) => false,
    }
}

/// Feeds a JSON value in a canonical form: an object's fields sorted by name, those
/// at their default left out (so that a field added to the state later, and never
/// used in a game, leaves that game's hashes as they were); arrays keep every item
/// in order, each framed so that no two values read the same.
fn feed(h: &mut Fnv, v: &serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Null => h.eat(b"n"),
        Value::Bool(b) => h.eat(if *b { b"t" } else { b"f" }),
        Value::Number(n) => {
            h.eat(b"#");
            h.eat(n.to_string().as_bytes());
            h.eat(b";");
        }
        Value::String(s) => {
            h.eat(b"\"");
            h.eat(&(s.len() as u64).to_le_bytes());
            h.eat(s.as_bytes());
        }
        Value::Array(a) => {
            h.eat(b"[");
            for item in a {
                feed(h, item);
            }
            h.eat(b"]");
        }
        Value::Object(o) => {
            let mut keys: Vec<&String> = o
                .iter()
                .filter(|(_, v)| !is_default(v))
                .map(|(k, _)| k)
                .collect();
            keys.sort();
            h.eat(b"{");
            for k in keys {
                h.eat(&(k.len() as u64).to_le_bytes());
                h.eat(k.as_bytes());
                feed(h, &o[k.as_str()]);
            }
            h.eat(b"}");
        }
    }
}

/// The hash a log records for a state: FNV-1a over the state's JSON form made
/// canonical (fields sorted by name, fields at their default left out). The same
/// state gives the same hash on every machine and in every build, and a field the
/// state gains later changes no recorded game that never set it.
pub fn state_hash(state: &GameState) -> u64 {
    let mut h = Fnv::new();
    match serde_json::to_value(state) {
        Ok(v) => feed(&mut h, &v),
        // Every field of the state serialises; should one ever fail, the hash says so
        // rather than matching any other state.
        Err(e) => h.eat(format!("unserialisable state: {e}").as_bytes()),
    }
    h.0
}

/// The hash logs recorded before defaults were left out: FNV-1a over the plain JSON
/// text (still accepted when a log is replayed).
fn first_hash(state: &GameState) -> u64 {
    let mut h = Fnv::new();
    h.eat(&serde_json::to_vec(state).unwrap_or_default());
    h.0
}

pub fn hash_hex(state: &GameState) -> String {
    format!("{:016x}", state_hash(state))
}

/// Whether `recorded` (16 hex digits from a log or a store) is the hash of `state`,
/// by today's rule or by the one logs used before it.
pub fn hash_matches(state: &GameState, recorded: &str) -> bool {
    hash_hex(state) == recorded || format!("{:016x}", first_hash(state)) == recorded
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
        if !hash_matches(&state, &self.start_hash) {
            return Err(ReplayError::StartHash {
                expected: self.start_hash.clone(),
                found: hash_hex(&state),
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
            if !hash_matches(&state, &rec.hash) {
                return Err(ReplayError::Hash {
                    turn,
                    expected: rec.hash.clone(),
                    found: hash_hex(&state),
                });
            }
            each(turn, &events, &state);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_of(v: serde_json::Value) -> u64 {
        let mut h = Fnv::new();
        feed(&mut h, &v);
        h.0
    }

    #[test]
    fn fields_at_their_default_and_field_order_do_not_count() {
        let plain = serde_json::json!({"turn": 3, "units": [{"at": 5}]});
        let grown = serde_json::json!({
            "units": [{"at": 5, "ward": null, "tags": []}],
            "turn": 3, "truce": false, "count": 0, "name": "", "extra": {}
        });
        assert_eq!(hash_of(plain), hash_of(grown));
    }

    #[test]
    fn a_log_written_with_the_first_hash_still_replays() {
        let setup = Setup::sample(5);
        let (start, _) = GameState::start(&setup).expect("a sample game starts");
        let mut log = GameLog::new(setup, &start);
        assert!(hash_matches(&start, &log.start_hash));
        log.start_hash = format!("{:016x}", first_hash(&start));
        assert_ne!(log.start_hash, hash_hex(&start));
        assert!(log.replay(None, |_, _, _| {}).is_ok());
        log.start_hash = "0123456789abcdef".into();
        assert!(matches!(
            log.replay(None, |_, _, _| {}),
            Err(ReplayError::StartHash { .. })
        ));
    }

    #[test]
    fn every_value_that_differs_counts() {
        let base = serde_json::json!({"a": [1, 2], "b": "x", "c": true});
        for other in [
            serde_json::json!({"a": [2, 1], "b": "x", "c": true}),
            serde_json::json!({"a": [1, 2, 0], "b": "x", "c": true}),
            serde_json::json!({"a": [1, 2], "b": "y", "c": true}),
            serde_json::json!({"a": [1, 2], "b": "x"}),
            serde_json::json!({"a": [12], "b": "x", "c": true}),
            serde_json::json!({"a": ["1", 2], "b": "x", "c": true}),
        ] {
            assert_ne!(hash_of(base.clone()), hash_of(other.clone()), "{other}");
        }
    }
}
