//! Whole games: the engine alone (replaying recorded random orders, turns per second)
//! and random bots playing (games per second), in this thread's time on the processor
//! (`cpu`), so that other programs sharing the machine inflate the figures less.

mod cpu;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use sanctum_bots::{RandomBot, play_game};
use sanctum_rules::game::{GameState, Setup, TurnOrders};

fn recorded(seed: u64) -> (GameState, Vec<TurnOrders>) {
    sanctum_bots::recorded_random_game(seed).expect("legal orders")
}

fn engine_turns(c: &mut Criterion<cpu::ThreadCpu>) {
    let games: Vec<_> = (0..8).map(recorded).collect();
    let turns: usize = games.iter().map(|(_, o)| o.len()).sum();
    let mut g = c.benchmark_group("game");
    g.throughput(Throughput::Elements(turns as u64));
    g.bench_function("engine: 8 random games replayed (per turn)", |b| {
        b.iter_batched(
            || games.clone(),
            |games| {
                for (mut state, orders) in games {
                    for o in &orders {
                        let _ = state.play_turn(o);
                    }
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn bot_games(c: &mut Criterion<cpu::ThreadCpu>) {
    let mut g = c.benchmark_group("game");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    g.bench_function("random vs random, whole game with bots (per game)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            play_game(
                &Setup::sample(seed),
                &mut RandomBot::new(seed),
                &mut RandomBot::new(seed + 1),
                |_, _, _| {},
            )
            .expect("legal orders")
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(cpu::ThreadCpu);
    targets = engine_turns, bot_games
}
criterion_main!(benches);
