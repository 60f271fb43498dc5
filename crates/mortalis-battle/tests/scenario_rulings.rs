//! Scenario rulings, and answers to open questions about a model's
//! sheet, pinned outside the situations (docs/mortalis/battle.md).

#[path = "common/duel.rs"]
mod duel;

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Players, RandomPolicy, Scenario, side_from_warband};
use mortalis_battle::file::parse;
use mortalis_rules::dice::RngDice;
use mortalis_rules::warband::WarbandFile;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// B157, ruling: the Barykady Defender's rearranging of the terrain within
/// 14" of its corner is not offered; the table given (a file, or the
/// generator) stands for the terrain both players set up (B149), and the
/// set-up leaves it exactly as given, whoever defends.
#[test]
fn barricades_set_up_keeps_the_table_as_given() {
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    for seed in 0..4 {
        let (na, sa, mut a) = side(include_str!("data/alfa.toml"), 0);
        let (nb, sb, b) = side(include_str!("data/beta.toml"), 1);
        a.extend(b);
        let table = parse(include_str!("data/open.toml")).unwrap();
        let mut battle = Battle::new(table.clone(), [na, nb], [sa, sb], a, 0)
            .with_house_rounds()
            .with_scenario(Scenario::Barricades);
        let mut rnd = RandomPolicy::new(seed);
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        battle
            .set_up(&mut Players {
                deciders: [&mut Ai, &mut rnd],
                dice: &mut dice,
            })
            .unwrap();
        assert!(battle.defender.is_some());
        assert_eq!(
            battle.table, table,
            "seed {seed}: the set-up changed the table"
        );
    }
}

/// Q22, ruling: the house round limit (the rulebook has none, B15) is the
/// rounds a model needs to walk the table's diagonal there and back at 4"
/// a round, rounded up, so that a larger table is not cut short: 20 on a
/// 28" table, 26 on 36", 34 on 48". Every battle the AI plays ends by it
/// at the latest.
#[test]
fn the_house_round_limit_follows_the_table_size() {
    use mortalis_battle::battle::house_rounds;
    assert_eq!(house_rounds(28.0), 20);
    assert_eq!(house_rounds(36.0), 26);
    assert_eq!(house_rounds(48.0), 34);
    for size in 28..=48 {
        let rounds = house_rounds(f64::from(size));
        let walk = 2.0 * f64::from(size) * std::f64::consts::SQRT_2;
        assert!(f64::from(rounds) * 4.0 >= walk && f64::from(rounds - 1) * 4.0 < walk);
    }
    let table = parse("size = 36\n").unwrap();
    let battle =
        Battle::new(table, ["A".into(), "B".into()], [0, 0], vec![], 0).with_house_rounds();
    assert_eq!(battle.max_rounds, 26);
}

/// A size no table file can hold still gives a limit, never 0 (which
/// would mean no limit at all): a library caller's NaN or nonsense.
#[test]
fn the_house_round_limit_is_never_none() {
    use mortalis_battle::battle::house_rounds;
    assert_eq!(house_rounds(f64::NAN), 1);
    assert_eq!(house_rounds(-5.0), 1);
    assert_eq!(house_rounds(0.0), 1);
    assert_eq!(house_rounds(f64::INFINITY), 1000);
    assert_eq!(house_rounds(1e12), 1000);
}

/// Alfa's fighters (A1, A2 troopers with an assault rifle; A3 a swordsman).
fn alfa() -> Vec<mortalis_battle::battle::Fighter> {
    let file: WarbandFile = toml::from_str(include_str!("data/alfa.toml")).unwrap();
    side_from_warband(&file, 0).unwrap().2
}

/// Q36: a rifleman carries only its two-handed rifle, which is no melee
/// weapon: it fights unarmed (no weapon's modifier); a swordsman fights
/// with its hand weapon.
#[test]
fn a_rifleman_fights_unarmed() {
    let f = alfa();
    assert_eq!(f[0].melee(), None, "A1, a rifleman");
    assert!(f[2].melee().is_some(), "A3, a swordsman");
    let side = f[0].side(f[0].melee(), true);
    assert_eq!(side.weapon.0, None);
}

/// Q48: a Move's allowance never falls below 0: a model of Speed 1
/// carrying the object (S−2, B165) has none, on its first Move and on
/// its second (−1 more, B29).
#[test]
fn an_allowance_never_falls_below_nothing() {
    let mut f = alfa().remove(0);
    f.profile.speed = 1;
    f.object = true;
    assert_eq!(f.allowance(), 0.0);
    f.moves = 1;
    f.move_slot = true;
    assert_eq!(f.allowance(), 0.0);
    f.object = false;
    f.profile.speed = 4;
    assert_eq!(f.allowance(), 3.0, "a second Move: S − 1");
}

/// Q11 (a), the rule as written: every other model of the fighter's side
/// within 1" of its opponent supports it, even one engaged with another
/// enemy too (the rulebook's example reads otherwise; docs/mortalis/
/// battle.md, "Melee"). A3 attacks B1; A1, beside B1 and engaged with B2
/// as well, gives A3 +1; nobody supports B1.
#[test]
fn a_supporter_engaged_with_two_enemies_still_supports() {
    use mortalis_battle::table::Place;
    let b = duel::alfa_against_beta(parse("size = 28\n").unwrap(), |name| match name {
        "A3" => Some(Place::ground(10.0, 10.0)),
        "B1" => Some(Place::ground(11.1, 10.0)),
        "A1" => Some(Place::ground(11.1, 11.1)),
        "B2" => Some(Place::ground(12.2, 11.1)),
        _ => None,
    });
    let id = |n: &str| b.models.iter().position(|m| m.name == n).unwrap();
    let (a1, a3, b1, b2) = (id("A1"), id("A3"), id("B1"), id("B2"));
    assert!(b.engaged_with(a1).contains(&b1) && b.engaged_with(a1).contains(&b2));
    let (_, support) = b.melee_query(a3, b1);
    assert_eq!(support, [1, 0]);
}
