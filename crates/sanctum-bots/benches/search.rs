//! The search bot's speed: rollouts of its fast policy (the heuristic plan for both
//! sides) per second, search iterations per second, and one whole turn at the default
//! budget, from mid-game positions of heuristic-against-heuristic games.
//!
//! The one-thread figures are this thread's time on the processor (Linux
//! `/proc/thread-self/schedstat`; wall-clock time elsewhere), so that other programs
//! sharing the machine do not inflate them; the every-core turn is wall-clock time.

mod cpu;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sanctum_bots::search::{DEFAULT_ITERATIONS, rollout};
use sanctum_bots::{Bot, Budget, HeuristicBot, SearchBot, SearchConfig, play_game};
use sanctum_rules::Side;
use sanctum_rules::game::{GameState, PlayerView, Setup, view};
use sanctum_rules::rng::GameRng;

use cpu::ThreadCpu;

/// The position after `turn` turns of heuristic against heuristic (or the last one
/// before the end).
fn position(seed: u64, turn: u32) -> GameState {
    let mut positions = Vec::new();
    let _ = play_game(
        &Setup::sample(seed),
        &mut HeuristicBot::new(seed),
        &mut HeuristicBot::new(seed + 1),
        |_, _, s| {
            if s.outcome.is_none() {
                positions.push(s.clone())
            }
        },
    );
    let k = (turn as usize).min(positions.len().saturating_sub(1));
    positions.swap_remove(k)
}

/// Mid-game positions: turn 10 and 20 of four games.
fn positions() -> Vec<GameState> {
    (1..=4)
        .flat_map(|seed| [position(seed, 10), position(seed, 20)])
        .collect()
}

const DEPTH: u32 = 4;
const ITERATIONS: u32 = 64;

fn one_thread(c: &mut Criterion<ThreadCpu>) {
    let states = positions();
    let views: Vec<PlayerView> = states.iter().map(|s| view(s, Side::Red)).collect();
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(states.len() as u64));
    g.bench_function(
        "rollout: 4 turns of the heuristic plan (per rollout)",
        |b| {
            let mut rng = GameRng::from_seed(1);
            b.iter(|| {
                for s in &states {
                    let mut s = s.clone();
                    rollout(&mut s, DEPTH, &mut rng);
                    black_box(s.turn);
                }
            })
        },
    );
    g.throughput(Throughput::Elements(
        u64::from(ITERATIONS) * views.len() as u64,
    ));
    g.bench_function("64 iterations, one thread (per iteration)", |b| {
        let config = SearchConfig {
            budget: Budget::Iterations(ITERATIONS),
            ..SearchConfig::default()
        };
        b.iter(|| {
            for v in &views {
                black_box(SearchBot::with_config(7, config).orders(v));
            }
        })
    });
    g.throughput(Throughput::Elements(views.len() as u64));
    g.bench_function(
        format!(
            "a turn at the default budget ({DEFAULT_ITERATIONS} iterations), one thread (per turn)"
        ),
        |b| {
            b.iter(|| {
                for v in &views {
                    black_box(SearchBot::new(7).orders(v));
                }
            })
        },
    );
    g.finish();
}

fn every_core(c: &mut Criterion) {
    let views: Vec<PlayerView> = positions().iter().map(|s| view(s, Side::Red)).collect();
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(views.len() as u64));
    g.bench_function("a turn at the default budget, every core (per turn)", |b| {
        let config = SearchConfig {
            threads: 0,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::with_config(7, config);
        b.iter(|| {
            for v in &views {
                black_box(bot.orders(v));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = one_thread
}
criterion_group!(wall, every_core);
criterion_main!(cpu, wall);
