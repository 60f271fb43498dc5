//! The HTTP router: every route of `docs/api.md`, the body limit, the request log and
//! the pages embedded in the binary.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use sanctum_rules::cards::CATALOGUE;
use sanctum_rules::decks::{self, Deck};
use sanctum_rules::game::Order;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth::{
    COOKIE_NAME, Caller, MaybeCaller, hash_password, new_token, token_hash, verify_password,
};
use crate::error::{ApiError, ApiResult, Body};
use crate::games::{self, CreateGame, DeckRequest, side_of};
use crate::{AppState, BODY_LIMIT, now_ms, replays};

/// The whole API.
pub fn router(app: AppState) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/guests", post(guest))
        .route("/api/accounts", post(account))
        .route("/api/sessions", post(session))
        .route("/api/me", get(me))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/concede", post(concede))
        .route("/api/games/{id}/orders", axum::routing::put(put_orders))
        .route("/api/games/{id}/orders/check", post(check_orders))
        .route("/api/games/{id}/legal", get(legal))
        .route("/api/games/{id}/confirm", post(confirm))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/replay/{turn}", get(replay_turn))
        .route("/api/games/{id}/ws", get(socket))
        .route("/api/cards", get(cards))
        .route("/api/decks", get(decks))
        .route("/api/decks/check", post(check_deck))
        .route("/api/players/top", get(top_players))
        .route("/", get(|| page("index.html")))
        .route("/{file}", get(|Path(file): Path<String>| page_owned(file)))
        .fallback(|| async {
            ApiError::not_found("no such route (the API is under /api; see docs/api.md)")
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(log_request))
        .with_state(app)
}

/// The browser client's files, served at `/`, compiled into the binary (one flat
/// directory, `static/`: see ARCHITECTURE.md).
const PAGES: &[(&str, &str, &str)] = &[
    ("index.html", HTML, include_str!("../static/index.html")),
    ("style.css", CSS, include_str!("../static/style.css")),
    ("app.js", JS, include_str!("../static/app.js")),
    ("api.js", JS, include_str!("../static/api.js")),
    ("board.js", JS, include_str!("../static/board.js")),
    ("decks.js", JS, include_str!("../static/decks.js")),
    ("drag.js", JS, include_str!("../static/drag.js")),
    ("game.js", JS, include_str!("../static/game.js")),
    ("panel.js", JS, include_str!("../static/panel.js")),
    ("playback.js", JS, include_str!("../static/playback.js")),
    ("replay.js", JS, include_str!("../static/replay.js")),
];
const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

async fn page(name: &str) -> Response {
    match PAGES.iter().find(|(n, _, _)| *n == name) {
        Some((_, mime, body)) => ([(header::CONTENT_TYPE, *mime)], *body).into_response(),
        None => ApiError::not_found(format!("no page '{name}'")).into_response(),
    }
}

async fn page_owned(name: String) -> Response {
    page(&name).await
}

async fn health(State(app): State<AppState>) -> Json<Value> {
    Json(json!({"status": "ok", "database": app.store.backend()}))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GuestReq {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// Names: 1 to 24 letters, digits, `_` or `-`.
fn check_name(name: &str) -> ApiResult<()> {
    let ok = (1..=24).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "bad_name",
            format!("the name '{name}' is not valid (1 to 24 letters, digits, '_' or '-')"),
        ))
    }
}

/// Logs each request: its method, path (never the query, which may carry a token),
/// status and time; refusals and failures at `info`, the rest at `debug`.
async fn log_request(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let started = std::time::Instant::now();
    let resp = next.run(req).await;
    let status = resp.status().as_u16();
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    if status >= 400 {
        tracing::info!(%method, %path, status, micros, "request");
    } else {
        tracing::debug!(%method, %path, status, micros, "request");
    }
    resp
}

/// A new session for a player: `{"token", "name"}` and the cookie.
async fn signed_in(app: &AppState, id: i64, name: &str, status: StatusCode) -> ApiResult<Response> {
    let token = new_token()?;
    app.store
        .add_token(id, &token_hash(&token), now_ms())
        .await?;
    let cookie = format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Strict");
    let mut resp = (status, Json(json!({"token": token, "name": name}))).into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        resp.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(resp)
}

async fn guest(State(app): State<AppState>, Body(req): Body<GuestReq>) -> ApiResult<Response> {
    check_name(&req.name)?;
    let id = app
        .store
        .create_player(&req.name, None, true, now_ms())
        .await?;
    signed_in(&app, id, &req.name, StatusCode::CREATED).await
}

async fn account(State(app): State<AppState>, Body(req): Body<Credentials>) -> ApiResult<Response> {
    check_name(&req.name)?;
    if !(8..=128).contains(&req.password.chars().count()) {
        return Err(ApiError::unprocessable(
            "bad_password",
            "a password has 8 to 128 characters",
        ));
    }
    let password = req.password;
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| games::internal("hashing", &e))??;
    let id = app
        .store
        .create_player(&req.name, Some(&hash), false, now_ms())
        .await?;
    signed_in(&app, id, &req.name, StatusCode::CREATED).await
}

