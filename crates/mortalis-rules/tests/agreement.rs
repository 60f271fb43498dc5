//! The odds engine against two independent references:
//! 1. `tests/data/icepool_fixture.json`, generated with icepool by
//!    `tools/icepool_fixture.py` (modifiers re-derived in Python);
//! 2. brute-force enumeration of every die of the action, written here
//!    without the engine's multiset and dynamic-programming shortcuts
//!    (it reuses only the engine's modifier plans).

use mortalis_rules::dice::{Keep, keep_two};
use mortalis_rules::odds::{
    self, FightRoll, MeleePlan, Odds, Prob, Query, RerollMode, SaveSpec, ShootPlan, frac,
};
use num_traits::{One, Zero};
use serde_json::Value;

fn tuples(n: usize) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|t| {
                (1..=6u8).map(move |v| {
                    let mut t2 = t.clone();
                    t2.push(v);
                    t2
                })
            })
            .collect();
    }
    out
}

fn each(n: usize) -> Prob {
    Prob::new(1, 6i128.pow(n as u32))
}

// ------------------------------------------------------------ saves

fn bf_save_fail(s: SaveSpec) -> Prob {
    if s.auto_pass {
        return Prob::zero();
    }
    let n = if s.extra_die { 3 } else { 2 };
    let pass = |d: &[u8]| {
        let k = keep_two(d, Keep::Low);
        let t = i32::from(k[0]) + i32::from(k[1]);
        t <= s.target && t <= 10
    };
    let mut fail = Prob::zero();
    for d in tuples(n) {
        if pass(&d) {
            continue;
        }
        if !s.reroll {
            fail += each(n);
            continue;
        }
        // Best reroll: the die whose replacement passes most often.
        let mut best = Prob::zero();
        for j in 0..n {
            let mut ok = Prob::zero();
            for v in 1..=6 {
                let mut e = d.clone();
                e[j] = v;
                if pass(&e) {
                    ok += Prob::new(1, 6);
                }
            }
            if ok > best {
                best = ok;
            }
        }
        fail += each(n) * (Prob::one() - best);
    }
    fail
}

// ------------------------------------------------------------ shooting

/// Chance the target is out from shot `i` on, by full enumeration and
/// expectimax over every reroll decision.
fn bf_out(plan: &ShootPlan, f: &Prob, i: usize, token: bool) -> Prob {
    if i == plan.shots.len() {
        return Prob::zero();
    }
    let s = plan.shots[i];
    let n = if s.extra_die { 3 } else { 2 };
    // What follows does not depend on this shot's dice: enumerate it once per token state.
    let rest_with = [bf_out(plan, f, i + 1, false), bf_out(plan, f, i + 1, true)];
    let outcome = |d: &[u8], rerolled: bool, next_token: bool| -> Prob {
        let k = keep_two(d, Keep::Low);
        let master = s.master_shot && !rerolled && k == [1, 1];
        let hit = i32::from(k[0]) + i32::from(k[1]) < s.accuracy;
        let rest = rest_with[usize::from(next_token)];
        if master {
            Prob::one()
        } else if hit {
            *f + (Prob::one() - *f) * rest
        } else {
            rest
        }
    };
    let mut total = Prob::zero();
    for d in tuples(n) {
        let keep = outcome(&d, false, token);
        let can = match plan.reroll {
            RerollMode::EveryShot => true,
            RerollMode::Once => token,
            RerollMode::None => false,
        };
        let mut best = keep;
        if can {
            let after = plan.reroll == RerollMode::EveryShot && token;
            for j in 0..n {
                let mut v_sum = Prob::zero();
                for v in 1..=6 {
                    let mut e = d.clone();
                    e[j] = v;
                    v_sum += Prob::new(1, 6) * outcome(&e, true, after);
                }
                if v_sum > best {
                    best = v_sum;
                }
            }
        }
        total += each(n) * best;
    }
    total
}

/// Per-shot hit chances and hit-count distribution without rerolls.
fn bf_hits(plan: &ShootPlan) -> (Vec<Prob>, Vec<Prob>) {
    let mut hit = Vec::new();
    let mut dist = vec![Prob::one()];
    for s in &plan.shots {
        let n = if s.extra_die { 3 } else { 2 };
        let mut ph = Prob::zero();
        for d in tuples(n) {
            let k = keep_two(&d, Keep::Low);
            if (s.master_shot && k == [1, 1]) || i32::from(k[0]) + i32::from(k[1]) < s.accuracy {
                ph += each(n);
            }
        }
        let mut next = vec![Prob::zero(); dist.len() + 1];
        for (k, pk) in dist.iter().enumerate() {
            next[k] += *pk * (Prob::one() - ph);
            next[k + 1] += *pk * ph;
        }
        dist = next;
        hit.push(ph);
    }
    (hit, dist)
}

// ------------------------------------------------------------ melee

