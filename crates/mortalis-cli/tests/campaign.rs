//! End-to-end tests of `mortalis campaign`.

use std::path::{Path, PathBuf};

use predicates::prelude::*;

mod common;
use common::{data, mortalis, new_campaign, scripted_battle, two_battles};

/// Five battles: massacre and pride (seeded), a trade between battles,
/// interception with a volunteer and the object, pride again (a technomancer
/// becomes a beast master and hires two pets), and barricades with dice
/// typed in, where the beast master dies and takes the extra pet along.
fn five_battles(dir: &Path) -> PathBuf {
    let c = two_battles(dir);
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .arg("--decisions")
        .arg(data("trade2.toml"))
        .args(["--seed", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Buy: Stun grenade → Iga"));
    scripted_battle(&c, "report3.toml", "decisions3.toml", "5");
    scripted_battle(&c, "report4.toml", "decisions4.toml", "7");
    mortalis()
        .args(["campaign", "battle"])
        .arg(&c)
        .arg(data("report5.toml"))
        .arg("--decisions")
        .arg(data("decisions5.toml"))
        .args(["--dice", "typed"])
        .write_stdin(std::fs::read(data("dice5.txt")).unwrap())
        .assert()
        .success()
        .stderr(predicate::str::contains("Injury roll for Iga: 2d6"))
        .stderr(predicate::str::contains(
            "Loot 4: d6 on the neural implants table",
        ))
        .stdout(predicate::str::contains("Kolec: status: fielded → —"));
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

fn golden(name: &str, got: &str) {
    let path = data(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "{name} differs from line {} on: got {:?}, golden {:?} (UPDATE_GOLDEN=1 rewrites it after a deliberate change)",
            line + 1,
            got.lines().nth(line),
            want.lines().nth(line)
        );
    }
}

#[test]
fn scripted_campaign_matches_golden_log_and_state() {
    let dir = tempfile::tempdir().unwrap();
    let c = five_battles(dir.path());
    // The same reports, decisions, seeds and typed dice give the same log...
    golden(
        "golden_campaign.json",
        &std::fs::read_to_string(&c).unwrap(),
    );
    // ...and replaying it gives the known final roster.
    golden("golden_state.json", &show_json(&c));
    let checked_in = show_json(&data("golden_campaign.json"));
    assert_eq!(checked_in, show_json(&c));
    mortalis()
        .args(["--lang", "pl", "campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("bitwy 5"))
        .stdout(predicate::str::contains(
            "Dalej: bitwa (campaign battle) lub handel (campaign trade).",
        ));
    mortalis()
        .args(["campaign", "log"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("credits: 45 tk → 65 tk"))
        .stdout(predicate::str::contains(
            "Battle 3: Interception (Win), dice seeded 5, opponent strength 59, volunteers 1",
        ))
        .stdout(predicate::str::contains(
            "Rex: +3 XP (1 taken out, object carried off)",
        ));
}

/// `undo` removes whole steps: two battles, two undos, and the file is the
/// new campaign again.
#[test]
fn undo_walks_back_to_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    for (n, next) in [(2, "Battle 2: Pride"), (1, "Battle 1: Massacre")] {
        mortalis()
            .args(["campaign", "undo"])
            .arg(&c)
            .assert()
            .success()
            .stdout(predicate::str::contains(next))
            .stdout(predicate::str::contains(
                "Next: a battle (campaign battle) or trading (campaign trade).",
            ));
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&c).unwrap()).unwrap();
        let battles = v["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"] == "battle")
            .count();
        assert_eq!(battles, n - 1);
    }
    let fresh = dir.path().join("fresh");
    std::fs::create_dir(&fresh).unwrap();
    let fresh = new_campaign(&fresh);
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
    let c = new_campaign(dir.path());
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

/// The terminal path: dice typed one per line and choices answered on
/// stdin, with a bad die and a bad choice asked again, and a purchase
/// command; the prompts say what each roll is for.
#[test]
fn interactive_battle_with_typed_dice() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    // Loot 1: 3+3 (15 tk), loot 2: 2+2 (10 tk); injuries Ada 4+4 and
    // Bolo 5+5 (light wounds, nothing to decide); Rex's level 3: 7 is no
    // die, then 1+2, answered first with 99 (no such option), then 3.
    let input =
        "3\n3\n2\n2\n4\n4\n5\n5\n7\n1\n2\n99\n3\nbuy frag_grenade Ada\nsell nothing\ndone\n";
    mortalis()
        .args(["--lang", "pl", "campaign", "battle"])
        .arg(&c)
        .arg(data("report1.toml"))
        .args(["--dice", "typed"])
        .write_stdin(input)
        .assert()
        .success()
        .stderr(predicate::str::contains("Grabież 1: 2k6 w tabeli Grabieży"))
        .stderr(predicate::str::contains("Straty po bitwie: Bolo, 2k6"))
        .stderr(predicate::str::contains("Awans: Rex, poziom 3, 2k6"))
        .stderr(predicate::str::contains("Podaj liczbę od 1 do 6."))
        .stderr(predicate::str::contains("Wybierz numer lub id z listy."))
        .stderr(predicate::str::contains("Nie rozumiem."))
        .stdout(predicate::str::contains("Rozwój: Rex accuracy +1"))
        .stdout(predicate::str::contains("Zakup: Granat rozrywający → Ada"));
    let log = std::fs::read_to_string(&c).unwrap();
    assert!(log.contains("\"dice\": \"typed\""), "{log}");
    assert!(
        log.contains("\"dice\": [\n        1,\n        2\n      ]"),
        "{log}"
    );
}

#[test]
fn input_ending_mid_sequence_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    let before = std::fs::read(&c).unwrap();
    // The dice error in either language.
    for (lang, said) in [
        (
            "en",
            "refused: dice: no more typed-in dice (needed die number 4)",
        ),
        (
            "pl",
            "odrzucone: kości: zabrakło wpisanych kości (potrzebna była kość nr 4)",
        ),
    ] {
        mortalis()
            .args(["--lang", lang, "campaign", "battle"])
            .arg(&c)
            .arg(data("report1.toml"))
            .args(["--dice", "typed"])
            .write_stdin("3\n3\n2\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(said));
        assert_eq!(std::fs::read(&c).unwrap(), before);
    }
}

#[test]
fn trading_and_matchup_between_battles() {
    let dir = tempfile::tempdir().unwrap();
    let c = two_battles(dir.path());
    let before = std::fs::read(&c).unwrap();
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .write_stdin("frobnicate\ndone\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("Not understood."))
        .stdout(predicate::str::contains("Nothing changed"));
    assert_eq!(std::fs::read(&c).unwrap(), before);
    // The grenades table is free in this break: one grenade, not two.
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .write_stdin("buy stun_grenade Iga\nbuy smoke_grenade\ndone\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("one item from each table"))
        .stdout(predicate::str::contains("credits: 45 tk → 30 tk"));
    let d = dir.path().join("choices.toml");
    std::fs::write(&d, "[choices]\n\"loot.1.keep\" = \"keep\"\n").unwrap();
    refused(
        &c,
        &[
            "campaign",
            "trade",
            c.to_str().unwrap(),
            "--decisions",
            d.to_str().unwrap(),
        ],
        "was never asked while trading",
    );
    let out = mortalis()
        .args(["campaign", "matchup", "--json"])
        .arg(&c)
        .arg(data("../veterans.toml"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["a"]["strength"], 38, "36 plus 2 for the stun grenade");
    assert_eq!(v["b"]["strength"], 59);
    assert_eq!(v["a"]["volunteers"], 1);
    mortalis()
        .args(["campaign", "matchup"])
        .arg(&c)
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("No volunteers"));
}

#[test]
fn volunteers_beyond_the_strength_gap_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    let r = dir.path().join("r.toml");
    std::fs::write(
        &r,
        "scenario = \"massacre\"\nresult = \"loss\"\nvolunteers = 2\nopponent_strength = 50\n",
    )
    .unwrap();
    refused(
        &c,
        &[
            "campaign",
            "battle",
            c.to_str().unwrap(),
            r.to_str().unwrap(),
            "--seed",
            "1",
        ],
        "at most 1",
    );
}

/// A recruit hired at the prompt with bought experience: its levels wait,
/// `show` says so, and the next trade rolls them with typed dice.
#[test]
fn hired_experience_is_rolled_at_the_next_trade() {
    let dir = tempfile::tempdir().unwrap();
    let c = new_campaign(dir.path());
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .args(["--seed", "1"])
        .write_stdin("hire name = \"Zz\", archetype = \"savage\", xp = 2\ndone\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Hire: Zz (Savage)"))
        .stdout(predicate::str::contains("credits: 45 tk → "));
    mortalis()
        .args(["campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("levels to roll: 1"));
    // 6+6: skill only; answer "runner".
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .args(["--dice", "typed"])
        .write_stdin("6\n6\nrunner\ndone\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("Advancement: Zz, level 1, 2d6"))
        .stdout(predicate::str::contains(
            "Trading between battles (dice typed in)",
        ))
        .stdout(predicate::str::contains("Advance: Zz Runner"));
    mortalis()
        .args(["campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("levels to roll").not());
}

#[test]
fn show_writes_a_printable_roster() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("roster.html");
    mortalis()
        .args(["--lang", "pl", "campaign", "show"])
        .arg(data("golden_campaign.json"))
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<html lang=\"pl\">"));
    assert!(html.contains("<h1>Rdza i Krew</h1>"));
    assert!(html.contains("<td>Rex</td>"));
    assert!(html.contains("kapitan"));
    assert!(html.contains("Schowek: Granat dymny"));
    assert!(!html.contains("<td>Iga</td>"), "dead models are gone");
    // An unwritable page is an error, exit 2.
    mortalis()
        .args(["campaign", "show"])
        .arg(data("golden_campaign.json"))
        .arg("--html")
        .arg(dir.path().join("no/such/dir/x.html"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write"));
}

// The campaign's implant step (B134): a Wszczep umiejętności carried with
// no skill chosen gets its Speed skill between battles (`implant_skill` at
// the prompt, `choose_implant` in a decisions file), validated; until then
// the battle refuses the model (B182).

const IMPLANT_B: &str = "../mortalis-battle/tests/data/beta.toml";
const IMPLANT_TABLE: &str = "../mortalis-battle/tests/data/open.toml";

/// `mortalis battle` with the campaign as side A, one AI battle.
fn implant_battle(c: &Path) -> assert_cmd::assert::Assert {
    mortalis()
        .arg("battle")
        .arg(c)
        .args([
            IMPLANT_B,
            "--scenario",
            "jatka",
            "--table",
            IMPLANT_TABLE,
            "--seed",
            "1",
        ])
        .assert()
}

/// A trade whose decisions file holds one `choose_implant` purchase.
fn choose_implant(dir: &Path, c: &Path, model: &str, skill: &str) -> assert_cmd::assert::Assert {
    let d = dir.join(format!("{model}_{skill}.toml"));
    std::fs::write(
        &d,
        format!(
            "[[purchase]]\naction = \"choose_implant\"\nmodel = \"{model}\"\nskill = \"{skill}\"\n"
        ),
    )
    .unwrap();
    mortalis()
        .args(["campaign", "trade"])
        .arg(c)
        .arg("--decisions")
        .arg(&d)
        .args(["--seed", "1"])
        .assert()
}

#[test]
fn a_skill_implant_gets_its_speed_skill_between_battles() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("c.json");
    mortalis()
        .args([
            "campaign",
            "new",
            "tests/data/campaign/implant.toml",
            "--out",
        ])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "implant: no skill chosen yet (implant_skill MODEL SKILL when trading)",
        ));
    // No skill chosen yet: the battle refuses the model.
    implant_battle(&c).code(2).stderr(predicate::str::contains(
        "B182: Pusty: special item `skill_implant` with no skill chosen",
    ));
    // Refused, the file unchanged: not a Speed skill, a model with no
    // implant, a model that does not exist.
    let before = std::fs::read(&c).unwrap();
    choose_implant(dir.path(), &c, "Pusty", "feint")
        .code(2)
        .stderr(predicate::str::contains(
            "an implant gives only a Speed skill",
        ));
    choose_implant(dir.path(), &c, "Nikt", "acrobat").code(2);
    assert_eq!(std::fs::read(&c).unwrap(), before, "file changed");
    // At the prompt: the step is recorded as a purchase.
    mortalis()
        .args(["campaign", "trade"])
        .arg(&c)
        .write_stdin("implant_skill Pusty acrobat\ndone\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Skill implant of Pusty: Acrobat"));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&c).unwrap()).unwrap();
    let last = v["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"]["action"], "choose_implant", "{last}");
    assert_eq!(last["action"]["skill"], "acrobat");
    // Once chosen it stays: a second choice is refused.
    choose_implant(dir.path(), &c, "Pusty", "runner")
        .code(2)
        .stderr(predicate::str::contains("holds `acrobat` already"));
    mortalis()
        .args(["campaign", "show"])
        .arg(&c)
        .assert()
        .success()
        .stdout(predicate::str::contains("implant: Acrobat"));
    // The battle plays the model with the skill.
    implant_battle(&c).success();
}