async fn session(State(app): State<AppState>, Body(req): Body<Credentials>) -> ApiResult<Response> {
    if let Some(secs) = app.limiter.wait(&req.name) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_logins",
            format!(
                "too many failed sign-ins for '{}'; try again in {secs} s",
                req.name
            ),
        ));
    }
    let player = app.store.player_by_name(&req.name).await?;
    let hash = player.as_ref().and_then(|p| p.password_hash.clone());
    let password = req.password.clone();
    let ok =
        tokio::task::spawn_blocking(move || hash.is_some_and(|h| verify_password(&password, &h)))
            .await
            .unwrap_or(false);
    match player {
        Some(p) if ok => {
            app.limiter.succeeded(&req.name);
            signed_in(&app, p.id, &p.name, StatusCode::OK).await
        }
        _ => {
            app.limiter.failed(&req.name);
            Err(ApiError::unauthorized("wrong name or password"))
        }
    }
}

async fn me(State(app): State<AppState>, Caller(p): Caller) -> ApiResult<Json<Value>> {
    let p = app.store.player_by_name(&p.name).await?.unwrap_or(p);
    Ok(Json(json!({
        "name": p.name,
        "guest": p.guest,
        "banished": p.banished,
        "room": if p.banished { "volgaria" } else { "main" },
        "rating": p.rating,
        "ranked_games": p.ranked_games,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    room: Option<String>,
}

async fn list_games(
    State(app): State<AppState>,
    MaybeCaller(caller): MaybeCaller,
    q: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(q) = q.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let status = q.status.unwrap_or_else(|| "open".into());
    if !["open", "active", "finished"].contains(&status.as_str()) {
        return Err(ApiError::bad_request(
            "bad_status",
            format!("unknown status '{status}' (valid: open, active, finished)"),
        ));
    }
    let rows = app.store.games(&status, 200).await?;
    let games: Vec<Value> = rows
        .iter()
        .filter(|r| q.room.as_ref().is_none_or(|room| &r.room == room))
        .map(|r| {
            let you = caller.as_ref().and_then(|p| side_of(r, p.id));
            crate::views::summary(r, &[], you)
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

async fn create_game(
    State(app): State<AppState>,
    Caller(p): Caller,
    Body(req): Body<CreateGame>,
) -> ApiResult<Response> {
    let id = games::create(&app, &p, req).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

/// A game id from the path, with a clear message when it is not a number.
fn game_id(path: Result<Path<i64>, axum::extract::rejection::PathRejection>) -> ApiResult<i64> {
    path.map(|Path(id)| id)
        .map_err(|_| ApiError::bad_request("bad_game_id", "a game id is a whole number"))
}

type IdPath = Result<Path<i64>, axum::extract::rejection::PathRejection>;

async fn game(
    State(app): State<AppState>,
    MaybeCaller(c): MaybeCaller,
    path: IdPath,
) -> ApiResult<Json<crate::views::Picture>> {
    let id = game_id(path)?;
    let row = games::row(&app, id).await?;
    Ok(Json(
        crate::views::game_for(&app, &row, c.map(|p| p.id)).await?,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    #[serde(default = "join_deck")]
    deck: DeckRequest,
}

fn join_deck() -> DeckRequest {
    DeckRequest::Starter(games::BOT_DECK.into())
}

async fn join(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
    Body(req): Body<JoinReq>,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    games::join(&app, &p, id, req.deck).await?;
    Ok(Json(json!({"id": id, "joined": true})))
}

async fn concede(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    games::concede(&app, &p, id).await?;
    Ok(Json(json!({"id": id, "conceded": true})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrdersReq {
    orders: Vec<Order>,
}

async fn put_orders(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
    Body(req): Body<OrdersReq>,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    let turn = games::put_orders(&app, &p, id, &req.orders).await?;
    Ok(Json(
        json!({"orders": req.orders, "turns_played": turn, "confirmed": false}),
    ))
}

async fn check_orders(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
    Body(req): Body<OrdersReq>,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    games::check_orders(&app, &p, id, &req.orders).await?;
    Ok(Json(json!({"valid": true})))
}

async fn legal(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    let row = games::row(&app, id).await?;
    let side = games::player_side(&row, p.id)?;
    let given: Vec<Order> = app
        .store
        .pending(id, row.turns)
        .await?
        .iter()
        .find(|r| r.side == side.name())
        .and_then(|r| serde_json::from_str(&r.orders).ok())
        .unwrap_or_default();
    let slot = app.game_slot(id);
    let mut guard = slot.lock().await;
    let live = games::sync(&app, &mut guard, &row).await?;
    Ok(Json(crate::views::legal(&live.state, side, &given)))
}

async fn confirm(
    State(app): State<AppState>,
    Caller(p): Caller,
    path: IdPath,
) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    let turn = games::confirm(&app, &p, id).await?;
    Ok(Json(json!({"confirmed": true, "turns_played": turn})))
}

/// The stored row of game `id` if it has ended; `409 not_finished` saying that `what`
/// happens once it has ended otherwise.
async fn finished_row(app: &AppState, id: i64, what: &str) -> ApiResult<crate::store::GameRow> {
    let row = games::row(app, id).await?;
    if row.status != "finished" {
        return Err(ApiError::conflict(
            "not_finished",
            format!("game {id} is {}: {what} once it has ended", row.status),
        ));
    }
    Ok(row)
}

async fn replay(State(app): State<AppState>, path: IdPath) -> ApiResult<Json<Value>> {
    let id = game_id(path)?;
    let row = finished_row(&app, id, "its log is shown").await?;
    let slot = app.game_slot(id);
    let mut guard = slot.lock().await;
    let live = games::sync(&app, &mut guard, &row).await?;
    Ok(Json(json!(live.log)))
}

/// `GET /api/games/{id}/replay/{turn}`: a finished game as it stood after `turn` turns
/// (0: the start) in the public view, with that turn's events — what the browser's
/// replay viewer steps through. The game is replayed once and kept (`replays.rs`).
async fn replay_turn(
    State(app): State<AppState>,
    path: Result<Path<(i64, usize)>, axum::extract::rejection::PathRejection>,
) -> ApiResult<Json<Value>> {
    let (id, turn) = path
        .map(|Path(p)| p)
        .map_err(|_| ApiError::bad_request("bad_path", "a game id and a turn are whole numbers"))?;
    let turns = match app.replays.get(id) {
        Some(turns) => turns,
        None => {
            let row = finished_row(&app, id, "it is replayed").await?;
            let log = {
                let slot = app.game_slot(id);
                let mut guard = slot.lock().await;
                games::sync(&app, &mut guard, &row).await?.log.clone()
            };
            let turns = Arc::new(
                replays::turns_of(&log)
                    .map_err(|e| games::internal("replaying a stored game", &e))?,
            );
            app.replays.put(id, turns.clone());
            turns
        }
    };
    let count = turns.len().saturating_sub(1);
    let Some(Value::Object(picture)) = turns.get(turn) else {
        return Err(ApiError::not_found(format!(
            "game {id} has {count} turns: no turn {turn}"
        )));
    };
    let mut picture = picture.clone();
    picture.insert("turn".into(), json!(turn));
    picture.insert("turns".into(), json!(count));
    Ok(Json(Value::Object(picture)))
}

async fn socket(
    State(app): State<AppState>,
    MaybeCaller(c): MaybeCaller,
    path: IdPath,
    ws: WebSocketUpgrade,
) -> ApiResult<Response> {
    let id = game_id(path)?;
    let row = games::row(&app, id).await?;
    if row.id != id {
        return Err(ApiError::not_found(format!("no game {id}")));
    }
    let player = c.map(|p| p.id);
    Ok(ws.on_upgrade(move |s| crate::ws::serve_socket(app, id, player, s)))
}

async fn cards() -> ApiResult<Json<Value>> {
    let mut out = Vec::with_capacity(CATALOGUE.len());
    for c in CATALOGUE.iter() {
        let mut v = serde_json::to_value(c).map_err(|e| games::internal("cards", &e))?;
        if let Value::Object(map) = &mut v {
            map.entry("cost").or_insert_with(|| json!(c.cost()));
        }
        out.push(v);
    }
    Ok(Json(json!({ "cards": out })))
}

/// A deck as JSON: name, house, cards with counts, summary, warnings.
fn deck_json(id: Option<&str>, d: &Deck) -> Value {
    json!({
        "id": id,
        "name": d.name,
        "house": d.house,
        "cards": d.cards,
        "summary": d.summary(),
        "warnings": d.warnings.iter().map(|w| json!({"line": w.line, "card": w.card, "types": w.types})).collect::<Vec<_>>(),
    })
}

async fn decks() -> Json<Value> {
    let list: Vec<Value> = decks::starter_names()
        .into_iter()
        .filter_map(|n| Deck::starter(n)?.ok().map(|d| deck_json(Some(n), &d)))
        .collect();
    Json(json!({ "decks": list }))
}

async fn check_deck(Body(f): Body<games::DeckFile>) -> ApiResult<Json<Value>> {
    let checked = decks::check(&f.toml)
        .map_err(|e| ApiError::unprocessable("malformed_deck", e.to_string()))?;
    let problems: Vec<Value> = checked
        .problems
        .iter()
        .map(|p| json!({"line": p.line(), "rule": p.rule(), "message": p.to_string()}))
        .collect();
    let valid = checked.is_valid();
    let summary = valid
        .then(|| Deck::parse(&f.toml).ok().map(|d| deck_json(None, &d)))
        .flatten();
    Ok(Json(
        json!({"valid": valid, "problems": problems, "deck": summary}),
    ))
}

async fn top_players(State(app): State<AppState>) -> ApiResult<Json<Value>> {
    let rows = app.store.top_players(50).await?;
    let players: Vec<Value> = rows
        .iter()
        .map(|p| json!({"name": p.name, "rating": p.rating.rating, "deviation": p.rating.deviation, "ranked_games": p.ranked_games}))
        .collect();
    Ok(Json(json!({ "players": players })))
}
