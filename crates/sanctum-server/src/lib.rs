//! The Sanctum game server: accounts and guests, a lobby, games between people or
//! against bots with hidden simultaneous orders, WebSocket pushes, ratings — over
//! SQLite or PostgreSQL. `docs/api.md` documents every call.
//!
//! - [`store`]: the storage trait and its two pools.
//! - [`auth`]: passwords, tokens, who is asking, the login limit.
//! - [`games`]: the game service — create, join, orders, confirm, resolution (exactly
//!   once), bots, timers, restart recovery.
//! - [`views`]: what each caller may see of a game, and the legal orders.
//! - [`api`]: the HTTP router; [`ws`]: the WebSocket pushes and the hub.

pub mod api;
pub mod auth;
pub mod client;
pub mod error;
pub mod games;
pub mod loadtest;
pub mod ratings;
pub mod replays;
pub mod store;
pub mod views;
pub mod ws;

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{RwLock, watch};

pub use error::{ApiError, ApiResult};
pub use store::{Store, StoreError, open};

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub store: Arc<dyn Store>,
    /// Games in memory, each behind its own lock (one operation at a time per game in
    /// this process).
    games: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<Option<games::Live>>>>>,
    pub hub: ws::Hub,
    pub limiter: auth::LoginLimiter,
    pub tokens: auth::TokenCache,
    /// This process's id among the nodes of one database.
    pub node: u64,
    /// True once shutting down: sockets close, no new resolution starts.
    pub shutdown: watch::Sender<bool>,
    /// Resolutions in flight hold it shared; shutdown takes it whole.
    inflight: RwLock<()>,
    /// A pause between computing a turn and storing it (for the crash tests).
    pub resolve_delay: Duration,
    /// Finished games replayed turn by turn, for the replay viewer.
    pub replays: replays::ReplayCache,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn new(store: Arc<dyn Store>) -> AppState {
        let mut node = [0u8; 8];
        let _ = getrandom::fill(&mut node);
        let resolve_delay = std::env::var("SANCTUM_RESOLVE_DELAY_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .map_or(Duration::ZERO, Duration::from_millis);
        AppState(Arc::new(Inner {
            store,
            games: Mutex::new(HashMap::new()),
            hub: ws::Hub::default(),
            limiter: auth::LoginLimiter::default(),
            tokens: auth::TokenCache::default(),
            node: u64::from_le_bytes(node),
            shutdown: watch::channel(false).0,
            inflight: RwLock::new(()),
            resolve_delay,
            replays: replays::ReplayCache::default(),
        }))
    }

    /// The lock of one game's memory.
    pub(crate) fn game_slot(&self, id: i64) -> Arc<tokio::sync::Mutex<Option<games::Live>>> {
        let mut map = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 20_000 {
            map.retain(|_, slot| Arc::strong_count(slot) > 1);
        }
        map.entry(id).or_default().clone()
    }

    pub fn is_shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Stops taking new work, closes every socket and waits for the turns being
    /// resolved to be stored.
    pub async fn drain(&self) {
        self.shutdown.send_replace(true);
        let _all = self.inflight.write().await;
        tracing::info!("every turn in flight is stored");
    }
}

/// Serves the API on `listener` until `signal` completes, then shuts down gracefully:
/// finishes the turns being resolved, closes the sockets, drains the connections.
pub async fn run(
    listener: tokio::net::TcpListener,
    store: Arc<dyn Store>,
    signal: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = AppState::new(store);
    games::spawn_background(&app).await;
    let router = api::router(app.clone());
    let draining = app.clone();
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        signal.await;
        tracing::info!("shutting down");
        draining.drain().await;
    })
    .await
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
