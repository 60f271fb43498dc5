//! `sanctum resolve`: JSON shape, the readable account, and one-line errors with exit
//! code 2 and nothing on stdout for bad scenarios.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{Value, json};

fn case(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sanctum-rules/tests/scenarios")
        .join(name)
}

fn sanctum() -> Command {
    Command::cargo_bin("sanctum").expect("binary built")
}

const BASE: &str = r#"
layout = "classic"
initiative = "red"

[[group]]
id = "A"
owner = "red"
at = "5,5"
minions = { swordsman = 2, archer = 2 }
move = "5,4"
"#;

fn bad(text: &str, needle: &str) {
    let dir = std::env::temp_dir().join(format!("sanctum-resolve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{:x}.toml", fxhash(text)));
    std::fs::write(&file, text).unwrap();
    let out = sanctum()
        .args(["resolve", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "exit code for {needle}");
    assert!(out.stdout.is_empty(), "stdout must stay empty for {needle}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "one-line error: {err}");
    assert!(err.contains(needle), "'{needle}' not in: {err}");
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

#[test]
fn moonwalk_json() {
    let out = sanctum()
        .args(["resolve", "--json"])
        .arg(case("001_moonwalk_seed_example.toml"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"groups": [
            {"id": "D", "at": "6,9", "result": "moved", "into": null, "size": 5},
            {"id": "A", "at": "6,8", "result": "moonwalked", "into": null, "size": 4},
            {"id": "C", "at": null, "result": "joined", "into": "B", "size": 0},
            {"id": "B", "at": "5,9", "result": "stood", "into": null, "size": 6},
        ]})
    );
    assert!(v.get("trace").is_none());
}

#[test]
fn flying_leap_with_trace() {
    let out = sanctum()
        .args(["resolve", "--json", "--trace"])
        .arg(case("002_flying_leap.toml"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["groups"][1]["at"], "4,3");
    let trace: Vec<&str> = v["trace"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        trace
            .iter()
            .any(|l| l.contains("moonwalks from 6,9 to 4,3")),
        "{trace:?}"
    );
    assert!(trace.iter().any(|l| l.starts_with("pass I:")));
    assert!(trace.iter().any(|l| l.starts_with("pass II round 3")));
}

#[test]
fn readable_account() {
    sanctum()
        .arg("resolve")
        .arg(case("001_moonwalk_seed_example.toml"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "pass I: D 6,10 → 6,9, overstacks with A",
        ))
        .stdout(predicate::str::contains(
            "B (blue 1) beats C (blue 5) (stationary)",
        ))
        .stdout(predicate::str::contains("C joins B (now 6 minions)"))
        .stdout(predicate::str::contains("A bounces back to 6,9"))
        .stdout(predicate::str::contains("A moonwalks from 6,9 to 6,8"))
        .stdout(predicate::str::contains("result:"));
}

#[test]
fn the_base_scenario_is_valid() {
    let dir = std::env::temp_dir();
    let file = dir.join(format!("sanctum-base-{}.toml", std::process::id()));
    std::fs::write(&file, BASE).unwrap();
    sanctum()
        .args(["resolve", "--json"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"moved\""));
}

#[test]
fn malformed_toml() {
    bad(
        &BASE.replace("owner = \"red\"", "owner = red"),
        "line 7, column 9",
    );
}

#[test]
fn unknown_key() {
    bad(
        &BASE.replace("move =", "mvoe ="),
        "line 10, column 1: unknown field `mvoe`",
    );
}

#[test]
fn unknown_layout() {
    bad(&BASE.replace("classic", "hexagonal"), "line 2");
}

#[test]
fn unknown_square() {
    bad(&BASE.replace("at = \"5,5\"", "at = \"5;5\""), "group 'A'");
}

#[test]
fn square_outside_the_grid() {
    bad(
        &BASE.replace("at = \"5,5\"", "at = \"12,5\""),
        "outside the 12×12 grid",
    );
}

#[test]
fn square_off_the_map() {
    bad(
        &BASE
            .replace("at = \"5,5\"", "at = \"0,0\"")
            .replace("5,4", "1,0"),
        "0,0 is off the map",
    );
}

#[test]
fn two_groups_on_one_square() {
    let text = format!(
        "{BASE}\n[[group]]\nid = \"B\"\nowner = \"blue\"\nat = \"5,5\"\nminions = {{ archer = 1 }}\n"
    );
    bad(&text, "groups 'A' and 'B' both stand on 5,5");
}

#[test]
fn group_of_nine() {
    bad(
        &BASE.replace("swordsman = 2, archer = 2", "swordsman = 5, archer = 4"),
        "group 'A' has 9 minions",
    );
}

#[test]
fn mixed_group() {
    bad(
        &BASE.replace(
            "swordsman = 2, archer = 2",
            "swordsman = 2, monster = \"troll\"",
        ),
        "group 'A' mixes recruits and monsters",
    );
}

#[test]
fn move_too_far() {
    bad(
        &BASE.replace("move = \"5,4\"", "move = \"5,3\""),
        "group 'A': 5,3 is not a legal destination",
    );
}

#[test]
fn diagonal_move() {
    bad(
        &BASE.replace("move = \"5,4\"", "move = \"6,4\""),
        "not a legal destination from 5,5",
    );
}

#[test]
fn missing_file() {
    sanctum()
        .args(["resolve", "--json", "/nonexistent/scenario.toml"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("/nonexistent/scenario.toml"));
}
