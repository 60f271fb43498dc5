//! The game service: games created, joined and started, orders stored and confirmed,
//! turns resolved exactly once, bots playing, turn timers and recovery after a restart.
//!
//! The database is the truth; each process keeps a game's state in memory ([`Live`])
//! and brings it up to date from the stored turns whenever it touches the game, so a
//! turn resolved by another node (or before a restart) is replayed here, its hash
//! checked. A turn is resolved by [`resolve`]: it reads the pending orders, plays the
//! turn on a copy, and stores it with [`Store::commit_turn`](crate::store::Store),
//! which refuses a turn already stored.

use std::time::Duration;

use sanctum_bots::{BOT_NAMES, bot_by_name};
use sanctum_rules::decks::Deck;
use sanctum_rules::game::log::{TurnRecord, hash_hex, hash_matches};
use sanctum_rules::game::{
    DeckChoice, Event, GameLog, GameState, Order, Rejected, Setup, TurnOrders, validate, view,
};
use sanctum_rules::{Layout, RealmChoice, Side};
use serde::Deserialize;

use crate::error::{ApiError, ApiResult};
use crate::store::{
    Finish, GameRow, GameStart, NewGame, PendingRow, PlayerRow, TurnCommit, TurnRow,
};
use crate::ws::PushKind;
use crate::{AppState, now_ms};

/// A game in memory, as of `turns` resolved turns.
pub struct Live {
    pub turns: i64,
    pub state: GameState,
    pub log: GameLog,
    /// The events of the last turn resolved (of the start, before the first).
    pub last_events: Vec<Event>,
}

/// The most orders one list may hold.
pub const MAX_ORDERS: usize = 200;
/// Turn time limits, in seconds.
pub const TURN_SECONDS: std::ops::RangeInclusive<i64> = 1..=7 * 24 * 3600;
/// The turn time when none is given.
pub const DEFAULT_TURN_SECONDS: i64 = 300;
/// The deck a bot plays.
pub const BOT_DECK: &str = "unmaking_life";

/// A deck in a request: a starter deck's name, or a deck file's text.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum DeckRequest {
    Starter(String),
    File(DeckFile),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckFile {
    pub toml: String,
}

impl DeckRequest {
    pub fn choice(&self) -> ApiResult<DeckChoice> {
        let deck = match self {
            DeckRequest::Starter(name) => Deck::starter(name).ok_or_else(|| {
                ApiError::unprocessable(
                    "unknown_deck",
                    format!(
                        "unknown starter deck '{name}' (valid: {}; or {{\"toml\": \"…\"}} for a deck file)",
                        sanctum_rules::decks::starter_names().join(", ")
                    ),
                )
            })?,
            DeckRequest::File(f) => Deck::parse(&f.toml),
        };
        deck.map(|d| d.choice()).map_err(|e| {
            ApiError::unprocessable("invalid_deck", format!("the deck is not playable: {e}"))
        })
    }
}

/// `POST /api/games`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    #[serde(default = "default_realm")]
    pub realm: String,
    #[serde(default = "default_layout")]
    pub layout: String,
    #[serde(default = "default_deck")]
    pub deck: DeckRequest,
    #[serde(default = "default_opponent")]
    pub opponent: String,
    #[serde(default)]
    pub ranked: bool,
    #[serde(default)]
    pub turn_seconds: Option<i64>,
    /// `main` or `volgaria`.
    #[serde(default)]
    pub room: Option<String>,
}

fn default_realm() -> String {
    "veldt".into()
}
fn default_layout() -> String {
    "classic".into()
}
fn default_deck() -> DeckRequest {
    DeckRequest::Starter("war_mind".into())
}
fn default_opponent() -> String {
    "open".into()
}

/// The side a player plays in a game, if any.
pub fn side_of(row: &GameRow, player: i64) -> Option<Side> {
    if row.red_id == Some(player) {
        Some(Side::Red)
    } else if row.blue_id == Some(player) {
        Some(Side::Blue)
    } else {
        None
    }
}

pub fn side_name(side: Side) -> &'static str {
    side.name()
}

fn parse_side(s: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|side| side.name() == s)
}

