//! Secrets stay secret: whole games played by two bot clients through the real HTTP
//! API and WebSocket, with a spectator watching; every byte each of them received is
//! recorded and checked against the game replayed afterwards from its log: no
//! message shows the other player's hand, either deck's order, the seed, or orders not
//! yet resolved.

mod common;

use common::{Client, TestServer, wait_turn};
use sanctum_rules::game::{GameLog, GameState};
use sanctum_rules::{GameRng, Side};
use sanctum_server::client::random_orders;
use serde_json::{Value, json};

/// The states of a finished game, by turn number (the state the players saw).
fn states(log: &GameLog) -> Vec<GameState> {
    let mut out = Vec::new();
    log.replay(None, |_, _, s| out.push(s.clone()))
        .expect("the log replays");
    out
}

/// Every array of strings anywhere in a message.
fn string_arrays(v: &Value, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Array(items) => {
            if !items.is_empty() && items.iter().all(Value::is_string) {
                out.push(
                    items
                        .iter()
                        .filter_map(|s| s.as_str().map(String::from))
                        .collect(),
                );
            }
            items.iter().for_each(|i| string_arrays(i, out));
        }
        Value::Object(map) => map.values().for_each(|i| string_arrays(i, out)),
        _ => {}
    }
}

/// Every `(path, value)` of a key anywhere in a message.
fn keys<'a>(v: &'a Value, path: &str, out: &mut Vec<(String, &'a Value)>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| keys(i, path, out)),
        Value::Object(map) => {
            for (k, val) in map {
                let p = format!("{path}.{k}");
                out.push((p.clone(), val));
                keys(val, &p, out);
            }
        }
        _ => {}
    }
}

