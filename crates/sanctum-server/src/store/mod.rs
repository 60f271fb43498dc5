//! Storage: one small async trait, [`Store`], with two concrete stores behind it —
//! SQLite (`sqlite.rs`: rusqlite on one file, nothing to install, behind the read
//! cache of `cache.rs`) and PostgreSQL (`postgres.rs`: a sqlx pool, several servers on
//! one database, its SQL in the macro of `queries.rs`). Both run the same SQL text
//! (the shared selects are constants in `queries.rs`); they differ in their
//! migrations, in how a resolving turn locks its game row, and in LISTEN/NOTIFY.
//!
//! Games are keyed by id; a game's turns are numbered by their place in the log
//! (0 for the first turn played), which is also the key of the pending orders.

use serde::Serialize;

mod cache;
mod postgres;
mod queries;
mod sqlite;

pub use cache::CachedStore;
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// What can go wrong in storage.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the name '{0}' is taken")]
    NameTaken(String),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("database: {0}")]
    SqliteSetup(String),
    #[error("migrating the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL '{0}' (valid: sqlite:PATH or postgres://…)")]
    Url(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// A player: an account or a guest.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub password_hash: Option<String>,
    pub guest: bool,
    pub banished: bool,
    pub rating: Rating,
    pub ranked_games: i64,
}

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    /// `open`, `active` or `finished`.
    pub status: String,
    /// `main` or `volgaria`.
    pub room: String,
    pub realm: String,
    pub layout: String,
    pub ranked: bool,
    pub turn_seconds: i64,
    /// `open` or `bot:NAME`.
    pub opponent: String,
    pub creator_id: i64,
    pub creator_name: String,
    /// The creator's deck (a `DeckChoice` as JSON).
    pub creator_deck: String,
    pub red_id: Option<i64>,
    pub blue_id: Option<i64>,
    pub red_name: Option<String>,
    pub blue_name: Option<String>,
    pub red_bot: Option<String>,
    pub blue_bot: Option<String>,
    /// The game's `Setup` as JSON (holds the seed: never shown before the end).
    pub setup: Option<String>,
    /// Turns resolved so far.
    pub turns: i64,
    /// When the current turn's time runs out (Unix milliseconds).
    pub deadline_ms: Option<i64>,
    pub winner: Option<String>,
    pub end_reason: Option<String>,
}

/// A new game, before anyone joins.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub room: String,
    pub realm: String,
    pub layout: String,
    pub ranked: bool,
    pub turn_seconds: i64,
    pub opponent: String,
    pub creator_id: i64,
    pub creator_deck: String,
}

/// The players of a game that starts.
#[derive(Clone, Debug)]
pub struct GameStart {
    pub red_id: Option<i64>,
    pub blue_id: Option<i64>,
    pub red_bot: Option<String>,
    pub blue_bot: Option<String>,
    pub setup: String,
    pub snapshot: String,
    pub snapshot_hash: String,
    pub deadline_ms: i64,
}

/// One resolved turn, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRow {
    pub turn: i64,
    /// `TurnOrders` as JSON.
    pub orders: String,
    pub hash: String,
}

/// One side's orders for the turn in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingRow {
    /// `red` or `blue`.
    pub side: String,
    pub orders: String,
    pub confirmed: bool,
}

/// A turn to store: everything in one transaction.
#[derive(Clone, Debug)]
pub struct TurnCommit {
    pub game_id: i64,
    /// The turn resolved (its place in the log): stored only if the game has resolved
    /// exactly this many turns, so a turn resolves once.
    pub turn: i64,
    pub record: TurnRow,
    /// The state after the turn, as JSON: stored when the game ends, for inspection
    /// (during a game only its hash is kept; the state is rebuilt from the log).
    pub snapshot: Option<String>,
    pub deadline_ms: Option<i64>,
    /// Set when the game ended this turn.
    pub finished: Option<Finish>,
}

