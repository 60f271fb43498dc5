//! Fuzz-style tests of every mortalis file format: the shipped examples,
//! mutated (bytes flipped, cut short, lines deleted or doubled, numbers
//! replaced with extremes, strings made huge), never make the binary panic;
//! it exits 0, 1 or 2, and an error names the file. `FUZZ_CASES=n` runs more.

#[path = "common/mortalis.rs"]
mod common;
#[path = "common/mutate.rs"]
mod mutate;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{campaign, data, mortalis};
use mortalis_rules::campaign::{self, CampaignFile, CampaignState};
use proptest::prelude::*;

/// A directory for one test's files.
fn workdir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(name).tempdir().unwrap()
}

/// Mutates `example` and writes it to `dir/name`.
fn mutated(dir: &Path, name: &str, example: &Path, ms: &[mutate::Mutation]) -> PathBuf {
    let text = ms
        .iter()
        .fold(std::fs::read(example).unwrap(), |t, m| mutate::apply(&t, m));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    mortalis().args(args).output().unwrap()
}

proptest! {
    #![proptest_config(mutate::config(48))]

    #[test]
    fn odds_and_roll_queries(ms in mutate::mutations(), melee in any::<bool>()) {
        let dir = workdir("fuzz-query");
        let example = data(if melee { "melee.toml" } else { "shoot.toml" });
        let q = mutated(dir.path(), "q.toml", &example, &ms);
        mutate::check(&run(&["odds".as_ref(), q.as_os_str(), "--json".as_ref()]), &[&q])?;
        let roll = run(&["roll".as_ref(), q.as_os_str(), "--seed".as_ref(), "1".as_ref()]);
        mutate::check(&roll, &[&q])?;
    }

    #[test]
    fn warbands(ms in mutate::mutations(), which in 0..3usize) {
        let dir = workdir("fuzz-warband");
        let example = data(["rdza.toml", "veterans.toml", "tlum.toml"][which]);
        let w = mutated(dir.path(), "w.toml", &example, &ms);
        mutate::check(&run(&["warband".as_ref(), "validate".as_ref(), w.as_os_str()]), &[&w])?;
        let other = data("veterans.toml");
        let matchup = run(&["warband".as_ref(), "matchup".as_ref(), w.as_os_str(), other.as_os_str()]);
        mutate::check(&matchup, &[&w])?;
    }

    #[test]
    fn campaign_files(ms in mutate::mutations()) {
        let dir = workdir("fuzz-campaign");
        let c = mutated(dir.path(), "c.json", &data("campaign/golden_campaign.json"), &ms);
        for cmd in ["show", "log"] {
            mutate::check(&run(&["campaign".as_ref(), cmd.as_ref(), c.as_os_str()]), &[&c])?;
        }
        let trade = run(&["campaign".as_ref(), "trade".as_ref(), c.as_os_str(), "--decisions".as_ref(), data("campaign/trade2.toml").as_os_str(), "--seed".as_ref(), "1".as_ref()]);
        mutate::check(&trade, &[&c, &data("campaign/trade2.toml")])?;
    }

    #[test]
    fn battle_reports(ms in mutate::mutations()) {
        let dir = workdir("fuzz-report");
        let c = campaign(dir.path());
        let r = mutated(dir.path(), "r.toml", &data("campaign/report1.toml"), &ms);
        let d = data("campaign/decisions1.toml");
        let out = run(&["campaign".as_ref(), "battle".as_ref(), c.as_os_str(), r.as_os_str(), "--decisions".as_ref(), d.as_os_str(), "--seed".as_ref(), "3".as_ref()]);
        mutate::check(&out, &[&r, &d, &c])?;
    }

    #[test]
    fn independent_model_files(ms in mutate::mutations()) {
        let dir = workdir("fuzz-independent");
        let f = mutated(dir.path(), "i.toml", &data("independent.toml"), &ms);
        let w = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mortalis-battle/tests/data");
        let (a, b, t) = (w.join("alfa.toml"), w.join("beta.toml"), w.join("open.toml"));
        let out = run(&["battle".as_ref(), a.as_os_str(), b.as_os_str(), "--scenario".as_ref(), "jatka".as_ref(), "--table".as_ref(), t.as_os_str(), "--rounds".as_ref(), "1".as_ref(), "--independent".as_ref(), f.as_os_str()]);
        mutate::check(&out, &[&f])?;
    }

    #[test]
    fn decisions_files(ms in mutate::mutations()) {
        let dir = workdir("fuzz-decisions");
        let c = campaign(dir.path());
        let r = data("campaign/report1.toml");
        let d = mutated(dir.path(), "d.toml", &data("campaign/decisions1.toml"), &ms);
        let out = run(&["campaign".as_ref(), "battle".as_ref(), c.as_os_str(), r.as_os_str(), "--decisions".as_ref(), d.as_os_str(), "--seed".as_ref(), "3".as_ref()]);
        mutate::check(&out, &[&d, &r, &c])?;
    }
}

