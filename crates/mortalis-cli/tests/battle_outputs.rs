//! End-to-end, what `mortalis battle` writes and shows besides the
//! account's events (session 34, from a new user's pass): output paths
//! checked before the battle and every file written or none; the drawings
//! of one battle in a folder; the battle shown to a person at the prompt as
//! it goes; a warband against a copy of itself told apart; the scenarios'
//! English names; the tables `table generate --scenario` makes for
//! Otoczeni and Przechwycenie, and the hint towards them; the rolls named
//! in Polish.

use predicates::prelude::*;

#[allow(dead_code)]
#[path = "common/mortalis.rs"]
mod common;
use common::mortalis;

const A: &str = "../mortalis-battle/tests/data/alfa.toml";
const B: &str = "../mortalis-battle/tests/data/beta.toml";
const TABLE: &str = "../mortalis-battle/tests/data/open.toml";

/// `battle A B --scenario jatka --table open.toml --seed 3` and more.
fn battle() -> assert_cmd::Command {
    let mut c = mortalis();
    c.args(["battle", A, B, "--scenario", "jatka", "--table", TABLE]);
    c.args(["--seed", "3", "--lang", "en"]);
    c
}

/// The names in a folder, sorted, temporary ones too.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// A mistake in the output paths is found before the battle is played and
/// leaves nothing behind: drawings asked into a file, two reports at one
/// path, a report that cannot be written (the other report is not left
/// either, nor any half-written file).
#[test]
fn output_paths_are_checked_and_written_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (file, report) = (dir.path().join("afile"), dir.path().join("r.toml"));
    std::fs::write(&file, "").unwrap();
    battle()
        .arg("--report")
        .arg(&report)
        .arg("--svg")
        .arg(&file)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("not a folder"));
    battle()
        .arg("--report")
        .arg(&report)
        .arg("--report-b")
        .arg(&report)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two reports at one path"));
    // One file however spelt.
    battle()
        .current_dir(dir.path())
        .args(["--report", "r.toml", "--report-b", "./r.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two reports at one path"));
    // A report into a folder: refused before the battle.
    std::fs::create_dir(dir.path().join("adir")).unwrap();
    battle()
        .arg("--report")
        .arg(&report)
        .arg("--report-b")
        .arg(dir.path().join("adir"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("it is a folder"));
    // A report that cannot be written: neither report, no drawings, and the
    // drawings' folder made for the run is taken away again.
    battle()
        .arg("--report")
        .arg(&report)
        .arg("--report-b")
        .arg(dir.path().join("missing/b.toml"))
        .arg("--svg")
        .arg(dir.path().join("svg"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write").and(predicate::str::contains("b.toml")));
    assert_eq!(names(dir.path()), ["adir", "afile"]);
}

/// A report written through a link goes to the file the link points at,
/// which keeps its permissions; the link stays a link.
#[cfg(unix)]
#[test]
fn a_report_through_a_link_is_written_to_its_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let (real, link) = (dir.path().join("real.toml"), dir.path().join("link.toml"));
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    battle().arg("--report").arg(&link).assert().success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.contains("scenario = \"massacre\""), "{text}");
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(names(dir.path()), ["link.toml", "real.toml"]);
}

/// The drawings' folder shows one battle: a shorter battle drawn where a
/// longer one was removes the longer one's later rounds, and nothing else.
#[test]
fn the_drawings_show_one_battle() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("svg");
    std::fs::create_dir(&svg).unwrap();
    std::fs::write(svg.join("notes.txt"), "mine").unwrap();
    for rounds in ["3", "1"] {
        battle()
            .args(["--rounds", rounds, "--svg"])
            .arg(&svg)
            .assert()
            .success();
    }
    assert_eq!(names(&svg), ["end.svg", "notes.txt", "round-1.svg"]);
}

