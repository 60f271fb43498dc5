//! Many seeded games between two bots.
//!
//! [`seeded_game`] builds one game's setup and bots from its seed with [`game_setup`]
//! and [`seeded_bots`], which `sanctum play` calls too, so an arena game replays with `sanctum play --red R
//! --blue B --seed S`. [`run_game`] plays one game and turns a refused order or a panic
//! into a [`GameFailure`] naming the seed; [`Tally`] counts the results.

use std::panic::{AssertUnwindSafe, catch_unwind};

mod tally;

pub use tally::{BotResult, DeckResult, Failure, LengthBucket, PairResult, Tally, wilson};

use serde::Serialize;

use crate::{BOT_NAMES, Bot, SearchConfig, bot_with};
use sanctum_rules::cards::CardId;
use sanctum_rules::decks::{Deck, DeckError};
use sanctum_rules::game::{DeckChoice, EndReason, GameState, Rejected, Setup, SetupError, view};
use sanctum_rules::{Layout, Side};

/// A bot name `bot_by_name` does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot '{0}' (valid: {names})", names = BOT_NAMES.join(", "))]
pub struct UnknownBot(pub String);

/// The starter decks `sanctum play` gives red and blue when no deck is named.
pub const DEFAULT_DECKS: [&str; 2] = ["war_mind", "unmaking_life"];

/// The bots of the game played from `seed`: red's seeded with `seed + 1`, blue's with
/// `seed + 2` (a search bot with its default settings).
pub fn seeded_bots(red: &str, blue: &str, seed: u64) -> Result<[Box<dyn Bot>; 2], UnknownBot> {
    seeded_bots_with(red, blue, seed, &SearchConfig::default())
}

/// [`seeded_bots`] with the search bot's settings.
pub fn seeded_bots_with(
    red: &str,
    blue: &str,
    seed: u64,
    search: &SearchConfig,
) -> Result<[Box<dyn Bot>; 2], UnknownBot> {
    let bot = |name: &str, k: u64| {
        bot_with(name, seed.wrapping_add(k), search).ok_or_else(|| UnknownBot(name.to_string()))
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

/// The setup and the two bots (red's, blue's) of the arena game played from `seed`
/// with the default decks and search settings: exactly what `sanctum play --red R
/// --blue B --seed S` plays (the default decks, the Veldt, the classic board), since
/// both build it with [`game_setup`] and [`seeded_bots`].
pub fn seeded_game(
    red: &str,
    blue: &str,
    seed: u64,
) -> Result<(Setup, [Box<dyn Bot>; 2]), GameFailure> {
    matchup_game(
        &Matchup::default_decks(red, blue, seed),
        &SearchConfig::default(),
    )
}

/// A starter deck by name, as a setup takes it.
fn starter_choice(name: &str) -> Result<DeckChoice, GameFailure> {
    let deck = Deck::starter(name)
        .unwrap_or_else(|| Err(DeckError::Invalid(Vec::new())))
        .map_err(|error| GameFailure::Deck {
            name: name.to_string(),
            error: error.to_string(),
        })?;
    Ok(deck.choice())
}

/// The setup and bots of one arena game: `sanctum play --red R --blue B --seed S
/// --red-deck D --blue-deck E` (with the same search flags) builds the same.
pub fn matchup_game(
    m: &Matchup,
    search: &SearchConfig,
) -> Result<(Setup, [Box<dyn Bot>; 2]), GameFailure> {
    let decks = [starter_choice(&m.decks[0])?, starter_choice(&m.decks[1])?];
    let setup = game_setup(m.seed, "veldt", Layout::Classic, decks)?;
    Ok((
        setup,
        seeded_bots_with(&m.bots[0], &m.bots[1], m.seed, search)?,
    ))
}

/// Who plays one arena game: red's and blue's bot and starter deck, and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    pub bots: [String; 2],
    pub decks: [String; 2],
    pub seed: u64,
}

impl Matchup {
    /// Red and blue with `play`'s default decks.
    pub fn default_decks(red: &str, blue: &str, seed: u64) -> Matchup {
        Matchup {
            bots: [red.to_string(), blue.to_string()],
            decks: DEFAULT_DECKS.map(str::to_string),
            seed,
        }
    }
}

/// A whole arena run: two bots, the first seed, the deck pairs it rotates through and
/// the search bot's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaPlan {
    pub bots: [String; 2],
    pub seed: u64,
    /// The deck pairs, each as (first deck, second deck).
    pub pairs: Vec<[String; 2]>,
    /// Whether the decks of a pair change colours every other round through the pairs
    /// (as `--decks` does); without it the first deck of a pair is always red's.
    pub swap_colours: bool,
    pub search: SearchConfig,
}

