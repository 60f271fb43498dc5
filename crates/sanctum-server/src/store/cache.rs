//! A read cache in front of a store only one process writes (SQLite): a game's row
//! and its pending orders are read for nearly every request and every push, and
//! each read through sqlx's SQLite worker costs several thread hand-offs. Every
//! write to a game passes through this process, so the cache drops what a write
//! changes and the next read fetches it again.
//!
//! A read that misses notes the game's generation before it asks the database and
//! keeps its answer only if no write to that game began or ended meanwhile; a write
//! bumps the generation before and after it runs. So an answer read before (or
//! while) a write was stored is never kept after it. PostgreSQL, where other nodes
//! write too, is not cached.

use std::collections::HashMap;
use std::sync::Mutex;

use super::{
    GameRow, GameStart, NewGame, PendingRow, PlayerRow, PutOutcome, Store, StoreResult, TurnCommit,
    TurnRow,
};

/// The most games kept; past it the cache starts again empty.
const MAX_GAMES: usize = 20_000;

#[derive(Default)]
struct Entry {
    generation: u64,
    row: Option<GameRow>,
    /// The pending orders of one turn.
    pending: Option<(i64, Vec<PendingRow>)>,
}

/// What a write to a game may have changed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Changed {
    Pending,
    Everything,
}

/// A [`Store`] with a read cache of game rows and pending orders.
pub struct CachedStore<S> {
    inner: S,
    games: Mutex<HashMap<i64, Entry>>,
}

impl<S: Store> CachedStore<S> {
    pub fn new(inner: S) -> CachedStore<S> {
        CachedStore {
            inner,
            games: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut HashMap<i64, Entry>) -> T) -> T {
        let mut map = self.games.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut map)
    }

    /// Drops what a write changes and returns the game's new generation.
    fn bump(&self, id: i64, changed: Changed) -> u64 {
        self.with(|map| {
            let e = map.entry(id).or_default();
            e.generation += 1;
            e.pending = None;
            if changed == Changed::Everything {
                e.row = None;
            }
            e.generation
        })
    }

    fn generation(&self, id: i64) -> u64 {
        self.with(|map| map.get(&id).map_or(0, |e| e.generation))
    }

    /// Keeps what a read found if no write touched the game since `generation`.
    fn keep(&self, id: i64, generation: u64, f: impl FnOnce(&mut Entry)) {
        self.with(|map| {
            if map.len() >= MAX_GAMES && !map.contains_key(&id) {
                map.clear();
            }
            let e = map.entry(id).or_default();
            if e.generation == generation {
                f(e);
            }
        });
    }

    async fn write<T>(
        &self,
        id: i64,
        changed: Changed,
        run: impl std::future::Future<Output = StoreResult<T>>,
    ) -> StoreResult<T> {
        self.bump(id, changed);
        let out = run.await;
        self.bump(id, changed);
        out
    }
}

