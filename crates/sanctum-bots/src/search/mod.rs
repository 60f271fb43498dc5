//! `search`: a bot for simultaneous turns with hidden cards.
//!
//! Each turn it
//! 1. makes its own candidate order lists from its view (the heuristic's plan and
//!    variations of it, [`candidates`]);
//! 2. samples `worlds` determinisations: the opponent's hand and both decks drawn from
//!    what the view allows (`world`), never from the real hidden state (it only ever
//!    holds a [`PlayerView`]);
//! 3. in each world, makes the opponent's candidates the same way and runs decoupled UCT
//!    over the pair of choices, with heuristic rollouts to a depth and a static
//!    evaluation (`duct`, [`value`]);
//! 4. sums its candidates' visits over the worlds and plays the most visited.
//!
//! The worlds are searched one after another, or in parallel on a rayon pool when
//! `threads` is not 1 (root parallelisation). Each world's seed is drawn before the
//! search starts and the results are summed in world order, so with a budget in
//! iterations the orders depend only on the seed and the view, not on the threads.
//! `docs/bots.md` describes the algorithm.

mod candidates;
mod clock;
mod duct;
mod value;
mod world;

use std::time::{Duration, Instant};

use rayon::prelude::*;
use sanctum_rules::Side;
use sanctum_rules::game::{GameState, Order, PlayerView};
use sanctum_rules::rng::GameRng;

use crate::Bot;
use clock::Clock;
use duct::{Arm, Knobs, Limit};

pub use duct::rollout;
pub use value::value;
pub use world::{guessed_pool, sample as sample_world};

/// Up to `k` distinct candidate order lists for `side` on `state`: the heuristic's plan
/// first, then variations of it (`docs/bots.md`); `rng` gives the discard tie-break.
pub fn candidates(state: &GameState, side: Side, rng: &mut GameRng, k: usize) -> Vec<Vec<Order>> {
    candidates::generate(state, side, rng, k, &mut Clock::new(None))
}

/// How much the search may think each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Iterations in all (shared out over the worlds): deterministic.
    Iterations(u32),
    /// Milliseconds of wall-clock time for the whole turn, a hard bound: every step
    /// starts only when it can end in time, and with no time for any iteration the
    /// turn gives the heuristic's plan. The number of iterations depends on the machine.
    Millis(u64),
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    pub budget: Budget,
    /// Worker threads: 1 searches on the calling thread; 0 uses every core.
    pub threads: usize,
    /// Determinisations a turn.
    pub worlds: u32,
    /// Turns of rollout after the searched turn.
    pub depth: u32,
    /// Candidates of its own.
    pub mine: usize,
    /// Candidates of the opponent, in each world.
    pub theirs: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
}

/// The default budget of `bot_by_name("search", …)`: well under 100 ms a turn on one
/// core of the development machine in a release build.
pub const DEFAULT_ITERATIONS: u32 = 100;

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            threads: 1,
            worlds: 4,
            depth: 4,
            mine: 10,
            theirs: 4,
            exploration: 0.4,
        }
    }
}

/// The search bot.
pub struct SearchBot {
    rng: GameRng,
    config: SearchConfig,
    pool: Option<rayon::ThreadPool>,
    /// Iterations of the last turn, over all worlds.
    iterations: u32,
}

impl SearchBot {
    /// A search bot with the default settings (one thread, [`DEFAULT_ITERATIONS`]).
    pub fn new(seed: u64) -> SearchBot {
        SearchBot::with_config(seed, SearchConfig::default())
    }

    pub fn with_config(seed: u64, config: SearchConfig) -> SearchBot {
        // A pool that cannot start leaves the search on the calling thread.
        let pool = (config.threads != 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(config.threads)
                    .build()
                    .ok()
            })
            .flatten();
        SearchBot {
            rng: GameRng::from_seed(seed),
            config,
            pool,
            iterations: 0,
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// How many iterations its last turn ran, over all worlds (0 when it played the
    /// heuristic's plan without searching).
    pub fn last_iterations(&self) -> u32 {
        self.iterations
    }
}

/// What one world needs: its seed and when it stops.
struct Job {
    seed: u64,
    limit: Limit,
}

/// The share of a budget in milliseconds the search works to; the rest is left for
/// summing up and for steps that run longer than any before them.
const WORKING_SHARE: (u32, u32) = (19, 20);

/// The deadline of the turn under `budget`, from `start`.
fn deadline(budget: Budget, start: Instant) -> Option<Instant> {
    match budget {
        Budget::Iterations(_) => None,
        Budget::Millis(ms) => {
            Some(start + Duration::from_millis(ms) * WORKING_SHARE.0 / WORKING_SHARE.1)
        }
    }
}

impl SearchBot {
    /// The seed and limit of each world: the iterations shared out evenly, or the time
    /// left until `deadline` cut into as many slices as the worlds take rounds on the
    /// threads. `plan` is how long one of the heuristic's plans took this turn.
    fn jobs(&mut self, deadline: Option<Instant>, plan: Duration) -> Vec<Job> {
        let worlds = self.config.worlds.max(1);
        let threads = match &self.pool {
            Some(p) => p.current_num_threads().max(1) as u32,
            None => 1,
        };
        let rounds = worlds.div_ceil(threads).max(1);
        let now = Instant::now();
        // An iteration plays 1 + depth turns of two plans and the engine (about as
        // long again).
        let first = plan * 4 * (self.config.depth + 1);
        (0..worlds)
            .map(|k| {
                let limit = match (deadline, self.config.budget) {
                    (Some(end), _) => Limit {
                        iterations: u32::MAX,
                        deadline: Some(
                            now + end.saturating_duration_since(now) * (k / threads + 1) / rounds,
                        ),
                        first,
                    },
                    (None, Budget::Iterations(n)) => Limit {
                        iterations: n.div_ceil(worlds).max(1),
                        deadline: None,
                        first,
                    },
                    (None, Budget::Millis(_)) => Limit {
                        iterations: 1,
                        deadline: None,
                        first,
                    },
                };
                Job {
                    seed: self.rng.next_u64(),
                    limit,
                }
            })
            .collect()
    }
}

/// Searches one world: samples it, makes the opponent's candidates there and runs
/// decoupled UCT. Returns the statistics of our candidates (none visited when the
/// world's deadline leaves no time for it).
fn search_world(
    view: &PlayerView,
    base: &GameState,
    mine: &[Vec<Order>],
    config: &SearchConfig,
    job: &Job,
    plan: Duration,
) -> Vec<Arm> {
    let mut clock = Clock::new(job.limit.deadline);
    // Sampling a world costs far less than a plan; the opponent's first plan follows.
    if !clock.allows(plan * 2) {
        return vec![Arm::default(); mine.len()];
    }
    let mut rng = GameRng::from_seed(job.seed);
    let world = world::sample(view, base, &mut rng);
    let them = view.side.opponent();
    let theirs = candidates::generate(&world, them, &mut rng, config.theirs, &mut clock);
    let knobs = Knobs {
        depth: config.depth,
        exploration: config.exploration,
    };
    duct::search(&world, view.side, mine, &theirs, job.limit, knobs, &mut rng)
}

impl Bot for SearchBot {
    fn name(&self) -> &'static str {
        "search"
    }

