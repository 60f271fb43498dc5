//! Terrain the tricks add to the table during a battle, kept over the
//! table rather than in it: Bariera energetyczna (B127), a wall that blocks
//! sight and movement and may separate engaged models, and Lawa (B128), a
//! pool of burning ground that tests every model on it. Both stay to the
//! end of the battle. Sight and Moves see a barrier as a row of posts added
//! to the bodies they already avoid (`Battle::others_but`), so the path
//! search and the sight code need no change of their own.

use mortalis_rules::skills::Skill;
use serde::Serialize;

use super::ai::{out_chance, worth};
use super::{Battle, BattleError, Event, Players};
use crate::table::{Body, Level, Place};

/// A barrier's length (B127).
pub const BARRIER_LENGTH: f64 = 4.0;
/// A barrier's height (B127).
pub const BARRIER_HEIGHT: f64 = 2.0;
/// The posts a barrier is made of: bases 1" across, half an inch apart,
/// so that no straight line crosses the wall between two of them.
const POSTS: usize = 9;
/// The lava pool's radius (B128).
pub const LAVA_RADIUS: f64 = 3.0;
/// Ruling (B127): the barrier is raised this far (centre to centre) in
/// front of the enemy it is cast at, across the line to the caster.
pub const BARRIER_OFFSET: f64 = 1.5;

/// An energy barrier: a straight wall from `a` to `b` at ground level.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Barrier {
    /// One end.
    pub a: (f64, f64),
    /// The other end.
    pub b: (f64, f64),
}

impl Barrier {
    /// The posts standing for the wall, end to end.
    pub fn posts(&self) -> impl Iterator<Item = Body> + '_ {
        let r = 0.5;
        (0..POSTS).map(move |k| {
            let t = k as f64 / (POSTS - 1) as f64;
            // The end posts stand inside the wall's 4".
            let s = (r + t * (BARRIER_LENGTH - 2.0 * r)) / BARRIER_LENGTH;
            Body {
                at: Place::ground(
                    self.a.0 + s * (self.b.0 - self.a.0),
                    self.a.1 + s * (self.b.1 - self.a.1),
                ),
                base: 2.0 * r,
                height: BARRIER_HEIGHT,
            }
        })
    }

    /// Whether the straight line from `p` to `q` crosses the wall.
    fn crosses(&self, p: (f64, f64), q: (f64, f64)) -> bool {
        let side = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        };
        let d1 = side(p, q, self.a);
        let d2 = side(p, q, self.b);
        let d3 = side(self.a, self.b, p);
        let d4 = side(self.a, self.b, q);
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    }
}

