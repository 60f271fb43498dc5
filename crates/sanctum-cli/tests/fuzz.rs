//! Fuzz-style tests of the scenario format: the shipped scenarios, mutated
//! (bytes flipped, cut short, lines deleted or doubled, numbers replaced with
//! extremes, strings made huge), never make `sanctum resolve` panic; it exits
//! 0 or 2, and an error names the file. `FUZZ_CASES=n` runs more cases.

#[path = "../../mortalis-cli/tests/common/mutate.rs"]
mod mutate;

use std::path::PathBuf;

use assert_cmd::Command;
use proptest::prelude::*;
use sanctum_rules::Scenario;

fn scenarios() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sanctum-rules/tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

proptest! {
    #![proptest_config(mutate::config(96))]

    #[test]
    fn mutated_scenarios(which in any::<usize>(), ms in mutate::mutations()) {
        let files = scenarios();
        let example = &files[which % files.len()];
        let text = ms
            .iter()
            .fold(std::fs::read(example).unwrap(), |t, m| mutate::apply(&t, m));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("scenario.toml");
        std::fs::write(&path, text).unwrap();
        let out = Command::cargo_bin("sanctum")
            .unwrap()
            .args(["resolve", "--json", "--trace"])
            .arg(&path)
            .output()
            .unwrap();
        mutate::check(&out, &[&path])?;
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
