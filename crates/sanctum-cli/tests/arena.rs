//! `sanctum arena` through the real binary.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn sanctum() -> Command {
    Command::cargo_bin("sanctum").expect("binary built")
}

fn arena_json(args: &[&str]) -> Value {
    let out = sanctum()
        .arg("arena")
        .args(args)
        .arg("--json")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn arena_json_has_results_per_bot_lengths_reasons_and_replayable_games() {
    let v = arena_json(&["--bots", "heuristic,random", "--games", "6", "--seed", "10"]);
    assert_eq!(v["bots"], serde_json::json!(["heuristic", "random"]));
    assert_eq!(
        (v["games"].as_u64(), v["finished"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(v["seed"], 10);
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    for r in results {
        for key in [
            "bot",
            "wins",
            "losses",
            "draws",
            "win_rate",
            "ci95",
            "wins_as_red",
            "games_as_red",
        ] {
            assert!(!r[key].is_null(), "results lack {key}: {r}");
        }
        let (lo, hi) = (
            r["ci95"][0].as_f64().unwrap(),
            r["ci95"][1].as_f64().unwrap(),
        );
        let rate = r["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{r}");
        assert_eq!(r["games_as_red"], 3);
        let total = ["wins", "losses", "draws"].map(|k| r[k].as_u64().unwrap());
        assert_eq!(total.iter().sum::<u64>(), 6);
    }
    assert_eq!(results[0]["wins"], results[1]["losses"]);
    assert_eq!(v["length_histogram"].as_array().map(Vec::len), Some(10));
    let reasons = &v["end_reasons"];
    let ended: u64 = ["sanctum_captured", "turn_limit", "conceded"]
        .iter()
        .map(|k| reasons[k].as_u64().expect("a count per reason"))
        .sum();
    assert_eq!(ended, 6);
    assert!(v["mean_turns"].as_f64().unwrap() >= v["min_turns"].as_f64().unwrap());
    assert_eq!(v["failures"], serde_json::json!([]));
    let records = v["records"].as_array().expect("records");
    assert_eq!(records.len(), 6);
    // Sides alternate: the first bot is red in even games.
    assert_eq!(
        (records[0]["red"].as_str(), records[1]["red"].as_str()),
        (Some("heuristic"), Some("random"))
    );
    assert_eq!(records[3]["seed"], 13);
    assert_eq!(
        records[3]["replay"],
        "sanctum play --red random --blue heuristic --seed 13"
    );
}

/// Game i of the arena is `sanctum play` with seed S+i: the same winner, length and end.
#[test]
fn an_arena_game_replays_with_play() {
    let v = arena_json(&["--bots", "heuristic,rush", "--games", "2", "--seed", "40"]);
    for r in v["records"].as_array().expect("records") {
        let seed = r["seed"].to_string();
        let out = sanctum()
            .args(["play", "--json", "--seed", &seed])
            .args([
                "--red",
                r["red"].as_str().unwrap(),
                "--blue",
                r["blue"].as_str().unwrap(),
            ])
            .output()
            .expect("runs");
        assert_same_game(&out, r);
    }
}

/// `play --json`'s output ends the game as the arena record says.
fn assert_same_game(out: &std::process::Output, r: &Value) {
    let p: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (&p["winner"], &p["turns"], &p["reason"]),
        (&r["winner"], &r["turns"], &r["reason"])
    );
}

/// The arguments of a record's replay command, after `sanctum`.
fn replay_args(r: &Value) -> Vec<&str> {
    r["replay"]
        .as_str()
        .expect("a replay")
        .split(' ')
        .skip(1)
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_json_whatever_the_threads() {
    let args = ["--bots", "rush,heuristic", "--games", "5", "--seed", "77"];
    let one = arena_json(&[&args[..], &["--threads", "1"]].concat());
    let two = arena_json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
}

#[test]
fn bad_arguments_exit_2_naming_what_was_wrong() {
    let cases: [(&[&str], &str); 8] = [
        (
            &[
                "--bots",
                "rush,random",
                "--games",
                "3",
                "--decks",
                "war_mind,nope",
            ],
            "unknown starter deck 'nope' (valid: all, or names from war_mind,",
        ),
        (
            &[
                "--bots",
                "rush,random",
                "--games",
                "3",
                "--decks",
                "war_mind,war_mind",
            ],
            "names a deck twice",
        ),
        (
            &[
                "--bots",
                "search,random",
                "--games",
                "3",
                "--budget-iters",
                "0",
            ],
            "malformed iteration budget '0'",
        ),
        (
            &["--bots", "heuristic,random", "--games", "0"],
            "malformed game count '0'",
        ),
        (
            &["--bots", "heuristic,genius", "--games", "3"],
            "unknown bot 'genius' (valid: random, rush, heuristic, search)",
        ),
        (
            &["--bots", "heuristic", "--games", "3"],
            "names 1 bots; give two",
        ),
        (
            &["--bots", "rush,random", "--games", "3", "--threads", "0"],
            "malformed thread count '0'",
        ),
        (
            &["--bots", "rush,random", "--games", "3", "--seed", "-1"],
            "malformed seed '-1'",
        ),
    ];
    for (args, message) in cases {
        let out = sanctum().arg("arena").args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn arena_writes_a_self_contained_html_page_and_a_text_report() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("arena.html");
    sanctum()
        .args([
            "arena",
            "--bots",
            "heuristic,random",
            "--games",
            "4",
            "--seed",
            "1",
            "--html",
        ])
        .arg(&page)
        .assert()
        .success()
        .stdout(predicate::str::contains("heuristic vs random: 4 games"))
        .stdout(predicate::str::contains("95% CI (Wilson)"))
        .stdout(predicate::str::contains("end reasons: sanctum_captured"));
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<svg").count(), 3, "three charts");
    assert!(html.contains("win rate by deck pair"));
    assert!(html.contains("game length distribution") && html.contains("win rates"));
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));
}

#[test]
fn an_unwritable_html_path_is_an_error_naming_it() {
    sanctum()
        .args([
            "arena",
            "--bots",
            "rush,random",
            "--games",
            "1",
            "--html",
            "/nonexistent/dir/a.html",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("/nonexistent/dir/a.html"));
}

/// `--decks` rotates through every pair; the report has results by pair and by deck,
/// and each game replays with `play` and the decks its replay command names.
#[test]
fn arena_decks_give_results_per_pair_and_replay_with_play() {
    let decks = "war_mind,making_death,nature_hope";
    let v = arena_json(&[
        "--bots",
        "heuristic,rush",
        "--games",
        "12",
        "--seed",
        "3",
        "--decks",
        decks,
    ]);
    let pairs = v["by_pair"].as_array().expect("by_pair");
    assert_eq!(pairs.len(), 3);
    for p in pairs {
        assert_eq!(p["finished"], 4, "{p}");
        let won = p["wins"][0].as_u64().unwrap() + p["wins"][1].as_u64().unwrap();
        assert_eq!(won + p["draws"].as_u64().unwrap(), 4);
    }
    assert_eq!(
        pairs[1]["decks"],
        serde_json::json!(["war_mind", "nature_hope"])
    );
    let by_deck = v["by_deck"].as_array().expect("by_deck");
    assert_eq!(by_deck.len(), 3);
    assert!(by_deck.iter().all(|d| d["finished"] == 8));
    let r = &v["records"][7];
    assert_eq!(
        r["replay"],
        "sanctum play --red rush --blue heuristic --seed 10 --red-deck making_death --blue-deck war_mind"
    );
    let replay: Vec<&str> = r["replay"].as_str().unwrap().split(' ').skip(1).collect();
    let out = sanctum()
        .args(&replay)
        .arg("--json")
        .output()
        .expect("runs");
    let p: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (&p["winner"], &p["turns"], &p["reason"]),
        (&r["winner"], &r["turns"], &r["reason"])
    );
    let text = sanctum()
        .args([
            "arena",
            "--bots",
            "heuristic,rush",
            "--games",
            "2",
            "--decks",
            "all",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("heuristic by deck pair:"), "{text}");
    assert!(text.contains("war_mind / nature_hope"), "{text}");
}

/// The search bot plays arena games that replay with `play` and the same budget,
/// whatever the threads it thinks on.
#[test]
fn a_search_game_replays_with_play_and_its_budget() {
    let v = arena_json(&[
        "--bots",
        "search,random",
        "--games",
        "1",
        "--seed",
        "5",
        "--budget-iters",
        "6",
    ]);
    let r = &v["records"][0];
    assert_eq!(
        r["replay"],
        "sanctum play --red search --blue random --seed 5 --budget-iters 6"
    );
    for threads in ["1", "2"] {
        let out = sanctum()
            .args(replay_args(r))
            .args(["--json", "--search-threads", threads])
            .output();
        assert_same_game(&out.expect("runs"), r);
    }
}
