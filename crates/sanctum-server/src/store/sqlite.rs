//! The SQLite store: one file, created and migrated on first start, served by one
//! process.
//!
//! It runs on `rusqlite`, one connection behind a mutex, each call done at once on
//! the calling thread: a statement on a file in WAL mode takes microseconds, less
//! than handing it to a worker thread and back (sqlx's SQLite driver does that for
//! every statement and row, which was most of the server's time under load). The
//! SQL is PostgreSQL's text (`queries.rs`), its `$N` read as `?N`. The migrations are
//! sqlx's embedded files, recorded in sqlx's own `_sqlx_migrations` table, so a file
//! is the same whichever build made it.

use std::borrow::Cow;
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, Row, TransactionBehavior, params};

use super::queries::{self, GAME_SELECT, PENDING_SELECT};
use super::{
    GameRow, GameStart, NewGame, PendingRow, PlayerRow, PutOutcome, Rating, Store, StoreError,
    StoreResult, TurnCommit, TurnRow,
};

/// A store on one SQLite file. One server process per file (a turn's resolution is
/// serialised by the process; several nodes need PostgreSQL).
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

/// The shared SQL's `$N` placeholders as SQLite's numbered `?N`.
fn sql(text: &str) -> Cow<'_, str> {
    if text.contains('$') {
        Cow::Owned(text.replace('$', "?"))
    } else {
        Cow::Borrowed(text)
    }
}

impl SqliteStore {
    /// Opens `path` (a file name, or `:memory:`), creating and migrating it.
    pub async fn open(path: &str) -> Result<SqliteStore, StoreError> {
        let path = path.to_string();
        tokio::task::spawn_blocking(move || Self::open_now(&path))
            .await
            .map_err(|e| StoreError::SqliteSetup(format!("opening the database: {e}")))?
    }

    fn open_now(path: &str) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(30))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // A killed process loses nothing committed: the WAL is in the OS's hands.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.set_prepared_statement_cache_capacity(64);
        migrate(&conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    /// Runs `f` on the connection.
    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> StoreResult<T> {
        let mut conn = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        Ok(f(&mut conn)?)
    }
}

/// Applies the embedded migrations not applied yet, as sqlx would.
fn migrate(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS _sqlx_migrations (
            version BIGINT PRIMARY KEY,
            description TEXT NOT NULL,
            installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
            success BOOLEAN NOT NULL,
            checksum BLOB NOT NULL,
            execution_time BIGINT NOT NULL
        );",
    )?;
    for m in sqlx::migrate!("migrations/sqlite").iter() {
        let applied: Option<Vec<u8>> = conn
            .query_row(
                "SELECT checksum FROM _sqlx_migrations WHERE version = ?1 AND success",
                params![m.version],
                |r| r.get(0),
            )
            .optional()?;
        match applied {
            Some(sum) if sum == *m.checksum => continue,
            Some(_) => {
                return Err(StoreError::SqliteSetup(format!(
                    "migration {} was applied in another form than this build's",
                    m.version
                )));
            }
            None => {}
        }
        let started = std::time::Instant::now();
        conn.execute_batch(&format!("BEGIN;\n{}\nCOMMIT;", m.sql))
            .inspect_err(|_| {
                let _ = conn.execute_batch("ROLLBACK;");
            })?;
        conn.execute(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (?1, ?2, TRUE, ?3, ?4)",
            params![
                m.version,
                m.description.as_ref(),
                m.checksum.as_ref(),
                i64::try_from(started.elapsed().as_nanos()).unwrap_or(i64::MAX)
            ],
        )?;
    }
    Ok(())
}

fn player_row(r: &Row) -> rusqlite::Result<PlayerRow> {
    Ok(PlayerRow {
        id: r.get("id")?,
        name: r.get("name")?,
        password_hash: r.get("password_hash")?,
        guest: r.get("guest")?,
        banished: r.get("banished")?,
        rating: Rating {
            rating: r.get("rating")?,
            deviation: r.get("deviation")?,
            volatility: r.get("volatility")?,
        },
        ranked_games: r.get("ranked_games")?,
    })
}

