//! The odds engine against two independent references:
//! 1. `tests/data/icepool_fixture.json`, generated with icepool by
//!    `tools/icepool_fixture.py` (modifiers re-derived in Python);
//! 2. brute-force enumeration of every die of the action
//!    (`agreement/brute.rs`), written without the engine's multiset and
//!    dynamic-programming shortcuts (it reuses only the engine's modifier
//!    plans).

use mortalis_rules::odds::{self, Odds, Prob, Query, RerollMode, ShootPlan, frac};
use num_traits::{One, Zero};
use serde_json::Value;
use std::collections::HashMap;

#[path = "agreement/brute.rs"]
mod brute;

use brute::*;

fn parse(toml_text: &str) -> Query {
    toml::from_str(toml_text).unwrap_or_else(|e| panic!("bad query {toml_text}: {e}"))
}

/// Compare the engine with brute force for one query; `full` also compares
/// per-shot numbers (only meaningful without a once-per-action reroll).
fn check_brute_force(q: &Query) -> usize {
    match odds::odds(q).expect("legal query") {
        Odds::Shoot(o) => {
            let plan = odds::shoot_plan(q).unwrap();
            let mut bf = BfShoot {
                plan: &plan,
                memo: HashMap::new(),
                memo_hit: HashMap::new(),
            };
            let start = bf.start();
            let k_attack = survives(plan.dispels.attack);
            let k_through = if plan.immune {
                Prob::one() - survives(plan.dispels.shield)
            } else {
                Prob::one()
            };
            let out = k_attack * k_through * bf.out(0, start);
            assert_eq!(o.out_of_action, out, "out_of_action {q:?}");
            // One hit with the target's own plays, no Matrix error.
            let one_hit = ShootPlan {
                shots: Vec::new(),
                auto_hits: 1,
                attacker_matrix: false,
                defender_matrix: false,
                immune: false,
                ..plan.clone()
            };
            let mut bf1 = BfShoot {
                plan: &one_hit,
                memo: HashMap::new(),
                memo_hit: HashMap::new(),
            };
            let s1 = bf1.start();
            assert_eq!(o.fail_save, bf1.out(0, s1), "fail_save {q:?}");
            let heroic = plan.heroics != odds::Heroics::default();
            if !plan.shots.is_empty()
                && plan.reroll == RerollMode::None
                && !plan.dispels.attack
                && (!heroic || !plan.defender_matrix)
            {
                let (hit, dist) = if plan.attacker_matrix || plan.defender_matrix {
                    bf.hits()
                } else {
                    bf_hits(&plan)
                };
                assert_eq!(o.hit, hit, "hit {q:?}");
                assert_eq!(o.hits_distribution, dist, "dist {q:?}");
            }
            let sum = o
                .hits_distribution
                .iter()
                .fold(Prob::zero(), |acc, x| acc + *x);
            assert_eq!(sum, Prob::one());
            1
        }
        Odds::Melee(o) => {
            let plan = odds::melee_plan(q).unwrap();
            let mut bf = BfMelee::new(&plan);
            let t = bf.run();
            let [fd0, fd1, _, fa0, fa1] = bf.class_value;
            assert_eq!(o.attacker_hits, t[0] + t[1], "attacker_hits {q:?}");
            assert_eq!(o.tie, t[2], "tie {q:?}");
            assert_eq!(o.defender_hits, t[3] + t[4], "defender_hits {q:?}");
            assert_eq!(
                o.defender_out,
                t[0] * fd0 + t[1] * fd1,
                "defender_out {q:?}"
            );
            assert_eq!(
                o.attacker_out,
                -(t[3] * fa0 + t[4] * fa1),
                "attacker_out {q:?}"
            );
            1
        }
    }
}

fn fixture() -> Value {
    let text = include_str!("data/icepool_fixture.json");
    serde_json::from_str(text).expect("fixture is JSON")
}

