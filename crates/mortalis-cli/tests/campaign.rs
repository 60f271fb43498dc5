//! End-to-end tests of `mortalis campaign`.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn data(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/campaign")
        .join(p)
}

/// A campaign after two scripted battles (seeds 3 and 11).
fn two_battles(dir: &Path) -> PathBuf {
    let c = dir.join("c.json");
    mortalis()
        .args(["campaign", "new"])
        .arg(data("warband.toml"))
        .arg("--out")
        .arg(&c)
        .assert()
        .success();
    for (report, decisions, seed) in [
        ("report1.toml", "decisions1.toml", "3"),
        ("report2.toml", "decisions2.toml", "11"),
    ] {
        mortalis()
            .args(["campaign", "battle"])
            .arg(&c)
            .arg(data(report))
            .arg("--decisions")
            .arg(data(decisions))
            .args(["--seed", seed])
            .assert()
            .success();
    }
    c
}

fn show_json(c: &Path) -> String {
    let out = mortalis()
        .args(["campaign", "show", "--json"])
        .arg(c)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn scripted_campaign_matches_golden_state() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let got = show_json(&c);
    let golden = data("golden_state.json");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &got).unwrap();
    }
    assert_eq!(got, std::fs::read_to_string(golden).unwrap());
    mortalis()
        .args(["--lang", "pl", "campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("kredyty 45 tk, bitwy 2"));
    mortalis()
        .args(["campaign", "log"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("credits: 45 tk → 65 tk"));
}

#[test]
fn undo_walks_back_to_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&c).unwrap()).unwrap();
    let n = v["events"].as_array().unwrap().len();
    for _ in 0..n {
        mortalis()
            .args(["campaign", "undo"])
            .arg(&c)
            .assert()
            .success();
    }
    let fresh = dir.path().join("fresh.json");
    mortalis()
        .args(["campaign", "new"])
        .arg(data("warband.toml"))
        .arg("--out")
        .arg(&fresh)
        .assert()
        .success();
    assert_eq!(std::fs::read(&c).unwrap(), std::fs::read(&fresh).unwrap());
    mortalis()
        .args(["campaign", "undo"])
        .arg(&c)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nothing to undo"));
}

fn refused(c: &Path, args: &[&str], message: &str) {
    let before = std::fs::read(c).unwrap();
    mortalis()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message));
    assert_eq!(std::fs::read(c).unwrap(), before, "file changed");
}

#[test]
fn bad_input_exits_2_and_leaves_the_file_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("c.json");
    mortalis()
        .args(["campaign", "new"])
        .arg(data("warband.toml"))
        .arg("--out")
        .arg(&c)
        .assert()
        .success();
    let cs = c.to_str().unwrap().to_string();
    let d = |p: &str| data(p).to_str().unwrap().to_string();
    let battle = |report: &str, dec: &str| {
        vec![
            "campaign".to_string(),
            "battle".into(),
            cs.clone(),
            d(report),
            "--decisions".into(),
            d(dec),
            "--seed".into(),
            "3".into(),
        ]
    };
    let run = |v: Vec<String>, msg: &str| {
        let a: Vec<&str> = v.iter().map(String::as_str).collect();
        refused(&c, &a, msg);
    };
    run(
        battle("bad_model.toml", "decisions1.toml"),
        "no model named `Nobody`",
    );
    run(
        battle("report1.toml", "too_expensive.toml"),
        "masking_protocol costs 60 tk, the warband has 45 tk",
    );
    run(battle("report1.toml", "forbidden.toml"), "level.Rex.3");
    // Exists already: not overwritten.
    refused(
        &c,
        &["campaign", "new", &d("warband.toml"), "--out", &cs],
        "file exists",
    );
}

#[test]
fn newer_corrupt_and_inconsistent_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let text = std::fs::read_to_string(&c).unwrap();
    let write = |t: &str| std::fs::write(&c, t).unwrap();
    write(&text.replacen("\"version\": 1", "\"version\": 2", 1));
    refused(
        &c,
        &["campaign", "show", c.to_str().unwrap()],
        "newer version",
    );
    write(&text[..text.len() / 2]);
    refused(
        &c,
        &["campaign", "show", c.to_str().unwrap()],
        "corrupt JSON",
    );
    // A hand-edited loot roll: 3+1 is 10 tk of technologies, not 15.
    write(&text.replacen("\"technology\": 10", "\"technology\": 15", 1));
    refused(&c, &["campaign", "undo", c.to_str().unwrap()], "event 3");
    write(&text.replacen("\"credits\":", "\"credit\":", 1));
    refused(
        &c,
        &["campaign", "show", c.to_str().unwrap()],
        "unknown field",
    );
}