/// A person at the prompt sees the battle as it goes: before each question
/// the account's lines since the last one, on stdout, so that stdout holds
/// the whole account once, in order; the lines shown so far stay when the
/// answers run out.
#[test]
fn a_person_sees_the_battle_as_it_goes() {
    let run = |answers: String| {
        let out = battle()
            .args(["--human", "a"])
            .write_stdin(answers)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, whole) = run("1\n".repeat(3000));
    assert_eq!(code, Some(0));
    assert_eq!(whole.matches("Alfa — Beta").count(), 1, "{whole}");
    assert!(
        whole.contains("\nRound 1") && whole.contains("\nEnd: "),
        "{whole}"
    );
    let (code, part) = run("1\n".repeat(12));
    assert_eq!(code, Some(2));
    assert!(
        part.starts_with("Alfa — Beta\n") && part.contains("\nRound 1"),
        "{part}"
    );
    assert!(whole.starts_with(&part), "{part}\n---\n{whole}");
}

/// A warband against a copy of itself: the account names the copies
/// Alfa (A) and Alfa (B), as `simulate` does.
#[test]
fn a_copy_of_a_warband_is_told_apart() {
    mortalis()
        .args(["battle", A, A, "--scenario", "jatka", "--table", TABLE])
        .args(["--seed", "3", "--lang", "en", "--rounds", "1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Alfa (A) — Alfa (B)\n"));
}

/// The scenarios' English names are taken beside the Polish ids.
#[test]
fn scenarios_by_their_english_names() {
    for (en, pl) in [
        ("massacre", "jatka"),
        ("barricades", "barykady"),
        ("surrounded", "otoczeni"),
        ("interception", "przechwycenie"),
        ("pride", "duma"),
    ] {
        let run = |id: &str| {
            mortalis()
                .args(["battle", A, B, "--scenario", id, "--seed", "1"])
                .args(["--rounds", "1", "--json"])
                .output()
                .unwrap()
        };
        let (a, b) = (run(en), run(pl));
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        assert_eq!(a.stdout, b.stdout, "{en}");
    }
}

/// Corners walled off by impassable ground leave the first model deployed
/// nowhere to stand (B154): a B182 refusal naming the table file and the
/// model, in both languages (session 37: the Polish one was English).
#[test]
fn a_full_deployment_zone_is_refused_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("corners.toml");
    let corner =
        |x: u32, y: u32| format!("[[piece]]\nkind = \"impassable\"\nrect = [{x}, {y}, 9, 9]\n");
    let text = format!(
        "size = 28\n{}{}{}{}",
        corner(0, 0),
        corner(19, 0),
        corner(0, 19),
        corner(19, 19)
    );
    std::fs::write(&table, text).unwrap();
    for (lang, words) in [
        (
            "en",
            "B182: deploying A1 with its zone full (B154): this is not simulated yet",
        ),
        (
            "pl",
            "B182: rozstawienie modelu A1 przy pełnej strefie (B154): tego symulator jeszcze nie gra",
        ),
    ] {
        mortalis()
            .args(["battle", A, B, "--scenario", "jatka", "--lang", lang])
            .arg("--table")
            .arg(&table)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("corners.toml: {words}")));
    }
}

/// A plain generated table may have no room round its centre for
/// Otoczeni's markers or Przechwycenie's object (B160, B162): the refusal
/// names the table file and the command that makes one with the centre
/// clear, in both languages; the table it makes plays, and its first line
/// says how it was made.
#[test]
fn tables_for_the_centre_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let (plain, clear) = (dir.path().join("plain.toml"), dir.path().join("clear.toml"));
    mortalis()
        .args(["table", "generate", "--seed", "7", "--out"])
        .arg(&plain)
        .assert()
        .success();
    for (scenario, lang, words) in [
        (
            "otoczeni",
            "en",
            "no room for markers round its centre (B160)",
        ),
        ("przechwycenie", "en", "no room for the object (B162)"),
        (
            "otoczeni",
            "pl",
            "nie ma miejsca na znaczniki wokół środka (B160)",
        ),
    ] {
        mortalis()
            .args([
                "battle",
                A,
                B,
                "--scenario",
                scenario,
                "--seed",
                "1",
                "--lang",
                lang,
            ])
            .arg("--table")
            .arg(&plain)
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("plain.toml: B182: ")
                    .and(predicate::str::contains(words))
                    .and(predicate::str::contains(format!(
                        "mortalis table generate --scenario {scenario}"
                    ))),
            );
        mortalis()
            .args([
                "table",
                "generate",
                "--seed",
                "7",
                "--scenario",
                scenario,
                "--out",
            ])
            .arg(&clear)
            .assert()
            .success();
        let first = std::fs::read_to_string(&clear).unwrap();
        assert!(
            first.starts_with(&format!(
                "# mortalis table generate --seed 7 --size 36 --scenario {scenario}:"
            )),
            "{first}"
        );
        mortalis()
            .args(["battle", A, B, "--scenario", scenario, "--seed", "1"])
            .arg("--table")
            .arg(&clear)
            .assert()
            .success();
    }
}

