//! Many seeded games between two bots.
//!
//! [`seeded_game`] builds one game's setup and bots from its seed with [`game_setup`]
//! and [`seeded_bots`], which `sanctum play` calls too, so an arena game replays with `sanctum play --red R
//! --blue B --seed S`. [`run_game`] plays one game and turns a refused order or a panic
//! into a [`GameFailure`] naming the seed; [`Tally`] counts the results.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

use crate::{BOT_NAMES, Bot, bot_by_name};
use sanctum_rules::cards::CardId;
use sanctum_rules::decks::{Deck, DeckError};
use sanctum_rules::game::{DeckChoice, EndReason, GameState, Rejected, Setup, SetupError, view};
use sanctum_rules::{Layout, Side, stats};

/// A bot name `bot_by_name` does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot '{0}' (valid: {names})", names = BOT_NAMES.join(", "))]
pub struct UnknownBot(pub String);

/// The starter decks `sanctum play` gives red and blue when no deck is named.
pub const DEFAULT_DECKS: [&str; 2] = ["war_mind", "unmaking_life"];

/// The bots of the game played from `seed`: red's seeded with `seed + 1`, blue's with
/// `seed + 2`.
pub fn seeded_bots(red: &str, blue: &str, seed: u64) -> Result<[Box<dyn Bot>; 2], UnknownBot> {
    let bot = |name: &str, k: u64| {
        bot_by_name(name, seed.wrapping_add(k)).ok_or_else(|| UnknownBot(name.to_string()))
    };
    Ok([bot(red, 1)?, bot(blue, 2)?])
}

/// The setup of the game played from `seed` in which red plays `decks[0]` and blue
/// `decks[1]`: the game's coin flip decides which deck plays red, so when it would give
/// red the second deck the two swap places (the flip comes from the seed alone, so it
/// falls the same way again).
pub fn game_setup(
    seed: u64,
    realm: &str,
    layout: Layout,
    decks: [DeckChoice; 2],
) -> Result<Setup, SetupError> {
    let mut setup = Setup {
        realm: realm.to_string(),
        layout,
        seed,
        decks,
    };
    let sorted = |mut cards: Vec<CardId>| {
        cards.sort();
        cards
    };
    let state = GameState::new(&setup)?;
    let red = state.player(Side::Red);
    let held = [red.deck.as_slice(), &red.hand, &red.whirlpool].concat();
    let first = &setup.decks[0];
    if red.house != first.house || sorted(held) != sorted(first.cards.clone()) {
        setup.decks.swap(0, 1);
    }
    Ok(setup)
}

/// The setup and the two bots (red's, blue's) of the arena game played from `seed`:
/// exactly what `sanctum play --red R --blue B --seed S` plays (the default decks, the
/// Veldt, the classic board), since both build it with [`game_setup`] and
/// [`seeded_bots`].
pub fn seeded_game(
    red: &str,
    blue: &str,
    seed: u64,
) -> Result<(Setup, [Box<dyn Bot>; 2]), GameFailure> {
    let mut decks = Vec::with_capacity(2);
    for name in DEFAULT_DECKS {
        let deck = Deck::starter(name)
            .unwrap_or_else(|| Err(DeckError::Invalid(Vec::new())))
            .map_err(|error| GameFailure::Deck {
                name: name.to_string(),
                error: error.to_string(),
            })?;
        decks.push(deck.choice());
    }
    let decks: [DeckChoice; 2] = decks
        .try_into()
        .map_err(|_| GameFailure::Panicked("two default decks".into()))?;
    let setup = game_setup(seed, "veldt", Layout::Classic, decks)?;
    Ok((setup, seeded_bots(red, blue, seed)?))
}

/// Which bot plays red in game `index` of an arena: the first on even games, the
/// second on odd ones. Returns `[red, blue]`.
pub fn sides(bots: [&str; 2], index: u64) -> [&str; 2] {
    if index.is_multiple_of(2) {
        bots
    } else {
        [bots[1], bots[0]]
    }
}

