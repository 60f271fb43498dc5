//! The tally of an arena run: results per bot, per deck pair and per deck, the game
//! lengths, the end reasons and the failed games with their replay commands.

use serde::Serialize;

use super::{ArenaPlan, GameFailure, GameRecord};
use sanctum_rules::game::EndReason;
use sanctum_rules::{Side, stats};

/// The 95% Wilson score interval of `wins` successes in `n` trials, as (low, high).
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let all = wins >= n;
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    // All or nothing: the interval ends exactly at 0 or 1, free of rounding.
    let low = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if all { 1.0 } else { (centre + half).min(1.0) };
    (low, high)
}

/// One bot's results over the games played to the end.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BotResult {
    pub bot: String,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Wins over games played to the end (a draw is not a win).
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
    pub wins_as_red: u64,
    pub games_as_red: u64,
}

/// Games whose length (turns) falls in `from..=to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LengthBucket {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// A failed game, with what replays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    pub seed: u64,
    pub red: String,
    pub blue: String,
    pub red_deck: String,
    pub blue_deck: String,
    pub error: String,
    /// The `sanctum play` command that replays it.
    pub replay: String,
}

/// The first bot's results on one pair of decks (whichever colour each deck played).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// The pair as the plan names it.
    pub decks: [String; 2],
    /// Games of the pair played to the end.
    pub finished: u64,
    /// Wins of the first bot and of the second.
    pub wins: [u64; 2],
    pub draws: u64,
    /// The first bot's win rate on this pair, with its 95% Wilson interval.
    pub win_rate: f64,
    pub ci95: [f64; 2],
}

/// How one deck fared, whichever bot played it: games played to the end with it, and
/// the wins of the player holding it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeckResult {
    pub deck: String,
    pub finished: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub ci95: [f64; 2],
}

/// The results of an arena run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tally {
    pub bots: [String; 2],
    pub games: u64,
    pub seed: u64,
    /// Games played to the end.
    pub finished: u64,
    pub results: [BotResult; 2],
    pub draws: u64,
    pub mean_turns: f64,
    pub min_turns: u32,
    pub max_turns: u32,
    /// Ten buckets of ten turns: 1–10, …, 91–100.
    pub length_histogram: Vec<LengthBucket>,
    /// Games by how they ended: `sanctum_captured`, `turn_limit`, `conceded`.
    pub end_reasons: Vec<(EndReason, u64)>,
    /// The first bot's results on each deck pair of the plan.
    pub by_pair: Vec<PairResult>,
    /// Each deck's results, whoever played it.
    pub by_deck: Vec<DeckResult>,
    pub failures: Vec<Failure>,
    pub records: Vec<GameRecord>,
}

/// A rate and its interval: (wins over n, [low, high]).
fn rate(wins: u64, n: u64) -> (f64, [f64; 2]) {
    let (lo, hi) = wilson(wins, n);
    let r = if n == 0 { 0.0 } else { wins as f64 / n as f64 };
    (r, [lo, hi])
}

/// The side the first bot played in game `index` (red in even games).
fn first_side(index: u64) -> Side {
    if index.is_multiple_of(2) {
        Side::Red
    } else {
        Side::Blue
    }
}

/// Each bot's wins, losses and draws over the finished games.
fn bot_results(bots: &[String; 2], records: &[(u64, GameRecord)]) -> [BotResult; 2] {
    let mut results = bots.clone().map(|bot| BotResult {
        bot,
        ..BotResult::default()
    });
    for (index, r) in records {
        for (k, res) in results.iter_mut().enumerate() {
            let side = if k == 0 {
                first_side(*index)
            } else {
                first_side(*index).opponent()
            };
            if side == Side::Red {
                res.games_as_red += 1;
            }
            match r.winner {
                None => res.draws += 1,
                Some(w) if w == side => {
                    res.wins += 1;
                    if side == Side::Red {
                        res.wins_as_red += 1;
                    }
                }
                Some(_) => res.losses += 1,
            }
        }
    }
    let finished = records.len() as u64;
    for res in &mut results {
        (res.win_rate, res.ci95) = rate(res.wins, finished);
    }
    results
}

