//! `heuristic`: a sensible player built from rules of thumb, seeing only its view.
//!
//! Each turn it factors the order space instead of searching it: novices one by one
//! (mana in the Sanctum early, recruits later), the mana each capturable town will
//! give, each card in hand on its best legal target or kept, one discard of a card it
//! cannot use, and each group toward one goal (defend, assault, a town, rally).
//! `docs/bots.md` describes the factoring and the rules of thumb.

mod eval;
mod moves;
mod spells;

use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Order, OrderBuilder, PlayerView, TrainAs};
use sanctum_rules::mana::{Mana, ManaType};
use sanctum_rules::rng::GameRng;
use sanctum_rules::{Side, Square};

use crate::Bot;

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
        let side = view.side;
        let mut b = OrderBuilder::new(&state, side);
        train(&mut b, &state, side);
        wish_town_mana(&mut b, side);
        cast(&mut b, side);
        self.discard(&mut b, side);
        let goals = moves::goals(b.draft(), side);
        for (from, to) in moves::steps(b.draft(), side, &goals) {
            let _ = b.push(Order::Move { from, to });
        }
        b.finish()
    }
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
fn train(b: &mut OrderBuilder, state: &GameState, side: Side) {
    let home = state.field.sanctum(side);
    let raid = eval::enemies(state, side).any(|u| eval::raider(u) && u.at.manhattan(home) <= 6);
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

/// Each card in hand, dearest first, on the target its effect wants, if affordable.
fn cast(b: &mut OrderBuilder, side: Side) {
    let mut hand: Vec<CardId> = b.draft().player(side).hand.clone();
    let draft = b.draft();
    hand.sort_by_key(|c| (std::cmp::Reverse(draft.price(side, *c).total()), *c));
    for card in hand {
        let draft = b.draft();
        if !draft.player(side).mana.covers(&draft.price(side, card)) {
            continue;
        }
        if let Some(target) = spells::choose(b.draft(), side, card) {
            let _ = b.push(Order::Cast { card, target });
        }
    }
}

impl HeuristicBot {
    /// One discard: a card it never casts, else one needing a type it does not make.
    fn discard(&mut self, b: &mut OrderBuilder, side: Side) {
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
        if let Some(&card) = self.rng.choose(&pool) {
            let _ = b.push(Order::Discard { card });
        }
    }
}