/// Creates a game; a game against a bot starts at once.
pub async fn create(app: &AppState, caller: &PlayerRow, req: CreateGame) -> ApiResult<i64> {
    let caller = &fresh(app, caller).await?;
    let room = req
        .room
        .clone()
        .unwrap_or_else(|| if caller.banished { "volgaria" } else { "main" }.to_string());
    match room.as_str() {
        "main" if caller.banished => {
            return Err(ApiError::forbidden(
                "banished",
                "you are banished to the Volgaria room: create games there (room \"volgaria\"), Volgaria realm, unranked",
            ));
        }
        "main" => {}
        "volgaria" => {
            if req.realm != "volgaria" || req.ranked {
                return Err(ApiError::unprocessable(
                    "volgaria_room",
                    "games in the Volgaria room are played only in the Volgaria realm and unranked (realm \"volgaria\", ranked false)",
                ));
            }
        }
        other => {
            return Err(ApiError::unprocessable(
                "unknown_room",
                format!("unknown room '{other}' (valid: main, volgaria)"),
            ));
        }
    }
    if RealmChoice::from_name(&req.realm).is_none() {
        return Err(ApiError::unprocessable(
            "unknown_realm",
            format!(
                "unknown realm '{}' (valid: {})",
                req.realm,
                RealmChoice::NAMES.join(", ")
            ),
        ));
    }
    if Layout::from_name(&req.layout).is_none() {
        return Err(ApiError::unprocessable(
            "unknown_layout",
            format!(
                "unknown layout '{}' (valid: classic, symmetric)",
                req.layout
            ),
        ));
    }
    let turn_seconds = req.turn_seconds.unwrap_or(DEFAULT_TURN_SECONDS);
    if !TURN_SECONDS.contains(&turn_seconds) {
        return Err(ApiError::unprocessable(
            "bad_turn_seconds",
            format!(
                "turn_seconds {turn_seconds} is out of range ({} to {})",
                TURN_SECONDS.start(),
                TURN_SECONDS.end()
            ),
        ));
    }
    let bot = match req.opponent.as_str() {
        "open" => None,
        o => match o.strip_prefix("bot:") {
            Some(name) if BOT_NAMES.contains(&name) => Some(name.to_string()),
            _ => {
                let bots: Vec<String> = BOT_NAMES.iter().map(|b| format!("bot:{b}")).collect();
                return Err(ApiError::unprocessable(
                    "unknown_opponent",
                    format!("unknown opponent '{o}' (valid: open, {})", bots.join(", ")),
                ));
            }
        },
    };
    if bot.is_some() && req.ranked {
        return Err(ApiError::unprocessable(
            "ranked_bot",
            "games against bots are unranked (ranked false)",
        ));
    }
    let deck = req.deck.choice()?;
    let new = NewGame {
        room,
        realm: req.realm,
        layout: req.layout,
        ranked: req.ranked,
        turn_seconds,
        opponent: req.opponent,
        creator_id: caller.id,
        creator_deck: json(&deck)?,
    };
    let id = app.store.create_game(&new, now_ms()).await?;
    tracing::info!(game = id, by = %caller.name, opponent = %new.opponent, "game created");
    if let Some(bot) = bot {
        let row = row(app, id).await?;
        let bot_deck = DeckRequest::Starter(BOT_DECK.into()).choice()?;
        start(app, &row, Joiner::Bot(bot), bot_deck).await?;
    }
    Ok(id)
}

/// The caller as stored now: a banishment or pardon counts at once, whatever the
/// token cache holds.
async fn fresh(app: &AppState, caller: &PlayerRow) -> ApiResult<PlayerRow> {
    Ok(app
        .store
        .player_by_name(&caller.name)
        .await?
        .unwrap_or_else(|| caller.clone()))
}

fn gone(id: i64) -> ApiError {
    ApiError::not_found(format!("no game {id}"))
}

/// A stored game, or 404 naming it.
pub async fn row(app: &AppState, id: i64) -> ApiResult<GameRow> {
    app.store.game(id).await?.ok_or_else(|| gone(id))
}

pub(crate) fn json<T: serde::Serialize>(v: &T) -> ApiResult<String> {
    serde_json::to_string(v).map_err(|e| internal("serialising", &e))
}

pub(crate) fn internal(what: &str, e: &dyn std::fmt::Display) -> ApiError {
    tracing::error!(error = %e, "{what}");
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        format!("{what} failed: {e}"),
    )
}

