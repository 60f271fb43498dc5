//! `sanctum admin banish|pardon` and the Volgaria room, through the real binary: a
//! banished player may play only unranked Volgaria games in the Volgaria room, others
//! may visit and join them, and a pardon lets the player back.

mod common;

use std::process::Command;

use common::send;
use serde_json::json;

fn admin(args: &[&str], db: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .arg("admin")
        .args(args)
        .args(["--database", db])
        .output()
        .expect("sanctum admin runs")
}

#[test]
fn a_banished_player_plays_only_unranked_volgaria_games_until_pardoned() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite:{}", dir.path().join("admin.db").display());
    let server = common::Server::start(&db, &[]);
    let url = server.url.clone();
    let token = |name: &str| {
        let (_, v) = send(
            &url,
            None,
            "POST",
            "/api/guests",
            Some(json!({ "name": name })),
        );
        v["token"].as_str().expect("a token").to_string()
    };
    let eve = token("eve");
    let sam = token("sam");

    let out = admin(&["banish", "eve"], &db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Volgaria"));
    let out = admin(&["banish", "nobody"], &db);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no player named 'nobody'"));

    let (s, v) = send(&url, Some(&eve), "GET", "/api/me", None);
    assert_eq!((s, &v["room"]), (200, &json!("volgaria")));
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        "/api/games",
        Some(json!({"room": "main"})),
    );
    assert_eq!((s, &v["error"]["code"]), (403, &json!("banished")), "{v}");
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        "/api/games",
        Some(json!({"realm": "veldt"})),
    );
    assert_eq!(
        (s, &v["error"]["code"]),
        (422, &json!("volgaria_room")),
        "{v}"
    );
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        "/api/games",
        Some(json!({"realm": "volgaria", "ranked": true})),
    );
    assert_eq!(
        (s, &v["error"]["code"]),
        (422, &json!("volgaria_room")),
        "{v}"
    );
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        "/api/games",
        Some(json!({"realm": "volgaria"})),
    );
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_i64().expect("an id");
    // Sam visits the room and joins.
    let (_, list) = send(
        &url,
        Some(&sam),
        "GET",
        "/api/games?status=open&room=volgaria",
        None,
    );
    assert!(
        list["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["id"] == id)
    );
    let (s, v) = send(
        &url,
        Some(&sam),
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    );
    assert_eq!(s, 200, "{v}");
    // A banished player cannot join a main-room game.
    let (_, v) = send(&url, Some(&sam), "POST", "/api/games", Some(json!({})));
    let main_game = v["id"].as_i64().expect("an id");
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        &format!("/api/games/{main_game}/join"),
        Some(json!({})),
    );
    assert_eq!((s, &v["error"]["code"]), (403, &json!("banished")), "{v}");

    let out = admin(&["pardon", "eve"], &db);
    assert!(out.status.success());
    let (s, v) = send(
        &url,
        Some(&eve),
        "POST",
        "/api/games",
        Some(json!({"realm": "veldt", "ranked": true})),
    );
    assert_eq!(s, 201, "{v}");
    server.kill();
}

/// A database URL of another kind is a usage error (exit code 2) naming it, for
/// `serve` and `admin` alike; nothing is created.
#[test]
fn an_unsupported_database_url_exits_with_code_2_naming_it() {
    for args in [
        vec!["serve", "--database", "mysql://x/y"],
        vec!["admin", "banish", "someone", "--database", "mysql://x/y"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sanctum"))
            .args(&args)
            .output()
            .expect("sanctum runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("mysql://x/y") && err.contains("sqlite:PATH"),
            "{err}"
        );
    }
}
