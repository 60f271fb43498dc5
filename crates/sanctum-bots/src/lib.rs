//! Computer opponents for Sanctum. A bot sees only its player's view
//! ([`sanctum_rules::game::PlayerView`]) and answers with that player's orders; it
//! never sees the opponent's hand, deck or orders.
//!
//! - [`RandomBot`]: uniformly random legal orders.
//! - [`RushBot`]: trains swordsmen, marches every group on the enemy Sanctum and
//!   casts what it can at the enemy.
//! - [`HeuristicBot`]: a sensible player built from rules of thumb (`heuristic`).
//! - [`SearchBot`]: decoupled UCT over sampled determinisations, with heuristic
//!   rollouts (`search`).
//!
//! [`arena`] plays many seeded games between two bots and tallies them.

use sanctum_rules::game::legal_targets;
use sanctum_rules::game::{GameState, Order, OrderBuilder, PlayerView, Target, TrainAs};
use sanctum_rules::groups::{Capabilities, Control, StandardRules};
use sanctum_rules::map::StructureKind;
use sanctum_rules::movement::{reachable, reachable_by};
use sanctum_rules::rng::GameRng;
use sanctum_rules::{Player, Side, Square};

pub mod arena;
pub mod heuristic;
pub mod search;

pub use heuristic::HeuristicBot;
pub use search::{Budget, SearchBot, SearchConfig};

/// A computer player.
pub trait Bot {
    /// The bot's name, as the command line writes it.
    fn name(&self) -> &'static str;
    /// Orders for the turn shown by the view.
    fn orders(&mut self, view: &PlayerView) -> Vec<Order>;
}

/// The names `bot_by_name` knows.
pub const BOT_NAMES: [&str; 4] = ["random", "rush", "heuristic", "search"];

/// A bot by name, seeded (bots draw from their own generator, never the game's); the
/// search bot with its default settings ([`SearchConfig::default`]: one thread,
/// [`search::DEFAULT_ITERATIONS`] iterations a turn).
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    bot_with(name, seed, &SearchConfig::default())
}

/// A bot by name, seeded; `search` takes `search` as its settings (the other bots have
/// none).
pub fn bot_with(name: &str, seed: u64, search: &SearchConfig) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "rush" => Some(Box::new(RushBot::new(seed))),
        "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
        "search" => Some(Box::new(SearchBot::with_config(seed, *search))),
        _ => None,
    }
}

/// Plays uniformly random legal orders: each novice trained into a random legal form,
/// each card cast on a random legal target or kept (even odds, when affordable), at
/// most one random discard, and each group moved to a random legal square or kept.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::from_seed(seed),
        }
    }
}

/// Novices of a side waiting in its structures: (square, count, is a Sanctum).
fn novices(state: &GameState, side: Side) -> Vec<(Square, u8, bool)> {
    state
        .field
        .board()
        .squares()
        .iter()
        .filter_map(|&s| {
            let st = state.field.structure(s)?;
            (st.owner == Player::from(side) && state.field.novices(s) > 0)
                .then(|| (s, state.field.novices(s), st.kind == StructureKind::Sanctum))
        })
        .collect()
}

/// The squares the group on `from` may be ordered to (two in a line on ice, or for a
/// group that moves two).
fn destinations(state: &GameState, from: Square) -> Vec<Square> {
    let group = state.unit_at(from).map(|u| &u.group);
    let can = |to: Square| match group {
        Some(g) => reachable_by(&state.field, g, from, to),
        None => reachable(&state.field, from, to),
    };
    let mut out: Vec<Square> = Vec::new();
    for a in from.orthogonal() {
        if can(a) {
            out.push(a);
        }
        for b in a.orthogonal() {
            if b != from && !out.contains(&b) && can(b) {
                out.push(b);
            }
        }
    }
    out
}

fn my_groups(state: &GameState, side: Side) -> Vec<(u32, Square)> {
    state
        .units
        .iter()
        .filter(|u| u.group.owner == Player::from(side) && u.group.control == Control::Player)
        .map(|u| (u.id, u.at))
        .collect()
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn orders(&mut self, view: &PlayerView) -> Vec<Order> {
        let state = GameState::from_view(view);
        let side = view.side;
        let mut b = OrderBuilder::new(&state, side);
        for (at, n, _) in novices(&state, side) {
            for _ in 0..n {
                let options: Vec<TrainAs> = TrainAs::ALL
                    .into_iter()
                    .filter(|&into| b.clone().push(Order::Train { at, into }).is_ok())
                    .collect();
                if let Some(&into) = self.rng.choose(&options) {
                    let _ = b.push(Order::Train { at, into });
                }
            }
        }
        let hand = view.me.hand.clone();
        for card in hand {
            if self.rng.below(2) == 0 || !b.draft().player(side).mana.covers(&card.def().cost()) {
                continue;
            }
            let targets = legal_targets(b.draft(), side, card);
            if let Some(&target) = self.rng.choose(&targets) {
                let _ = b.push(Order::Cast { card, target });
            }
        }
        if self.rng.below(4) == 0 {
            let hand = b.draft().player(side).hand.clone();
            if let Some(&card) = self.rng.choose(&hand) {
                let _ = b.push(Order::Discard { card });
            }
        }
        for (_, from) in my_groups(b.draft(), side) {
            let options = destinations(b.draft(), from);
            let pick = self.rng.below(options.len() as u32 + 1) as usize;
            if let Some(&to) = options.get(pick) {
                let _ = b.push(Order::Move { from, to });
            }
        }
        b.finish()
    }
}