/// Who takes the second seat.
pub enum Joiner {
    Player(i64),
    Bot(String),
}

/// `POST /api/games/{id}/join`.
pub async fn join(app: &AppState, caller: &PlayerRow, id: i64, deck: DeckRequest) -> ApiResult<()> {
    let caller = &fresh(app, caller).await?;
    let row = row(app, id).await?;
    if row.status != "open" {
        return Err(ApiError::conflict(
            "not_open",
            format!("game {id} is {} and cannot be joined", row.status),
        ));
    }
    if row.creator_id == caller.id {
        return Err(ApiError::conflict(
            "own_game",
            format!("game {id} is your own"),
        ));
    }
    if caller.banished && row.room != "volgaria" {
        return Err(ApiError::forbidden(
            "banished",
            "you are banished to the Volgaria room and may join only its games",
        ));
    }
    let deck = deck.choice()?;
    start(app, &row, Joiner::Player(caller.id), deck).await
}

/// Starts an open game: the seed, the coin flip for who plays the first deck, the
/// setup, the first start of turn.
async fn start(app: &AppState, row: &GameRow, joiner: Joiner, deck: DeckChoice) -> ApiResult<()> {
    let creator_deck: DeckChoice =
        serde_json::from_str(&row.creator_deck).map_err(|e| internal("reading the deck", &e))?;
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| internal("drawing a seed", &e))?;
    let seed = u64::from_le_bytes(bytes) >> 1;
    let creator_red = seed % 2 == 0;
    let decks = if creator_red {
        [creator_deck, deck]
    } else {
        [deck, creator_deck]
    };
    let layout = Layout::from_name(&row.layout).unwrap_or(Layout::Classic);
    let setup = sanctum_bots::arena::game_setup(seed, &row.realm, layout, decks)
        .map_err(|e| ApiError::unprocessable("bad_setup", e.to_string()))?;
    let (state, _) = GameState::start(&setup)
        .map_err(|e| ApiError::unprocessable("bad_setup", e.to_string()))?;
    let (joiner_id, joiner_bot) = match joiner {
        Joiner::Player(p) => (Some(p), None),
        Joiner::Bot(b) => (None, Some(b)),
    };
    let (red_id, blue_id, red_bot, blue_bot) = if creator_red {
        (Some(row.creator_id), joiner_id, None, joiner_bot)
    } else {
        (joiner_id, Some(row.creator_id), joiner_bot, None)
    };
    let start = GameStart {
        red_id,
        blue_id,
        red_bot,
        blue_bot,
        setup: json(&setup)?,
        snapshot: json(&state)?,
        snapshot_hash: hash_hex(&state),
        deadline_ms: now_ms() + row.turn_seconds * 1000,
    };
    if !app.store.start_game(row.id, &start).await? {
        return Err(ApiError::conflict(
            "not_open",
            format!("game {} was joined by someone else first", row.id),
        ));
    }
    tracing::info!(game = row.id, "game started");
    publish(app, row.id, PushKind::Update).await;
    spawn_bots(app, row.id);
    Ok(())
}

/// Brings a game's memory up to date with the database and returns it.
pub(crate) async fn sync<'a>(
    app: &AppState,
    slot: &'a mut Option<Live>,
    row: &GameRow,
) -> ApiResult<&'a mut Live> {
    if slot.as_ref().is_some_and(|l| l.turns > row.turns) {
        *slot = None;
    }
    let live = match slot {
        Some(live) => live,
        None => {
            let text = row.setup.as_deref().ok_or_else(|| {
                ApiError::conflict("not_started", format!("game {} has not started", row.id))
            })?;
            let setup: Setup =
                serde_json::from_str(text).map_err(|e| internal("reading a setup", &e))?;
            let (state, events) =
                GameState::start(&setup).map_err(|e| internal("starting a stored game", &e))?;
            slot.insert(Live {
                turns: 0,
                log: GameLog::new(setup, &state),
                state,
                last_events: events,
            })
        }
    };
    if live.turns < row.turns {
        for rec in app.store.turns(row.id, live.turns).await? {
            replay_turn(live, &rec)?;
        }
    }
    Ok(live)
}

