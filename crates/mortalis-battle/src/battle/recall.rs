//! What a battle remembers of the questions it asked about its table (sight
//! checks, Move searches, walking fields), and what battles on one table
//! share ([`Shared`]: its navigation and that memory).
//!
//! Every answer kept is a pure function of the table and the question's
//! key, so a battle reading an answer another battle on the same table
//! found gets exactly what it would have found itself: sharing changes
//! how fast a battle is played, never how. `simulate` plays many battles
//! on one table, and the same warbands on it ask the same questions again
//! and again (in 40 battles on one dense 36" table, 7,326 Move searches
//! were made and 958 of them were different; 3,369 walking fields and
//! 165; 7,239 whole sight checks and 640).

use std::sync::Arc;

use mortalis_rules::odds::{self, ActionError, ActionKind, Odds, Query, Side, Situation};

use super::field::FieldStore;
use super::moves::{JumpMemo, ReachMemo};
use super::{Battle, Fighter, navs_for};
use crate::path::Nav;
use crate::sharded::{Sharded, Words};
use crate::sight::SightMemo;
use crate::table::Table;

/// The answers kept for one table.
#[derive(Debug, Default)]
pub(crate) struct Recall {
    /// Sight checks ([`Battle::sight`]).
    pub(crate) sight: SightMemo,
    /// Move searches, by their inputs (`moves.rs`).
    pub(crate) reach: ReachMemo,
    /// The jump-down Moves' searches, by their inputs (`jumpdown.rs`).
    pub(crate) jumps: JumpMemo,
    /// The AI's walking fields (`field.rs`).
    pub(crate) fields: FieldStore,
    /// The exact odds of shots and exchanges ([`Battle::odds`]).
    pub(crate) odds: OddsMemo,
    /// Which of the eight spots round a base a base may stand on
    /// ([`Battle::contact_spot`]).
    pub(crate) spots: SpotMemo,
}

/// Which of the eight spots round a base at a given place and distance a
/// base of a given radius may stand on (`Table::can_stand`), one bit each,
/// by the base's place and both distances: every question of a model
/// offers Moves into contact with each enemy, asking the same spots while
/// the enemy stands still.
#[derive(Debug)]
pub(crate) struct SpotMemo(pub(crate) Sharded<Words<5>, u8>);

impl Default for SpotMemo {
    fn default() -> Self {
        SpotMemo(Sharded::new(4, 256))
    }
}

/// The exact odds engine's answers by query. A query is a pure function's
/// whole input (the two sides and the situation, the table does not
/// enter), and the AI asks the same ones over and over: each enemy's
/// charge on each of its models for every place it weighs, each exchange
/// an interception would start. Keyed by every field of the query
/// ([`OddsKey`]).
#[derive(Debug)]
pub(crate) struct OddsMemo(Sharded<OddsKey, Result<Odds, ActionError>>);

/// How many locks the odds are spread over, and how many each keeps.
const ODDS_SHARDS: usize = 16;
const ODDS_PER_SHARD: usize = 256;

impl Default for OddsMemo {
    fn default() -> Self {
        OddsMemo(Sharded::new(ODDS_SHARDS, ODDS_PER_SHARD))
    }
}

impl OddsMemo {
    /// [`odds::odds`] of `q`, worked out the first time it is asked.
    pub(crate) fn odds(&self, q: &Query) -> Result<Odds, ActionError> {
        self.0.get_or_make(OddsKey::of(q), || odds::odds(q))
    }
}

/// A query's every field: the kind, both sides whole (`Side::volley`, each
/// side's volley so far, included) and the situation with the range's bits.
/// Until session 31 the key was the query's JSON, which took longer to
/// write than most answers took to find.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct OddsKey {
    kind: ActionKind,
    sides: [Side; 2],
    range: Option<u64>,
    flags: [bool; 5],
}

impl OddsKey {
    fn of(q: &Query) -> Self {
        // Every field named, so that a field added to the situation is
        // added here too.
        let Situation {
            range,
            obstacle,
            cover,
            overwatch,
            elevated,
            charged,
        } = q.situation;
        OddsKey {
            kind: q.kind,
            sides: [q.attacker.clone(), q.defender.clone()],
            range: range.map(f64::to_bits),
            flags: [obstacle, cover, overwatch, elevated, charged],
        }
    }
}

/// A battle's hold on the answers kept for its table: its own, or those of
/// a [`Shared`] it plays on. A copy of the battle starts with its own,
/// empty: a copy may be given another table (`Battle::table` is public),
/// and answers kept for one table must never serve another.
#[derive(Debug, Default)]
pub(crate) struct Held(Arc<Recall>);

impl Clone for Held {
    fn clone(&self) -> Self {
        Held::default()
    }
}

impl std::ops::Deref for Held {
    type Target = Recall;

    fn deref(&self) -> &Recall {
        &self.0
    }
}

/// What battles on one table may share ([`Battle::play_sharing`]): a
/// `Nav` for each mover the models need ([`navs_for`]) and the answers the
/// battles find ([`Recall`]). Battles played at once on other threads may
/// share it too.
pub struct Shared<'t> {
    table: &'t Table,
    navs: Vec<Nav<'t>>,
    recall: Arc<Recall>,
}

impl<'t> Shared<'t> {
    /// What battles of `models` on `table` share, nothing found yet.
    pub fn new(table: &'t Table, models: &[Fighter]) -> Self {
        Shared {
            table,
            navs: navs_for(table, models),
            recall: Arc::default(),
        }
    }

    /// The navigation.
    pub fn navs(&self) -> &[Nav<'t>] {
        &self.navs
    }

    /// The table.
    pub fn table(&self) -> &'t Table {
        self.table
    }
}

impl Battle {
    /// Takes up what `shared` keeps when it was kept for a table equal to
    /// this battle's ([`Battle::play_sharing`] does it first): from then on
    /// the battle reads the answers the battles on that table found, and
    /// keeps its own there. The same battle either way.
    pub fn share_memory(&mut self, shared: &Shared) {
        if *shared.table == self.table {
            self.recall = Held(Arc::clone(&shared.recall));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot(range: f64, volley: Option<[u32; 2]>) -> Query {
        Query {
            kind: ActionKind::Shoot,
            attacker: Side {
                volley,
                ..Side::default()
            },
            defender: Side::default(),
            situation: Situation {
                range: Some(range),
                ..Situation::default()
            },
        }
    }

    /// The memo answers as the engine does, asked again or not, and
    /// queries that differ in any field (a float's last bit, the volley
    /// a query file never holds, a flag of the situation) are kept apart.
    #[test]
    fn the_odds_memo_answers_as_the_engine_and_keeps_queries_apart() {
        let memo = OddsMemo::default();
        let near = 7.3;
        let queries = [
            shot(near, None),
            shot(f64::from_bits(near.to_bits() + 1), None),
            shot(near, Some([2, 3])),
            shot(near, Some([3, 2])),
            shot(30.0, None),
            Query {
                kind: ActionKind::Melee,
                ..shot(near, None)
            },
            Query {
                situation: Situation {
                    charged: true,
                    ..shot(near, None).situation
                },
                ..shot(near, None)
            },
        ];
        let keys: std::collections::HashSet<OddsKey> = queries.iter().map(OddsKey::of).collect();
        assert_eq!(keys.len(), queries.len());
        for _ in 0..2 {
            for q in &queries {
                assert_eq!(memo.odds(q), odds::odds(q), "{q:?}");
            }
        }
    }
}