/// Trains every novice as a swordsman, sends every group along a shortest path to the
/// enemy Sanctum, casts damage on the largest enemy group, summons monsters as close to
/// the enemy Sanctum as it may, takes the mana bursts, and discards a card it cannot
/// pay for.
pub struct RushBot {
    rng: GameRng,
}

impl RushBot {
    pub fn new(seed: u64) -> RushBot {
        RushBot {
            rng: GameRng::from_seed(seed),
        }
    }
}

/// Distance (in orthogonal steps over squares the group could enter) from every square
/// to `goal`, by breadth-first search; `u32::MAX` where unreachable.
fn distances(state: &GameState, group: u32, goal: Square) -> Vec<u32> {
    let mut dist = vec![u32::MAX; 144];
    let Some(u) = state.unit(group) else {
        return dist;
    };
    let rules = StandardRules;
    let mut queue = std::collections::VecDeque::new();
    dist[goal.index()] = 0;
    queue.push_back(goal);
    while let Some(s) = queue.pop_front() {
        for n in s.orthogonal() {
            if dist[n.index()] == u32::MAX && rules.can_enter(&state.field, &u.group, s) {
                dist[n.index()] = dist[s.index()] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

impl Bot for RushBot {
    fn name(&self) -> &'static str {
        "rush"
    }

    fn orders(&mut self, view: &PlayerView) -> Vec<Order> {
        let state = GameState::from_view(view);
        let side = view.side;
        let enemy = state.field.sanctum(side.opponent());
        let mut b = OrderBuilder::new(&state, side);
        for (at, n, _) in novices(&state, side) {
            for _ in 0..n {
                if b.push(Order::Train {
                    at,
                    into: TrainAs::Swordsman,
                })
                .is_err()
                {
                    break;
                }
            }
        }
        let biggest_enemy = state
            .units
            .iter()
            .filter(|u| u.group.owner != Player::from(side))
            .max_by_key(|u| (u.group.size(), std::cmp::Reverse(u.id)))
            .map(|u| u.at);
        for card in view.me.hand.clone() {
            let targets = legal_targets(b.draft(), side, card);
            if targets.is_empty() || !b.draft().player(side).mana.covers(&card.def().cost()) {
                continue;
            }
            let target = match targets[0] {
                Target::Group { .. } => biggest_enemy
                    .map(|at| Target::Group { at })
                    .filter(|t| targets.contains(t)),
                Target::Square { .. } => targets.iter().copied().min_by_key(|t| match t {
                    Target::Square { at } => at.manhattan(enemy),
                    _ => u32::MAX,
                }),
                Target::Minion { .. } => targets.iter().copied().find(|t| match t {
                    Target::Minion { at, .. } => state
                        .unit_at(*at)
                        .is_some_and(|u| u.group.owner == Player::from(side)),
                    _ => false,
                }),
                t => Some(t),
            };
            if let Some(target) = target {
                let _ = b.push(Order::Cast { card, target });
            }
        }
        let unpayable: Vec<_> = b
            .draft()
            .player(side)
            .hand
            .iter()
            .copied()
            .filter(|c| !b.draft().player(side).mana.covers(&c.def().cost()))
            .collect();
        if let Some(&card) = self.rng.choose(&unpayable) {
            let _ = b.push(Order::Discard { card });
        }
        for (group, from) in my_groups(b.draft(), side) {
            let dist = distances(b.draft(), group, enemy);
            let Some(me) = b.draft().unit(group).map(|u| u.group.clone()) else {
                continue;
            };
            // A step must bring it closer and be a square it can enter (a square next to
            // the path, such as a mountain, is near in distance but closed to it).
            let best = destinations(b.draft(), from)
                .into_iter()
                .filter(|s| dist[s.index()] < dist[from.index()])
                .filter(|&s| StandardRules.can_enter(&b.draft().field, &me, s))
                .min_by_key(|s| dist[s.index()]);
            if let Some(to) = best {
                let _ = b.push(Order::Move { from, to });
            }
        }
        b.finish()
    }
}

/// Plays a whole game between two bots from a setup, calling `each` after every turn
/// with both orders, the events and the state. Returns the final state.
pub fn play_game(
    setup: &sanctum_rules::game::Setup,
    red: &mut dyn Bot,
    blue: &mut dyn Bot,
    mut each: impl FnMut(&[Vec<Order>; 2], &[sanctum_rules::game::Event], &GameState),
) -> Result<GameState, String> {
    use sanctum_rules::game::view;
    let (mut state, _) = GameState::start(setup).map_err(|e| e.to_string())?;
    while state.outcome.is_none() {
        let orders = [
            red.orders(&view(&state, Side::Red)),
            blue.orders(&view(&state, Side::Blue)),
        ];
        let events = state.play_turn(&orders).map_err(|e| e.to_string())?;
        each(&orders, &events, &state);
    }
    Ok(state)
}

/// A random-against-random game from `Setup::whole_pool(seed)` (two 30-card decks drawn
/// from the whole pool), recorded: its start and
/// every turn's orders — the workload the whole-game benchmark and the profiling
/// example replay through the engine alone.
pub fn recorded_random_game(
    seed: u64,
) -> Result<(GameState, Vec<sanctum_rules::game::TurnOrders>), String> {
    let setup = sanctum_rules::game::Setup::whole_pool(seed);
    let start = GameState::start(&setup).map_err(|e| e.to_string())?.0;
    let mut orders = Vec::new();
    play_game(
        &setup,
        &mut RandomBot::new(seed),
        &mut RandomBot::new(seed + 1),
        |o, _, _| orders.push(o.clone()),
    )?;
    Ok((start, orders))
}