fn fin(d: &[u8], r: &FightRoll, rerolled: bool) -> (i32, bool) {
    let k = keep_two(d, Keep::High);
    (
        i32::from(k[0]) + i32::from(k[1]) + r.modifier,
        r.critical && !rerolled && k == [6, 6],
    )
}

fn judge(a: (i32, bool), d: (i32, bool)) -> i32 {
    match (a.1, d.1) {
        (true, false) => 1,
        (false, true) => -1,
        _ => (a.0 - d.0).signum(),
    }
}

/// Defender's answer: (value, [win, tie, lose]) as probabilities.
fn bf_defend(a: (i32, bool), dd: &[u8], r: &FightRoll) -> (Prob, [Prob; 3]) {
    let mut sorted = dd.to_vec();
    sorted.sort_unstable();
    let one = |u: i32| {
        let mut t = [Prob::zero(), Prob::zero(), Prob::zero()];
        t[(1 - u) as usize] = Prob::one();
        t
    };
    let u = judge(a, fin(&sorted, r, false));
    let mut best = (Prob::from_integer(u.into()), one(u));
    if r.reroll {
        for j in 0..sorted.len() {
            let mut val = Prob::zero();
            let mut t = [Prob::zero(), Prob::zero(), Prob::zero()];
            for v in 1..=6 {
                let mut e = sorted.clone();
                e[j] = v;
                let u = judge(a, fin(&e, r, true));
                val += Prob::new(u.into(), 6);
                t[(1 - u) as usize] += Prob::new(1, 6);
            }
            if val < best.0 {
                best = (val, t);
            }
        }
    }
    best
}

fn bf_melee(plan: &MeleePlan) -> [Prob; 3] {
    let (a, d) = (&plan.attacker, &plan.defender);
    let na = if a.extra_die { 3 } else { 2 };
    let nd = if d.extra_die { 3 } else { 2 };
    let mut total = [Prob::zero(), Prob::zero(), Prob::zero()];
    for at in tuples(na) {
        let mut at = at;
        at.sort_unstable();
        for dt in tuples(nd) {
            let w = each(na) * each(nd);
            let mut best = bf_defend(fin(&at, a, false), &dt, d);
            if a.reroll {
                for j in 0..na {
                    let mut val = Prob::zero();
                    let mut t = [Prob::zero(), Prob::zero(), Prob::zero()];
                    for v in 1..=6 {
                        let mut e = at.clone();
                        e[j] = v;
                        let (rv, rt) = bf_defend(fin(&e, a, true), &dt, d);
                        val += rv / Prob::from_integer(6);
                        for (tk, rk) in t.iter_mut().zip(rt) {
                            *tk += rk / Prob::from_integer(6);
                        }
                    }
                    if val > best.0 {
                        best = (val, t);
                    }
                }
            }
            for (tk, bk) in total.iter_mut().zip(best.1) {
                *tk += w * bk;
            }
        }
    }
    total
}

fn parse(toml_text: &str) -> Query {
    toml::from_str(toml_text).unwrap_or_else(|e| panic!("bad query {toml_text}: {e}"))
}

/// Compare the engine with brute force for one query; `full` also compares
/// per-shot numbers (only meaningful without a once-per-action reroll).
fn check_brute_force(q: &Query) -> usize {
    match odds::odds(q).expect("legal query") {
        Odds::Shoot(o) => {
            let plan = odds::shoot_plan(q).unwrap();
            let f = bf_save_fail(plan.save);
            assert_eq!(o.fail_save, f, "fail_save {q:?}");
            if plan.shots.is_empty() {
                return 1;
            }
            let start = plan.reroll != RerollMode::None;
            let out = if plan.immune {
                Prob::zero()
            } else {
                bf_out(&plan, &f, 0, start)
            };
            assert_eq!(o.out_of_action, out, "out_of_action {q:?}");
            if plan.reroll == RerollMode::None {
                let (hit, dist) = bf_hits(&plan);
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
            let t = bf_melee(&plan);
            assert_eq!(o.attacker_hits, t[0], "attacker_hits {q:?}");
            assert_eq!(o.tie, t[1], "tie {q:?}");
            assert_eq!(o.defender_hits, t[2], "defender_hits {q:?}");
            assert_eq!(
                o.defender_out,
                t[0] * bf_save_fail(plan.defender_save),
                "defender_out"
            );
            let aout = if plan.defender_harmless {
                Prob::zero()
            } else {
                t[2] * bf_save_fail(plan.attacker_save)
            };
            assert_eq!(o.attacker_out, aout, "attacker_out");
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

#[test]
fn fractions_are_in_lowest_terms() {
    assert_eq!(frac(&Prob::new(6, 36)), "1/6");
    assert_eq!(frac(&Prob::zero()), "0/1");
    assert_eq!(frac(&Prob::one()), "1/1");
}