fn replay_turn(live: &mut Live, rec: &TurnRow) -> ApiResult<()> {
    if rec.turn != live.turns {
        return Err(internal(
            "replaying",
            &format!("turn {} where {} was expected", rec.turn, live.turns),
        ));
    }
    let orders: TurnOrders =
        serde_json::from_str(&rec.orders).map_err(|e| internal("reading stored orders", &e))?;
    let events = live
        .state
        .play_turn(&orders)
        .map_err(|e| internal("replaying a stored turn", &e))?;
    if !hash_matches(&live.state, &rec.hash) {
        let hash = hash_hex(&live.state);
        return Err(internal(
            "replaying",
            &format!("turn {} has hash {hash}, stored {}", rec.turn, rec.hash),
        ));
    }
    live.log.turns.push(TurnRecord {
        orders,
        hash: rec.hash.clone(),
    });
    live.turns += 1;
    live.last_events = events;
    Ok(())
}

/// The caller's side in the game, or a 403 saying they do not play in it.
pub fn player_side(row: &GameRow, player: i64) -> ApiResult<Side> {
    side_of(row, player).ok_or_else(|| {
        ApiError::forbidden(
            "not_a_player",
            format!("you do not play in game {}", row.id),
        )
    })
}

/// The caller's side in an active game, or the reason they cannot act in it.
fn acting_side(row: &GameRow, caller: &PlayerRow) -> ApiResult<Side> {
    let side = player_side(row, caller.id)?;
    if row.status != "active" {
        return Err(ApiError::conflict(
            "not_active",
            format!("game {} is {}, not active", row.id, row.status),
        ));
    }
    Ok(side)
}

/// An order list refused by the engine: 422 with the index, a code and the reason.
pub fn refused(r: &Rejected) -> ApiError {
    ApiError::unprocessable(
        "order_refused",
        format!("order {} refused: {}", r.index + 1, r.error),
    )
    .with_details(serde_json::json!({
        "index": r.index,
        "reason": crate::views::error_code(&r.error),
        "message": r.error.to_string(),
    }))
}

/// Checks an order list against the caller's game without storing it.
pub async fn check_orders(
    app: &AppState,
    caller: &PlayerRow,
    id: i64,
    orders: &[Order],
) -> ApiResult<(Side, i64)> {
    let row = row(app, id).await?;
    let side = acting_side(&row, caller)?;
    if orders.len() > MAX_ORDERS {
        return Err(ApiError::unprocessable(
            "too_many_orders",
            format!("{} orders given; at most {MAX_ORDERS}", orders.len()),
        ));
    }
    let slot = app.game_slot(id);
    let mut guard = slot.lock().await;
    let live = sync(app, &mut guard, &row).await?;
    validate(&live.state, side, orders).map_err(|r| refused(&r))?;
    Ok((side, row.turns))
}

/// `PUT /api/games/{id}/orders`: replaces the caller's orders for this turn.
pub async fn put_orders(
    app: &AppState,
    caller: &PlayerRow,
    id: i64,
    orders: &[Order],
) -> ApiResult<i64> {
    let (side, turn) = check_orders(app, caller, id, orders).await?;
    let slot = app.game_slot(id);
    let _guard = slot.lock().await;
    match app
        .store
        .put_orders(id, turn, side.name(), &json(&orders)?)
        .await?
    {
        crate::store::PutOutcome::Stored => Ok(turn),
        crate::store::PutOutcome::AlreadyConfirmed => Err(ApiError::conflict(
            "already_confirmed",
            "your orders for this turn are confirmed and can no longer change",
        )),
        crate::store::PutOutcome::Stale => Err(ApiError::conflict(
            "turn_over",
            "the turn resolved meanwhile; fetch the game and give orders for the new turn",
        )),
    }
}

/// `POST /api/games/{id}/confirm`: stored before it is acknowledged; the second
/// confirm starts the resolution.
pub async fn confirm(app: &AppState, caller: &PlayerRow, id: i64) -> ApiResult<i64> {
    let row = row(app, id).await?;
    let side = acting_side(&row, caller)?;
    confirm_side(app, id, row.turns, side).await?;
    Ok(row.turns)
}

