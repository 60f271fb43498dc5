//! Gear with a battle effect of its own (issue #15, slice 2): the jetpack
//! (B136, Q46), two pistols (B59, Q38), the flamer (B63, Q40) and the
//! heavy rifle's spread volley (B62, Q39). Every change of a model's place that is not a walked Move
//! goes through `Battle::relocate`, the one seam where reactions to a
//! model moving past or coming into sight can be hooked.

use geo::{Centroid, Distance, Euclidean, Point};
use mortalis_rules::equipment::Item;

use super::actions::ShotPlan;
use super::{Battle, BattleError, Choice, Event, Players};
use crate::table::{Body, Kind, Level, Place};

/// How far a jetpack flight goes (B136): the centre of the base moves at
/// most this far, measured flat.
pub const FLIGHT: f64 = 10.0;

/// How a model changed its place, for `Battle::relocate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relocation {
    /// A jetpack flight (B136): shot-from-hiding shooters may fire at it
    /// on its way.
    Flight,
    /// A push by a trick (Przemieszczenie B117, Fala Mocy B123).
    Push,
}

impl Battle {
    /// Whether model `m` may still fly with a jetpack (once a battle, B136).
    pub fn can_fly(&self, m: usize) -> bool {
        let me = &self.models[m];
        me.equipment.contains(&Item::Jetpack) && !me.flown
    }

    /// The flights model `m` is offered (B136, Q46): towards each goal a
    /// Move is offered for (markers, the object, contact with each enemy,
    /// back from the nearest, the table centre, the ways off) and onto
    /// each roof, as far as 10" goes; each
    /// landing place on the table where its base may stand (not on
    /// dangerous ground, not on another model), in its sight from where it
    /// stands now. Climbing and impassable ground are flown over.
    pub(super) fn flights(&self, m: usize) -> Vec<Choice> {
        if !self.can_fly(m) {
            return vec![];
        }
        let me = &self.models[m];
        let from = me.body.at;
        let r = me.body.radius();
        let others = self.others(m);
        let mut goals: Vec<Place> = self.move_goals(m).into_iter().map(|g| g.0).collect();
        goals.extend(
            self.table
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| matches!(p.kind, Kind::Block { .. }))
                .map(|(i, p)| {
                    let c = p
                        .footprint
                        .centroid()
                        .map_or((0.0, 0.0), |c| (c.x(), c.y()));
                    Place {
                        x: c.0,
                        y: c.1,
                        level: Level::Roof(i),
                    }
                }),
        );
        let mut out: Vec<Choice> = vec![];
        for g in goals {
            let d = (g.x - from.x).hypot(g.y - from.y);
            if d < 0.5 {
                continue;
            }
            // From as far as the flight goes back towards the start, the
            // first place it may land on.
            let mut t = d.min(FLIGHT);
            while t >= 0.5 {
                let (x, y) = (
                    from.x + (g.x - from.x) * t / d,
                    from.y + (g.y - from.y) * t / d,
                );
                let to = Place {
                    x,
                    y,
                    level: self.table.surface_at(x, y),
                };
                if self.may_land(m, to, r, &others) {
                    let dup = out.iter().any(
                        |c| matches!(c, Choice::Fly { to: o } if (o.x - x).hypot(o.y - y) < 0.05),
                    );
                    if !dup {
                        out.push(Choice::Fly { to });
                    }
                    break;
                }
                t -= 0.5;
            }
        }
        out
    }

    /// Whether model `m` may land at `to` (B136).
    fn may_land(&self, m: usize, to: Place, r: f64, others: &[Body]) -> bool {
        if self.table.can_stand(to, r).is_err() {
            return false;
        }
        let lava = self.on_dangerous(to, r);
        let overlaps = others.iter().any(|o| {
            o.at.level == to.level && (o.at.x - to.x).hypot(o.at.y - to.y) < o.radius() + r - 1e-6
        });
        if lava || overlaps {
            return false;
        }
        let me = &self.models[m];
        let there = Body { at: to, ..me.body };
        self.table.sees(&me.body, &there, others)
    }

    /// Whether a base of radius `r` at `at` touches dangerous ground.
    pub(super) fn on_dangerous(&self, at: Place, r: f64) -> bool {
        let centre = Point::new(at.x, at.y);
        self.table
            .pieces
            .iter()
            .any(|p| p.kind == Kind::Dangerous && Euclidean.distance(&p.footprint, &centre) < r)
    }

    /// The jetpack flight of model `m` to `to` (B136; Q46: a Move action,
    /// its 10" instead of the allowance, and it may end in contact). On its
    /// way, in a straight line over everything, models holding a Shot from
    /// hiding may fire at it (B136, B72: the reactions' walk, with no path
    /// round terrain and no interception).
    pub(super) fn fly(
        &mut self,
        players: &mut Players,
        m: usize,
        to: Place,
    ) -> Result<(), BattleError> {
        let before = self.engaged_with(m);
        let from = self.models[m].body.at;
        self.models[m].flown = true;
        self.take_slot(m, true);
        if let super::walk::Walked::Removed = self.walk(players, m, (to, 0.0), &[], false)? {
            return Ok(());
        }
        self.models[m].body.at = from;
        self.relocate(m, to, Relocation::Flight);
        self.mark_charged(m, &before);
        Ok(())
    }

    /// Puts model `m` at `to` and logs it: the seam every change of place
    /// other than a walked Move goes through (a flight, a push by a trick),
    /// after any reactions on the way (a flight goes through the reactions'
    /// walk first).
    pub(super) fn relocate(&mut self, m: usize, to: Place, how: Relocation) {
        let from = self.models[m].body.at;
        self.models[m].body.at = to;
        match how {
            Relocation::Flight => self.event(Event::Flew { model: m, from, to }),
            Relocation::Push => self.event(Event::Pushed { model: m, from, to }),
        }
    }
}

