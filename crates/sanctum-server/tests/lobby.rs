//! The lobby and the rest of the API: games against bots that confirm by themselves,
//! the turn timer, ranked games and Glicko-2 ratings, cards, decks and the deck check.

mod common;

use common::{Client, TestServer, wait_turn};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_confirms_by_itself_and_the_timer_resolves_a_silent_turn() {
    let server = TestServer::sqlite().await;
    let ann = Client::guest(&server.url, &common::unique("ann")).await;
    let (s, b) = ann
        .send(
            "POST",
            "/api/games",
            Some(json!({"opponent": "bot:heuristic", "turn_seconds": 600})),
        )
        .await;
    assert_eq!(s, 201, "{b}");
    let id = b["id"].as_i64().expect("an id");
    let mut socket = ann.socket(id).await;
    for turns in 0..3 {
        ann.ok("POST", &format!("/api/games/{id}/confirm"), None)
            .await;
        let msg = wait_turn(&mut socket, turns + 1).await;
        assert_eq!(
            msg["game"]["players"]["red"]["bot"].is_null(),
            msg["game"]["you"] == "red"
        );
    }
    // Nobody confirms: after one second the current orders stand.
    let id = ann
        .ok(
            "POST",
            "/api/games",
            Some(json!({"opponent": "bot:random", "turn_seconds": 1})),
        )
        .await["id"]
        .as_i64()
        .expect("an id");
    let mut socket = ann.socket(id).await;
    let msg = wait_turn(&mut socket, 1).await;
    assert_eq!(msg["type"], "turn");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ranked_game_moves_both_ratings_and_the_top_list_shows_them() {
    let server = TestServer::sqlite().await;
    let a = Client::guest(&server.url, &common::unique("a")).await;
    let b = Client::guest(&server.url, &common::unique("b")).await;
    let id = a
        .ok("POST", "/api/games", Some(json!({"ranked": true})))
        .await["id"]
        .as_i64()
        .expect("an id");
    let open = a.ok("GET", "/api/games?status=open", None).await;
    assert!(
        open["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["id"] == id)
    );
    b.ok(
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"deck": "making_death"})),
    )
    .await;
    b.ok("POST", &format!("/api/games/{id}/concede"), None)
        .await;
    let g = a.ok("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["end_reason"], "conceded");
    assert_eq!(g["game"]["winner"], g["game"]["you"]);
    let top = a.ok("GET", "/api/players/top", None).await;
    let rating = |name: &str| {
        top["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["name"] == name))
            .and_then(|p| p["rating"].as_f64())
            .expect("listed")
    };
    let me = a.ok("GET", "/api/me", None).await;
    let them = b.ok("GET", "/api/me", None).await;
    let (winner, loser) = (
        rating(me["name"].as_str().expect("a name")),
        rating(them["name"].as_str().expect("a name")),
    );
    assert!(winner > 1500.0 && loser < 1500.0, "{winner} {loser}");
    let finished = a.ok("GET", "/api/games?status=finished", None).await;
    assert!(
        finished["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["id"] == id)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_decks_and_the_deck_check() {
    let server = TestServer::sqlite().await;
    let c = Client::anonymous(&server.url);
    assert_eq!(c.ok("GET", "/api/health", None).await["status"], "ok");
    let cards = c.ok("GET", "/api/cards", None).await;
    let fireball = cards["cards"]
        .as_array()
        .and_then(|cs| cs.iter().find(|x| x["id"] == "fireball"))
        .expect("fireball");
    assert!(fireball["text"].is_string() && fireball["cost"].is_object());
    let decks = c.ok("GET", "/api/decks", None).await;
    assert_eq!(decks["decks"].as_array().map(Vec::len), Some(6));
    let bad = c
        .ok(
            "POST",
            "/api/decks/check",
            Some(json!({"toml": "name = \"x\"\nhouse = \"war\"\ncards = { bogart = 30 }\n"})),
        )
        .await;
    assert_eq!(bad["valid"], false);
    assert!(
        bad["problems"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("bogart"))
    );
    let (s, b) = c
        .send(
            "POST",
            "/api/decks/check",
            Some(json!({"toml": "not toml ["})),
        )
        .await;
    assert_eq!((s, &b["error"]["code"]), (422, &json!("malformed_deck")));
    let page = reqwest::get(format!("{}/", server.url))
        .await
        .expect("the page");
    assert!(
        page.text()
            .await
            .expect("text")
            .contains("<title>Sanctum</title>")
    );
    server.stop().await;
}
