//! Challenges in whole battles (B172–B174): drawn for both sides in every
//! scenario, AI against a random policy, the battle ends and its log
//! replays to the same end; the pacifist fights at W 1 when attacked.

#[path = "common/scenario.rs"]
mod scenario;

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Players, RandomPolicy, Scenario, Wish};
use mortalis_rules::campaign::tables::Challenge;
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn battle(scenario: Scenario, seed: u64, wishes: [Vec<Wish>; 2]) -> Battle {
    let mut out = scenario::battle_of(
        include_str!("data/rdza.toml"),
        include_str!("data/menagerie.toml"),
        scenario,
        seed,
    );
    out.challenges.wishes = wishes;
    out
}

#[test]
fn drawn_challenges_play_in_every_scenario_and_replay() {
    for (k, scenario) in scenario::ALL.into_iter().enumerate() {
        for seed in [k as u64] {
            let wishes = || {
                [
                    vec![Wish::Drawn, Wish::Drawn],
                    vec![Wish::Drawn, Wish::Drawn],
                ]
            };
            let mut b = battle(scenario, seed, wishes());
            let mut rnd = RandomPolicy::new(seed);
            let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
            if seed % 2 == 0 {
                scenario::play(&mut b, [&mut Ai, &mut rnd], &mut dice);
            } else {
                scenario::play(&mut b, [&mut rnd, &mut Ai], &mut dice);
            }
            assert!(b.end.is_some());
            assert_eq!(b.challenges.taken.len(), 4, "{scenario:?} {seed}");
            // The challenges' VP are in the end's VP.
            let (_, vp, _) = b.end.unwrap();
            assert_eq!(vp, b.vp());
            for side in 0..2 {
                let r = b.report(side).unwrap();
                assert!(r.challenges.len() <= 2);
            }
            scenario::assert_replays(
                &b,
                battle(scenario, seed, wishes()),
                &format!("{scenario:?} {seed}"),
            );
        }
    }
}

/// Sfochowany pacyfista (B173): W is 1 when attacked, whatever its own;
/// Q51: the 1 replaces its W only, the exchange's other modifiers (its
/// weapon, its support) are the odds engine's as for any fighter.
#[test]
fn the_pacifist_fights_at_w1_when_attacked() {
    let mut b = battle(
        Scenario::Massacre,
        0,
        [vec![Wish::Named(Challenge::Pacifist)], vec![]],
    );
    let mut rnd = RandomPolicy::new(0);
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(0));
    b.take_challenges(&mut Players {
        deciders: [&mut Ai, &mut rnd],
        dice: &mut dice,
    })
    .unwrap();
    let pacifist = b.challenges.taken[0].own.unwrap();
    let enemy = b.models.iter().position(|m| m.side == 1).unwrap();
    let (q, _) = b.melee_query(enemy, pacifist);
    assert_eq!(q.defender.fight, 1);
    let (q, _) = b.melee_query(pacifist, enemy);
    assert_eq!(q.attacker.fight, b.models[pacifist].profile.fight);
}