#[test]
fn engine_matches_icepool_fixture() {
    let fx = fixture();
    let cases = fx["cases"].as_array().expect("cases");
    assert!(cases.len() >= 30, "a few dozen cases expected");
    for case in cases {
        let q = parse(case["query"].as_str().unwrap());
        let exp = &case["expected"];
        let got = serde_json::to_value(odds::odds(&q).unwrap()).unwrap();
        let keys: &[&str] = match q.kind {
            odds::ActionKind::Shoot => &[
                "shots",
                "hit",
                "fail_save",
                "out_of_action",
                "hits_distribution",
            ],
            odds::ActionKind::Melee => &[
                "attacker_hits",
                "defender_hits",
                "tie",
                "defender_out",
                "attacker_out",
            ],
        };
        for k in keys {
            assert_eq!(
                got[k],
                exp[k],
                "{k} for query:\n{}",
                case["query"].as_str().unwrap()
            );
        }
    }
}

#[test]
fn engine_matches_brute_force_on_fixture_queries() {
    let fx = fixture();
    let mut n = 0;
    for case in fx["cases"].as_array().unwrap() {
        n += check_brute_force(&parse(case["query"].as_str().unwrap()));
    }
    assert!(n >= 30);
}

/// Queries with rerolls, natural results and heroic plays, which the
/// fixture does not cover.
const EXTRA: &[&str] = &[
    // once-per-action reroll over a volley
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\n[defender]\narmour='light_armour'\n[situation]\nrange=14",
    "kind='shoot'\n[attacker]\naccuracy=9\nweapon='heavy_rifle'\nreroll=true\nskills=['master_shot']\n[defender]\narmour='powered_armour'\n[situation]\nrange=20\ncover=true",
    "kind='shoot'\n[attacker]\nweapon='energy_rifle'\nreroll=true\nextra_die=true\n[defender]\narmour='sarcophagus'\n[situation]\nrange=5",
    // point blank: a reroll on every shot
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','master_shot']\n[defender]\narmour='light_armour'\nshield=true\n[situation]\nrange=4",
    // aimed shot (three dice, drop the highest), master shot with extra die
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='sniper_rifle'\nskills=['aimed_shot','master_shot']\n[defender]\narmour='light_armour'\n[situation]\nrange=30\nobstacle=true",
    // heroic plays on the Resilience test
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['im_fine','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='rocket_launcher'\n[defender]\narmour='powered_armour'\nskills=['what_you_gonna_do']\n[situation]\nrange=10",
    // tricks used as attacks
    "kind='shoot'\n[attacker]\ntrick='short_circuit'\nmoved=true\n[defender]\narmour='light_armour'\n[situation]\nrange=8",
    "kind='shoot'\n[attacker]\ntrick='drone_strike'\n[defender]\narmour='light_armour'\nshield=true\n[situation]\nrange=12",
    // melee rerolls on one and on both sides
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['duellist']\n[defender]\nweapon='two_handed_weapon'\narmour='light_armour'\nskills=['duellist']",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\narmour='light_armour'\nskills=['critical_hit']\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='powered_armour'\nskills=['critical_hit']",
    // killing blow vs parry with shield, both three dice
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\narmour='light_armour'\nskills=['killing_blow','battle_frenzy']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nshield=true\nskills=['parry']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\narmour='light_armour'\nsupport=2\nextra_die=true\nreroll=true\n[defender]\nweapon='hand_weapon'\nextra_weapon=true\narmour='sarcophagus'\nskills=['nimble','crowd_fighter','soft_spot','im_fine']",
    // special items and modifications
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nmoved=true\nitems=['armour_piercing_rounds']\nmods=['fire_stabiliser']\nreroll=true\n[defender]\narmour='light_armour'\nmods=['force_field']\nitems=['camouflage']\n[situation]\nrange=9",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nmods=['nanoblade']\nreroll=true\n[defender]\nweapon='two_handed_weapon'\nmods=['impact_pattern']\narmour='light_armour'\n",
];

#[test]
fn engine_matches_brute_force_with_rerolls_and_skills() {
    let n: usize = EXTRA.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, EXTRA.len());
}