/// The account names each roll in Polish when it speaks Polish.
#[test]
fn rolls_are_named_in_the_accounts_language() {
    let pl = mortalis()
        .args(["battle", A, B, "--scenario", "jatka", "--table", TABLE])
        .args(["--seed", "3", "--lang", "pl"])
        .output()
        .unwrap();
    let text = String::from_utf8(pl.stdout).unwrap();
    assert!(
        text.contains("(kto zaczyna)") && text.contains("(inicjatywa)"),
        "{text}"
    );
    for english in ["(who starts)", "(initiative)"] {
        assert!(!text.contains(english), "{text}");
    }
}

/// At the prompt "X Y" is two numbers on the table and nothing else: not
/// a number, a third word or a point off the table is asked again, not
/// taken as the option nearest to it.
#[test]
fn a_place_at_the_prompt_is_two_numbers_on_the_table() {
    let mut answers = String::from("nan nan\n7 foo 7\n1e308 1e308\n-3 4\n");
    answers.push_str(&"1\n".repeat(3000));
    let out = mortalis()
        .args(["battle", A, B, "--scenario", "duma", "--seed", "2"])
        .args(["--human", "a", "--lang", "en", "--rounds", "1"])
        .write_stdin(answers)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        err.matches("Give a number from the list").count(),
        4,
        "{err}"
    );
}

/// A roll the captain's reroll changed (B9) shows the die it changed and
/// what it became, after the dice kept, in both languages (seed 1: A1's
/// Resilience test after B2's second hit).
#[test]
fn a_rerolled_die_is_shown() {
    for (lang, words) in [("en", "1+1 (6→1, reroll)"), ("pl", "1+1 (6→1, przerzut)")] {
        mortalis()
            .args(["battle", A, B, "--scenario", "jatka", "--table", TABLE])
            .args(["--seed", "1", "--lang", lang])
            .assert()
            .success()
            .stdout(predicate::str::contains(words));
    }
}

/// A roll-off says whom it gives the choice (the lower total, B155) or the
/// round (the higher total, B17), after the second side's roll, in both
/// languages (seed 3: Alfa 7 against Beta 8 for who starts).
#[test]
fn a_roll_off_says_who_won_it() {
    for (lang, words) in [
        (
            "en",
            [
                "[3, 5] → Alfa chooses (lower total)",
                "starts the round (higher total)",
            ],
        ),
        (
            "pl",
            [
                "[3, 5] → Alfa wybiera (niższy wynik)",
                "zaczyna rundę (wyższy wynik)",
            ],
        ),
    ] {
        mortalis()
            .args(["battle", A, B, "--scenario", "jatka", "--table", TABLE])
            .args(["--seed", "3", "--lang", lang])
            .assert()
            .success()
            .stdout(predicate::str::contains(words[0]).and(predicate::str::contains(words[1])));
    }
    // Duma (Q26): the higher total places first, and nobody chooses (seed
    // 1: Alfa 9 against Beta 7; Alfa's first model is deployed first).
    let duma = |extra: &[&str]| {
        mortalis()
            .args(["battle", A, B, "--scenario", "duma", "--seed", "1"])
            .args(["--lang", "en"])
            .args(extra)
            .output()
            .unwrap()
    };
    let v: serde_json::Value = serde_json::from_slice(&duma(&["--json"]).stdout).unwrap();
    let first = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "decision" && e["about"] == "deploy")
        .unwrap();
    assert_eq!(first["side"], 0, "{first}");
    let text = String::from_utf8(duma(&[]).stdout).unwrap();
    assert!(
        text.contains("[6, 1] → Alfa places first (higher total)"),
        "{text}"
    );
}

