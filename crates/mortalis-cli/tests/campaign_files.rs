//! Campaign files players can trust (issue 9): the lock that keeps two
//! writers apart, saving through links with the file's permissions, no
//! leftover temporary files, and undo that never strands a campaign.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use assert_cmd::Command;
use predicates::prelude::*;

mod common;
use common::{data, mortalis, new_campaign, two_battles};

/// A decisions file for `trade` with one purchase action.
fn trade_decisions(dir: &Path, name: &str, action: &str) -> PathBuf {
    let d = dir.join(name);
    std::fs::write(&d, format!("[[purchase]]\n{action}\n")).unwrap();
    d
}

fn trade(c: &Path, decisions: &Path) -> Command {
    let mut m = mortalis();
    m.args(["campaign", "trade"])
        .arg(c)
        .arg("--decisions")
        .arg(decisions)
        .args(["--seed", "1"]);
    m
}

fn events(c: &Path) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(c).unwrap()).unwrap();
    v["events"].as_array().unwrap().clone()
}

/// The lock file, held from this process with the same crate the binary
/// uses: every writing command is refused at once (exit 1), naming the file;
/// reading commands go on.
#[test]
fn a_held_lock_refuses_every_writer_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    let before = std::fs::read(&c).unwrap();
    let stash = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    let lock = std::fs::File::create(dir.path().join(".c.json.lock")).unwrap();
    let mut lock = fd_lock::RwLock::new(lock);
    let held = lock.try_write().unwrap();
    let busy = format!(
        "{}: another mortalis is changing this campaign right now",
        c.display()
    );
    trade(&c, &stash)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(busy.clone()));
    for args in [
        vec!["campaign", "undo"],
        vec!["campaign", "battle", "--seed", "1"],
    ] {
        let mut m = mortalis();
        m.args(&args[..2]).arg(&c);
        if args.len() > 2 {
            m.arg(data("report1.toml")).args(&args[2..]);
        }
        m.assert()
            .code(1)
            .stderr(predicate::str::contains(busy.clone()));
    }
    mortalis()
        .args(["--lang", "pl", "campaign", "trade"])
        .arg(&c)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("inny proces mortalis"));
    mortalis()
        .args(["campaign", "show"])
        .arg(&c)
        .assert()
        .success();
    assert_eq!(std::fs::read(&c).unwrap(), before, "file changed");
    drop(held);
    trade(&c, &stash).assert().success();
}

/// A trade waiting at the terminal holds the lock: a second writer is
/// refused at once, and the first one's change is saved when it finishes.
#[test]
fn a_writer_at_the_terminal_keeps_the_others_out() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    let mut first = std::process::Command::new(assert_cmd::cargo::cargo_bin("mortalis"))
        .env_remove("LANG")
        .args(["campaign", "trade"])
        .arg(&c)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The purchase prompt is printed once the campaign is locked and read.
    let mut err = BufReader::new(first.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("Purchases: credits") {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "no prompt");
    }
    let stash = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Kieł\"",
    );
    trade(&c, &stash)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("another mortalis"));
    let mut stdin = first.stdin.take().unwrap();
    stdin.write_all(b"stash Bolo\ndone\n").unwrap();
    drop(stdin);
    assert!(first.wait().unwrap().success());
    let ev = events(&c);
    assert_eq!(ev.len(), 2, "{ev:?}");
    assert_eq!(ev[1]["action"]["model"], "Bolo");
}

/// Two writers started together: one is refused, or they ran one after the
/// other; never do both succeed with one change lost.
#[test]
fn concurrent_writers_never_lose_an_update() {
    let dir = tempfile::tempdir().unwrap();
    let a = trade_decisions(
        dir.path(),
        "a.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    let b = trade_decisions(
        dir.path(),
        "b.toml",
        "action = \"to_stash\"\nmodel = \"Kieł\"",
    );
    for round in 0..6 {
        let sub = dir.path().join(format!("round{round}"));
        std::fs::create_dir(&sub).unwrap();
        let c = new_campaign(&sub);
        let spawn = |d: &Path| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("mortalis"))
                .env_remove("LANG")
                .args(["campaign", "trade"])
                .arg(&c)
                .arg("--decisions")
                .arg(d)
                .args(["--seed", "1"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (pa, pb) = (spawn(&a), spawn(&b));
        let (oa, ob) = (
            pa.wait_with_output().unwrap(),
            pb.wait_with_output().unwrap(),
        );
        let ok = [&oa, &ob].iter().filter(|o| o.status.success()).count();
        for o in [&oa, &ob] {
            if !o.status.success() {
                assert_eq!(o.status.code(), Some(1));
                let msg = String::from_utf8_lossy(&o.stderr);
                assert!(msg.contains("another mortalis"), "{msg}");
            }
        }
        let trades = events(&c).iter().filter(|e| e["event"] == "trade").count();
        assert_eq!(trades, ok, "round {round}: {ok} writers succeeded");
    }
}

/// Saving through a link writes the real file and keeps the link.
#[cfg(unix)]
#[test]
fn saving_writes_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::fs::rename(new_campaign(dir.path()), &real).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let d = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    trade(&link, &d).assert().success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(events(&real).len(), 2);
    // One lock for both names: the real file's.
    assert!(dir.path().join(".real.json.lock").exists());
    assert!(!dir.path().join(".link.json.lock").exists());
}

