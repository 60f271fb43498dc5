//! Data-driven cases from `tests/data/*.toml`: modifiers, hand-worked odds
//! and rosters. Each case names the rulebook section it exercises.

use mortalis_rules::Lang;
use mortalis_rules::odds::{self, Odds, Query};
use mortalis_rules::warband::{self, WarbandFile};
use serde::Deserialize;

#[derive(Deserialize)]
struct Cases<T> {
    case: Vec<T>,
}

#[derive(Deserialize)]
struct ModCase {
    id: String,
    section: String,
    query: Query,
    error: Option<String>,
    accuracy: Option<Vec<i32>>,
    save_target: Option<i32>,
    attacker_modifier: Option<i32>,
    defender_modifier: Option<i32>,
    defender_save: Option<i32>,
    attacker_save: Option<i32>,
}

#[test]
fn modifier_cases() {
    let cases: Cases<ModCase> = toml::from_str(include_str!("data/modifiers.toml")).unwrap();
    assert!(cases.case.len() >= 40);
    for c in &cases.case {
        let ctx = format!("case {} ({})", c.id, c.section);
        let result = odds::odds(&c.query);
        if let Some(rule) = &c.error {
            let err = result.expect_err(&ctx);
            assert_eq!(err.rule(), rule, "{ctx}");
            assert!(err.message(Lang::Pl).contains(rule.as_str()), "{ctx}");
            continue;
        }
        match result.unwrap_or_else(|e| panic!("{ctx}: {e}")) {
            Odds::Shoot(o) => {
                assert_eq!(Some(&o.accuracy), c.accuracy.as_ref(), "{ctx} accuracy");
                assert_eq!(Some(o.save_target), c.save_target, "{ctx} save");
            }
            Odds::Melee(o) => {
                assert_eq!(
                    Some(o.attacker_modifier),
                    c.attacker_modifier,
                    "{ctx} attacker mod"
                );
                assert_eq!(
                    Some(o.defender_modifier),
                    c.defender_modifier,
                    "{ctx} defender mod"
                );
                assert_eq!(
                    Some(o.defender_save_target),
                    c.defender_save,
                    "{ctx} defender save"
                );
                assert_eq!(
                    Some(o.attacker_save_target),
                    c.attacker_save,
                    "{ctx} attacker save"
                );
            }
        }
    }
}

#[derive(Deserialize)]
struct OddsCase {
    id: String,
    section: String,
    query: Query,
    expect: toml::Table,
}

#[test]
fn hand_worked_odds_cases() {
    let cases: Cases<OddsCase> = toml::from_str(include_str!("data/odds_cases.toml")).unwrap();
    assert!(cases.case.len() >= 10);
    for c in &cases.case {
        let ctx = format!("case {} ({})", c.id, c.section);
        let got = serde_json::to_value(odds::odds(&c.query).unwrap()).unwrap();
        for (key, want) in &c.expect {
            let want = serde_json::to_value(want).unwrap();
            let have = if key == "expected_hits" {
                // Exact check through the rational value.
                let o = odds::shoot_odds(&c.query).unwrap();
                serde_json::Value::String(odds::frac(&o.expected_hits))
            } else {
                got[key].clone()
            };
            assert_eq!(have, want, "{ctx} key {key}");
        }
    }
}

#[derive(Deserialize)]
struct RosterCase {
    id: String,
    section: String,
    valid: bool,
    cost: Option<u32>,
    strength: Option<u32>,
    #[serde(default)]
    errors: Vec<(String, String)>,
    #[serde(default)]
    messages: Vec<String>,
    warband: WarbandFile,
}

#[test]
fn roster_cases() {
    let cases: Cases<RosterCase> = toml::from_str(include_str!("data/warbands.toml")).unwrap();
    assert!(cases.case.len() >= 15);
    for c in &cases.case {
        let ctx = format!("case {} ({})", c.id, c.section);
        let r = warband::check(&c.warband);
        let got: Vec<(String, String)> = r
            .errors
            .iter()
            .map(|e| {
                (
                    e.model.clone().unwrap_or_default(),
                    e.problem.rule().to_string(),
                )
            })
            .collect();
        assert_eq!(got, c.errors, "{ctx}");
        assert_eq!(r.valid(), c.valid, "{ctx}");
        if let Some(cost) = c.cost {
            assert_eq!(r.cost, cost, "{ctx} cost");
        }
        if let Some(s) = c.strength {
            assert_eq!(r.strength, s, "{ctx} strength");
        }
        for (i, m) in c.messages.iter().enumerate() {
            assert_eq!(&r.errors[i].problem.message(Lang::En), m, "{ctx} message");
        }
    }
}

#[test]
fn small_model_profile_and_discount() {
    let w: WarbandFile = toml::from_str(
        "name='g'\n[[model]]\nname='a'\narchetype='officer'\nsmall=true\ncaptain=true\nweapons=['assault_pistol']\noptions=['powered_armour']\ngear=['jetpack']",
    )
    .unwrap();
    let r = warband::check(&w);
    assert!(r.valid(), "{:?}", r.errors);
    let m = &r.models[0];
    assert_eq!(m.profile.to_string(), "S5|W0|C7|O4");
    assert_eq!(m.cost, (15 + 10) * 4 / 5 + 10);
    assert_eq!(m.armoured_resilience, 6);
    assert_eq!(r.strength, 3 + 4 + 2);
}

#[test]
fn sarcophagus_slows_and_volunteers_count_full_fifteens() {
    let w: WarbandFile = toml::from_str(
        "name='g'\n[[model]]\nname='a'\narchetype='destroyer'\ncaptain=true\nweapons=['flamer']\noptions=['shield']",
    )
    .unwrap();
    let r = warband::check(&w);
    assert!(r.valid(), "{:?}", r.errors);
    assert_eq!(r.models[0].profile.speed, 3);
    assert_eq!(r.models[0].armoured_resilience, 5 + 3 + 1);
    assert_eq!(r.cost, 60);
    assert_eq!(warband::volunteers(10, 39), 1);
    assert_eq!(warband::volunteers(10, 40), 2);
    assert_eq!(warband::volunteers(40, 10), 0);
    let m = warband::matchup(12, 45);
    assert_eq!((m.volunteers_a, m.volunteers_b), (2, 0));
}
