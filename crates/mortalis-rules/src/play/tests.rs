//! Played actions against the odds engine's decisions.

use super::*;
use crate::dice::TypedDice;

fn query(text: &str) -> Query {
    toml::from_str(text).expect("query")
}

fn fight(r: &Report) -> (&RollRecord, &Option<Forced>, i32) {
    match &r.events[0] {
        Event::Fight {
            attacker,
            attacker_forced,
            winner,
            ..
        } => (attacker, attacker_forced, *winner),
        e => panic!("not a fight: {e:?}"),
    }
}

/// The old rule ("reroll when not ahead") rerolled the 5 of a tied 6+5:
/// only a 6 then wins, a 1-4 loses. The optimal policy keeps the tie.
#[test]
fn attacker_keeps_a_tie_the_old_rule_would_reroll() {
    let q = query("kind='melee'\n[attacker]\nreroll=true");
    let mut dice = TypedDice::new(&[6, 5, 6, 5, 3]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    let (a, forced, winner) = fight(&r);
    assert_eq!(a.reroll, None);
    assert!(forced.is_none());
    assert_eq!(winner, 0);
    assert_eq!(dice.used(), 4);
    // Behind by one (5+5 against 6+5) a 5 is rerolled: a 6 ties.
    let mut dice = TypedDice::new(&[5, 5, 6, 5, 6, 3, 3]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    let (a, _, winner) = fight(&r);
    assert_eq!(a.reroll, Some((0, 6)));
    assert_eq!(winner, 0);
    assert_eq!(dice.used(), 5);
}

/// A volley stopped before every test and played on from there rolls
/// the same dice to the same end as one played straight through — with
/// rerolls, Matrix error on both sides, heroic plays and Adrenaline in
/// play (B83's pause point).
#[test]
fn a_volley_paused_at_each_hit_plays_as_one() {
    use crate::dice::RngDice;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let q = query(
        "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\nskills=['im_fine','adrenaline','matrix_error','what_you_gonna_do']\n[situation]\nrange=8",
    );
    let plan = shoot_plan(&q).unwrap();
    let pol = shoot_odds_plan(&plan).1;
    let (mut pauses, mut outs) = (0, 0);
    for seed in 0..300 {
        let mut a = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        let whole = play_shoot_plan(&plan, &pol, &mut a).unwrap();
        let mut b = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        let mut v = Volley::start(&plan, &mut b).unwrap();
        while v.play_on(&plan, &pol, &mut b, true).unwrap() {
            pauses += 1;
        }
        let cut = v.report();
        assert_eq!(cut, whole, "seed {seed}");
        outs += usize::from(whole.defender_out);
        // The dice streams are where the same number of rolls left them.
        assert_eq!(a.d6().unwrap(), b.d6().unwrap(), "seed {seed}");
    }
    assert!(pauses > 300 && outs > 10, "{pauses} pauses, {outs} out");
}

/// The exchange cut in two (B45): the Fight rolls alone use only their
/// dice; the wound step then plays the same test `play` plays.
#[test]
fn exchange_then_wound_is_one_exchange() {
    let game = MeleeGame::new(&melee_plan(&query("kind='melee'")).unwrap());
    let rolls = [6, 5, 2, 1, 4, 5];
    let mut dice = TypedDice::new(&rolls).unwrap();
    let exchange = play_exchange(&game, &mut dice).unwrap();
    assert_eq!(exchange.winner, 1);
    assert!(exchange.wounds(&game));
    assert_eq!(dice.used(), 4);
    let alone = exchange.clone().unwounded();
    assert_eq!(alone.events.len(), 1);
    assert!(!alone.defender_out && !alone.attacker_out);
    let cut = play_wound(&game, exchange, &mut dice).unwrap();
    let whole = play_melee_game(&game, &mut TypedDice::new(&rolls).unwrap()).unwrap();
    assert_eq!(cut, whole);
    assert_eq!(cut.events.len(), 2);
}

/// A melee game with a Matrix error cast by a third model (R20): the
/// fighters' own cannot be cast while engaged, so only a plan has it.
fn with_matrix(text: &str, attacker: bool, defender: bool) -> MeleeGame {
    let mut plan = melee_plan(&query(text)).unwrap();
    plan.attacker_matrix = attacker;
    plan.defender_matrix = defender;
    MeleeGame::new(&plan)
}

/// A 12 against a 4: the defender's side's Matrix error makes the
/// attacker roll again (R45, R46); the new 1+2 loses, and the attacker's
/// test is not forced since the charge is spent.
#[test]
fn defender_matrix_rerolls_the_winning_roll() {
    let game = with_matrix("kind='melee'", false, true);
    let mut dice = TypedDice::new(&[6, 6, 2, 2, 1, 2, 1, 1]).unwrap();
    let r = play_melee_game(&game, &mut dice).unwrap();
    let (_, forced, winner) = fight(&r);
    let forced = forced.as_ref().expect("forced");
    assert_eq!(forced.by, Skill::MatrixError);
    assert_eq!(forced.roll.rolled, vec![1, 2]);
    assert_eq!(winner, -1);
    assert!(!r.attacker_out && !r.defender_out);
    assert_eq!(dice.used(), 8);
}

/// Dirty tricks after a charge rerolls the attacker's 6 of a winning
/// 3+6 against 4+4 (rerolling the 3 would leave it ahead on 4 of 6).
#[test]
fn dirty_tricks_rerolls_the_best_die() {
    let q = query("kind='melee'\n[defender]\nskills=['dirty_tricks']\n[situation]\ncharged=true");
    let mut dice = TypedDice::new(&[3, 6, 4, 4, 1, 1, 1]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    let (_, forced, winner) = fight(&r);
    let forced = forced.as_ref().expect("forced");
    assert_eq!(forced.by, Skill::DirtyTricks);
    assert_eq!(forced.roll.reroll, Some((1, 1)));
    assert_eq!(forced.roll.kept, [1, 3]);
    assert_eq!(winner, -1);
    // Without the charge nothing is forced.
    let q = query("kind='melee'\n[defender]\nskills=['dirty_tricks']");
    let mut dice = TypedDice::new(&[3, 6, 4, 4, 6, 6]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    assert!(fight(&r).1.is_none());
    assert_eq!(fight(&r).2, 1);
}

/// The winner keeps Matrix error for the loser's test: a passed 2+2 is
/// rolled again; the new 6+6 fails.
#[test]
fn winner_forces_a_passed_test() {
    let game = with_matrix("kind='melee'\n[attacker]\nfight=11", true, false);
    let mut dice = TypedDice::new(&[1, 1, 6, 6, 2, 2, 6, 6]).unwrap();
    let r = play_melee_game(&game, &mut dice).unwrap();
    assert!(r.defender_out);
    match &r.events[1] {
        Event::Save { forced, passed, .. } => {
            assert!(!passed);
            assert_eq!(forced.as_ref().unwrap().roll.kept, [6, 6]);
        }
        e => panic!("not a test: {e:?}"),
    }
}

/// "I'm fine!" is once per battle (R55): the first failed test of the
/// volley is rerolled and passes; the second hit's failed test stands.
#[test]
fn im_fine_only_once_in_a_volley() {
    let q = query(
        "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_pistol'\n[defender]\nresilience=4\nskills=['im_fine']\n[situation]\nrange=6",
    );
    // Shot 1 hits (1+1), test 6+3 fails, "I'm fine!" rerolls the 6 to 1;
    // shot 2 hits (1+2), test 6+3 fails and stands.
    let mut dice = TypedDice::new(&[1, 1, 6, 3, 1, 1, 2, 6, 3]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    let saves: Vec<(&RollRecord, &Vec<Skill>, bool)> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Save {
                roll,
                plays,
                passed,
                ..
            } => Some((roll, plays, *passed)),
            _ => None,
        })
        .collect();
    assert_eq!(saves.len(), 2);
    assert_eq!(saves[0].0.reroll, Some((0, 1)));
    assert_eq!(saves[0].1, &vec![Skill::ImFine]);
    assert!(saves[0].2);
    assert_eq!(saves[1].0.reroll, None);
    assert!(!saves[1].2);
    assert!(r.defender_out);
    assert_eq!(dice.used(), 9);
}

/// The saves of a report: (roll, plays, the captain's reroll, passed).
fn saves(r: &Report) -> Vec<(&RollRecord, &Vec<Skill>, bool, bool)> {
    r.events
        .iter()
        .filter_map(|e| match e {
            Event::Save {
                roll,
                plays,
                captain,
                passed,
                ..
            } => Some((roll, plays, *captain, *passed)),
            _ => None,
        })
        .collect()
}

/// "I'm fine!" and the captain's reroll held for the tests (R67): one
/// reroll per test, "I'm fine!" first when either would do; the second
/// failed test takes the captain's.
#[test]
fn captain_rerolls_the_second_failed_test_of_a_volley() {
    let q = query(
        "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_pistol'\n[defender]\nresilience=4\nsave_reroll=true\nskills=['im_fine']\n[situation]\nrange=6",
    );
    // Both shots hit (1+1, 1+1); each test 6+3 fails and its 6 is rerolled to 1.
    let mut dice = TypedDice::new(&[1, 1, 6, 3, 1, 1, 1, 6, 3, 1]).unwrap();
    let r = play(&q, &mut dice).unwrap();
    let s = saves(&r);
    assert_eq!(s.len(), 2);
    assert_eq!(
        (s[0].1, s[0].2, s[0].3),
        (&vec![Skill::ImFine], false, true)
    );
    assert_eq!(s[1].0.reroll, Some((0, 1)));
    assert_eq!((s[1].1, s[1].2, s[1].3), (&vec![], true, true));
    assert!(!r.defender_out);
    assert_eq!(dice.used(), 10);
}

/// The loser of an exchange rerolls one die of its failed test with the
/// captain's reroll; with "I'm fine!" as well, "I'm fine!" takes it (R67).
#[test]
fn captain_rerolls_the_losers_test() {
    for (text, captain) in [
        (
            "kind='melee'\n[attacker]\nfight=11\n[defender]\nsave_reroll=true",
            true,
        ),
        (
            "kind='melee'\n[attacker]\nfight=11\n[defender]\nsave_reroll=true\nskills=['im_fine']",
            false,
        ),
    ] {
        let mut dice = TypedDice::new(&[1, 1, 6, 6, 6, 3, 1]).unwrap();
        let r = play(&query(text), &mut dice).unwrap();
        let s = saves(&r);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].0.reroll, Some((0, 1)));
        assert_eq!((s[0].2, s[0].3), (captain, true));
        assert!(!r.defender_out);
    }
}