/// How one finished game went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub seed: u64,
    pub red: String,
    pub blue: String,
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub turns: u32,
    pub reason: EndReason,
}

/// Why a game could not be played to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameFailure {
    #[error(transparent)]
    UnknownBot(#[from] UnknownBot),
    #[error("starter deck '{name}': {error}")]
    Deck { name: String, error: String },
    #[error("the setup was refused: {0}")]
    Setup(#[from] SetupError),
    #[error("turn {turn}: a bot's order was refused: {error}")]
    Refused { turn: u32, error: Rejected },
    #[error("the game panicked: {0}")]
    Panicked(String),
}

/// Plays the arena game of `seed` between two bots by name (red's, blue's).
pub fn run_game(red: &str, blue: &str, seed: u64) -> Result<GameRecord, GameFailure> {
    let (setup, bots) = seeded_game(red, blue, seed)?;
    let state = play_safely(&setup, bots)?;
    let outcome = state
        .outcome
        .ok_or_else(|| GameFailure::Panicked("the game ended without an outcome".into()))?;
    Ok(GameRecord {
        seed,
        red: red.to_string(),
        blue: blue.to_string(),
        winner: outcome.winner,
        turns: outcome.turn,
        reason: outcome.reason,
    })
}

/// Plays a whole game; a refused order or a panic (in a bot or the engine) is a failure
/// instead of an unwinding thread.
pub fn play_safely(setup: &Setup, bots: [Box<dyn Bot>; 2]) -> Result<GameState, GameFailure> {
    let mut bots = bots;
    let game = catch_unwind(AssertUnwindSafe(move || {
        let (mut state, _) = GameState::start(setup)?;
        while state.outcome.is_none() {
            let orders = [
                bots[0].orders(&view(&state, Side::Red)),
                bots[1].orders(&view(&state, Side::Blue)),
            ];
            let turn = state.turn;
            state
                .play_turn(&orders)
                .map_err(|error| GameFailure::Refused { turn, error })?;
        }
        Ok(state)
    }));
    game.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        Err(GameFailure::Panicked(message))
    })
}

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
    pub error: String,
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
    pub failures: Vec<Failure>,
    pub records: Vec<GameRecord>,
}

