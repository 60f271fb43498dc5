//! How long the search bot thinks per turn, on one thread, over whole arena games
//! against the heuristic: the mean, median, 95th and 99th percentiles, the longest turn
//! and a histogram by 10 ms, both in time on the processor (from
//! `/proc/thread-self/schedstat` on Linux, so that other programs sharing the machine
//! inflate it less) and in wall-clock time. It ends with a digest of every order given
//! in those games, so that a speed-up can show it changes no order.
//!
//! `GAMES=n` (default 6) sets the number of games, from seed 1 (`FROM=k`: from game k,
//! seed k + 1, the search red in even games); `ITERS=n` a budget in
//! iterations (default the bot's), `MS=m` a budget in milliseconds instead; `SLOW=ms`
//! names every turn that took longer (game, turn, groups on the board).
//!
//! `cargo run --release -p sanctum-bots --example search_turns`

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use sanctum_bots::arena::{Matchup, matchup_game};
use sanctum_bots::{Bot, Budget, SearchBot, SearchConfig};
use sanctum_rules::Side;
use sanctum_rules::game::{GameState, Order, PlayerView, view};

/// This thread's time on the processor so far, if the system tells it.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times each call of the search bot: (processor time, wall-clock time), and counts
/// its iterations.
struct Timed {
    inner: SearchBot,
    times: Vec<(Duration, Duration)>,
    iterations: Vec<u32>,
}

impl Bot for Timed {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn orders(&mut self, v: &PlayerView) -> Vec<Order> {
        let (wall, cpu) = (Instant::now(), cpu_time());
        let o = self.inner.orders(v);
        let wall = wall.elapsed();
        let spent = match (cpu, cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall,
        };
        self.times.push((spent, wall));
        self.iterations.push(self.inner.last_iterations());
        o
    }
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Prints the percentiles and a histogram of `times` (sorted here).
fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let n = times.len();
    let at = |q: usize| ms(times[(n * q / 100).min(n - 1)]);
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / n as f64;
    println!(
        "{what}: mean {mean:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, 99th {:.1} ms, longest {:.1} ms",
        at(50),
        at(95),
        at(99),
        ms(times[n - 1])
    );
    let mut buckets: Vec<usize> = Vec::new();
    for &t in &times {
        let b = (ms(t) / 10.0) as usize;
        if buckets.len() <= b {
            buckets.resize(b + 1, 0);
        }
        buckets[b] += 1;
    }
    for (b, &count) in buckets.iter().enumerate() {
        let bar = "#".repeat(count.div_ceil(n.div_ceil(60).max(1)));
        println!("  {:>4}–{:<4} ms {count:>5} {bar}", b * 10, b * 10 + 10);
    }
}

fn main() -> Result<(), String> {
    let games: u64 = env("GAMES").unwrap_or(6);
    let mut config = SearchConfig::default();
    if let Some(n) = env("ITERS") {
        config.budget = Budget::Iterations(n);
    }
    if let Some(ms) = env("MS") {
        config.budget = Budget::Millis(ms);
    }
    let slow: Option<f64> = env("SLOW");
    let mut times = Vec::new();
    let mut iterations: Vec<u32> = Vec::new();
    let mut digest = DefaultHasher::new();
    let mut wins = 0;
    let from: u64 = env("FROM").unwrap_or(0);
    for i in from..from + games {
        let bots = if i % 2 == 0 {
            ["search", "heuristic"]
        } else {
            ["heuristic", "search"]
        };
        let m = Matchup::default_decks(bots[0], bots[1], 1 + i);
        let (setup, mut players) = matchup_game(&m, &config).map_err(|e| e.to_string())?;
        let k = usize::from(i % 2 == 1);
        // The search bot as `seeded_bots` makes it (red's seed + 1, blue's + 2).
        let mut timed = Timed {
            inner: SearchBot::with_config(m.seed + 1 + k as u64, config),
            times: Vec::new(),
            iterations: Vec::new(),
        };
        let (mut state, _) = GameState::start(&setup).map_err(|e| e.to_string())?;
        while state.outcome.is_none() {
            let mut orders = [Vec::new(), Vec::new()];
            for side in Side::BOTH {
                let v = view(&state, side);
                orders[side.index()] = if side.index() == k {
                    let o = timed.orders(&v);
                    let spent = timed.times.last().map_or(0.0, |t| t.0.as_secs_f64() * 1e3);
                    if slow.is_some_and(|ms| spent > ms) {
                        println!(
                            "slow: game {i} (seed {}) turn {}: {spent:.1} ms, {} groups, {} orders",
                            1 + i,
                            state.turn,
                            state.units.len(),
                            o.len()
                        );
                    }
                    o
                } else {
                    players[side.index()].orders(&v)
                };
            }
            format!("{orders:?}").hash(&mut digest);
            state.play_turn(&orders).map_err(|e| e.to_string())?;
        }
        if state.outcome.and_then(|o| o.winner).map(|w| w.index()) == Some(k) {
            wins += 1;
        }
        times.extend(timed.times);
        iterations.extend(timed.iterations);
    }
    if times.is_empty() {
        return Err("no turns".into());
    }
    println!(
        "{} search turns in {games} games ({:?}), search won {wins}; orders digest {:016x}",
        times.len(),
        config.budget,
        digest.finish()
    );
    let clock = if cpu_time().is_some() {
        "time on the processor"
    } else {
        "wall-clock time (no processor time here)"
    };
    report(clock, times.iter().map(|t| t.0).collect());
    report("wall-clock time", times.iter().map(|t| t.1).collect());
    iterations.sort();
    let n = iterations.len();
    println!(
        "iterations a turn: mean {:.1}, fewest {}, 5th percentile {}, median {}, most {}; {} turns played the heuristic's plan unsearched",
        f64::from(iterations.iter().sum::<u32>()) / n as f64,
        iterations[0],
        iterations[n / 20],
        iterations[n / 2],
        iterations[n - 1],
        iterations.iter().filter(|&&i| i == 0).count()
    );
    Ok(())
}