fn game_row(r: &Row) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get("id")?,
        status: r.get("status")?,
        room: r.get("room")?,
        realm: r.get("realm")?,
        layout: r.get("layout")?,
        ranked: r.get("ranked")?,
        turn_seconds: r.get("turn_seconds")?,
        opponent: r.get("opponent")?,
        creator_id: r.get("creator_id")?,
        creator_name: r.get("creator_name")?,
        creator_deck: r.get("creator_deck")?,
        red_id: r.get("red_id")?,
        blue_id: r.get("blue_id")?,
        red_name: r.get("red_name")?,
        blue_name: r.get("blue_name")?,
        red_bot: r.get("red_bot")?,
        blue_bot: r.get("blue_bot")?,
        setup: r.get("setup")?,
        turns: r.get("turns")?,
        deadline_ms: r.get("deadline_ms")?,
        winner: r.get("winner")?,
        end_reason: r.get("end_reason")?,
    })
}

fn pending_row(r: &Row) -> rusqlite::Result<PendingRow> {
    Ok(PendingRow {
        side: r.get("side")?,
        orders: r.get("orders")?,
        confirmed: r.get("confirmed")?,
    })
}

fn pair(r: &Row) -> rusqlite::Result<(i64, i64)> {
    Ok((r.get(0)?, r.get(1)?))
}

