//! WebSocket pushes. Each game has a broadcast channel in this process ([`Hub`]); a
//! change (a turn resolved, a confirm, a join) is published there and, on
//! PostgreSQL, NOTIFYed to the other nodes, whose listener publishes it to their own
//! sockets. A socket turns each push into the picture its viewer may see (the same
//! as `GET /api/games/{id}`), so nothing hidden ever enters a channel.

use std::collections::HashMap;
use std::sync::Mutex;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use sanctum_rules::Side;
use tokio::sync::broadcast;

use crate::AppState;
use crate::games::sync;

/// What changed in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushKind {
    /// A turn was resolved: the push carries its events.
    Turn,
    /// Something else: a confirm, a join.
    Update,
}

impl PushKind {
    pub fn name(self) -> &'static str {
        match self {
            PushKind::Turn => "turn",
            PushKind::Update => "update",
        }
    }

    fn from_name(s: &str) -> Option<PushKind> {
        match s {
            "turn" => Some(PushKind::Turn),
            "update" => Some(PushKind::Update),
            _ => None,
        }
    }
}

/// Per-game broadcast channels of this process.
#[derive(Default)]
pub struct Hub {
    channels: Mutex<HashMap<i64, broadcast::Sender<PushKind>>>,
}

impl Hub {
    pub fn subscribe(&self, game: i64) -> broadcast::Receiver<PushKind> {
        let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(game)
            .or_insert_with(|| broadcast::channel(64).0)
            .subscribe()
    }

    pub fn publish(&self, game: i64, kind: PushKind) {
        let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = map.get(&game)
            && tx.send(kind).is_err()
        {
            map.remove(&game);
        }
    }
}

/// On PostgreSQL: listens for the other nodes' changes and publishes them here.
pub async fn spawn_listener(app: &AppState) {
    let Some(pg) = app.store.postgres() else {
        return;
    };
    let mut listener = match pg.listener().await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(error = %e, "cannot LISTEN: pushes from other nodes will not arrive");
            return;
        }
    };
    let app = app.clone();
    tokio::spawn(async move {
        let mut shutdown = app.shutdown.subscribe();
        loop {
            let note = tokio::select! {
                n = listener.recv() => n,
                _ = shutdown.changed() => break,
            };
            match note {
                Ok(n) => {
                    let mut parts = n.payload().split(':');
                    let (Some(node), Some(game), Some(kind)) =
                        (parts.next(), parts.next(), parts.next())
                    else {
                        continue;
                    };
                    if node == app.node.to_string() {
                        continue;
                    }
                    if let (Ok(game), Some(kind)) = (game.parse::<i64>(), PushKind::from_name(kind))
                    {
                        app.hub.publish(game, kind);
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "LISTEN connection lost; reconnecting");
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
            }
        }
    });
}

/// The message a viewer gets: `{"type", "game", "view", "orders", "events"}`.
async fn message(
    app: &AppState,
    game: i64,
    player: Option<i64>,
    kind: &'static str,
) -> Option<String> {
    let row = app.store.game(game).await.ok()??;
    // Read each time: a player who opened the socket before joining becomes one.
    let viewer: Option<Side> = player.and_then(|p| crate::games::side_of(&row, p));
    let mut picture = if row.status == "open" {
        crate::views::open_picture(&row, viewer)
    } else {
        let pending = app.store.pending(game, row.turns).await.ok()?;
        let slot = app.game_slot(game);
        let mut guard = slot.lock().await;
        let live = sync(app, &mut guard, &row).await.ok()?;
        crate::views::picture(&row, &pending, live, viewer)
    };
    picture.kind = Some(kind);
    serde_json::to_string(&picture).ok()
}

/// Serves one socket until it closes or the server shuts down: the current picture
/// at once, then one after every change. `player` is the signed-in caller, if any.
pub async fn serve_socket(app: AppState, game: i64, player: Option<i64>, mut socket: WebSocket) {
    let mut pushes = app.hub.subscribe(game);
    let mut shutdown = app.shutdown.subscribe();
    let mut next = Some("state");
    loop {
        if let Some(kind) = next.take() {
            let Some(text) = message(&app, game, player, kind).await else {
                break;
            };
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        tokio::select! {
            push = pushes.recv() => match push {
                Ok(kind) => next = Some(kind.name()),
                Err(broadcast::error::RecvError::Lagged(_)) => next = Some("state"),
                Err(broadcast::error::RecvError::Closed) => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                _ => {}
            },
            _ = shutdown.changed() => break,
        }
    }
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code: 1001,
            reason: "the server is shutting down".into(),
        })))
        .await;
}
