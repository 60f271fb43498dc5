//! Replays recorded random games through the engine alone: the workload of the
//! `game/engine` benchmark, as a plain program for profilers
//! (`valgrind --tool=callgrind --toggle-collect=replay_games::replay_all …`).

use sanctum_rules::game::{GameState, TurnOrders};

fn recorded(seed: u64) -> (GameState, Vec<TurnOrders>) {
    sanctum_bots::recorded_random_game(seed).expect("legal orders")
}

#[inline(never)]
fn replay_all(games: Vec<(GameState, Vec<TurnOrders>)>) -> usize {
    let mut turns = 0;
    for (mut state, orders) in games {
        for o in &orders {
            if state.play_turn(o).is_ok() {
                turns += 1;
            }
        }
    }
    turns
}

fn main() {
    // REPEAT=n replays the same games n times (for timing with `time`).
    let repeat: usize = std::env::var("REPEAT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let games: Vec<_> = (0..8).map(recorded).collect();
    let mut turns = 0;
    let t = std::time::Instant::now();
    for _ in 0..repeat {
        turns += replay_all(games.clone());
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{turns} turns in {secs:.3} s: {:.0} turns per second",
        turns as f64 / secs
    );
}
