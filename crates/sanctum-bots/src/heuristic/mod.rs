//! `heuristic`: a sensible player built from rules of thumb, seeing only its view.
//!
//! Each turn it factors the order space instead of searching it: novices one by one
//! (mana in the Sanctum early, recruits later), the mana each capturable town will
//! give, each card in hand on its best legal target or kept, one discard of a card it
//! cannot use, and each group toward one goal (defend, assault, a town, rally).
//! `docs/bots.md` describes the factoring and the rules of thumb.

pub(crate) mod eval;
mod land;
pub(crate) mod moves;
mod spells;
mod squares;

use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Order, OrderBuilder, PlayerView, TrainAs};
use sanctum_rules::mana::{Mana, ManaType};
use sanctum_rules::rng::GameRng;
use sanctum_rules::{Side, Square};

use crate::Bot;

use eval::Paths;
pub use eval::power;

/// Turns up to which novices in the Sanctum become mana rather than recruits (when no
/// raider is near).
const MANA_UNTIL_TURN: u32 = 12;

/// The heuristic bot. Its generator only breaks ties between equally good discards, so
/// a seed fixes its play.
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot {
            rng: GameRng::from_seed(seed),
        }
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn orders(&mut self, view: &PlayerView) -> Vec<Order> {
        let state = GameState::from_view(view);
        plan(&state, view.side, &mut self.rng, &Variant::default())
    }
}

/// How the novices of a [`Variant`] are trained.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Training {
    /// The heuristic's choice: mana in the Sanctum early, recruits later.
    #[default]
    Usual,
    /// Every novice a recruit.
    Recruits,
}

/// Where a [`Variant`] sends every group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AllGroups {
    /// At the enemy Sanctum.
    Assault,
    /// Home, to the own Sanctum.
    Home,
}

/// A departure from the heuristic's plan, one factor at a time: the search bot's
/// candidate orders are the plan and such variations of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Variant {
    pub training: Training,
    /// Cast nothing (keep the mana and the cards).
    pub cast_none: bool,
    /// Keep this card rather than cast it.
    pub keep: Option<CardId>,
    /// One goal for every group.
    pub all: Option<AllGroups>,
    /// Another goal for one group: (group id, goal).
    pub goal: Option<(u32, Square)>,
}

/// The heuristic's orders for `side` on `state`, changed by `variant`. The state is the
/// bot's stand-in built from its view (or, inside the search, one sampled world); the
/// generator only breaks ties between discards.
pub(crate) fn plan(
    state: &GameState,
    side: Side,
    rng: &mut GameRng,
    variant: &Variant,
) -> Vec<Order> {
    plan_with(state, side, rng, variant, &mut Paths::default())
}

/// [`plan`] reusing the safe squares and paths in `paths` (the search keeps them over
/// the many plans of its rollouts; the orders are the same either way).
pub(crate) fn plan_with(
    state: &GameState,
    side: Side,
    rng: &mut GameRng,
    variant: &Variant,
    paths: &mut Paths,
) -> Vec<Order> {
    let mut b = OrderBuilder::new(state, side);
    train(&mut b, state, side, variant.training);
    wish_town_mana(&mut b, side);
    if !variant.cast_none {
        cast(&mut b, side, variant.keep);
    }
    discard(&mut b, side, rng);
    let mut goals = moves::goals(b.draft(), side);
    if let Some(all) = variant.all {
        let goal = match all {
            AllGroups::Assault => b.draft().field.sanctum(side.opponent()),
            AllGroups::Home => b.draft().field.sanctum(side),
        };
        for g in &mut goals {
            g.1 = goal;
        }
    }
    if let Some((id, goal)) = variant.goal {
        for g in goals.iter_mut().filter(|g| g.0 == id) {
            g.1 = goal;
        }
    }
    let steps = moves::steps(b.draft(), side, &goals, paths);
    for &(from, to) in &steps {
        let _ = b.push(Order::Move { from, to });
    }
    if !variant.cast_none {
        squares::cast_circles(&mut b, side, &steps);
    }
    b.finish()
}

/// Mana the side would like more of: what the cards it holds and has seen cost, less
/// what it makes each turn, per type.
fn wanted(state: &GameState, side: Side) -> [i32; 6] {
    let p = state.player(side);
    let mut want = [0i32; 6];
    for card in p.hand.iter().chain(&p.whirlpool) {
        if spells::useless(*card) {
            continue;
        }
        let cost = state.price(side, *card);
        for t in ManaType::ALL {
            want[t.index()] += i32::from(cost.get(t));
        }
    }
    let made = production(state, side);
    for t in ManaType::ALL {
        want[t.index()] -= 2 * i32::from(made.get(t));
    }
    want
}

