//! Helpers shared by the campaign tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

pub fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

pub fn data(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/campaign")
        .join(p)
}

pub fn new_campaign(dir: &Path) -> PathBuf {
    let c = dir.join("c.json");
    mortalis()
        .args(["campaign", "new"])
        .arg(data("warband.toml"))
        .arg("--out")
        .arg(&c)
        .assert()
        .success();
    c
}

pub fn scripted_battle(c: &Path, report: &str, decisions: &str, seed: &str) {
    mortalis()
        .args(["campaign", "battle"])
        .arg(c)
        .arg(data(report))
        .arg("--decisions")
        .arg(data(decisions))
        .args(["--seed", seed])
        .assert()
        .success();
}

/// A campaign after two scripted battles (seeds 3 and 11).
pub fn two_battles(dir: &Path) -> PathBuf {
    let c = new_campaign(dir);
    scripted_battle(&c, "report1.toml", "decisions1.toml", "3");
    scripted_battle(&c, "report2.toml", "decisions2.toml", "11");
    c
}
