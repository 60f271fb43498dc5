//! Applying a battle report to a campaign from a test (included with
//! `#[path]` by `battle_cli.rs` and `battle_inputs.rs`).

use std::path::Path;

use assert_cmd::Command;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Applies `report` to `campaign`, answering each decision the campaign
/// names with its first allowed value.
pub fn apply(campaign: &Path, report: &Path, decisions: &Path) {
    let mut answers = String::from("[choices]\n");
    for _ in 0..30 {
        std::fs::write(decisions, &answers).unwrap();
        let out = mortalis()
            .args(["campaign", "battle"])
            .arg(campaign)
            .arg(report)
            .arg("--decisions")
            .arg(decisions)
            .args(["--seed", "1"])
            .output()
            .unwrap();
        if out.status.success() {
            return;
        }
        let err = String::from_utf8(out.stderr).unwrap();
        let key = err.split('`').nth(1).unwrap_or_else(|| panic!("{err}"));
        let value = err
            .split("allowed: ")
            .nth(1)
            .and_then(|s| s.split([',', ')']).next())
            .unwrap_or_else(|| panic!("{err}"));
        answers.push_str(&format!("\"{key}\" = \"{}\"\n", value.trim()));
    }
    panic!("the campaign kept asking: {answers}");
}
