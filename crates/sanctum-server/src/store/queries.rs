//! The SQL both backends run, written once (the SQLite store, on rusqlite, reads its
//! `$N` placeholders as `?N`). `store_impl!` implements [`Store`] for a store type
//! holding a sqlx pool (PostgreSQL's); its arguments say how a transaction begins and
//! how a game row is locked inside one (`FOR UPDATE` to resolve a turn, `FOR SHARE`
//! to change orders). The SQLite store begins its writes with `BEGIN IMMEDIATE`
//! instead, taking the write lock of the whole file at once.
//!
//! [`Store`]: super::Store

/// The columns of a game, with the names of its creator and players.
pub(super) const GAME_SELECT: &str = "SELECT g.id, g.status, g.room, g.realm, g.layout, \
    g.ranked, g.turn_seconds, g.opponent, g.creator_id, c.name AS creator_name, \
    g.creator_deck, g.red_id, g.blue_id, r.name AS red_name, b.name AS blue_name, \
    g.red_bot, g.blue_bot, g.setup, g.turns, g.deadline_ms, g.winner, g.end_reason \
    FROM games g JOIN players c ON c.id = g.creator_id \
    LEFT JOIN players r ON r.id = g.red_id LEFT JOIN players b ON b.id = g.blue_id";

pub(super) const PENDING_SELECT: &str = "SELECT side, orders, confirmed FROM pending_orders \
    WHERE game_id = $1 AND turn = $2 ORDER BY side DESC";

// The statements both stores run (`$N` placeholders; the SQLite store reads them as
// `?N`).

pub(super) const INSERT_PLAYER: &str = "INSERT INTO players (name, password_hash, guest, banished, created_ms) \
    VALUES ($1, $2, $3, FALSE, $4) RETURNING id";

pub(super) const PLAYER_BY_NAME: &str = "SELECT id, name, password_hash, guest, banished, \
    rating, deviation, volatility, ranked_games FROM players WHERE name = $1";

pub(super) const PLAYER_BY_TOKEN: &str = "SELECT id, name, password_hash, guest, banished, \
    rating, deviation, volatility, ranked_games FROM players \
    WHERE id = (SELECT player_id FROM tokens WHERE token_hash = $1)";

pub(super) const TOP_PLAYERS: &str = "SELECT id, name, password_hash, guest, banished, \
    rating, deviation, volatility, ranked_games FROM players \
    WHERE ranked_games > 0 ORDER BY rating DESC, name LIMIT $1";

pub(super) const INSERT_TOKEN: &str =
    "INSERT INTO tokens (token_hash, player_id, created_ms) VALUES ($1, $2, $3)";

pub(super) const SET_BANISHED: &str = "UPDATE players SET banished = $1 WHERE name = $2";

pub(super) const INSERT_GAME: &str = "INSERT INTO games (status, room, realm, layout, ranked, \
    turn_seconds, opponent, creator_id, creator_deck, turns, created_ms) \
    VALUES ('open', $1, $2, $3, $4, $5, $6, $7, $8, 0, $9) RETURNING id";

pub(super) const START_GAME: &str = "UPDATE games SET status = 'active', red_id = $2, \
    blue_id = $3, red_bot = $4, blue_bot = $5, setup = $6, snapshot = $7, \
    snapshot_hash = $8, deadline_ms = $9 WHERE id = $1 AND status = 'open'";

pub(super) const ACTIVE_GAMES: &str = "SELECT id, turns FROM games WHERE status = 'active'";

pub(super) const DUE_GAMES: &str =
    "SELECT id, turns FROM games WHERE status = 'active' AND deadline_ms <= $1";

pub(super) const TURNS: &str = "SELECT turn, orders, hash FROM game_turns \
    WHERE game_id = $1 AND turn >= $2 ORDER BY turn";

pub(super) const PUT_ORDERS: &str = "INSERT INTO pending_orders \
    (game_id, turn, side, orders, confirmed) VALUES ($1, $2, $3, $4, FALSE) \
    ON CONFLICT (game_id, turn, side) \
    DO UPDATE SET orders = excluded.orders WHERE pending_orders.confirmed = FALSE";

pub(super) const CONFIRM: &str = "INSERT INTO pending_orders \
    (game_id, turn, side, orders, confirmed) VALUES ($1, $2, $3, $4, TRUE) \
    ON CONFLICT (game_id, turn, side) DO UPDATE SET confirmed = TRUE";

