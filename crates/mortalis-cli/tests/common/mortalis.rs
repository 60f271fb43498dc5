//! Running the `mortalis` binary from the tests of issue 9 (included with
//! `#[path]` by `fuzz.rs` and `inputs.rs`).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The binary, in English, run from the crate's directory.
pub fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// A shipped example under `tests/data`.
pub fn data(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(p)
}

/// A fresh campaign `dir/c.json` made from the shipped warband.
pub fn campaign(dir: &Path) -> PathBuf {
    let c = dir.join("c.json");
    let _ = std::fs::remove_file(&c);
    mortalis()
        .args(["campaign", "new"])
        .arg(data("campaign/warband.toml"))
        .arg("--out")
        .arg(&c)
        .assert()
        .success();
    c
}
