//! `sanctum cards`, `sanctum card`, `sanctum deck validate` and `sanctum play
//! --red-deck/--blue-deck` through the real binary.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;
use sanctum_rules::cards::CATALOGUE;
use sanctum_rules::decks::STARTER_DECKS;
use serde_json::Value;

fn sanctum() -> Command {
    Command::cargo_bin("sanctum").expect("binary built")
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sanctum-decks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

fn starter_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sanctum-rules/decks")
        .join(format!("{name}.toml"))
}

/// `sanctum deck validate FILE [--json]`.
fn validate(file: &std::path::Path, json: bool) -> std::process::Output {
    let mut cmd = sanctum();
    cmd.args(["deck", "validate"]).arg(file);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("runs")
}

fn stdout_json(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn cards_lists_the_whole_pool_as_a_table() {
    let out = sanctum().arg("cards").output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let header: Vec<&str> = text
        .lines()
        .next()
        .expect("a header")
        .split_whitespace()
        .collect();
    assert_eq!(
        header,
        ["id", "name", "house", "type", "target", "cost", "text"]
    );
    for c in &CATALOGUE {
        assert!(text.contains(c.id), "{}", c.id);
    }
    let fireball = text
        .lines()
        .find(|l| l.starts_with("fireball "))
        .expect("a row");
    for cell in [
        "Fireball",
        "war",
        "manifestation",
        "group",
        "5 strife + 1 clarity",
    ] {
        assert!(fireball.contains(cell), "{fireball}");
    }
    assert!(text.contains(&format!("{} cards", CATALOGUE.len())));
}

#[test]
fn cards_filters_by_house_and_prints_json() {
    let out = sanctum()
        .args(["cards", "--house", "unmaking", "--json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v = stdout_json(&out);
    let list = v.as_array().expect("a list");
    let expected = CATALOGUE
        .iter()
        .filter(|c| c.house.name() == "unmaking")
        .count();
    assert_eq!(list.len(), expected);
    for card in list {
        assert_eq!(card["house"], "unmaking");
        for key in ["id", "name", "cost", "text", "target"] {
            assert!(card.get(key).is_some(), "{key}: {card}");
        }
    }
    let boggart = list.iter().find(|c| c["id"] == "boggart").expect("boggart");
    assert_eq!(boggart["cost"]["strife"], 2);
    assert_eq!(boggart["cost"]["world"], 1);
}

#[test]
fn cards_refuses_an_unknown_house_in_one_line() {
    let out = sanctum()
        .args(["cards", "--house", "warr"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown house 'warr'") && err.contains("unmaking, war"),
        "{err}"
    );
}

#[test]
fn card_shows_everything_including_a_monsters_numbers() {
    sanctum()
        .args(["card", "boggart"])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("Boggart (boggart)")
                .and(predicate::str::contains("cost: 2 strife + 1 world"))
                .and(predicate::str::contains("effect.monster.hit_points: 15"))
                .and(predicate::str::contains("effect.monster.hand: 3"))
                .and(predicate::str::contains("target: square"))
                .and(predicate::str::contains("text: Summons a Boggart")),
        );
    let out = sanctum()
        .args(["card", "cockatrice", "--json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v = stdout_json(&out);
    assert_eq!(v["effect"]["monster"]["gaze"], true);
    assert_eq!(v["effect"]["monster"]["hit_points"], 12);
    assert_eq!(v["name"], "Cockatrice");
}

#[test]
fn card_refuses_an_unknown_id_naming_the_nearest_and_where_the_list_is() {
    let out = sanctum().args(["card", "firebal"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown card 'firebal'; did you mean 'fireball'?")
            && err.contains("`sanctum cards` lists all")
            && !err.contains("boggart"),
        "{err}"
    );
}

#[test]
fn deck_validate_accepts_every_starter_deck_with_a_summary() {
    for (name, _) in STARTER_DECKS {
        let out = validate(&starter_file(name), false);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {text}");
        for part in [
            "valid deck",
            "cards: ",
            "curve",
            "houses: ",
            "mana types needed",
        ] {
            assert!(text.contains(part), "{name}: {text}");
        }
    }
    let out = validate(&starter_file("war_mind"), true);
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    assert_eq!(v["valid"], true);
    assert_eq!(v["house"], "war");
    assert_eq!(v["summary"]["cards"], 30);
    assert_eq!(v["summary"]["town_types"][0], "will");
    assert_eq!(v["problems"].as_array().map(Vec::len), Some(0));
    assert!(v["warnings"][0]["message"].as_str().is_some());
}

/// Each kind of invalid deck: exit 1, every problem on stdout with its line and rule.
#[test]
fn deck_validate_lists_every_problem_and_exits_1() {
    let head = "name = \"Test\"\nhouse = \"war\"\n[cards]\n";
    let cases = [
        (
            "unknown_card",
            format!("{head}fireball = 28\nbogart = 2\n"),
            "known_card",
            5,
            "did you mean 'boggart'?",
        ),
        (
            "copies",
            format!("{head}fireball = 30\nhellion = 0\n"),
            "copies",
            5,
            "card 'hellion': 0 copies",
        ),
        (
            "size",
            format!("{head}fireball = 29\n"),
            "deck_size",
            3,
            "the deck holds 29 cards",
        ),
        (
            "house",
            "name = \"Test\"\nhouse = \"wat\"\ncards = { fireball = 30 }\n".to_string(),
            "house",
            2,
            "unknown house 'wat'",
        ),
        (
            "mana",
            format!(
                "{head}fireball = 20\nburst_of_order = 5\nburst_of_will = 5\nburst_of_world = 5\n"
            ),
            "mana",
            2,
            "3 mana types that its war Sanctum does not make",
        ),
        (
            "name",
            "name = \"\"\nhouse = \"war\"\ncards = { fireball = 30 }\n".to_string(),
            "name",
            1,
            "the name has 0 characters",
        ),
    ];
    for (label, text, rule, line, message) in cases {
        let file = scratch(&format!("{label}.toml"), &text);
        let out = validate(&file, false);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{label}: {stdout}");
        assert!(
            stdout.contains(&format!("problem: line {line}: ")) && stdout.contains(message),
            "{label}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("rule {rule}")),
            "{label}: {stdout}"
        );
        let out = validate(&file, true);
        assert_eq!(out.status.code(), Some(1), "{label}");
        let v = stdout_json(&out);
        assert_eq!(v["valid"], false);
        assert_eq!(v["problems"][0]["rule"], rule, "{label}");
        assert_eq!(v["problems"][0]["line"], line, "{label}");
    }
    // Several problems at once: all of them, in line order.
    let file = scratch(
        "many.toml",
        &format!("{head}bogart = 3\nfireball = 0\nhellion = 99\n"),
    );
    let out = validate(&file, false);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("4 problems"), "{stdout}");
    assert_eq!(stdout.matches("problem: line").count(), 4, "{stdout}");
}

#[test]
fn deck_validate_names_the_file_and_line_of_malformed_toml_and_exits_2() {
    let cases = [
        (
            "name = \"A\"\nhouse = \"war\"\ncards = { fireball = 30\n",
            "line 3",
        ),
        (
            "name = \"A\"\nhouse = \"war\"\n[cards]\nfireball = 2.5\n",
            "line 4",
        ),
        (
            "name = \"A\"\nhouse = \"war\"\ncolour = 1\ncards = {}\n",
            "line 3",
        ),
        ("name = \"A\"\nhouse = \"war\"\n", "missing field `cards`"),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        let file = scratch(&format!("malformed{i}.toml"), text);
        let out = validate(&file, false);
        assert_eq!(out.status.code(), Some(2), "case {i}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&file.display().to_string()) && err.contains(expected),
            "case {i}: {err}"
        );
    }
}

#[test]
fn deck_validate_refuses_a_file_over_4_mib_through_the_shared_reader() {
    let mut text = String::from("name = \"Big\"\nhouse = \"war\"\n[cards]\nfireball = 30\n");
    while text.len() <= 4 * 1024 * 1024 {
        text.push_str("# padding padding padding padding padding padding padding padding\n");
    }
    let file = scratch("big.toml", &text);
    let out = validate(&file, false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&file.display().to_string()) && err.contains("larger than the limit of 4 MiB"),
        "{err}"
    );
    let missing = std::env::temp_dir().join("sanctum-no-such-deck.toml");
    sanctum()
        .args(["deck", "validate"])
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("sanctum-no-such-deck.toml"));
}

/// Red plays `--red-deck` whatever way the game's coin flip falls: red's Sanctum makes
/// Nature's world and order on every seed.
#[test]
fn play_gives_red_the_red_deck_and_blue_a_deck_file() {
    let blue = starter_file("making_death");
    for seed in ["1", "2", "3", "4"] {
        let log =
            std::env::temp_dir().join(format!("sanctum-decks-{}-{seed}.json", std::process::id()));
        let out = sanctum()
            .args(["play", "--red-deck", "nature_hope", "--blue-deck"])
            .arg(&blue)
            .args(["--seed", seed, "--json", "--log"])
            .arg(&log)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout_json(&out)["red_deck"], "nature_hope");
        let out = sanctum()
            .args(["replay", "--json", "--turn", "0"])
            .arg(&log)
            .output()
            .expect("runs");
        assert!(out.status.success());
        let players = &stdout_json(&out)["players"];
        assert_eq!(players["red"]["mana"]["world"], 2, "seed {seed}: {players}");
        assert_eq!(
            players["blue"]["mana"]["order"], 2,
            "seed {seed}: {players}"
        );
    }
}

#[test]
fn play_uses_two_starter_decks_by_default() {
    let out = sanctum()
        .args([
            "play", "--red", "rush", "--blue", "random", "--seed", "1", "--json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v = stdout_json(&out);
    assert_eq!(v["red_deck"], "war_mind");
    assert_eq!(v["blue_deck"], "unmaking_life");
}

#[test]
fn play_refuses_an_invalid_deck_or_an_unknown_name_in_one_line() {
    let file = scratch(
        "play_bad.toml",
        "name = \"Bad\"\nhouse = \"war\"\n[cards]\nfireball = 20\nbogart = 3\n",
    );
    let out = sanctum()
        .args(["play", "--red-deck"])
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&file.display().to_string())
            && err.contains("line 3")
            && err.contains("and 1 more"),
        "{err}"
    );
    let out = sanctum()
        .args(["play", "--blue-deck", "war_mnid"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--blue-deck 'war_mnid'") && err.contains("war_mind, unmaking_life"),
        "{err}"
    );
}
