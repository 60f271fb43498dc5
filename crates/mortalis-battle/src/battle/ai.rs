//! The AI decider (docs/mortalis/ai.md): one step ahead, every option
//! valued with the exact odds engine — a shot by the chance it takes its
//! target out, an attack by the chances each fighter is taken out, a Move by
//! the markers it brings within reach, the ground it gains towards markers
//! or (carrying markers) the edge, and the exact chance each enemy that
//! would see the new place takes the model out with one volley.

use mortalis_rules::odds::{self, ActionKind, Odds, Query, Situation};
use num_traits::ToPrimitive;

use super::{About, Battle, Choice, Decider, Question};
use crate::table::{Body, Place};

/// The AI decider. Stateless and deterministic.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ai;

/// The value of a model: 1, plus 1 per marker it carries.
fn worth(b: &Battle, m: usize) -> f64 {
    1.0 + f64::from(b.models[m].carried)
}

fn prob(p: &odds::Prob) -> f64 {
    p.to_f64().unwrap_or(0.0)
}

/// Chance that `shooter`, standing at `from` (having moved this round when
/// `moved`), takes out `target` standing at `at` with one volley, as the
/// odds engine computes it; 0 when it cannot shoot it.
fn threat(b: &Battle, shooter: usize, from: Place, moved: bool, target: usize, at: Place) -> f64 {
    let s = &b.models[shooter];
    let Some(weapon) = s.ranged() else { return 0.0 };
    let eye = Body { at: from, ..s.body };
    let body = Body {
        at,
        ..b.models[target].body
    };
    let sight = b
        .table
        .sight(&eye, &body, &b.others_but(&[shooter, target]));
    if !sight.visible {
        return 0.0;
    }
    let mut attacker = s.side(Some(weapon), false);
    attacker.moved = moved;
    let q = Query {
        kind: ActionKind::Shoot,
        attacker,
        defender: b.models[target].side(None, false),
        situation: Situation {
            range: Some(b.table.distance(&eye, &body).max(0.01)),
            obstacle: sight.obstacle,
            cover: sight.cover,
            ..Situation::default()
        },
    };
    match odds::odds(&q) {
        Ok(Odds::Shoot(o)) => prob(&o.out_of_action),
        _ => 0.0,
    }
}

/// Exposure of model `m` standing at `p`: the sum over enemies of the
/// exact chance each would take it out with one volley.
fn exposure(b: &Battle, m: usize, p: Place) -> f64 {
    let side = b.models[m].side;
    (0..b.models.len())
        .filter(|&e| b.models[e].on_table() && b.models[e].side != side)
        .map(|e| threat(b, e, b.models[e].body.at, false, m, p))
        .sum()
}

/// Straight distance from a place to the nearest marker on the table.
fn marker_gap(b: &Battle, at: Place) -> f64 {
    b.markers
        .iter()
        .map(|m| (m.x - at.x).hypot(m.y - at.y))
        .fold(f64::INFINITY, f64::min)
}

/// Straight distance to the nearest table edge.
fn edge_gap(b: &Battle, at: Place) -> f64 {
    let s = b.table.size;
    at.x.min(at.y).min(s - at.x).min(s - at.y)
}

impl Ai {
    /// The value of one action of the active model `m`.
    /// `here` is the model's exposure where it stands ([`exposure`]).
    fn value(&self, b: &Battle, m: usize, c: &Choice, here: f64) -> f64 {
        let me = &b.models[m];
        match *c {
            Choice::Shoot { target } => {
                match b.shot_plan(m, target).map(|p| odds::odds(&p.query)) {
                    Some(Ok(Odds::Shoot(o))) => prob(&o.out_of_action) * worth(b, target) * 1.5,
                    _ => 0.0,
                }
            }
            Choice::Attack { target } => match odds::odds(&b.melee_query(m, target).0) {
                Ok(Odds::Melee(o)) => {
                    prob(&o.defender_out) * worth(b, target) * 1.5
                        - prob(&o.attacker_out) * worth(b, m)
                }
                _ => 0.0,
            },
            Choice::PickUp { .. } => 1.2,
            Choice::Move { leave: true, .. } => 1.0 + 2.0 * f64::from(me.carried),
            Choice::Move { to, .. } => {
                let mut v = 0.0;
                let gatherer = !me.pet && !me.volunteer;
                if gatherer && !b.markers.is_empty() {
                    let (before, after) = (marker_gap(b, me.body.at), marker_gap(b, to));
                    v += 0.15 * (before - after);
                    if after <= 1.0 + me.body.radius() && !me.free_slot {
                        v += 0.6;
                    }
                }
                if me.carried > 0 {
                    v += 0.2 * f64::from(me.carried) * (edge_gap(b, me.body.at) - edge_gap(b, to));
                }
                if !gatherer || b.markers.is_empty() {
                    // Close in on the nearest enemy.
                    let near = |p: Place| {
                        b.models
                            .iter()
                            .filter(|e| e.on_table() && e.side != me.side)
                            .map(|e| (e.body.at.x - p.x).hypot(e.body.at.y - p.y))
                            .fold(f64::INFINITY, f64::min)
                    };
                    v += 0.05 * (near(me.body.at) - near(to));
                }
                // A shot still to come from the new place.
                if !me.free_slot && !me.climbed {
                    let shot = (0..b.models.len())
                        .filter(|&e| b.models[e].on_table() && b.models[e].side != me.side)
                        .filter(|&e| b.engaged_with(e).is_empty())
                        .map(|e| threat(b, m, to, true, e, b.models[e].body.at) * worth(b, e))
                        .fold(0.0, f64::max);
                    v += 1.2 * shot;
                }
                // Exposure there against here.
                v - (exposure(b, m, to) - here) * worth(b, m)
            }
            _ => 0.0,
        }
    }

    /// The model to activate: the one whose best action is worth most now,
    /// judged without moving (shots, attacks, pick-ups), else the first.
    fn activation(&self, b: &Battle, q: &Question) -> usize {
        let score = |c: &Choice| -> f64 {
            let Choice::Activate { model } = *c else {
                return 0.0;
            };
            let engaged = b.engaged_with(model);
            let fights = engaged
                .iter()
                .map(|&t| self.value(b, model, &Choice::Attack { target: t }, 0.0))
                .fold(0.0, f64::max);
            let shots = (0..b.models.len())
                .map(|t| self.value(b, model, &Choice::Shoot { target: t }, 0.0))
                .fold(0.0, f64::max);
            fights.max(shots) + 0.3 * f64::from(b.models[model].carried)
        };
        best(q, score)
    }
}

/// The index of the best-scoring option (the first on ties).
fn best(q: &Question, score: impl Fn(&Choice) -> f64) -> usize {
    let mut pick = (0, f64::NEG_INFINITY);
    for (i, c) in q.options.iter().enumerate() {
        let s = score(c);
        if s > pick.1 + 1e-12 {
            pick = (i, s);
        }
    }
    pick.0
}

impl Decider for Ai {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        Ok(match q.about {
            About::Marker => {
                let c = b.table.size / 2.0;
                best(q, |o| match o {
                    Choice::Marker { x, y } => -(x - c).hypot(y - c),
                    _ => 0.0,
                })
            }
            About::Starter => best(q, |o| {
                matches!(o, Choice::Starter { side } if *side == q.side) as u8 as f64
            }),
            About::Activate => self.activation(b, q),
            About::Action => {
                let m = b.active.unwrap_or(0);
                let here = exposure(b, m, b.models[m].body.at);
                best(q, |o| self.value(b, m, o, here))
            }
            About::Corner | About::Deploy => 0,
        })
    }
}
