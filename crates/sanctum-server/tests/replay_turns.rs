//! `GET /api/games/{id}/replay/{turn}`, what the browser's replay page steps through:
//! refused before the game ends, then for every turn the public view of the game
//! replayed from its log to that turn, with that turn's events as a spectator sees them;
//! a turn past the last is a 404 naming the number of turns.

mod common;

use common::{Client, TestServer, wait_turn};
use sanctum_rules::game::{GameLog, events_for, spectator_view};
use serde_json::{Value, json};

#[tokio::test]
async fn every_turn_of_a_finished_game_replays_in_the_public_view() {
    let server = TestServer::sqlite().await;
    let me = Client::guest(&server.url, "replayer").await;
    let id = me
        .ok(
            "POST",
            "/api/games",
            Some(json!({"opponent": "bot:heuristic"})),
        )
        .await["id"]
        .as_i64()
        .expect("a game id");
    let (status, body) = me
        .send("GET", &format!("/api/games/{id}/replay/0"), None)
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"]["code"], "not_finished");
    let mut pushes = me.socket(id).await;
    for turns in 1..=3 {
        me.ok("POST", &format!("/api/games/{id}/confirm"), None)
            .await;
        wait_turn(&mut pushes, turns).await;
    }
    me.ok("POST", &format!("/api/games/{id}/concede"), None)
        .await;
    let log: GameLog =
        serde_json::from_value(me.ok("GET", &format!("/api/games/{id}/replay"), None).await)
            .expect("a game log");
    let turns = log.turns.len();
    assert!(turns >= 3, "three turns and the concession: {turns}");
    // The same numbers from the log, replayed here.
    let mut expected: Vec<(Value, Value)> = Vec::new();
    log.replay(None, |_, events, state| {
        expected.push((
            json!(spectator_view(state)),
            json!(events_for(events, None)),
        ));
    })
    .expect("the log replays");
    let anyone = Client::anonymous(&server.url);
    for (turn, (view, events)) in expected.iter().enumerate() {
        let got = anyone
            .ok("GET", &format!("/api/games/{id}/replay/{turn}"), None)
            .await;
        assert_eq!(got["turn"], turn, "turn {turn}");
        assert_eq!(got["turns"], turns, "turn {turn}");
        assert_eq!(&got["view"], view, "the view after turn {turn}");
        assert_eq!(&got["events"], events, "the events of turn {turn}");
    }
    let last = anyone
        .ok("GET", &format!("/api/games/{id}/replay/{turns}"), None)
        .await;
    assert!(!last["view"]["outcome"].is_null(), "the last turn ends it");
    let (status, body) = anyone
        .send(
            "GET",
            &format!("/api/games/{id}/replay/{}", turns + 1),
            None,
        )
        .await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains(&format!("{turns} turns"))),
        "{body}"
    );
    let (status, body) = anyone
        .send("GET", &format!("/api/games/{id}/replay/x"), None)
        .await;
    assert_eq!(status, 400, "{body}");
    server.stop().await;
}
