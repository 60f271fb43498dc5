//! The PostgreSQL store: several server processes on one database. A turn resolves
//! under a row lock (`SELECT … FOR UPDATE`) guarded by the number of turns already
//! resolved, and changes reach the other nodes by NOTIFY on the `sanctum` channel.

use sqlx::postgres::{PgListener, PgPoolOptions};

/// The channel the nodes LISTEN on.
pub const CHANNEL: &str = "sanctum";

/// A store on a PostgreSQL database.
pub struct PgStore {
    pool: sqlx::PgPool,
}

impl PgStore {
    /// Connects and migrates.
    pub async fn open(url: &str) -> Result<PgStore, super::StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect(url)
            .await?;
        sqlx::migrate!("migrations/postgres").run(&pool).await?;
        Ok(PgStore { pool })
    }

    fn as_postgres(&self) -> Option<&PgStore> {
        Some(self)
    }

    async fn notify_nodes(&self, payload: &str) -> super::StoreResult<()> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A listener on the nodes' channel.
    pub async fn listener(&self) -> super::StoreResult<PgListener> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(listener)
    }
}

super::queries::store_impl!(
    PgStore,
    sqlx::postgres::PgRow,
    "postgres",
    begin = "BEGIN",
    lock = " FOR UPDATE",
    share = " FOR SHARE"
);
