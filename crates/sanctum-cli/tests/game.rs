//! `sanctum turn`, `sanctum play` and `sanctum replay` through the real binary.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn sanctum() -> Command {
    Command::cargo_bin("sanctum").expect("binary built")
}

fn turn_case(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sanctum-rules/tests/turns")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sanctum-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn turn_prints_the_state_and_the_events_as_json() {
    let out = sanctum()
        .args(["turn", "--json"])
        .arg(turn_case("002_boggart_kills_lone_recruit.toml"))
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in [
        "turn",
        "initiative",
        "groups",
        "structures",
        "players",
        "winner",
        "events",
    ] {
        assert!(v.get(key).is_some(), "no {key}");
    }
    let monster = &v["groups"][0];
    assert_eq!(monster["id"], "M");
    assert_eq!(monster["minions"][0]["type"], "boggart");
    assert!(v["players"]["red"]["deck_size"].is_number());
    assert!(
        v["events"]
            .as_array()
            .expect("a list")
            .iter()
            .any(|e| e["event"] == "combat_started")
    );
}

#[test]
fn turn_without_json_tells_the_story() {
    sanctum()
        .arg("turn")
        .arg(turn_case("002_boggart_kills_lone_recruit.toml"))
        .assert()
        .success()
        .stdout(predicate::str::contains("combat:").and(predicate::str::contains("round 2")));
}

#[test]
fn turn_without_json_says_why_a_group_bounced() {
    sanctum()
        .arg("turn")
        .arg(turn_case("072_move_bounces_off_mountain.toml"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "bounced (5,5 → 5,5): cannot enter mountain at 6,5",
        ));
}

#[test]
fn a_bad_turn_file_names_the_line_and_exits_2() {
    let f = scratch("bad_turn.toml");
    std::fs::write(
        &f,
        "layout = \"classic\"\ninitiative = \"red\"\n[player.red]\nhouse = \"war\"\n\n[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"5,5\"\nminions = { monster = \"banana\" }\n",
    )
    .expect("written");
    sanctum()
        .arg("turn")
        .arg(&f)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 10").and(predicate::str::contains("banana")));
}

#[test]
fn a_refused_order_names_the_player_the_order_and_the_reason() {
    let f = scratch("refused.toml");
    std::fs::write(
        &f,
        "layout = \"classic\"\ninitiative = \"red\"\nstart_of_turn = false\n[player.red]\nhouse = \"war\"\nhand = [\"fireball\"]\n\n[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"5,5\"\nminions = { swordsman = 1 }\n\n[[order]]\nplayer = \"red\"\nkind = \"cast\"\ncard = \"fireball\"\ntarget = \"group:A\"\n",
    )
    .expect("written");
    sanctum()
        .arg("turn")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "red order 1: not enough mana for 'fireball'",
        ));
}

#[test]
fn play_saves_a_log_that_replays_to_the_same_end() {
    let log = scratch("game.json");
    let out = sanctum()
        .args([
            "play", "--red", "rush", "--blue", "random", "--seed", "5", "--json", "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(summary["turns"].as_u64().expect("turns") >= 1);
    assert!(summary["reason"].is_string());

    let out = sanctum().arg("replay").arg(&log).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("turn 1:"), "{text}");
    assert!(text.contains("winner"), "{text}");

    let out = sanctum()
        .args(["replay", "--json", "--turn", "2"])
        .arg(&log)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let state: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(state["turn"], 3, "two turns played from turn 1");

    // Tamper with one recorded hash: the replay names the turn and exits 2.
    let mut doc: Value =
        serde_json::from_str(&std::fs::read_to_string(&log).expect("log")).expect("JSON");
    doc["turns"][1]["hash"] = Value::String("0123456789abcdef".into());
    std::fs::write(&log, doc.to_string()).expect("written");
    sanctum()
        .arg("replay")
        .arg(&log)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("turn 2: the state has hash"));
}

#[test]
fn play_refuses_an_unknown_bot() {
    sanctum()
        .args(["play", "--red", "genius"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown red bot 'genius' (valid: random, rush, heuristic, search)",
        ));
}

#[test]
fn play_prints_a_turn_by_turn_account() {
    sanctum()
        .args(["play", "--red", "rush", "--blue", "rush", "--seed", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("turn 1:").and(predicate::str::contains("winner")));
}

#[test]
fn every_number_of_a_turn_scenario_has_a_range_named_in_the_error() {
    let base = "layout = \"classic\"\ninitiative = \"red\"\n[player.red]\nhouse = \"war\"\n";
    let cases = [
        (
            "turn = 4294967295\n",
            "`turn` = 4294967295 is out of range (allowed: 1 to 100)",
        ),
        (
            "[[structure]]\nkind = \"town\"\nat = \"5,5\"\nowner = \"red\"\nnovices = 300\n",
            "`novices` = 300 is out of range (allowed: 0 to 8)",
        ),
        (
            "[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"5,5\"\nminions = { swordsman = 1 }\nxp = 70000\n",
            "`xp` = 70000 is out of range (allowed: 0 to 1000)",
        ),
        (
            "[[group]]\nid = \"A\"\nowner = \"red\"\nat = \"5,5\"\nminions = { swordsman = 1 }\nwithdraw_round = 0\n",
            "`withdraw_round` = 0 is out of range (allowed: 1 to 8)",
        ),
        (
            "[player.blue]\nhouse = \"war\"\nmana = { order = 100000 }\n",
            "`order` = 100000 is out of range (allowed: 0 to 999)",
        ),
    ];
    for (i, (extra, message)) in cases.iter().enumerate() {
        let text = if extra.starts_with("turn") {
            format!("{extra}{base}")
        } else {
            format!("{base}{extra}")
        };
        let f = scratch(&format!("range{i}.toml"));
        std::fs::write(&f, text).expect("written");
        let out = sanctum().arg("turn").arg(&f).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "case {i}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(message) && err.contains("line "),
            "case {i}: {err}"
        );
    }
}

#[test]
fn an_unknown_house_in_a_turn_scenario_lists_the_twelve() {
    let f = scratch("house.toml");
    std::fs::write(
        &f,
        "layout = \"classic\"\ninitiative = \"red\"\n[player.red]\nhouse = \"warr\"\n",
    )
    .expect("written");
    sanctum()
        .arg("turn")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 4: unknown house 'warr' (valid: abomination, body,",
        ));
}
