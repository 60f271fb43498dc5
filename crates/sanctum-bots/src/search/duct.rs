//! Decoupled UCT over one sampled world: the simultaneous turn at the root is a matrix
//! game; each side keeps its own statistics per candidate and picks by UCB1 as if the
//! other's choice were part of the environment. Each iteration plays the chosen pair of
//! candidates, then `depth` turns of the rollout policy (the heuristic plan for both
//! sides), and scores the end with the static evaluation.

use std::time::{Duration, Instant};

use sanctum_rules::Side;
use sanctum_rules::game::{GameState, Order};
use sanctum_rules::rng::GameRng;

use super::clock::Clock;
use super::value::value;
use crate::heuristic::eval::Paths;
use crate::heuristic::{Variant, plan_with};

/// One candidate's statistics: how often it was tried and the sum of its values.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Arm {
    pub visits: u32,
    pub total: f64,
}

impl Arm {
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / f64::from(self.visits)
        }
    }
}

/// When one world's search stops.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub iterations: u32,
    /// End by this instant too: an iteration starts only when one as long as the
    /// longest so far (or [`Limit::first`] before any) still ends in time.
    pub deadline: Option<Instant>,
    /// What the first iteration is expected to take.
    pub first: Duration,
}

/// The knobs of one world's search.
#[derive(Clone, Copy, Debug)]
pub struct Knobs {
    /// Turns of rollout after the searched turn.
    pub depth: u32,
    /// UCB1's exploration constant (values lie in 0..=1).
    pub exploration: f64,
}

/// The arm UCB1 picks: an untried one first (the lowest index), else the highest mean
/// plus exploration bonus (the lowest index on a tie).
fn pick(arms: &[Arm], exploration: f64) -> usize {
    if let Some(k) = arms.iter().position(|a| a.visits == 0) {
        return k;
    }
    let n: u32 = arms.iter().map(|a| a.visits).sum();
    let log_n = f64::from(n.max(1)).ln();
    let mut best = (f64::NEG_INFINITY, 0);
    for (k, a) in arms.iter().enumerate() {
        let score = a.mean() + exploration * (log_n / f64::from(a.visits)).sqrt();
        if score > best.0 {
            best = (score, k);
        }
    }
    best.1
}

/// Plays up to `depth` turns with the rollout policy for both sides.
pub fn rollout(state: &mut GameState, depth: u32, rng: &mut GameRng) {
    rollout_with(state, depth, rng, &mut Paths::default());
}

/// [`rollout`] keeping the heuristic's paths in `paths` from one call to the next.
fn rollout_with(state: &mut GameState, depth: u32, rng: &mut GameRng, paths: &mut Paths) {
    for _ in 0..depth {
        if state.outcome.is_some() {
            return;
        }
        let orders =
            [Side::Red, Side::Blue].map(|s| plan_with(state, s, rng, &Variant::default(), paths));
        if state.play_turn(&orders).is_err() {
            return;
        }
    }
}

/// Searches one world; returns the statistics of `me`'s candidates.
pub fn search(
    world: &GameState,
    me: Side,
    mine: &[Vec<Order>],
    theirs: &[Vec<Order>],
    limit: Limit,
    knobs: Knobs,
    rng: &mut GameRng,
) -> Vec<Arm> {
    let mut paths = Paths::default();
    let mut arms = [
        vec![Arm::default(); mine.len()],
        vec![Arm::default(); theirs.len()],
    ];
    let mut clock = Clock::new(limit.deadline);
    for _ in 0..limit.iterations {
        if !clock.allows(limit.first) {
            break;
        }
        let i = pick(&arms[0], knobs.exploration);
        let j = pick(&arms[1], knobs.exploration);
        let (Some(a), Some(b)) = (mine.get(i), theirs.get(j)) else {
            break;
        };
        let mut s = world.clone();
        s.rng = GameRng::from_seed(rng.next_u64());
        let orders = match me {
            Side::Red => [a.clone(), b.clone()],
            Side::Blue => [b.clone(), a.clone()],
        };
        let v = clock.step(|| match s.play_turn(&orders) {
            Ok(_) => {
                rollout_with(&mut s, knobs.depth, rng, &mut paths);
                value(&s, me)
            }
            // A candidate the world refuses (it cannot happen for our own, whose orders
            // depend on nothing hidden) loses its pull.
            Err(r) if r.side == me => 0.0,
            Err(_) => 1.0,
        });
        arms[0][i].visits += 1;
        arms[0][i].total += v;
        arms[1][j].visits += 1;
        arms[1][j].total += 1.0 - v;
    }
    let [mine_arms, _] = arms;
    mine_arms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucb_tries_every_arm_then_prefers_the_better() {
        let mut arms = vec![Arm::default(); 3];
        assert_eq!(pick(&arms, 0.5), 0);
        arms[0] = Arm {
            visits: 10,
            total: 2.0,
        };
        assert_eq!(pick(&arms, 0.5), 1);
        arms[1] = Arm {
            visits: 10,
            total: 9.0,
        };
        arms[2] = Arm {
            visits: 10,
            total: 5.0,
        };
        assert_eq!(pick(&arms, 0.5), 1);
    }
}
