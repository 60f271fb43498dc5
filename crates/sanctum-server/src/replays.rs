//! Finished games replayed turn by turn for `GET /api/games/{id}/replay/{turn}`: the
//! whole game is replayed once, on the first request, and every turn's public picture
//! (the spectator's view and the turn's events) kept for the next requests — a finished
//! game never changes. The most recently asked-for games are kept, a few at a time.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use sanctum_rules::game::{GameLog, ReplayError, events_for, spectator_view};
use serde_json::{Value, json};

/// How many finished games' replays stay in memory.
const KEPT: usize = 16;

/// Each turn of one finished game: `[k]` is the game after `k` turns (0: the start)
/// with the events of that turn.
pub type Turns = Arc<Vec<Value>>;

#[derive(Default)]
pub struct ReplayCache {
    games: Mutex<VecDeque<(i64, Turns)>>,
}

impl ReplayCache {
    /// The turns of game `id` if they are kept; it becomes the most recently used.
    pub fn get(&self, id: i64) -> Option<Turns> {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        let at = games.iter().position(|(g, _)| *g == id)?;
        let entry = games.remove(at)?;
        let turns = entry.1.clone();
        games.push_front(entry);
        Some(turns)
    }

    /// Keeps the turns of game `id`, forgetting the least recently used game if full.
    pub fn put(&self, id: i64, turns: Turns) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.retain(|(g, _)| *g != id);
        games.push_front((id, turns));
        games.truncate(KEPT);
    }
}

/// Replays a whole game once, keeping the public picture after each turn.
pub fn turns_of(log: &GameLog) -> Result<Vec<Value>, ReplayError> {
    let mut out = Vec::with_capacity(log.turns.len() + 1);
    log.replay(None, |_, events, state| {
        out.push(json!({
            "view": spectator_view(state),
            "events": events_for(events, None),
        }));
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_the_most_recently_used_games() {
        let cache = ReplayCache::default();
        for id in 0..KEPT as i64 {
            cache.put(id, Arc::new(vec![json!(id)]));
        }
        assert!(
            cache.get(0).is_some(),
            "game 0 is kept and now the most recent"
        );
        cache.put(100, Arc::new(vec![json!(100)]));
        assert!(
            cache.get(1).is_none(),
            "the least recently used game is forgotten"
        );
        assert_eq!(cache.get(0).map(|t| t[0].clone()), Some(json!(0)));
        assert_eq!(cache.get(100).map(|t| t[0].clone()), Some(json!(100)));
    }
}
