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
fn two_structures_on_one_square() {
    let town = "\n[[structure]]\nkind = \"town\"\nat = \"6,6\"\nowner = \"neutral\"\n";
    bad(
        &format!("{BASE}{town}{town}"),
        "line 19: structure: 6,6 already holds a structure",
    );
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
        "group 'A': move 5,3 is not a legal destination",
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

fn monsters(spec: &str) -> String {
    BASE.replace("swordsman = 2, archer = 2", spec)
        .replace("move = \"5,4\"", "")
}

#[test]
fn unknown_monster_type() {
    bad(
        &monsters("monster = \"banana\""),
        "line 9: group 'A': monster = 'banana' is not a known monster type (valid: troll, wolf, boggart,",
    );
}

#[test]
fn monster_hit_points_from_one_to_fifty() {
    for hp in ["0", "-1", "51", "255", "4294967295"] {
        bad(
            &monsters(&format!("monster = \"troll\", hp = {hp}")),
            &format!("line 9: group 'A': hp = {hp} is out of range (allowed: 1 to 50)"),
        );
    }
}

#[test]
fn every_number_names_group_key_value_and_range() {
    for (spec, needle) in [
        (
            "swordsman = 4294967295".to_string(),
            "group 'A': swordsman = 4294967295 is out of range (allowed: 0 to 8)",
        ),
        (
            "archer = -1".to_string(),
            "group 'A': archer = -1 is out of range (allowed: 0 to 8)",
        ),
        (
            "monster = \"wolf\", count = 0".to_string(),
            "group 'A': count = 0 is out of range (allowed: 1 to 8)",
        ),
        (
            "swordsman = 2 }\nlevel = 9\nx = { a = 1".to_string(),
            "line 10: group 'A': level = 9 is out of range (allowed: 0 to 5)",
        ),
        (
            "swordsman = 2 }\nheroes = 300\nx = { a = 1".to_string(),
            "group 'A': heroes = 300 is out of range (allowed: 0 to 8)",
        ),
        (
            "swordsman = 2 }\nwounds = 9223372036854775807\nx = { a = 1".to_string(),
            "group 'A': wounds = 9223372036854775807 is out of range (allowed: 0 to 49)",
        ),
    ] {
        let text = monsters(&spec).replace("x = { a = 1 }", "");
        bad(&text, needle);
    }
    bad(
        &BASE.replace("initiative = \"red\"", "initiative = \"red\"\nseed = -1"),
        "line 4: scenario: seed = -1 is out of range (allowed: 0 to 9223372036854775807)",
    );
    bad(
        &format!(
            "{BASE}[[structure]]\nkind = \"town\"\nat = \"6,6\"\nowner = \"red\"\nnovices = 256\n"
        ),
        "structure: novices = 256 is out of range (allowed: 0 to 50)",
    );
}

#[test]
fn an_empty_group_id_is_refused() {
    bad(
        &BASE.replace("id = \"A\"", "id = \"\""),
        "line 6: group id = '': a group needs a name",
    );
}

#[test]
fn a_bad_spell_square_is_reported_as_spell() {
    bad(
        &BASE.replace("move = \"5,4\"", "spell = \"5,x\""),
        "line 10: group 'A' spell:",
    );
    bad(
        &BASE.replace("move = \"5,4\"", "spell = \"0,0\""),
        "line 10: group 'A' spell: 0,0 is off the map",
    );
    bad(
        &BASE.replace("move = \"5,4\"", "before_movement = \"5,3\""),
        "group 'A': before_movement 5,3 is not a legal destination",
    );
}

#[test]
fn a_spanless_toml_error_names_its_line() {
    let header = format!("[{}]", vec!["a"; 100].join("."));
    let text = format!("{BASE}\n{header}\n");
    let line = text.lines().position(|l| l == header).unwrap() + 1;
    bad(&text, &format!("line {line}: recursion limit"));
}

#[test]
fn invalid_utf8_names_line_and_column() {
    let dir = tempdir();
    let file = dir.join("utf8.toml");
    std::fs::write(&file, b"layout = \"classic\"\n# caf\xc3\xa9 \xff\n").unwrap();
    sanctum()
        .args(["resolve"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "{}: line 2, column 8: not valid UTF-8 text",
            file.display()
        )));
}

#[test]
fn files_over_four_mib_are_refused() {
    let dir = tempdir();
    let file = dir.join("big.toml");
    let mut text = BASE.to_string();
    text.push_str(&"#".repeat(4 * 1024 * 1024));
    std::fs::write(&file, text).unwrap();
    for path in [file.as_path(), std::path::Path::new("/dev/zero")] {
        sanctum()
            .args(["resolve"])
            .arg(path)
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(format!(
                "{}: the file is larger than the limit of 4 MiB",
                path.display()
            )));
    }
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sanctum-resolve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
