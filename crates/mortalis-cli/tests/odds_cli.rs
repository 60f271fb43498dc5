//! `mortalis odds` and `mortalis roll` with forced rerolls (Dirty tricks,
//! Matrix error; rulings R44-R49).

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::io::Write;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn query_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn odds_json(text: &str) -> Value {
    let f = query_file(text);
    let out = mortalis()
        .args(["odds", f.path().to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

const DIRTY: &str =
    "kind = 'melee'\n[defender]\nskills = ['dirty_tricks']\n[situation]\ncharged = true\n";

#[test]
fn dirty_tricks_after_a_charge_keeps_the_melee_keys() {
    let v = odds_json(DIRTY);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort_unstable();
    let mut want = [
        "attacker_hits",
        "defender_hits",
        "tie",
        "defender_out",
        "attacker_out",
        "attacker_modifier",
        "defender_modifier",
        "defender_save_target",
        "attacker_save_target",
    ];
    want.sort_unstable();
    assert_eq!(keys, want);
    assert_eq!(v["attacker_hits"], "1129/3888");
    assert_eq!(v["defender_hits"], "1589/2592");
    // Without the charge the skill does nothing: equal fighters.
    let v = odds_json("kind = 'melee'\n[defender]\nskills = ['brudne_zagrywki']\n");
    assert_eq!(v["attacker_hits"], "575/1296");
    assert_eq!(v["tie"], "73/648");
}

#[test]
fn matrix_error_in_a_shot_only_within_twelve_inches() {
    let near = odds_json(
        "kind = 'shoot'\n[attacker]\nweapon = 'sniper_rifle'\n[defender]\nskills = ['matrix_error']\n[situation]\nrange = 12\n",
    );
    assert_eq!(near["hit"], serde_json::json!(["25/144"]));
    let far = odds_json(
        "kind = 'shoot'\n[attacker]\nweapon = 'sniper_rifle'\n[defender]\nskills = ['blad_matrycy']\n[situation]\nrange = 12.5\n",
    );
    assert_eq!(far["hit"], serde_json::json!(["5/12"]));
}

#[test]
fn a_misspelt_situation_key_is_still_an_error() {
    let f = query_file("kind = 'melee'\n[situation]\ncharge = true\n");
    mortalis()
        .args(["odds", f.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("charge"));
}

#[test]
fn roll_prints_the_forced_reroll() {
    // 3+6 against 4+4: the defender makes the attacker reroll the 6 (a 1).
    let f = query_file(DIRTY);
    mortalis()
        .args([
            "roll",
            f.path().to_str().unwrap(),
            "--dice",
            "3,6,4,4,1,1,1",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("forced reroll (Dirty tricks)")
                .and(predicate::str::contains("defender wins")),
        );
    mortalis()
        .args([
            "--lang",
            "pl",
            "roll",
            f.path().to_str().unwrap(),
            "--dice",
            "3,6,4,4,1,1,1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "wymuszony przerzut (Brudne zagrywki)",
        ));
    // The target's Matrix error rolls a hit again: 1+1 hits, then 6+6 misses.
    let f = query_file(
        "kind = 'shoot'\n[attacker]\nweapon = 'sniper_rifle'\n[defender]\nskills = ['matrix_error']\n[situation]\nrange = 6\n",
    );
    mortalis()
        .args(["roll", f.path().to_str().unwrap(), "--dice", "1,1,6,6"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("forced whole reroll (Matrix error): [6, 6] = 12 — miss")
                .and(predicate::str::contains("Nobody falls.")),
        );
}

/// Two modifications on one weapon are a forbidden action (R56): exit 2,
/// nothing on stdout, the rule named.
#[test]
fn two_modifications_on_one_weapon_exit_2() {
    let f = query_file(
        "kind = 'shoot'\n[attacker]\nweapon = 'assault_rifle'\nmods = ['precision_sight', 'fire_stabiliser']\n[situation]\nrange = 10\n",
    );
    mortalis()
        .args(["odds", f.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("one_mod_per_item"));
}

/// A fighter's own Matrix error does nothing in melee and is reported as
/// ignored (R20, R59), in JSON and under the table.
#[test]
fn matrix_error_in_melee_is_ignored_and_noted() {
    let text = "kind = 'melee'\n[attacker]\nskills = ['matrix_error']\n";
    let v = odds_json(text);
    assert_eq!(v["ignored"], serde_json::json!(["attacker.matrix_error"]));
    assert_eq!(v["attacker_hits"], "575/1296");
    let f = query_file(text);
    mortalis()
        .args(["odds", f.path().to_str().unwrap()])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("No effect in melee")
                .and(predicate::str::contains("attacker.matrix_error")),
        );
}

/// `roll` names the heroic play used on a test and prints Dispel rolls.
#[test]
fn roll_prints_plays_and_dispel() {
    // Short circuit dispelled by the target: 4+4 = 8.
    let f = query_file(
        "kind = 'shoot'\n[attacker]\ntrick = 'short_circuit'\n[defender]\nskills = ['dispel']\n[situation]\nrange = 8\n",
    );
    mortalis()
        .args(["roll", f.path().to_str().unwrap(), "--dice", "4,4"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Dispel (Short circuit, 8+): [4, 4] = 8 — trick dispelled",
        ));
    // One hit (1+1), the test 6+3 on 4 fails, "I'm fine!" turns the 6 into 1.
    let f = query_file(
        "kind = 'shoot'\n[attacker]\nweapon = 'sniper_rifle'\n[defender]\nskills = ['im_fine']\n[situation]\nrange = 8\n",
    );
    mortalis()
        .args(["roll", f.path().to_str().unwrap(), "--dice", "1,1,6,3,1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("[I'm fine!] — passed"));
}

/// The readable table: the distribution of hits with "exactly" and "at
/// least" columns, percentages aligned and exact fractions beside them.
#[test]
fn hits_table_has_exact_and_at_least_columns() {
    mortalis()
        .args(["odds", "tests/data/shoot.toml"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "0         55.17%  (715/1296)         100.00%  (1/1)\n",
        ))
        .stdout(predicates::str::contains(
            "3          0.39%  (5/1296)             0.39%  (5/1296)\n",
        ));
}
