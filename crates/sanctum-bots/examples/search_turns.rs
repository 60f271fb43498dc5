//! How long the search bot thinks per turn at its default budget, on one thread, over
//! whole arena games against the heuristic: the mean, median, 95th percentile and
//! longest turn, in time on the processor (from `/proc/thread-self/schedstat` on Linux,
//! so that other programs sharing the machine do not inflate it; wall-clock time
//! elsewhere). `GAMES=n` (default 6) sets the number of games, from seed 1; `ITERS=n`
//! another budget in iterations.
//!
//! `cargo run --release -p sanctum-bots --example search_turns`

use std::time::{Duration, Instant};

use sanctum_bots::Bot;
use sanctum_bots::arena::{Matchup, matchup_game};
use sanctum_rules::Side;
use sanctum_rules::game::{GameState, PlayerView, view};

/// This thread's time on the processor so far, if the system tells it.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times each call of the inner bot.
struct Timed {
    inner: Box<dyn Bot>,
    times: Vec<Duration>,
}

impl Bot for Timed {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn orders(&mut self, v: &PlayerView) -> Vec<sanctum_rules::game::Order> {
        let (wall, cpu) = (Instant::now(), cpu_time());
        let o = self.inner.orders(v);
        let spent = match (cpu, cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        };
        self.times.push(spent);
        o
    }
}

fn main() -> Result<(), String> {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    let mut config = sanctum_bots::SearchConfig::default();
    if let Some(n) = std::env::var("ITERS").ok().and_then(|v| v.parse().ok()) {
        config.budget = sanctum_bots::Budget::Iterations(n);
    }
    let mut times = Vec::new();
    for i in 0..games {
        let bots = if i % 2 == 0 {
            ["search", "heuristic"]
        } else {
            ["heuristic", "search"]
        };
        let m = Matchup::default_decks(bots[0], bots[1], 1 + i);
        let (setup, [red, blue]) = matchup_game(&m, &config).map_err(|e| e.to_string())?;
        let k = usize::from(i % 2 == 1);
        let mut players = [red, blue];
        let mut timed = Timed {
            inner: std::mem::replace(&mut players[k], Box::new(sanctum_bots::RandomBot::new(0))),
            times: Vec::new(),
        };
        let (mut state, _) = GameState::start(&setup).map_err(|e| e.to_string())?;
        while state.outcome.is_none() {
            let mut orders = [Vec::new(), Vec::new()];
            for side in Side::BOTH {
                let v = view(&state, side);
                orders[side.index()] = if side.index() == k {
                    timed.orders(&v)
                } else {
                    players[side.index()].orders(&v)
                };
            }
            state.play_turn(&orders).map_err(|e| e.to_string())?;
        }
        times.extend(timed.times);
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let n = times.len();
    if n == 0 {
        return Err("no turns".into());
    }
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / n as f64;
    println!(
        "{n} search turns in {games} games ({}): mean {mean:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, longest {:.1} ms",
        if cpu_time().is_some() {
            "time on the processor"
        } else {
            "wall-clock time"
        },
        ms(times[n / 2]),
        ms(times[(n * 95 / 100).min(n - 1)]),
        ms(times[n - 1])
    );
    Ok(())
}
