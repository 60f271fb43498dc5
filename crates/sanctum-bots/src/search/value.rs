//! The static evaluation at the end of a rollout: how good a position is for one side,
//! from 0 (lost) to 1 (won).

use sanctum_rules::game::GameState;
use sanctum_rules::{Player, Side};

use crate::heuristic::eval::{power, raider};

/// Weights of the evaluation's terms (in logistic units).
const STRUCTURE: f64 = 0.35;
const ARMY: f64 = 2.5;
const INCOME: f64 = 0.08;
const DANGER: f64 = 2.0;

/// A side's army: the square root of each group's power, summed (about linear in the
/// number of minions, so two groups count as much as one of their combined size).
fn army(state: &GameState, side: Side) -> f64 {
    state
        .units
        .iter()
        .filter(|u| u.group.owner == Player::from(side))
        .map(|u| power(&u.group).sqrt())
        .sum()
}

/// How exposed a side's Sanctum is: the enemy raiders within four squares of it
/// (nearer counts more) less its own groups within two squares, never below 0.
fn danger(state: &GameState, side: Side) -> f64 {
    let home = state.field.sanctum(side);
    let mut raid = 0.0;
    let mut guard = 0.0;
    for u in &state.units {
        let d = u.at.manhattan(home);
        if u.group.owner == Player::from(side) {
            if d <= 2 {
                guard += power(&u.group).sqrt();
            }
        } else if u.group.owner == Player::from(side.opponent()) && raider(u) && d <= 4 {
            raid += power(&u.group).sqrt() * f64::from(5 - d) / 5.0;
        }
    }
    (raid - guard).max(0.0)
}

/// The value of `state` for `me`: 1 or 0 for a game won or lost, 0.5 for a draw;
/// otherwise a logistic score of towns and colonies held, the share of fighting power,
/// the Sanctum's mana and how exposed each Sanctum is.
pub fn value(state: &GameState, me: Side) -> f64 {
    if let Some(o) = state.outcome {
        return match o.winner {
            Some(w) if w == me => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let them = me.opponent();
    let structures = state.structures_of(me) as f64 - state.structures_of(them) as f64;
    let (a, b) = (army(state, me), army(state, them));
    let scale = a + b + 1.0;
    let share = (a - b) / scale;
    let income = f64::from(state.player(me).sanctum_mana.total())
        - f64::from(state.player(them).sanctum_mana.total());
    let exposed = (danger(state, me) - danger(state, them)) / scale;
    let score = STRUCTURE * structures + ARMY * share + INCOME * income - DANGER * exposed;
    1.0 / (1.0 + (-score).exp())
}