impl Battle {
    /// The two-pistol Shots of model `m` whose first pistol fires at `t`
    /// (B59, Q38): each pair of targets the two pistols may fire at, the
    /// same model included.
    pub(super) fn pistol_pairs(&self, m: usize, t: usize) -> Vec<Choice> {
        let Some([p1, p2]) = self.models[m].pistols() else {
            return vec![];
        };
        if self.shot_plan_by(m, t, None, Some(p1)).is_none() {
            return vec![];
        }
        (0..self.models.len())
            .filter(|&u| self.shot_plan_by(m, u, None, Some(p2)).is_some())
            .map(|second| Choice::Pistols { first: t, second })
            .collect()
    }

    /// One Shot with two pistols (B59, Q38): the first pistol's shots at
    /// the first target, then the second pistol's at the second, each its
    /// own volley with its own second-shot −1.
    pub(super) fn fire_pistols(
        &mut self,
        players: &mut Players,
        m: usize,
        targets: [usize; 2],
    ) -> Result<(), BattleError> {
        let Some(pistols) = self.models[m].pistols() else {
            return Err(BattleError::Rules("two pistols without two pistols".into()));
        };
        let plans = (0..2)
            .filter_map(|k| {
                let plan = self.shot_plan_by(m, targets[k], None, Some(pistols[k]));
                plan.map(|p| (targets[k], p))
            })
            .collect();
        self.fire_all(players, m, plans)
    }

    /// One Shot action made of several volleys (two pistols, a flamer, a
    /// spread volley), each at its own target, in order; shots at a model
    /// already removed are lost (Q37).
    fn fire_all(
        &mut self,
        players: &mut Players,
        m: usize,
        plans: Vec<(usize, ShotPlan)>,
    ) -> Result<(), BattleError> {
        self.take_slot(m, false);
        let at: Vec<_> = plans.iter().map(|(t, _)| self.models[*t].body.at).collect();
        for ((t, plan), was) in plans.into_iter().zip(at) {
            // A target removed, or gone by "Raz kozie śmierć!", is no longer
            // where the shots go (Q37; ruling "The rest of the volley").
            if self.models[t].on_table() && self.models[t].body.at == was {
                self.fire_plan(players, m, t, None, &plan)?;
            }
        }
        Ok(())
    }
}

/// The flamer's reach round its target (B63, Q40: edge to edge).
pub const FLAME_SPLASH: f64 = 3.0;

impl Battle {
    /// The models a flamer shot of `m` at `t` hits (B63; ruling Q40): the
    /// target, every model whose base the line from the shooter's centre to
    /// the target's crosses, and every model within 3" of the target, edge
    /// to edge — friends too, never the shooter. Target first, then in
    /// table order.
    pub fn flamed(&self, m: usize, t: usize) -> Vec<usize> {
        let (a, d) = (self.models[m].body, self.models[t].body);
        let line = geo::Line::new(
            geo::coord! { x: a.at.x, y: a.at.y },
            geo::coord! { x: d.at.x, y: d.at.y },
        );
        let mut out = vec![t];
        for (i, f) in self.models.iter().enumerate() {
            if i == m || i == t || !f.on_table() {
                continue;
            }
            let centre = Point::new(f.body.at.x, f.body.at.y);
            let on_line = Euclidean.distance(&line, &centre) < f.body.radius();
            if on_line || self.table.distance(&f.body, &d) <= FLAME_SPLASH {
                out.push(i);
            }
        }
        out
    }