/// The first bot's results on each pair of the plan.
fn pair_results(plan: &ArenaPlan, records: &[(u64, GameRecord)]) -> Vec<PairResult> {
    let same = |pair: &[String; 2], r: &GameRecord| {
        let decks = [r.red_deck.clone(), r.blue_deck.clone()];
        decks == *pair || [decks[1].clone(), decks[0].clone()] == *pair
    };
    plan.pairs
        .iter()
        .map(|pair| {
            let mut p = PairResult {
                decks: pair.clone(),
                finished: 0,
                wins: [0, 0],
                draws: 0,
                win_rate: 0.0,
                ci95: [0.0, 1.0],
            };
            for (index, r) in records.iter().filter(|(_, r)| same(pair, r)) {
                p.finished += 1;
                match r.winner {
                    None => p.draws += 1,
                    Some(w) if w == first_side(*index) => p.wins[0] += 1,
                    Some(_) => p.wins[1] += 1,
                }
            }
            (p.win_rate, p.ci95) = rate(p.wins[0], p.finished);
            p
        })
        .collect()
}

/// Each deck of the plan: the games it was in and the wins of whoever held it (a deck
/// against itself counts once, as neither win nor loss of the deck).
fn deck_results(plan: &ArenaPlan, records: &[(u64, GameRecord)]) -> Vec<DeckResult> {
    let mut decks: Vec<String> = Vec::new();
    for d in plan.pairs.iter().flatten() {
        if !decks.contains(d) {
            decks.push(d.clone());
        }
    }
    decks
        .into_iter()
        .map(|deck| {
            let mut finished = 0;
            let mut wins = 0;
            for (_, r) in records {
                let sides = [(Side::Red, &r.red_deck), (Side::Blue, &r.blue_deck)];
                let held: Vec<Side> = sides
                    .iter()
                    .filter(|(_, d)| **d == deck)
                    .map(|(s, _)| *s)
                    .collect();
                if held.is_empty() {
                    continue;
                }
                finished += 1;
                if held.len() == 1 && r.winner == Some(held[0]) {
                    wins += 1;
                }
            }
            let (win_rate, ci95) = rate(wins, finished);
            DeckResult {
                deck,
                finished,
                wins,
                win_rate,
                ci95,
            }
        })
        .collect()
}

/// Games by length, ten turns a bucket.
fn histogram(turns: &[u32]) -> Vec<LengthBucket> {
    let bucket = |t: u32| (t.clamp(1, stats::TURN_LIMIT) as usize - 1) / 10;
    let mut out: Vec<LengthBucket> = (0..stats::TURN_LIMIT.div_ceil(10))
        .map(|k| LengthBucket {
            from: k * 10 + 1,
            to: k * 10 + 10,
            games: 0,
        })
        .collect();
    for &t in turns {
        if let Some(b) = out.get_mut(bucket(t)) {
            b.games += 1;
        }
    }
    out
}

impl Tally {
    /// Counts the results of the games of `plan` (each entry the game's index and its
    /// record or failure, in game order).
    pub fn new(plan: &ArenaPlan, outcomes: Vec<(u64, Result<GameRecord, GameFailure>)>) -> Tally {
        let mut records = Vec::new();
        let mut failures = Vec::new();
        let games = outcomes.len() as u64;
        for (index, outcome) in outcomes {
            let m = plan.game(index);
            let replay = plan.replay(&m);
            match outcome {
                Ok(r) => records.push((index, GameRecord { replay, ..r })),
                Err(e) => failures.push(Failure {
                    seed: m.seed,
                    red: m.bots[0].clone(),
                    blue: m.bots[1].clone(),
                    red_deck: m.decks[0].clone(),
                    blue_deck: m.decks[1].clone(),
                    error: e.to_string(),
                    replay,
                }),
            }
        }
        let turns: Vec<u32> = records.iter().map(|(_, r)| r.turns).collect();
        let end_reasons = [
            EndReason::SanctumCaptured,
            EndReason::TurnLimit,
            EndReason::Conceded,
        ]
        .into_iter()
        .map(|reason| {
            let n = records.iter().filter(|(_, r)| r.reason == reason).count();
            (reason, n as u64)
        })
        .collect();
        Tally {
            bots: plan.bots.clone(),
            games,
            seed: plan.seed,
            finished: records.len() as u64,
            draws: records.iter().filter(|(_, r)| r.winner.is_none()).count() as u64,
            results: bot_results(&plan.bots, &records),
            mean_turns: if turns.is_empty() {
                0.0
            } else {
                turns.iter().map(|&t| f64::from(t)).sum::<f64>() / turns.len() as f64
            },
            min_turns: turns.iter().copied().min().unwrap_or(0),
            max_turns: turns.iter().copied().max().unwrap_or(0),
            length_histogram: histogram(&turns),
            end_reasons,
            by_pair: pair_results(plan, &records),
            by_deck: deck_results(plan, &records),
            failures,
            records: records.into_iter().map(|(_, r)| r).collect(),
        }
    }
}