impl ArenaPlan {
    /// Two bots with `play`'s default decks (`war_mind` red, `unmaking_life` blue in
    /// every game) and the default search settings.
    pub fn new(bots: [&str; 2], seed: u64) -> ArenaPlan {
        ArenaPlan {
            bots: bots.map(str::to_string),
            seed,
            pairs: vec![DEFAULT_DECKS.map(str::to_string)],
            swap_colours: false,
            search: SearchConfig::default(),
        }
    }

    /// Every pair of the named decks (each with itself when only one is named), the
    /// decks changing colours every other round.
    pub fn with_decks(mut self, decks: &[String]) -> ArenaPlan {
        let mut pairs = Vec::new();
        for (i, a) in decks.iter().enumerate() {
            for b in &decks[i + 1..] {
                pairs.push([a.clone(), b.clone()]);
            }
        }
        if let [only] = decks {
            pairs.push([only.clone(), only.clone()]);
        }
        if !pairs.is_empty() {
            self.pairs = pairs;
            self.swap_colours = true;
        }
        self
    }

    /// Game `index`: the bots alternate sides every game; the deck pair changes every
    /// two games (so each bot plays each side of a pair), and with `swap_colours` the
    /// pair's decks change colours every round through the pairs.
    pub fn game(&self, index: u64) -> Matchup {
        let bots = sides([&self.bots[0], &self.bots[1]], index).map(str::to_string);
        let n = self.pairs.len().max(1) as u64;
        let round = index / 2;
        let mut decks = self
            .pairs
            .get((round % n) as usize)
            .cloned()
            .unwrap_or_else(|| DEFAULT_DECKS.map(str::to_string));
        if self.swap_colours && (round / n) % 2 == 1 {
            decks.swap(0, 1);
        }
        Matchup {
            bots,
            decks,
            seed: self.seed.wrapping_add(index),
        }
    }

    /// The `sanctum play` command that replays a game.
    pub fn replay(&self, m: &Matchup) -> String {
        let mut cmd = format!(
            "sanctum play --red {} --blue {} --seed {}",
            m.bots[0], m.bots[1], m.seed
        );
        if m.decks != DEFAULT_DECKS.map(str::to_string) {
            cmd += &format!(" --red-deck {} --blue-deck {}", m.decks[0], m.decks[1]);
        }
        if m.bots.iter().any(|b| b == "search") {
            cmd += &search_flags(&self.search);
        }
        cmd
    }
}