/// Queries with forced rerolls (Dirty tricks, Matrix error) and their
/// interactions with own rerolls, extra dice, Point blank, "I'm fine!",
/// Critical hit, Master shot and Parry (rulings R44-R48).
const FORCED: &[&str] = &[
    // the target forces the attack roll again (one shot, a volley, out of range)
    "kind='shoot'\n[attacker]\nweapon='sniper_rifle'\n[defender]\nskills=['matrix_error']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=14",
    // the shooter forces a passed test again
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='energy_pistol'\nskills=['matrix_error']\n[defender]\narmour='powered_armour'\nskills=['matrix_error','im_fine']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine']\n[situation]\nrange=8",
    // with Master shot, a once-per-action reroll, Point blank
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='assault_rifle'\nreroll=true\nskills=['master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=9",
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=4",
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','matrix_error']\n[defender]\narmour='light_armour'\nskills=['matrix_error','im_fine']\n[situation]\nrange=4",
    // automatic hits: only the test can be forced
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\n[situation]\nrange=5",
    "kind='shoot'\n[attacker]\ntrick='drone_strike'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine']\n[situation]\nrange=12",
    // three dice: Aimed shot on the attack roll, Woohoo on the test
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='sniper_rifle'\nskills=['aimed_shot','master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['woohoo','im_fine']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\narmour='powered_armour'\nskills=['matrix_error']\n[situation]\nrange=11",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['master_shot']\n[defender]\nskills=['matrix_error','protective_shield']\n[situation]\nrange=6",
    // Dirty tricks: only after a charge
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\nskills=['critical_hit']\n[defender]\nweapon='two_handed_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['killing_blow','critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    // Matrix error on either side, or both
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']\n[defender]\nfight=1\nweapon='two_handed_weapon'\narmour='powered_armour'",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error','dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\nshield=true\narmour='light_armour'\nskills=['parry']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\nskills=['matrix_error','critical_hit']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['im_fine']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='powered_armour'\nskills=['im_fine']\n[defender]\nfight=1\nweapon='hand_weapon'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['duellist']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error','duellist']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nreroll=true\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='powered_armour'\nreroll=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nextra_die=true\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks','critical_hit']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['critical_hit']\n[defender]\nweapon='hand_weapon'\nshield=true\nskills=['parry','matrix_error','dirty_tricks']\n[situation]\ncharged=true",
    // once-per-battle plays over a volley (R55) and Dispel (R58)
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine','adrenaline','what_you_gonna_do']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['matrix_error','dispel','adrenaline','im_fine']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=9\nweapon='assault_pistol'\nreroll=true\nskills=['dispel']\n[defender]\nshield=true\nskills=['matrix_error','woohoo','im_fine']\n[situation]\nrange=7\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['dispel','adrenaline','im_fine','what_you_gonna_do']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\ntrick='short_circuit'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['dispel','matrix_error']\n[situation]\nrange=8",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['dispel','master_shot']\n[defender]\nskills=['protective_shield','adrenaline']\n[situation]\nrange=8",
    "kind='melee'\n[attacker]\nfight=2\nweapon='hand_weapon'\nskills=['matrix_error','critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\nskills=['critical_hit','dirty_tricks']\n[situation]\ncharged=true",
];

#[test]
fn engine_matches_brute_force_with_forced_rerolls() {
    assert!(FORCED.len() >= 30);
    let n: usize = FORCED.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, FORCED.len());
}

#[test]
fn fractions_are_in_lowest_terms() {
    assert_eq!(frac(&Prob::new(6, 36)), "1/6");
    assert_eq!(frac(&Prob::zero()), "0/1");
    assert_eq!(frac(&Prob::one()), "1/1");
}

/// Queries where the captain's reroll is held for the target's tests
/// (B9, ruling R67), alone and beside "I'm fine!", the other once-only
/// plays and forced rerolls.
const CAPTAIN: &[&str] = &[
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nsave_reroll=true\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine','adrenaline']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\nsave_reroll=true\nskills=['im_fine','what_you_gonna_do','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error','dispel']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['matrix_error','adrenaline']\n[situation]\nrange=7",
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['dispel','adrenaline']\n[situation]\nrange=6",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nsave_reroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nally_matrix=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nsave_reroll=true",
];

#[test]
fn engine_matches_brute_force_with_the_captains_test_reroll() {
    let n: usize = CAPTAIN.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, CAPTAIN.len());
    // Held, the reroll lowers the chance the target is out of action.
    let helps = CAPTAIN.iter().any(|t| {
        let held = parse(t);
        let mut not = held.clone();
        not.defender.save_reroll = false;
        let out = |q: &Query| match odds::odds(q).expect("legal query") {
            Odds::Shoot(o) => o.out_of_action,
            Odds::Melee(o) => o.defender_out,
        };
        out(&held) < out(&not)
    });
    assert!(helps);
}