/// A move that costs no inches (or less than a tenth) says none: a leg of
/// a jump down (which says which: to the edge, or down), a move a play
/// gives; and a model that leaves the table
/// from where it stands, or a hair from it, only leaves, with no "moves to
/// … [0.0"]" line before it. Session 35's build wrote four such lines in
/// Duma seed 1 (two leaves, two legs of a jump down) and one leave in
/// Jatka seed 4 (A2's), each on its generated table.
#[test]
fn moves_of_no_inches_say_none() {
    for (scenario, seed) in [("jatka", "4"), ("duma", "1")] {
        let out = mortalis()
            .args(["battle", A, B, "--scenario", scenario, "--seed", seed])
            .args(["--lang", "en"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains("[0.0\"]"), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        for pair in lines.windows(2) {
            let (before, after) = (pair[0].trim(), pair[1].trim());
            let Some((who, _)) = after.split_once(" leaves the table") else {
                continue;
            };
            let moved_free =
                before.starts_with(&format!("{who} moves to ")) && !before.contains('[');
            assert!(!moved_free, "{before} / {after}");
        }
        assert!(text.contains("leaves the table"), "{text}");
        if scenario == "duma" {
            // The legs of a jump down say what they are, the roll after.
            let legs = "  B2 reaches the edge at (13.0, 16.5)\n  B2 jumps down to (13.4, 15.5)\n  Beta (jump down): ";
            assert!(text.contains(legs), "{text}");
        }
    }
}

/// What became of a captain's reroll is said after the shot or the
/// exchange it was held for, never before it (it came first until session
/// 36).
#[test]
fn a_captains_reroll_is_told_after_its_roll() {
    let a = "../mortalis-battle/tests/data/alfa_full.toml";
    let b = "../mortalis-battle/tests/data/beta_full.toml";
    let mut told = 0;
    for seed in ["1", "3"] {
        let out = mortalis()
            .args(["battle", a, b, "--scenario", "jatka", "--seed", seed])
            .args(["--lang", "en"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let reroll = |l: &str| l.contains("captain's reroll");
        for (k, line) in lines.iter().enumerate().filter(|(_, l)| reroll(l)) {
            told += 1;
            // Past the other rerolls of the same roll (an attacker's and a
            // defender's captain may both have held theirs).
            let before = lines[..k].iter().rev().find(|l| !reroll(l));
            let roll = [
                "shoots at",
                "attacks",
                "withdraws",
                "fires",
                "throws",
                "casts",
            ];
            assert!(
                before.is_some_and(|b| roll.iter().any(|r| b.contains(r))),
                "{before:?} / {line}"
            );
        }
    }
    assert!(told >= 3, "{told}");
}

/// Volunteers (B11) are named in the account's language: "Volunteer 1" in
/// English, "Ochotnik 1" in Polish (Alfa gets three against the veterans).
#[test]
fn volunteers_are_named_in_the_accounts_language() {
    // Alfa against the veterans in Jatka, seed 1, in a language.
    let battle = |lang: &str| {
        let mut c = mortalis();
        c.args([
            "battle",
            A,
            "tests/data/veterans.toml",
            "--scenario",
            "jatka",
        ])
        .args(["--seed", "1", "--lang", lang]);
        c
    };
    for (lang, own, other) in [
        ("en", "Volunteer 1", "Ochotnik"),
        ("pl", "Ochotnik 1", "Volunteer"),
    ] {
        // And in the drawings of --svg.
        let dir = tempfile::tempdir().unwrap();
        let out = battle(lang).arg("--svg").arg(dir.path()).output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(own), "{text}");
        assert!(!text.contains(other), "{text}");
        let round = std::fs::read_to_string(dir.path().join("round-1.svg")).unwrap();
        assert!(round.contains(&format!(">{own}<")), "{round}");
        assert!(!round.contains(other), "{round}");
    }
    // At the prompt too: the models to activate.
    let out = battle("en")
        .args(["--human", "a"])
        .write_stdin("1\n".repeat(3000))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(") Volunteer 1 (S"), "{err}");
    assert!(!err.contains("Ochotnik"), "{err}");
}
