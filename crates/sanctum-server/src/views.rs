//! What a caller may see of a game: a player gets its own view (`game::view`), its own
//! pending orders and the last turn's events as it may see them (`events_for`);
//! anyone else the public view (`spectator_view`). The setup (which holds the seed,
//! and so both decks' order) is never shown before the game ends. Also the legal
//! orders of the caller, from the engine's own checks.

use sanctum_rules::game::{
    Event, GameState, Order, OrderBuilder, OrderError, PlayerView, PublicView, Target, TrainAs,
    events_for, legal_targets, spectator_view, validate, view,
};
use sanctum_rules::movement::reachable_by;
use sanctum_rules::{Player, Side};
use serde::Serialize;
use serde_json::{Value, json};

use crate::error::ApiResult;
use crate::games::{Live, side_of, sync};
use crate::store::{GameRow, PendingRow};
use crate::{AppState, now_ms};

/// The summary of a game, as listed in the lobby.
pub fn summary(row: &GameRow, pending: &[PendingRow], you: Option<Side>) -> Value {
    let seat = |name: &Option<String>, bot: &Option<String>| match (name, bot) {
        (Some(n), _) => json!({"name": n, "bot": null}),
        (None, Some(b)) => json!({"name": format!("bot:{b}"), "bot": b}),
        (None, None) => Value::Null,
    };
    let confirmed = |side: Side| pending.iter().any(|p| p.side == side.name() && p.confirmed);
    let time_left = (row.status == "active")
        .then(|| row.deadline_ms.map(|d| (d - now_ms()).max(0)))
        .flatten();
    json!({
        "id": row.id,
        "status": row.status,
        "room": row.room,
        "realm": row.realm,
        "layout": row.layout,
        "ranked": row.ranked,
        "turn_seconds": row.turn_seconds,
        "opponent": row.opponent,
        "creator": row.creator_name,
        "players": {
            "red": seat(&row.red_name, &row.red_bot),
            "blue": seat(&row.blue_name, &row.blue_bot),
        },
        "you": you.map(Side::name),
        "turns_played": row.turns,
        "time_left_ms": time_left,
        "deadline_ms": if row.status == "active" { row.deadline_ms } else { None },
        "confirmed": {"red": confirmed(Side::Red), "blue": confirmed(Side::Blue)},
        "winner": row.winner,
        "end_reason": row.end_reason,
    })
}

/// The caller's whole picture of a game: the summary with the turn number, the view,
/// the caller's own pending orders, and the last turn's events as the caller may see
/// them. Serialised straight to text (a push is built for every socket after every
/// change, so no intermediate JSON tree).
#[derive(Debug, Serialize)]
pub struct Picture {
    /// The kind of push (`state`, `turn`, `update`); absent in an HTTP answer.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    pub game: Value,
    pub view: Option<ViewOf>,
    pub orders: Value,
    pub events: Vec<Event>,
}

/// A player's own view, or the public one.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ViewOf {
    Player(Box<PlayerView>),
    Public(Box<PublicView>),
}

/// The picture of an open game: its summary only.
pub fn open_picture(row: &GameRow, you: Option<Side>) -> Picture {
    Picture {
        kind: None,
        game: summary(row, &[], you),
        view: None,
        orders: Value::Null,
        events: Vec::new(),
    }
}

pub async fn game_for(app: &AppState, row: &GameRow, player: Option<i64>) -> ApiResult<Picture> {
    let you = player.and_then(|p| side_of(row, p));
    if row.status == "open" {
        return Ok(open_picture(row, you));
    }
    let pending = app.store.pending(row.id, row.turns).await?;
    let slot = app.game_slot(row.id);
    let mut guard = slot.lock().await;
    let live = sync(app, &mut guard, row).await?;
    Ok(picture(row, &pending, live, you))
}

/// The picture of [`game_for`] from a game in memory.
pub fn picture(row: &GameRow, pending: &[PendingRow], live: &Live, you: Option<Side>) -> Picture {
    let mut game = summary(row, pending, you);
    game["turn"] = json!(live.state.turn);
    let (view, orders) = match you {
        Some(side) => {
            let own = pending
                .iter()
                .find(|p| p.side == side.name())
                .and_then(|p| serde_json::from_str::<Value>(&p.orders).ok())
                .unwrap_or_else(|| json!([]));
            (ViewOf::Player(Box::new(view(&live.state, side))), own)
        }
        None => (
            ViewOf::Public(Box::new(spectator_view(&live.state))),
            Value::Null,
        ),
    };
    Picture {
        kind: None,
        game,
        view: Some(view),
        orders,
        events: events_for(&live.last_events, you),
    }
}

