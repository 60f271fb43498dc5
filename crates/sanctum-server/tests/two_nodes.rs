//! Two servers on one PostgreSQL database: players on different nodes play one game;
//! each node's sockets get every push (LISTEN/NOTIFY), and each turn resolves once
//! even when both confirm at the same moment on different nodes.

mod common;

use common::{Client, TestServer, wait_turn};
use sanctum_rules::game::GameLog;
use serde_json::json;

/// The first `turn` push counting at least `turns` turns.
async fn turn_push(
    rx: &mut tokio::sync::mpsc::UnboundedReceiver<serde_json::Value>,
    turns: i64,
) -> serde_json::Value {
    loop {
        let msg = wait_turn(rx, turns).await;
        if msg["type"] == "turn" {
            return msg;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_play_one_game_and_each_turn_resolves_once() {
    let one = TestServer::postgres().await;
    let two = TestServer::postgres().await;
    let a = Client::guest(&one.url, &common::unique("n1")).await;
    let b = Client::guest(&two.url, &common::unique("n2")).await;
    let id = a
        .ok("POST", "/api/games", Some(json!({"turn_seconds": 600})))
        .await["id"]
        .as_i64()
        .expect("an id");
    let mut a_socket = a.socket(id).await;
    let _ = a_socket.recv().await;
    b.ok("POST", &format!("/api/games/{id}/join"), Some(json!({})))
        .await;
    // The join on node two reaches the socket on node one.
    let pushed = tokio::time::timeout(std::time::Duration::from_secs(10), a_socket.recv())
        .await
        .expect("a push from the other node")
        .expect("open");
    assert_eq!(pushed["game"]["status"], "active");
    let mut b_socket = b.socket(id).await;
    let watcher = Client::anonymous(&two.url);
    let mut watching = watcher.socket(id).await;

    for turns in 0..6 {
        // Both confirm at once, each on its own node.
        let path = format!("/api/games/{id}/confirm");
        let (ra, rb) = tokio::join!(a.send("POST", &path, None), b.send("POST", &path, None));
        assert_eq!((ra.0, rb.0), (200, 200), "{} {}", ra.1, rb.1);
        // The turn's own push: an update that already counts the turn
        // (the other node's, say) may come before it.
        let got_a = turn_push(&mut a_socket, turns + 1).await;
        let got_b = turn_push(&mut b_socket, turns + 1).await;
        wait_turn(&mut watching, turns + 1).await;
        assert_eq!(got_a["game"]["turns_played"], turns + 1);
        assert_eq!(got_b["game"]["turns_played"], turns + 1);
        assert_eq!(got_a["type"], "turn");
        assert!(got_a["view"]["me"]["hand"].is_array() && got_b["view"]["me"]["hand"].is_array());
    }
    b.ok("POST", &format!("/api/games/{id}/concede"), None)
        .await;
    let log = a.ok("GET", &format!("/api/games/{id}/replay"), None).await;
    let log: GameLog = serde_json::from_value(log).expect("a log");
    assert_eq!(
        log.turns.len(),
        7,
        "six turns and the concession, each once"
    );
    log.replay(None, |_, _, _| {})
        .expect("the stored log replays with its hashes");
    one.stop().await;
    two.stop().await;
}
