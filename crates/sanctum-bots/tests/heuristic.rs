//! The heuristic bot: it plays whole games, it is deterministic, and it beats `random`
//! clearly (its orders are always legal: `bots.rs`).

use sanctum_bots::arena::{run_game, sides};
use sanctum_rules::Side;

/// Whole games against every bot, on both sides: no refused order, no panic.
#[test]
fn heuristic_plays_whole_games_against_every_bot() {
    for other in ["random", "rush", "heuristic"] {
        for i in 0..6u64 {
            let [red, blue] = sides(["heuristic", other], i);
            let record = run_game(red, blue, 100 + i);
            assert!(
                record.is_ok(),
                "{red} vs {blue}, seed {}: {record:?}",
                100 + i
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for seed in [3, 4] {
        assert_eq!(
            run_game("heuristic", "rush", seed),
            run_game("heuristic", "rush", seed)
        );
    }
}

/// Measured: 40 of 40 over seeds 1–40, sides alternating (200 of 200 over seeds 1–200 in
/// the README's arena run). The count is pinned: the games are deterministic.
#[test]
fn heuristic_beats_random_in_a_clear_majority() {
    let wins = (0..40u64)
        .filter(|&i| {
            let [red, blue] = sides(["heuristic", "random"], i);
            let record = run_game(red, blue, 1 + i).expect("the game plays to its end");
            let heuristic = if red == "heuristic" {
                Side::Red
            } else {
                Side::Blue
            };
            record.winner == Some(heuristic)
        })
        .count();
    assert_eq!(wins, 40, "heuristic won {wins} of 40");
}