/// A stable word for each reason the engine refuses an order.
pub fn error_code(e: &OrderError) -> &'static str {
    match e {
        OrderError::GameOver => "game_over",
        OrderError::NotInHand(_) => "not_in_hand",
        OrderError::NotEnoughMana(_) => "not_enough_mana",
        OrderError::BadTarget { .. } => "bad_target",
        OrderError::SecondDiscard => "second_discard",
        OrderError::NotYourStructure(_) => "not_your_structure",
        OrderError::NoNovice(_) => "no_novice",
        OrderError::ManaOutsideSanctum => "mana_outside_sanctum",
        OrderError::ManaNotOfHouse { .. } => "mana_not_of_house",
        OrderError::CannotJoin(_) => "cannot_join",
        OrderError::NoGroupAt(_) => "no_group",
        OrderError::NotYourGroup(_) => "not_your_group",
        OrderError::NotPlayerControlled(_) => "not_player_controlled",
        OrderError::SecondMove(_) => "second_move",
        OrderError::NotReachable { .. } => "not_reachable",
        OrderError::NotATown(_) => "not_a_town",
    }
}

/// Every order the side may add after `given` (those that stay valid): each card in
/// hand with its legal targets and whether it is affordable, each group's legal
/// destinations, each structure's possible trainings, whether a discard is left, and
/// the towns whose mana may be wished for.
pub fn legal(state: &GameState, side: Side, given: &[Order]) -> Value {
    let mut b = OrderBuilder::new(state, side);
    let mut kept: Vec<Order> = Vec::with_capacity(given.len() + 1);
    for o in given {
        if b.push(*o).is_ok() {
            kept.push(*o);
        }
    }
    let draft = b.draft();
    // The engine's own check of the whole list with the candidate last (no copy of
    // the game, unlike the builder).
    let fits = |o: Order| {
        let mut list = kept.clone();
        list.push(o);
        validate(state, side, &list).is_ok()
    };
    let mut hand = draft.player(side).hand.clone();
    hand.sort();
    hand.dedup();
    let casts: Vec<Value> = hand
        .iter()
        .map(|&card| {
            let targets: Vec<Target> = legal_targets(draft, side, card);
            let affordable: Vec<&Target> = targets
                .iter()
                .filter(|&&target| fits(Order::Cast { card, target }))
                .collect();
            json!({"card": card, "targets": targets, "affordable": affordable})
        })
        .collect();
    let squares = draft.field.board().squares();
    let moves: Vec<Value> = draft
        .units
        .iter()
        .filter(|u| u.group.owner == Player::from(side))
        .filter_map(|u| {
            let to: Vec<_> = squares
                .iter()
                .copied()
                .filter(|&to| to != u.at && reachable_by(&draft.field, &u.group, u.at, to))
                .filter(|&to| fits(Order::Move { from: u.at, to }))
                .collect();
            (!to.is_empty()).then(|| json!({"from": u.at, "to": to}))
        })
        .collect();
    let training: Vec<Value> = squares
        .iter()
        .copied()
        .filter(|&at| draft.field.novices(at) > 0)
        .filter_map(|at| {
            let into: Vec<TrainAs> = TrainAs::ALL
                .into_iter()
                .filter(|&into| fits(Order::Train { at, into }))
                .collect();
            (!into.is_empty()).then(|| json!({"at": at, "into": into}))
        })
        .collect();
    let town_mana: Vec<_> = draft
        .towns
        .iter()
        .map(|t| t.at)
        .filter(|&at| {
            fits(Order::TownMana {
                at,
                mana: sanctum_rules::mana::ManaType::Order,
            })
        })
        .collect();
    let discard = hand
        .first()
        .is_some_and(|&card| fits(Order::Discard { card }));
    json!({
        "casts": casts,
        "moves": moves,
        "training": training,
        "discard": discard,
        "town_mana": town_mana,
    })
}