/// How a game ended, and the ratings it leaves.
#[derive(Clone, Debug)]
pub struct Finish {
    pub winner: Option<String>,
    pub reason: String,
    /// New ratings of the two players (ranked games between two people only).
    pub ratings: Vec<(i64, Rating)>,
}

/// What happened to a `put_orders`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PutOutcome {
    Stored,
    /// The side has already confirmed this turn.
    AlreadyConfirmed,
    /// The turn is no longer the game's current one (or the game is not active).
    Stale,
}

/// The storage every server node shares.
#[async_trait::async_trait]
pub trait Store: Send + Sync {
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;

    async fn create_player(
        &self,
        name: &str,
        password_hash: Option<&str>,
        guest: bool,
        now_ms: i64,
    ) -> StoreResult<i64>;
    async fn player_by_name(&self, name: &str) -> StoreResult<Option<PlayerRow>>;
    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRow>>;
    async fn add_token(&self, player_id: i64, token_hash: &str, now_ms: i64) -> StoreResult<()>;
    /// Sends a player to the Volgaria room (or back); false if there is no such player.
    async fn set_banished(&self, name: &str, banished: bool) -> StoreResult<bool>;
    async fn top_players(&self, limit: i64) -> StoreResult<Vec<PlayerRow>>;

    async fn create_game(&self, game: &NewGame, now_ms: i64) -> StoreResult<i64>;
    async fn game(&self, id: i64) -> StoreResult<Option<GameRow>>;
    /// Games with this status (newest first), at most `limit`.
    async fn games(&self, status: &str, limit: i64) -> StoreResult<Vec<GameRow>>;
    /// Starts an open game; false if it is no longer open.
    async fn start_game(&self, id: i64, start: &GameStart) -> StoreResult<bool>;
    /// Active games: (id, turns resolved).
    async fn active_games(&self) -> StoreResult<Vec<(i64, i64)>>;
    /// Active games whose turn's time has run out: (id, turns resolved).
    async fn due_games(&self, now_ms: i64) -> StoreResult<Vec<(i64, i64)>>;

    /// Resolved turns from `from` on, in order.
    async fn turns(&self, game_id: i64, from: i64) -> StoreResult<Vec<TurnRow>>;
    async fn pending(&self, game_id: i64, turn: i64) -> StoreResult<Vec<PendingRow>>;
    /// Replaces a side's orders for the current turn.
    async fn put_orders(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders: &str,
    ) -> StoreResult<PutOutcome>;
    /// Confirms a side's orders (empty orders if it gave none); stored before the
    /// confirm is acknowledged. Returns the pending rows of the turn after it.
    async fn confirm(
        &self,
        game_id: i64,
        turn: i64,
        side: &str,
        orders_if_none: &str,
    ) -> StoreResult<Option<Vec<PendingRow>>>;
    /// Stores a resolved turn in one transaction; false if that turn was already
    /// resolved (by another task or node) or the game is over.
    async fn commit_turn(&self, commit: &TurnCommit) -> StoreResult<bool>;

    /// Tells the other nodes about a change in a game (PostgreSQL NOTIFY).
    async fn notify(&self, payload: &str) -> StoreResult<()>;

    /// The PostgreSQL store, whose nodes LISTEN for each other's changes.
    fn postgres(&self) -> Option<&PgStore>;
}

/// Opens (creating and migrating) the database a URL names: `sqlite:PATH` or
/// `postgres://…`.
pub async fn open(url: &str) -> StoreResult<std::sync::Arc<dyn Store>> {
    if let Some(path) = url.strip_prefix("sqlite:") {
        // One process writes a SQLite file, so its reads can be cached.
        Ok(std::sync::Arc::new(CachedStore::new(
            SqliteStore::open(path).await?,
        )))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(std::sync::Arc::new(PgStore::open(url).await?))
    } else {
        Err(StoreError::Url(url.to_string()))
    }
}

/// Whether a database error is a broken UNIQUE constraint.
fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}