fn ids(cards: &[sanctum_rules::cards::CardId]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

/// Checks what `viewer` (`None`: the spectator) received.
fn check_messages(
    messages: &[String],
    viewer: Option<Side>,
    states: &[GameState],
    unresolved: &[(i64, Value)],
) {
    for text in messages {
        let msg: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let mut all = Vec::new();
        keys(&msg, "", &mut all);
        for (path, value) in &all {
            let key = path.rsplit('.').next().unwrap_or("");
            assert!(
                !["seed", "setup"].contains(&key),
                "{viewer:?} got {path}: {text}"
            );
            assert!(
                !(key == "deck" && value.is_array()),
                "{viewer:?} got {path}"
            );
            // A minion's "hand" is its hand-to-hand damage, a number.
            if key == "hand" && value.is_array() {
                assert!(
                    viewer.is_some() && path.ends_with("view.me.hand"),
                    "{viewer:?} got {path}"
                );
            }
        }
        // The own hand is the viewer's, at the turn shown.
        if let (Some(side), Some(turn)) = (viewer, msg["view"]["turn"].as_u64()) {
            let state = states
                .iter()
                .find(|s| s.turn as u64 == turn)
                .expect("a state of that turn");
            let hand = json!(ids(&state.player(side).hand));
            if msg["game"]["turns_played"].as_i64() == Some(i64::from(state.turn) - 1) {
                assert_eq!(
                    msg["view"]["me"]["hand"], hand,
                    "{side:?}'s own hand at turn {turn}"
                );
            }
        }
        // No deck order, of either deck, at any turn.
        let mut arrays = Vec::new();
        string_arrays(&msg, &mut arrays);
        for s in states {
            for side in Side::BOTH {
                let deck = ids(&s.player(side).deck);
                if deck.len() >= 3 {
                    assert!(
                        !arrays.contains(&deck),
                        "{viewer:?} saw {side:?}'s deck order"
                    );
                }
                let hand = ids(&s.player(side).hand);
                if viewer != Some(side) && hand.len() >= 2 {
                    assert!(
                        !arrays.contains(&hand),
                        "{viewer:?} saw {side:?}'s hand at turn {}",
                        s.turn
                    );
                }
            }
        }
        // Draws and discards of the other side carry no card.
        for e in msg["events"].as_array().into_iter().flatten() {
            if matches!(e["event"].as_str(), Some("drew" | "discarded"))
                && Some(e["side"].as_str()) != Some(viewer.map(Side::name))
            {
                assert!(
                    e["card"].is_null(),
                    "{viewer:?} saw another side's card: {e}"
                );
            }
        }
        // The other side's orders never show before their turn resolved.
        for (turn, orders) in unresolved {
            if msg["game"]["turns_played"].as_i64() <= Some(*turn)
                && orders.as_array().is_some_and(|o| !o.is_empty())
            {
                assert!(
                    !text.contains(&orders.to_string()),
                    "{viewer:?} saw orders of turn {turn} early"
                );
            }
        }
    }
}

async fn play_one(server_url: &str, seed: u64, concede_at: i64) {
    let a = Client::guest(server_url, &common::unique("a")).await;
    let b = Client::guest(server_url, &common::unique("b")).await;
    let created = a
        .ok(
            "POST",
            "/api/games",
            Some(json!({"deck": "war_mind", "turn_seconds": 600})),
        )
        .await;
    let id = created["id"].as_i64().expect("an id");
    let watcher = Client::anonymous(server_url);
    b.ok(
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"deck": "nature_hope"})),
    )
    .await;
    let mut sockets = [a.socket(id).await, b.socket(id).await];
    let mut watching = watcher.socket(id).await;
    let players = [&a, &b];
    // Give the watcher's socket its first message before play starts.
    let _ = watching.recv().await;
    let mut rng = GameRng::from_seed(seed);
    // Orders each client gave, by turn: checked against what the other one saw.
    let mut given: [Vec<(i64, Value)>; 2] = Default::default();
    for turns in 0..200 {
        let mut over = false;
        for (k, c) in players.iter().enumerate() {
            let g = c.ok("GET", &format!("/api/games/{id}"), None).await;
            if g["game"]["status"] == "finished" {
                over = true;
                break;
            }
            if k == 1 && turns == concede_at {
                c.ok("POST", &format!("/api/games/{id}/concede"), None)
                    .await;
                over = true;
                break;
            }
            let legal = c.ok("GET", &format!("/api/games/{id}/legal"), None).await;
            let mut orders = json!(random_orders(&legal, &mut rng));
            let path = format!("/api/games/{id}/orders");
            let (status, _) = c
                .send("PUT", &path, Some(json!({ "orders": orders })))
                .await;
            if status == 422 {
                orders = json!([]);
                c.ok("PUT", &path, Some(json!({ "orders": orders }))).await;
            }
            given[k].push((turns, orders));
            c.ok("POST", &format!("/api/games/{id}/confirm"), None)
                .await;
        }
        if over {
            break;
        }
        for s in &mut sockets {
            wait_turn(s, turns + 1).await;
        }
        wait_turn(&mut watching, turns + 1).await;
    }
    let red_is_a = a.ok("GET", &format!("/api/games/{id}"), None).await["game"]["you"] == "red";
    // The log, once the game is over, shows everything: read it apart from what is checked.
    let reader = Client {
        seen: common::Recorder::default(),
        ..a.clone()
    };
    let log = reader
        .ok("GET", &format!("/api/games/{id}/replay"), None)
        .await;
    let log: GameLog = serde_json::from_value(log).expect("a game log");
    let states = states(&log);
    let sides = if red_is_a {
        [Side::Red, Side::Blue]
    } else {
        [Side::Blue, Side::Red]
    };
    let seen = |c: &Client| c.seen.all();
    check_messages(&seen(&a), Some(sides[0]), &states, &given[1]);
    check_messages(&seen(&b), Some(sides[1]), &states, &given[0]);
    let mut spectator_unresolved = given[0].clone();
    spectator_unresolved.extend(given[1].clone());
    check_messages(&watcher.seen.all(), None, &states, &spectator_unresolved);
    assert!(log.turns.len() >= 2, "a whole game was played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_over_http_and_websocket_show_no_one_anything_hidden() {
    let server = TestServer::sqlite().await;
    play_one(&server.url, 7, 12).await;
    play_one(&server.url, 8, 6).await;
    server.stop().await;
}
