//! The SQLite store: one file, created and migrated on first start.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

/// A store on one SQLite file. One server process per file (a turn's resolution is
/// serialised by the process; several nodes need PostgreSQL).
pub struct SqliteStore {
    pool: sqlx::SqlitePool,
}

impl SqliteStore {
    /// Opens `path` (a file name, or `:memory:`), creating and migrating it.
    pub async fn open(path: &str) -> Result<SqliteStore, super::StoreError> {
        let options = SqliteConnectOptions::from_str(&format!("sqlite:{path}"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // A killed process loses nothing committed: the WAL is in the OS's hands.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(30))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(if path == ":memory:" { 1 } else { 8 })
            .connect_with(options)
            .await?;
        sqlx::migrate!("migrations/sqlite").run(&pool).await?;
        Ok(SqliteStore { pool })
    }

    fn as_postgres(&self) -> Option<&super::PgStore> {
        None
    }

    /// One process serves a SQLite file: there are no other nodes to tell.
    async fn notify_nodes(&self, _payload: &str) -> super::StoreResult<()> {
        Ok(())
    }
}

super::queries::store_impl!(
    SqliteStore,
    sqlx::sqlite::SqliteRow,
    "sqlite",
    begin = "BEGIN IMMEDIATE",
    lock = "",
    share = ""
);