    fn orders(&mut self, view: &PlayerView) -> Vec<Order> {
        let deadline = deadline(self.config.budget, Instant::now());
        self.iterations = 0;
        let base = GameState::from_view(view);
        let mut plans = Clock::new(deadline);
        let mut mine = candidates::generate(
            &base,
            view.side,
            &mut self.rng,
            self.config.mine,
            &mut plans,
        );
        if view.outcome.is_some() || mine.len() <= 1 {
            return mine.swap_remove(0);
        }
        let jobs = self.jobs(deadline, plans.longest());
        let config = self.config;
        let plan = plans.longest();
        let run = |job: &Job| search_world(view, &base, &mine, &config, job, plan);
        let per_world: Vec<Vec<Arm>> = match &self.pool {
            Some(pool) => pool.install(|| jobs.par_iter().map(run).collect()),
            None => jobs.iter().map(run).collect(),
        };
        let mut sum = vec![Arm::default(); mine.len()];
        for arms in &per_world {
            for (s, a) in sum.iter_mut().zip(arms) {
                s.visits += a.visits;
                s.total += a.total;
            }
        }
        self.iterations = sum.iter().map(|a| a.visits).sum();
        // Out of time before any iteration: the heuristic's plan.
        if self.iterations == 0 {
            return mine.swap_remove(0);
        }
        // The most visited; the higher mean, then the earlier candidate, on a tie.
        let best = (0..sum.len())
            .max_by(|&a, &b| {
                (sum[a].visits, sum[a].mean())
                    .partial_cmp(&(sum[b].visits, sum[b].mean()))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        mine.swap_remove(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HeuristicBot;
    use sanctum_rules::game::{Setup, view};

    fn start() -> GameState {
        GameState::start(&Setup::sample(4)).expect("a game").0
    }

    #[test]
    fn a_world_fills_the_hidden_cards_with_the_counts_the_view_shows() {
        let state = start();
        let v = view(&state, Side::Red);
        let base = GameState::from_view(&v);
        let w = world::sample(&v, &base, &mut GameRng::from_seed(1));
        let (me, them) = (w.player(Side::Red), w.player(Side::Blue));
        assert_eq!(me.hand, v.me.hand);
        assert_eq!(me.deck.len(), v.me.deck_size);
        assert_eq!(them.hand.len(), v.opponent.hand_size);
        assert_eq!(them.deck.len(), v.opponent.deck_size);
        let pool = guessed_pool(v.opponent.house);
        assert!(them.hand.iter().chain(&them.deck).all(|c| pool.contains(c)));
        assert_eq!(view(&w, Side::Red), v, "the world agrees with the view");
    }

    #[test]
    fn the_first_candidate_is_the_heuristic_s_plan_and_none_repeats() {
        let state = start();
        let v = view(&state, Side::Blue);
        let base = GameState::from_view(&v);
        let all = candidates::generate(
            &base,
            Side::Blue,
            &mut GameRng::from_seed(3),
            10,
            &mut Clock::new(None),
        );
        assert!(all.len() > 1 && all.len() <= 10);
        assert_eq!(all[0], HeuristicBot::new(0).orders(&v));
        for (k, c) in all.iter().enumerate() {
            assert!(!all[..k].contains(c));
        }
    }

    #[test]
    fn the_value_of_a_finished_game_is_its_result() {
        let mut state = start();
        assert!((0.0..=1.0).contains(&value(&state, Side::Red)));
        let even = value(&state, Side::Red) + value(&state, Side::Blue);
        assert!((even - 1.0).abs() < 1e-9, "symmetric: {even}");
        state.outcome = Some(sanctum_rules::game::GameOutcome {
            winner: Some(Side::Blue),
            reason: sanctum_rules::game::EndReason::SanctumCaptured,
            turn: 9,
        });
        assert_eq!(
            (value(&state, Side::Red), value(&state, Side::Blue)),
            (0.0, 1.0)
        );
    }
}