/// A private campaign stays private.
#[cfg(unix)]
#[test]
fn saving_keeps_the_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    std::fs::set_permissions(&c, std::fs::Permissions::from_mode(0o600)).unwrap();
    let d = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    trade(&c, &d).assert().success();
    let mode = std::fs::metadata(&c).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    mortalis()
        .args(["campaign", "undo"])
        .arg(&c)
        .assert()
        .success();
    let mode = std::fs::metadata(&c).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// A save killed midway leaves `.NAME.tmp` (or, from older versions,
/// `.NAME.tmp<PID>`): the next save takes the first over and removes the
/// others; files of other campaigns are left alone.
#[test]
fn a_save_clears_leftover_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    let left = [".c.json.tmp", ".c.json.tmp4242", ".c.json.tmp17"];
    let kept = [".c.json.tmpx", ".d.json.tmp99"];
    for name in left.iter().chain(&kept) {
        std::fs::write(dir.path().join(name), "half a campaign").unwrap();
    }
    let d = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    trade(&c, &d).assert().success();
    for name in left {
        assert!(!dir.path().join(name).exists(), "{name} left");
    }
    for name in kept {
        assert!(dir.path().join(name).exists(), "{name} removed");
    }
    assert_eq!(events(&c).len(), 2);
}

/// `undo --events N` removes single events while the campaign stays whole
/// (purchases), and refuses a count that would stop a post-battle sequence
/// part-way, saying which count would do.
#[test]
fn undo_events_never_stops_a_sequence_part_way() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    assert_eq!(events(&c).len(), 31);
    let before = std::fs::read(&c).unwrap();
    mortalis()
        .args(["campaign", "undo", "--events", "3"])
        .arg(&c)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "undoing 3 events would leave a step unfinished",
        ))
        .stderr(predicate::str::contains(
            "The post-battle sequence of battle 2 is unfinished (next would be: Iga: level 1)",
        ))
        .stderr(predicate::str::contains("or --events 15"));
    mortalis()
        .args(["--lang", "pl", "campaign", "undo", "--events", "3"])
        .arg(&c)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Sekwencja po bitwie 2 jest niedokończona",
        ));
    mortalis()
        .args(["campaign", "undo", "--events", "99"])
        .arg(&c)
        .assert()
        .code(2);
    assert_eq!(std::fs::read(&c).unwrap(), before);
    mortalis()
        .args(["campaign", "undo", "--events", "2"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("Undone #29–#30 (events: 2): Sell"));
    assert_eq!(events(&c).len(), 29);
}

/// A log cut inside a post-battle sequence (an older version's undo did
/// that): `show` says so, `battle` and `trade` refuse and point to `undo`,
/// and `undo` removes the unfinished step so that the campaign goes on.
#[test]
fn an_unfinished_sequence_is_shown_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&c).unwrap()).unwrap();
    v["events"].as_array_mut().unwrap().truncate(27);
    std::fs::write(&c, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let unfinished = "The post-battle sequence of battle 2 is unfinished (next would be: Advancement: Iga, level 1, 2d6)";
    mortalis()
        .args(["campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains(unfinished))
        .stdout(predicate::str::contains(
            "`campaign undo` removes that step",
        ));
    mortalis()
        .args(["--lang", "pl", "campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Sekwencja po bitwie 2 jest niedokończona (dalej byłoby: Awans: Iga, poziom 1, 2k6)",
        ));
    let d = trade_decisions(
        dir.path(),
        "d.toml",
        "action = \"to_stash\"\nmodel = \"Bolo\"",
    );
    trade(&c, &d)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(unfinished));
    mortalis()
        .args(["campaign", "battle"])
        .arg(&c)
        .arg(data("report1.toml"))
        .args(["--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(unfinished));
    mortalis()
        .args(["campaign", "undo"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Undone #16–#26 (events: 11): Battle 2",
        ))
        .stdout(predicate::str::contains("Next: a battle"));
    trade(&c, &d).assert().success();
}

/// A mistyped campaign name is an error (exit 2) and leaves no lock file.
#[test]
fn a_missing_campaign_makes_no_lock_file() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("typo.json");
    mortalis()
        .args(["campaign", "undo"])
        .arg(&c)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The reproductions by hand, on the file: the battle's income
/// 20 → 2000, 3 XP → 300, the first event after a battle deleted. Each is
/// refused (exit 2) naming the event and the field; nothing is written.
#[test]
fn hand_edits_of_the_file_are_refused_naming_event_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let text = std::fs::read_to_string(&c).unwrap();
    let refused = |edited: String, message: &str| {
        std::fs::write(&c, &edited).unwrap();
        for cmd in ["show", "undo"] {
            mortalis()
                .args(["campaign", cmd])
                .arg(&c)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(message));
        }
        assert_eq!(std::fs::read_to_string(&c).unwrap(), edited);
    };
    refused(
        text.replacen("\"amount\": 20,", "\"amount\": 2000,", 1),
        "event 1 (income): `amount` is 2000 in the log, the rules give 20",
    );
    refused(
        text.replacen("\"amount\": 3,", "\"amount\": 300,", 1),
        "event 9 (xp): `amount` is 300 in the log, the rules give 3",
    );
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["events"].as_array_mut().unwrap().remove(17);
    refused(
        serde_json::to_string_pretty(&v).unwrap(),
        "event 17 (loot): the log has a `loot` event here, the rules expect `income`",
    );
}