#[async_trait::async_trait]
impl<S: Store> Store for CachedStore<S> {
    fn backend(&self) -> &'static str {
        self.inner.backend()
    }

    async fn create_player(
        &self,
        name: &str,
        password_hash: Option<&str>,
        guest: bool,
        now_ms: i64,
    ) -> StoreResult<i64> {
        self.inner
            .create_player(name, password_hash, guest, now_ms)
            .await
    }
    async fn player_by_name(&self, name: &str) -> StoreResult<Option<PlayerRow>> {
        self.inner.player_by_name(name).await
    }
    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRow>> {
        self.inner.player_by_token(token_hash).await
    }
    async fn add_token(&self, player_id: i64, token_hash: &str, now_ms: i64) -> StoreResult<()> {
        self.inner.add_token(player_id, token_hash, now_ms).await
    }
    async fn set_banished(&self, name: &str, banished: bool) -> StoreResult<bool> {
        self.inner.set_banished(name, banished).await
    }
    async fn top_players(&self, limit: i64) -> StoreResult<Vec<PlayerRow>> {
        self.inner.top_players(limit).await
    }

    async fn create_game(&self, game: &NewGame, now_ms: i64) -> StoreResult<i64> {
        self.inner.create_game(game, now_ms).await
    }
    async fn game(&self, id: i64) -> StoreResult<Option<GameRow>> {
        let (generation, hit) = self.with(|map| match map.get(&id) {
            Some(e) => (e.generation, e.row.clone()),
            None => (0, None),
        });
        if let Some(row) = hit {
            return Ok(Some(row));
        }
        let row = self.inner.game(id).await?;
        if let Some(r) = &row {
            self.keep(id, generation, |e| e.row = Some(r.clone()));
        }
        Ok(row)
    }
    async fn games(&self, status: &str, limit: i64) -> StoreResult<Vec<GameRow>> {
        self.inner.games(status, limit).await
    }
    async fn start_game(&self, id: i64, start: &GameStart) -> StoreResult<bool> {
        self.write(id, Changed::Everything, self.inner.start_game(id, start))
            .await
    }
    async fn active_games(&self) -> StoreResult<Vec<(i64, i64)>> {
        self.inner.active_games().await
    }
    async fn due_games(&self, now_ms: i64) -> StoreResult<Vec<(i64, i64)>> {
        self.inner.due_games(now_ms).await
    }

    async fn turns(&self, game_id: i64, from: i64) -> StoreResult<Vec<TurnRow>> {
        self.inner.turns(game_id, from).await
    }
    async fn pending(&self, game_id: i64, turn: i64) -> StoreResult<Vec<PendingRow>> {
        let generation = self.generation(game_id);
        let hit = self.with(|map| {
            map.get(&game_id)
                .and_then(|e| e.pending.as_ref())
                .filter(|(t, _)| *t == turn)
                .map(|(_, rows)| rows.clone())
        });
        if let Some(rows) = hit {
            return Ok(rows);
        }
        let rows = self.inner.pending(game_id, turn).await?;
        self.keep(game_id, generation, |e| {
            e.pending = Some((turn, rows.clone()))
        });
        Ok(rows)
    }
    async fn put_orders(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders: &str,
    ) -> StoreResult<PutOutcome> {
        self.write(
            game_id,
            Changed::Pending,
            self.inner.put_orders(game_id, turn, side, orders),
        )
        .await
    }
    async fn confirm(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders_if_none: &str,
    ) -> StoreResult<Option<Vec<PendingRow>>> {
        self.bump(game_id, Changed::Pending);
        let out = self
            .inner
            .confirm(game_id, turn, side, orders_if_none)
            .await;
        let generation = self.bump(game_id, Changed::Pending);
        // The rows the confirm read in its own transaction are the stored ones,
        // unless another write to the game began meanwhile.
        if let Ok(Some(rows)) = &out {
            self.keep(game_id, generation, |e| {
                e.pending = Some((turn, rows.clone()))
            });
        }
        out
    }
    async fn commit_turn(&self, commit: &TurnCommit) -> StoreResult<bool> {
        self.write(
            commit.game_id,
            Changed::Everything,
            self.inner.commit_turn(commit),
        )
        .await
    }

    async fn notify(&self, payload: &str) -> StoreResult<()> {
        self.inner.notify(payload).await
    }

    fn postgres(&self) -> Option<&super::PgStore> {
        self.inner.postgres()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;

    async fn store_with_game() -> (CachedStore<SqliteStore>, i64) {
        let store = CachedStore::new(SqliteStore::open(":memory:").await.expect("opens"));
        let red = store.create_player("r", None, true, 0).await.expect("red");
        let blue = store.create_player("b", None, true, 0).await.expect("blue");
        let game = NewGame {
            room: "main".into(),
            realm: "veldt".into(),
            layout: "classic".into(),
            ranked: false,
            turn_seconds: 60,
            opponent: "open".into(),
            creator_id: red,
            creator_deck: "{}".into(),
        };
        let id = store.create_game(&game, 0).await.expect("created");
        let start = GameStart {
            red_id: Some(red),
            blue_id: Some(blue),
            red_bot: None,
            blue_bot: None,
            setup: "{}".into(),
            snapshot: "{}".into(),
            snapshot_hash: "h".into(),
            deadline_ms: 1,
        };
        assert_eq!(
            store.game(id).await.expect("read").map(|g| g.status),
            Some("open".into())
        );
        assert!(store.start_game(id, &start).await.expect("started"));
        (store, id)
    }

    #[tokio::test]
    async fn every_write_shows_in_the_next_read() {
        let (store, id) = store_with_game().await;
        // The row read while the game was open was dropped by the start.
        assert_eq!(
            store.game(id).await.expect("read").map(|g| g.status),
            Some("active".into())
        );
        assert!(store.pending(id, 0).await.expect("read").is_empty());
        store.put_orders(id, 0, "red", "[1]").await.expect("put");
        assert_eq!(store.pending(id, 0).await.expect("read")[0].orders, "[1]");
        store.put_orders(id, 0, "red", "[2]").await.expect("put");
        assert_eq!(store.pending(id, 0).await.expect("read")[0].orders, "[2]");
        store.confirm(id, 0, "red", "[]").await.expect("confirm");
        assert!(store.pending(id, 0).await.expect("read")[0].confirmed);
        let commit = TurnCommit {
            game_id: id,
            turn: 0,
            record: TurnRow {
                turn: 0,
                orders: "[[],[]]".into(),
                hash: "h1".into(),
            },
            snapshot: None,
            deadline_ms: Some(2),
            finished: None,
        };
        assert!(store.commit_turn(&commit).await.expect("commit"));
        assert_eq!(
            store.game(id).await.expect("read").map(|g| g.turns),
            Some(1)
        );
        assert!(store.pending(id, 1).await.expect("read").is_empty());
    }

    #[tokio::test]
    async fn a_read_that_raced_a_write_is_not_kept() {
        let (store, id) = store_with_game().await;
        let before = store.generation(id);
        let stale = store.inner.game(id).await.expect("read").expect("a game");
        // A write begins and ends while that read is in flight.
        store.bump(id, Changed::Everything);
        store.bump(id, Changed::Everything);
        store.keep(id, before, |e| e.row = Some(stale.clone()));
        assert!(
            store
                .with(|m| m.get(&id).and_then(|e| e.row.clone()))
                .is_none()
        );
        // A read with the current generation is kept.
        let now = store.generation(id);
        store.keep(id, now, |e| e.row = Some(stale.clone()));
        assert!(
            store
                .with(|m| m.get(&id).and_then(|e| e.row.clone()))
                .is_some()
        );
    }
}