impl Tally {
    /// Counts the results of games `0..games` from `seed` between `bots` (each entry the
    /// game's record or its failure, in game order).
    pub fn new(
        bots: [&str; 2],
        seed: u64,
        outcomes: Vec<(u64, Result<GameRecord, GameFailure>)>,
    ) -> Tally {
        let mut results = bots.map(|b| BotResult {
            bot: b.to_string(),
            ..BotResult::default()
        });
        let mut records = Vec::new();
        let mut failures = Vec::new();
        let games = outcomes.len() as u64;
        for (index, outcome) in outcomes {
            let [red, blue] = sides(bots, index);
            match outcome {
                Ok(r) => records.push((index, r)),
                Err(e) => failures.push(Failure {
                    seed: seed.wrapping_add(index),
                    red: red.to_string(),
                    blue: blue.to_string(),
                    error: e.to_string(),
                }),
            }
        }
        for (index, r) in &records {
            // The first bot plays red on even games.
            let first_is_red = index.is_multiple_of(2);
            for (k, res) in results.iter_mut().enumerate() {
                let side = if (k == 0) == first_is_red {
                    Side::Red
                } else {
                    Side::Blue
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
            res.win_rate = if finished == 0 {
                0.0
            } else {
                res.wins as f64 / finished as f64
            };
            let (lo, hi) = wilson(res.wins, finished);
            res.ci95 = [lo, hi];
        }
        let turns: Vec<u32> = records.iter().map(|(_, r)| r.turns).collect();
        let bucket = |t: u32| (t.clamp(1, stats::TURN_LIMIT) as usize - 1) / 10;
        let mut length_histogram: Vec<LengthBucket> = (0..stats::TURN_LIMIT.div_ceil(10))
            .map(|k| LengthBucket {
                from: k * 10 + 1,
                to: k * 10 + 10,
                games: 0,
            })
            .collect();
        for &t in &turns {
            if let Some(b) = length_histogram.get_mut(bucket(t)) {
                b.games += 1;
            }
        }
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
            bots: bots.map(str::to_string),
            games,
            seed,
            finished,
            draws: records.iter().filter(|(_, r)| r.winner.is_none()).count() as u64,
            results,
            mean_turns: if turns.is_empty() {
                0.0
            } else {
                turns.iter().map(|&t| f64::from(t)).sum::<f64>() / turns.len() as f64
            },
            min_turns: turns.iter().copied().min().unwrap_or(0),
            max_turns: turns.iter().copied().max().unwrap_or(0),
            length_histogram,
            end_reasons,
            failures,
            records: records.into_iter().map(|(_, r)| r).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(190, 200);
        assert!(
            (lo - 0.9103).abs() < 1e-3 && (hi - 0.9726).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
        let (lo, hi) = wilson(10, 10);
        assert!(
            (lo - 0.7225).abs() < 1e-3 && (hi - 1.0).abs() < 1e-9,
            "{lo} {hi}"
        );
    }

    struct Panicky;
    impl Bot for Panicky {
        fn name(&self) -> &'static str {
            "panicky"
        }
        fn orders(
            &mut self,
            _: &sanctum_rules::game::PlayerView,
        ) -> Vec<sanctum_rules::game::Order> {
            panic!("a bot lost its mind")
        }
    }

    struct Cheater;
    impl Bot for Cheater {
        fn name(&self) -> &'static str {
            "cheater"
        }
        fn orders(
            &mut self,
            v: &sanctum_rules::game::PlayerView,
        ) -> Vec<sanctum_rules::game::Order> {
            let at = v.field.sanctum(v.side);
            vec![sanctum_rules::game::Order::Move { from: at, to: at }]
        }
    }

    #[test]
    fn a_panicking_or_refused_game_is_a_failure_not_an_unwind() {
        let setup = Setup::sample(3);
        let quiet = || bot_by_name("random", 1).expect("a bot");
        let r = play_safely(&setup, [quiet(), Box::new(Panicky)]);
        assert_eq!(
            r.err(),
            Some(GameFailure::Panicked("a bot lost its mind".into()))
        );
        let r = play_safely(&setup, [Box::new(Cheater), quiet()]);
        assert!(
            matches!(r, Err(GameFailure::Refused { turn: 1, .. })),
            "{r:?}"
        );
    }

    #[test]
    fn the_tally_counts_each_bot_on_both_sides() {
        let rec = |seed, winner, turns, reason| {
            Ok(GameRecord {
                seed,
                red: String::new(),
                blue: String::new(),
                winner,
                turns,
                reason,
            })
        };
        let outcomes = vec![
            (0, rec(10, Some(Side::Red), 12, EndReason::SanctumCaptured)),
            (1, rec(11, Some(Side::Red), 100, EndReason::TurnLimit)),
            (2, rec(12, None, 100, EndReason::TurnLimit)),
            (3, Err(GameFailure::Panicked("boom".into()))),
        ];
        let t = Tally::new(["a", "b"], 10, outcomes);
        assert_eq!((t.games, t.finished, t.draws), (4, 3, 1));
        assert_eq!(
            (t.results[0].wins, t.results[0].losses, t.results[0].draws),
            (1, 1, 1)
        );
        assert_eq!((t.results[1].wins, t.results[1].wins_as_red), (1, 1));
        assert_eq!(t.results[0].games_as_red, 2);
        assert_eq!(t.failures[0].seed, 13);
        assert_eq!(
            (t.failures[0].red.as_str(), t.failures[0].blue.as_str()),
            ("b", "a")
        );
        assert_eq!(t.length_histogram[1].games, 1);
        assert_eq!(t.length_histogram[9].games, 2);
        assert!((t.mean_turns - 212.0 / 3.0).abs() < 1e-9);
        assert_eq!(t.end_reasons[1], (EndReason::TurnLimit, 2));
    }
}