/// What the side makes each turn: the Sanctum and its towns' chosen types.
fn production(state: &GameState, side: Side) -> Mana {
    let mut m = state.player(side).sanctum_mana;
    for at in eval::own_towns(state, side) {
        if let Some(t) = state.town(at).and_then(|t| t.mana) {
            m.add(t, 1);
        }
    }
    m
}

/// The type among `options` the side wants most (the first on a tie).
fn most_wanted(state: &GameState, side: Side, options: &[ManaType]) -> ManaType {
    let want = wanted(state, side);
    let mut best = options[0];
    for &t in options {
        if want[t.index()] > want[best.index()] {
            best = t;
        }
    }
    best
}

/// Novices: mana in the Sanctum early (the type the cards want), recruits later and
/// whenever raiders are near; recruits are swordsmen, or archers where they join a
/// group of archers.
fn train(b: &mut OrderBuilder, state: &GameState, side: Side, training: Training) {
    let home = state.field.sanctum(side);
    let raid = training == Training::Recruits
        || eval::enemies(state, side).any(|u| eval::raider(u) && u.at.manhattan(home) <= 6);
    for (at, n, sanctum) in crate::novices(state, side) {
        for _ in 0..n {
            let house = b.draft().player(side).house;
            let into = if sanctum && state.turn <= MANA_UNTIL_TURN && !raid {
                let t = most_wanted(b.draft(), side, &[house.primary(), house.secondary()]);
                TrainAs::ALL
                    .into_iter()
                    .find(|a| a.mana() == Some(t))
                    .unwrap_or(TrainAs::Swordsman)
            } else {
                recruit_class(b.draft(), at)
            };
            if b.push(Order::Train { at, into }).is_err()
                && b.push(Order::Train {
                    at,
                    into: TrainAs::Swordsman,
                })
                .is_err()
            {
                break;
            }
        }
    }
}

fn recruit_class(state: &GameState, at: Square) -> TrainAs {
    let archers = state.unit_at(at).is_some_and(|u| {
        u.group
            .minions()
            .iter()
            .all(|m| m.class() == Some(sanctum_rules::groups::RecruitClass::Archer))
    });
    if archers {
        TrainAs::Archer
    } else {
        TrainAs::Swordsman
    }
}

/// Every town or colony it could capture gives the type its cards want most.
fn wish_town_mana(b: &mut OrderBuilder, side: Side) {
    let mana = most_wanted(b.draft(), side, &ManaType::ALL);
    for at in eval::towns_to_take(b.draft(), side) {
        let already = b.draft().player(side).town_mana.contains(&(at, mana));
        if !already {
            let _ = b.push(Order::TownMana { at, mana });
        }
    }
}

/// Each card in hand but `keep`, dearest first, on the target its effect wants, if
/// affordable.
fn cast(b: &mut OrderBuilder, side: Side, keep: Option<CardId>) {
    let mut hand: Vec<CardId> = b.draft().player(side).hand.clone();
    let draft = b.draft();
    // Dearest first, except a card that prepares a summoning square (Jungle), which goes
    // before the summoning it prepares: cast in that order, they execute in it.
    hand.sort_by_key(|c| {
        (
            !land::nurtures(*c),
            std::cmp::Reverse(draft.price(side, *c).total()),
            *c,
        )
    });
    for card in hand {
        if Some(card) == keep {
            continue;
        }
        let draft = b.draft();
        if !draft.player(side).mana.covers(&draft.price(side, card)) {
            continue;
        }
        if let Some(target) = spells::choose(b.draft(), side, card) {
            let _ = b.push(Order::Cast { card, target });
        }
    }
}

/// One discard: a card it never casts, else one needing a type it does not make.
fn discard(b: &mut OrderBuilder, side: Side, rng: &mut GameRng) {
    let made = production(b.draft(), side);
    let p = b.draft().player(side);
    let hand = p.hand.clone();
    let dead: Vec<CardId> = hand
        .iter()
        .copied()
        .filter(|c| spells::useless(*c))
        .collect();
    let unmade: Vec<CardId> = hand
        .iter()
        .copied()
        .filter(|c| {
            let cost = p.cost_of(*c);
            ManaType::ALL
                .iter()
                .any(|&t| cost.get(t) > 0 && made.get(t) == 0)
        })
        .collect();
    let pool = if dead.is_empty() { unmade } else { dead };
    if let Some(&card) = rng.choose(&pool) {
        let _ = b.push(Order::Discard { card });
    }
}
