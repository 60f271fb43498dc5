//! End-to-end tests of the `mortalis` binary.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn json(args: &[&str]) -> (Value, i32) {
    let out = mortalis().args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (v, out.status.code().unwrap())
}

#[test]
fn odds_shoot_json() {
    let (v, code) = json(&["odds", "tests/data/shoot.toml", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["shots"], 3);
    assert_eq!(v["hit"], serde_json::json!(["5/18", "1/6", "1/12"]));
    assert_eq!(v["fail_save"], "7/12");
    assert_eq!(v["out_of_action"], "627683/2239488");
    assert!((v["expected_hits"].as_f64().unwrap() - 19.0 / 36.0).abs() < 1e-12);
}

#[test]
fn odds_melee_json_has_all_keys() {
    let (v, code) = json(&["odds", "tests/data/melee.toml", "--json"]);
    assert_eq!(code, 0);
    for k in [
        "attacker_hits",
        "defender_hits",
        "tie",
        "defender_out",
        "attacker_out",
    ] {
        let s = v[k].as_str().unwrap();
        assert!(s.contains('/'), "{k}: {s}");
    }
    assert_eq!(v["attacker_modifier"], 3);
}

#[test]
fn odds_table_in_both_languages() {
    mortalis()
        .args(["odds", "tests/data/shoot.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("at least").and(predicate::str::contains("27.78%")))
        .stdout(predicate::str::contains("Target out of action"));
    mortalis()
        .args(["--lang", "pl", "odds", "tests/data/shoot.toml"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("co najmniej")
                .and(predicate::str::contains("Cel wyeliminowany")),
        );
    mortalis()
        .env("LANG", "pl_PL.UTF-8")
        .args(["odds", "tests/data/melee.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Walka wręcz"));
}

#[test]
fn forbidden_action_names_the_rule() {
    mortalis()
        .args(["odds", "tests/data/heavy_moved.toml", "--json"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains("heavy_after_move")
                .and(predicate::str::contains("heavy_moved.toml")),
        );
}

#[test]
fn malformed_query_reports_the_line() {
    mortalis()
        .args(["odds", "tests/data/bad_syntax.toml"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("line 3"));
    mortalis()
        .args(["odds", "tests/data/missing.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

/// The system's reason for a missing file is said in the session's
/// language, its number kept (until session 38 it stayed English in a
/// Polish session).
#[test]
fn a_missing_file_is_said_in_either_language() {
    mortalis()
        .args(["--lang", "pl", "odds", "tests/data/missing.toml"])
        .assert()
        .code(2)
        .stderr(
            "błąd: nie można odczytać tests/data/missing.toml: \
             nie ma takiego pliku ani katalogu (błąd systemowy nr 2)\n",
        );
    mortalis()
        .args(["--lang", "en", "odds", "tests/data/missing.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: cannot read tests/data/missing.toml: No such file or directory",
        ));
}

#[test]
fn validate_valid_warband() {
    let (v, code) = json(&["warband", "validate", "tests/data/rdza.toml", "--json"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["valid"], true);
    assert_eq!(v["cost"], 35 + 15 + 20 + 30 + 5);
    assert_eq!(v["models"], 5);
    assert_eq!(v["strength"], 15 + 4 + 2);
    assert_eq!(v["errors"], serde_json::json!([]));
}

#[test]
fn validate_invalid_warband_lists_errors() {
    let (v, code) = json(&["warband", "validate", "tests/data/tlum.toml", "--json"]);
    assert_eq!(code, 1);
    assert_eq!(v["valid"], false);
    let errs = v["errors"].as_array().unwrap();
    assert!(errs.iter().any(|e| e["rule"] == "too_many_models"
        && e["model"].is_null()
        && e["message"] == "8 models, at most 7"));
    assert!(
        errs.iter()
            .any(|e| e["rule"] == "option_not_offered" && e["model"] == "H")
    );
    mortalis()
        .args([
            "--lang",
            "pl",
            "warband",
            "validate",
            "tests/data/tlum.toml",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("8 modeli, najwyżej 7"));
}

#[test]
fn validate_unknown_archetype_is_malformed() {
    mortalis()
        .args([
            "warband",
            "validate",
            "tests/data/unknown_archetype.toml",
            "--json",
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("line 4").and(predicate::str::contains("wizard")));
}

#[test]
fn show_prints_sheet_and_writes_html() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("roster.html");
    mortalis()
        .args(["warband", "show", "tests/data/rdza.toml", "--html"])
        .arg(&html)
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("S4|W0|C8|O5")
                .and(predicate::str::contains("Captain: one reroll per game"))
                .and(predicate::str::contains("Large target").not()),
        );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<td>Rex</td>") && page.contains("Kieł"));
    assert!(!page.contains("<h2>Errors</h2>"));
}

#[test]
fn matchup_counts_volunteers() {
    // rdza: strength 21; veterans: 9 + 34 + 12 + 2 + 2 (jetpack) = 59 -> 38 apart: 2 volunteers.
    let (v, code) = json(&[
        "warband",
        "matchup",
        "tests/data/rdza.toml",
        "tests/data/veterans.toml",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["a"]["strength"], 21);
    assert_eq!(v["b"]["strength"], 59);
    assert_eq!(v["a"]["volunteers"], 2);
    assert_eq!(v["b"]["volunteers"], 0);
    mortalis()
        .args([
            "--lang",
            "pl",
            "warband",
            "matchup",
            "tests/data/rdza.toml",
            "tests/data/veterans.toml",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Rdza i Krew: otrzymuje 2 ochotników",
        ));
}

#[test]
fn roll_with_typed_and_seeded_dice() {
    mortalis()
        .args(["roll", "tests/data/shoot.toml", "--dice", "2,2,6,6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Shot 1").and(predicate::str::contains("out of action")));
    let a = mortalis()
        .args(["roll", "tests/data/melee.toml", "--seed", "9"])
        .output()
        .unwrap();
    let b = mortalis()
        .args(["roll", "tests/data/melee.toml", "--seed", "9"])
        .output()
        .unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    mortalis()
        .args(["roll", "tests/data/shoot.toml", "--dice", "2,9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("9"));
    mortalis()
        .args(["roll", "tests/data/shoot.toml", "--dice", "6,6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no more typed-in dice"));
}

#[test]
fn catalogue_lists_ids() {
    mortalis().arg("catalogue").assert().success().stdout(
        predicate::str::contains("rocket_launcher").and(predicate::str::contains("point_blank")),
    );
}

#[test]
fn roll_asks_for_dice_on_stdin() {
    // A wrong entry is asked again; 1+2 hits (need < 6), 3+3 passes the save on 6.
    mortalis()
        .args(["roll", "tests/data/shoot.toml", "--ask"])
        .write_stdin("9\n1\n2\n3\n3\n6\n6\n6\n6\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("Type a number from 1 to 6."))
        .stdout(predicate::str::contains("Shot 1").and(predicate::str::contains("passed")));
}

#[test]
fn roll_says_when_stdin_cannot_be_read_rather_than_that_it_ended() {
    // Bytes that are not UTF-8 fail the read: the error names the die and
    // the reason, not "no more typed-in dice" as if the player had stopped.
    mortalis()
        .args(["roll", "tests/data/shoot.toml", "--ask"])
        .write_stdin(b"1\n\xff\xfe\n".to_vec())
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("die number 2 could not be read")
                .and(predicate::str::contains("no more typed-in dice").not()),
        );
}

/// Dice errors are said in the interface's language: a typed value out of
/// range, typed dice that ran out, a die that could not be read (until
/// session 41 these stayed English in a Polish session).
#[test]
fn dice_errors_are_said_in_polish() {
    let roll = |dice: &[&str]| {
        let mut c = mortalis();
        c.args(["--lang", "pl", "roll", "tests/data/shoot.toml"])
            .args(dice);
        c
    };
    roll(&["--dice", "2,9"]).assert().code(2).stderr(
        predicate::str::contains("--dice: wartość kości 9 nie mieści się w zakresie od 1 do 6")
            .and(predicate::str::contains("die value").not()),
    );
    roll(&["--dice", "6,6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "kości: zabrakło wpisanych kości (potrzebna była kość nr 3)",
        ));
    roll(&["--ask"])
        .write_stdin(b"1\n\xff\xfe\n".to_vec())
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("Kość 2 (1-6): ")
                .and(predicate::str::contains(
                    "nie udało się odczytać kości nr 2",
                ))
                .and(predicate::str::contains("could not").not()),
        );
}

#[test]
fn show_invalid_warband_prints_sheet_and_problems_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("tlum.html");
    mortalis()
        .args(["warband", "show", "tests/data/tlum.toml", "--html"])
        .arg(&html)
        .assert()
        .code(1)
        .stderr(predicate::str::is_empty())
        .stdout(
            predicate::str::starts_with("== Tłum ==")
                .and(predicate::str::contains("\nH — "))
                .and(predicate::str::contains(
                    "[too_many_models] warband: 8 models, at most 7",
                ))
                .and(predicate::str::contains("[option_not_offered] H:")),
        );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<td>H</td>"), "{page}");
    assert!(page.contains("<h2>Errors</h2>") && page.contains("[too_many_models]"));
    mortalis()
        .args(["--lang", "pl", "warband", "show", "tests/data/tlum.toml"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("Razem").and(predicate::str::contains("8 modeli, najwyżej 7")),
        );
}

#[test]
fn show_unreadable_or_malformed_warband_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("never.html");
    for file in [
        "tests/data/missing.toml",
        "tests/data/unknown_archetype.toml",
    ] {
        mortalis()
            .args(["warband", "show", file, "--html"])
            .arg(&html)
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::starts_with("error: "));
    }
    assert!(!html.exists());
}
