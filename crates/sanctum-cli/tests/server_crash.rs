//! Nothing confirmed is lost: the real `sanctum serve` is killed (SIGKILL) between the
//! two confirms and again while a turn resolves, restarted on the same SQLite file,
//! and the game goes on with every confirmed order, each turn resolved exactly once.
//! A SIGTERM while a turn resolves lets the turn finish and be stored before exit.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::Server;
use serde_json::{Value, json};

struct Player {
    token: String,
}

fn call(
    server: &Server,
    who: Option<&Player>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Value {
    let (status, v) = common::send(
        &server.url,
        who.map(|p| p.token.as_str()),
        method,
        path,
        body,
    );
    assert!((200..300).contains(&status), "{path}: {status} {v}");
    v
}

fn guest(server: &Server, name: &str) -> Player {
    let v = call(
        server,
        None,
        "POST",
        "/api/guests",
        Some(json!({ "name": name })),
    );
    Player {
        token: v["token"].as_str().expect("a token").to_string(),
    }
}

/// Polls the game until it has played `turns` turns.
fn wait_turns(server: &Server, who: &Player, id: i64, turns: i64) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let g = call(server, Some(who), "GET", &format!("/api/games/{id}"), None);
        if g["game"]["turns_played"].as_i64() >= Some(turns) {
            return g;
        }
        assert!(
            Instant::now() < until,
            "turn {turns} did not resolve: {}",
            g["game"]
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_killed_server_loses_no_confirmed_order_and_resolves_each_turn_once() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite:{}", dir.path().join("crash.db").display());
    let server = Server::start(&db, &[]);
    let ann = guest(&server, "ann");
    let bob = guest(&server, "bob");
    let id = call(
        &server,
        Some(&ann),
        "POST",
        "/api/games",
        Some(json!({"turn_seconds": 3600})),
    )["id"]
        .as_i64()
        .expect("an id");
    call(
        &server,
        Some(&bob),
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    );
    let g = call(
        &server,
        Some(&ann),
        "GET",
        &format!("/api/games/{id}"),
        None,
    );
    let (red, blue) = if g["game"]["you"] == "red" {
        (&ann, &bob)
    } else {
        (&bob, &ann)
    };

    // Red trains its waiting novice and confirms; the server dies before blue confirms.
    let legal = call(
        &server,
        Some(red),
        "GET",
        &format!("/api/games/{id}/legal"),
        None,
    );
    let t = &legal["training"][0];
    let order = json!({"kind": "train", "at": t["at"], "into": t["into"][0]});
    call(
        &server,
        Some(red),
        "PUT",
        &format!("/api/games/{id}/orders"),
        Some(json!({"orders": [order]})),
    );
    call(
        &server,
        Some(red),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    server.kill();

    let server = Server::start(&db, &[]);
    let g = call(&server, Some(red), "GET", &format!("/api/games/{id}"), None);
    assert_eq!(g["game"]["confirmed"], json!({"red": true, "blue": false}));
    assert_eq!(
        g["orders"],
        json!([order]),
        "red's confirmed orders survived"
    );
    call(
        &server,
        Some(blue),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    let g = wait_turns(&server, red, id, 1);
    let trained = g["events"]
        .as_array()
        .expect("events")
        .iter()
        .any(|e| e["event"] == "trained" && e["side"] == "red");
    assert!(
        trained,
        "red's confirmed training took effect: {}",
        g["events"]
    );
    server.kill();

    // Killed while the turn resolves (the server pauses 4 s before storing it).
    let server = Server::start(&db, &[("SANCTUM_RESOLVE_DELAY_MS", "4000")]);
    call(
        &server,
        Some(red),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    call(
        &server,
        Some(blue),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(server.lines_with("turn resolved"), 0, "still resolving");
    server.kill();

    let server = Server::start(&db, &[]);
    wait_turns(&server, red, id, 2);
    std::thread::sleep(Duration::from_millis(1500));
    let g = call(&server, Some(red), "GET", &format!("/api/games/{id}"), None);
    assert_eq!(
        g["game"]["turns_played"], 2,
        "the interrupted turn resolved once"
    );
    assert_eq!(server.lines_with("turn resolved"), 1);
    assert_eq!(g["game"]["confirmed"], json!({"red": false, "blue": false}));

    call(
        &server,
        Some(blue),
        "POST",
        &format!("/api/games/{id}/concede"),
        None,
    );
    let log = call(
        &server,
        None,
        "GET",
        &format!("/api/games/{id}/replay"),
        None,
    );
    let log: sanctum_rules::game::GameLog = serde_json::from_value(log).expect("a log");
    assert_eq!(log.turns.len(), 3);
    log.replay(None, |_, _, _| {})
        .expect("the stored game replays, every hash matching");
    server.kill();
}

#[test]
fn sigterm_finishes_the_turn_in_flight_before_exiting() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite:{}", dir.path().join("term.db").display());
    let server = Server::start(&db, &[("SANCTUM_RESOLVE_DELAY_MS", "2000")]);
    let ann = guest(&server, "ann");
    let bob = guest(&server, "bob");
    let id = call(&server, Some(&ann), "POST", "/api/games", Some(json!({})))["id"]
        .as_i64()
        .expect("an id");
    call(
        &server,
        Some(&bob),
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    );
    call(
        &server,
        Some(&ann),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    call(
        &server,
        Some(&bob),
        "POST",
        &format!("/api/games/{id}/confirm"),
        None,
    );
    std::thread::sleep(Duration::from_millis(500));
    let pid = server.child.id().to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut server = server;
    let until = Instant::now() + Duration::from_secs(30);
    let exit = loop {
        if let Some(s) = server.child.try_wait().expect("waits") {
            break s;
        }
        assert!(
            Instant::now() < until,
            "the server did not stop after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "a clean exit: {exit:?}");
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        server.lines_with("turn resolved"),
        1,
        "the turn in flight was stored"
    );
    assert_eq!(server.lines_with("every turn in flight is stored"), 1);

    let server = Server::start(&db, &[]);
    let g = call(
        &server,
        Some(&ann),
        "GET",
        &format!("/api/games/{id}"),
        None,
    );
    assert_eq!(g["game"]["turns_played"], 1);
    server.kill();
}