async fn confirm_side(app: &AppState, id: i64, turn: i64, side: Side) -> ApiResult<()> {
    let pending = {
        let slot = app.game_slot(id);
        let _guard = slot.lock().await;
        app.store.confirm(id, turn, side.name(), "[]").await?
    };
    let Some(pending) = pending else {
        return Err(ApiError::conflict(
            "turn_over",
            "the turn resolved meanwhile; fetch the game and give orders for the new turn",
        ));
    };
    tracing::debug!(game = id, turn, side = side.name(), "confirmed");
    if both_confirmed(&pending) {
        let app = app.clone();
        tokio::spawn(async move { resolve_logged(&app, id, turn, Resolve::Confirmed).await });
    } else {
        publish(app, id, PushKind::Update).await;
    }
    Ok(())
}

pub fn both_confirmed(pending: &[PendingRow]) -> bool {
    Side::BOTH
        .iter()
        .all(|s| pending.iter().any(|p| p.side == s.name() && p.confirmed))
}

/// `POST /api/games/{id}/concede`: the game ends at once.
pub async fn concede(app: &AppState, caller: &PlayerRow, id: i64) -> ApiResult<()> {
    let row = row(app, id).await?;
    let side = acting_side(&row, caller)?;
    if resolve(app, id, row.turns, Resolve::Concede(side)).await? {
        Ok(())
    } else {
        Err(ApiError::conflict(
            "turn_over",
            "the turn resolved meanwhile; concede again",
        ))
    }
}

/// Why a turn is being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolve {
    /// Both sides confirmed (checked again under the lock).
    Confirmed,
    /// The turn's time ran out: the current orders stand.
    Timeout,
    /// A side conceded.
    Concede(Side),
}

async fn resolve_logged(app: &AppState, id: i64, turn: i64, why: Resolve) {
    if let Err(e) = resolve(app, id, turn, why).await {
        tracing::warn!(game = id, turn, error = %e, "resolution failed");
    }
}

/// Resolves turn `turn` of a game, once: returns false if it was not this call that
/// stored it (already resolved, not due, shutting down).
pub async fn resolve(app: &AppState, id: i64, turn: i64, why: Resolve) -> ApiResult<bool> {
    let _inflight = app.inflight.read().await;
    if app.is_shutting_down() {
        return Ok(false);
    }
    let slot = app.game_slot(id);
    let mut guard = slot.lock().await;
    let Some(row) = app.store.game(id).await? else {
        return Ok(false);
    };
    if row.status != "active" || row.turns != turn {
        return Ok(false);
    }
    let live = sync(app, &mut guard, &row).await?;
    let pending = app.store.pending(id, turn).await?;
    if why == Resolve::Confirmed && !both_confirmed(&pending) {
        return Ok(false);
    }
    let mut orders: TurnOrders = Default::default();
    match why {
        Resolve::Concede(side) => orders[side.index()] = vec![Order::Concede],
        _ => {
            for p in &pending {
                if let Some(side) = parse_side(&p.side) {
                    orders[side.index()] = serde_json::from_str(&p.orders).unwrap_or_default();
                }
            }
        }
    }
    let mut next = live.state.clone();
    let events = match next.play_turn(&orders) {
        Ok(events) => events,
        Err(rejected) => {
            // Stored orders were valid when given; the engine is the judge.
            tracing::warn!(game = id, turn, error = %rejected, "stored orders refused; that side plays none");
            orders[rejected.side.index()].clear();
            next = live.state.clone();
            match next.play_turn(&orders) {
                Ok(events) => events,
                Err(e) => {
                    orders = Default::default();
                    next = live.state.clone();
                    next.play_turn(&orders)
                        .map_err(|_| internal("resolving", &e))?
                }
            }
        }
    };
    if !app.resolve_delay.is_zero() {
        tokio::time::sleep(app.resolve_delay).await;
    }
    let finished = match next.outcome {
        Some(outcome) => Some(Finish {
            winner: outcome.winner.map(|s| s.name().to_string()),
            reason: json(&outcome.reason)?.trim_matches('"').to_string(),
            ratings: crate::ratings::after_game(app, &row, outcome.winner).await?,
        }),
        None => None,
    };
    let hash = hash_hex(&next);
    let commit = TurnCommit {
        game_id: id,
        turn,
        record: TurnRow {
            turn,
            orders: json(&orders)?,
            hash: hash.clone(),
        },
        snapshot: if finished.is_some() {
            Some(json(&next)?)
        } else {
            None
        },
        deadline_ms: finished
            .is_none()
            .then(|| now_ms() + row.turn_seconds * 1000),
        finished,
    };
    if !app.store.commit_turn(&commit).await? {
        *guard = None;
        return Ok(false);
    }
    live.log.turns.push(TurnRecord { orders, hash });
    live.state = next;
    live.turns += 1;
    live.last_events = events;
    let over = live.state.outcome.is_some();
    drop(guard);
    tracing::info!(game = id, turn, ?why, over, "turn resolved");
    publish(app, id, PushKind::Turn).await;
    if !over {
        spawn_bots(app, id);
    }
    Ok(true)
}