/// Whether the game is active at turn `turn`.
fn current(c: &Connection, game_id: i64, turn: i64) -> rusqlite::Result<bool> {
    let row: Option<(i64, String)> = c
        .prepare_cached("SELECT turns, status FROM games WHERE id = ?1")?
        .query_row(params![game_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(row.is_some_and(|(turns, status)| turns == turn && status == "active"))
}

fn pending_rows(c: &Connection, game_id: i64, turn: i64) -> rusqlite::Result<Vec<PendingRow>> {
    c.prepare_cached(&sql(PENDING_SELECT))?
        .query_map(params![game_id, turn], pending_row)?
        .collect()
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

#[async_trait::async_trait]
impl Store for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn create_player(
        &self,
        name: &str,
        password_hash: Option<&str>,
        guest: bool,
        now_ms: i64,
    ) -> StoreResult<i64> {
        let made = self.with(|c| {
            c.prepare_cached(&sql(queries::INSERT_PLAYER))?
                .query_row(params![name, password_hash, guest, now_ms], |r| r.get(0))
        });
        match made {
            Err(StoreError::Sqlite(e)) if is_unique_violation(&e) => {
                Err(StoreError::NameTaken(name.to_string()))
            }
            other => other,
        }
    }

    async fn player_by_name(&self, name: &str) -> StoreResult<Option<PlayerRow>> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::PLAYER_BY_NAME))?
                .query_row(params![name], player_row)
                .optional()
        })
    }

    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRow>> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::PLAYER_BY_TOKEN))?
                .query_row(params![token_hash], player_row)
                .optional()
        })
    }

    async fn add_token(&self, player_id: i64, token_hash: &str, now_ms: i64) -> StoreResult<()> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::INSERT_TOKEN))?
                .execute(params![token_hash, player_id, now_ms])
                .map(drop)
        })
    }

    async fn set_banished(&self, name: &str, banished: bool) -> StoreResult<bool> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::SET_BANISHED))?
                .execute(params![banished, name])
                .map(|n| n == 1)
        })
    }

    async fn top_players(&self, limit: i64) -> StoreResult<Vec<PlayerRow>> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::TOP_PLAYERS))?
                .query_map(params![limit], player_row)?
                .collect()
        })
    }

    async fn create_game(&self, g: &NewGame, now_ms: i64) -> StoreResult<i64> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::INSERT_GAME))?.query_row(
                params![
                    g.room,
                    g.realm,
                    g.layout,
                    g.ranked,
                    g.turn_seconds,
                    g.opponent,
                    g.creator_id,
                    g.creator_deck,
                    now_ms
                ],
                |r| r.get(0),
            )
        })
    }

    async fn game(&self, id: i64) -> StoreResult<Option<GameRow>> {
        self.with(|c| {
            c.prepare_cached(&format!("{GAME_SELECT} WHERE g.id = ?1"))?
                .query_row(params![id], game_row)
                .optional()
        })
    }

    async fn games(&self, status: &str, limit: i64) -> StoreResult<Vec<GameRow>> {
        self.with(|c| {
            c.prepare_cached(&format!(
                "{GAME_SELECT} WHERE g.status = ?1 ORDER BY g.id DESC LIMIT ?2"
            ))?
            .query_map(params![status, limit], game_row)?
            .collect()
        })
    }

    async fn start_game(&self, id: i64, s: &GameStart) -> StoreResult<bool> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::START_GAME))?
                .execute(params![
                    id,
                    s.red_id,
                    s.blue_id,
                    s.red_bot,
                    s.blue_bot,
                    s.setup,
                    s.snapshot,
                    s.snapshot_hash,
                    s.deadline_ms
                ])
                .map(|n| n == 1)
        })
    }

    async fn active_games(&self) -> StoreResult<Vec<(i64, i64)>> {
        self.with(|c| {
            c.prepare_cached(queries::ACTIVE_GAMES)?
                .query_map([], pair)?
                .collect()
        })
    }

    async fn due_games(&self, now_ms: i64) -> StoreResult<Vec<(i64, i64)>> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::DUE_GAMES))?
                .query_map(params![now_ms], pair)?
                .collect()
        })
    }

    async fn turns(&self, game_id: i64, from: i64) -> StoreResult<Vec<TurnRow>> {
        self.with(|c| {
            c.prepare_cached(&sql(queries::TURNS))?
                .query_map(params![game_id, from], |r| {
                    Ok(TurnRow {
                        turn: r.get(0)?,
                        orders: r.get(1)?,
                        hash: r.get(2)?,
                    })
                })?
                .collect()
        })
    }

    async fn pending(&self, game_id: i64, turn: i64) -> StoreResult<Vec<PendingRow>> {
        self.with(|c| pending_rows(c, game_id, turn))
    }

    async fn put_orders(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders: &str,
    ) -> StoreResult<PutOutcome> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if !current(&tx, game_id, turn)? {
                return Ok(PutOutcome::Stale);
            }
            let done = tx
                .prepare_cached(&sql(queries::PUT_ORDERS))?
                .execute(params![game_id, turn, side, orders])?;
            tx.commit()?;
            Ok(if done == 1 {
                PutOutcome::Stored
            } else {
                PutOutcome::AlreadyConfirmed
            })
        })
    }

    async fn confirm(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders_if_none: &str,
    ) -> StoreResult<Option<Vec<PendingRow>>> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if !current(&tx, game_id, turn)? {
                return Ok(None);
            }
            tx.prepare_cached(&sql(queries::CONFIRM))?.execute(params![
                game_id,
                turn,
                side,
                orders_if_none
            ])?;
            let rows = pending_rows(&tx, game_id, turn)?;
            tx.commit()?;
            Ok(Some(rows))
        })
    }

    async fn commit_turn(&self, t: &TurnCommit) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (status, winner, reason) = match &t.finished {
                Some(f) => ("finished", f.winner.clone(), Some(f.reason.clone())),
                None => ("active", None, None),
            };
            let done = tx
                .prepare_cached(&sql(queries::COMMIT_TURN))?
                .execute(params![
                    t.game_id,
                    t.turn,
                    t.snapshot,
                    t.record.hash,
                    t.deadline_ms,
                    status,
                    winner,
                    reason
                ])?;
            if done != 1 {
                tx.rollback()?;
                return Ok(false);
            }
            tx.prepare_cached(&sql(queries::INSERT_TURN))?
                .execute(params![t.game_id, t.turn, t.record.orders, t.record.hash])?;
            tx.prepare_cached(&sql(queries::DELETE_PENDING))?
                .execute(params![t.game_id, t.turn])?;
            for (id, r) in t.finished.iter().flat_map(|f| &f.ratings) {
                tx.prepare_cached(&sql(queries::SET_RATING))?
                    .execute(params![id, r.rating, r.deviation, r.volatility])?;
            }
            tx.commit()?;
            Ok(true)
        })
    }

    /// One process serves a SQLite file: there are no other nodes to tell.
    async fn notify(&self, _payload: &str) -> StoreResult<()> {
        Ok(())
    }

    fn postgres(&self) -> Option<&super::PgStore> {
        None
    }
}