impl Battle {
    /// The bodies the added terrain puts in the way of sight and Moves:
    /// every barrier's posts.
    pub(super) fn overlay_bodies(&self) -> impl Iterator<Item = Body> + '_ {
        self.barriers.iter().flat_map(|b| b.posts())
    }

    /// Whether model `a`, were it standing at `p`, and model `b` where it
    /// stands cannot be engaged whatever the distance (B127: a barrier
    /// between them; B128: one of them on the lava, which is treated as
    /// having left the fight — the rulebook's reading).
    pub(super) fn apart_at(&self, a: usize, p: Place, b: usize) -> bool {
        if self.barriers.is_empty() && self.lava.is_empty() {
            return false;
        }
        let q = self.models[b].body.at;
        let a_on_lava = {
            let body = Body {
                at: p,
                ..self.models[a].body
            };
            // As `on_lava`: a model off the table stands on no pool.
            self.models[a].on_table() && self.lava.iter().any(|&pool| Self::body_under(&body, pool))
        };
        self.barriers
            .iter()
            .any(|w| w.crosses((p.x, p.y), (q.x, q.y)))
            || a_on_lava
            || self.on_lava(b)
    }

    /// Whether some part of model `m`'s base is on a lava pool (ground
    /// level only: the pool is burning ground, B128).
    pub fn on_lava(&self, m: usize) -> bool {
        self.lava.iter().any(|&pool| self.under(m, pool))
    }

    /// Whether some part of model `m`'s base is on the pool centred at
    /// `(x, y)`, on the ground.
    fn under(&self, m: usize, pool: (f64, f64)) -> bool {
        self.models[m].on_table() && Self::body_under(&self.models[m].body, pool)
    }

    /// Whether some part of `body` is on the pool centred at `(x, y)`, on
    /// the ground.
    fn body_under(body: &Body, (x, y): (f64, f64)) -> bool {
        body.at.level == Level::Ground
            && (body.at.x - x).hypot(body.at.y - y) < LAVA_RADIUS + body.radius()
    }

    /// Ruling (B127: where the wall goes). Cast at enemy `t`: the wall's
    /// middle stands 1.5" in front of it on the line to caster `m`, the
    /// wall across that line, so that it stands between them. Offered when
    /// the middle is within 16" of the caster (centre) and the caster sees
    /// `t` (the wall is placed in sight), every post can stand on the
    /// ground and no model's base touches the wall.
    pub(super) fn barrier_for(&self, m: usize, t: usize) -> Option<Barrier> {
        let (me, v) = (&self.models[m], &self.models[t]);
        let (dx, dy) = (me.body.at.x - v.body.at.x, me.body.at.y - v.body.at.y);
        let d = dx.hypot(dy);
        if d < 2.0 * BARRIER_OFFSET {
            return None;
        }
        let (ux, uy) = (dx / d, dy / d);
        let c = (
            v.body.at.x + BARRIER_OFFSET * ux,
            v.body.at.y + BARRIER_OFFSET * uy,
        );
        if (c.0 - me.body.at.x).hypot(c.1 - me.body.at.y) > 16.0 {
            return None;
        }
        let h = BARRIER_LENGTH / 2.0;
        let wall = Barrier {
            a: (c.0 - h * uy, c.1 + h * ux),
            b: (c.0 + h * uy, c.1 - h * ux),
        };
        let free = wall.posts().all(|p| {
            self.table.can_stand(p.at, p.radius()).is_ok()
                && self.table.surface_at(p.at.x, p.at.y) == Level::Ground
                && self
                    .models
                    .iter()
                    .all(|o| !o.on_table() || self.table.distance(&o.body, &p) > 0.0)
        });
        free.then_some(wall)
    }

    /// Ruling (B128, Q49: sight not needed): cast at enemy `t`, the pool is
    /// centred on it, when it stands on the ground and its centre is within
    /// 14" of the caster (from the caster's base).
    pub(super) fn lava_for(&self, m: usize, t: usize) -> Option<(f64, f64)> {
        let (me, v) = (&self.models[m], &self.models[t]);
        let far = (v.body.at.x - me.body.at.x).hypot(v.body.at.y - me.body.at.y) - me.body.radius();
        (v.body.at.level == Level::Ground && far <= 14.0).then_some((v.body.at.x, v.body.at.y))
    }

    /// Bariera energetyczna (B127): the wall stands to the end of the
    /// battle; engaged models it separates are engaged no more.
    pub(super) fn raise_barrier(&mut self, m: usize, t: usize) {
        if let Some(w) = self.barrier_for(m, t) {
            self.barriers.push(w);
            self.event(Event::Terrain {
                trick: Skill::EnergyBarrier,
                x: (w.a.0 + w.b.0) / 2.0,
                y: (w.a.1 + w.b.1) / 2.0,
            });
        }
    }

    /// Lawa (B128): the pool stays to the end; every model on it tests at
    /// once (and every model that comes onto it later, `lava_check`).
    pub(super) fn pour_lava(
        &mut self,
        players: &mut Players,
        m: usize,
        t: usize,
    ) -> Result<(), BattleError> {
        let Some((x, y)) = self.lava_for(m, t) else {
            return Ok(());
        };
        self.lava.push((x, y));
        self.event(Event::Terrain {
            trick: Skill::Lava,
            x,
            y,
        });
        // Every model under the new pool tests, even one on another pool.
        let under: Vec<usize> = (0..self.models.len())
            .filter(|&i| self.under(i, (x, y)))
            .collect();
        self.burned.retain(|i| !under.contains(i));
        self.lava_check(players, Some(m))
    }

    /// Ruling (Q49): a model tests when the pool appears under it and each
    /// time it comes onto a pool (checked after every action, whatever
    /// moved it: a Move ending on it, a push, a flight, a leap); it does
    /// not test again while it stays on. The test is the one a frag
    /// grenade's hit makes (the odds engine's automatic hit, B133): failed,
    /// the model is removed; `by` (the caster) gets the credit for enemies.
    pub(super) fn lava_check(
        &mut self,
        players: &mut Players,
        by: Option<usize>,
    ) -> Result<(), BattleError> {
        if self.lava.is_empty() {
            return Ok(());
        }
        let on: Vec<usize> = (0..self.models.len())
            .filter(|&i| self.models[i].on_table() && self.on_lava(i))
            .collect();
        self.burned.retain(|i| on.contains(i));
        for t in on {
            if self.burned.contains(&t) {
                continue;
            }
            self.burned.push(t);
            let credit = by.filter(|&c| self.models[c].side != self.models[t].side);
            self.burn(players, t, credit)?;
        }
        Ok(())
    }

    /// Lava along a walked Move (B128; ruling Q49 "each time it comes onto
    /// a pool"): each pool the way `walked` (start first) came onto part way
    /// and the model does not end on — not one it started on — is one test
    /// now, as a pool's; one it ends on is tested after the action
    /// ([`Battle::lava_check`]). Only stretches on the ground cross a pool.
    pub(super) fn lava_along(
        &mut self,
        players: &mut Players,
        m: usize,
        walked: &[Place],
    ) -> Result<(), BattleError> {
        let (Some(&start), Some(&end)) = (walked.first(), walked.last()) else {
            return Ok(());
        };
        let r = self.models[m].body.radius();
        let on = |p: Place, (x, y): (f64, f64)| {
            p.level == Level::Ground && (p.x - x).hypot(p.y - y) < LAVA_RADIUS + r
        };
        let crossed: Vec<(f64, f64)> = (self.lava.iter().copied())
            .filter(|&pool| !on(start, pool) && !on(end, pool))
            .filter(|&pool| {
                walked.windows(2).any(|pair| {
                    pair[0].level == Level::Ground
                        && pair[1].level == Level::Ground
                        && super::skills::along((pair[0], pair[1]), pool).1 < LAVA_RADIUS + r
                })
            })
            .collect();
        for _ in crossed {
            if !self.models[m].on_table() {
                break;
            }
            self.burn(players, m, None)?;
        }
        Ok(())
    }

    /// What a Move of `m` to `to` risks on lava, for the AI: for each pool
    /// the base would come onto — where the Move ends, or on the straight
    /// line there (the AI's estimate of the way; the rule follows the exact
    /// path, [`Battle::lava_along`]) — and not one it stands on now, the
    /// exact chance the pool's test takes it out, times its worth.
    pub(super) fn lava_risk(&self, m: usize, to: Place) -> f64 {
        let from = self.models[m].body.at;
        if self.lava.is_empty() || to.level != Level::Ground || from.level != Level::Ground {
            return 0.0;
        }
        let r = self.models[m].body.radius();
        let fresh = (self.lava.iter().copied())
            .filter(|&pool| super::skills::along((from, to), pool).1 < LAVA_RADIUS + r)
            .filter(|&pool| !self.under(m, pool))
            .count();
        if fresh == 0 {
            return 0.0;
        }
        let hit = self.hazard_value(m, super::pushes::Hazard::Dangerous);
        hit * fresh as f64
    }

    /// The AI's value of a barrier cast at `t`: cutting the sight of an
    /// enemy that could still shoot at the caster's side.
    pub(super) fn barrier_value(&self, m: usize, t: usize) -> f64 {
        let v = &self.models[t];
        let shooter = v.ranged().is_some() && !v.free_slot;
        if shooter && self.barrier_for(m, t).is_some() {
            0.2 + 0.2 * worth(self, t)
        } else {
            -1.0
        }
    }

    /// The AI's value of a pool cast at `t`: the exact chance of taking out
    /// each model it would catch, enemies counted for, friends against.
    pub(super) fn lava_value(&self, m: usize, t: usize) -> f64 {
        let Some((x, y)) = self.lava_for(m, t) else {
            return -1.0;
        };
        let side = self.models[m].side;
        (0..self.models.len())
            .filter(|&i| self.under(i, (x, y)))
            .map(|i| {
                let sign = if self.models[i].side == side {
                    -1.5
                } else {
                    1.0
                };
                sign * out_chance(self, &self.frag_query(i)) * worth(self, i)
            })
            .sum()
    }
}