/// Tells this node's sockets and the other nodes about a change.
pub(crate) async fn publish(app: &AppState, id: i64, kind: PushKind) {
    app.hub.publish(id, kind);
    let payload = format!("{}:{id}:{}", app.node, kind.name());
    if let Err(e) = app.store.notify(&payload).await {
        tracing::warn!(game = id, error = %e, "could not notify the other nodes");
    }
}

/// Lets the bots of a game give and confirm their orders for the current turn.
pub(crate) fn spawn_bots(app: &AppState, id: i64) {
    let app = app.clone();
    tokio::spawn(async move {
        if let Err(e) = play_bots(&app, id).await {
            tracing::warn!(game = id, error = %e, "bot failed");
        }
    });
}

async fn play_bots(app: &AppState, id: i64) -> ApiResult<()> {
    let Some(row) = app.store.game(id).await? else {
        return Ok(());
    };
    if row.status != "active" {
        return Ok(());
    }
    let pending = app.store.pending(id, row.turns).await?;
    for (side, bot) in [(Side::Red, &row.red_bot), (Side::Blue, &row.blue_bot)] {
        let Some(name) = bot.clone() else { continue };
        if pending.iter().any(|p| p.side == side.name() && p.confirmed) {
            continue;
        }
        let slot = app.game_slot(id);
        let (seen, seed) = {
            let mut guard = slot.lock().await;
            let live = sync(app, &mut guard, &row).await?;
            (view(&live.state, side), live.log.setup.seed)
        };
        let bot_seed =
            seed ^ (row.turns as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ side.index() as u64;
        let orders = tokio::task::spawn_blocking(move || {
            bot_by_name(&name, bot_seed)
                .map(|mut b| b.orders(&seen))
                .unwrap_or_default()
        })
        .await
        .map_err(|e| internal("running a bot", &e))?;
        let orders = {
            let mut guard = slot.lock().await;
            let live = sync(app, &mut guard, &row).await?;
            if validate(&live.state, side, &orders).is_ok() {
                orders
            } else {
                Vec::new()
            }
        };
        app.store
            .put_orders(id, row.turns, side.name(), &json(&orders)?)
            .await?;
        confirm_side(app, id, row.turns, side).await?;
    }
    Ok(())
}

/// Starts the turn timer, the listener for other nodes' changes, and picks up where
/// the games stood before a restart (bots give their orders again, confirmed turns
/// resolve).
pub async fn spawn_background(app: &AppState) {
    let ticker = app.clone();
    tokio::spawn(async move {
        let mut shutdown = ticker.shutdown.subscribe();
        loop {
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(250)) => {}
                _ = shutdown.changed() => break,
            }
            match ticker.store.due_games(now_ms()).await {
                Ok(due) => {
                    for (id, turn) in due {
                        let app = ticker.clone();
                        tokio::spawn(async move {
                            resolve_logged(&app, id, turn, Resolve::Timeout).await
                        });
                    }
                }
                Err(e) => tracing::warn!(error = %e, "reading the turn timers failed"),
            }
        }
    });
    crate::ws::spawn_listener(app).await;
    match app.store.active_games().await {
        Ok(active) => {
            tracing::info!(games = active.len(), "active games picked up");
            for (id, turn) in active {
                let app = app.clone();
                tokio::spawn(async move {
                    resolve_logged(&app, id, turn, Resolve::Confirmed).await;
                    spawn_bots(&app, id);
                });
            }
        }
        Err(e) => tracing::warn!(error = %e, "reading the active games failed"),
    }
}
