//! Fuzz-style tests of the sanctum file formats (movement scenarios, turn
//! scenarios, game logs, deck files): the shipped examples, mutated (bytes flipped, cut
//! short, lines deleted or doubled, numbers replaced with extremes, strings
//! made huge), never make `sanctum` panic; it exits 0, 1 or 2, and an error
//! names the file. `FUZZ_CASES=n` runs more cases.

#[path = "../../mortalis-cli/tests/common/mutate.rs"]
mod mutate;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sanctum_rules::Scenario;

/// The shipped movement scenarios.
fn scenarios() -> Vec<PathBuf> {
    examples("tests/scenarios")
}

/// The `.toml` files of `sanctum-rules/DIR`.
fn examples(dir: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sanctum-rules")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// Runs `sanctum ARGS FILE` on `example` changed by `ms`.
fn run_mutated(
    args: &[&str],
    example: &Path,
    ms: &[mutate::Mutation],
) -> Result<(), TestCaseError> {
    let text = ms
        .iter()
        .fold(std::fs::read(example).unwrap(), |t, m| mutate::apply(&t, m));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, text).unwrap();
    let out = Command::cargo_bin("sanctum")
        .unwrap()
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    mutate::check(&out, &[&path])
}

/// A game log written by `sanctum play` (once per test run).
fn game_log() -> PathBuf {
    static LOG: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    LOG.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("sanctum-fuzz-{}.json", std::process::id()));
        Command::cargo_bin("sanctum")
            .unwrap()
            .args([
                "play", "--red", "rush", "--blue", "random", "--seed", "5", "--log",
            ])
            .arg(&path)
            .assert()
            .success();
        path
    })
    .clone()
}

proptest! {
    #![proptest_config(mutate::config(96))]

    #[test]
    fn mutated_scenarios(which in any::<usize>(), ms in mutate::mutations()) {
        let files = scenarios();
        run_mutated(&["resolve", "--json", "--trace"], &files[which % files.len()], &ms)?;
    }

    #[test]
    fn mutated_turn_scenarios(which in any::<usize>(), ms in mutate::mutations()) {
        let files = examples("tests/turns");
        run_mutated(&["turn", "--json"], &files[which % files.len()], &ms)?;
    }

    #[test]
    fn mutated_game_logs(ms in mutate::mutations()) {
        run_mutated(&["replay", "--json"], &game_log(), &ms)?;
    }

    /// The starter decks, mutated: `deck validate` (exit 0, 1 or 2), and one case in
    /// eight a whole game with the deck as red's.
    #[test]
    fn mutated_deck_files(which in any::<usize>(), ms in mutate::mutations()) {
        let files = examples("decks");
        let file = &files[which % files.len()];
        run_mutated(&["deck", "validate", "--json"], file, &ms)?;
        run_mutated(&["deck", "validate"], file, &ms)?;
        if which % 8 == 0 {
            run_mutated(&["play", "--seed", "1", "--json", "--red-deck"], file, &ms)?;
        }
    }
}

/// Every number of every starter deck at every extreme, checked in-process: a
/// report or an error, never a panic.
#[test]
fn every_number_of_every_deck_at_every_extreme() {
    for file in examples("decks") {
        let text = std::fs::read(&file).unwrap();
        for t in mutate::every_number_at_every_extreme(&text) {
            let Ok(text) = std::str::from_utf8(&t) else {
                continue;
            };
            let done = std::panic::catch_unwind(|| {
                if let Ok(check) = sanctum_rules::decks::check(text) {
                    let _ = check.summary();
                    let _ = check.into_deck().map(|d| d.choice());
                }
            });
            assert!(done.is_ok(), "{}: panic on:\n{text}", file.display());
        }
    }
}

/// Every number of every shipped scenario at every extreme, parsed and
/// resolved in-process: an error or a phase, never a panic.
#[test]
fn every_number_of_every_scenario_at_every_extreme() {
    for file in scenarios() {
        let text = std::fs::read(&file).unwrap();
        for t in mutate::every_number_at_every_extreme(&text) {
            let resolved = std::panic::catch_unwind(|| {
                let Ok(text) = std::str::from_utf8(&t) else {
                    return;
                };
                if let Ok(s) = Scenario::parse(text) {
                    s.phase.resolve(true);
                }
            });
            assert!(
                resolved.is_ok(),
                "{}: panic on:\n{}",
                file.display(),
                String::from_utf8_lossy(&t)
            );
        }
    }
}

/// Every number of every shipped turn scenario and of a game log at every
/// extreme, run in-process: an error or a result, never a panic.
#[test]
fn every_number_of_turn_scenarios_and_logs_at_every_extreme() {
    use sanctum_rules::game::GameLog;
    use sanctum_rules::game::scenario::TurnScenario;
    let sweep = |file: &Path, run: &dyn Fn(&str)| {
        let text = std::fs::read(file).unwrap();
        for t in mutate::every_number_at_every_extreme(&text) {
            let Ok(text) = std::str::from_utf8(&t) else {
                continue;
            };
            let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(text)));
            assert!(done.is_ok(), "{}: panic on:\n{text}", file.display());
        }
    };
    for file in examples("tests/turns") {
        sweep(&file, &|text| {
            if let Ok(sc) = TurnScenario::parse(text) {
                let _ = sc.run();
            }
        });
    }
    sweep(&game_log(), &|text| {
        if let Ok(log) = serde_json::from_str::<GameLog>(text) {
            let _ = log.replay(None, |_, _, _| {});
        }
    });
}