/// Every number of the campaign example (about two hundred) at every
/// extreme: read and replayed in-process, as `campaign show` and `log` do,
/// without a panic.
#[test]
fn every_number_of_the_campaign_file_at_every_extreme() {
    let text = std::fs::read(data("campaign/golden_campaign.json")).unwrap();
    for t in mutate::every_number_at_every_extreme(&text) {
        let replayed = std::panic::catch_unwind(|| {
            let Ok(file) = serde_json::from_slice::<CampaignFile>(&t) else {
                return;
            };
            if let Ok(state) = CampaignState::replay(&file) {
                let _ = state.strength();
                for e in &file.events {
                    let _ = campaign::describe(e, mortalis_rules::Lang::En);
                }
            }
        });
        assert!(
            replayed.is_ok(),
            "panic on: {}",
            String::from_utf8_lossy(&t)
        );
    }
}

/// Every number of the smaller examples at every extreme, through the
/// binary: no panic, exit code 0, 1 or 2, errors name the file.
#[test]
fn every_number_of_the_other_examples_at_every_extreme() {
    let dir = workdir("fuzz-numbers");
    let f = dir.path().join("f.toml");
    let c = campaign(dir.path());
    let (r, d) = (
        data("campaign/report1.toml"),
        data("campaign/decisions1.toml"),
    );
    let sweep = |example: &str, args: &dyn Fn(&Path) -> Vec<std::ffi::OsString>| {
        let text = std::fs::read(data(example)).unwrap();
        for t in mutate::every_number_at_every_extreme(&text) {
            std::fs::write(&f, &t).unwrap();
            let out = mortalis().args(args(&f)).output().unwrap();
            let checked = mutate::check(&out, &[&f, &r, &d, &c]);
            assert!(
                checked.is_ok(),
                "{example}: {checked:?}\n{}",
                String::from_utf8_lossy(&t)
            );
        }
    };
    let os = |v: &[&std::ffi::OsStr]| v.iter().map(|s| s.to_os_string()).collect::<Vec<_>>();
    for q in ["shoot.toml", "melee.toml"] {
        sweep(q, &|f| os(&["odds".as_ref(), f.as_os_str()]));
    }
    for w in ["rdza.toml", "veterans.toml"] {
        sweep(w, &|f| {
            os(&["warband".as_ref(), "validate".as_ref(), f.as_os_str()])
        });
    }
    let c = campaign(dir.path());
    let (r, d) = (
        data("campaign/report1.toml"),
        data("campaign/decisions1.toml"),
    );
    let battle = |report: &Path, decisions: &Path| {
        let c = c.as_os_str();
        let (r, d) = (report.as_os_str(), decisions.as_os_str());
        os(&[
            "campaign".as_ref(),
            "battle".as_ref(),
            c,
            r,
            "--decisions".as_ref(),
            d,
            "--seed".as_ref(),
            "3".as_ref(),
            "--dice".as_ref(),
            "seeded".as_ref(),
        ])
    };
    // A battle that succeeds changes the campaign; later runs then refuse
    // or apply another battle, which is fine for this test.
    sweep("campaign/report1.toml", &|f| battle(f, &d));
    sweep("campaign/decisions1.toml", &|f| battle(&r, f));
}