    /// The flamer's automatic hit on model `v` from `m` (B63): the shot's
    /// query with `v` as the target, at most the flamer's 8" away (a model
    /// 3" beyond the target is reached by the flame, not by a range).
    fn flame_plan(&self, m: usize, t: usize, v: usize) -> Option<ShotPlan> {
        let mut plan = self.shot_plan_by(m, t, None, Some(Item::Flamer))?;
        let d = &self.models[v];
        plan.query.defender = d.side(None, false);
        plan.query.defender.protected = self.protected(m, v);
        let range = self.table.distance(&self.models[m].body, &d.body);
        plan.range = range.clamp(0.01, 8.0);
        plan.query.situation.range = Some(plan.range);
        Some(plan)
    }

    /// A Shot with a flamer (B63): every model it reaches tests against an
    /// automatic hit with +1 O, each with its own reactions (Tarcza
    /// ochronna, Adrenalina). Credit (Q35): the shooter, for enemies.
    pub(super) fn fire_flamer(
        &mut self,
        players: &mut Players,
        m: usize,
        t: usize,
    ) -> Result<(), BattleError> {
        let plans = self
            .flamed(m, t)
            .into_iter()
            .filter_map(|v| self.flame_plan(m, t, v).map(|p| (v, p)))
            .collect();
        self.fire_all(players, m, plans)
    }

    /// The AI's value of a flamer shot at `t`: each model reached, the
    /// chance it is taken out times its worth, own models counting against.
    pub(super) fn flamer_value(&self, m: usize, t: usize) -> f64 {
        let side = self.models[m].side;
        self.flamed(m, t)
            .into_iter()
            .filter_map(|v| {
                let plan = self.flame_plan(m, t, v)?;
                let p = super::ai::out_chance(self, &plan.query);
                let sign = if self.models[v].side == side {
                    -1.5
                } else {
                    1.0
                };
                Some(sign * p * super::ai::worth(self, v))
            })
            .sum()
    }
}

/// How far from the chosen target the heavy rifle's other shots may go (B62).
pub const SPREAD: f64 = 3.0;

impl Battle {
    /// The spread volleys of a heavy rifle fired by `m` at `t` (B62; ruling
    /// Q39: declared before rolling, each shot's target fixed, each an enemy
    /// the shooter may fire at within 3" of `t`, edge to edge): `t` first,
    /// then the others, each target's shots together — `[t, t, u]`,
    /// `[t, u, u]` and `[t, u, v]`. All three at `t` is the ordinary Shot.
    pub(super) fn spreads(&self, m: usize, t: usize) -> Vec<Choice> {
        if self.models[m].ranged() != Some(Item::HeavyRifle)
            || self
                .shot_plan_by(m, t, None, Some(Item::HeavyRifle))
                .is_none()
        {
            return vec![];
        }
        let body = self.models[t].body;
        let near: Vec<usize> = (0..self.models.len())
            .filter(|&u| u != t && self.models[u].on_table())
            .filter(|&u| self.table.distance(&self.models[u].body, &body) <= SPREAD)
            .filter(|&u| {
                self.shot_plan_by(m, u, None, Some(Item::HeavyRifle))
                    .is_some()
            })
            .collect();
        let mut out = vec![];
        for &u in &near {
            out.push(Choice::Spread { targets: [t, t, u] });
            out.push(Choice::Spread { targets: [t, u, u] });
            for &v in near.iter().filter(|&&v| v != u) {
                out.push(Choice::Spread { targets: [t, u, v] });
            }
        }
        out
    }

    /// Each target of a spread volley with its part of the volley: the
    /// number of its first shot and how many, as the odds engine takes them.
    fn volleys(&self, m: usize, targets: [usize; 3]) -> Vec<(usize, ShotPlan)> {
        let mut out: Vec<(usize, ShotPlan)> = vec![];
        let mut k = 0;
        while k < 3 {
            let t = targets[k];
            let n = targets[k..].iter().take_while(|&&u| u == t).count();
            if let Some(mut plan) = self.shot_plan_by(m, t, None, Some(Item::HeavyRifle)) {
                plan.query.attacker.volley = Some([k as u32, n as u32]);
                out.push((t, plan));
            }
            k += n;
        }
        out
    }

    /// A spread volley (B62, Q39): each target's shots played in order by
    /// the odds engine with their own numbers and modifiers.
    pub(super) fn fire_spread(
        &mut self,
        players: &mut Players,
        m: usize,
        targets: [usize; 3],
    ) -> Result<(), BattleError> {
        let volleys = self.volleys(m, targets);
        self.fire_all(players, m, volleys)
    }

    /// The AI's value of a spread volley: the chance each part takes its
    /// target out times the target's worth.
    pub(super) fn spread_value(&self, m: usize, targets: [usize; 3]) -> f64 {
        self.volleys(m, targets)
            .into_iter()
            .map(|(t, plan)| {
                let p = super::ai::out_chance(self, &plan.query);
                p * super::ai::worth(self, t)
            })
            .sum()
    }
}