/// The `sanctum play` flags that give a search bot these settings (none for the
/// defaults).
pub fn search_flags(c: &SearchConfig) -> String {
    match c.budget {
        crate::Budget::Iterations(n) if n == crate::search::DEFAULT_ITERATIONS => String::new(),
        crate::Budget::Iterations(n) => format!(" --budget-iters {n}"),
        crate::Budget::Millis(ms) => format!(" --budget-ms {ms}"),
    }
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
    pub red_deck: String,
    pub blue_deck: String,
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub turns: u32,
    pub reason: EndReason,
    /// The `sanctum play` command that replays it (filled in by [`Tally::new`]).
    pub replay: String,
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

/// Plays the arena game of `seed` between two bots by name (red's, blue's) with the
/// default decks and search settings.
pub fn run_game(red: &str, blue: &str, seed: u64) -> Result<GameRecord, GameFailure> {
    run_matchup(
        &Matchup::default_decks(red, blue, seed),
        &SearchConfig::default(),
    )
}

/// Plays one arena game.
pub fn run_matchup(m: &Matchup, search: &SearchConfig) -> Result<GameRecord, GameFailure> {
    let (setup, bots) = matchup_game(m, search)?;
    let state = play_safely(&setup, bots)?;
    let outcome = state
        .outcome
        .ok_or_else(|| GameFailure::Panicked("the game ended without an outcome".into()))?;
    Ok(GameRecord {
        seed: m.seed,
        red: m.bots[0].clone(),
        blue: m.bots[1].clone(),
        red_deck: m.decks[0].clone(),
        blue_deck: m.decks[1].clone(),
        winner: outcome.winner,
        turns: outcome.turn,
        reason: outcome.reason,
        replay: String::new(),
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
        let quiet = || crate::bot_by_name("random", 1).expect("a bot");
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
                red_deck: DEFAULT_DECKS[0].into(),
                blue_deck: DEFAULT_DECKS[1].into(),
                winner,
                turns,
                reason,
                replay: String::new(),
            })
        };
        let outcomes = vec![
            (0, rec(10, Some(Side::Red), 12, EndReason::SanctumCaptured)),
            (1, rec(11, Some(Side::Red), 100, EndReason::TurnLimit)),
            (2, rec(12, None, 100, EndReason::TurnLimit)),
            (3, Err(GameFailure::Panicked("boom".into()))),
        ];
        let t = Tally::new(&ArenaPlan::new(["a", "b"], 10), outcomes);
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
        assert_eq!(
            t.failures[0].replay,
            "sanctum play --red b --blue a --seed 13"
        );
        assert_eq!(t.length_histogram[1].games, 1);
        assert_eq!(t.length_histogram[9].games, 2);
        assert!((t.mean_turns - 212.0 / 3.0).abs() < 1e-9);
        assert_eq!(t.end_reasons[1], (EndReason::TurnLimit, 2));
        // One pair: the first bot won one of three, drew one.
        assert_eq!(t.by_pair.len(), 1);
        assert_eq!(
            (t.by_pair[0].finished, t.by_pair[0].wins, t.by_pair[0].draws),
            (3, [1, 1], 1)
        );
        // Red's deck won both decided games.
        assert_eq!(
            (t.by_deck[0].deck.as_str(), t.by_deck[0].wins),
            ("war_mind", 2)
        );
        assert_eq!(t.by_deck[1].wins, 0);
    }

    /// With `--decks a,b,c` every pair comes round, each bot on each side of it, and the
    /// decks change colours on the next round through the pairs.
    #[test]
    fn the_plan_rotates_deck_pairs_and_colours() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let plan = ArenaPlan::new(["x", "y"], 100).with_decks(&names);
        assert_eq!(plan.pairs.len(), 3);
        let g = |i| plan.game(i);
        assert_eq!(g(0).bots, ["x", "y"].map(String::from));
        assert_eq!(g(1).bots, ["y", "x"].map(String::from));
        assert_eq!(
            (g(0).decks.clone(), g(1).decks.clone()),
            (g(0).decks, ["a", "b"].map(String::from))
        );
        assert_eq!(g(2).decks, ["a", "c"].map(String::from));
        assert_eq!(g(4).decks, ["b", "c"].map(String::from));
        assert_eq!(g(6).decks, ["b", "a"].map(String::from));
        assert_eq!(g(7).seed, 107);
        assert_eq!(
            plan.replay(&g(7)),
            "sanctum play --red y --blue x --seed 107 --red-deck b --blue-deck a"
        );
        let mirror = ArenaPlan::new(["x", "y"], 0).with_decks(&names[..1]);
        assert_eq!(mirror.game(3).decks, ["a", "a"].map(String::from));
    }
}
