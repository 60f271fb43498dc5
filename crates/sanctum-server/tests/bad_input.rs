//! Bad input gets a clear 4xx answer naming the problem, never a crash; only players
//! act; random JSON thrown at the orders endpoint changes nothing.

mod common;

use common::{Client, TestServer};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A game between two guests, started; returns the clients as (red, blue) and the id.
async fn started_game(url: &str) -> (Client, Client, i64) {
    let a = Client::guest(url, &common::unique("a")).await;
    let b = Client::guest(url, &common::unique("b")).await;
    let id = a.ok("POST", "/api/games", Some(json!({}))).await["id"]
        .as_i64()
        .expect("an id");
    b.ok("POST", &format!("/api/games/{id}/join"), Some(json!({})))
        .await;
    let g = a.ok("GET", &format!("/api/games/{id}"), None).await;
    if g["game"]["you"] == "red" {
        (a, b, id)
    } else {
        (b, a, id)
    }
}

fn assert_error(status: u16, body: &Value, want: u16, code: &str, mentions: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["error"]["code"], code, "{body}");
    let message = body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains(mentions),
        "'{message}' should mention '{mentions}'"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_bad_request_is_a_4xx_naming_the_problem() {
    let server = TestServer::sqlite().await;
    let url = server.url.clone();
    let (red, blue, id) = started_game(&url).await;
    let orders = format!("/api/games/{id}/orders");

    let (s, b) = red.raw("PUT", &orders, Some("{\"orders\": [")).await;
    assert_error(s, &b, 400, "malformed_json", "JSON");
    let (s, b) = red
        .raw("PUT", &orders, Some("{\"orders\": [], \"extra\": 1}"))
        .await;
    assert_error(s, &b, 422, "bad_field", "unknown field `extra`");
    let (s, b) = red
        .raw(
            "PUT",
            &orders,
            Some("{\"orders\": [{\"kind\": \"discard\", \"card\": \"fireball\", \"why\": 1}]}"),
        )
        .await;
    assert_error(s, &b, 422, "bad_field", "unknown field `why`");
    let (s, b) = red
        .raw(
            "PUT",
            &orders,
            Some("{\"orders\": [{\"kind\": \"discard\", \"card\": \"no_such_card\"}]}"),
        )
        .await;
    assert_error(s, &b, 422, "bad_field", "no_such_card");

    // Blue's group, ordered by red.
    let g = blue.ok("GET", &format!("/api/games/{id}"), None).await;
    let theirs = g["view"]["groups"]
        .as_array()
        .and_then(|gs| gs.iter().find(|u| u["owner"] == "blue"))
        .map(|u| u["at"].clone())
        .expect("blue has a group");
    let to = json!([theirs[0], theirs[1].as_i64().map(|r| r - 1)]);
    let (s, b) = red
        .send(
            "PUT",
            &orders,
            Some(json!({"orders": [{"kind": "move", "from": theirs, "to": to}]})),
        )
        .await;
    assert_error(s, &b, 422, "order_refused", "is not yours");
    assert_eq!(b["error"]["details"]["reason"], "not_your_group");
    assert_eq!(b["error"]["details"]["index"], 0);

    // A game one does not play in.
    let stranger = Client::guest(&url, &common::unique("s")).await;
    let (s, b) = stranger
        .send("PUT", &orders, Some(json!({"orders": []})))
        .await;
    assert_error(s, &b, 403, "not_a_player", "do not play in game");
    let (s, b) = stranger
        .send("POST", &format!("/api/games/{id}/confirm"), None)
        .await;
    assert_error(s, &b, 403, "not_a_player", "do not play in game");
    let (s, b) = stranger
        .send("POST", &format!("/api/games/{id}/concede"), None)
        .await;
    assert_error(s, &b, 403, "not_a_player", "do not play in game");
    // A spectator sees the public view: no hand.
    let g = stranger.ok("GET", &format!("/api/games/{id}"), None).await;
    assert!(g["view"]["me"].is_null() && g["orders"].is_null());

    // Oversized bodies.
    let huge = format!(
        "{{\"orders\": [{}]}}",
        vec!["{\"kind\": \"concede\"}"; 8000].join(",")
    );
    let (s, b) = red.raw("PUT", &orders, Some(&huge)).await;
    assert_error(s, &b, 413, "body_too_large", "65536 bytes");

    // Wrong or missing token.
    let mut forger = red.clone();
    forger.token = Some("0".repeat(64));
    let (s, b) = forger
        .send("POST", &format!("/api/games/{id}/confirm"), None)
        .await;
    assert_error(s, &b, 401, "unauthorized", "not valid");
    let anonymous = Client::anonymous(&url);
    let (s, b) = anonymous.send("POST", "/api/games", Some(json!({}))).await;
    assert_error(s, &b, 401, "unauthorized", "no session token");

    // Other mistakes name the value and the valid ones.
    let (s, b) = red
        .send(
            "POST",
            "/api/games",
            Some(json!({"opponent": "bot:genius"})),
        )
        .await;
    assert_error(s, &b, 422, "unknown_opponent", "bot:search");
    let (s, b) = red
        .send("POST", "/api/games", Some(json!({"realm": "mars"})))
        .await;
    assert_error(s, &b, 422, "unknown_realm", "volgaria");
    let (s, b) = red
        .send("POST", "/api/games", Some(json!({"deck": "nope"})))
        .await;
    assert_error(s, &b, 422, "unknown_deck", "war_mind");
    let (s, b) = red.send("GET", "/api/games/12x", None).await;
    assert_error(s, &b, 400, "bad_game_id", "whole number");
    let (s, b) = red.send("GET", "/api/games/999999", None).await;
    assert_error(s, &b, 404, "not_found", "999999");
    let (s, b) = red.send("GET", "/api/games?status=lost", None).await;
    assert_error(s, &b, 400, "bad_status", "open, active, finished");
    let (s, b) = red
        .send("POST", &format!("/api/games/{id}/join"), Some(json!({})))
        .await;
    assert_error(s, &b, 409, "not_open", "active");
    let (s, b) = red
        .send("GET", &format!("/api/games/{id}/replay"), None)
        .await;
    assert_error(s, &b, 409, "not_finished", "active");
    let (s, b) = Client::anonymous(&url)
        .send("POST", "/api/guests", Some(json!({"name": "a b"})))
        .await;
    assert_error(s, &b, 422, "bad_name", "a b");

    // After a confirm the orders are fixed.
    red.ok("POST", &format!("/api/games/{id}/confirm"), None)
        .await;
    let (s, b) = red.send("PUT", &orders, Some(json!({"orders": []}))).await;
    assert_error(s, &b, 409, "already_confirmed", "confirmed");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_sign_in_and_failed_logins_are_limited() {
    let server = TestServer::sqlite().await;
    let anon = Client::anonymous(&server.url);
    let name = common::unique("acc");
    let (s, b) = anon
        .send(
            "POST",
            "/api/accounts",
            Some(json!({"name": name, "password": "short"})),
        )
        .await;
    assert_error(s, &b, 422, "bad_password", "8 to 128");
    let (s, _) = anon
        .send(
            "POST",
            "/api/accounts",
            Some(json!({"name": name, "password": "long enough"})),
        )
        .await;
    assert_eq!(s, 201);
    let (s, b) = anon
        .send("POST", "/api/guests", Some(json!({"name": name})))
        .await;
    assert_error(s, &b, 409, "name_taken", &name);
    let (s, b) = anon
        .send(
            "POST",
            "/api/sessions",
            Some(json!({"name": name, "password": "long enough"})),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["token"].as_str().map(str::len), Some(64));
    for _ in 0..sanctum_server::auth::LOGIN_ATTEMPTS {
        let (s, b) = anon
            .send(
                "POST",
                "/api/sessions",
                Some(json!({"name": name, "password": "wrong one"})),
            )
            .await;
        assert_error(s, &b, 401, "unauthorized", "wrong name or password");
    }
    let (s, b) = anon
        .send(
            "POST",
            "/api/sessions",
            Some(json!({"name": name, "password": "long enough"})),
        )
        .await;
    assert_error(s, &b, 429, "too_many_logins", "try again");
    server.stop().await;
}

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-z_ ,0-9]{0,12}".prop_map(Value::from),
        prop_oneof![
            Just("move"),
            Just("cast"),
            Just("train"),
            Just("discard"),
            Just("town_mana")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("kind".to_string()),
                    Just("orders".to_string()),
                    Just("from".to_string()),
                    Just("to".to_string()),
                    Just("card".to_string()),
                    "[a-z]{1,6}"
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn random_json_at_the_orders_endpoint_changes_nothing() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let (server, red, id) = rt.block_on(async {
        let server = TestServer::sqlite().await;
        let (red, _blue, id) = started_game(&server.url).await;
        (server, red, id)
    });
    let before = rt.block_on(red.ok("GET", &format!("/api/games/{id}"), None));
    let config = ProptestConfig {
        cases: 64,
        ..ProptestConfig::default()
    };
    proptest!(config, |(body in any_json(), wrap in any::<bool>())| {
        let body = if wrap { json!({"orders": body}) } else { body };
        let (status, answer) = rt.block_on(red.send("PUT", &format!("/api/games/{id}/orders"), Some(body.clone())));
        prop_assert!((200..500).contains(&status), "{status} {answer} for {body}");
        if status >= 400 {
            prop_assert!(answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let now = rt.block_on(red.ok("GET", &format!("/api/games/{id}"), None));
        prop_assert_eq!(&now["view"], &before["view"]);
        prop_assert_eq!(&now["game"]["turns_played"], &before["game"]["turns_played"]);
        prop_assert_eq!(&now["game"]["confirmed"], &before["game"]["confirmed"]);
    });
    rt.block_on(server.stop());
}