pub(super) const COMMIT_TURN: &str = "UPDATE games SET turns = turns + 1, \
    snapshot = COALESCE($3, snapshot), snapshot_hash = $4, deadline_ms = $5, status = $6, \
    winner = $7, end_reason = $8 WHERE id = $1 AND turns = $2 AND status = 'active'";

pub(super) const INSERT_TURN: &str =
    "INSERT INTO game_turns (game_id, turn, orders, hash) VALUES ($1, $2, $3, $4)";

pub(super) const DELETE_PENDING: &str =
    "DELETE FROM pending_orders WHERE game_id = $1 AND turn <= $2";

pub(super) const SET_RATING: &str = "UPDATE players SET rating = $2, deviation = $3, \
    volatility = $4, ranked_games = ranked_games + 1 WHERE id = $1";

macro_rules! store_impl {
    ($store:ty, $row:ty, $backend:literal, begin = $begin:literal, lock = $lock:literal, share = $share:literal) => {
        use sqlx::Row as _;

        use crate::store::queries::*;
        use crate::store::{
            GameRow, GameStart, NewGame, PendingRow, PlayerRow, PutOutcome, Rating, Store,
            StoreError, StoreResult, TurnCommit, TurnRow, is_unique_violation,
        };

        fn player_row(r: &$row) -> Result<PlayerRow, sqlx::Error> {
            Ok(PlayerRow {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                password_hash: r.try_get("password_hash")?,
                guest: r.try_get("guest")?,
                banished: r.try_get("banished")?,
                rating: Rating {
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                },
                ranked_games: r.try_get("ranked_games")?,
            })
        }

        fn game_row(r: &$row) -> Result<GameRow, sqlx::Error> {
            Ok(GameRow {
                id: r.try_get("id")?,
                status: r.try_get("status")?,
                room: r.try_get("room")?,
                realm: r.try_get("realm")?,
                layout: r.try_get("layout")?,
                ranked: r.try_get("ranked")?,
                turn_seconds: r.try_get("turn_seconds")?,
                opponent: r.try_get("opponent")?,
                creator_id: r.try_get("creator_id")?,
                creator_name: r.try_get("creator_name")?,
                creator_deck: r.try_get("creator_deck")?,
                red_id: r.try_get("red_id")?,
                blue_id: r.try_get("blue_id")?,
                red_name: r.try_get("red_name")?,
                blue_name: r.try_get("blue_name")?,
                red_bot: r.try_get("red_bot")?,
                blue_bot: r.try_get("blue_bot")?,
                setup: r.try_get("setup")?,
                turns: r.try_get("turns")?,
                deadline_ms: r.try_get("deadline_ms")?,
                winner: r.try_get("winner")?,
                end_reason: r.try_get("end_reason")?,
            })
        }

        fn pending_row(r: &$row) -> Result<PendingRow, sqlx::Error> {
            Ok(PendingRow {
                side: r.try_get("side")?,
                orders: r.try_get("orders")?,
                confirmed: r.try_get("confirmed")?,
            })
        }

        impl $store {
            /// Whether the game is active at turn `turn`, read inside `tx` with the
            /// backend's shared lock on the row (exclusive for a confirm: two confirms
            /// on two nodes take turns, so the second sees the first and resolves).
            async fn current(
                tx: &mut sqlx::Transaction<'_, <$row as sqlx::Row>::Database>,
                game_id: i64,
                turn: i64,
                exclusive: bool,
            ) -> StoreResult<bool> {
                let sql = if exclusive {
                    concat!("SELECT turns, status FROM games WHERE id = $1", $lock)
                } else {
                    concat!("SELECT turns, status FROM games WHERE id = $1", $share)
                };
                let row = sqlx::query(sql)
                    .bind(game_id)
                    .fetch_optional(&mut **tx)
                    .await?;
                Ok(match row {
                    Some(r) => {
                        r.try_get::<i64, _>("turns")? == turn
                            && r.try_get::<String, _>("status")? == "active"
                    }
                    None => false,
                })
            }

            async fn pending_in(
                tx: &mut sqlx::Transaction<'_, <$row as sqlx::Row>::Database>,
                game_id: i64,
                turn: i64,
            ) -> StoreResult<Vec<PendingRow>> {
                let rows = sqlx::query(PENDING_SELECT)
                    .bind(game_id)
                    .bind(turn)
                    .fetch_all(&mut **tx)
                    .await?;
                Ok(rows.iter().map(pending_row).collect::<Result<_, _>>()?)
            }
        }

        #[async_trait::async_trait]
        impl Store for $store {
            fn backend(&self) -> &'static str {
                $backend
            }

            async fn create_player(
                &self,
                name: &str,
                password_hash: Option<&str>,
                guest: bool,
                now_ms: i64,
            ) -> StoreResult<i64> {
                let row = sqlx::query(INSERT_PLAYER)
                    .bind(name)
                    .bind(password_hash)
                    .bind(guest)
                    .bind(now_ms)
                    .fetch_one(&self.pool)
                    .await
                    .map_err(|e| {
                        if is_unique_violation(&e) {
                            StoreError::NameTaken(name.to_string())
                        } else {
                            StoreError::Database(e)
                        }
                    })?;
                Ok(row.try_get("id")?)
            }

            async fn player_by_name(&self, name: &str) -> StoreResult<Option<PlayerRow>> {
                let row = sqlx::query(PLAYER_BY_NAME)
                    .bind(name)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(row.as_ref().map(player_row).transpose()?)
            }

            async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRow>> {
                let row = sqlx::query(PLAYER_BY_TOKEN)
                    .bind(token_hash)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(row.as_ref().map(player_row).transpose()?)
            }

            async fn add_token(
                &self,
                player_id: i64,
                token_hash: &str,
                now_ms: i64,
            ) -> StoreResult<()> {
                sqlx::query(INSERT_TOKEN)
                    .bind(token_hash)
                    .bind(player_id)
                    .bind(now_ms)
                    .execute(&self.pool)
                    .await?;
                Ok(())
            }

            async fn set_banished(&self, name: &str, banished: bool) -> StoreResult<bool> {
                let done = sqlx::query(SET_BANISHED)
                    .bind(banished)
                    .bind(name)
                    .execute(&self.pool)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn top_players(&self, limit: i64) -> StoreResult<Vec<PlayerRow>> {
                let rows = sqlx::query(TOP_PLAYERS)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows.iter().map(player_row).collect::<Result<_, _>>()?)
            }

            async fn create_game(&self, g: &NewGame, now_ms: i64) -> StoreResult<i64> {
                let row = sqlx::query(INSERT_GAME)
                    .bind(&g.room)
                    .bind(&g.realm)
                    .bind(&g.layout)
                    .bind(g.ranked)
                    .bind(g.turn_seconds)
                    .bind(&g.opponent)
                    .bind(g.creator_id)
                    .bind(&g.creator_deck)
                    .bind(now_ms)
                    .fetch_one(&self.pool)
                    .await?;
                Ok(row.try_get("id")?)
            }

            async fn game(&self, id: i64) -> StoreResult<Option<GameRow>> {
                let sql = format!("{GAME_SELECT} WHERE g.id = $1");
                let row = sqlx::query(&sql)
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(row.as_ref().map(game_row).transpose()?)
            }

            async fn games(&self, status: &str, limit: i64) -> StoreResult<Vec<GameRow>> {
                let sql = format!("{GAME_SELECT} WHERE g.status = $1 ORDER BY g.id DESC LIMIT $2");
                let rows = sqlx::query(&sql)
                    .bind(status)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows.iter().map(game_row).collect::<Result<_, _>>()?)
            }

            async fn start_game(&self, id: i64, s: &GameStart) -> StoreResult<bool> {
                let done = sqlx::query(START_GAME)
                    .bind(id)
                    .bind(s.red_id)
                    .bind(s.blue_id)
                    .bind(&s.red_bot)
                    .bind(&s.blue_bot)
                    .bind(&s.setup)
                    .bind(&s.snapshot)
                    .bind(&s.snapshot_hash)
                    .bind(s.deadline_ms)
                    .execute(&self.pool)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn active_games(&self) -> StoreResult<Vec<(i64, i64)>> {
                let rows = sqlx::query(ACTIVE_GAMES).fetch_all(&self.pool).await?;
                Ok(rows
                    .iter()
                    .map(|r| Ok((r.try_get("id")?, r.try_get("turns")?)))
                    .collect::<Result<_, sqlx::Error>>()?)
            }

            async fn due_games(&self, now_ms: i64) -> StoreResult<Vec<(i64, i64)>> {
                let rows = sqlx::query(DUE_GAMES)
                    .bind(now_ms)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows
                    .iter()
                    .map(|r| Ok((r.try_get("id")?, r.try_get("turns")?)))
                    .collect::<Result<_, sqlx::Error>>()?)
            }

            async fn turns(&self, game_id: i64, from: i64) -> StoreResult<Vec<TurnRow>> {
                let rows = sqlx::query(TURNS)
                    .bind(game_id)
                    .bind(from)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows
                    .iter()
                    .map(|r| {
                        Ok(TurnRow {
                            turn: r.try_get("turn")?,
                            orders: r.try_get("orders")?,
                            hash: r.try_get("hash")?,
                        })
                    })
                    .collect::<Result<_, sqlx::Error>>()?)
            }

            async fn pending(&self, game_id: i64, turn: i64) -> StoreResult<Vec<PendingRow>> {
                let rows = sqlx::query(PENDING_SELECT)
                    .bind(game_id)
                    .bind(turn)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows.iter().map(pending_row).collect::<Result<_, _>>()?)
            }

            async fn put_orders(
                &self,
                game_id: i64,
                turn: i64,
                side: &str,
                orders: &str,
            ) -> StoreResult<PutOutcome> {
                let mut tx = self.pool.begin_with($begin).await?;
                if !Self::current(&mut tx, game_id, turn, false).await? {
                    return Ok(PutOutcome::Stale);
                }
                let done = sqlx::query(PUT_ORDERS)
                    .bind(game_id)
                    .bind(turn)
                    .bind(side)
                    .bind(orders)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(if done.rows_affected() == 1 {
                    PutOutcome::Stored
                } else {
                    PutOutcome::AlreadyConfirmed
                })
            }

            async fn confirm(
                &self,
                game_id: i64,
                turn: i64,
                side: &str,
                orders_if_none: &str,
            ) -> StoreResult<Option<Vec<PendingRow>>> {
                let mut tx = self.pool.begin_with($begin).await?;
                if !Self::current(&mut tx, game_id, turn, true).await? {
                    return Ok(None);
                }
                sqlx::query(CONFIRM)
                    .bind(game_id)
                    .bind(turn)
                    .bind(side)
                    .bind(orders_if_none)
                    .execute(&mut *tx)
                    .await?;
                let rows = Self::pending_in(&mut tx, game_id, turn).await?;
                tx.commit().await?;
                Ok(Some(rows))
            }

            async fn commit_turn(&self, c: &TurnCommit) -> StoreResult<bool> {
                let mut tx = self.pool.begin_with($begin).await?;
                let lock = concat!("SELECT turns FROM games WHERE id = $1", $lock);
                sqlx::query(lock)
                    .bind(c.game_id)
                    .fetch_optional(&mut *tx)
                    .await?;
                let (status, winner, reason) = match &c.finished {
                    Some(f) => ("finished", f.winner.clone(), Some(f.reason.clone())),
                    None => ("active", None, None),
                };
                let done = sqlx::query(COMMIT_TURN)
                    .bind(c.game_id)
                    .bind(c.turn)
                    .bind(&c.snapshot)
                    .bind(&c.record.hash)
                    .bind(c.deadline_ms)
                    .bind(status)
                    .bind(winner)
                    .bind(reason)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    tx.rollback().await?;
                    return Ok(false);
                }
                sqlx::query(INSERT_TURN)
                    .bind(c.game_id)
                    .bind(c.turn)
                    .bind(&c.record.orders)
                    .bind(&c.record.hash)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(DELETE_PENDING)
                    .bind(c.game_id)
                    .bind(c.turn)
                    .execute(&mut *tx)
                    .await?;
                for (id, r) in c.finished.iter().flat_map(|f| &f.ratings) {
                    sqlx::query(SET_RATING)
                        .bind(id)
                        .bind(r.rating)
                        .bind(r.deviation)
                        .bind(r.volatility)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn notify(&self, payload: &str) -> StoreResult<()> {
                self.notify_nodes(payload).await
            }

            fn postgres(&self) -> Option<&crate::store::PgStore> {
                self.as_postgres()
            }
        }
    };
}

pub(super) use store_impl;
